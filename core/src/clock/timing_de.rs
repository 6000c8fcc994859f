//! Reading a [`Timing`] from JSON, in the shape it is written (`{"kind": "increment", "ms":
//! 10000}`, `{"kind": "none"}`).
//!
//! Why not serde's derive with `#[serde(tag = "kind", content = "ms")]`: for an adjacently tagged
//! enum it may meet `"ms"` before `"kind"`, so it buffers the content into an untyped tree, and in
//! the page's wasm module that reader and the tree came to 5.9 KB of code. Here the object is read
//! once into one flat record; the kind then picks the variant and checks its `ms`. As with the
//! derive, unknown fields are ignored, a missing `ms` is named, and `none` takes no `ms`.

use super::Millis;
use super::time_control::Timing;
use serde::{Deserialize, Deserializer, de::Error};

/// The value of `"kind"`.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum TimingKind {
    None,
    Increment,
    Delay,
    Bronstein,
}

#[derive(Deserialize)]
struct TimingRecord {
    kind: TimingKind,
    #[serde(default)]
    ms: Option<Millis>,
}

impl<'de> Deserialize<'de> for Timing {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let record = TimingRecord::deserialize(deserializer)?;
        let ms = || record.ms.ok_or_else(|| D::Error::missing_field("ms"));
        Ok(match record.kind {
            TimingKind::None if record.ms.is_some() => {
                return Err(D::Error::custom("timing `none` takes no `ms`"));
            }
            TimingKind::None => Timing::None,
            TimingKind::Increment => Timing::Increment(ms()?),
            TimingKind::Delay => Timing::Delay(ms()?),
            TimingKind::Bronstein => Timing::Bronstein(ms()?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Timing, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    /// 2005 Art. 6.2: every timing the clock knows reads back from the JSON it is written as.
    #[test]
    fn art6_2_timing_round_trips_through_json() {
        for timing in [
            Timing::None,
            Timing::Increment(Millis(30_000)),
            Timing::Delay(Millis(5_000)),
            Timing::Bronstein(Millis(2_000)),
        ] {
            let json = serde_json::to_string(&timing).unwrap();
            assert_eq!(read(&json), Ok(timing), "{json}");
        }
        assert_eq!(
            serde_json::to_string(&Timing::Increment(Millis(10))).unwrap(),
            r#"{"kind":"increment","ms":10}"#
        );
    }

    /// The fields may come in either order; unknown ones are ignored, as serde's derive did.
    #[test]
    fn art6_2_timing_fields_in_any_order() {
        assert_eq!(
            read(r#"{"ms": 5000, "note": 1, "kind": "delay"}"#),
            Ok(Timing::Delay(Millis(5000)))
        );
        assert_eq!(read(r#"{"kind": "none", "ms": null}"#), Ok(Timing::None));
    }

    /// A timing without the time it adds, with an unknown kind or `none` with a time is refused,
    /// and the message says what was wrong.
    #[test]
    fn art6_2_malformed_timing_is_refused_by_name() {
        assert!(
            read(r#"{"kind": "increment"}"#)
                .unwrap_err()
                .contains("`ms`")
        );
        assert!(
            read(r#"{"kind": "fischer", "ms": 1}"#)
                .unwrap_err()
                .contains("fischer")
        );
        assert!(
            read(r#"{"kind": "none", "ms": 1}"#)
                .unwrap_err()
                .contains("none")
        );
        assert!(read(r#"{"ms": 1}"#).unwrap_err().contains("`kind`"));
    }
}
