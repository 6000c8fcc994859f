//! The cheap check run after every move (2005 Art. 9.6, 2023 Art. 5.2.2; Ambrona, FUN 2022,
//! Fig. 10): proves that a side cannot mate, or says nothing. It never searches for a mate, so a
//! position where play goes on costs a few move generations: the first line that runs past the
//! depth limit without ending ends the check.

use cozy_chess::{Board, Color, Piece};

use super::helpmate::play_forced_moves;
use super::material::cannot_mate_by_material;
use super::semistatic::mobility_proves;

/// Full-width depth of the "every line ends without a mate" search.
const DEPTH: u8 = 4;
/// Deeper for pawn-and-bishop endings, where lines end quickly in locked structures.
const DEPTH_PAWNS_AND_BISHOPS: u8 = 7;

fn only_pawns_and_bishops(board: &Board) -> bool {
    (board.pieces(Piece::Queen) | board.pieces(Piece::Rook) | board.pieces(Piece::Knight))
        .is_empty()
}

/// White pawns with a black pawn right in front of them: the mark of a locked structure.
fn has_blocked_pawn(board: &Board) -> bool {
    let white = (board.colored_pieces(Color::White, Piece::Pawn)).0;
    let black = (board.colored_pieces(Color::Black, Piece::Pawn)).0;
    (white << 8) & black != 0
}

/// True when every line of at most `depth` plies from `board` ends (mate, stalemate or material
/// shortcut) without `winner` giving mate. Gives up at the first line still open at the limit;
/// moves are generated lazily, so a position where play goes on costs one line of moves.
pub(super) fn every_line_ends_without_mate(board: &Board, winner: Color, depth: u8) -> bool {
    if cannot_mate_by_material(board, winner) {
        return true;
    }
    let mut has_moves = false;
    let mut all_end = true;
    board.generate_moves(|piece_moves| {
        has_moves = true;
        if depth == 0 {
            all_end = false;
            return true;
        }
        for mv in piece_moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            if !every_line_ends_without_mate(&child, winner, depth - 1) {
                all_end = false;
                return true;
            }
        }
        false
    });
    if !has_moves {
        return board.side_to_move() == winner || board.checkers().is_empty();
    }
    all_end
}

/// True only when `side` provably cannot mate; `false` means "not proven".
pub fn cannot_mate_quick(board: &Board, side: Color) -> bool {
    if cannot_mate_by_material(board, side) {
        return true;
    }
    let (pos, _, repeated) = play_forced_moves(board, 16);
    if repeated {
        return true;
    }
    let pawns_and_bishops = only_pawns_and_bishops(&pos);
    let depth = if pawns_and_bishops {
        DEPTH_PAWNS_AND_BISHOPS
    } else {
        DEPTH
    };
    if every_line_ends_without_mate(&pos, side, depth) {
        return true;
    }
    pawns_and_bishops && has_blocked_pawn(&pos) && mobility_proves(&pos, side)
}

/// True only when neither side can mate: a dead position, proven (2005 Art. 9.6,
/// 2023 Art. 5.2.2).
pub fn is_dead_quick(board: &Board) -> bool {
    cannot_mate_quick(board, Color::White) && cannot_mate_quick(board, Color::Black)
}
