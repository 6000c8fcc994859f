//! A corpus of FENs that no game can reach or that are not FENs at all, each with the start of
//! the error it must give, and of unusual but reachable ones that must be read. Every door that
//! takes a position (the CLI, a game's setup, a PGN `[FEN]` tag) reads it through
//! `Position::from_fen`, so one refused here is refused everywhere.
//!
//! The rules behind the refusals: each side has exactly one king (Art. 2.2); pawns never stand
//! on the first or last rank (Art. 3.7); no move leaves or puts a king in check, so the side not
//! to move is never in check and the kings never stand side by side (Art. 3.9); a player has 16
//! pieces and 8 pawns, and the pieces beyond the initial set came from promoted pawns (Art.
//! 3.7e); castling needs the king and rook unmoved (Art. 3.8); en passant exists only right
//! after a two-square advance (Art. 3.7d).

use arbiter_core::Position;
use arbiter_core::arbiter::{Game, GameConfig};
use arbiter_core::clock::{Millis, TimeControl, Timing};
use arbiter_core::laws::Edition;

/// (FEN, the start of the error it must give).
const REFUSED: &[(&str, &str)] = &[
    // Not six (or four) fields.
    ("", "expected 6 space-separated fields"),
    ("   ", "expected 6 space-separated fields"),
    ("startpos", "expected 6 space-separated fields"),
    ("8/8/8/8/8/8/8/8", "expected 6 space-separated fields"),
    ("4k3/8/8/8/8/8/8/4K3 w", "expected 6 space-separated fields"),
    (
        "4k3/8/8/8/8/8/8/4K3 w -",
        "expected 6 space-separated fields",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0",
        "expected 6 space-separated fields",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
        "expected 6 space-separated fields",
    ),
    // The placement's shape.
    (
        "4k3/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: expected 8 ranks",
    ),
    (
        "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: expected 8 ranks",
    ),
    (
        "4k3//8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: rank 7 describes 0 squares",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3/ w - - 0 1",
        "piece placement: expected 8 ranks",
    ),
    (
        "4k4/8/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: rank 8 describes 9 squares",
    ),
    (
        "4k2/8/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: rank 8 describes 7 squares",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3K w - - 0 1",
        "piece placement: rank 1 describes 9 squares",
    ),
    (
        "4k3/9/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: rank 7: '9' is not a piece letter",
    ),
    (
        "4k3/0/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: rank 7: '0' is not a piece letter",
    ),
    (
        "4k3/8/8/8/8/8/8/4K2X w - - 0 1",
        "piece placement: rank 1: 'X' is not a piece letter",
    ),
    (
        "4k3/8/8/8/8/8/8/4K2é w - - 0 1",
        "piece placement: rank 1: 'é' is not a piece letter",
    ),
    (
        "4k3/8/8/8/8/8/8/4K2♖ w - - 0 1",
        "piece placement: rank 1: '♖' is not a piece letter",
    ),
    (
        "4k3/8/8/3-4/8/8/8/4K3 w - - 0 1",
        "piece placement: rank 5: '-' is not a piece letter",
    ),
    // Kings (Art. 2.2).
    (
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "piece placement: white has 0 kings",
    ),
    (
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "piece placement: white has 0 kings",
    ),
    (
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: black has 0 kings",
    ),
    (
        "4k3/8/8/8/8/8/8/K3K3 w - - 0 1",
        "piece placement: white has 2 kings",
    ),
    (
        "k3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: black has 2 kings",
    ),
    (
        "kkkkkkkk/8/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: black has 8 kings",
    ),
    // Kings side by side (Art. 3.9): the example, then every direction.
    (
        "Kk6/8/8/8/8/8/8/8 w - - 0 1",
        "piece placement: the kings stand side by side on a8 and b8",
    ),
    (
        "Kk6/8/8/8/8/8/8/8 b - - 0 1",
        "piece placement: the kings stand side by side",
    ),
    (
        "8/8/8/3kK3/8/8/8/8 w - - 0 1",
        "piece placement: the kings stand side by side on e5 and d5",
    ),
    (
        "8/8/3k4/3K4/8/8/8/8 b - - 0 1",
        "piece placement: the kings stand side by side on d5 and d6",
    ),
    (
        "8/8/4k3/3K4/8/8/8/8 w - - 0 1",
        "piece placement: the kings stand side by side on d5 and e6",
    ),
    (
        "8/8/2k5/3K4/8/8/8/8 w - - 0 1",
        "piece placement: the kings stand side by side on d5 and c6",
    ),
    (
        "8/8/8/8/8/8/6Kk/8 w - - 10 40",
        "piece placement: the kings stand side by side on g2 and h2",
    ),
    (
        "8/8/8/8/8/8/8/6kK w - - 0 1",
        "piece placement: the kings stand side by side on h1 and g1",
    ),
    (
        "rnbq1bnr/pppppppp/8/8/3kK3/8/PPPPPPPP/RNBQ1BNR w - - 0 1",
        "piece placement: the kings stand side by side",
    ),
    // Pawns on the first or last rank (Art. 3.7).
    (
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: pawn on a8",
    ),
    (
        "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: pawn on h8",
    ),
    (
        "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
        "piece placement: pawn on a1",
    ),
    (
        "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
        "piece placement: pawn on h1",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/PNBQKBNR w Kkq - 0 1",
        "piece placement: pawn on a1",
    ),
    // More pieces than a player has (Art. 2).
    (
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        "piece placement: white has 9 pawns, at most 8",
    ),
    (
        "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1",
        "piece placement: black has 9 pawns, at most 8",
    ),
    (
        "4k3/8/8/PPPPPPPP/PPPPPPPP/8/8/4K3 w - - 0 1",
        "piece placement: white has 16 pawns",
    ),
    (
        "4k3/8/8/8/NNNNNNNN/NNNNNNNN/8/N3K3 w - - 0 1",
        "piece placement: white has 18 pieces, at most 16",
    ),
    (
        "rnbqkbnr/pppppppp/n7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "piece placement: black has 17 pieces, at most 16",
    ),
    // Promoted pieces beyond the missing pawns (Art. 3.7e).
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBQKBNR w KQkq - 0 1",
        "piece placement: white's pieces need at least 1 promoted beyond the initial set, but only 0",
    ),
    (
        "4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1",
        "piece placement: white's pieces need at least 2 promoted beyond the initial set, but only 0",
    ),
    (
        "4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1",
        "piece placement: white's pieces need at least 2 promoted beyond the initial set, but only 1",
    ),
    (
        "4k3/8/8/8/8/8/PPPPPPPP/RRR1K3 w - - 0 1",
        "piece placement: white's pieces need at least 1 promoted",
    ),
    (
        "4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1",
        "piece placement: white's pieces need at least 1 promoted",
    ),
    (
        "4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1",
        "piece placement: white's pieces need at least 1 promoted",
    ),
    (
        "qqq1k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: black's pieces need at least 2 promoted",
    ),
    (
        "bbbbk3/ppppppp1/8/8/8/8/8/4K3 w - - 0 1",
        "piece placement: black's pieces need at least 2 promoted beyond the initial set, but only 1",
    ),
    (
        "4k3/8/8/8/8/8/PPPPPP2/QQQQK3 w - - 0 1",
        "piece placement: white's pieces need at least 3 promoted beyond the initial set, but only 2",
    ),
    (
        "4k3/8/8/8/8/8/PPPPPPP1/BBBBK3 w - - 0 1",
        "piece placement: white's pieces need at least 2 promoted beyond the initial set, but only 1",
    ),
    // Side to move and checks (Art. 3.9).
    (
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "side to move: expected 'w' or 'b', found 'x'",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 W - - 0 1",
        "side to move: expected 'w' or 'b', found 'W'",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 white - - 0 1",
        "side to move: expected 'w' or 'b', found 'white'",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 - - - 0 1",
        "side to move: expected 'w' or 'b', found '-'",
    ),
    (
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "side to move: black is in check but it is not black's turn",
    ),
    (
        "4k3/8/8/8/8/8/8/r3K3 b - - 0 1",
        "side to move: white is in check but it is not white's turn",
    ),
    (
        "4k3/8/8/8/8/8/3p4/4K3 b - - 0 1",
        "side to move: white is in check but it is not white's turn",
    ),
    (
        "4k3/8/5N2/8/8/8/8/4K3 w - - 0 1",
        "side to move: black is in check but it is not black's turn",
    ),
    (
        "4k3/8/8/8/B7/8/8/4K3 w - - 0 1",
        "side to move: black is in check but it is not black's turn",
    ),
    (
        "4k3/4R3/5N2/1B6/8/8/8/4K3 b - - 0 1",
        "side to move: black is in check from 3 pieces",
    ),
    (
        "4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1",
        "side to move: black is in check from a knight and a pawn",
    ),
    (
        "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
        "side to move: black is in check from a knight and a knight",
    ),
    (
        "4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1",
        "side to move: black is in check from a pawn and a pawn",
    ),
    // Castling rights (Art. 3.8).
    (
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "castling rights: 'K' needs the rook on h1",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w Q - 0 1",
        "castling rights: 'Q' needs the rook on a1",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w k - 0 1",
        "castling rights: 'k' needs the rook on h8",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w q - 0 1",
        "castling rights: 'q' needs the rook on a8",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R2K3R w KQ - 0 1",
        "castling rights: 'K' needs the king on e1",
    ),
    (
        "r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "castling rights: 'k' needs the king on e8",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1",
        "castling rights: 'KQkqK' is not '-'",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
        "castling rights: 'HAha' is not '-'",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w -K - 0 1",
        "castling rights: '-K' is not '-'",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w x - 0 1",
        "castling rights: 'x' is not '-'",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2n w K - 0 1",
        "castling rights: 'K' needs the rook on h1",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K1nr w K - 0 1",
        "castling rights: 'K' needs the rook on h1",
    ),
    // En passant (Art. 3.7d).
    (
        "4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
        "en passant: e4 is impossible",
    ),
    (
        "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1",
        "en passant: d3 is impossible: it must be on the rank",
    ),
    (
        "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1",
        "en passant: d6 is impossible: no pawn of the side that just moved",
    ),
    (
        "4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1",
        "en passant: d6 is impossible: no pawn of the side that just moved",
    ),
    (
        "4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "en passant: d6 is impossible: the squares the pawn crossed must be empty",
    ),
    (
        "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1",
        "en passant: d6 is impossible: the squares the pawn crossed must be empty",
    ),
    (
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d6 0 1",
        "en passant: d6 is impossible: it must be on the rank",
    ),
    (
        "4k3/8/8/8/3Pp3/8/8/4K3 w - d3 0 1",
        "en passant: d3 is impossible",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
        "en passant: 'e9' is not '-' or a square",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - E6 0 1",
        "en passant: 'E6' is not '-' or a square",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - ee 0 1",
        "en passant: 'ee' is not '-' or a square",
    ),
    // The check cannot have come from the two-square advance that made the en-passant right.
    (
        "8/8/8/8/3Pp2k/8/8/4K2R b - d3 0 1",
        "en passant: d3 is impossible: the check on the side to move",
    ),
    // Counters.
    (
        "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
        "half-move clock: '-1' is not a whole number",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 1.5 1",
        "half-move clock: '1.5' is not a whole number",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1",
        "half-move clock: '99999999999'",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
        "full-move number: '0' is not a number from 1 to 65535",
    ),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 -3", "full-move number: '-3'"),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 65536",
        "full-move number: '65536'",
    ),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 one", "full-move number: 'one'"),
];

