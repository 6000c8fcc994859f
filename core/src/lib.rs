//! # arbiter-core
//!
//! The Laws of Chess (FIDE, editions 2005 and 2023) as a deterministic, sans-I/O state machine.
//! The core never reads a clock, a socket, the DOM or a file: callers pass events stamped with a
//! monotonic time in milliseconds, and bytes from a board, and get rulings, state and bytes back.
//!
//! Vocabulary: a `Piece` is the kind (pawn to king), as the Laws say; `Color` is White or Black.
//! Both come from cozy-chess and are re-exported here so callers never name cozy-chess themselves.

pub use cozy_chess::{Color, File, Piece, Rank, Square};
pub use movegen::Move;
pub use position::Position;

// The rules of play (Art. 1-3, 5, 8, 9; App. E).
pub mod fen;
pub mod movegen;
pub mod notation;
pub mod pgn;
pub mod position;
pub mod record;

// Can a side still mate (Art. 6.10 / 9.6 in 2005; 6.9 / 5.2.2 in 2023).
pub mod dead;

// The arbiter: clock, touch-move, the Laws' editions, and the event-sourced game.
pub mod arbiter;
pub mod clock;
pub mod laws;
pub mod touch;

// The DGT sensor-board protocol, sans I/O.
pub mod dgt;

/// Helpers shared by the unit tests of several modules.
#[cfg(test)]
pub(crate) mod testing {
    /// The position a test writes as FEN (standard castling letters).
    pub fn board(fen: &str) -> cozy_chess::Board {
        cozy_chess::Board::from_fen(fen, false).expect("test FEN is valid")
    }
}
