//! LiveChess's v1.0 messages: the calls a client makes, the answers and the feed's updates.
//! Pure: no socket, no game; unit-tested here.

use arbiter_core::Color;
use serde_json::{Value, json};

/// A board as the API shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    /// Whether the board is connected (`ACTIVE`).
    pub connected: bool,
    /// Its pieces (a FEN's first field).
    pub board: String,
    /// Whether it stands turned round.
    pub flipped: bool,
    /// The board's charge, percent, when it has told it.
    pub battery: Option<u8>,
    /// Its clocks ([`clock`]).
    pub clock: Value,
    /// The game's moves, in SAN.
    pub san: Vec<String>,
    /// The game's position, FEN.
    pub fen: String,
}

/// The clocks as the API carries them: White's and Black's time left in whole seconds, and
/// whose clock runs (`null` when none).
pub fn clock(white_ms: u64, black_ms: u64, running: Option<Color>) -> Value {
    json!({
        "white": white_ms / 1000,
        "black": black_ms / 1000,
        "run": running.map(|c| if c == Color::White { "white" } else { "black" }),
    })
}

/// One update of the `eboardevent` feed.
#[derive(Debug, Clone, PartialEq)]
pub struct Update {
    serialnr: String,
    flipped: bool,
    board: String,
    clock: Value,
    san: Vec<String>,
}

impl Update {
    /// Board `b` now.
    pub async fn of(b: &super::EBoard) -> Update {
        let view = b.view().await;
        Update {
            serialnr: b.serialnr.clone(),
            flipped: view.flipped,
            board: view.board,
            clock: view.clock,
            san: view.san,
        }
    }

    /// The feed's message for subscription `id`, at `time` (Unix ms).
    pub fn message(&self, id: &Value, time: u64) -> Value {
        json!({
            "response": "feed",
            "id": id,
            "param": {
                "serialnr": self.serialnr,
                "flipped": self.flipped,
                "board": self.board,
                "clock": self.clock,
                "san": self.san,
            },
            "time": time,
        })
    }
}

/// A client's call.
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    /// `{"id":1,"call":"eboards"}`.
    EBoards {
        /// The call's id.
        id: Value,
    },
    /// `{"id":2,"call":"subscribe","param":{"feed":"eboardevent","id":7,"param":{"serialnr":"…"}}}`.
    Subscribe {
        /// The call's id.
        id: Value,
        /// The feed's id, which its updates carry.
        feed_id: Value,
        /// The board followed.
        serialnr: String,
    },
    /// `{"id":3,"call":"unsubscribe","param":{"id":7}}`.
    Unsubscribe {
        /// The call's id.
        id: Value,
        /// The feed to end.
        feed_id: Value,
    },
    /// `{"id":4,"call":"call","param":{"id":1,"method":"setup","param":{"fen":"…"}}}` (the board
    /// named by `serialnr` in the inner param, else the client's board).
    Setup {
        /// The call's id.
        id: Value,
        /// The board, when named.
        serialnr: Option<String>,
        /// The position asked for.
        fen: String,
    },
}

impl Call {
    /// Reads a call; what is wrong, with the call's id when it has one, otherwise.
    pub fn parse(text: &str) -> Result<Call, (Value, String)> {
        let v: Value =
            serde_json::from_str(text).map_err(|e| (Value::Null, format!("not JSON: {e}")))?;
        let id = v.get("id").cloned().unwrap_or(Value::Null);
        let bad = |why: &str| (id.clone(), why.to_owned());
        let param = v.get("param").cloned().unwrap_or(Value::Null);
        match v.get("call").and_then(Value::as_str) {
            Some("eboards") => Ok(Call::EBoards { id }),
            Some("subscribe") => {
                if param.get("feed").and_then(Value::as_str) != Some("eboardevent") {
                    return Err(bad("subscribe: the feed served is eboardevent"));
                }
                let serialnr = param
                    .pointer("/param/serialnr")
                    .and_then(Value::as_str)
                    .ok_or_else(|| bad("subscribe: param.param.serialnr names the board"))?;
                Ok(Call::Subscribe {
                    feed_id: param.get("id").cloned().unwrap_or_else(|| id.clone()),
                    id,
                    serialnr: serialnr.to_owned(),
                })
            }
            Some("unsubscribe") => Ok(Call::Unsubscribe {
                feed_id: param.get("id").cloned().unwrap_or(Value::Null),
                id,
            }),
            Some("call") => {
                if param.get("method").and_then(Value::as_str) != Some("setup") {
                    return Err(bad("call: the method served is setup"));
                }
                let fen = param
                    .pointer("/param/fen")
                    .and_then(Value::as_str)
                    .ok_or_else(|| bad("setup: param.param.fen is the position"))?;
                Ok(Call::Setup {
                    serialnr: param
                        .pointer("/param/serialnr")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                    id,
                    fen: fen.to_owned(),
                })
            }
            Some(other) => Err(bad(&format!(
                "call {other:?}: served are eboards, subscribe, unsubscribe and call (setup)"
            ))),
            None => Err(bad("no call named")),
        }
    }
}

/// The answer to call `id`.
pub fn answer(id: &Value, param: Value) -> Value {
    json!({"response": "call", "id": id, "param": param})
}

/// A refusal of call `id`.
pub fn error(id: &Value, why: &str) -> Value {
    json!({"response": "error", "id": id, "param": why})
}

/// Whether two FENs give the same position: the same pieces, side to move, castling rights and
/// en-passant square (the move counters aside); a FEN of the pieces alone matches the pieces.
pub fn same_position(a: &str, b: &str) -> bool {
    let fields = |f: &str| {
        f.split_whitespace()
            .take(4)
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let (a, b) = (fields(a), fields(b));
    let n = a.len().min(b.len());
    n > 0 && a[..n] == b[..n]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_calls_lichess_makes_are_read() {
        assert_eq!(
            Call::parse(r#"{"id":1,"call":"eboards"}"#),
            Ok(Call::EBoards { id: json!(1) })
        );
        assert_eq!(
            Call::parse(
                r#"{"id":2,"call":"subscribe","param":{"feed":"eboardevent","id":1,"param":{"serialnr":"24419"}}}"#
            ),
            Ok(Call::Subscribe {
                id: json!(2),
                feed_id: json!(1),
                serialnr: "24419".into()
            })
        );
        assert_eq!(
            Call::parse(
                r#"{"id":3,"call":"call","param":{"id":1,"method":"setup","param":{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}}}"#
            ),
            Ok(Call::Setup {
                id: json!(3),
                serialnr: None,
                fen: "8/8/8/8/8/8/8/8 w - - 0 1".into()
            })
        );
    }

    #[test]
    fn a_wrong_call_says_what_is_wrong_with_its_id() {
        let (id, why) = Call::parse(r#"{"id":9,"call":"subscribe","param":{"feed":"x"}}"#)
            .expect_err("an unknown feed");
        assert_eq!(id, json!(9));
        assert!(why.contains("eboardevent"), "{why}");
        assert!(Call::parse("not json").is_err());
        assert_eq!(
            error(&json!(9), "no")["response"],
            "error",
            "errors are answers of their own kind"
        );
    }

    #[test]
    fn clocks_in_seconds_and_positions_compared_without_counters() {
        assert_eq!(
            clock(5_400_999, 61_000, Some(Color::Black)),
            json!({"white": 5400, "black": 61, "run": "black"})
        );
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(same_position(
            start,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 9"
        ));
        assert!(same_position(
            start,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        ));
        assert!(!same_position(
            start,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        ));
        assert!(!same_position(start, ""));
    }
}
