//! `arbiter replay FILE.jsonl`: replays an event log and prints every ruling, then the final
//! state, one JSON value per line. With `--pgn`, prints the game as PGN with `[%clk]` instead.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_core::arbiter::{EventLog, Game};
use arbiter_core::clock::Timestamp;

/// Replay an event log.
#[derive(clap::Args)]
pub struct Args {
    /// The log (JSON Lines, header first), or `-` for stdin.
    pub file: String,
    /// Print the game as PGN instead of rulings and state.
    #[arg(long)]
    pub pgn: bool,
}

/// The text of a log file, or of stdin for `-`.
pub fn read(file: &str) -> anyhow::Result<String> {
    if file == "-" {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .context("reading stdin")?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).with_context(|| format!("reading {file}"))
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = read(&args.file)?;
    let log =
        EventLog::from_jsonl(&text).with_context(|| format!("reading the log {}", args.file))?;
    let game = Game::replay(&log)?;
    let mut out = io::stdout().lock();
    if args.pgn {
        write!(out, "{}", game.to_pgn())?;
        return Ok(ExitCode::SUCCESS);
    }
    for ruling in game.rulings() {
        writeln!(out, "{}", serde_json::to_string(ruling)?)?;
    }
    let end = log.events().last().map_or(Timestamp(0), |e| e.at);
    writeln!(out, "{}", serde_json::to_string(&game.state(end))?)?;
    Ok(ExitCode::SUCCESS)
}
