//! What stands where on the 64 squares, with no rule of play: the picture a sensor board
//! reports, the pieces a screen draws, the board left by an illegal move. A [`Position`](crate::Position) adds
//! the player to move and the rights the Laws attach to it; a placement is only the pieces
//! (`Position::placement` gives them).

use crate::chessboard::{Color, File, Piece, Rank, Square};

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

    /// Reads the piece-placement field of a FEN (rank 8 first), as [`Self::to_fen_board`]
    /// writes it (a `?` back as the first magic piece); `None` for a field that does not
    /// describe 8 ranks of 8 squares. No rule is checked: a picture may be any placement.
    pub fn from_fen_board(text: &str) -> Option<Self> {
        let mut placement = Self::default();
        let ranks: Vec<&str> = text.trim().split('/').collect();
        if ranks.len() != 8 {
            return None;
        }
        for (row, rank) in ranks.into_iter().enumerate() {
            let mut file = 0usize;
            for c in rank.chars() {
                if let Some(empty) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += empty as usize;
                    continue;
                }
                let occupant = match c {
                    '?' => Occupant::Magic(13),
                    _ => {
                        let piece = Piece::try_from(c.to_ascii_lowercase()).ok()?;
                        let color = if c.is_ascii_uppercase() {
                            Color::White
                        } else {
                            Color::Black
                        };
                        Occupant::Piece(color, piece)
                    }
                };
                if file >= 8 {
                    return None;
                }
                placement.set(Square::index((7 - row) * 8 + file), occupant);
                file += 1;
            }
            if file != 8 {
                return None;
            }
        }
        Some(placement)
    }

    /// The FEN of a game set up from these pieces with `side_to_move` on move and `fullmove`
    /// the number of his move: castling rights wherever a king and a rook stand on their
    /// squares of the initial position (as a set-up gives them; the arbiter types a FEN for a
    /// game that has lost them), no en-passant square, no half-move counted. Nothing is
    /// checked here: the game checks the FEN as any set-up's.
    pub fn to_setup_fen(&self, side_to_move: Color, fullmove: u16) -> String {
        let on = |square: Square, color: Color, piece: Piece| {
            self.get(square) == Occupant::Piece(color, piece)
        };
        let mut castling = String::new();
        for (color, king, rights) in [
            (
                Color::White,
                Square::E1,
                [(Square::H1, 'K'), (Square::A1, 'Q')],
            ),
            (
                Color::Black,
                Square::E8,
                [(Square::H8, 'k'), (Square::A8, 'q')],
            ),
        ] {
            for (rook, right) in rights {
                if on(king, color, Piece::King) && on(rook, color, Piece::Rook) {
                    castling.push(right);
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let side = if side_to_move == Color::White {
            'w'
        } else {
            'b'
        };
        format!(
            "{} {side} {castling} - 0 {}",
            self.to_fen_board(),
            fullmove.max(1)
        )
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_reads_back_as_written_and_sets_up_with_the_castlings_its_pieces_allow() {
        let start = Placement::start();
        let text = start.to_fen_board();
        assert_eq!(Placement::from_fen_board(&text), Some(start));
        assert_eq!(
            start.to_setup_fen(Color::White, 1),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        let resumed = Placement::from_fen_board("6k1/5ppp/8/8/8/8/5PPP/R3K2R").unwrap();
        assert_eq!(
            resumed.to_setup_fen(Color::Black, 40),
            "6k1/5ppp/8/8/8/8/5PPP/R3K2R b KQ - 0 40"
        );
        for wrong in [
            "8/8/8",
            "9/8/8/8/8/8/8/8",
            "ppppppppp/8/8/8/8/8/8/8",
            "x7/8/8/8/8/8/8/8",
            "7/8/8/8/8/8/8/8",
        ] {
            assert_eq!(Placement::from_fen_board(wrong), None, "{wrong}");
        }
        let magic = Placement::from_fen_board("?7/8/8/8/8/8/8/8").unwrap();
        assert_eq!(magic.to_fen_board(), "?7/8/8/8/8/8/8/8");
    }
}
