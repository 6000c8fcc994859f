//! The name the core gives a value when it serialises it: a word of a closed set (`Reason`'s
//! `"checkmate"`) or the `kind` an enum is tagged with (`Verdict`'s `"game_over"`). The page's
//! message ids are made from these names (messages.rs), so a new ruling or word of the core is
//! named once, by serde, and never again in a table of ours.
//!
//! In the page the name is read from the value as the page is given it (json.rs); elsewhere (the
//! tests) by a serializer that keeps the name and stops there.

use serde::Serialize;

/// The tag's field name in the core's tagged enums (`#[serde(tag = "kind")]`).
const TAG: &str = "kind";

/// The serialised name of `value`: a unit variant's name, a string's text, or the `kind` tag of
/// an internally tagged enum's variant. `None` for a value that has none (a number, a list).
#[cfg(not(target_family = "wasm"))]
pub fn name_of<T: Serialize>(value: &T) -> Option<String> {
    use reader::{Name, Stop};
    match value.serialize(Name) {
        Ok(name) | Err(Stop::Named(name)) => Some(name),
        Err(Stop::Nameless) => None,
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

/// The serializer that reads a name and stops.
#[cfg(not(target_family = "wasm"))]
mod reader {
    use serde::Serialize;
    use serde::ser::{self, Impossible, SerializeStruct, Serializer};

    use super::TAG;

    /// Why the serializer stopped: the name was found in a tag, or the value has no name.
    #[derive(Debug)]
    pub(super) enum Stop {
        Named(String),
        Nameless,
    }

    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("not a named value")
        }
    }

    impl std::error::Error for Stop {}

    impl ser::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop::Nameless
        }
    }

    /// The serializer that keeps a name.
    pub(super) struct Name;

    /// An internally tagged variant: its tag is the first field serde writes.
    pub(super) struct Tag;

    impl SerializeStruct for Tag {
        type Ok = String;
        type Error = Stop;

        fn serialize_field<T: Serialize + ?Sized>(
            &mut self,
            key: &'static str,
            value: &T,
        ) -> Result<(), Stop> {
            // Always an error: the fields after the tag are never looked at.
            Err(if key == TAG {
                value.serialize(Name).map_or_else(|e| e, Stop::Named)
            } else {
                Stop::Nameless
            })
        }

        fn end(self) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
    }

    impl Serializer for Name {
        type Ok = String;
        type Error = Stop;
        type SerializeSeq = Impossible<String, Stop>;
        type SerializeTuple = Impossible<String, Stop>;
        type SerializeTupleStruct = Impossible<String, Stop>;
        type SerializeTupleVariant = Impossible<String, Stop>;
        type SerializeMap = Impossible<String, Stop>;
        type SerializeStruct = Tag;
        type SerializeStructVariant = Impossible<String, Stop>;

        fn serialize_str(self, v: &str) -> Result<String, Stop> {
            Ok(v.to_owned())
        }

        fn serialize_unit_variant(
            self,
            _: &'static str,
            _: u32,
            variant: &'static str,
        ) -> Result<String, Stop> {
            Ok(variant.to_owned())
        }

        fn serialize_struct(self, _: &'static str, _: usize) -> Result<Tag, Stop> {
            Ok(Tag)
        }

        fn serialize_bool(self, _: bool) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_i8(self, _: i8) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_i16(self, _: i16) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_i32(self, _: i32) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_i64(self, _: i64) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_u8(self, _: u8) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_u16(self, _: u16) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_u32(self, _: u32) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_u64(self, _: u64) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_f32(self, _: f32) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_f64(self, _: f64) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_char(self, _: char) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_bytes(self, _: &[u8]) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_none(self) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_unit(self) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_unit_struct(self, _: &'static str) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_newtype_struct<T: Serialize + ?Sized>(
            self,
            _: &'static str,
            _: &T,
        ) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<String, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_tuple_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleStruct, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleVariant, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Stop> {
            Err(Stop::Nameless)
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStructVariant, Stop> {
            Err(Stop::Nameless)
        }
    }
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
