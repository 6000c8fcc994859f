//! Adjourned games (2005 App. A; 2023 Guidelines I): the sealed move. It is encrypted with
//! the arbiter's passphrase (stretched by Argon2id, then ChaCha20-Poly1305) so that the event
//! log, the state and any stream carry only ciphertext until the envelope is opened. The
//! caller supplies the salt and nonce, so the core draws no randomness and replay stays exact.
//!
//! The stretch makes each guess of the passphrase cost memory and time ([`Argon2Cost`], kept in
//! the envelope): with [`Argon2Cost::SEAL`], some 64 MiB and a fraction of a second to a second
//! natively, where the PBKDF2 of earlier envelopes let a spectator try thousands a second on a
//! graphics card. Envelopes sealed before with PBKDF2-HMAC-SHA256 (their `iterations`, no
//! `argon2`) open as they did.
//!
//! A build without the `envelope` feature (the page's first module) has no cipher, PBKDF2 nor
//! Argon2: it seals nothing, and checks an envelope's fields as a full build does, then refuses
//! it by a typed error ([`EnvelopeError::Argon2Unavailable`] for an Argon2 one,
//! [`EnvelopeError::Unavailable`] for a PBKDF2 one), so a game whose log opens one is refused
//! there, not played on differently.

#[cfg(feature = "envelope")]
use chacha20poly1305::aead::{Aead, KeyInit};
#[cfg(feature = "envelope")]
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
    /// PBKDF2 iterations, for an envelope sealed before Argon2 (0 for an Argon2 one).
    #[serde(default)]
    pub iterations: u32,
    /// The Argon2id cost the key was stretched with; none for an envelope sealed with PBKDF2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub argon2: Option<Argon2Cost>,
    /// The encrypted move text with its tag, hex.
    pub ciphertext: String,
}

impl std::fmt::Debug for SealedEnvelope {
    // Only lengths: the envelope's content stays out of debug output as well.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SealedEnvelope({} bytes)", self.ciphertext.len() / 2)
    }
}

/// What a guess of the passphrase costs: Argon2id's memory, passes and lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Argon2Cost {
    /// Memory, KiB.
    pub memory_kib: u32,
    /// Passes over the memory.
    pub passes: u32,
    /// Lanes (parallelism).
    pub lanes: u32,
}

impl Argon2Cost {
    /// The cost every new envelope is sealed with: 64 MiB and 24 passes, about a second a guess
    /// on one core (measured 0.3 s for 8 passes optimised on this project's shared build
    /// machine; OWASP's floor is 19 MiB and 2 passes), a few seconds in a page's WebAssembly.
    pub const SEAL: Argon2Cost = Argon2Cost {
        memory_kib: 64 * 1024,
        passes: 24,
        lanes: 1,
    };
    /// The least an envelope may ask: less would make guessing cheap.
    pub const LEAST: Argon2Cost = Argon2Cost {
        memory_kib: 8 * 1024,
        passes: 1,
        lanes: 1,
    };
    /// The most an envelope may ask: more would stall the game when it is opened, or let a
    /// forged envelope exhaust the machine's memory.
    pub const MOST: Argon2Cost = Argon2Cost {
        memory_kib: 512 * 1024,
        passes: 32,
        lanes: 8,
    };

    fn check(self) -> Result<(), EnvelopeError> {
        let (least, most) = (Argon2Cost::LEAST, Argon2Cost::MOST);
        let within = |v: u32, lo: u32, hi: u32| (lo..=hi).contains(&v);
        if within(self.memory_kib, least.memory_kib, most.memory_kib)
            && within(self.passes, least.passes, most.passes)
            && within(self.lanes, least.lanes, most.lanes)
        {
            Ok(())
        } else {
            Err(EnvelopeError::CostOutOfBounds { cost: self })
        }
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
    /// An Argon2 cost out of bounds ([`Argon2Cost::LEAST`] to [`Argon2Cost::MOST`]).
    #[error(
        "the envelope's Argon2 cost ({} KiB, {} passes, {} lanes) is out of bounds: from {} KiB, {} pass, {} lane to {} KiB, {} passes, {} lanes",
        cost.memory_kib, cost.passes, cost.lanes,
        Argon2Cost::LEAST.memory_kib, Argon2Cost::LEAST.passes, Argon2Cost::LEAST.lanes,
        Argon2Cost::MOST.memory_kib, Argon2Cost::MOST.passes, Argon2Cost::MOST.lanes
    )]
    CostOutOfBounds {
        /// The cost asked.
        cost: Argon2Cost,
    },
    /// The envelope was sealed with Argon2id, which this build leaves out (the core's `argon2`
    /// feature): a build with it opens the envelope.
    #[error("this build cannot open an envelope sealed with Argon2id: open it with a full build")]
    Argon2Unavailable,
    /// This build leaves envelopes out (the core's `envelope` feature, which PBKDF2 and
    /// ChaCha20-Poly1305 need): a build with it opens the envelope.
    #[error("this build cannot open a sealed envelope: open it with a full build")]
    Unavailable,
}

