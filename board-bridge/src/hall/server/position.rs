//! `POST /board/N/position`: the arbiter sets the position a board's game starts from, before
//! its first move (the core's `set_position` decision, 2005 Art. 7.1a / 2023 Art. 7.2.1): a
//! FEN he types, or the game made to match the board, the pieces its sensors show now with
//! the side he names on move. Once the game's position is set, a board that differs from it
//! is told what to set up: its lights show the squares on the families that have them (the
//! core's board session), and the hall's card lists them (`to_set`, see
//! [`crate::hall::summary`]). The game decides; a refusal is its typed one.

use arbiter_core::arbiter::{Decision, Event, Refused};
use arbiter_core::{Color, Placement};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{ArbiterRight, HallApp, json_body, no_board, not_taken, refused};
use crate::referee::NotTaken;

/// What the arbiter asks: one of `fen` and `from_board`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    /// The position as FEN, as he typed it.
    #[serde(default)]
    fen: Option<String>,
    /// The game made to match the board: the pieces it shows now.
    #[serde(default)]
    from_board: Option<FromBoard>,
}

/// What the board's pieces do not say: who is on move, and which move it is.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FromBoard {
    #[serde(with = "arbiter_core::wire::color")]
    side_to_move: Color,
    /// The number of that side's move (a resumed game's); 1 when left out.
    #[serde(default)]
    move_number: Option<u16>,
}

/// The position asked for.
enum Asked {
    Fen(String),
    Board(FromBoard),
}

/// Why the board's pieces could not be read into a position.
const NOT_SHOWN: &str = "the board shows no pieces to set the game from: it is not connected, \
    or has not been read since it was";

pub(super) async fn set_position(
    State(app): State<HallApp>,
    Path(n): Path<String>,
    _: ArbiterRight,
    body: axum::body::Bytes,
) -> Response {
    let round = app.hall.round();
    let Some((i, board)) = n.parse().ok().and_then(|n| round.board(n)) else {
        return no_board(n);
    };
    let request: PositionRequest = match json_body(
        &body,
        r#"a position ({"fen": "..."} or {"from_board": {"side_to_move": "white"}})"#,
    ) {
        Ok(r) => r,
        Err(no) => return no,
    };
    let asked = match (request.fen, request.from_board) {
        (Some(fen), None) => Asked::Fen(fen),
        (None, Some(from)) => Asked::Board(from),
        _ => {
            return refused(
                StatusCode::BAD_REQUEST,
                "one of fen (the position typed) or from_board (the pieces the board shows), alone",
            );
        }
    };
    let now = board.facts.clock.now_ms();
    let answer = board.game.act(move |referee| {
        let fen = match asked {
            Asked::Fen(fen) => fen,
            Asked::Board(from) => {
                let state = referee.hub().state();
                let shown = state
                    .placement
                    .as_deref()
                    .filter(|_| state.connected)
                    .and_then(Placement::from_fen_board);
                match shown {
                    Some(pieces) => {
                        pieces.to_setup_fen(from.side_to_move, from.move_number.unwrap_or(1))
                    }
                    None => return Err(None),
                }
            }
        };
        // The position it started from until now (no move yet, or the set is refused): what
        // the arbiter's undo sets again.
        let before = referee.game().score_from(0).0.fen();
        let event = Event::Arbiter {
            decision: Decision::SetPosition { fen },
        };
        match referee.take_request(now, event, "arbiter") {
            Ok(()) => {}
            Err(why) => return Err(Some(why)),
        }
        let game = referee.game();
        Ok((
            game.board().fen(),
            game.rulings().last().map(|r| r.law),
            before,
        ))
    });
    let Some(answer) = answer.await else {
        return refused(StatusCode::GONE, crate::game::ENDED);
    };
    match answer {
        Ok((fen, law, before)) => {
            // Told to the pages with the board's change.
            app.hall.update_desk(i, |d| d.position_set(before)).await;
            axum::Json(json!({
                "ok": true,
                "fen": fen,
                "law": law.map(|l| l.to_string()),
            }))
            .into_response()
        }
        Err(None) => (
            StatusCode::CONFLICT,
            axum::Json(json!({"error": NOT_SHOWN, "id": "board_not_shown"})),
        )
            .into_response(),
        Err(Some(why)) => position_refused(&why),
    }
}

/// The game's refusal, with what the hall page says it by: the articles of what the arbiter
/// does instead after moves, the half-moves played, and the reason a FEN is no position.
fn position_refused(why: &NotTaken) -> Response {
    let extra = match why {
        NotTaken::Game(Refused::MovesMade {
            plies,
            restore,
            new_game,
        }) => json!({
            "plies": plies,
            "restore": restore.to_string(),
            "new_game": new_game.to_string(),
        }),
        // The core's reason, and the catalogue's message of it (`problem` and what it fills
        // in), for the page to say it in its language as it says a FEN it reads itself.
        NotTaken::Game(Refused::BadFen { fault, .. }) => {
            let (problem, words) = fault.message();
            let mut said = json!({ "reason": fault.to_string(), "problem": problem });
            if let Some(fields) = said.as_object_mut() {
                for (name, word) in words {
                    fields.insert(name.into(), json!(word));
                }
            }
            said
        }
        _ => return not_taken(why),
    };
    let mut body = json!({"error": why.to_string(), "id": why.id()});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    (StatusCode::CONFLICT, axum::Json(body)).into_response()
}
