//! The reader against hand-written PGN, whole and in chunks of every size.

use super::*;
use crate::tags::GameResult;
use std::ops::ControlFlow;

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
fn an_unclosed_variation_is_reported_when_its_game_ends() {
    let log = log_whole(b"1. e4 (1. d4 d5 *\n[Event \"b\"]\n1. c4 *");
    assert_eq!(
        log,
        [
            "game",
            "san e4",
            "(",
            "san d4",
            "san d5",
            "error line 2: '(' opens a variation that is not closed before the game ends",
            "end",
            "game",
            "tag Event=b",
            "san c4",
            "result *",
            "end"
        ]
    );
}

/// An open `{` ends where a line starts the next game, whatever the chunks: the game after
/// it is read, not swallowed.
#[test]
fn an_unclosed_comment_ends_at_the_next_game_s_event_tag() {
    let text: &[u8] = b"1. e4 {open\nstill open\n[Event \"two\"]\n1. d4 {fine} *\n";
    let whole = log_whole(text);
    assert_eq!(
        whole,
        [
            "game",
            "san e4",
            "error line 1: comment not closed before the next game's [Event tag",
            "comment open\nstill open",
            "end",
            "game",
            "tag Event=two",
            "san d4",
            "comment fine",
            "result *",
            "end"
        ]
    );
    for size in 1..=text.len() {
        assert_eq!(log_in_chunks(text, size), whole, "chunk size {size}");
    }
}

