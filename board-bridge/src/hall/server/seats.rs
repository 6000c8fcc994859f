//! The seats' keys and links of every board, each also as a QR code, and the arbiter's token:
//! all for the arbiter alone, answered so that no cache along the way keeps them.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{ArbiterRight, HallApp, json_body, no_board, refused, secret_answer};

/// A seat's link from the bridge's root, with its key.
fn seat_link(board: u32, seat: &str, key: &str) -> String {
    format!("/board/{board}?seat={seat}&key={key}")
}

/// The seats' links of every board, for the arbiter alone.
pub(super) async fn seats(State(app): State<HallApp>, _: ArbiterRight) -> Response {
    let round = app.hall.round();
    let boards: Vec<_> = round
        .boards
        .iter()
        .zip(&round.seats)
        .map(|(b, keys)| {
            let seats: serde_json::Map<String, serde_json::Value> = keys
                .all()
                .into_iter()
                .map(|(seat, key)| {
                    let link = seat_link(b.number(), &seat, &key);
                    (seat, json!({"key": key, "link": link}))
                })
                .collect();
            json!({"number": b.number(), "seats": seats})
        })
        .collect();
    // Listening on loopback only, no phone reaches the codes' links: the page says so.
    let loopback_only = super::reach::loopback_only(app.addr);
    secret_answer(json!({"boards": boards, "loopback_only": loopback_only}))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Reissue {
    board: u32,
    seat: String,
}

/// A new key for one seat of one board: the old link seats no one from now on.
pub(super) async fn reissue_seat(
    State(app): State<HallApp>,
    _: ArbiterRight,
    body: axum::body::Bytes,
) -> Response {
    let asked: Reissue = match json_body(&body, r#"a reissue ({"board": 1, "seat": "white"})"#) {
        Ok(r) => r,
        Err(no) => return no,
    };
    let round = app.hall.round();
    let Some((i, _)) = round.board(asked.board) else {
        return no_board(asked.board);
    };
    match round.seats[i].reissue(&asked.seat) {
        Ok(Some(key)) => {
            let link = seat_link(asked.board, &asked.seat, &key);
            secret_answer(json!({"ok": true, "key": key, "link": link}))
        }
        Ok(None) => refused(
            StatusCode::BAD_REQUEST,
            format!(
                "seat {:?}: a board's seats are white, black and assistant",
                asked.seat
            ),
        ),
        Err(e) => refused(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the new key could not be kept: {e}"),
        ),
    }
}

/// A new arbiter token in place of the old one, answered to the arbiter who asked alone.
pub(super) async fn rotate_token(State(app): State<HallApp>, _: ArbiterRight) -> Response {
    match app.hall.token.rotate() {
        Ok(token) => secret_answer(json!({"ok": true, "token": token})),
        Err(e) => refused(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the new token could not be kept: {e}"),
        ),
    }
}

/// Which seat's QR code: `?board=1&seat=white`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SeatAsked {
    board: u32,
    seat: String,
}

/// A seat's link as an SVG QR code, for the player's phone to scan from the arbiter's screen:
/// the whole address, with the host the arbiter reached the bridge by (the gate has checked
/// it) unless that is loopback while phones can reach the bridge otherwise
/// ([`super::reach::link_host`]), and the seat's key as it is now, so a reissued key draws a
/// new code.
pub(super) async fn seat_qr(
    State(app): State<HallApp>,
    _: ArbiterRight,
    headers: HeaderMap,
    asked: Result<Query<SeatAsked>, QueryRejection>,
) -> Response {
    let Query(asked) = match asked {
        Ok(q) => q,
        Err(e) => {
            return refused(
                StatusCode::BAD_REQUEST,
                format!("not a seat (?board=1&seat=white): {e}"),
            );
        }
    };
    let round = app.hall.round();
    let Some((i, _)) = round.board(asked.board) else {
        return no_board(asked.board);
    };
    let Some((_, key)) = round.seats[i]
        .all()
        .into_iter()
        .find(|(seat, _)| *seat == asked.seat)
    else {
        return refused(
            StatusCode::BAD_REQUEST,
            format!(
                "seat {:?}: a board's seats are white, black and assistant",
                asked.seat
            ),
        );
    };
    let host_asked = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let host = super::reach::link_host(app.addr, host_asked, super::reach::lan_ipv4);
    let link = format!("http://{host}{}", seat_link(asked.board, &asked.seat, &key));
    match super::qr::svg(&link) {
        Ok(svg) => (
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            svg,
        )
            .into_response(),
        Err(e) => refused(
            StatusCode::BAD_REQUEST,
            format!("this seat's link does not fit a QR code: {e}"),
        ),
    }
}
