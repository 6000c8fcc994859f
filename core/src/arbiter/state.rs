//! The game's state at any instant, computed without ticking anything.

use super::event::ClaimKind;
use super::game::{Game, PendingAnalysis};
use super::ruling::{GameResult, Reason};
use crate::clock::{Millis, Mode, Timestamp, Timing};
use crate::laws::blind::{TimeOnRequest, TimeTold};
use crate::laws::{Edition, Law, draws, recording};
use crate::touch::Obligation;
use crate::wire;
use crate::{Color, Move};
use serde::Serialize;

/// One side's clock as the players see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// Main time left at the instant asked about.
    pub remaining: Millis,
    /// Time this side's clock has run over the whole game, for "time used" told on request
    /// (2005 App. F2.9d / 2023 App. D.2.10).
    pub used: Millis,
    /// Moves completed by pressing.
    pub moves: u32,
    /// Zero-based period.
    pub period: usize,
    /// Whether this side's flag has fallen by then.
    pub flag: bool,
    /// When it fell, to the millisecond.
    pub flag_fell_at: Option<Timestamp>,
    /// Moves completed in the current period (the clock's caption: "move 12 of 40").
    pub moves_in_period: u32,
    /// Moves still to complete in this period before the next one's time is added; `None` in
    /// a period that runs to the end of the game (2005 Art. 6.2 / 2023 Art. 6.3).
    pub moves_to_go: Option<u32>,
    /// The increment or delay of this side's current period, serialised as
    /// `{"kind": "none" | "increment" | "delay" | "bronstein", "ms": ...}`.
    pub timing: Timing,
    /// Whether this side must still record the moves (2005 / 2023 Art. 8.4: not once under
    /// five minutes in a period, in 2023 only without an addition of 30 s or more; never in
    /// rapid and blitz).
    pub must_record: bool,
}

/// An open claim: `player` may claim `claim` under `law`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpenClaim {
    /// Who may claim.
    #[serde(with = "wire::color")]
    pub player: Color,
    /// What.
    pub claim: ClaimKind,
    /// The article it is claimed under (for a draw, the paragraph: on the board or with an
    /// intended move).
    pub law: Law,
    /// For a claim that needs an intended move (2005 Art. 9.2a, 9.3a / 2023 Art. 9.2.1.1,
    /// 9.3.1): the moves that establish it, any one of which the claimant writes down and
    /// declares. Empty for a claim on the position on the board.
    pub intended: Vec<Move>,
}

/// The result and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Result.
    pub result: GameResult,
    /// Reason.
    pub reason: Reason,
    /// The article it was ruled under.
    pub law: Law,
    /// When the game ended.
    pub at: Timestamp,
}

/// Everything a screen or the arbiter needs at one instant. Field names are stable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct State {
    /// The instant described.
    pub at: Timestamp,
    /// Whether the game has started (the arbiter's start, 2005 Art. 6.5 / 2023 Art. 6.6).
    pub started: bool,
    /// Edition of the Laws.
    pub edition: Edition,
    /// Standard, rapid or blitz.
    pub mode: Mode,
    /// The position (FEN).
    pub fen: String,
    /// Side to move.
    #[serde(with = "wire::color")]
    pub side_to_move: Color,
    /// The pieces as they stand, when an unclaimed illegal move has left a position no legal
    /// play reaches (2023 App. A.5.4): the first two fields of a FEN. `fen` is then the
    /// position before that move.
    pub illegal_position: Option<String>,
    /// Full-move number.
    pub move_number: u16,
    /// White's clock.
    pub white: ClockView,
    /// Black's clock.
    pub black: ClockView,
    /// Whose clock runs, if any.
    #[serde(serialize_with = "wire::opt_color::serialize")]
    pub running: Option<Color>,
    /// What the player on move must do under touch-move.
    pub obligation: Obligation,
    /// The move made on the board and not yet completed by the press (2005 Art. 4.6, 6.8a /
    /// 2023 Art. 4.7, 6.2.1), or a visually impaired player's move made under App. F2.3 / D.2.3.
    pub made: Option<Move>,
    /// The standing draw offer, by whom.
    #[serde(serialize_with = "wire::opt_color::serialize")]
    pub draw_offer: Option<Color>,
    /// Claims open to a player now, each with its article: a win on time, an illegal move or a
    /// touch-move breach left standing, and the draws the player on move may claim on the
    /// board or with an intended move (Art. 9.2, 9.3).
    pub open_claims: Vec<OpenClaim>,
    /// A claim awaiting the arbiter.
    pub pending_claim: Option<OpenClaim>,
    /// Completed illegal moves: White, Black.
    pub illegal_moves: [u32; 2],
    /// Half-moves since the last capture or pawn move.
    pub quiet_plies: u32,
    /// Whether a sealed move waits in its envelope (its content is never shown).
    pub sealed: bool,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// The forfeit the arbiter recorded, when the game was lost by one: who was absent at the
    /// default time (`both`: the game is over without an outcome, both lost).
    pub forfeit: Option<crate::arbiter::Forfeit>,
    /// The move the player on move has announced and may still correct until his opponent's
    /// clock starts (2005 App. F2.1, F2.6 / 2023 App. D.2.1, D.2.8).
    pub announced: Option<Move>,
    /// A ruling waiting for the full analysis of whether a side can still mate (with the
    /// setup's `defer_analysis`): the clocks stand meanwhile; an `analysis` event answers it.
    pub analysis: Option<PendingAnalysis>,
}

