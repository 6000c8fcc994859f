//! The hub: the one door through which the game's messages go out, to the event log on disk
//! ([`crate::log`]) and to every page ([`crate::stream`]). Every message gets the next sequence
//! number; the events among them (what the game accepted) are written to the log before
//! anyone sees them, so a bridge killed mid-game restarts where it was (see [`Hub::batch`] for
//! the order), and pages are told how far the log is safe (`{"type":"safe","through":N}`).
//! The game's task ([`crate::game`]) owns the hub (through its [`crate::referee::Referee`]):
//! nothing else holds it, so a page that (re)connects gets a snapshot and the tail it missed
//! from a command of that task, and no message can fall between the two.
//!
//! The hub's clock ([`HubClock`]) is the game's: monotonic within a run, and across a restart
//! it goes on from the log's last line by the wall-clock time since (every line the hub writes
//! carries its wall-clock time, `unix_ms`, and `crate::ticker` writes a time line every second
//! while a clock runs), so the time the bridge was down counts on the clock that was running.

use std::path::Path;
use std::sync::Arc;

use arbiter_core::arbiter::{GameConfig, LogLine, Resume, State};
use arbiter_core::pgn::Tags;
use tokio::sync::{broadcast, watch};

pub use crate::log::{CUT_FILE, LOG_FILE, LogError, LogSource, SEQ_FILE};
use crate::log::{Health, LogStore};
use crate::protocol::{Body, Envelope, PROTOCOL_VERSION, Snapshot};
use crate::stream::Stream;
pub use crate::stream::{Entry, GameState, RECENT, RecordedMove};
use crate::trace;

mod clock;
pub use clock::{GameFacts, HubClock, unix_now_ms};

/// The one door of a game's messages (see the module's documentation). Owned by the game's
/// task; whoever else reads it asks that task ([`crate::game::GameHandle::act`]).
pub struct Hub {
    stream: Stream,
    state: GameState,
    config: GameConfig,
    /// The log's schema version: a log from an earlier core keeps its own, so its events go on
    /// ruling as they did when they were recorded.
    version: u32,
    log: LogStore,
    /// The events the log held on start, for the referee to replay.
    logged: Vec<LogLine>,
    /// The game's clock, set once the log is read.
    clock: HubClock,
    /// How this run went on from the log's last line, when the log had one with a wall time.
    restart: Option<Resume>,
    /// The instant of the last event line written, ms (a time line is due a period later).
    last_line_at: u64,
    /// When the game began on the wall clock, and whether that was its `start` line.
    began: Option<(u64, bool)>,
    /// What the game's PGN is tagged with beside what the game knows (the event's tags).
    tags: Tags,
    /// What the users are told while the log cannot be written.
    log_failure: Option<String>,
    /// How many holds are on ([`Hub::hold`]): while any is, released messages wait in
    /// `pending`.
    held: usize,
    /// Released messages not yet written and sent, with their log lines.
    pending: Pending,
    /// Whether what is written waits for [`Hub::sync_later`]`(false)` before the syncer is
    /// woken to put it on the disk.
    sync_later: bool,
    /// How far the log is on the disk, as its syncer says.
    safe: watch::Receiver<u64>,
}

/// Messages released under a hold ([`Hub::hold`]), written and sent together when it ends.
#[derive(Default)]
struct Pending {
    lines: Vec<u8>,
    /// The seqs of the first and last events among `lines`.
    events: Option<(u64, u64)>,
    /// Each entry with when it was serialised (for the stage trace).
    entries: Vec<(Entry, u64)>,
}

/// The longest time between two lines of the log while a clock runs, ms: the most a restart
/// can misplace of the time it was down (see `crate::ticker`).
pub const TIME_LINE_MS: u64 = 1000;

