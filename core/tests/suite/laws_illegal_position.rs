//! An illegal position left by an unclaimed illegal move in unsupervised rapid and blitz:
//! both kings in check, or a pawn on the last rank (row I-14: 2023 App. A.5.4; 2005: the
//! reading in `laws::illegal_position`).

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::Noticed;
use arbiter_core::arbiter::{Claim, ClaimKind, Decision, Event, Reason, Refused, Verdict};
use arbiter_core::clock::Millis;
use arbiter_core::laws::Edition;
use common_laws::Table;

/// White is in check from the rook on e2 and answers with Rc8+: both kings in check.
const BOTH_IN_CHECK: &str = "3k4/8/8/8/8/8/4r3/2R1K3 w - - 0 1";
/// White's pawn on a7 may promote; Black's rook on b8 can take on a8.
const PAWN_TO_PROMOTE: &str = "1r5k/P7/8/8/8/8/8/7K w - - 0 1";

fn unsupervised_rapid(edition: Edition, fen: &str) -> Table {
    // 25 minutes: rapid in both editions (2005 App. B1, 2023 App. A.1).
    Table::with(edition, 25, 0, Some(fen), false, None)
}

fn make(t: &mut Table, mv: &str) -> Result<(), Refused> {
    t.send(Event::Move {
        mv: mv.parse().unwrap(),
    })
}

