//! The messages that are not numbered: the snapshot a page starts from, how far the log is
//! safe, the answers for one page alone and why a page is not served.

use std::sync::Arc;

use arbiter_core::arbiter::{GameConfig, State};
use serde::{Deserialize, Serialize};

use super::names::SealingStage;
use super::{PROTOCOL_VERSION, is_zero, wire};

/// The `type` of a [`Snapshot`]: always `snapshot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SnapshotType {
    /// `snapshot`.
    Snapshot,
}

/// The state of the game at a sequence number: what a page needs before the tail.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Snapshot {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// Always `snapshot`.
    #[serde(rename = "type")]
    pub kind: SnapshotType,
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
    /// The board's port, when connected (as the last `board` message said).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<String>,
    /// The board's health as the last `board` message said: runs of bytes dropped.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dropped: u64,
    /// The board's health: resynchronisations from two agreeing reads.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub resyncs: u64,
    /// A sealed move being made on the board, as the last `board` message said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealing: Option<SealingStage>,
    /// What the board and its clock have said of their batteries, as the last `board` message
    /// said (a page that joins sees a wireless board's charge at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battery: Option<arbiter_core::dgt::output::Battery>,
    /// The game's setup, once a referee runs the game: a page builds its table from it
    /// (edition, time control, the visually impaired players of 2005 App. F) rather than from
    /// its own attributes. Left out before then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<GameConfig>,
    /// The game's state as last published: clocks, obligations and claims for a page that
    /// joins mid-game.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "wire::sorted_opt_arc"
    )]
    pub state: Option<Arc<State>>,
    /// With a log on disk: the highest sequence number whose events are on the disk itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe: Option<u64>,
    /// What the bridge found on start that its users should know (a cut log line set aside).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<String>,
    /// The bridge's clock when the snapshot was taken (ms, the events' time line): a page maps
    /// the log's instants onto its own clock with it, so both clocks run as the bridge's do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_ms: Option<u64>,
}

/// The `type` of a [`Safe`]: always `safe`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SafeType {
    /// `safe`.
    Safe,
}

/// How far the event log is on the disk itself (synced), for one page, not numbered: every
/// event with a sequence number up to `through` survives a power cut.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Safe {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// Always `safe`.
    #[serde(rename = "type")]
    pub kind: SafeType,
    /// The highest sequence number on disk.
    pub through: u64,
}

impl Safe {
    /// Events up to `through` are on disk.
    pub fn through(through: u64) -> Self {
        Self {
            v: PROTOCOL_VERSION,
            kind: SafeType::Safe,
            through,
        }
    }
}

/// What a [`Reply`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReplyKind {
    /// The request was refused.
    Error,
    /// The request changed nothing and was not recorded again.
    Unchanged,
    /// The game the page follows is over for this bridge: the hall's next round archived it
    /// (no refusal: the page says so plainly, and a spectator's follows the board's next game).
    Archived,
}

/// A message for one page only, not numbered and not logged (a refused request). Besides the
/// English `message`, a refusal a page words itself names its `id` and the sides it concerns:
/// `{"type":"error","id":"seat_not_yours","seat":"black","player":"white","message":"..."}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// Refused or unchanged.
    #[serde(rename = "type")]
    pub kind: ReplyKind,
    /// What was refused and why, in English.
    pub message: String,
    /// The page's message id for it (`seat_not_yours`, `seat_watch_only`, `seat_arbiter_only`,
    /// `page_too_fast`), when the page has words of its own for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The side of the page's seat, when the refusal concerns it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    /// The side the refused event acts for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The hall's round the refusal concerns: the ended round a seat's old key was for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
}

impl Reply {
    /// A refusal.
    pub fn error(message: impl Into<String>) -> Self {
        Self {
            v: PROTOCOL_VERSION,
            kind: ReplyKind::Error,
            message: message.into(),
            id: None,
            seat: None,
            player: None,
            round: None,
        }
    }

    /// A refusal the page words by `id`.
    pub fn error_with_id(id: &str, message: impl Into<String>) -> Self {
        Self {
            id: Some(id.to_owned()),
            ..Self::error(message)
        }
    }

    /// The last message to a page whose game the hall's next round archived, before its
    /// stream is closed: `{"type":"archived","id":"round_archived","message":"..."}`.
    pub fn archived() -> Self {
        Self {
            kind: ReplyKind::Archived,
            id: Some("round_archived".to_owned()),
            ..Self::error(
                "the round has ended: this game is archived as it stood; the board now plays the next round's game",
            )
        }
    }

    /// An event taken as said before: it changes nothing, so it is not recorded again.
    pub fn unchanged(message: impl Into<String>) -> Self {
        Self {
            kind: ReplyKind::Unchanged,
            ..Self::error(message)
        }
    }
}

/// The `type` of a [`Refusal`]: always `refused`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusedType {
    /// `refused`.
    Refused,
}

/// Why a page is not served.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalReason {
    /// The page's site is not allowed.
    Origin,
    /// Too many pages are connected.
    Full,
}

/// Why the bridge will not serve this page, sent as the only message before the socket is
/// closed (a browser cannot read the body of a refused upgrade, so the reason comes this way):
/// `{"v":1,"type":"refused","reason":"origin","message":"this bridge does not accept ..."}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// Always `refused`.
    #[serde(rename = "type")]
    pub kind: RefusedType,
    /// Why.
    pub reason: RefusalReason,
    /// What to do about it, in words for the webmaster or the player.
    pub message: String,
    /// The refused page's origin (for `origin`), so the page can say which option lets it in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
}

impl Refusal {
    /// A refusal for `reason`.
    pub fn new(reason: RefusalReason, message: impl Into<String>) -> Self {
        Self {
            v: PROTOCOL_VERSION,
            kind: RefusedType::Refused,
            reason,
            message: message.into(),
            origin: None,
        }
    }
}
