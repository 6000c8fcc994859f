//! The game's stream: every message gets the next sequence number and goes to every connected
//! page; the events among them (what the game accepted) also go to the event log on disk, in the
//! core's one log format (`arbiter_core::arbiter::LogRecord`: a header with the setup, then one
//! line per event carrying its `seq` and `source`), written before anyone sees them, so a bridge
//! killed mid-game restarts where it was (see [`Hub::batch`] for the order). A syncer thread then
//! puts the written lines on the disk itself (`fdatasync`, as many lines as have come per sync,
//! off the move's path) and tells pages how far the log is safe (`{"type":"safe","through":N}`).
//! A page that (re)connects gets a snapshot and the tail it missed, taken under the same lock
//! that publishes, so no message falls between the two.
//!
//! Memory follows the game, not the traffic: only the last [`RECENT`] messages are kept for
//! tails; a page further behind gets a fresh snapshot.

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};

use arbiter_core::arbiter::{GameConfig, LogLine, LogRecord};
use tokio::sync::{broadcast, watch};

use crate::protocol::{Body, Envelope, PROTOCOL_VERSION, Snapshot};
use crate::trace;

/// The event log's file name inside the log folder.
pub const LOG_FILE: &str = "events.jsonl";
/// Cut last lines found on start are set aside in this file beside the log, one per line.
pub const CUT_FILE: &str = "events.jsonl.cut";
/// The sequence numbers handed out so far are reserved in blocks in this file, so a restarted
/// bridge never hands out again a number pages saw for a message the log does not hold.
pub const SEQ_FILE: &str = "events.seq";
const SEQ_BLOCK: u64 = 1024;
/// How many of the latest messages are kept for pages that reconnect or fall behind.
pub const RECENT: usize = 4096;

/// One published message: its sequence number and its JSON text.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Sequence number.
    pub seq: u64,
    /// The envelope as JSON (one line, no newline).
    pub json: Arc<str>,
}
/// A move as the game record keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedMove {
    /// UCI.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// The mover's clock after the move, ms.
    pub clock_ms: Option<u64>,
}

/// What a snapshot is built from.
#[derive(Debug, Clone, Default)]
pub struct GameState {
    /// Moves so far.
    pub moves: Vec<RecordedMove>,
    /// FEN of the current position, empty for the initial one.
    pub fen: String,
    /// Whether a board is connected.
    pub connected: bool,
    /// What the sensors show.
    pub placement: Option<String>,
    /// Orientation name, once known.
    pub orientation: Option<String>,
    /// The board's port and health as last published (`board` messages).
    pub port: Option<String>,
    /// Runs of bytes dropped since the board was connected.
    pub dropped: u64,
    /// Resynchronisations since the board was connected.
    pub resyncs: u64,
    /// A sealed move being made on the board (`sealing`, `pieces_back`).
    pub sealing: Option<String>,
    /// The game's setup, once a referee has set it.
    pub config: Option<arbiter_core::arbiter::GameConfig>,
    /// The game's state as the core serialises it, as last published.
    pub state: Option<serde_json::Value>,
    /// What the bridge found on start that its users should know (a cut log line set aside).
    pub notices: Vec<String>,
}

impl GameState {
    fn apply(&mut self, body: &Body) {
        match body {
            Body::Move {
                uci,
                san,
                fen,
                clock_ms,
                ply,
            } => {
                self.moves.truncate(ply.saturating_sub(1));
                self.moves.push(RecordedMove {
                    uci: uci.clone(),
                    san: san.clone(),
                    clock_ms: *clock_ms,
                });
                self.fen = fen.clone();
            }
            Body::Takeback { to_ply, fen } => {
                self.moves.truncate(*to_ply);
                self.fen = fen.clone();
            }
            Body::Board {
                connected,
                placement,
                orientation,
                port,
                dropped,
                resyncs,
                sealing,
            } => {
                self.connected = *connected;
                self.sealing.clone_from(sealing);
                self.port = port.clone();
                self.dropped = *dropped;
                self.resyncs = *resyncs;
                if placement.is_some() || !connected {
                    self.placement = placement.clone();
                }
                if orientation.is_some() {
                    self.orientation = orientation.clone();
                }
            }
            Body::State { state } => self.state = Some(state.clone()),
            _ => {}
        }
    }
}

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

