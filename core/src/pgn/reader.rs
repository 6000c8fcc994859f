//! A push tokenizer for PGN: the caller feeds bytes in chunks of any size, and a [`Visitor`] hears
//! tags, moves, comments, NAGs, variations and results as they are found.
//!
//! The reader never checks a move and never builds a game; the visitor decides what to keep.
//! Memory stays bounded whatever the file size: only an incomplete token at the end of a chunk is
//! carried over, and a token longer than [`MAX_TOKEN_LEN`] is reported and skipped.
//!
//! ```
//! use arbiter_core::pgn::reader::{PgnReader, Visitor};
//! use std::ops::ControlFlow;
//!
//! #[derive(Default)]
//! struct CountMoves(Vec<usize>);
//! impl Visitor for CountMoves {
//!     fn begin_game(&mut self) { self.0.push(0); }
//!     fn san(&mut self, _san: &[u8]) -> ControlFlow<()> {
//!         if let Some(n) = self.0.last_mut() { *n += 1; }
//!         ControlFlow::Continue(())
//!     }
//! }
//!
//! let mut reader = PgnReader::new();
//! let mut counter = CountMoves::default();
//! // A chunk may end anywhere, even inside a move.
//! reader.feed(b"[Event \"?\"]\n\n1. e4 e5 2. N", &mut counter);
//! reader.feed(b"f3 (2. Nc3) Nc6 1-0\n\n1. d4 *\n", &mut counter);
//! reader.finish(&mut counter);
//! // Moves of variations count too here: this visitor does not skip them.
//! assert_eq!(counter.0, vec![5, 1]);
//! ```

use std::ops::ControlFlow;

use super::tags::GameResult;

/// The longest token (tag pair, comment, move) the reader will hold in memory. Longer tokens are
/// reported as [`SyntaxErrorKind::TokenTooLong`] and skipped, so memory stays bounded.
pub const MAX_TOKEN_LEN: usize = 1 << 20;

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

/// What starts the next game inside a comment left open: a line opening with its first tag.
const NEXT_GAME: &[u8] = b"\n[Event ";

/// Hears what a [`PgnReader`] finds, in file order.
///
/// For each game: [`begin_game`](Visitor::begin_game), any number of [`tag`](Visitor::tag),
/// [`begin_movetext`](Visitor::begin_movetext), then moves, NAGs, comments and variations, at most
/// one [`result`](Visitor::result), and [`end_game`](Visitor::end_game). Every method has a default
/// that ignores its input. Methods returning `ControlFlow::Break(())` ask the reader to skip: the
/// rest of the game from `begin_movetext` or `san`, the variation from `begin_variation`.
pub trait Visitor {
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    BetweenGames,
    Tags,
    Movetext,
}

/// After a token too long to hold: what ends the part we throw away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DiscardUpTo {
    CloseBrace,
    Newline,
    Delimiter,
}

/// Outcome of looking at one token: done (resume at an offset), or wait for more bytes.
enum Step {
    Resume(usize),
    NeedMore,
}

/// The streaming PGN tokenizer. Feed it chunks with [`feed`](PgnReader::feed) and call
/// [`finish`](PgnReader::finish) at the end of the input.
#[derive(Debug)]
pub struct PgnReader {
    carry: Vec<u8>,
    phase: Phase,
    line: u64,
    at_line_start: bool,
    is_first_byte: bool,
    depth: u32,
    /// Skipping everything at variation depth >= this (0: the rest of the game).
    skip_from: Option<u32>,
    discard: Option<DiscardUpTo>,
    scratch: Vec<u8>,
}

impl Default for PgnReader {
    fn default() -> Self {
        Self::new()
    }
}

impl PgnReader {
    /// A reader at the start of a file.
    pub fn new() -> Self {
        PgnReader {
            carry: Vec::new(),
            phase: Phase::BetweenGames,
            line: 1,
            at_line_start: true,
            is_first_byte: true,
            depth: 0,
            skip_from: None,
            discard: None,
            scratch: Vec::new(),
        }
    }

