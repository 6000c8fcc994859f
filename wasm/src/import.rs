//! A game read from PGN (the full module): which games a file holds, and what the file says that
//! the played game does not know (its tags, each imported move's `[%clk]`), kept so that the
//! game's export gives them back and invents neither a time control nor clock times for moves it
//! never timed.

use arbiter_core::Color;
use arbiter_core::arbiter::Game;
use arbiter_core::pgn::game::PgnGame;
use arbiter_core::pgn::{GameResult, Tags};
use serde::{Deserialize, Serialize};

/// What the imported file said about its game.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub(crate) struct Imported {
    /// Its tag pairs, in its order.
    pub tags: Vec<(String, String)>,
    /// The `[%clk]` after each of its main line's moves, in ms, where it had one.
    pub clocks: Vec<Option<u64>>,
}

impl Imported {
    pub(crate) fn of(game: &PgnGame) -> Imported {
        Imported {
            tags: game
                .tags
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            clocks: game.moves.iter().map(|m| m.clocks.clk_ms).collect(),
        }
    }

    /// The last `[%clk]` each side's imported moves carry: the clocks the game goes on with.
    pub(crate) fn last_clocks(&self, first: Color) -> (Option<u64>, Option<u64>) {
        let mut white = None;
        let mut black = None;
        for (i, clk) in self.clocks.iter().enumerate() {
            let by = if (i % 2 == 0) == (first == Color::White) {
                &mut white
            } else {
                &mut black
            };
            if clk.is_some() {
                *by = *clk;
            }
        }
        (white, black)
    }
}

/// One game of a file, as the page lists them to choose from.
#[derive(Serialize)]
pub(crate) struct Listed {
    pub white: String,
    pub black: String,
    pub event: String,
    pub date: String,
    pub result: String,
    /// Half-moves of its main line.
    pub plies: usize,
}

pub(crate) fn listed(game: &PgnGame) -> Listed {
    let tag = |name: &str| game.tags.get(name).unwrap_or("?").to_string();
    Listed {
        white: tag("White"),
        black: tag("Black"),
        event: tag("Event"),
        date: tag("Date"),
        result: game
            .result
            .or_else(|| game.tags.result())
            .map_or("*", GameResult::as_str)
            .to_string(),
        plies: game.moves.len(),
    }
}

/// The game as PGN: the imported file's tags with the players and the result as the game has
/// them, and after each move its `[%clk]`: the file's for the moves it held (none where it had
/// none), the game's own for the moves played since. The core writes it.
pub(crate) fn export(game: &Game, imported: &Imported) -> String {
    let mut tags = Tags::new();
    for (k, v) in &imported.tags {
        tags.set(k.as_str(), v.as_str());
    }
    game.to_pgn_imported(tags, &imported.clocks)
}