/// The setup of a game the bridge begins: a ruling that needs the full dead-position
/// analysis waits for it (`defer_analysis`), and the referee works it out off the thread that
/// serves every page and board, so a hard position stalls no one. A log that exists keeps the
/// setup its header names.
fn bridged(mut config: GameConfig) -> GameConfig {
    config.defer_analysis = true;
    config
}

impl Hub {
    /// A hub for a game set up by `config` that keeps its log in memory only.
    pub fn in_memory(config: GameConfig) -> Self {
        let config = bridged(config);
        let log = LogStore::memory(arbiter_core::arbiter::header_jsonl(&config));
        Self::new(config, log, 0, 0)
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
        let opened = crate::log::open::open(dir, bridged(config))?;
        // The time the bridge was down counts as it would have, had it run.
        let restart = arbiter_core::arbiter::resume_at(&opened.lines, unix_now_ms());
        let offset_ms = restart.map_or(opened.last_at, |resume| resume.at.0);
        let mut hub = Self::new(opened.config, opened.store, opened.last_seq, offset_ms);
        hub.version = opened.version;
        hub.last_line_at = opened.last_at;
        hub.restart = restart;
        hub.began = arbiter_core::arbiter::began_unix_ms(&opened.lines).map(|ms| {
            let by_start = opened
                .lines
                .iter()
                .any(|l| matches!(l.event, arbiter_core::arbiter::Event::Start));
            (ms, by_start)
        });
        hub.logged = opened.lines;
        hub.state.notices = opened.notices;
        Ok(hub)
    }

    /// Milliseconds on the hub's clock (continues across restarts).
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Microseconds on the hub's clock; `now_us() / 1000` is [`Self::now_ms`].
    pub fn now_us(&self) -> u64 {
        self.clock.now_us()
    }

    /// The hub's clock, for a board's link or a page's request to read without asking the
    /// game's task.
    pub fn clock(&self) -> HubClock {
        self.clock
    }

    /// What never changes of the game, for the shells outside its task to keep.
    pub fn facts(&self) -> GameFacts {
        GameFacts {
            clock: self.clock,
            config: self.config.clone(),
            log_version: self.version,
        }
    }

    /// The game's setup: the log's, when it held a game.
    pub fn config(&self) -> GameConfig {
        self.config.clone()
    }

    /// The schema version of the game's log: an existing log's own, this core's for a new one.
    pub fn log_version(&self) -> u32 {
        self.version
    }

    /// The events the log held on start, in order, handed over once (the referee replays them):
    /// the log is not kept in memory after (a 36 MB log held 173 MB).
    pub fn logged_events(&mut self) -> Vec<LogLine> {
        std::mem::take(&mut self.logged)
    }

    /// What the bridge found on start that its users should know.
    pub fn notices(&self) -> Vec<String> {
        self.state.notices.clone()
    }

    /// Adds a notice that snapshots carry from now on.
    pub fn add_notice(&mut self, text: String) {
        self.state.notices.push(text);
    }

    /// How this run went on from the log it found: the instant it resumed at and how long it
    /// was stopped by the wall clock. `None` for a new log, or one without wall times.
    pub fn restart(&self) -> Option<Resume> {
        self.restart
    }

    /// When the next time line is due: a [`TIME_LINE_MS`] after the last line written.
    pub fn next_time_line(&self) -> u64 {
        self.last_line_at + TIME_LINE_MS
    }

    /// When the game began, ms since 1970 (the wall time of its `start` line, else of its
    /// first line): the day of its PGN `Date`.
    pub fn began_unix_ms(&self) -> Option<u64> {
        self.began.map(|(ms, _)| ms)
    }

    /// Sets the tags the game's PGN carries beside what the game knows itself (a hall's
    /// Event, Site, Date, Round and FIDE ids).
    pub fn set_pgn_tags(&mut self, tags: Tags) {
        self.tags = tags;
    }

