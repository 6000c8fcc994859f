//! The hall: every board of a tournament round in one bridge (`board-bridge --hall HALL.toml`).
//!
//! * [`config`]: the hall file (the event, the boards and where each is).
//! * [`board`]: one board's game, wired as the single-board bridge wires its board.
//! * [`locate`]: boards found by serial number on any port, and found again when moved.
//! * [`round`]: the round as one PGN, as Lichess Broadcasts reads it.
//! * [`signal`]: DGT's result signal (the kings on the centre squares), read as a proposal.
//! * [`summary`]: what the hall page shows of each board, streamed as the boards change.
//! * [`push`]: the round pushed to Lichess Broadcasts after each change.
//! * [`server`]: the hall's routes beside each board's own (`/board/N/...`).

pub mod board;
pub mod config;
pub mod locate;
pub mod push;
pub mod round;
pub mod server;
pub mod signal;
pub mod summary;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use tokio::sync::{broadcast, watch};

use self::board::HallBoard;
use self::config::EventConfig;
use self::push::PushStatus;

/// The hall: its event, its boards, and what pages and the push are told of them.
pub struct Hall {
    /// The event every board plays in.
    pub event: EventConfig,
    /// The boards, in the hall file's order.
    pub boards: Vec<HallBoard>,
    /// The arbiter's token: printed at start, asked of every arbiter request, never served.
    token: String,
    /// Bumped whenever a board publishes anything: the round may have changed.
    changes: watch::Sender<u64>,
    /// What hall pages are sent (one JSON text a message).
    pages: broadcast::Sender<Arc<str>>,
    /// Each board's result proposed by its result signal, awaiting the arbiter.
    proposals: Mutex<Vec<Option<signal::Proposal>>>,
    /// The push to Lichess, when asked for.
    push: Mutex<Option<PushStatus>>,
}

/// A shared hall.
pub type SharedHall = Arc<Hall>;

impl Hall {
    /// A hall of `boards`, with arbiter rights given by `token`.
    pub fn new(event: EventConfig, boards: Vec<HallBoard>, token: String) -> Hall {
        let (changes, _) = watch::channel(0);
        let (pages, _) = broadcast::channel(1024);
        let proposals = Mutex::new(vec![None; boards.len()]);
        Hall {
            event,
            boards,
            token,
            changes,
            pages,
            proposals,
            push: Mutex::new(None),
        }
    }

    /// The board numbered `n`, with its index.
    pub fn board(&self, n: u32) -> Option<(usize, &HallBoard)> {
        self.boards
            .iter()
            .enumerate()
            .find(|(_, b)| b.number() == n)
    }

