//! What is wrong with a FEN, one variant per fault, each naming its field so that a user can
//! find and mend it.

use thiserror::Error;

use crate::chessboard::{Color, Piece, Square};

/// Why a FEN could not be read. Each variant names the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not 6 fields (or 4 without the counters).
    #[error("expected 6 space-separated fields (or 4 without the move counters), found {found}")]
    FieldCount {
        /// How many fields the text has.
        found: usize,
    },
    /// The piece placement does not describe 8 ranks.
    #[error("piece placement: expected 8 ranks separated by '/', found {found}")]
    RankCount {
        /// How many ranks the placement field has.
        found: usize,
    },
    /// A rank does not describe exactly 8 squares.
    #[error("piece placement: rank {rank} describes {squares} squares, not 8")]
    RankLength {
        /// The rank, 8 to 1 as the field lists them.
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is neither a piece letter nor a count of empty squares.
    #[error(
        "piece placement: rank {rank}: '{found}' is not a piece letter (KQRBNPkqrbnp) or a digit 1-8"
    )]
    PieceLetter {
        /// The rank the character stands in.
        rank: u8,
        /// The character.
        found: char,
    },
    /// A side without exactly one king (Art. 2.2: each player has one king).
    #[error("piece placement: {color} has {count} kings, a position needs exactly one")]
    KingCount {
        /// The side.
        color: ColorName,
        /// How many kings it has.
        count: u32,
    },
    /// More than 16 pieces or more than 8 pawns for one side: no game reaches that.
    #[error("piece placement: {color} has {count} {what}, at most {max} are possible")]
    TooManyPieces {
        /// The side.
        color: ColorName,
        /// "pieces" or "pawns".
        what: &'static str,
        /// How many it has.
        count: u32,
        /// The most a game can leave it (16 pieces, 8 pawns).
        max: u32,
    },
    /// More queens, rooks, bishops of one square colour or knights than the initial set holds,
    /// beyond what promotions of the side's missing pawns can explain (Art. 3.7e).
    #[error(
        "piece placement: {color}'s pieces need at least {extra} promoted beyond the initial set, but only {missing} of its pawns are missing"
    )]
    TooManyPromoted {
        /// The side.
        color: ColorName,
        /// The fewest promotions its pieces need.
        extra: u32,
        /// The pawns it lacks, each one promotion at most.
        missing: u32,
    },
    /// The kings stand on neighbouring squares: one of them would be in check from the other,
    /// and no move may put or leave a king there (Art. 3.9).
    #[error("piece placement: the kings stand side by side on {white} and {black}")]
    AdjacentKings {
        /// White's king.
        white: Square,
        /// Black's king.
        black: Square,
    },
    /// A pawn on the first or last rank (Art. 3.7: pawns start on the 2nd and promote on the 8th).
    #[error("piece placement: pawn on {square}, pawns can never stand on the first or last rank")]
    PawnOnBackRank {
        /// Where the pawn stands.
        square: Square,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move: expected 'w' or 'b', found '{found}'")]
    SideToMove {
        /// The field as written.
        found: String,
    },
    /// The side that is not to move is in check: the previous move was illegal (Art. 3.9).
    #[error("side to move: {color} is in check but it is not {color}'s turn")]
    OpponentInCheck {
        /// The side in check, not on move.
        color: ColorName,
    },
    /// Three or more pieces give check: no single move uncovers more than two.
    #[error(
        "side to move: {color} is in check from {count} pieces, which no legal move can produce"
    )]
    ImpossibleCheck {
        /// The side in check.
        color: ColorName,
        /// How many pieces check it.
        count: u32,
    },
    /// Two pieces give check but neither is a queen, rook or bishop: a double check needs a
    /// line piece uncovered by the move, since a knight's or pawn's check cannot be uncovered.
    #[error(
        "side to move: {color} is in check from a {first} and a {second}, which no legal move can produce (one of them must be a queen, rook or bishop)"
    )]
    ImpossibleDoubleCheck {
        /// The side in check.
        color: ColorName,
        /// One checking piece.
        first: PieceName,
        /// The other.
        second: PieceName,
    },
    /// The castling field is not `-` or a combination of `KQkq`.
    #[error(
        "castling rights: '{found}' is not '-' or a combination of K, Q, k, q (each at most once)"
    )]
    CastlingSyntax {
        /// The field as written.
        found: String,
    },
    /// A castling right whose king or rook is not on its original square.
    #[error("castling rights: '{right}' needs the {piece} on {square}")]
    CastlingMismatch {
        /// The right (`K`, `Q`, `k` or `q`).
        right: char,
        /// "king" or "rook".
        piece: &'static str,
        /// Where that piece should stand.
        square: Square,
    },
    /// The en-passant field is not `-` or a square.
    #[error("en passant: '{found}' is not '-' or a square")]
    EnPassantSyntax {
        /// The field as written.
        found: String,
    },
    /// An en-passant square that the last move cannot have created.
    #[error("en passant: {square} is impossible: {reason}")]
    EnPassantImpossible {
        /// The square named.
        square: Square,
        /// Why no two-square advance left it.
        reason: &'static str,
    },
    /// The half-move clock is not a non-negative number.
    #[error("half-move clock: '{found}' is not a whole number of half-moves")]
    HalfmoveClock {
        /// The field as written.
        found: String,
    },
    /// The full-move number is not a number from 1 to 65535.
    #[error("full-move number: '{found}' is not a number from 1 to 65535")]
    FullmoveNumber {
        /// The field as written.
        found: String,
    },
    /// A combination that cozy-chess's own validation refuses and the checks above did not name.
    #[error("{field}: the position is inconsistent")]
    Inconsistent {
        /// The field cozy-chess named.
        field: &'static str,
    },
}

/// A color written out for error messages ("white", "black").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorName(pub Color);

impl core::fmt::Display for ColorName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(crate::wire::color::name(self.0))
    }
}

/// A piece written out for error messages ("knight").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceName(pub Piece);

impl core::fmt::Display for PieceName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(crate::wire::piece::name(self.0))
    }
}
