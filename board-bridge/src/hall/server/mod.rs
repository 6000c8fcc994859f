//! The hall's routes: `/` the hall page, `/board/N` a board's own page, `/hall/ws` the hall's
//! stream, `/hall.json` the hall now, `/round.pgn` the round, `/round/N.pgn` round N (the
//! current one, or an earlier one read back from its archived logs), `/round/N/off-board.json`
//! round N's results off the sensor boards (from its archive too), `POST /board/N/arbiter` the
//! arbiter's decisions, `POST /board/N/position` the position a game starts from, `POST
//! /hall/off-board/N` the result of game N played off the sensor boards, `POST
//! /hall/next-round` the next round; each board's stream, PGN and
//! log under `/board/N/` are the single-board bridge's own routes, one set per board of the
//! round being played (a page that connects after the next round began reaches its game).
//!
//! By concern: `stream` the hall pages' stream, `decisions` the arbiter's decisions on a board,
//! `position` the position he sets before the first move, `off_board` the results of the games
//! played off the sensor boards,
//! `seats` the seats' keys and links (with their QR codes, `qr`) and his token, `ports` the
//! boards found on the ports and their assignment.

mod decisions;
mod off_board;
mod ports;
mod position;
mod qr;
mod reach;
mod seats;
mod stream;

use std::net::SocketAddr;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;
use tower_http::services::ServeFile;

use super::SharedHall;
use super::off_board::Outcome;
use crate::keys::TokenRefusal;
use crate::referee::NotTaken;
use crate::server::ServerSettings;

/// The largest request body the hall takes (an arbiter's decision is a few hundred bytes).
pub const MAX_REQUEST: usize = 16 * 1024;

/// The largest body `POST /hall/next-round` takes: it may carry the pairing program's TRF file,
/// about 110 bytes a player and 10 more a round, so an open of a few thousand players fits.
pub const MAX_NEXT_ROUND: usize = 1024 * 1024;

/// The round's PGN and its entity tag, as of a change count.
type CachedRound = Option<(u64, Arc<str>, String)>;

#[derive(Clone)]
struct HallApp {
    hall: SharedHall,
    pages: Arc<AtomicUsize>,
    max_pages: usize,
    round: Arc<Mutex<CachedRound>>,
    /// Where the hall listens: the host of a seat's link when a request names none.
    addr: SocketAddr,
    /// What each board's own routes are served with.
    settings: ServerSettings,
    /// Each board's own routes, by number, for the round they serve.
    games: Arc<Mutex<Option<(u32, BoardRoutes)>>>,
}

/// Each board's own routes (stream, PGN, log), by board number.
type BoardRoutes = std::collections::HashMap<u32, Router>;

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
        addr,
        settings: settings.clone(),
        games: Arc::new(Mutex::new(None)),
    };
    let router = Router::new()
        .route_service("/", page.clone())
        .route_service("/board/{n}", page)
        .route("/hall.json", get(hall_json))
        .route("/hall/ws", get(stream::hall_ws))
        .route("/round.pgn", get(round_pgn))
        .route("/round/{file}", get(numbered_round))
        // The same name as the route beside it: the router takes one name per place in a path.
        .route(
            "/round/{file}/off-board.json",
            get(off_board::round_results),
        )
        .route("/round.trf", get(round_trf))
        .route("/board/{n}/arbiter", post(decisions::arbiter))
        .route("/board/{n}/position", post(position::set_position))
        .route("/hall/off-board/{n}", post(off_board::set_result))
        .route("/hall/seats", get(seats::seats).post(seats::reissue_seat))
        .route("/hall/seats/qr", get(seats::seat_qr))
        .route("/hall/token", post(seats::rotate_token))
        .route("/hall/start", post(decisions::start_round))
        .route(
            "/hall/next-round",
            // Inside the hall's limit below, so this route's own, larger one is the one read.
            post(decisions::next_round).layer(axum::extract::DefaultBodyLimit::max(MAX_NEXT_ROUND)),
        )
        .route("/board/{n}/{*rest}", axum::routing::any(board_routes))
        .route("/hall/detected", get(ports::detected))
        .route("/hall/assign", post(ports::assign))
        .with_state(app);
    router
        .fallback_service(crate::server::page_files(
            &www,
            crate::server::Gate::new(addr, settings),
        ))
        // An arbiter's request is a few hundred bytes: more is refused (413) unread (the next
        // round's TRF file has its own limit, set on its route).
        .layer(axum::extract::DefaultBodyLimit::max(MAX_REQUEST))
        .layer(axum::middleware::from_fn_with_state(
            crate::server::Gate::new(addr, settings),
            crate::server::gatekeeper,
        ))
}

