//! The messages the bridge streams to pages: versioned JSON, one object per WebSocket text frame
//! and per line of the event log, each with a sequence number so a page that reconnects can ask
//! for what it missed.
//!
//! ```json
//! {"v":1,"seq":41,"at_ms":91234,"type":"move","ply":7,"uci":"e2e4","san":"e4","fen":"..."}
//! ```
//!
//! Every message is typed with the core's own types (its [`State`], [`Verdict`],
//! [`Correction`], [`Event`], [`Law`]); the small words the wire carries (`lift`, `rotated`,
//! `main`...) are enums of [`names`]. What pages send is read by [`ClientMessage::parse`],
//! which names what it refused ([`client`]); the answers for one page alone are in [`reply`].

use std::sync::Arc;

use arbiter_core::Square;
use arbiter_core::arbiter::{Event, Stamped, State, Verdict};
use arbiter_core::dgt::board::Placement;
use arbiter_core::dgt::reconstruct::Mismatch;
use arbiter_core::dgt::table::Seat;
use arbiter_core::laws::Law;
use arbiter_core::laws::blind::Correction;
use serde::Serialize;
use serde::ser::{Error as _, SerializeMap, Serializer};

pub mod client;
pub mod names;
pub mod reply;
#[cfg(test)]
mod tests;
mod wire;

pub use client::{ClientError, ClientMessage};
pub use names::{Facing, Running, SealingStage, TouchAction, Which};
pub use reply::{Refusal, RefusalReason, Reply, ReplyKind, Safe, Snapshot};

/// The version of this message format; bumped on any incompatible change. A new optional field
/// (left out when absent, ignored by older readers) is compatible and keeps the number.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message as stored and streamed.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
///
/// Written only: the core's state, verdicts and corrections are written by the core and read
/// by pages, never read back by the bridge, which keeps the typed value it published.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Body {
    /// A piece lifted or placed on the board (a lift is a touch, 2005 Art. 4.3 / App. F2.2).
    Touch {
        /// Lifted or placed.
        action: TouchAction,
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
    /// Something the Laws have to say: the article and what follows. Rulings of the Laws engine
    /// carry its verdict; rulings on the board's placement carry the squares that differ and the
    /// placement to restore.
    Ruling {
        /// Edition and article, written as `2005 Art. 7.5`.
        #[serde(serialize_with = "wire::display")]
        law: Law,
        /// What was found: `kind`, then the squares and placement or the verdict.
        #[serde(flatten)]
        finding: Finding,
        /// Which board it concerns when two are in play (the seat's name, `board` or
        /// `blind_board`).
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            serialize_with = "wire::seat"
        )]
        board: Option<Seat>,
    },
    /// An event the Laws engine accepted, with the instant it was stamped: the game's event
    /// log, replayed when the bridge restarts.
    Event {
        /// The core's stamped event.
        event: Stamped<Event>,
        /// Who sent it: `board`, `blind_board`, or a page's role.
        source: String,
    },
    /// The game's state after an accepted event: clocks, touch-move obligation, claims, result.
    State {
        /// The state, shared with the snapshots that show it until the next one.
        #[serde(serialize_with = "wire::sorted_arc")]
        state: Arc<State>,
    },
    /// The two boards of a game with a visually impaired player (2005 App. F1) do not show the
    /// same game, or (with `correction.kind` = `in_step`) show it again.
    Discrepancy {
        /// Edition and article of the correction (F2.7 or F2.8), when there is one.
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            serialize_with = "wire::display_opt"
        )]
        law: Option<Law>,
        /// What the Laws say to do: `fix_boards` with the boards and the position to set,
        /// `retrace` with the ply both scores agree on, the position and the clock readings
        /// then, or `in_step`.
        #[serde(serialize_with = "wire::sorted")]
        correction: Correction,
        /// The board that has yet to reproduce the move just made on the other, when one has.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        awaiting: Option<Which>,
        /// What the sighted player's board shows (FEN board field).
        main: String,
        /// What the visually impaired player's board shows.
        blind: String,
    },
    /// The clock cabled to the board.
    Clock {
        /// Left display, ms.
        left_ms: u64,
        /// Right display, ms.
        right_ms: u64,
        /// Which side runs, if one does.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        running: Option<Running>,
    },
    /// The board's connection and what it shows.
    Board {
        /// Whether a board is connected.
        connected: bool,
        /// What the sensors show (FEN board field), when connected.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        placement: Option<String>,
        /// Which way the board lies, once known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        orientation: Option<Facing>,
        /// The port, when connected.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        port: Option<String>,
        /// The board's health: how many runs of bytes from it were dropped (line noise, cut
        /// messages) since it was connected.
        #[serde(default, skip_serializing_if = "is_zero")]
        dropped: u64,
        /// How many times the picture was put right from two agreeing full reads after doubt
        /// (noise, a read that disagreed with the updates).
        #[serde(default, skip_serializing_if = "is_zero")]
        resyncs: u64,
        /// A sealed move is being made on the board (App. A1, A5). The placement is not shown
        /// meanwhile.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sealing: Option<SealingStage>,
        /// What the board and its clock have said of their batteries, once they have said
        /// anything.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        battery: Option<arbiter_core::dgt::output::Battery>,
    },
    /// A problem the page should show (a board not answering, bytes dropped).
    Error {
        /// What went wrong, in words.
        message: String,
    },
}

/// What a ruling found: the Laws engine's verdict, or a board that does not show the game.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    /// The engine's verdict, written as `"kind":<its kind>,"verdict":<it>`.
    Verdict(Verdict),
    /// The board's placement differs from the game's (2005 Art. 7.1a, 7.4a, 7.5), written as
    /// `"kind":<not_initial_position|displaced>,"squares":[...],"restore":<FEN board field>`.
    Placement {
        /// What kind of difference.
        mismatch: Mismatch,
        /// The squares that differ from the position to restore.
        squares: Vec<Square>,
        /// The placement to restore.
        restore: Placement,
    },
}

impl Serialize for Finding {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        match self {
            Finding::Verdict(verdict) => {
                // Written as a sorted JSON object, as it always was; its kind is its tag.
                let value = serde_json::to_value(verdict).map_err(S::Error::custom)?;
                map.serialize_entry("kind", &value["kind"])?;
                map.serialize_entry("verdict", &value)?;
            }
            Finding::Placement {
                mismatch,
                squares,
                restore,
            } => {
                let kind = match mismatch {
                    Mismatch::NotInitialPosition => "not_initial_position",
                    Mismatch::Displaced => "displaced",
                };
                map.serialize_entry("kind", kind)?;
                if !squares.is_empty() {
                    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
                    map.serialize_entry("squares", &names)?;
                }
                map.serialize_entry("restore", &restore.to_fen_board())?;
            }
        }
        map.end()
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Body {
    /// The `type` name.
    pub fn kind(&self) -> &'static str {
        match self {
            Body::Touch { .. } => "touch",
            Body::Move { .. } => "move",
            Body::Takeback { .. } => "takeback",
            Body::Ruling { .. } => "ruling",
            Body::Event { .. } => "event",
            Body::State { .. } => "state",
            Body::Discrepancy { .. } => "discrepancy",
            Body::Clock { .. } => "clock",
            Body::Board { .. } => "board",
            Body::Error { .. } => "error",
        }
    }
}
