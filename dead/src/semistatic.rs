//! The semi-static analysis of blocked positions (Ambrona, FUN 2022, section 3 and Fig. 6-8):
//! a sound over-approximation of where every piece can ever stand, then a proof that the losing
//! king can never be mated on any square it can reach. Used for 2005 Art. 6.10 / 9.6 and
//! 2023 Art. 6.9 / 5.2.2 when the search alone cannot close a fortress.
//!
//! "True" is a proof; "false" only means "not proven". Soundness rests on two facts:
//! - the mobility facts are a least fixpoint of rules that every real move satisfies, so every
//!   square a piece really reaches is in its region (each rule below says which real event
//!   justifies it);
//! - a mate on square `s` needs a check on `s` and each neighbour of `s` to be either attacked or
//!   occupied by a distinct defending piece; the test checks this with regions and attack sets
//!   that only over-approximate.
//!
//! Unlike the C++ CHA analysis, no attacker is ever dropped because it cannot promote: a pawn
//! that never promotes can still give mate.

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Rank, Square, get_between_rays, get_bishop_moves,
    get_line_rays, get_pawn_attacks, get_rook_moves,
};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const FILE_AB: u64 = FILE_A | (FILE_A << 1);
const FILE_GH: u64 = FILE_H | (FILE_H >> 1);
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;

fn north(b: u64) -> u64 {
    b << 8
}
fn south(b: u64) -> u64 {
    b >> 8
}
fn east(b: u64) -> u64 {
    (b & !FILE_H) << 1
}
fn west(b: u64) -> u64 {
    (b & !FILE_A) >> 1
}

/// Squares one diagonal step away.
fn diagonal_step(b: u64) -> u64 {
    north(east(b)) | north(west(b)) | south(east(b)) | south(west(b))
}

/// Squares one orthogonal step away.
fn orthogonal_step(b: u64) -> u64 {
    north(b) | south(b) | east(b) | west(b)
}

fn king_step(b: u64) -> u64 {
    diagonal_step(b) | orthogonal_step(b)
}

fn knight_step(b: u64) -> u64 {
    let one = ((b & !FILE_H) << 1) | ((b & !FILE_A) >> 1);
    let two = ((b & !FILE_GH) << 2) | ((b & !FILE_AB) >> 2);
    (one << 16) | (one >> 16) | (two << 8) | (two >> 8)
}

fn pawn_push(b: u64, colour: Color) -> u64 {
    match colour {
        Color::White => north(b),
        Color::Black => south(b),
    }
}

fn pawn_attacks(b: u64, colour: Color) -> u64 {
    let forward = pawn_push(b, colour);
    east(forward) | west(forward)
}

/// Squares a piece standing on any square of `from` attacks whatever else is on the board:
/// only contact attacks, since a slider's longer line could later be blocked.
fn contact_attacks(piece: Piece, colour: Color, from: u64) -> u64 {
    match piece {
        Piece::Pawn => pawn_attacks(from, colour),
        Piece::Knight => knight_step(from),
        Piece::Bishop => diagonal_step(from),
        Piece::Rook => orthogonal_step(from),
        Piece::Queen | Piece::King => king_step(from),
    }
}

/// Squares where a piece of `colour` would check, at contact range, a king standing on `king`:
/// a check nothing can block.
fn contact_checks_on(piece: Piece, colour: Color, king: u64) -> u64 {
    match piece {
        Piece::Pawn => pawn_attacks(king, !colour),
        Piece::King => 0,
        other => contact_attacks(other, colour, king),
    }
}

/// Pieces with more squares than this in their region are not looked at for squares they
/// attack at every moment (see `Mobility::always_attacked`).
const ROAMING: u32 = 6;

/// One piece of the position, identified by the square it stands on now.
#[derive(Clone, Copy)]
struct Unit {
    square: Square,
    colour: Color,
    piece: Piece,
}

