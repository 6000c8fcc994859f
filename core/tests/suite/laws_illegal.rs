//! Irregularities and illegal moves (Art. 7; 2005 App. B2, B5, C3; 2023 App. A.3, A.5):
//! rows I-05, I-06, I-07, I-08, I-10, I-11, I-12, I-13.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::Noticed;
use arbiter_core::arbiter::{Claim, ClaimKind, Event, Reason, Verdict};
use arbiter_core::clock::Millis;
use arbiter_core::laws::Edition;
use arbiter_core::touch::Obligation;
use common_laws::{Table, in_both_editions};

fn time_added(v: &[Verdict]) -> Vec<(Color, Millis)> {
    v.iter()
        .filter_map(|v| match v {
            Verdict::TimeAdded { player, ms } => Some((*player, *ms)),
            _ => None,
        })
        .collect()
}

/// White's first illegal move of the game: the count that decides the penalty.
fn whites_first_illegal_move(v: &Verdict) -> bool {
    matches!(
        v,
        Verdict::IllegalMove {
            player: Color::White,
            count: 1,
            ..
        }
    )
}

fn i06_illegal_king_move_restored_with_touch_move_and_two_minutes(edition: Edition) {
    let mut t = Table::standard(edition);
    t.plays("e2e4 e7e5");
    let before = t.fen();
    let black = t.remaining(Color::Black);
    t.play("e1e3");
    let v = t.verdicts();
    assert!(whites_first_illegal_move(&v[0]));
    assert!(
        matches!(&v[1], Verdict::PositionRestored { fen, obligation: Obligation::MovePiece { .. } } if *fen == before)
    );
    assert_eq!(time_added(&v), vec![(Color::Black, Millis::minutes(2))]);
    assert_eq!(t.remaining(Color::Black), black + 120_000);
    assert_eq!(t.fen(), before);
    t.play("d2d4");
    assert!(matches!(t.verdicts()[..], [Verdict::MustMove { .. }]));
    t.play("e1e2");
    assert_eq!(t.game.moves().last().unwrap().san, "Ke2");
    t.replays();
}

in_both_editions!(
    i06_illegal_king_move_restored_with_touch_move_and_two_minutes,
    i06_2005_illegal_king_move_restored_with_touch_move_and_two_minutes,
    i06_2023_illegal_king_move_restored_with_touch_move_and_two_minutes
);

/// The a-pawn is set down on a8 and the clock pressed before any piece replaces it.
fn unfinished_promotion(edition: Edition) -> Table {
    let fen = "8/P7/8/8/8/8/8/k6K w - - 0 1";
    let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
    t.lift("a7");
    t.place("a8");
    t.press();
    t
}

#[test]
fn i07_2023_unfinished_promotion_becomes_a_queen_and_counts_as_illegal() {
    let mut t = unfinished_promotion(Edition::Fide2023);
    assert!(t.fen().starts_with("Q7/"), "{}", t.fen());
    let v = t.verdicts();
    assert!(v.iter().any(whites_first_illegal_move));
    assert_eq!(time_added(&v), vec![(Color::Black, Millis::minutes(2))]);
}

#[test]
fn i07_2005_unfinished_promotion_is_illegal_and_restored() {
    let mut t = unfinished_promotion(Edition::Fide2005);
    assert!(t.fen().starts_with("8/P7/"), "{}", t.fen());
    let v = t.verdicts();
    assert_eq!(time_added(&v), vec![(Color::Black, Millis::minutes(2))]);
    assert_eq!(
        t.game.obligation(),
        Obligation::MovePiece {
            square: "a7".parse().unwrap(),
            no_castling: false
        }
    );
    t.lift("a7");
    t.ok(Event::Place {
        square: "a8".parse().unwrap(),
        piece: Some(arbiter_core::Piece::Knight),
    });
    t.press();
    assert_eq!(t.game.moves()[0].san, "a8=N");
}

#[test]
fn i08_2023_press_without_move_is_illegal() {
    let mut t = Table::standard(Edition::Fide2023);
    t.press();
    let v = t.verdicts();
    assert!(whites_first_illegal_move(&v[0]));
    assert_eq!(time_added(&v), vec![(Color::Black, Millis::minutes(2))]);
    assert_eq!(t.side(), Color::White);
}

#[test]
fn i08_2005_press_without_move_only_noted() {
    let mut t = Table::standard(Edition::Fide2005);
    t.press();
    assert_eq!(
        t.verdicts(),
        vec![Verdict::Notice {
            what: Noticed::ClockPressedWithoutMove
        }]
    );
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::White));
}

