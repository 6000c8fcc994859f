//! One sensor board at a game, sans I/O: the Laws at a real board.
//!
//! Bytes from the board (and the DGT clock cabled to it) and the time go in; events go to the
//! game (a [`Table`]), bytes come out for the board and the clock, and [`BoardOutput`]s say what
//! the board shows (touches, the clock's times, an irregularity with the position to restore,
//! its status). [`BoardSession::poll_deadline`] says when the board will have settled. Nothing
//! here reads a clock, a port or a thread: the shell (the bridge, a page with Web Serial) feeds
//! it and carries out what it says, like quinn-proto's connection.
//!
//! The rules it keeps: what the sensors say becomes touches at once and moves from whole
//! placements ([`Reconstructor`]); the game decides what they mean, and the board's picture
//! follows the game when they differ. A lift of the opponent's piece before the player on move
//! touched anything is held and becomes his touch only if it is still up when his turn comes
//! (the opponent starting early, 2005 Art. 4.3). A move completes itself without a clock in
//! casual play, on the visually impaired player's board (App. F2.3), and whenever it ends the
//! game (2005 Art. 5.1a, 6.8a / 2023 Art. 5.1.1, 6.2.1.1): no press is needed after mate.

use std::collections::VecDeque;

use crate::arbiter::Event;
use crate::laws::blind::BoardView;
use crate::laws::rules;
use crate::movegen::Move;
use crate::{Color, Square};

use super::board::{Orientation, Placement};
use super::clock::ClockSide;
use super::codec::{BoardMessage, Command};
use super::family::{BoardCodec, DgtCodec};
use super::lever::{self, Lever};
use super::lights::Lights;
use super::reconstruct::{Completion, Mismatch, Reading, Reconstructor, TouchKind};
use super::signal::result_signal_under_way;
use super::table::{Seat, Table};

pub use super::output::{Battery, BoardOutput, BoardStatus};

/// Who starts the game at this board (2005 Art. 6.5 / 2023 Art. 6.6: White's clock is started
/// at the time set for the start of the game); never the connection of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartBy {
    /// The DGT clock: Black's press starts White's clock, as players start a DGT 3000 (or the
    /// clock found running). The side that runs then is White's.
    Lever,
    /// Without a clock: the first press (in casual play, the first move completed on the
    /// board), or the page's start.
    FirstPress,
    /// Only the arbiter (the hall, the arbiter's page): the board never starts the game.
    Arbiter,
}

/// One board's session at one game.
#[derive(Debug)]
pub struct BoardSession<C: BoardCodec = DgtCodec> {
    pub(super) codec: C,
    pub(super) rec: Reconstructor,
    pub(super) seat: Seat,
    pub(super) completion: Completion,
    pub(super) connected: bool,
    /// The position the board's picture was last set to follow, as FEN.
    pub(super) base_fen: String,
    pub(super) lever: Lever,
    pub(super) start_by: StartBy,
    /// The DGT clock has not been read since the board (re)connected.
    pub(super) clock_unread: bool,
    /// The game was set back and the board's picture with it: the board's readings that follow
    /// are the game's answer, not a new attempt (one refused move, one event).
    pub(super) rebasing: bool,
    /// Lifts of the colour not on move before the player on move lifted anything: the opponent
    /// starting early or a sensor blinking. They become touches when his turn comes, unless the
    /// piece was put back first.
    pub(super) held_lifts: Vec<(Square, Color)>,
    pub(super) game_plies: usize,
    pub(super) last_view: Option<BoardView>,
    pub(super) health: (u64, u64),
    /// The placement the last status showed.
    pub(super) shown: Option<Placement>,
    pub(super) health_at: Option<u64>,
    /// Moves made here are completed by a lever press on the other board's clock.
    pub(super) lever_elsewhere: bool,
    /// There is another board of two, whose player's presses on this board's clock are his.
    pub(super) partnered: bool,
    pub(super) commands: VecDeque<Command>,
    /// What the board's lights were last set to show (none since it was connected).
    pub(super) lights: Option<Lights>,
    /// What the board and its clock have said of their batteries since it was connected.
    pub(super) battery: Battery,
}

