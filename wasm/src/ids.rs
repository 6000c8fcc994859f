//! Every message id this crate and the core can give the page, listed in
//! `www/messages/wasm-ids.txt` for the page's build: the catalogue (`www/messages/*.json`) must
//! word each one, and may hold no id that neither this list nor the page's own code names
//! (xtask/src/dist/messages.mjs fails the build on either).
//!
//! The ids are made the way the page gets them, from one value of every verdict, refusal and
//! word of the core; a `match` without a wildcard stands beside each list, so a new variant does
//! not compile until it is listed here, and the test below then says which line the file lacks.

use std::collections::BTreeSet;

use arbiter_core::arbiter::{
    ClaimKind, GameResult, Noticed, Reason, Refused, Rejection, SetupFault, Uncorrectable, Verdict,
};
use arbiter_core::clock::Millis;
use arbiter_core::fen::{ColorName, FenError, PieceName};
use arbiter_core::laws::adjourn::EnvelopeError;
use arbiter_core::laws::illegal_position::NotAMove;
use arbiter_core::laws::{Edition, Law};
use arbiter_core::notation::{Language, Unreadable};
use arbiter_core::touch::Obligation;
use arbiter_core::{Color, Piece, Square};

use crate::messages::{self, BECAUSE, CLAIM, Positions, REASON};
use crate::refusal::{self, Refusal};

/// `[$ty::A, $ty::B, ...]`, every variant of a fieldless enum: the closure's `match` has no
/// wildcard, so a variant missing from the list is a compile error.
macro_rules! every {
    ($ty:ident: $($variant:ident),+ $(,)?) => {{
        let _listed = |x: $ty| match x {
            $($ty::$variant => ()),+
        };
        [$($ty::$variant),+]
    }};
}

fn every_claim() -> [ClaimKind; 7] {
    every!(ClaimKind: Repetition, FiftyMoves, WinOnTime, IllegalMove, TouchMove, QuickplayFinish,
        QuickplayIncrement)
}

fn every_reason() -> [Reason; 18] {
    every!(Reason: Checkmate, Resignation, Stalemate, DeadPosition, Agreement, Repetition,
        FiftyMoves, FivefoldRepetition, SeventyFiveMoves, Time, TimeButCannotMate, BothFlags,
        IllegalMoves, Default, QuickplayFinish, SealedMove, IllegalPosition, ReportedResult)
}

fn every_rejection() -> [Rejection; 11] {
    every!(Rejection: TouchedAPiece, IntendedMoveIllegal, NotEstablished, FlagNotFallen,
        OwnFlagFellFirst, NothingToClaim, Arbiter, NotApplicable, FlagFell, TwoMinutesOrMoreLeft,
        NotInEdition)
}

fn every_notice() -> [Noticed; 19] {
    every!(Noticed: ClockPressedWithoutMove, ClockPressedBeforeMoveMade, PlacementWithoutLift,
        IllegalPositionNeedsArbiter, PossibleTwoHandedMove, SealerLateArbiterOpensEnvelope,
        MoveWrittenInAdvance, MoveNotMadeClockNotStarted, AnnouncementDiffersFromBoard,
        PiecesDisplacedRestoreOnOwnTime, ClockSettingToBeCorrected, ColoursReversedPlayOn,
        EnvelopeLostSealerPlaysHisSealedMove, SetupFaultTooLate, MoveEndsTheGame,
        TouchNotDeliberate, ClockErrorToBeCorrected, ClockErrorStands, BothLostByForfeit)
}

fn every_uncorrectable() -> [Uncorrectable; 2] {
    every!(Uncorrectable: OpponentClockStarted, NothingAnnounced)
}

/// Every reason the core gives for a text that is no move.
pub fn every_unreadable() -> [Unreadable; 12] {
    every!(Unreadable: NoMove, TooManySquares, PromotionPiece, PromotionBracket, FileRankOrX,
        TextAfter, Arrival, ArrivalSpoken, OnlyPawnPromotes, NotSpokenWord, PieceNameOutOfPlace,
        CastlingSpoken)
}