#[test]
fn i10_2005_third_illegal_move_loses() {
    let mut t = Table::standard(Edition::Fide2005);
    for _ in 0..2 {
        t.play("e1e3");
        assert_eq!(t.result(), None);
        t.touch("e1");
    }
    t.play("e1e3");
    assert_eq!(t.result().as_deref(), Some("0-1"));
    assert_eq!(t.game.result().unwrap().1, Reason::IllegalMoves);
    assert!(t.laws().contains(&"2005 Art. 7.4b".to_string()));
}

#[test]
fn i10_2023_second_illegal_move_loses() {
    let mut t = Table::standard(Edition::Fide2023);
    t.play("e1e3");
    t.plays("e2e4 e7e5");
    t.take();
    t.play("d1d3");
    assert_eq!(t.result().as_deref(), Some("0-1"));
    assert!(t.laws().contains(&"2023 Art. 7.5.5".to_string()));
}

#[test]
fn i10_2023_second_illegal_move_draws_against_a_bare_king() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    for (edition, result) in [
        (Edition::Fide2023, Some("1/2-1/2")),
        (Edition::Fide2005, None),
    ] {
        let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
        t.play("a1b2");
        t.touch("a1");
        t.play("a1c3");
        assert_eq!(t.result().as_deref(), result, "{edition}");
    }
}

fn illegal_knight_jump(t: &mut Table) {
    t.play("b1b3");
}

#[test]
fn i11_2005_rapid_illegal_move_on_claim_costs_two_minutes() {
    let mut t = Table::with(Edition::Fide2005, 30, 0, None, true, None);
    illegal_knight_jump(&mut t);
    let v = t.verdicts();
    assert!(v.contains(&Verdict::ClaimOpen {
        player: Color::Black,
        claim: ClaimKind::IllegalMove
    }));
    assert_eq!(t.side(), Color::Black, "the move stands until claimed");
    t.claim(Color::Black, Claim::IllegalMove);
    let v = t.verdicts();
    assert_eq!(time_added(&v), vec![(Color::Black, Millis::minutes(2))]);
    assert_eq!(t.side(), Color::White);
    assert_eq!(t.fen(), cozy_chess::Board::default().to_string());
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::White));
    t.replays();
}

#[test]
fn i11_2005_rapid_claim_lapses_when_claimant_touches_a_piece() {
    let mut t = Table::with(Edition::Fide2005, 30, 0, None, true, None);
    illegal_knight_jump(&mut t);
    t.touch("e7");
    t.claim(Color::Black, Claim::IllegalMove);
    assert!(
        t.verdicts()
            .iter()
            .any(|v| matches!(v, Verdict::ClaimRejected { .. }))
    );
    assert!(
        t.fen().contains("1N"),
        "the knight stays on b3: {}",
        t.fen()
    );
}

#[test]
fn i11_2023_rapid_unsupervised_illegal_move_costs_one_minute() {
    let mut t = Table::with(Edition::Fide2023, 15, 10, None, false, None);
    illegal_knight_jump(&mut t);
    t.claim(Color::Black, Claim::IllegalMove);
    assert_eq!(
        time_added(&t.verdicts()),
        vec![(Color::Black, Millis::minutes(1))]
    );
    assert!(t.laws().is_empty());
}

#[test]
fn i12_2005_blitz_illegal_move_claimed_wins() {
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    let mut t = Table::with(Edition::Fide2005, 5, 0, Some(fen), true, None);
    t.play("e1d2");
    assert!(t.verdicts().contains(&Verdict::ClaimOpen {
        player: Color::Black,
        claim: ClaimKind::IllegalMove
    }));
    t.claim(Color::Black, Claim::IllegalMove);
    assert_eq!(t.result().as_deref(), Some("0-1"));
    assert!(t.laws().contains(&"2005 App. C3".to_string()));
}

#[test]
fn i12_2005_blitz_claim_after_touching_a_piece_fails() {
    let mut t = Table::with(Edition::Fide2005, 5, 0, None, true, None);
    illegal_knight_jump(&mut t);
    t.touch("e7");
    t.claim(Color::Black, Claim::IllegalMove);
    assert_eq!(t.result(), None);
}

