//! Claims made with an arbiter present wait for his decision, the clocks stopped: a draw
//! claimed under 2005 Art. 9.2 / 9.3 (2023 Art. 9.2 / 9.3), with the clocks stopped as 2005
//! Art. 9.5 and 2023 Art. 9.5.1 say, is upheld (9.5a / 9.5.2) or rejected (9.5b / 9.5.3) by
//! him. A claim of a win on time is the clock's to rule and does not wait. Rows D-03, D-04,
//! D-06, D-09, D-10 and RB-04 of the checklist, supervised.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::Rejection;
use arbiter_core::arbiter::{Claim, ClaimKind, Decision, Event, Reason, Refused, Verdict};
use arbiter_core::clock::{Millis, Mode, Timestamp};
use arbiter_core::laws::{Edition, Law};
use arbiter_core::touch::Obligation;
use common_laws::{Table, in_both_editions};

const KNIGHTS_TWICE: &str = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";

/// A standard game with or without an arbiter in which the start position has stood three
/// times, White on move.
fn knights_repeated(edition: Edition, arbiter: bool) -> Table {
    let mut t = Table::with(edition, 90, 30, None, arbiter, None);
    t.plays(KNIGHTS_TWICE);
    t.take();
    t
}

fn at(t: &Table) -> Timestamp {
    Timestamp(t.now)
}

fn art9_5_threefold_claim_waits_for_the_arbiter_clocks_stopped(edition: Edition) {
    let mut t = knights_repeated(edition, true);
    t.claim(Color::White, Claim::Repetition { intended: None });
    let state = t.game.state(at(&t));
    assert_eq!(state.running, None, "the clocks are stopped");
    assert_eq!(state.outcome, None, "the arbiter has not ruled yet");
    let pending = state
        .pending_claim
        .expect("the claim waits for the arbiter");
    assert_eq!(
        (pending.player, pending.claim, pending.law),
        (
            Color::White,
            ClaimKind::Repetition,
            Law::new(edition, "Art. 9.2")
        )
    );
    let rulings = t.verdicts();
    assert!(rulings.contains(&Verdict::ClaimPending {
        player: Color::White,
        claim: ClaimKind::Repetition
    }));
    // The plies that prove it, shown to the arbiter before he decides (D-10).
    assert!(rulings.contains(&Verdict::DrawEvidence {
        claim: ClaimKind::Repetition,
        plies: vec![0, 4, 8]
    }));
    // Play waits, and no time runs while he looks.
    assert_eq!(
        t.send(Event::Move {
            mv: "g1f3".parse().unwrap()
        }),
        Err(Refused::ClaimPending)
    );
    let (white, black) = (t.remaining(Color::White), t.remaining(Color::Black));
    t.wait(5 * 60_000);
    t.tick();
    assert_eq!(
        (t.remaining(Color::White), t.remaining(Color::Black)),
        (white, black)
    );
    // Only a quickplay claim may be postponed.
    assert_eq!(
        t.send(Event::Arbiter {
            decision: Decision::Postpone
        }),
        Err(Refused::NotPostponable)
    );
    t.decide(Decision::Accept);
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    let outcome = t.game.state(at(&t)).outcome.expect("over");
    assert_eq!(
        (outcome.reason, outcome.law),
        (Reason::Repetition, Law::new(edition, "Art. 9.2"))
    );
    assert_eq!(t.game.state(at(&t)).pending_claim, None);
    t.replays();
}

in_both_editions!(
    art9_5_threefold_claim_waits_for_the_arbiter_clocks_stopped,
    art9_5a_2005_threefold_claim_waits_for_the_arbiter_clocks_stopped,
    art9_5_1_2023_threefold_claim_waits_for_the_arbiter_clocks_stopped
);

fn art9_5_without_an_arbiter_the_claim_is_ruled_at_once(edition: Edition) {
    let mut t = knights_repeated(edition, false);
    t.claim(Color::White, Claim::Repetition { intended: None });
    assert_eq!(t.game.result().map(|r| r.1), Some(Reason::Repetition));
    assert_eq!(t.game.state(at(&t)).pending_claim, None);
    assert!(
        !t.verdicts()
            .iter()
            .any(|v| matches!(v, Verdict::ClaimPending { .. }))
    );
}

in_both_editions!(
    art9_5_without_an_arbiter_the_claim_is_ruled_at_once,
    art9_5a_2005_without_an_arbiter_the_claim_is_ruled_at_once,
    art9_5_2_2023_without_an_arbiter_the_claim_is_ruled_at_once
);