/// One verdict of each kind, and of each choice its data makes between sentences (the result,
/// the Law of a restore, what a notice reports...), with the Law it is ruled under.
fn every_verdict() -> Vec<(Verdict, &'static str)> {
    let player = Color::White;
    let ms = Millis(1000);
    let mv = || "e2e4".parse().expect("a move in coordinates");
    let claim = ClaimKind::Repetition;
    let fen = String::new;
    let obligation = || Obligation::Free;
    let mut all = vec![
        Verdict::TimeAdded { player, ms },
        Verdict::TimeCharged { player, ms },
        Verdict::PeriodStarted {
            player,
            period: 1,
            ms,
        },
        Verdict::FlagFell { player },
        Verdict::MustMove {
            player,
            obligation: obligation(),
        },
        Verdict::TouchMoveBreach {
            player,
            obligation: obligation(),
        },
        Verdict::IllegalMove {
            player,
            mv: mv(),
            count: 1,
        },
        Verdict::ClaimOpen { player, claim },
        Verdict::ClaimLapsed { player, claim },
        Verdict::ClaimAccepted { player, claim },
        Verdict::ClaimPending { player, claim },
        Verdict::ClaimPostponed { player, claim },
        Verdict::MustPlay { player, mv: mv() },
        Verdict::DrawOffered { player },
        Verdict::DrawDeclined { player },
        Verdict::DrawRefused { player },
        Verdict::ClockStopped,
        Verdict::ClockStarted { player },
        Verdict::Sealed { player },
        Verdict::EnvelopeOpened { mv: mv() },
        Verdict::ClocksSet {
            white: ms,
            black: ms,
            moves: [0, 0],
        },
        Verdict::Announced {
            player,
            mv: mv(),
            spoken: String::new(),
            made: false,
        },
        Verdict::AnnouncementCorrected {
            player,
            mv: mv(),
            spoken: String::new(),
        },
        Verdict::CastlingBarred {
            player,
            short: true,
            long: false,
        },
        Verdict::IllegalPosition { fen: fen() },
        Verdict::PositionLegalAgain { fen: fen() },
    ];
    for result in [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
    ] {
        all.push(Verdict::GameOver {
            result,
            reason: Reason::Checkmate,
        });
    }
    for claim in every_claim() {
        all.push(Verdict::DrawEvidence {
            claim,
            plies: vec![0],
        });
    }
    for because in every_rejection() {
        all.push(Verdict::ClaimRejected {
            player,
            claim,
            because,
        });
    }
    // A clock setting fault is no cause of a new game (decisions.rs); the others are, with the
    // colours swapped or not.
    for because in [SetupFault::WrongSetup, SetupFault::ColoursReversed] {
        for colours_swapped in [false, true] {
            all.push(Verdict::NewGame {
                because,
                colours_swapped,
            });
        }
    }
    for yes in [false, true] {
        all.push(Verdict::ScoresheetRequest {
            player,
            count: 1,
            granted: yes,
        });
        all.push(Verdict::AnnouncementRepeated {
            player,
            mv: mv(),
            agrees: yes,
        });
    }
    for because in every_uncorrectable() {
        all.push(Verdict::CorrectionRefused { player, because });
    }
    for what in every_notice() {
        all.push(Verdict::Notice { what });
    }
    let mut ruled: Vec<(Verdict, &'static str)> = all.into_iter().map(|v| (v, "")).collect();
    // A position restored after an illegal move, in each edition's article, and otherwise.
    for law in ["2005 Art. 7.4a", "2023 Art. 7.5.1", "2005 Art. 6.14"] {
        ruled.push((
            Verdict::PositionRestored {
                fen: fen(),
                obligation: obligation(),
            },
            law,
        ));
    }
    // Every kind above, checked: a new verdict does not compile until it is listed.
    let mut seen = BTreeSet::new();
    for (v, _) in &ruled {
        seen.insert(match v {
            Verdict::GameOver { .. } => 0,
            Verdict::TimeAdded { .. } => 1,
            Verdict::TimeCharged { .. } => 2,
            Verdict::PeriodStarted { .. } => 3,
            Verdict::FlagFell { .. } => 4,
            Verdict::MustMove { .. } => 5,
            Verdict::TouchMoveBreach { .. } => 6,
            Verdict::IllegalMove { .. } => 7,
            Verdict::PositionRestored { .. } => 8,
            Verdict::ClaimOpen { .. } => 9,
            Verdict::ClaimLapsed { .. } => 10,
            Verdict::ClaimAccepted { .. } => 11,
            Verdict::DrawEvidence { .. } => 12,
            Verdict::ClaimRejected { .. } => 13,
            Verdict::ClaimPending { .. } => 14,
            Verdict::ClaimPostponed { .. } => 15,
            Verdict::MustPlay { .. } => 16,
            Verdict::DrawOffered { .. } => 17,
            Verdict::DrawDeclined { .. } => 18,
            Verdict::DrawRefused { .. } => 19,
            Verdict::ClockStopped => 20,
            Verdict::ClockStarted { .. } => 21,
            Verdict::Sealed { .. } => 22,
            Verdict::EnvelopeOpened { .. } => 23,
            Verdict::ClocksSet { .. } => 24,
            Verdict::NewGame { .. } => 25,
            Verdict::ScoresheetRequest { .. } => 26,
            Verdict::Announced { .. } => 27,
            Verdict::AnnouncementRepeated { .. } => 28,
            Verdict::AnnouncementCorrected { .. } => 29,
            Verdict::CorrectionRefused { .. } => 30,
            Verdict::CastlingBarred { .. } => 31,
            Verdict::IllegalPosition { .. } => 32,
            Verdict::PositionLegalAgain { .. } => 33,
            Verdict::Notice { .. } => 34,
        });
    }
    assert_eq!(seen.len(), 35, "a verdict kind has no sample");
    ruled
}

/// One refusal of each kind the core gives.
fn every_refusal() -> Vec<Refused> {
    let law = Law::new(Edition::Fide2005, "Art. 7.5");
    let all = vec![
        Refused::TimeWentBack { last: 1, at: 0 },
        Refused::GameOver,
        Refused::NotStarted,
        Refused::AlreadyStarted,
        Refused::BadFen {
            fault: arbiter_core::fen::FenError::FieldCount { found: 0 },
            fen: String::new(),
        },
        Refused::NotOnMove("white"),
        Refused::ClockNotRunning("white"),
        Refused::NoOffer,
        Refused::RepeatedOffer("white"),
        Refused::NoPendingClaim,
        Refused::ClaimNotEstablished,
        Refused::NotPostponable,
        Refused::ClaimPending,
        Refused::Adjourned,
        Refused::NotSealed,
        Refused::ReplierAbsent,
        Refused::Announcement(String::new()),
        Refused::NothingToRepeat,
        Refused::NotResumed,
        Refused::NoSuchPly { ply: 1, plies: 0 },
        Refused::MovesMade {
            plies: 1,
            restore: law,
            new_game: law,
        },
        Refused::ForfeitAfterMoves { plies: 1, law },
        Refused::Envelope(EnvelopeError::WrongPassphrase),
        Refused::Envelope(EnvelopeError::Argon2Unavailable),
        Refused::Envelope(EnvelopeError::Unavailable),
        Refused::Envelope(EnvelopeError::NotText),
        Refused::NotAMove(NotAMove::NoOwnPiece(Square::E2)),
        Refused::IllegalPosition,
        Refused::AnalysisPending("white"),
        Refused::NoAnalysisPending,
        Refused::AnalysisMismatch {
            awaited: String::new(),
            given: String::new(),
        },
    ];
    let mut seen = BTreeSet::new();
    for e in &all {
        seen.insert(match e {
            Refused::TimeWentBack { .. } => 0,
            Refused::GameOver => 1,
            Refused::NotStarted => 2,
            Refused::AlreadyStarted => 3,
            Refused::BadFen { .. } => 4,
            Refused::NotOnMove(_) => 5,
            Refused::ClockNotRunning(_) => 6,
            Refused::NoOffer => 7,
            Refused::RepeatedOffer(_) => 8,
            Refused::NoPendingClaim => 9,
            Refused::ClaimNotEstablished => 10,
            Refused::NotPostponable => 11,
            Refused::ClaimPending => 12,
            Refused::Adjourned => 13,
            Refused::NotSealed => 14,
            Refused::ReplierAbsent => 15,
            Refused::Announcement(_) => 16,
            Refused::NothingToRepeat => 17,
            Refused::NotResumed => 18,
            Refused::NoSuchPly { .. } => 19,
            Refused::MovesMade { .. } => 20,
            Refused::Envelope(_) => 21,
            Refused::NotAMove(_) => 22,
            Refused::IllegalPosition => 23,
            Refused::AnalysisPending(_) => 24,
            Refused::NoAnalysisPending => 25,
            Refused::AnalysisMismatch { .. } => 26,
            Refused::ForfeitAfterMoves { .. } => 27,
        });
    }
    assert_eq!(seen.len(), 28, "a refusal has no sample");
    all
}

/// One fault of each kind a FEN can have.
fn every_fen_error() -> Vec<FenError> {
    let color = || ColorName(Color::White);
    let found = String::new;
    let all = vec![
        FenError::FieldCount { found: 1 },
        FenError::RankCount { found: 1 },
        FenError::RankLength {
            rank: 8,
            squares: 9,
        },
        FenError::PieceLetter {
            rank: 8,
            found: 'x',
        },
        FenError::KingCount {
            color: color(),
            count: 0,
        },
        FenError::TooManyPieces {
            color: color(),
            what: "pieces",
            count: 17,
            max: 16,
        },
        FenError::TooManyPieces {
            color: color(),
            what: "pawns",
            count: 9,
            max: 8,
        },
        FenError::TooManyPromoted {
            color: color(),
            extra: 1,
            missing: 0,
        },
        FenError::AdjacentKings {
            white: Square::E1,
            black: Square::E2,
        },
        FenError::PawnOnBackRank { square: Square::A1 },
        FenError::SideToMove { found: found() },
        FenError::OpponentInCheck { color: color() },
        FenError::ImpossibleCheck {
            color: color(),
            count: 3,
        },
        FenError::ImpossibleDoubleCheck {
            color: color(),
            first: PieceName(Piece::Pawn),
            second: PieceName(Piece::Pawn),
        },
        FenError::CastlingSyntax { found: found() },
        FenError::CastlingMismatch {
            right: 'K',
            piece: "rook",
            square: Square::H1,
        },
        FenError::EnPassantSyntax { found: found() },
        FenError::EnPassantImpossible {
            square: Square::E3,
            reason: "",
        },
        FenError::HalfmoveClock { found: found() },
        FenError::FullmoveNumber { found: found() },
        FenError::Inconsistent { field: "" },
    ];
    let mut seen = BTreeSet::new();
    for e in &all {
        seen.insert(match e {
            FenError::FieldCount { .. } => 0,
            FenError::RankCount { .. } => 1,
            FenError::RankLength { .. } => 2,
            FenError::PieceLetter { .. } => 3,
            FenError::KingCount { .. } => 4,
            FenError::TooManyPieces { .. } => 5,
            FenError::TooManyPromoted { .. } => 6,
            FenError::AdjacentKings { .. } => 7,
            FenError::PawnOnBackRank { .. } => 8,
            FenError::SideToMove { .. } => 9,
            FenError::OpponentInCheck { .. } => 10,
            FenError::ImpossibleCheck { .. } => 11,
            FenError::ImpossibleDoubleCheck { .. } => 12,
            FenError::CastlingSyntax { .. } => 13,
            FenError::CastlingMismatch { .. } => 14,
            FenError::EnPassantSyntax { .. } => 15,
            FenError::EnPassantImpossible { .. } => 16,
            FenError::HalfmoveClock { .. } => 17,
            FenError::FullmoveNumber { .. } => 18,
            FenError::Inconsistent { .. } => 19,
        });
    }
    assert_eq!(seen.len(), 20, "a FEN fault has no sample");
    all
}

/// Every message id the page can be given by this crate, in order.
pub fn every_id() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let at = Positions::of(
        &arbiter_core::arbiter::Game::new(arbiter_core::arbiter::GameConfig::new(
            Edition::Fide2005,
            arbiter_core::clock::TimeControl::sudden_death(
                Millis(60_000),
                arbiter_core::clock::Timing::None,
            ),
        ))
        .expect("a game"),
    );
    for (verdict, law) in every_verdict() {
        ids.insert(messages::ruling_message(&verdict, law, &at, Language::English).id);
    }
    // The words a ruling's sentence is filled with.
    ids.extend(every_claim().iter().map(|c| messages::word_id(CLAIM, c)));
    ids.extend(every_reason().iter().map(|r| messages::word_id(REASON, r)));
    ids.extend(
        every_rejection()
            .iter()
            .map(|b| messages::word_id(BECAUSE, b)),
    );
    // Refusals of the game's events, of a typed move and why it is unreadable, of a FEN.
    ids.extend(every_refusal().iter().map(Refused::id));
    let text = String::new;
    for r in [
        Refusal::Empty,
        Refusal::Unreadable {
            text: text(),
            position: 1,
            reason: Unreadable::NoMove,
        },
        Refusal::Illegal { text: text() },
        Refusal::Ambiguous {
            text: text(),
            candidates: vec![],
            moves: vec![],
        },
    ] {
        ids.insert(r.id());
    }
    ids.extend(every_unreadable().into_iter().map(refusal::unreadable_id));
    ids.extend(
        every_fen_error()
            .iter()
            .map(|e| refusal::fen_problem_of(e).0.to_string()),
    );
    ids.extend(refusal::IMPORT_IDS.iter().map(|id| id.to_string()));
    // The words moves are said in, built into this crate (build.rs), never given to the page.
    ids.extend(crate::words::SPOKEN_IDS.iter().map(|id| id.to_string()));
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the list is kept, from this crate's folder.
    const LIST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../www/messages/wasm-ids.txt");

    #[test]
    fn the_page_is_given_the_list_of_every_id_this_crate_makes() {
        let ids = every_id();
        let wanted: String = ids.iter().map(|id| format!("{id}\n")).collect();
        let header = "# Every message id the wasm gives the page or builds in (wasm/src/ids.rs writes \
                      it: UPDATE_MESSAGE_IDS=1 cargo test -p arbiter-wasm ids).\n";
        let wanted = format!("{header}{wanted}");
        if std::env::var_os("UPDATE_MESSAGE_IDS").is_some() {
            std::fs::write(LIST, &wanted).expect("the list written");
        }
        let kept = std::fs::read_to_string(LIST).unwrap_or_default();
        let kept: BTreeSet<&str> = kept.lines().filter(|l| !l.starts_with('#')).collect();
        let made: BTreeSet<&str> = ids.iter().map(String::as_str).collect();
        let lacking: Vec<_> = made.difference(&kept).collect();
        let stale: Vec<_> = kept.difference(&made).collect();
        assert!(
            lacking.is_empty() && stale.is_empty(),
            "www/messages/wasm-ids.txt lacks {lacking:?} and has {stale:?}, which nothing makes: \
             UPDATE_MESSAGE_IDS=1 cargo test -p arbiter-wasm ids writes it"
        );
    }

    #[test]
    fn ids_are_the_cores_names_under_their_prefixes() {
        let ids = every_id();
        for id in [
            "game_over_won",
            "time_added",
            "notice_touch_not_deliberate",
            "new_game_colours_swapped",
            "reason_time_but_cannot_mate",
            "because_two_minutes_or_more_left",
            "claim_quickplay_increment",
            "table_game_over",
            "table_envelope_argon2_unavailable",
            "refused_ambiguous",
        ] {
            assert!(ids.contains(id), "{id}");
        }
        assert!(ids.iter().all(|id| !id.is_empty() && !id.ends_with('_')));
    }
}
