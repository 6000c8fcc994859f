//! The arbiter: a game under the Laws as an event-sourced state machine.
//!
//! A game is configured once ([`GameConfig`]), then takes stamped [`Event`]s through
//! [`Game::handle`] and answers with [`Ruling`]s, each naming its [`crate::laws::Law`]. The
//! accepted events form the [`EventLog`]; [`Game::replay`] of that log gives the same state and
//! the same rulings. [`Game::state`] answers at any instant without ticking.
//!
//! ```
//! use arbiter_core::arbiter::{Event, Game, GameConfig, Stamped};
//! use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
//! use arbiter_core::laws::Edition;
//!
//! let control = TimeControl::sudden_death(Millis::minutes(5), Timing::Increment(Millis::seconds(3)));
//! let mut game = Game::new(GameConfig::new(Edition::Fide2023, control)).unwrap();
//! let at = |ms| Timestamp(ms);
//! game.handle(Stamped { at: at(0), event: Event::Start }).unwrap();
//! game.handle(Stamped { at: at(4_000), event: Event::Move { mv: "e2e4".parse().unwrap() } }).unwrap();
//! game.handle(Stamped { at: at(4_500), event: Event::PressClock { player: arbiter_core::Color::White } }).unwrap();
//! let state = game.state(at(10_000));
//! assert_eq!(state.white.remaining, Millis(300_000 - 4_500 + 3_000));
//! let again = Game::replay(game.log()).unwrap();
//! assert_eq!(again.rulings(), game.rulings());
//! ```

//!
//! # Blind and visually impaired players (2005 App. F / 2023 App. D)
//!
//! [`GameConfig::visually_impaired`] names them and their tactile boards. Their moves are made
//! by [`Event::Announce`] (or on the tactile board, whose lifts and placements are fed as the
//! mover's), corrected by [`Event::CorrectAnnouncement`] until the opponent's clock starts, and
//! repeated by the opponent with [`Event::Repeat`]. Two boards are compared with
//! [`Game::reconcile_boards`]; what a player is told of the times is
//! [`State::time_on_request`] (the page words it); the tactile clock's marks come from
//! [`crate::laws::blind::next_mark`]. JSON as the page and the bridge send it:
//!
//! ```
//! use arbiter_core::arbiter::{Event, GameConfig, Impairment};
//! use arbiter_core::Color;
//! let impaired: Impairment =
//!     serde_json::from_str(r#"{"player": "black", "tactile_board": true}"#).unwrap();
//! assert_eq!(impaired.player, Color::Black);
//! let said: Event = serde_json::from_str(
//!     r#"{"type": "announce", "player": "white", "text": "Springer Felix drei"}"#,
//! )
//! .unwrap();
//! assert!(matches!(said, Event::Announce { .. }));
//! let fix: Event = serde_json::from_str(
//!     r#"{"type": "correct_announcement", "player": "white", "text": "Eva drei"}"#,
//! )
//! .unwrap();
//! assert!(matches!(fix, Event::CorrectAnnouncement { .. }));
//! let again: Event =
//!     serde_json::from_str(r#"{"type": "repeat", "player": "black", "text": "Nf3"}"#).unwrap();
//! assert!(matches!(again, Event::Repeat { .. }));
//! # let _ = GameConfig::new;
//! ```

mod actor;
mod config;
mod envelope;
mod event;
mod event_de;
mod export;
mod forfeit;
mod game;
mod log;
pub mod public;
mod ruling;
mod state;

pub use actor::Actor;
pub use config::{GameConfig, Impairment};
pub use envelope::EnvelopeRecord;
pub use event::{Claim, ClaimKind, Decision, Event, RestoreCause, SetupFault, Stamped};
pub use export::{brf, clk, pgn_date};
pub use forfeit::{Forfeit, ForfeitRefused};
pub use game::{
    AwaitedRuling, Game, PendingAnalysis, PendingClaim, PlayedMove, Refused, ReplayError,
};
pub use log::{
    EventLog, LogError, LogErrorKind, LogLine, LogRecord, OLDEST_VERSION, Resume, SCHEMA, SetAside,
    TIME_SOURCE, VERSION, began_unix_ms, header_jsonl, resume_at, seq_of_cut_line, split_cut_tail,
};
pub use ruling::{GameResult, Noticed, Reason, Rejection, Ruling, Uncorrectable, Verdict};
pub use state::{ClockView, OpenClaim, Outcome, State};