/// The least fixpoint of the mobility rules (Fig. 6-7).
struct Mobility {
    units: Vec<Unit>,
    /// Squares each unit can ever stand on (all squares once a pawn can promote).
    region: Vec<u64>,
    /// Whether each unit can ever leave its square or be captured on it.
    movable: Vec<bool>,
    /// The side whose mates are in question: lines where it has no legal move have ended
    /// without its mate, so the loser's king need not be followed into them.
    winner: Color,
}

impl Mobility {
    fn of(board: &Board, winner: Color) -> Self {
        let mut mobility = Mobility::unsaturated(board, winner);
        mobility.saturate();
        mobility
    }

    fn unsaturated(board: &Board, winner: Color) -> Self {
        let mut units = Vec::with_capacity(32);
        for square in board.occupied() {
            // Every occupied square has a piece and a colour; skip defensively otherwise.
            if let (Some(piece), Some(colour)) = (board.piece_on(square), board.color_on(square)) {
                units.push(Unit {
                    square,
                    colour,
                    piece,
                });
            }
        }
        let region = units.iter().map(|u| u.square.bitboard().0).collect();
        let movable = vec![false; units.len()];
        Mobility {
            units,
            region,
            movable,
            winner,
        }
    }

    /// Squares occupied by pieces of `colour` (or any, with `None`) that never leave or fall.
    fn steady(&self, colour: Option<Color>) -> u64 {
        let mut out = 0;
        for (i, unit) in self.units.iter().enumerate() {
            if !self.movable[i] && colour.is_none_or(|c| c == unit.colour) {
                out |= unit.square.bitboard().0;
            }
        }
        out
    }

    /// Squares on which each unit could capture an enemy piece: where it can stand, except
    /// that a pawn only captures diagonally forward (until it promotes), and takes en passant
    /// the pawn beside the square it moves to (2005 Art. 3.7d).
    fn capture_footprint(&self, i: usize) -> u64 {
        let unit = self.units[i];
        let region = self.region[i];
        if unit.piece != Piece::Pawn || region == !0 {
            return region;
        }
        let diagonal = region & pawn_attacks(region, unit.colour);
        let en_passant = match unit.colour {
            Color::White => south(diagonal & (RANK_1 << 40)),
            Color::Black => north(diagonal & (RANK_1 << 16)),
        };
        diagonal | en_passant
    }

    /// Whether each unit may ever be captured: some enemy piece can capture on a square the
    /// unit can stand on. Kings are never captured.
    fn capturable(&self) -> Vec<bool> {
        let mut footprint = [0u64; 2];
        for (i, unit) in self.units.iter().enumerate() {
            footprint[unit.colour as usize] |= self.capture_footprint(i);
        }
        self.units
            .iter()
            .enumerate()
            .map(|(i, unit)| {
                unit.piece != Piece::King
                    && footprint[1 - unit.colour as usize] & self.region[i] != 0
            })
            .collect()
    }

    /// Squares each colour attacks at every moment of the rest of the game: attacked by a
    /// piece that is never captured from every square it can stand on, with every square some
    /// piece might stand on counted as a blocker of its lines (2005 Art. 3.9: a king never
    /// stands on such a square).
    fn always_attacked(&self, capturable: &[bool]) -> [u64; 2] {
        let occupiable = self.region.iter().fold(0u64, |acc, r| acc | r);
        let mut out = [0u64; 2];
        for (i, unit) in self.units.iter().enumerate() {
            // A piece that roams widely attacks hardly any square from everywhere it can be;
            // leaving it out only under-approximates, and keeps the fixpoint cheap.
            if capturable[i] || self.region[i].count_ones() > ROAMING {
                continue;
            }
            let mut always = !0u64;
            for t in BitBoard(self.region[i]) {
                let from = t.bitboard().0;
                always &= match unit.piece {
                    Piece::Bishop | Piece::Rook | Piece::Queen => {
                        slider_reach(unit.piece, from, occupiable)
                    }
                    piece => contact_attacks(piece, unit.colour, from),
                };
                if always == 0 {
                    break;
                }
            }
            out[unit.colour as usize] |= always;
        }
        out
    }

