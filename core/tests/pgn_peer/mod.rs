//! The peer replayer, pgn-reader + shakmaty (GPL, dev-dependencies only): the oracle of the
//! PGN differential test and the peer of the PGN benchmark, written once so both compare
//! against the same thing.

#![allow(dead_code)]

use std::io;
use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Move, Position, Role, fen::Fen, san::San};

/// Replays the main line of each game; per game: plies replayed, and whether a move (or the
/// FEN tag) could not be.
pub struct Replay;

pub struct Line {
    pos: Chess,
    plies: u32,
    failed: bool,
}

impl Visitor for Replay {
    type Tags = Option<Chess>;
    type Movetext = Line;
    type Output = (u32, bool);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Standard).ok());
            match pos {
                Some(pos) => *tags = Some(pos),
                None => return ControlFlow::Break((0, true)),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Line {
            pos: tags.unwrap_or_default(),
            plies: 0,
            failed: false,
        })
    }

    fn san(&mut self, line: &mut Line, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if line.failed {
            return ControlFlow::Continue(());
        }
        match lenient_move(&san_plus.san, &line.pos) {
            Some(mv) => {
                line.pos.play_unchecked(mv);
                line.plies += 1;
            }
            None => line.failed = true,
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _line: &mut Line) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, line: Line) -> Self::Output {
        (line.plies, line.failed)
    }
}

/// App. E lets a scoresheet omit the `x` of a capture or write one where nothing is taken;
/// shakmaty insists on the right mark, so the peer also tries the other form (only after the
/// exact form failed, so well-written games cost it nothing more). A pawn move without its
/// file stays a move straight ahead (App. E7), never a capture.
fn lenient_move(san: &San, pos: &Chess) -> Option<Move> {
    san.to_move(pos).ok().or_else(|| match *san {
        San::Normal { role, file, .. } if role == Role::Pawn && file.is_none() => None,
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => San::Normal {
            role,
            file,
            rank,
            capture: !capture,
            to,
            promotion,
        }
        .to_move(pos)
        .ok(),
        _ => None,
    })
}

/// Replays every game of an in-memory PGN text, handing each game's (plies, failed) to `each`.
pub fn replay_games(pgn: &[u8], mut each: impl FnMut(u32, bool)) {
    let mut reader = Reader::new(io::Cursor::new(pgn));
    while let Some((plies, failed)) = reader.read_game(&mut Replay).expect("in-memory read") {
        each(plies, failed);
    }
}
