//! `arbiter perft <FEN|startpos> <DEPTH> [--divide]`.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_core::movegen;

use crate::input;

/// The deepest count asked for. The initial position's tree has about 6.9e13 leaves at depth
/// 10, days of counting; a deeper one is a slip of the keyboard, refused before any work starts
/// rather than run until it is killed.
pub const MAX_DEPTH: u32 = 10;

/// Count the legal move tree's leaves to DEPTH plies.
#[derive(clap::Args)]
pub struct Args {
    /// The position: a FEN (quote it) or `startpos`.
    pub fen: String,
    /// Depth in plies, at most 10.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_DEPTH)))]
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