    /// Squares on its own file a pawn can never reach because an enemy pawn ahead of it on
    /// the same file is never captured and never leaves that file: as long as both stay on
    /// the file, neither can pass the other (pawns only push into empty squares). Applies only
    /// to a pawn that itself never leaves its file; one that captures away could come back
    /// beyond the enemy pawn.
    fn confronted(&self, i: usize, capturable: &[bool]) -> u64 {
        let unit = self.units[i];
        let file = unit.square.file().bitboard().0;
        if unit.piece != Piece::Pawn || self.region[i] & !file != 0 {
            return 0;
        }
        let mut closed = 0u64;
        for (j, other) in self.units.iter().enumerate() {
            if other.piece != Piece::Pawn
                || other.colour == unit.colour
                || capturable[j]
                || self.region[j] & !file != 0
            {
                continue;
            }
            // Squares of the file at or beyond the enemy pawn's square, seen from this pawn.
            let at = other.square.bitboard().0;
            let beyond = match unit.colour {
                Color::White if other.square.rank() > unit.square.rank() => {
                    file & !at.wrapping_sub(1)
                }
                Color::Black if other.square.rank() < unit.square.rank() => {
                    file & at.wrapping_shl(1).wrapping_sub(1)
                }
                _ => 0,
            };
            closed |= beyond;
        }
        closed
    }

    /// Squares attacked by `colour`'s non-king pieces that are never captured, from every
    /// square they can stand on, counting contact attacks only (so that no piece standing
    /// anywhere can block them).
    fn always_touched(&self, colour: Color, capturable: &[bool]) -> u64 {
        let mut out = 0;
        for (i, unit) in self.units.iter().enumerate() {
            if unit.colour != colour
                || unit.piece == Piece::King
                || capturable[i]
                || self.region[i].count_ones() > ROAMING
            {
                continue;
            }
            let mut always = !0u64;
            for t in BitBoard(self.region[i]) {
                always &= contact_attacks(unit.piece, unit.colour, t.bitboard().0);
            }
            out |= always;
        }
        out
    }

    /// True when, after the king of `!stuck` steps onto `to`, `stuck` has no legal move in any
    /// position the regions allow: the game then ends at once (stalemate, 2005 Art. 5.2a, or
    /// mate). Holds only when every piece of `stuck` but the king is walled in by pieces that
    /// never move, and its king has no square to go to.
    fn leaves_without_moves(
        &self,
        stuck: Color,
        to: u64,
        capturable: &[bool],
        stand_mover: u64,
    ) -> bool {
        let steady = self.steady(None) & !to;
        let steady_ours = self.steady(Some(stuck)) & !to;
        let mut king_region = 0;
        for (i, unit) in self.units.iter().enumerate() {
            if unit.colour != stuck {
                continue;
            }
            let here = unit.square.bitboard().0;
            if unit.piece == Piece::King {
                king_region = self.region[i];
                continue;
            }
            if self.region[i] != here {
                return false;
            }
            let walled = match unit.piece {
                Piece::Pawn => {
                    let push = pawn_push(here, stuck);
                    push & !(steady | to) == 0 && pawn_attacks(here, stuck) & stand_mover == 0
                }
                Piece::Knight => knight_step(here) & !steady_ours == 0,
                Piece::Bishop => diagonal_step(here) & !steady_ours == 0,
                Piece::Rook => orthogonal_step(here) & !steady_ours == 0,
                _ => king_step(here) & !steady_ours == 0,
            };
            if !walled {
                return false;
            }
        }
        let guarded = steady_ours | king_step(to) | self.always_touched(!stuck, capturable);
        // The stuck king stands somewhere in its region, but not next to the moving king.
        let possible = king_region & !king_step(to) & !to;
        BitBoard(possible)
            .into_iter()
            .all(|k| king_step(k.bitboard().0) & !guarded == 0)
    }