#[test]
fn i12_2023_unsupervised_blitz_illegal_move_claimed_costs_one_minute() {
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    let mut t = Table::with(Edition::Fide2023, 3, 2, Some(fen), false, None);
    t.play("e1d2");
    t.take();
    t.claim(Color::Black, Claim::IllegalMove);
    let rulings = t.take();
    let added: Vec<(String, Verdict)> = rulings
        .into_iter()
        .filter(|r| matches!(r.verdict, Verdict::TimeAdded { .. }))
        .map(|r| (r.law.to_string(), r.verdict))
        .collect();
    assert_eq!(
        added,
        [(
            "2023 App. B.3".to_string(),
            Verdict::TimeAdded {
                player: Color::Black,
                ms: Millis::minutes(1)
            }
        )]
    );
    assert_eq!(t.fen().split(' ').next(), Some("4k3/8/8/8/8/8/4r3/4K3"));
}

#[test]
fn i12_2023_supervised_blitz_illegal_move_costs_two_minutes() {
    // B.2: a supervised blitz game is played under the Competition Rules; only B.3 (without
    // an arbiter at the board) brings in A.3's one minute.
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    let mut t = Table::with(Edition::Fide2023, 3, 2, Some(fen), true, None);
    t.play("e1d2");
    assert!(t.laws().contains(&"2023 Art. 7.5.5".to_string()));
    let v = t.verdicts();
    assert_eq!(time_added(&v), vec![(Color::Black, Millis::minutes(2))]);
    assert_eq!(t.fen().split(' ').next(), Some("4k3/8/8/8/8/8/4r3/4K3"));
}

fn i13_unclaimed_illegal_move_stands_after_the_reply(edition: Edition) {
    let mut t = Table::with(edition, 15, 10, None, false, None);
    illegal_knight_jump(&mut t);
    t.play("e7e5");
    assert!(t.verdicts().contains(&Verdict::ClaimLapsed {
        player: Color::Black,
        claim: ClaimKind::IllegalMove
    }));
    t.claim(Color::Black, Claim::IllegalMove);
    assert!(t.fen().contains("1N"), "{}", t.fen());
    assert_eq!(t.side(), Color::White);
    // The move that stood is on the score, in the long form (SAN names only legal moves).
    let score: Vec<&str> = t.game.moves().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(score, ["Nb1b3", "e5"]);
}

#[test]
fn i11_2005_a_claimed_illegal_move_leaves_the_score() {
    let mut t = Table::with(Edition::Fide2005, 30, 0, None, true, None);
    illegal_knight_jump(&mut t);
    assert_eq!(t.game.moves().len(), 1, "it stands until claimed");
    t.claim(Color::Black, Claim::IllegalMove);
    assert!(t.game.moves().is_empty());
    t.play("b1c3");
    assert_eq!(t.game.moves()[0].san, "Nc3");
    t.replays();
}

in_both_editions!(
    i13_unclaimed_illegal_move_stands_after_the_reply,
    i13_2005_unclaimed_illegal_move_stands_after_the_reply,
    i13_2023_unclaimed_illegal_move_stands_after_the_reply
);

#[test]
fn i05_2005_knocked_over_pieces_put_back_on_own_time() {
    let mut t = Table::standard(Edition::Fide2005);
    t.plays("e2e4 e7e5");
    // White's sleeve knocks two pawns off the board, and he presses.
    t.lift("d2");
    t.lift("c2");
    t.take();
    let white = t.remaining(Color::White);
    t.press();
    assert_eq!(t.laws(), ["2005 Art. 7.3"]);
    assert!(t.verdicts().contains(&Verdict::Notice {
        what: Noticed::PiecesDisplacedRestoreOnOwnTime
    }));
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::White));
    t.wait(20_000);
    assert!(t.remaining(Color::White) < white - 20_000, "his own time");
    // He puts them back and plays; the sensors cannot tell a knock from a touch, so the
    // first pawn lifted is the one he moves (Art. 4.3a).
    t.place("c2");
    t.place("d2");
    t.lift("d2");
    t.place("d4");
    t.press();
    assert_eq!(t.game.moves().len(), 3);
    assert_eq!(t.game.moves()[2].san, "d4");
}

#[test]
fn i05_2023_a_capture_in_progress_is_not_displacement() {
    let mut t = Table::standard(Edition::Fide2023);
    t.plays("e2e4 d7d5");
    t.lift("d5");
    t.lift("e4");
    t.take();
    t.press();
    assert_eq!(
        t.laws(),
        ["2023 Art. 6.2.1"],
        "pressed before the move was made"
    );
    t.place("d5");
    t.press();
    assert_eq!(t.game.moves()[2].san, "exd5");
}
