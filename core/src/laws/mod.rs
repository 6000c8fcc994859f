//! The Laws' editions and the per-edition rules the arbiter applies: which article, which
//! penalty, which claim window. Each file holds one chapter of the Laws as data and small
//! functions; the event-sourced game in [`crate::arbiter`] calls them.

mod article;
mod edition;

pub use article::{Article, Law};
pub use edition::Edition;