/// Board `n`'s own routes (`/board/N/ws`, `games.pgn`, `events.jsonl`) in the round being
/// played: made once a round, so a page that connects after the next round began follows its
/// game, not the archived one.
async fn board_routes(
    State(app): State<HallApp>,
    axum::extract::Path((n, rest)): axum::extract::Path<(String, String)>,
    mut request: axum::extract::Request,
) -> Response {
    use tower::ServiceExt;
    let Some(routes) = n.parse().ok().and_then(|n| game_routes(&app, n)) else {
        return no_board(n);
    };
    // The board's routes are written from its own root, as the single board serves them.
    let path = match request.uri().query() {
        Some(q) => format!("/{rest}?{q}"),
        None => format!("/{rest}"),
    };
    match path.parse() {
        Ok(uri) => *request.uri_mut() = uri,
        Err(_) => return refused(StatusCode::BAD_REQUEST, "not a path"),
    }
    match routes.oneshot(request).await {
        Ok(answer) => answer,
        Err(never) => match never {},
    }
}

/// Board `n`'s own routes in the round being played.
fn game_routes(app: &HallApp, n: u32) -> Option<Router> {
    let round = app.hall.round();
    let mut games = super::lock(&app.games);
    if games.as_ref().map(|(r, _)| *r) != Some(round.event.round) {
        let routes = round
            .boards
            .iter()
            .enumerate()
            .map(|(i, board)| {
                let settings = ServerSettings {
                    seats: round.seats.get(i).cloned(),
                    ..app.settings.clone()
                };
                let routes = crate::server::game_routes(
                    board.facts.clone(),
                    board.game.clone(),
                    app.addr,
                    &settings,
                );
                (board.number(), routes)
            })
            .collect();
        *games = Some((round.event.round, routes));
    }
    games.as_ref()?.1.get(&n).cloned()
}

async fn hall_json(State(app): State<HallApp>) -> Response {
    (
        [(header::CACHE_CONTROL, "no-cache")],
        axum::Json(app.hall.snapshot().await),
    )
        .into_response()
}

async fn round_pgn(State(app): State<HallApp>, headers: HeaderMap) -> Response {
    let (text, tag) = current_round(&app).await;
    pgn_answer(&text, tag, &headers)
}

/// The current round's PGN and its entity tag, made again only when a board changed.
async fn current_round(app: &HallApp) -> (Arc<str>, String) {
    let version = *app.hall.watch_changes().borrow();
    if let Some((v, text, tag)) = &*super::lock(&app.round)
        && *v == version
    {
        return (text.clone(), tag.clone());
    }
    let text: Arc<str> = Arc::from(super::round::round_pgn(&app.hall.round(), false).await);
    let tag = super::round::etag(&text);
    *super::lock(&app.round) = Some((version, text.clone(), tag.clone()));
    (text, tag)
}

/// `GET /round/N.pgn`: the current round as `/round.pgn` serves it, an earlier round read back
/// from its logs archived under the log folder's `round-N/`; a round neither is a 404 saying
/// which rounds there are. The public PGN: nothing of the logs but the games.
async fn numbered_round(
    State(app): State<HallApp>,
    axum::extract::Path(file): axum::extract::Path<String>,
    headers: HeaderMap,
) -> Response {
    let current = app.hall.round().event.round;
    let Some(round) = file
        .strip_suffix(".pgn")
        .and_then(|n| n.parse::<u32>().ok())
    else {
        return refused(
            StatusCode::NOT_FOUND,
            format!(
                "/round/{file} names no round: ask for /round/N.pgn, N a round's number (this one is {current})"
            ),
        );
    };
    if round == current {
        let (text, tag) = current_round(&app).await;
        return pgn_answer(&text, tag, &headers);
    }
    let Some(log) = app.hall.log.clone() else {
        if let Some(text) = app.hall.finished_round(round) {
            let tag = super::round::etag(&text);
            return pgn_answer(&text, tag, &headers);
        }
        return refused(
            StatusCode::NOT_FOUND,
            format!(
                "round {round} is not kept: this hall runs round {current} without a log folder (--log DIR), where earlier rounds are archived"
            ),
        );
    };
    // Reading the logs back is file work: off the thread that serves the pages.
    let read = tokio::task::spawn_blocking(move || super::archive::round_pgn(&log, round)).await;
    match read {
        Ok(Ok(text)) => {
            let tag = super::round::etag(&text);
            pgn_answer(&text, tag, &headers)
        }
        Ok(Err(e @ super::archive::ArchiveError::Unknown { .. })) => refused(
            StatusCode::NOT_FOUND,
            format!("{e}; the current round is {current} (/round/{current}.pgn)"),
        ),
        Ok(Err(e)) => refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        Err(e) => refused(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("reading round {round}'s logs: {e}"),
        ),
    }
}

