//! Short algebraic notation (App. E; SAN as PGN writes it) in every [`Language`], printed and
//! read, and the long form with the departure square (`Ng1-f3`).
//!
//! ```
//! use arbiter_chess::position::Position;
//! use arbiter_chess::notation::{san, Language};
//! let pos = Position::startpos();
//! let mv = san::parse(&pos, "Sf3", Language::German).unwrap();
//! assert_eq!(san::format(&pos, mv, Language::English), "Nf3");
//! assert_eq!(san::format(&pos, mv, Language::Italian), "Cf3");
//! assert_eq!(san::format_long(&pos, mv, Language::English), "Ng1-f3");
//! ```
//!
//! Reading is lenient in the ways App. E allows and scoresheets show: `0-0` as well as `O-O`;
//! promotions as `d8=D`, `d8D`, `d8(D)` or `d8/D`; `e.p.`; missing or extra `x`, `+`, `#`;
//! pawn captures without `x` (`ed5`); annotations (`!`, `?`, `!?`, ...); the draw offer mark
//! `(=)`; the long form `Ng1-f3`/`Ng1f3`/`e2e4`; figurines in any language. Piece letters are
//! upper case and files lower case, which keeps `B` (bishop) apart from `b` (the b-file).

use crate::chessboard::{File, Piece, Rank, Square};
use thiserror::Error;

use super::lang::{BLACK_FIGURINE, Language};
use crate::movegen::{Castling, Move};
use crate::position::Position;

/// Why a move text does not give one legal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SanError {
    /// The text is not a move in this notation; `at` is the byte offset where reading failed.
    #[error("unreadable move '{text}' at byte {at}: {reason}")]
    Unreadable {
        /// The text as given.
        text: String,
        /// Byte offset where reading failed.
        at: usize,
        /// What was expected there.
        reason: Unreadable,
    },
    /// The text reads as a move, but no legal move fits it.
    #[error("'{text}' is not a legal move here")]
    Illegal {
        /// The text as given.
        text: String,
    },
    /// The text fits several legal moves (App. E9 says how to tell them apart).
    #[error("'{text}' is ambiguous: it fits {} legal moves ({})", candidates.len(), list(candidates))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// Every legal move it fits, for the message and for a screen to offer.
        candidates: Vec<Move>,
    },
}

/// Why a text is no move, at the place where reading stopped: a closed set, serialised in snake
/// case (`"too_many_squares"`), so a page says each in its own words by that name; the English
/// phrase (`Display`) is the core's own message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unreadable {
    /// Nothing but check marks and annotations.
    #[error("no move")]
    NoMove,
    /// More files and ranks than a departure and an arrival square.
    #[error("too many squares")]
    TooManySquares,
    /// `=`, `/` or `(` not followed by a piece that a pawn can become.
    #[error("expected a promotion piece")]
    PromotionPiece,
    /// `(Q` without its `)`.
    #[error("expected ')' after the promotion piece")]
    PromotionBracket,
    /// A character that is no file, rank or capture mark.
    #[error("expected a file a-h, a rank 1-8 or 'x'")]
    FileRankOrX,
    /// Characters after a complete move.
    #[error("unexpected text after the move")]
    TextAfter,
    /// No square of arrival.
    #[error("expected the square of arrival")]
    Arrival,
    /// No square of arrival in the spoken form (App. F).
    #[error("expected the square of arrival, e.g. 'Felix drei'")]
    ArrivalSpoken,
    /// A promotion written after a piece that is not a pawn.
    #[error("only a pawn can be promoted")]
    OnlyPawnPromotes,
    /// A word the spoken form (App. F) does not have.
    #[error("not a word of the spoken notation")]
    NotSpokenWord,
    /// A piece named where the spoken form has a square or nothing.
    #[error("a piece name out of place")]
    PieceNameOutOfPlace,
    /// Castling said otherwise than App. F says it.
    #[error("castling is said 'Kurze Rochade' or 'Lange Rochade'")]
    CastlingSpoken,
}

