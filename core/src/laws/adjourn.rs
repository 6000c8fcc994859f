//! Adjourned games (2005 App. A; 2023 Guidelines I): the sealed move. It is encrypted with
//! the arbiter's passphrase (PBKDF2-HMAC-SHA256, then ChaCha20-Poly1305) so that the event
//! log, the state and any stream carry only ciphertext until the envelope is opened. The
//! caller supplies the salt and nonce, so the core draws no randomness and replay stays exact.

use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The sealed envelope as it travels and is logged: hex strings and the KDF cost.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedEnvelope {
    /// PBKDF2 salt, hex (16 bytes recommended, fresh per envelope).
    pub salt: String,
    /// ChaCha20-Poly1305 nonce, hex (exactly 12 bytes, never reused with the same key).
    pub nonce: String,
    /// PBKDF2 iterations.
    pub iterations: u32,
    /// The encrypted move text with its tag, hex.
    pub ciphertext: String,
}

impl std::fmt::Debug for SealedEnvelope {
    // Only lengths: the envelope's content stays out of debug output as well.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SealedEnvelope({} bytes)", self.ciphertext.len() / 2)
    }
}

/// Why an envelope could not be made or opened.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EnvelopeError {
    /// A field is not valid hex, or has the wrong length.
    #[error("envelope field {field} is malformed")]
    Malformed {
        /// Which field.
        field: &'static str,
    },
    /// The passphrase is wrong or the envelope was tampered with.
    #[error("the envelope does not open with this passphrase (wrong passphrase or tampered)")]
    WrongPassphrase,
    /// The sealed text is not UTF-8.
    #[error("the sealed text is not UTF-8")]
    NotText,
    /// Too few iterations to slow down guessing.
    #[error("at least {min} PBKDF2 iterations are required, got {got}")]
    TooFewIterations {
        /// Minimum.
        min: u32,
        /// Given.
        got: u32,
    },
    /// Too many iterations: opening would stall the game.
    #[error("at most {max} PBKDF2 iterations are allowed, got {got}")]
    TooManyIterations {
        /// Maximum.
        max: u32,
        /// Given.
        got: u32,
    },
}

/// Fewest PBKDF2 iterations accepted.
pub const MIN_ITERATIONS: u32 = 1_000;
/// Most PBKDF2 iterations accepted (bounds the work an input can demand).
pub const MAX_ITERATIONS: u32 = 2_000_000;

fn key(passphrase: &str, salt: &[u8], iterations: u32) -> Key {
    let mut key = [0u8; 32];
    pbkdf2::pbkdf2_hmac::<sha2::Sha256>(passphrase.as_bytes(), salt, iterations, &mut key);
    Key::from(key)
}

fn check_iterations(iterations: u32) -> Result<(), EnvelopeError> {
    if iterations < MIN_ITERATIONS {
        return Err(EnvelopeError::TooFewIterations {
            min: MIN_ITERATIONS,
            got: iterations,
        });
    }
    if iterations > MAX_ITERATIONS {
        return Err(EnvelopeError::TooManyIterations {
            max: MAX_ITERATIONS,
            got: iterations,
        });
    }
    Ok(())
}

/// Seals `move_text` with `passphrase`, using the caller's fresh `salt` and `nonce`.
///
/// # Errors
/// [`EnvelopeError::TooFewIterations`] / [`EnvelopeError::TooManyIterations`].
pub fn seal(
    move_text: &str,
    passphrase: &str,
    salt: &[u8],
    nonce: [u8; 12],
    iterations: u32,
) -> Result<SealedEnvelope, EnvelopeError> {
    check_iterations(iterations)?;
    let cipher = ChaCha20Poly1305::new(&key(passphrase, salt, iterations));
    let ciphertext = cipher
        .encrypt(&Nonce::from(nonce), move_text.as_bytes())
        .map_err(|_| EnvelopeError::Malformed {
            field: "ciphertext",
        })?;
    Ok(SealedEnvelope {
        salt: hex(salt),
        nonce: hex(&nonce),
        iterations,
        ciphertext: hex(&ciphertext),
    })
}

/// Opens the envelope with `passphrase` and returns the sealed move text.
///
/// # Errors
/// [`EnvelopeError`]: malformed fields, wrong passphrase or tampering, or non-text content.
pub fn open(envelope: &SealedEnvelope, passphrase: &str) -> Result<String, EnvelopeError> {
    check_iterations(envelope.iterations)?;
    let salt = unhex(&envelope.salt).ok_or(EnvelopeError::Malformed { field: "salt" })?;
    let nonce: [u8; 12] = unhex(&envelope.nonce)
        .and_then(|n| n.try_into().ok())
        .ok_or(EnvelopeError::Malformed { field: "nonce" })?;
    let ciphertext = unhex(&envelope.ciphertext).ok_or(EnvelopeError::Malformed {
        field: "ciphertext",
    })?;
    let cipher = ChaCha20Poly1305::new(&key(passphrase, &salt, envelope.iterations));
    let plain = cipher
        .decrypt(&Nonce::from(nonce), ciphertext.as_slice())
        .map_err(|_| EnvelopeError::WrongPassphrase)?;
    String::from_utf8(plain).map_err(|_| EnvelopeError::NotText)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a01_2005_sealed_move_round_trips_and_hides_the_move() {
        let env = seal(
            "Nf3",
            "arbiter secret",
            b"0123456789abcdef",
            [7; 12],
            MIN_ITERATIONS,
        )
        .unwrap();
        assert!(!env.ciphertext.contains(&hex(b"Nf3")));
        assert!(!serde_json::to_string(&env).unwrap().contains("Nf3"));
        assert_eq!(open(&env, "arbiter secret").unwrap(), "Nf3");
        assert_eq!(open(&env, "wrong"), Err(EnvelopeError::WrongPassphrase));
        let mut tampered = env.clone();
        tampered.nonce = "zz".into();
        assert_eq!(
            open(&tampered, "arbiter secret"),
            Err(EnvelopeError::Malformed { field: "nonce" })
        );
    }
}
