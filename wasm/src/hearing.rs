//! The board by ear and keyboard (2005 App. F): square labels, the pieces of one kind, the whole
//! board, and moves typed in any App. E language or said in the App. F form. Each function takes
//! the position as FEN, so the page asks about exactly the position it shows.

use arbiter_core::clock::Millis;
use arbiter_core::notation::{Language, SanError, san, spoken, uci};
use arbiter_core::{Color, File, Move, Piece, Position, Rank, Square};
use serde::{Serialize, Serializer};
use wasm_bindgen::prelude::*;

use crate::refusal::{self, Refusal, Unread};
use crate::words::{self, SpokenForm};

fn position(fen: &str) -> Result<Position, JsError> {
    Position::from_fen(fen).map_err(|e| JsError::new(&format!("position: {e}")))
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    crate::json::to_js(value)
}

/// A move read from what the player typed or said.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct ReadMove {
    /// In coordinates, as the table takes it (`g1f3`).
    pub uci: String,
    /// In the notation language (`Cf3`).
    pub san: String,
    /// As it is to be heard in the chosen form (`Springer Felix drei`, `knight f3`).
    pub said: String,
}

/// Why no move could be read: the reason from the notation the text looked most like.
fn best_reason(errors: Vec<(usize, SanError)>) -> Unread {
    // The reader that got furthest (an illegal or ambiguous move beats an unreadable one)
    // understood the player best.
    errors
        .into_iter()
        .max_by_key(|(rank, _)| *rank)
        .map_or(Unread::Empty, |(_, why)| Unread::Move(why))
}

fn rank_of(e: &SanError) -> usize {
    match e {
        SanError::Unreadable { at, .. } => 1 + (*at).min(1000),
        _ => 2000,
    }
}

/// Reads a move typed as SAN in `lang` (then in English, as PGN writes it), in coordinates, or
/// in the App. F spoken form ("Springer Felix drei", "Kurze Rochade").
pub fn read_move(pos: &Position, text: &str, lang: Language) -> Result<Move, String> {
    read_move_or_why(pos, text, lang).map_err(|e| e.to_string())
}

/// As [`read_move`], with the reason as the kind of refusal and its parts.
pub fn read_move_or_why(pos: &Position, text: &str, lang: Language) -> Result<Move, Unread> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Unread::Empty);
    }
    let mut errors = Vec::new();
    for l in [lang, Language::English] {
        match san::parse(pos, text, l) {
            Ok(mv) => return Ok(mv),
            Err(e) => errors.push((rank_of(&e), e)),
        }
    }
    if let Ok(mv) = uci::parse(pos, &text.to_ascii_lowercase()) {
        return Ok(mv);
    }
    match spoken::parse(pos, text) {
        Ok(mv) => return Ok(mv),
        // A text with spaces was meant as the spoken form: its reason is the one to give.
        Err(e) if text.contains(' ') => errors.push((rank_of(&e) + 5000, e)),
        Err(e) => errors.push((rank_of(&e), e)),
    }
    Err(best_reason(errors))
}

/// Reads the move in `text` on the position `fen`: `{uci, san, said}`; throws an `Error` with
/// the English reason as its message and the refusal's `kind` and parts as fields (refusal.rs)
/// when the text is not one legal move.
#[wasm_bindgen(js_name = readMove, unchecked_return_type = "ReadMove")]
pub fn read_move_js(fen: &str, text: &str, lang: &str, form: &str) -> Result<JsValue, JsValue> {
    let pos = position(fen)?;
    let lang = Language::from_code(lang).unwrap_or(Language::English);
    let mv = read_move_or_why(&pos, text, lang)
        .map_err(|e| refusal::to_js_error(&e.to_string(), &Refusal::of(&e, &pos, lang)))?;
    Ok(to_js(&ReadMove {
        uci: mv.to_string(),
        san: san::format(&pos, mv, lang),
        said: words::say_move(&pos, mv, SpokenForm::from_code(form)),
    }))
}

/// A legal move (coordinates) said in `form`.
#[wasm_bindgen(js_name = sayMove)]
pub fn say_move_js(fen: &str, mv: &str, form: &str) -> Result<String, JsError> {
    let pos = position(fen)?;
    let mv = uci::parse(&pos, mv).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(words::say_move(&pos, mv, SpokenForm::from_code(form)))
}

