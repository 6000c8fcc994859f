//! Sensor noise stops here: only what two agreeing reads show reaches the game.
//!
//! A field update is one read of one square; a full read (a dump) is another. An update is held
//! until a full read made at least one scan after it agrees, and then only what changed between
//! the last confirmed picture and the agreeing read passes: a blink shorter than the scan (a
//! piece gone and back) shows in no read and becomes no touch. An update that cannot be a hand
//! (a code outside the game's, a square turning from one piece into another), bytes dropped on
//! the line (which may have eaten an update), or a full read that matches none of the updates
//! held put the gate in doubt: it drops what it held and lets through only what two full reads
//! in a row agree on, as one dump. The first read after (re)connecting is confirmed the same way.

use std::collections::VecDeque;

use super::board::{Occupant, OccupantCode};
use super::codec::{BoardMessage, Command, Decoded};

/// Whether a piece code names what can stand on a square in a game: empty or one of the twelve
/// chess pieces. The three "magic pieces" (13-15) and any other bit are not.
pub fn is_game_code(code: u8) -> bool {
    code <= 12
}

/// How long after an update the read that confirms it is asked for, ms: a DGT board reports a
/// change from one scan, and a sensor that blinks for less than this shows in no second read.
pub const SCAN_MS: u64 = 8;

/// Keeps sensor noise from becoming events (see the module's notes).
///
/// ```
/// use arbiter_boards::board::{DgtSquare, Occupant, Orientation, Placement, PlacementDump};
/// use arbiter_boards::codec::{BoardMessage, Command, NoiseGate};
/// let start = Placement::start().to_dump(Orientation::Normal);
/// let mut gate = NoiseGate::default();
/// assert_eq!(gate.poll_command(), Some(Command::SendBoard));
/// assert_eq!(gate.take(0, Ok(BoardMessage::BoardDump(start))), None, "one read is not enough");
/// assert_eq!(gate.poll_command(), Some(Command::SendBoard));
/// assert!(gate.take(0, Ok(BoardMessage::BoardDump(start))).is_some(), "two agree");
/// // A magic-piece code on g8 (the knight's square) is noise, not a lift.
/// let g8 = DgtSquare::new(6).unwrap();
/// let noise = BoardMessage::FieldUpdate { square: g8, occupant: Occupant::Magic(13) };
/// assert_eq!(gate.take(10, Ok(noise)), None);
/// assert_eq!(gate.poll_command(), Some(Command::SendBoard));
/// ```
#[derive(Debug, Clone)]
pub struct NoiseGate {
    /// The codes the game has been shown, once a read was confirmed.
    shown: Option<[u8; 64]>,
    /// Updates not yet confirmed by a full read: square index, code and when it came, oldest
    /// first.
    held: Vec<(usize, u8, u64)>,
    /// When the read confirming the held updates is to be asked for.
    read_due: Option<u64>,
    /// In doubt: the last full read, waiting for a second that agrees.
    doubt: Option<Option<[u8; 64]>>,
    /// A full read was asked for and has not come yet.
    asked: bool,
    /// Updates passed since the last full read: a read the reconstructor asks for with none
    /// is answered by the picture it already has.
    updates_since_read: bool,
    wanted: VecDeque<Command>,
    /// Messages confirmed beyond the one [`Self::take`] returned, each with when its update came
    /// (see [`Self::shown_since`]).
    ready: VecDeque<(BoardMessage, Option<u64>)>,
    /// When the message last returned first showed, if it waited for a read.
    since: Option<u64>,
    resyncs: u64,
}

impl Default for NoiseGate {
    fn default() -> Self {
        let mut gate = NoiseGate {
            shown: None,
            held: Vec::new(),
            read_due: None,
            doubt: None,
            asked: false,
            updates_since_read: false,
            wanted: VecDeque::new(),
            ready: VecDeque::new(),
            since: None,
            resyncs: 0,
        };
        gate.reset();
        gate
    }
}

impl NoiseGate {
    /// The board was (re)connected: nothing it said before counts, and its first read is
    /// confirmed by a second.
    pub fn reset(&mut self) {
        self.shown = None;
        self.held.clear();
        self.read_due = None;
        self.wanted.clear();
        self.ready.clear();
        self.since = None;
        self.asked = false;
        self.updates_since_read = false;
        self.doubt(None);
    }

    /// How many times the gate has put the picture right from two agreeing full reads, after
    /// doubt (the first read after connecting not counted).
    pub fn resyncs(&self) -> u64 {
        self.resyncs
    }

    /// Whether what the board shows is not yet confirmed: the gate waits for reads to agree, or
    /// holds updates for their read. A press read meanwhile waits for them.
    pub fn in_doubt(&self) -> bool {
        self.doubt.is_some() || !self.held.is_empty()
    }

    /// A command the gate wants sent to the board.
    #[must_use]
    pub fn poll_command(&mut self) -> Option<Command> {
        self.wanted.pop_front()
    }

    /// When [`Self::handle_deadline`] should be called: the confirming read is due.
    pub fn poll_deadline(&self) -> Option<u64> {
        self.read_due
    }

    /// Time has reached `now`: the read confirming the held updates is asked for if due.
    pub fn handle_deadline(&mut self, now: u64) {
        if self.read_due.is_some_and(|due| now >= due) {
            self.read_due = None;
            self.ask();
        }
    }