fn art9_5_wrong_claim_rejected_by_the_arbiter(edition: Edition, bonus: Millis) {
    let mut t = Table::with(edition, 90, 30, None, true, None);
    t.plays("e2e4 e7e5");
    let black = t.remaining(Color::Black);
    t.claim(
        Color::White,
        Claim::Repetition {
            intended: Some("g1f3".parse().unwrap()),
        },
    );
    let pending = t.game.state(at(&t)).pending_claim.expect("waits");
    assert_eq!(pending.intended, vec!["g1f3".parse().unwrap()]);
    // The record shows no repetition: upholding it is refused, and nothing changes.
    assert_eq!(
        t.send(Event::Arbiter {
            decision: Decision::Accept
        }),
        Err(Refused::ClaimNotEstablished)
    );
    assert!(t.game.state(at(&t)).pending_claim.is_some());
    t.take();
    t.decide(Decision::Reject);
    let rulings = t.verdicts();
    assert!(rulings.contains(&Verdict::ClaimRejected {
        player: Color::White,
        claim: ClaimKind::Repetition,
        because: Rejection::NotEstablished
    }));
    assert!(rulings.contains(&Verdict::TimeAdded {
        player: Color::Black,
        ms: bonus
    }));
    assert_eq!(t.remaining(Color::Black), black + bonus.0);
    // Play goes on: the claimant's clock runs again and he must play the move he wrote.
    assert_eq!(t.game.clock().running().map(|(c, _)| c), Some(Color::White));
    assert_eq!(
        t.game.obligation(),
        Obligation::Complete {
            mv: "g1f3".parse().unwrap()
        }
    );
    t.play("g1f3");
    assert_eq!(t.game.moves().len(), 3);
    t.replays();
}

#[test]
fn art9_5b_2005_wrong_claim_rejected_by_the_arbiter_three_minutes() {
    art9_5_wrong_claim_rejected_by_the_arbiter(Edition::Fide2005, Millis::minutes(3));
}

#[test]
fn art9_5_3_2023_wrong_claim_rejected_by_the_arbiter_two_minutes() {
    art9_5_wrong_claim_rejected_by_the_arbiter(Edition::Fide2023, Millis::minutes(2));
}

fn art9_3_fifty_move_claim_with_intended_move_upheld(edition: Edition) {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
    t.claim(
        Color::White,
        Claim::FiftyMoves {
            intended: Some("a1a2".parse().unwrap()),
        },
    );
    let pending = t.game.state(at(&t)).pending_claim.expect("waits");
    assert_eq!(
        (pending.claim, pending.law),
        (ClaimKind::FiftyMoves, Law::new(edition, "Art. 9.3"))
    );
    assert_eq!(t.game.state(at(&t)).running, None);
    t.decide(Decision::Accept);
    assert_eq!(t.game.result().map(|r| r.1), Some(Reason::FiftyMoves));
}

in_both_editions!(
    art9_3_fifty_move_claim_with_intended_move_upheld,
    art9_3a_2005_fifty_move_claim_with_intended_move_upheld,
    art9_3_1_2023_fifty_move_claim_with_intended_move_upheld
);

fn art9_1_claim_waiting_is_an_offer_the_opponent_may_accept(edition: Edition) {
    let mut t = Table::with(edition, 90, 30, None, true, None);
    t.plays("e2e4 e7e5");
    t.claim(Color::White, Claim::Repetition { intended: None });
    assert_eq!(t.game.state(at(&t)).draw_offer, Some(Color::White));
    t.accept_draw(Color::Black);
    assert_eq!(t.game.result().map(|r| r.1), Some(Reason::Agreement));
    assert_eq!(t.game.state(at(&t)).pending_claim, None);
    t.replays();
}

in_both_editions!(
    art9_1_claim_waiting_is_an_offer_the_opponent_may_accept,
    art9_1c_2005_claim_waiting_is_an_offer_the_opponent_may_accept,
    art9_1_2_3_2023_claim_waiting_is_an_offer_the_opponent_may_accept
);

fn art9_5_arbiter_may_reject_a_claim_the_record_shows(edition: Edition) {
    // He saw what the record cannot: the claimant had touched a piece on a wooden board.
    let mut t = knights_repeated(edition, true);
    t.claim(Color::White, Claim::Repetition { intended: None });
    t.decide(Decision::Reject);
    assert_eq!(t.result(), None);
    assert_eq!(t.game.clock().running().map(|(c, _)| c), Some(Color::White));
    t.play("g1f3");
    assert_eq!(t.game.moves().len(), 9);
}

