//! The clock in the game (Art. 6; 2005 App. B6-B8; 2023 App. A.5; quickplay finish, 2005
//! Art. 10 / App. D, 2023 Guidelines III): rows C-02, C-03, C-04, C-11, C-12, C-13, RB-04,
//! RB-06, Q-01, Q-02, Q-03, Q-04.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::Rejection;
use arbiter_core::arbiter::{Claim, ClaimKind, Decision, Event, Reason, Verdict};
use arbiter_core::clock::{Millis, Timestamp};
use arbiter_core::laws::{Edition, Law};
use common_laws::{Table, config, in_both_editions, quickplay};

fn c02_white_clock_starts_at_the_start(edition: Edition) {
    let mut t = Table::standard(edition);
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::White));
    t.wait(9_000);
    assert_eq!(t.remaining(Color::White), 90 * 60_000 - 9_000);
    assert_eq!(t.remaining(Color::Black), 90 * 60_000);
}

in_both_editions!(
    c02_white_clock_starts_at_the_start,
    c02_2005_white_clock_starts_at_the_start,
    c02_2023_white_clock_starts_at_the_start
);

#[test]
fn c03_2005_late_arrival_within_the_hour_plays_on() {
    let mut c = config(Edition::Fide2005, 90, 0);
    c.await_arrival = true;
    let mut t = Table::new(c);
    t.ok(Event::Arrive {
        player: Color::Black,
    });
    t.wait(45 * 60_000);
    t.ok(Event::Arrive {
        player: Color::White,
    });
    assert_eq!(t.result(), None);
    assert_eq!(
        t.remaining(Color::White),
        45 * 60_000 - 2_000,
        "White bears the time he was away"
    );
}

#[test]
fn c03_2005_more_than_an_hour_late_loses() {
    let mut c = config(Edition::Fide2005, 90, 0);
    c.await_arrival = true;
    let mut t = Table::new(c);
    t.ok(Event::Arrive {
        player: Color::White,
    });
    t.play("e2e4");
    t.wait(3_600_000);
    t.tick();
    assert_eq!(t.result().as_deref(), Some("1-0"));
    assert_eq!(t.game.result().unwrap().1, Reason::Default);
    assert!(t.laws().contains(&"2005 Art. 6.7".to_string()));
}

#[test]
fn c03_2023_default_time_zero_loses_on_late_arrival() {
    let mut c = config(Edition::Fide2023, 90, 30);
    c.await_arrival = true;
    let mut t = Table::new(c);
    t.ok(Event::Arrive {
        player: Color::White,
    });
    t.ok(Event::Arrive {
        player: Color::Black,
    });
    assert_eq!(t.result().as_deref(), Some("1-0"));
}

fn c04_move_not_pressed_loses_on_time(edition: Edition) {
    let mut t = Table::with(edition, 90, 0, None, true, None);
    t.ok(Event::Move {
        mv: "e2e4".parse().unwrap(),
    });
    assert_eq!(t.game.poll_deadline(), Some(Timestamp(1_000 + 90 * 60_000)));
    t.wait(90 * 60_000);
    t.tick();
    assert_eq!(t.result().as_deref(), Some("0-1"));
    let fell = t
        .seen
        .iter()
        .find(|r| matches!(r.verdict, Verdict::FlagFell { .. }))
        .unwrap();
    assert_eq!(
        fell.at,
        Timestamp(1_000 + 90 * 60_000),
        "ruled at the exact instant"
    );
    assert_eq!(
        fell.law.to_string(),
        Law::of(edition, "Art. 6.9", "Art. 6.8").to_string()
    );
    t.replays();
}

in_both_editions!(
    c04_move_not_pressed_loses_on_time,
    c04_2005_move_not_pressed_loses_on_time,
    c04_2023_move_not_pressed_loses_on_time
);

const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

