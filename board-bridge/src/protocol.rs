//! The messages the bridge streams to pages: versioned JSON, one object per WebSocket text frame
//! and per line of the event log, each with a sequence number so a page that reconnects can ask
//! for what it missed.
//!
//! ```json
//! {"v":1,"seq":41,"at_ms":91234,"type":"move","ply":7,"uci":"e2e4","san":"e4","fen":"..."}
//! ```

use serde::{Deserialize, Serialize};

/// The version of this message format; bumped on any incompatible change. A new optional field
/// (left out when absent, ignored by older readers) is compatible and keeps the number.
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
    /// Something the Laws have to say: the article and what follows. Rulings of the Laws engine
    /// carry its verdict; rulings on the board's placement carry the squares that differ and the
    /// placement to restore.
    Ruling {
        /// Edition and article, e.g. `2005 Art. 7.5`.
        law: String,
        /// What was found (the verdict's kind for the engine's rulings).
        kind: String,
        /// Squares that differ from the position to restore.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        squares: Vec<String>,
        /// The placement to restore (FEN board field).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        restore: Option<String>,
        /// The engine's verdict as its JSON (`arbiter_core::arbiter::Verdict`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        verdict: Option<serde_json::Value>,
        /// Which board it concerns when two are in play (`main` or `blind`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        board: Option<String>,
    },
    /// An event the Laws engine accepted, with the instant it was stamped: the game's event
    /// log, replayed when the bridge restarts.
    Event {
        /// The core's stamped event (`arbiter_core::arbiter::Stamped<Event>`).
        event: arbiter_core::arbiter::Stamped<arbiter_core::arbiter::Event>,
        /// Who sent it: `board`, `blind_board`, or a page's role.
        source: String,
    },
    /// The game's state after an accepted event (`arbiter_core::arbiter::State`): clocks,
    /// touch-move obligation, claims, result.
    State {
        /// The state as the core serialises it.
        state: serde_json::Value,
    },
    /// The two boards of a game with a visually impaired player (2005 App. F1) do not show the
    /// same game, or (with `correction.kind` = `in_step`) show it again.
    Discrepancy {
        /// Edition and article of the correction (F2.7 or F2.8), when there is one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        law: Option<String>,
        /// What the Laws say to do: the core's `laws::blind::Correction` as its JSON
        /// (`fix_boards` with the boards and the position to set, `retrace` with the ply both
        /// scores agree on, the position and the clock readings then, or `in_step`).
        correction: serde_json::Value,
        /// The board that has yet to reproduce the move just made on the other (`main` or
        /// `blind`), when one has.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        awaiting: Option<String>,
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
        /// The board's health: how many runs of bytes from it were dropped (line noise, cut
        /// messages) since it was connected.
        #[serde(default, skip_serializing_if = "is_zero")]
        dropped: u64,
        /// How many times the picture was put right from two agreeing full reads after doubt
        /// (noise, a read that disagreed with the updates).
        #[serde(default, skip_serializing_if = "is_zero")]
        resyncs: u64,
        /// A sealed move is being made on the board (App. A1, A5): `sealing` while the sealer
        /// makes it, `pieces_back` until the pieces stand as before it. The placement is not
        /// shown meanwhile.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sealing: Option<String>,
    },
    /// A problem the page should show (a board not answering, bytes dropped).
    Error {
        /// What went wrong, in words.
        message: String,
    },
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
    /// The board's port, when connected (as the last `board` message said).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<String>,
    /// The board's health as the last `board` message said: runs of bytes dropped.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dropped: u64,
    /// The board's health: resynchronisations from two agreeing reads.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub resyncs: u64,
    /// A sealed move being made on the board, as the last `board` message said (`sealing`,
    /// `pieces_back`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealing: Option<String>,
    /// The game's setup as the core's JSON, once a referee runs the game: a page builds its
    /// table from it (edition, time control, the visually impaired players of 2005 App. F)
    /// rather than from its own attributes. Left out before then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<arbiter_core::arbiter::GameConfig>,
    /// The game's state (`arbiter_core::arbiter::State` as the core serialises it) as last
    /// published: clocks, obligations and claims for a page that joins mid-game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<serde_json::Value>,
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