    /// Whether `given` is the arbiter's token (compared in constant time).
    pub fn is_arbiter(&self, given: &str) -> bool {
        let (a, b) = (self.token.as_bytes(), given.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }

    /// A receiver that sees the round change.
    pub fn watch_changes(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// A receiver of what hall pages are sent from now on.
    pub fn subscribe_pages(&self) -> broadcast::Receiver<Arc<str>> {
        self.pages.subscribe()
    }

    /// The proposal standing on board index `i`.
    pub fn proposal(&self, i: usize) -> Option<signal::Proposal> {
        lock(&self.proposals).get(i).cloned().flatten()
    }

    /// Clears the proposal on board index `i` (the arbiter decided) and tells the pages.
    pub fn clear_proposal(&self, i: usize) {
        if let Some(p) = lock(&self.proposals).get_mut(i) {
            *p = None;
        }
        self.board_changed(i);
    }

    /// The push's state, when the round is pushed.
    pub fn push_status(&self) -> Option<PushStatus> {
        lock(&self.push).clone()
    }

    /// Records what the push did and tells the pages.
    pub fn set_push_status(&self, status: PushStatus) {
        *lock(&self.push) = Some(status.clone());
        // The bridge's time beside it: a page on another machine measures "how long ago"
        // against this, not against its own clock.
        let message =
            serde_json::json!({"type": "push", "push": status, "now_unix_ms": push::unix_ms()});
        let _ = self.pages.send(Arc::from(message.to_string()));
    }

    /// Board index `i` changed: look for its result signal, tell the hall pages and the push.
    pub fn board_changed(&self, i: usize) {
        let Some(board) = self.boards.get(i) else {
            return;
        };
        let state = board.hub.state();
        let proposal = state
            .placement
            .as_deref()
            .and_then(signal::result_signal)
            .filter(|_| {
                crate::referee::lock(&board.referee)
                    .game()
                    .result()
                    .is_none()
            });
        if let Some(found) = proposal {
            let mut proposals = lock(&self.proposals);
            if proposals[i].as_ref().map(|p| p.result) != Some(found) {
                eprintln!(
                    "board-bridge: board {}: the kings show the result {found}; the arbiter confirms it on the hall page",
                    board.number()
                );
                proposals[i] = Some(signal::Proposal {
                    result: found,
                    at_ms: board.hub.now_ms(),
                });
            }
        }
        let summary = summary::of_board(self, i, &state);
        let message = serde_json::json!({"type": "board", "board": summary});
        let _ = self.pages.send(Arc::from(message.to_string()));
        self.changes.send_modify(|v| *v += 1);
    }

    /// Everything a new hall page is shown first.
    pub fn snapshot(&self) -> serde_json::Value {
        summary::of_hall(self)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A fresh arbiter token: 128 bits from the system's random source, as hex.
///
/// # Errors
/// The random source cannot be read.
pub fn new_token() -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Follows board index `i`'s stream: every message it publishes may change the round and what
/// the hall page shows. Bursts (a move and its state) are taken as one change.
pub async fn follow_board(hall: SharedHall, i: usize) {
    let (_, _, mut rx) = hall.boards[i].hub.subscribe(u64::MAX);
    hall.board_changed(i);
    loop {
        match rx.recv().await {
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                while rx.try_recv().is_ok() {}
                hall.board_changed(i);
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// Flag falls and other deadlines of board index `i`'s game, when nothing else happens.
pub async fn tick_board(hall: SharedHall, i: usize) {
    let board = &hall.boards[i];
    loop {
        let now = board.hub.now_ms();
        let next = crate::referee::lock(&board.referee).poll_deadline();
        let wait = next.map_or(500, |d| d.saturating_sub(now).clamp(1, 500));
        tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
        crate::referee::lock(&board.referee).tick(board.hub.now_ms());
    }
}

/// How the hall is started (from the command line).
#[derive(Debug, Clone)]
pub struct HallOptions {
    /// The hall file.
    pub hall: PathBuf,
    /// The logs' folder: board N's under `board-N/`.
    pub log: Option<PathBuf>,
    /// How moves are completed.
    pub completing: board::Completing,
    /// The push to Lichess Broadcasts, if asked for.
    pub push: Option<push::PushSettings>,
}

/// Runs the hall until Ctrl-C: opens every board's game, starts their links, prints the
/// arbiter's token, serves the pages and pushes the round if asked.
///
/// # Errors
/// The hall file, a board's log or game, or the listening address cannot be used.
pub fn run(
    options: HallOptions,
    listen: std::net::SocketAddr,
    settings: crate::server::ServerSettings,
) -> anyhow::Result<()> {
    use anyhow::Context;
    let config = config::HallConfig::load(&options.hall)?;
    let mut boards = Vec::with_capacity(config.boards.len());
    for b in &config.boards {
        boards.push(HallBoard::open(
            &config,
            b,
            options.log.as_deref(),
            options.completing,
        )?);
    }
    let token = new_token().context("reading the system's random source for the arbiter token")?;
    let hall: SharedHall = Arc::new(Hall::new(config.event.clone(), boards, token.clone()));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .with_context(|| format!("listening on {listen}"))?;
        let addr = listener.local_addr()?;
        let www = settings.www.clone().unwrap_or_else(crate::assets::default_dir);
        if !www.join("hall.html").is_file() {
            eprintln!("board-bridge: the hall page is not built (`cargo xtask web` builds it into www/dist); serving the streams and /round.pgn only");
        }
        eprintln!(
            "board-bridge: hall of {} boards at http://{addr}/ (the round at http://{addr}/round.pgn)",
            hall.boards.len()
        );
        // Said once, on the arbiter's own terminal; nothing else shows or serves it.
        eprintln!("board-bridge: arbiter token: {token}");
        for (i, board) in hall.boards.iter().enumerate() {
            board.spawn_link();
            tokio::spawn(follow_board(hall.clone(), i));
            tokio::spawn(tick_board(hall.clone(), i));
        }
        if hall.boards.iter().any(|b| b.config.serial.is_some()) {
            tokio::spawn(locate::run(hall.clone(), hall.event.ports.clone()));
        }
        if let Some(push) = options.push.clone() {
            eprintln!("board-bridge: pushing the round to {}", push.url());
            tokio::spawn(push::run(hall.clone(), push));
        }
        let app = server::router(hall, addr, &settings);
        crate::server::serve(listener, app)
            .await
            .context("serving")?;
        anyhow::Ok(())
    })
}
