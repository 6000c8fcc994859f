//! The DGT clock cabled to the simulated board: its readings after a press, at the start, and
//! set but not started.

use arbiter_core::Color;
use arbiter_core::dgt::clock::{ClockTimes, SideTime};

/// The clock's reading (White's clock on the left, times in ms) just after `pressed` pressed.
pub fn clock_after_press(left_ms: [u64; 2], pressed: Color) -> ClockTimes {
    let side = |ms: u64| {
        let s = ms / 1000;
        SideTime {
            hours: (s / 3600).min(9) as u8,
            minutes: (s / 60 % 60) as u8,
            seconds: (s % 60) as u8,
            is_flag_fallen: false,
            is_flag_shown: false,
        }
    };
    ClockTimes {
        left: side(left_ms[0]),
        right: side(left_ms[1]),
        is_running: true,
        // White (left) pressed: the lever is down on the left, up on the right... the right
        // side's clock runs, so the right lever is low.
        is_right_lever_high: pressed == Color::Black,
        is_battery_low: false,
    }
}

/// The clock once Black has pressed to start the game: White's (left) running.
pub fn initial_clock() -> ClockTimes {
    clock_after_press([300_000, 300_000], Color::Black)
}

/// The clock set for the game and not yet started: both times standing, Black's lever down.
pub fn standing_clock() -> ClockTimes {
    ClockTimes {
        is_running: false,
        ..initial_clock()
    }
}
