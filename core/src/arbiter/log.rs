//! The event log: the game itself, as versioned JSON Lines. This is the one log format: the
//! page's saved games, `arbiter replay` / `arbiter export`, and the board bridge (on disk and at
//! its `/events.jsonl`) all write and read it.
//!
//! # Schema `arbiter-log`, version 2
//!
//! The first line is the **header**: `schema` (always `"arbiter-log"`), `version` (this
//! core writes [`VERSION`] and reads every version from [`OLDEST_VERSION`] on) and `config`
//! (the [`GameConfig`] the events apply to). Each further line is one accepted **event**, in
//! the order the game took them:
//!
//! | field | | meaning |
//! |---|---|---|
//! | `seq` | optional | a number the writer gives the line; when present on several lines they strictly increase (the board bridge writes its stream's sequence number here, so pages and the log name an event alike; gaps are allowed) |
//! | `at` | required | the instant, ms on the writer's monotonic clock; never decreases |
//! | `event` | required | the [`Event`], `{"type": ...}` |
//! | `source` | optional | who sent it (the bridge writes `board`, `blind_board`, `clock` or a page's role) |
//!
//! ```text
//! {"schema":"arbiter-log","version":2,"config":{"edition":"2005","time_control":[...]}}
//! {"at":0,"event":{"type":"start"}}
//! {"seq":7,"at":5000,"event":{"type":"move","move":"e2e4"},"source":"board"}
//! {"seq":8,"at":5200,"event":{"type":"press_clock","player":"white"},"source":"board"}
//! ```
//!
//! Blank lines are skipped; other fields are ignored, so a new optional field keeps the
//! version. Every line ends in a newline: a last line without one was cut off mid-write (see
//! [`split_cut_tail`]).
//!
//! ## Versions
//!
//! A change that an older reader would misread, or that would make the same events rule
//! otherwise, bumps [`VERSION`]; a game replayed from an older log keeps the rulings it was
//! recorded under, and goes on writing that version.
//!
//! | version | what changed |
//! |---|---|
//! | 1 | the first |
//! | 2 | with an arbiter present (`config.arbiter_present`), a threefold-repetition or fifty-move claim waits for his decision with the clocks stopped (2005 Art. 9.5 / 2023 Art. 9.5.1); in a version-1 log it is ruled at once from the record, as without an arbiter |

use super::config::GameConfig;
use super::event::{Event, Stamped};
use crate::clock::Timestamp;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The schema name in the header line.
pub const SCHEMA: &str = "arbiter-log";
/// The schema version this core writes.
pub const VERSION: u32 = 2;
/// The oldest schema version this core reads (and replays as it was recorded).
pub const OLDEST_VERSION: u32 = 1;

/// The first version in which a draw claim waits for the arbiter present.
const CLAIMS_WAIT_FOR_ARBITER: u32 = 2;

/// An append-only log of accepted events, with the setup they apply to and the schema version
/// they were recorded under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLog {
    config: GameConfig,
    version: u32,
    events: Vec<Stamped<Event>>,
}

/// One event line with the optional fields a writer may add (see the module's schema).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// The writer's number for the line; strictly increasing where present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// When the event happened.
    pub at: Timestamp,
    /// The event.
    pub event: Event,
    /// Who sent it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

impl LogLine {
    /// The event with its instant.
    pub fn stamped(&self) -> Stamped<Event> {
        Stamped {
            at: self.at,
            event: self.event.clone(),
        }
    }

    /// The line as JSON, ending in a newline.
    pub fn to_jsonl(&self) -> String {
        // Serialising our own types to JSON cannot fail: no maps with non-string keys.
        let mut out = serde_json::to_string(self).unwrap_or_default();
        out.push('\n');
        out
    }
}

/// A log read with every line's optional fields: the setup and the lines in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRecord {
    /// The setup from the header.
    pub config: GameConfig,
    /// The header's schema version, one this core reads (see the module's table).
    pub version: u32,
    /// The event lines.
    pub lines: Vec<LogLine>,
}

impl LogRecord {
    /// The events alone, as the game replays them.
    pub fn to_event_log(&self) -> EventLog {
        EventLog {
            config: self.config.clone(),
            version: self.version,
            events: self.lines.iter().map(LogLine::stamped).collect(),
        }
    }
}

/// The header's identity alone; other fields are skipped.
#[derive(Deserialize)]
struct HeaderProbe {
    schema: Option<String>,
    version: Option<u64>,
}

#[derive(Serialize, Deserialize)]
struct Header {
    schema: String,
    version: u32,
    config: GameConfig,
}

/// The header line for `config` in this core's [`VERSION`], ending in a newline.
pub fn header_jsonl(config: &GameConfig) -> String {
    header_of_version(config, VERSION)
}

