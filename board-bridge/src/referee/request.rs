//! Why a request from outside the board was not recorded.

use std::borrow::Cow;

use arbiter_core::arbiter::Refused;

/// Why a request from outside the board was not recorded ([`Referee::take_request`](super::Referee::take_request)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotTaken {
    /// The envelope waits for the pieces to stand as before the sealed move (App. A5).
    PiecesNotBack,
    /// The game already stands so.
    Unchanged,
    /// The game's refusal.
    Game(Refused),
}

impl NotTaken {
    /// The message id a page says it by (a game's refusal's is made from its kind).
    pub fn id(&self) -> Cow<'static, str> {
        match self {
            NotTaken::PiecesNotBack => "pieces_not_back".into(),
            NotTaken::Unchanged => "unchanged".into(),
            NotTaken::Game(e) => e.id().into(),
        }
    }
}

impl std::fmt::Display for NotTaken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotTaken::PiecesNotBack => f.write_str(
                "the pieces are not yet back where they stood before the sealed move: \
                 the envelope is opened once the board shows the adjourned position (App. A5)",
            ),
            NotTaken::Unchanged => f.write_str(
                "the game already stands so: this event changes nothing and is not recorded again",
            ),
            NotTaken::Game(e) => write!(f, "refused by the game: {e}"),
        }
    }
}
