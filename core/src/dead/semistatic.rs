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

use cozy_chess::{BitBoard, Board, Color, Piece, Square, get_bishop_moves, get_rook_moves};

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
}

impl Mobility {
    fn of(board: &Board) -> Self {
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
        let mut mobility = Mobility {
            units,
            region,
            movable,
        };
        mobility.saturate();
        mobility
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

    fn saturate(&mut self) {
        loop {
            let steady_any = self.steady(None);
            let steady_of = [
                self.steady(Some(Color::White)),
                self.steady(Some(Color::Black)),
            ];
            // Squares a king of each colour can never enter: attacked by an enemy piece that never
            // leaves its square (a king can only enter a square once it is not attacked).
            let mut king_barred = [0u64; 2];
            // Squares some non-king piece of each colour can stand on (pawn capture targets).
            let mut stand = [0u64; 2];
            for (i, unit) in self.units.iter().enumerate() {
                let c = unit.colour as usize;
                if !self.movable[i] {
                    king_barred[1 - c] |=
                        contact_attacks(unit.piece, unit.colour, unit.square.bitboard().0);
                }
                if unit.piece != Piece::King {
                    stand[c] |= self.region[i];
                }
            }

            let mut changed = false;
            for i in 0..self.units.len() {
                let unit = self.units[i];
                let c = unit.colour as usize;
                let reach = self.region[i];
                // No self-capture: a square held for ever by a friendly piece is closed.
                let open = !steady_of[c];
                let grown = match unit.piece {
                    Piece::King => king_step(reach) & open & !king_barred[c],
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
                            let push = pawn_push(reach, unit.colour) & !steady_any;
                            let take = pawn_attacks(reach, unit.colour) & stand[1 - c] & open;
                            push | take
                        }
                    }
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

            if !changed {
                break;
            }
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

/// True only when `winner` provably can never mate, whatever both sides play.
pub(super) fn is_statically_unwinnable(board: &Board, winner: Color) -> bool {
    // The mobility rules walk kings and rooks one square at a time, which does not model
    // castling's jump; and an en-passant capture available now is not a standing square.
    let no_castling = [Color::White, Color::Black].iter().all(|&c| {
        let rights = board.castle_rights(c);
        rights.short.is_none() && rights.long.is_none()
    });
    if !no_castling || board.en_passant().is_some() {
        return false;
    }

    let mobility = Mobility::of(board);
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

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).expect("test FEN is valid")
    }

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
    fn art_9_6_2005_open_file_is_not_proven() {
        // The a-pawns are gone: the kings can meet, and pawns can be won.
        let b = board("8/8/4k3/3p1p1p/3P1P1P/8/4K3/8 w - - 0 1");
        assert!(!is_statically_unwinnable(&b, Color::White));
    }
}
