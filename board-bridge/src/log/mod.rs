//! The game's event log on disk (or in memory without `--log`), in the core's one log format
//! (`arbiter_core::arbiter::LogRecord`: a header with the setup, then one line per event
//! carrying its `seq` and `source`).
//!
//! * [`open`]: reading back the log a bridge finds on start, setting aside a line cut off
//!   mid-write or broken in the middle, and where numbering goes on.
//! * [`sync`]: the thread that puts written lines on the disk itself (`fdatasync`, as many
//!   lines as have come per sync, off the move's path) and says how far the log is safe.
//! * [`seq`]: the sequence numbers reserved ahead in a file of their own, written atomically.
//!
//! The promise: a line is safe once it is written whole and synced, and only then. Lines are
//! appended in one write per batch; a write that fails (a full disk) leaves no partial line
//! (the file is cut back to its last whole line), the lines are kept in memory and written, in
//! order, when the disk allows, and the failure is reported to the caller at once.

pub mod open;
pub mod seq;
pub mod sync;

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, mpsc};

use tokio::sync::watch;

pub use self::open::Opened;
use self::seq::SeqFile;

/// The event log's file name inside the log folder.
pub const LOG_FILE: &str = "events.jsonl";
/// Cut or broken lines found on start are set aside in this file beside the log, one per line.
pub const CUT_FILE: &str = "events.jsonl.cut";
/// The sequence numbers handed out so far are reserved ahead in this file, so a restarted
/// bridge never hands out again a number pages saw for a message the log does not hold.
pub const SEQ_FILE: &str = "events.seq";

/// Why the event log could not be used.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    /// The folder or file could not be opened or written.
    #[error("event log {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// A line of the log is not a line of the log format.
    #[error("event log {path} line {line}: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What was wrong.
        reason: String,
    },
}

/// What a `/events.jsonl` request reads: the file up to the lines written when it asked, or the
/// lines in memory.
#[derive(Debug, Clone)]
pub enum LogSource {
    /// The file and how many of its bytes to serve.
    File(PathBuf, u64),
    /// The header and event lines.
    Memory(Vec<Arc<str>>),
}

/// What an append or a retry did to the log's health, for the users to be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Health {
    /// As it was.
    Unchanged,
    /// Writing has just begun to fail: `error`, the first line not written is `since_seq`.
    Failing {
        /// The system's error.
        error: String,
        /// The sequence number of the first line not written.
        since_seq: u64,
    },
    /// The lines held back are written now, through `through`.
    Recovered {
        /// The last sequence number written.
        through: u64,
    },
}

/// Where the event log's lines go.
pub struct LogStore {
    kind: Kind,
    /// How far the log is on the disk itself: the last seq synced (0 without a file).
    safe: watch::Receiver<u64>,
}

enum Kind {
    /// No `--log`: the header and event lines in memory (the game's size).
    Memory(Vec<Arc<str>>),
    /// The log file, appended to.
    File(Box<LogFile>),
}

struct LogFile {
    file: File,
    path: PathBuf,
    /// Bytes written so far (whole lines only): what `/events.jsonl` serves.
    written: u64,
    /// Lines not yet written (a write failed), in order, and the seq of the first and last.
    held: Vec<u8>,
    held_seqs: Option<(u64, u64)>,
    /// Why writing fails, while it does.
    failing: Option<String>,
    seq: SeqFile,
    /// The syncer thread: the last seq written, to be put on disk.
    to_sync: mpsc::Sender<sync::Job>,
    /// The last seq written and not yet handed to the syncer ([`LogStore::sync_written`]).
    unsynced: Option<u64>,
}

impl LogStore {
    /// A log kept in memory, beginning with its `header` line.
    pub fn memory(header: String) -> LogStore {
        let (_, safe) = watch::channel(0);
        LogStore {
            kind: Kind::Memory(vec![header.into()]),
            safe,
        }
    }

    /// Whether the log is a file (and so has a safe point worth telling pages).
    pub fn is_file(&self) -> bool {
        matches!(self.kind, Kind::File(_))
    }

