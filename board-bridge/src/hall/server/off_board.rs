//! `GET /round/R/off-board.json`: round R's results of the games played off the sensor boards
//! (the current round's, or an earlier one's from its archive, as `/round/R.pgn` is served).
//!
//! `POST /hall/off-board/N`: the arbiter enters, changes or undoes the result of game N of the
//! round, played off the sensor boards ([`crate::hall::off_board`]), until the next round
//! begins, or records it lost by forfeit (a player, or both, absent at the default time: the
//! core's [`Forfeit`] decides what it gives and the article). The hall pages are told; the
//! round's PGN and the push are not (no moves).

use arbiter_core::arbiter::{Forfeit, GameResult};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{ArbiterRight, HallApp, json_body, refused};
use crate::hall::off_board::{OffBoardError, Outcome};

/// What the arbiter asks: one of the three.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct OffBoardRequest {
    /// The result the players reported (the core's result: `1-0`, `0-1`, `1/2-1/2`).
    #[serde(default)]
    result: Option<GameResult>,
    /// The game lost by forfeit: who was absent (`white`, `black`, `both`).
    #[serde(default)]
    forfeit: Option<Forfeit>,
    /// Take the result back: the game has none again.
    #[serde(default)]
    undo: bool,
}

pub(super) async fn set_result(
    State(app): State<HallApp>,
    Path(n): Path<String>,
    _: ArbiterRight,
    body: axum::body::Bytes,
) -> Response {
    let request: OffBoardRequest = match json_body(
        &body,
        r#"a result of a game off the sensor boards ({"result": "1-0"}, "0-1" or "1/2-1/2", {"forfeit": "white"}, "black" or "both", or {"undo": true})"#,
    ) {
        Ok(r) => r,
        Err(no) => return no,
    };
    let round = app.hall.round();
    let result = match (request.result, request.forfeit, request.undo) {
        (Some(r), None, false) => Some(Outcome::Played(r)),
        // No move of the game is read here: the arbiter records the forfeit of a game that
        // was not played, as the core decides it for one without moves.
        (None, Some(forfeit), false) => match forfeit.decide(round.event.laws(), 0) {
            Ok(_) => Some(Outcome::Forfeit { forfeit }),
            Err(e) => return refused(StatusCode::CONFLICT, e.to_string()),
        },
        (None, None, true) => None,
        _ => {
            return refused(
                StatusCode::BAD_REQUEST,
                "one of result (1-0, 0-1 or 1/2-1/2), forfeit (white, black or both) or undo, alone",
            );
        }
    };
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
                result.map_or("result undone", Outcome::text),
                before.map_or(String::new(), |b| format!(" (it was {})", b.text()))
            );
            app.hall.off_board_changed().await;
            axum::Json(json!({
                "ok": true,
                "number": number,
                "result": result.map(Outcome::text),
                "forfeit": result.and_then(Outcome::forfeit),
                "before": before.map(Outcome::text),
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

/// `GET /round/R/off-board.json`: `{"round": R, "games": [...]}`, each game with its number, its
/// result and forfeit: the round being played as the hall lists it (with the players), an
/// earlier one as its archive keeps it (`round-R/off-board.json`: the numbers and results;
/// the players are in that round's pairing). 404 for a round neither is, naming the rounds
/// archived. Public, as the hall's list is.
pub(super) async fn round_results(State(app): State<HallApp>, Path(n): Path<String>) -> Response {
    let current = app.hall.round();
    let Ok(round) = n.parse::<u32>() else {
        return refused(
            StatusCode::NOT_FOUND,
            format!(
                "/round/{n}/off-board.json names no round: N is a round's number (this one is {})",
                current.event.round
            ),
        );
    };
    if round == current.event.round {
        return cached(json!({"round": round, "games": current.off_board.summary()}));
    }
    let Some(log) = app.hall.log.clone() else {
        return refused(
            StatusCode::NOT_FOUND,
            format!(
                "round {round} is not kept: this hall runs round {} without a log folder (--log DIR), where earlier rounds are archived",
                current.event.round
            ),
        );
    };
    let read = tokio::task::spawn_blocking(move || {
        let rounds = crate::hall::archive::archived(&log);
        if !rounds.contains(&round) {
            return Err((
                StatusCode::NOT_FOUND,
                format!(
                    "round {round} is not archived in this hall's log folder (archived: {})",
                    if rounds.is_empty() {
                        "none".to_owned()
                    } else {
                        rounds
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                ),
            ));
        }
        let dir = crate::hall::archive::round_dir(&log, round);
        crate::hall::off_board::archived(&dir, round)
            .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}")))
    })
    .await;
    match read {
        Ok(Ok(games)) => cached(json!({"round": round, "games": games})),
        Ok(Err((status, why))) => refused(status, why),
        Err(e) => refused(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("reading round {round}'s results: {e}"),
        ),
    }
}

/// A public answer that a poller asks again for (results change until the round ends).
fn cached(body: serde_json::Value) -> Response {
    (
        [(axum::http::header::CACHE_CONTROL, "no-cache")],
        axum::Json(body),
    )
        .into_response()
}