/// A round's PGN `text` with its entity tag: 304 to a poller that holds it already.
fn pgn_answer(text: &str, tag: String, headers: &HeaderMap) -> Response {
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

/// The pairing program's TRF file with the round's results written in (the games over so far,
/// on the sensor boards and off them), for the arbiter to load back into it; 404 when the round
/// did not come from a TRF file.
async fn round_trf(State(app): State<HallApp>) -> Response {
    let round = app.hall.round();
    let Some(file) = &round.round_file else {
        return refused(
            StatusCode::NOT_FOUND,
            "this round's pairings did not come from a TRF file ([event] trf)",
        );
    };
    let mut results: Vec<(super::trf::Pairing, &'static str)> = Vec::new();
    for (n, game) in &file.games {
        let Some((_, board)) = round.board(*n) else {
            continue;
        };
        // A forfeit as the TRF marks it (`+`, `-`), whatever result it gave the game.
        let result = board
            .game
            .act(|r| {
                let game = r.game();
                match game.forfeit() {
                    Some(forfeit) => Some(Outcome::Forfeit { forfeit }.text()),
                    None => game.result().map(|r| r.0.pgn()),
                }
            })
            .await;
        if let Some(Some(result)) = result {
            results.push((*game, result));
        }
    }
    for (game, result) in round.off_board.results() {
        results.push((game, result.text()));
    }
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        file.trf.with_results(round.event.round, &results),
    )
        .into_response()
}

/// An answer to the arbiter that holds a secret (seat keys, his token): no cache along the way
/// keeps it.
fn secret_answer(body: serde_json::Value) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], axum::Json(body)).into_response()
}

fn refused(status: StatusCode, why: impl Into<String>) -> Response {
    (status, axum::Json(json!({"error": why.into()}))).into_response()
}

/// The JSON body of an arbiter's request, or the 400 that says what was expected (`what`, an
/// example of the request) and what was wrong.
// The refusal goes straight out as the answer: boxing it would buy nothing.
#[allow(clippy::result_large_err)]
fn json_body<T: serde::de::DeserializeOwned>(body: &[u8], what: &str) -> Result<T, Response> {
    serde_json::from_slice(body)
        .map_err(|e| refused(StatusCode::BAD_REQUEST, format!("not {what}: {e}")))
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

/// The arbiter's right, shown by the request: his token (`Authorization: Bearer ...`, never in
/// the URL, which logs and histories keep) from a device not made to wait. A handler that takes
/// it runs for him alone; anyone else is answered 403, or 429 with `Retry-After` for a client
/// that gave too many wrong tokens lately, before the request's body is read.
pub(super) struct ArbiterRight;

impl axum::extract::FromRequestParts<HallApp> for ArbiterRight {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        app: &HallApp,
    ) -> Result<Self, Response> {
        let axum::extract::ConnectInfo(client) =
            axum::extract::ConnectInfo::<SocketAddr>::from_request_parts(parts, app)
                .await
                .map_err(IntoResponse::into_response)?;
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        match app.hall.is_arbiter(client.ip(), token.trim()) {
            Ok(()) => Ok(ArbiterRight),
            Err(TokenRefusal::Wrong) => Err(refused(
                StatusCode::FORBIDDEN,
                "arbiter rights are needed: give the token the bridge printed when it started",
            )),
            Err(TokenRefusal::Wait(wait)) => {
                let secs = wait.as_secs().max(1);
                Err((
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
}

/// The 404 for a board number the hall does not have (`n` as the request gave it).
fn no_board(n: impl std::fmt::Display) -> Response {
    refused(
        StatusCode::NOT_FOUND,
        format!("there is no board {n} in this hall"),
    )
}
