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
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use axum::routing::get;
use tokio::sync::broadcast::error::RecvError;

use axum::body::{Body, Bytes};
use tokio::io::AsyncReadExt;

use crate::hub::{Hub, LogSource};
use crate::protocol::{ClientMessage, Refusal, Reply, Safe};
use crate::referee::{self, NotTaken, Role, SharedReferee};
use arbiter_core::arbiter::Actor;

/// The largest message a page may send (a hello or one event).
pub const MAX_CLIENT_MESSAGE: usize = 4096;
/// How many pages may be connected at once, unless told otherwise.
pub const MAX_PAGES: usize = 200;
/// What one page may send: messages a second (events, hellos and the rest), with a burst of
/// twice that; no player sends more than a few a second.
pub const MESSAGES_PER_SECOND: f64 = 20.0;
/// What one page may send: bytes a second, with a burst of twice that.
pub const BYTES_PER_SECOND: f64 = 16.0 * 1024.0;

/// How the server is set up.
#[derive(Debug, Clone, Default)]
pub struct ServerSettings {
    /// Origins allowed besides the bridge's own (e.g. `https://lichess.org`).
    pub allowed_origins: Vec<String>,
    /// Serve the page from this folder instead of the one `cargo xtask web` builds.
    pub www: Option<PathBuf>,
    /// How many pages may be connected at once (0: [`MAX_PAGES`]).
    pub max_pages: usize,
}

#[derive(Clone)]
struct App {
    hub: Hub,
    referee: SharedReferee,
    origins: Arc<HashSet<String>>,
    pages: Arc<AtomicUsize>,
    max_pages: usize,
}

/// One connected page, counted while its stream lives.
struct PageSlot(Arc<AtomicUsize>);

impl Drop for PageSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A token bucket: `rate` a second, up to twice that at once.
struct Bucket {
    tokens: f64,
    rate: f64,
    at: tokio::time::Instant,
}

impl Bucket {
    fn new(rate: f64) -> Bucket {
        Bucket {
            tokens: 2.0 * rate,
            rate,
            at: tokio::time::Instant::now(),
        }
    }

    /// Takes `cost` if there is that much; whether there was.
    fn take(&mut self, cost: f64) -> bool {
        let now = tokio::time::Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(2.0 * self.rate);
        self.at = now;
        if self.tokens >= cost {
            self.tokens -= cost;
            true
        } else {
            false
        }
    }
}

/// What one page may send, and when it was last told it sent too much.
struct Limits {
    messages: Bucket,
    bytes: Bucket,
    told: Option<tokio::time::Instant>,
}

impl Limits {
    fn new() -> Limits {
        Limits {
            messages: Bucket::new(MESSAGES_PER_SECOND),
            bytes: Bucket::new(BYTES_PER_SECOND),
            told: None,
        }
    }

    /// `None` if a message of `len` bytes may be taken; else whether to tell the page (once a
    /// second while it goes on) and what.
    fn refuse(&mut self, len: usize) -> Option<Option<String>> {
        let bytes_ok = self.bytes.take(len as f64);
        let messages_ok = self.messages.take(1.0);
        if bytes_ok && messages_ok {
            return None;
        }
        let now = tokio::time::Instant::now();
        if self
            .told
            .is_some_and(|t| now.duration_since(t) < Duration::from_secs(1))
        {
            return Some(None);
        }
        self.told = Some(now);
        Some(Some(if messages_ok {
            format!(
                "this page sent more than {} bytes a second, the most the bridge takes from one page; \
                 what it sent beyond that was not taken",
                BYTES_PER_SECOND as u64
            )
        } else {
            format!(
                "this page sent more than {} messages a second, the most the bridge takes from one page; \
                 what it sent beyond that was not taken",
                MESSAGES_PER_SECOND as u64
            )
        }))
    }
}

/// Serves `app` on `listener` until Ctrl-C: the single board's and the hall's one way to serve.
///
/// # Errors
/// What axum's server reports.
pub async fn serve(listener: tokio::net::TcpListener, app: Router) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    // Each message is one small frame that must leave at once: no Nagle delay.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

