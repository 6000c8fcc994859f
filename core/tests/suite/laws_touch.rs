//! Touch-move (Art. 4) rows T-02 to T-10 and RB-08, from lifts and placements.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::{Claim, ClaimKind, Event, Verdict};
use arbiter_core::arbiter::{Noticed, Rejection};
use arbiter_core::clock::Mode;
use arbiter_core::laws::Edition;
use arbiter_core::touch::Obligation;
use common_laws::{Table, in_both_editions};

fn sq(s: &str) -> arbiter_core::Square {
    s.parse().unwrap()
}

/// The touched piece must be moved (Art. 4.3a / 4.3.1), castling not barred.
fn move_piece(square: &str) -> Obligation {
    Obligation::MovePiece {
        square: sq(square),
        no_castling: false,
    }
}

fn must_move(t: &mut Table) -> Option<Obligation> {
    t.verdicts().into_iter().find_map(|v| match v {
        Verdict::MustMove { obligation, .. } => Some(obligation),
        _ => None,
    })
}

#[test]
fn t03_2005_touched_knight_must_move() {
    let mut t = Table::standard(Edition::Fide2005);
    t.touch("g1");
    t.play("e2e4");
    assert_eq!(must_move(&mut t), Some(move_piece("g1")));
    assert_eq!(t.game.moves().len(), 0, "e2e4 was sent back");
    assert!(t.laws().is_empty());
    t.play("g1f3");
    assert_eq!(t.game.moves().len(), 1);
    assert_eq!(t.side(), Color::Black);
    t.replays();
}

#[test]
fn t03_2023_touched_knight_must_move() {
    let mut t = Table::standard(Edition::Fide2023);
    t.touch("g1");
    t.play("e2e4");
    let rulings = t.take();
    assert_eq!(rulings[0].law.to_string(), "2023 Art. 4.3.1");
    assert_eq!(t.game.moves().len(), 0);
}

fn t02_lift_and_replace_counts_as_touch_unless_adjusting(edition: Edition) {
    let mut t = Table::standard(edition);
    t.lift("b1");
    t.place("b1");
    assert_eq!(t.game.obligation(), move_piece("b1"));
    let mut t = Table::standard(edition);
    t.ok(Event::Adjust { square: sq("b1") });
    t.lift("b1");
    t.place("b1");
    assert_eq!(t.game.obligation(), Obligation::Free);
}

in_both_editions!(
    t02_lift_and_replace_counts_as_touch_unless_adjusting,
    t02_2005_lift_and_replace_counts_as_touch_unless_adjusting,
    t02_2023_lift_and_replace_counts_as_touch_unless_adjusting
);

fn t04_touched_enemy_piece_must_be_captured(edition: Edition) {
    let mut t = Table::standard(edition);
    t.plays("e2e4 d7d5");
    t.touch("d5");
    t.play("b1c3");
    assert_eq!(
        must_move(&mut t),
        Some(Obligation::CapturePiece { square: sq("d5") })
    );
    t.play("e4d5");
    assert_eq!(t.game.moves().len(), 3);
}

in_both_editions!(
    t04_touched_enemy_piece_must_be_captured,
    t04_2005_touched_enemy_piece_must_be_captured,
    t04_2023_touched_enemy_piece_must_be_captured
);

fn t05_own_then_enemy_piece_means_capture_with_own(edition: Edition) {
    let mut t = Table::standard(edition);
    t.plays("g1f3 e7e5");
    t.touch("f3");
    t.touch("e5");
    t.play("d2d4");
    assert_eq!(
        must_move(&mut t),
        Some(Obligation::CaptureWith {
            piece: sq("f3"),
            target: sq("e5")
        })
    );
    t.play("f3e5");
    assert_eq!(t.game.moves().len(), 3);
}

in_both_editions!(
    t05_own_then_enemy_piece_means_capture_with_own,
    t05_2005_own_then_enemy_piece_means_capture_with_own,
    t05_2023_own_then_enemy_piece_means_capture_with_own
);

#[test]
fn t06_2005_castling_illegal_after_king_touched() {
    let fen = "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1";
    let mut t = Table::with(Edition::Fide2005, 90, 30, Some(fen), true, None);
    t.lift("e1");
    t.touch("h1");
    t.place("e1");
    assert_eq!(t.game.obligation(), Obligation::KingMove);
    t.play("a1b1");
    assert_eq!(must_move(&mut t), Some(Obligation::KingMove));
    t.play("e1c1");
    assert_eq!(t.game.moves()[0].san, "O-O-O");
}