impl BoardSession<DgtCodec> {
    /// A DGT board's session in `seat`, continuing the game `table` holds; `orientation` is the
    /// one the log remembers, if any.
    pub fn dgt(
        table: &dyn Table,
        completion: Completion,
        seat: Seat,
        orientation: Option<Orientation>,
    ) -> Self {
        Self::new(DgtCodec::default(), table, completion, seat, orientation)
    }
}

impl<C: BoardCodec> BoardSession<C> {
    /// A session reading its board through `codec`.
    pub fn new(
        codec: C,
        table: &dyn Table,
        completion: Completion,
        seat: Seat,
        orientation: Option<Orientation>,
    ) -> Self {
        let (base, moves) = table.score();
        let rec = Reconstructor::resume(completion, base.clone(), moves, orientation);
        Self {
            codec,
            rec,
            seat,
            completion,
            connected: false,
            base_fen: base.fen(),
            lever: Lever::default(),
            start_by: match completion {
                Completion::ClockPress => StartBy::Lever,
                Completion::Settle { .. } => StartBy::FirstPress,
            },
            rebasing: false,
            clock_unread: completion == Completion::ClockPress,
            held_lifts: Vec::new(),
            game_plies: table.game().moves().len(),
            last_view: None,
            health: (0, 0),
            shown: None,
            health_at: None,
            lever_elsewhere: false,
            partnered: false,
            commands: VecDeque::new(),
            lights: None,
            battery: Battery::default(),
        }
    }

    /// This board has no clock, but the game has one on the other board: a move made here is
    /// completed by its player's lever press there (2005 Art. 6.8a; App. F2.3).
    #[must_use]
    pub fn pressed_by_lever(mut self) -> Self {
        self.lever_elsewhere = true;
        self
    }

    /// There is another board of two: when its player is on move, a press of this board's clock
    /// is his ([`BoardOutput::PartnerPress`]).
    #[must_use]
    pub fn with_partner(mut self) -> Self {
        self.partnered = true;
        self
    }

    /// Who starts the game at this board (by default the lever with a clock, the first press
    /// without).
    #[must_use]
    pub fn started_by(mut self, start_by: StartBy) -> Self {
        self.start_by = start_by;
        self
    }

    /// The board's seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The board's picture of the game.
    pub fn reconstructor(&self) -> &Reconstructor {
        &self.rec
    }

    /// How many sensor changes the board has reported ([`Reconstructor::changes`]).
    pub fn sensor_changes(&self) -> u64 {
        self.rec.changes()
    }

    /// When the board's last change first showed, while its settle time runs
    /// ([`Reconstructor::last_change`]): a caller that keeps finer time than milliseconds times
    /// the settle from the read that brought that change.
    pub fn settling_since(&self) -> Option<u64> {
        self.rec.last_change()
    }

    /// The bytes that open the session with the board, once connected.
    pub fn handshake(&self) -> Vec<u8> {
        self.handshake_writes().concat()
    }

    /// The handshake one command a write, for a board on Bluetooth or USB HID (see
    /// [`BoardSession::poll_writes`]).
    pub fn handshake_writes(&self) -> Vec<Vec<u8>> {
        self.codec
            .handshake()
            .iter()
            .map(|c| {
                let mut out = Vec::new();
                self.codec.encode(c, &mut out);
                out
            })
            .filter(|bytes| !bytes.is_empty())
            .collect()
    }

    /// The board on the line is read through `codec` from now on: another family's board was
    /// plugged in (the bridge's `--port auto` found a Chessnut on USB HID where a serial board
    /// was). Called before [`Self::handle_connected`], which starts it afresh.
    pub fn read_through(&mut self, codec: C) {
        self.codec = codec;
    }

