//! The HTTP side, on one port: the page's assets, the WebSocket stream at `/ws`, the game as PGN at
//! `/games.pgn` and the event log at `/events.jsonl`.
//!
//! Safe by default: the caller binds 127.0.0.1 unless told otherwise; WebSocket upgrades whose
//! `Origin` is neither the bridge's own nor an allowed site are refused (a page on another site
//! must not read the board); client messages are capped in size.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::sync::broadcast::error::RecvError;

use crate::hub::Hub;
use crate::protocol::{ClientMessage, Reply};
use crate::referee::{self, Role, SharedReferee};

/// The largest message a page may send (a hello or one event).
pub const MAX_CLIENT_MESSAGE: usize = 4096;

/// How the server is set up.
#[derive(Debug, Clone, Default)]
pub struct ServerSettings {
    /// Origins allowed besides the bridge's own (e.g. `https://lichess.org`).
    pub allowed_origins: Vec<String>,
    /// Serve the page from this folder instead of the one `cargo xtask web` builds.
    pub www: Option<PathBuf>,
}

#[derive(Clone)]
struct App {
    hub: Hub,
    referee: SharedReferee,
    origins: Arc<HashSet<String>>,
}

/// The router for a bridge listening on `addr`.
pub fn router(
    hub: Hub,
    referee: SharedReferee,
    addr: SocketAddr,
    settings: &ServerSettings,
) -> Router {
    let mut origins: HashSet<String> = settings
        .allowed_origins
        .iter()
        .map(|o| o.trim_end_matches('/').to_owned())
        .collect();
    let port = addr.port();
    origins.insert(format!("http://{addr}"));
    if addr.ip().is_loopback() || addr.ip().is_unspecified() {
        for host in ["127.0.0.1", "localhost", "[::1]"] {
            origins.insert(format!("http://{host}:{port}"));
        }
    }
    let app = App {
        hub,
        referee,
        origins: Arc::new(origins),
    };
    let router = Router::new()
        .route("/ws", get(ws_upgrade))
        .route("/games.pgn", get(games_pgn))
        .route("/events.jsonl", get(events_jsonl));
    #[cfg(feature = "stage-trace")]
    let router = router.route("/trace.jsonl", get(|| async { crate::trace::jsonl() }));
    let router = router.with_state(app);
    let www = settings
        .www
        .clone()
        .unwrap_or_else(crate::assets::default_dir);
    router.fallback_service(crate::assets::service(&www))
}

#[derive(serde::Deserialize)]
struct WsQuery {
    last_seq: Option<u64>,
    /// `white`, `black`, `assistant` or `spectator` (the default).
    role: Option<String>,
}

async fn ws_upgrade(
    State(app): State<App>,
    headers: HeaderMap,
    Query(q): Query<WsQuery>,
    ws: WebSocketUpgrade,
) -> Response {
    // Browsers always send Origin on a WebSocket upgrade; a request without one is not a page
    // on some other site, so it is let in (command-line tools, tests).
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("").trim_end_matches('/');
        if !app.origins.contains(origin) {
            return (
                StatusCode::FORBIDDEN,
                format!("origin {origin} is not allowed"),
            )
                .into_response();
        }
    }
    let role = match q.role.as_deref() {
        None => Role::Spectator,
        Some(text) => match Role::parse(text) {
            Some(role) => role,
            None => {
                return (
                    StatusCode::BAD_REQUEST,
                    format!("role {text:?} is not white, black, assistant or spectator"),
                )
                    .into_response();
            }
        },
    };
    ws.max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| stream(socket, app, q.last_seq, role))
}

/// How long a page that did not say its last sequence number in the URL gets to send a hello.
const HELLO_WAIT: Duration = Duration::from_millis(300);

