//! The Laws engine inside the bridge: one [`Game`] per bridge, fed by the board(s) and by pages,
//! owned by the game's task ([`crate::game`]).
//! Every event is stamped with the hub's monotonic clock, handed to the game, logged (so a
//! restarted bridge replays the game exactly) and followed by what the game says: rulings, the
//! moves it completed, and its state.
//!
//! The board's sensors decide *what* was done (moves are reconstructed by
//! `arbiter_core::dgt::reconstruct` from whole placements); the game decides what it *means*
//! under the Laws (touch-move, illegal moves, the clock, the result). When the two disagree the
//! game wins and the board is told what to restore.

use std::sync::Arc;

use tokio::sync::mpsc;

use arbiter_core::arbiter::{Event, Game, Refused, Stamped};
use arbiter_core::clock::Timestamp;
use arbiter_core::dgt::clock::{ClockCommand, ClockSide, DisplayTime};
pub use arbiter_core::laws::blind::BoardView;
use arbiter_core::laws::blind::{BoardOf, Correction};
use arbiter_core::position::Position;
use arbiter_core::{Color, Move};

use crate::hub::Hub;
use crate::protocol::Body;
use crate::sealing::BoardSealing;

mod publish;
mod request;
mod sealed;
#[cfg(test)]
mod tests;

pub use request::NotTaken;

/// The game and its publication.
pub struct Referee {
    game: Game,
    hub: Hub,
    /// The last instant handed to the game; later inputs are stamped no earlier, since a
    /// board's round and a page's request may be read from the clock in either order.
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
    last_correction: Option<(Correction, Option<Which>)>,
    /// Where work off the serving thread (the full dead-position analysis) hands its answer
    /// back: to the game's task ([`crate::game`]), which takes the receiving end and
    /// submits each answer as the game's `analysis` event. While no task has taken it, the
    /// answer is worked out where it is asked for.
    answers: mpsc::UnboundedSender<Answer>,
    /// The receiving end of `answers`, until the game's task takes it.
    answers_rx: Option<mpsc::UnboundedReceiver<Answer>>,
    /// The analysis being worked out off the serving thread: its side and position.
    analysing: Option<(Color, String)>,
    /// A sealed move being made on the sensor board (App. A1, A5).
    sealing: Option<BoardSealing>,
    /// The game's answer to where the moves a board can follow start, and how many plies it
    /// had then ([`Game::playable_start`]), so a long game is not looked over on every read.
    playable: (usize, usize),
    /// While a board's round runs, the state its events change is worked out after the round
    /// (see [`Self::defer_state`]); the instant it is due for, once something changed.
    state_later: bool,
    state_due: Option<u64>,
}

pub use crate::protocol::Which;

/// What work done off the serving thread hands back to the game's task.
#[derive(Debug)]
pub enum Answer {
    /// The full dead-position analysis, as the game's `analysis` event.
    Analysis(Event),
    /// A sealed move made on the board, in its envelope (the `seal` event), or why it could
    /// not be sealed.
    Sealed(Result<Event, String>),
}

impl Referee {
    /// A referee for the hub's game: set up as the hub's log says, continuing the events it
    /// holds.
    ///
    /// # Errors
    /// The setup's FEN is not a legal position.
    pub fn new(mut hub: Hub, auto_press: bool) -> Result<Self, Refused> {
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
        let (answers, answers_rx) = mpsc::unbounded_channel();
        let mut me = Self {
            published: game.moves().len(),
            game,
            hub,
            last_at,
            auto_press,
            clock_epoch: 0,
            clock_seen: (None, 0, String::new()),
            views: [None, None],
            last_correction: None,
            answers,
            answers_rx: Some(answers_rx),
            analysing: None,
            sealing: None,
            playable,
            state_later: false,
            state_due: None,
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
            let state = Arc::new(me.game.state(Timestamp(last_at)));
            me.hub.restore(recorded, me.game.board().fen(), state);
        }
        Ok(me)
    }

    /// The answers of work done off the serving thread, for the game's task to submit; `None`
    /// once taken. From then on, such work runs on a thread of its own (see
    /// `analyse_if_awaited`) and a ruling waiting for it is taken up at once.
    pub fn take_answers(&mut self) -> Option<mpsc::UnboundedReceiver<Answer>> {
        let taken = self.answers_rx.take();
        if taken.is_some() {
            self.analyse_if_awaited();
        }
        taken
    }

    /// The game's task submits an answer of work done off the serving thread.
    pub fn answered(&mut self, now: u64, answer: Answer) {
        match answer {
            Answer::Analysis(event) => {
                if let Event::Analysis { side, fen, .. } = &event
                    && self
                        .analysing
                        .as_ref()
                        .is_some_and(|(s, f)| s == side && f == fen)
                {
                    self.analysing = None;
                }
                // Refused only when the game moved on (the arbiter restored a position):
                // nothing waits for this answer then.
                let _ = self.submit(now, event, "analysis");
            }
            Answer::Sealed(sealed) => self.sealed(now, sealed),
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game's hub (its stream and its log): what a page or the hall reads of it is read
    /// here, in the game's task.
    pub fn hub(&self) -> &Hub {
        &self.hub
    }

    /// The game's hub, to publish through or hold.
    pub fn hub_mut(&mut self) -> &mut Hub {
        &mut self.hub
    }

    /// Publishes `body` through the game's hub; returns its number.
    pub fn publish(&mut self, body: Body) -> u64 {
        self.hub.publish(body)
    }

    /// While `later`, the state that events change is not worked out as they are published
    /// but left due ([`Self::publish_due_state`]). A board's round sets it: the move a press
    /// completes is written and sent to the pages first, and the state (the clocks, the
    /// claims, the whole position's view) follows once they have had it.
    pub fn defer_state(&mut self, later: bool) {
        self.state_later = later;
    }

    /// Whether a state left for later is due.
    pub fn state_is_due(&self) -> bool {
        self.state_due.is_some()
    }

    /// Publishes the state left for later, if any.
    pub fn publish_due_state(&mut self) {
        if let Some(at) = self.state_due.take() {
            let mut out = Vec::new();
            self.push_state(at, &mut out);
            self.hub.publish_all(out);
        }
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

    /// The colour on move in the game.
    pub fn side_to_move(&self) -> Color {
        self.game.side_on_move()
    }
}