#[test]
fn c11_2005_rapid_flag_unclaimed_mate_stands() {
    let mut t = Table::with(Edition::Fide2005, 15, 0, Some(MATE_IN_ONE), true, None);
    t.wait(15 * 60_000);
    t.tick();
    assert!(t.verdicts().contains(&Verdict::ClaimOpen {
        player: Color::Black,
        claim: ClaimKind::WinOnTime
    }));
    t.play("a1a8");
    assert_eq!(t.result().as_deref(), Some("1-0"));
    assert_eq!(t.game.result().unwrap().1, Reason::Checkmate);
}

#[test]
fn c11_2023_rapid_arbiter_calls_the_flag_first() {
    let mut t = Table::with(Edition::Fide2023, 15, 0, Some(MATE_IN_ONE), true, None);
    t.wait(15 * 60_000);
    assert!(
        t.send(Event::Move {
            mv: "a1a8".parse().unwrap()
        })
        .is_err()
    );
    assert_eq!(t.result().as_deref(), Some("0-1"));
    assert!(t.laws().contains(&"2023 App. A.5.5".to_string()));
}

#[test]
fn c12_2005_flag_against_a_lone_bishop_draws() {
    let mut t = Table::with(
        Edition::Fide2005,
        90,
        0,
        Some("8/8/4k3/8/8/3BK3/8/8 b - - 0 1"),
        true,
        None,
    );
    t.wait(90 * 60_000);
    t.tick();
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    assert_eq!(t.game.result().unwrap().1, Reason::TimeButCannotMate);
}

#[test]
fn c12_2023_flag_loses_when_a_helpmate_exists() {
    let mut t = Table::with(
        Edition::Fide2023,
        90,
        0,
        Some("K7/2k5/P7/3n4/8/8/8/8 w - - 0 1"),
        true,
        None,
    );
    t.wait(90 * 60_000);
    t.tick();
    assert_eq!(t.result().as_deref(), Some("0-1"));
    assert!(t.laws().contains(&"2023 Art. 6.9".to_string()));
}

/// Black's flag falls first, unclaimed; later White's falls too; then White claims.
fn both_flags(edition: Edition, arbiter: bool) -> Table {
    let mut t = Table::with(edition, 15, 0, None, arbiter, None);
    t.play("e2e4");
    t.wait(15 * 60_000);
    t.tick();
    if t.result().is_some() {
        return t;
    }
    t.play("e7e5");
    t.wait(15 * 60_000);
    t.tick();
    t.claim(Color::White, Claim::WinOnTime);
    t
}

#[test]
fn rb06_2005_rapid_both_flags_down_draws() {
    let t = both_flags(Edition::Fide2005, true);
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    assert_eq!(t.game.result().unwrap().1, Reason::BothFlags);
    assert!(t.laws().contains(&"2005 App. B8".to_string()));
}

#[test]
fn rb04_2023_unsupervised_first_flag_loses() {
    let t = both_flags(Edition::Fide2023, false);
    assert_eq!(t.result().as_deref(), Some("1-0"));
}

#[test]
fn c13_2023_arbiter_calls_the_first_flag() {
    let t = both_flags(Edition::Fide2023, true);
    assert_eq!(t.result().as_deref(), Some("1-0"));
    assert_eq!(t.game.result().unwrap().1, Reason::Time);
}

#[test]
fn rb04_2005_claim_before_the_flag_falls_is_rejected() {
    let mut t = Table::with(Edition::Fide2005, 15, 0, None, true, None);
    t.play("e2e4");
    t.take();
    t.claim(Color::White, Claim::WinOnTime);
    assert_eq!(t.sole_rejection(), Some(Rejection::FlagNotFallen));
}

fn q01_no_quickplay_claim_in_blitz(edition: Edition) {
    let mut t = quickplay(edition, 5, true);
    t.wait(4 * 60_000);
    t.take();
    t.claim(Color::White, Claim::QuickplayFinish);
    assert_eq!(t.sole_rejection(), Some(Rejection::NotApplicable));
}

