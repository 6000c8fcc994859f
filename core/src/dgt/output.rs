//! What a board session says besides the events it hands the game: the sensors' touches, the
//! clock's times, an irregularity with the position to restore, the board's status.

use crate::Square;
use crate::laws::Law;
use crate::laws::blind::BoardView;

pub use arbiter_boards::battery::Battery;

use super::board::{Orientation, Placement};
use super::clock::ClockSide;
use super::reconstruct::{Mismatch, Touch};

/// What a board session says for the pages and the shell, besides the events it hands the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardOutput {
    /// A sensor change, as it happened (streamed before anything it leads to).
    Touch(Touch),
    /// The DGT clock's times as it reported them.
    Clock {
        /// Left display, ms.
        left_ms: u64,
        /// Right display, ms.
        right_ms: u64,
        /// The side running.
        running: Option<ClockSide>,
    },
    /// The board does not show the game's position: what is wrong, where, and what to restore.
    Mismatch {
        /// The article, in the game's edition.
        law: Law,
        /// What kind of irregularity.
        kind: Mismatch,
        /// The squares that differ from the position to restore.
        squares: Vec<Square>,
        /// The position to restore.
        restore: Placement,
    },
    /// What the board shows now (after a full read, a move, a connection, or a change of its
    /// health).
    Status(BoardStatus),
    /// The lever was pressed for the player of the other board of two (2005 App. F2.3): his
    /// board's session is to take the press ([`BoardSession::lever_pressed`](super::session::BoardSession::lever_pressed)).
    PartnerPress {
        /// The side whose clock stopped.
        side: ClockSide,
        /// The clock's times after the press, ms.
        times_ms: (u64, u64),
    },
    /// With two boards, this board settled showing `view` (App. F2.7): the game compares it with
    /// the other board.
    Settled(BoardView),
}

/// What a board shows, for the pages' board status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardStatus {
    /// The board is connected.
    pub connected: bool,
    /// The pieces as the sensors show them (none before the first confirmed read, or while a
    /// sealed move is being made on it).
    pub placement: Option<Placement>,
    /// How the board sits, once known.
    pub orientation: Option<Orientation>,
    /// Runs of bytes dropped since it was connected.
    pub dropped: u64,
    /// Reads put right after doubt.
    pub resyncs: u64,
    /// What the board and its clock have said of their batteries since it was connected.
    pub battery: Battery,
}