    /// The highest sequence number whose lines are on the disk itself.
    pub fn safe_through(&self) -> watch::Receiver<u64> {
        self.safe.clone()
    }

    /// Notes that `seq` is about to be handed out: with a file, numbers are reserved ahead
    /// ([`seq`]).
    pub fn reserve(&mut self, seq: u64) {
        if let Kind::File(f) = &mut self.kind {
            f.seq.reserve(seq, &f.to_sync);
        }
    }

    /// Why the log cannot be written, while it cannot.
    pub fn failing(&self) -> Option<&str> {
        match &self.kind {
            Kind::File(f) => f.failing.as_deref(),
            Kind::Memory(_) => None,
        }
    }

    /// Appends whole `lines` (each ending in a newline), numbered `seqs` (first, last), after
    /// any held back, in one write.
    pub fn append(&mut self, lines: &[u8], seqs: Option<(u64, u64)>) -> Health {
        match &mut self.kind {
            Kind::Memory(kept) => {
                let text = String::from_utf8_lossy(lines);
                kept.extend(text.split_inclusive('\n').map(Arc::from));
                Health::Unchanged
            }
            Kind::File(f) => {
                f.held.extend_from_slice(lines);
                if let Some((first, last)) = seqs {
                    f.held_seqs = Some((f.held_seqs.map_or(first, |(held, _)| held), last));
                }
                f.write_held()
            }
        }
    }

    /// Hands the lines written so far to the syncer, which puts them on the disk itself. Apart
    /// from [`Self::append`]: waking the syncer's thread costs the writer tens of microseconds
    /// on a virtual machine, which the hub spends after the pages have the lines, not before.
    pub fn sync_written(&mut self) {
        if let Kind::File(f) = &mut self.kind
            && let Some(seq) = f.unsynced.take()
        {
            let _ = f.to_sync.send(sync::Job::Sync(seq));
        }
    }

    /// Tries again to write the lines held back (the disk may allow it now).
    pub fn retry(&mut self) -> Health {
        match &mut self.kind {
            Kind::File(f) if !f.held.is_empty() => f.write_held(),
            _ => Health::Unchanged,
        }
    }

    /// What `/events.jsonl` serves now.
    pub fn source(&self) -> LogSource {
        match &self.kind {
            Kind::Memory(lines) => LogSource::Memory(lines.clone()),
            Kind::File(f) => LogSource::File(f.path.clone(), f.written),
        }
    }
}

impl LogFile {
    /// One write for every line held, so a kill leaves at most one cut line (set aside when
    /// the log is read back); a failed write is undone to the last whole line.
    fn write_held(&mut self) -> Health {
        if self.held.is_empty() {
            return Health::Unchanged;
        }
        match self.file.write_all(&self.held) {
            Ok(()) => {
                self.written += self.held.len() as u64;
                self.held.clear();
                let last = self.held_seqs.take().map(|(_, last)| last);
                if last.is_some() {
                    self.unsynced = last;
                }
                match self.failing.take() {
                    Some(_) => Health::Recovered {
                        through: last.unwrap_or(0),
                    },
                    None => Health::Unchanged,
                }
            }
            Err(e) => {
                // Part of the lines may be in the file: cut it back to its last whole line, so
                // the next write does not append to a fragment. (Cutting frees space; it works
                // on a full disk.) The file is opened to append, so writes go on from there.
                if let Err(cut) = self.file.set_len(self.written) {
                    eprintln!(
                        "board-bridge: cannot cut {} back to its last whole line: {cut}",
                        self.path.display()
                    );
                }
                let error = e.to_string();
                let first = self.failing.is_none();
                self.failing = Some(error.clone());
                if first {
                    eprintln!(
                        "board-bridge: cannot write {}: {error}",
                        self.path.display()
                    );
                    Health::Failing {
                        error,
                        since_seq: self.held_seqs.map_or(0, |(first, _)| first),
                    }
                } else {
                    Health::Unchanged
                }
            }
        }
    }
}
