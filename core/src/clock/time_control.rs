//! Time controls (2005 Art. 6.2, 2023 Art. 6.3) and the rapid / blitz limits that follow from
//! them (2005 App. B1 / C1, 2023 App. A.1 / B.1).

use super::Millis;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How a move's time is topped up or delayed within a period.
/// Read back by `timing_de` (one flat record instead of serde's buffering derive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "ms", rename_all = "snake_case")]
pub enum Timing {
    /// Plain time: nothing added.
    None,
    /// Fischer increment: added to the mover's time when he completes a move (Art. 6.2a / 6.3.1).
    Increment(Millis),
    /// Delay as 2005 Art. 6.2b describes it: each move first uses this extra time; the main
    /// time only runs once it is spent, and pressing within it leaves the main time unchanged.
    Delay(Millis),
    /// Bronstein delay: the main time runs at once, and on the press the time used, up to this
    /// much, is given back. The outcome equals [`Timing::Delay`]; the display differs.
    Bronstein(Millis),
}

/// One period of a time control: `moves` moves (all remaining moves if `None`) in `time`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Period {
    /// Moves to complete in this period; `None` = all the rest of the game (sudden death).
    pub moves: Option<u32>,
    /// Time added to each player's clock when the period starts.
    pub time: Millis,
    /// Increment or delay for moves made in this period.
    pub timing: Timing,
}

/// A time control: periods used in order. If the last period has a move count, it repeats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Period>", into = "Vec<Period>")]
pub struct TimeControl {
    periods: Vec<Period>,
}

/// Why a time control was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TimeControlError {
    /// No period at all.
    #[error("a time control needs at least one period")]
    Empty,
    /// A period other than the last has no move count, so later periods could never start.
    #[error("period {index} has no move count but is not the last period")]
    SuddenDeathNotLast {
        /// Zero-based index of the offending period.
        index: usize,
    },
    /// A period asks for zero moves.
    #[error("period {index} asks for zero moves")]
    ZeroMoves {
        /// Zero-based index of the offending period.
        index: usize,
    },
}

/// Standard, rapid or blitz play (2005 App. B / C; 2023 App. A / B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Standard play: the Laws without the rapid / blitz appendices.
    Standard,
    /// Rapid play.
    Rapid,
    /// Blitz.
    Blitz,
}

impl TimeControl {
    /// A control from its periods, checked: at least one, only the last may be sudden death.
    ///
    /// # Errors
    /// [`TimeControlError`] names the first period at fault.
    pub fn new(periods: Vec<Period>) -> Result<TimeControl, TimeControlError> {
        if periods.is_empty() {
            return Err(TimeControlError::Empty);
        }
        for (index, period) in periods.iter().enumerate() {
            match period.moves {
                Some(0) => return Err(TimeControlError::ZeroMoves { index }),
                None if index + 1 != periods.len() => {
                    return Err(TimeControlError::SuddenDeathNotLast { index });
                }
                _ => {}
            }
        }
        Ok(TimeControl { periods })
    }

    /// All moves in `time` with `timing` (e.g. 3 min + 2 s increment).
    pub fn sudden_death(time: Millis, timing: Timing) -> TimeControl {
        TimeControl {
            periods: vec![Period {
                moves: None,
                time,
                timing,
            }],
        }
    }

    /// The periods in order.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// The period with zero-based `index`; past the end, the last one (which repeats).
    pub fn period(&self, index: usize) -> &Period {
        // `new` guarantees at least one period, so the index is always in range.
        &self.periods[index.min(self.periods.len() - 1)]
    }

    /// Whether the period with `index` is the last one (so its flag fall can end the game by
    /// both flags, 2005 Art. 6.12b / 2023 Guidelines III.3.1). A repeating last period counts.
    pub fn is_last_period(&self, index: usize) -> bool {
        index + 1 >= self.periods.len()
    }

    /// Whether any period uses an increment or a delay (Quickplay finish needs one without,
    /// 2005 Art. 10.1 / 2023 Guidelines III.1).
    pub fn has_addition(&self, index: usize) -> bool {
        !matches!(self.period(index).timing, Timing::None)
    }
}

impl TryFrom<Vec<Period>> for TimeControl {
    type Error = TimeControlError;
    fn try_from(periods: Vec<Period>) -> Result<Self, Self::Error> {
        TimeControl::new(periods)
    }
}

impl From<TimeControl> for Vec<Period> {
    fn from(control: TimeControl) -> Self {
        control.periods
    }
}
