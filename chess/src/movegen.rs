//! Moves as the Laws write them, and legal-move generation on top of cozy-chess.
//!
//! This is the only file that speaks cozy-chess's move encoding. cozy-chess writes castling as
//! "king takes own rook" (`e1h1`) so that it can play Chess960; the Laws (Art. 3.8) describe
//! castling as the king's two-square move, so [`Move`] writes it `e1g1` / `e1c1`.
//! Everything outside this file sees only [`Move`].

use core::fmt;
use core::str::FromStr;

use cozy_chess::{BitBoard, Board, Color, File, Piece, Rank, Square};

use crate::placement::Placement;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _};

/// A move in standard notation: castling is the king's two-square move (`e1g1`, `e8c8`),
/// an en-passant capture goes to the square the pawn lands on, and a promotion names the new
/// piece. `Display` prints it as UCI (`e7e8q`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the moving piece leaves.
    pub from: Square,
    /// The square the moving piece arrives on.
    pub to: Square,
    /// The piece a pawn becomes on the last rank (Art. 3.7e), if any.
    pub promotion: Option<Piece>,
}

impl Move {
    /// A move without promotion.
    pub const fn new(from: Square, to: Square) -> Self {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    /// A promotion move.
    pub const fn promoting(from: Square, to: Square, piece: Piece) -> Self {
        Move {
            from,
            to,
            promotion: Some(piece),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(piece) = self.promotion {
            write!(f, "{}", piece_letter_lower(piece))?;
        }
        Ok(())
    }
}

/// Why a text was refused as a move in coordinate notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a move in coordinate notation (like e2e4 or e7e8q): {0:?}")]
pub struct ParseMoveError(pub String);

/// Reads coordinate notation as the players and the event log write it: two squares and, for a
/// promotion, the new piece's letter (`e7e8q`); castling is the king's move (`e1g1`). Says
/// nothing about legality, which needs a position.
impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // Only the start of an overlong text is echoed back, so an error stays readable.
        let bad = || ParseMoveError(text.chars().take(16).collect());
        let (from, rest) = text.split_at_checked(2).ok_or_else(bad)?;
        let (to, promo) = rest.split_at_checked(2).ok_or_else(bad)?;
        let promotion = match promo {
            "" => None,
            "q" => Some(Piece::Queen),
            "r" => Some(Piece::Rook),
            "b" => Some(Piece::Bishop),
            "n" => Some(Piece::Knight),
            _ => return Err(bad()),
        };
        Ok(Move {
            from: from.parse().map_err(|_| bad())?,
            to: to.parse().map_err(|_| bad())?,
            promotion,
        })
    }
}

/// In JSON (event logs, rulings, the state) a move is its UCI text, `"e1g1"`, so that logs
/// stay readable and stable whatever the struct holds.
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// The lower-case English letter UCI uses for a piece (`q`, `r`, `b`, `n`, `k`, `p`).
pub(crate) fn piece_letter_lower(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'p',
        Piece::Knight => 'n',
        Piece::Bishop => 'b',
        Piece::Rook => 'r',
        Piece::Queen => 'q',
        Piece::King => 'k',
    }
}

/// What kind of castling a king move is, if it is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Castling {
    /// With the h-file rook (`O-O`, "Kurze Rochade").
    KingSide,
    /// With the a-file rook (`O-O-O`, "Lange Rochade").
    QueenSide,
}

/// Converts a cozy-chess move (castling as king takes own rook) to standard notation.
fn from_cozy(board: &Board, mv: cozy_chess::Move) -> Move {
    let us = board.side_to_move();
    if mv.from == board.king(us) && board.colors(us).has(mv.to) {
        let file = if mv.to.file() > mv.from.file() {
            File::G
        } else {
            File::C
        };
        return Move::new(mv.from, Square::new(file, mv.from.rank()));
    }
    Move {
        from: mv.from,
        to: mv.to,
        promotion: mv.promotion,
    }
}

/// Converts a standard move to cozy-chess's encoding. Castling needs the right to castle on that
/// side; without it the move is returned unchanged, and cozy-chess will find it illegal.
#[inline]
fn to_cozy(board: &Board, mv: Move) -> cozy_chess::Move {
    let plain = cozy_chess::Move {
        from: mv.from,
        to: mv.to,
        promotion: mv.promotion,
    };
    if let Some(side) = castling_side(board, mv) {
        let rights = board.castle_rights(board.side_to_move());
        let rook_file = match side {
            Castling::KingSide => rights.short,
            Castling::QueenSide => rights.long,
        };
        if let Some(rook_file) = rook_file {
            return cozy_chess::Move {
                from: mv.from,
                to: Square::new(rook_file, mv.from.rank()),
                promotion: None,
            };
        }
    }
    plain
}

/// Whether `mv` has the shape of castling in `board`: the side to move's king leaving its
/// original square (e1/e8) for g or c on the same rank. Says nothing about legality.
#[inline]
pub fn castling_side(board: &Board, mv: Move) -> Option<Castling> {
    let us = board.side_to_move();
    let home = Square::new(File::E, Rank::First.relative_to(us));
    if mv.from != home || board.king(us) != home || mv.to.rank() != home.rank() {
        return None;
    }
    match mv.to.file() {
        File::G => Some(Castling::KingSide),
        File::C => Some(Castling::QueenSide),
        _ => None,
    }
}

