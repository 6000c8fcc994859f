//! Clock and time-control rows of the checklist (C-01, C-06 to C-10, C-17, RB-01), and long
//! virtual-time runs: 10,000 moves per side under every timing, exact to the millisecond.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::clock::{Clock, Millis, Mode, Period, TimeControl, Timestamp, Timing};
use arbiter_core::laws::Edition;

fn sd(minutes: u64, timing: Timing) -> TimeControl {
    TimeControl::sudden_death(Millis::minutes(minutes), timing)
}

/// The usual classical control: 40 moves in 90 minutes, then 30 minutes for the rest of the
/// game.
fn classical(timing: Timing) -> TimeControl {
    common_laws::moves_then_sudden_death(40, Millis::minutes(90), Millis::minutes(30), timing)
}

/// Plays `moves` moves per side, White spending `white_ms(i)` and Black `black_ms(i)` on move i.
fn play(
    clock: &mut Clock,
    moves: u32,
    white_ms: impl Fn(u32) -> u64,
    black_ms: impl Fn(u32) -> u64,
) -> Timestamp {
    let mut now = Timestamp(1_000);
    clock.start(Color::White, now);
    for i in 0..moves {
        now = now.after(Millis(white_ms(i)));
        clock.press(Color::White, now);
        now = now.after(Millis(black_ms(i)));
        clock.press(Color::Black, now);
    }
    now
}

#[test]
fn c01_2005_only_one_side_runs() {
    let mut clock = Clock::new(sd(5, Timing::None));
    clock.start(Color::White, Timestamp(0));
    clock.press(Color::White, Timestamp(2_000));
    assert_eq!(clock.running(), Some((Color::Black, Timestamp(2_000))));
    assert_eq!(
        clock.remaining(Color::White, Timestamp(9_000)),
        Millis(298_000)
    );
    assert_eq!(
        clock.remaining(Color::Black, Timestamp(9_000)),
        Millis(293_000)
    );
}

