//! The Laws engine inside the bridge: one [`Game`] per bridge, fed by the board(s) and by pages.
//! Every event is stamped with the hub's monotonic clock, handed to the game, logged (so a
//! restarted bridge replays the game exactly) and followed by what the game says: rulings, the
//! moves it completed, and its state.
//!
//! The board's sensors decide *what* was done (moves are reconstructed by
//! `arbiter_core::dgt::reconstruct` from whole placements); the game decides what it *means*
//! under the Laws (touch-move, illegal moves, the clock, the result). When the two disagree the
//! game wins and the board is told what to restore.

use std::sync::{Arc, Mutex, MutexGuard, Weak};

use arbiter_core::arbiter::{Actor, Event, Game, Refused, Stamped};
use arbiter_core::clock::Timestamp;
use arbiter_core::dgt::clock::{ClockCommand, ClockSide, DisplayTime};
pub use arbiter_core::laws::blind::BoardView;
use arbiter_core::laws::blind::{BoardOf, Correction};
use arbiter_core::position::Position;
use arbiter_core::{Color, Move};

use crate::hub::Hub;
use crate::protocol::Body;
use crate::sealing::BoardSealing;

/// The game and its publication.
pub struct Referee {
    game: Game,
    hub: Hub,
    /// The last instant handed to the game; later inputs are stamped no earlier, since the
    /// boards' threads and the pages race for the lock.
    last_at: u64,
    /// How many of the game's completed moves were published.
    published: usize,
    /// Moves made on the board complete themselves (casual play without a clock).
    auto_press: bool,
    /// Bumped whenever the game's clock changes course (start, press, stop, time set).
    clock_epoch: u64,
    clock_seen: (Option<Color>, usize, String),
    /// What each of two boards last showed when settled: main, blind.
    views: [Option<BoardView>; 2],
    /// The last correction published for two boards, so each is published once.
    last_correction: Option<(serde_json::Value, Option<String>)>,
    /// This referee as shared, so that work off the serving thread (the full dead-position
    /// analysis, the envelope's key) can hand its answer back; empty for a referee not shared.
    me: Weak<Mutex<Referee>>,
    /// The analysis being worked out off the serving thread: its side and position.
    analysing: Option<(Color, String)>,
    /// A sealed move being made on the sensor board (App. A1, A5).
    sealing: Option<BoardSealing>,
    /// The game's answer to where the moves a board can follow start, and how many plies it
    /// had then ([`Game::playable_start`]), so a long game is not looked over on every read.
    playable: (usize, usize),
}

/// Which of two boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// The sighted player's board.
    Main,
    /// The visually impaired player's board.
    Blind,
}

/// The referee shared by the boards' threads and the pages' tasks.
pub type SharedReferee = Arc<Mutex<Referee>>;

/// Locks a shared referee. A panic while holding it cannot leave the game half-updated (the
/// game refuses or takes an event whole), so a poisoned lock is used as it is.
pub fn lock(referee: &SharedReferee) -> MutexGuard<'_, Referee> {
    referee.lock().unwrap_or_else(|p| p.into_inner())
}

impl Referee {
    /// A referee for the hub's game: set up as the hub's log says, continuing the events it
    /// holds.
    ///
    /// # Errors
    /// The setup's FEN is not a legal position.
    pub fn new(hub: Hub, auto_press: bool) -> Result<Self, Refused> {
        let config = hub.config();
        // An existing log of an earlier schema version goes on ruling as it was recorded.
        let mut game = Game::continuing(config.clone(), hub.log_version())?;
        hub.set_config(config);
        let mut last_at = 0;
        for line in hub.logged_events() {
            last_at = last_at.max(line.at.0);
            // An event the log holds was accepted once; a refusal now would mean another
            // core's Laws, and the game goes on from what it could take.
            let _ = game.handle(line.stamped());
        }
        while game.poll_ruling().is_some() {}
        let playable = (game.moves().len(), game.playable_start(None));
        let me = Self {
            published: game.moves().len(),
            game,
            hub,
            last_at,
            auto_press,
            clock_epoch: 0,
            clock_seen: (None, 0, String::new()),
            views: [None, None],
            last_correction: None,
            me: Weak::new(),
            analysing: None,
            sealing: None,
            playable,
        };
        if me.published > 0 {
            // What snapshots show of the game the log brought back, without publishing it again.
            let recorded = me
                .game
                .moves()
                .iter()
                .map(|m| crate::hub::RecordedMove {
                    uci: m.text.to_string(),
                    san: m.san.clone(),
                    clock_ms: Some(m.clock_after.0),
                })
                .collect();
            let state = serde_json::to_value(me.game.state(Timestamp(last_at))).ok();
            me.hub.restore(recorded, me.game.board().fen(), state);
        }
        Ok(me)
    }