/// Reachable positions near the edges of the rules: each must be read.
const READ: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Kings a knight's jump apart, and two squares apart on a line: not side by side.
    "8/8/8/3k4/8/2K5/8/8 w - - 0 1",
    "8/8/8/3k4/8/3K4/8/8 b - - 0 1",
    // Nine queens: eight promoted pawns.
    "4k3/8/8/8/8/8/QQQQQQQQ/Q3K3 b - - 0 1",
    "3qk3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
    // Two light-squared bishops with one pawn missing; four bishops with two missing.
    "4k3/8/8/8/8/8/PPPPPPP1/3BKB2 w - - 0 1",
    "bbbbk3/pppppp2/8/8/8/8/8/4K3 w - - 0 1",
    // A double check by a rook and a knight (the knight's move uncovered the rook).
    "4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1",
    // A double check by a pawn and a rook (exf7+ uncovered the rook).
    "4k3/5P2/8/8/8/8/8/4RK2 b - - 0 1",
    // An en-passant right beside a check from the pawn that just advanced.
    "8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1",
    // The 75-move rule needs counts above 100 (2023 Art. 9.6.2).
    "8/8/4k3/8/8/3BK3/8/8 b - - 140 97",
    // Four fields, as in EPD.
    "4k3/8/8/8/8/8/8/4K3 w - -",
];

