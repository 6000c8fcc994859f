//! The hall: every board of a tournament round in one bridge (`board-bridge --hall HALL.toml`).
//!
//! * [`config`]: the hall file (the event, the boards and where each is).
//! * [`board`]: one board's game, wired as the single-board bridge wires its board.
//! * [`locate`]: boards found by serial number on any port, and found again when moved.
//! * [`round`]: the round as one PGN, as Lichess Broadcasts reads it.
//! * [`archive`]: every round kept in the logs' folder and read back (`/round/N.pgn`).
//! * [`signal`]: DGT's result signal (the kings on the centre squares), read as a proposal.
//! * [`summary`]: what the hall page shows of each board, streamed as the boards change.
//! * [`push`]: the round pushed to Lichess Broadcasts after each change.
//! * [`desk`]: what the arbiter's controls remember of each board (the last action he may
//!   undo, how far an adjourned game's resumption has come).
//! * [`next`]: the next round started without a restart, on the same boards.
//! * [`off_board`]: the round's games beyond the sensor boards, their results the arbiter's.
//! * [`server`]: the hall's routes beside each board's own (`/board/N/...`).

pub mod archive;
pub mod board;
pub mod config;
pub mod desk;
pub mod locate;
pub mod next;
pub mod off_board;
pub mod push;
pub mod round;
pub mod server;
pub mod signal;
pub mod summary;
pub mod trf;

use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};

use tokio::sync::{broadcast, watch};

use self::board::HallBoard;
use self::config::EventConfig;
use self::push::PushStatus;

/// The round being played: its event, its boards' games and their seats. The next round
/// replaces it whole ([`Hall::replace_round`], [`next::start_next`]); whoever holds the old
/// one reads a finished round.
pub struct Round {
    /// The event every board plays in, with this round's number.
    pub event: EventConfig,
    /// The boards, in the hall file's order.
    pub boards: Vec<HallBoard>,
    /// Each board's seats and their keys, in the boards' order: a round's own, so a player
    /// of the round before holds no seat in this one.
    pub seats: Vec<Arc<crate::keys::SeatKeys>>,
    /// The pairing program's file the round came from, for its results written back.
    pub round_file: Option<config::RoundFile>,
    /// The games of the round played off the sensor boards, and their results.
    pub off_board: off_board::OffBoard,
    /// Each board's result proposed by its result signal, awaiting the arbiter.
    proposals: Mutex<Vec<Option<signal::Proposal>>>,
    /// What the arbiter's controls remember of each board, in the boards' order.
    desks: Mutex<Vec<desk::Desk>>,
    /// The tasks that serve this round's boards (games, links, followers): ended when the
    /// next round takes the boards.
    tasks: Mutex<Vec<tokio::task::AbortHandle>>,
}

impl Round {
    /// Round `event.round` of `boards`, each with its seats in `seats`, and its games off the
    /// sensor boards.
    pub fn new(
        event: EventConfig,
        boards: Vec<HallBoard>,
        seats: Vec<Arc<crate::keys::SeatKeys>>,
        round_file: Option<config::RoundFile>,
        off_board: off_board::OffBoard,
    ) -> Round {
        let n = boards.len();
        Round {
            event,
            boards,
            seats,
            round_file,
            off_board,
            proposals: Mutex::new(vec![None; n]),
            desks: Mutex::new(vec![desk::Desk::default(); n]),
            tasks: Mutex::new(Vec::new()),
        }
    }

    /// The board numbered `n`, with its index.
    pub fn board(&self, n: u32) -> Option<(usize, &HallBoard)> {
        self.boards
            .iter()
            .enumerate()
            .find(|(_, b)| b.number() == n)
    }

    /// Keeps `task` to be ended with the round.
    pub fn keep(&self, task: tokio::task::AbortHandle) {
        lock(&self.tasks).push(task);
    }

    /// Ends the round's tasks: its boards' ports are let go for the next round's games.
    fn end_tasks(&self) {
        for task in lock(&self.tasks).drain(..) {
            task.abort();
        }
    }
}