    /// Shares the referee between the boards' links, the pages and the work it hands to
    /// threads of their own; a ruling the log left waiting for its analysis is taken up.
    pub fn into_shared(self) -> SharedReferee {
        let shared = Arc::new(Mutex::new(self));
        {
            let mut me = lock(&shared);
            me.me = Arc::downgrade(&shared);
            me.analyse_if_awaited();
        }
        shared
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position the completed moves a board can follow start from (the game's
    /// [`Game::playable_score`]).
    pub fn base(&self) -> &Position {
        self.game.score_from(self.playable.1).0
    }

    /// The completed moves from [`Self::base`].
    pub fn moves(&self) -> &[Move] {
        self.game.score_from(self.playable.1).1
    }

    /// Whether moves on the board complete themselves.
    pub fn auto_press(&self) -> bool {
        self.auto_press
    }

    /// Casual play on or off.
    pub fn set_auto_press(&mut self, on: bool) {
        self.auto_press = on;
    }

    /// Changes whenever the game's clock changes course.
    pub fn clock_epoch(&self) -> u64 {
        self.clock_epoch
    }

    /// Whether the game has started and is not over.
    pub fn in_play(&self) -> bool {
        self.game.in_play()
    }

    /// Hands `event` to the game at `now` (or the last instant, if later), publishes it with its
    /// `source` when accepted, then everything it caused.
    ///
    /// # Errors
    /// The game's refusal; nothing is published for the event then.
    pub fn submit(&mut self, now: u64, event: Event, source: &str) -> Result<(), Refused> {
        let at = now.max(self.last_at);
        let logged = self.game.log().events().len();
        let stage = match event {
            Event::Move { .. } => "game_move",
            Event::PressClock { .. } => "game_press",
            Event::Lift { .. } => "game_lift",
            _ => "game_other",
        };
        crate::trace::mark("game_in");
        let result = self.game.handle(Stamped {
            at: Timestamp(at),
            event,
        });
        crate::trace::mark(stage);
        self.publish_after(logged, source, at, result.is_ok());
        result
    }

    /// Whether `event` would change nothing in the game (the game's
    /// [`Game::changes_nothing`]): such an event from a page is answered and not logged.
    pub fn changes_nothing(&self, event: &Event) -> bool {
        self.game.changes_nothing(event)
    }

    /// Hands `events` to the game one after the other at `now`, as [`Self::submit`] does, but
    /// publishes what they caused once, at the end: a move made and completed in one go (a lever
    /// press, or a move that completes itself) streams without the state between the two.
    /// Returns each event's answer.
    pub fn submit_all(
        &mut self,
        now: u64,
        events: impl IntoIterator<Item = Event>,
        source: &str,
    ) -> Vec<Result<(), Refused>> {
        let at = now.max(self.last_at);
        let logged = self.game.log().events().len();
        let mut results = Vec::new();
        for event in events {
            crate::trace::mark("game_in");
            results.push(self.game.handle(Stamped {
                at: Timestamp(at),
                event,
            }));
            crate::trace::mark("game_out");
        }
        self.publish_after(logged, source, at, results.iter().any(Result::is_ok));
        results
    }

    /// Time has reached `now`: flag falls and other deadlines.
    pub fn tick(&mut self, now: u64) {
        let at = now.max(self.last_at);
        if self.game.poll_deadline().is_none_or(|d| d.0 > at) {
            return;
        }
        let logged = self.game.log().events().len();
        self.game.handle_deadline(Timestamp(at));
        self.publish_after(logged, "clock", at, true);
    }

    /// When [`Self::tick`] should next be called, ms.
    pub fn poll_deadline(&self) -> Option<u64> {
        self.game.poll_deadline().map(|t| t.0)
    }

    /// The command that shows the game's clock on a DGT clock whose `white_side` is White's.
    pub fn clock_display(&self, now: u64, white_side: ClockSide) -> ClockCommand {
        let state = self.game.state(Timestamp(now.max(self.last_at)));
        let white = DisplayTime::from_millis(state.white.remaining.0);
        let black = DisplayTime::from_millis(state.black.remaining.0);
        let black_side = match white_side {
            ClockSide::Left => ClockSide::Right,
            ClockSide::Right => ClockSide::Left,
        };
        let (left, right) = match white_side {
            ClockSide::Left => (white, black),
            ClockSide::Right => (black, white),
        };
        ClockCommand::SetAndRun {
            left,
            right,
            running: state.running.map(|c| {
                if c == Color::White {
                    white_side
                } else {
                    black_side
                }
            }),
        }
    }

    /// Publishes what the game's handling of the events logged since `logged` (stamped `at`,
    /// from `source`) caused. The completed moves go first, so a page sees a move as soon as
    /// it is made, with the events themselves (the log a restarted bridge replays); then the
    /// rulings, and the state when something changed.
    fn publish_after(&mut self, logged: usize, source: &str, at: u64, changed: bool) {
        let hub = self.hub.clone();
        let mut batch = hub.batch();
        let mut out = Vec::new();
        // Only the arbiter sets a game back; otherwise the game only went on since.
        let restored = self.game.log().events()[logged..]
            .iter()
            .any(|e| matches!(e.event, Event::Arbiter { .. }));
        let known = (!restored).then_some(self.playable);
        let plies = self.game.moves().len();
        self.playable = (plies, self.game.playable_start(known));
        self.completed_moves(&mut out);
        for event in self.game.log().events()[logged..].iter().cloned() {
            self.last_at = self.last_at.max(event.at.0);
            out.push(Body::Event {
                event,
                source: source.to_owned(),
            });
        }
        // The move and the events that made it are logged and sent before the state is even
        // worked out: the state is derived from them, and only they are replayed on a restart.
        for body in out.drain(..) {
            batch.stage(body);
        }
        batch.release();
        while let Some(ruling) = self.game.poll_ruling() {
            let verdict = serde_json::to_value(&ruling.verdict).ok();
            let kind = verdict
                .as_ref()
                .and_then(|v| v["kind"].as_str())
                .unwrap_or("ruling")
                .to_owned();
            out.push(Body::Ruling {
                law: ruling.law.to_string(),
                kind,
                squares: Vec::new(),
                restore: None,
                verdict,
                board: None,
            });
        }
        if changed {
            let state = self.game.state(Timestamp(at));
            let seen = (state.running, self.game.moves().len(), state.fen.clone());
            if seen != self.clock_seen {
                self.clock_seen = seen;
                self.clock_epoch += 1;
            }
            crate::trace::mark("state_read");
            if let Ok(state) = serde_json::to_value(&state) {
                out.push(Body::State { state });
            }
        }
        for body in out {
            batch.stage(body);
        }
        drop(batch);
        self.analyse_if_awaited();
    }

    /// The game waits for the full dead-position analysis (the bridge's games defer it, see
    /// `Hub`): it can take seconds on a hard position, so it runs on a thread of its own while
    /// the serving thread goes on streaming to every page and reading the boards; the answer
    /// comes back as the game's `analysis` event. A referee that is not shared answers here.
    fn analyse_if_awaited(&mut self) {
        let Some(pending) = self.game.pending_analysis() else {
            return;
        };
        let key = (pending.side, pending.fen.clone());
        if self.analysing.as_ref() == Some(&key) {
            return;
        }
        let Some(me) = self.me.upgrade() else {
            let can_mate = can_mate(key.0, &key.1);
            let answer = Event::Analysis {
                side: key.0,
                fen: key.1,
                can_mate,
            };
            let _ = self.submit(self.last_at, answer, "analysis");
            return;
        };
        self.analysing = Some(key.clone());
        let hub = self.hub.clone();
        let work = move || {
            let (side, fen) = key;
            let can_mate = can_mate(side, &fen);
            let mut r = lock(&me);
            r.analysing = None;
            let answer = Event::Analysis {
                side,
                fen,
                can_mate,
            };
            // Refused only when the game moved on (the arbiter restored a position): nothing
            // waits for this answer then.
            let _ = r.submit(hub.now_ms(), answer, "analysis");
        };
        if std::thread::Builder::new()
            .name("analysis".into())
            .spawn(work)
            .is_err()
        {
            // No thread to be had: the answer is worked out here rather than never.
            self.analysing = None;
            let Some(pending) = self.game.pending_analysis() else {
                return;
            };
            let (side, fen) = (pending.side, pending.fen.clone());
            let can_mate = can_mate(side, &fen);
            let _ = self.submit(
                self.last_at,
                Event::Analysis {
                    side,
                    fen,
                    can_mate,
                },
                "analysis",
            );
        }
    }

    /// The moves the game completed (or set back) since the last call, as messages.
    fn completed_moves(&mut self, out: &mut Vec<Body>) {
        let played = self.game.moves().len();
        if played < self.published {
            // The arbiter set the game back (2005 Art. 6.14, 7.5; App. F2.8 for two boards):
            // follow it from the start, and tell pages and boards how far.
            self.published = played;
            out.push(Body::Takeback {
                to_ply: played,
                fen: self.game.board().fen(),
            });
        }
        for ply in self.published..played {
            let done = &self.game.moves()[ply];
            let fen = self
                .game
                .position_after(ply + 1)
                .unwrap_or_else(|| self.game.board())
                .fen();
            out.push(Body::Move {
                ply: ply + 1,
                uci: done.text.to_string(),
                san: done.san.clone(),
                fen,
                clock_ms: Some(done.clock_after.0),
            });
        }
        self.published = played;
    }

    /// A board of two settled showing `view`: the game compares both boards with its moves
    /// (App. F2.7-F2.8, [`Game::compare_boards`]) and a `discrepancy` is published when its
    /// verdict changes.
    pub fn board_settled(&mut self, which: Which, view: BoardView) {
        self.views[which as usize] = Some(view);
        let [Some(main), Some(blind)] = &self.views else {
            return;
        };
        let comparison = match self.game.compare_boards(main, blind) {
            Ok(Some(c)) => c,
            Ok(None) => return,
            Err(e) => {
                self.hub.publish(Body::Error {
                    message: format!("two boards: {e}"),
                });
                return;
            }
        };
        let correction = comparison.correction;
        let law = match &correction {
            Correction::FixBoards { law, .. } | Correction::Retrace { law, .. } => {
                Some(law.to_string())
            }
            _ => None,
        };
        let Ok(value) = serde_json::to_value(&correction) else {
            return;
        };
        let awaiting = comparison.awaiting.map(|board| {
            match board {
                BoardOf::Sighted => "main",
                BoardOf::Impaired => "blind",
            }
            .to_owned()
        });
        let key = (value.clone(), awaiting.clone());
        let first_in_step = self.last_correction.is_none() && correction == Correction::InStep;
        if first_in_step || self.last_correction.as_ref() == Some(&key) {
            return;
        }
        self.last_correction = Some(key);
        self.hub.publish(Body::Discrepancy {
            law,
            correction: value,
            awaiting,
            main: main.placement.clone(),
            blind: blind.placement.clone(),
        });
    }

    /// The sealed move being made on the sensor board, if any (App. A1, A5).
    pub fn sealing(&self) -> Option<&BoardSealing> {
        self.sealing.as_ref()
    }

    /// The arbiter asks `player`, on move, for his sealed move (2005 App. A1 / 2023 I.1), to be
    /// made on the sensor board and sealed with `passphrase`: from now on the board's hands and
    /// pieces are hidden from the pages and the game until the pieces stand as before it.
    ///
    /// # Errors
    /// Why it cannot be asked now, in words for the page.
    pub fn ask_sealed_move(&mut self, player: Color, passphrase: String) -> Result<(), String> {
        let name = arbiter_core::wire::color::name;
        if !self.game.in_play() {
            return Err("the game is not in play: there is no move to seal".into());
        }
        if self.game.state(Timestamp(self.last_at)).sealed {
            return Err("a sealed move already waits in its envelope".into());
        }
        if self.sealing.is_some() {
            return Err("a sealed move is already being made on the board".into());
        }
        if self.game.side_on_move() != player {
            return Err(format!(
                "{} is not on move: the player on move seals his move (App. A1)",
                name(player)
            ));
        }
        if passphrase.trim().is_empty() {
            return Err("the arbiter's passphrase is empty".into());
        }
        self.sealing = Some(BoardSealing::Asked { player, passphrase });
        self.publish_board_status();
        Ok(())
    }

    /// A move the board shows made: while the sealer's move is awaited it goes into the
    /// envelope, off the serving thread (the key takes a while to derive), and the pieces are
    /// to go back. Returns whether it was taken so (and is no move of the game).
    pub fn take_sealed_move(&mut self, mv: Move) -> bool {
        let Some(BoardSealing::Asked { player, passphrase }) = self.sealing.clone() else {
            return false;
        };
        if self.game.side_on_move() != player {
            return false;
        }
        self.sealing = Some(BoardSealing::PiecesBack {
            placement: self.game.board().placement().to_fen_board(),
        });
        self.publish_board_status();
        let text = mv.to_string();
        let hub = self.hub.clone();
        let seal = move |r: &mut Referee| {
            let answer = crate::sealing::envelope_event(player, &text, &passphrase)
                .map_err(|e| e.to_string())
                .and_then(|event| {
                    r.submit(hub.now_ms(), event, "board")
                        .map_err(|e| e.to_string())
                });
            if let Err(e) = answer {
                hub.publish(Body::Error {
                    message: format!("the sealed move could not be sealed: {e}"),
                });
            }
        };
        match self.me.upgrade() {
            Some(me) => {
                let work = move || seal(&mut lock(&me));
                if let Err(e) = std::thread::Builder::new().name("seal".into()).spawn(work) {
                    self.hub.publish(Body::Error {
                        message: format!("the sealed move could not be sealed: {e}"),
                    });
                }
            }
            None => seal(self),
        }
        true
    }

    /// The sensor board shows `placement` (its FEN board field): once the pieces stand as
    /// before the sealed move, the board is shown again. Returns whether that happened now.
    pub fn board_shows(&mut self, placement: &str) -> bool {
        match &self.sealing {
            Some(BoardSealing::PiecesBack { placement: before }) if before == placement => {
                self.sealing = None;
                true
            }
            _ => false,
        }
    }

    /// Whether the envelope must wait: the pieces are not yet back where they stood before the
    /// sealed move made on the board (App. A5: the adjourned position is set up for the
    /// resumption).
    pub fn pieces_not_back(&self) -> bool {
        matches!(self.sealing, Some(BoardSealing::PiecesBack { .. }))
    }

    /// An event asked for from outside the board (a seat's page, the hall's arbiter), taken as
    /// every such request is: the envelope is not opened before the pieces are back (App. A5),
    /// an event that changes nothing is not recorded again, and the rest is the game's to rule.
    ///
    /// # Errors
    /// Why it was not recorded.
    pub fn take_request(&mut self, now: u64, event: Event, source: &str) -> Result<(), NotTaken> {
        if matches!(event, Event::Open { .. }) && self.pieces_not_back() {
            return Err(NotTaken::PiecesNotBack);
        }
        if self.changes_nothing(&event) {
            return Err(NotTaken::Unchanged);
        }
        self.submit(now, event, source).map_err(NotTaken::Game)
    }

    /// The arbiter asks the player on move for his sealed move, to be made on the sensor board
    /// (see [`Self::ask_sealed_move`]); returns the sealer.
    ///
    /// # Errors
    /// Why it cannot be asked now, in words for the page.
    pub fn seal_on_board(&mut self, passphrase: String) -> Result<Color, String> {
        let sealer = self.side_to_move();
        self.ask_sealed_move(sealer, passphrase).map(|()| sealer)
    }

    /// Tells the pages the board's sealing stage, with the rest of the board's status as last
    /// published and no placement.
    fn publish_board_status(&self) {
        let s = self.hub.state();
        self.hub.publish(Body::Board {
            connected: s.connected,
            placement: None,
            orientation: s.orientation,
            port: s.port,
            dropped: s.dropped,
            resyncs: s.resyncs,
            sealing: self.sealing.as_ref().map(|b| b.stage().to_owned()),
        });
    }

    /// The colour on move in the game.
    pub fn side_to_move(&self) -> Color {
        self.game.side_on_move()
    }
}

/// Whether `side` can mate in `fen`, by the core's full analysis (a position the game itself
/// wrote, so it reads; one that did not would be no position to mate in).
fn can_mate(side: Color, fen: &str) -> bool {
    Position::from_fen(fen).is_ok_and(|p| arbiter_core::dead::ruling_can_mate(p.board(), side))
}

/// Why a request from outside the board was not recorded ([`Referee::take_request`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotTaken {
    /// The envelope waits for the pieces to stand as before the sealed move (App. A5).
    PiecesNotBack,
    /// The game already stands so.
    Unchanged,
    /// The game's refusal.
    Game(Refused),
}

impl NotTaken {
    /// The message id a page says it by.
    pub fn id(&self) -> &'static str {
        match self {
            NotTaken::PiecesNotBack => "pieces_not_back",
            NotTaken::Unchanged => "unchanged",
            NotTaken::Game(e) => e.id(),
        }
    }
}