/// What a page's message asks for, answered by the referee; `Some` is a refusal for this page.
fn take_client_message(app: &App, role: Role, message: ClientMessage) -> Option<String> {
    match message {
        ClientMessage::Hello { .. } => None,
        ClientMessage::AutoPress { on } => {
            if role == Role::Spectator {
                return Some("spectators cannot change the game's settings".into());
            }
            referee::lock(&app.referee).set_auto_press(on);
            None
        }
        ClientMessage::Event { event } => {
            let event: arbiter_core::arbiter::Event = match serde_json::from_value(event) {
                Ok(e) => e,
                Err(e) => return Some(format!("not an event: {e}")),
            };
            let now = app.hub.now_ms();
            let mut r = referee::lock(&app.referee);
            if let Some(why) = role.refuses(&event, r.side_to_move()) {
                return Some(why);
            }
            r.submit(now, event, role.name())
                .err()
                .map(|e| format!("refused by the game: {e}"))
        }
    }
}

async fn stream(mut socket: WebSocket, app: App, last_seq: Option<u64>, role: Role) {
    let hub = app.hub.clone();
    // A page that sends something else first gets it answered after the snapshot.
    let mut first = None;
    let last_seq = match last_seq {
        Some(s) => s,
        None => match tokio::time::timeout(HELLO_WAIT, socket.recv()).await {
            Ok(Some(Ok(Message::Text(t)))) => match serde_json::from_str::<ClientMessage>(&t) {
                Ok(ClientMessage::Hello { last_seq }) => last_seq,
                Ok(other) => {
                    first = Some(other);
                    0
                }
                Err(_) => 0,
            },
            Ok(None | Some(Err(_))) => return,
            _ => 0,
        },
    };
    let (snapshot, tail, mut rx) = hub.subscribe(last_seq);
    let Ok(snapshot) = serde_json::to_string(&snapshot) else {
        return;
    };
    if socket.send(Message::Text(snapshot.into())).await.is_err() {
        return;
    }
    let mut sent = last_seq;
    if let Some(message) = first
        && let Some(why) = take_client_message(&app, role, message)
    {
        let reply = serde_json::to_string(&Reply::error(why)).unwrap_or_default();
        if socket.send(Message::Text(reply.into())).await.is_err() {
            return;
        }
    }
    for e in tail {
        if socket
            .send(Message::Text(Utf8Bytes::from(&*e.json)))
            .await
            .is_err()
        {
            return;
        }
        sent = e.seq;
    }
    loop {
        tokio::select! {
            received = rx.recv() => match received {
                Ok(e) if e.seq <= sent => {}
                Ok(e) => {
                    crate::trace::mark_seq(e.seq, "ws_woken");
                    if socket.send(Message::Text(Utf8Bytes::from(&*e.json))).await.is_err() {
                        return;
                    }
                    crate::trace::mark_seq(e.seq, "ws_written");
                    sent = e.seq;
                }
                Err(RecvError::Lagged(_)) => {
                    // This page fell behind the broadcast buffer: fill the gap from the log.
                    for e in hub.tail(sent) {
                        if socket.send(Message::Text(Utf8Bytes::from(&*e.json))).await.is_err() {
                            return;
                        }
                        sent = e.seq;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(t))) => {
                    let refusal = match serde_json::from_str::<ClientMessage>(&t) {
                        // A hello mid-stream asks for a resend from that point.
                        Ok(ClientMessage::Hello { last_seq }) => {
                            for e in hub.tail(last_seq) {
                                if socket.send(Message::Text(Utf8Bytes::from(&*e.json))).await.is_err() {
                                    return;
                                }
                                sent = sent.max(e.seq);
                            }
                            None
                        }
                        Ok(message) => take_client_message(&app, role, message),
                        Err(e) => Some(format!("not a message: {e}")),
                    };
                    if let Some(why) = refusal {
                        let reply = serde_json::to_string(&Reply::error(why)).unwrap_or_default();
                        if socket.send(Message::Text(reply.into())).await.is_err() {
                            return;
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

async fn games_pgn(State(app): State<App>) -> Response {
    let text = crate::pgn::live_game(&app.hub.state());
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response()
}

async fn events_jsonl(State(app): State<App>) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/jsonl; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        app.hub.log_text(),
    )
        .into_response()
}
