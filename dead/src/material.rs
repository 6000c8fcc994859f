//! The material shortcut: shapes of material with which a side can never give mate, whatever the
//! opponent does (Ambrona, FUN 2022, Lemmas 5 and 6). Used for 2005 Art. 6.10 / 9.6 and
//! 2023 Art. 6.9 / 5.2.2, and as a leaf test inside the helpmate search.
//!
//! Every shape here is a proof, so each test errs towards "can still mate": a lone knight is only
//! helpless against a bare king or queens, because any other enemy piece may block its own king.

use cozy_chess::{BitBoard, Board, Color, Piece};

/// True when `winner` can never checkmate from this material, whatever both sides play.
///
/// The three shapes: a bare king; king and one knight against king and queens only; king and
/// bishops all on one square colour, with no bishop of the other colour, no knight and no pawn
/// anywhere on the board (the opponent's rooks and queens may stand on the mating king's escape
/// squares, but each of them could then capture or block the checking bishop).
pub fn cannot_mate_by_material(board: &Board, winner: Color) -> bool {
    let ours = board.colors(winner);
    let theirs = board.colors(!winner);
    let our_count = ours.len();
    if our_count == 1 {
        return true;
    }

    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    let pawns = board.pieces(Piece::Pawn);

    if our_count == 2 && !(ours & knights).is_empty() {
        let their_helpers = theirs & (knights | bishops | board.pieces(Piece::Rook) | pawns);
        return their_helpers.is_empty();
    }

    let our_bishops = ours & bishops;
    if our_bishops.is_empty() || our_count != our_bishops.len() + 1 {
        return false;
    }
    if !knights.is_empty() || !pawns.is_empty() {
        return false;
    }
    bishops.is_subset(BitBoard::DARK_SQUARES) || bishops.is_subset(BitBoard::LIGHT_SQUARES)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::board;

    #[test]
    fn art_6_10_2005_bare_king_cannot_mate() {
        let b = board("8/8/8/4k3/8/8/8/4K2Q w - - 0 1");
        assert!(cannot_mate_by_material(&b, Color::Black));
        assert!(!cannot_mate_by_material(&b, Color::White));
    }

    #[test]
    fn art_6_10_2005_knight_against_queen_cannot_mate_but_against_rook_can() {
        let against_queen = board("8/8/8/4k3/8/2N5/8/4K2q w - - 0 1");
        assert!(cannot_mate_by_material(&against_queen, Color::White));
        let against_rook = board("8/8/8/4k3/8/2N5/8/4K2r w - - 0 1");
        assert!(!cannot_mate_by_material(&against_rook, Color::White));
        let against_pawn = board("8/8/8/4k3/8/2N5/6p1/4K3 w - - 0 1");
        assert!(!cannot_mate_by_material(&against_pawn, Color::White));
    }

    #[test]
    fn art_6_10_2005_same_coloured_bishops_cannot_mate_opposite_can() {
        // c1 and e3 are both dark squares; the black bishop on f8 is dark too.
        let same = board("5b2/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1");
        assert!(cannot_mate_by_material(&same, Color::White));
        // A light black bishop (e8) could block its own king.
        let opposite = board("4b3/8/8/4k3/8/4B3/8/4K3 w - - 0 1");
        assert!(!cannot_mate_by_material(&opposite, Color::White));
        // A black knight could block too.
        let with_knight = board("4n3/8/8/4k3/8/4B3/8/4K3 w - - 0 1");
        assert!(!cannot_mate_by_material(&with_knight, Color::White));
    }
}