#[test]
fn each_unreachable_or_malformed_fen_is_refused_with_its_reason() {
    let mut wrong = Vec::new();
    for &(fen, want) in REFUSED {
        let got = match Position::from_fen(fen) {
            Ok(_) => "OK".to_string(),
            Err(e) => e.to_string(),
        };
        if !got.starts_with(want) {
            wrong.push(format!("'{fen}'\n  got:  {got}\n  want: {want}..."));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let refused = REFUSED.iter().filter(|(_, want)| *want != "OK").count();
    assert!(refused >= 100, "the corpus has {refused} refusals");
}

#[test]
fn reachable_positions_at_the_edges_are_read_and_write_back() {
    for fen in READ {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("'{fen}': {e}"));
        assert_eq!(Position::from_fen(&pos.fen()).as_ref(), Ok(&pos), "{fen}");
    }
}

#[test]
fn kings_side_by_side_have_no_king_capture_and_perft_does_not_panic() {
    // The example: cozy-chess alone accepts it and then offers Kxb8.
    assert!(Position::from_fen("Kk6/8/8/8/8/8/8/8 w - - 0 1").is_err());
    assert!(
        cozy_chess::Board::from_fen("Kk6/8/8/8/8/8/8/8 w - - 0 1", false).is_ok(),
        "the peer still accepts it: this test guards our refusal, not theirs"
    );
}

#[test]
fn a_game_config_with_an_unreachable_position_is_refused_at_the_door() {
    let control = TimeControl::sudden_death(Millis::minutes(5), Timing::None);
    for (fen, want) in [
        (
            "Kk6/8/8/8/8/8/8/8 w - - 0 1",
            "the kings stand side by side",
        ),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "black is in check"),
        ("4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1", "promoted"),
        ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "pawn on h1"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "black has 0 kings"),
    ] {
        let mut config = GameConfig::new(Edition::Fide2023, control.clone());
        config.fen = Some(fen.to_string());
        let refused = Game::new(config).err().map(|e| e.to_string());
        assert!(
            refused.as_deref().is_some_and(|r| r.contains(want)),
            "'{fen}': {refused:?}, want '{want}'"
        );
    }
    let mut config = GameConfig::new(Edition::Fide2023, control);
    config.fen = Some("8/8/8/3k4/8/2K5/8/8 w - - 0 1".into());
    assert!(Game::new(config).is_ok());
}

#[test]
fn a_pgn_fen_tag_with_an_unreachable_position_is_a_setup_error() {
    let reports = arbiter_core::pgn::check_games(
        b"[SetUp \"1\"]\n[FEN \"Kk6/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. Kxb8 *\n",
    );
    let error = reports[0].error.as_ref().expect("refused");
    assert_eq!(error.ply, 0);
    assert_eq!(error.reason, arbiter_core::pgn::Reason::Setup);
    assert!(error.detail.contains("side by side"), "{}", error.detail);
}
