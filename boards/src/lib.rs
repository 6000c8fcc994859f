//! # arbiter-boards
//!
//! The protocols of the sensor boards and of the DGT clock cabled to them, sans I/O: bytes in,
//! readings out; commands in, bytes out. Nothing here reads a port or a clock: the caller passes
//! the bytes and the time in milliseconds. It stands on the chess layer (`arbiter-chess`:
//! squares, pieces, placements, positions) alone and applies no Law: what a touch binds, when
//! a move is made, what the lights are to show and the lever's presses are the board session's,
//! in `arbiter-core`, which re-exports these modules under `arbiter_core::dgt`.
//!
//! DGT's vocabulary is the common one: every family's codec gives DGT's messages (a whole board
//! read as 64 piece codes in DGT's square order, one square changed, the clock's times, the
//! battery), so that what reads them above is one for every make.
//!
//! ## Contents
//!
//! | module | what it holds |
//! |---|---|
//! | [`board`] | the board's squares in DGT's order, its piece codes, dumps, orientation |
//! | [`clock`] | the DGT clock's bytes: its times, the lever, what to show on it |
//! | [`codec`] | DGT's messages and commands, the framing decoder and encoder |
//! | [`gate`] | the noise gate: an update held back until a read confirms it |
//! | [`family`] | the one trait of every family ([`family::BoardCodec`]) and each family's wire |
//! | [`reading`] | what is read from a board: touches, presses, moves, takebacks, mismatches |
//! | [`lights`] | which of the board's own squares are lit, as the families' commands take them |
//! | [`battery`] | what a board and its clock say of their batteries |
//!
//! The decoder at work is shown in [`codec`].

#![warn(missing_docs)]

pub mod battery;
pub mod board;
pub mod clock;
pub mod codec;
pub mod family;
pub mod gate;
pub mod lights;
pub mod reading;
