//! What a screen shows, as data in `State` (the shells render it and never recompute it):
//! whether the game has started, the move made and not yet completed, the claims open to each
//! player with their articles (rows D-03, D-04, D-05, C-11), the clock's caption (C-01: period,
//! moves made and to go, timing), the flags and the result with its article.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::{ClaimKind, Event, Game, OpenClaim, Stamped};
use arbiter_core::clock::{Millis, Timestamp, Timing};
use arbiter_core::laws::{Edition, Law};
use common_laws::{Table, config, in_both_editions, moves_then_sudden_death};

fn state(t: &Table) -> arbiter_core::arbiter::State {
    t.game.state(Timestamp(t.now))
}

fn claims_of(t: &Table, kind: ClaimKind) -> Vec<OpenClaim> {
    state(t)
        .open_claims
        .into_iter()
        .filter(|c| c.claim == kind)
        .collect()
}

fn d03_threefold_on_the_board_is_open_to_the_player_on_move(edition: Edition) {
    let mut t = Table::standard(edition);
    t.plays("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    // Black may claim with 4...Ng8, which brings the start position a third time.
    let black = claims_of(&t, ClaimKind::Repetition);
    assert_eq!(black.len(), 1, "{black:?}");
    assert_eq!(black[0].player, Color::Black);
    assert_eq!(black[0].law, Law::of(edition, "Art. 9.2a", "Art. 9.2.1.1"));
    assert_eq!(black[0].intended, vec!["f6g8".parse().unwrap()]);
    t.play("f6g8");
    // The start position has now appeared three times: White may claim on the board (9.2b),
    // and with 5.Nf3, whose position would appear a third time (9.2a).
    let white = claims_of(&t, ClaimKind::Repetition);
    assert_eq!(
        white,
        vec![
            OpenClaim {
                player: Color::White,
                claim: ClaimKind::Repetition,
                law: Law::of(edition, "Art. 9.2b", "Art. 9.2.1.2"),
                intended: Vec::new(),
            },
            OpenClaim {
                player: Color::White,
                claim: ClaimKind::Repetition,
                law: Law::of(edition, "Art. 9.2a", "Art. 9.2.1.1"),
                intended: vec!["g1f3".parse().unwrap()],
            },
        ]
    );
    // Touching a piece forfeits the claim on this move (Art. 9.4).
    t.touch("b1");
    assert!(claims_of(&t, ClaimKind::Repetition).is_empty());
}

in_both_editions!(
    d03_threefold_on_the_board_is_open_to_the_player_on_move,
    d03_2005_art_9_2_threefold_is_open_to_the_player_on_move_until_he_touches,
    d03_2023_art_9_2_1_threefold_is_open_to_the_player_on_move_until_he_touches
);

fn d04_fifty_moves_open_on_the_board_or_with_a_quiet_move(edition: Edition) {
    let at_99 = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let t = Table::with(edition, 90, 30, Some(at_99), true, None);
    let claims = claims_of(&t, ClaimKind::FiftyMoves);
    assert_eq!(claims.len(), 1);
    assert_eq!(claims[0].law, Law::of(edition, "Art. 9.3a", "Art. 9.3.1"));
    assert!(claims[0].intended.contains(&"a1a2".parse().unwrap()));
    assert!(
        claims[0].intended.contains(&"a1a8".parse().unwrap()),
        "a check is quiet too"
    );
    let at_100 = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80";
    let t = Table::with(edition, 90, 30, Some(at_100), true, None);
    let claims = claims_of(&t, ClaimKind::FiftyMoves);
    assert_eq!(claims.len(), 1);
    assert_eq!(claims[0].law, Law::of(edition, "Art. 9.3b", "Art. 9.3.2"));
    assert!(claims[0].intended.is_empty());
}

in_both_editions!(
    d04_fifty_moves_open_on_the_board_or_with_a_quiet_move,
    d04_2005_art_9_3_fifty_moves_open_on_the_board_or_with_a_quiet_move,
    d04_2023_art_9_3_fifty_moves_open_on_the_board_or_with_a_quiet_move
);

#[test]
fn state_says_whether_the_game_has_started() {
    let mut game = Game::new(config(Edition::Fide2023, 5, 3)).unwrap();
    assert!(!game.state(Timestamp(0)).started);
    game.handle(Stamped {
        at: Timestamp(10),
        event: Event::Start,
    })
    .unwrap();
    assert!(game.state(Timestamp(10)).started);
}

fn c04_the_move_made_and_not_yet_completed(edition: Edition) {
    let mut t = Table::standard(edition);
    assert_eq!(state(&t).made, None);
    t.ok(Event::Move {
        mv: "e2e4".parse().unwrap(),
    });
    assert_eq!(state(&t).made, Some("e2e4".parse().unwrap()));
    t.press();
    assert_eq!(state(&t).made, None);
    // On a sensor board: made once the piece stands on its new square.
    t.lift("e7");
    assert_eq!(state(&t).made, None);
    t.place("e5");
    assert_eq!(state(&t).made, Some("e7e5".parse().unwrap()));
}

in_both_editions!(
    c04_the_move_made_and_not_yet_completed,
    c04_2005_art_6_8a_the_move_made_and_not_yet_completed,
    c04_2023_art_6_2_1_the_move_made_and_not_yet_completed
);

#[test]
fn c01_the_clock_caption_period_moves_made_and_to_go_timing() {
    let control = moves_then_sudden_death(
        40,
        Millis::minutes(90),
        Millis::minutes(30),
        Timing::Increment(Millis::seconds(30)),
    );
    let mut c = config(Edition::Fide2023, 90, 30);
    c.time_control = control;
    let mut t = Table::new(c);
    let s = state(&t);
    assert_eq!(
        (s.white.period, s.white.moves_in_period, s.white.moves_to_go),
        (0, 0, Some(40))
    );
    assert_eq!(s.white.timing, Timing::Increment(Millis::seconds(30)));
    t.plays("e2e4 e7e5 g1f3");
    let s = state(&t);
    assert_eq!(
        (s.white.moves_in_period, s.white.moves_to_go),
        (2, Some(38))
    );
    assert_eq!(
        (s.black.moves_in_period, s.black.moves_to_go),
        (1, Some(39))
    );
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["white"]["moves_to_go"], 38);
    assert_eq!(json["white"]["timing"]["kind"], "increment");
    assert_eq!(json["white"]["timing"]["ms"], 30_000);
}