/// Where the event log's lines go.
enum Store {
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
    /// Numbers up to this one are reserved in [`SEQ_FILE`].
    reserved: u64,
    seq_path: PathBuf,
    /// The syncer thread: the last seq written, to be put on disk.
    to_sync: mpsc::Sender<u64>,
}

struct Inner {
    recent: VecDeque<Entry>,
    last_seq: u64,
    state: GameState,
    config: GameConfig,
    /// The log's schema version: a log from an earlier core keeps its own, so its events go on
    /// ruling as they did when they were recorded.
    version: u32,
    store: Store,
    /// The events the log held on start, for the referee to replay.
    logged: Vec<LogLine>,
    started: std::time::Instant,
    /// Milliseconds already elapsed in earlier runs, so `at_ms` never goes backwards.
    offset_ms: u64,
    /// How many [`Hold`]s are alive: while any is, released messages wait in `pending`.
    held: usize,
    /// Released messages not yet written and sent, with their log lines.
    pending: Pending,
}

/// Messages released under a [`Hold`], written and sent together when it ends.
#[derive(Default)]
struct Pending {
    lines: Vec<u8>,
    /// The seq of the last event among `lines`.
    last_event: Option<u64>,
    /// Each entry with when it was serialised (for the stage trace).
    entries: Vec<(Entry, u64)>,
}

/// What a `/events.jsonl` request reads: the file up to the lines written when it asked, or the
/// lines in memory.
pub enum LogSource {
    /// The file and how many of its bytes to serve.
    File(PathBuf, u64),
    /// The header and event lines.
    Memory(Vec<Arc<str>>),
}

/// The setup of a game the bridge begins: a ruling that needs the full dead-position
/// analysis waits for it (`defer_analysis`), and the referee works it out off the thread that
/// serves every page and board, so a hard position stalls no one. A log that exists keeps the
/// setup its header names.
fn bridged(mut config: GameConfig) -> GameConfig {
    config.defer_analysis = true;
    config
}

/// The shared stream. Cheap to clone.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Mutex<Inner>>,
    tx: broadcast::Sender<Entry>,
    safe: watch::Receiver<u64>,
}

impl Hub {
    /// A hub for a game set up by `config` that keeps its log in memory only.
    pub fn in_memory(config: GameConfig) -> Self {
        let config = bridged(config);
        let header: Arc<str> = arbiter_core::arbiter::header_jsonl(&config).into();
        let (_, safe) = watch::channel(0);
        Self::with(Inner::new(config, Store::Memory(vec![header])), safe)
    }

