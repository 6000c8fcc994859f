//! The board's lights as bytes, on the boards that have them (Millennium's 81 corner LEDs,
//! Chessnut's, Certabo's and Square Off's one per square): which of the board's own squares are
//! lit, and whether they are the last move or squares to set. Each family turns [`Lights`] into
//! its own command ([`Command::Leds`](crate::codec::Command::Leds)); a family without lights
//! writes nothing. What the lights are to show (the last move, the squares where the board and
//! the game differ) is decided by the board session above this crate.

use arbiter_chess::Square;

use crate::board::{DgtSquare, Orientation};

/// What a board's lights are to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lights {
    /// The squares lit, in the board's own numbering: bit `i` is the board's square `i` (a8 is 0
    /// when the board sits the normal way, as its sensors are numbered).
    pub squares: u64,
    /// The squares are pieces to set (the board and the game differ), not the last move: a
    /// board that can blink them does.
    pub to_set: bool,
}

impl Lights {
    /// Every light off.
    pub const OFF: Lights = Lights {
        squares: 0,
        to_set: false,
    };

    /// `squares` of the game lit on a board sitting `orientation`.
    pub fn of(
        squares: impl IntoIterator<Item = Square>,
        orientation: Orientation,
        to_set: bool,
    ) -> Self {
        let squares = squares.into_iter().fold(0u64, |bits, square| {
            bits | 1 << DgtSquare::from_square(square, orientation).index()
        });
        Lights { squares, to_set }
    }

    /// Whether nothing is lit.
    pub fn is_off(&self) -> bool {
        self.squares == 0
    }

    /// The board's squares lit, in its own numbering, lowest first.
    pub fn lit(&self) -> impl Iterator<Item = u8> + '_ {
        (0..64u8).filter(|i| self.squares >> i & 1 == 1)
    }

    /// Eight bytes, one per rank of the board's own from its a8 side, each square of a rank one
    /// bit: `a_high` puts its a-file square in the top bit (Chessnut), else in the lowest
    /// (Certabo).
    pub fn rank_bytes(&self, a_high: bool) -> [u8; 8] {
        let mut bytes = [0u8; 8];
        for i in self.lit() {
            let (rank, file) = (usize::from(i / 8), i % 8);
            bytes[rank] |= if a_high { 0x80 >> file } else { 1 << file };
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_lit_in_the_boards_own_numbering() {
        let e2e4 = Lights::of([Square::E2, Square::E4], Orientation::Normal, false);
        // e4 is the board's 36 (a8 = 0), e2 its 52.
        assert_eq!(e2e4.lit().collect::<Vec<_>>(), vec![36, 52]);
        // Turned round, the board's own 27 and 11 are under e4 and e2.
        let turned = Lights::of([Square::E2, Square::E4], Orientation::Rotated, false);
        assert_eq!(turned.lit().collect::<Vec<_>>(), vec![11, 27]);
        assert_eq!(e2e4.rank_bytes(true), [0, 0, 0, 0, 0x08, 0, 0x08, 0]);
        assert_eq!(e2e4.rank_bytes(false), [0, 0, 0, 0, 0x10, 0, 0x10, 0]);
        assert!(Lights::OFF.is_off() && !e2e4.is_off());
    }
}
