//! The small words of the wire (`lift`, `left`, `rotated`, `main`, `sealing`), as enums: a
//! message holds one of them, never a free string.

use arbiter_core::dgt::board::Orientation;
use arbiter_core::dgt::clock::ClockSide;
use arbiter_core::dgt::reconstruct::TouchKind;
use serde::{Deserialize, Serialize};

/// A piece lifted or placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TouchAction {
    /// Lifted (a touch, 2005 Art. 4.3).
    Lift,
    /// Put down.
    Place,
}

impl From<TouchKind> for TouchAction {
    fn from(kind: TouchKind) -> Self {
        match kind {
            TouchKind::Lift => TouchAction::Lift,
            TouchKind::Place => TouchAction::Place,
        }
    }
}

/// Which side of the DGT clock runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Running {
    /// The left display.
    Left,
    /// The right display.
    Right,
}

impl From<ClockSide> for Running {
    fn from(side: ClockSide) -> Self {
        match side {
            ClockSide::Left => Running::Left,
            ClockSide::Right => Running::Right,
        }
    }
}

/// What a board and the DGT clock cabled to it have said of their batteries (sent only once
/// either has said something).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatteryReport {
    /// The board's charge, percent, when it told it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent: Option<u8>,
    /// The board is being charged.
    #[serde(default)]
    pub charging: bool,
    /// The clock says its battery is low.
    #[serde(default)]
    pub clock_low: bool,
}

impl BatteryReport {
    /// What the pages are told of `battery`: nothing while nothing is known.
    pub fn of(battery: arbiter_core::dgt::output::Battery) -> Option<Self> {
        (battery != arbiter_core::dgt::output::Battery::default()).then_some(BatteryReport {
            percent: battery.percent,
            charging: battery.charging,
            clock_low: battery.clock_low,
        })
    }
}

/// Which way the board lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Facing {
    /// White's pieces start on the board's rows 1 and 2.
    Normal,
    /// The board is turned round.
    Rotated,
}

impl From<Orientation> for Facing {
    fn from(o: Orientation) -> Self {
        match o {
            Orientation::Normal => Facing::Normal,
            Orientation::Rotated => Facing::Rotated,
        }
    }
}

impl From<Facing> for Orientation {
    fn from(f: Facing) -> Self {
        match f {
            Facing::Normal => Orientation::Normal,
            Facing::Rotated => Orientation::Rotated,
        }
    }
}

/// Which of two boards (2005 App. F1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Which {
    /// The sighted player's board.
    Main,
    /// The visually impaired player's board.
    Blind,
}

/// How far a sealed move made on the board is (App. A1, A5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SealingStage {
    /// The sealer is making the move.
    Sealing,
    /// Waiting for the pieces to stand as before it.
    PiecesBack,
}