    /// The tags for the game's PGN: those set, and the `Date` of the day the game began when
    /// none is set.
    pub fn pgn_tags(&self) -> Tags {
        let mut tags = self.tags.clone();
        let unknown = tags.get("Date").is_none_or(|d| d.starts_with('?'));
        if unknown && let Some((ms, _)) = self.began {
            tags.set("Date", arbiter_core::arbiter::pgn_date(ms));
        }
        tags
    }

    /// The highest sequence number whose log lines are on the disk itself (0 without a file).
    pub fn safe_through(&self) -> watch::Receiver<u64> {
        self.safe.clone()
    }

    /// Why the event log cannot be written, while it cannot (the lines are held meanwhile).
    pub fn log_failing(&self) -> Option<String> {
        self.log_failure.clone()
    }

    /// Tries again to write the log's lines held back by a failed write; the users are told
    /// when they are written.
    pub fn retry_log(&mut self) {
        if self.log_failure.is_some() {
            let health = self.log.retry();
            self.log.sync_written();
            self.told(health);
        }
    }

    /// Publishes `body`: numbers it, sends it to every page and logs it. Returns its number.
    pub fn publish(&mut self, body: Body) -> u64 {
        self.publish_all(vec![body]).unwrap_or(0)
    }

    /// Publishes `bodies` in order, as one [`Batch`]. Returns the last number, if any.
    pub fn publish_all(&mut self, bodies: Vec<Body>) -> Option<u64> {
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
    pub fn batch(&mut self) -> Batch<'_> {
        Batch {
            hub: self,
            lines: Vec::new(),
            events: None,
            staged: Vec::new(),
        }
    }

    /// Holds back the writing and sending of released messages until [`Self::end_hold`]; then
    /// everything released meanwhile is written to the log in one write and sent, in order.
    /// Holds nest: only the end of the outermost one writes.
    ///
    /// The game's task holds the hub for each round of work on a board's bytes. Pages are
    /// served by the same thread, so nothing could be sent before the round ends anyway; the
    /// hold makes the round's several publishes (a touch, the event it is, a move and its
    /// events) cost one write instead of one each, and the first message reaches the pages
    /// that much sooner; the state they change follows after the round
    /// (`Referee::defer_state`).
    pub fn hold(&mut self) {
        self.held += 1;
    }

    /// Ends a [`Self::hold`]: the end of the last one on writes and sends what was released
    /// under it.
    pub fn end_hold(&mut self) {
        self.held = self.held.saturating_sub(1);
        if self.held == 0 {
            self.write_and_send();
        }
    }

    /// While `later`, lines written to the log are handed to the syncer (which puts them on
    /// the disk itself and then tells the pages they are safe) only when this is called again
    /// with `false`: a board's round wakes the syncer's thread after the pages have sent what
    /// the round made, not before (waking a thread costs tens of microseconds on a virtual
    /// machine). The lines are in the file before any page is sent them either way.
    pub fn sync_later(&mut self, later: bool) {
        self.sync_later = later;
        if !later {
            self.log.sync_written();
        }
    }

    /// A snapshot of the game now, the messages after `last_seq` (none when they are no
    /// longer kept, or `last_seq` is not one of this bridge's), and a receiver for everything
    /// published after them, all taken at one instant: only the game's task, which owns the
    /// hub, publishes, and it does not while it runs this.
    pub fn subscribe(&self, last_seq: u64) -> (Snapshot, Vec<Entry>, broadcast::Receiver<Entry>) {
        let rx = self.stream.subscribe();
        let tail = self.stream.tail(last_seq).unwrap_or_default();
        (self.snapshot(), tail, rx)
    }

    /// A receiver for everything published from now on (for a follower that wants no
    /// snapshot: it reads the game when woken).
    pub fn listen(&self) -> broadcast::Receiver<Entry> {
        self.stream.subscribe()
    }

    /// The messages after `last_seq` (to fill a gap after a slow reader fell behind); `None`
    /// when they are no longer all kept, and the reader needs a fresh snapshot.
    pub fn tail(&self, last_seq: u64) -> Option<Vec<Entry>> {
        self.stream.tail(last_seq)
    }

