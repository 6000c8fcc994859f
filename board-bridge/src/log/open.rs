//! Opening the log a bridge finds on start: its game is read back so the bridge goes on where
//! it was, a line cut off mid-write (a power cut, a kill) or broken in the middle (a fault of
//! the disk) is set aside with a notice, and the numbering goes on after every number the log,
//! a line set aside or the reservation of sequence numbers had reached. A bridge always
//! starts on its own log; only a log whose header is not one stops it (there is no setup to
//! go on with).

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;

use arbiter_core::arbiter::{GameConfig, LogLine, LogRecord};
use tokio::sync::watch;

use super::seq::{SeqFile, read_reservation};
use super::{CUT_FILE, Kind, LOG_FILE, LogError, LogFile, LogStore, SEQ_FILE};

/// A log opened for appending, with what it held.
pub struct Opened {
    /// The log, positioned after its last whole line.
    pub store: LogStore,
    /// The setup: the header's for a log that held a game, else the one asked for.
    pub config: GameConfig,
    /// The schema version of the log's header (this core's for a new log).
    pub version: u32,
    /// The event lines the log held, in order.
    pub lines: Vec<LogLine>,
    /// The last sequence number handed out before (0 for a new log).
    pub last_seq: u64,
    /// The latest instant among the lines, ms (0 for a new log).
    pub last_at: u64,
    /// What the users should know (a cut line set aside).
    pub notices: Vec<String>,
}

/// Opens (or begins, with the header of `config`) the log `dir/events.jsonl`.
///
/// # Errors
/// The folder cannot be created, the file cannot be opened, or a whole line is not a line
/// of the log format.
pub fn open(dir: &Path, config: GameConfig) -> Result<Opened, LogError> {
    let path = dir.join(LOG_FILE);
    let io = |source| LogError::Io {
        path: path.clone(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(io(e)),
    };
    let mut notices = Vec::new();
    let reserved = read_reservation(&dir.join(SEQ_FILE)).unwrap_or(0);
    let mut last_seq = reserved;
    // Whole lines end in a newline; what follows the last one was cut off mid-write.
    let whole_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let (whole, tail) = bytes.split_at(whole_len);
    let mut keep_len = whole_len;
    let mut tail_done = false;
    if !tail.iter().all(u8::is_ascii_whitespace) {
        let text = String::from_utf8_lossy(tail);
        if serde_json::from_slice::<LogLine>(tail).is_ok() {
            // Cut just before its newline: the line is whole, only the newline is missing.
            keep_len = bytes.len();
            tail_done = true;
        } else {
            let cut_path = dir.join(CUT_FILE);
            let mut aside = tail.to_vec();
            aside.push(b'\n');
            set_aside(&cut_path, &aside).map_err(io)?;
            if let Some(seq) = arbiter_core::arbiter::seq_of_cut_line(&text) {
                last_seq = last_seq.max(seq);
            }
            notices.push(format!(
                "the event log's last line was cut off mid-write (the bridge lost power or was killed); \
                 its {} bytes are set aside in {CUT_FILE} and the game goes on from the line before",
                tail.len()
            ));
        }
    }
    let mut kept = whole.to_vec();
    if tail_done {
        kept.extend_from_slice(tail);
        kept.push(b'\n');
    }
    let empty = kept.iter().all(u8::is_ascii_whitespace);
    let mut opened = Opened {
        store: LogStore::memory(String::new()),
        config,
        version: arbiter_core::arbiter::VERSION,
        lines: Vec::new(),
        last_seq,
        last_at: 0,
        notices,
    };
    if !empty {
        let text = String::from_utf8(kept.clone()).map_err(|e| LogError::Corrupt {
            path: path.clone(),
            line: 1 + kept[..e.utf8_error().valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
            reason: "not UTF-8 text".into(),
        })?;
        let (record, broken) = LogRecord::salvage_jsonl(&text).map_err(|e| LogError::Corrupt {
            path: path.clone(),
            line: e.line,
            reason: e.kind.to_string(),
        })?;
        if !broken.is_empty() {
            // Set aside, then the log rewritten without them: a new file beside it, synced,
            // renamed over it, so a cut now leaves one or the other whole.
            let mut aside = String::new();
            for b in &broken {
                aside.push_str(&b.text);
                aside.push('\n');
                if let Some(seq) = arbiter_core::arbiter::seq_of_cut_line(&b.text) {
                    opened.last_seq = opened.last_seq.max(seq);
                }
            }
            set_aside(&dir.join(CUT_FILE), aside.as_bytes()).map_err(io)?;
            let mut kept_text = String::new();
            let mut skip = broken.iter().map(|b| b.line).peekable();
            for (i, line) in text.split_inclusive('\n').enumerate() {
                if skip.next_if_eq(&(i + 1)).is_none() {
                    kept_text.push_str(line);
                }
            }
            replace(&path, kept_text.as_bytes()).map_err(io)?;
            kept = kept_text.into_bytes();
            let lines: Vec<String> = broken
                .iter()
                .map(|b| format!("line {} ({})", b.line, b.reason))
                .collect();
            opened.notices.push(format!(
                "the event log held {} broken in the middle: {}; set aside in {CUT_FILE}, \
                 and the game goes on from the lines around it",
                if broken.len() == 1 { "a line" } else { "lines" },
                lines.join(", ")
            ));
        }
        if record.config != opened.config {
            eprintln!(
                "board-bridge: {} holds a game set up otherwise than this start asks; \
                 the log's setup is kept (the game goes on as it began)",
                path.display()
            );
        }
        opened.config = record.config;
        opened.version = record.version;
        for line in &record.lines {
            opened.last_seq = opened.last_seq.max(line.seq.unwrap_or(0));
            opened.last_at = opened.last_at.max(line.at.0);
        }
        opened.lines = record.lines;
    }
    let mut file = OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(&path)
        .map_err(io)?;
    if keep_len != bytes.len() || tail_done || empty {
        // Drop the cut line (set aside above), or finish a line cut before its newline, or
        // start a new log with its header.
        let contents = if empty {
            arbiter_core::arbiter::header_jsonl(&opened.config).into_bytes()
        } else {
            kept
        };
        file.set_len(0)
            .and_then(|()| file.write_all(&contents))
            .and_then(|()| file.sync_data())
            .map_err(io)?;
    }
    drop(file);
    let file = OpenOptions::new().append(true).open(&path).map_err(io)?;
    let written = file.metadata().map_err(io)?.len();
    let syncing = file.try_clone().map_err(io)?;
    let (safe_tx, safe) = watch::channel(opened.last_seq);
    let seq = SeqFile::new(dir.join(SEQ_FILE), reserved);
    let to_sync = super::sync::spawn(syncing, path.clone(), safe_tx, seq.handle());
    opened.store = LogStore {
        kind: Kind::File(Box::new(LogFile {
            file,
            path,
            written,
            held: Vec::new(),
            held_seqs: None,
            failing: None,
            seq,
            to_sync,
        })),
        safe,
    };
    Ok(opened)
}

/// Appends `bytes` (whole lines) to the file of lines set aside, synced.
fn set_aside(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = OpenOptions::new().create(true).append(true).open(path)?;
    file.write_all(bytes)?;
    file.sync_data()
}

/// Replaces `path` with `bytes`: a new file beside it, synced, renamed over it, the folder
/// synced.
fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temp = path.with_extension("jsonl.tmp");
    let mut file = std::fs::File::create(&temp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temp, path)?;
    if let Some(dir) = path.parent() {
        std::fs::File::open(dir)?.sync_all()?;
    }
    Ok(())
}
