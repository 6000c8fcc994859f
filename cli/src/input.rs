//! Positions given on the command line: one FEN (or `startpos`) as an argument, or `-` for one
//! per line on stdin.

use std::io::{self, BufRead};

use anyhow::Context;
use arbiter_core::Position;
use arbiter_core::fen::FenError;

/// Reads `text` as a position: `startpos` or a FEN.
pub fn position(text: &str) -> Result<Position, FenError> {
    if text.trim() == "startpos" {
        Ok(Position::startpos())
    } else {
        Position::from_fen(text)
    }
}

/// Calls `each` with every position text of a batch: the argument itself, or each non-empty
/// line of stdin when the argument is `-`. Lines are streamed, so batches of any size work.
pub fn for_each_fen(
    arg: &str,
    mut each: impl FnMut(&str) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if arg != "-" {
        return each(arg.trim());
    }
    let stdin = io::stdin().lock();
    for line in stdin.lines() {
        let line = line.context("reading FENs from stdin")?;
        let text = line.trim();
        if !text.is_empty() {
            each(text)?;
        }
    }
    Ok(())
}
