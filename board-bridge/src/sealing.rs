//! The sealed move made on a sensor board (2005 App. A1, A5 / 2023 Guidelines I.1, I.5).
//!
//! Once the arbiter asks for the sealed move, the sealer makes it on the board where only the
//! sensors see it: his lifts and placements are neither handed to the game nor streamed, the
//! board's placement is not shown, and the move the sensors read goes straight into the core's
//! envelope. Then the pieces go back to the adjourned position, and the envelope is opened only
//! once the board shows it again. Pages learn only the stage, never a square.

use crate::protocol::SealingStage;
use arbiter_core::Color;
use arbiter_core::arbiter::Event;
use arbiter_core::laws::adjourn;

/// What a guess of the passphrase costs: Argon2id at the core's sealing cost (a second or so a
/// guess natively, in memory as well as time).
pub const COST: adjourn::Argon2Cost = adjourn::Argon2Cost::SEAL;

/// The fewest characters of a passphrase the bridge seals with: the envelope's key is stretched
/// from it, but a short one (a year, a PIN) is still guessed in minutes.
pub const MIN_PASSPHRASE: usize = 10;

/// Why `passphrase` is too weak to seal with, or `None`: at least [`MIN_PASSPHRASE`]
/// characters, not digits alone.
pub fn weak_passphrase(passphrase: &str) -> Option<String> {
    let text = passphrase.trim();
    if text.chars().count() < MIN_PASSPHRASE {
        return Some(format!(
            "the passphrase is too short to keep the envelope sealed: use at least {MIN_PASSPHRASE} characters (a few words)"
        ));
    }
    if text
        .chars()
        .all(|c| c.is_ascii_digit() || c.is_whitespace())
    {
        return Some("a passphrase of digits alone is guessed quickly: use words".into());
    }
    None
}

/// The letters of a generated passphrase: no two that read alike (0/o, 1/l/i).
const LETTERS: &[u8; 32] = b"abcdefghjkmnpqrstuvwxyz23456789_";

/// A passphrase for the arbiter who gives none: 15 letters from the system's random source in
/// three groups (`kq7xm-4tbra-znw2p`), 75 bits (32 letters, so each byte gives 5 bits evenly), beyond guessing at a second a guess.
///
/// # Errors
/// The system gives no random bytes.
pub fn generated_passphrase() -> Result<String, SealError> {
    let mut bytes = [0u8; 15];
    getrandom::fill(&mut bytes).map_err(|e| SealError::Random(e.to_string()))?;
    let letters: Vec<char> = bytes
        .iter()
        .map(|b| char::from(LETTERS[usize::from(b % 32)]))
        .collect();
    Ok(letters
        .chunks(5)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-"))
}

/// Where a sealed move made on the board stands.
#[derive(Clone, PartialEq, Eq)]
pub enum BoardSealing {
    /// The arbiter asked for the sealed move: `player` makes it on the board, sealed with the
    /// arbiter's `passphrase`.
    Asked {
        /// The sealer, on move.
        player: Color,
        /// The arbiter's passphrase, held only until the envelope is made.
        passphrase: String,
    },
    /// The move is in the envelope (or on its way there); the pieces go back to `placement`,
    /// the adjourned position (the FEN board field).
    PiecesBack {
        /// Where the pieces stood before the sealed move.
        placement: String,
        /// The board last showed `placement`.
        back: bool,
        /// The envelope's work is done (sealed, or the error told). The board is shown again
        /// only once both hold: the envelope is made off the serving thread, the pieces can be
        /// back before it is, and the moves the board shows until then are no moves of the
        /// game (App. A1).
        sealed: bool,
    },
}

impl std::fmt::Debug for BoardSealing {
    // The passphrase stays out of debug output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.stage())
    }
}

impl BoardSealing {
    /// The stage as the board status names it: `sealing` (the move is being made) or
    /// `pieces_back` (waiting for the pieces to stand as before it).
    pub fn stage(&self) -> SealingStage {
        match self {
            BoardSealing::Asked { .. } => SealingStage::Sealing,
            BoardSealing::PiecesBack { .. } => SealingStage::PiecesBack,
        }
    }
}

/// Why the bridge could not seal.
#[derive(Debug, thiserror::Error)]
pub enum SealError {
    /// No fresh random bytes for the envelope.
    #[error("no random bytes for the envelope: {0}")]
    Random(String),
    /// The core refused to make the envelope.
    #[error("the envelope could not be made: {0}")]
    Envelope(String),
}

/// The game's `seal` event for `move_text` by `player`, in an envelope only `passphrase` opens,
/// with a fresh salt and nonce. Slow on purpose (the key's stretch, [`COST`]): call it off the
/// serving thread.
///
/// # Errors
/// [`SealError`] when the system gives no random bytes or the core refuses the envelope.
pub fn envelope_event(
    player: Color,
    move_text: &str,
    passphrase: &str,
) -> Result<Event, SealError> {
    let mut salt = [0u8; 16];
    let mut nonce = [0u8; 12];
    getrandom::fill(&mut salt)
        .and_then(|()| getrandom::fill(&mut nonce))
        .map_err(|e| SealError::Random(e.to_string()))?;
    let envelope = adjourn::seal_argon2(move_text, passphrase, &salt, nonce, COST)
        .map_err(|e| SealError::Envelope(e.to_string()))?;
    Ok(Event::Seal { player, envelope })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn app_a1_the_envelope_opens_with_the_passphrase_alone_and_hides_the_move() {
        let Event::Seal { player, envelope } =
            envelope_event(Color::White, "g1f3", "arbiter").expect("sealed")
        else {
            panic!("a seal event");
        };
        assert_eq!(player, Color::White);
        let json = serde_json::to_string(&envelope).expect("json");
        assert!(!json.contains("g1f3"), "{json}");
        assert_eq!(adjourn::open(&envelope, "arbiter").expect("opens"), "g1f3");
        assert!(adjourn::open(&envelope, "wrong").is_err());
        let again = envelope_event(Color::White, "g1f3", "arbiter").expect("sealed");
        assert_ne!(
            serde_json::to_string(&again).expect("json"),
            serde_json::to_string(&Event::Seal { player, envelope }).expect("json"),
            "a fresh salt and nonce each time"
        );
        let shown = format!(
            "{:?}",
            BoardSealing::Asked {
                player: Color::White,
                passphrase: "arbiter".into()
            }
        );
        assert!(!shown.contains("arbiter"), "{shown}");
    }

    #[test]
    fn a_weak_passphrase_is_refused() {
        assert!(weak_passphrase("1984").is_some());
        assert!(weak_passphrase("12345678901234").is_some());
        assert!(weak_passphrase("  short  ").is_some());
        assert_eq!(weak_passphrase("hall secret"), None);
        let made = generated_passphrase().expect("random");
        assert_eq!(made.len(), 17, "{made}");
        assert_eq!(weak_passphrase(&made), None);
        assert_ne!(made, generated_passphrase().expect("random"));
    }
}
