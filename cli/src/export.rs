//! `arbiter export --brf|--pgn LOG.jsonl`: replays an event log and writes the game's score,
//! as a Braille-ready file for a visually impaired player (2005 App. F2.5 / 2023 App. D.2.7)
//! or as PGN with `[%clk]`: the core's export, as the board bridge serves it, dated by the day
//! the game began when the log's lines carry their wall-clock time.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_core::arbiter::{Game, LogRecord, brf, pgn_date};
use arbiter_core::pgn::Tags;

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
    let record =
        LogRecord::from_jsonl(&text).with_context(|| format!("reading the log {}", args.file))?;
    let game = Game::replay(&record.to_event_log())?;
    let mut out = io::stdout().lock();
    if args.brf {
        out.write_all(brf(&game).as_bytes())?;
    } else {
        write!(out, "{}", pgn(&record, &game))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The game replayed from `record` as PGN: the core's export, with the Date of the day the
/// game began when the log knows it.
pub fn pgn(record: &LogRecord, game: &Game) -> String {
    let mut tags = Tags::new();
    if let Some(ms) = record.began_unix_ms() {
        tags.set("Date", pgn_date(ms));
    }
    game.to_pgn_tagged(tags)
}
