//! DGT's result signal, as far as the Laws of the game at the board are concerned: players who
//! finish a game on a sensor board tell the result by setting both kings on the centre squares
//! (side by side for a draw). Making the signal is no play of the game: the player on move
//! begins it by lifting his own king, which would otherwise be a touch of the king (2005 Art.
//! 4.3, 2023 Art. 4.3.1), binding him to move it.
//!
//! So a lift of the own king by the player on move, as his first lift of the turn, is held:
//! where the king comes down says what it was. Set down while the pieces show the signal under
//! way, it was the signal and touched nothing; set down anywhere else, or followed by a lift of
//! another piece (the signal sets the kings down first), it was a touch of the king, at the
//! instant of its lift. What the signal proposes as the result is the arbiter's to read.

use crate::position::{Position, king_distance};
use crate::{Color, Piece, Square};

use super::board::{Occupant, Placement};

/// Whether `physical` shows DGT's result signal being made in the game at `game`: the two kings
/// side by side (never a position of a game), or a king set on a centre square (d4, d5, e4, e5)
/// two or more squares from where the game has it, which no king's move does.
pub fn result_signal_under_way(physical: &Placement, game: &Position) -> bool {
    let centre = [Square::D4, Square::D5, Square::E4, Square::E5];
    let mut kings = [None, None];
    for square in Square::ALL {
        if let Occupant::Piece(color, Piece::King) = physical.get(square) {
            kings[color as usize] = Some(square);
        }
    }
    if let [Some(white), Some(black)] = kings
        && king_distance(white, black) <= 1
    {
        return true;
    }
    [Color::White, Color::Black].into_iter().any(|color| {
        kings[color as usize].is_some_and(|square| {
            centre.contains(&square) && king_distance(square, game.king(color)) >= 2
        })
    })
}

/// The own king's lift by the player on move, held until it is known whether it touched the
/// king or began the result signal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KingHold {
    /// The held lift: when, and from which square.
    lift: Option<(u64, Square)>,
    /// The player on move has lifted a piece of his since the position last changed: a king
    /// lifted after that is touched at once (the signal begins with the king).
    own_lifted: bool,
}

/// What became of a held king's lift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KingLift {
    /// A touch of the king, at the instant of its lift (2005 Art. 4.3 / 2023 Art. 4.3.1).
    Touched {
        /// When the king was lifted.
        at: u64,
        /// The square it was lifted from.
        square: Square,
    },
    /// The start of the result signal: no play of the game.
    Signal,
}

impl KingHold {
    /// A lift of `color`'s `piece` from `square` at `at`, in the game at `position`: whether it
    /// is held (the own king of the player on move, his first lift of the turn).
    pub fn lifted(
        &mut self,
        position: &Position,
        at: u64,
        square: Square,
        color: Color,
        piece: Piece,
    ) -> bool {
        if color != position.side_to_move() {
            return false;
        }
        let first = !self.own_lifted;
        self.own_lifted = true;
        if piece == Piece::King && first {
            self.lift = Some((at, square));
            return true;
        }
        false
    }

    /// The board changed after a held lift (the king came down, or another piece was lifted)
    /// and now shows `physical`: what the lift was, or `None` when no lift is held.
    pub fn resolve(&mut self, physical: &Placement, position: &Position) -> Option<KingLift> {
        let (at, square) = self.lift.take()?;
        Some(if result_signal_under_way(physical, position) {
            KingLift::Signal
        } else {
            KingLift::Touched { at, square }
        })
    }

    /// Whether the player on move has lifted a piece of his since the position last changed:
    /// then a lift of one of his opponent's pieces is his touch too (2005 Art. 4.3b), not the
    /// opponent reaching early.
    pub fn own_lifted(&self) -> bool {
        self.own_lifted
    }

    /// A piece of the new player on move was already off its square when his turn came (lifted
    /// before it): that was his first lift, and a king lifted now is touched at once.
    pub fn lifted_before_turn(&mut self) {
        self.own_lifted = true;
    }

