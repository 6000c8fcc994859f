//! `arbiter check <FILE.pgn|->`: replays every game of a PGN file and prints, per game, one JSON
//! line `{"game":1,"moves":83,"result":"1-0","error":null}` (or with
//! `"error":{"ply":17,"san":"Nxe5","reason":"illegal","detail":"..."}`), then a summary line
//! `{"games":N,"ok":N,"errors":N}`. `reason` is `illegal`, `ambiguous`, `unreadable`, `setup`
//! (a `[FEN]` no game can reach, at ply 0) or `syntax` (the text is not well-formed PGN there:
//! an unbalanced bracket, a bad NAG, an overlong token, no termination marker).
//!
//! Exit status: 0 when the whole input was read, whatever the games hold; 2 when it could not be
//! read. The file is read in fixed-size chunks, so memory stays constant whatever its size.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_core::pgn::{GameChecker, GameReport, PgnReader};
use serde::Serialize;

/// Size of each read; also the most the reader holds beyond one unfinished token.
const CHUNK: usize = 64 * 1024;

/// Replay every game of a PGN file and report its first bad move.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The PGN file to check, or `-` to read standard input.
    pub file: PathBuf,
}

/// Totals for the summary line; fields print in this order.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Games read.
    pub games: u64,
    /// Games replayed to their end.
    pub ok: u64,
    /// Games with an illegal, ambiguous or unreadable move, a bad setup, or a syntax fault.
    pub errors: u64,
}

/// Why checking stopped early.
#[derive(Debug)]
pub enum CheckFailure {
    /// The input could not be read (exit status 2).
    Input(io::Error),
    /// The results could not be written (e.g. a closed pipe).
    Output(io::Error),
}

/// Runs the command: exit status 0 when the input was read, 2 when it could not be.
///
/// # Errors
/// When the results cannot be written (a closed pipe is not an error).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let name = args.file.display();
    let input: Box<dyn Read> = if args.file.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        match File::open(&args.file) {
            Ok(file) => Box::new(file),
            Err(error) => {
                eprintln!("arbiter check: cannot read {name}: {error}");
                return Ok(ExitCode::from(2));
            }
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    match check_stream(input, &mut out) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(CheckFailure::Input(error)) => {
            let _ = out.flush();
            eprintln!("arbiter check: cannot read {name}: {error}");
            Ok(ExitCode::from(2))
        }
        Err(CheckFailure::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            Ok(ExitCode::SUCCESS)
        }
        Err(CheckFailure::Output(error)) => {
            Err(anyhow::Error::new(error).context("writing the results of check"))
        }
    }
}

/// Checks every game of `input`, writing one JSON line per game and the summary line to `out`.
///
/// # Errors
/// [`CheckFailure::Input`] when reading fails (the lines of the games finished before that are
/// written); [`CheckFailure::Output`] when writing fails.
pub fn check_stream(mut input: impl Read, out: &mut impl Write) -> Result<Summary, CheckFailure> {
    let mut reader = PgnReader::new();
    let mut checker = GameChecker::new();
    let mut summary = Summary::default();
    let mut buffer = vec![0u8; CHUNK];
    loop {
        let len = match input.read(&mut buffer) {
            Ok(0) => break,
            Ok(len) => len,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(CheckFailure::Input(error)),
        };
        reader.feed(&buffer[..len], &mut checker);
        write_reports(&mut checker, &mut summary, out)?;
    }
    reader.finish(&mut checker);
    write_reports(&mut checker, &mut summary, out)?;
    serde_json::to_writer(&mut *out, &summary)
        .map_err(io::Error::from)
        .and_then(|()| out.write_all(b"\n"))
        .map_err(CheckFailure::Output)?;
    out.flush().map_err(CheckFailure::Output)?;
    Ok(summary)
}

fn write_reports(
    checker: &mut GameChecker,
    summary: &mut Summary,
    out: &mut impl Write,
) -> Result<(), CheckFailure> {
    while let Some(report) = checker.poll_report() {
        summary.games += 1;
        if report.error.is_some() {
            summary.errors += 1;
        } else {
            summary.ok += 1;
        }
        write_report(&report, out).map_err(CheckFailure::Output)?;
    }
    Ok(())
}

fn write_report(report: &GameReport, out: &mut impl Write) -> io::Result<()> {
    serde_json::to_writer(&mut *out, report)?;
    out.write_all(b"\n")
}