/// The label of every square: `{e4: "e4, white knight", ...}` (or "Eva vier, Springer weiß").
#[wasm_bindgen(js_name = squareLabels, unchecked_return_type = "Record<string, string>")]
pub fn square_labels(fen: &str, form: &str) -> Result<JsValue, JsError> {
    let pos = position(fen)?;
    let form = SpokenForm::from_code(form);
    let labels = SquareLabels(
        file_by_file()
            .map(|sq| (sq.to_string(), words::say_square_content(&pos, sq, form)))
            .collect(),
    );
    Ok(to_js(&labels))
}

/// Square names with their labels, already in the names' order (`a1`, `a2`... `h8`), written as
/// one object. (A `BTreeMap` would sort them again, and its sort is 3 KB of the module.)
struct SquareLabels(Vec<(String, String)>);

impl Serialize for SquareLabels {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(square, label)| (square, label)))
    }
}

/// Every square, files a to h and ranks 1 to 8 within a file: the order of their names.
fn file_by_file() -> impl Iterator<Item = Square> {
    File::ALL.into_iter().flat_map(|file| {
        Rank::ALL
            .into_iter()
            .map(move |rank| Square::new(file, rank))
    })
}

/// One square said in `form`, without its content ("Eva vier").
#[wasm_bindgen(js_name = saySquare)]
pub fn say_square_js(square: &str, form: &str) -> Result<String, JsError> {
    let sq: Square = square
        .parse()
        .map_err(|_| JsError::new(&format!("not a square: {square:?}")))?;
    Ok(words::say_square(sq, SpokenForm::from_code(form)))
}

const ORDER: [Piece; 6] = [
    Piece::King,
    Piece::Queen,
    Piece::Rook,
    Piece::Bishop,
    Piece::Knight,
    Piece::Pawn,
];

/// "white knight: b1, g1" for one colour and kind; `None` when there is none.
fn where_are(pos: &Position, color: Color, piece: Piece, form: SpokenForm) -> Option<String> {
    // Files a to h, then ranks 1 to 8 within a file, so pawns are heard in file order.
    let squares: Vec<Square> = file_by_file()
        .filter(|&sq| pos.piece_on(sq) == Some((color, piece)))
        .collect();
    if squares.is_empty() {
        return None;
    }
    let list: Vec<String> = squares
        .iter()
        .map(|&sq| words::say_square(sq, form))
        .collect();
    Some(format!(
        "{}: {}",
        words::say_piece(color, piece, form),
        list.join(", ")
    ))
}

/// Where the pieces of one kind stand. `kind` is an English piece letter: upper case for White
/// (`N`), lower case for Black (`n`); `both` asks for both colours.
pub fn say_pieces(pos: &Position, kind: char, both: bool, form: SpokenForm) -> String {
    let piece = match kind.to_ascii_lowercase() {
        'k' => Piece::King,
        'q' => Piece::Queen,
        'r' => Piece::Rook,
        'b' => Piece::Bishop,
        'n' => Piece::Knight,
        _ => Piece::Pawn,
    };
    let colors: &[Color] = if both {
        &[Color::White, Color::Black]
    } else if kind.is_ascii_uppercase() {
        &[Color::White]
    } else {
        &[Color::Black]
    };
    let parts: Vec<String> = colors
        .iter()
        .map(|&c| {
            where_are(pos, c, piece, form).unwrap_or_else(|| {
                format!(
                    "{}: {}",
                    words::say_piece(c, piece, form),
                    words::say_none(form)
                )
            })
        })
        .collect();
    parts.join(". ")
}

/// Where the pieces of one kind stand (see `say_pieces`); `kind` is `K Q R B N P` or lower case.
#[wasm_bindgen(js_name = sayPieces)]
pub fn say_pieces_js(fen: &str, kind: &str, both: bool, form: &str) -> Result<String, JsError> {
    let pos = position(fen)?;
    let Some(k) = kind.chars().next().filter(|c| "kqrbnpKQRBNP".contains(*c)) else {
        return Err(JsError::new(&format!(
            "not a piece letter: {kind:?} (K Q R B N P; lower case for Black)"
        )));
    };
    Ok(say_pieces(&pos, k, both, SpokenForm::from_code(form)))
}

/// The whole board, White's pieces then Black's, each kind with its squares.
pub fn say_board(pos: &Position, form: SpokenForm) -> String {
    let mut parts = Vec::with_capacity(12);
    for color in [Color::White, Color::Black] {
        for piece in ORDER {
            parts.extend(where_are(pos, color, piece, form));
        }
    }
    parts.join(". ")
}

