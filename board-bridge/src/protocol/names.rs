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