    /// A snapshot of the game now.
    pub fn snapshot(&self) -> Snapshot {
        let s = &self.state;
        let safe = *self.safe.borrow();
        Snapshot {
            v: PROTOCOL_VERSION,
            kind: crate::protocol::reply::SnapshotType::Snapshot,
            seq: self.stream.last_seq(),
            fen: s.fen.clone(),
            moves: s.moves.iter().map(|m| m.uci.clone()).collect(),
            san: s.moves.iter().map(|m| m.san.clone()).collect(),
            connected: s.connected,
            placement: s.placement.clone(),
            port: s.port.clone(),
            dropped: s.dropped,
            resyncs: s.resyncs,
            sealing: s.sealing,
            battery: s.battery,
            config: s.config.clone(),
            state: s.state.clone(),
            safe: self.log.is_file().then_some(safe),
            notices: s.notices.iter().chain(&self.log_failure).cloned().collect(),
            at_ms: Some(self.now_ms()),
        }
    }

    /// Sets the game's setup that snapshots carry from now on.
    pub fn set_config(&mut self, config: arbiter_core::arbiter::GameConfig) {
        self.state.config = Some(config);
    }

    /// Sets what snapshots show of the game without publishing anything: the moves and
    /// state a restarted bridge's game holds after replaying the log.
    pub fn restore(&mut self, moves: Vec<RecordedMove>, fen: String, state: Arc<State>) {
        self.state.moves = moves;
        self.state.fen = fen;
        self.state.state = Some(state);
    }

    /// The game's state now.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// What `/events.jsonl` serves now.
    pub fn log_source(&self) -> LogSource {
        self.log.source()
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

    /// The latest messages published (at most [`RECENT`]), as their JSON.
    pub fn recent_json(&self) -> Vec<Arc<str>> {
        self.stream.recent().map(|e| e.json.clone()).collect()
    }

    /// The last sequence number published.
    pub fn last_seq(&self) -> u64 {
        self.stream.last_seq()
    }

    fn new(config: GameConfig, log: LogStore, last_seq: u64, offset_ms: u64) -> Hub {
        Hub {
            safe: log.safe_through(),
            stream: Stream::after(last_seq),
            state: GameState::default(),
            config,
            version: arbiter_core::arbiter::VERSION,
            log,
            logged: Vec::new(),
            clock: HubClock::from(offset_ms),
            restart: None,
            last_line_at: 0,
            began: None,
            tags: Tags::new(),
            log_failure: None,
            held: 0,
            pending: Pending::default(),
            sync_later: false,
        }
    }

    /// Writes the pending events to the event log in one write, then sends the pending
    /// messages; a write that fails (or succeeds again) is told to every page at once.
    fn write_and_send(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        let health = self.log.append(&pending.lines, pending.events);
        let logged = trace::now_ns();
        for (entry, serialised) in pending.entries {
            let seq = entry.seq;
            self.stream.send(entry);
            if trace::ENABLED {
                let own = [
                    ("serialised", serialised),
                    ("logged", logged),
                    ("broadcast", trace::now_ns()),
                ];
                trace::published(seq, &own);
            }
        }
        if !self.sync_later {
            self.log.sync_written();
        }
        self.told(health);
    }

    /// Tells every page what became of the log's health, as a message of its own.
    fn told(&mut self, health: Health) {
        let message = match health {
            Health::Unchanged => return,
            Health::Failing { error, since_seq } => {
                let text = format!(
                    "the log cannot be written: {error} — moves since {} are not safe \
                     (everything from message {since_seq} on is kept and written when the disk allows)",
                    self.moves_since(since_seq)
                );
                self.log_failure = Some(text.clone());
                text
            }
            Health::Recovered { through } => {
                self.log_failure = None;
                format!(
                    "the log is written again: everything through message {through} is on the \
                     disk, and safe once synced"
                )
            }
        };
        eprintln!("board-bridge: {message}");
        let seq = self.stream.next_seq();
        self.log.reserve(seq);
        let envelope = Envelope {
            v: PROTOCOL_VERSION,
            seq,
            at_ms: self.now_ms(),
            body: Body::Error { message },
        };
        let json: Arc<str> = serde_json::to_string(&envelope).unwrap_or_default().into();
        let entry = Entry {
            seq,
            kind: "error",
            json,
        };
        self.stream.keep(entry.clone());
        self.stream.send(entry);
    }

    /// The first move whose messages are from `seq` on ("move 12", "move 12 (Black's)"): the
    /// moves before it are safe.
    fn moves_since(&self, seq: u64) -> String {
        // The moves among the messages from `seq` on were not written; the rest were.
        let unwritten = self
            .stream
            .recent()
            .filter(|e| e.seq >= seq && e.kind == "move")
            .count();
        let safe_plies = self.state.moves.len().saturating_sub(unwritten);
        let number = safe_plies / 2 + 1;
        if safe_plies % 2 == 0 {
            format!("move {number}")
        } else {
            format!("move {number} (Black's)")
        }
    }
}

/// Messages published together; see [`Hub::batch`]. Borrows the hub until dropped.
pub struct Batch<'a> {
    hub: &'a mut Hub,
    lines: Vec<u8>,
    events: Option<(u64, u64)>,
    staged: Vec<(Entry, u64)>,
}