/// Whether `mv` is legal in `board`.
pub fn is_legal(board: &Board, mv: Move) -> bool {
    legal_cozy(board, mv).is_some()
}

/// `mv` in cozy-chess's form if it is legal in `board`.
fn legal_cozy(board: &Board, mv: Move) -> Option<cozy_chess::Move> {
    // A promotion to a pawn or king is no move at all (Art. 3.7e); cozy-chess would refuse it
    // too, but saying so here keeps the reason in one place.
    if matches!(mv.promotion, Some(Piece::Pawn | Piece::King)) {
        return None;
    }
    // No move lands on a piece of the mover's own (Art. 3.1); this also refuses cozy-chess's
    // king-takes-rook castling, which is not a move in our notation.
    if board.colors(board.side_to_move()).has(mv.to) {
        return None;
    }
    let cozy = to_cozy(board, mv);
    board.is_legal(cozy).then_some(cozy)
}

/// Plays `mv` if it is legal and says whether it reset the count of Art. 9.3; `None` (board
/// unchanged) if it is not legal. One conversion to cozy-chess's form serves both steps.
pub(crate) fn try_play(board: &mut Board, mv: Move) -> Option<bool> {
    let cozy = legal_cozy(board, mv)?;
    // A test of the pawns' set, not `piece_on`, which searches every kind of piece.
    let resets =
        board.pieces(Piece::Pawn).has(mv.from) || board.colors(!board.side_to_move()).has(mv.to);
    board.play_unchecked(cozy);
    Some(resets)
}

/// Plays a move already known to be legal. Returns whether it was a capture or a pawn move
/// (what resets the count of Art. 9.3).
#[inline]
pub(crate) fn play_legal(board: &mut Board, mv: Move) -> bool {
    let cozy = to_cozy(board, mv);
    // A test of the pawns' set, not `piece_on`, which searches every kind of piece.
    let resets =
        board.pieces(Piece::Pawn).has(mv.from) || board.colors(!board.side_to_move()).has(mv.to);
    board.play_unchecked(cozy);
    resets
}

/// Calls `visit` with every legal move of `board`, without allocating.
pub fn for_each_legal_move(board: &Board, mut visit: impl FnMut(Move)) {
    board.generate_moves(|moves| {
        for mv in moves {
            visit(from_cozy(board, mv));
        }
        false
    });
}

/// Calls `visit` with every legal move of the piece on `from` (none if the square is empty or
/// holds a piece of the side not to move).
pub fn for_each_legal_move_from(board: &Board, from: Square, mut visit: impl FnMut(Move)) {
    board.generate_moves_for(from.bitboard(), |moves| {
        for mv in moves {
            visit(from_cozy(board, mv));
        }
        false
    });
}

/// Calls `visit` with every legal move of a `piece` of the side to move that lands on `to`
/// (castling counts as the king landing on g or c). Generates only that piece's moves: this is
/// the hot path of reading SAN.
pub fn for_each_legal_move_to(
    board: &Board,
    piece: Piece,
    to: Square,
    mut visit: impl FnMut(Move),
) {
    let mask = board.colored_pieces(board.side_to_move(), piece);
    board.generate_moves_for(mask, |moves| {
        if piece == Piece::King {
            for mv in moves {
                let mv = from_cozy(board, mv);
                if mv.to == to {
                    visit(mv);
                }
            }
        } else if moves.to.has(to) {
            let only = cozy_chess::PieceMoves {
                to: to.bitboard(),
                ..moves
            };
            for mv in only {
                visit(from_cozy(board, mv));
            }
        }
        false
    });
}

/// Whether the side to move has at least one legal move.
pub fn has_legal_move(board: &Board) -> bool {
    board.generate_moves(|moves| !moves.is_empty())
}

/// The number of legal moves of the side to move.
pub fn count_legal_moves(board: &Board) -> usize {
    let mut count = 0;
    board.generate_moves(|moves| {
        count += moves.len();
        false
    });
    count
}

/// Counts the leaf nodes of the legal move tree to `depth` plies (perft), the standard test of
/// a move generator. Leaves are counted in bulk at depth 1, without playing them.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal_moves(board) as u64,
        _ => {
            let mut nodes = 0;
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += perft(&child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// Perft split by first move ("divide"), in generation order: each legal move with the number
/// of leaves below it at `depth - 1`. `depth` 0 gives no moves.
pub fn perft_divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            out.push((from_cozy(board, mv), perft(&child, depth - 1)));
        }
        false
    });
    out
}

/// The squares holding a piece (of either side, magic pieces aside) in `placement`.
fn occupied(placement: &Placement) -> BitBoard {
    Square::ALL
        .into_iter()
        .filter(|&sq| placement.get(sq).piece().is_some())
        .fold(BitBoard::EMPTY, |bb, sq| bb | sq.bitboard())
}

