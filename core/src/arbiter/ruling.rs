//! Rulings: what the players and the arbiter must know, each naming the Law it rests on.

pub use super::event::GameResult;
use super::event::{ClaimKind, SetupFault};
use crate::Color;
use crate::Move;
use crate::clock::{Millis, Timestamp};
use crate::laws::Law;
use crate::touch::Obligation;
use crate::wire;
use serde::Serialize;

/// A ruling: when, under which Law, and what follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ruling {
    /// The instant it takes effect (a flag fall's own instant, not when it was noticed).
    pub at: Timestamp,
    /// The Law it rests on.
    pub law: Law,
    /// What happens.
    pub verdict: Verdict,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Checkmate.
    Checkmate,
    /// Resignation.
    Resignation,
    /// Stalemate.
    Stalemate,
    /// No series of legal moves can lead to mate.
    DeadPosition,
    /// Draw agreed.
    Agreement,
    /// Threefold repetition claimed.
    Repetition,
    /// Fifty moves claimed.
    FiftyMoves,
    /// Fivefold repetition (2023 Art. 9.6.1).
    FivefoldRepetition,
    /// Seventy-five moves (2023 Art. 9.6.2).
    SeventyFiveMoves,
    /// A flag fell.
    Time,
    /// A flag fell but the opponent cannot mate.
    TimeButCannotMate,
    /// Both flags are down.
    BothFlags,
    /// Illegal moves.
    IllegalMoves,
    /// Arrived too late.
    Default,
    /// Quickplay-finish draw claim.
    QuickplayFinish,
    /// The sealed move was illegal or ambiguous.
    SealedMove,
    /// An illegal position stood still after the next move (2023 App. A.5.4).
    IllegalPosition,
    /// The result the players reported, recorded by the arbiter (Art. 8.7).
    ReportedResult,
}

