//! Adjourned games (2005 App. A; 2023 Guidelines I): rows.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::Noticed;
use arbiter_core::arbiter::{Decision, Event, Reason, Refused, Verdict};
use arbiter_core::clock::{Millis, Timestamp};
use arbiter_core::laws::{Edition, adjourn};
use common_laws::{Table, config, in_both_editions};

const PASS: &str = "arbiter's passphrase";

fn envelope(text: &str) -> arbiter_core::laws::SealedEnvelope {
    adjourn::seal(
        text,
        PASS,
        b"fixed salt 16 by",
        [3; 12],
        adjourn::MIN_ITERATIONS,
    )
    .unwrap()
}

fn sealed_game(edition: Edition, fen: Option<&str>, text: &str) -> Table {
    let mut c = config(edition, 90, 0);
    c.fen = fen.map(str::to_string);
    let mut t = Table::new(c);
    if fen.is_none() {
        t.plays("e2e4 e7e5");
    }
    let side = t.side();
    t.ok(Event::Seal {
        player: side,
        envelope: envelope(text),
    });
    t
}

fn a01_sealing_stops_both_clocks_and_hides_the_move(edition: Edition) {
    let mut t = sealed_game(edition, None, "Nf3");
    assert!(t.verdicts().contains(&Verdict::Sealed {
        player: Color::White
    }));
    assert_eq!(t.game.clock().running(), None);
    let white = t.remaining(Color::White);
    t.wait(3_600_000);
    assert_eq!(t.remaining(Color::White), white);
    let log = t.game.log().to_jsonl();
    assert!(
        !log.contains("Nf3") && !log.contains("g1f3"),
        "the log never holds the move in the clear"
    );
    let state = serde_json::to_string(&t.game.state(Timestamp(t.now))).unwrap();
    assert!(!state.contains("Nf3") && state.contains("\"sealed\":true"));
    assert_eq!(
        t.send(Event::Move {
            mv: "g1f3".parse().unwrap()
        }),
        Err(Refused::Adjourned)
    );
}

in_both_editions!(
    a01_sealing_stops_both_clocks_and_hides_the_move,
    a01_2005_sealing_stops_both_clocks_and_hides_the_move,
    a01_2023_sealing_stops_both_clocks_and_hides_the_move
);

fn a02_adjourning_early_charges_the_rest_of_the_session(edition: Edition) {
    let mut c = config(edition, 90, 0);
    c.session_end = Some(Timestamp(1_000 + 30 * 60_000));
    let mut t = Table::new(c);
    t.wait(8 * 60_000);
    // Sealed at 1 000 + 8 min + 1 s: 21 min 59 s before the session's end.
    t.ok(Event::Seal {
        player: Color::White,
        envelope: envelope("e4"),
    });
    let charge = Millis(30 * 60_000 - 8 * 60_000 - 1_000);
    assert!(t.verdicts().contains(&Verdict::TimeCharged {
        player: Color::White,
        ms: charge
    }));
    assert_eq!(t.remaining(Color::White), 60 * 60_000);
    assert!(t.laws().is_empty());
}

in_both_editions!(
    a02_adjourning_early_charges_the_rest_of_the_session,
    a02_2005_adjourning_early_charges_the_rest_of_the_session,
    a02_2023_adjourning_early_charges_the_rest_of_the_session
);

fn arrive(t: &mut Table, players: &[Color]) {
    for &player in players {
        t.ok(Event::Arrive { player });
    }
}

fn a05_envelope_opens_only_with_the_replier_present(edition: Edition) {
    // 2023 I.10 / 6.7.1: the default time is zero unless the event sets one; give an hour,
    // the 2005 default (A10), so that the replier may come late in both editions.
    let mut c = config(edition, 90, 0);
    c.default_time = Some(Millis::minutes(60));
    let mut t = Table::new(c);
    t.plays("e2e4 e7e5");
    t.ok(Event::Seal {
        player: Color::White,
        envelope: envelope("Nf3"),
    });
    arrive(&mut t, &[Color::White]);
    t.ok(Event::Resume);
    t.take();
    let black = t.remaining(Color::Black);
    // A9b: the replier is absent, so his clock is started and the envelope stays shut.
    t.ok(Event::Open {
        passphrase: PASS.into(),
    });
    assert!(t.verdicts().contains(&Verdict::ClockStarted {
        player: Color::Black
    }));
    assert_eq!(
        t.send(Event::Open {
            passphrase: PASS.into()
        }),
        Err(Refused::ReplierAbsent)
    );
    t.wait(5 * 60_000);
    arrive(&mut t, &[Color::Black]);
    assert!(matches!(
        t.send(Event::Open {
            passphrase: "guess".into()
        }),
        Err(Refused::Envelope(_))
    ));
    t.ok(Event::Open {
        passphrase: PASS.into(),
    });
    assert!(t.verdicts().contains(&Verdict::EnvelopeOpened {
        mv: "g1f3".parse().unwrap()
    }));
    assert_eq!(t.game.moves().last().unwrap().san, "Nf3");
    assert_eq!(
        t.game.clock().running().map(|r| r.0),
        Some(Color::Black),
        "the replier's clock runs"
    );
    // Black is charged from the moment his clock was started (5 min and 3 events of 1 s).
    assert_eq!(t.remaining(Color::Black), black - 5 * 60_000 - 4_000);
    t.replays();
}

