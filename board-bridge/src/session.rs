//! One board's session: bytes from the serial port in, messages to the hub and events to the
//! Laws engine out. The board's own picture of the game is reconstructed here (touches at once,
//! moves from whole placements, `arbiter_core::dgt::reconstruct`); what the pieces mean under the
//! Laws is the [`Referee`](crate::referee::Referee)'s game's to say, and the reconstructor follows the game when they
//! differ. Time comes in as milliseconds, so tests drive it without sleeping.

use std::sync::{Arc, Mutex, MutexGuard};

use arbiter_core::arbiter::Event;
use arbiter_core::dgt::board::{Orientation, Placement};
use arbiter_core::dgt::clock::ClockSide;
use arbiter_core::dgt::codec::{BoardMessage, Command, Decoder, NoiseGate};
use arbiter_core::dgt::reconstruct::{
    Completion, Mismatch, Reading, Reconstructor, TouchKind, attempted_move,
};
use arbiter_core::dgt::signal::result_signal_under_way;
use arbiter_core::laws::rules;
use arbiter_core::{Color, Move, Piece, Square};

use crate::hub::Hub;
use crate::protocol::Body;
use crate::referee::{self, BoardView, SharedReferee, Which};

/// Which moves a board makes for the game, when two boards serve one game (2005 App. F1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The only board: both players' moves are made on it.
    Only,
    /// The sighted player's board: his moves are made here, the opponent's reproduced.
    Main {
        /// The sighted player.
        sighted: Color,
    },
    /// The visually impaired player's board: his moves are made here (a piece lifted out of its
    /// hole is touched, App. F2.2), the opponent's reproduced (F2.7).
    Blind {
        /// The visually impaired player.
        player: Color,
    },
}

impl Seat {
    /// Whether moves of `color` made on this board are the game's moves.
    pub fn makes(self, color: Color) -> bool {
        match self {
            Seat::Only => true,
            Seat::Main { sighted } => sighted == color,
            Seat::Blind { player } => player == color,
        }
    }

    /// The name of the board in messages and in the event log's `source`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Only | Seat::Main { .. } => "board",
            Seat::Blind { .. } => "blind_board",
        }
    }
}

/// A session shared by its board's link and the other board's (two boards, App. F1).
pub type SharedSession = Arc<Mutex<Session>>;

/// Shares `session`.
pub fn shared(session: Session) -> SharedSession {
    Arc::new(Mutex::new(session))
}

/// Locks a shared session. A panic while holding it leaves at worst a half-read board, which the
/// next dump puts right, so a poisoned lock is used as it is.
pub fn lock(session: &SharedSession) -> MutexGuard<'_, Session> {
    session.lock().unwrap_or_else(|p| p.into_inner())
}

/// Decodes, reconstructs, publishes and referees one board.
pub struct Session {
    hub: Hub,
    referee: SharedReferee,
    seat: Seat,
    decoder: Decoder,
    /// Sensor noise stops here: only what two agreeing reads show reaches the reconstructor.
    gate: NoiseGate,
    rec: Reconstructor,
    completion: Completion,
    /// The game's base position the reconstructor was last set to, as FEN.
    base_fen: String,
    /// Which display of a DGT clock is White's: the side running before the first move.
    white_side: ClockSide,
    white_side_read: bool,
    clock_attached: bool,
    clock_epoch_sent: u64,
    /// Lifts of the colour not on move, before the player on move has lifted anything: the
    /// opponent starting early or a sensor blinking. They become touches when his turn comes,
    /// unless the piece was put back first.
    held_lifts: Vec<(Square, Color)>,
    game_plies: usize,
    /// What this board last reported to the two-board comparison.
    last_view: Option<BoardView>,
    /// How many runs of bytes from the board were dropped since it was connected.
    dropped: u64,
    /// The board message last published, so each change the board shows is published once.
    last_board: Option<Body>,
    /// When the board's health (dropped bytes, resyncs) was last published, ms.
    health_at: Option<u64>,
    /// The moves made on this board are completed by a lever press on the clock of the other
    /// board, never by the settle time alone.
    lever_elsewhere: bool,
    /// The other board of two, whose player's press on this board's clock completes his move.
    partner: Option<SharedSession>,
}