    /// A hub whose log lives in `dir/events.jsonl`. An existing log is read back first, so the
    /// game continues where it was, under the setup its header names (`config` is for a new
    /// log). A cut last line (a power cut mid-write) is set aside in [`CUT_FILE`] with a
    /// notice, and numbering goes on after it.
    ///
    /// # Errors
    /// The folder cannot be created, the file cannot be opened, or a whole line is not a line
    /// of the log format.
    pub fn open(dir: &Path, config: GameConfig) -> Result<Self, LogError> {
        let config = bridged(config);
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
        let mut last_seq = std::fs::read_to_string(dir.join(SEQ_FILE))
            .ok()
            .and_then(|t| t.trim().parse::<u64>().ok())
            .unwrap_or(0);
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
                let mut cut = OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&cut_path)
                    .map_err(io)?;
                cut.write_all(tail)
                    .and_then(|()| cut.write_all(b"\n"))
                    .and_then(|()| cut.sync_data())
                    .map_err(io)?;
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
        let mut inner = if kept.iter().all(u8::is_ascii_whitespace) {
            Inner::new(config, Store::Memory(Vec::new()))
        } else {
            let text = String::from_utf8(kept.clone()).map_err(|e| LogError::Corrupt {
                path: path.clone(),
                line: 1 + kept[..e.utf8_error().valid_up_to()]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count(),
                reason: "not UTF-8 text".into(),
            })?;
            let record = LogRecord::from_jsonl(&text).map_err(|e| LogError::Corrupt {
                path: path.clone(),
                line: e.line,
                reason: e.kind.to_string(),
            })?;
            if record.config != config {
                eprintln!(
                    "board-bridge: {} holds a game set up otherwise than this start asks; \
                     the log's setup is kept (the game goes on as it began)",
                    path.display()
                );
            }
            let mut inner = Inner::new(record.config, Store::Memory(Vec::new()));
            inner.version = record.version;
            for line in &record.lines {
                last_seq = last_seq.max(line.seq.unwrap_or(0));
                inner.offset_ms = inner.offset_ms.max(line.at.0);
            }
            inner.logged = record.lines;
            inner
        };
        let new_log = inner.logged.is_empty() && kept.iter().all(u8::is_ascii_whitespace);
        let mut file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        if keep_len != bytes.len() || tail_done || new_log {
            // Drop the cut line (set aside above), or finish a line cut before its newline, or
            // start a new log with its header.
            let contents = if new_log {
                arbiter_core::arbiter::header_jsonl(&inner.config).into_bytes()
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
        let (safe_tx, safe) = watch::channel(last_seq);
        let to_sync = spawn_syncer(syncing, path.clone(), safe_tx);
        inner.last_seq = last_seq;
        inner.state.notices = notices;
        inner.store = Store::File(Box::new(LogFile {
            file,
            path,
            written,
            reserved: last_seq,
            seq_path: dir.join(SEQ_FILE),
            to_sync,
        }));
        Ok(Self::with(inner, safe))
    }

    fn with(inner: Inner, safe: watch::Receiver<u64>) -> Self {
        let (tx, _) = broadcast::channel(1024);
        Self {
            inner: Arc::new(Mutex::new(inner)),
            tx,
            safe,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave the log half-updated in a way that matters
        // more than stopping the stream would, so a poisoned lock is used as it is.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Milliseconds on the hub's clock (continues across restarts).
    pub fn now_ms(&self) -> u64 {
        let inner = self.lock();
        inner.offset_ms + inner.started.elapsed().as_millis() as u64
    }

    /// Microseconds on the hub's clock; `now_us() / 1000` is [`Self::now_ms`].
    pub fn now_us(&self) -> u64 {
        let inner = self.lock();
        inner.offset_ms * 1000 + inner.started.elapsed().as_micros() as u64
    }

    /// The game's setup: the log's, when it held a game.
    pub fn config(&self) -> GameConfig {
        self.lock().config.clone()
    }

    /// The schema version of the game's log: an existing log's own, this core's for a new one.
    pub fn log_version(&self) -> u32 {
        self.lock().version
    }

    /// The events the log held on start, in order (the referee replays them).
    pub fn logged_events(&self) -> Vec<LogLine> {
        self.lock().logged.clone()
    }

    /// What the bridge found on start that its users should know.
    pub fn notices(&self) -> Vec<String> {
        self.lock().state.notices.clone()
    }

    /// The highest sequence number whose log lines are on the disk itself (0 without a file).
    pub fn safe_through(&self) -> watch::Receiver<u64> {
        self.safe.clone()
    }

    /// Publishes `body`: numbers it, sends it to every page and logs it. Returns its number.
    pub fn publish(&self, body: Body) -> u64 {
        self.publish_all(vec![body]).unwrap_or(0)
    }

    /// Publishes `bodies` in order, as one [`Batch`]. Returns the last number, if any.
    pub fn publish_all(&self, bodies: Vec<Body>) -> Option<u64> {
        let mut batch = self.batch();
        bodies.into_iter().map(|b| batch.stage(b)).last()
    }

    /// Starts a batch of messages. Each staged message is numbered and serialised; on
    /// [`Batch::release`] (or when the batch is dropped) the staged events are written to
    /// the event log in one write, and only then are the messages sent to every page.
    ///
    /// Written before sent: a page never holds an event the log lacks, even if the bridge is
    /// killed at once (the page cache keeps what was written; the syncer puts it on the disk
    /// for a power cut, and pages hear when). Sending first saves only the write (tens of
    /// microseconds). To keep everything else off the move's path, a caller stages the move and
    /// the events that made it, releases them (one write), and only then works out and releases
    /// the state.
    pub fn batch(&self) -> Batch<'_> {
        Batch {
            hub: self,
            inner: self.lock(),
            lines: Vec::new(),
            last_event: None,
            staged: Vec::new(),
        }
    }

    /// Holds back the writing and sending of released messages until the returned guard is
    /// dropped; then everything released meanwhile is written to the log in one write and
    /// sent, in order.
    ///
    /// The board's link holds the hub for each round of work on the port's bytes. Pages are
    /// served by the same thread, so nothing could be sent before the round ends anyway; the
    /// hold makes the round's several publishes (a touch, the event it is, the state) cost one
    /// write instead of one each, and the first message reaches the pages that much sooner.
    pub fn hold(&self) -> Hold {
        self.lock().held += 1;
        Hold { hub: self.clone() }
    }

    /// A snapshot of the game now, the messages after `last_seq` (none when they are no
    /// longer kept, or `last_seq` is not one of this bridge's), and a receiver for everything
    /// published after them, all taken at one instant.
    pub fn subscribe(&self, last_seq: u64) -> (Snapshot, Vec<Entry>, broadcast::Receiver<Entry>) {
        let inner = self.lock();
        let rx = self.tx.subscribe();
        let tail = Self::tail_of(&inner, last_seq).unwrap_or_default();
        (self.snapshot_of(&inner), tail, rx)
    }

    /// The messages after `last_seq` (to fill a gap after a slow reader fell behind); `None`
    /// when they are no longer all kept, and the reader needs a fresh snapshot.
    pub fn tail(&self, last_seq: u64) -> Option<Vec<Entry>> {
        Self::tail_of(&self.lock(), last_seq)
    }

    /// A snapshot of the game now.
    pub fn snapshot(&self) -> Snapshot {
        self.snapshot_of(&self.lock())
    }

    fn tail_of(inner: &Inner, last_seq: u64) -> Option<Vec<Entry>> {
        if last_seq >= inner.last_seq {
            return Some(Vec::new());
        }
        let first = inner.recent.front()?.seq;
        if last_seq + 1 < first {
            return None;
        }
        let start = inner.recent.partition_point(|e| e.seq <= last_seq);
        Some(inner.recent.range(start..).cloned().collect())
    }

    fn snapshot_of(&self, inner: &Inner) -> Snapshot {
        let s = &inner.state;
        let safe = *self.safe.borrow();
        Snapshot {
            v: PROTOCOL_VERSION,
            kind: "snapshot".into(),
            seq: inner.last_seq,
            fen: s.fen.clone(),
            moves: s.moves.iter().map(|m| m.uci.clone()).collect(),
            san: s.moves.iter().map(|m| m.san.clone()).collect(),
            connected: s.connected,
            placement: s.placement.clone(),
            port: s.port.clone(),
            dropped: s.dropped,
            resyncs: s.resyncs,
            sealing: s.sealing.clone(),
            config: s.config.clone(),
            state: s.state.clone(),
            safe: matches!(inner.store, Store::File(_)).then_some(safe),
            notices: s.notices.clone(),
            at_ms: Some(inner.offset_ms + inner.started.elapsed().as_millis() as u64),
        }
    }

    /// Sets the game's setup that snapshots carry from now on.
    pub fn set_config(&self, config: arbiter_core::arbiter::GameConfig) {
        self.lock().state.config = Some(config);
    }

    /// Sets what snapshots show of the game without publishing anything: the moves and
    /// state a restarted bridge's game holds after replaying the log.
    pub fn restore(&self, moves: Vec<RecordedMove>, fen: String, state: Option<serde_json::Value>) {
        let mut inner = self.lock();
        inner.state.moves = moves;
        inner.state.fen = fen;
        inner.state.state = state;
    }

    /// The game's state now.
    pub fn state(&self) -> GameState {
        self.lock().state.clone()
    }

    /// What `/events.jsonl` serves now.
    pub fn log_source(&self) -> LogSource {
        match &self.lock().store {
            Store::Memory(lines) => LogSource::Memory(lines.clone()),
            Store::File(f) => LogSource::File(f.path.clone(), f.written),
        }
    }

    /// The whole log as JSON Lines, read at once (for tests and small logs).
    pub fn log_text(&self) -> String {
        match self.log_source() {
            LogSource::Memory(lines) => lines.concat(),
            LogSource::File(path, len) => {
                let mut text = std::fs::read(path).unwrap_or_default();
                text.truncate(usize::try_from(len).unwrap_or(usize::MAX));
                String::from_utf8_lossy(&text).into_owned()
            }
        }
    }

    /// The latest messages published (at most [`RECENT`]), read back.
    pub fn bodies(&self) -> Vec<Body> {
        self.lock()
            .recent
            .iter()
            .filter_map(|e| serde_json::from_str::<Envelope>(&e.json).ok())
            .map(|e| e.body)
            .collect()
    }

    /// The last sequence number published.
    pub fn last_seq(&self) -> u64 {
        self.lock().last_seq
    }
}

impl Inner {
    fn new(config: GameConfig, store: Store) -> Inner {
        Inner {
            recent: VecDeque::new(),
            last_seq: 0,
            state: GameState::default(),
            config,
            version: arbiter_core::arbiter::VERSION,
            store,
            logged: Vec::new(),
            started: std::time::Instant::now(),
            offset_ms: 0,
            held: 0,
            pending: Pending::default(),
        }
    }
}

/// Starts the thread that puts written lines on the disk: it waits for a seq, takes every
/// other that came meanwhile, syncs once for them all, and says how far the log is safe.
fn spawn_syncer(file: File, path: PathBuf, safe: watch::Sender<u64>) -> mpsc::Sender<u64> {
    let (tx, rx) = mpsc::channel::<u64>();
    let spawned = std::thread::Builder::new()
        .name("log-sync".into())
        .spawn(move || {
            while let Ok(mut through) = rx.recv() {
                while let Ok(later) = rx.try_recv() {
                    through = through.max(later);
                }
                match file.sync_data() {
                    Ok(()) => {
                        safe.send_replace(through);
                    }
                    Err(e) => eprintln!("board-bridge: cannot sync {}: {e}", path.display()),
                }
            }
        });
    if let Err(e) = spawned {
        eprintln!("board-bridge: no thread to sync the event log ({e}); it is written, not synced");
    }
    tx
}

/// Messages published together; see [`Hub::batch`]. Holds the hub's lock until dropped.
pub struct Batch<'a> {
    hub: &'a Hub,
    inner: MutexGuard<'a, Inner>,
    lines: Vec<u8>,
    last_event: Option<u64>,
    staged: Vec<(Entry, u64)>,
}

impl Batch<'_> {
    /// Numbers and serialises `body`; it is logged (if an event) and sent on
    /// [`Self::release`]. Returns its number.
    pub fn stage(&mut self, body: Body) -> u64 {
        let inner = &mut *self.inner;
        inner.last_seq += 1;
        let seq = inner.last_seq;
        if let Store::File(f) = &mut inner.store
            && seq > f.reserved
        {
            // Reserved a block at a time: one small write per thousand messages.
            f.reserved = seq + SEQ_BLOCK - 1;
            if let Err(e) = std::fs::write(&f.seq_path, format!("{}\n", f.reserved)) {
                eprintln!("board-bridge: cannot write {}: {e}", f.seq_path.display());
            }
        }
        let at_ms = inner.offset_ms + inner.started.elapsed().as_millis() as u64;
        inner.state.apply(&body);
        if let Body::Event { event, source } = &body {
            let line = LogLine {
                seq: Some(seq),
                at: event.at,
                event: event.event.clone(),
                source: Some(source.clone()),
            }
            .to_jsonl();
            match &mut inner.store {
                Store::Memory(lines) => lines.push(line.into()),
                Store::File(_) => {
                    self.lines.extend_from_slice(line.as_bytes());
                    self.last_event = Some(seq);
                }
            }
        }
        let envelope = Envelope {
            v: PROTOCOL_VERSION,
            seq,
            at_ms,
            body,
        };
        // Serialising plain strings and numbers cannot fail.
        let json: Arc<str> = serde_json::to_string(&envelope).unwrap_or_default().into();
        let entry = Entry { seq, json };
        if inner.recent.len() == RECENT {
            inner.recent.pop_front();
        }
        inner.recent.push_back(entry.clone());
        self.staged.push((entry, trace::now_ns()));
        seq
    }

