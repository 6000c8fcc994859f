//! The game: events in, rulings out. Every input goes through [`Game::handle`] and, once
//! accepted, into the log, so replaying the log reproduces the game exactly.
//!
//! This file is the façade (inputs, outputs, getters and the dispatch of events); each concern
//! rules in a file of its own: [`turn`] (touches, lifts, moves entered and made), [`score`]
//! (completed moves, the end they bring, illegal moves), [`claims`] (claims and offers),
//! [`decisions`] (the arbiter's), [`set_position`] (his position set before the first move),
//! [`forfeit`] (a game lost by forfeit before its first move),
//! [`adjournment`], [`deadlines`] (flag, default time) and
//! [`impaired`] (App. F / D: blind and visually impaired players).

mod adjournment;
mod analysis;
mod claims;
mod deadlines;
mod decisions;
mod forfeit;
mod impaired;
mod query;
mod refused;
mod score;
mod set_position;
#[cfg(test)]
mod testing;
mod turn;

use adjournment::Adjournment;
pub use analysis::{AwaitedRuling, PendingAnalysis};
pub use claims::PendingClaim;
use claims::{Breach, Claims, Irregular};
use deadlines::Deadlines;
pub use refused::{Refused, ReplayError};
use score::Score;
use turn::Turn;

use super::config::GameConfig;
use super::event::{Claim, ClaimKind, Decision, Event, RestoreCause, SetupFault, Stamped};
use super::forfeit::{Forfeit, ForfeitRefused};
use super::log::EventLog;
use super::ruling::{GameResult, Noticed, Reason, Rejection, Ruling, Uncorrectable, Verdict};
use crate::clock::{Clock, Millis, Timestamp};
use crate::dead::{Budget, CanMate};
use crate::laws::illegal_position::{self, NotAMove, RawPosition};
use crate::laws::setup::{self, Barred};
use crate::laws::{
    Edition, Law, Profile, SealedEnvelope, adjourn, blind, draws, illegal, quickplay, rules,
};
use crate::notation::{Language, san};
use crate::position::Position;
use crate::record::can_mate;
use crate::record::{ClaimEvidence, ClaimVerdict, DeadCheck, GameRecord, Outcome as Automatic};
use crate::touch::{self, Attempt, BoardChanges, Obligation, TouchMove};
use crate::{Color, Move, Piece, Square};
use std::collections::VecDeque;
use thiserror::Error;

fn color_name(c: Color) -> &'static str {
    crate::wire::color::name(c)
}

/// A move completed on the clock, as the record keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Who played it.
    pub by: Color,
    /// The move, castling as the king's move.
    pub text: Move,
    /// Standard algebraic notation (English letters).
    pub san: String,
    /// The mover's time on the clock after the press, for `[%clk]`.
    pub clock_after: Millis,
    /// The mover offered a draw with this move: both players write "(=)" after it (2005
    /// Art. 8.1, App. E / 2023 Art. 8.1.5, 9.1.2.2, App. C.12).
    pub draw_offer: bool,
}

/// A game under the Laws: configured once, then driven by stamped events.
///
/// Methods come in three groups, as in a sans-I/O protocol: [`Game::handle`] and
/// [`Game::handle_deadline`] take inputs; [`Game::poll_ruling`] and [`Game::poll_deadline`]
/// drain outputs; [`Game::state`], [`Game::log`] and friends read.
#[derive(Clone, Debug)]
pub struct Game {
    config: GameConfig,
    profile: Profile,
    /// The score: the positions and the moves completed, illegal moves and their count.
    pub(in crate::arbiter) score: Score,
    pub(super) clock: Clock,
    pub(super) started: Option<Timestamp>,
    last_at: Timestamp,
    pub(super) result: Option<(GameResult, Reason)>,
    /// The article the result was ruled under, and when: the game is over. A game both
    /// players forfeited is over without a result (both lose, which no result says).
    pub(super) ended: Option<(Law, Timestamp)>,
    /// The forfeit the arbiter recorded, when the game was lost by one (`forfeit`).
    pub(super) forfeit: Option<Forfeit>,
    /// The turn in progress: touches, the board's changes, lifts, the announcement.
    pub(in crate::arbiter) turn: Turn,
    /// Offers, open claims and the claim awaiting the arbiter.
    pub(in crate::arbiter) claims: Claims,
    /// A ruling waiting for the full dead-position analysis (with `defer_analysis`).
    pub(super) analysis: Option<PendingAnalysis>,
    /// Who is at the board, for the default time.
    pub(in crate::arbiter) deadlines: Deadlines,
    /// The sealed move and the resumption (App. A / Guidelines I).
    pub(in crate::arbiter) adjournment: Adjournment,
    log: EventLog,
    queue: VecDeque<Ruling>,
    rulings: Vec<Ruling>,
}