fn piece_name(color: Color, piece: Piece) -> String {
    let c = if color == Color::White { 'w' } else { 'b' };
    let p: char = piece.into();
    format!("{c}{}", p.to_ascii_uppercase())
}

fn orientation_name(o: Orientation) -> String {
    match o {
        Orientation::Normal => "normal".into(),
        Orientation::Rotated => "rotated".into(),
    }
}

impl Session {
    /// A session for the only board of a game, continuing the game the referee holds.
    pub fn new(hub: Hub, referee: SharedReferee, completion: Completion) -> Self {
        Self::seated(hub, referee, completion, Seat::Only)
    }

    /// A session for a board in `seat`.
    pub fn seated(hub: Hub, referee: SharedReferee, completion: Completion, seat: Seat) -> Self {
        let (base, moves) = {
            let r = referee::lock(&referee);
            (r.base().clone(), r.moves().to_vec())
        };
        // The orientation the log remembers is the main board's; a second board works out its
        // own from the position it shows.
        let remembered = match seat {
            Seat::Blind { .. } => None,
            _ => hub.state().orientation,
        };
        let orientation = match remembered.as_deref() {
            Some("rotated") => Some(Orientation::Rotated),
            Some("normal") => Some(Orientation::Normal),
            _ => None,
        };
        let base_fen = base.fen();
        let rec = Reconstructor::resume(completion, base, &moves, orientation);
        Self {
            hub,
            referee,
            seat,
            decoder: Decoder::default(),
            gate: NoiseGate::default(),
            rec,
            completion,
            base_fen,
            white_side: ClockSide::Left,
            white_side_read: false,
            clock_attached: completion == Completion::ClockPress,
            clock_epoch_sent: 0,
            held_lifts: Vec::new(),
            game_plies: moves.len(),
            last_view: None,
            dropped: 0,
            last_board: None,
            health_at: None,
            lever_elsewhere: false,
            partner: None,
        }
    }

    /// This board has no clock, but the game has one on the other board: a move made here is
    /// completed by its player's lever press there (2005 Art. 6.8a; App. F2.3), not by the
    /// settle time.
    #[must_use]
    pub fn pressed_by_lever(mut self) -> Self {
        self.lever_elsewhere = true;
        self
    }

    /// The other board of two (2005 App. F1): when its player is on move, a press of this
    /// board's clock is his, and completes the move made on his board.
    #[must_use]
    pub fn with_partner(mut self, partner: SharedSession) -> Self {
        self.partner = Some(partner);
        self
    }

    /// The lever was pressed by this board's player on the other board's clock at `now`: the
    /// board is read at once, as a press on its own clock would (2005 Art. 6.8a), and what it
    /// shows is his move, completed by the press.
    pub fn lever_pressed(&mut self, now: u64, side: ClockSide, times_ms: (u64, u64)) {
        // The boards are compared again once the press has completed the move.
        self.last_view = None;
        self.rec.handle_press(now, side, times_ms);
        self.drain(now);
    }

    /// The board's picture of the game.
    pub fn reconstructor(&self) -> &Reconstructor {
        &self.rec
    }

    /// The board's seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The board was (re)connected on `port`: forget half-read bytes and the old picture; the
    /// next two agreeing reads are the truth.
    pub fn handle_connected(&mut self, port: &str) {
        self.decoder.reset();
        self.gate.reset();
        self.rec.reset_board();
        self.dropped = 0;
        // A clock that was unplugged with the board shows stale times: show the game's again.
        self.clock_epoch_sent = 0;
        let body = Body::Board {
            connected: true,
            placement: None,
            orientation: self.rec.orientation().map(orientation_name),
            port: Some(port.to_owned()),
            dropped: 0,
            resyncs: 0,
            sealing: None,
        };
        self.publish_board_body(body);
    }

    /// The board went away.
    pub fn handle_disconnected(&mut self, why: &str) {
        self.decoder.reset();
        self.gate.reset();
        self.rec.reset_board();
        let was_connected = matches!(
            self.last_board,
            Some(Body::Board {
                connected: true,
                ..
            })
        );
        self.publish_board_body(Body::Board {
            connected: false,
            placement: None,
            orientation: None,
            port: None,
            dropped: self.dropped,
            resyncs: self.gate.resyncs(),
            sealing: None,
        });
        if was_connected {
            self.hub.publish(Body::Error {
                message: format!("{} disconnected: {why}", self.seat.name()),
            });
        }
    }

