//! Recording the moves (Art. 8) and the scoresheet: rows and RB-07.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::Noticed;
use arbiter_core::arbiter::{
    Claim, Decision, Event, GameConfig, GameResult, Reason, Refused, Verdict,
};
use arbiter_core::clock::{Millis, Mode, Timestamp, Timing};
use arbiter_core::laws::{Edition, Law};
use common_laws::{Table, config, in_both_editions};

#[test]
fn r03_2005_draw_offer_written_after_the_move_it_came_with() {
    let mut t = Table::standard(Edition::Fide2005);
    t.plays("e2e4 e7e5");
    // White offers while making his move (Art. 9.1b), Black declines by moving.
    t.ok(Event::Move {
        mv: "g1f3".parse().unwrap(),
    });
    t.offer_draw(Color::White);
    t.press();
    t.play("b8c6");
    // Black offers after pressing: the offer goes with his last move.
    t.offer_draw(Color::Black);
    let marks: Vec<bool> = t.game.moves().iter().map(|m| m.draw_offer).collect();
    assert_eq!(marks, [false, false, true, true]);
    let pgn = t.game.to_pgn();
    assert!(pgn.contains("2. Nf3 {[%clk 1:30:55]} {(=)} Nc6"), "{pgn}");
    assert_eq!(pgn.matches("(=)").count(), 2, "{pgn}");
    t.replays();
}

#[test]
fn r03_2023_no_mark_without_an_offer() {
    let mut t = Table::standard(Edition::Fide2023);
    t.plays("d2d4 d7d5 c2c4");
    assert!(t.game.moves().iter().all(|m| !m.draw_offer));
    assert!(!t.game.to_pgn().contains("(=)"));
}

#[test]
fn r03_2005_a_game_read_from_pgn_exports_the_file_s_tags_and_clocks_and_invents_none() {
    // The page imports a file, then the players go on: the export keeps what the file said
    // (its tags, its `[%clk]` where it had one, none where it had none) and adds the game's
    // own clocks only for the moves played since; no TimeControl the file did not have.
    let mut t = Table::standard(Edition::Fide2005);
    t.plays("e2e4 e7e5 g1f3");
    let mut tags = arbiter_core::pgn::Tags::new();
    tags.set("Event", "London");
    tags.set("Date", "1858.??.??");
    let pgn = t.game.to_pgn_imported(tags, &[Some(103_000), None]);
    assert!(pgn.contains("[Event \"London\"]"), "{pgn}");
    assert!(pgn.contains("[Date \"1858.??.??\"]"), "{pgn}");
    assert!(!pgn.contains("TimeControl"), "{pgn}");
    assert!(
        pgn.contains("1. e4 {[%clk 0:01:43]} e5 2. Nf3 {[%clk 1:"),
        "{pgn}"
    );
    t.replays();
}

fn must_record(t: &Table, c: Color, at: u64) -> bool {
    let s = t.game.state(Timestamp(at));
    match c {
        Color::White => s.white.must_record,
        Color::Black => s.black.must_record,
    }
}

#[test]
fn r04_2023_under_five_minutes_free_only_without_thirty_second_increment() {
    // 90+30: at 3:00 left White must still record.
    let t = Table::new(config(Edition::Fide2023, 90, 30));
    assert!(must_record(&t, Color::White, t.now + 87 * 60_000));
    // 90+0: at 4:59 he may stop.
    let t = Table::new(config(Edition::Fide2023, 90, 0));
    let at = t.now + 85 * 60_000 + 1_000;
    assert_eq!(
        t.game.clock().remaining(Color::White, Timestamp(at)),
        Millis(299_000)
    );
    assert!(!must_record(&t, Color::White, at));
    assert!(must_record(&t, Color::White, at - 2_000), "at 5:01 he must");
    assert!(
        must_record(&t, Color::Black, at),
        "Black's clock is not running"
    );
}

#[test]
fn r04_2005_under_five_minutes_free_whatever_the_increment_for_the_rest_of_the_period() {
    // 90+30 at 3:00: free in 2005, whatever the increment.
    let t = Table::new(config(Edition::Fide2005, 90, 30));
    assert!(!must_record(&t, Color::White, t.now + 87 * 60_000));
    // A large increment brings him back over five minutes; he stays free for the period.
    let mut t2 = Table::new(config(Edition::Fide2005, 90, 200));
    t2.wait(87 * 60_000);
    t2.play("e2e4");
    t2.play("e7e5");
    assert!(t2.game.clock().remaining(Color::White, Timestamp(t2.now)) > Millis(5 * 60_000));
    assert!(
        !must_record(&t2, Color::White, t2.now),
        "once under five, free"
    );
    assert!(must_record(&t2, Color::Black, t2.now));
}

