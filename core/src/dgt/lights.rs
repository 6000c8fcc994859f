//! The board's lights, on the boards that have them (Millennium's 81 corner LEDs, Chessnut's,
//! Certabo's and Square Off's one per square): the last move's two squares once the board shows the game, and
//! the squares to set while the board and the game differ (a move taken back, a position
//! restored, a game joined in progress), gone once they agree again.
//!
//! The lights are a picture of two things the session knows, the game and what the sensors
//! show; they are written only when that picture changes, and never while a hand is at the
//! board (what it shows then is on its way somewhere). Each family turns [`Lights`] into its own
//! command ([`Command::Leds`](super::codec::Command::Leds)); a family without lights writes
//! nothing.

use crate::Square;

use super::board::{DgtSquare, Orientation};
use super::family::BoardCodec;
use super::session::{BoardSession, hidden};
use super::signal::result_signal_under_way;
use super::table::Table;

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

impl<C: BoardCodec> BoardSession<C> {
    /// What the board's lights should show now, or `None` while that is not known (no read
    /// yet, the orientation unknown, a hand at the board): then they stay as they are.
    pub(super) fn lights_wanted(&self, table: &dyn Table) -> Option<Lights> {
        let orientation = self.rec.orientation()?;
        if !self.connected || !self.rec.has_dump() || self.rec.poll_deadline().is_some() {
            return None;
        }
        if hidden(table) {
            // A sealed move's squares are nobody's to see (2005 App. A1).
            return Some(Lights::OFF);
        }
        let physical = self.rec.physical();
        let (_, moves) = table.score();
        let game = table.game();
        let last = |mv: Option<&crate::movegen::Move>| {
            mv.map_or(Lights::OFF, |mv| {
                Lights::of([mv.from, mv.to], orientation, false)
            })
        };
        if physical == game.board().placement() {
            return Some(last(moves.last()));
        }
        let seen = self.rec.moves();
        if seen.len() == moves.len() + 1
            && seen.starts_with(moves)
            && !self.waits_for_nothing(table)
            && physical == self.rec.position().placement()
        {
            // A move made on the board, waiting for the press that completes it.
            return Some(last(seen.last()));
        }
        if game.result().is_some() || result_signal_under_way(&physical, game.board()) {
            // The game is over, or the kings are signalling its result: nothing to set.
            return Some(Lights::OFF);
        }
        Some(Lights::of(
            physical.diff(&game.board().placement()),
            orientation,
            true,
        ))
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