    /// Reads the next chunk of the input. A token cut by the end of the chunk waits for the next.
    pub fn feed<V: Visitor + ?Sized>(&mut self, chunk: &[u8], visitor: &mut V) {
        let mut chunk = chunk;
        if !self.carry.is_empty() {
            // Complete the token cut by the last chunk with this chunk's first line only: most
            // tokens end there, and the rest of the chunk is then read in place, uncopied.
            let line_end = chunk
                .iter()
                .position(|&b| b == b'\n')
                .map_or(chunk.len(), |i| i + 1);
            let (first_line, rest) = chunk.split_at(line_end);
            self.run_carried(first_line, visitor);
            chunk = rest;
            if !self.carry.is_empty() {
                // A token longer than a line (a comment): keep collecting it.
                self.run_carried(chunk, visitor);
                return;
            }
        }
        let used = self.run(chunk, false, visitor);
        self.keep_rest(&chunk[used..], visitor);
    }

    /// Reads the carried bytes followed by `more`, keeping what is still incomplete.
    fn run_carried<V: Visitor + ?Sized>(&mut self, more: &[u8], visitor: &mut V) {
        let mut data = std::mem::take(&mut self.carry);
        data.extend_from_slice(more);
        let used = self.run(&data, false, visitor);
        data.drain(..used);
        self.carry = data;
        self.bound_carry(visitor);
    }

    /// Ends the input: the last token is complete, and an open game ends.
    pub fn finish<V: Visitor + ?Sized>(&mut self, visitor: &mut V) {
        let data = std::mem::take(&mut self.carry);
        self.run(&data, true, visitor);
        if self.phase != Phase::BetweenGames {
            self.end_game(visitor);
        }
        *self = PgnReader {
            scratch: std::mem::take(&mut self.scratch),
            ..PgnReader::new()
        };
    }

    /// Reads a whole input held in memory, as `feed` then `finish`.
    pub fn read_all<V: Visitor + ?Sized>(bytes: &[u8], visitor: &mut V) {
        let mut reader = PgnReader::new();
        reader.feed(bytes, visitor);
        reader.finish(visitor);
    }

    /// Bytes of a UTF-8 byte order mark at the very start of the input, which is not text.
    /// `None`: the chunk is too short to tell yet.
    fn byte_order_mark_len(&mut self, data: &[u8], eof: bool) -> Option<usize> {
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        if data.starts_with(BOM) {
            self.is_first_byte = false;
            Some(BOM.len())
        } else if BOM.starts_with(data) && !eof {
            None
        } else {
            self.is_first_byte = false;
            Some(0)
        }
    }

    fn keep_rest<V: Visitor + ?Sized>(&mut self, rest: &[u8], visitor: &mut V) {
        self.carry.extend_from_slice(rest);
        self.bound_carry(visitor);
    }

    /// Keeps memory bounded: a pending token longer than the limit is dropped and skipped.
    fn bound_carry<V: Visitor + ?Sized>(&mut self, visitor: &mut V) {
        if self.carry.len() <= MAX_TOKEN_LEN {
            return;
        }
        let discard = match self.carry.first() {
            Some(b'{') => DiscardUpTo::CloseBrace,
            Some(b'[' | b';' | b'%') => DiscardUpTo::Newline,
            _ => DiscardUpTo::Delimiter,
        };
        self.report(visitor, SyntaxErrorKind::TokenTooLong);
        let dropped = std::mem::take(&mut self.carry);
        self.count_lines(&dropped);
        self.discard = Some(discard);
    }

    fn report<V: Visitor + ?Sized>(&mut self, visitor: &mut V, kind: SyntaxErrorKind) {
        // Text between games (a stray `}` before the first tag) belongs to the game it comes
        // before: starting that game here gives the error a game to be reported in.
        if self.phase == Phase::BetweenGames {
            self.begin_game(visitor);
        }
        visitor.syntax_error(SyntaxError {
            line: self.line,
            kind,
        });
    }

    fn count_lines(&mut self, bytes: &[u8]) {
        self.line += bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        if let Some(&last) = bytes.last() {
            self.at_line_start = last == b'\n';
        }
    }

    fn is_skipping(&self) -> bool {
        self.skip_from.is_some_and(|from| self.depth >= from)
    }

    fn begin_game<V: Visitor + ?Sized>(&mut self, visitor: &mut V) {
        self.phase = Phase::Tags;
        self.depth = 0;
        self.skip_from = None;
        visitor.begin_game();
    }

    fn begin_movetext<V: Visitor + ?Sized>(&mut self, visitor: &mut V) {
        if self.phase == Phase::BetweenGames {
            self.begin_game(visitor);
        }
        if self.phase == Phase::Tags {
            self.phase = Phase::Movetext;
            if visitor.begin_movetext().is_break() {
                self.skip_from = Some(0);
            }
        }
    }

