//! Named positions for the dead-position analysis: flag falls (2005 Art. 6.10, 2023 Art. 6.9)
//! and dead positions (2005 Art. 9.6, 2023 Art. 5.2.2). Every "can mate" answer is replayed move
//! by move to a checkmate.

use arbiter_core::dead::{
    Budget, CanMate, can_mate, cannot_mate_by_material, cannot_mate_quick, is_dead, is_dead_quick,
};
use cozy_chess::{Board, Color};

fn board(fen: &str) -> Board {
    Board::from_fen(fen, false).expect("test FEN is valid")
}

/// Asserts that `side` can mate and that the evidence is a legal line ending in its mate.
fn assert_helpmate(fen: &str, side: Color) {
    let b = board(fen);
    match can_mate(&b, side, Budget::RULING) {
        CanMate::Yes(line) => {
            let mut end = b.clone();
            for mv in &line {
                end.try_play(*mv).expect("helpmate line is legal");
            }
            assert_eq!(
                end.side_to_move(),
                !side,
                "{fen}: line must end with {side:?} mating"
            );
            assert!(!end.checkers().is_empty(), "{fen}: final position is check");
            assert!(
                !end.generate_moves(|_| true),
                "{fen}: final position is mate"
            );
        }
        other => panic!("{fen}: expected a helpmate for {side:?}, got {other:?}"),
    }
}

fn assert_cannot_mate(fen: &str, side: Color) {
    assert_eq!(
        can_mate(&board(fen), side, Budget::RULING),
        CanMate::No,
        "{fen} for {side:?}"
    );
}

#[test]
fn art_6_10_2005_flag_fall_kb_vs_k_is_draw() {
    // Black flags; White, with time left, has only king and bishop.
    let fen = "8/8/8/4k3/8/8/8/2B1K3 b - - 0 1";
    assert_cannot_mate(fen, Color::White);
    assert!(cannot_mate_by_material(&board(fen), Color::White));
    assert!(
        is_dead_quick(&board(fen)),
        "2005 Art. 9.6: K+B v K is dead at once"
    );
}

#[test]
fn art_6_10_2005_flag_fall_knn_vs_k_is_a_loss_because_a_helpmate_exists() {
    // Two knights cannot force mate, but the Laws ask for any series of legal moves.
    let fen = "8/8/8/4k3/8/8/3NN3/4K3 b - - 0 1";
    assert_helpmate(fen, Color::White);
    assert!(!cannot_mate_quick(&board(fen), Color::White));
}

#[test]
fn art_6_10_2005_flag_fall_kn_vs_k_and_pawn_helpmate_by_self_block() {
    // The black pawn can block its own king's flight square.
    assert_helpmate("8/8/8/8/8/5k2/6p1/4K2N b - - 0 1", Color::White);
}

#[test]
fn art_6_10_2005_flag_fall_kn_vs_kq_is_draw() {
    assert_cannot_mate("8/8/8/4k3/8/2N5/8/4K2q w - - 0 1", Color::White);
}

#[test]
fn art_6_9_2023_flag_fall_kb_vs_kb_opposite_colours_can_mate() {
    // chessops#152: the defending bishop can block a corner escape square.
    assert_helpmate("8/8/8/4k3/8/8/2b5/2B1K3 w - - 0 1", Color::White);
}

#[test]
fn art_6_9_2023_flag_fall_kb_vs_kb_same_colour_is_draw() {
    // c1 and d2... both bishops on dark squares (c1 dark, f8 dark).
    assert_cannot_mate("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", Color::White);
    assert_cannot_mate("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", Color::Black);
}

#[test]
fn art_9_6_2005_blocked_pawn_wall_is_dead() {
    let fen = "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1";
    assert_eq!(is_dead(&board(fen), Budget::RULING), Some(true));
    assert!(is_dead_quick(&board(fen)));
}