/// The whole board, piece by piece (see `say_board`).
#[wasm_bindgen(js_name = sayBoard)]
pub fn say_board_js(fen: &str, form: &str) -> Result<String, JsError> {
    Ok(say_board(&position(fen)?, SpokenForm::from_code(form)))
}

/// The BCP 47 language speech should use for a form (`appf` → `de`).
#[wasm_bindgen(js_name = speechLang)]
pub fn speech_lang(form: &str) -> String {
    SpokenForm::from_code(form).speech_lang().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: SpokenForm = SpokenForm::Language(Language::English);

    #[test]
    fn moves_typed_in_any_notation_app_e_and_app_f() {
        let pos = Position::startpos();
        let read = |t: &str, l| read_move(&pos, t, l).map(|m| m.to_string());
        assert_eq!(read("Nf3", Language::English).as_deref(), Ok("g1f3"));
        assert_eq!(read("Cf3", Language::Italian).as_deref(), Ok("g1f3"));
        // English SAN is read whatever language is chosen (PGN's letters).
        assert_eq!(read("Nf3", Language::Italian).as_deref(), Ok("g1f3"));
        assert_eq!(read("Sf3", Language::German).as_deref(), Ok("g1f3"));
        assert_eq!(read("g1f3", Language::English).as_deref(), Ok("g1f3"));
        assert_eq!(read("E2E4", Language::English).as_deref(), Ok("e2e4"));
        assert_eq!(
            read("Springer Felix drei", Language::English).as_deref(),
            Ok("g1f3")
        );
        assert_eq!(read("eva vier", Language::French).as_deref(), Ok("e2e4"));
    }

    #[test]
    fn a_move_that_cannot_be_read_says_why() {
        let pos = Position::startpos();
        let err = read_move(&pos, "Nf6", Language::English).unwrap_err();
        assert!(err.contains("not a legal move"), "{err}");
        let err = read_move(&pos, "Springer Felix sechs", Language::English).unwrap_err();
        assert!(err.contains("not a legal move"), "{err}");
        let err = read_move(&pos, "Eva Zebra", Language::English).unwrap_err();
        assert!(err.contains("not a word of the spoken notation"), "{err}");
        assert_eq!(
            read_move(&pos, "  ", Language::English).unwrap_err(),
            "no move given"
        );
    }

    #[test]
    fn pieces_of_a_kind_in_file_order() {
        let pos = Position::startpos();
        assert_eq!(say_pieces(&pos, 'N', false, EN), "white knight: b1, g1");
        assert_eq!(
            say_pieces(&pos, 'n', true, EN),
            "white knight: b1, g1. black knight: b8, g8"
        );
        assert_eq!(
            say_pieces(&pos, 'q', false, SpokenForm::AppF),
            "Dame schwarz: David acht"
        );
        let bare = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(say_pieces(&bare, 'Q', false, EN), "white queen: none");
    }

    #[test]
    fn app_f_no_piece_of_a_kind_is_said_in_the_chosen_language() {
        let bare = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let said = |lang| say_pieces(&bare, 'Q', false, SpokenForm::Language(lang));
        assert_eq!(said(Language::Italian), "donna bianca: assente");
        assert_eq!(said(Language::German), "weiße Dame: nicht vorhanden");
        assert_eq!(said(Language::Dutch), "witte dame: geen");
        assert_eq!(
            say_pieces(&bare, 'r', false, SpokenForm::AppF),
            "Turm schwarz: nicht vorhanden"
        );
    }

    #[test]
    fn the_whole_board_white_then_black() {
        let pos = Position::from_fen("4k3/3p4/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(
            say_board(&pos, EN),
            "white king: e1. white rook: a1. black king: e8. black pawn: d7"
        );
    }
}

#[wasm_bindgen(js_name = tactileMarkPassed, unchecked_return_type = "{ remaining: number; dots: number } | undefined")]
pub fn tactile_mark_passed(before: f64, after: f64) -> JsValue {
    let ms = |x: f64| Millis(x.max(0.0) as u64);
    match arbiter_core::laws::blind::mark_passed(ms(before), ms(after)) {
        Some(mark) => to_js(&mark),
        None => JsValue::UNDEFINED,
    }
}
