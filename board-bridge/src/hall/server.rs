//! The hall's routes: `/` the hall page, `/board/N` a board's own page, `/hall/ws` the hall's
//! stream, `/hall.json` the hall now, `/round.pgn` the round, `POST /board/N/arbiter` the
//! arbiter's decisions; each board's stream, PGN and log under `/board/N/` are the
//! single-board bridge's own routes, one set per board.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use arbiter_core::arbiter::{Decision, Event, GameResult};
use axum::Router;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use tower_http::services::ServeFile;

use super::SharedHall;
use crate::referee::NotTaken;
use crate::server::ServerSettings;

/// The round's PGN and its entity tag, as of a change count.
type CachedRound = Option<(u64, Arc<str>, String)>;

#[derive(Clone)]
struct HallApp {
    hall: SharedHall,
    pages: Arc<AtomicUsize>,
    max_pages: usize,
    round: Arc<Mutex<CachedRound>>,
}

/// The router of the hall listening on `addr`.
pub fn router(hall: SharedHall, addr: SocketAddr, settings: &ServerSettings) -> Router {
    let www = settings
        .www
        .clone()
        .unwrap_or_else(crate::assets::default_dir);
    let page = ServeFile::new(www.join("hall.html"))
        .precompressed_br()
        .precompressed_gzip();
    let app = HallApp {
        hall: hall.clone(),
        pages: Arc::new(AtomicUsize::new(0)),
        max_pages: if settings.max_pages == 0 {
            crate::server::MAX_PAGES
        } else {
            settings.max_pages
        },
        round: Arc::new(Mutex::new(None)),
    };
    let mut router = Router::new()
        .route_service("/", page.clone())
        .route_service("/board/{n}", page)
        .route("/hall.json", get(hall_json))
        .route("/hall/ws", get(hall_ws))
        .route("/round.pgn", get(round_pgn))
        .route("/board/{n}/arbiter", post(arbiter))
        .with_state(app);
    for board in &hall.boards {
        router = router.nest(
            &format!("/board/{}", board.number()),
            crate::server::game_routes(board.hub.clone(), board.referee.clone(), addr, settings),
        );
    }
    router.fallback_service(crate::assets::service(&www))
}

async fn hall_json(State(app): State<HallApp>) -> Response {
    (
        [(header::CACHE_CONTROL, "no-cache")],
        axum::Json(app.hall.snapshot()),
    )
        .into_response()
}

async fn round_pgn(State(app): State<HallApp>, headers: HeaderMap) -> Response {
    let version = *app.hall.watch_changes().borrow();
    let (text, tag) = {
        let mut cached = super::lock(&app.round);
        match &*cached {
            Some((v, text, tag)) if *v == version => (text.clone(), tag.clone()),
            _ => {
                let text: Arc<str> = Arc::from(super::round::round_pgn(&app.hall));
                let tag = super::round::etag(&text);
                *cached = Some((version, text.clone(), tag.clone()));
                (text, tag)
            }
        }
    };
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    if matches {
        return (
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, tag),
                (header::CACHE_CONTROL, "no-cache".into()),
            ],
        )
            .into_response();
    }
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_owned(),
            ),
            (header::ETAG, tag),
            (header::CACHE_CONTROL, "no-cache".to_owned()),
        ],
        text.to_string(),
    )
        .into_response()
}

/// One connected hall page, counted while its stream lives.
struct PageSlot(Arc<AtomicUsize>);

impl Drop for PageSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

async fn hall_ws(State(app): State<HallApp>, ws: WebSocketUpgrade) -> Response {
    // The hall page only listens: small buffers, and nothing it sends is read but a close.
    let ws = ws
        .max_message_size(crate::server::MAX_CLIENT_MESSAGE)
        .write_buffer_size(0);
    let open = app.pages.fetch_add(1, Ordering::Relaxed);
    let slot = PageSlot(app.pages.clone());
    if open >= app.max_pages {
        drop(slot);
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "this bridge already serves {} hall pages, the most it takes; try again later",
                app.max_pages
            ),
        )
            .into_response();
    }
    ws.on_upgrade(move |socket| async move {
        hall_stream(socket, app.hall).await;
        drop(slot);
    })
}

async fn send(socket: &mut WebSocket, text: &str) -> bool {
    socket
        .send(Message::Text(Utf8Bytes::from(text)))
        .await
        .is_ok()
}

