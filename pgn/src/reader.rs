//! A push tokenizer for PGN: the caller feeds bytes in chunks of any size, and a [`Visitor`] hears
//! tags, moves, comments, NAGs, variations and results as they are found.
//!
//! The reader never checks a move and never builds a game; the visitor decides what to keep.
//! Memory stays bounded whatever the file size: only an incomplete token at the end of a chunk is
//! carried over, and a token longer than [`MAX_TOKEN_LEN`] is reported and skipped.
//!
//! ```
//! use arbiter_pgn::reader::{PgnReader, Visitor};
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

mod error;
mod tag_scan;
#[cfg(test)]
mod tests;
mod tokens;
mod visitor;

pub use error::{SyntaxError, SyntaxErrorKind};
use tag_scan::{TagScan, scan_tag, unescape_into};
use tokens::{as_annotation, as_result, is_delimiter, next_game_in, parse_u8, strip_move_number};
pub use visitor::Visitor;

/// The longest token (tag pair, comment, move) the reader will hold in memory. Longer tokens are
/// reported as [`SyntaxErrorKind::TokenTooLong`] and skipped, so memory stays bounded.
pub const MAX_TOKEN_LEN: usize = 1 << 20;

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
    /// Line of the file at `counted` in the data being read: line breaks are counted lazily,
    /// a whole stretch at once, when an error needs its line or the data is used up.
    line: u64,
    /// Offset in the data being read up to which `line` counts the line breaks.
    counted: usize,
    /// Offset in the data being read up to which no line break follows `counted`, so that a
    /// move before it stands on the line of `counted` (for a visitor that wants lines).
    clear_until: usize,
    /// Whether a line break stands at `clear_until` (found there, not the end of the data).
    break_at_clear: bool,
    /// Offset in the data being read where this call's reading began.
    base: usize,
    /// Whether the byte at `base` starts a line (column 1, where `%` escapes a line).
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
            counted: 0,
            clear_until: 0,
            break_at_clear: false,
            base: 0,
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
            self.end_game(visitor, self.line);
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

    /// Ends the game being read; `line` is where the reader stands (see [`Visitor::line`]).
    fn end_game<V: Visitor + ?Sized>(&mut self, visitor: &mut V, line: u64) {
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
        if visitor.wants_lines() {
            visitor.line(line);
        }
        visitor.end_game();
    }

    /// Tells a visitor that wants lines the line of the move at `at` (a move holds no line
    /// break). Line breaks are looked for once a line, not counted once a move: a move before
    /// the next line break stands on the line already known.
    #[inline]
    fn tell_line<V: Visitor + ?Sized>(&mut self, data: &[u8], at: usize, visitor: &mut V) {
        if visitor.wants_lines() {
            let line = self.line_at(data, at);
            visitor.line(line);
        }
    }

    /// The line of `at`, where `line` then stands too, for a visitor that wants lines: steps
    /// over whole lines while the next line break is known (one search a line, nothing
    /// counted), else counts up to `at`.
    #[inline]
    fn line_at(&mut self, data: &[u8], at: usize) -> u64 {
        // Most moves stand before the line break already found: one test answers them.
        if self.counted <= at && at <= self.clear_until {
            return self.line;
        }
        self.line_at_slow(data, at)
    }

    /// [`line_at`](Self::line_at) when `at` lies past the known line break or before `counted`.
    fn line_at_slow(&mut self, data: &[u8], at: usize) -> u64 {
        while self.break_at_clear && self.counted <= self.clear_until && self.clear_until < at {
            self.line += 1;
            self.counted = self.clear_until + 1;
            self.find_next_break(data, self.counted);
        }
        if at > self.clear_until || at < self.counted {
            self.sync_line(data, at);
            self.find_next_break(data, at);
        }
        self.line
    }

    /// Finds the first line break of `data` from `from` on, where `clear_until` then stands.
    fn find_next_break(&mut self, data: &[u8], from: usize) {
        match memchr::memchr(b'\n', &data[from..]) {
            Some(len) => (self.clear_until, self.break_at_clear) = (from + len, true),
            None => (self.clear_until, self.break_at_clear) = (data.len(), false),
        }
    }

    /// Consumes as many complete tokens of `data` as it can and returns how many bytes it used.
    fn run<V: Visitor + ?Sized>(&mut self, data: &[u8], eof: bool, visitor: &mut V) -> usize {
        let mut start = 0;
        if self.is_first_byte {
            match self.byte_order_mark_len(data, eof) {
                Some(len) => start = len,
                None => return 0,
            }
        }
        self.base = start;
        self.counted = start;
        self.clear_until = start;
        self.break_at_clear = false;
        let used = self.run_tokens(data, start, eof, visitor);
        // The bytes used are done with: their line breaks are counted once, here, and whether
        // the next byte starts a line is kept for the next call.
        self.sync_line(data, used);
        if used > start {
            self.at_line_start = data[used - 1] == b'\n';
        }
        used
    }

    /// Counts the line breaks of `data` up to `at`, so that `line` is the line of `at`.
    fn sync_line(&mut self, data: &[u8], at: usize) {
        if at > self.counted {
            self.line += count_newlines(&data[self.counted..at]);
            self.counted = at;
        }
    }

    /// Reports a fault of the token at `at`, on that token's line.
    fn report_at<V: Visitor + ?Sized>(
        &mut self,
        data: &[u8],
        at: usize,
        visitor: &mut V,
        kind: SyntaxErrorKind,
    ) {
        self.sync_line(data, at);
        self.report(visitor, kind);
    }

    /// Whether the token at `at` stands in column 1.
    fn is_line_start(&self, data: &[u8], at: usize) -> bool {
        if at == self.base {
            self.at_line_start
        } else {
            data[at - 1] == b'\n'
        }
    }

    fn run_tokens<V: Visitor + ?Sized>(
        &mut self,
        data: &[u8],
        mut at: usize,
        eof: bool,
        visitor: &mut V,
    ) -> usize {
        // Only an overlong token dropped between two calls is discarded: its end comes first.
        if let Some(discard) = self.discard {
            match find_discard_end(&data[at..], discard) {
                Some(len) => {
                    at += len;
                    self.discard = None;
                }
                None => {
                    self.discard = if eof { None } else { Some(discard) };
                    return data.len();
                }
            }
        }
        loop {
            // Whitespace: its line breaks are counted only when a line is needed.
            while let Some(&byte) = data.get(at) {
                if byte > b' ' {
                    break;
                }
                at += 1;
            }
            let Some(&byte) = data.get(at) else {
                return at;
            };
            // Most tokens are moves and move numbers inside a game's movetext: those are read
            // here, and everything else the long way.
            if self.phase == Phase::Movetext
                && let Some(next) = self.plain_token(data, at, byte, visitor)
            {
                at = next;
                continue;
            }
            let step = match byte {
                b'{' => self.brace_comment(data, at, eof, visitor),
                b'[' => self.tag_pair(data, at, eof, visitor),
                b'%' if self.is_line_start(data, at) => {
                    self.skip_line(data, at, eof, None, visitor)
                }
                b';' => self.skip_line(data, at, eof, Some(()), visitor),
                _ => self.movetext_token(data, at, eof, visitor),
            };
            match step {
                Step::Resume(next) => at = next,
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
        // Most comments are one line (`{[%clk 0:04:58]}`): their `}` comes before any line
        // break, and one search answers them. Only a comment spanning lines may be cut by the
        // next game.
        let (text, next) = match memchr::memchr2(b'}', b'\n', body) {
            Some(len) if body[len] == b'}' => (&body[..len], at + 1 + len + 1),
            _ => {
                let close = memchr::memchr(b'}', body);
                let open_part = close.map_or(body, |len| &body[..len]);
                match (next_game_in(open_part), close) {
                    (Some(cut), _) => {
                        self.report_at(data, at, visitor, SyntaxErrorKind::CommentCutByNextGame);
                        (&body[..cut], at + 1 + cut + 1)
                    }
                    (None, Some(len)) => (&body[..len], at + 1 + len + 1),
                    (None, None) if eof => {
                        self.report_at(data, at, visitor, SyntaxErrorKind::UnterminatedComment);
                        (body, data.len())
                    }
                    (None, None) => return Step::NeedMore,
                }
            }
        };
        // A comment over the limit is skipped as the streaming path skips it when it cannot
        // hold it, so that the verdict does not depend on how the input was cut into chunks.
        let too_long = text.len() >= MAX_TOKEN_LEN;
        if too_long {
            self.report_at(data, at, visitor, SyntaxErrorKind::TokenTooLong);
        }
        // Comments before a game's first tag belong to no game.
        if self.phase != Phase::BetweenGames {
            self.begin_movetext(visitor);
            if !self.is_skipping() && !too_long {
                visitor.comment(text);
            }
        }
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
        // The line of the pair's `]`, for a visitor that wants lines: where a reader fed line
        // by line would stand. Only an escape lets a well-formed pair hold a line break.
        let line = |reader: &mut Self, len: usize, may_break: bool| {
            let line = reader.line_at(data, at);
            line + if may_break {
                count_newlines(&data[at..at + len])
            } else {
                0
            }
        };
        if self.phase == Phase::Movetext {
            // The previous game had no termination marker; its tags start the next game.
            let line = match scan {
                _ if !visitor.wants_lines() => {
                    self.sync_line(data, at);
                    self.line
                }
                TagScan::Pair {
                    len, has_escapes, ..
                } => line(self, len, has_escapes),
                TagScan::Malformed { len } => line(self, len, true),
            };
            self.end_game(visitor, line);
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
                if visitor.wants_lines() {
                    let line = line(self, len, has_escapes);
                    visitor.line(line);
                }
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
                self.report_at(data, at, visitor, SyntaxErrorKind::MalformedTag);
                Step::Resume(at + len)
            }
        }
    }

    /// A move (`Nf3`, `exd5+`) or a move number (`12.`, `12...`) standing alone in a game's
    /// movetext, read the short way; `None` for any other token (a glyph, a result, a number
    /// glued to its move, a token cut by the end of the data), which `movetext_token` reads.
    /// Both ways give the same events.
    #[inline]
    fn plain_token<V: Visitor + ?Sized>(
        &mut self,
        data: &[u8],
        at: usize,
        first: u8,
        visitor: &mut V,
    ) -> Option<usize> {
        let mut end = at + 1;
        if first.is_ascii_alphabetic() {
            end = token_end(data, end);
            let last = *data.get(end).and(data.get(end - 1))?;
            if last == b'!' || last == b'?' {
                return None;
            }
            if !self.is_skipping() {
                self.tell_line(data, at, visitor);
                if visitor.san(&data[at..end]).is_break() {
                    self.skip_from = Some(0);
                }
            }
            Some(end)
        } else if first.is_ascii_digit() {
            while end < data.len() && data[end].is_ascii_digit() {
                end += 1;
            }
            let digits = end;
            while end < data.len() && data[end] == b'.' {
                end += 1;
            }
            (end > digits && is_delimiter(*data.get(end)?)).then_some(end)
        } else {
            None
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
                self.report_at(data, at, visitor, SyntaxErrorKind::Stray(byte as char));
                return Step::Resume(at + 1);
            }
            b')' => {
                if self.depth == 0 {
                    self.report_at(data, at, visitor, SyntaxErrorKind::UnmatchedCloseParen);
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
        let end = token_end(data, at + 1);
        let len = match end < data.len() {
            true => end - at,
            false if eof => data.len() - at,
            false => return Step::NeedMore,
        };
        self.begin_movetext(visitor);
        let token = &data[at..at + len];
        if byte == b'$' {
            let nag = parse_u8(&token[1..]);
            if nag.is_none() {
                self.report_at(data, at, visitor, SyntaxErrorKind::BadNag);
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
                self.sync_line(data, at);
                self.end_game(visitor, self.line);
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
        } else if !san.is_empty() {
            self.tell_line(data, at, visitor);
            if visitor.san(san).is_break() {
                self.skip_from = Some(0);
            }
        }
        if let Some(nag) = as_annotation(glyph).filter(|_| !self.is_skipping()) {
            visitor.nag(nag);
        }
        Step::Resume(at + len)
    }
}

/// Where the token running at `from` ends: its first delimiter, or the end of `data`. Eight
/// bytes are tested at a time while eight remain, without a bound test a byte: a move is read
/// on every ply, and most end within the first eight.
#[inline]
fn token_end(data: &[u8], mut from: usize) -> usize {
    while let Some(eight) = data.get(from..from + 8) {
        if let Some(len) = eight.iter().position(|&b| is_delimiter(b)) {
            return from + len;
        }
        from += 8;
    }
    while from < data.len() && !is_delimiter(data[from]) {
        from += 1;
    }
    from
}

/// The line breaks in `bytes`. Most calls count the few bytes between two moves (a move number,
/// a clock comment), most often none: eight at a time in a word, a word without one costing a
/// test, which is a fraction of a byte loop or of a vector search's setup; a long stretch goes
/// to the vector search.
fn count_newlines(bytes: &[u8]) -> u64 {
    if bytes.len() >= 64 {
        return memchr::memchr_iter(b'\n', bytes).count() as u64;
    }
    if bytes.len() < 8 {
        return bytes.iter().filter(|&&b| b == b'\n').count() as u64;
    }
    let word = |at: usize| {
        let mut eight = [0; 8];
        eight.copy_from_slice(&bytes[at..at + 8]);
        newline_bytes(u64::from_le_bytes(eight))
    };
    let mut count = 0;
    let mut at = 0;
    while at + 8 <= bytes.len() {
        let found = word(at);
        if found != 0 {
            count += u64::from(found.count_ones());
        }
        at += 8;
    }
    if at < bytes.len() {
        // The last eight bytes, less those already counted (the low ones: little-endian).
        let counted = 8 - (bytes.len() - at);
        let found = word(bytes.len() - 8) & (u64::MAX << (8 * counted));
        if found != 0 {
            count += u64::from(found.count_ones());
        }
    }
    count
}

/// The top bit of each byte of `word` that is a line break, and no other bit.
fn newline_bytes(word: u64) -> u64 {
    const LOW7: u64 = u64::from_ne_bytes([0x7F; 8]);
    const NEWLINES: u64 = u64::from_ne_bytes([b'\n'; 8]);
    // A byte of `x` is zero where `word` holds a line break; adding 0x7F to its low seven bits
    // sets the top bit of every other byte, and no carry crosses bytes (0x7F + 0x7F < 0x100).
    let x = word ^ NEWLINES;
    !(((x & LOW7) + LOW7) | x | LOW7)
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
