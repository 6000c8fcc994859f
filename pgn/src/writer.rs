//! PGN export: the seven-tag roster first, movetext wrapped at 80 columns, clocks as
//! `{[%clk h:mm:ss]}` comments, variations in parentheses, and the result at the end.
//!
//! ```
//! use arbiter_pgn::game::{PgnGame, PgnMove};
//! use arbiter_pgn::tags::GameResult;
//! use arbiter_pgn::writer::write_game;
//!
//! let mut game = PgnGame::default();
//! game.tags.set("White", "Anna");
//! for (san, clk) in [("e4", 299_000), ("e5", 298_500)] {
//!     let mut mv = PgnMove { san: san.into(), ..PgnMove::default() };
//!     mv.clocks.clk_ms = Some(clk);
//!     game.moves.push(mv);
//! }
//! game.result = Some(GameResult::Draw);
//! let text = write_game(&game);
//! assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n"));
//! // After a comment, Black's move repeats its number, as exporters do.
//! assert!(text.contains("[Result \"1/2-1/2\"]\n\n1. e4 {[%clk 0:04:59]} 1... e5 {[%clk 0:04:58.5]} 1/2-1/2\n"));
//! ```

use super::game::{PgnGame, PgnMove};
use super::tags::{GameResult, Tags};

/// Lines of movetext are at most this long, unless one word alone is longer.
pub const MAX_LINE_LEN: usize = 80;

/// The game as PGN text, ending with a blank line so games can be concatenated.
pub fn write_game(game: &PgnGame) -> String {
    let mut out = String::new();
    write_game_into(game, &mut out);
    out
}

/// Appends the game as PGN text to `out`.
pub fn write_game_into(game: &PgnGame, out: &mut String) {
    let result = game
        .result
        .or_else(|| game.tags.result())
        .unwrap_or(GameResult::Unfinished);
    write_tags_into(&game.tags, result, out);

    let mut movetext = Movetext {
        out,
        line_len: 0,
        open_parens: 0,
    };
    for comment in &game.opening_comments {
        movetext.comment(comment);
    }
    let first_ply = game.tags.setup_fen().map_or(0, first_ply_of_fen);
    movetext.line(&game.moves, first_ply);
    movetext.word(result.as_str());
    movetext.out.push_str("\n\n");
}

/// Appends the tag pairs: the Seven Tag Roster first, each present even when unknown (`?`, a
/// date `????.??.??`), then the other tags as given, then the blank line before the
/// movetext. The `Result` tag is `result`, whatever `tags` holds, so that it agrees with the
/// termination marker (PGN §8.1.1.7). Values are escaped; a line break becomes a space.
pub fn write_tags_into(tags: &Tags, result: GameResult, out: &mut String) {
    for (name, value) in tags.export_order() {
        // The tag must agree with the termination marker written below (PGN §8.1.1.7).
        let value = if name == "Result" {
            result.as_str()
        } else {
            value
        };
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        for ch in value.chars() {
            match ch {
                '"' | '\\' => {
                    out.push('\\');
                    out.push(ch);
                }
                '\n' | '\r' => out.push(' '),
                _ => out.push(ch),
            }
        }
        out.push_str("\"]\n");
    }
    out.push('\n');
}

/// The ply index (0 for White's first move) of the first move after a FEN position, from its
/// side-to-move and move-number fields; a field that cannot be read counts as the default.
fn first_ply_of_fen(fen: &str) -> u32 {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let is_black = fields.get(1) == Some(&"b");
    let number = fields
        .get(5)
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|n| (1..1 << 30).contains(n))
        .unwrap_or(1);
    (number - 1) * 2 + u32::from(is_black)
}

/// Word-by-word movetext output that wraps lines at [`MAX_LINE_LEN`].
struct Movetext<'a> {
    out: &'a mut String,
    line_len: usize,
    /// `(` waiting to be glued to the next word.
    open_parens: usize,
}

