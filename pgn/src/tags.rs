//! Tag pairs: the seven-tag roster, game results, `SetUp`/`FEN`, and the `TimeControl` tag.
//!
//! ```
//! use arbiter_pgn::tags::{GameResult, Tags, TimeControlTag};
//!
//! let mut tags = Tags::new();
//! tags.set("TimeControl", "40/7200:3600");
//! tags.set("White", "Anna");
//! let tc: TimeControlTag = tags.get("TimeControl").unwrap().parse().unwrap();
//! assert_eq!(tc.to_string(), "40/7200:3600");
//! // Export order: the roster first (with "?" for what is unknown), then the rest as given.
//! let names: Vec<&str> = tags.export_order().map(|(name, _)| name).collect();
//! assert_eq!(names, ["Event", "Site", "Date", "Round", "White", "Black", "Result", "TimeControl"]);
//! assert_eq!("1/2-1/2".parse::<GameResult>().unwrap(), GameResult::Draw);
//! ```

use std::fmt;
use std::str::FromStr;

/// The seven tags every exported game carries, in the order PGN (§8.1.1) writes them.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A game termination marker, also the value of the `Result` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unfinished, unknown, or abandoned.
    Unfinished,
}

/// Text that is not one of `1-0`, `0-1`, `1/2-1/2`, `*`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a game result (1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError(pub String);

impl GameResult {
    /// The marker as PGN writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// Parses a marker from bytes.
    ///
    /// # Errors
    /// [`ParseResultError`] when the bytes are not one of the four markers.
    pub fn from_ascii(text: &[u8]) -> Result<Self, ParseResultError> {
        match text {
            b"1-0" => Ok(GameResult::WhiteWins),
            b"0-1" => Ok(GameResult::BlackWins),
            b"1/2-1/2" => Ok(GameResult::Draw),
            b"*" => Ok(GameResult::Unfinished),
            _ => Err(ParseResultError(String::from_utf8_lossy(text).into_owned())),
        }
    }
}

impl FromStr for GameResult {
    type Err = ParseResultError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameResult::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game's tag pairs, in the order they were read or set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    pairs: Vec<(String, String)>,
}

impl Tags {
    /// No tags.
    pub fn new() -> Self {
        Tags::default()
    }

    /// The value of a tag, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an earlier value of the same name in place.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let (name, value) = (name.into(), value.into());
        match self.pairs.iter_mut().find(|(n, _)| *n == name) {
            Some(pair) => pair.1 = value,
            None => self.pairs.push((name, value)),
        }
    }

    /// All pairs in reading order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// Number of pairs.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The pairs as an export writes them: the seven-tag roster first, each present even when
    /// unknown (`?`, a date `????.??.??`, a result `*`), then every other tag in reading order.
    pub fn export_order(&self) -> impl Iterator<Item = (&str, &str)> {
        let roster = SEVEN_TAG_ROSTER.iter().map(|&name| {
            let unknown = match name {
                "Date" => "????.??.??",
                "Result" => "*",
                _ => "?",
            };
            (name, self.get(name).unwrap_or(unknown))
        });
        let rest = self
            .iter()
            .filter(|(name, _)| !SEVEN_TAG_ROSTER.contains(name));
        roster.chain(rest)
    }

    /// The result tag, if present and well formed.
    pub fn result(&self) -> Option<GameResult> {
        self.get("Result").and_then(|v| v.parse().ok())
    }

    /// The starting position's FEN when the game does not start from the initial position: the
    /// `FEN` tag, honoured when `SetUp` is `1` or absent (many files omit it).
    pub fn setup_fen(&self) -> Option<&str> {
        match self.get("SetUp") {
            Some("0") => None,
            _ => self.get("FEN"),
        }
    }
}

/// One period of a `TimeControl` tag (PGN standard §9.6.1, with the common `+increment` extension
/// on move-count periods). Times are in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControlPeriod {
    /// `moves/seconds` (or `moves/seconds+increment`): so many moves in so much time.
    Moves {
        /// Moves to make in the period.
        moves: u32,
        /// Time for the period.
        base_ms: u64,
        /// Time added after each move.
        increment_ms: u64,
    },
    /// `seconds` or `seconds+increment`: all remaining moves.
    SuddenDeath {
        /// Time for the period.
        base_ms: u64,
        /// Time added after each move.
        increment_ms: u64,
    },
    /// `*seconds`: a sandglass, whose time flows to the other side.
    Sandclock {
        /// Total time in the glass.
        total_ms: u64,
    },
}

/// The value of a `TimeControl` tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlTag {
    /// `?`
    Unknown,
    /// `-`: no time control.
    Unlimited,
    /// Periods separated by `:`, used in order; the last one repeats.
    Periods(Vec<TimeControlPeriod>),
}

/// A `TimeControl` value that could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("TimeControl field {field} ({text:?}): {reason}")]
pub struct ParseTimeControlError {
    /// 1-based index of the `:`-separated field.
    pub field: usize,
    /// The field's text.
    pub text: String,
    /// What was wrong with it.
    pub reason: &'static str,
}