in_both_editions!(
    a05_envelope_opens_only_with_the_replier_present,
    a05_2005_envelope_opens_only_with_the_replier_present,
    a05_2023_envelope_opens_only_with_the_replier_present
);

fn a04_draw_offer_after_sealing_stands_and_can_be_accepted(edition: Edition) {
    let mut t = sealed_game(edition, None, "Nf3");
    t.offer_draw(Color::Black);
    arrive(&mut t, &[Color::White, Color::Black]);
    t.ok(Event::Resume);
    t.accept_draw(Color::White);
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    assert_eq!(t.game.result().unwrap().1, Reason::Agreement);
}

in_both_editions!(
    a04_draw_offer_after_sealing_stands_and_can_be_accepted,
    a04_2005_draw_offer_after_sealing_stands_and_can_be_accepted,
    a04_2023_draw_offer_after_sealing_stands_and_can_be_accepted
);

#[test]
fn a06_2005_ambiguous_sealed_move_loses() {
    let fen = "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1";
    let mut t = sealed_game(Edition::Fide2005, Some(fen), "Nf3");
    arrive(&mut t, &[Color::White, Color::Black]);
    t.ok(Event::Resume);
    t.ok(Event::Open {
        passphrase: PASS.into(),
    });
    assert_eq!(t.result().as_deref(), Some("0-1"));
    assert_eq!(t.game.result().unwrap().1, Reason::SealedMove);
    assert!(t.laws().contains(&"2005 App. A8".to_string()));
}

#[test]
fn a06_2023_illegal_sealed_move_in_a_dead_position_draws() {
    let mut t = sealed_game(
        Edition::Fide2023,
        Some("8/8/4k3/8/8/3BK3/8/8 w - - 0 1"),
        "Bh8",
    );
    arrive(&mut t, &[Color::White, Color::Black]);
    t.ok(Event::Resume);
    t.ok(Event::Open {
        passphrase: PASS.into(),
    });
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    assert!(t.laws().contains(&"2023 Guidelines I.8".to_string()));
}

#[test]
fn a07_2005_replier_more_than_an_hour_late_loses() {
    let mut t = sealed_game(Edition::Fide2005, None, "Nf3");
    arrive(&mut t, &[Color::White]);
    t.ok(Event::Resume);
    t.wait(3_600_000);
    arrive(&mut t, &[Color::Black]);
    assert_eq!(t.result().as_deref(), Some("1-0"));
    assert!(t.laws().contains(&"2005 App. A10".to_string()));
}

#[test]
fn a07_2023_replier_late_loses_with_default_time_zero() {
    let mut t = sealed_game(Edition::Fide2023, None, "Nf3");
    arrive(&mut t, &[Color::White]);
    t.ok(Event::Resume);
    arrive(&mut t, &[Color::Black]);
    assert_eq!(t.result().as_deref(), Some("1-0"));
    assert!(t.laws().contains(&"2023 Guidelines I.10".to_string()));
}

#[test]
fn a07_2005_late_sealer_is_left_to_the_arbiter() {
    let mut t = sealed_game(Edition::Fide2005, None, "Nf3");
    arrive(&mut t, &[Color::Black]);
    t.ok(Event::Resume);
    t.take();
    t.wait(3_600_000);
    t.tick();
    assert!(
        t.seen.is_empty(),
        "an hour late is not yet more than an hour"
    );
    t.wait(1);
    t.tick();
    assert_eq!(t.result(), None);
    assert_eq!(
        t.verdicts(),
        vec![Verdict::Notice {
            what: Noticed::SealerLateArbiterOpensEnvelope
        }]
    );
}

