//! `arbiter export --brf|--pgn LOG.jsonl`: replays an event log and writes the game's score,
//! as a Braille-ready file for a visually impaired player (2005 App. F2.5 / 2023 App. D.2.7)
//! or as PGN with `[%clk]`.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_core::arbiter::{EventLog, Game, brf};

/// Export a game's score.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("format").required(true).args(["brf", "pgn"])))]
pub struct Args {
    /// The log (JSON Lines, header first), or `-` for stdin.
    pub file: String,
    /// North American Braille ASCII, 40 cells by 25 lines (a `.brf` file).
    #[arg(long)]
    pub brf: bool,
    /// PGN with `[%clk]` after each move.
    #[arg(long)]
    pub pgn: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = crate::replay::read(&args.file)?;
    let log =
        EventLog::from_jsonl(&text).with_context(|| format!("reading the log {}", args.file))?;
    let game = Game::replay(&log)?;
    let mut out = io::stdout().lock();
    if args.brf {
        out.write_all(brf(&game).as_bytes())?;
    } else {
        write!(out, "{}", game.to_pgn())?;
    }
    Ok(ExitCode::SUCCESS)
}
