//! The game: events in, rulings out. Every input goes through [`Game::handle`] and, once
//! accepted, into the log, so replaying the log reproduces the game exactly.

use super::config::GameConfig;
use super::event::{Claim, ClaimKind, Decision, Event, RestoreCause, SetupFault, Stamped};
use super::log::EventLog;
use super::ruling::{GameResult, Reason, Ruling, Verdict};
use super::wire::MoveText;
use crate::Color;
use crate::clock::{Clock, Millis, Timestamp};
use crate::dead::{Budget, CanMate, can_mate};
use crate::laws::illegal_position::{self, NotAMove, Placement};
use crate::laws::setup::{self, Barred};
use crate::laws::{
    Edition, Law, Profile, SealedEnvelope, adjourn, blind, draws, illegal, quickplay,
};
use crate::notation::{Language, san};
use crate::position::Position;
use crate::record::{ClaimEvidence, ClaimVerdict, GameRecord};
use crate::touch::{self, Attempt, BoardChanges, Obligation, TouchMove};
use cozy_chess::{Board, BoardBuilder, Move};
use std::collections::VecDeque;
use thiserror::Error;

/// Why an input could not be taken in. A refused input leaves the game and its log untouched.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refused {
    /// Timestamps must not go backwards.
    #[error("time went backwards: {at} ms is before the last event at {last} ms")]
    TimeWentBack {
        /// The last accepted instant.
        last: u64,
        /// The refused instant.
        at: u64,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The game has not been started.
    #[error("the game has not started")]
    NotStarted,
    /// The game was started already.
    #[error("the game has already started")]
    AlreadyStarted,
    /// The setup's FEN is not a legal position.
    #[error("the start position is not a legal FEN: {0}")]
    BadFen(String),
    /// Only the player on move may do this.
    #[error("{0} is not on move")]
    NotOnMove(&'static str),
    /// The player's clock is not running, so his press does nothing.
    #[error("{0}'s clock is not running")]
    ClockNotRunning(&'static str),
    /// No draw offer from the opponent stands.
    #[error("no draw offer from the opponent stands")]
    NoOffer,
    /// No claim awaits the arbiter's decision.
    #[error("no claim awaits a decision")]
    NoPendingClaim,
    /// A claim awaits the arbiter; play is stopped until he decides.
    #[error("a claim awaits the arbiter's decision")]
    ClaimPending,
    /// The game is adjourned: only resuming and opening the envelope are possible.
    #[error("the game is adjourned")]
    Adjourned,
    /// There is no sealed move.
    #[error("no move has been sealed")]
    NotSealed,
    /// The envelope may be opened only with the replying player present (App. A7 / I.7).
    #[error("the player who must reply to the sealed move is not present")]
    ReplierAbsent,
    /// An announced move could not be understood, or is not legal here (App. F2.1 / D.2.1).
    #[error("announcement: {0}")]
    Announcement(String),
    /// A repetition was said, but no move has been announced or completed to repeat.
    #[error("there is no announced move to repeat")]
    NothingToRepeat,
    /// The game was not resumed from an adjournment.
    #[error("the game was not resumed from an adjournment")]
    NotResumed,
    /// The arbiter asked for a position the game never had.
    #[error("there is no half-move {ply}: the game has {plies}")]
    NoSuchPly {
        /// The half-move asked for.
        ply: usize,
        /// Half-moves played.
        plies: usize,
    },
    /// The envelope did not open.
    #[error("envelope: {0}")]
    Envelope(#[from] adjourn::EnvelopeError),
    /// A move on an illegal position left by an unclaimed illegal move does not follow the
    /// pieces' patterns (2023 App. A.5.4 waits for a move made by them).
    #[error("not a move on the illegal position: {0}")]
    NotAMove(#[from] NotAMove),
    /// The position is still illegal after the move that was awaited, and the 2005 Laws give
    /// no result for it: play waits for the arbiter to restore a position (2005 Art. 7.4a).
    #[error("the position is illegal: the arbiter must restore a legal one")]
    IllegalPosition,
}

fn color_name(c: Color) -> &'static str {
    super::wire::color::name(c)
}

/// A move completed on the clock, as the record keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Who played it.
    pub by: Color,
    /// The move, castling as the king's move.
    pub text: MoveText,
    /// Standard algebraic notation (English letters).
    pub san: String,
    /// The mover's time on the clock after the press, for `[%clk]`.
    pub clock_after: Millis,
    /// The mover offered a draw with this move: both players write "(=)" after it (2005
    /// Art. 8.1, App. E / 2023 Art. 8.1.5, 9.1.2.2, App. C.12).
    pub draw_offer: bool,
}

/// A completed illegal move left standing while the opponent may claim (rapid / blitz).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Irregular {
    offender: Color,
    before: Board,
    mv: MoveText,
    count: u32,
    /// The position after it could not be represented (e.g. a king left in check).
    stuck: bool,
}

/// Pieces left by an unclaimed illegal move where no legal play can put them, and the move the
/// player on move has made on them (2023 App. A.5.4).
#[derive(Clone, Debug, PartialEq, Eq)]
struct IllegalPosition {
    placement: Placement,
    /// The move made on it and not yet completed by the press.
    reply: Option<MoveText>,
    /// Still illegal after the reply, in 2005: play waits for the arbiter (Art. 7.4a).
    stalled: bool,
}

/// A touch-move breach left standing while the opponent may claim.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Breach {
    offender: Color,
    before: Board,
    obligation: Obligation,
}