    /// Bytes read from the board at `now`.
    pub fn handle_bytes(&mut self, now: u64, bytes: &[u8]) {
        self.decoder.feed(bytes);
        let health = (self.dropped, self.gate.resyncs());
        while let Some(decoded) = self.decoder.poll() {
            if decoded.is_err() {
                self.dropped += 1;
            }
            let Some(message) = self.gate.take(decoded) else {
                continue;
            };
            crate::trace::mark("decoded");
            let is_dump = matches!(message, BoardMessage::BoardDump(_));
            self.rec.handle_message(now, &message);
            crate::trace::mark("reconstructed");
            self.drain(now);
            if is_dump {
                self.publish_board();
            }
        }
        if health != (self.dropped, self.gate.resyncs()) {
            self.publish_health(now);
        }
    }

    /// The board's health is a status, not a ruling: the counts go out in a `board` message,
    /// at most once a second however noisy the line.
    fn publish_health(&mut self, now: u64) {
        if self.health_at.is_some_and(|at| now < at + 1_000) {
            return;
        }
        self.health_at = Some(now);
        if let Some(Body::Board {
            connected,
            placement,
            orientation,
            port,
            ..
        }) = self.last_board.clone()
        {
            self.publish_board_body(Body::Board {
                connected,
                placement,
                orientation,
                port,
                dropped: self.dropped,
                resyncs: self.gate.resyncs(),
                sealing: None,
            });
        }
    }

    /// How many sensor changes the board has reported (see [`Reconstructor::changes`]).
    pub fn sensor_changes(&self) -> u64 {
        self.rec.changes()
    }

    /// When [`Self::handle_deadline`] should next be called.
    pub fn poll_deadline(&self) -> Option<u64> {
        self.rec.poll_deadline()
    }

    /// Time has reached `now`.
    pub fn handle_deadline(&mut self, now: u64) {
        self.rec.handle_deadline(now);
        crate::trace::mark("reconstructed");
        self.drain(now);
    }

    /// Commands the session wants sent to the board: the reconstructor's requests, and the
    /// game's clock for an attached DGT clock whenever it changed course.
    pub fn poll_command(&mut self, now: u64) -> Option<Command> {
        if let Some(c) = self.gate.poll_command() {
            return Some(c);
        }
        while let Some(c) = self.rec.poll_command() {
            if c != Command::SendBoard {
                return Some(c);
            }
            // A full read to check the picture: only when something changed since the last
            // one, and not while the gate waits for its own.
            if self.gate.wants_read() {
                self.gate.read_asked();
                return Some(c);
            }
        }
        if !self.clock_attached || !self.rec.has_dump() {
            return None;
        }
        let r = referee::lock(&self.referee);
        if r.clock_epoch() == self.clock_epoch_sent {
            return None;
        }
        self.clock_epoch_sent = r.clock_epoch();
        Some(Command::Clock(r.clock_display(now, self.white_side)))
    }

    fn publish_board(&mut self) {
        self.publish_board_body(Body::Board {
            connected: true,
            placement: Some(self.rec.physical().to_fen_board()),
            orientation: self.rec.orientation().map(orientation_name),
            port: None,
            dropped: self.dropped,
            resyncs: self.gate.resyncs(),
            sealing: None,
        });
    }

    /// Publishes a board message unless it says what the last one said (a board message
    /// without a port says nothing new about the port).
    fn publish_board_body(&mut self, mut body: Body) {
        if let Body::Board {
            placement, sealing, ..
        } = &mut body
        {
            // While a sealed move is made on the board, its pieces are nobody's to see.
            *sealing = referee::lock(&self.referee)
                .sealing()
                .map(|s| s.stage().to_owned());
            if sealing.is_some() {
                *placement = None;
            }
        }
        let mut same = body.clone();
        if let (
            Body::Board {
                port: port @ None,
                connected: true,
                ..
            },
            Some(Body::Board {
                port: last_port,
                connected: true,
                ..
            }),
        ) = (&mut same, &self.last_board)
        {
            port.clone_from(last_port);
        }
        if self.last_board.as_ref() == Some(&same) {
            return;
        }
        self.last_board = Some(same);
        self.hub.publish(body);
    }

