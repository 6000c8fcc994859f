//! The example game of App. E (2005), as printed in the Portuguese text of the Laws
//! (shared/seeds/002_*.txt), replayed in Portuguese notation and, translated, in Italian.

use arbiter_core::Position;
use arbiter_core::notation::{Language, san};

const SEED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/seeds/002_2d189e97c727549f.txt"
));

/// The position after 17.a5, worked out by hand from the English score
/// 1.d4 Nf6 2.c4 e6 3.Nc3 Bb4 4.Bd2 O-O 5.e4 d5 6.exd5 exd5 7.cxd5 Bxc3 8.Bxc3 Nxd5 9.Nf3 b6
/// 10.Qb3 Nxc3 11.bxc3 c5 12.Be2 cxd4 13.Nxd4 Re8 14.O-O Nd7 15.a4 Nc5 16.Qb4 Bb7 17.a5.
const FINAL: &str = "r2qr1k1/pb3ppp/1p6/P1n5/1Q1N4/2P5/4BPPP/R4RK1 b - - 0 17";

/// The moves of the example game as the seed prints them, move numbers removed.
fn portuguese_moves() -> Vec<String> {
    let start = SEED
        .find("Exemplo de partida:")
        .expect("the seed has the example game")
        + "Exemplo de partida:".len();
    let end = start
        + SEED[start..]
            .find("...")
            .expect("the game ends with '... etc'");
    SEED[start..end]
        .split_whitespace()
        .map(|token| token.split_once('.').map_or(token, |(_, mv)| mv))
        .filter(|mv| !mv.is_empty())
        .map(str::to_string)
        .collect()
}

fn replay(moves: &[String], lang: Language) -> Position {
    let mut pos = Position::startpos();
    for (ply, text) in moves.iter().enumerate() {
        let mv = san::parse(&pos, text, lang).unwrap_or_else(|e| panic!("ply {}: {e}", ply + 1));
        pos.play(mv).expect("parsed moves are legal");
    }
    pos
}

#[test]
fn portuguese_example_game_replays_app_e() {
    let moves = portuguese_moves();
    assert_eq!(moves.len(), 33, "17 white and 16 black moves: {moves:?}");
    assert_eq!(moves[0..4], ["d4", "Cf6", "c4", "e6"]);
    assert_eq!(replay(&moves, Language::Portuguese).fen(), FINAL);
}

/// Portuguese to Italian: the bishop is B (bispo) in Portuguese and A (alfiere) in Italian;
/// king R, queen D, rook T and knight C are the same letters in both.
fn to_italian(portuguese: &str) -> String {
    match portuguese.strip_prefix('B') {
        Some(rest) => format!("A{rest}"),
        None => portuguese.to_string(),
    }
}

#[test]
fn the_same_game_in_italian_notation_app_e() {
    let moves: Vec<String> = portuguese_moves().iter().map(|m| to_italian(m)).collect();
    assert_eq!(moves[5], "Ab4");
    assert_eq!(replay(&moves, Language::Italian).fen(), FINAL);
    // Read in the wrong language, the Portuguese score fails: "Bb4" is a pawn-less
    // nonsense in Italian, where B is no piece at all.
    let err = san::parse(
        &replay(&portuguese_moves()[..5], Language::Portuguese),
        "Bb4",
        Language::Italian,
    );
    assert!(err.is_err());
}

#[test]
fn our_italian_and_portuguese_printing_gives_back_the_score_app_e() {
    let moves = portuguese_moves();
    let mut pos = Position::startpos();
    for text in &moves {
        let mv = san::parse(&pos, text, Language::Portuguese).expect("legal");
        let printed = san::format(&pos, mv, Language::Portuguese).replace("O-O", "0-0");
        assert_eq!(&printed, text);
        assert_eq!(
            san::format(&pos, mv, Language::Italian).replace("O-O", "0-0"),
            to_italian(text)
        );
        pos.play(mv).expect("legal");
    }
}