fn header_of_version(config: &GameConfig, version: u32) -> String {
    let header = Header {
        schema: SCHEMA.to_string(),
        version,
        config: config.clone(),
    };
    let mut out = serde_json::to_string(&header).unwrap_or_default();
    out.push('\n');
    out
}

/// Splits a log's text into what ends in a newline and a cut last line (text after the last
/// newline, as a writer stopped mid-line by a power cut or a kill leaves it). Whitespace alone
/// after the last newline is no cut line.
pub fn split_cut_tail(text: &str) -> (&str, Option<&str>) {
    let end = text.rfind('\n').map_or(0, |i| i + 1);
    let (whole, rest) = text.split_at(end);
    if rest.trim().is_empty() {
        (text, None)
    } else {
        (whole, Some(rest))
    }
}

/// The `seq` a cut line had begun to name, if its text reaches past the number: a writer that
/// puts `seq` first (as [`LogLine`] does) lets a reader carry on numbering after it.
pub fn seq_of_cut_line(cut: &str) -> Option<u64> {
    let rest = cut.trim_start().strip_prefix("{\"seq\":")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    // Only a number followed by more of the line is whole.
    if digits.is_empty() || rest.len() == digits.len() {
        return None;
    }
    digits.parse().ok()
}

/// Why a log could not be read; `line` is 1-based.
#[derive(Debug, Error)]
#[error("line {line}: {kind}")]
pub struct LogError {
    /// The 1-based line at fault.
    pub line: usize,
    /// What was wrong with it.
    pub kind: LogErrorKind,
}

/// What was wrong with a log line.
#[derive(Debug, Error)]
pub enum LogErrorKind {
    /// The log has no header line.
    #[error("the log is empty; expected a header line")]
    Empty,
    /// The header is not a header of this schema.
    #[error("not an arbiter log header (schema {found:?})")]
    NotALog {
        /// The schema found.
        found: String,
    },
    /// A version this core cannot read.
    #[error(
        "unsupported log version {found} (this core reads versions {OLDEST_VERSION} to {VERSION})"
    )]
    Version {
        /// The version found.
        found: u32,
    },
    /// A line's `seq` does not come after the one before.
    #[error("seq {found} does not come after seq {after} of an earlier line")]
    SeqOrder {
        /// The number on this line.
        found: u64,
        /// The number of the last line before it that had one.
        after: u64,
    },
    /// The line is not valid JSON of the expected shape.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
}

impl EventLog {
    /// An empty log for a setup, in this core's [`VERSION`].
    pub fn new(config: GameConfig) -> EventLog {
        EventLog {
            config,
            version: VERSION,
            events: Vec::new(),
        }
    }

    /// An empty log for a setup, continuing a log of `version` (clamped to the versions this
    /// core reads).
    pub(super) fn of_version(config: GameConfig, version: u32) -> EventLog {
        EventLog {
            config,
            version: version.clamp(OLDEST_VERSION, VERSION),
            events: Vec::new(),
        }
    }

    /// An empty log of the same setup and version, for a game that starts afresh.
    pub(super) fn emptied(&self) -> EventLog {
        EventLog {
            config: self.config.clone(),
            version: self.version,
            events: Vec::new(),
        }
    }

    /// The setup.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The schema version the events were recorded under.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Whether, under this log's version, a draw claim with an arbiter present waits for his
    /// decision (from version 2) rather than being ruled at once from the record.
    pub(super) fn claims_wait_for_arbiter(&self) -> bool {
        self.version >= CLAIMS_WAIT_FOR_ARBITER
    }

    /// The events in order.
    pub fn events(&self) -> &[Stamped<Event>] {
        &self.events
    }

    pub(super) fn push(&mut self, event: Stamped<Event>) {
        self.events.push(event);
    }

    /// The log as JSON Lines (header first, one event per line, each ending in a newline).
    pub fn to_jsonl(&self) -> String {
        let mut out = header_of_version(&self.config, self.version);
        for event in &self.events {
            // Serialising our own types to JSON cannot fail: no maps with non-string keys.
            out.push_str(&serde_json::to_string(event).unwrap_or_default());
            out.push('\n');
        }
        out
    }

    /// Reads a log from JSON Lines. Blank lines are skipped. The events are not checked
    /// against the Laws here; [`super::Game::replay`] does that.
    ///
    /// # Errors
    /// [`LogError`] names the first line at fault.
    pub fn from_jsonl(text: &str) -> Result<EventLog, LogError> {
        LogRecord::from_jsonl(text).map(|r| r.to_event_log())
    }
}