/// What a ruling decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Verdict {
    /// The game is over.
    GameOver {
        /// Result.
        result: GameResult,
        /// Why.
        reason: Reason,
    },
    /// Time added to a player's clock.
    TimeAdded {
        /// Who.
        #[serde(with = "wire::color")]
        player: Color,
        /// How much.
        ms: Millis,
    },
    /// A player's time was charged (early adjournment, 2005 App. A1b).
    TimeCharged {
        /// Who.
        #[serde(with = "wire::color")]
        player: Color,
        /// How much.
        ms: Millis,
    },
    /// A player entered a new period of the time control.
    PeriodStarted {
        /// Who.
        #[serde(with = "wire::color")]
        player: Color,
        /// Zero-based period index.
        period: usize,
        /// Time the period brought.
        ms: Millis,
    },
    /// A flag fell (seen by the arbiter, or on a valid claim).
    FlagFell {
        /// Whose.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// The move made breaks touch-move; it is taken back and the obligation stands.
    MustMove {
        /// Who must move.
        #[serde(with = "wire::color")]
        player: Color,
        /// What he must do.
        obligation: Obligation,
    },
    /// A touch-move breach, recorded for a claim (rapid / blitz: the arbiter acts on a claim).
    TouchMoveBreach {
        /// Who broke it.
        #[serde(with = "wire::color")]
        player: Color,
        /// The obligation he broke.
        obligation: Obligation,
    },
    /// A completed illegal move.
    IllegalMove {
        /// Who made it.
        #[serde(with = "wire::color")]
        player: Color,
        /// The move.
        #[serde(rename = "move")]
        mv: Move,
        /// His illegal moves so far in this game, this one included.
        count: u32,
    },
    /// The position is set back (FEN), and the player on move must replace the move.
    PositionRestored {
        /// The position restored.
        fen: String,
        /// The touch-move obligation for the replacing move.
        obligation: Obligation,
    },
    /// A claim is now open to a player (rapid / blitz breaches, an unobserved flag).
    ClaimOpen {
        /// Who may claim.
        #[serde(with = "wire::color")]
        player: Color,
        /// What.
        claim: ClaimKind,
    },
    /// An open claim lapsed unused (the claimant touched a piece or moved).
    ClaimLapsed {
        /// Whose claim.
        #[serde(with = "wire::color")]
        player: Color,
        /// What.
        claim: ClaimKind,
    },
    /// A claim was upheld.
    ClaimAccepted {
        /// Who claimed.
        #[serde(with = "wire::color")]
        player: Color,
        /// What.
        claim: ClaimKind,
    },
    /// What proves an upheld draw claim, for the arbiter to check (D-10; 2023 Art. 11.12):
    /// for a repetition the plies (0 = the start) at which the position stood, the claimed
    /// occurrence last (one past the record for an intended move); for fifty moves the first
    /// and last ply of the run without capture or pawn move.
    DrawEvidence {
        /// Which claim.
        claim: ClaimKind,
        /// The plies.
        plies: Vec<usize>,
    },
    /// A claim was rejected.
    ClaimRejected {
        /// Who claimed.
        #[serde(with = "wire::color")]
        player: Color,
        /// What.
        claim: ClaimKind,
        /// Why.
        because: Rejection,
    },
    /// A claim awaits the arbiter (quickplay finish; without an arbiter, the record is kept
    /// for a later decision, 2005 App. D1).
    ClaimPending {
        /// Who claimed.
        #[serde(with = "wire::color")]
        player: Color,
        /// What.
        claim: ClaimKind,
    },
    /// The arbiter postponed the claim.
    ClaimPostponed {
        /// Who claimed.
        #[serde(with = "wire::color")]
        player: Color,
        /// What.
        claim: ClaimKind,
    },
    /// The intended move of a rejected draw claim must now be played (2005/2023 Art. 9.5).
    MustPlay {
        /// Who.
        #[serde(with = "wire::color")]
        player: Color,
        /// The move.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// A draw offer stands.
    DrawOffered {
        /// Who offered.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// The standing offer lapsed (declined orally or by touching a piece).
    DrawDeclined {
        /// Who declined.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// An agreement or offer was refused by the Laws (e.g. before each side has moved).
    DrawRefused {
        /// Who tried.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// The clock was stopped.
    ClockStopped,
    /// The clock was started for a player.
    ClockStarted {
        /// Whose clock runs.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// The move was sealed; both clocks stand still.
    Sealed {
        /// Who sealed.
        #[serde(with = "wire::color")]
        player: Color,
    },
    /// The envelope was opened and the sealed move played.
    EnvelopeOpened {
        /// The sealed move.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// Both clocks were set, with the move counters (2005 Art. 6.14 / 2023 Art. 7.1).
    ClocksSet {
        /// White's remaining time.
        white: Millis,
        /// Black's remaining time.
        black: Millis,
        /// Moves completed: White, Black.
        moves: [u32; 2],
    },
    /// The game is cancelled and a new one begins from the start with fresh clocks; the
    /// arbiter starts it (2005 Art. 7.1a, 7.2 / 2023 Art. 7.2.1, 7.3).
    NewGame {
        /// The fault of the set-up that cancels the game: `wrong_setup`, `colours_reversed`.
        because: SetupFault,
        /// Whether the players change colours (names swapped) for the new game.
        colours_swapped: bool,
    },
    /// A request to see the scoresheet, counted (2023 App. A.4.3 / B.2.3).
    ScoresheetRequest {
        /// Who asked.
        #[serde(with = "wire::color")]
        player: Color,
        /// His requests so far, this one included.
        count: u32,
        /// Shown (the first five), or refused as a distraction of the opponent.
        granted: bool,
    },
    /// A move was announced (2005 App. F2.1 / 2023 App. D.2.1).
    Announced {
        /// Who announced it.
        #[serde(with = "wire::color")]
        player: Color,
        /// The move understood.
        #[serde(rename = "move")]
        mv: Move,
        /// The move in the spoken form, for the opponent to repeat.
        spoken: String,
        /// Whether the announcement made the move (a visually impaired player's, F2.3c / D.2.3).
        made: bool,
    },
    /// The opponent repeated the announced move (F2.1 / D.2.1).
    AnnouncementRepeated {
        /// Who repeated it.
        #[serde(with = "wire::color")]
        player: Color,
        /// The move he said.
        #[serde(rename = "move")]
        mv: Move,
        /// Whether it is the move announced; if not, the players or the arbiter must clear it up.
        agrees: bool,
    },
    /// A slip of the tongue was corrected before the opponent's clock started (F2.6 / D.2.8).
    AnnouncementCorrected {
        /// Who corrected.
        #[serde(with = "wire::color")]
        player: Color,
        /// The move now announced.
        #[serde(rename = "move")]
        mv: Move,
        /// It in the spoken form.
        spoken: String,
    },
    /// A correction came too late or had nothing to correct (F2.6 / D.2.8).
    CorrectionRefused {
        /// Who tried.
        #[serde(with = "wire::color")]
        player: Color,
        /// Why.
        because: Uncorrectable,
    },
    /// Castling barred by a faulty set-up found too late: a king that did not start on its
    /// square may not castle, a rook that did not start in its corner may not castle with it
    /// (2005 App. B4 / 2023 App. A.5.1).
    CastlingBarred {
        /// Whose castling.
        #[serde(with = "wire::color")]
        player: Color,
        /// No castling on the king's side.
        short: bool,
        /// No castling on the queen's side.
        long: bool,
    },
    /// The pieces stand in a position no legal play reaches (both kings in check, a pawn on
    /// the last rank): the next move is awaited (2023 App. A.5.4), or, in 2005, the position
    /// is still illegal after it (Art. 7.4a).
    IllegalPosition {
        /// The pieces and the side to move, as the first two fields of a FEN.
        fen: String,
    },
    /// The move made on an illegal position has left a legal one; play goes on from it.
    PositionLegalAgain {
        /// The position (FEN).
        fen: String,
    },
    /// Something only the arbiter can judge (sensor boards cannot see hands or intent).
    Notice {
        /// What was seen.
        what: Noticed,
    },
}

// The words below are closed sets, serialised in snake case as rulings name them
// (`"because":"not_established"`): a page says each by its own message, and a new word is a new
// variant, which the page's words are checked against.

/// Why a claim was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rejection {
    /// The claimant touched a piece before claiming.
    TouchedAPiece,
    /// The move declared with the claim is not legal.
    IntendedMoveIllegal,
    /// The record does not bear the claim out.
    NotEstablished,
    /// The opponent's flag has not fallen.
    FlagNotFallen,
    /// The claimant's own flag fell first.
    OwnFlagFellFirst,
    /// There is nothing to claim (no breach, no illegal move standing).
    NothingToClaim,
    /// The arbiter rejected it.
    Arbiter,
    /// No quickplay finish applies to this period (2005 Art. 10.1 / 2023 Guidelines III.1).
    NotApplicable,
    /// The claimant's flag has fallen.
    FlagFell,
    /// The claimant has two minutes or more left (2005 Art. 10.2 / 2023 Guidelines III.4-5).
    TwoMinutesOrMoreLeft,
    /// The game's edition has no such claim (the 2005 Laws have no increment request).
    NotInEdition,
}

/// Why a slip of the tongue could not be corrected (2005 App. F2.6 / 2023 App. D.2.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Uncorrectable {
    /// The opponent's clock has started: the move stands.
    OpponentClockStarted,
    /// The player has announced no move to correct.
    NothingAnnounced,
}

/// What a notice reports: something only the arbiter can judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Noticed {
    /// The clock was pressed without a move being made.
    ClockPressedWithoutMove,
    /// The clock was pressed before the move was completed.
    ClockPressedBeforeMoveMade,
    /// A piece appeared on a square without one being lifted.
    PlacementWithoutLift,
    /// The position is illegal and only the arbiter can restore one.
    IllegalPositionNeedsArbiter,
    /// Two pieces were lifted at once: perhaps a move made with both hands.
    PossibleTwoHandedMove,
    /// The sealer arrived late: the arbiter opens the envelope.
    SealerLateArbiterOpensEnvelope,
    /// A move was written on the scoresheet before it was made.
    MoveWrittenInAdvance,
    /// A visually impaired player's move is not made until his clock is started.
    MoveNotMadeClockNotStarted,
    /// The move announced differs from the move on the board.
    AnnouncementDiffersFromBoard,
    /// Pieces displaced: the player restores them on his own time.
    PiecesDisplacedRestoreOnOwnTime,
    /// The clock's setting is to be corrected.
    ClockSettingToBeCorrected,
    /// The colours were reversed, and play goes on.
    ColoursReversedPlayOn,
    /// The envelope is lost: the sealer plays his sealed move on the board.
    EnvelopeLostSealerPlaysHisSealedMove,
    /// A fault of the set-up found too late to act on.
    SetupFaultTooLate,
    /// The move ends the game.
    MoveEndsTheGame,
    /// The arbiter found a touch not deliberate: no obligation follows.
    TouchNotDeliberate,
    /// A clock error at the resumption, to be corrected (2005 App. A12 / 2023 Guidelines I.13).
    ClockErrorToBeCorrected,
    /// A clock error at the resumption found too late: it stands (2005 App. A12 / 2023 Guidelines I.13).
    ClockErrorStands,
    /// Neither player was at the board when the default time was up: both lose the game by
    /// forfeit, which no result says (2005 Art. 6.7 / 2023 Art. 6.7.1). The game is over.
    BothLostByForfeit,
}
