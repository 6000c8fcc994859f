//! The articles the page cites beside its own prompts and controls (the claim menu, the
//! confirmations, the arbiter's panel), for the game's edition. Every one is taken from the
//! core's `laws` (its rules and draws modules), so a 2023 game never shows a 2005 number and
//! the page writes no article of its own.

use arbiter_core::laws::{Edition, Law, draws, quickplay, rules};
use serde::Serialize;

/// What the page cites, each as the core writes a Law (`"2023 Art. 9.2.1.2"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Citations {
    /// Resigning ends the game (2005 Art. 5.1b / 2023 Art. 5.1.2).
    pub resignation: String,
    /// A draw offer (2005 Art. 9.1b / 2023 Art. 9.1.2).
    pub draw_offer: String,
    /// A threefold repetition on the board (2005 Art. 9.2b / 2023 Art. 9.2.1.2).
    pub repetition: String,
    /// The fifty moves already made (2005 Art. 9.3b / 2023 Art. 9.3.2).
    pub fifty_moves: String,
    /// A repetition that a declared intended move brings (2005 Art. 9.2a / 2023 Art. 9.2.1.1).
    pub repetition_intended: String,
    /// The fifty moves that a declared intended move completes (2005 Art. 9.3a / 2023 Art. 9.3.1).
    pub fifty_moves_intended: String,
    /// A quickplay-finish claim to the arbiter (2005 Art. 10.2 / 2023 Guidelines III.5).
    pub quickplay_finish: String,
    /// An illegal move left standing, claimed by the opponent (2005 App. C3 / 2023 App. A.5.2).
    pub illegal_move: String,
    /// The touched piece must be moved (2005 Art. 4.3a / 2023 Art. 4.3.1).
    pub touch_move: String,
    /// A flag fall (2005 Art. 6.10 / 2023 Art. 6.9).
    pub flag_fall: String,
    /// The arbiter stops and restarts the clocks (2005 Art. 6.13 / 2023 Art. 6.11).
    pub pause_clocks: String,
    /// A wrong clock setting corrected (2005 Art. 6.11 / 2023 Art. 6.10.2).
    pub set_clocks: String,
    /// Time given to the opponent of a player who disturbs him (2005 Art. 13.4 / 2023 Art. 12.9).
    pub add_time: String,
    /// The arbiter sets the position and clocks after an irregularity (2005 Art. 6.14 / 2023
    /// Art. 7.1).
    pub restore: String,
    /// Displaced pieces found: the earlier position restored (2005 Art. 7.5 / 2023 Art. 7.6).
    pub displaced: String,
    /// The player on move seals his move (2005 App. A1a / 2023 Guidelines I.1.1).
    pub sealing: String,
    /// The arbiter opens the envelope and makes the sealed move (2005 App. A7 / 2023
    /// Guidelines I.7).
    pub sealed_move_made: String,
}

/// The citations of `edition`.
pub fn of(edition: Edition) -> Citations {
    let s = |law: Law| law.to_string();
    Citations {
        resignation: s(rules::RESIGNATION.law(edition)),
        draw_offer: s(draws::offer_law(edition)),
        repetition: s(draws::repetition_on_board_law(edition)),
        fifty_moves: s(draws::fifty_moves_on_board_law(edition)),
        repetition_intended: s(draws::repetition_intended_law(edition)),
        fifty_moves_intended: s(draws::fifty_moves_intended_law(edition)),
        quickplay_finish: s(quickplay::claim_law(edition)),
        illegal_move: s(rules::ILLEGAL_MOVE_CLAIM.law(edition)),
        touch_move: s(rules::MOVE_TOUCHED_PIECE.law(edition)),
        flag_fall: s(rules::FLAG_FALL_RESULT.law(edition)),
        pause_clocks: s(rules::ARBITER_PAUSES_CLOCKS.law(edition)),
        set_clocks: s(rules::CLOCK_SETTING_CORRECTED.law(edition)),
        add_time: s(rules::ARBITER_ADDS_TIME.law(edition)),
        restore: s(rules::ARBITER_SETS_CLOCKS.law(edition)),
        displaced: s(rules::DISPLACED_PIECES_FOUND.law(edition)),
        sealing: s(rules::SEALING.law(edition)),
        sealed_move_made: s(rules::SEALED_MOVE_MADE.law(edition)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_edition_cites_its_own_numbers() {
        let old = of(Edition::Fide2005);
        let new = of(Edition::Fide2023);
        assert_eq!(old.repetition, "2005 Art. 9.2b");
        assert_eq!(new.repetition, "2023 Art. 9.2.1.2");
        assert_eq!(new.quickplay_finish, "2023 Guidelines III.5");
        assert_eq!(new.sealing, "2023 Guidelines I.1.1");
        let json = serde_json::to_value(&new).unwrap();
        for (name, law) in json.as_object().unwrap() {
            let law = law.as_str().unwrap();
            assert!(law.starts_with("2023 "), "{name}: {law}");
        }
    }
}
