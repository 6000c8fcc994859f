//! A DGT board in software, for development, demos and tests: it opens a pseudo-terminal, answers
//! the bridge's commands as a board does (version, serial number, dump, update modes), and plays
//! scripted sensor changes with switchable realism, including an unplug and replug (the pty is
//! closed and a new one put behind the same path).
//!
//! One thread owns the pty and runs the script; callers queue [`Action`]s over a channel and can
//! read back when each one's last byte was written.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use arbiter_core::dgt::board::{Orientation, Placement};
use arbiter_core::dgt::clock::ClockCommand;

mod board;
mod clock;
mod pty;
mod script;

pub use clock::{clock_after_press, initial_clock, standing_clock};
pub use script::{Action, Pace, Realism, ScriptError, moves_of_pgn, script_game};

use board::Board;
use pty::Pty;

/// A handle on a running simulated board. Dropping it unplugs the board for good.
pub struct FakeBoard {
    path: PathBuf,
    tx: mpsc::Sender<Action>,
    written: Arc<Mutex<Vec<Instant>>>,
    write_ends: Arc<Mutex<Vec<Instant>>>,
    shown: Arc<Mutex<Vec<ClockCommand>>>,
    /// How many actions were queued, and how many of them the board has run.
    queued: AtomicUsize,
    ran: Arc<AtomicUsize>,
}

impl FakeBoard {
    /// A board sitting `orientation`-wise with `placement` on it, reachable at `path` (a symlink
    /// that is re-pointed on every replug).
    ///
    /// # Errors
    /// The pseudo-terminal cannot be opened or the link cannot be made.
    pub fn start(
        path: &Path,
        placement: Placement,
        orientation: Orientation,
    ) -> std::io::Result<Self> {
        let pty = Pty::open(path)?;
        let (tx, rx) = mpsc::channel();
        let written = Arc::new(Mutex::new(Vec::new()));
        let write_ends = Arc::new(Mutex::new(Vec::new()));
        let shown = Arc::new(Mutex::new(Vec::new()));
        let ran = Arc::new(AtomicUsize::new(0));
        let mut board = Board {
            shown: shown.clone(),
            pty: Some(pty),
            path: path.to_owned(),
            placement,
            orientation,
            mode: None,
            clock: None,
            written: written.clone(),
            write_ends: write_ends.clone(),
            last_write: Instant::now(),
            commands: Vec::new(),
            ran: ran.clone(),
        };
        std::thread::Builder::new()
            .name("fake-dgt-board".into())
            .spawn(move || board.run(rx))?;
        Ok(Self {
            path: path.to_owned(),
            tx,
            written,
            write_ends,
            shown,
            queued: AtomicUsize::new(0),
            ran,
        })
    }

    /// The port path to give the bridge.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Queues actions; they run in order after those already queued.
    pub fn queue(&self, actions: impl IntoIterator<Item = Action>) {
        for a in actions {
            // The board thread only stops when this handle is dropped.
            self.queued.fetch_add(1, Ordering::Relaxed);
            let _ = self.tx.send(a);
        }
    }

    /// Waits up to `wait` until the board has run every action queued so far; whether it has.
    /// The board's thread takes an action when it next looks, which may be after it answered
    /// a command that came meanwhile: a test that changes what the board or its clock shows and
    /// then has the bridge read them (a restart's handshake) waits here in between.
    pub fn wait_done(&self, wait: std::time::Duration) -> bool {
        let until = Instant::now() + wait;
        loop {
            if self.ran.load(Ordering::Acquire) >= self.queued.load(Ordering::Relaxed) {
                return true;
            }
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    /// The commands the bridge sent to the clock cabled to this board, oldest first: what its
    /// display was told to show.
    pub fn clock_commands(&self) -> Vec<ClockCommand> {
        self.shown.lock().map(|w| w.clone()).unwrap_or_default()
    }

    /// When each queued action that wrote bytes wrote them, in order (answers to the bridge's
    /// commands are not counted): the instant just before its one write, which put all its bytes
    /// in the pty at once. Taken before, not after, so a board thread held up between its write
    /// and its clock never makes the bridge look faster than it is; a latency measured from it
    /// counts the write itself (microseconds) as the bridge's.
    pub fn written(&self) -> Vec<Instant> {
        self.written.lock().map(|w| w.clone()).unwrap_or_default()
    }

    /// When each of those writes had returned, in the same order: with [`Self::written`], the
    /// bounds of when its bytes went in (a board thread held up between its clock and its write
    /// wrote later than `written` says).
    pub fn write_ends(&self) -> Vec<Instant> {
        self.write_ends
            .lock()
            .map(|w| w.clone())
            .unwrap_or_default()
    }
}

impl Drop for FakeBoard {
    /// The link goes with the handle, at once: the board's thread removes it too when it sees
    /// the handle gone, but a process that is exiting does not wait for that thread.
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
