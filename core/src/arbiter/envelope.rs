//! The envelope's record at adjournment (2005 App. A2-A3 / 2023 Guidelines I.2-I.3): what the
//! envelope must show besides the sealed move, with a digest the arbiter keeps so that the
//! envelope found at the resumption can be checked against it.

use super::game::Game;
use crate::Color;
use crate::clock::{Millis, Timestamp};
use crate::wire;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// What the envelope records (A2): names, the position before the sealed move, the time each
/// player has used, who sealed, the move number, and a standing draw offer. Date, time and
/// venue of the resumption are the organiser's, not the board's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EnvelopeRecord {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The position before the sealed move (FEN).
    pub fen: String,
    /// Who sealed.
    #[serde(with = "wire::color")]
    pub sealer: Color,
    /// The number of the sealed move.
    pub move_number: u16,
    /// Half-moves completed before the sealed one.
    pub ply: usize,
    /// Time used by White and Black.
    pub used: [Millis; 2],
    /// Time left to White and Black.
    pub remaining: [Millis; 2],
    /// A draw offer standing at the adjournment, by whom (A4 / I.4).
    #[serde(serialize_with = "wire::opt_color::serialize")]
    pub draw_offer: Option<Color>,
    /// SHA-256 (hex) of the sealed move's ciphertext, binding this record to the envelope.
    pub envelope_sha256: String,
    /// SHA-256 (hex) of everything above, in this order, as JSON without this field.
    pub digest: String,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Game {
    /// The envelope's record, once a move is sealed; `None` before that.
    pub fn envelope_record(&self, at: Timestamp) -> Option<EnvelopeRecord> {
        let (sealer, envelope) = self.adjournment.sealed.as_ref()?;
        let board = self.board();
        let clock = self.clock();
        let mut record = EnvelopeRecord {
            white: self.config().white.clone(),
            black: self.config().black.clone(),
            fen: board.to_string(),
            sealer: *sealer,
            move_number: u16::try_from(board.fullmove_number()).unwrap_or(u16::MAX),
            ply: self.score.record.ply_count(),
            used: [clock.spent(Color::White, at), clock.spent(Color::Black, at)],
            remaining: [
                clock.remaining(Color::White, at),
                clock.remaining(Color::Black, at),
            ],
            draw_offer: self.claims.offer,
            envelope_sha256: hex(&Sha256::digest(envelope.ciphertext.as_bytes())),
            digest: String::new(),
        };
        // Serialising plain strings and numbers cannot fail.
        let body = serde_json::to_string(&record).unwrap_or_default();
        record.digest = hex(&Sha256::digest(body.as_bytes()));
        Some(record)
    }
}
