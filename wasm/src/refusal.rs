//! Why a typed move is refused, as the page can say it in its own language: a JS `Error` whose
//! `message` is the core's English text (the fallback) and whose fields name the kind of refusal
//! and its parts (`{kind: "ambiguous", text: "Sd2", candidates: ["Sbd2", "Sfd2"]}`).
//!
//! The kinds are those of the core's `SanError`; its English words stay the core's, unchanged.

use arbiter_core::arbiter::Refused;
use arbiter_core::fen::{FenError, FenWord};
use arbiter_core::notation::{Language, SanError, Unreadable, san};
use arbiter_core::{Move, Position};
use wasm_bindgen::JsValue;

/// Why no move could be read from what the player typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// Nothing but blanks was typed.
    Empty,
    /// The best reading's reason, from the notation the text looked most like.
    Move(SanError),
}

impl std::fmt::Display for Unread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unread::Empty => f.write_str("no move given"),
            Unread::Move(e) => e.fmt(f),
        }
    }
}

/// The parts of a refusal the page words in its language; `reason` and the kinds (in the JS
/// error: `empty`, `unreadable`, `illegal`, `ambiguous`) are keys.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `"no move given"`.
    Empty,
    /// The text is not a move in any notation read; `position` is the 1-based character where
    /// reading stopped, `reason` the core's why (its message id: [`unreadable_id`]).
    Unreadable {
        text: String,
        position: usize,
        reason: Unreadable,
    },
    /// The text reads as a move, but no legal move fits it.
    Illegal { text: String },
    /// The text fits several legal moves, `candidates` in the notation language (App. E9).
    Ambiguous {
        text: String,
        candidates: Vec<String>,
        moves: Vec<String>,
    },
}

impl Refusal {
    /// What every typed move's refusal's message id begins with.
    pub const ID_PREFIX: &'static str = "refused_";

    /// The kind of refusal, as the JS error's `kind` names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::Empty => "empty",
            Refusal::Unreadable { .. } => "unreadable",
            Refusal::Illegal { .. } => "illegal",
            Refusal::Ambiguous { .. } => "ambiguous",
        }
    }

    /// The message id of the page's sentence for it: its kind under the prefix.
    pub fn id(&self) -> String {
        format!("{}{}", Self::ID_PREFIX, self.kind())
    }

    /// The refusal of `unread` on `pos`, candidates written in `lang`.
    pub fn of(unread: &Unread, pos: &Position, lang: Language) -> Refusal {
        match unread {
            Unread::Empty => Refusal::Empty,
            Unread::Move(SanError::Unreadable { text, at, reason }) => Refusal::Unreadable {
                // The core counts bytes; a player counts characters (the text may be "Läufer").
                position: text.get(..*at).map_or(*at, |head| head.chars().count()) + 1,
                text: text.clone(),
                reason: *reason,
            },
            Unread::Move(SanError::Illegal { text }) => Refusal::Illegal { text: text.clone() },
            Unread::Move(SanError::Ambiguous { text, candidates }) => Refusal::Ambiguous {
                text: text.clone(),
                candidates: candidates
                    .iter()
                    .map(|mv: &Move| san::format(pos, *mv, lang))
                    .collect(),
                moves: candidates.iter().map(Move::to_string).collect(),
            },
        }
    }
}

/// A JS `Error` with the English `message` and the refusal's fields beside it.
pub fn to_js_error(message: &str, refusal: &Refusal) -> JsValue {
    // Set field by field: serde's tagged-enum serializer cost 1.2 KB gzipped of the module.
    let error = js_sys::Error::new(message);
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str(key), &value);
    };
    let list = |items: &[String]| -> JsValue {
        items
            .iter()
            .map(|s| JsValue::from_str(s))
            .collect::<js_sys::Array>()
            .into()
    };
    let kind = refusal.kind();
    set("kind", kind.into());
    set("id", refusal.id().as_str().into());
    match refusal {
        Refusal::Empty => {}
        Refusal::Unreadable {
            text,
            position,
            reason,
        } => {
            set("text", text.as_str().into());
            set("position", (*position as f64).into());
            set("reason", reason.to_string().into());
            set("reasonId", unreadable_id(*reason).into());
        }
        Refusal::Illegal { text } => {
            set("text", text.as_str().into());
        }
        Refusal::Ambiguous {
            text,
            candidates,
            moves,
        } => {
            set("text", text.as_str().into());
            set("candidates", list(candidates));
            set("moves", list(moves));
        }
    }
    error.into()
}

/// What the message id of why a typed text is no move begins with; the rest is the core's
/// serialised name of the reason ([`Unreadable`]).
pub const UNREADABLE: &str = "unreadable_";

/// The message id of why a typed text is no move: `unreadable_` and the core's name of the
/// reason (`unreadable_too_many_squares`), so a new reason of the core is named by serde alone.
pub fn unreadable_id(reason: Unreadable) -> String {
    crate::messages::word_id(UNREADABLE, &reason)
}

