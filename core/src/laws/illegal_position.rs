//! A position no legal play can reach, left on the board by an unclaimed illegal move in
//! unsupervised rapid or blitz: both kings in check, or a pawn on its last rank (2023 App.
//! A.5.4). cozy-chess holds only legal positions, so while such a position stands the engine
//! keeps the pieces here, one per square with no legality, lets the next move be made on them
//! by the pieces' patterns (Art. 3), and then asks whether the position is still illegal.
//!
//! # The 2005 edition
//! The 2005 appendices (App. B and C of the source texts) have no rule for this: the opponent
//! may claim the illegal move until he touches a piece (B5, C3), and after that nothing says
//! what becomes of the position. What they do keep is Art. 7.4a: when an illegal move is found
//! to have been completed, the position before the irregularity (or the last one that can be
//! established) is restored. So in 2005 the engine also waits for the reply (B5 forbids it to
//! act before); if the reply leaves a legal position, play goes on as after any unclaimed
//! illegal move; if the position is still illegal, the game cannot go on by the Laws, no
//! draw is written in that edition, and the engine stops the clocks for the arbiter to restore
//! a position under 7.4a.

use super::{Edition, Law};
use crate::movegen;
use crate::placement::{Occupant, Placement};
use crate::position::Position;
use crate::{Color, File, Move, Piece, Rank, Square};
use std::fmt;
use thiserror::Error;

/// The pieces on the board, one or none per square, and the side to move; no legality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPosition {
    /// What stands where (the one placement type: it has no legality either).
    pieces: Placement,
    side_to_move: Color,
    fullmove_number: u16,
}

/// What makes a placement a position legal play cannot reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defect {
    /// A pawn stands on its first or last rank (2023 App. A.5.4: an unpromoted pawn).
    PawnOnEndRank {
        /// Where.
        square: Square,
    },
    /// The side that has just moved is in check (with the side to move in check too: both
    /// kings in check, 2023 App. A.5.4).
    MoverInCheck {
        /// The side that moved.
        mover: Color,
    },
    /// A side has no king, or more than one.
    KingCount {
        /// Which side.
        color: Color,
    },
}

/// Why a move cannot be made on the placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum NotAMove {
    /// No piece of the side to move stands on the square the move leaves.
    #[error("no piece of the side to move on {0}")]
    NoOwnPiece(Square),
    /// The move lands on a piece of the mover's own side (Art. 3.1).
    #[error("{0} holds a piece of the mover's own side")]
    OwnPieceThere(Square),
    /// The piece cannot go there by its pattern (Art. 3.2-3.8), or a promotion is wrong.
    #[error("the piece on {from} cannot move to {to}")]
    NotThePattern {
        /// Square left.
        from: Square,
        /// Square aimed at.
        to: Square,
    },
    /// The move would take a king, which is no move of chess (2005 Art. 7.4a names it
    /// illegal).
    #[error("the move takes the king on {0}")]
    TakesKing(Square),
    /// Castling in an illegal position: its conditions (Art. 3.8) cannot be judged.
    #[error("no castling while the position is illegal")]
    Castling,
}

impl RawPosition {
    /// The pieces of a legal position.
    pub fn from_position(board: &Position) -> RawPosition {
        RawPosition {
            pieces: board.placement(),
            side_to_move: board.side_to_move(),
            fullmove_number: u16::try_from(board.fullmove_number()).unwrap_or(u16::MAX),
        }
    }

    /// The pieces after `mv` was made in `board` by hand, legal or not: castling moves the
    /// rook too, an en-passant capture removes the pawn passed, and the other side is on
    /// move. `None` if no piece stands on the square the move leaves.
    pub fn after(board: &Position, mv: Move) -> Option<RawPosition> {
        let mut placement = RawPosition::from_position(board);
        placement.piece_on(mv.from)?;
        let en_passant_pawn = board.en_passant_square().map(|target| {
            Square::new(target.file(), Rank::Fifth.relative_to(board.side_to_move()))
        });
        placement.shift(mv, en_passant_pawn);
        Some(placement)
    }

    /// The piece on `square`, with its colour.
    pub fn piece_on(&self, square: Square) -> Option<(Piece, Color)> {
        self.pieces
            .get(square)
            .piece()
            .map(|(color, piece)| (piece, color))
    }