/// The hall: its round, and what pages and the push are told of it.
pub struct Hall {
    /// The round being played.
    round: RwLock<Arc<Round>>,
    /// The arbiter's token: kept beside the logs, printed at start on the arbiter's terminal,
    /// asked of every arbiter request, never served.
    pub token: crate::keys::ArbiterToken,
    /// Bumped whenever a board publishes anything: the round may have changed.
    changes: watch::Sender<u64>,
    /// What hall pages are sent (one JSON text a message).
    pages: broadcast::Sender<Arc<str>>,
    /// The push to Lichess, when asked for.
    push: Mutex<Option<PushStatus>>,
    /// The boards the last scan of the ports found, and those the hall has linked.
    detected: Mutex<Vec<locate::Found>>,
    /// Each board's serial number as the arbiter assigned it from the hall page, in place of
    /// the hall file's (the same boards from round to round).
    assigned: Mutex<Vec<Option<String>>>,
    /// The logs' folder, where earlier rounds are archived (`round-N/`), when there is one.
    pub log: Option<PathBuf>,
    /// How the hall was started, for the next round's games.
    pub setup: Option<next::Setup>,
    /// The Lichess round each later round is pushed to, as the arbiter gave it.
    push_rounds: Mutex<std::collections::BTreeMap<u32, String>>,
    /// The rounds this hall played before the one being played, as they ended (served when
    /// there is no log folder to read them back from).
    finished: Mutex<std::collections::BTreeMap<u32, Arc<str>>>,
}

/// A shared hall.
pub type SharedHall = Arc<Hall>;

impl Hall {
    /// A hall playing `round`, with arbiter rights given by `token`.
    pub fn new(round: Round, token: crate::keys::ArbiterToken) -> Hall {
        let (changes, _) = watch::channel(0);
        let (pages, _) = broadcast::channel(1024);
        let n = round.boards.len();
        Hall {
            round: RwLock::new(Arc::new(round)),
            token,
            changes,
            pages,
            push: Mutex::new(None),
            detected: Mutex::new(Vec::new()),
            assigned: Mutex::new(vec![None; n]),
            log: None,
            setup: None,
            push_rounds: Mutex::new(std::collections::BTreeMap::new()),
            finished: Mutex::new(std::collections::BTreeMap::new()),
        }
    }

