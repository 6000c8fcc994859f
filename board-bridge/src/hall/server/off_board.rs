//! `POST /hall/off-board/N`: the arbiter enters, changes or undoes the result of game N of the
//! round, played off the sensor boards ([`crate::hall::off_board`]), until the next round
//! begins. The hall pages are told; the round's PGN and the push are not (no moves).

use std::net::SocketAddr;

use arbiter_core::arbiter::GameResult;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{HallApp, arbiter_right, json_body, refused};
use crate::hall::off_board::OffBoardError;

/// What the arbiter asks: one of the two.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct OffBoardRequest {
    /// The result the players reported (the core's result: `1-0`, `0-1`, `1/2-1/2`).
    #[serde(default)]
    result: Option<GameResult>,
    /// Take the result back: the game has none again.
    #[serde(default)]
    undo: bool,
}

pub(super) async fn set_result(
    State(app): State<HallApp>,
    Path(n): Path<String>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(no) = arbiter_right(&app, client, &headers) {
        return no;
    }
    let request: OffBoardRequest = match json_body(
        &body,
        r#"a result of a game off the sensor boards ({"result": "1-0"}, "0-1" or "1/2-1/2", or {"undo": true})"#,
    ) {
        Ok(r) => r,
        Err(no) => return no,
    };
    let result = match (request.result, request.undo) {
        (Some(r), false) => Some(r),
        (None, true) => None,
        _ => {
            return refused(
                StatusCode::BAD_REQUEST,
                "one of result (1-0, 0-1 or 1/2-1/2) or undo, alone",
            );
        }
    };
    let round = app.hall.round();
    let Ok(number) = n.parse::<u32>() else {
        return refused(
            StatusCode::NOT_FOUND,
            format!("{n:?} is no game number of round {}", round.event.round),
        );
    };
    match round.off_board.set(number, result) {
        Ok(before) => {
            eprintln!(
                "board-bridge: round {}, game {number} (off the sensor boards): {} by the arbiter{}",
                round.event.round,
                result.map_or("result undone", GameResult::pgn),
                before.map_or(String::new(), |b| format!(" (it was {})", b.pgn()))
            );
            app.hall.off_board_changed().await;
            axum::Json(json!({
                "ok": true,
                "number": number,
                "result": result.map(GameResult::pgn),
                "before": before.map(GameResult::pgn),
            }))
            .into_response()
        }
        Err(e @ OffBoardError::Unknown { .. }) => refused(StatusCode::NOT_FOUND, e.to_string()),
        Err(e @ OffBoardError::Nothing(_)) => (
            StatusCode::CONFLICT,
            axum::Json(json!({"error": e.to_string(), "id": "nothing_to_undo"})),
        )
            .into_response(),
        Err(e @ OffBoardError::Unkept { .. }) => {
            refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
        }
    }
}