async fn hall_stream(mut socket: WebSocket, hall: SharedHall) {
    let mut rx = hall.subscribe_pages();
    if !send(&mut socket, &hall.snapshot().to_string()).await {
        return;
    }
    loop {
        tokio::select! {
            received = rx.recv() => match received {
                Ok(text) => {
                    if !send(&mut socket, &text).await {
                        return;
                    }
                }
                // Behind the stream: the whole hall again is the shortest way back.
                Err(RecvError::Lagged(_)) => {
                    if !send(&mut socket, &hall.snapshot().to_string()).await {
                        return;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

/// What the arbiter asks of a board.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ArbiterRequest {
    /// One of the core's events (an `arbiter` decision: restore, set clocks, accept or reject
    /// a claim; or any other), recorded as the arbiter's.
    #[serde(default)]
    event: Option<serde_json::Value>,
    /// `1-0`, `0-1` or `1/2-1/2`: the game ends so (confirming a result signal, or the
    /// players' word to the arbiter).
    #[serde(default)]
    result: Option<String>,
    /// Set aside the result the board's kings proposed.
    #[serde(default)]
    dismiss: bool,
    /// Ask the player on move for his sealed move, made on the sensor board and sealed with
    /// this passphrase (App. A1), as the live page's seats ask it.
    #[serde(default)]
    seal_on_board: Option<SealRequest>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SealRequest {
    passphrase: String,
}

fn refused(status: StatusCode, why: impl Into<String>) -> Response {
    (status, axum::Json(json!({"error": why.into()}))).into_response()
}

/// A 409: what the game (or the board's sealing) would not take, with the message id the hall
/// page says it by in its language, and the side the sentence names.
fn not_taken(why: &NotTaken) -> Response {
    let player = match why {
        NotTaken::Game(e) => e.side(),
        _ => None,
    };
    (
        StatusCode::CONFLICT,
        axum::Json(json!({"error": why.to_string(), "id": why.id(), "player": player})),
    )
        .into_response()
}

async fn arbiter(
    State(app): State<HallApp>,
    Path(n): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if !app.hall.is_arbiter(token.trim()) {
        return refused(
            StatusCode::FORBIDDEN,
            "arbiter rights are needed: give the token the bridge printed when it started",
        );
    }
    let Some((i, board)) = n.parse().ok().and_then(|n| app.hall.board(n)) else {
        return refused(
            StatusCode::NOT_FOUND,
            format!("there is no board {n} in this hall"),
        );
    };
    let request: ArbiterRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return refused(
                StatusCode::BAD_REQUEST,
                format!(
                    "not an arbiter request ({{\"event\": ...}}, {{\"result\": \"1-0\"}} or {{\"dismiss\": true}}): {e}"
                ),
            );
        }
    };
    let only_one = [
        request.event.is_some(),
        request.result.is_some(),
        request.dismiss,
        request.seal_on_board.is_some(),
    ]
    .iter()
    .filter(|&&b| b)
    .count()
        == 1;
    if !only_one {
        return refused(
            StatusCode::BAD_REQUEST,
            "one of event, result, dismiss or seal_on_board, alone",
        );
    }
    if request.dismiss {
        app.hall.clear_proposal(i);
        return axum::Json(json!({"ok": true})).into_response();
    }
    if let Some(seal) = request.seal_on_board {
        return match crate::referee::lock(&board.referee).seal_on_board(seal.passphrase) {
            Ok(sealer) => {
                axum::Json(json!({"ok": true, "sealer": arbiter_core::wire::color::name(sealer)}))
                    .into_response()
            }
            Err(why) => (
                StatusCode::CONFLICT,
                axum::Json(json!({"error": why, "id": "seal_refused"})),
            )
                .into_response(),
        };
    }
    let event = match (&request.event, request.result.as_deref()) {
        (Some(event), _) => match serde_json::from_value(event.clone()) {
            Ok(e) => e,
            Err(e) => return refused(StatusCode::BAD_REQUEST, format!("not an event: {e}")),
        },
        (None, Some(result)) => {
            // The result the players report, recorded as such (Art. 8.7): not a resignation
            // or a draw offer made on their behalf, which the Laws may rule otherwise.
            let result = match result {
                "1-0" => GameResult::WhiteWins,
                "0-1" => GameResult::BlackWins,
                "1/2-1/2" => GameResult::Draw,
                other => {
                    return refused(
                        StatusCode::BAD_REQUEST,
                        format!("result {other:?}: expected 1-0, 0-1 or 1/2-1/2"),
                    );
                }
            };
            Event::Arbiter {
                decision: Decision::RecordResult { result },
            }
        }
        (None, None) => {
            return refused(
                StatusCode::BAD_REQUEST,
                "one of event, result, dismiss or seal_on_board, alone",
            );
        }
    };
    let now = board.hub.now_ms();
    // The live page's seats' path: the same checks, the same refusals.
    let taken = crate::referee::lock(&board.referee).take_request(now, event, "arbiter");
    match taken {
        Ok(()) => {}
        Err(NotTaken::Unchanged) => {
            return axum::Json(json!({"ok": true, "unchanged": true})).into_response();
        }
        Err(why) => return not_taken(&why),
    }
    if request.result.is_some() {
        app.hall.clear_proposal(i);
    }
    axum::Json(json!({"ok": true})).into_response()
}
