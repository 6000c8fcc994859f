//! The spoken form for blind and visually disabled players (2005 App. F2; 2023 App. D.2.1):
//! German piece names, the files Anna to Hector and the German rank numbers.
//!
//! ```
//! use arbiter_chess::position::Position;
//! use arbiter_chess::notation::spoken;
//! let pos = Position::startpos();
//! let mv = spoken::parse(&pos, "Springer Felix drei").unwrap();
//! assert_eq!(spoken::format(&pos, mv), "Springer Felix drei");
//! assert_eq!(mv.to_string(), "g1f3");
//! ```
//!
//! The printed form follows the short algebraic move word by word, so that it says exactly as
//! much as the scoresheet:
//! - the piece name (`Koenig`, `Dame`, `Turm`, `Laeufer`, `Springer`; none for a pawn);
//! - the departure file and/or rank where App. E9 needs one (`Springer Gustav Felix drei`);
//! - `schlaegt` for a capture (`Eva schlaegt David fuenf`);
//! - the square of arrival, file name then rank number (`Felix drei`);
//! - for a promotion, a comma and the new piece (`Anna acht, Dame`, as 2023 App. D.2.1 asks);
//! - `en passant` for an en-passant capture; `Schach` for check, `Matt` for checkmate;
//! - castling is `Kurze Rochade` (king side) or `Lange Rochade` (queen side).
//!
//! Words are written in ASCII (`fuenf`, `Laeufer`, `schlaegt`) as the Laws' own text does.
//! Reading is case-insensitive and accepts umlauts (`fünf`, `Läufer`, `König`, `schlägt`),
//! `zwo` for `zwei`, digits for ranks, `Caesar` for `Cesar`, `nimmt` or `x` for a capture, and the
//! long form with the departure square (`Springer Gustav eins Felix drei`).

use crate::chessboard::{File, Piece, Rank, Square};

use super::san::{Pattern, SanError, Unreadable};
use crate::movegen::{Castling, Move};
use crate::position::Position;

const FILES: [&str; 8] = [
    "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
];
const RANKS: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht",
];

/// The German name of a piece (App. F2).
pub fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::King => "Koenig",
        Piece::Queen => "Dame",
        Piece::Rook => "Turm",
        Piece::Bishop => "Laeufer",
        Piece::Knight => "Springer",
        Piece::Pawn => "Bauer",
    }
}

/// The spoken name of a file: Anna ... Hector.
pub fn file_name(file: File) -> &'static str {
    FILES[file as usize]
}

/// The spoken German number of a rank: eins ... acht.
pub fn rank_name(rank: Rank) -> &'static str {
    RANKS[rank as usize]
}

/// A square as spoken: "Felix drei".
pub fn square_name(square: Square) -> String {
    format!("{} {}", file_name(square.file()), rank_name(square.rank()))
}

/// Says a legal move in the spoken form (see the module documentation).
pub fn format(pos: &Position, mv: Move) -> String {
    let san = super::san::format(pos, mv, super::Language::English);
    let mut words: Vec<String> = Vec::with_capacity(8);
    let suffix = match san.as_bytes().last() {
        Some(b'#') => Some("Matt"),
        Some(b'+') => Some("Schach"),
        _ => None,
    };
    let body = san.trim_end_matches(['+', '#']);
    match pos.castling(mv) {
        Some(Castling::KingSide) => words.push("Kurze Rochade".into()),
        Some(Castling::QueenSide) => words.push("Lange Rochade".into()),
        None => {
            let mut chars = body.chars();
            if let Some(piece) = pos.moving_piece(mv).filter(|p| *p != Piece::Pawn) {
                words.push(piece_name(piece).into());
                chars.next();
            }
            for c in chars {
                match c {
                    'a'..='h' => words.push(FILES[usize::from(c as u8 - b'a')].into()),
                    '1'..='8' => words.push(RANKS[usize::from(c as u8 - b'1')].into()),
                    'x' => words.push("schlaegt".into()),
                    // The promotion piece is the move's; the SAN letter only repeats it.
                    '=' => break,
                    _ => {}
                }
            }
            if let Some(p) = mv.promotion {
                if let Some(last) = words.last_mut() {
                    last.push(',');
                }
                words.push(piece_name(p).into());
            }
            if pos.is_en_passant(mv) {
                words.push("en passant".into());
            }
        }
    }
    if let Some(s) = suffix {
        words.push(s.into());
    }
    words.join(" ")
}

