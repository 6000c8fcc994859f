//! Writing moves down: algebraic notation in the languages of App. E (2005; App. C in 2023),
//! the spoken form for blind players of App. F (2005; App. D in 2023), and UCI, from the chess
//! layer ([`arbiter_chess::notation`]); and time told in words, which stays here because it
//! speaks of the clock's [`Millis`](crate::clock::Millis).

pub use arbiter_chess::notation::*;

pub mod duration;
