//! The claims a player can make now, for the page's claim controls (a control is shown only
//! while its claim is open): exactly the core's `State::open_claims`, with the article the core
//! names for each. Also what a wrong claim costs, so the page can say so before a declared claim
//! is made. Nothing here judges: the core does.

use arbiter_core::arbiter::{ClaimKind, Game, State};
use arbiter_core::laws::draws;
use serde::Serialize;

use crate::view::color_name;

/// One claim open to a player now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClaimView {
    /// `"white"` or `"black"`.
    pub player: &'static str,
    /// The core's claim kind (`repetition`, `win_on_time`...).
    pub claim: ClaimKind,
    /// The Law it rests on, as the core writes it (`"2005 Art. 9.2"`).
    pub law: String,
}

/// What a wrong draw claim costs the claimant: time for the opponent, and the Law.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WrongClaim {
    /// Time added to the opponent's clock, in ms.
    pub ms: u64,
    /// `"2005 Art. 9.5"`.
    pub law: String,
}

/// The costs the page says before an action that can have them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Costs {
    /// A draw claim (Art. 9.2, 9.3) found incorrect.
    pub wrong_claim: WrongClaim,
}

/// The costs under this game's Laws.
pub fn costs(game: &Game) -> Costs {
    let (ms, law) = draws::wrong_claim_penalty(game.profile());
    Costs {
        wrong_claim: WrongClaim {
            ms: ms.0,
            law: law.to_string(),
        },
    }
}

/// Every claim open now that a control can make at once: the core's open claims, each with
/// the article the core names for it, less those that need an intended move (2005 Art. 9.2a,
/// 9.3a / 2023 Art. 9.2.1.1, 9.3.1), which the claim menu takes with the move written down.
pub fn open_claims(core: &State) -> Vec<ClaimView> {
    if core.outcome.is_some() {
        return Vec::new();
    }
    core.open_claims
        .iter()
        .filter(|c| c.intended.is_empty())
        .map(|c| ClaimView {
            player: color_name(c.player),
            claim: c.claim,
            law: c.law.to_string(),
        })
        .collect()
}
