//! The exhaustive closure: every position reachable from here, when there are few of them
//! (locked structures where only a few pieces shuffle). A closure that completes with no mate
//! of the loser in it proves "cannot mate" outright (2005 Art. 6.10 / 9.6, 2023 Art. 6.9 /
//! 5.2.2); one that grows past the limit proves nothing.

use cozy_chess::{Board, Color};

use super::helpmate::{PositionKey, PositionMap, for_each_move};
use super::material::cannot_mate_by_material;

/// True only when the set of positions reachable from `board` has at most `limit` members and
/// none of them is a mate by `winner`. Positions where the material shortcut already excludes
/// a mate are not expanded, since nothing after them can be a mate either.
pub(super) fn is_closed_without_mate(board: &Board, winner: Color, limit: usize) -> bool {
    let mut seen: PositionMap<()> = PositionMap::default();
    seen.insert(PositionKey::of(board), ());
    let mut frontier = vec![board.clone()];
    let mut children = Vec::new();
    while let Some(position) = frontier.pop() {
        if cannot_mate_by_material(&position, winner) {
            continue;
        }
        children.clear();
        for_each_move(&position, |mv| children.push(mv));
        if children.is_empty() {
            if position.side_to_move() != winner && !position.checkers().is_empty() {
                return false;
            }
            continue;
        }
        for &mv in &children {
            let mut child = position.clone();
            child.play_unchecked(mv);
            if seen.insert(PositionKey::of(&child), ()).is_none() {
                if seen.len() > limit {
                    return false;
                }
                frontier.push(child);
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_9_6_2005_shuffling_bishops_behind_locked_pawns_close_without_mate() {
        let b = Board::from_fen("k1b5/1p1p4/1P1P4/8/8/4p1p1/4P1P1/5B1K w - - 0 1", false)
            .expect("test FEN is valid");
        assert!(is_closed_without_mate(&b, Color::White, 5_000));
        assert!(is_closed_without_mate(&b, Color::Black, 5_000));
    }

    #[test]
    fn art_6_10_2005_open_position_does_not_close() {
        assert!(!is_closed_without_mate(
            &Board::default(),
            Color::White,
            5_000
        ));
    }
}
