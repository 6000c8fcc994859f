//! `arbiter check <FILE.pgn|->`: replays every game of a PGN file and prints, per game, one JSON
//! line `{"game":1,"moves":83,"result":"1-0","error":null}` (or with
//! `"error":{"ply":17,"san":"Nxe5","reason":"illegal","detail":"...","line":412}`, `line` the
//! 1-based line of the file where the move, the `FEN` tag or the fault stands), then a summary line
//! `{"games":N,"ok":N,"errors":N}`. `reason` is `illegal`, `ambiguous`, `unreadable`, `setup`
//! (a `[FEN]` no game can reach, at ply 0) or `syntax` (the text is not well-formed PGN there:
//! an unbalanced bracket, a bad NAG, an overlong token, no termination marker).
//!
//! Exit status: 0 when the whole input was read, whatever the games hold; 1 when it holds no
//! game at all (an empty file, or one of other data: it is not PGN); 2 when it could not be
//! read. The file is read in fixed-size chunks, so memory stays constant whatever its size.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use std::collections::VecDeque;
use std::ops::ControlFlow;

use arbiter_core::pgn::{
    GameChecker, GameReport, GameResult, MoveError, PgnReader, Reason, SyntaxError, Visitor,
};
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
        Ok(summary) if summary.games == 0 => {
            let _ = out.flush();
            eprintln!(
                "arbiter check: {name} holds no PGN game (no tag, no move): is it a PGN file?"
            );
            Ok(ExitCode::from(1))
        }
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
    let mut checker = Lined::new();
    let mut summary = Summary::default();
    let mut buffer = vec![0u8; CHUNK];
    loop {
        let len = match input.read(&mut buffer) {
            Ok(0) => break,
            Ok(len) => len,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(CheckFailure::Input(error)),
        };
        // The whole chunk at once: the reader tells the line of each move, tag and game end
        // (feeding it line by line to know them cost a fifth of the time).
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
    checker: &mut Lined,
    summary: &mut Summary,
    out: &mut impl Write,
) -> Result<(), CheckFailure> {
    while let Some((report, line)) = checker.reports.pop_front() {
        summary.games += 1;
        if report.error.is_some() {
            summary.errors += 1;
        } else {
            summary.ok += 1;
        }
        write_report(&report, line, out).map_err(CheckFailure::Output)?;
    }
    Ok(())
}

/// A game's line of output: the core's report, its error with the line beside it; fields in
/// the documented order.
#[derive(Serialize)]
struct ReportLine<'a> {
    game: u64,
    moves: u32,
    result: &'a Option<String>,
    error: Option<ErrorLine<'a>>,
}

#[derive(Serialize)]
struct ErrorLine<'a> {
    #[serde(flatten)]
    error: &'a MoveError,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
}

fn write_report(report: &GameReport, line: Option<u64>, out: &mut impl Write) -> io::Result<()> {
    let shown = ReportLine {
        game: report.game,
        moves: report.moves,
        result: &report.result,
        error: report.error.as_ref().map(|error| ErrorLine { error, line }),
    };
    serde_json::to_writer(&mut *out, &shown)?;
    out.write_all(b"\n")
}

/// The core's [`GameChecker`], with the line of the file each of its moves stands on, so a
/// report's error says where to look (`ply` alone sent a person counting moves by hand).
struct Lined {
    checker: GameChecker,
    /// The line where the reader stands, 1-based, as it last told.
    line: u64,
    /// The line of the main-line move the replay stopped at, once it stopped: the only move
    /// whose line a report can name (one line kept a game, not one a move).
    stop_line: Option<u64>,
    /// The line of the game's `FEN` tag.
    fen_line: Option<u64>,
    /// The line of the game's first fault of syntax.
    syntax_line: Option<u64>,
    /// How deep in variations the reader is.
    depth: u32,
    /// The reports of the games read, with their error's line.
    reports: VecDeque<(GameReport, Option<u64>)>,
}

impl Lined {
    fn new() -> Lined {
        Lined {
            checker: GameChecker::new(),
            line: 1,
            stop_line: None,
            fen_line: None,
            syntax_line: None,
            depth: 0,
            reports: VecDeque::new(),
        }
    }
}

impl Visitor for Lined {
    fn wants_lines(&self) -> bool {
        true
    }

    fn line(&mut self, line: u64) {
        self.line = line;
    }

    fn begin_game(&mut self) {
        self.stop_line = None;
        self.fen_line = None;
        self.syntax_line = None;
        self.depth = 0;
        self.checker.begin_game();
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        if name == b"FEN" {
            self.fen_line = Some(self.line);
        }
        self.checker.tag(name, value);
    }

    fn begin_movetext(&mut self) -> ControlFlow<()> {
        self.checker.begin_movetext()
    }

    fn san(&mut self, san: &[u8]) -> ControlFlow<()> {
        let flow = self.checker.san(san);
        if flow.is_break() && self.depth == 0 && self.stop_line.is_none() {
            self.stop_line = Some(self.line);
        }
        flow
    }

    fn nag(&mut self, nag: u8) {
        self.checker.nag(nag);
    }

    fn comment(&mut self, text: &[u8]) {
        self.checker.comment(text);
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        let flow = self.checker.begin_variation();
        if flow.is_continue() {
            self.depth += 1;
        }
        flow
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        self.checker.end_variation();
    }

    fn result(&mut self, result: GameResult) {
        self.checker.result(result);
    }

    fn syntax_error(&mut self, error: SyntaxError) {
        self.syntax_line.get_or_insert(error.line);
        self.checker.syntax_error(error);
    }

    fn end_game(&mut self) {
        self.checker.end_game();
        while let Some(report) = self.checker.poll_report() {
            let line = report.error.as_ref().map(|e| match e.reason {
                Reason::Syntax => self.syntax_line.unwrap_or(self.line),
                Reason::Setup => self.fen_line.unwrap_or(self.line),
                // A move's error is found when that move is replayed, which stops the replay.
                _ => self.stop_line.unwrap_or(self.line),
            });
            self.reports.push_back((report, line));
        }
    }
}
