//! DGT's developer key for a Pegasus, as a shell is given it: hex digits (an attribute of the
//! page's element, a setting), read into the bytes the board is sent. The key is DGT's to give
//! to a developer, so it is never printed whole: its `Debug` names its length only.

use std::fmt;

/// The most bytes a key can have: the command's length byte counts the key and its
/// terminating zero, and stays under 0x100 with room for DGT's framing.
pub const MAX_KEY_BYTES: usize = 250;

/// A Pegasus developer key: 1 to [`MAX_KEY_BYTES`] bytes.
#[derive(Clone, PartialEq, Eq)]
pub struct DeveloperKey(Vec<u8>);

/// Why a text is no developer key, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// Nothing but spaces.
    #[error("the Pegasus developer key is empty")]
    Empty,
    /// A character that is no hex digit, at `at` (counted in characters from 1).
    #[error(
        "the Pegasus developer key has {found:?} at character {at}, where a hex digit (0-9, a-f) was expected"
    )]
    NotHex {
        /// Its place in the text given, from 1.
        at: usize,
        /// The character found there.
        found: char,
    },
    /// An odd count of hex digits: the last byte is half written.
    #[error(
        "the Pegasus developer key has {digits} hex digits; a key is whole bytes, two digits each"
    )]
    OddLength {
        /// How many digits the text has.
        digits: usize,
    },
    /// More bytes than the command's length byte can carry.
    #[error(
        "the Pegasus developer key has {bytes} bytes; at most {MAX_KEY_BYTES} fit DGT's command"
    )]
    TooLong {
        /// How many bytes the text has.
        bytes: usize,
    },
}

impl DeveloperKey {
    /// The key written as hex digits (either case), spaces around it ignored: `"0a1b2c"`.
    pub fn from_hex(text: &str) -> Result<Self, KeyError> {
        let start = text.len() - text.trim_start().len();
        let lead = text[..start].chars().count();
        let digits = text.trim();
        if digits.is_empty() {
            return Err(KeyError::Empty);
        }
        let mut nibbles = Vec::with_capacity(digits.len());
        for (i, c) in digits.chars().enumerate() {
            let nibble =
                c.to_digit(16)
                    .and_then(|n| u8::try_from(n).ok())
                    .ok_or(KeyError::NotHex {
                        at: lead + i + 1,
                        found: c,
                    })?;
            nibbles.push(nibble);
        }
        if nibbles.len() % 2 == 1 {
            return Err(KeyError::OddLength {
                digits: nibbles.len(),
            });
        }
        Self::from_bytes(nibbles.chunks(2).map(|p| p[0] << 4 | p[1]).collect())
    }

    /// The key as bytes.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Self, KeyError> {
        match bytes.len() {
            0 => Err(KeyError::Empty),
            n if n > MAX_KEY_BYTES => Err(KeyError::TooLong { bytes: n }),
            _ => Ok(Self(bytes)),
        }
    }

    /// Its bytes, without the command's terminating zero.
    pub fn bytes(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for DeveloperKey {
    // A log or a panic message must not give DGT's key away.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeveloperKey({} bytes)", self.0.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_in_either_case_with_spaces_around_reads_as_bytes() {
        let key = DeveloperKey::from_hex("  0a1B2c\n").expect("a key");
        assert_eq!(key.bytes(), [0x0A, 0x1B, 0x2C]);
        assert_eq!(
            format!("{key:?}"),
            "DeveloperKey(3 bytes)",
            "never the key itself"
        );
    }

    #[test]
    fn a_malformed_key_says_what_and_where() {
        assert_eq!(DeveloperKey::from_hex(" \t"), Err(KeyError::Empty));
        assert_eq!(
            DeveloperKey::from_hex(" 0a1g"),
            Err(KeyError::NotHex { at: 5, found: 'g' })
        );
        // A space inside the key is no digit either: the place counts every character.
        assert_eq!(
            DeveloperKey::from_hex("0a 1b"),
            Err(KeyError::NotHex { at: 3, found: ' ' })
        );
        assert_eq!(
            DeveloperKey::from_hex("é0"),
            Err(KeyError::NotHex { at: 1, found: 'é' })
        );
        assert_eq!(
            DeveloperKey::from_hex("0a1"),
            Err(KeyError::OddLength { digits: 3 })
        );
        assert_eq!(
            DeveloperKey::from_hex(&"ab".repeat(251)),
            Err(KeyError::TooLong { bytes: 251 })
        );
        assert!(DeveloperKey::from_hex(&"ab".repeat(250)).is_ok());
        let said = KeyError::NotHex { at: 5, found: 'g' }.to_string();
        assert!(
            said.contains("'g'") && said.contains("character 5"),
            "{said}"
        );
    }
}