    /// Writes the staged events to the event log in one write, then sends the messages to
    /// every page; under a [`Hold`], when the hold ends.
    pub fn release(&mut self) {
        let inner = &mut *self.inner;
        inner.pending.lines.append(&mut self.lines);
        inner.pending.last_event = self.last_event.take().or(inner.pending.last_event);
        inner.pending.entries.append(&mut self.staged);
        if inner.held == 0 {
            write_and_send(inner, &self.hub.tx);
        }
    }
}

/// Writes the pending events to the event log in one write, hands them to the syncer, then
/// sends the pending messages.
fn write_and_send(inner: &mut Inner, tx: &broadcast::Sender<Entry>) {
    let pending = std::mem::take(&mut inner.pending);
    if !pending.lines.is_empty()
        && let Store::File(f) = &mut inner.store
    {
        // One write for them all, so a kill leaves at most one cut line (set aside when the
        // log is read back).
        match f.file.write_all(&pending.lines) {
            Ok(()) => {
                f.written += pending.lines.len() as u64;
                if let Some(seq) = pending.last_event {
                    let _ = f.to_sync.send(seq);
                }
            }
            Err(e) => eprintln!("board-bridge: cannot write {}: {e}", f.path.display()),
        }
    }
    let logged = trace::now_ns();
    for (entry, serialised) in pending.entries {
        let seq = entry.seq;
        // No receiver is not an error: nobody is watching yet.
        let _ = tx.send(entry);
        if trace::ENABLED {
            let own = [
                ("serialised", serialised),
                ("logged", logged),
                ("broadcast", trace::now_ns()),
            ];
            trace::published(seq, &own);
        }
    }
}

