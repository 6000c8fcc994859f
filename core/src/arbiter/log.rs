//! The event log: the game itself, as versioned JSON Lines. The first line is a header with
//! the schema version and the setup; each further line is one stamped event:
//!
//! ```text
//! {"schema":"arbiter-log","version":1,"config":{"edition":"2005","time_control":[...]}}
//! {"at":0,"event":{"type":"start"}}
//! {"at":5000,"event":{"type":"move","move":"e2e4"}}
//! {"at":5200,"event":{"type":"press_clock","player":"white"}}
//! ```

use super::config::GameConfig;
use super::event::{Event, Stamped};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The schema name in the header line.
pub const SCHEMA: &str = "arbiter-log";
/// The schema version this core writes and reads.
pub const VERSION: u32 = 1;

/// An append-only log of accepted events, with the setup they apply to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLog {
    config: GameConfig,
    events: Vec<Stamped<Event>>,
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
    #[error("unsupported log version {found} (this core reads version {VERSION})")]
    Version {
        /// The version found.
        found: u32,
    },
    /// The line is not valid JSON of the expected shape.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
}

impl EventLog {
    /// An empty log for a setup.
    pub fn new(config: GameConfig) -> EventLog {
        EventLog {
            config,
            events: Vec::new(),
        }
    }

    /// The setup.
    pub fn config(&self) -> &GameConfig {
        &self.config
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
        let header = Header {
            schema: SCHEMA.to_string(),
            version: VERSION,
            config: self.config.clone(),
        };
        let mut out = String::new();
        // Serialising our own types to JSON cannot fail: no maps with non-string keys.
        out.push_str(&serde_json::to_string(&header).unwrap_or_default());
        out.push('\n');
        for event in &self.events {
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
        let version = probe.version.unwrap_or(0);
        if version != u64::from(VERSION) {
            let found = u32::try_from(version).unwrap_or(u32::MAX);
            return Err(LogError {
                line,
                kind: LogErrorKind::Version { found },
            });
        }
        let header: Header = serde_json::from_str(first).map_err(json_error)?;
        let mut log = EventLog::new(header.config);
        for (i, text) in lines {
            let event = serde_json::from_str(text).map_err(|e| LogError {
                line: i + 1,
                kind: e.into(),
            })?;
            log.events.push(event);
        }
        Ok(log)
    }
}
