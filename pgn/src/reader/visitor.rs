//! What a reader's caller hears: one method per kind of token, each with a default that
//! ignores it.

use std::ops::ControlFlow;

use super::SyntaxError;
use crate::tags::GameResult;

/// Hears what a [`PgnReader`](super::PgnReader) finds, in file order.
///
/// For each game: [`begin_game`](Visitor::begin_game), any number of [`tag`](Visitor::tag),
/// [`begin_movetext`](Visitor::begin_movetext), then moves, NAGs, comments and variations, at most
/// one [`result`](Visitor::result), and [`end_game`](Visitor::end_game). Every method has a default
/// that ignores its input. Methods returning `ControlFlow::Break(())` ask the reader to skip: the
/// rest of the game from `begin_movetext` or `san`, the variation from `begin_variation`.
pub trait Visitor {
    /// Whether this visitor wants to hear [`line`](Visitor::line). `false` by default: a reader
    /// whose visitor has no use for lines counts them only where an error needs one.
    fn wants_lines(&self) -> bool {
        false
    }
    /// The 1-based line of the input where the reader stands, heard (when
    /// [`wants_lines`](Visitor::wants_lines)) just before each [`tag`](Visitor::tag) (the line of
    /// its `]`), each [`san`](Visitor::san) (the line of the move) and each
    /// [`end_game`](Visitor::end_game) (the line of the termination marker, of the next game's
    /// tag, or the last line at the end of the input). It lets a caller that feeds whole chunks
    /// say where a move stands without splitting its input into lines.
    fn line(&mut self, _line: u64) {}
    /// A new game starts (at its first tag, or at its first movetext token if it has no tags).
    fn begin_game(&mut self) {}
    /// A tag pair; `value` has its `\"` and `\\` escapes already resolved.
    fn tag(&mut self, _name: &[u8], _value: &[u8]) {}
    /// The tags are over and the movetext begins. `Break` skips the whole movetext.
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A move as written, without its move number and without trailing `!`/`?` glyphs (those come
    /// as [`nag`](Visitor::nag)). `Break` skips the rest of the game.
    fn san(&mut self, _san: &[u8]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// A numeric annotation glyph: `$n`, or `!`, `?`, `!!`, `??`, `!?`, `?!` as 1 to 6.
    fn nag(&mut self, _nag: u8) {}
    /// A `{...}` or `;...` comment, without its delimiters.
    fn comment(&mut self, _text: &[u8]) {}
    /// A `(` opens a variation. `Break` skips it up to its `)`; no `end_variation` follows then.
    fn begin_variation(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    /// The `)` that closes a variation.
    fn end_variation(&mut self) {}
    /// The game termination marker of the main line.
    fn result(&mut self, _result: GameResult) {}
    /// A problem in the text that the reader stepped over.
    fn syntax_error(&mut self, _error: SyntaxError) {}
    /// The game is over (after its result, at the next game's tags, or at the end of the input).
    fn end_game(&mut self) {}
}
