//! The messages the bridge streams to pages: versioned JSON, one object per WebSocket text frame
//! and per line of the event log, each with a sequence number so a page that reconnects can ask
//! for what it missed.
//!
//! ```json
//! {"v":1,"seq":41,"at_ms":91234,"type":"move","ply":7,"uci":"e2e4","san":"e4","fen":"..."}
//! ```

use serde::{Deserialize, Serialize};

/// The version of this message format; bumped on any incompatible change.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message as stored and streamed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// 1, 2, 3... across the game and across bridge restarts.
    pub seq: u64,
    /// Milliseconds since the bridge started (monotonic within one run).
    pub at_ms: u64,
    /// What happened.
    #[serde(flatten)]
    pub body: Body,
}

/// What happened. `type` names the variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Body {
    /// A piece lifted or placed on the board (a lift is a touch, 2005 Art. 4.3 / App. F2.2).
    Touch {
        /// `lift` or `place`.
        action: String,
        /// Square name, e.g. `g1`.
        square: String,
        /// Colour and piece, e.g. `wN`.
        piece: String,
    },
    /// A move made on the board (2005 Art. 4.6), confirmed by the settle time or a clock press.
    Move {
        /// Ply number, 1 for White's first move.
        ply: usize,
        /// The move in UCI.
        uci: String,
        /// The move in SAN.
        san: String,
        /// The position after it.
        fen: String,
        /// The mover's clock after the move, ms, when a clock is attached.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock_ms: Option<u64>,
    },
    /// Moves taken back on the board; `to_ply` plies remain.
    Takeback {
        /// Plies that remain.
        to_ply: usize,
        /// The position after them.
        fen: String,
    },
    /// Something the Laws have to say about the board: the article and what to do.
    Ruling {
        /// Edition and article, e.g. `2005 Art. 7.5`.
        law: String,
        /// What was found.
        kind: String,
        /// Squares that differ from the position to restore.
        squares: Vec<String>,
        /// The placement to restore (FEN board field).
        restore: String,
    },
    /// The clock cabled to the board.
    Clock {
        /// Left display, ms.
        left_ms: u64,
        /// Right display, ms.
        right_ms: u64,
        /// `left`, `right` or none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        running: Option<String>,
    },
    /// The board's connection and what it shows.
    Board {
        /// Whether a board is connected.
        connected: bool,
        /// What the sensors show (FEN board field), when connected.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        placement: Option<String>,
        /// `normal` or `rotated`, once known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        orientation: Option<String>,
        /// The port, when connected.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        port: Option<String>,
    },
    /// A problem the page should show (a board not answering, bytes dropped).
    Error {
        /// What went wrong, in words.
        message: String,
    },
}

impl Body {
    /// The `type` name.
    pub fn kind(&self) -> &'static str {
        match self {
            Body::Touch { .. } => "touch",
            Body::Move { .. } => "move",
            Body::Takeback { .. } => "takeback",
            Body::Ruling { .. } => "ruling",
            Body::Clock { .. } => "clock",
            Body::Board { .. } => "board",
            Body::Error { .. } => "error",
        }
    }
}

/// The state of the game at a sequence number: what a page needs before the tail.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// Always `snapshot`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The last sequence number this snapshot includes.
    pub seq: u64,
    /// The game's current position.
    pub fen: String,
    /// The moves so far, UCI.
    pub moves: Vec<String>,
    /// The moves so far, SAN.
    pub san: Vec<String>,
    /// Whether a board is connected.
    pub connected: bool,
    /// What the sensors show, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<String>,
}

/// What a page may send: its last sequence number, when it (re)connects or at any time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// "I have everything up to `last_seq`."
    Hello {
        /// The last sequence number the page holds; 0 for none.
        #[serde(default)]
        last_seq: u64,
    },
}
