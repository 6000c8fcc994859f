//! What the unit tests of the game's concerns share: a game whose players are named, and an
//! event handled as the page or the bridge sends it (JSON).

use super::*;
use crate::clock::{TimeControl, Timing};

/// A game of 90 minutes without increment in `edition`, Verdi (White) against Bianchi (Black).
pub(super) fn named_game(edition: Edition) -> Game {
    let control = TimeControl::sudden_death(Millis::minutes(90), Timing::None);
    let mut config = GameConfig::new(edition, control);
    config.white = "Verdi".into();
    config.black = "Bianchi".into();
    Game::new(config).expect("setup")
}

/// The event `json` (as the wire carries it) handled at `ms`.
pub(super) fn take(game: &mut Game, ms: u64, json: &str) -> Result<(), Refused> {
    let event = serde_json::from_str(json).expect("an event");
    game.handle(Stamped {
        at: Timestamp(ms),
        event,
    })
}
