//! Rulings that rest on the full dead-position analysis: the flag fall (2005 Art. 6.10 /
//! 2023 Art. 6.9), the illegal-move loss that is a draw when the opponent cannot mate (2005
//! App. C3 / 2023 App. A.4.2), and the 2023 resignation against a side that cannot mate
//! (2023 Art. 5.1.2). Each asks whether a side can still mate.
//!
//! By default the game answers at once with the ruling budget, as it always has. With
//! [`GameConfig::defer_analysis`] it runs a bounded quick pass first ([`Budget::QUICK`]); when
//! that leaves the question open, the ruling waits: the clocks stand (the game was decided at
//! the instant of the flag, nothing after it counts), [`State::analysis`] shows what is being
//! decided, and an [`Event::Analysis`] carrying the answer completes the ruling exactly as the
//! inline path would, at the instant the ruling was due. The answer is logged like any event,
//! so the log replays to the same game without searching again.
//!
//! [`GameConfig::defer_analysis`]: crate::arbiter::GameConfig::defer_analysis
//! [`State::analysis`]: crate::arbiter::State::analysis

use super::*;
use serde::Serialize;

/// The ruling a pending analysis decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AwaitedRuling {
    /// A flag fell; the player with time left wins unless he cannot mate.
    FlagFall,
    /// A loss by illegal moves, a draw if the opponent cannot mate.
    IllegalMoves,
    /// A resignation, a draw if the opponent cannot mate (2023).
    Resignation,
}

/// How the awaited ruling ends the game once the answer is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Completion {
    /// `loser`'s flag fell.
    FlagFall { loser: Color },
    /// `offender` made the illegal move that loses, under `law`.
    IllegalMoves { offender: Color, law: Law },
    /// `player` resigned.
    Resignation { player: Color },
}

impl Completion {
    /// The side whose mating chances decide the ruling.
    fn side(self) -> Color {
        match self {
            Completion::FlagFall { loser } => !loser,
            Completion::IllegalMoves { offender, .. } => !offender,
            Completion::Resignation { player } => !player,
        }
    }

    fn ruling(self) -> AwaitedRuling {
        match self {
            Completion::FlagFall { .. } => AwaitedRuling::FlagFall,
            Completion::IllegalMoves { .. } => AwaitedRuling::IllegalMoves,
            Completion::Resignation { .. } => AwaitedRuling::Resignation,
        }
    }

    fn law(self, edition: Edition) -> Law {
        match self {
            Completion::FlagFall { .. } => rules::FLAG_FALL_RESULT.law(edition),
            Completion::IllegalMoves { law, .. } => law,
            Completion::Resignation { .. } => rules::RESIGNATION.law(edition),
        }
    }
}

/// An analysis the game waits for, as [`State`](crate::arbiter::State) shows it. JSON:
/// `{"side": "white", "fen": "...", "ruling": "flag_fall", "law": {...}, "since": 61000}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PendingAnalysis {
    /// The side whose ability to mate decides the ruling.
    #[serde(with = "crate::wire::color")]
    pub side: Color,
    /// The position to analyse.
    pub fen: String,
    /// What the answer decides.
    pub ruling: AwaitedRuling,
    /// The article of the ruling.
    pub law: Law,
    /// The instant the ruling was due, and at which it is made.
    pub since: Timestamp,
    #[serde(skip)]
    pub(super) completion: Completion,
}

impl Game {
    /// The ruling waiting for an analysis, if any.
    pub fn pending_analysis(&self) -> Option<&PendingAnalysis> {
        self.analysis.as_ref()
    }

    /// The one entry point: rule now if the answer is at hand, else wait for it.
    pub(super) fn rule_on_mating_chances(&mut self, at: Timestamp, completion: Completion) {
        let side = completion.side();
        let board = self.score.record.current().board();
        if !self.config.defer_analysis {
            let can = crate::dead::ruling_can_mate(board, side);
            self.complete_ruling(at, completion, can);
            return;
        }
        match crate::dead::quick_pass(board, side, Budget::QUICK) {
            CanMate::Undetermined => {
                self.clock.stop(at);
                self.analysis = Some(PendingAnalysis {
                    side,
                    fen: board.to_string(),
                    ruling: completion.ruling(),
                    law: completion.law(self.edition()),
                    since: at,
                    completion,
                });
            }
            // A proof at the quick budget is the proof the ruling budget finds.
            answer => self.complete_ruling(at, completion, answer != CanMate::No),
        }
    }

    /// Takes in the answer to the pending analysis (`Event::Analysis`).
    pub(super) fn answer_analysis(
        &mut self,
        side: Color,
        fen: &str,
        can_mate: bool,
    ) -> Result<(), Refused> {
        let Some(pending) = &self.analysis else {
            return Err(Refused::NoAnalysisPending);
        };
        if pending.side != side || pending.fen != fen {
            return Err(Refused::AnalysisMismatch {
                awaited: format!("{} in {}", color_name(pending.side), pending.fen),
                given: format!("{} in {fen}", color_name(side)),
            });
        }
        let (since, completion) = (pending.since, pending.completion);
        self.analysis = None;
        self.complete_ruling(since, completion, can_mate);
        Ok(())
    }

    /// Refuses every event but the answer (and ticks, which change nothing) while an analysis
    /// is awaited: the game stands at the instant of the ruling.
    pub(super) fn require_no_analysis(&self, event: &Event) -> Result<(), Refused> {
        match (&self.analysis, event) {
            (None, _) | (Some(_), Event::Analysis { .. } | Event::Tick) => Ok(()),
            (Some(p), _) => Err(Refused::AnalysisPending(color_name(p.side))),
        }
    }

    fn complete_ruling(&mut self, at: Timestamp, completion: Completion, can_mate: bool) {
        let law = completion.law(self.edition());
        let winner = completion.side();
        let (result, reason) = match (completion, can_mate) {
            (Completion::FlagFall { .. }, true) => (GameResult::win(winner), Reason::Time),
            (Completion::FlagFall { .. }, false) => (GameResult::Draw, Reason::TimeButCannotMate),
            (Completion::IllegalMoves { .. }, true) => {
                (GameResult::win(winner), Reason::IllegalMoves)
            }
            (Completion::IllegalMoves { .. }, false) => (GameResult::Draw, Reason::IllegalMoves),
            (Completion::Resignation { .. }, true) => {
                (GameResult::win(winner), Reason::Resignation)
            }
            (Completion::Resignation { .. }, false) => (GameResult::Draw, Reason::Resignation),
        };
        self.end(at, law, result, reason);
    }
}
