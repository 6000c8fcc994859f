//! The boards found on the ports (`GET /hall/detected`) and a board assigned to one of the
//! hall's (`POST /hall/assign`), for the arbiter.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{ArbiterRight, HallApp, json_body, no_board, refused};

/// The boards the ports' last scan found (port, family, serial number), each with the board of
/// the hall it is assigned to, for the arbiter.
pub(super) async fn detected(State(app): State<HallApp>, _: ArbiterRight) -> Response {
    let hall = &app.hall;
    let found: Vec<_> = hall
        .detected()
        .into_iter()
        .map(|f| {
            let board = f.linked.or_else(|| {
                let serial = f.serial.as_deref()?;
                (0..hall.round().boards.len())
                    .find(|&i| {
                        hall.serial_of(i)
                            .is_some_and(|s| crate::hall::locate::same_serial(&s, serial))
                    })
                    .map(|i| hall.round().boards[i].number())
            });
            json!({
                "port": f.port,
                "family": crate::hall::locate::family_label(f.family),
                "serial": f.serial,
                "board": board,
            })
        })
        .collect();
    axum::Json(json!({"boards": found})).into_response()
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Assign {
    board: u32,
    serial: String,
}

/// The board with serial number `serial` becomes board `board` of the hall, in place of the
/// one the hall file names (a board swapped, or one the file left to the hall page).
pub(super) async fn assign(
    State(app): State<HallApp>,
    _: ArbiterRight,
    body: axum::body::Bytes,
) -> Response {
    let asked: Assign = match json_body(&body, r#"an assignment ({"board": 1, "serial": "41234"})"#)
    {
        Ok(a) => a,
        Err(no) => return no,
    };
    let serial = asked.serial.trim().to_owned();
    if serial.is_empty() {
        return refused(StatusCode::BAD_REQUEST, "the serial number is blank");
    }
    let Some((i, _)) = app.hall.round().board(asked.board) else {
        return no_board(asked.board);
    };
    if let Some(other) = (0..app.hall.round().boards.len()).find(|&j| {
        j != i
            && app
                .hall
                .serial_of(j)
                .is_some_and(|s| crate::hall::locate::same_serial(&s, &serial))
    }) {
        let other = app.hall.round().boards[other].number();
        // The hall page says it in its language by the id, with the serial and board it names.
        return (
            StatusCode::CONFLICT,
            axum::Json(json!({
                "error": format!("the board {serial} is board {other}'s: assign that one another first"),
                "id": "assign_refused_taken",
                "serial": serial,
                "other": other,
            })),
        )
            .into_response();
    }
    app.hall.assign(i, serial).await;
    axum::Json(json!({"ok": true})).into_response()
}