/// The router for a bridge listening on `addr`.
pub fn router(
    hub: Hub,
    referee: SharedReferee,
    addr: SocketAddr,
    settings: &ServerSettings,
) -> Router {
    let www = settings
        .www
        .clone()
        .unwrap_or_else(crate::assets::default_dir);
    game_routes(hub, referee, addr, settings)
        .fallback_service(crate::assets::service(&www))
        .layer(axum::middleware::from_fn(open_live_game))
}

/// One game's routes (`/ws`, `/games.pgn`, `/events.jsonl`) without the page's files: the
/// hall nests one set per board under `/board/N`.
pub fn game_routes(
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
        pages: Arc::new(AtomicUsize::new(0)),
        max_pages: if settings.max_pages == 0 {
            MAX_PAGES
        } else {
            settings.max_pages
        },
    };
    let router = Router::new()
        .route("/ws", get(ws_upgrade))
        .route("/games.pgn", get(games_pgn))
        .route("/events.jsonl", get(events_jsonl));
    #[cfg(feature = "stage-trace")]
    let router = router.route("/trace.jsonl", get(|| async { crate::trace::jsonl() }));
    router.with_state(app)
}

/// The page that opens the bridge's own game: `/` with no query shows the board's live game to
/// a spectator (`/?seat=spectator`); a seat (`?seat=white`) or playing on this screen alone
/// (`?local`) is an explicit choice in the query, and is served the page as it is.
async fn open_live_game(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let uri = request.uri();
    if matches!(uri.path(), "/" | "/index.html") && uri.query().is_none_or(str::is_empty) {
        return axum::response::Redirect::to("/?seat=spectator").into_response();
    }
    next.run(request).await
}

/// The CORS header that lets a page of an allowed site read what it asks for (the event log
/// its board replays), or none for other sites.
fn cors(app: &App, headers: &HeaderMap) -> AppendHeaders<Vec<(header::HeaderName, String)>> {
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok())
        .map(|o| o.trim_end_matches('/').to_owned());
    let mut out = vec![(header::VARY, "origin".to_owned())];
    if let Some(o) = origin.filter(|o| app.origins.contains(o)) {
        out.push((header::ACCESS_CONTROL_ALLOW_ORIGIN, o));
    }
    AppendHeaders(out)
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
    // Small buffers: a page sends a few hundred bytes at a time, and each message to it is
    // written at once; the 128 KiB defaults would make a hundred viewers cost megabytes.
    let ws = ws
        .max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE)
        .read_buffer_size(2 * MAX_CLIENT_MESSAGE)
        .write_buffer_size(0);
    // Browsers always send Origin on a WebSocket upgrade; a request without one is not a page
    // on some other site, so it is let in (command-line tools, tests). A refused page is told
    // why over the socket, since a browser shows a page nothing of a refused upgrade.
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin
            .to_str()
            .unwrap_or("")
            .trim_end_matches('/')
            .to_owned();
        if !app.origins.contains(&origin) {
            let message = format!(
                "this bridge does not accept pages from {origin}: start it with --allow-origin {origin}"
            );
            let refusal = Refusal {
                origin: Some(origin),
                ..Refusal::new("origin", message)
            };
            return ws.on_upgrade(move |socket| refuse(socket, refusal));
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
    let open = app.pages.fetch_add(1, Ordering::Relaxed);
    let slot = PageSlot(app.pages.clone());
    if open >= app.max_pages {
        let message = format!(
            "this bridge already serves {} pages, the most it takes; try again later",
            app.max_pages
        );
        return ws.on_upgrade(move |socket| async move {
            refuse(socket, Refusal::new("full", message)).await;
            drop(slot);
        });
    }
    ws.on_upgrade(move |socket| async move {
        stream(socket, app, q.last_seq, role).await;
        drop(slot);
    })
}

/// Tells a page why it is not served, then closes (1008: policy).
async fn refuse(mut socket: WebSocket, refusal: Refusal) {
    let _ = send_json(&mut socket, &refusal).await;
    let mut reason = refusal.message.clone();
    // A close frame's reason holds 123 bytes.
    while reason.len() > 123 {
        reason.pop();
    }
    let _ = socket
        .send(Message::Close(Some(axum::extract::ws::CloseFrame {
            code: 1008,
            reason: reason.into(),
        })))
        .await;
}

