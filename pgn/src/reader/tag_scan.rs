//! Tag pairs, `[Name "value"]`, scanned in place: the reader hands out slices of its input and
//! copies a value only when it holds escapes.

pub(super) enum TagScan {
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

/// The bytes of a tag's name (letters, digits, `_`), as a table: one load a byte instead of
/// the three range tests, on every byte of every name of every game.
const NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = (byte as u8).is_ascii_alphanumeric() || byte as u8 == b'_';
        byte += 1;
    }
    table
};

/// Scans `[Name "value"]` at the start of `data`. `None`: the tag pair is cut by the end of the
/// chunk. A malformed pair resumes after its `]` or at the end of its line.
pub(super) fn scan_tag(data: &[u8], eof: bool) -> Option<TagScan> {
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
    while data.get(i).is_some_and(|&b| NAME_BYTES[usize::from(b)]) {
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
    // The value's end, its escapes and a line break (which ends a malformed pair) are the only
    // bytes that matter in it: one search finds the next of them.
    loop {
        let rest = data.get(i..).unwrap_or_default();
        let Some(len) = memchr::memchr3(b'"', b'\\', b'\n', rest) else {
            return if eof { malformed(data.len()) } else { None };
        };
        i += len;
        match data[i] {
            b'"' => break,
            b'\\' => {
                has_escapes = true;
                i += 2;
            }
            _ => return malformed(i),
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
pub(super) fn unescape_into(raw: &[u8], out: &mut Vec<u8>) {
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
