//! The rules the game, touch-move and the shells cite, each named once with its article in
//! both editions. A [`Rule`] becomes the [`Law`] of a ruling by [`Rule::law`]; nothing outside
//! `laws` writes an article, so the page, the bridge and the core cannot disagree.
//!
//! ```
//! use arbiter_core::laws::{Edition, rules};
//! assert_eq!(rules::PIECES_DISPLACED.law(Edition::Fide2005).to_string(), "2005 Art. 7.3");
//! assert_eq!(rules::PIECES_DISPLACED.law(Edition::Fide2023).to_string(), "2023 Art. 7.4.1");
//! ```

use super::{Edition, Law};

/// A rule of the Laws and where each edition states it. A rule one edition lacks names the
/// article of the edition that has it in both places; the game applies it only in that edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The article in the 2005 Laws.
    pub fide2005: &'static str,
    /// The article in the 2023 Laws.
    pub fide2023: &'static str,
}

impl Rule {
    const fn both(fide2005: &'static str, fide2023: &'static str) -> Rule {
        Rule { fide2005, fide2023 }
    }

    /// The article of `edition`, as the Law a ruling rests on.
    pub const fn law(self, edition: Edition) -> Law {
        Law::of(edition, self.fide2005, self.fide2023)
    }
}

// Art. 4: touch-move.

/// Nothing touched binds: any legal move (Art. 4.5).
pub const TOUCH_NOTHING_BINDS: Rule = Rule::both("Art. 4.5", "Art. 4.5");
/// The first own piece touched that can move must be moved (2005 Art. 4.3a / 2023 4.3.1).
pub const MOVE_TOUCHED_PIECE: Rule = Rule::both("Art. 4.3a", "Art. 4.3.1");
/// The rook touched before the king: no castling on this move (4.4b / 4.4.2).
pub const ROOK_FIRST_NO_CASTLING: Rule = Rule::both("Art. 4.4b", "Art. 4.4.2");
/// The opponent's piece touched must be captured (4.3b / 4.3.2).
pub const CAPTURE_TOUCHED_PIECE: Rule = Rule::both("Art. 4.3b", "Art. 4.3.2");
/// One's own and an opponent's piece touched: capture the one with the other (4.3c / 4.3.3).
pub const CAPTURE_WITH_TOUCHED_PIECE: Rule = Rule::both("Art. 4.3c", "Art. 4.3.3");
/// King then rook touched: castle with that rook (4.4a / 4.4.1).
pub const CASTLE_WITH_TOUCHED_ROOK: Rule = Rule::both("Art. 4.4a", "Art. 4.4.1");
/// King then rook touched, castling illegal: another king move (4.4c / 4.4.3).
pub const KING_MOVE_INSTEAD: Rule = Rule::both("Art. 4.4c", "Art. 4.4.3");
/// A piece released on a square as a legal move: the move is made (2005 Art. 4.6 / 2023 4.7).
pub const MOVE_MADE_ON_RELEASE: Rule = Rule::both("Art. 4.6", "Art. 4.7");

// Art. 5: the completion of the game.

/// Resignation ends the game (2005 Art. 5.1b / 2023 Art. 5.1.2, a draw if the opponent cannot
/// mate).
pub const RESIGNATION: Rule = Rule::both("Art. 5.1b", "Art. 5.1.2");
/// An agreed draw needs a move by each player first (2023 Art. 5.2.3 only).
pub const AGREEMENT_AFTER_A_MOVE_EACH: Rule = Rule::both("Art. 5.2.3", "Art. 5.2.3");

// Art. 6: the clock.

/// A move is completed by the press, unless it ends the game (2005 Art. 6.8a / 2023 6.2.1).
pub const MOVE_COMPLETED: Rule = Rule::both("Art. 6.8a", "Art. 6.2.1");
/// The next period's time is added when its move count is reached (6.2b / 6.3.2).
pub const PERIOD_STARTS: Rule = Rule::both("Art. 6.2b", "Art. 6.3.2");
/// The arbiter starts White's clock (2005 Art. 6.5 / 2023 Art. 6.6).
pub const CLOCK_STARTED: Rule = Rule::both("Art. 6.5", "Art. 6.6");
/// Arriving after the default time loses (2005 Art. 6.7 / 2023 Art. 6.7.1).
pub const DEFAULT_TIME: Rule = Rule::both("Art. 6.7", "Art. 6.7.1");
/// A flag fall loses unless the opponent cannot mate (2005 Art. 6.10 / 2023 Art. 6.9).
pub const FLAG_FALL_RESULT: Rule = Rule::both("Art. 6.10", "Art. 6.9");
/// A wrong clock setting is corrected (2005 Art. 6.11 / 2023 Art. 6.10.2).
pub const CLOCK_SETTING_CORRECTED: Rule = Rule::both("Art. 6.11", "Art. 6.10.2");
/// The arbiter pauses and restarts the clocks (2005 Art. 6.13 / 2023 Art. 6.11).
pub const ARBITER_PAUSES_CLOCKS: Rule = Rule::both("Art. 6.13", "Art. 6.11");
/// The arbiter sets the clocks after an irregularity (2005 Art. 6.14 / 2023 Art. 7.1).
pub const ARBITER_SETS_CLOCKS: Rule = Rule::both("Art. 6.14", "Art. 7.1");

// Art. 7: irregularities.

