//! The game's stream: every message gets the next sequence number, goes to the event log on disk
//! (flushed before anyone sees it, so a bridge killed mid-game restarts where it was; see
//! [`Hub::batch`] for the order), and then to every connected page. A page that (re)connects gets a snapshot and the tail it missed, taken
//! under the same lock that publishes, so no message falls between the two.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::broadcast;

use crate::protocol::{Body, Envelope, PROTOCOL_VERSION, Snapshot};
use crate::trace;

/// The event log's file name inside the log folder.
pub const LOG_FILE: &str = "events.jsonl";

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
    /// The game's setup, once a referee has set it (not logged: each run is given its own).
    pub config: Option<arbiter_core::arbiter::GameConfig>,
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
                ..
            } => {
                self.connected = *connected;
                if placement.is_some() || !connected {
                    self.placement = placement.clone();
                }
                if orientation.is_some() {
                    self.orientation = orientation.clone();
                }
            }
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
    /// A line of the log is not a message of this version.
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

struct Inner {
    entries: Vec<Entry>,
    state: GameState,
    file: Option<(File, PathBuf)>,
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
    /// Each entry with when it was serialised (for the stage trace).
    entries: Vec<(Entry, u64)>,
}

/// The shared stream. Cheap to clone.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Mutex<Inner>>,
    tx: broadcast::Sender<Entry>,
}

impl Hub {
    /// A hub that keeps its log in memory only.
    pub fn in_memory() -> Self {
        Self::with(Vec::new(), GameState::default(), None, 0)
    }

    /// A hub whose log lives in `dir/events.jsonl`; an existing log is read back first, so the
    /// game continues where it was.
    ///
    /// # Errors
    /// The folder cannot be created, the file cannot be opened, or a line is not a message.
    pub fn open(dir: &Path) -> Result<Self, LogError> {
        let path = dir.join(LOG_FILE);
        let io = |source| LogError::Io {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        let mut entries = Vec::new();
        let mut state = GameState::default();
        let mut offset_ms = 0;
        if path.exists() {
            let reader = BufReader::new(File::open(&path).map_err(io)?);
            for (i, line) in reader.lines().enumerate() {
                let line = line.map_err(io)?;
                if line.trim().is_empty() {
                    continue;
                }
                let envelope: Envelope = match serde_json::from_str(&line) {
                    Ok(e) => e,
                    // A bridge killed in the middle of a write leaves a cut last line: drop it.
                    Err(_) if i + 1 == count_lines(&path) => break,
                    Err(e) => {
                        return Err(LogError::Corrupt {
                            path: path.clone(),
                            line: i + 1,
                            reason: e.to_string(),
                        });
                    }
                };
                state.apply(&envelope.body);
                offset_ms = offset_ms.max(envelope.at_ms);
                entries.push(Entry {
                    seq: envelope.seq,
                    json: line.into(),
                });
            }
        }
        // A fresh run starts disconnected whatever the log last said.
        state.connected = false;
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io)?;
        Ok(Self::with(entries, state, Some((file, path)), offset_ms))
    }

    fn with(
        entries: Vec<Entry>,
        state: GameState,
        file: Option<(File, PathBuf)>,
        offset_ms: u64,
    ) -> Self {
        let (tx, _) = broadcast::channel(1024);
        let inner = Inner {
            entries,
            state,
            file,
            started: std::time::Instant::now(),
            offset_ms,
            held: 0,
            pending: Pending::default(),
        };
        Self {
            inner: Arc::new(Mutex::new(inner)),
            tx,
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
    /// [`Batch::release`] (or when the batch is dropped) the staged messages are written to
    /// the event log in one write, flushed, and only then sent to every page.
    ///
    /// Logged before sent: a page never holds a message the log lacks. Sending first saves only
    /// the write (tens of microseconds), and a bridge killed between the two would reuse the
    /// numbers of messages pages already saw for different ones after its restart (the bridge's
    /// restart test caught exactly that: a move shown twice). To keep everything
    /// else off the move's path, a caller stages the move and the events that made it, releases
    /// them (one write), and only then works out and releases the state.
    pub fn batch(&self) -> Batch<'_> {
        Batch {
            hub: self,
            inner: self.lock(),
            lines: Vec::new(),
            staged: Vec::new(),
        }
    }

    /// Holds back the writing and sending of released messages until the returned guard is
    /// dropped; then everything released meanwhile is written to the log in one write, flushed,
    /// and sent, in order.
    ///
    /// The board's link holds the hub for each round of work on the port's bytes. Pages are
    /// served by the same thread, so nothing could be sent before the round ends anyway; the
    /// hold makes the round's several publishes (a touch, the event it is, the state) cost one
    /// write instead of one each, and the first message reaches the pages that much sooner.
    pub fn hold(&self) -> Hold {
        self.lock().held += 1;
        Hold { hub: self.clone() }
    }

    /// A snapshot of the game now, the messages after `last_seq`, and a receiver for everything
    /// published after them, all taken at one instant.
    pub fn subscribe(&self, last_seq: u64) -> (Snapshot, Vec<Entry>, broadcast::Receiver<Entry>) {
        let inner = self.lock();
        let rx = self.tx.subscribe();
        let tail = Self::tail_of(&inner.entries, last_seq);
        (Self::snapshot_of(&inner), tail, rx)
    }

    /// The messages after `last_seq` (to fill a gap after a slow reader fell behind).
    pub fn tail(&self, last_seq: u64) -> Vec<Entry> {
        Self::tail_of(&self.lock().entries, last_seq)
    }

    fn tail_of(entries: &[Entry], last_seq: u64) -> Vec<Entry> {
        let start = entries.partition_point(|e| e.seq <= last_seq);
        entries[start..].to_vec()
    }

    fn snapshot_of(inner: &Inner) -> Snapshot {
        let s = &inner.state;
        Snapshot {
            v: PROTOCOL_VERSION,
            kind: "snapshot".into(),
            seq: inner.entries.last().map_or(0, |e| e.seq),
            fen: s.fen.clone(),
            moves: s.moves.iter().map(|m| m.uci.clone()).collect(),
            san: s.moves.iter().map(|m| m.san.clone()).collect(),
            connected: s.connected,
            placement: s.placement.clone(),
            config: s.config.clone(),
        }
    }

    /// Sets the game's setup that snapshots carry from now on.
    pub fn set_config(&self, config: arbiter_core::arbiter::GameConfig) {
        self.lock().state.config = Some(config);
    }

    /// The game's state now.
    pub fn state(&self) -> GameState {
        self.lock().state.clone()
    }

    /// The whole log as JSON Lines.
    pub fn log_text(&self) -> String {
        let inner = self.lock();
        let mut out = String::with_capacity(inner.entries.len() * 96);
        for e in &inner.entries {
            out.push_str(&e.json);
            out.push('\n');
        }
        out
    }

    /// Every message published so far, read back (a restarted bridge replays the game's events).
    pub fn bodies(&self) -> Vec<Body> {
        self.lock()
            .entries
            .iter()
            .filter_map(|e| serde_json::from_str::<Envelope>(&e.json).ok())
            .map(|e| e.body)
            .collect()
    }

    /// The last sequence number published.
    pub fn last_seq(&self) -> u64 {
        self.lock().entries.last().map_or(0, |e| e.seq)
    }
}

/// Messages published together; see [`Hub::batch`]. Holds the hub's lock until dropped.
pub struct Batch<'a> {
    hub: &'a Hub,
    inner: MutexGuard<'a, Inner>,
    lines: Vec<u8>,
    staged: Vec<(Entry, u64)>,
}

