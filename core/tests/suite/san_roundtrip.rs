//! Every legal move of 10,000 positions from seeded random games is printed and read back in
//! every App. E language (figurines included), in the long form, in the spoken form of App. F,
//! and in UCI, and comes back as the same move. English SAN is also compared with cozy-chess's
//! own SAN printer, an independent implementation.

use arbiter_core::notation::{Language, san, spoken, uci};
use arbiter_core::{Move, Position};
// The seeded generator, one copy in this binary: pgn_common holds it.
use crate::pgn_common::SplitMix;

/// Positions from random games, every position of each game, until `count` are collected.
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Position::startpos();
        for _ in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() || out.len() == count {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play(mv).expect("a generated move is legal");
            out.push(pos.clone());
        }
    }
    out
}

/// Forms App. E accepts for the same move: without `x`, `+`, `#`; `0-0` for `O-O`; `d8Q` for
/// `d8=Q`; with an annotation.
fn lenient_variants(text: &str) -> Vec<String> {
    let bare: String = text
        .chars()
        .filter(|c| !matches!(c, 'x' | '+' | '#'))
        .collect();
    vec![
        bare,
        text.replace('O', "0"),
        text.replace('=', ""),
        format!("{text}!?"),
    ]
}

#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    castles: usize,
    promotions: usize,
    en_passant: usize,
    disambiguated: usize,
    checks: usize,
}

#[test]
fn every_move_reads_back_in_every_language_app_e_and_spoken_app_f() {
    let positions = random_positions(10_000, 0x5EED_2005);
    assert_eq!(positions.len(), 10_000);
    let mut seen = Seen::default();
    for pos in &positions {
        for mv in pos.legal_moves() {
            seen.moves += 1;
            check_move(pos, mv, &mut seen);
        }
    }
    // The sample must hold the hard cases, or the test proves little.
    assert!(seen.castles > 50, "{seen:?}");
    assert!(seen.promotions > 50, "{seen:?}");
    assert!(seen.en_passant > 10, "{seen:?}");
    assert!(seen.disambiguated > 100, "{seen:?}");
    assert!(seen.checks > 1_000, "{seen:?}");
}

fn check_move(pos: &Position, mv: Move, seen: &mut Seen) {
    let english = san::format(pos, mv, Language::English);
    let board = pos.board();
    let cozy_move = cozy_chess::util::parse_uci_move(board, &mv.to_string()).expect("UCI text");
    let oracle = cozy_chess::util::display_san_move(board, cozy_move).to_string();
    assert_eq!(english, oracle, "SAN of {mv} in {}", pos.fen());

    seen.castles += usize::from(english.starts_with('O'));
    seen.promotions += usize::from(mv.promotion.is_some());
    seen.en_passant += usize::from(pos.is_en_passant(mv));
    seen.checks += usize::from(english.ends_with('+') || english.ends_with('#'));
    let piece_letters = english.starts_with(['K', 'Q', 'R', 'B', 'N']);
    seen.disambiguated += usize::from(
        piece_letters
            && english.trim_end_matches(['+', '#']).len() > 3 + usize::from(english.contains('x')),
    );

    for lang in Language::ALL {
        let text = san::format(pos, mv, lang);
        assert_eq!(
            san::parse(pos, &text, lang),
            Ok(mv),
            "{lang:?} '{text}' in {}",
            pos.fen()
        );
        let long = san::format_long(pos, mv, lang);
        assert_eq!(
            san::parse(pos, &long, lang),
            Ok(mv),
            "{lang:?} long '{long}' in {}",
            pos.fen()
        );
    }
    for variant in lenient_variants(&english) {
        assert_eq!(
            san::parse(pos, &variant, Language::English),
            Ok(mv),
            "'{variant}' in {}",
            pos.fen()
        );
    }
    let portuguese = san::format(pos, mv, Language::Portuguese);
    for variant in lenient_variants(&portuguese) {
        assert_eq!(
            san::parse(pos, &variant, Language::Portuguese),
            Ok(mv),
            "'{variant}' in {}",
            pos.fen()
        );
    }
    let said = spoken::format(pos, mv);
    assert_eq!(
        spoken::parse(pos, &said),
        Ok(mv),
        "spoken '{said}' in {}",
        pos.fen()
    );
    assert_eq!(uci::parse(pos, &uci::format(mv)), Ok(mv));
}