#[test]
fn art_5_2_2_2023_locked_pawns_with_same_coloured_bishops_are_dead() {
    // White pawns on light squares, black pawns on dark ones; each bishop is on the colour of
    // its own pawns, so neither can ever win a pawn, and neither king can cross the wall.
    let fen = "8/2b1k3/8/p1p1p1p1/P1P1P1P1/8/3KB3/8 w - - 0 1";
    assert_eq!(is_dead(&board(fen), Budget::RULING), Some(true));
}

#[test]
fn art_9_6_2005_forced_repetition_is_dead() {
    // Each side can only shuttle a bishop; no piece can ever do anything else.
    let fen = "k1b5/1p1p4/1P1P4/8/8/4p1p1/4P1P1/5B1K w - - 0 1";
    assert_cannot_mate(fen, Color::White);
    assert_cannot_mate(fen, Color::Black);
}

#[test]
fn art_6_10_2005_forced_capture_leaves_insufficient_material() {
    // scalachess PR #821's example: Black must take the rook, then White has a bare king.
    assert_cannot_mate("6Rk/8/7K/8/8/8/8/8 b - - 0 1", Color::White);
}

#[test]
fn art_5_2_2_2023_mate_on_the_board_is_decided_before_material() {
    // Black is mated already; White has just king and queen, Black a bare king.
    let fen = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    assert_eq!(
        can_mate(&board(fen), Color::White, Budget::RULING),
        CanMate::Yes(vec![])
    );
    assert_cannot_mate(fen, Color::Black);
}

#[test]
fn art_9_6_2005_cha_ignore_pawns_regressions_are_not_called_dead() {
    // The four queries where the C++ CHA 2.6.1 wrongly answered "unwinnable": each mate is given
    // by a pawn that never promotes. Any answer but "cannot mate" is sound; check ours proves it.
    for (fen, side) in [
        (
            "8/1p2p1p1/1P2P1P1/Bp2pBp1/1P2P1P1/7k/1P2P3/7K b - - 0 1",
            Color::White,
        ),
        (
            "k7/1pK3p1/6Pb/1p4pB/bP4P1/Bp6/1P4P1/8 b - - 0 1",
            Color::White,
        ),
        (
            "k7/1pK3p1/6Pb/1p4pB/bP4P1/Bp6/1P4P1/8 b - - 0 1",
            Color::Black,
        ),
        (
            "3b4/4p1p1/1p1pP1P1/1P1PpBp1/1pBpP1P1/1P1P4/4K1P1/2k5 w - - 0 1",
            Color::White,
        ),
    ] {
        // cozy-chess refuses some composed positions outright; a refused FEN never reaches us.
        let Ok(parsed) = Board::from_fen(fen, false) else {
            eprintln!("refused by cozy-chess: {fen}");
            continue;
        };
        assert!(
            !cannot_mate_quick(&parsed, side),
            "{fen}: quick check must not claim"
        );
        // The 30-ply one is beyond the ruling budget: undetermined is sound, "No" would not be.
        match can_mate(&parsed, side, Budget::RULING) {
            CanMate::Yes(_) => assert_helpmate(fen, side),
            CanMate::No => panic!("{fen}: unsound cannot-mate for {side:?}"),
            CanMate::Undetermined => {}
        }
    }
}

#[test]
fn art_6_10_2005_start_position_both_sides_can_mate() {
    assert_helpmate(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Color::White,
    );
    assert_helpmate(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Color::Black,
    );
    assert!(!is_dead_quick(&Board::default()));
}

#[test]
fn budget_of_zero_nodes_only_answers_what_needs_no_search() {
    let tiny = Budget { nodes: 0 };
    // Material needs no search.
    assert_eq!(
        can_mate(
            &board("8/8/8/4k3/8/8/8/2B1K3 b - - 0 1"),
            Color::White,
            tiny
        ),
        CanMate::No
    );
    // A rook ending needs search: with no nodes it stays undetermined, never a guess.
    assert_eq!(
        can_mate(&board("8/8/8/4k3/8/8/8/R3K3 b - - 0 1"), Color::White, tiny),
        CanMate::Undetermined
    );
}
