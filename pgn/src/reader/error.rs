//! The faults in a PGN file's text that the reader reports and steps over.

use super::MAX_TOKEN_LEN;

/// A problem in the text of a PGN file that the reader stepped over.
///
/// The reader recovers from all of them and goes on; a visitor that wants strictness can stop at
/// the first one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct SyntaxError {
    /// 1-based line of the file where the problem starts.
    pub line: u64,
    /// What was wrong.
    pub kind: SyntaxErrorKind,
}

/// What was wrong in the text of a PGN file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// A tag pair that is not `[Name "value"]`.
    #[error("malformed tag pair")]
    MalformedTag,
    /// A `{` comment still open at the end of the input.
    #[error("comment not closed before the end of the input")]
    UnterminatedComment,
    /// A `)` with no variation open.
    #[error("')' closes no variation")]
    UnmatchedCloseParen,
    /// A `}` or `]` outside a comment or tag pair.
    #[error("stray '{0}'")]
    Stray(char),
    /// A `$` not followed by a number from 0 to 255.
    #[error("numeric annotation glyph is not a number from 0 to 255")]
    BadNag,
    /// A token longer than [`MAX_TOKEN_LEN`] bytes.
    #[error("token longer than {MAX_TOKEN_LEN} bytes skipped")]
    TokenTooLong,
    /// A `(` whose variation the game ended without closing.
    #[error("'(' opens a variation that is not closed before the game ends")]
    UnclosedVariation,
    /// A `{` comment still open where a line starts the next game with `[Event`: the comment
    /// ends there, so that it cannot swallow the games after it.
    #[error("comment not closed before the next game's [Event tag")]
    CommentCutByNextGame,
}
