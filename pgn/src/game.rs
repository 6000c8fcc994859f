//! A PGN game held in memory: tags, the main line with its annotations and clocks, variations
//! and the result. The reader streams; this model is for games that are edited or exported.
//!
//! ```
//! use arbiter_pgn::game::read_games;
//!
//! let games = read_games(b"[White \"Anna\"]\n\n1. e4 {[%clk 0:05:00]} e5 (1... c5) 1-0\n");
//! let game = &games[0];
//! assert_eq!(game.tags.get("White"), Some("Anna"));
//! assert_eq!(game.moves[0].clocks.clk_ms, Some(300_000));
//! assert_eq!(game.moves[1].variations[0][0].san, "c5");
//! ```

use std::ops::ControlFlow;

use super::clk::{MoveClocks, collapse_whitespace, split_clock_commands};
use super::reader::{PgnReader, SyntaxError, Visitor};
use super::tags::{GameResult, Tags};

/// One move of a line, with what is written after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written (any notation the reader passed on).
    pub san: String,
    /// Numeric annotation glyphs after the move.
    pub nags: Vec<u8>,
    /// `[%clk]` and `[%emt]` found in the comments after the move.
    pub clocks: MoveClocks,
    /// Comments after the move, clock commands taken out, whitespace collapsed.
    pub comments: Vec<String>,
    /// Alternatives to this move, each a line starting with a move for the same side.
    pub variations: Vec<Vec<PgnMove>>,
}

/// A whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in reading order.
    pub tags: Tags,
    /// Comments before the first move.
    pub opening_comments: Vec<String>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The termination marker after the movetext, if any.
    pub result: Option<GameResult>,
    /// Problems the reader stepped over in this game's text.
    pub syntax_errors: Vec<SyntaxError>,
}

impl PgnGame {
    /// The main line's moves as written.
    pub fn main_line(&self) -> impl Iterator<Item = &str> {
        self.moves.iter().map(|m| m.san.as_str())
    }
}

/// A [`Visitor`] that builds [`PgnGame`]s.
#[derive(Debug, Default)]
pub struct GameCollector {
    /// Finished games, in file order.
    pub games: Vec<PgnGame>,
    current: PgnGame,
    /// Open variations: the lines being built, innermost last. The main line is not on it.
    open_lines: Vec<Vec<PgnMove>>,
}

impl GameCollector {
    fn line(&mut self) -> &mut Vec<PgnMove> {
        match self.open_lines.last_mut() {
            Some(line) => line,
            None => &mut self.current.moves,
        }
    }

    /// Attaches a finished variation to the move it replaces: the last move of the enclosing line.
    fn close_line(&mut self) {
        // A variation before any move of its parent line has no move to hang on; it is dropped.
        if let Some(variation) = self.open_lines.pop()
            && let Some(last) = self.line().last_mut()
        {
            last.variations.push(variation);
        }
    }
}

impl Visitor for GameCollector {
    fn begin_game(&mut self) {
        self.current = PgnGame::default();
        self.open_lines.clear();
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.current.tags.set(
            String::from_utf8_lossy(name),
            String::from_utf8_lossy(value),
        );
    }

    fn san(&mut self, san: &[u8]) -> ControlFlow<()> {
        let san = String::from_utf8_lossy(san).into_owned();
        self.line().push(PgnMove {
            san,
            ..PgnMove::default()
        });
        ControlFlow::Continue(())
    }

    fn nag(&mut self, nag: u8) {
        if let Some(last) = self.line().last_mut() {
            last.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &[u8]) {
        let text = String::from_utf8_lossy(text);
        let at_start = self.open_lines.is_empty() && self.current.moves.is_empty();
        match self.line().last_mut() {
            Some(last) => {
                let (clocks, rest) = split_clock_commands(&text);
                last.clocks.clk_ms = last.clocks.clk_ms.or(clocks.clk_ms);
                last.clocks.emt_ms = last.clocks.emt_ms.or(clocks.emt_ms);
                if !rest.is_empty() {
                    last.comments.push(rest);
                }
            }
            None => {
                let text = collapse_whitespace(&text);
                if at_start && !text.is_empty() {
                    self.current.opening_comments.push(text);
                }
                // A comment opening a variation is rare and has no slot in this model.
            }
        }
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        self.open_lines.push(Vec::new());
        ControlFlow::Continue(())
    }

    fn end_variation(&mut self) {
        self.close_line();
    }

    fn result(&mut self, result: GameResult) {
        self.current.result = Some(result);
    }

    fn syntax_error(&mut self, error: SyntaxError) {
        self.current.syntax_errors.push(error);
    }

    fn end_game(&mut self) {
        while !self.open_lines.is_empty() {
            self.close_line();
        }
        self.games.push(std::mem::take(&mut self.current));
    }
}

/// Reads every game of a PGN text held in memory. For large files, feed a [`PgnReader`] in
/// chunks with a visitor of your own instead.
pub fn read_games(bytes: &[u8]) -> Vec<PgnGame> {
    let mut collector = GameCollector::default();
    PgnReader::read_all(bytes, &mut collector);
    collector.games
}