    /// A message confirmed by the last read beyond the one [`Self::take`] returned.
    pub fn poll_ready(&mut self) -> Option<BoardMessage> {
        self.next_ready()
    }

    /// When the board first showed what the message last returned by [`Self::take`] or
    /// [`Self::poll_ready`] says: the instant its update came, for an update a later read
    /// confirmed. The board has been as it says since then, not only since the read: a settle
    /// time runs from it. `None` for a message that passed as it came.
    pub fn shown_since(&self) -> Option<u64> {
        self.since
    }

    fn next_ready(&mut self) -> Option<BoardMessage> {
        let (message, since) = self.ready.pop_front()?;
        self.since = since;
        Some(message)
    }

    /// Whether a full read asked for by someone else should go to the board: not while the gate
    /// already waits for one, nor when no update came since the last (the picture is the read).
    pub fn wants_read(&self) -> bool {
        !self.asked && self.doubt.is_none() && self.held.is_empty() && self.updates_since_read
    }

    /// A full read is being asked of the board on someone else's behalf.
    pub fn read_asked(&mut self) {
        self.asked = true;
    }

    fn doubt(&mut self, first: Option<[u8; 64]>) {
        self.held.clear();
        self.read_due = None;
        self.doubt = Some(first);
        self.ask();
    }

    fn ask(&mut self) {
        if !self.asked {
            self.asked = true;
            self.wanted.push_back(Command::SendBoard);
        }
    }

    /// Takes one decoded message received at `now`; returns the first of what may reach the
    /// game now (the rest wait in [`Self::poll_ready`]).
    pub fn take(&mut self, now: u64, decoded: Decoded) -> Option<BoardMessage> {
        self.since = None;
        let message = match decoded {
            Ok(m) => m,
            Err(_) => {
                // Whatever the dropped bytes were, they may have carried an update.
                if self.doubt.is_none() {
                    self.doubt(None);
                }
                return None;
            }
        };
        match message {
            BoardMessage::FieldUpdate { square, occupant } => {
                self.update(now, usize::from(square.index()), occupant);
                None
            }
            BoardMessage::BoardDump(dump) => {
                self.read(now, dump.codes);
                self.next_ready()
            }
            other => Some(other),
        }
    }

    fn update(&mut self, now: u64, index: usize, occupant: Occupant) {
        // Before a confirmed read, or in doubt, the reads to come show the outcome.
        let Some(shown) = self.shown.filter(|_| self.doubt.is_none()) else {
            return;
        };
        let code = occupant.to_code();
        let old = self
            .held
            .iter()
            .rev()
            .find(|h| h.0 == index)
            .map_or(shown[index], |h| h.1);
        let plausible = is_game_code(code) && (old == 0 || code == 0 || old == code);
        if !plausible {
            self.doubt(None);
            return;
        }
        self.held.push((index, code, now));
        if self.read_due.is_none() && !self.asked {
            self.read_due = Some(now + SCAN_MS);
        }
    }

    fn read(&mut self, now: u64, codes: [u8; 64]) {
        self.asked = false;
        self.updates_since_read = false;
        match self.doubt {
            Some(Some(first)) if first == codes => {
                if self.shown.is_some() {
                    self.resyncs += 1;
                }
                self.shown = Some(codes);
                self.doubt = None;
                self.ready.push_back((
                    BoardMessage::BoardDump(super::board::BoardDump { codes }),
                    None,
                ));
                return;
            }
            Some(_) => return self.doubt(Some(codes)),
            None => {}
        }
        let Some(shown) = self.shown else {
            return self.doubt(Some(codes));
        };
        // The longest run of held updates the read agrees with is confirmed; what it shows
        // changed from the picture passes, one update per square, in the order they came.
        let mut picture = shown;
        let mut agreed = (picture == codes).then_some(0);
        for (n, &(index, code, _)) in self.held.iter().enumerate() {
            picture[index] = code;
            if picture == codes {
                agreed = Some(n + 1);
            }
        }
        let Some(agreed) = agreed else {
            // Not what the updates said: read again before anyone acts on it.
            return self.doubt(Some(codes));
        };
        let confirmed: Vec<(usize, u8, u64)> = self.held.drain(..agreed).collect();
        if agreed == 0 && self.held.is_empty() {
            self.ready.push_back((
                BoardMessage::BoardDump(super::board::BoardDump { codes }),
                None,
            ));
        }
        let mut passed = Vec::new();
        for &(index, _, _) in &confirmed {
            if codes[index] != shown[index] && !passed.contains(&index) {
                passed.push(index);
                // The square has shown what the read shows since its last update.
                let since = confirmed.iter().filter(|h| h.0 == index).map(|h| h.2).max();
                let square = super::board::DgtSquare::new(index as u8);
                if let Some(square) = square {
                    let occupant = Occupant::from_code(codes[index]);
                    self.ready
                        .push_back((BoardMessage::FieldUpdate { square, occupant }, since));
                }
            }
        }
        self.shown = Some(codes);
        if !self.held.is_empty() {
            // Later updates wait for a read of their own.
            self.read_due = Some(now + SCAN_MS);
        }
    }
}
