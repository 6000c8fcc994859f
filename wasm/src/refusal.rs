//! Why a typed move is refused, as the page can say it in its own language: a JS `Error` whose
//! `message` is the core's English text (the fallback) and whose fields name the kind of refusal
//! and its parts (`{kind: "ambiguous", text: "Sd2", candidates: ["Sbd2", "Sfd2"]}`).
//!
//! The kinds are those of the core's `SanError`; its English words stay the core's, unchanged.

use arbiter_core::arbiter::Refused;
use arbiter_core::notation::{Language, SanError, san};
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
    /// reading stopped, `reason` the core's English reason (a fixed phrase, used as a key).
    Unreadable {
        text: String,
        position: usize,
        reason: &'static str,
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
    /// The refusal of `unread` on `pos`, candidates written in `lang`.
    pub fn of(unread: &Unread, pos: &Position, lang: Language) -> Refusal {
        match unread {
            Unread::Empty => Refusal::Empty,
            Unread::Move(SanError::Unreadable { text, at, reason }) => Refusal::Unreadable {
                // The core counts bytes; a player counts characters (the text may be "Läufer").
                position: text.get(..*at).map_or(*at, |head| head.chars().count()) + 1,
                text: text.clone(),
                reason,
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
    match refusal {
        Refusal::Empty => set("kind", "empty".into()),
        Refusal::Unreadable {
            text,
            position,
            reason,
        } => {
            set("kind", "unreadable".into());
            set("text", text.as_str().into());
            set("position", (*position as f64).into());
            set("reason", (*reason).into());
        }
        Refusal::Illegal { text } => {
            set("kind", "illegal".into());
            set("text", text.as_str().into());
        }
        Refusal::Ambiguous {
            text,
            candidates,
            moves,
        } => {
            set("kind", "ambiguous".into());
            set("text", text.as_str().into());
            set("candidates", list(candidates));
            set("moves", list(moves));
        }
    }
    error.into()
}

/// The kind of an event the core's game will not take, and the side it names, for the page's
/// words; `None` for a refusal the page says by its English message.
pub fn refused_kind(e: &Refused) -> Option<(&'static str, Option<&'static str>)> {
    Some(match e {
        Refused::GameOver => ("game_over", None),
        Refused::NotStarted => ("not_started", None),
        Refused::NotOnMove(side) => ("not_on_move", Some(*side)),
        Refused::ClockNotRunning(side) => ("clock_not_running", Some(*side)),
        Refused::NoOffer => ("no_offer", None),
        Refused::NoPendingClaim => ("no_pending_claim", None),
        Refused::ClaimPending => ("claim_pending", None),
        Refused::Adjourned => ("adjourned", None),
        Refused::NothingToRepeat => ("nothing_to_repeat", None),
        Refused::IllegalPosition => ("illegal_position", None),
        _ => return None,
    })
}

/// A JS `Error` for an event the game refused: the core's English `message`, and `kind` and
/// `player` when the page has words for it.
pub fn table_error(e: &Refused) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    if let Some((kind, side)) = refused_kind(e) {
        let _ = js_sys::Reflect::set(&error, &"kind".into(), &kind.into());
        if let Some(side) = side {
            let _ = js_sys::Reflect::set(&error, &"player".into(), &side.into());
        }
    }
    error.into()
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
            Some(("not_on_move", Some("black")))
        );
        assert_eq!(refused_kind(&Refused::GameOver), Some(("game_over", None)));
        assert_eq!(refused_kind(&Refused::BadFen("x".into())), None);
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