    fn end_game<V: Visitor + ?Sized>(&mut self, visitor: &mut V) {
        if self.phase == Phase::Tags {
            // A game of tags only still has an (empty) movetext.
            self.begin_movetext(visitor);
        }
        if self.depth > 0 {
            self.report(visitor, SyntaxErrorKind::UnclosedVariation);
        }
        self.phase = Phase::BetweenGames;
        self.depth = 0;
        self.skip_from = None;
        visitor.end_game();
    }

    /// Consumes as many complete tokens of `data` as it can and returns how many bytes it used.
    fn run<V: Visitor + ?Sized>(&mut self, data: &[u8], eof: bool, visitor: &mut V) -> usize {
        let mut at = 0;
        if self.is_first_byte {
            match self.byte_order_mark_len(data, eof) {
                Some(len) => at = len,
                None => return 0,
            }
        }
        loop {
            if let Some(discard) = self.discard {
                match find_discard_end(&data[at..], discard) {
                    Some(len) => {
                        self.count_lines(&data[at..at + len]);
                        at += len;
                        self.discard = None;
                    }
                    None => {
                        self.count_lines(&data[at..]);
                        self.discard = if eof { None } else { Some(discard) };
                        return data.len();
                    }
                }
            }
            // Whitespace, tracking lines for error reports and column 1 for `%` escapes.
            while let Some(&byte) = data.get(at) {
                if byte > b' ' {
                    break;
                }
                if byte == b'\n' {
                    self.line += 1;
                    self.at_line_start = true;
                } else {
                    self.at_line_start = false;
                }
                at += 1;
            }
            let Some(&byte) = data.get(at) else {
                return at;
            };
            let step = match byte {
                b'%' if self.at_line_start => self.skip_line(data, at, eof, None, visitor),
                b';' => self.skip_line(data, at, eof, Some(()), visitor),
                b'{' => self.brace_comment(data, at, eof, visitor),
                b'[' => self.tag_pair(data, at, eof, visitor),
                _ => self.movetext_token(data, at, eof, visitor),
            };
            match step {
                Step::Resume(next) => {
                    self.at_line_start = false;
                    at = next;
                }
                Step::NeedMore => return at,
            }
        }
    }

    /// A `%` escape line (ignored) or a `;` comment (reported), up to the end of the line.
    fn skip_line<V: Visitor + ?Sized>(
        &mut self,
        data: &[u8],
        at: usize,
        eof: bool,
        is_comment: Option<()>,
        visitor: &mut V,
    ) -> Step {
        let end = match data[at..].iter().position(|&b| b == b'\n') {
            Some(len) => at + len,
            None if eof => data.len(),
            None => return Step::NeedMore,
        };
        if is_comment.is_some() && self.phase != Phase::BetweenGames {
            self.begin_movetext(visitor);
            if !self.is_skipping() {
                let text = &data[at + 1..end];
                visitor.comment(text.strip_suffix(b"\r").unwrap_or(text));
            }
        }
        // The newline itself is left for the whitespace loop, which counts it.
        Step::Resume(end)
    }

    fn brace_comment<V: Visitor + ?Sized>(
        &mut self,
        data: &[u8],
        at: usize,
        eof: bool,
        visitor: &mut V,
    ) -> Step {
        let body = &data[at + 1..];
        let close = memchr::memchr(b'}', body);
        let open_part = close.map_or(body, |len| &body[..len]);
        // `lines`: the bytes whose line breaks the comment spans, its text and what ends it.
        let (text, lines, next) = match (next_game_in(open_part), close) {
            (Some(cut), _) => {
                self.report(visitor, SyntaxErrorKind::CommentCutByNextGame);
                (&body[..cut], &body[..=cut], at + 1 + cut + 1)
            }
            (None, Some(len)) => (&body[..len], &body[..len], at + 1 + len + 1),
            (None, None) if eof => {
                self.report(visitor, SyntaxErrorKind::UnterminatedComment);
                (body, body, data.len())
            }
            (None, None) => return Step::NeedMore,
        };
        // A comment over the limit is skipped as the streaming path skips it when it cannot
        // hold it, so that the verdict does not depend on how the input was cut into chunks.
        let too_long = text.len() >= MAX_TOKEN_LEN;
        if too_long {
            self.report(visitor, SyntaxErrorKind::TokenTooLong);
        }
        // Comments before a game's first tag belong to no game.
        if self.phase != Phase::BetweenGames {
            self.begin_movetext(visitor);
            if !self.is_skipping() && !too_long {
                visitor.comment(text);
            }
        }
        // Most comments are one line (`{[%clk 0:04:58]}`): memchr answers those at once.
        self.line += memchr::memchr_iter(b'\n', lines).count() as u64;
        Step::Resume(next)
    }

