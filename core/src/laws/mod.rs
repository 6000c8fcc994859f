//! The Laws' editions and the per-edition rules the arbiter applies: which article, which
//! penalty, which claim window. Each file holds one chapter of the Laws as data and small
//! functions; the event-sourced game in [`crate::arbiter`] calls them.

pub mod adjourn;
mod article;
pub mod draws;
mod edition;
pub mod illegal;
pub mod quickplay;
mod rapid_blitz;

pub use adjourn::SealedEnvelope;
pub use article::{Article, Law};
pub use edition::Edition;
pub use rapid_blitz::Profile;
