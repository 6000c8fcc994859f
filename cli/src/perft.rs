//! `arbiter perft <FEN|startpos> <DEPTH> [--divide]`.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_core::movegen;

use crate::input;

/// Count the legal move tree's leaves to DEPTH plies.
#[derive(clap::Args)]
pub struct Args {
    /// The position: a FEN (quote it) or `startpos`.
    pub fen: String,
    /// Depth in plies.
    pub depth: u32,
    /// Print each legal move with the count below it first (`e2e4 20`), then the total.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = input::position(&args.fen).with_context(|| format!("bad FEN '{}'", args.fen))?;
    let mut out = io::stdout().lock();
    let total = if args.divide {
        let mut split = movegen::perft_divide(pos.board(), args.depth);
        split.sort_by_key(|(mv, _)| mv.to_string());
        for (mv, nodes) in &split {
            writeln!(out, "{mv} {nodes}")?;
        }
        if args.depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        }
    } else {
        pos.perft(args.depth)
    };
    writeln!(out, "{total}")?;
    Ok(ExitCode::SUCCESS)
}