#[test]
fn r04_2005_rapid_never_obliged_to_record() {
    let t = Table::with(Edition::Fide2005, 25, 0, None, true, Some(Mode::Rapid));
    assert!(!must_record(&t, Color::White, t.now));
    assert!(!must_record(&t, Color::Black, t.now));
}

fn requests(t: &mut Table, player: Color, n: usize) -> Vec<(String, u32, bool)> {
    for _ in 0..n {
        t.ok(Event::AskScoresheet { player });
    }
    t.take()
        .into_iter()
        .filter_map(|r| match r.verdict {
            Verdict::ScoresheetRequest { count, granted, .. } => {
                Some((r.law.to_string(), count, granted))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn rb07_2023_supervised_rapid_sixth_scoresheet_request_refused() {
    let mut t = Table::with(Edition::Fide2023, 25, 10, None, true, Some(Mode::Rapid));
    t.play("e2e4");
    let seen = requests(&mut t, Color::Black, 6);
    let granted: Vec<bool> = seen.iter().map(|s| s.2).collect();
    assert_eq!(granted, [true, true, true, true, true, false]);
    assert_eq!(seen[5], ("2023 App. A.4.3".to_string(), 6, false));
    // Only "when it is his/her move": White asks on Black's time.
    assert_eq!(
        t.send(Event::AskScoresheet {
            player: Color::White
        }),
        Err(Refused::NotOnMove("white"))
    );
    // White's count is his own.
    t.play("e7e5");
    let white = requests(&mut t, Color::White, 1);
    assert_eq!(white, [("2023 App. A.4.3".to_string(), 1, true)]);
    t.replays();
}

#[test]
fn rb07_2023_limit_applies_to_supervised_blitz_not_to_standard_or_2005() {
    let mut t = Table::with(Edition::Fide2023, 5, 3, None, true, Some(Mode::Blitz));
    let seen = requests(&mut t, Color::White, 6);
    assert_eq!(seen[5], ("2023 App. B.2.3".to_string(), 6, false));
    let mut t = Table::standard(Edition::Fide2023);
    assert!(requests(&mut t, Color::White, 6).is_empty());
    let mut t = Table::with(Edition::Fide2005, 25, 0, None, true, Some(Mode::Rapid));
    assert!(requests(&mut t, Color::White, 6).is_empty());
}

fn written_in_advance(t: &mut Table, player: Color, mv: &str) -> bool {
    t.take();
    t.ok(Event::Write {
        player,
        mv: mv.parse().unwrap(),
    });
    t.verdicts().contains(&Verdict::Notice {
        what: Noticed::MoveWrittenInAdvance,
    })
}

#[test]
fn r02_2005_no_move_written_before_it_is_made() {
    let mut t = Table::standard(Edition::Fide2005);
    assert!(written_in_advance(&mut t, Color::White, "e2e4"));
    t.ok(Event::Move {
        mv: "e2e4".parse().unwrap(),
    });
    // Made on the board, not yet completed: he may write it.
    assert!(!written_in_advance(&mut t, Color::White, "e2e4"));
    t.press();
    // Black writes White's move, then his own only once made.
    assert!(!written_in_advance(&mut t, Color::Black, "e2e4"));
    assert!(written_in_advance(&mut t, Color::Black, "c7c5"));
    t.play("c7c5");
    assert!(!written_in_advance(&mut t, Color::Black, "c7c5"));
    assert!(!written_in_advance(&mut t, Color::White, "c7c5"));
}

#[test]
fn r02_2023_writing_in_advance_names_the_article() {
    let mut t = Table::standard(Edition::Fide2023);
    t.ok(Event::Write {
        player: Color::White,
        mv: "d2d4".parse().unwrap(),
    });
    assert_eq!(t.laws(), ["2023 Art. 8.1.2"]);
    t.replays();
}

fn two_periods() -> Table {
    let control = common_laws::moves_then_sudden_death(
        5,
        Millis::minutes(10),
        Millis::minutes(5),
        Timing::None,
    );
    Table::new(GameConfig::new(Edition::Fide2005, control))
}

const LINE: [&str; 10] = [
    "g1f3", "g8f6", "b1c3", "b8c6", "e2e3", "e7e6", "d2d3", "d7d6", "c1d2", "c8d7",
];

#[test]
fn r05_2005_clock_move_counter_settles_whether_the_control_was_reached() {
    // White spends 1:59 a move: his fifth press comes at 9:55, inside the control.
    let mut t = two_periods();
    for (i, mv) in LINE.iter().enumerate() {
        if i % 2 == 0 {
            t.wait(117_000);
        }
        t.play(mv);
    }
    let s = t.game.state(Timestamp(t.now));
    assert_eq!((s.white.moves, s.white.period, s.white.flag), (5, 1, false));
    assert_eq!(s.white.remaining, Millis(5_000 + 5 * 60_000));
    assert!(t.result().is_none());
    // The same game with a slower fifth move: the counter shows four moves at the fall.
    let mut t = two_periods();
    for (i, mv) in LINE[..8].iter().enumerate() {
        if i % 2 == 0 {
            t.wait(117_000);
        }
        t.play(mv);
    }
    t.wait(150_000);
    t.tick();
    let s = t.game.state(Timestamp(t.now));
    assert_eq!((s.white.moves, s.white.period, s.white.flag), (4, 0, true));
    assert_eq!(t.result().as_deref(), Some("0-1"));
    assert!(t.laws().contains(&"2005 Art. 6.10".to_string()));
}

/// Row R-07: the result the players report, recorded by the arbiter, ends the game with that
/// result under Art. 8.7 (both editions), whatever stands on the board; the clocks stop then.
fn r07_reported_result(edition: Edition) {
    let mut t = Table::standard(edition);
    t.plays("e2e4 e7e5 g1f3");
    t.wait(5_000);
    let at = t.now + 1_000;
    t.decide(Decision::RecordResult {
        result: GameResult::WhiteWins,
    });
    assert_eq!(t.result().as_deref(), Some("1-0"));
    let state = t.game.state(Timestamp(at));
    let outcome = state.outcome.expect("the game is over");
    assert_eq!(outcome.reason, Reason::ReportedResult);
    assert_eq!(outcome.law, Law::of(edition, "Art. 8.7", "Art. 8.7"));
    assert_eq!(outcome.at, Timestamp(at));
    assert_eq!(t.laws(), [format!("{} Art. 8.7", edition_year(edition))]);
    // The clocks stopped when it was recorded: Black's time stands however long we wait.
    assert_eq!(t.game.clock().running(), None);
    let black = t.remaining(Color::Black);
    t.wait(60_000);
    assert_eq!(t.remaining(Color::Black), black);
    assert_eq!(t.game.poll_deadline(), None);
    // Nothing more is played or recorded: a second result is refused, and not logged.
    let logged = t.game.log().events().len();
    assert_eq!(
        t.send(Event::Arbiter {
            decision: Decision::RecordResult {
                result: GameResult::Draw,
            },
        }),
        Err(Refused::GameOver)
    );
    assert_eq!(
        t.send(Event::PressClock {
            player: Color::Black
        }),
        Err(Refused::GameOver)
    );
    assert_eq!(t.game.log().events().len(), logged);
    assert_eq!(t.result().as_deref(), Some("1-0"));
    let pgn = t.game.to_pgn();
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    t.replays();
}

fn edition_year(edition: Edition) -> &'static str {
    match edition {
        Edition::Fide2005 => "2005",
        Edition::Fide2023 => "2023",
    }
}

in_both_editions!(
    r07_reported_result,
    r07_2005_art_8_7_the_reported_result_ends_the_game,
    r07_2023_art_8_7_the_reported_result_ends_the_game
);

/// The reported result stands even where the Laws would rule otherwise (Art. 8.7: "even if
/// incorrect"): in 2023 a resignation against a bare king is a draw (Art. 5.1.2), but a win
/// the players sign is a win; and a draw they report before a move each is recorded, where an
/// agreement at the board would be refused (2023 Art. 5.2.3).
fn r07_reported_result_stands(edition: Edition) {
    let bare = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let mut t = Table::with(edition, 90, 30, Some(bare), false, None);
    t.play("a1a7");
    t.decide(Decision::RecordResult {
        result: GameResult::BlackWins,
    });
    assert_eq!(t.result().as_deref(), Some("0-1"));
    assert_eq!(t.game.result().map(|r| r.1), Some(Reason::ReportedResult));
    t.replays();

    let mut t = Table::standard(edition);
    t.decide(Decision::RecordResult {
        result: GameResult::Draw,
    });
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    t.replays();
}

in_both_editions!(
    r07_reported_result_stands,
    r07_2005_art_8_7_the_reported_result_stands_even_if_incorrect,
    r07_2023_art_8_7_the_reported_result_stands_even_if_incorrect
);

/// A claim waiting for the arbiter goes with the result he records, and so does an offer.
#[test]
fn r07_2023_art_8_7_a_reported_result_settles_a_pending_claim() {
    let mut t = Table::with(Edition::Fide2023, 90, 30, None, true, None);
    t.plays("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    t.offer_draw(Color::White);
    t.claim(
        Color::Black,
        Claim::Repetition {
            intended: Some("f6g8".parse().unwrap()),
        },
    );
    assert!(t.game.state(Timestamp(t.now)).pending_claim.is_some());
    t.decide(Decision::RecordResult {
        result: GameResult::Draw,
    });
    let state = t.game.state(Timestamp(t.now));
    assert_eq!(state.pending_claim, None);
    assert!(state.open_claims.is_empty());
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    assert_eq!(
        t.send(Event::Arbiter {
            decision: Decision::Accept
        }),
        Err(Refused::GameOver)
    );
    t.replays();
}