    fn tag_pair<V: Visitor + ?Sized>(
        &mut self,
        data: &[u8],
        at: usize,
        eof: bool,
        visitor: &mut V,
    ) -> Step {
        let scan = match scan_tag(&data[at..], eof) {
            Some(scan) => scan,
            None => return Step::NeedMore,
        };
        if self.phase == Phase::Movetext {
            // The previous game had no termination marker; its tags start the next game.
            self.end_game(visitor);
        }
        if self.phase == Phase::BetweenGames {
            self.begin_game(visitor);
        }
        match scan {
            TagScan::Pair {
                name,
                value,
                has_escapes,
                len,
            } => {
                let name = &data[at + name.0..at + name.1];
                let raw = &data[at + value.0..at + value.1];
                if has_escapes {
                    self.scratch.clear();
                    unescape_into(raw, &mut self.scratch);
                    visitor.tag(name, &self.scratch);
                } else {
                    visitor.tag(name, raw);
                }
                Step::Resume(at + len)
            }
            TagScan::Malformed { len } => {
                self.report(visitor, SyntaxErrorKind::MalformedTag);
                Step::Resume(at + len)
            }
        }
    }

    fn movetext_token<V: Visitor + ?Sized>(
        &mut self,
        data: &[u8],
        at: usize,
        eof: bool,
        visitor: &mut V,
    ) -> Step {
        let byte = data[at];
        match byte {
            b'}' | b']' => {
                self.report(visitor, SyntaxErrorKind::Stray(byte as char));
                return Step::Resume(at + 1);
            }
            b')' => {
                if self.depth == 0 {
                    self.report(visitor, SyntaxErrorKind::UnmatchedCloseParen);
                } else {
                    if self.skip_from == Some(self.depth) {
                        self.skip_from = None;
                    } else if !self.is_skipping() {
                        visitor.end_variation();
                    }
                    self.depth -= 1;
                }
                return Step::Resume(at + 1);
            }
            _ => {}
        }
        if byte == b'(' {
            self.begin_movetext(visitor);
            self.depth += 1;
            if !self.is_skipping() && visitor.begin_variation().is_break() {
                self.skip_from = Some(self.depth);
            }
            return Step::Resume(at + 1);
        }
        // The token's first byte may be `$`, itself a delimiter of other tokens.
        let len = match data[at + 1..].iter().position(|&b| is_delimiter(b)) {
            Some(len) => len + 1,
            None if eof => data.len() - at,
            None => return Step::NeedMore,
        };
        self.begin_movetext(visitor);
        let token = &data[at..at + len];
        if byte == b'$' {
            let nag = parse_u8(&token[1..]);
            if nag.is_none() {
                self.report(visitor, SyntaxErrorKind::BadNag);
            }
            if let Some(nag) = nag.filter(|_| !self.is_skipping()) {
                visitor.nag(nag);
            }
            return Step::Resume(at + len);
        }
        // Trailing `!`/`?` glyphs are annotations, not part of the move.
        let glyphs = token
            .iter()
            .rev()
            .take_while(|&&b| b == b'!' || b == b'?')
            .count();
        let (body, glyph) = token.split_at(token.len() - glyphs);
        // `12.e4` carries its move number glued on; results start with a digit too, but never
        // with digits and a dot, so they survive the stripping.
        let san = strip_move_number(body);
        // Most tokens are moves: test the rarer kinds only when the first byte allows them.
        let first = san.first().copied().unwrap_or(0);
        if matches!(first, b'0'..=b'1' | b'*' | 0xC2)
            && let Some(result) = as_result(san)
        {
            // A result written inside a variation is an annotation, not the end of the game.
            if self.depth == 0 {
                visitor.result(result);
                self.end_game(visitor);
            }
            return Step::Resume(at + len);
        }
        if self.is_skipping() {
            return Step::Resume(at + len);
        }
        if matches!(first, b'+' | b'-' | b'=')
            && let Some(nag) = as_annotation(san)
        {
            // An evaluation symbol such as `+-` or `=`, not a move.
            visitor.nag(nag);
        } else if !san.is_empty() && visitor.san(san).is_break() {
            self.skip_from = Some(0);
        }
        if let Some(nag) = as_annotation(glyph).filter(|_| !self.is_skipping()) {
            visitor.nag(nag);
        }
        Step::Resume(at + len)
    }
}

