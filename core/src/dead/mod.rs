//! Dead positions and flag falls: can this side still checkmate by any series of legal moves?
//! (2005 Art. 6.10 and 9.6; 2023 Art. 6.9 and 5.2.2).
//!
//! Seam: the rest of the core calls only [`can_mate`]. Until the full analysis lands it answers
//! `Undetermined` everywhere, which keeps every default (the flagging player loses, play goes on).

use cozy_chess::{Board, Color, Move};

/// How much search a caller allows before the answer becomes [`CanMate::Undetermined`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Nodes of the helpmate search.
    pub nodes: u64,
}

impl Budget {
    /// The budget used for rulings (flag fall, illegal-move exceptions).
    pub const RULING: Budget = Budget { nodes: 500_000 };
}

/// Whether `side` can still checkmate by some series of legal moves (the opponent cooperating).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CanMate {
    /// Proven: a helpmate line from the position, as evidence.
    Yes(Vec<Move>),
    /// Proven impossible.
    No,
    /// The budget ran out before a proof either way.
    Undetermined,
}

/// Decide whether `side` can checkmate in `board` within `budget`.
pub fn can_mate(_board: &Board, _side: Color, _budget: Budget) -> CanMate {
    CanMate::Undetermined
}