/// How long a page that did not say its last sequence number in the URL gets to send a hello.
const HELLO_WAIT: Duration = Duration::from_millis(300);

/// What a page's message asks for, answered by the referee; `Some` is the answer for this page
/// alone (a refusal, or an event that changed nothing).
fn take_client_message(app: &App, role: Role, message: ClientMessage) -> Option<Reply> {
    match message {
        ClientMessage::Hello { .. } => None,
        ClientMessage::AutoPress { on } => {
            if role == Role::Spectator {
                return Some(Reply::error_with_id(
                    "seat_watch_only",
                    "spectators cannot change the game's settings",
                ));
            }
            referee::lock(&app.referee).set_auto_press(on);
            None
        }
        ClientMessage::SealOnBoard { passphrase } => {
            let mut r = referee::lock(&app.referee);
            let sealer = r.side_to_move();
            if let Some(why) = role.refuses_act(Actor::Player(sealer), sealer) {
                return Some(why.reply());
            }
            r.seal_on_board(passphrase)
                .err()
                .map(|e| Reply::error_with_id("seal_refused", e))
        }
        ClientMessage::Event { event } => {
            let event: arbiter_core::arbiter::Event = match serde_json::from_value(event) {
                Ok(e) => e,
                Err(e) => return Some(Reply::error(format!("not an event: {e}"))),
            };
            let now = app.hub.now_ms();
            let mut r = referee::lock(&app.referee);
            if let Some(why) = role.refuses(&event, r.side_to_move()) {
                return Some(why.reply());
            }
            match r.take_request(now, event, role.name()) {
                Ok(()) => None,
                Err(e @ NotTaken::PiecesNotBack) => {
                    Some(Reply::error_with_id(e.id(), e.to_string()))
                }
                Err(e @ NotTaken::Unchanged) => Some(Reply::unchanged(e.to_string())),
                Err(e @ NotTaken::Game(_)) => Some(Reply::error(e.to_string())),
            }
        }
    }
}

async fn send_text(socket: &mut WebSocket, text: &str) -> bool {
    socket
        .send(Message::Text(Utf8Bytes::from(text)))
        .await
        .is_ok()
}