/// A word of the spoken form, folded to lower-case ASCII. The words are German, so the
/// umlauts and sharp s are the only letters beyond ASCII; folding them by hand keeps Unicode's
/// case tables (6 KB gzipped) out of the page's wasm.
fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len() + 2);
    for c in word.chars() {
        match c.to_ascii_lowercase() {
            'ä' | 'Ä' => out.push_str("ae"),
            'ö' | 'Ö' => out.push_str("oe"),
            'ü' | 'Ü' => out.push_str("ue"),
            'ß' | 'ẞ' => out.push_str("ss"),
            c => out.push(c),
        }
    }
    out
}

enum Word {
    Piece(Piece),
    File(File),
    Rank(Rank),
    /// Capture, check, mate, en passant: they do not change which move is meant.
    Ignored,
    Short,
    Long,
    Castle,
}

fn word(folded: &str) -> Option<Word> {
    if let Some(i) = FILES.iter().position(|f| f.eq_ignore_ascii_case(folded)) {
        return Some(Word::File(File::index(i)));
    }
    if let Some(i) = RANKS.iter().position(|r| *r == folded) {
        return Some(Word::Rank(Rank::index(i)));
    }
    Some(match folded {
        "caesar" => Word::File(File::C),
        "zwo" => Word::Rank(Rank::Second),
        "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" => {
            Word::Rank(Rank::index(usize::from(folded.as_bytes()[0] - b'1')))
        }
        "koenig" => Word::Piece(Piece::King),
        "dame" => Word::Piece(Piece::Queen),
        "turm" => Word::Piece(Piece::Rook),
        "laeufer" => Word::Piece(Piece::Bishop),
        "springer" => Word::Piece(Piece::Knight),
        "bauer" => Word::Piece(Piece::Pawn),
        "schlaegt" | "nimmt" | "x" | "schach" | "matt" | "schachmatt" | "en" | "passant" | "ep"
        | "e.p" => Word::Ignored,
        "kurze" => Word::Short,
        "lange" => Word::Long,
        "rochade" => Word::Castle,
        _ => return None,
    })
}

