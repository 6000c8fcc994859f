//! # arbiter-dead
//!
//! Dead positions and flag falls: can this side still checkmate by any series of legal moves?
//! (2005 Art. 6.10 and 9.6; 2023 Art. 6.9 and 5.2.2). It stands on the chess layer
//! (`arbiter-chess`) and cozy-chess alone; `arbiter-core` re-exports it as `arbiter_core::dead`.
//!
//! The analysis is M. Ambrona's (FUN 2022): a material shortcut, a bounded helpmate search with
//! reward/punish depth accounting, and a sound semi-static analysis of blocked positions, run by
//! an iterative driver. Only a proof changes a result: [`CanMate::Undetermined`] keeps every
//! default (the flagging player loses; play goes on).
//!
//! ```
//! use arbiter_dead::{Budget, CanMate, can_mate};
//! use cozy_chess::{Board, Color};
//!
//! // King and bishop against king: White cannot mate (2005 Art. 6.10: flag fall is a draw).
//! let board: Board = "8/8/8/4k3/8/8/8/2B1K3 b - - 0 1".parse().unwrap();
//! assert_eq!(can_mate(&board, Color::White, Budget::RULING), CanMate::No);
//! ```
//!
//! [`Analysis`] runs the same procedure in slices of a bounded number of search nodes, with the
//! same answer, for a shell that must not stall and has no second thread to run it on.
//!
//! Unlike the rest of the core, this crate calls cozy-chess directly rather than through
//! `movegen`: the search plays millions of moves and must not allocate per node.
//!
//! The feature `dead-search` (on by default; `arbiter-core`'s feature of the same name turns it
//! on) is the full analysis; without it [`can_mate`] runs the bounded quick pass only.
//!
//! ## Contents
//!
//! | module | what it holds |
//! |---|---|
//! | this page | [`can_mate`], [`quick_pass`], [`is_dead`] and their [`Budget`] and [`CanMate`] |
//! | `driver` | the iterative driver, and [`Analysis`] in slices (with `dead-search`) |
//! | `material` | [`cannot_mate_by_material`]: the material shortcut |
//! | `fast` | [`cannot_mate_quick`], [`is_dead_quick`]: the cheap proofs after every move |
//! | `helpmate` | the bounded helpmate search, reward/punish depth accounting |
//! | `semistatic`, `deduction` | the semi-static analyses of blocked positions |
//! | `checks`, `closure` | the check-chain proof; the exhaustive closure of few reachable positions |

#![cfg_attr(not(feature = "dead-search"), allow(dead_code, unused_imports))]
#![warn(missing_docs)]

#[cfg(feature = "dead-search")]
mod checks;
#[cfg(feature = "dead-search")]
mod closure;
#[cfg(feature = "dead-search")]
mod deduction;
mod driver;
mod fast;
mod helpmate;
mod material;
mod semistatic;

use cozy_chess::{Board, Color, Move};

#[cfg(feature = "dead-search")]
pub use driver::Analysis;
pub use fast::{cannot_mate_quick, is_dead_quick};
pub use material::cannot_mate_by_material;

/// How much search a caller allows before the answer becomes [`CanMate::Undetermined`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Nodes of the helpmate search (one node is one move tried).
    pub nodes: u64,
}

impl Budget {
    /// The budget used for rulings (flag fall, illegal-move exceptions). Positions from games
    /// are decided long before it runs out; the rest is for composed fortresses and long
    /// helpmates, whose worst case is a few seconds of native search. 2^24 nodes is what
    /// chasolver gives its last, deep search; at it every query of the hard set (6,824) and of
    /// the Lichess set is decided, as chasolver decides them.
    pub const RULING: Budget = Budget { nodes: 1 << 24 };

    /// The helpmate nodes of [`quick_pass`], the bounded first pass a game may run where it
    /// must not stall (the page's main thread) before it hands a ruling's full analysis to a
    /// worker (`core/tests/suite/dead_quick_pass.rs` times it on the hard composed set).
    pub const QUICK: Budget = Budget { nodes: 10_000 };
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
///
/// Used on a flag fall with `side` = the player who still has time (2005 Art. 6.10,
/// 2023 Art. 6.9): `No` makes the game a draw.
pub fn can_mate(board: &Board, side: Color, budget: Budget) -> CanMate {
    #[cfg(feature = "dead-search")]
    return driver::decide(board, side, budget);
    #[cfg(not(feature = "dead-search"))]
    return driver::quick_pass(
        board,
        side,
        Budget {
            nodes: budget.nodes.min(Budget::QUICK.nodes),
        },
    );
}

/// What a ruling takes from the full analysis (2005 Art. 6.10 / 2023 Art. 6.9 and the rulings
/// like them): whether `side` can mate, at [`Budget::RULING`]. An undetermined answer keeps the
/// default of the Laws, that he can (the flagging player loses).
pub fn ruling_can_mate(board: &Board, side: Color) -> bool {
    can_mate(board, side, Budget::RULING) != CanMate::No
}

/// The bounded quick pass a game runs where it must not stall, before it hands a ruling's full
/// analysis to a worker: the cheap "cannot mate" proofs of the check after every move and a
/// helpmate search of at most `budget` nodes ([`Budget::QUICK`]). What it proves is what
/// [`can_mate`] at [`Budget::RULING`] proves; the rest is [`CanMate::Undetermined`].
pub fn quick_pass(board: &Board, side: Color, budget: Budget) -> CanMate {
    driver::quick_pass(board, side, budget)
}

/// Whether the position is dead (2005 Art. 9.6, 2023 Art. 5.2.2): neither side can mate.
/// `Some(true)` is a proof of a dead position, `Some(false)` a proof that some side can still
/// mate, `None` that the budget (given to each side in turn) ran out first.
pub fn is_dead(board: &Board, budget: Budget) -> Option<bool> {
    let mut undetermined = false;
    for side in [Color::White, Color::Black] {
        match can_mate(board, side, budget) {
            CanMate::Yes(_) => return Some(false),
            CanMate::No => {}
            CanMate::Undetermined => undetermined = true,
        }
    }
    if undetermined { None } else { Some(true) }
}

/// Helpers shared by the unit tests of several modules.
#[cfg(test)]
pub(crate) mod testing {
    /// The board a unit test writes as FEN (standard castling letters), for the searches that
    /// work on cozy-chess's board directly.
    pub(crate) fn board(fen: &str) -> cozy_chess::Board {
        cozy_chess::Board::from_fen(fen, false).expect("test FEN is valid")
    }
}