/// Bytes that end a move or number token, as a table: this test runs on every byte of movetext.
const DELIMITERS: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = byte <= b' ' as usize
            || matches!(
                byte as u8,
                b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$'
            );
        byte += 1;
    }
    table
};

fn is_delimiter(byte: u8) -> bool {
    DELIMITERS[usize::from(byte)]
}

/// Where the line break stands before the next game's `[Event` in an unclosed comment's text.
fn next_game_in(text: &[u8]) -> Option<usize> {
    // Most comments are one line: only those with a line break can hold the next game.
    memchr::memchr(b'\n', text)?;
    memchr::memmem::find(text, NEXT_GAME)
}

fn find_discard_end(data: &[u8], discard: DiscardUpTo) -> Option<usize> {
    match discard {
        // An overlong comment ends at its `}`, or where the next game starts if it comes first.
        DiscardUpTo::CloseBrace => {
            let close = memchr::memchr(b'}', data).map(|i| i + 1);
            match (next_game_in(&data[..close.unwrap_or(data.len())]), close) {
                (Some(cut), _) => Some(cut + 1),
                (None, close) => close,
            }
        }
        DiscardUpTo::Newline => data.iter().position(|&b| b == b'\n'),
        DiscardUpTo::Delimiter => data.iter().position(|&b| is_delimiter(b)),
    }
}

fn parse_u8(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = digits
        .iter()
        .fold(0u32, |acc, &d| acc * 10 + u32::from(d - b'0'));
    u8::try_from(value).ok()
}

fn as_result(token: &[u8]) -> Option<GameResult> {
    match token {
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" | b"\xC2\xBD-\xC2\xBD" => Some(GameResult::Draw),
        b"*" => Some(GameResult::Unfinished),
        _ => None,
    }
}

/// Move-quality glyphs and the common evaluation symbols, as their standard NAG numbers.
fn as_annotation(token: &[u8]) -> Option<u8> {
    Some(match token {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        b"=" => 10,
        b"+/=" => 14,
        b"=/+" => 15,
        b"+/-" => 16,
        b"-/+" => 17,
        b"+-" => 18,
        b"-+" => 19,
        _ => return None,
    })
}

/// `12.e4` -> `e4`, `12...` -> ``, `12` -> ``, but `0-0` stays a move.
fn strip_move_number(token: &[u8]) -> &[u8] {
    // Most tokens are moves, which start with a letter: nothing to strip.
    if token
        .first()
        .is_some_and(|&b| !b.is_ascii_digit() && b != b'.')
    {
        return token;
    }
    // Numbers with their dots, as many as are glued together (`.2.`, `1.2...`): digits
    // without a dot after them stay, since `0-0` and `1-0` start with a digit too.
    let mut rest = token;
    loop {
        let mut at = 0;
        while at < rest.len() && rest[at].is_ascii_digit() {
            at += 1;
        }
        let digits = at;
        while at < rest.len() && rest[at] == b'.' {
            at += 1;
        }
        if at == digits {
            break;
        }
        rest = &rest[at..];
    }
    // Digits alone are a move number (`12`, or `.12` left over), never a move.
    let mut i = 0;
    while i < rest.len() && rest[i].is_ascii_digit() {
        i += 1;
    }
    if i == rest.len() { &rest[i..] } else { rest }
}

enum TagScan {
    Pair {
        name: (usize, usize),
        value: (usize, usize),
        has_escapes: bool,
        len: usize,
    },
    Malformed {
        len: usize,
    },
}