/// How far the event log is on the disk itself (synced), for one page, not numbered: every
/// event with a sequence number up to `through` survives a power cut.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Safe {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// Always `safe`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The highest sequence number on disk.
    pub through: u64,
}

impl Safe {
    /// Events up to `through` are on disk.
    pub fn through(through: u64) -> Self {
        Self {
            v: PROTOCOL_VERSION,
            kind: "safe".into(),
            through,
        }
    }
}

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
    /// An event for the Laws engine (`arbiter_core::arbiter::Event` as its JSON, without a
    /// timestamp: the bridge stamps it with its own monotonic clock).
    Event {
        /// The event.
        event: serde_json::Value,
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

/// A message for one page only, not numbered and not logged (a refused request). Besides the
/// English `message`, a refusal a page words itself names its `id` and the sides it concerns:
/// `{"type":"error","id":"seat_not_yours","seat":"black","player":"white","message":"..."}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// [`PROTOCOL_VERSION`].
    pub v: u32,
    /// `error` or `unchanged`.
    #[serde(rename = "type")]
    pub kind: String,
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
}

impl Reply {
    /// A refusal.
    pub fn error(message: impl Into<String>) -> Self {
        Self {
            v: PROTOCOL_VERSION,
            kind: "error".into(),
            message: message.into(),
            id: None,
            seat: None,
            player: None,
        }
    }

    /// A refusal the page words by `id`.
    pub fn error_with_id(id: &str, message: impl Into<String>) -> Self {
        Self {
            id: Some(id.to_owned()),
            ..Self::error(message)
        }
    }

    /// An event taken as said before: it changes nothing, so it is not recorded again.
    pub fn unchanged(message: impl Into<String>) -> Self {
        Self {
            kind: "unchanged".into(),
            ..Self::error(message)
        }
    }
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
    pub kind: String,
    /// `origin` (the page's site is not allowed), `full` (too many pages connected) or `role`.
    pub reason: String,
    /// What to do about it, in words for the webmaster or the player.
    pub message: String,
    /// The refused page's origin (for `origin`), so the page can say which option lets it in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
}

impl Refusal {
    /// A refusal for `reason`.
    pub fn new(reason: &str, message: impl Into<String>) -> Self {
        Self {
            v: PROTOCOL_VERSION,
            kind: "refused".into(),
            reason: reason.into(),
            message: message.into(),
            origin: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::GameConfig;

    fn snapshot(config: Option<GameConfig>) -> Snapshot {
        Snapshot {
            v: PROTOCOL_VERSION,
            kind: "snapshot".into(),
            seq: 3,
            fen: String::new(),
            moves: vec!["e2e4".into()],
            san: vec!["e4".into()],
            connected: true,
            placement: None,
            port: None,
            dropped: 0,
            resyncs: 0,
            sealing: None,
            config,
            state: None,
            safe: None,
            notices: Vec::new(),
            at_ms: None,
        }
    }

    #[test]
    fn a_snapshot_without_a_config_reads_and_writes_as_before() {
        let old = r#"{"v":1,"type":"snapshot","seq":3,"fen":"","moves":["e2e4"],"san":["e4"],"connected":true}"#;
        let read: Snapshot = serde_json::from_str(old).expect("an old snapshot");
        assert_eq!(read, snapshot(None));
        let written = serde_json::to_value(&read).expect("json");
        assert!(written.get("config").is_none(), "{written}");
    }

    #[test]
    fn app_f1_a_snapshot_carries_the_config_as_the_cores_json() {
        let text = r#"{"edition":"2005","time_control":[{"moves":null,"time":300000,"timing":{"kind":"increment","ms":3000}}],
            "visually_impaired":[{"player":"white","tactile_board":true}]}"#;
        let config: GameConfig = serde_json::from_str(text).expect("a GameConfig");
        let written = serde_json::to_value(snapshot(Some(config.clone()))).expect("json");
        assert_eq!(written["config"]["visually_impaired"][0]["player"], "white");
        assert_eq!(written["config"]["time_control"][0]["time"], 300_000);
        let back: Snapshot = serde_json::from_value(written).expect("read back");
        assert_eq!(back.config, Some(config));
    }
}
