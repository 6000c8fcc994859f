//! `arbiter`: the command-line face of the core. Reads arguments, files and stdin, calls
//! `arbiter-core`, prints plain text or JSON lines. One module per subcommand.
//!
//! Exit codes: 0 when the input was read (whatever it held; bad items are reported in the
//! output), 2 when it could not be read or the arguments are wrong.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod check;
mod export;
mod input;
mod moves;
mod perft;
mod replay;
mod status;

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "FIDE Laws of Chess tools: move generation, notation, game checks"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (perft); the last line printed is the count.
    Perft(perft::Args),
    /// List the legal moves of each position as JSON lines, in UCI and SAN.
    Moves(moves::Args),
    /// Report check, checkmate, stalemate, move count and whether each side can still mate.
    Status(status::Args),
    /// Replay each game of a PGN file (or `-`): one JSON line per game, then a summary.
    Check(check::Args),
    /// Replay an event log (JSON Lines): every ruling, then the final state, as JSON lines.
    Replay(replay::Args),
    /// Write the score of an event log's game: Braille-ready (`--brf`) or PGN (`--pgn`).
    Export(export::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Status(args) => status::run(args),
        Command::Check(args) => check::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Export(args) => export::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("arbiter: {err:#}");
            ExitCode::from(2)
        }
    }
}
