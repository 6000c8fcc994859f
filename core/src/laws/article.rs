//! A Law: the edition and the article a ruling rests on.

use super::Edition;
use serde::Serialize;
use std::fmt;

/// The article of the Laws as the edition numbers it, e.g. `"Art. 7.4b"`, `"App. B6"`,
/// `"Guidelines III.5"`. Articles are fixed text chosen by the core, never parsed from input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Article(pub &'static str);

/// Why a ruling was made: an edition and an article. Displays as `2005 Art. 7.4b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Law {
    /// The edition in force for the game.
    pub edition: Edition,
    /// The article in that edition's numbering.
    pub article: Article,
}

impl Law {
    /// The article `article` of `edition`.
    pub const fn new(edition: Edition, article: &'static str) -> Law {
        Law {
            edition,
            article: Article(article),
        }
    }

    /// Picks the article by edition, for rules that exist in both under different numbers.
    pub const fn of(edition: Edition, old: &'static str, current: &'static str) -> Law {
        match edition {
            Edition::Fide2005 => Law::new(edition, old),
            Edition::Fide2023 => Law::new(edition, current),
        }
    }
}

impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.edition, self.article.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn law_displays_edition_then_article() {
        assert_eq!(
            Law::new(Edition::Fide2005, "Art. 7.4b").to_string(),
            "2005 Art. 7.4b"
        );
        let law = Law::of(Edition::Fide2023, "Art. 10.2", "Guidelines III.5");
        assert_eq!(law.to_string(), "2023 Guidelines III.5");
        assert_eq!(
            serde_json::to_string(&law).unwrap(),
            r#"{"edition":"2023","article":"Guidelines III.5"}"#
        );
    }
}
