//! Undoes the backslash escapes of a string: what serialport needs to read the values udev
//! reports for a port (its model and vendor names, where udev writes a byte it will not print
//! as `\xNN`). Our own, written for serialport's one call, `unescaper::unescape(&s).ok()`.

use std::fmt;

/// Why a string could not be unescaped: the escape at byte `at` of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The string ends inside an escape.
    Incomplete {
        /// Where the escape begins.
        at: usize,
    },
    /// A backslash followed by something that is no escape, or `\x` by no two hex digits.
    Invalid {
        /// Where the escape begins.
        at: usize,
    },
    /// The bytes the escapes stand for are not UTF-8.
    NotUtf8,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Incomplete { at } => write!(f, "the string ends inside the escape at byte {at}"),
            Error::Invalid { at } => write!(f, "no escape at byte {at}"),
            Error::NotUtf8 => write!(f, "the escaped bytes are not UTF-8"),
        }
    }
}

impl std::error::Error for Error {}

/// `s` with `\\`, `\"`, `\'`, `\n`, `\r`, `\t`, `\0` and `\xNN` (one byte: udev escapes each
/// byte of a multi-byte character on its own) replaced by what they stand for.
///
/// # Errors
/// [`Error`] names the first escape that is cut short or unknown.
pub fn unescape(s: &str) -> Result<String, Error> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let at = i;
        let kind = *bytes.get(i + 1).ok_or(Error::Incomplete { at })?;
        let (byte, len) = match kind {
            b'\\' | b'"' | b'\'' => (kind, 2),
            b'n' => (b'\n', 2),
            b'r' => (b'\r', 2),
            b't' => (b'\t', 2),
            b'0' => (0, 2),
            b'x' => {
                let hex = bytes.get(i + 2..i + 4).ok_or(Error::Incomplete { at })?;
                let hex = std::str::from_utf8(hex).map_err(|_| Error::Invalid { at })?;
                let byte = u8::from_str_radix(hex, 16).map_err(|_| Error::Invalid { at })?;
                (byte, 4)
            }
            _ => return Err(Error::Invalid { at }),
        };
        out.push(byte);
        i += len;
    }
    String::from_utf8(out).map_err(|_| Error::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::{Error, unescape};

    #[test]
    fn udev_names_read_as_written() {
        assert_eq!(unescape("DGT\\x20e-Board"), Ok("DGT e-Board".to_owned()));
        assert_eq!(unescape("plain"), Ok("plain".to_owned()));
        assert_eq!(
            unescape("a\\\\b\\n\\t\\\"q\\'"),
            Ok("a\\b\n\t\"q'".to_owned())
        );
        // A two-byte character escaped byte by byte, as udev writes it.
        assert_eq!(unescape("Schach\\xc3\\xa9"), Ok("Schaché".to_owned()));
    }

    #[test]
    fn broken_escapes_are_errors_naming_where() {
        assert_eq!(unescape("ab\\"), Err(Error::Incomplete { at: 2 }));
        assert_eq!(unescape("\\x4"), Err(Error::Incomplete { at: 0 }));
        assert_eq!(unescape("x\\xZZ"), Err(Error::Invalid { at: 1 }));
        assert_eq!(unescape("\\q"), Err(Error::Invalid { at: 0 }));
        assert_eq!(unescape("\\xff"), Err(Error::NotUtf8));
    }
}
