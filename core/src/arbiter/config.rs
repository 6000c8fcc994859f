//! How a game is set up, once, before its first event.

use crate::Color;
use crate::clock::{Millis, Mode, TimeControl, Timestamp};
use crate::laws::{Edition, Profile};
use serde::{Deserialize, Serialize};

fn yes() -> bool {
    true
}

/// A game's setup. JSON field names are stable; optional fields may be left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    /// Edition of the Laws.
    pub edition: Edition,
    /// Standard, rapid or blitz; derived from the time control by the edition's limits when
    /// left out (2005 App. B1 / C1, 2023 App. A.1 / B.1).
    #[serde(default)]
    pub mode: Option<Mode>,
    /// The time control, as a list of periods.
    pub time_control: TimeControl,
    /// White's name.
    #[serde(default)]
    pub white: String,
    /// Black's name.
    #[serde(default)]
    pub black: String,
    /// Whether an arbiter watches the game (2023 "supervised"). Defaults to true.
    #[serde(default = "yes")]
    pub arbiter_present: bool,
    /// Start position (FEN); the standard one when left out.
    #[serde(default)]
    pub fen: Option<String>,
    /// Whether a quickplay finish was announced for the event (2005 Art. 10.1 / 2023 III.1).
    #[serde(default)]
    pub quickplay_finish: bool,
    /// The default time for late arrival: 2005 is one hour by Art. 6.7; 2023 Art. 6.7.1 lets
    /// the event set it, zero if it does not. Used only when `await_arrival` is set.
    #[serde(default)]
    pub default_time: Option<Millis>,
    /// Whether the players must be marked present by `arrive` events (late arrival rules).
    #[serde(default)]
    pub await_arrival: bool,
    /// The nominal end of the playing session, for early adjournment (2005 App. A1b).
    #[serde(default)]
    pub session_end: Option<Timestamp>,
    /// The event forbids draw offers and agreements before this move number (2023 Art. 9.1.1;
    /// the 2005 Laws have no such clause, so it is ignored for 2005).
    #[serde(default)]
    pub no_draw_before_move: Option<u16>,
    /// The visually impaired players (2005 App. F / 2023 App. D), each with his aids. JSON:
    /// `"visually_impaired": [{"player": "black", "tactile_board": true}]`; empty when left out.
    #[serde(default)]
    pub visually_impaired: Vec<Impairment>,
    /// The language of algebraic notation in which announced moves may also be said, as a code
    /// (`"de"`, `"en"`, see [`crate::notation::Language::code`]); English when left out. The
    /// spoken form of App. F2.1 / D.2.1 is always understood.
    #[serde(default)]
    pub language: Option<String>,
    /// Whether a ruling that needs the full dead-position analysis (a flag fall, 2005
    /// Art. 6.10 / 2023 Art. 6.9, and the like) may wait for it: when a bounded quick pass
    /// leaves the answer open, the clocks stand, `State::analysis` shows what is awaited, and
    /// an `analysis` event brings the answer. For shells that must not stall (a page's main
    /// thread); off by default, when the game decides at once.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub defer_analysis: bool,
}

/// A visually impaired player and his aids (2005 App. F1-F2 / 2023 App. D.1-D.2).
///
/// JSON field names are stable: `player` (`"white"` / `"black"`), `tactile_board` (bool,
/// default false).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Impairment {
    /// Who is visually impaired.
    #[serde(with = "crate::wire::color")]
    pub player: Color,
    /// Whether he plays on his own pegged (tactile) board, a second board beside the sighted
    /// player's (F1 / D.1). His board's lifts and placements are then fed as his moves, under
    /// F2.2-F2.3 / D.2.2-D.2.4; without it he moves by announcing (typed or spoken).
    ///
    /// With two boards, feed the lifts and placements of the board of the player on move only:
    /// the opponent's copying of that move onto his own board is not a touch of his, and is
    /// checked with [`super::Game::reconcile_boards`] (F2.7-F2.8 / D.2.9) instead.
    #[serde(default)]
    pub tactile_board: bool,
}

impl GameConfig {
    /// A standard setup: edition and time control, arbiter present, standard start position.
    pub fn new(edition: Edition, time_control: TimeControl) -> GameConfig {
        GameConfig {
            edition,
            mode: None,
            time_control,
            white: String::new(),
            black: String::new(),
            arbiter_present: true,
            fen: None,
            quickplay_finish: false,
            default_time: None,
            await_arrival: false,
            session_end: None,
            no_draw_before_move: None,
            visually_impaired: Vec::new(),
            language: None,
            defer_analysis: false,
        }
    }

    /// The mode in force: the one given, or the one the time control implies.
    pub fn mode(&self) -> Mode {
        self.mode
            .unwrap_or_else(|| self.time_control.mode(self.edition))
    }

    /// The regime: edition, mode and supervision.
    pub fn profile(&self) -> Profile {
        Profile {
            edition: self.edition,
            mode: self.mode(),
            arbiter_present: self.arbiter_present,
        }
    }

    /// Whether `player` is visually impaired (App. F / D applies to his moves).
    pub fn is_impaired(&self, player: Color) -> bool {
        self.visually_impaired.iter().any(|i| i.player == player)
    }

    /// Whether `player` is visually impaired and plays on a tactile board of his own.
    pub fn has_tactile_board(&self, player: Color) -> bool {
        self.visually_impaired
            .iter()
            .any(|i| i.player == player && i.tactile_board)
    }

    /// How late a player may arrive (2005 Art. 6.7: one hour; 2023 Art. 6.7.1: the event's
    /// default, zero if unspecified).
    pub fn default_time(&self) -> Millis {
        match (self.default_time, self.edition) {
            (Some(t), _) => t,
            (None, Edition::Fide2005) => Millis::minutes(60),
            (None, Edition::Fide2023) => Millis(0),
        }
    }
}
