//! What a page may send, and why what it sent was not read.

use arbiter_core::arbiter::Event;
use serde::{Deserialize, Serialize};

/// What a page may send.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// "I have everything up to `last_seq`."
    Hello {
        /// The last sequence number the page holds; 0 for none.
        #[serde(default)]
        last_seq: u64,
    },
    /// An event for the Laws engine, without a timestamp: the bridge stamps it with its own
    /// monotonic clock.
    Event {
        /// The event.
        event: Event,
    },
    /// Casual play: a move made on the board completes itself, as if the clock were pressed.
    AutoPress {
        /// On or off.
        on: bool,
    },
    /// The arbiter asks the player on move for his sealed move (2005 App. A1 / 2023 I.1), to
    /// be made on the sensor board and sealed with `passphrase`; sent from the sealer's seat or
    /// the assistant's.
    SealOnBoard {
        /// The arbiter's passphrase, which alone opens the envelope.
        passphrase: String,
    },
}

/// The `type` names a page may send, in the order of [`ClientMessage`].
pub const CLIENT_KINDS: [&str; 4] = ["hello", "event", "auto_press", "seal_on_board"];

/// Why a page's message was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    /// Not a JSON object with a `type` string.
    #[error("not a message: {0}")]
    NotAMessage(String),
    /// A `type` the bridge does not take.
    #[error(
        "not a message: unknown type {kind:?} (a page sends one of hello, event, auto_press, seal_on_board)"
    )]
    UnknownKind {
        /// The `type` it named.
        kind: String,
    },
    /// An `event` whose event is not one of the core's.
    #[error("not an event: {0}")]
    NotAnEvent(String),
    /// A known `type` with fields missing or of the wrong kind.
    #[error("not a message: {kind}: {why}")]
    Malformed {
        /// The `type` it named.
        kind: &'static str,
        /// What was wrong, as the reader said it.
        why: String,
    },
}

impl ClientMessage {
    /// Reads a page's message.
    ///
    /// # Errors
    /// What was wrong, naming the `type` it was sent as.
    pub fn parse(text: &str) -> Result<ClientMessage, ClientError> {
        let why = match serde_json::from_str(text) {
            Ok(message) => return Ok(message),
            Err(e) => e.to_string(),
        };
        // Only a message that failed is looked at again, for what it claimed to be.
        #[derive(Deserialize)]
        struct Kind {
            #[serde(rename = "type")]
            kind: String,
        }
        let Ok(Kind { kind }) = serde_json::from_str::<Kind>(text) else {
            return Err(ClientError::NotAMessage(why));
        };
        match CLIENT_KINDS.iter().find(|k| **k == kind) {
            None => Err(ClientError::UnknownKind { kind }),
            Some(&"event") => Err(ClientError::NotAnEvent(why)),
            Some(known) => Err(ClientError::Malformed { kind: known, why }),
        }
    }
}