impl State {
    /// What `player` is told when he asks for the times (2005 App. F2.9d / 2023 App. D.2.10):
    /// his clock and his opponent's.
    pub fn time_on_request(&self, player: Color) -> TimeOnRequest {
        let told = |view: &ClockView| TimeTold {
            remaining: view.remaining,
            used: view.used,
            moves: view.moves,
        };
        let (own, theirs) = match player {
            Color::White => (&self.white, &self.black),
            Color::Black => (&self.black, &self.white),
        };
        TimeOnRequest {
            own: told(own),
            theirs: told(theirs),
        }
    }
}

impl Game {
    /// The state at `at` (at or after the last event), computed without changing the game.
    pub fn state(&self, at: Timestamp) -> State {
        let clock = self.clock();
        let view = |c: Color| {
            let side = clock.side(c);
            let period = clock.control().period(side.period);
            ClockView {
                remaining: clock.remaining(c, at),
                used: clock.spent(c, at),
                moves: side.moves,
                period: side.period,
                flag: clock.fell_at(c, at).is_some(),
                flag_fell_at: clock.fell_at(c, at),
                moves_in_period: side.moves_in_period,
                moves_to_go: period.moves.map(|n| n.saturating_sub(side.moves_in_period)),
                timing: period.timing,
                must_record: recording::must_record(
                    self.config().edition,
                    self.profile().mode,
                    clock.period_low(c, at),
                    period.timing,
                ),
            }
        };
        let board = self.board();
        State {
            at,
            started: self.started.is_some(),
            edition: self.config().edition,
            mode: self.profile().mode,
            fen: board.to_string(),
            side_to_move: self
                .illegal_position()
                .map_or(board.side_to_move(), |p| p.side_to_move()),
            illegal_position: self.illegal_position().map(|p| p.text()),
            move_number: u16::try_from(board.fullmove_number()).unwrap_or(u16::MAX),
            white: view(Color::White),
            black: view(Color::Black),
            running: if self.is_over() {
                None
            } else {
                clock.running().map(|(c, _)| c)
            },
            obligation: self.obligation(),
            made: self.made_move(),
            draw_offer: self.claims.offer,
            open_claims: self.open_claims_now(),
            pending_claim: self.claims.pending.map(|p| OpenClaim {
                player: p.player,
                claim: p.claim,
                law: self.claim_law(p.claim),
                intended: p.intended.into_iter().collect(),
            }),
            illegal_moves: self.score.illegal_counts,
            quiet_plies: self.score.record.current().halfmove_clock(),
            sealed: self.adjournment.sealed.is_some(),
            outcome: self
                .result()
                .zip(self.ended)
                .map(|((result, reason), (law, at))| Outcome {
                    result,
                    reason,
                    law,
                    at,
                }),
            forfeit: self.forfeit(),
            announced: self.turn.announced.map(|(_, mv)| mv),
            analysis: self.pending_analysis().cloned(),
        }
    }

    /// The claims open now: those the game keeps (a flag, a breach, an illegal move left
    /// standing), then the draws the record shows for the player on move.
    fn open_claims_now(&self) -> Vec<OpenClaim> {
        let mut open: Vec<OpenClaim> = self
            .claims
            .open
            .iter()
            .map(|&(player, claim)| OpenClaim {
                player,
                claim,
                law: self.claim_law(claim),
                intended: Vec::new(),
            })
            .collect();
        if self.is_over() || !self.may_claim_draw() {
            return open;
        }
        let player = self.board().side_to_move();
        let edition = self.config().edition;
        let draws = self.score.record.open_draw_claims();
        let texts = |moves: &[Move]| -> Vec<Move> { moves.to_vec() };
        let mut add = |claim, law, intended: Vec<Move>| {
            open.push(OpenClaim {
                player,
                claim,
                law,
                intended,
            })
        };
        if draws.repetition_on_board {
            add(
                ClaimKind::Repetition,
                draws::repetition_on_board_law(edition),
                Vec::new(),
            );
        }
        if !draws.repetition_with.is_empty() {
            add(
                ClaimKind::Repetition,
                draws::repetition_intended_law(edition),
                texts(&draws.repetition_with),
            );
        }
        if draws.fifty_moves_on_board {
            add(
                ClaimKind::FiftyMoves,
                draws::fifty_moves_on_board_law(edition),
                Vec::new(),
            );
        }
        if !draws.fifty_moves_with.is_empty() {
            add(
                ClaimKind::FiftyMoves,
                draws::fifty_moves_intended_law(edition),
                texts(&draws.fifty_moves_with),
            );
        }
        open
    }
}
