//! The hub's clock, the game's: monotonic within a run, and across a restart it goes on from
//! the log's last line by the wall-clock time since. Set when the hub is opened and never
//! changed after, so it is a plain value: the game's task reads it from its hub, and a board's
//! link or a page's request reads its own copy, with no call to the task.

use std::time::Instant;

use arbiter_core::arbiter::GameConfig;

/// What never changes of a game once its hub is open, for the shells outside its task (a
/// page's server, the board's links) to keep: no call to the task to read it.
#[derive(Debug, Clone)]
pub struct GameFacts {
    /// The game's clock.
    pub clock: HubClock,
    /// The game's setup: its log's, when it held a game.
    pub config: GameConfig,
    /// The schema version of the game's log.
    pub log_version: u32,
}

/// The game's clock (see the module's documentation). Cheap to copy.
#[derive(Debug, Clone, Copy)]
pub struct HubClock {
    /// When this run began.
    started: Instant,
    /// Milliseconds already elapsed in earlier runs, so the clock never goes backwards.
    offset_ms: u64,
}

impl HubClock {
    /// A clock that reads `offset_ms` now.
    pub(super) fn from(offset_ms: u64) -> Self {
        Self {
            started: Instant::now(),
            offset_ms,
        }
    }

    /// Milliseconds on the game's clock (continues across restarts).
    pub fn now_ms(&self) -> u64 {
        self.offset_ms + self.started.elapsed().as_millis() as u64
    }

    /// Microseconds on the game's clock; `now_us() / 1000` is [`Self::now_ms`].
    pub fn now_us(&self) -> u64 {
        self.offset_ms * 1000 + self.started.elapsed().as_micros() as u64
    }
}

/// The wall clock, ms since 1970-01-01 UTC (0 if the system's clock is set before it).
pub fn unix_now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
