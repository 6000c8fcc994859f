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
    /// The setup's FEN is not a legal position: what is wrong with it (typed, for a page to say
    /// it in its language) and the FEN as it was given.
    #[error("the start position is not a legal FEN: {fault}: {fen}")]
    BadFen {
        /// What is wrong with it.
        fault: crate::fen::FenError,
        /// The FEN given.
        fen: String,
    },
    /// Only the player on move may do this.
    #[error("{0} is not on move")]
    NotOnMove(&'static str),
    /// The player's clock is not running, so his press does nothing.
    #[error("{0}'s clock is not running")]
    ClockNotRunning(&'static str),
    /// No draw offer from the opponent stands.
    #[error("no draw offer from the opponent stands")]
    NoOffer,
    /// The player offered a draw and has not moved since: a repeated offer only annoys the
    /// opponent (2005 Art. 12.6 / 2023 Art. 11.5).
    #[error("{0} offered a draw and has not moved since: a new offer waits for his next move")]
    RepeatedOffer(&'static str),
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
    /// The arbiter asked to set the position the game starts from after moves were made: it is
    /// set only before the first move. What he does instead: restore the position before the
    /// irregularity (`restore`, 2005 Art. 7.5 / 2023 Art. 7.6), or, when the initial position
    /// was wrong, cancel the game for a new one (`new_game`, 2005 Art. 7.1a / 2023 Art. 7.2.1).
    #[error(
        "{plies} half-moves have been played: the position is set only before the first move; restore an earlier position instead ({restore}), or cancel the game for a new one if the initial position was wrong ({new_game})"
    )]
    MovesMade {
        /// Half-moves played.
        plies: usize,
        /// The article of the restore, in the game's edition.
        restore: Law,
        /// The article of a new game for a wrong initial position, in the game's edition.
        new_game: Law,
    },
    /// The arbiter asked to record a forfeit after moves were made: a game with a move was
    /// played, and ends by its moves or by the result the players report (Art. 8.7).
    #[error(
        "{plies} half-moves have been played: a game is lost by forfeit only before its first move ({law})"
    )]
    ForfeitAfterMoves {
        /// Half-moves played.
        plies: usize,
        /// The default time's article, in the game's edition.
        law: Law,
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

impl Refused {
    /// The refusal's kind, a stable key for programs (`not_on_move`, `game_over`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Refused::GameOver => "game_over",
            Refused::NotStarted => "not_started",
            Refused::AlreadyStarted => "already_started",
            Refused::TimeWentBack { .. } => "time_went_back",
            Refused::BadFen { .. } => "bad_fen",
            Refused::NotOnMove(_) => "not_on_move",
            Refused::ClockNotRunning(_) => "clock_not_running",
            Refused::NoOffer => "no_offer",
            Refused::RepeatedOffer(_) => "repeated_offer",
            Refused::NoPendingClaim => "no_pending_claim",
            Refused::ClaimNotEstablished => "claim_not_established",
            Refused::NotPostponable => "not_postponable",
            Refused::ClaimPending => "claim_pending",
            Refused::Adjourned => "adjourned",
            Refused::NotSealed => "not_sealed",
            Refused::ReplierAbsent => "replier_absent",
            Refused::Announcement(_) => "announcement_unclear",
            Refused::NothingToRepeat => "nothing_to_repeat",
            Refused::NotResumed => "not_resumed",
            Refused::NoSuchPly { .. } => "no_such_ply",
            Refused::MovesMade { .. } => "moves_made",
            Refused::ForfeitAfterMoves { .. } => "forfeit_after_moves",
            Refused::Envelope(adjourn::EnvelopeError::WrongPassphrase) => {
                "envelope_wrong_passphrase"
            }
            // Not damaged: this build (the page's first module) cannot open it, a full one can.
            Refused::Envelope(adjourn::EnvelopeError::Argon2Unavailable) => {
                "envelope_argon2_unavailable"
            }
            // Nor this: the page's first module has no cipher; a full build opens it.
            Refused::Envelope(adjourn::EnvelopeError::Unavailable) => "envelope_unavailable",
            Refused::Envelope(_) => "envelope_damaged",
            Refused::NotAMove(_) => "not_a_move_on_illegal_position",
            Refused::IllegalPosition => "illegal_position",
            Refused::AnalysisPending(_) => "analysis_pending",
            Refused::NoAnalysisPending => "no_analysis_pending",
            Refused::AnalysisMismatch { .. } => "analysis_mismatch",
        }
    }

    /// The message id of the sentence a page says for this refusal in its language: its kind
    /// under the refusals' prefix (`table_not_on_move`), so a new refusal needs no id of its
    /// own; the English text of [`std::fmt::Display`] is the fallback.
    pub fn id(&self) -> String {
        format!("{}{}", Self::ID_PREFIX, self.kind())
    }

    /// What every refusal's message id begins with.
    pub const ID_PREFIX: &'static str = "table_";

    /// The side the sentence names, when it names one (`white`, `black`).
    pub fn side(&self) -> Option<&'static str> {
        match self {
            Refused::NotOnMove(side)
            | Refused::RepeatedOffer(side)
            | Refused::ClockNotRunning(side)
            | Refused::AnalysisPending(side) => Some(side),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art1_every_refusal_has_a_kind_an_id_and_the_side_it_names() {
        assert_eq!(Refused::NotOnMove("black").kind(), "not_on_move");
        assert_eq!(Refused::NotOnMove("black").id(), "table_not_on_move");
        assert_eq!(Refused::NotOnMove("black").side(), Some("black"));
        assert_eq!(Refused::GameOver.id(), "table_game_over");
        assert_eq!(Refused::GameOver.side(), None);
        assert_eq!(
            Refused::Envelope(adjourn::EnvelopeError::WrongPassphrase).id(),
            "table_envelope_wrong_passphrase"
        );
        assert_eq!(Refused::NotPostponable.kind(), "not_postponable");
        // A build that cannot open an Argon2 envelope does not call it damaged.
        assert_eq!(
            Refused::Envelope(adjourn::EnvelopeError::Argon2Unavailable).kind(),
            "envelope_argon2_unavailable"
        );
        assert_eq!(
            Refused::Envelope(adjourn::EnvelopeError::Unavailable).kind(),
            "envelope_unavailable"
        );
    }
}
