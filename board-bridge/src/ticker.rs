//! The game's time when nothing happens at the board, kept by the game's task
//! ([`crate::game`]): flag falls and other deadlines are ruled when they come, and while a
//! clock runs a time line goes into the log every second (a tick with `source` `"time"`, see
//! `arbiter_core::arbiter::LogRecord`'s schema), so a bridge stopped mid-game and started again
//! knows to the second when it stopped: the time it was down counts on the clock that was
//! running (the hub goes on from the log's last line by the wall clock), and the players are
//! told how long that was. A real clock's reading that comes later (a DGT clock's own times) is
//! an event of the game like any other and wins over it.

use arbiter_core::Color;
use arbiter_core::arbiter::{Event, TIME_SOURCE};

use crate::referee::Referee;

/// The longest sleep between two looks at the game, ms.
const IDLE_MS: u64 = 500;

/// How long the game's task may wait before the game's time needs it, ms: the game's next
/// deadline, the next time line while a clock runs, and never more than half a second.
pub fn wait_ms(r: &Referee, now: u64) -> u64 {
    let mut wait = r
        .poll_deadline()
        .map_or(IDLE_MS, |d| d.saturating_sub(now).clamp(1, IDLE_MS));
    if clock_runs(r) {
        wait = wait.min(r.hub().next_time_line().saturating_sub(now).max(1));
    }
    wait
}

/// The game's time has come: lines held back by a failed write are tried again, the game's
/// deadlines are met, and a time line is logged when one is due.
pub fn tick(r: &mut Referee) {
    // Lines held back by a failed write go to the disk as soon as it has room.
    r.hub_mut().retry_log();
    let now = r.hub().now_ms();
    r.tick(now);
    if clock_runs(r) && now >= r.hub().next_time_line() {
        // A tick never changes what a tick at the same instant of the replay would not.
        let _ = r.submit(now, Event::Tick, TIME_SOURCE);
    }
}

fn clock_runs(r: &Referee) -> bool {
    r.game().result().is_none() && r.game().clock().running().is_some()
}

/// A notice for the players of a bridge that went on from its log: how long it was down and
/// whose clock that time counted on.
pub fn announce_restart(r: &mut Referee) {
    let Some(resume) = r.hub().restart() else {
        return;
    };
    let running = clock_runs(r)
        .then(|| r.game().clock().running().map(|(c, _)| c))
        .flatten();
    let text = restart_notice(resume.last_unix_ms, resume.stopped_ms, running);
    eprintln!("board-bridge: {text}");
    r.hub_mut().add_notice(text);
}

/// The words of [`announce_restart`]'s notice.
pub fn restart_notice(last_unix_ms: u64, stopped_ms: u64, running: Option<Color>) -> String {
    let from = time_of_day(last_unix_ms);
    let to = time_of_day(last_unix_ms + stopped_ms);
    match running {
        Some(c) => format!(
            "the bridge was down for {} (from {from} to {to} UTC, to within a second): \
             the time counts on {}'s clock, which was running, as if the bridge had not stopped",
            duration(stopped_ms),
            match c {
                Color::White => "White",
                Color::Black => "Black",
            }
        ),
        None => format!(
            "the bridge was restarted at {to} UTC (its log's last line is from {from}); \
             no clock was running, so no one's time changed"
        ),
    }
}

/// `16:40:12`, the UTC time of day of an instant in ms since 1970.
fn time_of_day(unix_ms: u64) -> String {
    let s = (unix_ms / 1000) % 86_400;
    format!("{:02}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
}

/// `2.3 s`, `4 min 5 s`, `1 h 2 min` as a person says a span.
fn duration(ms: u64) -> String {
    let s = ms / 1000;
    if s < 60 {
        format!("{}.{} s", s, (ms % 1000) / 100)
    } else if s < 3600 {
        format!("{} min {} s", s / 60, s % 60)
    } else {
        format!("{} h {} min", s / 3600, (s / 60) % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notice_says_how_long_and_whose_clock() {
        // 16:40:12.000 UTC on a day, down 2.345 s with Black's clock running.
        let at = 1_796_402_412_000;
        let text = restart_notice(at, 2345, Some(Color::Black));
        assert!(text.contains("down for 2.3 s"), "{text}");
        assert!(text.contains("from 16:40:12 to 16:40:14 UTC"), "{text}");
        assert!(text.contains("Black's clock"), "{text}");
        let idle = restart_notice(at, 7_384_000, None);
        assert!(idle.contains("no clock was running"), "{idle}");
        assert_eq!(duration(245_000), "4 min 5 s");
        assert_eq!(duration(3_720_000), "1 h 2 min");
    }
}
