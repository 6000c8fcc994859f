//! The public view of the game's log, as every answer and stream serves it.

use arbiter_core::arbiter::public::{self, PublicView};
use arbiter_core::arbiter::{Event, GameConfig, LogLine};

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};

use crate::hub::LogSource;

/// The public view of the game's log ([`arbiter_core::arbiter::public`]), followed as far as
/// a page has needed it: what a line that holds a secret (the sealed move's envelope, the
/// arbiter's passphrase) is replaced by in every answer and stream. The full log stays on disk.
///
/// The log is read here, outside the game's task: the task only says how far it goes
/// ([`LogSource`]), asked before the lines that need it are read.
pub(crate) struct PublicLog {
    /// The game's setup and its log's schema version, which the view starts from.
    setup: (GameConfig, u32),
    view: Option<PublicView>,
    /// The last log line handed to the view.
    through: u64,
    /// The public event of each line that held a secret, by sequence number.
    replaced: HashMap<u64, Event>,
    /// How far the log was read: bytes of the file, or lines in memory.
    read_to: u64,
}

/// Whether a log line or a stream message may hold a secret (an event of type `seal` or
/// `open`): only those are read again for the public view.
pub(super) fn may_hold_secret(text: &str) -> bool {
    text.contains(r#""type":"seal""#) || text.contains(r#""type":"open""#)
}

impl PublicLog {
    /// The public view of a game set up by `config`, whose log is of schema `version`.
    pub(crate) fn new(config: GameConfig, version: u32) -> Self {
        Self {
            setup: (config, version),
            view: None,
            through: 0,
            replaced: HashMap::new(),
            read_to: 0,
        }
    }

    /// The public event of the line numbered `seq`, if it held a secret: the view follows the
    /// log (`source`, as the game's task said it is) up to it first.
    fn replacement(&mut self, source: &LogSource, seq: u64) -> Option<Event> {
        if self.through < seq {
            self.follow(source);
        }
        self.replaced.get(&seq).cloned()
    }

    /// Hands the view the log's lines it has not had yet: read from where it stopped, a line
    /// at a time, never the whole log at once.
    fn follow(&mut self, source: &LogSource) {
        let view = match &mut self.view {
            Some(view) => view,
            None => match PublicView::new(self.setup.0.clone(), self.setup.1) {
                Ok(view) => self.view.insert(view),
                Err(_) => return,
            },
        };
        let mut take = |line: &str, through: &mut u64, replaced: &mut HashMap<u64, Event>| {
            let Ok(logged) = serde_json::from_str::<LogLine>(line) else {
                return;
            };
            let Some(seq) = logged.seq.filter(|s| *s > *through) else {
                return;
            };
            let public = view.next(&logged.stamped());
            if public::holds_secret(&logged.event) {
                replaced.insert(seq, public);
            }
            *through = seq;
        };
        match source {
            LogSource::Memory(lines) => {
                for line in lines.iter().skip(self.read_to as usize) {
                    take(line, &mut self.through, &mut self.replaced);
                }
                self.read_to = lines.len() as u64;
            }
            LogSource::File(path, len) => {
                let Ok(mut file) = std::fs::File::open(path) else {
                    return;
                };
                if file.seek(SeekFrom::Start(self.read_to)).is_err() {
                    return;
                }
                let mut reader = BufReader::new(file.take(len.saturating_sub(self.read_to)));
                let mut line = Vec::new();
                loop {
                    line.clear();
                    match reader.read_until(b'\n', &mut line) {
                        // Only whole lines are read past: a line still being written is read
                        // again whole next time.
                        Ok(n) if n > 0 && line.ends_with(b"\n") => {
                            self.read_to += n as u64;
                            take(
                                &String::from_utf8_lossy(&line),
                                &mut self.through,
                                &mut self.replaced,
                            );
                        }
                        _ => break,
                    }
                }
            }
        }
    }

    /// `line` of the log as the public reads it: `None` as it is, or what replaces it (empty:
    /// withheld whole, for a line that holds a secret and whose public form cannot be had).
    pub(super) fn line(&mut self, source: &LogSource, line: &str) -> Option<String> {
        if !may_hold_secret(line) {
            return None;
        }
        let mut logged = serde_json::from_str::<LogLine>(line).ok()?;
        if !public::holds_secret(&logged.event) {
            return None;
        }
        let Some(event) = logged.seq.and_then(|seq| self.replacement(source, seq)) else {
            return Some(String::new());
        };
        logged.event = event;
        Some(serde_json::to_string(&logged).unwrap_or_default())
    }

    /// A stream message as the public reads it: `None` as it is, or what replaces it (empty:
    /// withheld, as [`PublicLog::line`]).
    pub(super) fn message(&mut self, source: &LogSource, seq: u64, text: &str) -> Option<String> {
        if !may_hold_secret(text) {
            return None;
        }
        let mut value: serde_json::Value = serde_json::from_str(text).ok()?;
        let event: Event = serde_json::from_value(value["event"]["event"].clone()).ok()?;
        if !public::holds_secret(&event) {
            return None;
        }
        let Some(public) = self
            .replacement(source, seq)
            .and_then(|e| serde_json::to_value(e).ok())
        else {
            return Some(String::new());
        };
        value["event"]["event"] = public;
        Some(value.to_string())
    }
}