/// The squares of `color`'s `piece`s in `placement`.
fn pieces_of(placement: &Placement, color: Color, piece: Piece) -> BitBoard {
    Square::ALL
        .into_iter()
        .filter(|&sq| placement.get(sq).piece() == Some((color, piece)))
        .fold(BitBoard::EMPTY, |bb, sq| bb | sq.bitboard())
}

/// Whether a `color` `piece` on `from` reaches `to` by its pattern alone (Art. 3.2-3.7) among
/// the pieces of `placement`, ignoring checks, castling and en passant: what a move on a
/// position no legal play reaches is judged by (2023 App. A.5.4).
pub fn reaches_by_pattern(
    placement: &Placement,
    color: Color,
    piece: Piece,
    from: Square,
    to: Square,
) -> bool {
    let occupied = occupied(placement);
    let reach = match piece {
        Piece::Pawn => {
            let captures = if placement.get(to).piece().is_some() {
                cozy_chess::get_pawn_attacks(from, color)
            } else {
                BitBoard::EMPTY
            };
            cozy_chess::get_pawn_quiets(from, color, occupied) | captures
        }
        Piece::Knight => cozy_chess::get_knight_moves(from),
        Piece::Bishop => cozy_chess::get_bishop_moves(from, occupied),
        Piece::Rook => cozy_chess::get_rook_moves(from, occupied),
        Piece::Queen => {
            cozy_chess::get_bishop_moves(from, occupied)
                | cozy_chess::get_rook_moves(from, occupied)
        }
        Piece::King => cozy_chess::get_king_moves(from),
    };
    reach.has(to)
}

/// Whether a king of `color` stands attacked by the other side's pieces in `placement`, which
/// need not be a legal position (two kings, or none, are fine).
pub fn king_attacked(placement: &Placement, color: Color) -> bool {
    let occupied = occupied(placement);
    let them = !color;
    let of = |piece| pieces_of(placement, them, piece);
    pieces_of(placement, color, Piece::King)
        .into_iter()
        .any(|king| {
            let rooks = of(Piece::Rook) | of(Piece::Queen);
            let bishops = of(Piece::Bishop) | of(Piece::Queen);
            !(cozy_chess::get_rook_moves(king, occupied) & rooks).is_empty()
                || !(cozy_chess::get_bishop_moves(king, occupied) & bishops).is_empty()
                || !(cozy_chess::get_knight_moves(king) & of(Piece::Knight)).is_empty()
                || !(cozy_chess::get_king_moves(king) & of(Piece::King)).is_empty()
                || !(cozy_chess::get_pawn_attacks(king, color) & of(Piece::Pawn)).is_empty()
        })
}

/// The color of the piece on `square`, with the piece.
#[inline]
pub fn colored_piece_on(board: &Board, square: Square) -> Option<(Color, Piece)> {
    Some((board.color_on(square)?, board.piece_on(square)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::position::test_board as board;

    #[test]
    fn castling_is_written_as_the_kings_two_square_move_art_3_8() {
        let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let mut castles = Vec::new();
        for_each_legal_move(&b, |mv| {
            if mv.from == Square::E1 && (mv.to == Square::G1 || mv.to == Square::C1) {
                castles.push(mv.to);
            }
        });
        castles.sort();
        assert_eq!(castles, vec![Square::C1, Square::G1]);
        assert!(is_legal(&b, Move::new(Square::E1, Square::G1)));
        // The cozy-chess encoding is not a legal move in our notation: no king takes own rook.
        assert!(!is_legal(&b, Move::new(Square::E1, Square::H1)));
    }

    #[test]
    fn castling_without_the_right_is_illegal_art_3_8() {
        let b = board("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
        assert!(!is_legal(&b, Move::new(Square::E1, Square::G1)));
        assert!(is_legal(&b, Move::new(Square::E1, Square::C1)));
    }

    #[test]
    fn promotion_to_king_or_pawn_is_illegal_art_3_7e() {
        let b = board("8/4P3/8/8/8/k7/8/K7 w - - 0 1");
        assert!(!is_legal(
            &b,
            Move::promoting(Square::E7, Square::E8, Piece::King)
        ));
        assert!(!is_legal(
            &b,
            Move::promoting(Square::E7, Square::E8, Piece::Pawn)
        ));
        assert!(is_legal(
            &b,
            Move::promoting(Square::E7, Square::E8, Piece::Knight)
        ));
        assert!(!is_legal(&b, Move::new(Square::E7, Square::E8)));
    }

    #[test]
    fn uci_display_names_the_promotion_piece() {
        assert_eq!(
            Move::promoting(Square::E7, Square::E8, Piece::Queen).to_string(),
            "e7e8q"
        );
        assert_eq!(Move::new(Square::E1, Square::G1).to_string(), "e1g1");
    }

    #[test]
    fn perft_start_position_depth_3() {
        assert_eq!(perft(&Board::default(), 3), 8_902);
        let divide = perft_divide(&Board::default(), 2);
        assert_eq!(divide.len(), 20);
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 400);
    }
}