    /// Whether the winner's king, stepping onto `to` from a square of `from_region`, could
    /// uncover a check of the loser's king by one of the winner's line pieces: then a move that
    /// leaves the loser without moves may be mate, and must be kept.
    fn may_uncover_check(&self, from_region: u64, to: u64) -> bool {
        let winner = self.winner;
        let steady = self.steady(None);
        let mut diagonal_pieces = 0u64;
        let mut straight_pieces = 0u64;
        let mut loser_king = 0u64;
        for (i, unit) in self.units.iter().enumerate() {
            if unit.colour != winner {
                if unit.piece == Piece::King {
                    loser_king = self.region[i];
                }
                continue;
            }
            let promoted = unit.piece == Piece::Pawn && self.region[i] == !0;
            if matches!(unit.piece, Piece::Bishop | Piece::Queen) || promoted {
                diagonal_pieces |= self.region[i];
            }
            if matches!(unit.piece, Piece::Rook | Piece::Queen) || promoted {
                straight_pieces |= self.region[i];
            }
        }
        let sources = from_region & king_step(to) & !to;
        for k in BitBoard(loser_king & !king_step(to) & !to) {
            for s in BitBoard(sources) {
                let line = get_line_rays(k, s).0;
                if line == 0 || get_between_rays(k, s).0 & steady != 0 {
                    continue;
                }
                // The squares of the line beyond `s`, seen from the king on `k`.
                let beyond: u64 = BitBoard(line)
                    .into_iter()
                    .filter(|&x| get_between_rays(k, x).has(s))
                    .fold(0, |acc, x| acc | x.bitboard().0);
                let same_diagonal = k.file() != s.file() && k.rank() != s.rank();
                let checkers = if same_diagonal {
                    diagonal_pieces
                } else {
                    straight_pieces
                };
                if beyond & checkers != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// The square of the winner's king when, as far as the rules tell so far, it never moves,
    /// with the squares where some non-king piece of the winner could capture.
    fn stuck_winner_king(&self) -> Option<(u64, u64)> {
        let mut king = None;
        let mut takeable = 0;
        for (i, unit) in self.units.iter().enumerate() {
            if unit.colour != self.winner {
                continue;
            }
            if unit.piece == Piece::King {
                king = (!self.movable[i]).then(|| unit.square.bitboard().0);
            } else {
                takeable |= self.capture_footprint(i);
            }
        }
        king.map(|k| (k, takeable))
    }

    fn saturate(&mut self) {
        while self.round() {}
    }

    /// One round of the rules over every unit; true when some region or flag grew.
    fn round(&mut self) -> bool {
        {
            let steady_any = self.steady(None);
            let steady_of = [
                self.steady(Some(Color::White)),
                self.steady(Some(Color::Black)),
            ];
            let capturable = self.capturable();
            // Squares a king of each colour can never enter: always attacked by the enemy.
            let attacked_by = self.always_attacked(&capturable);
            let king_barred = [attacked_by[1], attacked_by[0]];
            // Squares some non-king piece of each colour can stand on (pawn capture targets).
            let mut stand = [0u64; 2];
            // Whether every piece of each colour but the king is still where it stood: only
            // then can a king step leave that colour without a move (checked below).
            let mut frozen = [true; 2];
            for (i, unit) in self.units.iter().enumerate() {
                if unit.piece != Piece::King {
                    stand[unit.colour as usize] |= self.region[i];
                    frozen[unit.colour as usize] &= self.region[i] == unit.square.bitboard().0;
                }
            }

            let stuck_king = self.stuck_winner_king();

            let mut changed = false;
            for i in 0..self.units.len() {
                let unit = self.units[i];
                let c = unit.colour as usize;
                let reach = self.region[i];
                let promoted = unit.piece == Piece::Pawn && reach == !0;
                // No self-capture: a square held for ever by a friendly piece is closed.
                let open = !steady_of[c];
                let grown = match unit.piece {
                    Piece::King => {
                        // A king step after which the other side has no move ends the game
                        // on the spot; it leads to no mate unless the winner's step uncovers
                        // a check.
                        let mut steps = king_step(reach) & open & !king_barred[c] & !reach;
                        let candidates = if frozen[1 - c] { steps } else { 0 };
                        for t in BitBoard(candidates) {
                            let to = t.bitboard().0;
                            if self.leaves_without_moves(!unit.colour, to, &capturable, stand[c])
                                && (unit.colour != self.winner
                                    || !self.may_uncover_check(reach, to))
                            {
                                steps &= !to;
                            }
                        }
                        steps
                    }
                    Piece::Knight => knight_step(reach) & open,
                    Piece::Bishop => diagonal_step(reach) & open,
                    Piece::Rook => orthogonal_step(reach) & open,
                    Piece::Queen => king_step(reach) & open,
                    Piece::Pawn => {
                        let last_rank = match unit.colour {
                            Color::White => RANK_8,
                            Color::Black => RANK_1,
                        };
                        if reach & last_rank != 0 {
                            // Promoted: it may become any piece and go anywhere.
                            !0
                        } else {
                            // A push needs the square empty: whatever stands there now must be
                            // able to go. A capture needs an enemy non-king piece there; an en
                            // passant target is a square the enemy pawn could also have stopped on.
                            let push = pawn_push(reach, unit.colour)
                                & !steady_any
                                & !self.confronted(i, &capturable);
                            let take = pawn_attacks(reach, unit.colour) & stand[1 - c] & open;
                            push | take
                        }
                    }
                };
                // A loser's piece that checks a winner's king which never moves, from a square
                // where no winner's piece can take it, mates the winner (2005 Art. 1.2): the
                // king cannot step away, and a contact check cannot be blocked. No line to the
                // winner's mate passes through that move.
                let grown = match stuck_king {
                    Some((king, takeable)) if unit.colour != self.winner && !promoted => {
                        grown & !(contact_checks_on(unit.piece, unit.colour, king) & !takeable)
                    }
                    _ => grown,
                };
                let next = reach | grown;
                if next != reach {
                    self.region[i] = next;
                    changed = true;
                }
            }

            for i in 0..self.units.len() {
                if self.movable[i] {
                    continue;
                }
                let unit = self.units[i];
                let here = unit.square.bitboard().0;
                let leaves = self.region[i] != here;
                let taken =
                    self.units.iter().enumerate().any(|(j, other)| {
                        other.colour != unit.colour && self.region[j] & here != 0
                    });
                if leaves || taken {
                    self.movable[i] = true;
                    changed = true;
                }
            }

            changed
        }
    }
}

/// Squares a slider standing anywhere in `from` could ever attack, its lines stopped only by
/// pieces that never move (those stand in the way for ever).
fn slider_reach(piece: Piece, from: u64, blockers: u64) -> u64 {
    let mut out = 0;
    for square in BitBoard(from) {
        let b = BitBoard(blockers);
        out |= match piece {
            Piece::Bishop => get_bishop_moves(square, b).0,
            Piece::Rook => get_rook_moves(square, b).0,
            _ => (get_bishop_moves(square, b) | get_rook_moves(square, b)).0,
        };
    }
    out
}

/// Can the squares of `escapes` each be held by a different defending piece, given the region
/// of each defender? (Bipartite matching by augmenting paths; at most 8 squares.)
fn defenders_can_fill(escapes: u64, defenders: &[u64]) -> bool {
    let squares: Vec<u64> = BitBoard(escapes)
        .into_iter()
        .map(|s| s.bitboard().0)
        .collect();
    if squares.len() > defenders.len() {
        return false;
    }
    // owner[d] = index of the square defender d holds.
    let mut owner: Vec<Option<usize>> = vec![None; defenders.len()];
    fn augment(
        sq: usize,
        squares: &[u64],
        defenders: &[u64],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for d in 0..defenders.len() {
            if seen[d] || defenders[d] & squares[sq] == 0 {
                continue;
            }
            seen[d] = true;
            let free = match owner[d] {
                None => true,
                Some(other) => augment(other, squares, defenders, owner, seen),
            };
            if free {
                owner[d] = Some(sq);
                return true;
            }
        }
        false
    }
    for sq in 0..squares.len() {
        let mut seen = vec![false; defenders.len()];
        if !augment(sq, &squares, defenders, &mut owner, &mut seen) {
            return false;
        }
    }
    true
}

/// Whether an en-passant capture is legal now. cozy-chess keeps the en-passant file after every
/// double step, whether or not a pawn stands ready to take; when none can, the position plays
/// exactly as the one without the right (it lapses after this move), so the analyses need not
/// give up on it. Positions at flag falls often follow a double step that gave check.
pub(super) fn en_passant_possible(board: &Board) -> bool {
    let Some(file) = board.en_passant() else {
        return false;
    };
    let mover = board.side_to_move();
    let target = Square::new(file, Rank::Sixth.relative_to(mover));
    let takers = get_pawn_attacks(target, !mover) & board.colored_pieces(mover, Piece::Pawn);
    takers.into_iter().any(|from| {
        board.is_legal(Move {
            from,
            to: target,
            promotion: None,
        })
    })
}

#[cfg(feature = "dead-search")]
/// True only when `winner` provably can never mate, whatever both sides play: by the mobility
/// fixpoint here, or else by the second analysis in [`super::deduction`], which proves locked
/// positions this one leaves open (pieces boxed in by checks they may not give, case splits on
/// pieces that may only be taken where they stand).
pub(super) fn is_statically_unwinnable(board: &Board, winner: Color) -> bool {
    mobility_proves(board, winner) || super::deduction::is_unwinnable(board, winner)
}

/// The mobility fixpoint's proof alone that `winner` can never mate: much cheaper than the
/// second analysis, for the checks that run often (after every move, on every child).
pub(super) fn mobility_proves(board: &Board, winner: Color) -> bool {
    // The mobility rules walk kings and rooks one square at a time, which does not model
    // castling's jump; and an en-passant capture available now is not a standing square.
    let no_castling = [Color::White, Color::Black].iter().all(|&c| {
        let rights = board.castle_rights(c);
        rights.short.is_none() && rights.long.is_none()
    });
    if !no_castling || en_passant_possible(board) {
        return false;
    }

    let mobility = Mobility::of(board, winner);
    let loser = !winner;
    let Some(loser_king) = mobility
        .units
        .iter()
        .position(|u| u.colour == loser && u.piece == Piece::King)
    else {
        return false;
    };
    let Some(winner_king) = mobility
        .units
        .iter()
        .position(|u| u.colour == winner && u.piece == Piece::King)
    else {
        return false;
    };

    // The losing king does not shield its own escape squares from a line through it.
    let blockers = mobility.steady(None) & !mobility.units[loser_king].square.bitboard().0;
    let mut attacked = 0u64;
    let mut defenders = Vec::new();
    for (i, unit) in mobility.units.iter().enumerate() {
        let region = mobility.region[i];
        if unit.piece == Piece::King {
            continue;
        }
        if unit.colour == loser {
            defenders.push(region);
            continue;
        }
        attacked |= match unit.piece {
            Piece::Pawn if region == !0 => !0,
            Piece::Pawn => pawn_attacks(region, unit.colour),
            Piece::Knight => knight_step(region),
            piece => slider_reach(piece, region, blockers),
        };
    }

    let king_region = mobility.region[loser_king];
    let winner_king_region = mobility.region[winner_king];
    for s in BitBoard(king_region & attacked) {
        let around = king_step(s.bitboard().0);
        let uncovered = around & !attacked;
        // The winning king never stands next to the mated king.
        let king_spots = winner_king_region & !around & !s.bitboard().0;
        let mut candidates: Vec<u64> = vec![uncovered];
        for k in BitBoard(king_spots & king_step(uncovered)) {
            candidates.push(uncovered & !king_step(k.bitboard().0));
        }
        if candidates
            .iter()
            .any(|&left| defenders_can_fill(left, &defenders))
        {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::board;

    #[test]
    fn steps_stay_on_the_board() {
        assert_eq!(knight_step(Square::A1.bitboard().0).count_ones(), 2);
        assert_eq!(knight_step(Square::D4.bitboard().0).count_ones(), 8);
        assert_eq!(king_step(Square::H8.bitboard().0).count_ones(), 3);
        assert_eq!(diagonal_step(Square::A4.bitboard().0).count_ones(), 2);
    }

    #[test]
    fn art_9_6_2005_locked_pawn_wall_is_unwinnable_for_both() {
        let b = board("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1");
        assert!(is_statically_unwinnable(&b, Color::White));
        assert!(is_statically_unwinnable(&b, Color::Black));
    }

    #[test]
    fn art_9_6_2005_pawns_facing_on_a_file_never_pass_each_other() {
        // The pawns of the second rank can only meet the black pawns of the fifth; the kings are
        // walled in on either side. Without the rule the a2 and a5 pawns would "pass" and promote.
        let b = board("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1");
        assert!(is_statically_unwinnable(&b, Color::White));
        assert!(is_statically_unwinnable(&b, Color::Black));
    }

    #[test]
    fn art_6_10_2005_king_capture_that_only_stalemates_is_not_followed() {
        // Black's king could take g2 only when White's king is on h4, which stalemates White
        // (2005 Art. 5.2a); so g2 stands for ever and White's king stays locked in.
        let b = board("1k6/b7/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1");
        assert!(is_statically_unwinnable(&b, Color::White));
        // With White's pawn on g2 gone, nothing walls White in: not proven.
        let open = board("1k6/b7/7p/5p1P/5p2/5PpK/8/8 w - - 0 1");
        assert!(!is_statically_unwinnable(&open, Color::White));
    }

    #[test]
    fn art_9_6_2005_winner_king_step_that_only_stalemates_is_not_followed() {
        // Black's king could cover h3 from h2 (or take g2) only while White's king is on h4,
        // which leaves White no move at all; no bishop check can come with it.
        let b = board("1k6/b7/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1");
        assert!(is_statically_unwinnable(&b, Color::Black));
    }

    #[test]
    fn art_6_10_2005_a_check_on_a_king_that_cannot_move_is_not_followed() {
        // White's king on d4 can never move; c6-c5 or e6-e5 would check it where nothing of
        // White's can take the pawn: that is Black's mate, so Black's pawns stay put and White's
        // bishop, shut in behind its own pawns, can never mate.
        let b = board("3b4/3k4/2ppp3/3p4/1p1K1p1p/bP1P1P1P/8/1B6 w - - 0 1");
        assert!(is_statically_unwinnable(&b, Color::White));
        // A white knight on a6 could take a pawn on c5: the check is no mate, the c-pawn may
        // run, and nothing is proven.
        let takeable = board("3b4/3k4/N1ppp3/3p4/1p1K1p1p/bP1P1P1P/8/1B6 w - - 0 1");
        assert!(!is_statically_unwinnable(&takeable, Color::White));
    }

    #[test]
    fn art_3_7d_2005_en_passant_right_nobody_can_use_is_no_obstacle() {
        // White's b-pawn has just made its double step; no black pawn stands beside it, so the
        // right lapses unused and the locked position is proven all the same.
        let b = board("8/8/1k6/1p1p1p2/1P1P1Pp1/2B2bP1/5K2/8 b - b3 0 49");
        assert!(!en_passant_possible(&b));
        assert!(is_statically_unwinnable(&b, Color::White));
        // Here the c-pawn beside it can take: the analysis gives up, as it must.
        let takes = board("8/8/1k6/1p1p4/1Pp5/8/5K2/8 b - b3 0 49");
        assert!(en_passant_possible(&takes));
        assert!(!mobility_proves(&takes, Color::White));
    }

    #[test]
    fn art_9_6_2005_open_file_is_not_proven() {
        // The a-pawns are gone: the kings can meet, and pawns can be won.
        let b = board("8/8/4k3/3p1p1p/3P1P1P/8/4K3/8 w - - 0 1");
        assert!(!is_statically_unwinnable(&b, Color::White));
    }
}