    /// The round being played now.
    pub fn round(&self) -> Arc<Round> {
        self.round.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Puts `round` in place of the one played so far, whose tasks end and whose PGN was
    /// `finished`; once its tasks run ([`spawn_round`]), [`Self::round_replaced`] tells every
    /// page and the push.
    pub fn replace_round(&self, round: Round, finished: String) {
        let old = std::mem::replace(
            &mut *self.round.write().unwrap_or_else(|p| p.into_inner()),
            Arc::new(round),
        );
        old.end_tasks();
        lock(&self.finished).insert(old.event.round, Arc::from(finished));
    }

    /// Tells every page and the push that the round was replaced.
    pub async fn round_replaced(&self) {
        let now = self.round();
        let message = serde_json::json!({"type": "round", "round": now.event.round});
        let _ = self.pages.send(Arc::from(message.to_string()));
        let snapshot = self.snapshot().await;
        let _ = self.pages.send(Arc::from(snapshot.to_string()));
        self.changes.send_modify(|v| *v += 1);
    }

    /// Round `round`'s PGN as it stood when the next round took its boards, if this hall
    /// played it.
    pub fn finished_round(&self, round: u32) -> Option<Arc<str>> {
        lock(&self.finished).get(&round).cloned()
    }

    /// The Lichess round that round `round` is pushed to, when the arbiter gave one.
    pub fn push_round(&self, round: u32) -> Option<String> {
        lock(&self.push_rounds).get(&round).cloned()
    }

    /// Round `round` is pushed to Lichess round `id`.
    pub fn set_push_round(&self, round: u32, id: String) {
        lock(&self.push_rounds).insert(round, id);
    }

    /// The serial number board index `i` is looked for by: the arbiter's assignment, else the
    /// hall file's.
    pub fn serial_of(&self, i: usize) -> Option<String> {
        lock(&self.assigned).get(i).cloned().flatten().or_else(|| {
            self.round()
                .boards
                .get(i)
                .and_then(|b| b.config.serial.clone())
        })
    }

    /// The arbiter assigns the board with serial number `serial` to board index `i`.
    pub async fn assign(&self, i: usize, serial: String) {
        if let Some(slot) = lock(&self.assigned).get_mut(i) {
            *slot = Some(serial);
        }
        self.board_changed(i).await;
    }

    /// The boards the last scan found, and those the hall has linked.
    pub fn detected(&self) -> Vec<locate::Found> {
        lock(&self.detected).clone()
    }

    /// What a scan of the ports found.
    pub fn set_detected(&self, found: Vec<locate::Found>) {
        *lock(&self.detected) = found;
    }

    /// What the arbiter's controls remember of board index `i`.
    pub fn desk(&self, i: usize) -> desk::Desk {
        lock(&self.round().desks)
            .get(i)
            .cloned()
            .unwrap_or_default()
    }

    /// Changes what the arbiter's controls remember of board index `i`, then tells the pages.
    pub async fn update_desk(&self, i: usize, change: impl FnOnce(&mut desk::Desk)) {
        if let Some(d) = lock(&self.round().desks).get_mut(i) {
            change(d);
        }
        self.board_changed(i).await;
    }

    /// Whether `client` gave the arbiter's token (compared in constant time, wrong tries
    /// slowed per client: [`crate::keys::ArbiterToken::check`]).
    pub fn is_arbiter(
        &self,
        client: std::net::IpAddr,
        given: &str,
    ) -> Result<(), crate::keys::TokenRefusal> {
        self.token.check(client, given)
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
        lock(&self.round().proposals).get(i).cloned().flatten()
    }

    /// Clears the proposal on board index `i` (the arbiter decided) and tells the pages.
    pub async fn clear_proposal(&self, i: usize) {
        if let Some(p) = lock(&self.round().proposals).get_mut(i) {
            *p = None;
        }
        self.board_changed(i).await;
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
    pub async fn board_changed(&self, i: usize) {
        let round = self.round();
        let Some(board) = round.boards.get(i) else {
            return;
        };
        // A game whose task has ended (its round replaced) changes no more.
        let Some(state) = board.game.act(|r| r.hub().state().clone()).await else {
            return;
        };
        let signal = state.placement.as_deref().and_then(signal::result_signal);
        let mut proposal = None;
        if let Some(found) = signal {
            let playing = board.game.act(|r| r.game().result().is_none()).await;
            proposal = (playing == Some(true)).then_some(found);
        }
        if let Some(found) = proposal {
            let mut proposals = lock(&round.proposals);
            if proposals[i].as_ref().map(|p| p.result) != Some(found) {
                eprintln!(
                    "board-bridge: board {}: the kings show the result {found}; the arbiter confirms it on the hall page",
                    board.number()
                );
                proposals[i] = Some(signal::Proposal {
                    result: found,
                    at_ms: board.facts.clock.now_ms(),
                });
            }
        }
        let summary = summary::of_board(self, i, &state).await;
        let message = serde_json::json!({"type": "board", "board": summary});
        let _ = self.pages.send(Arc::from(message.to_string()));
        self.changes.send_modify(|v| *v += 1);
    }

    /// A result of a game off the sensor boards changed: the hall pages are told (the round's
    /// PGN and the push carry no such game, so nothing else changed).
    pub async fn off_board_changed(&self) {
        let games = self.round().off_board.summary();
        let message = serde_json::json!({"type": "off_board", "off_board": games});
        let _ = self.pages.send(Arc::from(message.to_string()));
    }

    /// Everything a new hall page is shown first.
    pub async fn snapshot(&self) -> serde_json::Value {
        summary::of_hall(self).await
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
    crate::keys::fresh_secret()
}

/// Follows board index `i`'s stream: every message it publishes may change the round and what
/// the hall page shows. Bursts (a move and its state) are taken as one change.
pub async fn follow_board(hall: SharedHall, i: usize) {
    let game = hall.round().boards[i].game.clone();
    // A game whose task has ended (its round replaced) publishes nothing more.
    let Some(mut rx) = game.act(|r| r.hub().listen()).await else {
        return;
    };
    hall.board_changed(i).await;
    loop {
        match rx.recv().await {
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                while rx.try_recv().is_ok() {}
                hall.board_changed(i).await;
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// Starts serving every board of the round being played: its game's task, its link (unless
/// looked for by serial number) and its follower, all ended with the round.
pub fn spawn_round(hall: &SharedHall) {
    let round = hall.round();
    for (i, board) in round.boards.iter().enumerate() {
        if let Some(game) = board.spawn_game() {
            round.keep(game.abort_handle());
        }
        if let Some(link) = board.spawn_link() {
            round.keep(link.abort_handle());
        }
        round.keep(tokio::spawn(follow_board(hall.clone(), i)).abort_handle());
    }
}

/// How the hall is started (from the command line).
#[derive(Debug, Clone)]
pub struct HallOptions {
    /// The hall file.
    pub hall: PathBuf,
    /// The logs' folder: board N's under `board-N/`, earlier rounds' under `round-R/board-N/`.
    pub log: Option<PathBuf>,
    /// How moves are completed.
    pub completing: board::Completing,
    /// The push to Lichess Broadcasts, if asked for.
    pub push: Option<push::PushSettings>,
    /// Where the arbiter's token is kept (else beside the logs, else in memory for the run).
    pub arbiter_token_file: Option<PathBuf>,
    /// Where to serve DGT LiveChess's local API for every board ([`crate::livechess`]).
    pub livechess: Option<std::net::SocketAddr>,
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
    // A board may be simulated, its link made in the temporary folder: a stop sent before the
    // hall serves and catches it would leave the link behind.
    crate::server::listen::hold_stop_signals();
    let first = next::open_round(&config, options.log.as_deref(), options.completing)?;
    let token_file = options.arbiter_token_file.clone().or_else(|| {
        options
            .log
            .as_ref()
            .map(|l| l.join(crate::keys::TOKEN_FILE))
    });
    let token = crate::keys::ArbiterToken::load(token_file)
        .context("the arbiter's token (kept beside the logs, or --arbiter-token-file)")?;
    let mut hall = Hall::new(first, token);
    hall.log = options.log.clone();
    hall.setup = Some(next::Setup {
        hall_file: options.hall.clone(),
        completing: options.completing,
    });
    let hall: SharedHall = Arc::new(hall);
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
            hall.round().boards.len()
        );
        // Said once, on the arbiter's own terminal; nothing else shows or serves it.
        eprintln!("board-bridge: arbiter token: {}", hall.token.reveal());
        match hall.token.file() {
            Some(file) => eprintln!(
                "board-bridge: the token is kept in {} (owner-only) and outlives a restart; the seats' links are on the hall page for the arbiter",
                file.display()
            ),
            None => eprintln!(
                "board-bridge: the token and the seats' keys hold for this run only (no --log); the seats' links are on the hall page for the arbiter"
            ),
        }
        spawn_round(&hall);
        // Boards named by serial number are looked for; with `[event] ports`, the boards found
        // there are listed for the arbiter to assign from the hall page.
        let round = hall.round();
        if round.boards.iter().any(|b| b.config.serial.is_some()) || !round.event.ports.is_empty() {
            tokio::spawn(locate::run(hall.clone(), round.event.ports.clone()));
        }
        if let Some(at) = options.livechess {
            let boards = crate::livechess::of_hall(&hall);
            tokio::spawn(async move {
                if let Err(e) = crate::livechess::serve(at, boards).await {
                    eprintln!("board-bridge: {e:#}");
                }
            });
        }
        if let Some(push) = options.push.clone() {
            eprintln!("board-bridge: pushing the round to {}", push.url());
            tokio::spawn(push::run(hall.clone(), push));
        }
        let app = server::router(hall, addr, &settings);
        crate::server::serve_with(listener, app, settings.bounds())
            .await
            .context("serving")?;
        anyhow::Ok(())
    })
}