impl std::fmt::Display for NotTaken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotTaken::PiecesNotBack => f.write_str(
                "the pieces are not yet back where they stood before the sealed move: \
                 the envelope is opened once the board shows the adjourned position (App. A5)",
            ),
            NotTaken::Unchanged => f.write_str(
                "the game already stands so: this event changes nothing and is not recorded again",
            ),
            NotTaken::Game(e) => write!(f, "refused by the game: {e}"),
        }
    }
}

/// Who is allowed to send what from a page (2005 App. F2.9 for the assistant).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Watches only.
    Spectator,
    /// A player: only his own events.
    Player(Color),
    /// The assistant of a visually impaired player: acts for both sides.
    Assistant,
}

impl Role {
    /// The role a `/ws?role=` value names.
    pub fn parse(text: &str) -> Option<Role> {
        Some(match text {
            "spectator" => Role::Spectator,
            "white" => Role::Player(Color::White),
            "black" => Role::Player(Color::Black),
            "assistant" => Role::Assistant,
            _ => return None,
        })
    }

    /// The role's name, as the event log's `source`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Spectator => "spectator",
            Role::Player(Color::White) => "white",
            Role::Player(Color::Black) => "black",
            Role::Assistant => "assistant",
        }
    }

    /// Why this role may not send `event` with `on_move` to move, or `None` if it may.
    pub fn refuses(self, event: &Event, on_move: Color) -> Option<SeatRefusal> {
        self.refuses_act(event.actor(), on_move)
    }

    /// Why this role may not do what `actor` may, with `on_move` to move, or `None` if it may.
    pub fn refuses_act(self, actor: Actor, on_move: Color) -> Option<SeatRefusal> {
        let me = match self {
            Role::Spectator => return Some(SeatRefusal::WatchOnly),
            Role::Assistant => return None,
            Role::Player(c) => c,
        };
        let owner = match actor {
            Actor::Player(player) => Some(player),
            Actor::OnMove => Some(on_move),
            Actor::EitherPlayer => None,
            Actor::Arbiter => return Some(SeatRefusal::ArbiterOnly),
        };
        match owner {
            Some(c) if c != me => Some(SeatRefusal::NotYours {
                seat: me,
                player: c,
            }),
            _ => None,
        }
    }
}