fn list(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a move text says, before the position decides which move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pattern {
    Castle(Castling),
    Move {
        piece: Piece,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

impl Pattern {
    /// The one legal move this pattern names in `pos`.
    pub(crate) fn resolve(self, pos: &Position, text: &str) -> Result<Move, SanError> {
        let mut found: Option<Move> = None;
        let mut extra: Vec<Move> = Vec::new();
        let mut keep = |mv: Move| match found {
            None => found = Some(mv),
            Some(_) => extra.push(mv),
        };
        match self {
            Pattern::Castle(side) => {
                let rank = Rank::First.relative_to(pos.side_to_move());
                let to = Square::new(
                    if side == Castling::KingSide {
                        File::G
                    } else {
                        File::C
                    },
                    rank,
                );
                pos.for_each_legal_move_to(Piece::King, to, |mv| {
                    if pos.castling(mv) == Some(side) {
                        keep(mv);
                    }
                });
            }
            Pattern::Move {
                piece,
                from_file,
                from_rank,
                to,
                promotion,
            } => {
                pos.for_each_legal_move_to(piece, to, |mv| {
                    // A pawn named without its file moves straight ahead (App. E7: "e5");
                    // a capture names the departure file (App. E8).
                    let file_ok = match from_file {
                        Some(f) => mv.from.file() == f,
                        None => piece != Piece::Pawn || mv.from.file() == to.file(),
                    };
                    if file_ok
                        && from_rank.is_none_or(|r| mv.from.rank() == r)
                        && (promotion.is_none() || mv.promotion == promotion)
                    {
                        keep(mv);
                    }
                });
            }
        }
        match found {
            None => Err(SanError::Illegal {
                text: text.to_string(),
            }),
            Some(mv) if extra.is_empty() => Ok(mv),
            Some(mv) => {
                let mut candidates = vec![mv];
                candidates.extend(extra);
                Err(SanError::Ambiguous {
                    text: text.to_string(),
                    candidates,
                })
            }
        }
    }
}

/// Reads a move written in `lang`'s algebraic notation (short or long form).
///
/// # Errors
/// [`SanError::Unreadable`] with the byte offset, [`SanError::Illegal`] or
/// [`SanError::Ambiguous`] with the moves it fits.
pub fn parse(pos: &Position, text: &str, lang: Language) -> Result<Move, SanError> {
    read_pattern(text, lang)?.resolve(pos, text)
}

/// Suffixes that do not change which move is meant: check and mate marks, annotations, the
/// en-passant mark and the draw-offer mark (App. E12).
const IGNORED_SUFFIXES: &[&str] = &[
    "+", "#", "!", "?", "‼", "⁇", "⁉", "⁈", "†", "‡", "e.p.", "ep", "(=)", "□", " ",
];

fn strip_suffixes(text: &str) -> &str {
    let mut rest = text;
    'outer: loop {
        for suffix in IGNORED_SUFFIXES {
            if let Some(shorter) = rest.strip_suffix(suffix) {
                rest = shorter;
                continue 'outer;
            }
        }
        return rest;
    }
}

fn castling(text: &str) -> Option<Castling> {
    let mut os = 0;
    for c in text.chars() {
        match c {
            'O' | '0' | 'o' => os += 1,
            '-' => {}
            _ => return None,
        }
    }
    match os {
        2 => Some(Castling::KingSide),
        3 => Some(Castling::QueenSide),
        _ => None,
    }
}

/// The piece a symbol at the start of `text` stands for in `lang` (or as a figurine), and its
/// length in bytes.
fn piece_symbol(text: &str, lang: Language) -> Option<(Piece, usize)> {
    let tables = [
        lang.symbols(),
        Language::Figurine.symbols(),
        &BLACK_FIGURINE,
    ];
    for table in tables {
        for (symbol, piece) in table.pairs() {
            if text.starts_with(symbol) {
                return Some((piece, symbol.len()));
            }
        }
    }
    for pawn in ["♙", "♟"] {
        if text.starts_with(pawn) {
            return Some((Piece::Pawn, pawn.len()));
        }
    }
    None
}

/// A promotion piece at the start of `text`: a symbol of `lang`, or its lower-case letter.
fn promotion_symbol(text: &str, lang: Language) -> Option<(Piece, usize)> {
    if let Some(found) = piece_symbol(text, lang) {
        return Some(found);
    }
    let c = text.chars().next()?;
    lang.symbols()
        .pairs()
        .into_iter()
        .find(|(s, _)| s.len() == 1 && s.chars().next().map(|u| u.to_ascii_lowercase()) == Some(c))
        .map(|(_, p)| (p, 1))
}

pub(crate) fn read_pattern(text: &str, lang: Language) -> Result<Pattern, SanError> {
    let unreadable = |at: usize, reason| SanError::Unreadable {
        text: text.to_string(),
        at,
        reason,
    };
    let lead = text.len() - text.trim_start().len();
    let body = strip_suffixes(text.trim());
    if body.is_empty() {
        return Err(unreadable(lead, Unreadable::NoMove));
    }
    if let Some(side) = castling(body) {
        return Ok(Pattern::Castle(side));
    }
    let (piece, mut i) = match piece_symbol(body, lang) {
        Some((piece, len)) => (piece, len),
        None => (Piece::Pawn, 0),
    };
    // Files and ranks in the order written; separators (x, :, -) are skipped.
    let mut coords = Coords::default();
    let mut promotion = None;
    let bytes = body.as_bytes();
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            // A lower-case letter is a file unless it ends a complete move: Italian writes the
            // promoted queen 'd' (donna), which is also the d-file.
            b'a'..=b'h'
                if coords_open(&coords) || matches!(bytes.get(i + 1), Some(b'1'..=b'8')) =>
            {
                if !coords.push((Some(File::index(usize::from(b - b'a'))), None)) {
                    return Err(unreadable(lead + i, Unreadable::TooManySquares));
                }
                i += 1;
            }
            b'1'..=b'8' => {
                let rank = Rank::index(usize::from(b - b'1'));
                match coords.last_mut() {
                    Some((Some(_), r @ None)) => *r = Some(rank),
                    _ => {
                        if !coords.push((None, Some(rank))) {
                            return Err(unreadable(lead + i, Unreadable::TooManySquares));
                        }
                    }
                }
                i += 1;
            }
            b'x' | b':' | b'-' => i += 1,
            _ if body[i..].starts_with('×') => i += '×'.len_utf8(),
            b'=' | b'/' | b'(' => {
                let close = b == b'(';
                let (p, len) = promotion_symbol(&body[i + 1..], lang)
                    .ok_or_else(|| unreadable(lead + i + 1, Unreadable::PromotionPiece))?;
                promotion = Some(p);
                i += 1 + len;
                if close {
                    if bytes.get(i) != Some(&b')') {
                        return Err(unreadable(lead + i, Unreadable::PromotionBracket));
                    }
                    i += 1;
                }
                break;
            }
            _ => match promotion_symbol(&body[i..], lang) {
                Some((p, len)) if !coords.is_empty() => {
                    promotion = Some(p);
                    i += len;
                    break;
                }
                _ => {
                    return Err(unreadable(lead + i, Unreadable::FileRankOrX));
                }
            },
        }
    }
    if i < body.len() {
        return Err(unreadable(lead + i, Unreadable::TextAfter));
    }
    let coords = coords.as_slice();
    let (to, from) = match coords {
        [.., (Some(f), Some(r))] => {
            let from = &coords[..coords.len() - 1];
            (Square::new(*f, *r), from)
        }
        _ => {
            return Err(unreadable(lead + body.len(), Unreadable::Arrival));
        }
    };
    let (from_file, from_rank) = match from {
        [] => (None, None),
        [(f, r)] => (*f, *r),
        _ => return Err(unreadable(lead, Unreadable::TooManySquares)),
    };
    if promotion.is_some() && piece != Piece::Pawn {
        return Err(unreadable(lead, Unreadable::OnlyPawnPromotes));
    }
    Ok(Pattern::Move {
        piece,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

/// Up to two partial squares, the departure (or part of it) and the arrival, without allocating:
/// reading SAN is the inner loop of replaying PGN.
#[derive(Default)]
struct Coords {
    items: [(Option<File>, Option<Rank>); 2],
    len: usize,
}

impl Coords {
    /// Adds a coordinate; false if there are already two.
    fn push(&mut self, item: (Option<File>, Option<Rank>)) -> bool {
        match self.items.get_mut(self.len) {
            Some(slot) => {
                *slot = item;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    fn as_slice(&self) -> &[(Option<File>, Option<Rank>)] {
        &self.items[..self.len]
    }

    fn last(&self) -> Option<&(Option<File>, Option<Rank>)> {
        self.as_slice().last()
    }

    fn last_mut(&mut self) -> Option<&mut (Option<File>, Option<Rank>)> {
        self.items[..self.len].last_mut()
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Whether the last coordinate read is a file still waiting for its rank, so that a letter
/// next is read as a file, never as a promotion piece.
fn coords_open(coords: &Coords) -> bool {
    !matches!(coords.last(), Some((Some(_), Some(_))))
}

/// Prints a legal move in short algebraic notation in `lang`, as PGN does in English: castling
/// `O-O`/`O-O-O`, disambiguation by file, then rank, then both (App. E9), `x` for captures,
/// `=` and the piece for promotions, `+` for check and `#` for checkmate.
pub fn format(pos: &Position, mv: Move, lang: Language) -> String {
    let mut out = String::with_capacity(8);
    write_core(pos, mv, lang, false, &mut out);
    push_check_suffix(pos, mv, &mut out);
    out
}

/// Prints a legal move in the long form with the departure square: `Ng1-f3`, `e2-e4`,
/// `Bb5xc6`, `e7-e8=Q`, `O-O`.
pub fn format_long(pos: &Position, mv: Move, lang: Language) -> String {
    let mut out = String::with_capacity(10);
    write_core(pos, mv, lang, true, &mut out);
    push_check_suffix(pos, mv, &mut out);
    out
}

fn write_core(pos: &Position, mv: Move, lang: Language, long: bool, out: &mut String) {
    use core::fmt::Write;
    match pos.castling(mv) {
        Some(Castling::KingSide) => return out.push_str("O-O"),
        Some(Castling::QueenSide) => return out.push_str("O-O-O"),
        None => {}
    }
    let piece = pos.moving_piece(mv).unwrap_or(Piece::Pawn);
    let capture = pos.is_capture(mv);
    out.push_str(lang.symbols().of(piece));
    if long {
        let _ = write!(out, "{}", mv.from);
        out.push(if capture { 'x' } else { '-' });
    } else if piece == Piece::Pawn {
        if capture {
            out.push(file_char(mv.from.file()));
        }
    } else {
        let (mut same_file, mut same_rank, mut others) = (false, false, false);
        pos.for_each_legal_move_to(piece, mv.to, |other| {
            if other.from != mv.from {
                others = true;
                same_file |= other.from.file() == mv.from.file();
                same_rank |= other.from.rank() == mv.from.rank();
            }
        });
        if others {
            if !same_file {
                out.push(file_char(mv.from.file()));
            } else if !same_rank {
                out.push(rank_char(mv.from.rank()));
            } else {
                let _ = write!(out, "{}", mv.from);
            }
        }
    }
    if capture && !long {
        out.push('x');
    }
    let _ = write!(out, "{}", mv.to);
    if let Some(p) = mv.promotion {
        out.push('=');
        out.push_str(lang.symbols().of(p));
    }
}

fn push_check_suffix(pos: &Position, mv: Move, out: &mut String) {
    if let Ok(next) = pos.after(mv) {
        if next.is_checkmate() {
            out.push('#');
        } else if next.in_check() {
            out.push('+');
        }
    }
}

pub(crate) fn file_char(file: File) -> char {
    char::from(b'a' + file as u8)
}

pub(crate) fn rank_char(rank: Rank) -> char {
    char::from(b'1' + rank as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn uci(pos: &Position, text: &str, lang: Language) -> String {
        parse(pos, text, lang)
            .map(|m| m.to_string())
            .unwrap_or_else(|e| format!("error: {e}"))
    }

    #[test]
    fn app_e_forms_are_read_app_e12() {
        let p = pos("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        for (text, want) in [
            ("0-0", "e1g1"),
            ("O-O", "e1g1"),
            ("0-0-0", "e1c1"),
            ("O-O-O+", "e1c1"),
            ("exd6", "e5d6"),
            ("exd6 e.p.", "e5d6"),
            ("exd6e.p.", "e5d6"),
            ("ed6", "e5d6"),
            ("e5xd6", "e5d6"),
            ("bxa8=Q", "b7a8q"),
            ("bxa8Q", "b7a8q"),
            ("ba8Q+", "b7a8q"),
            ("bxa8(Q)", "b7a8q"),
            ("b8=N!?", "b7b8n"),
            ("b8N", "b7b8n"),
            ("b7b8n", "b7b8n"),
            ("Ra1-a7", "a1a7"),
            ("Rxa7", "a1a7"),
            ("e6", "e5e6"),
            ("e6#", "e5e6"),
            ("Kf1??", "e1f1"),
        ] {
            assert_eq!(uci(&p, text, Language::English), want, "{text}");
        }
        // Portuguese promotion to a queen written "d8D" (App. E11).
        assert_eq!(uci(&p, "b8D", Language::Portuguese), "b7b8q");
        assert_eq!(uci(&p, "bxa8=T", Language::Portuguese), "b7a8r");
        assert_eq!(uci(&p, "bxa8♕", Language::English), "b7a8q");
    }

    #[test]
    fn disambiguation_file_then_rank_app_e9() {
        // Knights g1 and e1 -> Ngf3/Nef3; g5 and g1 -> N5f3/N1f3; h2 and d4 -> Nhf3/Ndf3.
        let cases = [
            ("4k3/8/8/8/8/8/8/4NKN1 w - - 0 1", "g1f3", "Ngf3", "Cgf3"),
            ("4k3/8/8/6N1/8/8/8/5KN1 w - - 0 1", "g1f3", "N1f3", "C1f3"),
            ("4k3/8/8/8/3N4/8/7N/5K2 w - - 0 1", "h2f3", "Nhf3", "Chf3"),
            ("4k3/8/8/8/3N4/8/7N/5K2 w - - 0 1", "d4f3", "Ndf3", "Cdf3"),
        ];
        for (fen, mv, en, pt) in cases {
            let p = pos(fen);
            let m = crate::notation::uci::parse(&p, mv).unwrap();
            assert_eq!(format(&p, m, Language::English), en);
            assert_eq!(format(&p, m, Language::Portuguese), pt);
            assert_eq!(parse(&p, pt, Language::Portuguese), Ok(m));
        }
        // Three queens need the full square.
        let p = pos("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1");
        let m = Move::new(Square::A4, Square::B3);
        assert_eq!(format(&p, m, Language::English), "Qa4b3");
    }

    #[test]
    fn ambiguous_illegal_and_unreadable_are_told_apart() {
        let p = pos("4k3/8/8/8/8/8/8/4NKN1 w - - 0 1");
        match parse(&p, "Nf3", Language::English) {
            Err(SanError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
            other => panic!("expected ambiguous, got {other:?}"),
        }
        assert!(matches!(
            parse(&p, "Nf4", Language::English),
            Err(SanError::Illegal { .. })
        ));
        match parse(&p, "Nz3", Language::English) {
            Err(SanError::Unreadable { at, .. }) => assert_eq!(at, 1),
            other => panic!("expected unreadable, got {other:?}"),
        }
        assert!(matches!(
            parse(&p, "", Language::English),
            Err(SanError::Unreadable { .. })
        ));
        // A promotion without the piece fits four moves (App. E11 requires the piece).
        let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        assert!(matches!(
            parse(&p, "b8", Language::English),
            Err(SanError::Ambiguous { .. })
        ));
    }

    #[test]
    fn pawn_push_is_not_read_as_a_capture() {
        let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(uci(&p, "e5", Language::English), "e4e5");
        assert_eq!(
            uci(&p, "d5", Language::English),
            format!("error: 'd5' is not a legal move here")
        );
        assert_eq!(uci(&p, "ed5", Language::English), "e4d5");
    }

    #[test]
    fn italian_r_is_the_king_app_e2() {
        let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(uci(&p, "Rd1", Language::Italian), "e1d1");
        assert_eq!(uci(&p, "Rd1", Language::English), "a1d1");
        assert_eq!(uci(&p, "Td1", Language::Italian), "a1d1");
        let m = Move::new(Square::A1, Square::A8);
        assert_eq!(format(&p, m, Language::Italian), "Ta8+");
        assert_eq!(format(&p, m, Language::Figurine), "♖a8+");
        assert_eq!(format_long(&p, m, Language::German), "Ta1-a8+");
    }

    #[test]
    fn checkmate_is_marked_hash() {
        let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(
            format(&p, Move::new(Square::A1, Square::A8), Language::English),
            "Ra8#"
        );
    }
}
