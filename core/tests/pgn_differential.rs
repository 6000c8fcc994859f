//! Our PGN replay beside shakmaty + pgn-reader (GPL, dev-dependencies only) on seeded random
//! games, some of them spoiled: both must replay the same number of moves in every game and
//! stop at the same first bad move.

use std::io;
use std::ops::ControlFlow;

use arbiter_core::pgn::check_games;
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Move, Position, Role, fen::Fen, san::San};

mod pgn_common;

/// Per game: moves replayed, and whether a move could not be.
struct Peer;

impl Visitor for Peer {
    type Tags = Option<Chess>;
    type Movetext = (Chess, u32, bool);
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
            let fen = Fen::from_ascii(value.as_bytes()).expect("test FENs are valid");
            *tags = Some(
                fen.into_position(CastlingMode::Standard)
                    .expect("legal FEN"),
            );
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), 0, false))
    }

    fn san(&mut self, line: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        if !line.2 {
            match lenient_move(&san.san, &line.0) {
                Some(mv) => {
                    line.0.play_unchecked(mv);
                    line.1 += 1;
                }
                None => line.2 = true,
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, line: Self::Movetext) -> Self::Output {
        (line.1, line.2)
    }
}

/// App. E lets a scoresheet omit the `x` of a capture or write one where nothing is taken;
/// shakmaty insists on the right mark, so the oracle also tries the other form. A pawn move
/// without its file stays a move straight ahead (App. E7), never a capture.
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

fn peer_verdicts(pgn: &[u8]) -> Vec<(u32, bool)> {
    let mut reader = Reader::new(io::Cursor::new(pgn));
    let mut out = Vec::new();
    while let Some(verdict) = reader.read_game(&mut Peer).expect("in-memory read") {
        out.push(verdict);
    }
    out
}

fn our_verdicts(pgn: &[u8]) -> Vec<(u32, bool)> {
    check_games(pgn)
        .iter()
        .map(|r| (r.moves, r.error.is_some()))
        .collect()
}

#[test]
fn move_counts_agree_with_shakmaty_on_random_games() {
    let pgn = pgn_common::random_games_pgn(7, 400);
    let ours = our_verdicts(pgn.as_bytes());
    assert_eq!(ours.len(), 400);
    assert!(ours.iter().all(|&(moves, failed)| moves >= 1 && !failed));
    assert_eq!(ours, peer_verdicts(pgn.as_bytes()));
}

/// Moves from one game pasted into another: mostly illegal there, sometimes legal, sometimes
/// ambiguous. Both replayers must stop at the same place.
#[test]
fn first_bad_move_agrees_with_shakmaty_on_spoiled_games() {
    let mut rng = pgn_common::SplitMix(11);
    let donors: Vec<Vec<String>> = (0..200)
        .map(|_| pgn_common::random_game(&mut rng))
        .collect();
    let mut pgn = String::new();
    for (i, game) in donors.iter().enumerate() {
        let mut moves = game.clone();
        let donor = &donors[(i * 7 + 3) % donors.len()];
        let ply = rng.below(moves.len().min(donor.len()));
        moves[ply] = donor[ply].clone();
        pgn.push_str("[Event \"spoiled\"]\n\n");
        for (n, san) in moves.iter().enumerate() {
            if n % 2 == 0 {
                pgn.push_str(&format!("{}. ", n / 2 + 1));
            }
            pgn.push_str(san);
            pgn.push(' ');
        }
        pgn.push_str("*\n\n");
    }
    let ours = our_verdicts(pgn.as_bytes());
    let peer = peer_verdicts(pgn.as_bytes());
    assert_eq!(ours, peer);
    let spoiled = ours.iter().filter(|v| v.1).count();
    assert!(
        spoiled > 100,
        "only {spoiled} games were spoiled; the test lost its teeth"
    );
}
