//! The game's state at any instant, computed without ticking anything.

use super::event::ClaimKind;
use super::game::Game;
use super::ruling::{GameResult, Reason};
use super::wire::{self, MoveText};
use crate::Color;
use crate::clock::{Millis, Mode, Timestamp};
use crate::laws::{Edition, recording};
use crate::touch::Obligation;
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
    /// Whether this side must still record the moves (2005 / 2023 Art. 8.4: not once under
    /// five minutes in a period, in 2023 only without an addition of 30 s or more; never in
    /// rapid and blitz).
    pub must_record: bool,
}

/// An open claim: `player` may claim `claim`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpenClaim {
    /// Who may claim.
    #[serde(with = "wire::color")]
    pub player: Color,
    /// What.
    pub claim: ClaimKind,
}

/// The result and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Result.
    pub result: GameResult,
    /// Reason.
    pub reason: Reason,
}

/// Everything a screen or the arbiter needs at one instant. Field names are stable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct State {
    /// The instant described.
    pub at: Timestamp,
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
    /// The standing draw offer, by whom.
    #[serde(serialize_with = "wire::opt_color::serialize")]
    pub draw_offer: Option<Color>,
    /// Claims open to a player.
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
    /// The move the player on move has announced and may still correct until his opponent's
    /// clock starts (2005 App. F2.1, F2.6 / 2023 App. D.2.1, D.2.8).
    pub announced: Option<MoveText>,
}

impl Game {
    /// The state at `at` (at or after the last event), computed without changing the game.
    pub fn state(&self, at: Timestamp) -> State {
        let clock = self.clock();
        let view = |c: Color| {
            let side = clock.side(c);
            ClockView {
                remaining: clock.remaining(c, at),
                used: clock.spent(c, at),
                moves: side.moves,
                period: side.period,
                flag: clock.fell_at(c, at).is_some(),
                must_record: recording::must_record(
                    self.config().edition,
                    self.profile().mode,
                    clock.period_low(c, at),
                    clock.control().period(side.period).timing,
                ),
            }
        };
        let board = self.board();
        State {
            at,
            edition: self.config().edition,
            mode: self.profile().mode,
            fen: board.to_string(),
            side_to_move: self
                .illegal_position()
                .map_or(board.side_to_move(), |p| p.side_to_move()),
            illegal_position: self.illegal_position().map(|p| p.text()),
            move_number: board.fullmove_number(),
            white: view(Color::White),
            black: view(Color::Black),
            running: if self.result().is_some() {
                None
            } else {
                clock.running().map(|(c, _)| c)
            },
            obligation: self.obligation(),
            draw_offer: self.offer,
            open_claims: self
                .open_claims
                .iter()
                .map(|&(player, claim)| OpenClaim { player, claim })
                .collect(),
            pending_claim: self.pending.map(|p| OpenClaim {
                player: p.player,
                claim: p.claim,
            }),
            illegal_moves: self.illegal_counts,
            quiet_plies: self.record.current().halfmove_clock(),
            sealed: self.sealed.is_some(),
            outcome: self
                .result()
                .map(|(result, reason)| Outcome { result, reason }),
            announced: self.announced.map(|(_, mv)| mv),
        }
    }
}
