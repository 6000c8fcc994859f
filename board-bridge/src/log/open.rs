//! Opening the log a bridge finds on start: its game is read back so the bridge goes on where
//! it was, a line cut off mid-write (a power cut, a kill) or broken in the middle (a fault of
//! the disk) is set aside with a notice, and the numbering goes on after every number the log,
//! a line set aside or the reservation of sequence numbers had reached. A bridge always
//! starts on its own log; only a log whose header is not one stops it (there is no setup to
//! go on with).

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Write};
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
/// The file is read line by line: what is kept is the game (its setup and event lines) and the
/// few lines set aside, never the file's text, so a long game's log costs its events alone.
///
/// # Errors
/// The folder cannot be created, the file cannot be opened, or its header is not a header of
/// this log format.
pub fn open(dir: &Path, config: GameConfig) -> Result<Opened, LogError> {
    let path = dir.join(LOG_FILE);
    let io = |source| LogError::Io {
        path: path.clone(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    let scan = match File::open(&path) {
        Ok(file) => scan(BufReader::new(file), &path)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Scan {
            empty: true,
            ..Scan::default()
        },
        Err(e) => return Err(io(e)),
    };
    let reserved = read_reservation(&dir.join(SEQ_FILE)).unwrap_or(0);
    let mut opened = Opened {
        store: LogStore::memory(String::new()),
        config,
        version: arbiter_core::arbiter::VERSION,
        lines: Vec::new(),
        last_seq: reserved,
        last_at: 0,
        notices: Vec::new(),
    };
    if let Some(cut) = &scan.cut {
        let mut aside = cut.clone();
        aside.push(b'\n');
        set_aside(&dir.join(CUT_FILE), &aside).map_err(io)?;
        if let Some(seq) = arbiter_core::arbiter::seq_of_cut_line(&String::from_utf8_lossy(cut)) {
            opened.last_seq = opened.last_seq.max(seq);
        }
        opened.notices.push(format!(
            "the event log's last line was cut off mid-write (the bridge lost power or was killed); \
             its {} bytes are set aside in {CUT_FILE} and the game goes on from the line before",
            cut.len()
        ));
    }
    if !scan.broken.is_empty() {
        let mut aside = Vec::new();
        for b in &scan.broken {
            aside.extend_from_slice(&b.bytes);
            aside.push(b'\n');
            if let Some(seq) =
                arbiter_core::arbiter::seq_of_cut_line(&String::from_utf8_lossy(&b.bytes))
            {
                opened.last_seq = opened.last_seq.max(seq);
            }
        }
        set_aside(&dir.join(CUT_FILE), &aside).map_err(io)?;
        let lines: Vec<String> = scan
            .broken
            .iter()
            .map(|b| format!("line {} ({})", b.line, b.reason))
            .collect();
        opened.notices.push(format!(
            "the event log held {} broken in the middle: {}; set aside in {CUT_FILE}, \
             and the game goes on from the lines around it",
            if scan.broken.len() == 1 {
                "a line"
            } else {
                "lines"
            },
            lines.join(", ")
        ));
    }
    if let Some((config, version)) = scan.header {
        if config != opened.config {
            eprintln!(
                "board-bridge: {} holds a game set up otherwise than this start asks; \
                 the log's setup is kept (the game goes on as it began)",
                path.display()
            );
        }
        opened.config = config;
        opened.version = version;
    }
    for line in &scan.lines {
        opened.last_seq = opened.last_seq.max(line.seq.unwrap_or(0));
        opened.last_at = opened.last_at.max(line.at.0);
    }
    opened.lines = scan.lines;
    // The file made a log of whole lines only: without the broken ones (a new file beside it,
    // renamed over it, so a cut now leaves one or the other whole), else without the cut last
    // line, or with the newline a line cut just before it lacked, or begun with its header.
    if scan.empty {
        let mut file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        let header = arbiter_core::arbiter::header_jsonl(&opened.config);
        file.set_len(0)
            .and_then(|()| file.write_all(header.as_bytes()))
            .and_then(|()| file.sync_data())
            .map_err(io)?;
    } else if !scan.broken.is_empty() {
        let skip: Vec<usize> = scan.broken.iter().map(|b| b.line).collect();
        rewrite_without(&path, &skip, scan.kept_lines).map_err(io)?;
    } else if scan.unended {
        let mut file = OpenOptions::new().append(true).open(&path).map_err(io)?;
        file.write_all(b"\n")
            .and_then(|()| file.sync_data())
            .map_err(io)?;
    } else if scan.len != scan.whole_len {
        let file = OpenOptions::new().write(true).open(&path).map_err(io)?;
        file.set_len(scan.whole_len)
            .and_then(|()| file.sync_data())
            .map_err(io)?;
    }
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
            unsynced: None,
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

/// What a log's file held, read line by line.
#[derive(Default)]
struct Scan {
    /// The header's setup and schema version (none in an empty file).
    header: Option<(GameConfig, u32)>,
    /// The event lines, in order.
    lines: Vec<LogLine>,
    /// Event lines broken in the middle, set aside.
    broken: Vec<Broken>,
    /// What followed the last newline when it is not a line (cut off mid-write).
    cut: Option<Vec<u8>>,
    /// The last line is whole but lacks its newline (cut just before it).
    unended: bool,
    /// Bytes up to and including the last newline.
    whole_len: u64,
    /// Bytes in the file.
    len: u64,
    /// Lines read but a cut last one: what the log keeps, less those broken.
    kept_lines: usize,
    /// No line but blank ones (a new log, or one whose only line was cut).
    empty: bool,
}

/// An event line that is not one: where, what it held, why.
struct Broken {
    line: usize,
    bytes: Vec<u8>,
    reason: String,
}

/// Reads the log at `path` from `reader` one line at a time, keeping the game and what is set
/// aside, never the text of the lines read.
///
/// # Errors
/// The file cannot be read, or its first line that is not blank is not a header this core
/// reads.
fn scan(mut reader: impl BufRead, path: &Path) -> Result<Scan, LogError> {
    let corrupt = |line, reason: String| LogError::Corrupt {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut scan = Scan {
        empty: true,
        ..Scan::default()
    };
    let mut raw = Vec::new();
    let mut number = 0;
    let mut last_seq = None;
    loop {
        raw.clear();
        let read = reader
            .read_until(b'\n', &mut raw)
            .map_err(|source| LogError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        if read == 0 {
            break;
        }
        scan.len += read as u64;
        number += 1;
        let ended = raw.last() == Some(&b'\n');
        let body = match raw.strip_suffix(b"\n") {
            Some(body) => body.strip_suffix(b"\r").unwrap_or(body),
            None => &raw[..],
        };
        if body.iter().all(u8::is_ascii_whitespace) {
            if ended {
                scan.whole_len += read as u64;
            }
            continue;
        }
        if !ended {
            // After the last newline: a line only if it reads as one (cut just before its
            // newline), else what a writer stopped mid-line left.
            if serde_json::from_slice::<LogLine>(body).is_err() {
                scan.cut = Some(body.to_vec());
                continue;
            }
            scan.unended = true;
        }
        scan.empty = false;
        scan.kept_lines = number;
        let text = std::str::from_utf8(body);
        if scan.header.is_none() {
            let text = text.map_err(|_| corrupt(number, "not UTF-8 text".into()))?;
            // The header alone, read by the core's reader, so its rules are the core's.
            let record = LogRecord::from_jsonl(text)
                .map_err(|e| corrupt(number + e.line - 1, e.kind.to_string()))?;
            scan.header = Some((record.config, record.version));
        } else {
            let line = match text {
                Ok(text) => LogLine::read_after(text, last_seq).map_err(|e| e.to_string()),
                Err(_) => Err("not UTF-8 text".to_string()),
            };
            match line {
                Ok(line) => {
                    last_seq = line.seq.or(last_seq);
                    scan.lines.push(line);
                }
                Err(reason) => scan.broken.push(Broken {
                    line: number,
                    bytes: body.to_vec(),
                    reason,
                }),
            }
        }
        if ended {
            scan.whole_len += read as u64;
        }
    }
    Ok(scan)
}

/// Replaces the log at `path` with its first `kept` lines less those numbered `skip` (1-based,
/// ascending), each ending in a newline: copied line by line to a new file beside it, synced,
/// renamed over it, the folder synced.
fn rewrite_without(path: &Path, skip: &[usize], kept: usize) -> std::io::Result<()> {
    let temp = path.with_extension("jsonl.tmp");
    let mut reader = BufReader::new(File::open(path)?);
    let mut out = BufWriter::new(File::create(&temp)?);
    let mut skip = skip.iter().copied().peekable();
    let mut raw = Vec::new();
    for number in 1..=kept {
        raw.clear();
        if reader.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        if skip.next_if_eq(&number).is_none() {
            out.write_all(&raw)?;
            if raw.last() != Some(&b'\n') {
                out.write_all(b"\n")?;
            }
        }
    }
    let file = out
        .into_inner()
        .map_err(std::io::IntoInnerError::into_error)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temp, path)?;
    if let Some(dir) = path.parent() {
        File::open(dir)?.sync_all()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::clock::{Millis, TimeControl, Timing};
    use arbiter_core::laws::Edition;

    fn config() -> GameConfig {
        GameConfig::new(
            Edition::Fide2005,
            TimeControl::sudden_death(Millis::minutes(5), Timing::None),
        )
    }

    fn line(seq: u64) -> String {
        format!(
            "{{\"seq\":{seq},\"at\":{},\"event\":{{\"type\":\"tick\"}},\"source\":\"time\"}}",
            seq * 10
        )
    }

    /// Streamed, the log is left as whole lines: a broken one taken out, the last one given
    /// the newline it lacked, blank lines kept; nothing else moved.
    #[test]
    fn a_broken_middle_line_and_an_unended_last_line_leave_whole_lines() {
        let dir = std::env::temp_dir().join(format!("log-open-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let header = arbiter_core::arbiter::header_jsonl(&config());
        let text = format!(
            "{header}{}\n\n{{\"seq\":2,\"at\":\n{}\n{}",
            line(1),
            line(3),
            line(4)
        );
        std::fs::write(dir.join(LOG_FILE), &text).expect("write");
        let opened = open(&dir, config()).expect("opens");
        let seqs: Vec<_> = opened.lines.iter().map(|l| l.seq).collect();
        assert_eq!(seqs, [Some(1), Some(3), Some(4)]);
        assert_eq!(opened.last_seq, 4);
        assert_eq!(opened.notices.len(), 1, "{:?}", opened.notices);
        assert!(
            opened.notices[0].contains("line 4 ("),
            "{}",
            opened.notices[0]
        );
        drop(opened);
        let after = std::fs::read_to_string(dir.join(LOG_FILE)).expect("read");
        assert_eq!(
            after,
            format!("{header}{}\n\n{}\n{}\n", line(1), line(3), line(4))
        );
        let aside = std::fs::read_to_string(dir.join(CUT_FILE)).expect("aside");
        assert_eq!(aside, "{\"seq\":2,\"at\":\n");
        // A blank tail after the last newline is cut away, not appended to.
        std::fs::write(dir.join(LOG_FILE), format!("{after}  ")).expect("write");
        let opened = open(&dir, config()).expect("opens");
        assert_eq!(opened.lines.len(), 3);
        drop(opened);
        let again = std::fs::read_to_string(dir.join(LOG_FILE)).expect("read");
        assert_eq!(again, after);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
