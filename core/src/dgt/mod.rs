//! The DGT sensor-board protocol, sans I/O: bytes in, messages out; field updates in, touches and
//! moves out. The board bridge owns the serial port; everything here is deterministic and takes
//! time as milliseconds from the caller.
//!
//! A sensor board senses presence, not hands: a piece taken out of its square is what the Laws
//! call touched (2005 Art. 4.3, and App. F2.2 for a piece pulled out of its hole), and a move is
//! made when the piece is released (2005 Art. 4.6) and completed by the clock press (2005 Art.
//! 6.8a).
//!
//! The protocols themselves (the boards' and the clock's bytes, each family's codec, what is
//! read from a board, the lights as bytes) are the crate `arbiter-boards`, re-exported here
//! under the paths they had: `board`, `clock`, `codec`, `family`, `gate`, `reading`. What
//! stays here applies the Laws to what they read: the board session and its policy (touches,
//! the lever, following the game, the hands, the tables), the reconstruction of moves against
//! the game's position, what the lights are to show, and what a session tells the pages.

pub use arbiter_boards::{board, clock, codec, family, gate, reading};

mod follow;
mod hands;
pub mod lever;
pub mod lights;
pub mod output;
mod placements;
pub mod reconstruct;
pub mod session;
pub mod signal;
pub mod table;
