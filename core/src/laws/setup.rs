//! Castling after a faulty set-up (row RB-03). When the pieces were set up wrongly and the
//! fault can no longer be claimed (three moves each in 2005 App. B4, ten in unsupervised 2023
//! App. A.5.1), the game goes on as it stands, but a king that did not start on its square may
//! not castle, nor may a rook that did not start in its corner castle with its king (B4: king
//! and queen exchanged, no castling with that king).
//!
//! Castling moves the king from its original square towards a rook on its original square
//! (2005 Art. 3.8a / 2023 Art. 3.8.2), so these castlings are never legal; cozy-chess, which
//! also plays Chess960, would allow a king on d1 to castle, so the engine takes those rights
//! away before the first move.

use super::{Law, Profile};
use crate::placement::Placement;
use crate::position::Position;
use crate::{Color, File, Piece, Rank, Square};

/// The castlings a set-up bars for one side: with the h-rook (short), with the a-rook (long).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Barred {
    /// No castling on the king's side.
    pub short: bool,
    /// No castling on the queen's side.
    pub long: bool,
}

impl Barred {
    /// Whether any castling is barred.
    pub fn any(self) -> bool {
        self.short || self.long
    }
}

/// The castlings the pieces' places bar for `color`: both when the king is off its square,
/// one side when its corner holds no rook of his.
pub fn barred(board: &Position, color: Color) -> Barred {
    let back = Rank::First.relative_to(color);
    let own =
        |file: File, piece: Piece| board.piece_on(Square::new(file, back)) == Some((color, piece));
    let king_home = own(File::E, Piece::King);
    Barred {
        short: !king_home || !own(File::H, Piece::Rook),
        long: !king_home || !own(File::A, Piece::Rook),
    }
}

/// Whether the position is the initial array of Art. 2 with some pieces on each first rank
/// exchanged: a set-up fault rather than a position set up on purpose.
pub fn is_faulty_initial_setup(board: &Position) -> bool {
    let initial = Placement::start();
    let shown = board.placement();
    let mut counts = [[0i32; 6]; 2];
    let mut exchanged = false;
    for sq in Square::ALL {
        let (now, then) = (shown.get(sq).piece(), initial.get(sq).piece());
        // The same squares hold a piece of the same side, and the pawns stand where they began.
        if now.map(|(c, _)| c) != then.map(|(c, _)| c)
            || (now.map(|(_, p)| p) == Some(Piece::Pawn))
                != (then.map(|(_, p)| p) == Some(Piece::Pawn))
        {
            return false;
        }
        if let (Some((c, p)), Some((_, q))) = (now, then) {
            counts[c as usize][p as usize] += 1;
            counts[c as usize][q as usize] -= 1;
            exchanged |= p != q;
        }
    }
    // Each side has the pieces it began with, some of them on each other's squares.
    exchanged && counts.iter().flatten().all(|&n| n == 0)
}

/// `board` without the castling rights its pieces' places bar (see [`barred`]).
pub fn without_barred_castling(board: Position) -> Position {
    let mut out = board.clone();
    for color in Color::ALL {
        let bar = barred(&board, color);
        out = out.without_castling(color, bar.short, bar.long);
    }
    out
}

/// The article that bars the castling: the claim window's (2005 App. B4 / 2023 App. A.5.1)
/// when the game is played under one and the set-up was faulty, else the definition of
/// castling (2005 Art. 3.8a / 2023 Art. 3.8.2).
pub fn barred_castling_law(profile: Profile, faulty_setup: bool) -> Law {
    match profile.setup_claim_window() {
        Some((_, law)) if faulty_setup => law,
        _ => Law::of(profile.edition, "Art. 3.8a", "Art. 3.8.2"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SWAPPED: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1";

    #[test]
    fn king_and_queen_exchanged_bar_both_castlings() {
        let board = crate::position::Position::from_setup_fen(SWAPPED).unwrap();
        assert!(is_faulty_initial_setup(&board));
        assert_eq!(
            barred(&board, Color::White),
            Barred {
                short: true,
                long: true
            }
        );
        let stripped = without_barred_castling(board);
        assert_eq!(
            stripped.to_string(),
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"
        );
    }

    #[test]
    fn a_rook_out_of_its_corner_bars_its_side_only() {
        let board = crate::position::Position::from_setup_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBNR w Kkq - 0 1",
        )
        .unwrap();
        assert!(is_faulty_initial_setup(&board));
        assert_eq!(
            barred(&board, Color::White),
            Barred {
                short: false,
                long: true
            }
        );
        assert!(!barred(&board, Color::Black).any());
        assert_eq!(without_barred_castling(board.clone()), board);
    }

    #[test]
    fn the_initial_array_and_later_positions_are_no_fault() {
        assert!(!is_faulty_initial_setup(&Position::startpos()));
        let later = Position::from_fen("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert!(!is_faulty_initial_setup(&later));
        assert_eq!(without_barred_castling(later.clone()), later);
    }
}