impl FromStr for TimeControlTag {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "?" => return Ok(TimeControlTag::Unknown),
            "-" => return Ok(TimeControlTag::Unlimited),
            _ => {}
        }
        let periods = s
            .trim()
            .split(':')
            .enumerate()
            .map(|(i, text)| {
                parse_period(text).map_err(|reason| ParseTimeControlError {
                    field: i + 1,
                    text: text.to_owned(),
                    reason,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TimeControlTag::Periods(periods))
    }
}

fn parse_period(text: &str) -> Result<TimeControlPeriod, &'static str> {
    if let Some(total) = text.strip_prefix('*') {
        return Ok(TimeControlPeriod::Sandclock {
            total_ms: parse_seconds(total)?,
        });
    }
    let (moves, time) = match text.split_once('/') {
        Some((moves, time)) => {
            let moves: u32 = moves.parse().map_err(|_| "move count is not a number")?;
            if moves == 0 {
                return Err("move count is zero");
            }
            (Some(moves), time)
        }
        None => (None, text),
    };
    let (base, increment) = match time.split_once('+') {
        Some((base, increment)) => (parse_seconds(base)?, parse_seconds(increment)?),
        None => (parse_seconds(time)?, 0),
    };
    Ok(match moves {
        Some(moves) => TimeControlPeriod::Moves {
            moves,
            base_ms: base,
            increment_ms: increment,
        },
        None => TimeControlPeriod::SuddenDeath {
            base_ms: base,
            increment_ms: increment,
        },
    })
}

/// Seconds with an optional decimal fraction (`2`, `0.5`), to milliseconds.
fn parse_seconds(text: &str) -> Result<u64, &'static str> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let is_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !is_digits(whole) || !is_digits(fraction) || fraction.len() > 3 {
        return Err("time is not a number of seconds");
    }
    let seconds: u64 = whole.parse().map_err(|_| "time is too large")?;
    let millis = format!("{fraction:0<3}").parse::<u64>().unwrap_or(0);
    seconds
        .checked_mul(1000)
        .and_then(|ms| ms.checked_add(millis))
        .ok_or("time is too large")
}

fn write_seconds(f: &mut fmt::Formatter<'_>, ms: u64) -> fmt::Result {
    write!(f, "{}", ms / 1000)?;
    match ms % 1000 {
        0 => Ok(()),
        frac => write!(f, ".{}", format!("{frac:03}").trim_end_matches('0')),
    }
}

impl fmt::Display for TimeControlPeriod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (base, increment) = match *self {
            TimeControlPeriod::Sandclock { total_ms } => {
                f.write_str("*")?;
                return write_seconds(f, total_ms);
            }
            TimeControlPeriod::Moves {
                moves,
                base_ms,
                increment_ms,
            } => {
                write!(f, "{moves}/")?;
                (base_ms, increment_ms)
            }
            TimeControlPeriod::SuddenDeath {
                base_ms,
                increment_ms,
            } => (base_ms, increment_ms),
        };
        write_seconds(f, base)?;
        if increment > 0 {
            f.write_str("+")?;
            write_seconds(f, increment)?;
        }
        Ok(())
    }
}

impl fmt::Display for TimeControlTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlTag::Unknown => f.write_str("?"),
            TimeControlTag::Unlimited => f.write_str("-"),
            TimeControlTag::Periods(periods) => {
                for (i, period) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    write!(f, "{period}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_control_kinds_of_the_pgn_standard() {
        use TimeControlPeriod::*;
        let cases: &[(&str, TimeControlTag)] = &[
            ("?", TimeControlTag::Unknown),
            ("-", TimeControlTag::Unlimited),
            (
                "40/7200:3600",
                TimeControlTag::Periods(vec![
                    Moves {
                        moves: 40,
                        base_ms: 7_200_000,
                        increment_ms: 0,
                    },
                    SuddenDeath {
                        base_ms: 3_600_000,
                        increment_ms: 0,
                    },
                ]),
            ),
            (
                "300+2",
                TimeControlTag::Periods(vec![SuddenDeath {
                    base_ms: 300_000,
                    increment_ms: 2_000,
                }]),
            ),
            (
                "*180",
                TimeControlTag::Periods(vec![Sandclock { total_ms: 180_000 }]),
            ),
            (
                "40/5400+30:1800+30",
                TimeControlTag::Periods(vec![
                    Moves {
                        moves: 40,
                        base_ms: 5_400_000,
                        increment_ms: 30_000,
                    },
                    SuddenDeath {
                        base_ms: 1_800_000,
                        increment_ms: 30_000,
                    },
                ]),
            ),
            (
                "60+0.5",
                TimeControlTag::Periods(vec![SuddenDeath {
                    base_ms: 60_000,
                    increment_ms: 500,
                }]),
            ),
        ];
        for (text, expected) in cases {
            let parsed: TimeControlTag = text.parse().unwrap();
            assert_eq!(&parsed, expected, "{text}");
            assert_eq!(parsed.to_string(), *text);
        }
    }

    #[test]
    fn bad_time_control_names_the_field() {
        let err = "40/7200:abc".parse::<TimeControlTag>().unwrap_err();
        assert_eq!(err.field, 2);
        assert_eq!(err.text, "abc");
        assert!("0/60".parse::<TimeControlTag>().is_err());
        assert!("".parse::<TimeControlTag>().is_err());
        assert!("99999999999999999999".parse::<TimeControlTag>().is_err());
    }

    #[test]
    fn roster_comes_first_with_placeholders() {
        let mut tags = Tags::new();
        tags.set("ECO", "C20");
        tags.set("Black", "B");
        tags.set("Black", "Bee");
        let out: Vec<_> = tags.export_order().collect();
        assert_eq!(
            out,
            [
                ("Event", "?"),
                ("Site", "?"),
                ("Date", "????.??.??"),
                ("Round", "?"),
                ("White", "?"),
                ("Black", "Bee"),
                ("Result", "*"),
                ("ECO", "C20")
            ]
        );
    }

    #[test]
    fn setup_fen_honours_setup_zero() {
        let mut tags = Tags::new();
        tags.set("FEN", "8/8/8/8/8/8/8/K1k5 w - - 0 1");
        assert!(tags.setup_fen().is_some());
        tags.set("SetUp", "0");
        assert!(tags.setup_fen().is_none());
    }
}