impl LogRecord {
    /// Reads a log from JSON Lines, keeping each line's `seq` and `source`. Blank lines are
    /// skipped.
    ///
    /// # Errors
    /// [`LogError`] names the first line at fault: no header, another schema or version, a
    /// line that is not an event, a `seq` that does not increase.
    pub fn from_jsonl(text: &str) -> Result<LogRecord, LogError> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let Some((i, first)) = lines.next() else {
            return Err(LogError {
                line: 1,
                kind: LogErrorKind::Empty,
            });
        };
        let line = i + 1;
        let json_error = |e: serde_json::Error| LogError {
            line,
            kind: e.into(),
        };
        // Schema and version first, so that another file or a newer log is named as such
        // rather than reported as a setup that does not parse.
        let probe: HeaderProbe = serde_json::from_str(first).map_err(json_error)?;
        let schema = probe.schema.unwrap_or_default();
        if schema != SCHEMA {
            return Err(LogError {
                line,
                kind: LogErrorKind::NotALog {
                    found: schema.chars().take(40).collect(),
                },
            });
        }
        let found = u32::try_from(probe.version.unwrap_or(0)).unwrap_or(u32::MAX);
        if !(OLDEST_VERSION..=VERSION).contains(&found) {
            return Err(LogError {
                line,
                kind: LogErrorKind::Version { found },
            });
        }
        let header: Header = serde_json::from_str(first).map_err(json_error)?;
        let mut record = LogRecord {
            config: header.config,
            version: header.version,
            lines: Vec::new(),
        };
        let mut last_seq = None;
        for (i, text) in lines {
            let line: LogLine = serde_json::from_str(text).map_err(|e| LogError {
                line: i + 1,
                kind: e.into(),
            })?;
            if let Some(found) = line.seq {
                if let Some(after) = last_seq.filter(|&after| found <= after) {
                    return Err(LogError {
                        line: i + 1,
                        kind: LogErrorKind::SeqOrder { found, after },
                    });
                }
                last_seq = Some(found);
            }
            record.lines.push(line);
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{Millis, TimeControl, Timing};
    use crate::laws::Edition;

    fn config() -> GameConfig {
        GameConfig::new(
            Edition::Fide2005,
            TimeControl::sudden_death(Millis::minutes(5), Timing::None),
        )
    }

    fn line(seq: Option<u64>, at: u64, event: Event, source: Option<&str>) -> LogLine {
        LogLine {
            seq,
            at: Timestamp(at),
            event,
            source: source.map(str::to_owned),
        }
    }

    #[test]
    fn seq_and_source_are_optional_and_read_back_and_the_plain_reader_takes_them() {
        let mut text = header_jsonl(&config());
        text.push_str(&line(Some(3), 0, Event::Start, Some("board")).to_jsonl());
        text.push_str(&line(None, 10, Event::Start, None).to_jsonl());
        text.push_str(&line(Some(9), 20, Event::Start, Some("white")).to_jsonl());
        assert!(text.contains(r#"{"seq":3,"at":0,"event":{"type":"start"},"source":"board"}"#));
        let record = LogRecord::from_jsonl(&text).expect("reads");
        assert_eq!(record.lines.len(), 3);
        assert_eq!(record.lines[0].source.as_deref(), Some("board"));
        assert_eq!(record.lines[1].seq, None);
        let plain = EventLog::from_jsonl(&text).expect("the plain reader takes the extra fields");
        assert_eq!(plain.events().len(), 3);
        assert_eq!(plain, record.to_event_log());
    }

    #[test]
    fn a_seq_that_does_not_increase_names_its_line() {
        let mut text = header_jsonl(&config());
        text.push_str(&line(Some(5), 0, Event::Start, None).to_jsonl());
        text.push_str(&line(Some(5), 1, Event::Start, None).to_jsonl());
        let err = LogRecord::from_jsonl(&text).unwrap_err();
        assert_eq!(err.line, 3);
        assert!(
            err.to_string().contains("seq 5 does not come after seq 5"),
            "{err}"
        );
    }

    #[test]
    fn a_cut_last_line_is_split_off_with_the_seq_it_had_begun() {
        let whole = format!(
            "{}{{\"seq\":4,\"at\":1,\"event\":{{\"type\":\"start\"}}}}\n",
            header_jsonl(&config())
        );
        assert_eq!(split_cut_tail(&whole), (whole.as_str(), None));
        let cut = format!("{whole}{{\"seq\":17,\"at\":5");
        let (kept, rest) = split_cut_tail(&cut);
        assert_eq!(kept, whole);
        assert_eq!(rest, Some("{\"seq\":17,\"at\":5"));
        assert_eq!(seq_of_cut_line("{\"seq\":17,\"at\":5"), Some(17));
        // "17" could be the start of 170: not a whole number yet.
        assert_eq!(seq_of_cut_line("{\"seq\":17"), None);
        assert_eq!(seq_of_cut_line("{\"at\":5"), None);
    }
}
