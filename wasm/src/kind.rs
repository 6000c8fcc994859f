//! The name the core gives a value when it serialises it: a word of a closed set (`Reason`'s
//! `"checkmate"`) or the `kind` an enum is tagged with (`Verdict`'s `"game_over"`). The page's
//! message ids are made from these names (messages.rs), so a new ruling or word of the core is
//! named once, by serde, and never again in a table of ours.
//!
//! In the page the name is read from the value as the page is given it (json.rs); elsewhere (the
//! tests) from the value as serde_json writes it.

use serde::Serialize;

/// The tag's field name in the core's tagged enums (`#[serde(tag = "kind")]`).
const TAG: &str = "kind";

/// The serialised name of `value`: a unit variant's name, a string's text, or the `kind` tag of
/// an internally tagged enum's variant. `None` for a value that has none (a number, a list).
/// Read from the value as serde_json writes it (the tests, the host).
#[cfg(not(target_family = "wasm"))]
pub fn name_of<T: Serialize>(value: &T) -> Option<String> {
    use serde_json::Value;
    match serde_json::to_value(value).ok()? {
        Value::String(name) => Some(name),
        Value::Object(mut fields) => match fields.remove(TAG)? {
            Value::String(name) => Some(name),
            _ => None,
        },
        _ => None,
    }
}

/// As above, in the page: read from the value as the page is given it (json.rs), whose
/// serializer the module has for every ruling already; a second one for names cost the lean
/// module 0.9 KB as served. The same serde names either way: the derive writes them.
#[cfg(target_family = "wasm")]
pub fn name_of<T: Serialize>(value: &T) -> Option<String> {
    let js = crate::json::to_js(value);
    js.as_string().or_else(|| {
        js_sys::Reflect::get(&js, &TAG.into())
            .ok()
            .and_then(|kind| kind.as_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::{ClaimKind, GameResult, Noticed, Reason, Verdict};

    #[test]
    fn names_are_the_cores_serialised_words_and_tags() {
        assert_eq!(
            name_of(&Reason::TimeButCannotMate).as_deref(),
            Some("time_but_cannot_mate")
        );
        assert_eq!(
            name_of(&ClaimKind::FiftyMoves).as_deref(),
            Some("fifty_moves")
        );
        let over = Verdict::GameOver {
            result: GameResult::Draw,
            reason: Reason::Stalemate,
        };
        assert_eq!(name_of(&over).as_deref(), Some("game_over"));
        assert_eq!(
            name_of(&Verdict::ClockStopped).as_deref(),
            Some("clock_stopped")
        );
        let notice = Verdict::Notice {
            what: Noticed::PossibleTwoHandedMove,
        };
        assert_eq!(name_of(&notice).as_deref(), Some("notice"));
        assert_eq!(name_of(&3u32), None);
    }
}
