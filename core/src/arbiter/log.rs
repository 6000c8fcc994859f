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
//! | `source` | optional | who sent it (the bridge writes `board`, `blind_board`, `clock`, `time` or a page's role) |
//! | `unix_ms` | optional | the same instant on the wall clock: ms since 1970-01-01 UTC, as the writer's system clock had it |
//!
//! ```text
//! {"schema":"arbiter-log","version":3,"config":{"edition":"2005","time_control":[...]}}
//! {"at":0,"event":{"type":"start"}}
//! {"seq":7,"at":5000,"event":{"type":"move","move":"e2e4"},"source":"board","unix_ms":1796400005000}
//! {"seq":8,"at":5200,"event":{"type":"press_clock","player":"white"},"source":"board","unix_ms":1796400005200}
//! {"seq":9,"at":6200,"event":{"type":"tick"},"source":"time","unix_ms":1796400006200}
//! ```
//!
//! Blank lines are skipped; other fields are ignored, so a new optional field keeps the
//! version. Every line ends in a newline: a last line without one was cut off mid-write (see
//! [`split_cut_tail`]). A writer never appends to a broken line: a line is written whole or
//! not at all, and one found broken (a fault of the disk) is set aside by a writer that goes
//! on with the log ([`LogRecord::salvage_jsonl`]).
//!
//! ## Time lines
//!
//! `at` is a monotonic clock, which stops when the writer does. A writer that may be stopped
//! while a clock runs (the board bridge, killed or cut from power) writes a **time line** at
//! least once a second while a clock runs: a [`Event::Tick`] (time passed, the game checks its
//! deadlines) with `source` `"time"` and `unix_ms`. Replayed, it is a tick like any other, so
//! the same log gives the same game with or without knowing of time lines. A writer that
//! starts again on its log goes on from the last line's `at` plus the wall-clock time since
//! its `unix_ms` ([`LogRecord::resume_at`]): the time it was down counts on the clock that was
//! running, as if it had not stopped, and the error is bounded by the time-line period (the
//! time between the last line and the stop is counted either way). A reading of a real clock
//! that comes later (a DGT clock's own times) is an event like any other and wins over it.
//!
//! The first line with `unix_ms` of the game's start ([`LogRecord::began_unix_ms`]) dates the
//! game: the PGN's `Date` ([`super::pgn_date`]).
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
//! | 3 | a player's draw offer repeated before he has moved again is refused (2005 Art. 12.6 / 2023 Art. 11.5: an unreasonable offer annoys the opponent); a log of an earlier version replays such an offer as it was taken |

use super::config::GameConfig;
use super::event::{Event, Stamped};
use crate::clock::Timestamp;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The schema name in the header line.
pub const SCHEMA: &str = "arbiter-log";
/// The schema version this core writes.
pub const VERSION: u32 = 3;
/// The oldest schema version this core reads (and replays as it was recorded).
pub const OLDEST_VERSION: u32 = 1;

/// The first version in which a draw claim waits for the arbiter present.
const CLAIMS_WAIT_FOR_ARBITER: u32 = 2;
/// The first version in which a draw offer repeated before its player moved is refused.
const REPEATED_OFFERS_REFUSED: u32 = 3;

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
    /// The same instant on the wall clock, ms since 1970-01-01 UTC (see "Time lines" in the
    /// module's schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unix_ms: Option<u64>,
}

/// The `source` of a time line (see the module's schema).
pub const TIME_SOURCE: &str = "time";

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
    /// When the game began on the wall clock: the `unix_ms` of its `start` line, else of the
    /// first line that has one.
    pub fn began_unix_ms(&self) -> Option<u64> {
        began_unix_ms(&self.lines)
    }

    /// Where a writer that stopped after these lines and starts again at `now_unix_ms` (its
    /// wall clock) goes on, on the log's monotonic clock: the last line's `at` plus the time
    /// since its `unix_ms` (never less than the last `at`, even if the wall clock went back).
    /// `None` when the last line has no `unix_ms`.
    pub fn resume_at(&self, now_unix_ms: u64) -> Option<Resume> {
        resume_at(&self.lines, now_unix_ms)
    }

    /// The events alone, as the game replays them.
    pub fn to_event_log(&self) -> EventLog {
        EventLog {
            config: self.config.clone(),
            version: self.version,
            events: self.lines.iter().map(LogLine::stamped).collect(),
        }
    }
}

