//! Writing moves down: algebraic notation in the languages of App. E (2005; App. C in 2023),
//! the spoken form for blind players of App. F (2005; App. D in 2023), and UCI.

pub mod braille;
pub mod lang;
pub mod san;
pub mod spoken;
pub mod uci;

pub use lang::{Language, PieceSymbols, UnknownLanguage};
pub use san::{SanError, Unreadable};
pub use uci::UciError;