/// Reads a move said in the spoken form.
///
/// # Errors
/// [`SanError::Unreadable`] with the byte offset of the first word not understood, or
/// [`SanError::Illegal`] / [`SanError::Ambiguous`] as for algebraic notation.
pub fn parse(pos: &Position, text: &str) -> Result<Move, SanError> {
    let unreadable = |at, reason| SanError::Unreadable {
        text: text.to_string(),
        at,
        reason,
    };
    let mut piece = None;
    let mut promotion = None;
    let mut coords: Vec<(Option<File>, Option<Rank>)> = Vec::with_capacity(2);
    let mut castle: Option<Castling> = None;
    let mut castle_word = false;
    let separators =
        |c: char| c.is_whitespace() || matches!(c, ',' | ';' | '-' | '!' | '?' | '+' | '#');
    let mut offset = 0;
    for raw in text.split(separators) {
        let at = offset;
        offset += raw.len() + 1;
        if raw.is_empty() {
            continue;
        }
        let folded = fold(raw.trim_end_matches('.'));
        match word(&folded).ok_or(unreadable(at, Unreadable::NotSpokenWord))? {
            Word::Piece(p) if coords.is_empty() && piece.is_none() => piece = Some(p),
            Word::Piece(p) if !coords.is_empty() && promotion.is_none() => promotion = Some(p),
            Word::Piece(_) => return Err(unreadable(at, Unreadable::PieceNameOutOfPlace)),
            Word::File(f) => coords.push((Some(f), None)),
            Word::Rank(r) => match coords.last_mut() {
                Some((Some(_), rank @ None)) => *rank = Some(r),
                _ => coords.push((None, Some(r))),
            },
            Word::Ignored => {}
            Word::Short => castle = Some(Castling::KingSide),
            Word::Long => castle = Some(Castling::QueenSide),
            Word::Castle => castle_word = true,
        }
    }
    if let Some(side) = castle {
        if !castle_word || !coords.is_empty() || piece.is_some() {
            return Err(unreadable(0, Unreadable::CastlingSpoken));
        }
        return Pattern::Castle(side).resolve(pos, text);
    }
    let (to, from) = match coords.split_last() {
        Some(((Some(f), Some(r)), from)) => (Square::new(*f, *r), from),
        _ => {
            return Err(unreadable(text.len(), Unreadable::ArrivalSpoken));
        }
    };
    let (from_file, from_rank) = match from {
        [] => (None, None),
        [(f, r)] => (*f, *r),
        _ => return Err(unreadable(0, Unreadable::TooManySquares)),
    };
    let piece = piece.unwrap_or(Piece::Pawn);
    if promotion.is_some() && piece != Piece::Pawn {
        return Err(unreadable(0, Unreadable::OnlyPawnPromotes));
    }
    Pattern::Move {
        piece,
        from_file,
        from_rank,
        to,
        promotion,
    }
    .resolve(pos, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn say(fen: &str, uci: &str) -> String {
        let p = pos(fen);
        format(&p, crate::notation::uci::parse(&p, uci).unwrap())
    }

    #[test]
    fn moves_are_said_with_the_names_of_app_f2() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(say(start, "g1f3"), "Springer Felix drei");
        assert_eq!(say(start, "e2e4"), "Eva vier");
        assert_eq!(
            say("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
            "Kurze Rochade"
        );
        assert_eq!(
            say("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"),
            "Lange Rochade"
        );
        assert_eq!(
            say("7k/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8q"),
            "Anna acht, Dame Schach"
        );
        assert_eq!(
            say("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
            "Eva schlaegt David sechs en passant"
        );
        assert_eq!(
            say("4k3/8/8/8/8/8/8/4NKN1 w - - 0 1", "g1f3"),
            "Springer Gustav Felix drei"
        );
        assert_eq!(
            say("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"),
            "Turm Anna acht Matt"
        );
    }

    #[test]
    fn reading_is_tolerant_of_case_and_umlauts_app_f2() {
        let p = pos("4k3/8/8/3p4/4P3/8/8/2B1K3 w - - 0 1");
        for text in ["Läufer Felix vier", "LAEUFER felix 4", "laeufer Felix vier"] {
            assert_eq!(parse(&p, text).unwrap().to_string(), "c1f4", "{text}");
        }
        for text in [
            "Eva schlägt David fünf",
            "eva nimmt david fuenf",
            "Eva David 5",
        ] {
            assert_eq!(parse(&p, text).unwrap().to_string(), "e4d5", "{text}");
        }
        assert_eq!(parse(&p, "König David zwo").unwrap().to_string(), "e1d2");
        assert!(matches!(
            parse(&p, "Springer Felix drei"),
            Err(SanError::Illegal { .. })
        ));
        match parse(&p, "Eva Zebra") {
            Err(SanError::Unreadable { at, .. }) => assert_eq!(at, 4),
            other => panic!("expected unreadable, got {other:?}"),
        }
        let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(parse(&castle, "kurze rochade").unwrap().to_string(), "e1g1");
        assert_eq!(parse(&castle, "Lange Rochade").unwrap().to_string(), "e1c1");
    }
}