/// Why a page's seat may not send an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatRefusal {
    /// A spectator's page only watches.
    WatchOnly,
    /// A player's page acts only for its own side.
    NotYours {
        /// The page's side.
        seat: Color,
        /// The side the event acts for.
        player: Color,
    },
    /// Only the arbiter or the assistant sends this event.
    ArbiterOnly,
}

impl SeatRefusal {
    /// The answer to the page: the English words, and the id and sides the page words it by.
    pub fn reply(self) -> crate::protocol::Reply {
        let name = |c: Color| arbiter_core::wire::color::name(c).to_owned();
        match self {
            SeatRefusal::WatchOnly => crate::protocol::Reply::error_with_id(
                "seat_watch_only",
                "spectators cannot send events",
            ),
            SeatRefusal::ArbiterOnly => crate::protocol::Reply::error_with_id(
                "seat_arbiter_only",
                "only the arbiter or the assistant may send this event",
            ),
            SeatRefusal::NotYours { seat, player } => crate::protocol::Reply {
                seat: Some(name(seat)),
                player: Some(name(player)),
                ..crate::protocol::Reply::error_with_id(
                    "seat_not_yours",
                    format!("a {} player cannot act for {}", name(seat), name(player)),
                )
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::GameConfig;
    use arbiter_core::clock::{Millis, TimeControl, Timing};
    use arbiter_core::laws::Edition;

    fn standard() -> GameConfig {
        GameConfig::new(
            Edition::Fide2005,
            TimeControl::sudden_death(Millis::minutes(90), Timing::None),
        )
    }

    fn event(json: &str) -> Event {
        serde_json::from_str(json).expect("an event")
    }

    fn moves(hub: &Hub) -> Vec<(usize, String, String)> {
        hub.bodies()
            .into_iter()
            .filter_map(|b| match b {
                Body::Move { ply, uci, san, .. } => Some((ply, uci, san)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn art6_8a_a_move_counts_once_pressed_and_a_restart_replays_the_logged_events() {
        let dir = std::env::temp_dir().join(format!("referee-restart-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let hub = Hub::open(&dir, standard()).expect("log");
        let mut r = Referee::new(hub.clone(), false).expect("setup");
        r.submit(0, Event::Start, "white").expect("start");
        r.submit(1_000, event(r#"{"type":"move","move":"e2e4"}"#), "white")
            .expect("move");
        assert!(moves(&hub).is_empty(), "made, not yet completed");
        r.submit(
            1_500,
            event(r#"{"type":"press_clock","player":"white"}"#),
            "white",
        )
        .expect("press");
        assert_eq!(moves(&hub), [(1, "e2e4".to_owned(), "e4".to_owned())]);
        // Stamps never go back, whichever thread gets the lock first.
        r.submit(1_200, event(r#"{"type":"lift","square":"g8"}"#), "board")
            .expect("a late-stamped lift is moved up to the last instant");
        // A restart reads the log back, under the setup its header names.
        let other = GameConfig::new(
            Edition::Fide2023,
            TimeControl::sudden_death(Millis::minutes(5), Timing::None),
        );
        let reopened = Hub::open(&dir, other).expect("log read back");
        // The bridge's games wait for the full analysis rather than stall its thread.
        let bridged = GameConfig {
            defer_analysis: true,
            ..standard()
        };
        assert_eq!(reopened.config(), bridged);
        let again = Referee::new(reopened.clone(), false).expect("replay");
        assert_eq!(again.moves().len(), 1);
        assert_eq!(again.side_to_move(), Color::Black);
        assert_eq!(
            again.game().log().events(),
            r.game().log().events(),
            "the same events at the same instants"
        );
        assert_eq!(reopened.snapshot().san, ["e4"]);
        assert!(reopened.last_seq() >= hub.last_seq(), "numbers go on");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn app_f2_9_roles_spectators_nothing_players_their_own_side_the_assistant_both() {
        let press_white = event(r#"{"type":"press_clock","player":"white"}"#);
        let lift = event(r#"{"type":"lift","square":"e2"}"#);
        let decide = event(r#"{"type":"arbiter","decision":{"kind":"stop_clock"}}"#);
        let spectator = Role::parse("spectator").expect("role");
        let white = Role::parse("white").expect("role");
        let black = Role::parse("black").expect("role");
        let assistant = Role::parse("assistant").expect("role");
        assert_eq!(Role::parse("arbiter"), None);
        assert!(spectator.refuses(&Event::Start, Color::White).is_some());
        assert!(white.refuses(&press_white, Color::White).is_none());
        assert!(black.refuses(&press_white, Color::White).is_some());
        // Hands on the pieces belong to the player on move.
        assert!(white.refuses(&lift, Color::White).is_none());
        assert!(white.refuses(&lift, Color::Black).is_some());
        assert!(black.refuses(&lift, Color::Black).is_none());
        assert!(assistant.refuses(&lift, Color::Black).is_none());
        assert!(assistant.refuses(&press_white, Color::Black).is_none());
        // A player announces his own moves and repeats his opponent's (App. F2.1).
        let announce = event(r#"{"type":"announce","player":"black","text":"e5"}"#);
        assert!(black.refuses(&announce, Color::Black).is_none());
        assert!(white.refuses(&announce, Color::Black).is_some());
        // Arbiter decisions are not a player's.
        assert!(white.refuses(&decide, Color::White).is_some());
    }
}