/// The kind of an event the core's game will not take, the message id of the page's sentence
/// for it, and the side it names: the core's own (`Refused::kind`, `id`, `side`: the id is the
/// kind under one prefix), so the page, the bridge and the hall say the same refusal by the
/// same id.
pub fn refused_kind(e: &Refused) -> (&'static str, String, Option<&'static str>) {
    (e.kind(), e.id(), e.side())
}

/// A word of a refusal's sentence: a number or a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// A count, a rank.
    Number(u32),
    /// A square, a side, what was found.
    Text(String),
}

impl From<Word> for JsValue {
    fn from(w: Word) -> JsValue {
        match w {
            Word::Number(n) => JsValue::from_f64(f64::from(n)),
            Word::Text(t) => JsValue::from_str(&t),
        }
    }
}

/// Why a FEN is no legal position, as a message id of the page's tables and its words.
#[cfg(any(test, feature = "full"))]
pub fn fen_problem(fen: &str) -> (&'static str, Vec<(&'static str, Word)>) {
    match Position::from_fen(fen) {
        Err(e) => fen_problem_of(&e),
        // Our reader takes it, cozy-chess's does not: say only that it is inconsistent.
        Ok(_) => ("fen_inconsistent", vec![]),
    }
}

/// What is wrong with a FEN, `e`, as a message id of the page's catalogue and its words: the
/// core's own naming ([`FenError::message`], which the bridge's hall sends too).
pub fn fen_problem_of(e: &FenError) -> (&'static str, Vec<(&'static str, Word)>) {
    let (id, words) = e.message();
    let words = words
        .into_iter()
        .map(|(name, word)| {
            let word = match word {
                FenWord::Number(n) => Word::Number(n),
                FenWord::Text(t) => Word::Text(t),
            };
            (name, word)
        })
        .collect();
    (id, words)
}

/// A JS `Error` for an event the game refused: the core's English `message`, and `kind` and
/// `player` when the page has words for it; for a bad FEN also `problem`, the id of what is
/// wrong with it, and that sentence's words.
pub fn table_error(e: &Refused) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&error, &key.into(), &value);
    };
    let (kind, id, side) = refused_kind(e);
    set("kind", kind.into());
    set("id", id.as_str().into());
    if let Some(side) = side {
        set("player", side.into());
    }
    match e {
        Refused::BadFen { fault, .. } => {
            let (problem, words) = fen_problem_of(fault);
            set("problem", problem.into());
            for (k, v) in words {
                set(k, v.into());
            }
        }
        Refused::NoSuchPly { ply, plies } => {
            set("ply", JsValue::from_f64(*ply as f64));
            set("plies", JsValue::from_f64(*plies as f64));
        }
        _ => {}
    }
    error.into()
}

/// A JS `Error` with the message `id` `restore_needs_full`: the lean module does not restore
/// this saved game (`why` says which part of it), the full module does.
#[cfg(not(feature = "full"))]
pub fn restore_needs_full(why: &str) -> JsValue {
    let error = js_sys::Error::new(&format!("{why}: it is restored by the full module"));
    let _ = js_sys::Reflect::set(&error, &"id".into(), &"restore_needs_full".into());
    error.into()
}

/// The message ids of a PGN that cannot be imported: no game in it, its FEN tag no position, a
/// move of it that does not play.
#[cfg(any(test, feature = "full"))]
pub const IMPORT_IDS: [&str; 3] = ["import_no_game", "import_bad_fen", "import_bad_move"];

#[cfg(feature = "full")]
/// A JS `Error` for a PGN that cannot be imported: the English `message` and the message `id`.
pub fn import_error(message: &str, id: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    let _ = js_sys::Reflect::set(&error, &"id".into(), &id.into());
    error.into()
}

#[cfg(feature = "full")]
/// A PGN whose FEN tag is no position: `import_bad_fen` with the FEN's `problem` and its words.
pub fn import_fen_error(message: &str, fen: &str) -> JsValue {
    let error = import_error(message, IMPORT_IDS[1]);
    let (problem, words) = fen_problem(fen);
    let _ = js_sys::Reflect::set(&error, &"problem".into(), &problem.into());
    for (k, v) in words {
        let _ = js_sys::Reflect::set(&error, &k.into(), &v.into());
    }
    error
}

