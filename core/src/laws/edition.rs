//! Which edition of the FIDE Laws governs a game.

use serde::{Deserialize, Serialize};
use std::fmt;

/// An edition of the FIDE Laws of Chess. Serialised as `"2005"` or `"2023"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edition {
    /// The 2005 Laws (our Italian and Portuguese source texts; appendices A-F).
    #[serde(rename = "2005")]
    Fide2005,
    /// The Laws in force since 1 January 2023 (appendices A-D, Guidelines I-III).
    #[serde(rename = "2023")]
    Fide2023,
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::Fide2005 => "2005",
            Edition::Fide2023 => "2023",
        })
    }
}
