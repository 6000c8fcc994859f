//! # arbiter-core
//!
//! The Laws of Chess (FIDE, editions 2005 and 2023) as a deterministic, sans-I/O state machine.
//! The core never reads a clock, a socket, the DOM or a file: callers pass events stamped with a
//! monotonic time in milliseconds, and bytes from a board, and get rulings, state and bytes back.
//! The same event log always gives the same game.
//!
//! A game from events to rulings: Fool's mate, whose last move ends the game when it is made
//! (2023 Art. 5.1.1 with 6.2.1: no press is needed), with the clocks stopped at that instant.
//!
//! ```
//! use arbiter_core::{Color, Event, Game, Timestamp};
//! use arbiter_core::arbiter::{GameConfig, Reason, Stamped, Verdict};
//! use arbiter_core::clock::{Millis, TimeControl, Timing};
//! use arbiter_core::laws::Edition;
//!
//! let control = TimeControl::sudden_death(Millis::minutes(5), Timing::Increment(Millis::seconds(3)));
//! let mut game = Game::new(GameConfig::new(Edition::Fide2023, control)).unwrap();
//! let mut at = 0;
//! let mut send = |game: &mut Game, event: Event| {
//!     at += 1_000;
//!     game.handle(Stamped { at: Timestamp(at), event }).unwrap();
//! };
//! send(&mut game, Event::Start);
//! for (mv, player) in [("f2f3", Color::White), ("e7e5", Color::Black), ("g2g4", Color::White)] {
//!     send(&mut game, Event::Move { mv: mv.parse().unwrap() });
//!     send(&mut game, Event::PressClock { player });
//! }
//! send(&mut game, Event::Move { mv: "d8h4".parse().unwrap() });
//!
//! let last = std::iter::from_fn(|| game.poll_ruling()).last().unwrap();
//! assert_eq!(last.law.to_string(), "2023 Art. 5.1.1");
//! assert!(matches!(last.verdict, Verdict::GameOver { reason: Reason::Checkmate, .. }));
//! let state = game.state(Timestamp(60_000));
//! assert_eq!(state.running, None, "the clocks stopped when the mate was made");
//! assert_eq!(state.outcome.unwrap().at, Timestamp(8_000));
//! // The log replays to the same game.
//! assert_eq!(Game::replay(game.log()).unwrap().rulings(), game.rulings());
//! ```
//!
//! ## Vocabulary
//!
//! A `Piece` is the kind (pawn to king), as the Laws say; `Color` is White or Black; a `Move`
//! is written as UCI text (`"e1g1"` castles), in JSON too; a `Placement` is what stands on the
//! 64 squares with no rule of play (a sensor board's picture); a `Position` adds the player to
//! move and the rights. They are re-exported here, with the game's own words, so callers never
//! name cozy-chess nor the module a type lives in.
//!
//! ## Contents
//!
//! | module | what it holds |
//! |---|---|
//! | [`arbiter`] | the game: [`Game`], its [`Event`]s, [`Ruling`]s, `State` and event log |
//! | [`laws`] | every article cited, by edition: [`Law`], [`laws::rules`], penalties, windows |
//! | [`clock`] | time controls and a clock computed from the caller's `now` (Art. 6) |
//! | [`touch`] | touch-move and when a move on a sensor board is made (Art. 4) |
//! | [`record`] | the positions of a game, its repetitions and automatic endings (Art. 5, 9) |
//! | [`position`], [`movegen`], [`fen`] | the rules of play (Art. 1-3) over cozy-chess: the chess layer, [`arbiter_chess`], re-exported |
//! | [`placement`] | the pieces on the squares, without rules (sensor boards, illegal positions); from [`arbiter_chess`] |
//! | [`wire`] | how colours, squares and pieces appear in JSON; from [`arbiter_chess`] |
//! | [`notation`], [`pgn`] | SAN in the languages of App. E, spoken and Braille forms, from [`arbiter_chess`]; PGN, from [`arbiter_pgn`] |
//! | [`dead`] | can a side still mate (2005 Art. 6.10, 9.6 / 2023 Art. 6.9, 5.2.2), from [`arbiter_dead`] |
//! | [`dgt`] | the sensor boards at the game: the board session, moves read from the boards, touch-move; their protocols (bytes in and out) from [`arbiter_boards`], re-exported |

#![warn(missing_docs)]

pub use arbiter::{Event, Game, Ruling};
pub use arbiter_chess::{
    Color, File, Move, ParseMoveError, Piece, Placement, Position, Rank, Square,
};
pub use clock::Timestamp;
pub use laws::Law;

// The chess layer (Art. 1-3; App. E), a crate of its own under everything here: re-exported
// under the paths it had when it lived here, so callers keep one import path.
pub use arbiter_chess::{fen, movegen, placement, position, wire};

// The rules of play (Art. 5, 8, 9; App. E): the chess layer's notation, under the core's path.
pub mod notation;
pub mod record;

// PGN, a crate of its own on the chess layer, re-exported under its old path.
pub use arbiter_pgn as pgn;

// Can a side still mate (Art. 6.10 / 9.6 in 2005; 6.9 / 5.2.2 in 2023): a crate of its own on
// the chess layer, re-exported under its old path.
pub use arbiter_dead as dead;

// The arbiter: clock, touch-move, the Laws' editions, and the event-sourced game.
pub mod arbiter;
pub mod clock;
pub mod laws;
pub mod touch;

// The sensor boards at the game, sans I/O; their protocols are a crate of their own on the
// chess layer, re-exported inside under their old paths (dgt::board, dgt::codec, ...).
pub mod dgt;