/// See [`Hub::hold`]. Ending it writes and sends what was released under it.
pub struct Hold {
    hub: Hub,
}

impl Drop for Hold {
    fn drop(&mut self) {
        let mut inner = self.hub.lock();
        inner.held = inner.held.saturating_sub(1);
        if inner.held == 0 {
            write_and_send(&mut inner, &self.hub.tx);
        }
    }
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        self.release();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::{Event, Stamped};
    use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
    use arbiter_core::laws::Edition;

    fn error(text: &str) -> Body {
        Body::Error {
            message: text.into(),
        }
    }

    fn start(at: u64) -> Body {
        Body::Event {
            event: Stamped {
                at: Timestamp(at),
                event: Event::Start,
            },
            source: "board".into(),
        }
    }

    fn config() -> GameConfig {
        GameConfig::new(
            Edition::Fide2005,
            TimeControl::sudden_death(Millis::minutes(5), Timing::None),
        )
    }

    struct Folder(PathBuf);

    impl Folder {
        fn new(name: &str) -> Folder {
            let dir = std::env::temp_dir().join(format!("hub-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            Folder(dir)
        }
    }

    impl Drop for Folder {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn lines(path: &Path) -> usize {
        std::fs::read_to_string(path).expect("log").lines().count()
    }

    #[test]
    fn a_log_of_an_earlier_schema_version_keeps_its_version_and_a_new_log_takes_this_cores() {
        let dir = Folder::new("version");
        let fresh = Hub::open(&dir.0, config()).expect("log");
        assert_eq!(fresh.log_version(), arbiter_core::arbiter::VERSION);
        let text = fresh.log_text();
        drop(fresh);
        let current = format!("\"version\":{}", arbiter_core::arbiter::VERSION);
        assert!(text.contains(&current), "{text}");
        let old = text.replacen(&current, "\"version\":1", 1);
        std::fs::write(dir.0.join(LOG_FILE), old).expect("write");
        let reopened = Hub::open(&dir.0, config()).expect("a version-1 log is read");
        assert_eq!(reopened.log_version(), 1);
        assert!(
            reopened
                .log_text()
                .starts_with(r#"{"schema":"arbiter-log","version":1,"#)
        );
    }

    #[test]
    fn a_hold_logs_and_sends_what_was_released_under_it_once_it_ends_in_order() {
        let dir = Folder::new("hold");
        let hub = Hub::open(&dir.0, config()).expect("log");
        let log = dir.0.join(LOG_FILE);
        assert_eq!(lines(&log), 1, "a new log is its header");
        let (_, _, mut rx) = hub.subscribe(0);
        let outer = hub.hold();
        hub.publish(error("touch"));
        {
            // A hold inside another ends nothing.
            let _inner = hub.hold();
            hub.publish_all(vec![start(5), error("state")]);
        }
        assert!(rx.try_recv().is_err(), "sent before the hold ended");
        assert_eq!(lines(&log), 1);
        drop(outer);
        // Only the event is a line of the log; every message was numbered and sent.
        assert_eq!(lines(&log), 2);
        let sent: Vec<u64> = std::iter::from_fn(|| rx.try_recv().ok().map(|e| e.seq)).collect();
        assert_eq!(sent, [1, 2, 3]);
        hub.publish(error("after"));
        assert_eq!(rx.try_recv().map(|e| e.seq).ok(), Some(4));
        let record = LogRecord::from_jsonl(&hub.log_text()).expect("the core's log format");
        assert_eq!(
            record.config,
            GameConfig {
                defer_analysis: true,
                ..config()
            },
            "the bridge's games defer the full analysis"
        );
        assert_eq!(record.lines.len(), 1);
        assert_eq!(record.lines[0].seq, Some(2));
        assert_eq!(record.lines[0].source.as_deref(), Some("board"));
    }

    #[test]
    fn a_cut_last_line_is_set_aside_with_a_notice_and_the_numbers_go_on() {
        let dir = Folder::new("cut");
        let log = dir.0.join(LOG_FILE);
        {
            let hub = Hub::open(&dir.0, config()).expect("log");
            hub.publish(start(1));
            hub.publish(start(2));
        }
        let whole = std::fs::read_to_string(&log).expect("log");
        // A power cut in the middle of the next line's write.
        let cut = "{\"seq\":9000,\"at\":3,\"event\":{\"type\":\"st";
        std::fs::write(&log, format!("{whole}{cut}")).expect("cut");
        let _ = std::fs::remove_file(dir.0.join(SEQ_FILE));
        let hub = Hub::open(&dir.0, config()).expect("a cut line does not stop the bridge");
        assert_eq!(hub.logged_events().len(), 2, "nothing whole is lost");
        assert_eq!(std::fs::read_to_string(&log).expect("log"), whole);
        let aside = std::fs::read_to_string(dir.0.join(CUT_FILE)).expect("set aside");
        assert_eq!(aside, format!("{cut}\n"));
        assert!(hub.notices()[0].contains(CUT_FILE), "{:?}", hub.notices());
        assert!(hub.snapshot().notices[0].contains("cut off"));
        assert_eq!(
            hub.publish(start(4)),
            9001,
            "the cut line's number is not handed out again"
        );
        drop(hub);
        // The next start reads it all: no line was glued onto the fragment.
        let hub = Hub::open(&dir.0, config()).expect("reads");
        assert_eq!(hub.logged_events().len(), 3);
        assert!(hub.notices().is_empty());
    }

    #[test]
    fn a_line_cut_just_before_its_newline_is_kept_whole() {
        let dir = Folder::new("newline");
        let log = dir.0.join(LOG_FILE);
        {
            let hub = Hub::open(&dir.0, config()).expect("log");
            hub.publish(start(1));
        }
        let text = std::fs::read_to_string(&log).expect("log");
        std::fs::write(&log, text.trim_end()).expect("cut");
        let hub = Hub::open(&dir.0, config()).expect("reads");
        assert_eq!(hub.logged_events().len(), 1);
        assert!(hub.notices().is_empty());
        assert_eq!(std::fs::read_to_string(&log).expect("log"), text);
    }

    #[test]
    fn memory_follows_the_game_a_page_too_far_behind_gets_a_snapshot() {
        let hub = Hub::in_memory(config());
        for i in 0..(RECENT + 10) {
            hub.publish(error(&format!("{i}")));
        }
        assert_eq!(hub.lock().recent.len(), RECENT);
        assert!(hub.tail(5).is_none(), "gone: a fresh snapshot instead");
        assert_eq!(hub.tail(hub.last_seq() - 2).map(|t| t.len()), Some(2));
        assert_eq!(hub.tail(hub.last_seq() + 50).map(|t| t.len()), Some(0));
    }

    #[test]
    fn the_syncer_says_how_far_the_log_is_on_disk() {
        let dir = Folder::new("sync");
        let hub = Hub::open(&dir.0, config()).expect("log");
        let mut safe = hub.safe_through();
        let seq = hub.publish(start(1));
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while *safe.borrow_and_update() < seq {
            assert!(std::time::Instant::now() < deadline, "never synced");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}
