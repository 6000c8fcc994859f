//! What a placement on the board says against a position: the legal move (or two) that leaves
//! it, a move under way, the move a player tried, whether a move ends the game.

use crate::movegen::Move;
use crate::position::Position;
use crate::{Piece, Square};

use super::board::{Occupant, Placement};

/// The move a player tried when `seen` matches no legal move from `position`: the one piece of
/// the side to move that left its square and the square it now stands on (or the square of the
/// opponent's piece it replaced). `None` when the picture is not one piece moved (pieces knocked
/// over, several moved, a piece still in the hand). Its promotion is read from the board.
pub fn attempted_move(position: &Position, seen: &Placement) -> Option<Move> {
    let current = position.placement();
    let side = position.side_to_move();
    let changed = current.diff(seen);
    let mut from = None;
    let mut to = None;
    for &s in &changed {
        let own = |o: Occupant| matches!(o, Occupant::Piece(c, _) if c == side);
        match (own(current.get(s)), own(seen.get(s))) {
            (true, false) if from.replace(s).is_some() => return None,
            (false, true) if to.replace(s).is_some() => return None,
            (true, true) => return None,
            _ => {}
        }
    }
    let (from, to) = (from?, to?);
    // Everything else that changed must be an opponent's piece taken off (a capture).
    let others_ok = changed.iter().all(|&s| {
        s == from
            || s == to
            || (seen.get(s) == Occupant::Empty && current.get(s) != Occupant::Empty)
    });
    if !others_ok {
        return None;
    }
    let promotion = match (current.get(from), seen.get(to)) {
        (Occupant::Piece(_, Piece::Pawn), Occupant::Piece(_, p)) if p != Piece::Pawn => Some(p),
        _ => None,
    };
    Some(Move {
        from,
        to,
        promotion,
    })
}

/// Whether `mv` ends the game where it is made: checkmate, stalemate, or a position the quick
/// dead-position check proves dead.
pub fn ends_the_game(position: &Position, mv: Move) -> bool {
    position.after(mv).is_ok_and(|next| {
        next.is_checkmate() || next.is_stalemate() || crate::dead::is_dead_quick(next.board())
    })
}

/// The legal move from `position` that leaves exactly `seen` on the board.
pub(super) fn successor_to(position: &Position, seen: &Placement) -> Option<Move> {
    let mut found = None;
    position.for_each_legal_move(|mv| {
        if found.is_none()
            && let Ok(next) = position.after(mv)
            && next.placement() == *seen
        {
            found = Some(mv);
        }
    });
    found
}

pub(super) fn two_moves_to(position: &Position, seen: &Placement) -> Option<(Move, Move)> {
    let mut found = None;
    position.for_each_legal_move(|first| {
        if found.is_none()
            && let Ok(next) = position.after(first)
            && let Some(second) = successor_to(&next, seen)
        {
            found = Some((first, second));
        }
    });
    found
}

/// The seen placement lies between the current one and one legal move's result: every square
/// that changed shows either its old or its new occupant.
pub(super) fn is_on_the_way(position: &Position, current: &Placement, seen: &Placement) -> bool {
    let changed = seen.diff(current);
    let mut found = false;
    position.for_each_legal_move(|mv| {
        if !found && let Ok(next) = position.after(mv) {
            let target = next.placement();
            found = changed.iter().all(|&s| seen.get(s) == target.get(s));
        }
    });
    found
}

/// Every piece `seen` shows stands on the same square in `full`.
pub(super) fn is_subset(seen: &Placement, full: &Placement) -> bool {
    Square::ALL
        .into_iter()
        .all(|s| seen.get(s) == Occupant::Empty || seen.get(s) == full.get(s))
}
