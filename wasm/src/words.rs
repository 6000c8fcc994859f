//! Moves, squares and pieces as words to be heard: in the spoken form of 2005 App. F2 (German
//! piece names, Anna ... Hector, eins ... acht: the core's `notation::spoken`) or in the words of
//! one of the App. E languages ("Knight f3, check"; "Cavallo f3, scacco"). A screen reader or
//! the browser's speech reads these; a symbol such as `Nf3` or `0-0` reads badly aloud.
//!
//! Each language's words are its `spoken_*` messages in the page's catalogue
//! (`www/messages/<lang>.json`), built into the module by build.rs: the page has them without
//! fetching or reading a catalogue, and a language is added by its file alone. The App. F form's
//! words are the core's (`notation::spoken`), German in every page language.

use arbiter_core::movegen::Castling;
use arbiter_core::notation::{Language, san, spoken};
use arbiter_core::{Color, Move, Piece, Position, Square};

/// How moves are said: the App. F form or the words of a notation language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpokenForm {
    /// 2005 App. F2: "Springer Felix drei", "Kurze Rochade".
    AppF,
    /// Piece names and plain squares in a language of App. E: "Knight f3".
    Language(Language),
}

impl SpokenForm {
    /// `"appf"` for the App. F form, else a notation language code (`"en"`, `"it"`...);
    /// figurines and unknown codes are said in English.
    pub fn from_code(code: &str) -> SpokenForm {
        if code.eq_ignore_ascii_case("appf") {
            return SpokenForm::AppF;
        }
        match Language::from_code(code) {
            Some(Language::Figurine) | None => SpokenForm::Language(Language::English),
            Some(lang) => SpokenForm::Language(lang),
        }
    }

    /// The BCP 47 tag speech should use for these words.
    pub fn speech_lang(self) -> &'static str {
        match self {
            SpokenForm::AppF => "de",
            SpokenForm::Language(Language::English | Language::Figurine) => "en",
            SpokenForm::Language(lang) => lang.code(),
        }
    }
}