/// Scans `[Name "value"]` at the start of `data`. `None`: the tag pair is cut by the end of the
/// chunk. A malformed pair resumes after its `]` or at the end of its line.
fn scan_tag(data: &[u8], eof: bool) -> Option<TagScan> {
    let malformed = |from: usize| -> Option<TagScan> {
        match data[from..].iter().position(|&b| b == b']' || b == b'\n') {
            Some(i) if data[from + i] == b']' => Some(TagScan::Malformed { len: from + i + 1 }),
            Some(i) => Some(TagScan::Malformed { len: from + i }),
            None if eof => Some(TagScan::Malformed { len: data.len() }),
            None => None,
        }
    };
    let skip_spaces = |mut i: usize| {
        while data.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
            i += 1;
        }
        i
    };
    let name_start = skip_spaces(1);
    let mut i = name_start;
    while data
        .get(i)
        .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
    {
        i += 1;
    }
    let name_end = i;
    i = skip_spaces(i);
    match data.get(i) {
        None if !eof => return None,
        Some(b'"') if name_end > name_start => {}
        _ => return malformed(i.min(data.len())),
    }
    let value_start = i + 1;
    let mut has_escapes = false;
    i = value_start;
    loop {
        match data.get(i) {
            None if !eof => return None,
            None | Some(b'\n') => return malformed(i.min(data.len())),
            Some(b'"') => break,
            Some(b'\\') => {
                has_escapes = true;
                i += 2;
            }
            Some(_) => i += 1,
        }
    }
    let value_end = i;
    i = skip_spaces(i + 1);
    match data.get(i) {
        None if !eof => None,
        Some(b']') => Some(TagScan::Pair {
            name: (name_start, name_end),
            value: (value_start, value_end),
            has_escapes,
            len: i + 1,
        }),
        _ => malformed(i.min(data.len())),
    }
}

