//! The board's own thread: it runs the queued actions and answers the bridge's commands as a DGT
//! board does.

use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{DgtSquare, Orientation, Placement, PlacementDump};
use arbiter_core::dgt::clock::{ClockCommand, ClockReading, ClockTimes};
use arbiter_core::dgt::codec::{BoardMessage, Command, UpdateMode};

use super::pty::Pty;
use super::script::Action;

pub(super) struct Board {
    pub(super) shown: Arc<Mutex<Vec<ClockCommand>>>,
    pub(super) pty: Option<Pty>,
    pub(super) path: PathBuf,
    pub(super) placement: Placement,
    pub(super) orientation: Orientation,
    pub(super) mode: Option<UpdateMode>,
    pub(super) clock: Option<ClockTimes>,
    pub(super) written: Arc<Mutex<Vec<Instant>>>,
    /// When each counted write ended (see [`FakeBoard::write_ends`](super::FakeBoard::write_ends)).
    pub(super) write_ends: Arc<Mutex<Vec<Instant>>>,
    /// When the last write to the pty began.
    pub(super) last_write: Instant,
    pub(super) commands: Vec<u8>,
    /// How many queued actions have run to their end.
    pub(super) ran: Arc<AtomicUsize>,
}

impl Board {
    pub(super) fn run(&mut self, rx: mpsc::Receiver<Action>) {
        // The action to run next, when, and whether it was queued (a pause with nothing queued
        // after it is the board's own, and no action of the script's).
        let mut due: Option<(Instant, Action, bool)> = None;
        loop {
            if due.is_none() {
                match rx.try_recv() {
                    Ok(a) => due = Some((Instant::now(), a, true)),
                    Err(mpsc::TryRecvError::Disconnected) => break,
                    Err(mpsc::TryRecvError::Empty) => {}
                }
            }
            let wait = match &due {
                Some((_, Action::AwaitUpdates, _)) if self.mode.is_none() => {
                    Duration::from_millis(20)
                }
                Some((at, ..)) => at.saturating_duration_since(Instant::now()),
                None => Duration::from_millis(20),
            };
            self.serve_commands(wait);
            let Some((at, action, queued)) = due.take() else {
                continue;
            };
            if Instant::now() < at {
                due = Some((at, action, queued));
                continue;
            }
            let mut finished = queued;
            match action {
                Action::Pause(d) => {
                    if let Ok(next) = rx.try_recv() {
                        due = Some((Instant::now() + d, next, true));
                    } else {
                        // Nothing queued yet: the pause still has to pass before what comes.
                        due = Some((Instant::now() + d, Action::Pause(Duration::ZERO), false));
                    }
                }
                Action::AwaitUpdates if self.mode.is_none() => {
                    due = Some((at, Action::AwaitUpdates, queued));
                    finished = false;
                }
                Action::AwaitUpdates => {}
                Action::Set(square, occupant) => {
                    self.placement.set(square, occupant);
                    if self.mode.is_some() {
                        let sensor = DgtSquare::from_square(square, self.orientation);
                        self.send(&BoardMessage::FieldUpdate {
                            square: sensor,
                            occupant,
                        });
                        self.mark_written();
                    }
                }
                Action::Garbage(bytes) => {
                    self.write(&bytes);
                    self.mark_written();
                }
                Action::Clock(times) => {
                    self.clock = Some(times);
                    if matches!(self.mode, Some(UpdateMode::Nice | UpdateMode::Full)) {
                        self.send(&BoardMessage::Clock(ClockReading::Times(times)));
                        self.mark_written();
                    }
                }
                Action::Unplug(d) => {
                    self.pty = None;
                    self.mode = None;
                    let _ = std::fs::remove_file(&self.path);
                    std::thread::sleep(d);
                    self.pty = Pty::open(&self.path).ok();
                }
            }
            if finished {
                self.ran.fetch_add(1, Ordering::Release);
            }
        }
        self.pty = None;
        let _ = std::fs::remove_file(&self.path);
    }

    fn send(&mut self, message: &BoardMessage) {
        let mut out = Vec::with_capacity(70);
        message.encode(&mut out);
        self.write(&out);
    }

    fn write(&mut self, bytes: &[u8]) {
        self.last_write = Instant::now();
        if let Some(pty) = self.pty.as_mut() {
            let _ = pty.master.write_all(bytes);
        }
    }

    /// Notes when a queued action's last byte went out (answers to commands are not counted).
    fn mark_written(&mut self) {
        if self.pty.is_some()
            && let Ok(mut w) = self.written.lock()
        {
            w.push(self.last_write);
            if let Ok(mut e) = self.write_ends.lock() {
                e.push(Instant::now());
            }
        }
    }

    /// Answers the bridge's commands for up to `wait`.
    fn serve_commands(&mut self, wait: Duration) {
        use nix::poll::{PollFd, PollFlags, poll};
        let Some(pty) = self.pty.as_mut() else {
            std::thread::sleep(wait.min(Duration::from_millis(20)));
            return;
        };
        let mut fds = [PollFd::new(pty.master.as_raw_fd(), PollFlags::POLLIN)];
        let ms = wait.as_millis().min(50) as i32;
        if !matches!(poll(&mut fds, ms), Ok(n) if n > 0) {
            return;
        }
        let mut buf = [0u8; 256];
        let n = match pty.master.read(&mut buf) {
            Ok(n) => n,
            Err(_) => {
                std::thread::sleep(Duration::from_millis(5));
                return;
            }
        };
        self.commands.extend_from_slice(&buf[..n]);
        while let Some((command, used)) = Command::decode(&self.commands) {
            self.commands.drain(..used);
            let Ok(command) = command else { continue };
            self.answer(command);
        }
    }

    fn answer(&mut self, command: Command) {
        match command {
            Command::Reset => self.mode = None,
            Command::Update(mode) => self.mode = Some(mode),
            Command::SendBoard => {
                let dump = self.placement.to_dump(self.orientation);
                self.send(&BoardMessage::BoardDump(dump));
            }
            Command::Version => self.send(&BoardMessage::Version { major: 1, minor: 7 }),
            Command::SerialNumber => self.send(&BoardMessage::SerialNumber("20526".into())),
            Command::LongSerialNumber => {
                self.send(&BoardMessage::LongSerialNumber("0000020526".into()))
            }
            Command::Trademark => {
                self.send(&BoardMessage::Trademark("Arbiter simulated board".into()))
            }
            Command::SendClock => {
                if let Some(t) = self.clock {
                    self.send(&BoardMessage::Clock(ClockReading::Times(t)));
                }
            }
            Command::Clock(c) => {
                if let Ok(mut shown) = self.shown.lock() {
                    shown.push(c);
                }
            }
            _ => {}
        }
    }
}