    /// Who is on move.
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The placement after the side to move makes `mv` by the pieces' patterns (Art. 3),
    /// whether or not it leaves his king in check: the move that A.5.4 waits for.
    ///
    /// # Errors
    /// [`NotAMove`] if no piece of his could make it.
    pub fn play(&self, mv: Move) -> Result<RawPosition, NotAMove> {
        let mover = self.side_to_move;
        let Some((piece, color)) = self.piece_on(mv.from) else {
            return Err(NotAMove::NoOwnPiece(mv.from));
        };
        if color != mover {
            return Err(NotAMove::NoOwnPiece(mv.from));
        }
        match self.piece_on(mv.to) {
            Some((_, c)) if c == mover => return Err(NotAMove::OwnPieceThere(mv.to)),
            Some((Piece::King, _)) => return Err(NotAMove::TakesKing(mv.to)),
            _ => {}
        }
        let pattern = NotAMove::NotThePattern {
            from: mv.from,
            to: mv.to,
        };
        if piece == Piece::King {
            let two_files = (mv.from.file() as i8 - mv.to.file() as i8).abs() == 2;
            if two_files && mv.from.rank() == mv.to.rank() {
                return Err(NotAMove::Castling);
            }
        }
        if !movegen::reaches_by_pattern(&self.pieces, mover, piece, mv.from, mv.to) {
            return Err(pattern);
        }
        let last_rank = Rank::Eighth.relative_to(mover);
        match mv.promotion {
            None => {}
            Some(Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen)
                if piece == Piece::Pawn && mv.to.rank() == last_rank => {}
            Some(_) => return Err(pattern),
        }
        let mut next = self.clone();
        next.shift(mv, None);
        Ok(next)
    }

    /// Why no legal play reaches this position, if it cannot: checked in the order a reader
    /// would, kings first.
    pub fn defect(&self) -> Option<Defect> {
        for color in Color::ALL {
            let kings = Square::ALL
                .into_iter()
                .filter(|&sq| self.piece_on(sq) == Some((Piece::King, color)))
                .count();
            if kings != 1 {
                return Some(Defect::KingCount { color });
            }
        }
        let on_end_rank = |sq: Square| matches!(sq.rank(), Rank::First | Rank::Eighth);
        if let Some(square) = Square::ALL
            .into_iter()
            .find(|&sq| on_end_rank(sq) && matches!(self.piece_on(sq), Some((Piece::Pawn, _))))
        {
            return Some(Defect::PawnOnEndRank { square });
        }
        let mover = !self.side_to_move;
        if self.in_check(mover) {
            return Some(Defect::MoverInCheck { mover });
        }
        None
    }

    /// Whether both kings are in check.
    pub fn both_kings_in_check(&self) -> bool {
        self.in_check(Color::White) && self.in_check(Color::Black)
    }

    /// The legal position these pieces make, if they make one: castling rights kept from
    /// `rights_from` wherever king and rook still stand on their squares, no en-passant
    /// right, and `halfmove_clock` as given.
    pub fn to_position(&self, rights_from: &Position, halfmove_clock: u32) -> Option<Position> {
        if self.defect().is_some() {
            return None;
        }
        Position::from_placement(
            &self.pieces,
            self.side_to_move,
            rights_from,
            halfmove_clock,
            self.fullmove_number,
        )
    }

    /// The pieces as the first two fields of a FEN (`rnbqkbnr/... w`), for display.
    pub fn text(&self) -> String {
        self.to_string()
    }

    fn shift(&mut self, mv: Move, en_passant_pawn: Option<Square>) {
        let Some((piece, color)) = self.piece_on(mv.from) else {
            return;
        };
        self.pieces.set(mv.from, Occupant::Empty);
        if piece == Piece::Pawn
            && mv.from.file() != mv.to.file()
            && self.piece_on(mv.to).is_none()
            && let Some(passed) = en_passant_pawn
            && passed.file() == mv.to.file()
            && passed.rank() == mv.from.rank()
        {
            self.pieces.set(passed, Occupant::Empty);
        }
        let back = Rank::First.relative_to(color);
        if piece == Piece::King && mv.from.rank() == back && mv.to.rank() == back {
            // Castling as the king's two-square move: the rook crosses over him.
            let rook = match (mv.from.file(), mv.to.file()) {
                (File::E, File::G) => Some((File::H, File::F)),
                (File::E, File::C) => Some((File::A, File::D)),
                _ => None,
            };
            if let Some((from, to)) = rook
                && self.piece_on(Square::new(from, back)) == Some((Piece::Rook, color))
            {
                self.pieces.set(Square::new(from, back), Occupant::Empty);
                self.pieces
                    .set(Square::new(to, back), Occupant::Piece(color, Piece::Rook));
            }
        }
        let placed = mv.promotion.unwrap_or(piece);
        self.pieces.set(mv.to, Occupant::Piece(color, placed));
        if color == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side_to_move = !color;
    }

