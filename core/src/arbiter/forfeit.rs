//! A game lost by forfeit: a player absent from the board when the default time is up loses
//! (2005 Art. 6.7 / 2023 Art. 6.7.1), and when both are absent both lose. The arbiter records
//! it for a game no move was made in; once a move is made the game has been played and ends as
//! any other. A shell (the bridge, the page) carries the forfeit; what it gives, which article it
//! rests on and when it may be recorded are decided here.
//!
//! ```
//! use arbiter_core::arbiter::{Forfeit, GameResult};
//! use arbiter_core::laws::Edition;
//! use arbiter_core::Color;
//! let white_absent: Forfeit = serde_json::from_str(r#""white""#).unwrap();
//! assert_eq!(white_absent.result(), Some(GameResult::BlackWins));
//! assert!(Forfeit::Both.loses(Color::White) && Forfeit::Both.loses(Color::Black));
//! assert_eq!(Forfeit::Both.result(), None);
//! assert_eq!(Forfeit::law(Edition::Fide2005).to_string(), "2005 Art. 6.7");
//! assert!(Forfeit::Black.decide(Edition::Fide2023, 1).is_err());
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::event::GameResult;
use crate::Color;
use crate::laws::{Edition, Law, rules};

/// Who was absent when the default time was up, and so lost the game by forfeit.
/// JSON: `"white"`, `"black"`, `"both"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Forfeit {
    /// White was absent: Black wins by forfeit.
    White,
    /// Black was absent: White wins by forfeit.
    Black,
    /// Neither player came: both lose.
    Both,
}

/// Why a forfeit was not recorded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ForfeitRefused {
    /// Moves were made: both players were at the board, so the game was played and is not
    /// forfeited (it ends by its moves, or by the result the players report, Art. 8.7).
    #[error(
        "{plies} half-moves have been played: a game is lost by forfeit only before its first move ({law}); record the result the players report instead"
    )]
    MovesMade {
        /// Half-moves played.
        plies: usize,
        /// The default time's article, in the event's edition.
        law: Law,
    },
}

impl Forfeit {
    /// The forfeit of the one player `absent`.
    pub fn of(absent: Color) -> Forfeit {
        match absent {
            Color::White => Forfeit::White,
            Color::Black => Forfeit::Black,
        }
    }

    /// Whether `player` loses the game by this forfeit.
    pub fn loses(self, player: Color) -> bool {
        matches!(
            (self, player),
            (Forfeit::Both, _) | (Forfeit::White, Color::White) | (Forfeit::Black, Color::Black)
        )
    }

    /// The player who wins by forfeit; none when both were absent.
    pub fn winner(self) -> Option<Color> {
        match self {
            Forfeit::White => Some(Color::Black),
            Forfeit::Black => Some(Color::White),
            Forfeit::Both => None,
        }
    }

    /// The game's result: the present player's win. None when both were absent: both lose, which
    /// no game result says (each of `1-0`, `0-1` and `1/2-1/2` gives someone points).
    pub fn result(self) -> Option<GameResult> {
        self.winner().map(GameResult::win)
    }

    /// The article a forfeit rests on in `edition`: the default time (2005 Art. 6.7 / 2023
    /// Art. 6.7.1; the 2023 default time is the event's, zero if it names none).
    pub fn law(edition: Edition) -> Law {
        rules::DEFAULT_TIME.law(edition)
    }

    /// The arbiter's forfeit of a game in which `plies` half-moves were made, in `edition`:
    /// the article it rests on, or the refusal once a move was made.
    ///
    /// # Errors
    /// [`ForfeitRefused::MovesMade`] when the game has a move.
    pub fn decide(self, edition: Edition, plies: usize) -> Result<Law, ForfeitRefused> {
        let law = Forfeit::law(edition);
        if plies > 0 {
            return Err(ForfeitRefused::MovesMade { plies, law });
        }
        Ok(law)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2005 Art. 6.7 / 2023 Art. 6.7.1: the absent player loses; both absent, both lose; the
    /// article in each edition; and only before the first move.
    #[test]
    fn art_6_7_1_the_absent_lose_before_the_first_move_only() {
        for (absent, white, black, result) in [
            (Forfeit::White, true, false, Some(GameResult::BlackWins)),
            (Forfeit::Black, false, true, Some(GameResult::WhiteWins)),
            (Forfeit::Both, true, true, None),
        ] {
            assert_eq!(absent.loses(Color::White), white, "{absent:?}");
            assert_eq!(absent.loses(Color::Black), black, "{absent:?}");
            assert_eq!(absent.result(), result, "{absent:?}");
        }
        assert_eq!(Forfeit::of(Color::Black), Forfeit::Black);
        for (edition, article) in [
            (Edition::Fide2005, "2005 Art. 6.7"),
            (Edition::Fide2023, "2023 Art. 6.7.1"),
        ] {
            let law = Forfeit::White.decide(edition, 0).expect("no move yet");
            assert_eq!(law.to_string(), article);
            let refused = Forfeit::Both.decide(edition, 2).unwrap_err();
            assert_eq!(
                refused,
                ForfeitRefused::MovesMade {
                    plies: 2,
                    law: Forfeit::law(edition)
                }
            );
            assert!(refused.to_string().contains(article), "{refused}");
        }
        assert_eq!(serde_json::to_string(&Forfeit::Both).unwrap(), r#""both""#);
        assert!(serde_json::from_str::<Forfeit>(r#""nobody""#).is_err());
    }
}