#[test]
fn t06_2023_king_then_rook_must_castle_when_legal() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut t = Table::with(Edition::Fide2023, 90, 30, Some(fen), true, None);
    t.lift("e1");
    t.touch("h1");
    t.place("e1");
    assert_eq!(t.game.obligation(), Obligation::Castle { rook: sq("h1") });
    t.lift("e1");
    t.place("d1");
    t.press();
    assert_eq!(
        must_move(&mut t),
        Some(Obligation::Castle { rook: sq("h1") })
    );
    // The king goes on to g1 and the rook follows to f1: castling made on the board.
    t.lift("d1");
    t.place("g1");
    t.lift("h1");
    t.place("f1");
    t.press();
    assert_eq!(t.game.moves()[0].san, "O-O");
}

#[test]
fn t06_2005_rook_then_king_forbids_castling() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut t = Table::with(Edition::Fide2005, 90, 30, Some(fen), true, None);
    t.touch("h1");
    t.touch("e1");
    t.play("e1g1");
    assert_eq!(
        must_move(&mut t),
        Some(Obligation::MovePiece {
            square: sq("h1"),
            no_castling: true
        })
    );
}

fn t08_released_piece_stays_on_its_square(edition: Edition) {
    let mut t = Table::standard(edition);
    t.lift("e2");
    t.place("e4");
    t.lift("e4");
    t.place("e3");
    t.press();
    let e2e4 = "e2e4".parse().unwrap();
    assert_eq!(must_move(&mut t), Some(Obligation::Complete { mv: e2e4 }));
    t.lift("e3");
    t.place("e4");
    t.press();
    assert_eq!(t.game.moves()[0].san, "e4");
}

in_both_editions!(
    t08_released_piece_stays_on_its_square,
    t08_2005_released_piece_stays_on_its_square,
    t08_2023_released_piece_stays_on_its_square
);

fn t10_touched_piece_that_cannot_move_leaves_any_move(edition: Edition) {
    let fen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
    t.touch("e2");
    assert_eq!(t.game.obligation(), Obligation::Free);
    t.play("e1d1");
    assert_eq!(t.game.moves().len(), 1);
}

in_both_editions!(
    t10_touched_piece_that_cannot_move_leaves_any_move,
    t10_2005_touched_piece_that_cannot_move_leaves_any_move,
    t10_2023_touched_piece_that_cannot_move_leaves_any_move
);

fn rapid_2005() -> Table {
    Table::with(Edition::Fide2005, 30, 0, None, true, None)
}

/// A rapid game with no arbiter watching (2023 App. A.5).
fn unsupervised_rapid_2023() -> Table {
    Table::with(Edition::Fide2023, 30, 0, None, false, None)
}

#[test]
fn rb08_2005_rapid_touch_move_only_on_claim() {
    rapid_touch_move_only_on_claim(rapid_2005());
}

#[test]
fn rb08_2023_unsupervised_rapid_touch_move_only_on_claim() {
    // A.5 keeps touch-move to a claim when no arbiter watches (A.4 would enforce it).
    rapid_touch_move_only_on_claim(unsupervised_rapid_2023());
}

fn rapid_touch_move_only_on_claim(mut t: Table) {
    assert_eq!(t.game.profile().mode, Mode::Rapid);
    t.touch("g1");
    t.play("e2e4");
    let v = t.verdicts();
    assert!(v.iter().any(|v| matches!(
        v,
        Verdict::TouchMoveBreach {
            player: Color::White,
            ..
        }
    )));
    assert!(v.contains(&Verdict::ClaimOpen {
        player: Color::Black,
        claim: ClaimKind::TouchMove
    }));
    assert_eq!(t.game.moves().len(), 1, "the move stands until claimed");
    t.claim(Color::Black, Claim::TouchMove);
    assert_eq!(t.side(), Color::White);
    assert_eq!(t.game.obligation(), move_piece("g1"));
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::White));
    t.play("g1f3");
    assert_eq!(t.game.moves()[0].san, "Nf3");
    t.replays();
}

/// White breaks touch-move; Black, instead of claiming, lifts a piece of his own: the claim
/// lapses. Returns the game with Black's pawn still in hand.
fn claimant_lifts_a_piece_after_a_breach(mut t: Table) -> Table {
    t.touch("g1");
    t.play("e2e4");
    t.take();
    t.lift("e7");
    assert!(t.verdicts().contains(&Verdict::ClaimLapsed {
        player: Color::Black,
        claim: ClaimKind::TouchMove
    }));
    t
}

#[test]
fn t09_2005_claim_lost_once_claimant_touches_a_piece() {
    let mut t = claimant_lifts_a_piece_after_a_breach(rapid_2005());
    t.place("e7");
    t.claim(Color::Black, Claim::TouchMove);
    assert_eq!(t.sole_rejection(), Some(Rejection::NothingToClaim));
    assert_eq!(t.game.moves().len(), 1);
}

#[test]
fn t09_2023_claim_lost_once_claimant_touches_a_piece() {
    claimant_lifts_a_piece_after_a_breach(unsupervised_rapid_2023());
}

