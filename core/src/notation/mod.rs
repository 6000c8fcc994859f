//! Writing moves down: algebraic notation in the languages of App. E (2005; App. C in 2023),
//! the spoken form for blind players of App. F (2005; App. D in 2023), and UCI, from the chess
//! layer ([`arbiter_chess::notation`]). Time told in words is the page's, from its message
//! catalogue: the core gives the durations ([`crate::laws::blind::TimeOnRequest`]).

pub use arbiter_chess::notation::*;