/// The sealed text is padded with spaces to at least this many bytes, so the ciphertext's
/// length does not tell a promotion (`e7d8q`) from another move (`g1f3`), nor SAN from UCI.
pub const PADDED_LEN: usize = 16;

/// Fewest PBKDF2 iterations accepted.
pub const MIN_ITERATIONS: u32 = 1_000;
/// Most PBKDF2 iterations accepted (bounds the work an input can demand).
pub const MAX_ITERATIONS: u32 = 2_000_000;

#[cfg(feature = "envelope")]
fn key(passphrase: &str, salt: &[u8], iterations: u32) -> Key {
    let mut key = [0u8; 32];
    pbkdf2::pbkdf2_hmac::<sha2::Sha256>(passphrase.as_bytes(), salt, iterations, &mut key);
    Key::from(key)
}

#[cfg(feature = "envelope")]
fn argon2_key(passphrase: &str, salt: &[u8], cost: Argon2Cost) -> Result<Key, EnvelopeError> {
    cost.check()?;
    let params = argon2::Params::new(cost.memory_kib, cost.passes, cost.lanes, Some(32))
        .map_err(|_| EnvelopeError::CostOutOfBounds { cost })?;
    let stretch = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
    let mut key = [0u8; 32];
    // Argon2 takes salts of 8 bytes or more; the envelope's are 16.
    stretch
        .hash_password_into(passphrase.as_bytes(), salt, &mut key)
        .map_err(|_| EnvelopeError::Malformed { field: "salt" })?;
    Ok(Key::from(key))
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

/// Seals `move_text` with `passphrase` stretched by Argon2id at `cost` (new envelopes:
/// [`Argon2Cost::SEAL`]), using the caller's fresh `salt` (at least 8 bytes) and `nonce`.
///
/// # Errors
/// [`EnvelopeError::CostOutOfBounds`], or a salt shorter than 8 bytes.
#[cfg(feature = "envelope")]
pub fn seal_argon2(
    move_text: &str,
    passphrase: &str,
    salt: &[u8],
    nonce: [u8; 12],
    cost: Argon2Cost,
) -> Result<SealedEnvelope, EnvelopeError> {
    let key = argon2_key(passphrase, salt, cost)?;
    Ok(SealedEnvelope {
        iterations: 0,
        argon2: Some(cost),
        ..encrypt(move_text, &key, salt, nonce)?
    })
}

/// Seals `move_text` with `passphrase` stretched by PBKDF2 as envelopes were before Argon2:
/// kept for the logs and tests that hold such envelopes; new envelopes use [`seal_argon2`].
///
/// # Errors
/// [`EnvelopeError::TooFewIterations`] / [`EnvelopeError::TooManyIterations`].
#[cfg(feature = "envelope")]
pub fn seal(
    move_text: &str,
    passphrase: &str,
    salt: &[u8],
    nonce: [u8; 12],
    iterations: u32,
) -> Result<SealedEnvelope, EnvelopeError> {
    check_iterations(iterations)?;
    Ok(SealedEnvelope {
        iterations,
        ..encrypt(move_text, &key(passphrase, salt, iterations), salt, nonce)?
    })
}

/// The envelope of `move_text`, padded, under `key` (its stretch's fields left for the caller).
#[cfg(feature = "envelope")]
fn encrypt(
    move_text: &str,
    key: &Key,
    salt: &[u8],
    nonce: [u8; 12],
) -> Result<SealedEnvelope, EnvelopeError> {
    let cipher = ChaCha20Poly1305::new(key);
    let padded = format!("{move_text:<PADDED_LEN$}");
    let ciphertext = cipher
        .encrypt(&Nonce::from(nonce), padded.as_bytes())
        .map_err(|_| EnvelopeError::Malformed {
            field: "ciphertext",
        })?;
    Ok(SealedEnvelope {
        salt: hex(salt),
        nonce: hex(&nonce),
        iterations: 0,
        argon2: None,
        ciphertext: hex(&ciphertext),
    })
}

/// Opens the envelope with `passphrase` and returns the sealed move text.
///
/// # Errors
/// [`EnvelopeError`]: malformed fields, wrong passphrase or tampering, or non-text content.
pub fn open(envelope: &SealedEnvelope, passphrase: &str) -> Result<String, EnvelopeError> {
    #[cfg(feature = "envelope")]
    return open_with(envelope, passphrase, decrypt);
    #[cfg(not(feature = "envelope"))]
    return open_with(envelope, passphrase, refuse);
}

/// What the envelope's cipher is given: the envelope, the passphrase, its salt, nonce and
/// ciphertext as bytes.
type Decrypt = fn(&SealedEnvelope, &str, &[u8], [u8; 12], &[u8]) -> Result<Vec<u8>, EnvelopeError>;

/// [`open`] with the cipher of the build: the fields are checked the same way in every build,
/// before the cipher (or its absence) is reached.
fn open_with(
    envelope: &SealedEnvelope,
    passphrase: &str,
    decrypt: Decrypt,
) -> Result<String, EnvelopeError> {
    match envelope.argon2 {
        Some(cost) => cost.check()?,
        None => check_iterations(envelope.iterations)?,
    }
    let salt = unhex(&envelope.salt).ok_or(EnvelopeError::Malformed { field: "salt" })?;
    let nonce: [u8; 12] = unhex(&envelope.nonce)
        .and_then(|n| n.try_into().ok())
        .ok_or(EnvelopeError::Malformed { field: "nonce" })?;
    let ciphertext = unhex(&envelope.ciphertext).ok_or(EnvelopeError::Malformed {
        field: "ciphertext",
    })?;
    let plain = decrypt(envelope, passphrase, &salt, nonce, &ciphertext)?;
    let text = String::from_utf8(plain).map_err(|_| EnvelopeError::NotText)?;
    // The padding goes (an envelope sealed before it was padded has none).
    Ok(text.trim_end_matches(' ').to_owned())
}

/// The envelope's plain text, its key stretched as the envelope says.
#[cfg(feature = "envelope")]
fn decrypt(
    envelope: &SealedEnvelope,
    passphrase: &str,
    salt: &[u8],
    nonce: [u8; 12],
    ciphertext: &[u8],
) -> Result<Vec<u8>, EnvelopeError> {
    let key = match envelope.argon2 {
        Some(cost) => argon2_key(passphrase, salt, cost)?,
        None => key(passphrase, salt, envelope.iterations),
    };
    ChaCha20Poly1305::new(&key)
        .decrypt(&Nonce::from(nonce), ciphertext)
        .map_err(|_| EnvelopeError::WrongPassphrase)
}

/// Without the `envelope` feature: the fields were checked as a full build checks them; the
/// envelope is refused, an Argon2 one by that name (the page opens both in its full module).
/// Built in the full build's tests too, so the lean build's refusals are tested in every run.
#[cfg(any(test, not(feature = "envelope")))]
fn refuse(
    envelope: &SealedEnvelope,
    _: &str,
    _: &[u8],
    _: [u8; 12],
    _: &[u8],
) -> Result<Vec<u8>, EnvelopeError> {
    Err(match envelope.argon2 {
        Some(_) => EnvelopeError::Argon2Unavailable,
        None => EnvelopeError::Unavailable,
    })
}

#[cfg(feature = "envelope")]
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
    #[cfg(feature = "envelope")]
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
        // A promotion's envelope is no longer than a knight move's.
        let salt = b"0123456789abcdef";
        let knight = seal("g1f3", "p", salt, [1; 12], MIN_ITERATIONS).unwrap();
        let promotion = seal("e7d8q", "p", salt, [1; 12], MIN_ITERATIONS).unwrap();
        assert_eq!(knight.ciphertext.len(), promotion.ciphertext.len());
        assert_eq!(open(&promotion, "p").unwrap(), "e7d8q");
        let mut tampered = env.clone();
        tampered.nonce = "zz".into();
        assert_eq!(
            open(&tampered, "arbiter secret"),
            Err(EnvelopeError::Malformed { field: "nonce" })
        );
    }

    #[test]
    #[cfg(feature = "envelope")]
    fn a01_the_passphrase_is_stretched_by_argon2_and_an_old_pbkdf2_envelope_still_opens() {
        let salt = b"0123456789abcdef";
        // The least cost keeps the test quick; the cost travels in the envelope.
        let env = seal_argon2("e7d8q", "arbiter secret", salt, [3; 12], Argon2Cost::LEAST)
            .expect("sealed");
        let json = serde_json::to_string(&env).expect("json");
        assert!(
            json.contains(r#""argon2":{"memory_kib":8192,"passes":1,"lanes":1}"#),
            "{json}"
        );
        let back: SealedEnvelope = serde_json::from_str(&json).expect("read back");
        assert_eq!(open(&back, "arbiter secret").unwrap(), "e7d8q");
        assert_eq!(
            open(&back, "arbiter secreT"),
            Err(EnvelopeError::WrongPassphrase)
        );
        // Padded as PBKDF2's: the length tells nothing.
        let old = seal("g1f3", "p", salt, [1; 12], MIN_ITERATIONS).unwrap();
        assert_eq!(env.ciphertext.len(), old.ciphertext.len());
        // An envelope as logged before Argon2 (no `argon2` field) opens with PBKDF2.
        let logged = format!(
            r#"{{"salt":"{}","nonce":"{}","iterations":{MIN_ITERATIONS},"ciphertext":"{}"}}"#,
            old.salt, old.nonce, old.ciphertext
        );
        let old_back: SealedEnvelope = serde_json::from_str(&logged).expect("old envelope");
        assert_eq!(open(&old_back, "p").unwrap(), "g1f3");
        // A forged envelope cannot ask for a cost that would stall the game or fill memory.
        let mut greedy = env.clone();
        greedy.argon2 = Some(Argon2Cost {
            memory_kib: 64 * 1024 * 1024,
            ..Argon2Cost::SEAL
        });
        assert!(matches!(
            open(&greedy, "arbiter secret"),
            Err(EnvelopeError::CostOutOfBounds { .. })
        ));
        // Nor one so cheap that guessing is easy.
        let mut cheap = env;
        cheap.argon2 = Some(Argon2Cost {
            memory_kib: 64,
            ..Argon2Cost::LEAST
        });
        assert!(open(&cheap, "arbiter secret").is_err());
        assert!(Argon2Cost::SEAL.check().is_ok());
    }

    /// The page's first module is the core without its `envelope` feature: any envelope is
    /// refused by a typed error that names why, its fields checked first as in a full build,
    /// so the page can hand it to its full module instead of failing quietly.
    #[test]
    fn a01_a_build_without_envelopes_refuses_every_envelope_by_name() {
        let lean = |e: &SealedEnvelope| open_with(e, "p", refuse);
        let old = SealedEnvelope {
            salt: "30313233343536373839616263646566".into(),
            nonce: "070707070707070707070707".into(),
            iterations: MIN_ITERATIONS,
            argon2: None,
            ciphertext: "00".repeat(32),
        };
        assert_eq!(lean(&old), Err(EnvelopeError::Unavailable));
        let stretched = SealedEnvelope {
            iterations: 0,
            argon2: Some(Argon2Cost::SEAL),
            ..old.clone()
        };
        assert_eq!(lean(&stretched), Err(EnvelopeError::Argon2Unavailable));
        let few = SealedEnvelope {
            iterations: 1,
            ..old.clone()
        };
        assert!(matches!(
            lean(&few),
            Err(EnvelopeError::TooFewIterations { .. })
        ));
        let bad = SealedEnvelope {
            nonce: "zz".into(),
            ..old
        };
        assert_eq!(lean(&bad), Err(EnvelopeError::Malformed { field: "nonce" }));
    }
}