#[test]
fn t07_2023_promotion_piece_is_final_once_released() {
    let fen = "8/4P3/8/8/8/8/8/k6K w - - 0 1";
    let mut t = Table::with(Edition::Fide2023, 90, 30, Some(fen), true, None);
    t.lift("e7");
    t.place("e8");
    // The pawn comes off and a queen is set on e8: the promotion is made.
    t.lift("e8");
    t.ok(Event::Place {
        square: sq("e8"),
        piece: Some(arbiter_core::Piece::Queen),
    });
    t.lift("e8");
    t.ok(Event::Place {
        square: sq("e8"),
        piece: Some(arbiter_core::Piece::Knight),
    });
    t.press();
    let queen = "e7e8q".parse().unwrap();
    assert_eq!(must_move(&mut t), Some(Obligation::Complete { mv: queen }));
    t.lift("e8");
    t.ok(Event::Place {
        square: sq("e8"),
        piece: Some(arbiter_core::Piece::Queen),
    });
    t.press();
    assert_eq!(t.game.moves()[0].san, "e8=Q");
}

/// Castling on a sensor board: king and rook lifted `gap_ms` apart, then set down, pressed.
fn castle_lifting(edition: Edition, gap_ms: u64) -> Vec<(String, Verdict)> {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
    t.take();
    t.lift("e1");
    // The table moves a second on per event: step back to `gap_ms` after the king.
    t.now = t.now + gap_ms - 1_000;
    t.lift("h1");
    t.place("f1");
    t.place("g1");
    t.press();
    assert_eq!(
        t.game.moves().last().map(|m| m.san.as_str()),
        Some("O-O"),
        "the castling stands: {:?}",
        t.seen
    );
    t.take_with_laws()
}

fn t01_king_and_rook_lifted_at_once_is_shown_to_the_arbiter(edition: Edition, article: &str) {
    let notice = (
        article.to_string(),
        Verdict::Notice {
            what: Noticed::PossibleTwoHandedMove,
        },
    );
    assert!(castle_lifting(edition, 20).contains(&notice));
    assert!(
        !castle_lifting(edition, 900).contains(&notice),
        "one hand, one piece after the other"
    );
}

#[test]
fn t01_2005_king_and_rook_lifted_at_once_is_shown_to_the_arbiter() {
    t01_king_and_rook_lifted_at_once_is_shown_to_the_arbiter(Edition::Fide2005, "2005 Art. 4.1");
}

#[test]
fn t01_2023_king_and_rook_lifted_at_once_is_shown_to_the_arbiter() {
    // I-09: 2023 Art. 7.5.4 makes it an illegal move, once the arbiter has seen the hands.
    t01_king_and_rook_lifted_at_once_is_shown_to_the_arbiter(Edition::Fide2023, "2023 Art. 7.5.4");
}

/// A move on a sensor board whose two lifts come `gap_ms` apart: `first` and `second` lifted,
/// then `places` set down in order and the clock pressed. The rulings, with their articles.
fn two_lifts(
    edition: Edition,
    moves: &str,
    lifts: [&str; 2],
    places: &[&str],
) -> Vec<(String, Verdict)> {
    let mut t = Table::standard(edition);
    t.plays(moves);
    t.take();
    t.lift(lifts[0]);
    // The table moves a second on per event: step back to 20 ms after the first lift.
    t.now = t.now + 20 - 1_000;
    t.lift(lifts[1]);
    for sq in places {
        t.place(sq);
    }
    t.press();
    t.take_with_laws()
}

fn t01_a_capture_lifted_at_once_is_not_a_two_handed_move(edition: Edition, article: &str) {
    let notice = (
        article.to_string(),
        Verdict::Notice {
            what: Noticed::PossibleTwoHandedMove,
        },
    );
    // The captured pawn and the capturing one come up together, in either order: one hand
    // takes both on a sensor board within moments, so no word to the arbiter (Art. 4.1 asks
    // for one hand, which such a capture uses).
    for lifts in [["d5", "e4"], ["e4", "d5"]] {
        let rulings = two_lifts(edition, "e2e4 d7d5", lifts, &["d5"]);
        assert!(!rulings.contains(&notice), "{lifts:?}: {rulings:?}");
    }
    // Two of one's own pieces up at once still is one for the arbiter to judge.
    let rulings = two_lifts(edition, "", ["e2", "d2"], &["d2", "e4"]);
    assert!(rulings.contains(&notice), "{rulings:?}");
}

#[test]
fn t01_2005_a_capture_lifted_at_once_is_not_a_two_handed_move() {
    t01_a_capture_lifted_at_once_is_not_a_two_handed_move(Edition::Fide2005, "2005 Art. 4.1");
}

#[test]
fn t01_2023_a_capture_lifted_at_once_is_not_a_two_handed_move() {
    t01_a_capture_lifted_at_once_is_not_a_two_handed_move(Edition::Fide2023, "2023 Art. 7.5.4");
}
