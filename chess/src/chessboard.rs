//! The chessboard's words (Art. 2): sides, files, ranks and squares, and the pieces on them.
//!
//! A module of their own at the bottom of the crate, so that what only names a square or a piece
//! (the placement, the JSON forms, FEN's errors, notation) need not import the position, which
//! imports them back.

/// The Laws' words for sides, squares and pieces (a `Piece` is the kind, pawn to king; its side
/// is a `Color`), as cozy-chess defines them.
pub use cozy_chess::{Color, File, Piece, Rank, Square};
