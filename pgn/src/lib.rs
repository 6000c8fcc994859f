//! # arbiter-pgn
//!
//! PGN, the Portable Game Notation: reading in constant memory, writing, and checking games.
//! It stands on the chess layer (`arbiter-chess`: positions, moves, SAN) alone; `arbiter-core`
//! re-exports it as `arbiter_core::pgn`.
//!
//! ## Contents
//!
//! - [`reader`]: a push tokenizer fed bytes in chunks, reporting to a [`reader::Visitor`].
//! - [`tags`]: tag pairs, the seven-tag roster, results, `SetUp`/`FEN`, `TimeControl`.
//! - [`clk`]: `[%clk]` and `[%emt]` clock commands inside comments.
//! - [`game`]: a game held in memory, and a visitor that builds it.
//! - [`writer`]: export with the roster, 80-column movetext and clock comments.
//! - [`validate`]: replay each game and report its first illegal, ambiguous or unreadable move.
//!
//! The game record a PGN file holds is the one the Laws ask players to keep (2005 Art. 8.1, in
//! algebraic notation per App. C/E); the reader accepts the notations App. E allows.
//!
//! ```
//! use arbiter_pgn::{game::read_games, writer::write_game};
//!
//! let games = read_games(b"1. e4 {[%clk 0:04:59]} e5 1/2-1/2");
//! let text = write_game(&games[0]);
//! assert_eq!(read_games(text.as_bytes())[0].moves, games[0].moves);
//! ```

#![warn(missing_docs)]

pub mod clk;
pub mod game;
pub mod reader;
pub mod tags;
pub mod validate;
pub mod writer;

pub use game::{PgnGame, PgnMove, read_games};
pub use reader::{PgnReader, SyntaxError, SyntaxErrorKind, Visitor};
pub use tags::{GameResult, Tags, TimeControlTag};
pub use validate::{GameChecker, GameReport, MoveError, Reason, check_games};