/// Resolves the two escapes of PGN tag values, `\"` and `\\`; any other backslash stays.
fn unescape_into(raw: &[u8], out: &mut Vec<u8>) {
    let mut bytes = raw.iter().copied();
    while let Some(b) = bytes.next() {
        if b == b'\\' {
            match bytes.next() {
                Some(next @ (b'"' | b'\\')) => out.push(next),
                Some(next) => out.extend_from_slice(&[b, next]),
                None => out.push(b),
            }
        } else {
            out.push(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, Debug, PartialEq)]
    struct Log(Vec<String>);

    impl Visitor for Log {
        fn begin_game(&mut self) {
            self.0.push("game".into());
        }
        fn tag(&mut self, name: &[u8], value: &[u8]) {
            self.0.push(format!(
                "tag {}={}",
                String::from_utf8_lossy(name),
                String::from_utf8_lossy(value)
            ));
        }
        fn san(&mut self, san: &[u8]) -> ControlFlow<()> {
            self.0.push(format!("san {}", String::from_utf8_lossy(san)));
            ControlFlow::Continue(())
        }
        fn nag(&mut self, nag: u8) {
            self.0.push(format!("nag {nag}"));
        }
        fn comment(&mut self, text: &[u8]) {
            self.0
                .push(format!("comment {}", String::from_utf8_lossy(text)));
        }
        fn begin_variation(&mut self) -> ControlFlow<()> {
            self.0.push("(".into());
            ControlFlow::Continue(())
        }
        fn end_variation(&mut self) {
            self.0.push(")".into());
        }
        fn result(&mut self, result: GameResult) {
            self.0.push(format!("result {result}"));
        }
        fn syntax_error(&mut self, error: SyntaxError) {
            self.0.push(format!("error {error}"));
        }
        fn end_game(&mut self) {
            self.0.push("end".into());
        }
    }

    fn log_whole(text: &[u8]) -> Vec<String> {
        let mut log = Log::default();
        PgnReader::read_all(text, &mut log);
        log.0
    }

    /// The same events whatever the chunk size: this is what makes streaming safe.
    fn log_in_chunks(text: &[u8], size: usize) -> Vec<String> {
        let mut log = Log::default();
        let mut reader = PgnReader::new();
        for chunk in text.chunks(size) {
            reader.feed(chunk, &mut log);
        }
        reader.finish(&mut log);
        log.0
    }

    const SAMPLE: &[u8] = b"\xEF\xBB\xBF[Event \"Club \\\"A\\\" \\\\ 1\"]\r\n[Site \"?\"]\r\n\r\n\
        {start} 1.e4 e5!? 2. Nf3 $1 (2. f4 {gambit} exf4 (2... d5)) ; line comment\n\
        %escaped line 1-0\n2... Nc6?? 3. O-O-O+ 0-0 1/2-1/2\n\n1. d4 *";

    #[test]
    fn tokens_of_a_game_in_file_order() {
        let expected: Vec<String> = [
            "game",
            "tag Event=Club \"A\" \\ 1",
            "tag Site=?",
            "comment start",
            "san e4",
            "san e5",
            "nag 5",
            "san Nf3",
            "nag 1",
            "(",
            "san f4",
            "comment gambit",
            "san exf4",
            "(",
            "san d5",
            ")",
            ")",
            "comment  line comment",
            "san Nc6",
            "nag 4",
            "san O-O-O+",
            "san 0-0",
            "result 1/2-1/2",
            "end",
            "game",
            "san d4",
            "result *",
            "end",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(log_whole(SAMPLE), expected);
    }

    #[test]
    fn every_chunk_size_gives_the_same_tokens() {
        let whole = log_whole(SAMPLE);
        for size in 1..=SAMPLE.len() {
            assert_eq!(log_in_chunks(SAMPLE, size), whole, "chunk size {size}");
        }
    }

    #[test]
    fn game_without_result_ends_at_next_tags_or_end_of_input() {
        let log = log_whole(b"[White \"a\"]\n1. e4\n[White \"b\"]\n1. d4");
        assert_eq!(
            log,
            [
                "game",
                "tag White=a",
                "san e4",
                "end",
                "game",
                "tag White=b",
                "san d4",
                "end"
            ]
        );
    }

    #[test]
    fn skipped_variation_and_skipped_game() {
        struct SkipAll(Vec<String>);
        impl Visitor for SkipAll {
            fn san(&mut self, san: &[u8]) -> ControlFlow<()> {
                self.0.push(String::from_utf8_lossy(san).into_owned());
                if san == b"e5" {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
            fn begin_variation(&mut self) -> ControlFlow<()> {
                ControlFlow::Break(())
            }
            fn end_variation(&mut self) {
                self.0.push(")".into());
            }
            fn end_game(&mut self) {
                self.0.push("end".into());
            }
        }
        let mut v = SkipAll(Vec::new());
        PgnReader::read_all(
            b"1. d4 (1. c4 (1. b4) c5) d5 2. e4 e5 3. f4 1-0 1. g4 *",
            &mut v,
        );
        assert_eq!(v.0, ["d4", "d5", "e4", "e5", "end", "g4", "end"]);
    }

    #[test]
    fn syntax_errors_are_reported_with_their_line_and_reading_goes_on() {
        let log = log_whole(b"[Event noquotes]\n1. e4 ) e5 $999 }\n2. Nf3 {open");
        assert_eq!(
            log,
            [
                "game",
                "error line 1: malformed tag pair",
                "san e4",
                "error line 2: ')' closes no variation",
                "san e5",
                "error line 2: numeric annotation glyph is not a number from 0 to 255",
                "error line 2: stray '}'",
                "san Nf3",
                "error line 3: comment not closed before the end of the input",
                "comment open",
                "end"
            ]
        );
    }

    #[test]
    fn an_overlong_token_is_skipped_with_bounded_memory() {
        let mut log = Log::default();
        let mut reader = PgnReader::new();
        reader.feed(b"1. e4 {", &mut log);
        let filler = vec![b'x'; 64 * 1024];
        for _ in 0..(MAX_TOKEN_LEN / filler.len() + 2) {
            reader.feed(&filler, &mut log);
            assert!(reader.carry.len() <= MAX_TOKEN_LEN + filler.len());
        }
        reader.feed(b"} e5 1-0", &mut log);
        reader.finish(&mut log);
        assert_eq!(
            log.0,
            [
                "game",
                "san e4",
                &format!("error line 1: token longer than {MAX_TOKEN_LEN} bytes skipped"),
                "san e5",
                "result 1-0",
                "end"
            ]
        );
    }

    #[test]
    fn move_numbers_are_not_moves_but_castling_with_zeros_is() {
        assert_eq!(strip_move_number(b"12."), b"");
        assert_eq!(strip_move_number(b"12...Nf6"), b"Nf6");
        assert_eq!(strip_move_number(b"7"), b"");
        assert_eq!(strip_move_number(b"0-0-0"), b"0-0-0");
        assert_eq!(strip_move_number(b"..."), b"");
        assert_eq!(strip_move_number(b".6"), b"");
        // Found by fuzz_pgn: `.2.` was read as a move named `2.`.
        assert_eq!(strip_move_number(b".2."), b"");
        assert_eq!(strip_move_number(b"1.2...Nf6"), b"Nf6");
        assert_eq!(strip_move_number(b"1.0-0"), b"0-0");
    }
}