fn a03_envelope_record_holds_position_times_sealer_and_offer(edition: Edition) {
    let mut c = config(edition, 90, 0);
    c.white = "Ada".to_string();
    c.black = "Bo".to_string();
    let mut t = Table::new(c);
    t.wait(10_000);
    t.plays("e2e4 e7e5");
    assert!(
        t.game.envelope_record(Timestamp(t.now)).is_none(),
        "nothing sealed yet"
    );
    t.wait(5_000);
    t.offer_draw(Color::White);
    let fen = t.fen();
    t.ok(Event::Seal {
        player: Color::White,
        envelope: envelope("Nf3"),
    });
    let record = t.game.envelope_record(Timestamp(t.now + 60_000)).unwrap();
    assert_eq!(
        (record.white.as_str(), record.black.as_str()),
        ("Ada", "Bo")
    );
    assert_eq!(record.fen, fen, "the position before the sealed move");
    assert_eq!(record.sealer, Color::White);
    assert_eq!((record.move_number, record.ply), (2, 2));
    // White: 12 s for e4, then 5 s + the offer's second + the seal's second; Black: 2 s.
    assert_eq!(record.used, [Millis(19_000), Millis(2_000)]);
    assert_eq!(
        record.remaining,
        [Millis(5_400_000 - 19_000), Millis(5_400_000 - 2_000)]
    );
    assert_eq!(record.draw_offer, Some(Color::White));
    assert_eq!(record.digest.len(), 64);
    let json = serde_json::to_string(&record).unwrap();
    assert!(!json.contains("Nf3") && !json.contains("g1f3"), "{json}");
    // The digest changes with any field: another sealer time gives another digest.
    let mut t2 = sealed_game(edition, None, "Nf3");
    t2.wait(1);
    let other = t2.game.envelope_record(Timestamp(t2.now)).unwrap();
    assert_ne!(other.digest, record.digest);
}

in_both_editions!(
    a03_envelope_record_holds_position_times_sealer_and_offer,
    a03_2005_envelope_record_holds_position_times_sealer_and_offer,
    a03_2023_envelope_record_holds_position_times_sealer_and_offer
);

#[test]
fn a08_2005_lost_envelope_resumes_from_adjourned_position_sealer_plays_his_move() {
    let mut t = sealed_game(Edition::Fide2005, None, "Nf3");
    let (white, black) = (t.remaining(Color::White), t.remaining(Color::Black));
    let fen = t.fen();
    t.ok(Event::Resume);
    t.take();
    t.decide(Decision::EnvelopeLost);
    assert_eq!(t.laws(), ["2005 App. A11"]);
    assert_eq!(t.fen(), fen);
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::White));
    assert_eq!(t.remaining(Color::White), white);
    t.play("g1f3");
    assert_eq!(t.remaining(Color::Black), black);
    assert_eq!(t.game.moves().len(), 3);
    assert!(!t.game.state(Timestamp(t.now)).sealed);
    t.replays();
}

#[test]
fn a08_2023_lost_envelope_only_when_sealed() {
    let mut t = Table::standard(Edition::Fide2023);
    assert_eq!(
        t.send(Event::Arbiter {
            decision: Decision::EnvelopeLost
        }),
        Err(Refused::NotSealed)
    );
    let mut t = sealed_game(Edition::Fide2023, None, "Nf3");
    t.take();
    t.decide(Decision::EnvelopeLost);
    assert_eq!(t.laws(), ["2023 Guidelines I.12"]);
}

fn clock_error(t: &mut Table, player: Color) -> Vec<(String, Verdict)> {
    t.take();
    t.decide(Decision::ResumptionClockError { player });
    t.take_with_laws()
}

#[test]
fn a08_2005_clock_error_at_resumption_corrected_only_before_the_first_move() {
    let mut t = sealed_game(Edition::Fide2005, None, "Nf3");
    assert_eq!(
        t.send(Event::Arbiter {
            decision: Decision::ResumptionClockError {
                player: Color::Black
            }
        }),
        Err(Refused::NotResumed)
    );
    arrive(&mut t, &[Color::White, Color::Black]);
    t.ok(Event::Resume);
    t.ok(Event::Open {
        passphrase: PASS.into(),
    });
    let corrected = (
        "2005 App. A12".to_string(),
        Verdict::Notice {
            what: Noticed::ClockErrorToBeCorrected,
        },
    );
    let stands = (
        "2005 App. A12".to_string(),
        Verdict::Notice {
            what: Noticed::ClockErrorStands,
        },
    );
    assert_eq!(
        clock_error(&mut t, Color::Black),
        std::slice::from_ref(&corrected)
    );
    t.play("b8c6");
    assert_eq!(
        clock_error(&mut t, Color::Black),
        std::slice::from_ref(&stands)
    );
    // The sealed move was not White's first move of the session.
    assert_eq!(clock_error(&mut t, Color::White), [corrected]);
    t.play("f1b5");
    assert_eq!(clock_error(&mut t, Color::White), [stands]);
    t.replays();
}
