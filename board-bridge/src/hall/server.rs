//! The hall's routes: `/` the hall page, `/board/N` a board's own page, `/hall/ws` the hall's
//! stream, `/hall.json` the hall now, `/round.pgn` the round, `POST /board/N/arbiter` the
//! arbiter's decisions; each board's stream, PGN and log under `/board/N/` are the
//! single-board bridge's own routes, one set per board.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use arbiter_core::arbiter::{Decision, Event, GameResult};
use arbiter_core::clock::{Millis, Timestamp};
use axum::Router;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use tower_http::services::ServeFile;

use super::SharedHall;
use super::desk::Before;
use crate::keys::TokenRefusal;
use crate::referee::NotTaken;
use crate::server::ServerSettings;

/// What an arbiter's request holds: one of these.
const ONE_OF: &str = "one of event, result, dismiss, seal_on_board, set_clock or undo, alone";

/// The largest request body the hall takes (an arbiter's decision is a few hundred bytes).
pub const MAX_REQUEST: usize = 16 * 1024;

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
        .route("/round.trf", get(round_trf))
        .route("/board/{n}/arbiter", post(arbiter))
        .route("/hall/seats", get(seats).post(reissue_seat))
        .route("/hall/token", post(rotate_token))
        .route("/hall/start", post(start_round))
        .route("/hall/detected", get(detected))
        .route("/hall/assign", post(assign))
        .with_state(app);
    for (i, board) in hall.boards.iter().enumerate() {
        let settings = ServerSettings {
            seats: hall.seats.get(i).cloned(),
            ..settings.clone()
        };
        router = router.nest(
            &format!("/board/{}", board.number()),
            crate::server::game_routes(board.hub.clone(), board.referee.clone(), addr, &settings),
        );
    }
    router
        .fallback_service(crate::server::page_files(
            &www,
            crate::server::Gate::new(addr, settings),
        ))
        // An arbiter's request is a few hundred bytes: more is refused (413) unread.
        .layer(axum::extract::DefaultBodyLimit::max(MAX_REQUEST))
        .layer(axum::middleware::from_fn_with_state(
            crate::server::Gate::new(addr, settings),
            crate::server::gatekeeper,
        ))
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
                let text: Arc<str> = Arc::from(super::round::round_pgn(&app.hall, false));
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

/// The pairing program's TRF file with the round's results written in (the games over so far),
/// for the arbiter to load back into it; 404 when the round did not come from a TRF file.
async fn round_trf(State(app): State<HallApp>) -> Response {
    let Some(file) = &app.hall.round_file else {
        return refused(
            StatusCode::NOT_FOUND,
            "this round's pairings did not come from a TRF file ([event] trf)",
        );
    };
    let results: Vec<(super::trf::Pairing, &'static str)> = file
        .games
        .iter()
        .filter_map(|(n, game)| {
            let (_, board) = app.hall.board(*n)?;
            let result = crate::referee::lock(&board.referee).game().result()?.0;
            Some((*game, result.pgn()))
        })
        .collect();
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        file.trf.with_results(app.hall.event.round, &results),
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
    /// Set one clock or both: a side left out keeps what its clock reads when the change is
    /// taken (never a value the page read earlier).
    #[serde(default)]
    set_clock: Option<ClockEdit>,
    /// Take back the arbiter's last action, where the Laws let him ([`super::desk`]).
    #[serde(default)]
    undo: bool,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockEdit {
    #[serde(default)]
    white: Option<u64>,
    #[serde(default)]
    black: Option<u64>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SealRequest {
    passphrase: String,
}

/// An answer to the arbiter that holds a secret (seat keys, his token): no cache along the way
/// keeps it.
fn secret_answer(body: serde_json::Value) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], axum::Json(body)).into_response()
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

/// `None` when the request carries the arbiter's token (`Authorization: Bearer ...`, never in
/// the URL, which logs and histories keep); else the refusal to answer: 403, or 429 with
/// `Retry-After` for a client that gave too many wrong tokens lately.
fn arbiter_right(app: &HallApp, client: SocketAddr, headers: &HeaderMap) -> Option<Response> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    match app.hall.is_arbiter(client.ip(), token.trim()) {
        Ok(()) => None,
        Err(TokenRefusal::Wrong) => Some(refused(
            StatusCode::FORBIDDEN,
            "arbiter rights are needed: give the token the bridge printed when it started",
        )),
        Err(TokenRefusal::Wait(wait)) => {
            let secs = wait.as_secs().max(1);
            Some((
                StatusCode::TOO_MANY_REQUESTS,
                [(header::RETRY_AFTER, secs.to_string())],
                axum::Json(json!({
                    "error": format!("too many wrong tokens from this device: try again in {secs} s"),
                    "id": "token_wait",
                    "retry_after": secs,
                })),
            )
                .into_response())
        }
    }
}