in_both_editions!(
    q01_no_quickplay_claim_in_blitz,
    q01_2005_no_quickplay_claim_in_blitz,
    q01_2023_no_quickplay_claim_in_blitz
);

#[test]
fn q02_2005_rejected_claim_gives_the_opponent_two_minutes() {
    let mut t = quickplay(Edition::Fide2005, 60, true);
    t.wait(58 * 60_000);
    t.claim(Color::White, Claim::QuickplayFinish);
    assert!(t.verdicts().contains(&Verdict::ClaimPending {
        player: Color::White,
        claim: ClaimKind::QuickplayFinish
    }));
    assert_eq!(
        t.game.clock().running(),
        None,
        "clocks stopped for the arbiter"
    );
    assert!(
        t.send(Event::Move {
            mv: "e2e4".parse().unwrap()
        })
        .is_err()
    );
    t.decide(Decision::Reject);
    assert_eq!(t.remaining(Color::Black), 62 * 60_000);
    assert!(t.laws().contains(&"2005 Art. 10.2".to_string()));
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::White));
}

#[test]
fn q02_2023_accepted_claim_draws() {
    let mut t = quickplay(Edition::Fide2023, 60, true);
    t.wait(59 * 60_000);
    t.claim(Color::White, Claim::QuickplayFinish);
    t.decide(Decision::Accept);
    assert_eq!(t.game.result().map(|r| r.1), Some(Reason::QuickplayFinish));
    assert!(t.laws().contains(&"2023 Guidelines III.5".to_string()));
}

#[test]
fn q02_2005_claim_with_two_minutes_left_is_rejected() {
    let mut t = quickplay(Edition::Fide2005, 60, true);
    t.wait(50 * 60_000);
    t.take();
    t.claim(Color::White, Claim::QuickplayFinish);
    assert_eq!(t.sole_rejection(), Some(Rejection::TwoMinutesOrMoreLeft));
}

fn q04_without_arbiter_the_claim_is_recorded_for_a_decision(edition: Edition) {
    let mut t = quickplay(edition, 60, false);
    t.wait(59 * 60_000);
    t.claim(Color::White, Claim::QuickplayFinish);
    assert!(
        t.laws()
            .contains(&Law::of(edition, "App. D1", "Guidelines III.6").to_string())
    );
    let state = t.game.state(Timestamp(t.now + 600_000));
    assert!(state.pending_claim.is_some());
    assert!(!state.white.flag, "the clocks stand still");
}

in_both_editions!(
    q04_without_arbiter_the_claim_is_recorded_for_a_decision,
    q04_2005_without_arbiter_the_claim_is_recorded_for_a_decision,
    q04_2023_without_arbiter_the_claim_is_recorded_for_a_decision
);

#[test]
fn q04_2005_claim_after_the_flag_fell_is_refused() {
    let mut t = quickplay(Edition::Fide2005, 60, false);
    t.wait(61 * 60_000);
    t.claim(Color::White, Claim::QuickplayFinish);
    assert!(t.verdicts().iter().any(|v| matches!(
        v,
        Verdict::ClaimRejected {
            because: Rejection::FlagFell,
            ..
        }
    )));
}

#[test]
fn c17_2023_period_started_is_ruled() {
    use arbiter_core::clock::Timing;
    let control = common_laws::moves_then_sudden_death(
        2,
        Millis::minutes(90),
        Millis::minutes(30),
        Timing::None,
    );
    let mut t = Table::new(arbiter_core::arbiter::GameConfig::new(
        Edition::Fide2023,
        control,
    ));
    t.plays("e2e4 e7e5 g1f3");
    assert!(t.verdicts().contains(&Verdict::PeriodStarted {
        player: Color::White,
        period: 1,
        ms: Millis::minutes(30)
    }));
}