impl Game {
    /// A new game, not yet started.
    ///
    /// # Errors
    /// [`Refused::BadFen`] if the setup's FEN is not a legal position.
    pub fn new(config: GameConfig) -> Result<Game, Refused> {
        let score = Score::set_up(config.fen.as_deref())?;
        let clock = Clock::new(config.time_control.clone());
        Ok(Game {
            profile: config.profile(),
            log: EventLog::new(config.clone()),
            deadlines: Deadlines::new(config.await_arrival),
            config,
            score,
            clock,
            started: None,
            last_at: Timestamp(0),
            result: None,
            ended: None,
            forfeit: None,
            turn: Turn::default(),
            claims: Claims::default(),
            analysis: None,
            adjournment: Adjournment::default(),
            queue: VecDeque::new(),
            rulings: Vec::new(),
        })
    }

    /// A new game that continues a log of schema `version` (a [`super::LogRecord`]'s): its
    /// events rule as they did when it was recorded, and its log keeps that version (the
    /// table of versions is in the log's schema, [`super::VERSION`]). [`Game::replay`] does
    /// this by itself.
    ///
    /// # Errors
    /// [`Refused::BadFen`] if the setup's FEN is not a legal position.
    pub fn continuing(config: GameConfig, version: u32) -> Result<Game, Refused> {
        let mut game = Game::new(config.clone())?;
        game.log = EventLog::of_version(config, version);
        Ok(game)
    }

    /// Replays a log from the start.
    ///
    /// # Errors
    /// [`ReplayError`] names the first event the game refused and why.
    pub fn replay(log: &EventLog) -> Result<Game, ReplayError> {
        let mut game = Game::new(log.config().clone()).map_err(|reason| ReplayError {
            index: None,
            reason,
        })?;
        // The events rule as they did when they were recorded, and the game goes on in that
        // version of the log.
        game.log = log.emptied();
        for (index, event) in log.events().iter().enumerate() {
            game.handle(event.clone()).map_err(|reason| ReplayError {
                index: Some(index),
                reason,
            })?;
        }
        Ok(game)
    }

    /// The setup.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The regime in force.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The log of accepted events.
    pub fn log(&self) -> &EventLog {
        &self.log
    }

    /// Every ruling so far, in order (whether or not polled).
    pub fn rulings(&self) -> &[Ruling] {
        &self.rulings
    }

    /// The current position.
    pub fn board(&self) -> &Position {
        self.score.record.current()
    }

    /// The moves completed so far.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.score.moves
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The result, once the game is over; none for a game both players lost by forfeit
    /// ([`Game::forfeit`]).
    pub fn result(&self) -> Option<(GameResult, Reason)> {
        self.result
    }

    /// Whether the game is over: with a result, or lost by forfeit by both players.
    pub fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    /// The forfeit the arbiter recorded, when the game was lost by one (2005 Art. 6.7 / 2023
    /// Art. 6.7.1).
    pub fn forfeit(&self) -> Option<Forfeit> {
        self.forfeit
    }

    /// The next ruling not yet polled.
    #[must_use]
    pub fn poll_ruling(&mut self) -> Option<Ruling> {
        self.queue.pop_front()
    }

    /// The next instant at which the game must look at the clock (a flag fall, or the end of
    /// the default time for a late player); call [`Game::handle_deadline`] then.
    #[must_use]
    pub fn poll_deadline(&self) -> Option<Timestamp> {
        if self.is_over() || self.claims.stops_play() || self.analysis.is_some() {
            return None;
        }
        let flag = self.clock.deadline();
        let default = self.default_deadline().map(|(_, t)| t);
        match (flag, default) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Time has reached `now` with nothing happening at the board. Logged as a tick when it
    /// changes anything, so that replay gives the same rulings; a tick before any deadline does
    /// nothing and is not logged.
    pub fn handle_deadline(&mut self, now: Timestamp) {
        if now < self.last_at || self.poll_deadline().is_none_or(|d| d > now) {
            return;
        }
        // A tick at a valid time is never refused.
        let _ = self.handle(Stamped {
            at: now,
            event: Event::Tick,
        });
    }

    /// Takes an event in. Rulings it causes wait in [`Game::poll_ruling`].
    ///
    /// # Errors
    /// [`Refused`] if the event cannot be taken in (then nothing changes, except that flag
    /// falls already due by that instant are ruled and logged as a tick).
    pub fn handle(&mut self, input: Stamped<Event>) -> Result<(), Refused> {
        let at = input.at;
        if at < self.last_at {
            return Err(Refused::TimeWentBack {
                last: self.last_at.0,
                at: at.0,
            });
        }
        let before = self.rulings.len();
        self.process_deadlines(at);
        let fired = self.rulings.len() > before;
        let applied = self
            .require_no_analysis(&input.event)
            .and_then(|()| self.apply(at, &input.event));
        match applied {
            Ok(()) => {
                self.last_at = at;
                self.log.push(input);
                Ok(())
            }
            Err(e) => {
                if fired {
                    self.last_at = at;
                    self.log.push(Stamped {
                        at,
                        event: Event::Tick,
                    });
                }
                Err(e)
            }
        }
    }

    fn rule(&mut self, at: Timestamp, law: Law, verdict: Verdict) {
        let ruling = Ruling { at, law, verdict };
        self.rulings.push(ruling.clone());
        self.queue.push_back(ruling);
    }

    fn end(&mut self, at: Timestamp, law: Law, result: GameResult, reason: Reason) {
        if !self.is_over() {
            self.result = Some((result, reason));
            self.ended = Some((law, at));
            self.clock.stop(at);
            self.claims.offer = None;
            self.rule(at, law, Verdict::GameOver { result, reason });
        }
    }

    fn edition(&self) -> Edition {
        self.config.edition
    }

    /// Whether a threefold-repetition or fifty-move claim waits for the arbiter present (2005
    /// Art. 9.5 / 2023 Art. 9.5.1); a log of version 1 ruled it at once from the record.
    fn draw_claims_await_arbiter(&self) -> bool {
        self.config.arbiter_present && self.log.claims_wait_for_arbiter()
    }

    fn on_move(&self) -> Color {
        match &self.score.illegal_position {
            Some(ip) => ip.placement.side_to_move(),
            None => self.score.record.current().side_to_move(),
        }
    }

    /// The pieces as they stand when an unclaimed illegal move has left a position no legal
    /// play can reach (2023 App. A.5.4); [`Game::board`] then shows the position before it.
    pub fn illegal_position(&self) -> Option<&RawPosition> {
        self.score.illegal_position.as_ref().map(|ip| &ip.placement)
    }

    fn require_play(&self) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        if self.started.is_none() {
            return Err(Refused::NotStarted);
        }
        if self.adjournment.sealed.is_some() {
            return Err(Refused::Adjourned);
        }
        if self.claims.stops_play() {
            return Err(Refused::ClaimPending);
        }
        if self
            .score
            .illegal_position
            .as_ref()
            .is_some_and(|ip| ip.stalled)
        {
            return Err(Refused::IllegalPosition);
        }
        Ok(())
    }