    fn drain(&mut self, now: u64) {
        let mut pressed = false;
        let mut press = None;
        let mut made = None;
        let mut clock_times = Vec::new();
        while let Some(reading) = self.rec.poll() {
            match reading {
                Reading::ClockPress { side, times_ms, .. } => {
                    pressed = true;
                    press = Some((side, times_ms));
                }
                // The clock's reading says nothing the move waits for: it goes out after.
                Reading::ClockTimes { .. } => clock_times.push(reading),
                Reading::Move { mv, ply, .. } => {
                    if let Some(earlier) = made.take() {
                        // Both players moved within one reading (fast play): the first move
                        // goes to the game before the second is checked against it.
                        self.submit_made(now, earlier, pressed);
                    }
                    made = self.move_made(mv, ply);
                }
                reading => self.take_reading(now, reading, pressed),
            }
        }
        // The move made and the press that completes it go to the game together, so the
        // completed move is the first thing streamed after the event that caused it.
        let mut events = Vec::with_capacity(2);
        let mut r = referee::lock(&self.referee);
        // The sealed move goes into the envelope, and no press of the sealer's is a move's.
        let sealing = r.sealing().is_some();
        let made = made
            .filter(|_| !self.no_play(&r))
            .filter(|&mv| !r.take_sealed_move(mv));
        let pressed = pressed && !sealing;
        if let Some(mv) = made {
            events.push(Event::Move { mv });
            if !pressed && self.completes_itself(&r) {
                events.push(Event::PressClock {
                    player: r.side_to_move(),
                });
            }
        }
        // The lever goes down on the running side: the player whose clock runs pressed. If he
        // plays on the other board, the press is his board's to read.
        let partner = self
            .partner
            .clone()
            .filter(|_| !self.seat.makes(r.side_to_move()));
        if pressed && partner.is_none() {
            events.push(Event::PressClock {
                player: r.side_to_move(),
            });
        }
        if !events.is_empty() {
            let _ = r.submit_all(now, events, self.seat.name());
        }
        drop(r);
        if let (Some(partner), Some((side, times_ms))) = (partner, press) {
            lock(&partner).lever_pressed(now, side, times_ms);
        }
        for reading in clock_times {
            self.take_reading(now, reading, pressed);
        }
        self.follow_game(now);
    }

    /// A move the board shows made: the game's next move if this board makes it for the game,
    /// or `None` (a board catching up, or the opponent's move reproduced, App. F2.7).
    fn move_made(&self, mv: Move, ply: usize) -> Option<Move> {
        let r = referee::lock(&self.referee);
        if ply != r.moves().len() + 1 || !self.seat.makes(r.side_to_move()) {
            return None;
        }
        Some(mv)
    }

    /// Hands the game a move made on the board, completed at once if it completes itself.
    fn submit_made(&self, now: u64, mv: Move, pressed: bool) {
        let mut r = referee::lock(&self.referee);
        if self.no_play(&r) || r.take_sealed_move(mv) {
            return;
        }
        let mut events = vec![Event::Move { mv }];
        if !pressed && self.completes_itself(&r) {
            events.push(Event::PressClock {
                player: r.side_to_move(),
            });
        }
        let _ = r.submit_all(now, events, self.seat.name());
    }

    /// Moves on the board complete themselves: no clock, and casual play or a seat whose
    /// player announces (App. F2.3: the move counts as made, the opponent's clock starts).
    fn completes_itself(&self, r: &referee::Referee) -> bool {
        matches!(self.completion, Completion::Settle { .. })
            && !self.lever_elsewhere
            && (r.auto_press() || matches!(self.seat, Seat::Blind { .. }))
    }

    fn submit(&self, r: &mut referee::Referee, now: u64, event: Event) {
        // A refusal (game not started, over, a claim pending) is the game's answer and is
        // already in its state; the board keeps streaming what it sees.
        let _ = r.submit(now, event, self.seat.name());
    }