/// The seats' links of every board, for the arbiter alone.
async fn seats(
    State(app): State<HallApp>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if let Some(no) = arbiter_right(&app, client, &headers) {
        return no;
    }
    let boards: Vec<_> = app
        .hall
        .boards
        .iter()
        .zip(&app.hall.seats)
        .map(|(b, keys)| {
            let seats: serde_json::Map<String, serde_json::Value> = keys
                .all()
                .into_iter()
                .map(|(seat, key)| {
                    let link = format!("/board/{}?seat={seat}&key={key}", b.number());
                    (seat, json!({"key": key, "link": link}))
                })
                .collect();
            json!({"number": b.number(), "seats": seats})
        })
        .collect();
    secret_answer(json!({"boards": boards}))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Reissue {
    board: u32,
    seat: String,
}

/// A new key for one seat of one board: the old link seats no one from now on.
async fn reissue_seat(
    State(app): State<HallApp>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(no) = arbiter_right(&app, client, &headers) {
        return no;
    }
    let asked: Reissue = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return refused(
                StatusCode::BAD_REQUEST,
                format!("not a reissue ({{\"board\": 1, \"seat\": \"white\"}}): {e}"),
            );
        }
    };
    let Some((i, _)) = app.hall.board(asked.board) else {
        return refused(
            StatusCode::NOT_FOUND,
            format!("there is no board {} in this hall", asked.board),
        );
    };
    match app.hall.seats[i].reissue(&asked.seat) {
        Ok(Some(key)) => {
            let link = format!("/board/{}?seat={}&key={key}", asked.board, asked.seat);
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
async fn rotate_token(
    State(app): State<HallApp>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if let Some(no) = arbiter_right(&app, client, &headers) {
        return no;
    }
    match app.hall.token.rotate() {
        Ok(token) => secret_answer(json!({"ok": true, "token": token})),
        Err(e) => refused(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the new token could not be kept: {e}"),
        ),
    }
}

async fn arbiter(
    State(app): State<HallApp>,
    Path(n): Path<String>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(no) = arbiter_right(&app, client, &headers) {
        return no;
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
        request.set_clock.is_some(),
        request.undo,
    ]
    .iter()
    .filter(|&&b| b)
    .count()
        == 1;
    if !only_one {
        return refused(StatusCode::BAD_REQUEST, ONE_OF);
    }
    if request.undo {
        return undo(&app, i, board);
    }
    if request.dismiss {
        app.hall.clear_proposal(i);
        return axum::Json(json!({"ok": true})).into_response();
    }
    if let Some(seal) = request.seal_on_board {
        if let Some(why) = crate::sealing::weak_passphrase(&seal.passphrase) {
            return (
                StatusCode::CONFLICT,
                axum::Json(json!({"error": why, "id": "seal_refused"})),
            )
                .into_response();
        }
        // The referee's lock is let go before the pages are told (they read the game).
        let sealed = crate::referee::lock(&board.referee).seal_on_board(seal.passphrase);
        return match sealed {
            Ok(sealer) => {
                app.hall.update_desk(i, |d| {
                    d.undone();
                    d.adjourned_no_more();
                });
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
    let now = board.hub.now_ms();
    let event = match (
        &request.event,
        request.result.as_deref(),
        &request.set_clock,
    ) {
        (_, _, Some(edit)) => {
            if edit.white.is_none() && edit.black.is_none() {
                return refused(
                    StatusCode::BAD_REQUEST,
                    "set_clock names white, black or both (ms)",
                );
            }
            let before = before_of(board, now);
            Event::Arbiter {
                decision: Decision::SetClock {
                    white: Millis(edit.white.unwrap_or(before.white_ms)),
                    black: Millis(edit.black.unwrap_or(before.black_ms)),
                },
            }
        }
        (Some(event), _, _) => match serde_json::from_value(event.clone()) {
            Ok(e) => e,
            Err(e) => return refused(StatusCode::BAD_REQUEST, format!("not an event: {e}")),
        },
        (None, Some(result), _) => {
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
        (None, None, None) => {
            return refused(StatusCode::BAD_REQUEST, ONE_OF);
        }
    };
    // The live page's seats' path: the same checks, the same refusals.
    let (taken, before) = {
        let mut referee = crate::referee::lock(&board.referee);
        let before = before_in(&referee, now);
        (referee.take_request(now, event.clone(), "arbiter"), before)
    };
    match taken {
        Ok(()) => {}
        Err(NotTaken::Unchanged) => {
            return axum::Json(json!({"ok": true, "unchanged": true})).into_response();
        }
        Err(why) => return not_taken(&why),
    }
    app.hall.update_desk(i, |d| d.taken(&event, before));
    if request.result.is_some() {
        app.hall.clear_proposal(i);
    }
    axum::Json(json!({"ok": true})).into_response()
}

/// The game of `board` as it stands at `now`, for what the arbiter's undo needs.
fn before_of(board: &super::board::HallBoard, now: u64) -> Before {
    before_in(&crate::referee::lock(&board.referee), now)
}

fn before_in(referee: &crate::referee::Referee, now: u64) -> Before {
    let game = referee.game();
    let state = game.state(Timestamp(now));
    Before {
        plies: game.moves().len(),
        white_ms: state.white.remaining.0,
        black_ms: state.black.remaining.0,
        running: state.running,
        sealed: state.sealed,
    }
}

/// Takes back the arbiter's last action on board index `i`, where the Laws let him
/// ([`super::desk`]): 409 with `nothing_to_undo` when there is none.
fn undo(app: &HallApp, i: usize, board: &super::board::HallBoard) -> Response {
    let Some(last) = app.hall.desk(i).last else {
        return (
            StatusCode::CONFLICT,
            axum::Json(json!({
                "error": "nothing of the arbiter's can be undone on this board",
                "id": "nothing_to_undo",
            })),
        )
            .into_response();
    };
    let taken = {
        let now = board.hub.now_ms();
        let mut referee = crate::referee::lock(&board.referee);
        let before = before_in(&referee, now);
        let mut taken = Ok(());
        for event in last.events(before.white_ms, before.black_ms) {
            match referee.take_request(now, event, "arbiter") {
                Ok(()) | Err(NotTaken::Unchanged) => {}
                Err(why) => {
                    taken = Err(why);
                    break;
                }
            }
        }
        taken
    };
    if let Err(why) = taken {
        return not_taken(&why);
    }
    app.hall.update_desk(i, |d| d.undone());
    axum::Json(json!({"ok": true, "undone": last.describe()})).into_response()
}

/// "Start the round": every board's game not yet started is started now, by the arbiter
/// (2005 Art. 6.5 / 2023 Art. 6.6); each board's answer in the boards' order.
async fn start_round(
    State(app): State<HallApp>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if let Some(no) = arbiter_right(&app, client, &headers) {
        return no;
    }
    let boards: Vec<_> = app
        .hall
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let answer = match b.start() {
                Ok(()) => json!({"number": b.number(), "started": true}),
                Err(NotTaken::Unchanged) => json!({"number": b.number(), "started": false}),
                Err(why) => {
                    json!({"number": b.number(), "started": false, "error": why.to_string(), "id": why.id()})
                }
            };
            app.hall.board_changed(i);
            answer
        })
        .collect();
    axum::Json(json!({"ok": true, "boards": boards})).into_response()
}

/// The boards the ports' last scan found (port, family, serial number), each with the board of
/// the hall it is assigned to, for the arbiter.
async fn detected(
    State(app): State<HallApp>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if let Some(no) = arbiter_right(&app, client, &headers) {
        return no;
    }
    let hall = &app.hall;
    let found: Vec<_> = hall
        .detected()
        .into_iter()
        .map(|(port, serial)| {
            let board = (0..hall.boards.len())
                .find(|&i| {
                    hall.serial_of(i)
                        .is_some_and(|s| super::locate::same_serial(&s, &serial))
                })
                .map(|i| hall.boards[i].number());
            json!({"port": port, "family": "DGT", "serial": serial, "board": board})
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
async fn assign(
    State(app): State<HallApp>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(no) = arbiter_right(&app, client, &headers) {
        return no;
    }
    let asked: Assign = match serde_json::from_slice(&body) {
        Ok(a) => a,
        Err(e) => {
            return refused(
                StatusCode::BAD_REQUEST,
                format!("not an assignment ({{\"board\": 1, \"serial\": \"41234\"}}): {e}"),
            );
        }
    };
    let serial = asked.serial.trim().to_owned();
    if serial.is_empty() {
        return refused(StatusCode::BAD_REQUEST, "the serial number is blank");
    }
    let Some((i, _)) = app.hall.board(asked.board) else {
        return refused(
            StatusCode::NOT_FOUND,
            format!("there is no board {} in this hall", asked.board),
        );
    };
    if let Some(other) = (0..app.hall.boards.len()).find(|&j| {
        j != i
            && app
                .hall
                .serial_of(j)
                .is_some_and(|s| super::locate::same_serial(&s, &serial))
    }) {
        return refused(
            StatusCode::CONFLICT,
            format!(
                "the board {serial} is board {}'s: assign that one another first",
                app.hall.boards[other].number()
            ),
        );
    }
    app.hall.assign(i, serial);
    axum::Json(json!({"ok": true})).into_response()
}
