//! The DGT sensor-board protocol, sans I/O: bytes in, messages out; field updates in, touches and
//! moves out. The board bridge owns the serial port; everything here is deterministic and takes
//! time as milliseconds from the caller.
//!
//! A sensor board senses presence, not hands: a piece taken out of its square is what the Laws
//! call touched (2005 Art. 4.3, and App. F2.2 for a piece pulled out of its hole), and a move is
//! made when the piece is released (2005 Art. 4.6) and completed by the clock press (2005 Art.
//! 6.8a).

pub mod board;
pub mod clock;
pub mod codec;
pub mod family;
mod follow;
pub mod gate;
mod hands;
pub mod lever;
pub mod lights;
pub mod output;
mod placements;
pub mod reading;
pub mod reconstruct;
pub mod session;
pub mod signal;
pub mod table;