    fn take_reading(&mut self, now: u64, reading: Reading, pressed: bool) {
        match reading {
            Reading::Touch { .. } | Reading::KingTouched { .. } if self.hidden() => {
                // The sealer's hands: not a touch of the game, and no square for anyone.
            }
            Reading::Touch { touch, held, .. } => {
                // The sensors' news goes out first: nothing below may delay it.
                self.hub.publish(Body::Touch {
                    action: if touch.kind == TouchKind::Lift {
                        "lift"
                    } else {
                        "place"
                    }
                    .into(),
                    square: touch.square.to_string(),
                    piece: piece_name(touch.color, touch.piece),
                });
                match touch.kind {
                    // The own king's lift, which the core holds until it comes down: a touch
                    // (`KingTouched`) or the result signal's start (nothing).
                    TouchKind::Lift if held => {}
                    TouchKind::Lift => self.lifted(now, touch.square, touch.color),
                    TouchKind::Place => self.held_lifts.retain(|h| h.0 != touch.square),
                }
            }
            Reading::KingTouched { at, square, color } => {
                self.lifted(at, square, color);
            }
            Reading::ClockTimes {
                left_ms,
                right_ms,
                running,
                ..
            } => {
                if let Some(side) = running
                    && !self.white_side_read
                    && referee::lock(&self.referee).game().moves().is_empty()
                {
                    // Before the first move White's clock runs, so the running side is his.
                    // Read once: a later reading may already show his press.
                    self.white_side = side;
                    self.white_side_read = true;
                }
                self.hub.publish(Body::Clock {
                    left_ms,
                    right_ms,
                    running: running.map(|s| {
                        if s == ClockSide::Left {
                            "left"
                        } else {
                            "right"
                        }
                        .into()
                    }),
                });
            }
            Reading::ClockPress { .. } => {}
            Reading::Orientation(o) => {
                self.publish_board_body(Body::Board {
                    connected: true,
                    placement: Some(self.rec.physical().to_fen_board()),
                    orientation: Some(orientation_name(o)),
                    port: None,
                    dropped: self.dropped,
                    resyncs: self.gate.resyncs(),
                    sealing: None,
                });
                let mut r = referee::lock(&self.referee);
                if !r.in_play() && r.game().moves().is_empty() {
                    // The pieces stand in the initial position: the game begins (2005 Art. 6.5).
                    self.submit(&mut r, now, Event::Start);
                }
            }
            Reading::Move { mv, ply, .. } => {
                // Outside `drain` (a rebase's readings).
                if let Some(text) = self.move_made(mv, ply) {
                    self.submit_made(now, text, pressed);
                }
            }
            Reading::Takeback { .. } => {
                // Only the game takes moves back; the board is set to follow it below.
            }
            Reading::Mismatch { .. }
                if self.hidden() || self.no_play(&referee::lock(&self.referee)) =>
            {
                // The sealed move on the board, or its pieces on their way back: the board
                // status says what is awaited, without the squares.
            }
            Reading::Mismatch {
                kind,
                squares,
                restore,
                ..
            } => {
                let edition = referee::lock(&self.referee).game().config().edition;
                // The articles are the core's (laws::rules), as the game's own rulings cite.
                let (law, name) = match kind {
                    Mismatch::NotInitialPosition => (
                        rules::WRONG_INITIAL_POSITION.law(edition),
                        "not_initial_position",
                    ),
                    Mismatch::Displaced => (rules::PIECES_DISPLACED.law(edition), "displaced"),
                };
                self.hub.publish(Body::Ruling {
                    law: law.to_string(),
                    kind: name.into(),
                    squares: squares.iter().map(Square::to_string).collect(),
                    restore: Some(restore.to_fen_board()),
                    verdict: None,
                    board: (self.seat != Seat::Only).then(|| self.seat.name().to_owned()),
                });
                if kind == Mismatch::Displaced {
                    self.tried_illegal(now, pressed);
                }
            }
            Reading::Restored { .. } => self.publish_board(),
        }
    }

    /// The pieces show one piece of the player on move gone to a square no legal move reaches:
    /// hand the attempt to the game, which rules on it when it is completed (2005 Art. 7.4a).
    fn tried_illegal(&mut self, now: u64, pressed: bool) {
        let mut r = referee::lock(&self.referee);
        if self.rec.moves().len() != r.moves().len() || self.no_play(&r) {
            return;
        }
        let mover = r.side_to_move();
        if !self.seat.makes(mover) {
            return;
        }
        let Some(text) = attempted_move(r.game().board(), &self.rec.physical()) else {
            return;
        };
        self.submit(&mut r, now, Event::Move { mv: text });
        if !pressed && self.completes_itself(&r) {
            self.submit(&mut r, now, Event::PressClock { player: mover });
        }
    }