#[test]
fn c06_2005_period_with_increment_is_representable() {
    let control = classical(Timing::Increment(Millis::seconds(30)));
    let json = serde_json::to_string(&control).unwrap();
    let back: TimeControl = serde_json::from_str(&json).unwrap();
    assert_eq!(back, control);
    assert!(serde_json::from_str::<TimeControl>("[]").is_err());
    assert!(
        serde_json::from_str::<TimeControl>(r#"[{"moves":null,"time":1,"timing":{"kind":"none"}},{"moves":null,"time":1,"timing":{"kind":"none"}}]"#)
            .is_err()
    );
}

#[test]
fn c07_2005_unused_time_carries_into_next_period() {
    // 40/90 + 30/SD, 30 s from move 1: White completes move 40 with 5:10 on the clock.
    let control = classical(Timing::Increment(Millis::seconds(30)));
    let mut clock = Clock::new(control);
    // 39 moves of 2:30 each: 90:00 + 39 * (0:30 - 2:30) = 12:00 left before move 40.
    let now = play(&mut clock, 39, |_| 150_000, |_| 1_000);
    assert_eq!(clock.remaining(Color::White, now), Millis::minutes(12));
    let press = clock.press(Color::White, now.after(Millis(410_000)));
    assert_eq!(press.period_started, Some((1, Millis::minutes(30))));
    assert_eq!(
        clock.side(Color::White).banked,
        Millis(5 * 60_000 + 10_000 + 30_000 + 30 * 60_000)
    );
}

#[test]
fn c08_2005_delay_first_uses_extra_time() {
    let mut clock = Clock::new(sd(5, Timing::Delay(Millis::seconds(5))));
    clock.start(Color::White, Timestamp(0));
    clock.press(Color::White, Timestamp(3_000));
    assert_eq!(
        clock.side(Color::White).banked,
        Millis::minutes(5),
        "pressed within the delay"
    );
    clock.press(Color::Black, Timestamp(11_000));
    assert_eq!(
        clock.side(Color::Black).banked,
        Millis(297_000),
        "8 s used, 5 s of it delay"
    );
    // While the delay runs the main time does not move.
    assert_eq!(
        clock.remaining(Color::White, Timestamp(15_000)),
        Millis::minutes(5)
    );
    assert_eq!(
        clock.remaining(Color::White, Timestamp(17_000)),
        Millis(299_000)
    );
}

#[test]
fn c08_2023_bronstein_gives_the_same_outcome_as_delay() {
    let mut clock = Clock::new(sd(5, Timing::Bronstein(Millis::seconds(5))));
    clock.start(Color::White, Timestamp(0));
    assert_eq!(
        clock.remaining(Color::White, Timestamp(3_000)),
        Millis(297_000),
        "display runs at once"
    );
    clock.press(Color::White, Timestamp(3_000));
    assert_eq!(clock.side(Color::White).banked, Millis::minutes(5));
    clock.press(Color::Black, Timestamp(11_000));
    assert_eq!(clock.side(Color::Black).banked, Millis(297_000));
}

#[test]
fn c09_2005_increment_can_raise_time_above_start() {
    let mut clock = Clock::new(sd(3, Timing::Increment(Millis::seconds(2))));
    clock.start(Color::White, Timestamp(0));
    clock.press(Color::White, Timestamp(1_000));
    assert_eq!(clock.side(Color::White).banked, Millis(181_000));
}

#[test]
fn c10_2005_flag_before_move_count_reached() {
    let control = classical(Timing::None);
    let mut clock = Clock::new(control);
    let now = play(&mut clock, 37, |_| 140_000, |_| 1_000);
    // 90:00 - 37 * 2:20 = 3:40 left for move 38; White thinks 4 minutes.
    assert_eq!(clock.deadline(), Some(now.after(Millis(220_000))));
    assert_eq!(
        clock.observe(now.after(Millis(240_000))),
        Some((Color::White, now.after(Millis(220_000))))
    );
    assert_eq!(
        clock.side(Color::White).period,
        0,
        "the 40 moves were not completed"
    );
}

#[test]
fn c10_2005_move_count_reached_before_flag_gives_next_period() {
    let control = classical(Timing::None);
    let mut clock = Clock::new(control);
    let now = play(&mut clock, 40, |_| 134_000, |_| 1_000);
    // 90:00 - 40 * 2:14 = 0:40, then 30:00 added; Black's 40th press started White's clock 1 s ago.
    assert_eq!(
        clock.remaining(Color::White, now),
        Millis(40_000 + 30 * 60_000)
    );
    assert_eq!(clock.side(Color::White).period, 1);
}

#[test]
fn c17_2005_no_increment_after_the_flag_fell() {
    let mut clock = Clock::new(sd(3, Timing::Increment(Millis::seconds(2))));
    clock.start(Color::White, Timestamp(0));
    let press = clock.press(Color::White, Timestamp(200_000));
    assert!(press.flagged);
    assert_eq!(press.added, Millis(0));
    assert_eq!(clock.side(Color::White).banked, Millis(0));
    assert_eq!(clock.side(Color::White).fell_at, Some(Timestamp(180_000)));
}

#[test]
fn c15_2005_stopping_keeps_the_turn_open() {
    let mut clock = Clock::new(sd(5, Timing::Delay(Millis::seconds(5))));
    clock.start(Color::White, Timestamp(0));
    clock.stop(Timestamp(3_000));
    assert_eq!(
        clock.remaining(Color::White, Timestamp(60_000)),
        Millis::minutes(5)
    );
    clock.start(Color::White, Timestamp(60_000));
    // 3 s + 4 s = 7 s used in the turn: 2 s beyond the delay.
    assert_eq!(
        clock.remaining(Color::White, Timestamp(64_000)),
        Millis(298_000)
    );
    assert_eq!(
        clock.deadline(),
        Some(Timestamp(60_000 + 300_000 + 5_000 - 3_000))
    );
}

/// The time one move takes in the long runs: varied, deterministic, never zero.
fn think(i: u32, spread: u64) -> u64 {
    let x = (u64::from(i).wrapping_mul(2_654_435_761) >> 7) % spread;
    1 + x
}

#[test]
fn c09_2005_ten_thousand_moves_with_increment_exact() {
    let inc = 2_000;
    let mut clock = Clock::new(sd(3, Timing::Increment(Millis(inc))));
    let now = play(
        &mut clock,
        10_000,
        |i| think(i, 3_000),
        |i| think(i + 7, 3_900),
    );
    let white: u64 = (0..10_000).map(|i| think(i, 3_000)).sum();
    let black: u64 = (0..10_000).map(|i| think(i + 7, 3_900)).sum();
    assert_eq!(
        clock.side(Color::White).banked,
        Millis(180_000 + 10_000 * inc - white)
    );
    assert_eq!(
        clock.remaining(Color::Black, now),
        Millis(180_000 + 10_000 * inc - black)
    );
    assert_eq!(clock.side(Color::White).moves, 10_000);
    assert_eq!(clock.side(Color::White).fell_at, None);
}

#[test]
fn c08_2005_ten_thousand_moves_with_delay_exact() {
    let delay = 5_000;
    for timing in [
        Timing::Delay(Millis(delay)),
        Timing::Bronstein(Millis(delay)),
    ] {
        let mut clock = Clock::new(sd(60, timing));
        let now = play(
            &mut clock,
            10_000,
            |i| think(i, 5_300),
            |i| think(i + 3, 5_200),
        );
        let charged = |spent: u64| spent.saturating_sub(delay);
        let white: u64 = (0..10_000).map(|i| charged(think(i, 5_300))).sum();
        let black: u64 = (0..10_000).map(|i| charged(think(i + 3, 5_200))).sum();
        assert_eq!(
            clock.side(Color::White).banked,
            Millis(3_600_000 - white),
            "{timing:?}"
        );
        assert_eq!(
            clock.remaining(Color::Black, now),
            Millis(3_600_000 - black),
            "{timing:?}"
        );
    }
}

#[test]
fn c07_2005_ten_thousand_moves_over_repeating_periods_exact() {
    // 40 in 90, then 20 in 60 repeating, 30 s increment throughout.
    let inc = Timing::Increment(Millis::seconds(30));
    let control = TimeControl::new(vec![
        Period {
            moves: Some(40),
            time: Millis::minutes(90),
            timing: inc,
        },
        Period {
            moves: Some(20),
            time: Millis::minutes(60),
            timing: inc,
        },
    ])
    .unwrap();
    let mut clock = Clock::new(control);
    play(
        &mut clock,
        10_000,
        |i| think(i, 200_000),
        |i| think(i, 100_000),
    );
    let spent: u64 = (0..10_000).map(|i| think(i, 200_000)).sum();
    // Period 2 starts at move 40 and starts again every 20 moves after: at 60, 80, ..., 10,000.
    let periods_started = 1 + (10_000 - 40) / 20;
    let expected = 90 * 60_000 + periods_started * 60 * 60_000 + 10_000 * 30_000 - spent;
    assert_eq!(clock.side(Color::White).banked, Millis(expected));
    assert_eq!(clock.side(Color::White).period, periods_started as usize);
    assert_eq!(clock.side(Color::White).moves_in_period, 0);
}

#[test]
fn rb01_2005_and_2023_classify_by_their_own_limits() {
    let inc5 = Timing::Increment(Millis::seconds(5));
    let inc15 = Timing::Increment(Millis::seconds(15));
    let cases = [
        (sd(12, Timing::None), Mode::Rapid, Mode::Blitz),
        (sd(10, inc5), Mode::Rapid, Mode::Blitz),
        (sd(45, inc15), Mode::Standard, Mode::Rapid),
        (sd(60, Timing::None), Mode::Standard, Mode::Rapid),
        (sd(10, Timing::None), Mode::Blitz, Mode::Blitz),
        (sd(90, Timing::None), Mode::Standard, Mode::Standard),
    ];
    for (control, in_2023, in_2005) in cases {
        assert_eq!(control.mode(Edition::Fide2023), in_2023, "{control:?}");
        assert_eq!(control.mode(Edition::Fide2005), in_2005, "{control:?}");
    }
}
