//! Recording the moves (Art. 8) and the scoresheet: rows and RB-07.

mod common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::{Event, GameConfig, Refused, Verdict};
use arbiter_core::clock::{Millis, Mode, Timestamp, Timing};
use arbiter_core::laws::Edition;
use common_laws::{Table, config};

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
        what: "move_written_in_advance",
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