impl Movetext<'_> {
    fn word(&mut self, word: &str) {
        let len = self.open_parens + word.chars().count();
        if self.line_len > 0 {
            // A `%` in column 1 would turn the line into an escape that readers skip, and a
            // `[` there (a comment's word) could read as the next game's first tag.
            if self.line_len + 1 + len > MAX_LINE_LEN && !word.starts_with(['%', '[']) {
                self.out.push('\n');
                self.line_len = 0;
            } else {
                self.out.push(' ');
                self.line_len += 1;
            }
        }
        for _ in 0..self.open_parens {
            self.out.push('(');
        }
        self.open_parens = 0;
        self.out.push_str(word);
        self.line_len += len;
    }

    fn close_paren(&mut self) {
        if self.line_len + 1 > MAX_LINE_LEN {
            self.out.push('\n');
            self.line_len = 0;
        }
        self.out.push(')');
        self.line_len += 1;
    }

    /// A brace comment, split into words so it wraps like the moves do. A `}` inside cannot be
    /// written in a brace comment and becomes `)`.
    fn comment(&mut self, text: &str) {
        let text = text.replace('}', ")");
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [only] => self.word(&format!("{{{only}}}")),
            [first, middle @ .., last] => {
                self.word(&format!("{{{first}"));
                for word in middle {
                    self.word(word);
                }
                self.word(&format!("{last}}}"));
            }
        }
    }

    fn line(&mut self, moves: &[PgnMove], first_ply: u32) {
        let mut needs_number = true;
        for (ply, mv) in (first_ply..).zip(moves) {
            let number = ply / 2 + 1;
            if ply % 2 == 0 {
                self.word(&format!("{number}."));
            } else if needs_number {
                self.word(&format!("{number}..."));
            }
            self.word(&mv.san);
            for nag in &mv.nags {
                self.word(&format!("${nag}"));
            }
            needs_number = false;
            let clocks = mv.clocks.to_commands();
            let mut comments = mv.comments.iter();
            // Clock commands share the first comment, the way DGT boards and servers write them.
            match (comments.next(), clocks.is_empty()) {
                (Some(first), false) => self.comment(&format!("{first} {clocks}")),
                (Some(first), true) => self.comment(first),
                (None, false) => self.comment(&clocks),
                (None, true) => {}
            }
            for comment in comments {
                self.comment(comment);
            }
            if !mv.comments.is_empty() || !clocks.is_empty() {
                needs_number = true;
            }
            for variation in &mv.variations {
                self.open_parens += 1;
                self.line(variation, ply);
                if self.open_parens > 0 {
                    // An empty variation: nothing took the parenthesis.
                    self.open_parens -= 1;
                } else {
                    self.close_paren();
                }
                needs_number = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::read_games;

    #[test]
    fn long_games_wrap_at_80_columns_and_read_back_the_same() {
        let mut text = String::from("[Event \"wrap\"]\n\n");
        for n in 1..=60 {
            text.push_str(&format!(
                "{n}. Nf3 {{a fairly long comment to force wrapping [%clk 1:00:{:02}]}} Nf6 $14 ",
                n % 60
            ));
        }
        text.push_str("1-0");
        let games = read_games(text.as_bytes());
        let written = write_game(&games[0]);
        for line in written.lines() {
            assert!(line.chars().count() <= MAX_LINE_LEN, "{line:?}");
        }
        let reread = read_games(written.as_bytes());
        assert_eq!(reread[0].moves, games[0].moves);
        assert_eq!(reread[0].result, games[0].result);
        assert_eq!(write_game(&reread[0]), written);
    }

    #[test]
    fn black_to_move_after_setup_starts_with_ellipsis() {
        let mut text = String::from("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 3 17\"]\n\n");
        text.push_str("17... Kd7 18. O-O Ke6 *");
        let games = read_games(text.as_bytes());
        let written = write_game(&games[0]);
        assert!(
            written.contains("\n\n17... Kd7 18. O-O Ke6 *\n"),
            "{written}"
        );
    }

    #[test]
    fn variations_and_comments_force_move_numbers() {
        let games =
            read_games(b"1. e4 e5 (1... c5 {Sicilian} 2. Nf3) (1... e6) 2. Nf3 {dev} Nc6 *");
        let written = write_game(&games[0]);
        assert!(
            written.ends_with(
                "1. e4 e5 (1... c5 {Sicilian} 2. Nf3) (1... e6) 2. Nf3 {dev} 2... Nc6 *\n\n"
            ),
            "{written}"
        );
    }

    #[test]
    fn tag_values_are_escaped() {
        let mut game = PgnGame::default();
        game.tags.set("Event", "The \"Big\" \\ Open");
        let written = write_game(&game);
        assert!(written.starts_with("[Event \"The \\\"Big\\\" \\\\ Open\"]\n"));
        assert_eq!(
            read_games(written.as_bytes())[0].tags.get("Event"),
            Some("The \"Big\" \\ Open")
        );
    }
}
