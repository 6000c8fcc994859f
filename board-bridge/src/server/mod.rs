//! The HTTP side, on one port: the page's assets, the WebSocket stream at `/ws`, the game as PGN at
//! `/games.pgn` and the event log at `/events.jsonl`.
//!
//! Safe by default: the caller binds 127.0.0.1 unless told otherwise; WebSocket upgrades whose
//! `Origin` is neither the bridge's own nor an allowed site are refused (a page on another site
//! must not read the board); client messages are capped in size.

mod answers;
mod files;
mod gate;
mod limits;
pub mod listen;
mod public;
mod ws;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use axum::Router;
use axum::routing::get;

use crate::game::GameHandle;
use crate::hub::{GameFacts, HubClock};
use crate::keys::SeatKeys;

pub use self::files::page_files;
pub use self::gate::{Gate, gatekeeper};
pub use self::listen::{Bounds, serve, serve_with};
use self::public::PublicLog;

/// The largest message a page may send (a hello or one event).
pub const MAX_CLIENT_MESSAGE: usize = 4096;
/// How many pages may be connected at once, unless told otherwise.
pub const MAX_PAGES: usize = 200;
/// What one page may send: messages a second (events, hellos and the rest), with a burst of
/// twice that; no player sends more than a few a second.
pub const MESSAGES_PER_SECOND: f64 = 20.0;
/// What one page may send: bytes a second, with a burst of twice that.
pub const BYTES_PER_SECOND: f64 = 16.0 * 1024.0;

/// What one seat may send, across all its pages: messages a second, with a burst of twice that.
pub const SEAT_MESSAGES_PER_SECOND: f64 = 10.0;

/// How many may read a game's `/events.jsonl` at once, unless told otherwise.
pub const MAX_LOG_READERS: usize = 16;

/// How the server is set up.
#[derive(Debug, Clone, Default)]
pub struct ServerSettings {
    /// Origins allowed besides the bridge's own (e.g. `https://lichess.org`).
    pub allowed_origins: Vec<String>,
    /// Serve the page from this folder instead of the one `cargo xtask web` builds.
    pub www: Option<PathBuf>,
    /// How many pages may be connected at once (0: [`MAX_PAGES`]).
    pub max_pages: usize,
    /// The board's seats and their keys; none: every seat open (a bridge reached from its own
    /// machine only).
    pub seats: Option<Arc<SeatKeys>>,
    /// How many may read a game's `/events.jsonl` at once (0: [`MAX_LOG_READERS`]).
    pub max_log_readers: usize,
    /// How many HTTP connections are served at once (0: [`listen::MAX_CONNECTIONS`]).
    pub max_connections: usize,
}

impl ServerSettings {
    /// What [`serve_with`] serves at once under these settings.
    pub fn bounds(&self) -> Bounds {
        Bounds {
            connections: self.max_connections,
        }
    }
}

#[derive(Clone)]
pub(crate) struct App {
    /// The game's clock, to stamp a page's request with.
    clock: HubClock,
    game: GameHandle,
    public: Arc<std::sync::Mutex<PublicLog>>,
    gate: Gate,
    pages: Arc<AtomicUsize>,
    max_pages: usize,
    seats: Option<Arc<SeatKeys>>,
    /// The places of `/events.jsonl`'s readers.
    readers: Arc<tokio::sync::Semaphore>,
    max_readers: usize,
    /// What each seat may send, whichever of its pages sends it: a seat opened on many pages
    /// gets no more than on one.
    seat_limits: Arc<std::sync::Mutex<std::collections::HashMap<&'static str, limits::Limits>>>,
}

impl App {
    /// Whether `role`'s seat has sent its share ([`limits::Limits::refuse`]); spectators share
    /// no seat, and are held by each page's own limits.
    fn seat_refuses(&self, role: crate::role::Role, len: usize) -> Option<Option<String>> {
        if role == crate::role::Role::Spectator {
            return None;
        }
        let mut seats = self.seat_limits.lock().unwrap_or_else(|p| p.into_inner());
        seats
            .entry(role.name())
            .or_insert_with(limits::Limits::seat)
            .refuse(len)
    }
}

/// The router for a bridge listening on `addr`.
pub fn router(
    facts: GameFacts,
    game: GameHandle,
    addr: std::net::SocketAddr,
    settings: &ServerSettings,
) -> Router {
    let www = settings
        .www
        .clone()
        .unwrap_or_else(crate::assets::default_dir);
    game_routes(facts, game, addr, settings)
        .fallback_service(page_files(&www, Gate::new(addr, settings)))
        .layer(axum::middleware::from_fn(files::open_live_game))
        .layer(axum::middleware::from_fn_with_state(
            Gate::new(addr, settings),
            gatekeeper,
        ))
}

/// One game's routes (`/ws`, `/games.pgn`, `/events.jsonl`) without the page's files: the
/// hall nests one set per board under `/board/N`.
pub fn game_routes(
    facts: GameFacts,
    game: GameHandle,
    addr: std::net::SocketAddr,
    settings: &ServerSettings,
) -> Router {
    let max_readers = match settings.max_log_readers {
        0 => MAX_LOG_READERS,
        n => n,
    };
    let app = App {
        clock: facts.clock,
        game,
        public: Arc::new(std::sync::Mutex::new(PublicLog::new(
            facts.config,
            facts.log_version,
        ))),
        gate: Gate::new(addr, settings),
        pages: Arc::new(AtomicUsize::new(0)),
        max_pages: if settings.max_pages == 0 {
            MAX_PAGES
        } else {
            settings.max_pages
        },
        seats: settings.seats.clone(),
        readers: Arc::new(tokio::sync::Semaphore::new(max_readers)),
        seat_limits: Arc::default(),
        max_readers,
    };
    let router = Router::new()
        .route("/ws", get(ws::ws_upgrade))
        .route("/games.pgn", get(answers::games_pgn))
        .route("/events.jsonl", get(answers::events_jsonl));
    #[cfg(feature = "stage-trace")]
    let router = router.route("/trace.jsonl", get(|| async { crate::trace::jsonl() }));
    router.with_state(app)
}

#[cfg(test)]
mod tests;
