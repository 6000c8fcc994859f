//! The cheap check run after every move (2005 Art. 9.6, 2023 Art. 5.2.2): proves a dead position
//! or says nothing.

use cozy_chess::{Board, Color};

use super::material::cannot_mate_by_material;

/// True only when `side` provably cannot mate; `false` means "not proven".
pub fn cannot_mate_quick(board: &Board, side: Color) -> bool {
    cannot_mate_by_material(board, side)
}

/// True only when neither side can mate: a dead position, proven.
pub fn is_dead_quick(board: &Board) -> bool {
    cannot_mate_quick(board, Color::White) && cannot_mate_quick(board, Color::Black)
}
