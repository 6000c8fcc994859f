//! The claims a player can make now, for the page's claim controls (a control is shown only
//! while its claim is open): those the core holds open (a win on time, a touch-move breach, an
//! illegal move), each with the Law of the ruling that opened it, and a draw by repetition or
//! by the fifty-move rule when the core's own record would uphold it. Also what a wrong claim
//! costs, so the page can say so before a declared claim is made. Nothing here judges: the
//! core's record and laws do.

use arbiter_core::arbiter::{ClaimKind, Game, State, Verdict};
use arbiter_core::laws::draws;
use arbiter_core::record::GameRecord;
use arbiter_core::touch::Obligation;
use arbiter_core::{Move, Position};
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

/// Where the game stands, beside the core's state, for the claims open in it.
pub struct Standing<'a> {
    /// The start position.
    pub start: &'a Position,
    /// The completed moves from it.
    pub moves: &'a [Move],
    /// The game has started (its clock was started once).
    pub started: bool,
    /// A move is made but not completed (no draw claim then: the player has moved, Art. 9.2).
    pub awaiting_press: bool,
}

/// Every claim open now.
pub fn open_claims(game: &Game, core: &State, at: &Standing) -> Vec<ClaimView> {
    if core.outcome.is_some() {
        return Vec::new();
    }
    let mut out: Vec<ClaimView> = core
        .open_claims
        .iter()
        .map(|c| ClaimView {
            player: color_name(c.player),
            claim: c.claim,
            law: opened_law(game, c.player, c.claim),
        })
        .collect();
    // A draw claim by the player on move, before he touches a piece (Art. 4.3 binds him to
    // move it and the claim is refused then) and with no claim already before the arbiter.
    let free = matches!(core.obligation, Obligation::Free);
    if free && at.started && !at.awaiting_press && core.pending_claim.is_none() && !core.sealed {
        let mut record = GameRecord::new(at.start.clone());
        for &mv in at.moves {
            if record.play(mv).is_err() {
                return out;
            }
        }
        let edition = core.edition;
        let player = color_name(core.side_to_move);
        for (kind, verdict) in [
            (
                ClaimKind::Repetition,
                record.claim_repetition(None, edition),
            ),
            (
                ClaimKind::FiftyMoves,
                record.claim_fifty_moves(None, edition),
            ),
        ] {
            if verdict.is_valid() {
                out.push(ClaimView {
                    player,
                    claim: kind,
                    law: verdict.law().to_string(),
                });
            }
        }
    }
    out
}

// The Law of the latest ruling that opened this claim: the core names it there.
fn opened_law(game: &Game, player: arbiter_core::Color, claim: ClaimKind) -> String {
    game.rulings()
        .iter()
        .rev()
        .find_map(|r| match &r.verdict {
            Verdict::ClaimOpen {
                player: p,
                claim: k,
            } if *p == player && *k == claim => Some(r.law.to_string()),
            _ => None,
        })
        .unwrap_or_default()
}
