//! The end-to-end peer of `arbiter check`: the same job done with pgn-reader + shakmaty (GPL,
//! dev-dependencies only; this example is never shipped). It reads a PGN file, replays each
//! game's main line, and prints one JSON line per game in the shape `arbiter check` prints
//! (`{"game":1,"moves":83,"result":"1-0","error":null}`, or an error with `ply`, `san`,
//! `reason` and `detail`), then the summary line `{"games":N,"ok":N,"errors":N}`.
//!
//! `cargo xtask bench pgn` times it beside the `arbiter` binary on the same file.
//!
//! Run: `cargo run --release -p arbiter-core --example check_peer -- FILE.pgn`

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use pgn_reader::{Outcome, RawTag, Reader, SanPlus, Visitor};
use serde::Serialize;
use shakmaty::san::{San, SanError};
use shakmaty::{CastlingMode, Chess, Move, Position, Role, fen::Fen};

#[derive(Serialize)]
struct MoveError {
    ply: u32,
    san: String,
    reason: &'static str,
    detail: String,
}

#[derive(Serialize)]
struct GameLine {
    game: u64,
    moves: u32,
    result: Option<String>,
    error: Option<MoveError>,
}

#[derive(Serialize)]
struct Summary {
    games: u64,
    ok: u64,
    errors: u64,
}

#[derive(Default)]
struct Tags {
    result: Option<String>,
    setup: Option<Result<Chess, String>>,
}

struct Line {
    pos: Chess,
    moves: u32,
    result: Option<String>,
    marker: Option<&'static str>,
    error: Option<MoveError>,
}

struct Checker {
    games: u64,
}

impl Visitor for Checker {
    type Tags = Tags;
    type Movetext = Line;
    type Output = GameLine;

    fn begin_tags(&mut self) -> ControlFlow<GameLine, Tags> {
        self.games += 1;
        ControlFlow::Continue(Tags::default())
    }

    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<GameLine> {
        match name {
            b"Result" => tags.result = Some(value.decode_utf8_lossy().into_owned()),
            b"FEN" => {
                let setup = Fen::from_ascii(value.as_bytes())
                    .map_err(|e| e.to_string())
                    .and_then(|fen| {
                        fen.into_position(CastlingMode::Standard)
                            .map_err(|e| e.to_string())
                    })
                    .map_err(|detail| format!("{}: {detail}", value.decode_utf8_lossy()));
                tags.setup = Some(setup);
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<GameLine, Line> {
        let mut line = Line {
            pos: Chess::default(),
            moves: 0,
            result: tags.result,
            marker: None,
            error: None,
        };
        match tags.setup {
            Some(Ok(pos)) => line.pos = pos,
            Some(Err(detail)) => {
                let san = detail.split(": ").next().unwrap_or_default().to_owned();
                line.error = Some(MoveError {
                    ply: 0,
                    san,
                    reason: "setup",
                    detail,
                });
            }
            None => {}
        }
        ControlFlow::Continue(line)
    }

    fn san(&mut self, line: &mut Line, san_plus: SanPlus) -> ControlFlow<GameLine> {
        if line.error.is_some() {
            return ControlFlow::Continue(());
        }
        match lenient_move(&san_plus.san, &line.pos) {
            Ok(mv) => {
                line.pos.play_unchecked(mv);
                line.moves += 1;
            }
            Err(error) => {
                let reason = match error {
                    SanError::AmbiguousSan => "ambiguous",
                    SanError::IllegalSan => "illegal",
                };
                line.error = Some(MoveError {
                    ply: line.moves + 1,
                    san: san_plus.to_string(),
                    reason,
                    detail: error.to_string(),
                });
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, line: &mut Line, outcome: Outcome) -> ControlFlow<GameLine> {
        line.marker = Some(outcome.as_str());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, line: Line) -> GameLine {
        GameLine {
            game: self.games,
            moves: line.moves,
            result: line.result.or(line.marker.map(str::to_owned)),
            error: line.error,
        }
    }
}

/// App. E lets a scoresheet omit the `x` of a capture or write one where nothing is taken, as
/// `arbiter check` accepts; shakmaty insists on the right mark, so the other form is tried
/// after the exact one failed (well-written games never pay for it).
fn lenient_move(san: &San, pos: &Chess) -> Result<Move, SanError> {
    san.to_move(pos).or_else(|error| match *san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } if role != Role::Pawn || file.is_some() => San::Normal {
            role,
            file,
            rank,
            capture: !capture,
            to,
            promotion,
        }
        .to_move(pos)
        .map_err(|_| error),
        _ => Err(error),
    })
}

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: check_peer FILE.pgn");
        return ExitCode::from(2);
    };
    let file = match File::open(&path) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("check_peer: {error}");
            return ExitCode::from(2);
        }
    };
    match run(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("check_peer: {error}");
            ExitCode::from(2)
        }
    }
}

fn run(file: File) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut reader = Reader::new(file);
    let mut checker = Checker { games: 0 };
    let mut summary = Summary {
        games: 0,
        ok: 0,
        errors: 0,
    };
    while let Some(line) = reader.read_game(&mut checker)? {
        summary.games += 1;
        if line.error.is_some() {
            summary.errors += 1;
        } else {
            summary.ok += 1;
        }
        serde_json::to_writer(&mut out, &line)?;
        out.write_all(b"\n")?;
    }
    serde_json::to_writer(&mut out, &summary)?;
    out.write_all(b"\n")?;
    out.flush()
}
