//! The check-chain proof (after chasolver's last proof before its deep search): from the
//! position, try every move; after that, follow only moves that give check. Every line then
//! either keeps checking until the game ends, or leaves the chain with a quiet move. If every
//! game end on the chain is no mate by the winner, and every position a quiet move leads to is
//! proven unwinnable by the semi-static analysis, then no line at all leads to the winner's
//! mate (2005 Art. 6.10 / 9.6, 2023 Art. 6.9 / 5.2.2). It settles positions where the only
//! hope of the winner is a series of checks that breaks open a fortress.

use cozy_chess::{Board, Color};

use super::helpmate::{MoveList, PositionKey, PositionMap};
use super::material::cannot_mate_by_material;
use super::semistatic::is_statically_unwinnable;

/// Longest chain of checks followed; longer chains prove nothing.
const MAX_CHAIN: u8 = 16;

struct Chain {
    winner: Color,
    /// Positions already entered: a chain that comes back to one of them adds nothing, since
    /// every way out of it is examined where it was first entered.
    entered: PositionMap<()>,
    /// Work left (positions entered plus semi-static analyses run) before giving up.
    work_left: u64,
}

impl Chain {
    /// True when every line from `board` on the chain is proven to end without the winner's
    /// mate; false means "not proven".
    fn proves(&mut self, board: &Board, depth: u8) -> bool {
        if depth > MAX_CHAIN || self.work_left == 0 {
            return false;
        }
        self.work_left -= 1;
        self.entered.insert(PositionKey::of(board), ());
        let moves = MoveList::of(board);
        if moves.is_empty() {
            // Mate of the loser is exactly what cannot be ruled out; any other end is no mate.
            return board.side_to_move() == self.winner || board.checkers().is_empty();
        }
        if cannot_mate_by_material(board, self.winner) {
            return true;
        }
        for &mv in moves.as_slice() {
            let mut child = board.clone();
            child.play_unchecked(mv);
            if self.entered.contains_key(&PositionKey::of(&child)) {
                continue;
            }
            if depth == 0 || !child.checkers().is_empty() {
                if !self.proves(&child, depth + 1) {
                    return false;
                }
                continue;
            }
            if self.work_left == 0 {
                return false;
            }
            self.work_left -= 1;
            if !(cannot_mate_by_material(&child, self.winner)
                || is_statically_unwinnable(&child, self.winner))
            {
                return false;
            }
        }
        true
    }
}

/// True only when the check-chain argument proves that `winner` cannot mate from `board`,
/// within `work` positions and analyses.
pub(super) fn check_chain_proves_no_mate(board: &Board, winner: Color, work: u64) -> bool {
    let mut chain = Chain {
        winner,
        entered: PositionMap::default(),
        work_left: work,
    };
    chain.proves(board, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_6_10_2005_open_position_is_not_proven_by_checks() {
        assert!(!check_chain_proves_no_mate(
            &Board::default(),
            Color::White,
            10_000
        ));
    }

    #[test]
    fn art_9_6_2005_locked_wall_is_proven_by_checks() {
        let b = Board::from_fen("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1", false)
            .expect("test FEN is valid");
        assert!(check_chain_proves_no_mate(&b, Color::White, 10_000));
    }
}