fn complete(t: &mut Table, mv: &str) {
    let side = t.side();
    make(t, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    t.ok(Event::PressClock { player: side });
}

/// White completes Rc8+ with his own king in check; returns the article of the wait.
fn both_kings_in_check(t: &mut Table) -> String {
    complete(t, "c1c8");
    let rulings = t.take();
    assert!(rulings.iter().any(|r| r.verdict
        == Verdict::ClaimOpen {
            player: Color::Black,
            claim: ClaimKind::IllegalMove
        }));
    let wait = rulings
        .iter()
        .find(|r| {
            r.verdict
                == Verdict::IllegalPosition {
                    fen: "2Rk4/8/8/8/8/8/4r3/4K3 b".to_string(),
                }
        })
        .expect("the illegal position is reported");
    assert_eq!(t.side(), Color::Black);
    wait.law.to_string()
}

#[test]
fn i14_2023_both_kings_still_in_check_after_the_reply_is_a_draw() {
    let mut t = unsupervised_rapid(Edition::Fide2023, BOTH_IN_CHECK);
    assert_eq!(both_kings_in_check(&mut t), "2023 App. A.5.4");
    // Black ignores the check too: the rook steps down the file, still checking White.
    complete(&mut t, "e2e3");
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    assert_eq!(
        t.game.result().map(|(_, reason)| reason),
        Some(Reason::IllegalPosition)
    );
    assert_eq!(t.laws().last().map(String::as_str), Some("2023 App. A.5.4"));
    t.replays();
}

#[test]
fn i14_2023_a_reply_that_leaves_a_legal_position_plays_on() {
    let mut t = unsupervised_rapid(Edition::Fide2023, BOTH_IN_CHECK);
    both_kings_in_check(&mut t);
    complete(&mut t, "d8c8");
    let v = t.verdicts();
    assert!(v.contains(&Verdict::ClaimLapsed {
        player: Color::Black,
        claim: ClaimKind::IllegalMove
    }));
    assert!(v.contains(&Verdict::PositionLegalAgain {
        fen: "2k5/8/8/8/8/8/4r3/4K3 w - - 0 2".to_string()
    }));
    assert_eq!(t.result(), None);
    assert!(t.game.illegal_position().is_none());
    assert_eq!(t.game.moves().last().unwrap().san, "Kd8xc8");
    // White, in check, now plays a legal move, and the game goes on by the rules.
    complete(&mut t, "e1e2");
    assert_eq!(t.fen(), "2k5/8/8/8/8/8/4K3/8 b - - 0 2");
    t.replays();
}

#[test]
fn i14_2023_an_unpromoted_pawn_left_on_the_last_rank_draws_after_the_reply() {
    let mut t = unsupervised_rapid(Edition::Fide2023, PAWN_TO_PROMOTE);
    t.lift("a7");
    t.place("a8");
    t.press();
    let v = t.verdicts();
    assert!(v.contains(&Verdict::IllegalPosition {
        fen: "Pr5k/8/8/8/8/8/8/7K b".to_string()
    }));
    // Unsupervised, nobody puts a queen there (7.5.2 waits for a claim).
    assert_eq!(t.fen(), PAWN_TO_PROMOTE);
    complete(&mut t, "h8g8");
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    t.replays();
}

#[test]
fn i14_2023_taking_the_pawn_on_the_last_rank_makes_the_position_legal() {
    let mut t = unsupervised_rapid(Edition::Fide2023, PAWN_TO_PROMOTE);
    t.lift("a7");
    t.place("a8");
    t.press();
    t.take();
    complete(&mut t, "b8a8");
    assert_eq!(t.result(), None);
    assert_eq!(t.fen(), "r6k/8/8/8/8/8/8/7K w - - 0 2");
    t.replays();
}

#[test]
fn i14_2023_a_claim_before_the_reply_makes_the_pawn_a_queen_and_costs_a_minute() {
    let mut t = unsupervised_rapid(Edition::Fide2023, PAWN_TO_PROMOTE);
    t.lift("a7");
    t.place("a8");
    t.press();
    t.take();
    let black = t.remaining(Color::Black);
    t.claim(Color::Black, Claim::IllegalMove);
    assert_eq!(t.fen(), "Qr5k/8/8/8/8/8/8/7K b - - 0 1");
    assert!(t.game.illegal_position().is_none());
    // A.3: one minute to the claimant; his own clock ran a second for the claim.
    assert_eq!(t.remaining(Color::Black), black + 60_000 - 1_000);
    assert!(t.verdicts().contains(&Verdict::TimeAdded {
        player: Color::Black,
        ms: Millis::minutes(1)
    }));
    complete(&mut t, "b8a8");
    assert_eq!(t.fen(), "r6k/8/8/8/8/8/8/7K w - - 0 2");
    t.replays();
}

#[test]
fn i14_2023_moves_on_the_illegal_position_follow_the_patterns() {
    let mut t = unsupervised_rapid(Edition::Fide2023, BOTH_IN_CHECK);
    both_kings_in_check(&mut t);
    assert!(matches!(make(&mut t, "e2e1"), Err(Refused::NotAMove(_)),));
    assert!(matches!(make(&mut t, "e2d3"), Err(Refused::NotAMove(_))));
    // Pressing before a move is made completes nothing.
    t.ok(Event::PressClock {
        player: Color::Black,
    });
    assert_eq!(t.laws(), ["2023 Art. 6.2.1"]);
    assert!(t.game.illegal_position().is_some());
}

#[test]
fn i14_2005_rapid_still_illegal_after_the_reply_waits_for_the_arbiter() {
    let mut t = unsupervised_rapid(Edition::Fide2005, BOTH_IN_CHECK);
    assert_eq!(both_kings_in_check(&mut t), "2005 App. B5");
    // Black touches his rook: his claim is gone (B5), and he moves it, still in check.
    t.lift("e2");
    assert!(t.verdicts().contains(&Verdict::ClaimLapsed {
        player: Color::Black,
        claim: ClaimKind::IllegalMove
    }));
    complete(&mut t, "e2e3");
    assert_eq!(t.result(), None, "the 2005 Laws write no draw for it");
    assert!(t.laws().iter().all(|l| l == "2005 Art. 7.4a"));
    assert!(t.verdicts().contains(&Verdict::Notice {
        what: Noticed::IllegalPositionNeedsArbiter
    }));
    assert_eq!(t.game.clock().running(), None);
    assert_eq!(make(&mut t, "e1d2"), Err(Refused::IllegalPosition));
    // The arbiter restores the last position that can be established (7.4a).
    t.decide(Decision::Restore {
        ply: 0,
        cause: Default::default(),
    });
    assert!(t.game.illegal_position().is_none());
    assert_eq!(t.fen(), BOTH_IN_CHECK);
    t.decide(Decision::StartClock);
    complete(&mut t, "e1e2");
    assert_eq!(t.side(), Color::Black);
    t.replays();
}

#[test]
fn i14_2005_a_reply_that_leaves_a_legal_position_plays_on() {
    let mut t = unsupervised_rapid(Edition::Fide2005, BOTH_IN_CHECK);
    both_kings_in_check(&mut t);
    complete(&mut t, "d8c8");
    let v = t.verdicts();
    assert!(v.contains(&Verdict::PositionLegalAgain {
        fen: "2k5/8/8/8/8/8/4r3/4K3 w - - 0 2".to_string()
    }));
    assert_eq!(t.result(), None);
    t.replays();
}

#[test]
fn i14_2005_a_claim_before_touching_restores_the_position() {
    let mut t = unsupervised_rapid(Edition::Fide2005, BOTH_IN_CHECK);
    both_kings_in_check(&mut t);
    let black = t.remaining(Color::Black);
    t.claim(Color::Black, Claim::IllegalMove);
    assert!(t.game.illegal_position().is_none());
    assert_eq!(t.fen(), BOTH_IN_CHECK);
    // 7.4b through B2: two minutes to the claimant; his clock ran a second for the claim.
    assert_eq!(t.remaining(Color::Black), black + 120_000 - 1_000);
    t.replays();
}