fn c11_a_flag_and_when_it_fell(edition: Edition) {
    // 2005: the flag is observed and the opponent may claim (the claim is listed with its
    // article); 2023 the same in a standard game with an arbiter.
    let mut c = config(edition, 1, 0);
    c.arbiter_present = false;
    let mut t = Table::new(c);
    let started = t.now;
    t.wait(61_000);
    t.tick();
    let s = state(&t);
    assert!(s.white.flag);
    assert_eq!(s.white.flag_fell_at, Some(Timestamp(started + 60_000)));
    assert!(!s.black.flag && s.black.flag_fell_at.is_none());
    if let Some(outcome) = &s.outcome {
        assert_eq!(outcome.at, Timestamp(started + 60_000));
    } else {
        let time = claims_of(&t, ClaimKind::WinOnTime);
        assert_eq!(time.len(), 1);
        assert_eq!(time[0].player, Color::Black);
    }
}

in_both_editions!(
    c11_a_flag_and_when_it_fell,
    c11_2005_art_6_9_a_flag_and_when_it_fell,
    c11_2023_art_6_8_a_flag_and_when_it_fell
);

fn e01_the_result_with_its_article(edition: Edition) {
    let mut t = Table::standard(edition);
    t.plays("f2f3 e7e5 g2g4");
    t.ok(Event::Move {
        mv: "d8h4".parse().unwrap(),
    });
    let s = state(&t);
    let outcome = s.outcome.expect("over");
    assert_eq!(outcome.law, Law::of(edition, "Art. 5.1a", "Art. 5.1.1"));
    assert_eq!(outcome.at, Timestamp(t.now));
    let json = serde_json::to_value(state(&t)).unwrap();
    assert_eq!(json["outcome"]["result"], "0-1");
    assert_eq!(json["outcome"]["reason"], "checkmate");
    assert_eq!(
        json["outcome"]["law"]["article"],
        Law::of(edition, "Art. 5.1a", "Art. 5.1.1").article.0
    );
    assert!(json["open_claims"].as_array().unwrap().is_empty());
}

in_both_editions!(
    e01_the_result_with_its_article,
    e01_2005_art_5_1a_the_result_with_its_article,
    e01_2023_art_5_1_1_the_result_with_its_article
);

#[test]
fn state_field_names_are_stable() {
    let mut t = Table::standard(Edition::Fide2023);
    t.plays("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    let json = serde_json::to_value(state(&t)).unwrap();
    for field in [
        "at",
        "started",
        "edition",
        "mode",
        "fen",
        "side_to_move",
        "illegal_position",
        "move_number",
        "white",
        "black",
        "running",
        "obligation",
        "made",
        "draw_offer",
        "open_claims",
        "pending_claim",
        "illegal_moves",
        "quiet_plies",
        "sealed",
        "outcome",
        "announced",
    ] {
        assert!(json.get(field).is_some(), "State has {field}: {json}");
    }
    for field in [
        "remaining",
        "used",
        "moves",
        "period",
        "moves_in_period",
        "moves_to_go",
        "timing",
        "flag",
        "flag_fell_at",
        "must_record",
    ] {
        assert!(json["white"].get(field).is_some(), "ClockView has {field}");
    }
    let claim = &json["open_claims"][0];
    assert_eq!(claim["player"], "white");
    assert_eq!(claim["claim"], "repetition");
    assert_eq!(claim["law"]["edition"], "2023");
    assert_eq!(claim["law"]["article"], "Art. 9.2.1.2");
    assert_eq!(claim["intended"], serde_json::json!([]));
    assert_eq!(
        json["open_claims"][1]["intended"],
        serde_json::json!(["g1f3"])
    );
}