impl Batch<'_> {
    /// Numbers and serialises `body`; it is logged and sent on [`Self::release`]. Returns its
    /// number.
    pub fn stage(&mut self, body: Body) -> u64 {
        let inner = &mut *self.inner;
        let seq = inner.entries.last().map_or(1, |e| e.seq + 1);
        let at_ms = inner.offset_ms + inner.started.elapsed().as_millis() as u64;
        inner.state.apply(&body);
        let envelope = Envelope {
            v: PROTOCOL_VERSION,
            seq,
            at_ms,
            body,
        };
        // Serialising plain strings and numbers cannot fail.
        let json: Arc<str> = serde_json::to_string(&envelope).unwrap_or_default().into();
        let entry = Entry { seq, json };
        if inner.file.is_some() {
            self.lines.extend_from_slice(entry.json.as_bytes());
            self.lines.push(b'\n');
        }
        inner.entries.push(entry.clone());
        self.staged.push((entry, trace::now_ns()));
        seq
    }

    /// Writes the staged messages to the event log in one write, flushed, then sends them to
    /// every page; under a [`Hold`], when the hold ends.
    pub fn release(&mut self) {
        let inner = &mut *self.inner;
        inner.pending.lines.append(&mut self.lines);
        inner.pending.entries.append(&mut self.staged);
        if inner.held == 0 {
            write_and_send(inner, &self.hub.tx);
        }
    }
}

/// Writes the pending messages to the event log in one write, flushed, then sends them.
fn write_and_send(inner: &mut Inner, tx: &broadcast::Sender<Entry>) {
    let pending = std::mem::take(&mut inner.pending);
    if !pending.lines.is_empty()
        && let Some((file, path)) = inner.file.as_mut()
    {
        // One write for them all, so a kill leaves at most one cut line (dropped when the log
        // is read back).
        if let Err(e) = file.write_all(&pending.lines).and_then(|()| file.flush()) {
            eprintln!("board-bridge: cannot write {}: {e}", path.display());
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

fn count_lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> Body {
        Body::Error {
            message: text.into(),
        }
    }

    struct Folder(PathBuf);

    impl Drop for Folder {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn a_hold_logs_and_sends_what_was_released_under_it_once_it_ends_in_order() {
        let dir = Folder(std::env::temp_dir().join(format!("hub-hold-{}", std::process::id())));
        let hub = Hub::open(&dir.0).expect("log");
        let log = dir.0.join(LOG_FILE);
        let (_, _, mut rx) = hub.subscribe(0);
        let outer = hub.hold();
        hub.publish(error("touch"));
        {
            // A hold inside another ends nothing.
            let _inner = hub.hold();
            hub.publish_all(vec![error("event"), error("state")]);
        }
        assert!(rx.try_recv().is_err(), "sent before the hold ended");
        assert_eq!(
            std::fs::read_to_string(&log).expect("log").lines().count(),
            0
        );
        drop(outer);
        let lines = std::fs::read_to_string(&log).expect("log");
        assert_eq!(lines.lines().count(), 3);
        let sent: Vec<u64> = std::iter::from_fn(|| rx.try_recv().ok().map(|e| e.seq)).collect();
        assert_eq!(sent, [1, 2, 3]);
        // Without a hold, a release is written and sent at once.
        hub.publish(error("after"));
        assert_eq!(rx.try_recv().map(|e| e.seq).ok(), Some(4));
        assert_eq!(
            std::fs::read_to_string(&log).expect("log").lines().count(),
            4
        );
    }
}
