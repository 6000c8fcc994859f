//! What stands where on the 64 squares, with no rule of play: the picture a sensor board
//! reports, the pieces a screen draws, the board left by an illegal move. A [`Position`](crate::Position) adds
//! the player to move and the rights the Laws attach to it; a placement is only the pieces
//! (`Position::placement` gives them).

use crate::{Color, File, Piece, Rank, Square};

/// What stands on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Occupant {
    /// Nothing on the square.
    Empty,
    /// A chess piece of a colour.
    Piece(Color, Piece),
    /// One of the board's three "magic pieces" (codes 13-15), used by some programs as result
    /// signals; never part of a chess position.
    Magic(u8),
}

impl Occupant {
    /// The piece, if this is one.
    pub fn piece(self) -> Option<(Color, Piece)> {
        match self {
            Self::Piece(c, p) => Some((c, p)),
            _ => None,
        }
    }
}

/// What stands where, indexed by chessboard square (a1 = 0 .. h8 = 63), whatever the board's
/// orientation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement([Occupant; 64]);

impl Default for Placement {
    fn default() -> Self {
        Self([Occupant::Empty; 64])
    }
}

impl std::fmt::Debug for Placement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Placement({})", self.to_fen_board())
    }
}

impl Placement {
    /// The occupant of `square`.
    pub fn get(&self, square: Square) -> Occupant {
        self.0[square as usize]
    }

    /// Puts `occupant` on `square`.
    pub fn set(&mut self, square: Square, occupant: Occupant) {
        self.0[square as usize] = occupant;
    }

    /// The pieces of the initial position (2005 Art. 2.3 / 2023 Art. 2.3).
    pub fn start() -> Self {
        const BACK: [Piece; 8] = [
            Piece::Rook,
            Piece::Knight,
            Piece::Bishop,
            Piece::Queen,
            Piece::King,
            Piece::Bishop,
            Piece::Knight,
            Piece::Rook,
        ];
        let mut placement = Self::default();
        for color in Color::ALL {
            for (file, piece) in File::ALL.into_iter().zip(BACK) {
                let back = Square::new(file, Rank::First.relative_to(color));
                let pawn = Square::new(file, Rank::Second.relative_to(color));
                placement.set(back, Occupant::Piece(color, piece));
                placement.set(pawn, Occupant::Piece(color, Piece::Pawn));
            }
        }
        placement
    }

    /// The same placement seen from a board turned 180 degrees.
    pub fn rotated(&self) -> Self {
        let mut out = Self::default();
        for square in Square::ALL {
            out.set(square, self.get(Square::index(63 - square as usize)));
        }
        out
    }

    /// The squares where `self` and `other` differ, a1 first.
    pub fn diff(&self, other: &Placement) -> Vec<Square> {
        Square::ALL
            .into_iter()
            .filter(|&s| self.get(s) != other.get(s))
            .collect()
    }

    /// The piece-placement field of a FEN (rank 8 first); magic pieces are shown as `?`.
    pub fn to_fen_board(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let occupant = self.get(Square::index(rank * 8 + file));
                let letter = match occupant {
                    Occupant::Empty => {
                        empty += 1;
                        continue;
                    }
                    Occupant::Piece(color, piece) => {
                        let c: char = piece.into();
                        if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        }
                    }
                    Occupant::Magic(_) => '?',
                };
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                    empty = 0;
                }
                out.push(letter);
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
}
