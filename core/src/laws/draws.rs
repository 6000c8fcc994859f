//! Draws (2005 Art. 9, 5.2; 2023 Art. 9, 5.2): claims and their penalty, automatic draws.

use super::{Edition, Law, Profile};
use crate::clock::{Millis, Mode};

/// The time the opponent gets for an incorrect threefold or fifty-move claim: 2005 Art. 9.5
/// gives three minutes (our source texts do not include Art. 9; we take the checklist's three
/// minutes and no deduction from the claimant); 2023 Art. 9.5.3 two minutes, one in rapid
/// (A.3) and unsupervised blitz (B.3 through A.3); supervised blitz keeps the Competition
/// Rules' two minutes (B.2).
pub fn wrong_claim_penalty(profile: Profile) -> (Millis, Law) {
    match (profile.edition, profile.mode) {
        (Edition::Fide2005, _) => (Millis::minutes(3), Law::new(Edition::Fide2005, "Art. 9.5")),
        (Edition::Fide2023, Mode::Standard) => (
            Millis::minutes(2),
            Law::new(Edition::Fide2023, "Art. 9.5.3"),
        ),
        (Edition::Fide2023, Mode::Blitz) if profile.arbiter_present => (
            Millis::minutes(2),
            Law::new(Edition::Fide2023, "Art. 9.5.3"),
        ),
        (Edition::Fide2023, Mode::Blitz) => {
            (Millis::minutes(1), Law::new(Edition::Fide2023, "App. B.3"))
        }
        (Edition::Fide2023, _) => (Millis::minutes(1), Law::new(Edition::Fide2023, "App. A.3")),
    }
}

/// Threefold repetition claim.
pub fn repetition_law(edition: Edition) -> Law {
    Law::new(edition, "Art. 9.2")
}

/// A threefold repetition claimed on the position on the board, which has just appeared for
/// the third time (2005 Art. 9.2b / 2023 Art. 9.2.1.2).
pub fn repetition_on_board_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 9.2b", "Art. 9.2.1.2")
}

/// A threefold repetition claimed on the position an intended move, written down and declared,
/// is about to bring (2005 Art. 9.2a / 2023 Art. 9.2.1.1).
pub fn repetition_intended_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 9.2a", "Art. 9.2.1.1")
}

/// A fifty-move claim on the moves already made (2005 Art. 9.3b / 2023 Art. 9.3.2).
pub fn fifty_moves_on_board_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 9.3b", "Art. 9.3.2")
}

/// A fifty-move claim that an intended move, written down and declared, completes (2005
/// Art. 9.3a / 2023 Art. 9.3.1).
pub fn fifty_moves_intended_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 9.3a", "Art. 9.3.1")
}

/// Fifty-move claim.
pub fn fifty_moves_law(edition: Edition) -> Law {
    Law::new(edition, "Art. 9.3")
}

/// Touching a piece forfeits a draw claim on that move.
pub fn claim_after_touch_law(edition: Edition) -> Law {
    Law::new(edition, "Art. 9.4")
}

/// Draw offers.
pub fn offer_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 9.1b", "Art. 9.1.2")
}

/// A claim under Art. 9.2 or 9.3 counts as a draw offer (2005 Art. 9.1c / 2023 Art. 9.1.2.3);
/// in 2005 a quickplay-finish claim under Art. 10.2 does too (9.1c names 9.2, 9.3 and 10.2).
pub fn claim_is_offer_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 9.1c", "Art. 9.1.2.3")
}

/// Draw by agreement.
pub fn agreement_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 5.2c", "Art. 5.2.3")
}

/// Dead position: 2005 Art. 5.2b (the game ends in a "dead position"; 9.6 says the same of the
/// draw) / 2023 Art. 5.2.2.
pub fn dead_position_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 5.2b", "Art. 5.2.2")
}

/// The fivefold repetition drawn without a claim (2023 Art. 9.6.1; no such rule in 2005).
pub fn fivefold_law(edition: Edition) -> Law {
    Law::new(edition, "Art. 9.6.1")
}

/// The 75-move rule drawn without a claim (2023 Art. 9.6.2; no such rule in 2005).
pub fn seventy_five_moves_law(edition: Edition) -> Law {
    Law::new(edition, "Art. 9.6.2")
}

/// Stalemate.
pub fn stalemate_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 5.2a", "Art. 5.2.1")
}

/// Checkmate.
pub fn checkmate_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 5.1a", "Art. 5.1.1")
}

/// Half-moves after which the 2023 Laws draw the game without a claim (9.6.2).
pub const SEVENTY_FIVE_MOVES: u32 = 150;
/// Occurrences after which the 2023 Laws draw the game without a claim (9.6.1).
pub const FIVEFOLD: usize = 5;