    /// A piece of `color` lifted from `square` at `now`, as the game is to hear of it.
    fn lifted(&mut self, now: u64, square: Square, color: Color) {
        let mut r = referee::lock(&self.referee);
        if self.no_play(&r) {
            return;
        }
        let on_move = r.side_to_move();
        if !self.seat.makes(on_move) {
            // On the board where the opponent's move is only reproduced, hands are not touches.
            return;
        }
        // After a lift of his own (the core's reading of the turn's lifts), a piece of the
        // opponent's lifted is his touch too.
        if color == on_move || self.rec.own_lifted() {
            self.submit(&mut r, now, Event::Lift { square });
        } else {
            self.held_lifts.push((square, color));
        }
    }

    /// Whether what the hands do on the board is no play of the game: the game is over, or the
    /// players are making DGT's result signal (the kings set on the centre squares, read by the
    /// hall as a proposed result). Then no lift, placement or move reaches the game, and no
    /// displaced piece is ruled on.
    fn no_play(&self, r: &referee::Referee) -> bool {
        r.game().result().is_some()
            || result_signal_under_way(&self.rec.physical(), r.game().board())
    }

    /// Whether a sealed move is being made on the board, its hands and pieces hidden.
    fn hidden(&self) -> bool {
        referee::lock(&self.referee).sealing().is_some()
    }

    /// After a sealed move made on the board, the pieces back as they stood before it show the
    /// board again.
    fn check_pieces_back(&mut self) {
        if !self.rec.has_dump() {
            return;
        }
        let placement = self.rec.physical().to_fen_board();
        if referee::lock(&self.referee).board_shows(&placement) {
            self.last_board = None;
            self.publish_board();
        }
    }

    /// Keeps the board's picture in step with the game: a move the game refused or set back, or
    /// a takeback it did not allow, is undone in the picture, and the board is told what to
    /// restore. A board that has not yet reproduced the game's last moves is left to do so.
    fn follow_game(&mut self, now: u64) {
        let mut r = referee::lock(&self.referee);
        let played = r.game().moves().len();
        if played != self.game_plies {
            self.game_plies = played;
            // Lifts held for the new player on move become his touches, if his piece is still
            // up in the air on that square.
            let held = std::mem::take(&mut self.held_lifts);
            let on_move = r.side_to_move();
            for (square, color) in held {
                if color == on_move
                    && r.game().board().piece_on(square).map(|p| p.0) == Some(color)
                    && self.rec.physical().get(square) == arbiter_core::dgt::board::Occupant::Empty
                {
                    self.submit(&mut r, now, Event::Lift { square });
                }
            }
        }
        let game = r.moves();
        let seen = self.rec.moves();
        let base_fen = r.base().fen();
        let in_step = base_fen == self.base_fen
            && if seen.len() <= game.len() {
                game.starts_with(seen)
            } else {
                // One move made on the board and waiting for a press on the page.
                seen.len() == game.len() + 1
                    && seen.starts_with(game)
                    && !self.completes_itself(&r)
                    && self.completion != Completion::ClockPress
            };
        if !in_step {
            let (base, moves) = (r.base().clone(), game.to_vec());
            drop(r);
            self.base_fen = base_fen;
            self.rec.rebase(now, base, &moves);
            while let Some(reading) = self.rec.poll() {
                self.take_reading(now, reading, false);
            }
        } else {
            drop(r);
        }
        self.check_pieces_back();
        self.compare_boards();
    }

    /// With two boards, a settled board is compared with the other one (App. F2.7-F2.8).
    fn compare_boards(&mut self) {
        let which = match self.seat {
            Seat::Only => return,
            Seat::Main { .. } => Which::Main,
            Seat::Blind { .. } => Which::Blind,
        };
        if !self.rec.has_dump()
            || self.rec.orientation().is_none()
            || self.rec.poll_deadline().is_some()
        {
            // Pieces may still be in a hand: compare once the board is quiet.
            return;
        }
        let view = BoardView {
            score: self.rec.moves().to_vec(),
            placement: self.rec.physical().to_fen_board(),
        };
        if self.last_view.as_ref() == Some(&view) {
            return;
        }
        self.last_view = Some(view.clone());
        referee::lock(&self.referee).board_settled(which, view);
    }
}

/// The placement a board shows in the initial position, as the simulator and tests need it.
pub fn start_placement() -> Placement {
    Placement::start()
}