/// The initial position was wrong: a new game (2005 Art. 7.1a / 2023 Art. 7.2.1). Before the
/// first move the arbiter sets the position right instead (the game's `set_position`).
pub const WRONG_INITIAL_POSITION: Rule = Rule::both("Art. 7.1a", "Art. 7.2.1");
/// The colours were reversed (2005 Art. 7.2 / 2023 Art. 7.3).
pub const COLOURS_REVERSED: Rule = Rule::both("Art. 7.2", "Art. 7.3");
/// A player who displaces pieces puts them right on his own time (2005 Art. 7.3 / 2023
/// Art. 7.4.1): what a sensor board shows when more pieces are off their squares than a move
/// moves, or a piece set down that was never lifted.
pub const PIECES_DISPLACED: Rule = Rule::both("Art. 7.3", "Art. 7.4.1");
/// Pieces found displaced: the position before the irregularity is restored (2005 Art. 7.5 /
/// 2023 Art. 7.6).
pub const DISPLACED_PIECES_FOUND: Rule = Rule::both("Art. 7.5", "Art. 7.6");

// Art. 8, 9, 11, 12, 13.

/// Moves are not written in advance (2005 Art. 8.1 / 2023 Art. 8.1.2).
pub const NO_MOVES_WRITTEN_IN_ADVANCE: Rule = Rule::both("Art. 8.1", "Art. 8.1.2");
/// The result both players sign (or report) stands, even if incorrect, unless the arbiter
/// decides otherwise (2005 Art. 8.7 / 2023 Art. 8.7).
pub const RESULT_REPORTED: Rule = Rule::both("Art. 8.7", "Art. 8.7");
/// The event may bar draw offers before a move (2023 Art. 9.1.1 only).
pub const DRAW_OFFERS_BARRED: Rule = Rule::both("Art. 9.1.1", "Art. 9.1.1");
/// After an incorrect draw claim, the intended move must be played (2005 Art. 9.5 / 2023
/// Art. 9.5.3).
pub const INTENDED_MOVE_MUST_BE_PLAYED: Rule = Rule::both("Art. 9.5", "Art. 9.5.3");
/// The players check a repetition or fifty-move claim, the arbiter supervising (2023 Art.
/// 11.12 only).
pub const CLAIM_EVIDENCE: Rule = Rule::both("Art. 11.12", "Art. 11.12");
/// The arbiter may give the opponent extra time (2005 Art. 13.4 / 2023 Art. 12.9).
pub const ARBITER_ADDS_TIME: Rule = Rule::both("Art. 13.4", "Art. 12.9");

// Rapid and blitz (2005 App. B, C / 2023 App. A, B).

/// A claim lapses once the claimant touches a piece or completes his move (2005 App. B5 / 2023
/// App. A.5.2).
pub const CLAIM_LAPSES: Rule = Rule::both("App. B5", "App. A.5.2");
/// The opponent may claim an illegal move left standing (2005 App. C3 / 2023 App. A.5.2).
pub const ILLEGAL_MOVE_CLAIM: Rule = Rule::both("App. C3", "App. A.5.2");
/// Both flags down in rapid or blitz: a draw (2005 App. B8 only).
pub const BOTH_FLAGS_DOWN: Rule = Rule::both("App. B8", "App. B8");

// Adjournment (2005 App. A / 2023 Guidelines I).

/// The player on move seals his move and stops his clock (App. A1a / I.1.1).
pub const SEALING: Rule = Rule::both("App. A1a", "Guidelines I.1.1");
/// Adjourning before the session ends charges the time to its end (App. A1b / I.1.2).
pub const ADJOURNED_EARLY: Rule = Rule::both("App. A1b", "Guidelines I.1.2");
/// The arbiter opens the envelope and makes the sealed move (App. A7 / I.7).
pub const SEALED_MOVE_MADE: Rule = Rule::both("App. A7", "Guidelines I.7");
/// A sealed move that is ambiguous, false or illegal loses (App. A8 / I.8).
pub const SEALED_MOVE_FAULTY: Rule = Rule::both("App. A8", "Guidelines I.8");
/// The replier absent: his clock is started (App. A9b / I.9.2).
pub const REPLIER_ABSENT: Rule = Rule::both("App. A9b", "Guidelines I.9.2");
/// A player late for the resumption loses (App. A10 / I.10).
pub const LATE_FOR_RESUMPTION: Rule = Rule::both("App. A10", "Guidelines I.10");
/// The sealer late: the envelope is opened and his sealed move may still decide (App. A10 /
/// I.11).
pub const SEALER_LATE: Rule = Rule::both("App. A10", "Guidelines I.11");
/// The envelope lost: the sealer plays the move he says he sealed (App. A11 / I.12).
pub const ENVELOPE_LOST: Rule = Rule::both("App. A11", "Guidelines I.12");
/// A clock error found at the resumption (App. A12 / I.13).
pub const RESUMPTION_CLOCK_ERROR: Rule = Rule::both("App. A12", "Guidelines I.13");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_gives_each_edition_its_article() {
        assert_eq!(
            MOVE_COMPLETED.law(Edition::Fide2005).to_string(),
            "2005 Art. 6.8a"
        );
        assert_eq!(
            MOVE_COMPLETED.law(Edition::Fide2023).to_string(),
            "2023 Art. 6.2.1"
        );
    }
}