    /// The board was (re)connected: half-read bytes and the old picture are forgotten; the next
    /// two agreeing reads are the truth, and the clock is set again.
    pub fn handle_connected(&mut self, table: &mut dyn Table) {
        self.codec.reset();
        self.rec.reset_board();
        self.connected = true;
        // A board plugged in again shows no lights of ours: they are set afresh.
        self.lights = None;
        self.health = (0, 0);
        // Another board, or the same one charged meanwhile: its batteries are told afresh.
        self.battery = Battery::default();
        self.lever.resync();
        self.clock_unread = self.completion == Completion::ClockPress;
        self.push_status(table);
    }

    /// The board went away.
    pub fn handle_disconnected(&mut self, table: &mut dyn Table) {
        self.codec.reset();
        self.rec.reset_board();
        self.connected = false;
        self.lights = None;
        table.stream(BoardOutput::Status(BoardStatus {
            connected: false,
            placement: None,
            orientation: None,
            dropped: self.health.0,
            resyncs: self.health.1,
            battery: Battery::default(),
        }));
    }

    /// Bytes read from the board at `now`.
    pub fn handle_bytes(&mut self, now: u64, bytes: &[u8], table: &mut dyn Table) {
        self.codec.follow(self.rec.position());
        self.codec.feed(now, bytes);
        let health = self.codec.health();
        let changed = health != self.health;
        self.health = health;
        let mut battery_told = false;
        while let Some(message) = self.codec.poll_reading() {
            let is_dump = matches!(message, BoardMessage::BoardDump(_));
            if let Some(battery) = self.battery.told(&message)
                && battery != self.battery
            {
                self.battery = battery;
                battery_told = true;
            }
            let changes = self.rec.changes();
            self.rec.handle_message(now, &message);
            if let Some(since) = self.codec.shown_since()
                && self.rec.changes() != changes
            {
                // Confirmed by a later read: the board has shown it since its update came.
                self.rec.changed_since(since);
            }
            self.drain(now, table);
            if is_dump {
                self.push_status(table);
            }
        }
        if battery_told {
            // A clock reading comes every second: only a change is told.
            self.push_status(table);
        } else if changed {
            // A status, not a ruling: at most once a second however noisy the line.
            if self.health_at.is_none_or(|at| now >= at + 1_000) {
                self.health_at = Some(now);
                self.push_status(table);
            }
        }
    }

