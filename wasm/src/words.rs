//! Moves, squares and pieces as words to be heard: in the spoken form of 2005 App. F2 (German
//! piece names, Anna ... Hector, eins ... acht: the core's `notation::spoken`) or in the words of
//! one of the App. E languages ("Knight f3, check"; "Cavallo f3, scacco"). A screen reader or
//! the browser's speech reads these; a symbol such as `Nf3` or `0-0` reads badly aloud.

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

/// The words one language uses to say moves.
struct Vocabulary {
    pieces: [&'static str; 6],
    /// Each piece with its colour, White's then Black's, as the language says them: the
    /// adjective agrees with the piece (una torre blanca, une tour noire, ein weißer Turm, een
    /// wit paard), so it is written whole rather than put together.
    colored: [[&'static str; 2]; 6],
    empty: &'static str,
    takes: &'static str,
    check: &'static str,
    mate: &'static str,
    short_castle: &'static str,
    long_castle: &'static str,
    promotes: &'static str,
    en_passant: &'static str,
}

// Pieces in the order pawn, knight, bishop, rook, queen, king (cozy-chess's `Piece as usize`).
const ENGLISH: Vocabulary = Vocabulary {
    pieces: ["pawn", "knight", "bishop", "rook", "queen", "king"],
    colored: [
        ["white pawn", "black pawn"],
        ["white knight", "black knight"],
        ["white bishop", "black bishop"],
        ["white rook", "black rook"],
        ["white queen", "black queen"],
        ["white king", "black king"],
    ],
    empty: "empty",
    takes: "takes",
    check: "check",
    mate: "checkmate",
    short_castle: "castles king side",
    long_castle: "castles queen side",
    promotes: "promotes to",
    en_passant: "en passant",
};
const ITALIAN: Vocabulary = Vocabulary {
    pieces: ["pedone", "cavallo", "alfiere", "torre", "donna", "re"],
    colored: [
        ["pedone bianco", "pedone nero"],
        ["cavallo bianco", "cavallo nero"],
        ["alfiere bianco", "alfiere nero"],
        ["torre bianca", "torre nera"],
        ["donna bianca", "donna nera"],
        ["re bianco", "re nero"],
    ],
    empty: "vuota",
    takes: "prende",
    check: "scacco",
    mate: "scacco matto",
    short_castle: "arrocco corto",
    long_castle: "arrocco lungo",
    promotes: "promuove a",
    en_passant: "en passant",
};
const PORTUGUESE: Vocabulary = Vocabulary {
    pieces: ["peão", "cavalo", "bispo", "torre", "dama", "rei"],
    colored: [
        ["peão branco", "peão preto"],
        ["cavalo branco", "cavalo preto"],
        ["bispo branco", "bispo preto"],
        ["torre branca", "torre preta"],
        ["dama branca", "dama preta"],
        ["rei branco", "rei preto"],
    ],
    empty: "vazia",
    takes: "captura",
    check: "xeque",
    mate: "xeque-mate",
    short_castle: "roque pequeno",
    long_castle: "roque grande",
    promotes: "promove a",
    en_passant: "en passant",
};
const SPANISH: Vocabulary = Vocabulary {
    pieces: ["peón", "caballo", "alfil", "torre", "dama", "rey"],
    colored: [
        ["peón blanco", "peón negro"],
        ["caballo blanco", "caballo negro"],
        ["alfil blanco", "alfil negro"],
        ["torre blanca", "torre negra"],
        ["dama blanca", "dama negra"],
        ["rey blanco", "rey negro"],
    ],
    empty: "vacía",
    takes: "captura",
    check: "jaque",
    mate: "jaque mate",
    short_castle: "enroque corto",
    long_castle: "enroque largo",
    promotes: "corona",
    en_passant: "al paso",
};
const FRENCH: Vocabulary = Vocabulary {
    pieces: ["pion", "cavalier", "fou", "tour", "dame", "roi"],
    colored: [
        ["pion blanc", "pion noir"],
        ["cavalier blanc", "cavalier noir"],
        ["fou blanc", "fou noir"],
        ["tour blanche", "tour noire"],
        ["dame blanche", "dame noire"],
        ["roi blanc", "roi noir"],
    ],
    empty: "vide",
    takes: "prend",
    check: "échec",
    mate: "échec et mat",
    short_castle: "petit roque",
    long_castle: "grand roque",
    promotes: "promu en",
    en_passant: "en passant",
};
const GERMAN: Vocabulary = Vocabulary {
    pieces: ["Bauer", "Springer", "Läufer", "Turm", "Dame", "König"],
    colored: [
        ["weißer Bauer", "schwarzer Bauer"],
        ["weißer Springer", "schwarzer Springer"],
        ["weißer Läufer", "schwarzer Läufer"],
        ["weißer Turm", "schwarzer Turm"],
        ["weiße Dame", "schwarze Dame"],
        ["weißer König", "schwarzer König"],
    ],
    empty: "leer",
    takes: "schlägt",
    check: "Schach",
    mate: "matt",
    short_castle: "kurze Rochade",
    long_castle: "lange Rochade",
    promotes: "wird",
    en_passant: "en passant",
};
const DUTCH: Vocabulary = Vocabulary {
    pieces: ["pion", "paard", "loper", "toren", "dame", "koning"],
    colored: [
        ["witte pion", "zwarte pion"],
        ["wit paard", "zwart paard"],
        ["witte loper", "zwarte loper"],
        ["witte toren", "zwarte toren"],
        ["witte dame", "zwarte dame"],
        ["witte koning", "zwarte koning"],
    ],
    empty: "leeg",
    takes: "slaat",
    check: "schaak",
    mate: "mat",
    short_castle: "korte rokade",
    long_castle: "lange rokade",
    promotes: "promoveert tot",
    en_passant: "en passant",
};

fn vocabulary(lang: Language) -> &'static Vocabulary {
    match lang {
        Language::English | Language::Figurine => &ENGLISH,
        Language::Italian => &ITALIAN,
        Language::Portuguese => &PORTUGUESE,
        Language::Spanish => &SPANISH,
        Language::French => &FRENCH,
        Language::German => &GERMAN,
        Language::Dutch => &DUTCH,
    }
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
        text.push_str(v.mate);
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
