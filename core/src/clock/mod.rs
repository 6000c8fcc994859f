//! The chess clock (Art. 6): time controls and a clock that computes remaining time from the
//! caller's `now`. Nothing here ticks: every reading is a pure function of the stored presses and
//! the instant asked about, so a game replayed from its log reads the same to the millisecond.

// The file layout follows the module map in style.md (clock/clock.rs beside time_control.rs).
#[allow(clippy::module_inception)]
mod clock;
mod time_control;
mod timing_de;

pub use clock::{Clock, Press, SideClock};
pub use time_control::{Mode, Period, TimeControl, TimeControlError, Timing};

use serde::{Deserialize, Serialize};

/// An instant on the caller's monotonic clock, in milliseconds; the epoch is the caller's.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub u64);

/// A length of time in milliseconds.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Millis(pub u64);

impl Millis {
    /// `minutes` minutes.
    pub const fn minutes(minutes: u64) -> Millis {
        Millis(minutes * 60_000)
    }
    /// `seconds` seconds.
    pub const fn seconds(seconds: u64) -> Millis {
        Millis(seconds * 1_000)
    }
}

impl Timestamp {
    /// Time from `earlier` to `self`; zero if `earlier` is later (callers check monotonicity).
    pub fn since(self, earlier: Timestamp) -> Millis {
        Millis(self.0.saturating_sub(earlier.0))
    }
    /// The instant `d` after `self`, saturating at the end of time.
    pub fn after(self, d: Millis) -> Timestamp {
        Timestamp(self.0.saturating_add(d.0))
    }
}