in_both_editions!(
    art9_5_arbiter_may_reject_a_claim_the_record_shows,
    art9_5b_2005_arbiter_may_reject_a_claim_the_record_shows,
    art9_5_3_2023_arbiter_may_reject_a_claim_the_record_shows
);

#[test]
fn art6_11_2005_rapid_win_on_time_claim_is_ruled_at_once_with_an_arbiter() {
    // The arbiter does not call the flag (App. B6), but the claim is the clock's to rule: its
    // reading is conclusive (Art. 6.11), so nothing waits for him.
    let mut t = Table::with(Edition::Fide2005, 15, 0, None, true, Some(Mode::Rapid));
    t.play("e2e4");
    t.wait(15 * 60_000);
    t.tick();
    assert_eq!(t.result(), None, "the arbiter does not call the flag");
    t.claim(Color::White, Claim::WinOnTime);
    assert_eq!(t.game.state(at(&t)).pending_claim, None);
    assert_eq!(t.result().as_deref(), Some("1-0"));
    assert_eq!(t.game.result().map(|r| r.1), Some(Reason::Time));
}

/// The same events as a log of `version`: a supervised 2023 game where White claims the
/// threefold repetition the record shows.
fn claim_log(version: u32) -> String {
    let mut t = knights_repeated(Edition::Fide2023, true);
    t.claim(Color::White, Claim::Repetition { intended: None });
    let text = t.game.log().to_jsonl();
    let (header, events) = text.split_once('\n').expect("a header line");
    let header = header.replace(
        &format!("\"version\":{}", arbiter_core::arbiter::VERSION),
        &format!("\"version\":{version}"),
    );
    format!("{header}\n{events}")
}

/// Log schema version 2 made a claim with an arbiter present wait for him; a log of version 1,
/// written before, replays as it was recorded: the claim ruled at once from the record (2023
/// Art. 9.2 upheld, the game drawn). The replayed game keeps writing version 1, so a game
/// continued from it goes on ruling as it began.
#[test]
fn d03_2023_art_9_5_1_a_version_1_log_replays_its_claim_ruled_at_once() {
    let old = claim_log(1);
    assert!(
        old.starts_with(r#"{"schema":"arbiter-log","version":1,"#),
        "{old}"
    );
    let log = arbiter_core::arbiter::EventLog::from_jsonl(&old).expect("version 1 is read");
    assert_eq!(log.version(), 1);
    let game = arbiter_core::arbiter::Game::replay(&log).expect("replays");
    let (result, reason) = game.result().expect("ruled at once");
    assert_eq!(result.pgn(), "1/2-1/2");
    assert_eq!(reason, Reason::Repetition);
    let verdicts: Vec<&Verdict> = game.rulings().iter().map(|r| &r.verdict).collect();
    assert!(verdicts.contains(&&Verdict::ClaimAccepted {
        player: Color::White,
        claim: ClaimKind::Repetition
    }));
    assert!(
        !verdicts
            .iter()
            .any(|v| matches!(v, Verdict::ClaimPending { .. })),
        "{verdicts:?}"
    );
    assert_eq!(game.log().to_jsonl(), old, "the log keeps its version");

    // The same events in this version wait for the arbiter.
    let new = arbiter_core::arbiter::EventLog::from_jsonl(&claim_log(2)).expect("reads");
    assert_eq!(new.version(), 2);
    let game = arbiter_core::arbiter::Game::replay(&new).expect("replays");
    assert_eq!(game.result(), None);
    let state = game.state(Timestamp(game.log().events().last().unwrap().at.0));
    assert_eq!(
        state.pending_claim.map(|p| p.claim),
        Some(ClaimKind::Repetition)
    );
    // A game continued from a version-1 record rules as that log did.
    let mut continued =
        arbiter_core::arbiter::Game::continuing(log.config().clone(), 1).expect("a game");
    for event in log.events() {
        continued.handle(event.clone()).expect("taken");
    }
    assert_eq!(continued.result(), Some((result, reason)));
}

/// A version this core does not know is refused with both bounds named.
#[test]
fn a_log_of_an_unknown_version_is_refused() {
    let newest = arbiter_core::arbiter::VERSION;
    for version in [0, newest + 1] {
        let err = arbiter_core::arbiter::EventLog::from_jsonl(&claim_log(version)).unwrap_err();
        assert_eq!(err.line, 1);
        assert!(
            err.to_string().contains(&format!(
                "unsupported log version {version} (this core reads versions 1 to {newest})"
            )),
            "{err}"
        );
    }
}
