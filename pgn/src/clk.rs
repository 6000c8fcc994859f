//! Clock commands inside comments (PGN supplement of 2001): `[%clk 1:55:21]`, the time left on the
//! mover's clock after the move, and `[%emt 0:05:42]`, the time the move took. Other `[%...]`
//! commands are kept in the comment text untouched, as the supplement asks.
//!
//! ```
//! use arbiter_pgn::clk::{format_clock, split_clock_commands};
//!
//! let (clocks, rest) = split_clock_commands("good move [%clk 1:55:21] [%emt 0:00:05.5]");
//! assert_eq!(clocks.clk_ms, Some((3600 + 55 * 60 + 21) * 1000));
//! assert_eq!(clocks.emt_ms, Some(5500));
//! assert_eq!(rest, "good move");
//! assert_eq!(format_clock(6_921_000), "1:55:21");
//! ```

use std::fmt::Write as _;

/// A clock value that is not `h:mm:ss` with an optional fraction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a clock time h:mm:ss[.fff]")]
pub struct ParseClockError(pub String);

/// Parses `h:mm:ss`, `mm:ss` or `ss`, each with an optional decimal fraction of a second, into
/// milliseconds. Lenient about field widths (`0:5:3`), as clocks and tools differ.
///
/// # Errors
/// [`ParseClockError`] for anything else, including minutes or seconds of 60 and more.
pub fn parse_clock(text: &str) -> Result<u64, ParseClockError> {
    let error = || ParseClockError(text.to_owned());
    let (whole, fraction) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error());
    }
    let fields: Vec<&str> = whole.split(':').collect();
    if fields.len() > 3 {
        return Err(error());
    }
    let mut seconds: u64 = 0;
    for (i, field) in fields.iter().enumerate() {
        if field.is_empty() || field.len() > 9 || !field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let value: u64 = field.parse().map_err(|_| error())?;
        // Every field after the first counts in sixties.
        if i > 0 && value >= 60 {
            return Err(error());
        }
        seconds = seconds * 60 + value;
    }
    let millis: u64 = format!("{fraction:0<3}").parse().map_err(|_| error())?;
    Ok(seconds * 1000 + millis)
}

/// Formats milliseconds as `h:mm:ss`, adding tenths (or finer) only when the time has them, so
/// that [`parse_clock`] reads back the same value.
pub fn format_clock(ms: u64) -> String {
    let seconds = ms / 1000;
    let mut out = format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    );
    let fraction = ms % 1000;
    if fraction != 0 {
        let digits = format!("{fraction:03}");
        let _ = write!(out, ".{}", digits.trim_end_matches('0'));
    }
    out
}

/// The clock commands of one move's comments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveClocks {
    /// `[%clk]`: time left on the mover's clock after the move, in ms.
    pub clk_ms: Option<u64>,
    /// `[%emt]`: time the move took, in ms.
    pub emt_ms: Option<u64>,
}

impl MoveClocks {
    /// Whether neither command is present.
    pub fn is_empty(&self) -> bool {
        self.clk_ms.is_none() && self.emt_ms.is_none()
    }

    /// The commands as they go inside a comment, e.g. `[%clk 1:55:21] [%emt 0:00:05]`.
    pub fn to_commands(&self) -> String {
        let mut out = String::new();
        if let Some(ms) = self.clk_ms {
            let _ = write!(out, "[%clk {}]", format_clock(ms));
        }
        if let Some(ms) = self.emt_ms {
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = write!(out, "[%emt {}]", format_clock(ms));
        }
        out
    }
}

/// Takes the `[%clk]` and `[%emt]` commands out of a comment and returns them with the rest of
/// the text, whose whitespace is collapsed to single spaces. A command whose time cannot be read
/// stays in the text, so nothing is lost.
pub fn split_clock_commands(comment: &str) -> (MoveClocks, String) {
    let mut clocks = MoveClocks::default();
    let mut rest = String::with_capacity(comment.len());
    let mut text = comment;
    while let Some(start) = text.find("[%") {
        rest.push_str(&text[..start]);
        let command = &text[start..];
        let Some(end) = command.find(']') else {
            rest.push_str(command);
            text = "";
            break;
        };
        let inner = command[2..end].trim();
        let (name, operand) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
        let slot = match name {
            "clk" => Some(&mut clocks.clk_ms),
            "emt" => Some(&mut clocks.emt_ms),
            _ => None,
        };
        match (slot, parse_clock(operand.trim())) {
            (Some(slot), Ok(ms)) if slot.is_none() => *slot = Some(ms),
            _ => {
                rest.push(' ');
                rest.push_str(&command[..=end]);
                rest.push(' ');
            }
        }
        text = &command[end + 1..];
    }
    rest.push_str(text);
    (clocks, collapse_whitespace(&rest))
}

/// Trims a comment and turns each run of whitespace (newlines included) into one space, the form
/// the writer can wrap and the reader gives back unchanged.
pub fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_forms_read_leniently() {
        assert_eq!(parse_clock("1:55:21"), Ok(6_921_000));
        assert_eq!(parse_clock("0:00:05.3"), Ok(5_300));
        assert_eq!(parse_clock("12:07"), Ok(727_000));
        assert_eq!(parse_clock("45"), Ok(45_000));
        assert_eq!(parse_clock("100:00:00"), Ok(360_000_000));
        for bad in [
            "",
            "1:60:00",
            "a:00:00",
            "1:00:00:00",
            "1::0",
            "0:00:01.1234",
            "-1:00:00",
        ] {
            assert!(parse_clock(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn formatted_clocks_read_back() {
        for ms in [0, 999, 1_000, 59_999, 6_921_000, 360_000_100, 5_300] {
            assert_eq!(parse_clock(&format_clock(ms)), Ok(ms), "{ms}");
        }
        assert_eq!(format_clock(5_300), "0:00:05.3");
    }

    #[test]
    fn unknown_commands_and_bad_times_stay_in_the_text() {
        let (clocks, rest) = split_clock_commands(" [%clk 0:01:00]\n[%eval 0.3]  ok [%emt x] ");
        assert_eq!(clocks.clk_ms, Some(60_000));
        assert_eq!(clocks.emt_ms, None);
        assert_eq!(rest, "[%eval 0.3] ok [%emt x]");
        let (clocks, rest) = split_clock_commands("[%clk 0:00:01");
        assert!(clocks.is_empty());
        assert_eq!(rest, "[%clk 0:00:01");
    }

    #[test]
    fn commands_round_trip_through_text() {
        let clocks = MoveClocks {
            clk_ms: Some(6_921_000),
            emt_ms: Some(1_500),
        };
        assert_eq!(clocks.to_commands(), "[%clk 1:55:21] [%emt 0:00:01.5]");
        assert_eq!(split_clock_commands(&clocks.to_commands()).0, clocks);
    }
}