    /// Draw offers and answers: as for play, except that they stay possible while the game is
    /// adjourned (2005 App. A4, A6 / 2023 Guidelines I.4, I.6).
    fn require_offer(&self) -> Result<(), Refused> {
        match self.require_play() {
            Err(Refused::Adjourned) => Ok(()),
            // The request for an increment is itself an offer the opponent answers while the
            // arbiter waits (2023 Guidelines III.4).
            Err(Refused::ClaimPending)
                if self
                    .claims
                    .pending
                    .is_some_and(|p| p.claim == ClaimKind::QuickplayIncrement) =>
            {
                Ok(())
            }
            // So are a 2005 quickplay claim and a draw claim (2005 Art. 9.1c / 2023 9.1.2.3):
            // the opponent may accept it as an offer while the arbiter looks.
            Err(Refused::ClaimPending)
                if self.claims.pending.is_some_and(|p| {
                    matches!(
                        p.claim,
                        ClaimKind::QuickplayFinish | ClaimKind::Repetition | ClaimKind::FiftyMoves
                    ) && self.claims.offer == Some(p.player)
                }) =>
            {
                Ok(())
            }
            other => other,
        }
    }

    fn apply(&mut self, at: Timestamp, event: &Event) -> Result<(), Refused> {
        match event {
            Event::Tick => Ok(()),
            Event::Analysis {
                side,
                fen,
                can_mate,
            } => self.answer_analysis(*side, fen, *can_mate),
            Event::Start => self.start(at),
            Event::Arrive { player } => {
                self.deadlines.arrive(*player);
                Ok(())
            }
            Event::Lift { square } => self.lift(at, *square),
            Event::Place { square, piece } => self.place(at, *square, *piece),
            Event::Adjust { square } => {
                self.require_play()?;
                self.turn.touch.adjust(*square);
                Ok(())
            }
            Event::Move { mv } => self.enter_move(at, *mv),
            Event::PressClock { player } => self.press_clock(at, *player),
            Event::OfferDraw { player } => self.offer_draw(at, *player),
            Event::AcceptDraw { player } => self.accept_draw(at, *player),
            Event::DeclineDraw { player } => self.decline_draw(at, *player),
            Event::Resign { player } => self.resign(at, *player),
            Event::Claim { player, claim } => self.claim(at, *player, claim),
            Event::Arbiter { decision } => self.decide(at, decision),
            Event::Seal { player, envelope } => self.seal(at, *player, envelope),
            Event::Resume => self.resume(at),
            Event::Open { passphrase } => self.open(at, passphrase),
            Event::Opened { text } => self.opened(at, text.as_deref()),
            Event::Announce { player, text } => self.announce(at, *player, text),
            Event::Repeat { player, text } => self.repeat(at, *player, text),
            Event::Write { player, mv } => self.write(at, *player, *mv),
            Event::AskScoresheet { player } => self.ask_scoresheet(at, *player),
            Event::CorrectAnnouncement { player, text } => self.correct(at, *player, text),
        }
    }

    /// Moves completed on the clock: White, Black.
    fn move_counts(&self) -> [u32; 2] {
        [
            self.clock.side(Color::White).moves,
            self.clock.side(Color::Black).moves,
        ]
    }

    /// Forgets everything of the turn in progress: touches, pieces in the air, obligations,
    /// claims about the last move, announcements.
    fn clear_turn(&mut self) {
        self.turn.reset();
        self.claims.clear_turn();
        self.score.clear_turn();
    }
}
