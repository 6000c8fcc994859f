//! Our PGN replay beside shakmaty + pgn-reader (GPL, dev-dependencies only) on seeded random
//! games, some of them spoiled: both must replay the same number of moves in every game and
//! stop at the same first bad move.

use arbiter_core::pgn::check_games;

use crate::pgn_common;
use crate::pgn_peer;

fn peer_verdicts(pgn: &[u8]) -> Vec<(u32, bool)> {
    let mut out = Vec::new();
    pgn_peer::replay_games(pgn, |plies, failed| out.push((plies, failed)));
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