/// See [`LogRecord::began_unix_ms`].
pub fn began_unix_ms(lines: &[LogLine]) -> Option<u64> {
    lines
        .iter()
        .find(|l| matches!(l.event, Event::Start) && l.unix_ms.is_some())
        .or_else(|| lines.iter().find(|l| l.unix_ms.is_some()))
        .and_then(|l| l.unix_ms)
}

/// How a writer goes on after a stop: see [`LogRecord::resume_at`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    /// The instant to go on from, on the log's clock.
    pub at: Timestamp,
    /// The last line's instant on the wall clock, ms since 1970.
    pub last_unix_ms: u64,
    /// How long the writer was stopped, by the wall clock, ms (0 if it went back).
    pub stopped_ms: u64,
}

/// See [`LogRecord::resume_at`].
pub fn resume_at(lines: &[LogLine], now_unix_ms: u64) -> Option<Resume> {
    let last = lines.last()?;
    let last_unix_ms = last.unix_ms?;
    let last_at = lines.iter().map(|l| l.at.0).max().unwrap_or(0);
    let stopped_ms = now_unix_ms.saturating_sub(last_unix_ms);
    Some(Resume {
        at: Timestamp(last_at.max(last.at.0.saturating_add(stopped_ms))),
        last_unix_ms,
        stopped_ms,
    })
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

    /// Whether, under this log's version, a player's draw offer repeated before he has moved
    /// again is refused (from version 3).
    pub(super) fn refuses_repeated_offers(&self) -> bool {
        self.version >= REPEATED_OFFERS_REFUSED
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

impl LogLine {
    /// Reads one event line of a log whose last numbered line before it was `after`, as
    /// [`LogRecord::from_jsonl`] does each: a reader that streams a log line by line (and so
    /// never holds all its text) applies the same rules.
    ///
    /// # Errors
    /// The line is not an event line, or its `seq` does not come after `after`.
    pub fn read_after(text: &str, after: Option<u64>) -> Result<LogLine, LogErrorKind> {
        let line = serde_json::from_str::<LogLine>(text)?;
        match (line.seq, after) {
            (Some(found), Some(after)) if found <= after => {
                Err(LogErrorKind::SeqOrder { found, after })
            }
            _ => Ok(line),
        }
    }
}

/// A line that [`LogRecord::salvage_jsonl`] set aside: where it was, what it held, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// Its 1-based line number in the text read.
    pub line: usize,
    /// Its text, without the newline.
    pub text: String,
    /// Why it is not a line of the log.
    pub reason: String,
}

impl LogRecord {
    /// Reads a log from JSON Lines, keeping each line's `seq` and `source`. Blank lines are
    /// skipped.
    ///
    /// # Errors
    /// [`LogError`] names the first line at fault: no header, another schema or version, a
    /// line that is not an event, a `seq` that does not increase.
    pub fn from_jsonl(text: &str) -> Result<LogRecord, LogError> {
        Self::read(text, None)
    }

    /// Reads a log as a writer that goes on with it does: as [`Self::from_jsonl`], except that
    /// an event line that is not one (a write broken by a full disk or a fault of the disk) or
    /// whose `seq` does not come after the line before is set aside, with where it was and
    /// why, and the reading goes on. Nothing is taken from a broken line, so what was written
    /// whole stays the game.
    ///
    /// # Errors
    /// [`LogError`] for a header that is missing or not one this core reads: without the
    /// setup, there is no game to go on with.
    pub fn salvage_jsonl(text: &str) -> Result<(LogRecord, Vec<SetAside>), LogError> {
        let mut aside = Vec::new();
        let record = Self::read(text, Some(&mut aside))?;
        Ok((record, aside))
    }

    fn read(text: &str, mut aside: Option<&mut Vec<SetAside>>) -> Result<LogRecord, LogError> {
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
            let read = LogLine::read_after(text, last_seq);
            match (read, aside.as_deref_mut()) {
                (Ok(line), _) => {
                    last_seq = line.seq.or(last_seq);
                    record.lines.push(line);
                }
                (Err(kind), Some(aside)) => aside.push(SetAside {
                    line: i + 1,
                    text: text.to_owned(),
                    reason: kind.to_string(),
                }),
                (Err(kind), None) => return Err(LogError { line: i + 1, kind }),
            }
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
            unix_ms: None,
        }
    }

    #[test]
    fn a_time_line_is_a_tick_that_replays_and_a_writer_goes_on_by_the_wall_clock() {
        let mut start = line(Some(1), 100, Event::Start, Some("white"));
        start.unix_ms = Some(1_000_100);
        let mut time = line(Some(2), 1100, Event::Tick, Some(TIME_SOURCE));
        time.unix_ms = Some(1_001_100);
        let mut text = header_jsonl(&config());
        text.push_str(&start.to_jsonl());
        text.push_str(&time.to_jsonl());
        assert!(
            text.contains(r#""source":"time","unix_ms":1001100}"#),
            "{text}"
        );
        let record = LogRecord::from_jsonl(&text).expect("reads");
        assert_eq!(record.lines[1], time);
        assert_eq!(record.began_unix_ms(), Some(1_000_100));
        // Stopped 2.5 s after the time line: the game goes on 2.5 s later on its own clock.
        let resume = record
            .resume_at(1_003_600)
            .expect("the last line has a wall time");
        assert_eq!(resume.at, Timestamp(3600));
        assert_eq!(resume.stopped_ms, 2500);
        // A wall clock set back gives no time back either.
        assert_eq!(
            record.resume_at(900_000).map(|r| r.at),
            Some(Timestamp(1100))
        );
        // The plain reader replays the time line as a tick: White's clock ran to it.
        let game = super::super::Game::replay(&record.to_event_log()).expect("replays");
        assert_eq!(game.log().events().len(), 2);
        let white = game.state(Timestamp(1100)).white.remaining;
        assert_eq!(white, Millis(299_000));
        // A log without wall times goes on as before, from its last instant.
        start.unix_ms = None;
        let old = LogRecord {
            lines: vec![start],
            ..record
        };
        assert_eq!(old.resume_at(5_000_000), None);
        assert_eq!(old.began_unix_ms(), None);
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
    fn a_broken_line_in_the_middle_is_set_aside_and_the_lines_around_it_are_read() {
        let mut text = header_jsonl(&config());
        text.push_str(&line(Some(1), 0, Event::Start, Some("board")).to_jsonl());
        // A write broken by a full disk, with the next line appended to what was left of it.
        let broken = r#"{"seq":2,"at":5,"event":{"type":"lift","square":"e2"},"source":"boa{"seq":3,"at":9,"event":{"type":"tick"}}"#;
        text.push_str(broken);
        text.push('\n');
        text.push_str(&line(Some(4), 12, Event::Tick, Some("time")).to_jsonl());
        text.push_str(&line(Some(4), 13, Event::Tick, Some("time")).to_jsonl());
        assert_eq!(LogRecord::from_jsonl(&text).unwrap_err().line, 3);
        let (record, aside) = LogRecord::salvage_jsonl(&text).expect("salvaged");
        let seqs: Vec<_> = record.lines.iter().map(|l| l.seq).collect();
        assert_eq!(seqs, [Some(1), Some(4)]);
        assert_eq!(aside.len(), 2);
        assert_eq!((aside[0].line, aside[0].text.as_str()), (3, broken));
        assert_eq!(aside[1].line, 5);
        assert!(
            aside[1].reason.contains("seq 4 does not come after seq 4"),
            "{aside:?}"
        );
        // Without a whole header there is no game to go on with.
        assert!(LogRecord::salvage_jsonl("{\"schema\":\"arbi").is_err());
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