/// A claim awaiting the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingClaim {
    /// Who claimed.
    pub player: Color,
    /// What.
    pub claim: ClaimKind,
    /// Postponed by the arbiter (play goes on, the decision comes later).
    pub postponed: bool,
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
    /// The positions since the start and the moves between them: the one place that knows
    /// the position on the board and its repetitions (Art. 9.2, 9.3, 9.6).
    pub(super) record: GameRecord,
    pub(super) clock: Clock,
    pub(super) started: Option<Timestamp>,
    last_at: Timestamp,
    pub(super) result: Option<(GameResult, Reason)>,
    touch: TouchMove,
    changes: BoardChanges,
    pub(super) forced: Option<Obligation>,
    pub(super) illegal_counts: [u32; 2],
    pub(super) offer: Option<Color>,
    pub(super) open_claims: Vec<(Color, ClaimKind)>,
    irregular: Option<Irregular>,
    /// Set while the pieces stand where cozy-chess cannot hold them (App. A.5.4).
    illegal_position: Option<IllegalPosition>,
    /// Castlings a faulty set-up bars: White, Black (RB-03).
    setup_barred: [Barred; 2],
    /// The last piece lifted this turn and when, to see two lifted at once (T-01, I-09).
    last_lift: Option<(Timestamp, crate::Square)>,
    /// Two pieces were lifted at once this turn: perhaps a move with two hands.
    two_hands: bool,
    breach: Option<Breach>,
    pub(super) pending: Option<PendingClaim>,
    pub(super) moves: Vec<PlayedMove>,
    pub(super) present: [bool; 2],
    pub(super) sealed: Option<(Color, SealedEnvelope)>,
    resumed: Option<Timestamp>,
    /// The move the player on move has announced this turn (App. F2.1 / D.2.1).
    pub(super) announced: Option<(Color, MoveText)>,
    /// The position before the last completed move, to read the opponent's repetition of it.
    before_last: Option<Board>,
    /// The player on move offered a draw: the move he is making carries the "(=)".
    offer_with_move: Option<Color>,
    /// The clocks' move counters when an adjourned game resumed (App. A12 / I.13).
    resumed_counts: Option<[u32; 2]>,
    /// Requests to see the scoresheet: White, Black (RB-07).
    scoresheet_requests: [u32; 2],
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
        let board = match &config.fen {
            None => Board::default(),
            Some(fen) => crate::fen::parse_setup(fen)
                .map_err(|e| Refused::BadFen(format!("{e}: {fen}")))?
                .board()
                .clone(),
        };
        // A set-up fault found too late leaves the game as it stands, without the castlings
        // its misplaced kings and rooks would make (2005 App. B4 / 2023 App. A.5.1).
        let setup_barred = if setup::is_faulty_initial_setup(&board) {
            [
                setup::barred(&board, Color::White),
                setup::barred(&board, Color::Black),
            ]
        } else {
            [Barred::default(); 2]
        };
        let board = setup::without_barred_castling(board);
        let clock = Clock::new(config.time_control.clone());
        let present = if config.await_arrival {
            [false, false]
        } else {
            [true, true]
        };
        Ok(Game {
            profile: config.profile(),
            log: EventLog::new(config.clone()),
            config,
            record: GameRecord::new(Position::from_parts(
                board.clone(),
                u32::from(board.halfmove_clock()),
            )),
            clock,
            started: None,
            last_at: Timestamp(0),
            result: None,
            touch: TouchMove::new(),
            changes: BoardChanges::new(),
            forced: None,
            illegal_counts: [0, 0],
            offer: None,
            open_claims: Vec::new(),
            irregular: None,
            illegal_position: None,
            setup_barred,
            last_lift: None,
            two_hands: false,
            breach: None,
            pending: None,
            moves: Vec::new(),
            present,
            sealed: None,
            resumed: None,
            announced: None,
            before_last: None,
            offer_with_move: None,
            scoresheet_requests: [0, 0],
            resumed_counts: None,
            queue: VecDeque::new(),
            rulings: Vec::new(),
        })
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
    pub fn board(&self) -> &Board {
        self.record.current().board()
    }

    /// The moves completed so far.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<(GameResult, Reason)> {
        self.result
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
        if self.result.is_some() || self.pending.is_some_and(|p| !p.postponed) {
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
        match self.apply(at, &input.event) {
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

    /// A claim refused under `law`, with the reason in a word the page translates.
    fn reject_claim(
        &mut self,
        at: Timestamp,
        law: Law,
        player: Color,
        claim: ClaimKind,
        because: &'static str,
    ) {
        self.rule(
            at,
            law,
            Verdict::ClaimRejected {
                player,
                claim,
                because,
            },
        );
    }

    /// The clocks stand still while the arbiter looks into a claim; the decision restarts them.
    fn await_arbiter(&mut self, at: Timestamp, law: Law, player: Color, claim: ClaimKind) {
        self.clock.stop(at);
        self.pending = Some(PendingClaim {
            player,
            claim,
            postponed: false,
        });
        self.rule(at, law, Verdict::ClaimPending { player, claim });
    }

    /// A claim once decided is used up: the same breach cannot be claimed twice.
    fn close_claim(&mut self, player: Color, claim: ClaimKind) {
        self.open_claims
            .retain(|&(c, k)| !(c == player && k == claim));
    }

    fn rule(&mut self, at: Timestamp, law: Law, verdict: Verdict) {
        let ruling = Ruling { at, law, verdict };
        self.rulings.push(ruling.clone());
        self.queue.push_back(ruling);
    }

    fn end(&mut self, at: Timestamp, law: Law, result: GameResult, reason: Reason) {
        if self.result.is_none() {
            self.result = Some((result, reason));
            self.clock.stop(at);
            self.offer = None;
            self.rule(at, law, Verdict::GameOver { result, reason });
        }
    }

    fn edition(&self) -> Edition {
        self.config.edition
    }

    fn default_deadline(&self) -> Option<(Color, Timestamp)> {
        let at = match (self.resumed, self.sealed.is_some()) {
            // At a resumption the limit is one hour in 2005 (App. A10), the default time in 2023
            // (Guidelines I.10).
            (Some(resumed), true) => resumed.after(match self.edition() {
                Edition::Fide2005 => Millis::minutes(60),
                Edition::Fide2023 => self.config.default_time(),
            }),
            (_, true) => return None,
            _ if self.config.await_arrival => self.started?.after(self.config.default_time()),
            _ => return None,
        };
        // Late means after the limit: the first instant of lateness is one millisecond past it.
        let at = at.after(Millis(1));
        match self.present {
            [false, true] => Some((Color::White, at)),
            [true, false] => Some((Color::Black, at)),
            _ => None,
        }
    }

    fn process_deadlines(&mut self, now: Timestamp) {
        if self.result.is_some() || self.pending.is_some_and(|p| !p.postponed) {
            return;
        }
        if let Some((late, deadline)) = self.default_deadline()
            && deadline <= now
        {
            match &self.sealed {
                None => {
                    let law = Law::of(self.edition(), "Art. 6.7", "Art. 6.7.1");
                    self.end(deadline, law, GameResult::win(!late), Reason::Default);
                }
                Some((sealer, _)) if *sealer != late => {
                    let law = Law::of(self.edition(), "App. A10", "Guidelines I.10");
                    self.end(deadline, law, GameResult::win(!late), Reason::Default);
                }
                Some(_) => {
                    // The late sealer may still win or draw by his sealed move (A10a-c): the
                    // arbiter opens the envelope and decides.
                    let law = Law::of(self.edition(), "App. A10", "Guidelines I.11");
                    self.resumed = None;
                    self.rule(
                        deadline,
                        law,
                        Verdict::Notice {
                            what: "sealer_late_arbiter_opens_envelope",
                        },
                    );
                }
            }
            return;
        }
        if let Some((color, fell)) = self.clock.observe(now) {
            self.flag_fell(color, fell);
        }
    }

    fn flag_fell(&mut self, color: Color, at: Timestamp) {
        let law = self.profile.flag_law();
        if self.profile.arbiter_calls_flag() {
            self.rule(at, law, Verdict::FlagFell { player: color });
            self.decide_flag(color, at);
        } else if !self.open_claims.contains(&(!color, ClaimKind::WinOnTime)) {
            self.open_claims.push((!color, ClaimKind::WinOnTime));
            self.rule(
                at,
                law,
                Verdict::ClaimOpen {
                    player: !color,
                    claim: ClaimKind::WinOnTime,
                },
            );
        }
    }

    /// `loser`'s flag fell: he loses unless his opponent cannot mate by any series of legal
    /// moves (2005 Art. 6.10 / 2023 Art. 6.9).
    fn decide_flag(&mut self, loser: Color, at: Timestamp) {
        let law = Law::of(self.edition(), "Art. 6.10", "Art. 6.9");
        match can_mate(self.record.current().board(), !loser, Budget::RULING) {
            CanMate::No => self.end(at, law, GameResult::Draw, Reason::TimeButCannotMate),
            _ => self.end(at, law, GameResult::win(!loser), Reason::Time),
        }
    }

    fn on_move(&self) -> Color {
        match &self.illegal_position {
            Some(ip) => ip.placement.side_to_move(),
            None => self.record.current().board().side_to_move(),
        }
    }

    /// The pieces as they stand when an unclaimed illegal move has left a position no legal
    /// play can reach (2023 App. A.5.4); [`Game::board`] then shows the position before it.
    pub fn illegal_position(&self) -> Option<&Placement> {
        self.illegal_position.as_ref().map(|ip| &ip.placement)
    }

    fn require_play(&self) -> Result<(), Refused> {
        if self.result.is_some() {
            return Err(Refused::GameOver);
        }
        if self.started.is_none() {
            return Err(Refused::NotStarted);
        }
        if self.sealed.is_some() {
            return Err(Refused::Adjourned);
        }
        if self.pending.is_some_and(|p| !p.postponed) {
            return Err(Refused::ClaimPending);
        }
        if self.illegal_position.as_ref().is_some_and(|ip| ip.stalled) {
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
                    .pending
                    .is_some_and(|p| p.claim == ClaimKind::QuickplayIncrement) =>
            {
                Ok(())
            }
            // So is a 2005 quickplay claim (Art. 9.1c): the opponent may accept it as an offer.
            Err(Refused::ClaimPending)
                if self.pending.is_some_and(|p| {
                    p.claim == ClaimKind::QuickplayFinish && self.offer == Some(p.player)
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
            Event::Start => {
                if self.result.is_some() {
                    return Err(Refused::GameOver);
                }
                if self.started.is_some() {
                    return Err(Refused::AlreadyStarted);
                }
                self.started = Some(at);
                self.clock.start(self.on_move(), at);
                let law = Law::of(self.edition(), "Art. 6.5", "Art. 6.6");
                self.rule(
                    at,
                    law,
                    Verdict::ClockStarted {
                        player: self.on_move(),
                    },
                );
                Ok(())
            }
            Event::Arrive { player } => {
                self.present[*player as usize] = true;
                Ok(())
            }
            Event::Lift { square } if self.illegal_position.is_some() => {
                self.require_play()?;
                if self
                    .illegal_position()
                    .and_then(|p| p.piece_on(*square))
                    .is_some()
                {
                    // A touch still ends the opponent's 2005 claim (App. B5) and declines an
                    // offer; touch-move itself is a matter for a claim in this regime.
                    self.after_touch(at);
                }
                Ok(())
            }
            Event::Place { .. } if self.illegal_position.is_some() => {
                self.require_play()?;
                Ok(())
            }
            Event::Move { mv } if self.illegal_position.is_some() => {
                self.require_play()?;
                if let Some(ip) = &self.illegal_position {
                    ip.placement.play(*mv)?;
                }
                self.after_touch(at);
                if let Some(ip) = &mut self.illegal_position {
                    ip.reply = Some(*mv);
                }
                Ok(())
            }
            Event::Lift { square } => {
                self.require_play()?;
                if self.record.current().board().piece_on(*square).is_some() {
                    if let Some((then, other)) = self.last_lift
                        && other != *square
                        && at.0.saturating_sub(then.0) <= illegal::TWO_HANDS_WINDOW_MS
                    {
                        self.two_hands = true;
                    }
                    self.last_lift = Some((at, *square));
                }
                self.changes.lift(*square);
                if self.touch.touch(self.record.current().board(), *square) {
                    self.after_touch(at);
                }
                Ok(())
            }
            Event::Place { square, piece } => {
                self.require_play()?;
                if !self.changes.place(*square, *piece) {
                    self.rule(
                        at,
                        Law::of(self.edition(), "Art. 7.3", "Art. 7.4.1"),
                        Verdict::Notice {
                            what: "placement_without_lift",
                        },
                    );
                    return Ok(());
                }
                if let Attempt::Legal(mv) = self.changes.attempt(self.record.current().board()) {
                    self.touch
                        .release(touch::to_text(self.record.current().board(), mv));
                }
                Ok(())
            }
            Event::Adjust { square } => {
                self.require_play()?;
                self.touch.adjust(*square);
                Ok(())
            }
            Event::Move { mv } => {
                self.require_play()?;
                if self.touch.touch(self.record.current().board(), mv.from) {
                    self.after_touch(at);
                }
                self.changes.enter(self.record.current().board(), *mv);
                if let Some(legal) = touch::legal_move(self.record.current().board(), *mv) {
                    self.touch
                        .release(touch::to_text(self.record.current().board(), legal));
                }
                Ok(())
            }
            Event::PressClock { player } => {
                self.require_play()?;
                match self.clock.running() {
                    Some((c, _)) if c == *player => {}
                    _ => return Err(Refused::ClockNotRunning(color_name(*player))),
                }
                self.press(at, *player);
                Ok(())
            }
            Event::OfferDraw { player } => {
                self.require_offer()?;
                if let Some(first) = self.config.no_draw_before_move
                    && self.edition() == Edition::Fide2023
                    && self.record.current().board().fullmove_number() < first
                {
                    self.rule(
                        at,
                        Law::new(Edition::Fide2023, "Art. 9.1.1"),
                        Verdict::DrawRefused { player: *player },
                    );
                    return Ok(());
                }
                if self.offer.is_none() {
                    self.offer = Some(*player);
                    self.mark_offer(*player);
                    self.rule(
                        at,
                        draws::offer_law(self.edition()),
                        Verdict::DrawOffered { player: *player },
                    );
                }
                Ok(())
            }
            Event::AcceptDraw { player } => {
                self.require_offer()?;
                if self.offer != Some(!*player) {
                    return Err(Refused::NoOffer);
                }
                let each_moved = self.clock.side(Color::White).moves > 0
                    && self.clock.side(Color::Black).moves > 0;
                if self.edition() == Edition::Fide2023 && !each_moved {
                    self.offer = None;
                    self.rule(
                        at,
                        Law::new(self.edition(), "Art. 5.2.3"),
                        Verdict::DrawRefused { player: *player },
                    );
                    return Ok(());
                }
                // An accepted claim-offer leaves nothing for the arbiter to decide.
                self.pending = None;
                self.end(
                    at,
                    draws::agreement_law(self.edition()),
                    GameResult::Draw,
                    Reason::Agreement,
                );
                Ok(())
            }
            Event::DeclineDraw { player } => {
                self.require_offer()?;
                if self.offer != Some(!*player) {
                    return Err(Refused::NoOffer);
                }
                self.offer = None;
                self.rule(
                    at,
                    draws::offer_law(self.edition()),
                    Verdict::DrawDeclined { player: *player },
                );
                Ok(())
            }
            Event::Resign { player } => {
                if self.result.is_some() {
                    return Err(Refused::GameOver);
                }
                let edition = self.edition();
                let cannot_mate = edition == Edition::Fide2023
                    && can_mate(self.record.current().board(), !*player, Budget::RULING)
                        == CanMate::No;
                let law = Law::of(edition, "Art. 5.1b", "Art. 5.1.2");
                let result = if cannot_mate {
                    GameResult::Draw
                } else {
                    GameResult::win(!*player)
                };
                self.end(at, law, result, Reason::Resignation);
                Ok(())
            }
            Event::Claim { player, claim } => self.claim(at, *player, claim),
            Event::Arbiter { decision } => self.decide(at, decision),
            Event::Seal { player, envelope } => self.seal(at, *player, envelope),
            Event::Resume => {
                if self.result.is_some() {
                    return Err(Refused::GameOver);
                }
                if self.sealed.is_none() {
                    return Err(Refused::NotSealed);
                }
                self.resumed = Some(at);
                Ok(())
            }
            Event::Open { passphrase } => self.open(at, passphrase),
            Event::Announce { player, text } => self.announce(at, *player, text),
            Event::Repeat { player, text } => self.repeat(at, *player, text),
            Event::Write { player, mv } => {
                self.require_offer()?;
                // Each player writes his own moves and his opponent's (Art. 8.1 / 8.1.1): the
                // last move of either side may be written once completed.
                let completed = self.moves.iter().rev().take(2).any(|m| m.text == *mv);
                let made_now = self.on_move() == *player
                    && matches!(
                        self.changes.attempt(self.record.current().board()),
                        Attempt::Legal(m) if touch::to_text(self.record.current().board(), m) == *mv
                    );
                if !(completed || made_now) {
                    self.rule(
                        at,
                        Law::of(self.edition(), "Art. 8.1", "Art. 8.1.2"),
                        Verdict::Notice {
                            what: "move_written_in_advance",
                        },
                    );
                }
                Ok(())
            }
            Event::AskScoresheet { player } => {
                self.require_play()?;
                if self.profile.scoresheet_requests().is_some() && self.on_move() != *player {
                    // A.4.3 / B.2.3: "when it is his/her move".
                    return Err(Refused::NotOnMove(color_name(*player)));
                }
                let slot = &mut self.scoresheet_requests[*player as usize];
                *slot = slot.saturating_add(1);
                let count = *slot;
                if let Some((limit, law)) = self.profile.scoresheet_requests() {
                    let verdict = Verdict::ScoresheetRequest {
                        player: *player,
                        count,
                        granted: count <= limit,
                    };
                    self.rule(at, law, verdict);
                }
                Ok(())
            }
            Event::CorrectAnnouncement { player, text } => self.correct(at, *player, text),
        }
    }

    /// The player on move touched a piece deliberately.
    fn after_touch(&mut self, at: Timestamp) {
        let mover = self.on_move();
        let edition = self.edition();
        if self.offer == Some(!mover) {
            self.offer = None;
            self.rule(
                at,
                draws::offer_law(edition),
                Verdict::DrawDeclined { player: mover },
            );
        }
        let lapse_illegal = self.profile.claims_lapse_on_touch();
        let lapsing: Vec<ClaimKind> = self
            .open_claims
            .iter()
            .filter(|(c, k)| {
                *c == mover
                    && (*k == ClaimKind::TouchMove
                        || (*k == ClaimKind::IllegalMove && lapse_illegal))
            })
            .map(|(_, k)| *k)
            .collect();
        for kind in lapsing {
            self.lapse(at, mover, kind);
        }
    }

    /// After `player` completes a move: his own claims lapse (2023 A.5.2; 2005 B5 already on
    /// his touch), except a win on time, and the opponent's draw offer is declined by it.
    fn close_after_move(&mut self, at: Timestamp, player: Color) {
        let lapsing: Vec<ClaimKind> = self
            .open_claims
            .iter()
            .filter(|(c, k)| *c == player && *k != ClaimKind::WinOnTime)
            .map(|(_, k)| *k)
            .collect();
        for kind in lapsing {
            self.lapse(at, player, kind);
        }
        if self.offer == Some(!player) {
            self.offer = None;
        }
    }

    fn lapse(&mut self, at: Timestamp, player: Color, kind: ClaimKind) {
        self.close_claim(player, kind);
        let law = match kind {
            ClaimKind::TouchMove => self.profile.touch_claim_law(),
            _ => Law::of(self.edition(), "App. B5", "App. A.5.2"),
        };
        self.rule(
            at,
            law,
            Verdict::ClaimLapsed {
                player,
                claim: kind,
            },
        );
        match kind {
            ClaimKind::TouchMove => self.breach = None,
            ClaimKind::IllegalMove => {
                if let Some(irr) = self.irregular.take()
                    && irr.stuck
                    && self.illegal_position.is_none()
                {
                    // The illegal position cannot be played on (it never entered the record,
                    // which still shows the position before it): the arbiter restores it.
                    self.before_last = None;
                    self.announced = None;
                    self.rule(
                        at,
                        illegal::restore_law(self.edition()),
                        Verdict::Notice {
                            what: "illegal_position_needs_arbiter",
                        },
                    );
                }
            }
            _ => {}
        }
    }

    /// Where the "(=)" of an offer goes in the record: with the move being made when the
    /// offerer is on move (the regular time, 2005 Art. 9.1b / 2023 Art. 9.1.2.1), else with his
    /// last move if it is the last one played.
    fn mark_offer(&mut self, player: Color) {
        if self.on_move() == player {
            self.offer_with_move = Some(player);
        } else if let Some(last) = self.moves.last_mut()
            && last.by == player
        {
            last.draw_offer = true;
        }
    }

    /// What the player on move must do now.
    pub fn obligation(&self) -> Obligation {
        match &self.forced {
            Some(ob) => ob.clone(),
            None => self.touch.obligation(self.record.current().board()),
        }
    }

    fn press(&mut self, at: Timestamp, player: Color) {
        if self.illegal_position.is_some() {
            self.press_on_illegal_position(at, player);
            return;
        }
        let edition = self.edition();
        let mut attempt = self.changes.attempt(self.record.current().board());
        if self.config.is_impaired(player) {
            match attempt {
                Attempt::Nothing | Attempt::Incomplete => match self.made_by_impaired(player) {
                    Some(mv) => attempt = Attempt::Legal(mv),
                    None => {
                        // F2.3 / D.2.3: until the move is made the opponent's clock may not start.
                        self.rule(
                            at,
                            blind::made_law(edition),
                            Verdict::Notice {
                                what: "move_not_made_clock_not_started",
                            },
                        );
                        return;
                    }
                },
                Attempt::Legal(mv) => {
                    if let Some((_, said)) = self.announced
                        && said != touch::to_text(self.record.current().board(), mv)
                    {
                        self.rule(
                            at,
                            blind::fix_board_law(edition),
                            Verdict::Notice {
                                what: "announcement_differs_from_board",
                            },
                        );
                    }
                }
                _ => {}
            }
        }
        match attempt {
            Attempt::Legal(mv) => {
                let ob = self.obligation();
                if !ob.allows(self.record.current().board(), mv) {
                    if self.profile.arbiter_enforces_touch() {
                        // The pieces stay where they are until the player puts them right.
                        self.touch.retract();
                        let law = if self.config.has_tactile_board(player) {
                            blind::touched_law(edition)
                        } else {
                            ob.law(edition)
                        };
                        self.rule(
                            at,
                            law,
                            Verdict::MustMove {
                                player,
                                obligation: ob,
                            },
                        );
                        return;
                    }
                    self.breach = Some(Breach {
                        offender: player,
                        before: self.record.current().board().clone(),
                        obligation: ob.clone(),
                    });
                    self.rule(
                        at,
                        ob.law(edition),
                        Verdict::TouchMoveBreach {
                            player,
                            obligation: ob,
                        },
                    );
                    self.open_claims.push((!player, ClaimKind::TouchMove));
                    self.rule(
                        at,
                        self.profile.touch_claim_law(),
                        Verdict::ClaimOpen {
                            player: !player,
                            claim: ClaimKind::TouchMove,
                        },
                    );
                }
                self.complete(at, player, mv);
            }
            Attempt::UnfinishedPromotion(mv)
                if edition == Edition::Fide2023 && self.profile.arbiter_acts_on_illegal() =>
            {
                // 7.5.2: the pawn becomes a queen, and the press counts as an illegal move.
                let text = touch::to_text(self.record.current().board(), mv);
                self.complete(at, player, mv);
                self.illegal(
                    at,
                    player,
                    MoveText {
                        promotion: None,
                        ..text
                    },
                    false,
                );
            }
            Attempt::UnfinishedPromotion(mv) => {
                let text = touch::to_text(self.record.current().board(), mv);
                self.illegal(
                    at,
                    player,
                    MoveText {
                        promotion: None,
                        ..text
                    },
                    true,
                );
            }
            Attempt::Illegal(text) => self.illegal(at, player, text, true),
            Attempt::Nothing if edition == Edition::Fide2023 => {
                let text = MoveText {
                    from: self.record.current().board().king(player),
                    to: self.record.current().board().king(player),
                    promotion: None,
                };
                self.illegal(at, player, text, false);
            }
            Attempt::Nothing => {
                self.rule(
                    at,
                    illegal::press_without_move_law(edition),
                    Verdict::Notice {
                        what: "clock_pressed_without_move",
                    },
                );
            }
            Attempt::Incomplete if self.changes.displaced(self.record.current().board()) => {
                // More pieces off the board than any move lifts: pieces were displaced, and the
                // player puts them back on his own time (2005 Art. 7.3 / 2023 Art. 7.4.1).
                self.rule(
                    at,
                    Law::of(edition, "Art. 7.3", "Art. 7.4.1"),
                    Verdict::Notice {
                        what: "pieces_displaced_restore_on_own_time",
                    },
                );
            }
            Attempt::Incomplete => {
                self.rule(
                    at,
                    Law::of(edition, "Art. 6.8a", "Art. 6.2.1"),
                    Verdict::Notice {
                        what: "clock_pressed_before_move_made",
                    },
                );
            }
        }
    }

    /// Plays `mv` (legal) for `player` and presses his clock.
    fn complete(&mut self, at: Timestamp, player: Color, mv: Move) {
        let text = touch::to_text(self.record.current().board(), mv);
        let san = san::format(self.record.current(), as_move(text), Language::English);
        self.before_last = Some(self.record.current().board().clone());
        self.announced = None;
        if std::mem::take(&mut self.two_hands) {
            // Sensors cannot see hands: the arbiter judges (2005 Art. 4.1; 2023 Art. 7.5.4
            // makes a move with two hands an illegal move once he has seen it).
            self.rule(
                at,
                illegal::two_hands_law(self.edition()),
                Verdict::Notice {
                    what: "possible_two_handed_move",
                },
            );
        }
        self.last_lift = None;
        // `mv` was found legal in this position, so the record takes it.
        let _ = self.record.play(as_move(text));
        let press = self.clock.press(player, at);
        self.moves.push(PlayedMove {
            by: player,
            text,
            san,
            clock_after: self.clock.side(player).banked,
            draw_offer: self.offer_with_move.take() == Some(player),
        });
        self.touch = TouchMove::new();
        self.changes = BoardChanges::new();
        self.forced = None;
        if let Some((period, ms)) = press.period_started {
            let law = Law::of(self.edition(), "Art. 6.2b", "Art. 6.3.2");
            self.rule(at, law, Verdict::PeriodStarted { player, period, ms });
        }
        self.close_after_move(at, player);
        self.check_end(at);
    }

    fn check_end(&mut self, at: Timestamp) {
        let edition = self.edition();
        let mut any = false;
        self.record.current().board().generate_moves(|_| {
            any = true;
            true
        });
        if !any {
            if self.record.current().board().checkers().is_empty() {
                self.end(
                    at,
                    draws::stalemate_law(edition),
                    GameResult::Draw,
                    Reason::Stalemate,
                );
            } else {
                let winner = !self.record.current().board().side_to_move();
                self.end(
                    at,
                    draws::checkmate_law(edition),
                    GameResult::win(winner),
                    Reason::Checkmate,
                );
            }
            return;
        }
        if self.profile.automatic_draws() {
            if self.record.repetition_count() >= draws::FIVEFOLD {
                let law = Law::new(edition, "Art. 9.6.1");
                self.end(at, law, GameResult::Draw, Reason::FivefoldRepetition);
                return;
            }
            if self.record.current().halfmove_clock() >= draws::SEVENTY_FIVE_MOVES {
                let law = Law::new(edition, "Art. 9.6.2");
                self.end(at, law, GameResult::Draw, Reason::SeventyFiveMoves);
                return;
            }
        }
        // The quick check proves most dead positions in a few move generations; a full search
        // after every move would cost hundreds of microseconds.
        if crate::dead::is_dead_quick(self.record.current().board()) {
            self.end(
                at,
                draws::dead_position_law(edition),
                GameResult::Draw,
                Reason::DeadPosition,
            );
        }
    }

    /// A completed illegal move by `player`. `restorable`: the board was left unchanged (the
    /// move was not played), so the position before it is the current one.
    fn illegal(&mut self, at: Timestamp, player: Color, mv: MoveText, restorable: bool) {
        // The illegal move is ruled on as such; the hands that made it no longer matter.
        self.last_lift = None;
        self.two_hands = false;
        let barred = self.setup_barred[player as usize];
        if barred.any() && is_castling_attempt(self.record.current().board(), player, mv) {
            let law = setup::barred_castling_law(self.profile, true);
            self.rule(
                at,
                law,
                Verdict::CastlingBarred {
                    player,
                    short: barred.short,
                    long: barred.long,
                },
            );
        }
        let count = {
            let slot = &mut self.illegal_counts[player as usize];
            *slot += 1;
            *slot
        };
        self.rule(
            at,
            illegal::restore_law(self.edition()),
            Verdict::IllegalMove { player, mv, count },
        );
        if self.profile.arbiter_acts_on_illegal() || !restorable {
            // The arbiter acts at once (the pieces stay displaced until put back, so the board
            // changes are kept); an unfinished 2023 promotion has already been completed.
            self.penalise(at, player, count, if restorable { Some(mv) } else { None });
            return;
        }
        // Only the opponent's claim counts: the move stands for now and the clock moves on.
        let before = self.record.current().board().clone();
        let stuck =
            match after_illegal(self.record.current().board(), mv) {
                Some(after) => {
                    let halfmoves = self.record.current().halfmove_clock() + 1;
                    self.record
                        .play_irregular(as_move(mv), Position::from_parts(after, halfmoves));
                    false
                }
                None => {
                    // Both kings in check, or a pawn on the last rank: cozy-chess cannot hold the
                    // pieces, so they are kept as they stand until the next move (App. A.5.4).
                    self.illegal_position = Placement::after(self.record.current().board(), mv)
                        .map(|placement| IllegalPosition {
                            placement,
                            reply: None,
                            stalled: false,
                        });
                    true
                }
            };
        self.clock.press(player, at);
        // The illegal move stands until claimed, so it is on the score; in the long form, as
        // SAN names only legal moves (2005 App. E / 2023 App. C.8 take the departure square).
        self.moves.push(PlayedMove {
            by: player,
            text: mv,
            san: long_form(&Placement::from_board(&before), mv),
            clock_after: self.clock.side(player).banked,
            draw_offer: self.offer_with_move.take() == Some(player),
        });
        self.touch = TouchMove::new();
        self.changes = BoardChanges::new();
        self.forced = None;
        self.irregular = Some(Irregular {
            offender: player,
            before,
            mv,
            count,
            stuck,
        });
        self.open_claims.push((!player, ClaimKind::IllegalMove));
        let law = Law::of(self.edition(), "App. C3", "App. A.5.2");
        self.rule(
            at,
            law,
            Verdict::ClaimOpen {
                player: !player,
                claim: ClaimKind::IllegalMove,
            },
        );
        if let Some(ip) = &self.illegal_position {
            let fen = ip.placement.text();
            self.rule(
                at,
                illegal_position::wait_law(self.edition()),
                Verdict::IllegalPosition { fen },
            );
        }
    }

    /// The clock pressed while the pieces stand in an illegal position: the awaited move is
    /// completed, and the position is judged (2023 App. A.5.4; 2005, see
    /// [`illegal_position`]).
    fn press_on_illegal_position(&mut self, at: Timestamp, player: Color) {
        let edition = self.edition();
        let Some(ip) = self.illegal_position.clone() else {
            return;
        };
        let Some(reply) = ip.reply else {
            self.rule(
                at,
                Law::of(edition, "Art. 6.8a", "Art. 6.2.1"),
                Verdict::Notice {
                    what: "clock_pressed_before_move_made",
                },
            );
            return;
        };
        // The reply was checked against the patterns when it was made.
        let Ok(next) = ip.placement.play(reply) else {
            return;
        };
        let mover_piece = ip.placement.piece_on(reply.from);
        let quiet = mover_piece.is_some_and(|(p, _)| p != crate::Piece::Pawn)
            && ip.placement.piece_on(reply.to).is_none();
        self.clock.press(player, at);
        self.announced = None;
        self.before_last = None;
        self.close_after_move(at, player);
        let halfmoves = if quiet {
            self.record.current().halfmove_clock() + 2
        } else {
            0
        };
        let clock_byte = u8::try_from(halfmoves).unwrap_or(u8::MAX);
        match next.to_board(self.record.current().board(), clock_byte) {
            Some(board) => {
                let fen = board.to_string();
                // The record skips the illegal position: it keeps positions cozy-chess holds.
                self.record
                    .play_irregular(as_move(reply), Position::from_parts(board, halfmoves));
                self.moves.push(PlayedMove {
                    by: player,
                    text: reply,
                    san: long_form(&ip.placement, reply),
                    clock_after: self.clock.side(player).banked,
                    draw_offer: self.offer_with_move.take() == Some(player),
                });
                self.illegal_position = None;
                self.irregular = None;
                self.touch = TouchMove::new();
                self.changes = BoardChanges::new();
                self.forced = None;
                self.rule(
                    at,
                    illegal_position::wait_law(edition),
                    Verdict::PositionLegalAgain { fen },
                );
                self.check_end(at);
            }
            None if edition == Edition::Fide2023 => {
                self.illegal_position = Some(IllegalPosition {
                    placement: next,
                    reply: None,
                    stalled: false,
                });
                let law = illegal_position::still_illegal_law(edition);
                self.end(at, law, GameResult::Draw, Reason::IllegalPosition);
            }
            None => {
                let fen = next.text();
                self.illegal_position = Some(IllegalPosition {
                    placement: next,
                    reply: None,
                    stalled: true,
                });
                self.clock.stop(at);
                self.rule(
                    at,
                    illegal_position::still_illegal_law(edition),
                    Verdict::IllegalPosition { fen },
                );
                self.rule(
                    at,
                    illegal_position::still_illegal_law(edition),
                    Verdict::Notice {
                        what: "illegal_position_needs_arbiter",
                    },
                );
            }
        }
    }

    /// Applies the penalty for `offender`'s `count`-th illegal move; `replace` is the illegal
    /// move to be replaced under touch-move (position already restored).
    fn penalise(&mut self, at: Timestamp, offender: Color, count: u32, replace: Option<MoveText>) {
        let (penalty, law) = illegal::penalty(self.profile, count);
        if let Some(mv) = replace {
            let mut touch = TouchMove::new();
            touch.touch(self.record.current().board(), mv.from);
            if self.record.current().board().color_on(mv.to) == Some(!offender) {
                touch.touch(self.record.current().board(), mv.to);
            }
            let obligation = touch.obligation(self.record.current().board());
            self.forced = Some(obligation.clone());
            self.touch = touch;
            let fen = self.record.current().board().to_string();
            self.rule(
                at,
                illegal::restore_law(self.edition()),
                Verdict::PositionRestored { fen, obligation },
            );
        }
        match penalty {
            illegal::Penalty::AddTime(ms) => {
                self.clock.add_time(!offender, ms);
                self.rule(
                    at,
                    law,
                    Verdict::TimeAdded {
                        player: !offender,
                        ms,
                    },
                );
            }
            illegal::Penalty::Loss => {
                self.end(at, law, GameResult::win(!offender), Reason::IllegalMoves)
            }
            illegal::Penalty::LossUnlessCannotMate => {
                let result =
                    match can_mate(self.record.current().board(), !offender, Budget::RULING) {
                        CanMate::No => GameResult::Draw,
                        _ => GameResult::win(!offender),
                    };
                self.end(at, law, result, Reason::IllegalMoves);
            }
        }
    }

    fn claim(&mut self, at: Timestamp, player: Color, claim: &Claim) -> Result<(), Refused> {
        if self.result.is_some() {
            return Err(Refused::GameOver);
        }
        if self.started.is_none() {
            return Err(Refused::NotStarted);
        }
        if self.pending.is_some_and(|p| !p.postponed) {
            return Err(Refused::ClaimPending);
        }
        let edition = self.edition();
        let kind = claim.kind();
        match claim {
            Claim::Repetition { intended } | Claim::FiftyMoves { intended } => {
                if self.on_move() != player {
                    return Err(Refused::NotOnMove(color_name(player)));
                }
                let law = if kind == ClaimKind::Repetition {
                    draws::repetition_law(edition)
                } else {
                    draws::fifty_moves_law(edition)
                };
                if self.touch.touched_own() {
                    self.reject_claim(
                        at,
                        draws::claim_after_touch_law(edition),
                        player,
                        kind,
                        "touched_a_piece",
                    );
                    return Ok(());
                }
                if let Some(text) = intended
                    && touch::legal_move(self.record.current().board(), *text).is_none()
                {
                    self.reject_claim(at, law, player, kind, "intended_move_illegal");
                    return Ok(());
                }
                let intended_move = intended.map(as_move);
                let verdict = if kind == ClaimKind::Repetition {
                    self.record.claim_repetition(intended_move, edition)
                } else {
                    self.record.claim_fifty_moves(intended_move, edition)
                };
                if let ClaimVerdict::Valid { evidence, .. } = verdict {
                    // D-10: the plies that prove it, for the arbiter to check (2023 Art. 11.12).
                    let plies = match evidence {
                        ClaimEvidence::Repetition { plies } => plies,
                        ClaimEvidence::FiftyMoves { halfmoves } => {
                            let last = self.record.ply_count() + usize::from(intended.is_some());
                            vec![last.saturating_sub(halfmoves as usize), last]
                        }
                    };
                    let evidence_law = match edition {
                        Edition::Fide2005 => law,
                        Edition::Fide2023 => Law::new(edition, "Art. 11.12"),
                    };
                    self.rule(
                        at,
                        law,
                        Verdict::ClaimAccepted {
                            player,
                            claim: kind,
                        },
                    );
                    self.rule(
                        at,
                        evidence_law,
                        Verdict::DrawEvidence { claim: kind, plies },
                    );
                    let reason = if kind == ClaimKind::Repetition {
                        Reason::Repetition
                    } else {
                        Reason::FiftyMoves
                    };
                    self.end(at, law, GameResult::Draw, reason);
                } else {
                    // The claim was also a draw offer (D-09), which outlives the rejection: the
                    // opponent may still accept it, or decline it as any offer.
                    if self.offer.is_none() {
                        self.offer = Some(player);
                        self.mark_offer(player);
                        self.rule(
                            at,
                            draws::claim_is_offer_law(edition),
                            Verdict::DrawOffered { player },
                        );
                    }
                    let (ms, penalty_law) = draws::wrong_claim_penalty(self.profile);
                    self.reject_claim(at, law, player, kind, "not_established");
                    self.clock.add_time(!player, ms);
                    self.rule(
                        at,
                        penalty_law,
                        Verdict::TimeAdded {
                            player: !player,
                            ms,
                        },
                    );
                    if let Some(text) = intended {
                        self.forced = Some(Obligation::Complete { mv: *text });
                        self.rule(
                            at,
                            Law::of(edition, "Art. 9.5", "Art. 9.5.3"),
                            Verdict::MustPlay { player, mv: *text },
                        );
                    }
                }
                Ok(())
            }
            Claim::WinOnTime => {
                let law = self.profile.flag_law();
                let Some(theirs) = self.clock.fell_at(!player, at) else {
                    self.reject_claim(at, law, player, kind, "flag_not_fallen");
                    return Ok(());
                };
                self.clock.observe(at);
                if let Some(mine) = self.clock.fell_at(player, at) {
                    if self.profile.claimant_flag_must_stand() {
                        self.end(
                            at,
                            Law::new(edition, "App. B8"),
                            GameResult::Draw,
                            Reason::BothFlags,
                        );
                        return Ok(());
                    }
                    if mine < theirs {
                        self.reject_claim(at, law, player, kind, "own_flag_fell_first");
                        return Ok(());
                    }
                }
                self.close_claim(player, ClaimKind::WinOnTime);
                self.rule(at, law, Verdict::FlagFell { player: !player });
                self.decide_flag(!player, at);
                Ok(())
            }
            Claim::IllegalMove => {
                let open = self.open_claims.contains(&(player, ClaimKind::IllegalMove));
                let Some(irr) = self.irregular.clone().filter(|_| open) else {
                    let law = illegal::restore_law(edition);
                    self.reject_claim(at, law, player, kind, "nothing_to_claim");
                    return Ok(());
                };
                self.close_claim(player, ClaimKind::IllegalMove);
                self.irregular = None;
                self.illegal_position = None;
                // Taken back: off the score too.
                if self
                    .moves
                    .last()
                    .is_some_and(|m| m.by == irr.offender && m.text == irr.mv)
                {
                    self.moves.pop();
                }
                self.rule(
                    at,
                    illegal::restore_law(edition),
                    Verdict::ClaimAccepted {
                        player,
                        claim: kind,
                    },
                );
                let queen = MoveText {
                    promotion: Some(crate::Piece::Queen),
                    ..irr.mv
                };
                if edition == Edition::Fide2023
                    && irr.mv.promotion.is_none()
                    && touch::legal_move(self.record.current().board(), queen).is_some()
                {
                    // 7.5.2 (through A.5.2): the pawn left on the last rank becomes a queen,
                    // and the claimant, on move, keeps his clock running.
                    let san = san::format(self.record.current(), as_move(queen), Language::English);
                    if self.record.play(as_move(queen)).is_ok() {
                        self.moves.push(PlayedMove {
                            by: irr.offender,
                            text: queen,
                            san,
                            clock_after: self.clock.side(irr.offender).banked,
                            draw_offer: false,
                        });
                        self.touch = TouchMove::new();
                        self.changes = BoardChanges::new();
                        self.penalise(at, irr.offender, irr.count, None);
                        self.check_end(at);
                        return Ok(());
                    }
                }
                if !irr.stuck {
                    self.record.undo();
                }
                self.before_last = None;
                self.announced = None;
                self.clock.start(irr.offender, at);
                let moves = self.clock.side(irr.offender).moves.saturating_sub(1);
                self.clock.set_moves(irr.offender, moves);
                self.touch = TouchMove::new();
                // On the board the illegal move still stands until it is taken back.
                self.changes = BoardChanges::new();
                self.changes.lift(irr.mv.from);
                self.changes.place(irr.mv.to, irr.mv.promotion);
                self.penalise(at, irr.offender, irr.count, Some(irr.mv));
                Ok(())
            }
            Claim::TouchMove => {
                let open = self.open_claims.contains(&(player, ClaimKind::TouchMove));
                let Some(breach) = self.breach.clone().filter(|_| open) else {
                    let law = self.profile.touch_claim_law();
                    self.reject_claim(at, law, player, kind, "nothing_to_claim");
                    return Ok(());
                };
                self.close_claim(player, ClaimKind::TouchMove);
                self.breach = None;
                self.rule(
                    at,
                    breach.obligation.law(edition),
                    Verdict::ClaimAccepted {
                        player,
                        claim: kind,
                    },
                );
                // Take the offending move back; the offender must now fulfil the obligation.
                self.record.undo();
                if self.moves.pop().is_some() {
                    let moves = self.clock.side(breach.offender).moves.saturating_sub(1);
                    self.clock.set_moves(breach.offender, moves);
                }
                self.before_last = None;
                self.announced = None;
                self.clock.start(breach.offender, at);
                self.touch = TouchMove::new();
                self.changes = BoardChanges::new();
                self.forced = Some(breach.obligation.clone());
                let fen = self.record.current().board().to_string();
                self.rule(
                    at,
                    breach.obligation.law(edition),
                    Verdict::PositionRestored {
                        fen,
                        obligation: breach.obligation,
                    },
                );
                Ok(())
            }
            Claim::QuickplayIncrement => self.request_increment(at, player),
            Claim::QuickplayFinish => {
                if self.on_move() != player {
                    return Err(Refused::NotOnMove(color_name(player)));
                }
                let law = if self.config.arbiter_present {
                    quickplay::claim_law(edition)
                } else {
                    quickplay::unsupervised_law(edition)
                };
                if let Some(because) = self.quickplay_refusal(at, player) {
                    self.reject_claim(at, law, player, kind, because);
                    return Ok(());
                }
                if edition == Edition::Fide2005 && self.offer.is_none() {
                    // 2005 Art. 9.1c: a claim under 10.2 is also a draw offer.
                    self.offer = Some(player);
                    self.mark_offer(player);
                    let verdict = Verdict::DrawOffered { player };
                    self.rule(at, draws::claim_is_offer_law(edition), verdict);
                }
                self.await_arbiter(at, law, player, kind);
                Ok(())
            }
        }
    }

    fn decide(&mut self, at: Timestamp, decision: &Decision) -> Result<(), Refused> {
        if self.result.is_some() {
            return Err(Refused::GameOver);
        }
        let edition = self.edition();
        match decision {
            Decision::Accept | Decision::Reject | Decision::Postpone => {
                let Some(pending) = self.pending else {
                    return Err(Refused::NoPendingClaim);
                };
                if pending.claim == ClaimKind::QuickplayIncrement {
                    return self.decide_increment(at, pending.player, decision);
                }
                let law = quickplay::claim_law(edition);
                let (player, claim) = (pending.player, pending.claim);
                match decision {
                    Decision::Accept => {
                        self.pending = None;
                        self.rule(at, law, Verdict::ClaimAccepted { player, claim });
                        self.end(at, law, GameResult::Draw, Reason::QuickplayFinish);
                    }
                    Decision::Reject => {
                        self.pending = None;
                        self.reject_claim(at, law, player, claim, "arbiter");
                        if !pending.postponed {
                            self.bonus_and_restart(at, player, law);
                        }
                    }
                    _ => {
                        if pending.postponed {
                            return Err(Refused::NoPendingClaim);
                        }
                        self.pending = Some(PendingClaim {
                            postponed: true,
                            ..pending
                        });
                        self.rule(at, law, Verdict::ClaimPostponed { player, claim });
                        self.bonus_and_restart(at, player, law);
                    }
                }
                Ok(())
            }
            Decision::AddTime { player, ms } => {
                self.clock.add_time(*player, *ms);
                self.rule(
                    at,
                    Law::of(edition, "Art. 13.4", "Art. 12.9"),
                    Verdict::TimeAdded {
                        player: *player,
                        ms: *ms,
                    },
                );
                Ok(())
            }
            Decision::SetClock { white, black } => {
                self.clock.set_remaining(Color::White, *white, at);
                self.clock.set_remaining(Color::Black, *black, at);
                Ok(())
            }
            Decision::StopClock => {
                self.clock.stop(at);
                self.rule(
                    at,
                    Law::of(edition, "Art. 6.13", "Art. 6.11"),
                    Verdict::ClockStopped,
                );
                Ok(())
            }
            Decision::Restore { ply, cause } => self.restore(at, *ply, *cause),
            Decision::ResumptionClockError { player } => {
                let Some(counts) = self.resumed_counts else {
                    return Err(Refused::NotResumed);
                };
                let i = *player as usize;
                let what = if self.move_counts()[i] <= counts[i] {
                    "clock_error_to_be_corrected"
                } else {
                    "clock_error_stands"
                };
                self.rule(
                    at,
                    Law::of(edition, "App. A12", "Guidelines I.13"),
                    Verdict::Notice { what },
                );
                Ok(())
            }
            Decision::EnvelopeLost => {
                let Some((sealer, _)) = self.sealed.take() else {
                    return Err(Refused::NotSealed);
                };
                self.resumed = None;
                self.present = [true, true];
                self.clock.start(sealer, at);
                // His move from the lost envelope is still the sealed one, not a first move.
                let mut counts = self.move_counts();
                counts[sealer as usize] += 1;
                self.resumed_counts = Some(counts);
                self.rule(
                    at,
                    Law::of(edition, "App. A11", "Guidelines I.12"),
                    Verdict::Notice {
                        what: "envelope_lost_sealer_plays_his_sealed_move",
                    },
                );
                Ok(())
            }
            Decision::SetupFault { fault } => {
                self.setup_fault(at, *fault);
                Ok(())
            }
            Decision::StartClock => {
                if self.started.is_none() {
                    return Err(Refused::NotStarted);
                }
                let player = self.on_move();
                self.clock.start(player, at);
                self.rule(
                    at,
                    Law::of(edition, "Art. 6.13", "Art. 6.11"),
                    Verdict::ClockStarted { player },
                );
                Ok(())
            }
        }
    }

    /// Why `player` may not ask for the quickplay finish's help now (a draw claim, or an
    /// increment in 2023), or `None` if he may: a quickplay finish applies to this period
    /// (`quickplay::applies`: 2005 Art. 10.1 / 2023 Guidelines III.1), his flag is still up, and
    /// he has under two minutes left (2005 Art. 10.2 / 2023 Guidelines III.4-5).
    fn quickplay_refusal(&self, at: Timestamp, player: Color) -> Option<&'static str> {
        let side = self.clock.side(player);
        let control = self.clock.control();
        let applies = quickplay::applies(
            self.config.quickplay_finish,
            self.profile.mode,
            control.is_last_period(side.period),
            control.has_addition(side.period),
        );
        if !applies {
            Some("not_applicable")
        } else if self.clock.fell_at(player, at).is_some() {
            Some("flag_fell")
        } else if self.clock.remaining(player, at) >= quickplay::CLAIM_BELOW {
            Some("two_minutes_or_more_left")
        } else {
            None
        }
    }

    /// 2023 Guidelines III.4: with under two minutes left in a quickplay finish, the player on
    /// move asks for a five-second increment for both; the request is a draw offer, and the
    /// arbiter decides once the opponent has answered it.
    fn request_increment(&mut self, at: Timestamp, player: Color) -> Result<(), Refused> {
        if self.on_move() != player {
            return Err(Refused::NotOnMove(color_name(player)));
        }
        let edition = self.edition();
        let kind = ClaimKind::QuickplayIncrement;
        let law = quickplay::increment_law(edition);
        let because = if edition == Edition::Fide2005 {
            Some("not_in_edition")
        } else {
            self.quickplay_refusal(at, player)
        };
        if let Some(because) = because {
            self.reject_claim(at, law, player, kind, because);
            return Ok(());
        }
        if self.offer.is_none() {
            self.offer = Some(player);
            self.mark_offer(player);
            self.rule(at, law, Verdict::DrawOffered { player });
        }
        self.await_arbiter(at, law, player, kind);
        Ok(())
    }

    fn decide_increment(
        &mut self,
        at: Timestamp,
        player: Color,
        decision: &Decision,
    ) -> Result<(), Refused> {
        let law = quickplay::increment_law(self.edition());
        let claim = ClaimKind::QuickplayIncrement;
        match decision {
            Decision::Accept => {
                self.pending = None;
                self.offer = None;
                self.rule(at, law, Verdict::ClaimAccepted { player, claim });
                self.clock
                    .set_timing_from_now(crate::clock::Timing::Increment(
                        quickplay::REQUESTED_INCREMENT,
                    ));
                // The opponent gets two minutes, as for a rejected quickplay claim.
                self.bonus_and_restart(at, player, law);
            }
            Decision::Reject => {
                self.pending = None;
                self.reject_claim(at, law, player, claim, "arbiter");
                self.clock.start(self.on_move(), at);
            }
            _ => return Err(Refused::NoPendingClaim),
        }
        Ok(())
    }

    fn bonus_and_restart(&mut self, at: Timestamp, claimant: Color, law: Law) {
        self.clock.add_time(!claimant, quickplay::OPPONENT_BONUS);
        self.rule(
            at,
            law,
            Verdict::TimeAdded {
                player: !claimant,
                ms: quickplay::OPPONENT_BONUS,
            },
        );
        self.clock.start(self.on_move(), at);
    }

    fn seal(
        &mut self,
        at: Timestamp,
        player: Color,
        envelope: &SealedEnvelope,
    ) -> Result<(), Refused> {
        self.require_play()?;
        if self.on_move() != player {
            return Err(Refused::NotOnMove(color_name(player)));
        }
        let edition = self.edition();
        self.clock.stop(at);
        if let Some(end) = self.config.session_end
            && at < end
        {
            // Adjourning early charges the time to the end of the session (App. A1b / I.1.2).
            let charge = end.since(at);
            let left = self.clock.remaining(player, at);
            self.clock
                .set_remaining(player, Millis(left.0.saturating_sub(charge.0)), at);
            self.clock.stop(at);
            self.rule(
                at,
                Law::of(edition, "App. A1b", "Guidelines I.1.2"),
                Verdict::TimeCharged { player, ms: charge },
            );
        }
        self.sealed = Some((player, envelope.clone()));
        // The players leave; who is at the board for the resumption is told by arrivals.
        self.present = [false, false];
        self.touch = TouchMove::new();
        self.changes = BoardChanges::new();
        self.rule(
            at,
            Law::of(edition, "App. A1a", "Guidelines I.1.1"),
            Verdict::Sealed { player },
        );
        Ok(())
    }

    fn open(&mut self, at: Timestamp, passphrase: &str) -> Result<(), Refused> {
        if self.result.is_some() {
            return Err(Refused::GameOver);
        }
        let Some((sealer, envelope)) = self.sealed.clone() else {
            return Err(Refused::NotSealed);
        };
        if !self.present[(!sealer) as usize] {
            if self.clock.running().is_some() {
                return Err(Refused::ReplierAbsent);
            }
            // A9b: the absent replier's clock is started; the envelope waits for him.
            self.clock.start(!sealer, at);
            let law = Law::of(self.edition(), "App. A9b", "Guidelines I.9.2");
            self.rule(at, law, Verdict::ClockStarted { player: !sealer });
            return Ok(());
        }
        let text = adjourn::open(&envelope, passphrase)?;
        // The replier's clock may have run while he was away (A9b): bank it before the move.
        self.clock.stop(at);
        self.resumed = None;
        let edition = self.edition();
        self.sealed = None;
        let parsed = text
            .trim()
            .parse::<MoveText>()
            .ok()
            .and_then(|t| touch::legal_move(self.record.current().board(), t))
            .or_else(|| {
                // A sealed move may be written in SAN too (App. A1 asks for "unambiguous
                // notation"); our parser also takes every App. E form of it.
                let mv = san::parse(self.record.current(), text.trim(), Language::English).ok()?;
                let text = MoveText {
                    from: mv.from,
                    to: mv.to,
                    promotion: mv.promotion,
                };
                touch::legal_move(self.record.current().board(), text)
            });
        match parsed {
            Some(mv) => {
                let shown = touch::to_text(self.record.current().board(), mv);
                self.rule(
                    at,
                    Law::of(edition, "App. A7", "Guidelines I.7"),
                    Verdict::EnvelopeOpened { mv: shown },
                );
                self.complete(at, sealer, mv);
                self.resumed_counts = Some(self.move_counts());
            }
            None => {
                // A8 / I.8: an ambiguous, wrong or illegal sealed move loses, unless the
                // position is dead or the replier had already lost on time.
                let law = Law::of(edition, "App. A8", "Guidelines I.8");
                let dead = [Color::White, Color::Black].iter().all(|&c| {
                    can_mate(self.record.current().board(), c, Budget::RULING) == CanMate::No
                });
                if dead {
                    self.end(at, law, GameResult::Draw, Reason::DeadPosition);
                } else if self.clock.side(!sealer).fell_at.is_some() {
                    self.end(at, law, GameResult::win(sealer), Reason::Time);
                } else {
                    self.end(at, law, GameResult::win(!sealer), Reason::SealedMove);
                }
            }
        }
        Ok(())
    }
}

/// Going back: restored positions and cancelled games (Art. 6.14, 7 / 2023 Art. 7).
impl Game {
    /// The position after `ply` half-moves, with the clocks and move counters of then.
    fn restore(&mut self, at: Timestamp, ply: usize, cause: RestoreCause) -> Result<(), Refused> {
        if self.started.is_none() {
            return Err(Refused::NotStarted);
        }
        if ply > self.moves.len() {
            return Err(Refused::NoSuchPly {
                ply,
                plies: self.moves.len(),
            });
        }
        let edition = self.edition();
        let kept: Vec<PlayedMove> = self.moves[..ply].to_vec();
        let mut record = GameRecord::new(self.record.start().clone());
        for played in &kept {
            // Every completed move was legal where it was played.
            if record.play(as_move(played.text)).is_err() {
                break;
            }
        }
        let first = self.clock.control().period(0).time;
        let initial = blind::ClockReading {
            white: first,
            black: first,
        };
        let after: Vec<Millis> = kept.iter().map(|m| m.clock_after).collect();
        let reading = blind::readings_at(self.record.start().board(), initial, &after, ply)
            .unwrap_or(initial);
        let count = |c: Color| kept.iter().filter(|m| m.by == c).count() as u32;
        let moves = [count(Color::White), count(Color::Black)];
        let was_running = self.clock.running().is_some();
        self.record = record;
        self.moves = kept;
        self.clock.stop(at);
        self.clock.set_remaining(Color::White, reading.white, at);
        self.clock.set_remaining(Color::Black, reading.black, at);
        self.clock.set_moves(Color::White, moves[0]);
        self.clock.set_moves(Color::Black, moves[1]);
        self.clear_turn();
        let law = match cause {
            RestoreCause::Arbiter => Law::of(edition, "Art. 6.14", "Art. 7.1"),
            RestoreCause::Displaced => Law::of(edition, "Art. 7.5", "Art. 7.6"),
        };
        let fen = self.record.current().board().to_string();
        self.rule(
            at,
            law,
            Verdict::PositionRestored {
                fen,
                obligation: Obligation::Free,
            },
        );
        self.rule(
            at,
            Law::of(edition, "Art. 6.14", "Art. 7.1"),
            Verdict::ClocksSet {
                white: reading.white,
                black: reading.black,
                moves,
            },
        );
        if was_running {
            self.clock.start(self.on_move(), at);
        }
        Ok(())
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
        self.last_lift = None;
        self.two_hands = false;
        self.touch = TouchMove::new();
        self.changes = BoardChanges::new();
        self.forced = None;
        self.irregular = None;
        self.illegal_position = None;
        self.breach = None;
        self.open_claims.retain(|&(_, k)| k == ClaimKind::WinOnTime);
        self.announced = None;
        self.before_last = None;
        self.offer_with_move = None;
    }

    fn setup_fault(&mut self, at: Timestamp, fault: SetupFault) {
        let edition = self.edition();
        let each = self
            .clock
            .side(Color::White)
            .moves
            .min(self.clock.side(Color::Black).moves);
        if let Some((limit, law)) = self.profile.setup_claim_window()
            && each >= limit
        {
            // Too late to complain: the game goes on as it stands.
            self.rule(
                at,
                law,
                Verdict::Notice {
                    what: "setup_fault_too_late",
                },
            );
            if fault == SetupFault::WrongSetup {
                for player in Color::ALL {
                    let barred = self.setup_barred[player as usize];
                    if barred.any() {
                        let verdict = Verdict::CastlingBarred {
                            player,
                            short: barred.short,
                            long: barred.long,
                        };
                        self.rule(at, law, verdict);
                    }
                }
            }
            return;
        }
        match fault {
            SetupFault::WrongSetup => self.new_game(
                at,
                Law::of(edition, "Art. 7.1a", "Art. 7.2.1"),
                "wrong_setup",
                false,
            ),
            SetupFault::ColoursReversed => {
                let law = Law::of(edition, "Art. 7.2", "Art. 7.3");
                // 2023: fewer than ten moves each, a new game with the right colours; 2005 and
                // from ten moves on, the game goes on (in 2005 unless the arbiter decides
                // otherwise: he may still cancel it as for a wrong setup).
                if edition == Edition::Fide2023 && each < 10 {
                    self.new_game(at, law, "colours_reversed", true);
                } else {
                    self.rule(
                        at,
                        law,
                        Verdict::Notice {
                            what: "colours_reversed_play_on",
                        },
                    );
                }
            }
            SetupFault::ClockSetting => self.rule(
                at,
                Law::of(edition, "Art. 6.11", "Art. 6.10.2"),
                Verdict::Notice {
                    what: "clock_setting_to_be_corrected",
                },
            ),
        }
    }

    /// Cancels the game and sets up a new one from the start; the log and rulings go on, and
    /// the arbiter's `start` begins the new game.
    fn new_game(&mut self, at: Timestamp, law: Law, because: &'static str, swap: bool) {
        let mut config = self.config.clone();
        if swap {
            std::mem::swap(&mut config.white, &mut config.black);
            for vi in &mut config.visually_impaired {
                vi.player = !vi.player;
            }
        }
        // The setup was accepted when this game was made, so it is accepted again.
        let Ok(mut fresh) = Game::new(config) else {
            return;
        };
        fresh.log = std::mem::replace(&mut self.log, EventLog::new(self.config.clone()));
        fresh.rulings = std::mem::take(&mut self.rulings);
        fresh.queue = std::mem::take(&mut self.queue);
        fresh.last_at = self.last_at;
        *self = fresh;
        self.rule(
            at,
            law,
            Verdict::NewGame {
                because,
                colours_swapped: swap,
            },
        );
    }
}

/// App. F / D: announcements and the visually impaired player's move.
impl Game {
    fn language(&self) -> Language {
        self.config
            .language
            .as_deref()
            .and_then(Language::from_code)
            .unwrap_or(Language::English)
    }

    fn read(&self, board: &Board, text: &str) -> Result<MoveText, Refused> {
        let halfmoves = self.record.current().halfmove_clock();
        blind::read_announcement(board, halfmoves, text, self.language())
            .map_err(|e| Refused::Announcement(e.to_string()))
    }

    fn spoken(&self, board: &Board, mv: MoveText) -> String {
        let pos = Position::from_parts(board.clone(), self.record.current().halfmove_clock());
        crate::notation::spoken::format(
            &pos,
            crate::Move {
                from: mv.from,
                to: mv.to,
                promotion: mv.promotion,
            },
        )
    }

    /// The move a visually impaired player's announcement makes on a game without his own
    /// board: entered whole, as a screen enters it.
    fn enter_announced(&mut self, at: Timestamp, mv: MoveText) {
        if self.touch.touch(self.record.current().board(), mv.from) {
            self.after_touch(at);
        }
        self.changes.enter(self.record.current().board(), mv);
        if let Some(legal) = touch::legal_move(self.record.current().board(), mv) {
            self.touch
                .release(touch::to_text(self.record.current().board(), legal));
        }
    }

    /// The visually impaired player's move once made though his board shows no finished move:
    /// the captured piece taken off his board (F2.3a / D.2.3), or the move announced (F2.3c).
    fn made_by_impaired(&self, player: Color) -> Option<Move> {
        if self.config.has_tactile_board(player)
            && let Some(mv) = self.changes.capture_made(self.record.current().board())
        {
            return Some(mv);
        }
        match self.announced {
            Some((by, said)) if by == player => {
                touch::legal_move(self.record.current().board(), said)
            }
            _ => None,
        }
    }

    /// What the Laws prescribe when the two boards of a game with a visually impaired player
    /// may differ (2005 App. F2.7-F2.8 / 2023 App. D.2.9): the scores and boards as found,
    /// compared from this game's start, with the clock readings this game's log kept after
    /// every half-move. See [`blind::reconcile`].
    ///
    /// # Errors
    /// [`blind::ReconcileError`] when a board's placement cannot be read.
    pub fn reconcile_boards(
        &self,
        impaired_score: &[MoveText],
        sighted_score: &[MoveText],
        impaired_board: &str,
        sighted_board: &str,
    ) -> Result<blind::Correction, blind::ReconcileError> {
        let first = self.clock.control().period(0).time;
        let initial = blind::ClockReading {
            white: first,
            black: first,
        };
        let after: Vec<Millis> = self.moves.iter().map(|m| m.clock_after).collect();
        blind::reconcile(
            self.edition(),
            blind::TwoBoards {
                start: self.record.start().board(),
                impaired_score,
                sighted_score,
                impaired_board,
                sighted_board,
            },
            Some((initial, &after)),
        )
    }

    fn announce(&mut self, at: Timestamp, player: Color, text: &str) -> Result<(), Refused> {
        self.require_play()?;
        let edition = self.edition();
        if player != self.on_move() {
            return self.repeat(at, player, text);
        }
        let mv = self.read(self.record.current().board(), text)?;
        let spoken = self.spoken(self.record.current().board(), mv);
        let impaired = self.config.is_impaired(player);
        if impaired && !self.config.has_tactile_board(player) {
            self.enter_announced(at, mv);
        }
        self.announced = Some((player, mv));
        self.rule(
            at,
            blind::announce_law(edition),
            Verdict::Announced {
                player,
                mv,
                spoken,
                made: impaired,
            },
        );
        Ok(())
    }

    /// The opponent repeats the move announced, or the one just completed (F2.1 / D.2.1).
    fn repeat(&mut self, at: Timestamp, player: Color, text: &str) -> Result<(), Refused> {
        self.require_play()?;
        let edition = self.edition();
        let (board, expected) = match (self.announced, self.moves.last(), &self.before_last) {
            (Some((by, said)), _, _) if by == !player => {
                (self.record.current().board().clone(), said)
            }
            (_, Some(last), Some(before)) if last.by == !player => (before.clone(), last.text),
            _ => return Err(Refused::NothingToRepeat),
        };
        let mv = self.read(&board, text)?;
        self.rule(
            at,
            blind::announce_law(edition),
            Verdict::AnnouncementRepeated {
                player,
                mv,
                agrees: mv == expected,
            },
        );
        Ok(())
    }

    fn correct(&mut self, at: Timestamp, player: Color, text: &str) -> Result<(), Refused> {
        self.require_play()?;
        let law = blind::correction_law(self.edition());
        let refuse = |game: &mut Game, because| {
            game.rule(at, law, Verdict::CorrectionRefused { player, because });
            Ok(())
        };
        if player != self.on_move() {
            // His move was completed: the opponent's clock has started.
            return refuse(self, "opponent_clock_started");
        }
        if !self.announced.is_some_and(|(by, _)| by == player) {
            return refuse(self, "nothing_announced");
        }
        let mv = self.read(self.record.current().board(), text)?;
        if self.config.is_impaired(player) && !self.config.has_tactile_board(player) {
            // A slip of the tongue binds him to nothing: the piece he named is not touched.
            self.touch = TouchMove::new();
            self.enter_announced(at, mv);
        }
        self.announced = Some((player, mv));
        let spoken = self.spoken(self.record.current().board(), mv);
        self.rule(
            at,
            law,
            Verdict::AnnouncementCorrected { player, mv, spoken },
        );
        Ok(())
    }
}

/// A move as the record writes it (castling as the king's move, like [`MoveText`]).
fn as_move(text: MoveText) -> crate::Move {
    crate::Move {
        from: text.from,
        to: text.to,
        promotion: text.promotion,
    }
}

/// The position after an illegal move, if the pieces can stand that way with the opponent on
/// move (it cannot if, for instance, the mover left his king in check).
fn after_illegal(board: &Board, mv: MoveText) -> Option<Board> {
    let mut builder = BoardBuilder::from_board(board);
    let piece = builder.square(mv.from)?;
    *builder.square_mut(mv.from) = None;
    let placed = match mv.promotion {
        Some(p) => (p, piece.1),
        None => piece,
    };
    *builder.square_mut(mv.to) = Some(placed);
    builder.side_to_move = !board.side_to_move();
    builder.en_passant = None;
    *builder.castle_rights_mut(board.side_to_move()) = cozy_chess::CastleRights::EMPTY;
    if let Ok(after) = builder.clone().build() {
        return crate::fen::kings_apart(&after).is_ok().then_some(after);
    }
    *builder.castle_rights_mut(!board.side_to_move()) = cozy_chess::CastleRights::EMPTY;
    let after = builder.build().ok()?;
    crate::fen::kings_apart(&after).is_ok().then_some(after)
}

/// Whether `mv` is `player`'s king trying to castle: two files or more along his first rank,
/// or onto his own rook there.
fn is_castling_attempt(board: &Board, player: Color, mv: MoveText) -> bool {
    let back = crate::Rank::First.relative_to(player);
    let own = |sq| board.color_on(sq) == Some(player);
    let far = (mv.from.file() as i8 - mv.to.file() as i8).abs() >= 2;
    let onto_rook = board.piece_on(mv.to) == Some(crate::Piece::Rook) && own(mv.to);
    board.piece_on(mv.from) == Some(crate::Piece::King)
        && own(mv.from)
        && mv.from.rank() == back
        && mv.to.rank() == back
        && (far || onto_rook)
}

/// An irregular move in long algebraic form (`Kd8xc8`, `Nb1b3`, App. C.8): SAN depends on the
/// legal moves, which an illegal move or an illegal position does not have.
fn long_form(placement: &Placement, mv: MoveText) -> String {
    let letter = match placement.piece_on(mv.from) {
        Some((crate::Piece::Pawn, _)) | None => String::new(),
        Some((piece, _)) => char::from(piece).to_ascii_uppercase().to_string(),
    };
    let sep = if placement.piece_on(mv.to).is_some() {
        "x"
    } else {
        ""
    };
    let promotion = mv
        .promotion
        .map(|p| format!("={}", char::from(p).to_ascii_uppercase()))
        .unwrap_or_default();
    format!("{letter}{}{sep}{}{promotion}", mv.from, mv.to)
}

/// Why a log could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("replay failed at event {}: {reason}", index.map_or("setup".to_string(), |i| i.to_string()))]
pub struct ReplayError {
    /// Zero-based index of the refused event; `None` if the setup itself was refused.
    pub index: Option<usize>,
    /// Why.
    pub reason: Refused,
}