#[test]
fn a_fault_between_games_is_reported_in_the_game_it_comes_before() {
    let log = log_whole(b"1. e4 *\n}\n[Event \"b\"]\n1. d4 *");
    assert_eq!(
        log,
        [
            "game",
            "san e4",
            "result *",
            "end",
            "game",
            "error line 2: stray '}'",
            "tag Event=b",
            "san d4",
            "result *",
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

/// Line breaks are counted lazily, a stretch at a time: the line of every fault, and whether a
/// `%` stands in column 1, must not depend on where the chunks are cut.
#[test]
fn fault_lines_and_escapes_are_the_same_in_every_chunk_size() {
    let text: &[u8] = b"\xEF\xBB\xBF%escape at the start\n[Event \"a\"]\n[Bad tag]\r\n\r\n\
        1. e4 {two\nlines} e5 )\n%escaped ) line\n 2. Nf3 % not an escape $300\n\
        (2. Nc3 {x}\n\n[Event \"b\"]\n\n1. d4 ] {open\n[Event \"c\"]\n1. c4 }\n; note )\n{end";
    let whole = log_whole(text);
    let errors: Vec<&String> = whole.iter().filter(|e| e.starts_with("error")).collect();
    assert_eq!(
        errors,
        [
            "error line 3: malformed tag pair",
            "error line 6: ')' closes no variation",
            "error line 8: numeric annotation glyph is not a number from 0 to 255",
            "error line 11: '(' opens a variation that is not closed before the game ends",
            "error line 13: stray ']'",
            "error line 13: comment not closed before the next game's [Event tag",
            "error line 15: stray '}'",
            "error line 17: comment not closed before the end of the input",
        ]
    );
    // `% not an escape` is read as movetext (a token `%`), not skipped to the end of its line.
    assert!(whole.iter().any(|e| e == "san %"), "{whole:?}");
    for size in 1..=text.len() {
        assert_eq!(log_in_chunks(text, size), whole, "chunk size {size}");
    }
}

/// The word-at-a-time count of line breaks agrees with a plain count at every length and
/// every place of a line break, bytes next to `\n` (`\t`, `\x0B`) and high bytes included.
#[test]
fn line_breaks_are_counted_exactly_at_every_length() {
    for len in 0..80usize {
        for breaks in [
            &[][..],
            &[0][..],
            &[len / 2][..],
            &[0, len.saturating_sub(1)][..],
        ] {
            let mut bytes: Vec<u8> = (0..len).map(|i| [b'\t', 0x0B, 0x8A, b'e'][i % 4]).collect();
            for &at in breaks.iter().filter(|&&at| at < len) {
                bytes[at] = b'\n';
            }
            let plain = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
            assert_eq!(super::count_newlines(&bytes), plain, "{bytes:?}");
        }
    }
}

/// A visitor that wants lines, logging the line told before each tag, move and game end.
#[derive(Default)]
struct Lines {
    told: u64,
    log: Vec<String>,
}

impl Visitor for Lines {
    fn wants_lines(&self) -> bool {
        true
    }
    fn line(&mut self, line: u64) {
        self.told = line;
    }
    fn tag(&mut self, name: &[u8], _value: &[u8]) {
        let name = String::from_utf8_lossy(name);
        self.log.push(format!("tag {name} @{}", self.told));
    }
    fn san(&mut self, san: &[u8]) -> ControlFlow<()> {
        let san = String::from_utf8_lossy(san);
        self.log.push(format!("san {san} @{}", self.told));
        ControlFlow::Continue(())
    }
    fn end_game(&mut self) {
        self.log.push(format!("end @{}", self.told));
    }
}

/// Lines as `arbiter check` knew them by feeding one line at a time and counting them itself:
/// the line being fed when each event is heard.
fn lines_fed_line_by_line(text: &[u8]) -> Vec<String> {
    let mut lines = Lines::default();
    let mut reader = PgnReader::new();
    let mut line = 1;
    for part in text.split_inclusive(|&b| b == b'\n') {
        lines.told = 0;
        let before = lines.log.len();
        reader.feed(part, &mut lines);
        for event in &mut lines.log[before..] {
            *event = format!("{} @{line}", event.rsplit_once(" @").unwrap().0);
        }
        line += u64::from(part.ends_with(b"\n"));
    }
    let before = lines.log.len();
    reader.finish(&mut lines);
    for event in &mut lines.log[before..] {
        *event = format!("{} @{line}", event.rsplit_once(" @").unwrap().0);
    }
    lines.log
}

/// The line told before each tag, move and game end is the line a caller feeding line by line
/// would have counted, whatever the chunks: moves after a comment running on, a game ended by
/// the next game's tags, a tag holding an escaped line break, a last line without its break.
#[test]
fn the_line_told_is_the_line_of_each_tag_move_and_game_end_in_any_chunks() {
    let text: &[u8] = b"\xEF\xBB\xBF[Event \"a\"]\r\n[Site \"b\\\nc\"]\n\n1. e4 {a comment\n\
        running on} e5\n2. Nf3 (2. f4\nexf4) Nc6 1-0\n\n[Event \"d\"]\n1. d4 d5\n\
        [Event \"e\"]\n\n1. c4 ; note\n%escape\n c5 2. Nc3";
    let by_lines = lines_fed_line_by_line(text);
    assert!(by_lines.contains(&"tag Site @3".to_owned()), "{by_lines:?}");
    assert!(by_lines.contains(&"san e5 @6".to_owned()), "{by_lines:?}");
    assert!(by_lines.contains(&"end @12".to_owned()), "{by_lines:?}");
    assert_eq!(by_lines.last().map(String::as_str), Some("end @16"));
    for size in 1..=text.len() {
        let mut lines = Lines::default();
        let mut reader = PgnReader::new();
        for chunk in text.chunks(size) {
            reader.feed(chunk, &mut lines);
        }
        reader.finish(&mut lines);
        assert_eq!(lines.log, by_lines, "chunks of {size}");
    }
}

/// A move ends at its first delimiter whatever its length: the end is looked for eight bytes
/// at a time, so moves of 1 to 20 bytes are each ended by every kind of delimiter, read whole
/// and in chunks of every size (which also cut them at every offset).
#[test]
fn a_move_ends_at_its_first_delimiter_at_every_length() {
    let delimiters: [&[u8]; 8] = [b" ", b"\t", b"\r\n", b"{c}", b"(b4)", b"$7", b";c\n", b"]"];
    let mut text = b"[Event \"?\"]\n\n".to_vec();
    let mut expected = vec!["game".to_owned(), "tag Event=?".to_owned()];
    for len in 1..=20 {
        for delimiter in delimiters {
            // Bytes that are never delimiters, `-` and `x` among them, make up the move.
            let san: Vec<u8> = b"Nx-e4=Q+a1b2c3d4e5f6g7"
                .iter()
                .copied()
                .take(len)
                .collect();
            text.extend_from_slice(&san);
            text.extend_from_slice(delimiter);
            text.push(b' ');
            expected.push(format!("san {}", String::from_utf8_lossy(&san)));
            if delimiter == b"(b4)" {
                expected.push("san b4".to_owned());
            }
        }
    }
    text.extend_from_slice(b"*\n");
    let whole = log_whole(&text);
    let moves: Vec<&String> = whole.iter().filter(|e| e.starts_with("san ")).collect();
    let expected_moves: Vec<&String> = expected.iter().filter(|e| e.starts_with("san ")).collect();
    assert_eq!(moves, expected_moves);
    assert_eq!(whole[..2], expected[..2]);
    for size in 1..=24 {
        assert_eq!(log_in_chunks(&text, size), whole, "chunk size {size}");
    }
}