    /// Whether a king's lift is held now.
    pub fn holds(&self) -> bool {
        self.lift.is_some()
    }

    /// The position changed (a move made or taken back, the game set otherwise): a king still
    /// in the air was the last player's hand, and the new player on move has lifted nothing.
    pub fn new_turn(&mut self) {
        *self = Self::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces `start` shows, with `changes` made on them (a piece set, or a square emptied).
    fn placement(start: &Position, changes: &[(Square, Option<(Color, Piece)>)]) -> Placement {
        let mut p = start.placement();
        for &(square, piece) in changes {
            p.set(
                square,
                piece.map_or(Occupant::Empty, |(c, k)| Occupant::Piece(c, k)),
            );
        }
        p
    }

    /// The pieces `game` shows with the white king taken to `white` and the black to `black`.
    fn kings_on(game: &Position, white: Square, black: Square) -> Placement {
        placement(
            game,
            &[
                (game.king(Color::White), None),
                (game.king(Color::Black), None),
                (white, Some((Color::White, Piece::King))),
                (black, Some((Color::Black, Piece::King))),
            ],
        )
    }

    #[test]
    fn art_4_3_the_own_king_lifted_and_set_down_off_the_signal_is_a_touch_at_its_lift() {
        let start = Position::startpos();
        let mut hold = KingHold::default();
        assert!(hold.lifted(&start, 100, Square::E1, Color::White, Piece::King));
        assert!(hold.holds());
        // Set down again on e1: the pieces show no signal.
        let back = start.placement();
        assert_eq!(
            hold.resolve(&back, &start),
            Some(KingLift::Touched {
                at: 100,
                square: Square::E1
            })
        );
        assert!(!hold.holds());
    }

    #[test]
    fn art_4_3_the_own_king_set_down_for_the_result_signal_touches_nothing() {
        let game = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("a position");
        let mut hold = KingHold::default();
        assert!(hold.lifted(&game, 100, Square::E1, Color::White, Piece::King));
        // The white king on e4 beside the black one brought to d5: a draw signalled.
        let signal = kings_on(&game, Square::E4, Square::D5);
        assert_eq!(hold.resolve(&signal, &game), Some(KingLift::Signal));
        assert!(!hold.holds());
    }

    #[test]
    fn art_4_3_only_the_first_lift_of_the_player_on_move_is_held() {
        let start = Position::startpos();
        let mut hold = KingHold::default();
        // The opponent's pieces are never held, nor is any piece but the king.
        assert!(!hold.lifted(&start, 10, Square::E8, Color::Black, Piece::King));
        assert!(!hold.lifted(&start, 20, Square::G1, Color::White, Piece::Knight));
        // After a piece of his own, the king is touched at once.
        assert!(!hold.lifted(&start, 30, Square::E1, Color::White, Piece::King));
        hold.new_turn();
        assert!(hold.lifted(&start, 40, Square::E1, Color::White, Piece::King));
        // A turn's change forgets the king in the air.
        hold.new_turn();
        assert_eq!(hold.resolve(&start.placement(), &start), None);
    }

    #[test]
    fn the_signal_is_the_kings_side_by_side_or_a_king_far_off_on_a_centre_square() {
        let start = Position::startpos();
        assert!(!result_signal_under_way(&start.placement(), &start));
        // Kings side by side: never a position of a game.
        let side_by_side = kings_on(&start, Square::E5, Square::D5);
        assert!(result_signal_under_way(&side_by_side, &start));
        // The white king alone on e4, three squares from e1.
        let far = placement(
            &start,
            &[
                (Square::E1, None),
                (Square::E4, Some((Color::White, Piece::King))),
            ],
        );
        assert!(result_signal_under_way(&far, &start));
        // A king's move to a centre square is no signal.
        let near = Position::from_fen("4k3/8/8/8/8/4K3/8/8 w - - 0 1").expect("a position");
        let stepped = placement(
            &near,
            &[
                (Square::E3, None),
                (Square::E4, Some((Color::White, Piece::King))),
            ],
        );
        assert!(!result_signal_under_way(&stepped, &near));
    }
}