    /// Whether a king of `color` stands attacked by the other side's pieces.
    fn in_check(&self, color: Color) -> bool {
        movegen::king_attacked(&self.pieces, color)
    }
}

impl fmt::Display for RawPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pieces.to_fen_board())?;
        let side = if self.side_to_move == Color::White {
            'w'
        } else {
            'b'
        };
        write!(f, " {side}")
    }
}

/// The article that has the position still illegal after the next move decided: 2023 App.
/// A.5.4 (a draw); 2005 Art. 7.4a (the arbiter restores a position; see the module's note).
pub fn still_illegal_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 7.4a", "App. A.5.4")
}

/// The article under which the engine waits for the next move before judging the position:
/// 2023 App. A.5.4; 2005 App. B5 (the opponent keeps his claim until he touches a piece).
pub fn wait_law(edition: Edition) -> Law {
    Law::of(edition, "App. B5", "App. A.5.4")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Move {
        s.parse().unwrap()
    }

    fn board(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn a_king_left_in_check_next_to_a_check_is_both_kings_in_check() {
        // White, in check from the rook on e2, ignores it and gives check with Rc8.
        let b = board("3k4/8/8/8/8/8/4r3/2R1K3 w - - 0 1");
        let p = RawPosition::after(&b, text("c1c8")).unwrap();
        assert!(p.both_kings_in_check());
        assert_eq!(
            p.defect(),
            Some(Defect::MoverInCheck {
                mover: Color::White
            })
        );
        assert_eq!(p.to_position(&b, 0), None);
        assert_eq!(p.text(), "2Rk4/8/8/8/8/8/4r3/4K3 b");
    }

    #[test]
    fn the_reply_that_lifts_the_check_makes_a_legal_position() {
        let b = board("3k4/8/8/8/8/8/4r3/2R1K3 w - - 0 1");
        let p = RawPosition::after(&b, text("c1c8")).unwrap();
        // Black takes the rook that checks him, but his own rook still checks White, who is
        // now on move: a legal position.
        let q = p.play(text("d8c8")).unwrap();
        assert_eq!(q.defect(), None);
        let legal = q.to_position(&b, 3).unwrap();
        assert_eq!(legal.to_string(), "2k5/8/8/8/8/8/4r3/4K3 w - - 3 2");
        // A rook move instead leaves Black's king in check with White on move: still illegal.
        let r = p.play(text("e2e3")).unwrap();
        assert_eq!(
            r.defect(),
            Some(Defect::MoverInCheck {
                mover: Color::Black
            })
        );
    }

    #[test]
    fn an_unpromoted_pawn_on_the_last_rank_is_a_defect_until_taken() {
        let b = board("1r5k/P7/8/8/8/8/8/7K w - - 0 1");
        let p = RawPosition::after(&b, text("a7a8")).unwrap();
        assert_eq!(
            p.defect(),
            Some(Defect::PawnOnEndRank { square: Square::A8 })
        );
        assert!(p.play(text("h8g8")).unwrap().defect().is_some());
        assert_eq!(p.play(text("b8a8")).unwrap().defect(), None);
    }

    #[test]
    fn moves_on_a_placement_follow_the_patterns_only() {
        let b = board("3k4/8/8/8/8/8/4r3/2R1K3 w - - 0 1");
        let p = RawPosition::after(&b, text("c1c8")).unwrap();
        assert_eq!(p.play(text("e2e1")), Err(NotAMove::TakesKing(Square::E1)));
        assert_eq!(p.play(text("c8c7")), Err(NotAMove::NoOwnPiece(Square::C8)));
        assert_eq!(
            p.play(text("e2d3")),
            Err(NotAMove::NotThePattern {
                from: Square::E2,
                to: Square::D3
            })
        );
        assert!(p.play(text("d8d7")).is_ok(), "a king step, even into check");
        let castle = board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        let p = RawPosition::from_position(&castle);
        assert_eq!(p.play(text("e8g8")), Err(NotAMove::Castling));
    }

    #[test]
    fn castling_rights_survive_only_where_king_and_rook_stand() {
        let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let p = RawPosition::after(&b, text("h1h8")).unwrap();
        let q = p.play(text("e8d7")).unwrap();
        let legal = q.to_position(&b, 0).unwrap();
        assert_eq!(legal.to_string(), "r6R/3k4/8/8/8/8/8/R3K3 w Q - 0 2");
    }
}