fn c15_arbiter_stops_and_restarts_the_clock(edition: Edition) {
    let mut t = Table::standard(edition);
    t.play("e2e4");
    t.decide(Decision::StopClock);
    let black = t.remaining(Color::Black);
    t.wait(600_000);
    assert_eq!(t.remaining(Color::Black), black);
    t.decide(Decision::StartClock);
    t.wait(4_000);
    assert_eq!(t.remaining(Color::Black), black - 4_000);
    assert!(
        t.laws()
            .contains(&Law::of(edition, "Art. 6.13", "Art. 6.11").to_string())
    );
}

in_both_editions!(
    c15_arbiter_stops_and_restarts_the_clock,
    c15_2005_arbiter_stops_and_restarts_the_clock,
    c15_2023_arbiter_stops_and_restarts_the_clock
);

fn c14_arbiter_sets_clocks_and_adds_time(edition: Edition) {
    let mut t = Table::standard(edition);
    t.play("e2e4");
    t.decide(Decision::SetClock {
        white: Millis::minutes(80),
        black: Millis::minutes(85),
    });
    assert_eq!(t.remaining(Color::White), 80 * 60_000);
    assert_eq!(t.remaining(Color::Black), 85 * 60_000);
    // The change is ruled, so the record and the players see it.
    assert!(
        t.laws()
            .contains(&Law::of(edition, "Art. 6.11", "Art. 6.10.2").to_string())
    );
    t.decide(Decision::AddTime {
        player: Color::White,
        ms: Millis::minutes(2),
    });
    assert_eq!(t.remaining(Color::White), 82 * 60_000);
    assert!(
        t.laws()
            .contains(&Law::of(edition, "Art. 13.4", "Art. 12.9").to_string())
    );
}

in_both_editions!(
    c14_arbiter_sets_clocks_and_adds_time,
    c14_2005_arbiter_sets_clocks_and_adds_time,
    c14_2023_arbiter_sets_clocks_and_adds_time
);

#[test]
fn q03_2023_increment_request_declined_by_opponent_granted_by_arbiter() {
    let mut t = quickplay(Edition::Fide2023, 60, true);
    t.plays("e2e4 e7e5");
    // Each play takes 2 s of the mover's clock; White is left with 1:30.
    t.wait(60 * 60_000 - 90_000 - 2_000);
    assert_eq!(t.remaining(Color::White), 90_000);
    t.take();
    t.claim(Color::White, Claim::QuickplayIncrement);
    let rulings = t.take();
    assert_eq!(rulings[0].law.to_string(), "2023 Guidelines III.4");
    assert_eq!(
        rulings[0].verdict,
        Verdict::DrawOffered {
            player: Color::White
        }
    );
    assert!(matches!(rulings[1].verdict, Verdict::ClaimPending { .. }));
    // The clock waits for the arbiter; Black declines the offer.
    assert_eq!(t.game.clock().running(), None);
    t.ok(Event::DeclineDraw {
        player: Color::Black,
    });
    let black = t.remaining(Color::Black);
    t.decide(Decision::Accept);
    assert!(t.verdicts().contains(&Verdict::TimeAdded {
        player: Color::Black,
        ms: Millis::minutes(2)
    }));
    assert_eq!(t.remaining(Color::Black), black + 120_000);
    // Both now get five seconds a move.
    let white = t.remaining(Color::White);
    t.play("g1f3");
    assert_eq!(t.remaining(Color::White), white - 2_000 + 5_000);
    let black = t.remaining(Color::Black);
    t.play("b8c6");
    assert_eq!(t.remaining(Color::Black), black - 2_000 + 5_000);
    t.replays();
}

#[test]
fn q03_2023_increment_request_accepted_as_draw_offer() {
    let mut t = quickplay(Edition::Fide2023, 60, true);
    t.plays("e2e4 e7e5");
    t.wait(59 * 60_000);
    t.claim(Color::White, Claim::QuickplayIncrement);
    t.accept_draw(Color::Black);
    assert_eq!(t.game.result().map(|r| r.1), Some(Reason::Agreement));
}

