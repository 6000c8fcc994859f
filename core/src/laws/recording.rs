//! Recording the moves (Art. 8): when a player may stop writing them down.

use super::{Edition, Law};
use crate::clock::{Millis, Mode, Timing};

/// Below this, a player in a period without a large enough addition need not record (Art. 8.4).
pub const RECORDING_BELOW: Millis = Millis(5 * 60_000);

/// The addition per move from which the 2023 edition keeps the duty to record (Art. 8.4).
pub const KEEPS_DUTY_FROM: Millis = Millis(30_000);

/// The article that frees a short-of-time player from recording.
pub fn short_of_time_law(edition: Edition) -> Law {
    Law::new(edition, "Art. 8.4")
}

/// Whether a player must still record his moves (2005 Art. 8.1, 8.4 / 2023 Art. 8.1.1, 8.4).
///
/// `lowest` is the least main time the player has had so far in the current period: once it
/// went under five minutes he is free for the rest of that period, even if additions bring
/// him back above (8.4 "at some stage in a period"). The 2005 text frees him whatever the
/// addition; from 2009 on (our 2023 edition) only without an addition of 30 seconds or more
/// per move. In rapid and blitz there is no duty to record at all (2005 App. B3, carried to
/// blitz by C2 / 2023 App. A.2, B.2).
pub fn must_record(edition: Edition, mode: Mode, lowest: Millis, timing: Timing) -> bool {
    if mode != Mode::Standard {
        return false;
    }
    if lowest >= RECORDING_BELOW {
        return true;
    }
    match (edition, timing) {
        (Edition::Fide2005, _) => false,
        (
            Edition::Fide2023,
            Timing::Increment(inc) | Timing::Bronstein(inc) | Timing::Delay(inc),
        ) => inc >= KEEPS_DUTY_FROM,
        (Edition::Fide2023, Timing::None) => false,
    }
}