async fn send_json(socket: &mut WebSocket, value: &impl serde::Serialize) -> bool {
    match serde_json::to_string(value) {
        Ok(text) => send_text(socket, &text).await,
        Err(_) => false,
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
    let mut safe = hub.safe_through();
    let (snapshot, tail, mut rx) = hub.subscribe(last_seq);
    // A page holding numbers this bridge has not handed out (from a run before a restart
    // without its log) starts afresh from the snapshot like a new page.
    let mut sent = snapshot.seq;
    safe.mark_unchanged();
    if !send_json(&mut socket, &snapshot).await {
        return;
    }
    let mut limits = Limits::new();
    if let Some(message) = first
        && let Some(reply) = take_client_message(&app, role, message)
        && !send_json(&mut socket, &reply).await
    {
        return;
    }
    for e in tail {
        if !send_text(&mut socket, &e.json).await {
            return;
        }
    }
    let with_log = snapshot.safe.is_some();
    loop {
        tokio::select! {
            received = rx.recv() => match received {
                Ok(e) if e.seq <= sent => {}
                Ok(e) => {
                    crate::trace::mark_seq(e.seq, "ws_woken");
                    if !send_text(&mut socket, &e.json).await {
                        return;
                    }
                    crate::trace::mark_seq(e.seq, "ws_written");
                    sent = e.seq;
                }
                Err(RecvError::Lagged(_)) => {
                    // This page fell behind the broadcast buffer: fill the gap from the recent
                    // messages, or start it afresh when they no longer reach back that far.
                    match hub.tail(sent) {
                        Some(tail) => {
                            for e in tail {
                                if !send_text(&mut socket, &e.json).await {
                                    return;
                                }
                                sent = e.seq;
                            }
                        }
                        None => {
                            let snapshot = hub.snapshot();
                            sent = snapshot.seq;
                            if !send_json(&mut socket, &snapshot).await {
                                return;
                            }
                        }
                    }
                }
                Err(RecvError::Closed) => return,
            },
            changed = safe.changed(), if with_log => {
                if changed.is_err() {
                    return;
                }
                let through = *safe.borrow_and_update();
                if !send_json(&mut socket, &Safe::through(through)).await {
                    return;
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(t))) => {
                    if let Some(tell) = limits.refuse(t.len()) {
                        if let Some(why) = tell
                            && !send_json(&mut socket, &Reply::error_with_id("page_too_fast", why)).await
                        {
                            return;
                        }
                        continue;
                    }
                    let refusal = match serde_json::from_str::<ClientMessage>(&t) {
                        // A hello mid-stream asks for a resend from that point.
                        Ok(ClientMessage::Hello { last_seq }) => {
                            match hub.tail(last_seq) {
                                Some(tail) => {
                                    for e in tail {
                                        if !send_text(&mut socket, &e.json).await {
                                            return;
                                        }
                                        sent = sent.max(e.seq);
                                    }
                                }
                                None => {
                                    let snapshot = hub.snapshot();
                                    sent = snapshot.seq;
                                    if !send_json(&mut socket, &snapshot).await {
                                        return;
                                    }
                                }
                            }
                            None
                        }
                        Ok(message) => take_client_message(&app, role, message),
                        Err(e) => Some(Reply::error(format!("not a message: {e}"))),
                    };
                    if let Some(reply) = refusal
                        && !send_json(&mut socket, &reply).await
                    {
                        return;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(Message::Binary(b))) => {
                    // Not part of the protocol, but counted: bytes are bytes.
                    let _ = limits.refuse(b.len());
                }
                Some(Ok(_)) => {}
            },
        }
    }
}

async fn games_pgn(State(app): State<App>, headers: HeaderMap) -> Response {
    let text = crate::pgn::live_game(&app.hub.state());
    (
        cors(&app, &headers),
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

/// The event log as the core's log format, streamed from the file (up to the lines written
/// when asked) in chunks, so a slow reader holds one chunk, not a copy of the log.
async fn events_jsonl(State(app): State<App>, headers: HeaderMap) -> Response {
    const CHUNK: usize = 64 * 1024;
    let source = app.hub.log_source();
    let length = match &source {
        LogSource::Memory(lines) => lines.iter().map(|l| l.len() as u64).sum(),
        LogSource::File(_, len) => *len,
    };
    let body = match source {
        LogSource::Memory(lines) => Body::from_stream(futures_util::stream::iter(
            lines
                .into_iter()
                .map(|l| Ok::<_, std::io::Error>(Bytes::copy_from_slice(l.as_bytes()))),
        )),
        LogSource::File(path, len) => {
            let file = match tokio::fs::File::open(&path).await {
                Ok(f) => f,
                Err(e) => {
                    return (
                        StatusCode::INTERNAL_SERVER_ERROR,
                        format!("cannot read the event log: {e}"),
                    )
                        .into_response();
                }
            };
            let chunks = futures_util::stream::unfold((file, len), |(mut file, left)| async move {
                if left == 0 {
                    return None;
                }
                let want = usize::try_from(left).unwrap_or(CHUNK).min(CHUNK);
                let mut buf = vec![0; want];
                match file.read(&mut buf).await {
                    Ok(0) => None,
                    Ok(n) => {
                        buf.truncate(n);
                        Some((Ok(Bytes::from(buf)), (file, left - n as u64)))
                    }
                    Err(e) => Some((Err(e), (file, 0))),
                }
            });
            Body::from_stream(chunks)
        }
    };
    (
        cors(&app, &headers),
        [
            (
                header::CONTENT_TYPE,
                "application/jsonl; charset=utf-8".to_owned(),
            ),
            (header::CACHE_CONTROL, "no-cache".to_owned()),
            (header::CONTENT_LENGTH, length.to_string()),
        ],
        body,
    )
        .into_response()
}
