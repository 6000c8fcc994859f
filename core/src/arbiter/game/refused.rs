//! Why an input is refused, and why a log does not replay.

use super::*;

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
    /// The arbiter upheld a draw claim that the record does not establish.
    #[error("the record does not establish this claim: reject it, or restore the position first")]
    ClaimNotEstablished,
    /// Only a quickplay-finish claim may be postponed; other claims are upheld or rejected.
    #[error("only a quickplay-finish claim can be postponed")]
    NotPostponable,
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
    /// A ruling waits for the analysis of whether this side can still mate; only its answer
    /// is taken in until then.
    #[error(
        "the arbiter is deciding whether {0} can still mate: only the analysis's answer is taken"
    )]
    AnalysisPending(&'static str),
    /// An analysis answer came, but no ruling waits for one.
    #[error("no ruling waits for an analysis")]
    NoAnalysisPending,
    /// The answer is for another side or position than the one awaited.
    #[error("the analysis answered is for {given}, the one awaited is for {awaited}")]
    AnalysisMismatch {
        /// Side and FEN of the pending analysis.
        awaited: String,
        /// Side and FEN the answer gave.
        given: String,
    },
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
