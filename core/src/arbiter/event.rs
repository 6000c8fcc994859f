//! Events: everything that happens at the board, stamped with the caller's time. The log of
//! accepted events is the game.

use crate::Move;
use crate::clock::{Millis, Timestamp};
use crate::laws::SealedEnvelope;
use crate::wire;
use crate::{Color, Piece, Square};
use serde::{Deserialize, Serialize};

/// An event and the instant it happened (ms on the caller's monotonic clock).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamped<E> {
    /// When it happened.
    pub at: Timestamp,
    /// What happened.
    pub event: E,
}

/// Something that happened at the board. JSON: `{"type": "press_clock", "player": "white"}`.
/// Read back by `event_de` (one flat reader instead of serde's per-variant ones).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// The arbiter starts the game: White's clock starts (2005 Art. 6.5 / 2023 Art. 6.6).
    Start,
    /// A player is present at the board (late arrival, 2005 Art. 6.6-6.7 / 2023 Art. 6.7;
    /// resumption, 2005 App. A5-A10 / 2023 Guidelines I).
    Arrive {
        /// Who arrived.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// A piece was lifted from a square (a touch, Art. 4; App. F2.2 for pegged boards).
    Lift {
        /// The square it left.
        #[serde(with = "wire::square")]
        square: Square,
    },
    /// A piece was set down on a square; `piece` names it when the board can tell (promotion).
    Place {
        /// The square it was released on.
        #[serde(with = "wire::square")]
        square: Square,
        /// The piece, for a promotion; `null` otherwise.
        #[serde(default, with = "wire::opt_piece")]
        piece: Option<Piece>,
    },
    /// The player on move announced an adjustment ("j'adoube") of the piece on `square`
    /// (2005 Art. 4.2 / 2023 Art. 4.2.1): his next lift of it is no touch.
    Adjust {
        /// The piece to adjust.
        #[serde(with = "wire::square")]
        square: Square,
    },
    /// A move entered whole, for screens without physical pieces. Like a move on the board it
    /// is made, not completed, until the clock is pressed.
    Move {
        /// The move, castling as the king's move (`e1g1`).
        #[serde(rename = "move")]
        mv: Move,
    },
    /// A player pressed his side of the clock.
    PressClock {
        /// Who pressed.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// A draw offer (2005 Art. 9.1b / 2023 Art. 9.1.2).
    OfferDraw {
        /// Who offers.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// The opponent accepts the standing offer.
    AcceptDraw {
        /// Who accepts.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// The opponent declines the standing offer orally.
    DeclineDraw {
        /// Who declines.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// A player resigns (2005 Art. 5.1b / 2023 Art. 5.1.2).
    Resign {
        /// Who resigns.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// A player claims.
    Claim {
        /// Who claims.
        #[serde(with = "wire::color")]
        player: Color,
        /// What.
        claim: Claim,
    },
    /// A decision of the arbiter.
    Arbiter {
        /// What the arbiter decided.
        decision: Decision,
    },
    /// The player on move seals his move at adjournment (2005 App. A1 / 2023 Guidelines I.1).
    /// The move is inside the envelope, encrypted; it never appears in the clear.
    Seal {
        /// Who seals (must be on move).
        #[serde(with = "wire::color")]
        player: Color,
        /// The encrypted move.
        envelope: SealedEnvelope,
    },
    /// A new session of an adjourned game begins: the players must arrive again.
    Resume,
    /// The arbiter opens the envelope with his passphrase (2005 App. A7 / 2023 I.7).
    Open {
        /// The arbiter's passphrase; logged only at the opening, when secrecy has ended.
        passphrase: String,
    },
    /// The public view of an [`Event::Open`] ([`super::public`]): the passphrase withheld,
    /// and the move the envelope held once it is opened (none when the opening only started
    /// the absent replier's clock, App. A9b). Taken only by a game whose envelope is withheld.
    Opened {
        /// The sealed move's text, as the envelope held it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
    },
    /// Time passed with nothing at the board; the game checks its deadlines (flag falls).
    Tick,
    /// The answer to the analysis a ruling waits for (`State::analysis`, with the setup's
    /// `defer_analysis`): whether `side` can still mate in `fen`, as the core's full analysis
    /// found it off the game's thread. It must name the side and position awaited.
    Analysis {
        /// The side analysed.
        #[serde(with = "wire::color")]
        side: Color,
        /// The position analysed (FEN).
        fen: String,
        /// Whether `side` can mate by some series of legal moves.
        can_mate: bool,
    },
    /// A move said aloud (2005 App. F2.1 / 2023 App. D.2.1), in the spoken form ("Springer
    /// Felix drei"), in algebraic notation of the game's language, or in coordinates.
    ///
    /// By the player on move it is his announcement: for a visually impaired player it makes
    /// the move (F2.3c / D.2.3) unless his tactile board already shows one; for a sighted
    /// player it is only words, his move is made on his board (F2.3 / D.2.5). By the other
    /// player it is his repetition of the move announced (F2.1), as [`Event::Repeat`].
    Announce {
        /// Who speaks.
        #[serde(with = "wire::color")]
        player: Color,
        /// What was said.
        text: String,
    },
    /// The opponent repeats the move just announced or completed (2005 App. F2.1 / 2023
    /// App. D.2.1), before or after the press that started his clock.
    Repeat {
        /// Who repeats.
        #[serde(with = "wire::color")]
        player: Color,
        /// What he said.
        text: String,
    },
    /// A player writes a move on his (electronic) scoresheet. Only a move already made may be
    /// written (2005 Art. 8.1 / 2023 Art. 8.1.2); the intended move of a draw claim and the
    /// sealed move are written through [`Event::Claim`] and [`Event::Seal`].
    Write {
        /// Who writes.
        #[serde(with = "wire::color")]
        player: Color,
        /// The move written.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// A player asks the arbiter to be shown the scoresheet (2023 App. A.4.3 / B.2.3: when it
    /// is his move, at most five times in a supervised rapid or blitz game; the 2005 Laws set
    /// no limit).
    AskScoresheet {
        /// Who asks.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// The player on move corrects a slip of the tongue in his announcement (2005 App. F2.6 /
    /// 2023 App. D.2.8): accepted before the opponent's clock has started, refused after.
    CorrectAnnouncement {
        /// Who corrects.
        #[serde(with = "wire::color")]
        player: Color,
        /// The move as it should have been said.
        text: String,
    },
}

/// A player's claim. Read back by `event_de`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Claim {
    /// Threefold repetition (2005/2023 Art. 9.2), now or after the intended move.
    Repetition {
        /// The move the claimant writes down and will play, if the repetition is to come.
        #[serde(default)]
        intended: Option<Move>,
    },
    /// Fifty moves without capture or pawn move (2005/2023 Art. 9.3).
    FiftyMoves {
        /// The move the claimant writes down and will play, if it completes the fifty.
        #[serde(default)]
        intended: Option<Move>,
    },
    /// The opponent's flag has fallen.
    WinOnTime,
    /// The opponent's last move was illegal (rapid / blitz, where only a claim counts).
    IllegalMove,
    /// The opponent broke touch-move (Art. 4) on his last move.
    TouchMove,
    /// A draw claim in a quickplay finish (2005 Art. 10.2 / App. D / 2023 Guidelines III.5-6).
    QuickplayFinish,
    /// In a quickplay finish, a request for a five-second increment for both players; it is
    /// also a draw offer (2023 Guidelines III.4; the 2005 Laws have no such request).
    QuickplayIncrement,
}

impl Claim {
    /// The claim without its intended move, as rulings name it.
    pub fn kind(&self) -> ClaimKind {
        match self {
            Claim::Repetition { .. } => ClaimKind::Repetition,
            Claim::FiftyMoves { .. } => ClaimKind::FiftyMoves,
            Claim::WinOnTime => ClaimKind::WinOnTime,
            Claim::IllegalMove => ClaimKind::IllegalMove,
            Claim::TouchMove => ClaimKind::TouchMove,
            Claim::QuickplayFinish => ClaimKind::QuickplayFinish,
            Claim::QuickplayIncrement => ClaimKind::QuickplayIncrement,
        }
    }
}

/// The kinds of claim, as rulings and state name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// Threefold repetition.
    Repetition,
    /// Fifty moves.
    FiftyMoves,
    /// Win on time.
    WinOnTime,
    /// Illegal move.
    IllegalMove,
    /// Touch-move.
    TouchMove,
    /// Quickplay finish.
    QuickplayFinish,
    /// Five-second increment in a quickplay finish (2023 Guidelines III.4).
    QuickplayIncrement,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// Drawn.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// A win for `color`.
    pub fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The PGN result text.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// A decision of the arbiter. Read back by `event_de`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// Accept the claim awaiting a decision.
    Accept,
    /// Reject it.
    Reject,
    /// Postpone it (quickplay finish, 2005 Art. 10.2c / 2023 Guidelines III.5).
    Postpone,
    /// Add time to a player (2005 Art. 13.4 / 2023 Art. 12.9).
    AddTime {
        /// Who gets it.
        #[serde(with = "wire::color")]
        player: Color,
        /// How much.
        ms: Millis,
    },
    /// Set both clocks (2005 Art. 6.11, 6.14 / 2023 Art. 6.10.2, 7.1).
    SetClock {
        /// White's remaining time.
        white: Millis,
        /// Black's remaining time.
        black: Millis,
    },
    /// Stop the clocks (2005 Art. 6.13 / 2023 Art. 6.11).
    StopClock,
    /// Restart the clock of the player on move.
    StartClock,
    /// Set the game back to the position after `ply` half-moves, with the clocks and move
    /// counters as they stood then (I-01: 2005 Art. 6.14 / 2023 Art. 7.1; I-15, a piece found
    /// on a wrong square: 2005 Art. 7.5 / 2023 Art. 7.6).
    Restore {
        /// Half-moves to keep.
        ply: usize,
        /// Why.
        #[serde(default)]
        cause: RestoreCause,
    },
    /// The sealed envelope is lost (2005 App. A11 / 2023 Guidelines I.12): play resumes from
    /// the adjourned position with the recorded times, and the sealer makes on the board the
    /// move he says he sealed.
    EnvelopeLost,
    /// A player points out a wrong time on a clock at the resumption of an adjourned game
    /// (2005 App. A12 / 2023 Guidelines I.13): corrected if he has not yet made his first move
    /// since the envelope was opened, else it stands unless the arbiter sets the clocks.
    ResumptionClockError {
        /// Who points it out.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// A fault of the setup found during the game (Art. 7.1-7.2 / 2023 7.2-7.3, and the claim
    /// windows of 2005 App. B4 / 2023 App. A.5.1).
    SetupFault {
        /// Which.
        fault: SetupFault,
    },
    /// The arbiter rules that the touch of the piece on `square` was not deliberate (a piece
    /// knocked or brushed, which a sensor board cannot tell from a touch): touch-move binds
    /// only a deliberate touch (2005 Art. 4.2-4.3 / 2023 Art. 4.2-4.3), and the arbiter's
    /// powers (2005 Art. 13.1 / 2023 Art. 12.1) lift the obligation it imposed.
    TouchNotDeliberate {
        /// The square the piece was touched on.
        #[serde(with = "wire::square")]
        square: Square,
    },
    /// The arbiter sets the position the game starts from (FEN), before its first move: a game
    /// resumed or played on from a position, or an initial position set up wrongly and put
    /// right before play (2005 Art. 7.1a / 2023 Art. 7.2.1). Refused once a move has been
    /// made: then the arbiter restores an earlier position ([`Decision::Restore`]).
    SetPosition {
        /// The position, as FEN; every field is checked as a game's set-up is.
        fen: String,
    },
    /// The arbiter records the result the players report: the one they signed on their
    /// scoresheets, or agreed and told him (2005 / 2023 Art. 8.7: it stands even if wrong,
    /// unless he decides otherwise). It ends the game with that result and stops the clocks;
    /// refused once the game is over.
    RecordResult {
        /// The result reported.
        result: GameResult,
    },
    /// The arbiter records the game lost by forfeit: the player absent from the board when
    /// the default time was up loses, and both lose when both were absent (2005 Art. 6.7 /
    /// 2023 Art. 6.7.1). Taken before the first move only: a game with a move was played.
    Forfeit {
        /// Who was absent.
        absent: super::forfeit::Forfeit,
    },
}

/// Why the arbiter restores an earlier position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RestoreCause {
    /// His own decision, e.g. after an error in the clocks or the record (6.14 / 7.1).
    #[default]
    Arbiter,
    /// A piece found displaced or on a wrong square (2005 Art. 7.5 / 2023 Art. 7.6): the
    /// position before the irregularity.
    Displaced,
}

/// A fault of the setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupFault {
    /// The pieces were not set up correctly at the start (2005 Art. 7.1a / 2023 Art. 7.2.1).
    WrongSetup,
    /// The game began with colours reversed (2005 Art. 7.2 / 2023 Art. 7.3).
    ColoursReversed,
    /// The clock was set wrongly (2005 Art. 6.11 / 2023 Art. 6.10.2).
    ClockSetting,
}
