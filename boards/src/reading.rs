//! What the reconstructor reads from a board: touches, presses, moves, takebacks and
//! irregularities, and when a move counts as made.

use arbiter_chess::movegen::Move;
use arbiter_chess::{Color, Piece, Square};

use super::board::{Orientation, Placement};
use super::clock::ClockSide;

/// When a move on the board counts as made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Completion {
    /// No clock: once the board has been quiet for this many milliseconds (DGT boards scan every
    /// 200-250 ms over USB, about twice that over Bluetooth).
    Settle {
        /// Quiet time, ms.
        settle_ms: u64,
    },
    /// A clock is attached: its lever press completes the move.
    ClockPress,
}

/// A piece lifted or placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TouchKind {
    /// Taken off its square.
    Lift,
    /// Set down on a square.
    Place,
}

/// One sensor change as a touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Touch {
    /// Lift or place.
    pub kind: TouchKind,
    /// The chessboard square.
    pub square: Square,
    /// The piece's colour.
    pub color: Color,
    /// The piece.
    pub piece: Piece,
}

/// Why the board does not show the game's position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mismatch {
    /// Before the first move, the board is not the initial position (2005 Art. 7.1a).
    NotInitialPosition,
    /// Pieces stand where no legal move could have put them: an illegal move or displaced pieces
    /// (2005 Art. 7.4a / 7.5); the position to restore is the game's current one.
    Displaced,
}

/// What the reconstructor found, in the order it found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// A sensor change, streamed at once.
    Touch {
        /// When the change arrived.
        at: u64,
        /// What changed.
        touch: Touch,
        /// A lift of the own king by the player on move, held: not yet a touch of the game.
        /// [`Reading::KingTouched`] follows if it turns out to be one; nothing does if it began
        /// the result signal.
        held: bool,
    },
    /// The king whose lift was held was touched (2005 Art. 4.3 / 2023 Art. 4.3.1): it came
    /// down elsewhere than for the result signal, or another piece was lifted first. Comes
    /// before the touch of the change that told.
    KingTouched {
        /// When the king was lifted.
        at: u64,
        /// The square it was lifted from.
        square: Square,
        /// Its colour (the side that was on move).
        color: Color,
    },
    /// The clock's lever went down on `side` (the side that was running stopped).
    ClockPress {
        /// When.
        at: u64,
        /// The side whose clock stopped.
        side: ClockSide,
        /// The times after the press, ms (left, right), when the clock reported them.
        times_ms: (u64, u64),
    },
    /// The clock reported its times.
    ClockTimes {
        /// When.
        at: u64,
        /// Left display, ms.
        left_ms: u64,
        /// Right display, ms.
        right_ms: u64,
        /// The side now running.
        running: Option<ClockSide>,
    },
    /// The way the board sits was worked out from the position on it (2005 Art. 7.1b).
    Orientation(Orientation),
    /// The board now shows the position after this move, which counts as made.
    Move {
        /// When it became certain.
        at: u64,
        /// The move.
        mv: Move,
        /// Ply number of the move, 1 for White's first.
        ply: usize,
    },
    /// The board shows an earlier position again: moves back to `to_ply` were taken back (the
    /// arbiter decides whether that is allowed).
    Takeback {
        /// When it became certain.
        at: u64,
        /// The number of plies that remain.
        to_ply: usize,
    },
    /// The board's placement matches nothing the game allows.
    Mismatch {
        /// When it was found.
        at: u64,
        /// What kind of irregularity.
        kind: Mismatch,
        /// The squares that differ from the position to restore.
        squares: Vec<Square>,
        /// The position to restore.
        restore: Placement,
    },
    /// The board shows the game's position again after a mismatch.
    Restored {
        /// When.
        at: u64,
    },
}
