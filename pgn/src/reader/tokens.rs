//! The lexical pieces of movetext: which bytes end a token, results, move numbers and the
//! annotation glyphs, and where an unclosed comment meets the next game.

use crate::tags::GameResult;

/// What starts the next game inside a comment left open: a line opening with its first tag.
const NEXT_GAME: &[u8] = b"\n[Event ";

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

#[inline]
pub(super) fn is_delimiter(byte: u8) -> bool {
    DELIMITERS[usize::from(byte)]
}

/// Where the line break stands before the next game's `[Event` in an unclosed comment's text.
pub(super) fn next_game_in(text: &[u8]) -> Option<usize> {
    // Most comments are one line: only those with a line break can hold the next game.
    memchr::memchr(b'\n', text)?;
    memchr::memmem::find(text, NEXT_GAME)
}

pub(super) fn parse_u8(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = digits
        .iter()
        .fold(0u32, |acc, &d| acc * 10 + u32::from(d - b'0'));
    u8::try_from(value).ok()
}

pub(super) fn as_result(token: &[u8]) -> Option<GameResult> {
    match token {
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" | b"\xC2\xBD-\xC2\xBD" => Some(GameResult::Draw),
        b"*" => Some(GameResult::Unfinished),
        _ => None,
    }
}

/// Move-quality glyphs and the common evaluation symbols, as their standard NAG numbers.
pub(super) fn as_annotation(token: &[u8]) -> Option<u8> {
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
#[inline]
pub(super) fn strip_move_number(token: &[u8]) -> &[u8] {
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