#[test]
fn q03_2005_no_increment_request_in_the_2005_laws() {
    let mut t = quickplay(Edition::Fide2005, 60, true);
    t.wait(59 * 60_000);
    t.take();
    t.claim(Color::White, Claim::QuickplayIncrement);
    assert_eq!(t.sole_rejection(), Some(Rejection::NotInEdition));
    assert!(t.game.clock().running().is_some());
}

fn p03_no_reminder_to_press_the_clock(edition: Edition) {
    let mut t = Table::standard(edition);
    t.take();
    // White moves and forgets to press; ten minutes pass.
    t.ok(Event::Move {
        mv: "e2e4".parse().unwrap(),
    });
    t.wait(600_000);
    t.tick();
    assert!(t.take().is_empty(), "the arbiter says nothing");
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::White));
}

#[test]
fn p03_2005_no_reminder_to_press_the_clock() {
    // 2005 Art. 13.7 (as the checklist numbers it; verify): the arbiter does not tell a
    // player that he has forgotten to press.
    p03_no_reminder_to_press_the_clock(Edition::Fide2005);
}

#[test]
fn p03_2023_no_reminder_to_press_the_clock() {
    p03_no_reminder_to_press_the_clock(Edition::Fide2023);
}

#[test]
fn rb02_2023_supervision_is_set_for_the_game_and_chooses_the_regime() {
    use arbiter_core::clock::Mode;
    let profile = |arbiter| {
        Table::with(Edition::Fide2023, 25, 10, None, arbiter, Some(Mode::Rapid))
            .game
            .profile()
    };
    // A.4: supervised, the Competition Rules and five scoresheet requests.
    let supervised = profile(true);
    assert!(supervised.arbiter_calls_flag());
    assert!(supervised.scoresheet_requests().is_some());
    assert_eq!(supervised.setup_claim_window(), None);
    // A.5: claims, the ten-move window.
    let unsupervised = profile(false);
    assert!(unsupervised.scoresheet_requests().is_none());
    assert_eq!(unsupervised.setup_claim_window().map(|w| w.0), Some(10));
}

#[test]
fn rb02_2005_one_rapid_regime_with_or_without_an_arbiter() {
    use arbiter_core::clock::Mode;
    let profile = |arbiter| {
        Table::with(Edition::Fide2005, 25, 0, None, arbiter, Some(Mode::Rapid))
            .game
            .profile()
    };
    for arbiter in [true, false] {
        let p = profile(arbiter);
        assert!(!p.arbiter_calls_flag(), "B6 in both");
        assert!(!p.arbiter_enforces_touch(), "B5 in both");
        assert_eq!(p.setup_claim_window().map(|w| w.0), Some(3), "B4 in both");
    }
}

/// Standard play, nobody watching the flags: Black's falls first, then White's, then White
/// claims. The electronic clock knows the order, so the first flag loses (2005 Art. 6.12 /
/// 2023 Guidelines III.3.1 draw only when it cannot be established).
fn c13_standard_first_of_two_flags_loses(edition: Edition) {
    use arbiter_core::clock::Mode;
    let mut t = Table::with(edition, 15, 0, None, false, Some(Mode::Standard));
    t.play("e2e4");
    t.wait(15 * 60_000);
    t.tick();
    assert_eq!(t.result(), None, "no arbiter sees it");
    t.play("e7e5");
    t.wait(15 * 60_000);
    t.tick();
    t.claim(Color::White, Claim::WinOnTime);
    assert_eq!(t.result().as_deref(), Some("1-0"));
    assert_eq!(t.game.result().unwrap().1, Reason::Time);
}

in_both_editions!(
    c13_standard_first_of_two_flags_loses,
    c13_2005_standard_first_of_two_flags_loses,
    c13_2023_standard_first_of_two_flags_loses
);
