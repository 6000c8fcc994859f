//! Quickplay finish (2005 Art. 10 and App. D; 2023 Guidelines III): a draw claim with under
//! two minutes left in the final period without increment.

use super::{Edition, Law};
use crate::clock::{Millis, Mode};

/// Under this much time left a player may claim (2005 Art. 10.2 / 2023 III.5).
pub const CLAIM_BELOW: Millis = Millis::minutes(2);

/// Time the opponent gets when the claim is rejected or postponed (2005 10.2c-d / 2023 III.5).
pub const OPPONENT_BONUS: Millis = Millis::minutes(2);

/// Whether a quickplay-finish claim can be made at all: announced for the event, not blitz
/// (2005 App. C4; 2023 III.1 and B.1 leave blitz out), in the last period, no increment or
/// delay in it (2005 Art. 10.1 / 2023 III.1).
pub fn applies(announced: bool, mode: Mode, last_period: bool, has_addition: bool) -> bool {
    announced && mode != Mode::Blitz && last_period && !has_addition
}

/// The article for a claim with an arbiter at the board.
pub fn claim_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 10.2", "Guidelines III.5")
}

/// The article for a claim with no arbiter present: the claim ends the game and is recorded
/// for a later decision.
pub fn unsupervised_law(edition: Edition) -> Law {
    Law::of(edition, "App. D1", "Guidelines III.6")
}

/// The increment both players get when a request under 2023 Guidelines III.4 is granted.
pub const REQUESTED_INCREMENT: Millis = Millis::seconds(5);

/// The article for the request of an increment (2023 only).
pub fn increment_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 10.2", "Guidelines III.4")
}