#[cfg(feature = "full")]
/// A PGN whose move `named` ("2.Ke3", as the score numbers it) does not play: `import_bad_move`
/// with `move`, and `refusal`, the move's refusal as `readMove` gives it (its `text` and why), in
/// English notation.
pub fn import_move_error(message: &str, named: &str, unread: &Unread, pos: &Position) -> JsValue {
    let error = import_error(message, IMPORT_IDS[2]);
    let refusal = to_js_error(
        &unread.to_string(),
        &Refusal::of(unread, pos, Language::English),
    );
    let _ = js_sys::Reflect::set(&error, &"move".into(), &named.into());
    let _ = js_sys::Reflect::set(&error, &"refusal".into(), &refusal);
    error
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(fen: &str, text: &str, lang: Language) -> Refusal {
        let pos = Position::from_fen(fen).unwrap();
        let err = san::parse(&pos, text, lang).unwrap_err();
        Refusal::of(&Unread::Move(err), &pos, lang)
    }

    #[test]
    fn art1_refusals_of_the_game_name_their_kind_and_side() {
        assert_eq!(
            refused_kind(&Refused::NotOnMove("black")),
            ("not_on_move", "table_not_on_move".into(), Some("black"))
        );
        assert_eq!(
            refused_kind(&Refused::GameOver),
            ("game_over", "table_game_over".into(), None)
        );
        assert_eq!(
            refused_kind(&Refused::BadFen {
                fault: FenError::FieldCount { found: 1 },
                fen: "x".into(),
            }),
            ("bad_fen", "table_bad_fen".into(), None)
        );
        assert_eq!(
            refused_kind(&Refused::Envelope(
                arbiter_core::laws::adjourn::EnvelopeError::WrongPassphrase
            )),
            (
                "envelope_wrong_passphrase",
                "table_envelope_wrong_passphrase".into(),
                None
            )
        );
    }

    #[test]
    fn art2_a_bad_fen_names_what_is_wrong_with_it() {
        assert_eq!(fen_problem("nonsense").0, "fen_field_count");
        assert_eq!(
            fen_problem("8/8/8/8/8/8/8/Kk6 w - - 0 1").0,
            "fen_adjacent_kings"
        );
        let (id, words) = fen_problem("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(id, "fen_rank_length");
        assert_eq!(words.len(), 2);
        assert_eq!(
            fen_problem("4k3/8/8/8/8/8/8/8 w - - 0 1").0,
            "fen_king_count"
        );
        assert_eq!(
            fen_problem("P3k3/8/8/8/8/8/8/4K3 w - - 0 1").0,
            "fen_pawn_back_rank"
        );
    }

    #[test]
    fn app_e_every_unreadable_reason_of_the_core_has_an_id() {
        assert_eq!(
            unreadable_id(Unreadable::TooManySquares),
            "unreadable_too_many_squares"
        );
    }

    /// The ids the page was given for the core's English phrases before the reason was a closed
    /// set (the table this crate kept): each reason keeps its id and its English words.
    #[test]
    fn app_e_each_reason_keeps_the_id_and_the_words_it_had() {
        let before = [
            ("no move", "unreadable_no_move"),
            ("too many squares", "unreadable_too_many_squares"),
            ("expected a promotion piece", "unreadable_promotion_piece"),
            (
                "expected ')' after the promotion piece",
                "unreadable_promotion_bracket",
            ),
            (
                "expected a file a-h, a rank 1-8 or 'x'",
                "unreadable_file_rank_or_x",
            ),
            ("unexpected text after the move", "unreadable_text_after"),
            ("expected the square of arrival", "unreadable_arrival"),
            (
                "expected the square of arrival, e.g. 'Felix drei'",
                "unreadable_arrival_spoken",
            ),
            (
                "only a pawn can be promoted",
                "unreadable_only_pawn_promotes",
            ),
            (
                "not a word of the spoken notation",
                "unreadable_not_spoken_word",
            ),
            (
                "a piece name out of place",
                "unreadable_piece_name_out_of_place",
            ),
            (
                "castling is said 'Kurze Rochade' or 'Lange Rochade'",
                "unreadable_castling_spoken",
            ),
        ];
        let now: Vec<(String, String)> = crate::ids::every_unreadable()
            .into_iter()
            .map(|r| (r.to_string(), unreadable_id(r)))
            .collect();
        let before: Vec<(String, String)> = before
            .iter()
            .map(|(phrase, id)| (phrase.to_string(), id.to_string()))
            .collect();
        assert_eq!(now, before);
    }

    #[test]
    fn app_e9_an_ambiguous_move_lists_its_candidates_in_the_notation_language() {
        let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(
            refusal(fen, "Sd2", Language::German),
            Refusal::Ambiguous {
                text: "Sd2".into(),
                candidates: vec!["Sbd2".into(), "Sfd2".into()],
                moves: vec!["b1d2".into(), "f1d2".into()],
            }
        );
    }

    #[test]
    fn app_e_an_illegal_or_unreadable_move_names_its_text_and_where_reading_stopped() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            refusal(start, "Sf6", Language::German),
            Refusal::Illegal { text: "Sf6".into() }
        );
        match refusal(start, "Sz3", Language::German) {
            Refusal::Unreadable { text, position, .. } => {
                assert_eq!((text.as_str(), position), ("Sz3", 2));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            Unread::Empty.to_string(),
            "no move given",
            "the English fallback"
        );
    }
}
