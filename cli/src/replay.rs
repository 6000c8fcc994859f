//! `arbiter replay FILE.jsonl`: replays an event log and prints every ruling, then the final
//! state, one JSON value per line. With `--pgn`, prints the game as PGN with `[%clk]` instead.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use anyhow::Context;
use arbiter_core::arbiter::{Game, LogRecord};
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

/// The 1-based line of `text` that holds the event numbered `index` (from 0): the log's lines
/// that are not blank are its header, then one event each.
fn event_line(text: &str, index: usize) -> Option<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .nth(index + 1)
        .map(|(i, _)| i + 1)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = read(&args.file)?;
    let record =
        LogRecord::from_jsonl(&text).with_context(|| format!("reading the log {}", args.file))?;
    let log = record.to_event_log();
    let game = Game::replay(&log).map_err(|e| match e.index {
        // The event's own line beside its number, as an editor shows the file.
        Some(index) => match event_line(&text, index) {
            Some(line) => anyhow::anyhow!("{}: line {line}: {e}", args.file),
            None => anyhow::Error::new(e),
        },
        None => anyhow::Error::new(e),
    })?;
    let mut out = io::stdout().lock();
    if args.pgn {
        write!(out, "{}", crate::export::pgn(&record, &game))?;
        return Ok(ExitCode::SUCCESS);
    }
    for ruling in game.rulings() {
        writeln!(out, "{}", serde_json::to_string(ruling)?)?;
    }
    let end = log.events().last().map_or(Timestamp(0), |e| e.at);
    writeln!(out, "{}", serde_json::to_string(&game.state(end))?)?;
    Ok(ExitCode::SUCCESS)
}