    /// When [`Self::handle_deadline`] should next be called.
    pub fn poll_deadline(&self) -> Option<u64> {
        // While the codec holds back what the board shows for a read to confirm it, the board
        // has not settled: a piece on its way (lifted again within the settle time) would
        // otherwise be read as placed.
        let settled = self
            .rec
            .poll_deadline()
            .filter(|_| !self.codec.confirming());
        match (settled, self.codec.poll_deadline()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Time has reached `now`.
    pub fn handle_deadline(&mut self, now: u64, table: &mut dyn Table) {
        self.codec.handle_deadline(now);
        if !self.codec.confirming() {
            self.rec.handle_deadline(now);
        }
        self.drain(now, table);
    }

    /// The lever was pressed by this board's player on the other board's clock at `now` (a
    /// [`BoardOutput::PartnerPress`] of the other session): the board is read at once, as a
    /// press on its own clock would (2005 Art. 6.8a), and what it shows is his move.
    pub fn lever_pressed(
        &mut self,
        now: u64,
        side: ClockSide,
        times_ms: (u64, u64),
        table: &mut dyn Table,
    ) {
        self.last_view = None;
        self.rec.handle_press(now, side, times_ms);
        self.drain(now, table);
    }

    /// The next bytes for the board at `now`: the codec's and the reconstructor's reads, the
    /// game's clock for a DGT clock whenever the game's clock changed course, and the board's
    /// lights whenever what they show changed ([`Lights`]). Appends to `out`; returns whether it
    /// did.
    pub fn poll_transmit(&mut self, now: u64, table: &dyn Table, out: &mut Vec<u8>) -> bool {
        self.poll_writes(now, table, out, &mut Vec::new())
    }

    /// As [`BoardSession::poll_transmit`], with where each command's bytes end in `out` pushed
    /// to `ends`: a board on Bluetooth or USB HID takes one command per write (a GATT write, a
    /// HID report whose first byte is its id), where a serial line takes them as one stream.
    pub fn poll_writes(
        &mut self,
        now: u64,
        table: &dyn Table,
        out: &mut Vec<u8>,
        ends: &mut Vec<usize>,
    ) -> bool {
        let before = out.len();
        let mut send = |codec: &C, c: &Command, out: &mut Vec<u8>| {
            let start = out.len();
            codec.encode(c, out);
            if out.len() > start {
                ends.push(out.len());
            }
        };
        while let Some(c) = self.codec.poll_command() {
            send(&self.codec, &c, out);
        }
        while let Some(c) = self.commands.pop_front() {
            send(&self.codec, &c, out);
        }
        while let Some(c) = self.rec.poll_command() {
            // A full read to check the picture: only when something changed since the last
            // one, and not while the codec waits for its own.
            if c != Command::SendBoard || self.codec.take_read_request() {
                send(&self.codec, &c, out);
            }
        }
        if self.completion == Completion::ClockPress
            && self.rec.has_dump()
            && let Some(c) = self.lever.follow(table.game(), now)
        {
            send(&self.codec, &Command::Clock(c), out);
        }
        if let Some(lights) = self.lights_wanted(table)
            && self.lights != Some(lights)
        {
            self.lights = Some(lights);
            send(&self.codec, &Command::Leds(lights), out);
        }
        out.len() > before
    }

    pub(super) fn push_status(&mut self, table: &mut dyn Table) {
        let placement = self.rec.has_dump().then(|| self.rec.physical());
        self.shown = placement;
        // The adjourned position itself is no secret (App. A5): only a board that shows
        // something else while a move is sealed is hidden.
        let hidden = table.sealing()
            || (table.game().sealed_by().is_some()
                && placement != Some(table.game().board().placement()));
        table.stream(BoardOutput::Status(BoardStatus {
            connected: self.connected,
            placement: placement.filter(|_| !hidden),
            orientation: self.rec.orientation(),
            dropped: self.health.0,
            resyncs: self.health.1,
            battery: self.battery,
        }));
    }

    fn drain(&mut self, now: u64, table: &mut dyn Table) {
        let mut press = None;
        let mut made = None;
        let mut clock_times = Vec::new();
        while let Some(reading) = self.rec.poll() {
            match reading {
                Reading::ClockPress { side, times_ms, .. } => press = Some((side, times_ms)),
                // The clock's reading says nothing the move waits for: it goes out after.
                Reading::ClockTimes { .. } => clock_times.push(reading),
                Reading::Move { mv, ply, .. } => {
                    if let Some(earlier) = made.take() {
                        // Both players moved within one settle time (fast play): the first
                        // goes to the game before the second is checked against it.
                        self.submit_made(now, earlier, press.is_some(), table);
                    }
                    made = self.move_made(mv, ply, table);
                }
                reading => self.take_reading(now, reading, press.is_some(), table),
            }
        }
        if self.clock_unread && press.is_none() {
            self.clock_read(now, &clock_times, table);
        }
        if self.start_by == StartBy::Lever && not_started(table) {
            // Before the start a press, or the clock found running, is the start: the side that
            // runs is White's (Black presses to start White's clock).
            let running = clock_times.iter().rev().find_map(|r| match r {
                Reading::ClockTimes { running, .. } => *running,
                _ => None,
            });
            if let Some(white) = running.or(press.map(|(side, _)| lever::other(side))) {
                self.lever.learn_white_side(white);
                self.lever.resync();
                self.submit(now, vec![Event::Start], table);
                press = None;
            }
        }
        if press.is_some() {
            // The lever moved: the clock shows the game's clock again after the game has taken
            // the press (a press refused or ruled on leaves the game's clock where it was).
            self.lever.resync();
        }
        if press.is_some() && table.game().result().is_some() {
            // A press after the game ended changes nothing; the clock is stopped again.
            press = None;
        }
        // The move made and the press that completes it go to the game together, so the
        // completed move is the first thing streamed after the event that caused it.
        let mut events = Vec::with_capacity(2);
        let sealing = table.sealing();
        let made = made
            .filter(|&mv| !table.take_sealed_move(mv))
            .filter(|_| !self.no_play(table));
        let pressed = press.is_some() && !sealing && table.game().sealed_by().is_none();
        let mover = table.game().side_on_move();
        if let Some(mv) = made {
            // A move the game already has as made (its press lost with a log cut, or a restart
            // within its settle time) is not made again: only its completion is due.
            if table.game().made_move() != Some(mv) {
                events.push(Event::Move { mv });
            }
            if !pressed && self.completes_itself(mv, table) {
                events.push(Event::PressClock { player: mover });
            }
        }
        // The lever goes down on the running side: the player whose clock runs pressed. If he
        // plays on the other board, the press is his board's to read.
        let partner = self.partnered && !self.seat.makes(mover);
        if pressed && !partner {
            events.push(Event::PressClock { player: mover });
        }
        if !events.is_empty() {
            self.submit(now, events, table);
        }
        if let (true, Some((side, times_ms))) = (partner, press) {
            table.stream(BoardOutput::PartnerPress { side, times_ms });
        }
        for reading in clock_times {
            self.take_reading(now, reading, pressed, table);
        }
        self.follow_game(now, table);
        let physical = self.rec.physical();
        if self.rec.has_dump()
            && self.rec.poll_deadline().is_none()
            && self.shown != Some(physical)
            && physical != self.rec.position().placement()
        {
            // The board is quiet and shows something the game does not (a piece displaced, a
            // move waiting for its press): its status says so once.
            self.push_status(table);
        }
    }

    /// Hands events to the game; a refusal is the game's answer, already in its state, and the
    /// DGT clock is set again to show the game's (its lever may have gone the wrong way).
    pub(super) fn submit(
        &mut self,
        now: u64,
        mut events: Vec<Event>,
        table: &mut dyn Table,
    ) -> Vec<bool> {
        let completed = matches!(
            events.as_slice(),
            [Event::Move { .. }, Event::PressClock { .. }, ..]
        );
        if completed && self.start_by == StartBy::FirstPress && not_started(table) {
            // Without a clock the first press (the first move completed on the board) starts
            // the game.
            events.insert(0, Event::Start);
        }
        let kinds: Vec<bool> = events
            .iter()
            .map(|e| matches!(e, Event::PressClock { .. } | Event::Move { .. }))
            .collect();
        let answers: Vec<bool> = table
            .submit(now, events)
            .into_iter()
            .map(|a| a.is_ok())
            .collect();
        if answers.iter().zip(&kinds).any(|(ok, lever)| !ok && *lever) {
            // The lever went where the game did not: the clock is set to the game's again.
            self.lever.resync();
        }
        answers
    }

    /// A move the board shows made: the game's next move if this board makes it for the game.
    fn move_made(&self, mv: Move, ply: usize, table: &dyn Table) -> Option<Move> {
        let (_, moves) = table.score();
        if ply != moves.len() + 1 || !self.seat.makes(table.game().side_on_move()) {
            return None;
        }
        Some(mv)
    }

    /// Hands the game a move made on the board, completed at once if it completes itself.
    fn submit_made(&mut self, now: u64, mv: Move, pressed: bool, table: &mut dyn Table) {
        // The sealed move first: while it is awaited nothing else of the board plays.
        if table.take_sealed_move(mv) || self.no_play(table) {
            return;
        }
        let mut events = Vec::with_capacity(2);
        if table.game().made_move() != Some(mv) {
            events.push(Event::Move { mv });
        }
        if !pressed && self.completes_itself(mv, table) {
            events.push(Event::PressClock {
                player: table.game().side_on_move(),
            });
        }
        self.submit(now, events, table);
    }

    /// Whether the move just made (and accepted as made) completes itself without a press:
    /// no clock, and casual play or a seat whose player announces (App. F2.3).
    pub(super) fn completes_itself(&self, _mv: Move, table: &dyn Table) -> bool {
        matches!(self.completion, Completion::Settle { .. })
            && !self.lever_elsewhere
            && (table.auto_press() || matches!(self.seat, Seat::Blind { .. }))
    }

    pub(super) fn take_reading(
        &mut self,
        now: u64,
        reading: Reading,
        pressed: bool,
        table: &mut dyn Table,
    ) {
        match reading {
            Reading::Touch { .. } | Reading::KingTouched { .. } if hidden(table) => {
                // The sealer's hands: not a touch of the game, and no square for anyone.
            }
            Reading::Touch { touch, held, .. } => {
                // The sensors' news goes out first: nothing below may delay it.
                table.stream(BoardOutput::Touch(touch));
                match touch.kind {
                    // The own king's lift, held until it comes down (super::signal).
                    TouchKind::Lift if held => {}
                    TouchKind::Lift => self.lifted(now, touch.square, touch.color, table),
                    TouchKind::Place => self.held_lifts.retain(|h| h.0 != touch.square),
                }
            }
            Reading::KingTouched { at, square, color } => self.lifted(at, square, color, table),
            Reading::ClockTimes {
                left_ms,
                right_ms,
                running,
                ..
            } => {
                if let Some(side) = running
                    && !self.lever.knows_white_side()
                    && table.game().moves().is_empty()
                {
                    // Before the first move White's clock runs, so the running side is his.
                    self.lever.learn_white_side(side);
                }
                table.stream(BoardOutput::Clock {
                    left_ms,
                    right_ms,
                    running,
                });
            }
            Reading::ClockPress { .. } | Reading::Takeback { .. } => {
                // Only the game takes moves back; the board is set to follow it.
            }
            // The pieces stand ready: the game starts when it is started, not now.
            Reading::Orientation(_) => self.push_status(table),
            Reading::Move { mv, ply, .. } => {
                // Outside `drain` (a rebase's readings).
                if let Some(mv) = self.move_made(mv, ply, table) {
                    self.submit_made(now, mv, pressed, table);
                }
            }
            Reading::Mismatch { .. } if self.no_play(table) => {
                // No play (the sealed move on the board, its pieces on their way back, the game
                // over): no displaced piece is ruled on; the status says what is awaited, without
                // the squares.
            }
            Reading::Mismatch {
                kind,
                squares,
                restore,
                ..
            } => {
                let edition = table.game().config().edition;
                let law = match kind {
                    Mismatch::NotInitialPosition => rules::WRONG_INITIAL_POSITION.law(edition),
                    Mismatch::Displaced => rules::PIECES_DISPLACED.law(edition),
                };
                table.stream(BoardOutput::Mismatch {
                    law,
                    kind,
                    squares,
                    restore,
                });
                if kind == Mismatch::Displaced && !self.rebasing {
                    self.tried_illegal(now, pressed, table);
                }
            }
            Reading::Restored { .. } => self.push_status(table),
        }
    }

    /// Whether what the hands do is no play of the game: the game is over, the board is
    /// [`hidden`] (a sealed move being made on it, its pieces on their way back before the
    /// envelope is in, or the envelope not yet opened), the game waits for the arbiter's start,
    /// or the players are making DGT's result signal (the kings on the centre squares). Then no
    /// lift, placement or move reaches the game, and no displaced piece is ruled on.
    pub(super) fn no_play(&self, table: &dyn Table) -> bool {
        let game = table.game();
        game.result().is_some()
            || hidden(table)
            || (self.start_by == StartBy::Arbiter && not_started(table))
            || result_signal_under_way(&self.rec.physical(), game.board())
    }
}

/// The game has not been started (and is not over): nobody is on move yet.
pub(super) fn not_started(table: &dyn Table) -> bool {
    let game = table.game();
    !game.in_play() && game.result().is_none()
}

/// Whether the board's hands and squares are nobody's to see: a sealed move is being made on it
/// (`seal_on_board`), or a move was sealed and its envelope is not yet opened (2005 App. A1 /
/// 2023 Guidelines I.1: the sealed move stays secret; the sealer may have made it on the board).
pub(super) fn hidden(table: &dyn Table) -> bool {
    table.sealing() || table.game().sealed_by().is_some()
}
