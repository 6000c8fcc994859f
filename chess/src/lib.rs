//! # arbiter-chess
//!
//! The chess layer under the Laws: the board, the pieces and their moves (Art. 1-3), and the
//! ways of writing them down, with no rule of the game's conduct in it (no clock, no claim, no
//! arbiter). Everything else in Arbiter stands on it; it stands on cozy-chess alone and imports
//! nothing above it. `arbiter-core` re-exports every module here under the same path, so callers
//! write `arbiter_core::position::Square` and never name this crate.
//!
//! ## Contents
//!
//! | module | what it holds |
//! |---|---|
//! | [`chessboard`] | the board's words: [`Color`], [`File`], [`Rank`], [`Square`], [`Piece`] (Art. 2) |
//! | [`position`] | a position under the Laws: pieces, player to move, rights, the count of Art. 9.3 |
//! | [`movegen`] | moves as the Laws write them ([`Move`]) and legal-move generation over cozy-chess |
//! | [`fen`] | reading a FEN with errors that name the wrong field, and writing one back |
//! | [`placement`] | the pieces on the squares, without rules (sensor boards, illegal positions) |
//! | [`notation`] | SAN in the languages of App. E, the spoken and Braille forms, UCI |
//! | [`wire`] | how colours, squares and pieces appear in JSON |

#![warn(missing_docs)]

pub use chessboard::{Color, File, Piece, Rank, Square};
pub use movegen::{Move, ParseMoveError};
pub use placement::Placement;
pub use position::Position;

// The board and its moves (Art. 1-3), over cozy-chess: the only modules here that name it.
pub mod chessboard;
pub mod fen;
pub mod movegen;
pub mod placement;
pub mod position;

// Writing them down: notation for people, JSON for programs.
pub mod notation;
pub mod wire;