impl Batch<'_> {
    /// Numbers and serialises `body`; it is logged (if an event) and sent on
    /// [`Self::release`]. Returns its number.
    pub fn stage(&mut self, body: Body) -> u64 {
        let inner = &mut *self.hub;
        let seq = inner.stream.next_seq();
        inner.log.reserve(seq);
        let at_ms = inner.now_ms();
        inner.state.apply(&body);
        if let Body::Event { event, source } = &body {
            // The event's instant on the wall clock: it happened `at_ms - at` ago.
            let unix_ms = unix_now_ms().saturating_sub(at_ms.saturating_sub(event.at.0));
            let start = matches!(event.event, arbiter_core::arbiter::Event::Start);
            if inner.began.is_none_or(|(_, by_start)| start && !by_start) {
                inner.began = Some((unix_ms, start));
            }
            inner.last_line_at = inner.last_line_at.max(event.at.0);
            let line = LogLine {
                seq: Some(seq),
                at: event.at,
                event: event.event.clone(),
                source: Some(source.clone()),
                unix_ms: Some(unix_ms),
            }
            .to_jsonl();
            self.lines.extend_from_slice(line.as_bytes());
            self.events = Some((self.events.map_or(seq, |(first, _)| first), seq));
        }
        let kind = body.kind();
        let envelope = Envelope {
            v: PROTOCOL_VERSION,
            seq,
            at_ms,
            body,
        };
        // Serialising plain strings and numbers cannot fail.
        let json: Arc<str> = serde_json::to_string(&envelope).unwrap_or_default().into();
        let entry = Entry { seq, kind, json };
        inner.stream.keep(entry.clone());
        self.staged.push((entry, trace::now_ns()));
        seq
    }

    /// Writes the staged events to the event log in one write, then sends the messages to
    /// every page; under a hold ([`Hub::hold`]), when the hold ends.
    pub fn release(&mut self) {
        let inner = &mut *self.hub;
        inner.pending.lines.append(&mut self.lines);
        if let Some((first, last)) = self.events.take() {
            let first = inner.pending.events.map_or(first, |(held, _)| held);
            inner.pending.events = Some((first, last));
        }
        inner.pending.entries.append(&mut self.staged);
        if inner.held == 0 {
            inner.write_and_send();
        }
    }
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        self.release();
    }
}

#[cfg(test)]
mod tests;