/// The words one language uses to say moves, from its file of the message catalogue
/// (`www/messages/<lang>.json`, the ids `spoken_*`), written into this crate by build.rs.
struct Vocabulary {
    /// The pieces in the order pawn, knight, bishop, rook, queen, king (cozy-chess's `Piece as
    /// usize`).
    pieces: [&'static str; 6],
    /// Each piece with its colour, White's then Black's, as the language says them: the
    /// adjective agrees with the piece (una torre blanca, une tour noire, ein weißer Turm, een
    /// wit paard), so it is written whole rather than put together.
    colored: [[&'static str; 2]; 6],
    /// A square with nothing on it.
    empty: &'static str,
    /// No piece of a kind is on the board (said after the piece: "white queen: none").
    none: &'static str,
    takes: &'static str,
    check: &'static str,
    checkmate: &'static str,
    short_castle: &'static str,
    long_castle: &'static str,
    promotes: &'static str,
    en_passant: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/spoken.rs"));

/// The words of `lang`; a notation language without a file of its own (figurines) is said in
/// English, the catalogue's reference, which build.rs does not build without.
fn vocabulary(lang: Language) -> &'static Vocabulary {
    let of = |code: &str| VOCABULARIES.iter().find(|(c, _)| *c == code);
    of(lang.code())
        .or_else(|| of(Language::English.code()))
        .map_or(&VOCABULARIES[0].1, |(_, v)| v)
}

/// A legal move in `pos`, said in `form`.
pub fn say_move(pos: &Position, mv: Move, form: SpokenForm) -> String {
    match form {
        SpokenForm::AppF => spoken::format(pos, mv),
        SpokenForm::Language(lang) => say_in(pos, mv, vocabulary(lang)),
    }
}

/// Follows the English short algebraic move word by word, as the App. F form does, so the words
/// say exactly what the scoresheet says.
fn say_in(pos: &Position, mv: Move, v: &Vocabulary) -> String {
    let san = san::format(pos, mv, Language::English);
    let mut words: Vec<String> = Vec::with_capacity(6);
    let body = san.trim_end_matches(['+', '#']);
    match pos.castling(mv) {
        Some(Castling::KingSide) => words.push(v.short_castle.into()),
        Some(Castling::QueenSide) => words.push(v.long_castle.into()),
        None => {
            let piece = pos.moving_piece(mv).unwrap_or(Piece::Pawn);
            words.push(v.pieces[piece as usize].into());
            let mut chars = body.chars().peekable();
            if piece != Piece::Pawn {
                chars.next();
            }
            // Squares are said whole ("f3"), a lone file or rank that tells two pieces apart
            // on its own ("Knight g f3" for Ngf3).
            let mut pending = String::new();
            for c in chars {
                match c {
                    'a'..='h' | '1'..='8' => pending.push(c),
                    'x' => {
                        if !pending.is_empty() {
                            words.push(std::mem::take(&mut pending));
                        }
                        words.push(v.takes.into());
                    }
                    '=' => break,
                    _ => {}
                }
            }
            // The square of arrival is the last two characters read; anything before is the
            // departure file or rank.
            if pending.len() > 2 {
                let (from, to) = pending.split_at(pending.len() - 2);
                words.push(from.to_string());
                words.push(to.to_string());
            } else if !pending.is_empty() {
                words.push(pending);
            }
            if let Some(p) = mv.promotion {
                words.push(format!("{} {}", v.promotes, v.pieces[p as usize]));
            }
            if pos.is_en_passant(mv) {
                words.push(v.en_passant.into());
            }
        }
    }
    let mut text = words.join(" ");
    if san.ends_with('#') {
        text.push_str(", ");
        text.push_str(v.checkmate);
    } else if san.ends_with('+') {
        text.push_str(", ");
        text.push_str(v.check);
    }
    text
}

/// A square said in `form`: "Eva vier" or "e4".
pub fn say_square(square: Square, form: SpokenForm) -> String {
    match form {
        SpokenForm::AppF => spoken::square_name(square),
        SpokenForm::Language(_) => square.to_string(),
    }
}

/// A piece said in `form` with its colour: "white knight", "torre negra", "weißer Springer"; in
/// App. F's German the Laws' order, "Springer weiß".
pub fn say_piece(color: Color, piece: Piece, form: SpokenForm) -> String {
    match form {
        SpokenForm::AppF => {
            let c = if color == Color::White {
                "weiß"
            } else {
                "schwarz"
            };
            format!("{} {c}", spoken::piece_name(piece))
        }
        SpokenForm::Language(lang) => {
            let [white, black] = vocabulary(lang).colored[piece as usize];
            if color == Color::White { white } else { black }.to_owned()
        }
    }
}

/// "empty" in `form`'s language.
pub fn say_empty(form: SpokenForm) -> &'static str {
    match form {
        SpokenForm::AppF => "leer",
        SpokenForm::Language(lang) => vocabulary(lang).empty,
    }
}

/// That no piece of a kind is on the board, said after the piece ("white queen: none"); in the
/// App. F form in German, as its other words.
pub fn say_none(form: SpokenForm) -> &'static str {
    match form {
        SpokenForm::AppF => vocabulary(Language::German).none,
        SpokenForm::Language(lang) => vocabulary(lang).none,
    }
}

/// What stands on `square`: "e4, white knight" / "Eva vier, Springer weiß" / "d5, empty".
pub fn say_square_content(pos: &Position, square: Square, form: SpokenForm) -> String {
    let what = match pos.piece_on(square) {
        Some((c, p)) => say_piece(c, p, form),
        None => say_empty(form).to_string(),
    };
    format!("{}, {what}", say_square(square, form))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::notation::uci;

    fn said(fen: &str, mv: &str, form: SpokenForm) -> String {
        let pos = Position::from_fen(fen).expect("test FEN");
        let mv = uci::parse(&pos, mv).expect("legal test move");
        say_move(&pos, mv, form)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const EN: SpokenForm = SpokenForm::Language(Language::English);

    #[test]
    fn app_f2_form_is_the_cores_spoken_notation() {
        assert_eq!(said(START, "g1f3", SpokenForm::AppF), "Springer Felix drei");
        assert_eq!(
            said(
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                "e1g1",
                SpokenForm::AppF
            ),
            "Kurze Rochade"
        );
    }

    #[test]
    fn words_follow_the_scoresheet_in_each_language() {
        assert_eq!(said(START, "g1f3", EN), "knight f3");
        assert_eq!(said(START, "e2e4", EN), "pawn e4");
        let it = SpokenForm::Language(Language::Italian);
        assert_eq!(said(START, "g1f3", it), "cavallo f3");
        assert_eq!(
            said("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", EN),
            "castles queen side"
        );
        assert_eq!(
            said("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", EN),
            "pawn e takes d5"
        );
        assert_eq!(
            said("4k3/8/8/8/8/8/8/4NKN1 w - - 0 1", "g1f3", EN),
            "knight g f3"
        );
        assert_eq!(
            said("7k/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8q", EN),
            "pawn a8 promotes to queen, check"
        );
        assert_eq!(
            said("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", EN),
            "rook a8, checkmate"
        );
        let fr = SpokenForm::Language(Language::French);
        assert_eq!(
            said("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", fr),
            "tour a8, échec et mat"
        );
    }

    #[test]
    fn square_labels_name_the_piece_on_them() {
        let pos = Position::startpos();
        assert_eq!(say_square_content(&pos, Square::G1, EN), "g1, white knight");
        assert_eq!(say_square_content(&pos, Square::E4, EN), "e4, empty");
        assert_eq!(
            say_square_content(&pos, Square::D8, SpokenForm::AppF),
            "David acht, Dame schwarz"
        );
        let es = SpokenForm::Language(Language::Spanish);
        assert_eq!(
            say_square_content(&pos, Square::B8, es),
            "b8, caballo negro"
        );
    }

    #[test]
    fn forms_from_codes() {
        assert_eq!(SpokenForm::from_code("appf"), SpokenForm::AppF);
        assert_eq!(SpokenForm::from_code("fig"), EN);
        assert_eq!(SpokenForm::from_code("zz"), EN);
        assert_eq!(SpokenForm::from_code("nl").speech_lang(), "nl");
        assert_eq!(SpokenForm::AppF.speech_lang(), "de");
    }

    #[test]
    fn every_notation_language_has_its_own_words_in_the_catalogue() {
        for lang in Language::ALL {
            let code = match lang {
                Language::Figurine => Language::English.code(),
                lang => lang.code(),
            };
            assert!(
                VOCABULARIES.iter().any(|(c, _)| *c == code),
                "www/messages/{code}.json"
            );
        }
        let it = SpokenForm::Language(Language::Italian);
        assert_eq!(say_empty(it), "vuota");
        assert_eq!(say_empty(SpokenForm::Language(Language::Figurine)), "empty");
    }

    #[test]
    fn a_pieces_colour_agrees_with_it_in_each_language() {
        use arbiter_core::notation::Language as L;
        let said = |lang, color, piece| say_piece(color, piece, SpokenForm::Language(lang));
        assert_eq!(said(L::Spanish, Color::Black, Piece::Queen), "dama negra");
        assert_eq!(
            said(L::Spanish, Color::Black, Piece::Knight),
            "caballo negro"
        );
        assert_eq!(said(L::Italian, Color::White, Piece::Rook), "torre bianca");
        assert_eq!(
            said(L::Portuguese, Color::Black, Piece::Queen),
            "dama preta"
        );
        assert_eq!(said(L::French, Color::White, Piece::Rook), "tour blanche");
        assert_eq!(said(L::French, Color::Black, Piece::King), "roi noir");
        assert_eq!(
            said(L::German, Color::White, Piece::Knight),
            "weißer Springer"
        );
        assert_eq!(said(L::German, Color::Black, Piece::Queen), "schwarze Dame");
        assert_eq!(said(L::Dutch, Color::White, Piece::Knight), "wit paard");
        assert_eq!(said(L::Dutch, Color::Black, Piece::Rook), "zwarte toren");
        assert_eq!(
            said(L::English, Color::White, Piece::Bishop),
            "white bishop"
        );
    }
}
