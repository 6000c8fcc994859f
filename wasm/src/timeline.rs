//! The game's time line: monotonic milliseconds for the core, anchored on the wall clock so that a
//! game saved in one page load resumes in the next with its clock still running (2005 Art. 6.1:
//! the running clock does not stop because the screen was reloaded).
//!
//! Within one page load time comes from `performance.now()`, which never jumps. Across loads the
//! only shared reference is the wall clock, so the log stores the wall-clock instant of its zero.
//! Should the wall clock have been set back in between, the time line holds still rather than run
//! backwards: the core refuses time that goes back.

use arbiter_core::clock::Timestamp;

/// Reads the two browser clocks. A seam so the mapping is testable on the host.
pub trait BrowserClocks {
    /// `performance.now()`: monotonic milliseconds since this page loaded.
    fn monotonic_ms(&self) -> f64;
    /// `Date.now()`: wall-clock milliseconds since 1970.
    fn wall_ms(&self) -> f64;
}

/// The browser's own clocks (Playwright's `page.clock` fakes both consistently).
pub struct PageClocks;

impl BrowserClocks for PageClocks {
    fn monotonic_ms(&self) -> f64 {
        performance_now()
    }
    fn wall_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}

/// `performance.now()`, or the wall clock where there is no `Performance` (never in a browser).
pub fn performance_now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

/// Maps the page's monotonic clock onto the game's time line.
#[derive(Clone, Debug)]
pub struct Timeline {
    /// Wall-clock instant (ms since 1970) that is `Timestamp(0)` of the game.
    epoch_wall_ms: f64,
    /// Wall-clock reading at `performance.now() == 0`, measured once per page load, so later
    /// readings use only the monotonic clock.
    wall_at_page_start: f64,
    /// The latest instant handed out; time never goes back below it.
    floor: u64,
}

impl Timeline {
    /// A new time line whose zero is now.
    pub fn start(clocks: &impl BrowserClocks) -> Timeline {
        let mono = clocks.monotonic_ms();
        let wall = clocks.wall_ms();
        Timeline {
            epoch_wall_ms: wall,
            wall_at_page_start: wall - mono,
            floor: 0,
        }
    }

    /// A saved time line, resumed in a new page load; `floor` is the last instant in its log.
    pub fn resume(clocks: &impl BrowserClocks, epoch_wall_ms: f64, floor: Timestamp) -> Timeline {
        let wall_at_page_start = clocks.wall_ms() - clocks.monotonic_ms();
        Timeline {
            epoch_wall_ms,
            wall_at_page_start,
            floor: floor.0,
        }
    }

    /// The wall-clock instant of the game's zero, to be saved with the log.
    pub fn epoch_wall_ms(&self) -> f64 {
        self.epoch_wall_ms
    }

    /// The instant on the game's time line that a monotonic reading `mono_ms` stands for.
    pub fn at(&self, mono_ms: f64) -> Timestamp {
        let t = self.wall_at_page_start + mono_ms - self.epoch_wall_ms;
        // Negative or non-finite means the wall clock went back (or is broken): hold at the floor.
        let ms = if t.is_finite() && t > 0.0 {
            t.round() as u64
        } else {
            0
        };
        Timestamp(ms.max(self.floor))
    }

    /// Now on the game's time line; never earlier than any instant handed out before.
    pub fn now(&mut self, clocks: &impl BrowserClocks) -> Timestamp {
        let t = self.at(clocks.monotonic_ms());
        self.floor = t.0;
        t
    }

    /// Records that the log already holds an event at `t`, so later readings are not earlier.
    pub fn observe(&mut self, t: Timestamp) {
        self.floor = self.floor.max(t.0);
    }

    /// The monotonic reading (`performance.now()` scale) at which the game reaches `t`.
    pub fn monotonic_at(&self, t: Timestamp) -> f64 {
        t.0 as f64 + self.epoch_wall_ms - self.wall_at_page_start
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    struct FakeClocks {
        mono: Cell<f64>,
        wall: Cell<f64>,
    }
    impl BrowserClocks for FakeClocks {
        fn monotonic_ms(&self) -> f64 {
            self.mono.get()
        }
        fn wall_ms(&self) -> f64 {
            self.wall.get()
        }
    }
    fn clocks(mono: f64, wall: f64) -> FakeClocks {
        FakeClocks {
            mono: Cell::new(mono),
            wall: Cell::new(wall),
        }
    }

    #[test]
    fn art6_1_time_runs_on_across_a_reload() {
        let first = clocks(500.0, 1_700_000_000_000.0);
        let mut line = Timeline::start(&first);
        first.mono.set(10_500.0);
        assert_eq!(line.now(&first), Timestamp(10_000));

        // New page load 25 s of wall time later: performance.now() starts again near zero.
        let second = clocks(40.0, 1_700_000_035_000.0);
        let mut resumed = Timeline::resume(&second, line.epoch_wall_ms(), Timestamp(10_000));
        assert_eq!(resumed.now(&second), Timestamp(35_000));
        second.mono.set(1_040.0);
        assert_eq!(resumed.now(&second), Timestamp(36_000));
    }

    #[test]
    fn wall_clock_set_back_between_loads_holds_time_still() {
        let first = clocks(0.0, 1_000_000.0);
        let line = Timeline::start(&first);
        let earlier = clocks(0.0, 990_000.0);
        let mut resumed = Timeline::resume(&earlier, line.epoch_wall_ms(), Timestamp(4_000));
        assert_eq!(resumed.now(&earlier), Timestamp(4_000));
        earlier.mono.set(20_000.0);
        assert_eq!(resumed.now(&earlier), Timestamp(10_000));
    }

    #[test]
    fn monotonic_at_inverts_at() {
        let c = clocks(1_234.5, 1_700_000_000_000.0);
        let line = Timeline::start(&c);
        let mono = line.monotonic_at(Timestamp(90_000));
        assert_eq!(line.at(mono), Timestamp(90_000));
    }
}
