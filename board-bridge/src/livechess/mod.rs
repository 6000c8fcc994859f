//! DGT LiveChess's local API (version 1.0), served for the tools players already use with it
//! (lichess.org/dgt, chess.com's DGT play, DgtAngel): `--livechess [ADDR]`, by default
//! LiveChess's own `127.0.0.1:1982`.
//!
//! * `GET /api/v1.0/eboards`: every board, as the `eboards` call answers.
//! * WebSocket `/api/v1.0`: calls `{"id":1,"call":"eboards"}`; `subscribe` to the `eboardevent`
//!   feed of one board by its serial number (`{"id":2,"call":"subscribe","param":{"feed":
//!   "eboardevent","id":7,"param":{"serialnr":"…"}}}`: updates come as `{"response":"feed",
//!   "id":7,"param":{"serialnr","flipped","board","clock","san"},"time":ms}`); `unsubscribe`;
//!   and `call` with the method `setup` (a position to set up).
//!
//! Every board of a hall, or the single board, whatever its family. The game is the authority:
//! the feed carries its moves (SAN, each once: no duplicate or multi-move SAN that makes Lichess
//! hold moves back), its clocks and the board's pieces; `setup` is taken when the position asked
//! for is the game's, and refused otherwise (the arbiter sets positions, not a client).

pub mod wire;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::broadcast;

use crate::game::GameHandle;
use crate::hub::HubClock;
use crate::referee::Referee;

/// LiveChess's own address, where its clients look first.
pub const DEFAULT_ADDR: &str = "127.0.0.1:1982";

/// One board as LiveChess's API names it.
#[derive(Clone)]
pub struct EBoard {
    /// Its serial number (the board's own when the hall file names it, else one made of its
    /// number in the hall).
    pub serialnr: String,
    /// Where it is read from (a port, "simulated").
    pub source: String,
    /// Where its game is found.
    games: Games,
    /// What [`EBoard::view`] last read of its game, for once its task has ended.
    last: Arc<tokio::sync::watch::Sender<Option<wire::View>>>,
}

/// Where a board's game is found: the single board's one game, or the hall's board of the
/// round being played (the next round gives the board a new game).
#[derive(Clone)]
enum Games {
    One(HubClock, GameHandle),
    Hall(crate::hall::SharedHall, usize),
}

impl EBoard {
    /// The board's game now, with its clock (none once a hall has no such board).
    fn game(&self) -> Option<(HubClock, GameHandle)> {
        match &self.games {
            Games::One(clock, game) => Some((*clock, game.clone())),
            Games::Hall(hall, i) => hall
                .round()
                .boards
                .get(*i)
                .map(|b| (b.facts.clock, b.game.clone())),
        }
    }

    /// What the `eboards` call says of this board now.
    pub async fn summary(&self) -> Value {
        let view = self.view().await;
        json!({
            "serialnr": self.serialnr,
            "source": self.source,
            "state": if view.connected { "ACTIVE" } else { "INACTIVE" },
            // The board's charge as a percentage, when it has told it (a Bluetooth DGT board);
            // null otherwise: no number is made up.
            "battery": view.battery.map(|p| format!("{p}%")),
            "comment": Value::Null,
            "board": view.board,
            "flipped": view.flipped,
            "clock": view.clock,
        })
    }

    /// The board, its game's moves and clocks now, as the `eboardevent` feed carries them
    /// (the game as it was last read when its task ended, should it have).
    pub async fn view(&self) -> wire::View {
        let read = match self.game() {
            Some((clock, game)) => {
                let now = clock.now_ms();
                game.act(move |r| view_of(r, now)).await
            }
            None => None,
        };
        match read {
            Some(view) => {
                self.last.send_replace(Some(view.clone()));
                view
            }
            // The game's task ended (a later round took the board): as last read.
            None => self.last.borrow().clone().unwrap_or_else(|| wire::View {
                connected: false,
                board: String::new(),
                flipped: false,
                battery: None,
                clock: Value::Null,
                san: Vec::new(),
                fen: String::new(),
            }),
        }
    }
}

/// The board and its game at `now`, read in the game's task.
fn view_of(r: &Referee, now: u64) -> wire::View {
    let state = r.hub().state();
    let game = r.game();
    let core = game.state(arbiter_core::clock::Timestamp(now));
    wire::View {
        connected: state.connected,
        board: state
            .placement
            .clone()
            .unwrap_or_else(|| core.fen.split(' ').next().unwrap_or_default().to_owned()),
        flipped: state.orientation == Some(crate::protocol::Facing::Rotated),
        battery: state.battery.and_then(|b| b.percent),
        clock: wire::clock(core.white.remaining.0, core.black.remaining.0, core.running),
        san: game.moves().iter().map(|m| m.san.clone()).collect(),
        fen: core.fen,
    }
}

/// What the API serves: the boards, in the hall's order.
#[derive(Clone)]
struct Api {
    boards: Arc<Vec<EBoard>>,
}

/// The API's routes for `boards`.
pub fn router(boards: Vec<EBoard>) -> Router {
    let api = Api {
        boards: Arc::new(boards),
    };
    Router::new()
        .route("/api/v1.0", get(socket))
        .route("/api/v1.0/eboards", get(eboards))
        .with_state(api)
}

/// Serves the API for `boards` at `addr` until the process ends; says where on the terminal.
///
/// # Errors
/// The address cannot be listened on (LiveChess itself may hold it).
pub async fn serve(addr: SocketAddr, boards: Vec<EBoard>) -> anyhow::Result<()> {
    use anyhow::Context;
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| {
        format!("the LiveChess API cannot listen on {addr} (is DGT LiveChess running there?)")
    })?;
    let bound = listener.local_addr()?;
    eprintln!(
        "board-bridge: DGT LiveChess's API at ws://{bound}/api/v1.0 ({} boards)",
        boards.len()
    );
    axum::serve(listener, router(boards))
        .await
        .context("serving the LiveChess API")
}

async fn eboards(State(api): State<Api>) -> Response {
    let list = summaries(&api).await;
    axum::Json(Value::Array(list)).into_response()
}

async fn socket(State(api): State<Api>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(crate::server::MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| client(socket, api))
}

async fn send(socket: &mut WebSocket, value: &Value) -> bool {
    socket
        .send(Message::Text(Utf8Bytes::from(value.to_string())))
        .await
        .is_ok()
}

/// A feed one client follows: its id, the board, what it was last sent, and the task that
/// wakes the client when the board's game changes.
struct Feed {
    id: Value,
    board: usize,
    last: Option<wire::Update>,
    waker: tokio::task::JoinHandle<()>,
}

impl Drop for Feed {
    fn drop(&mut self) {
        self.waker.abort();
    }
}

/// One client: its calls answered, its feeds sent whenever their board changes (and once when
/// subscribed), each update only when it says something new.
async fn client(mut socket: WebSocket, api: Api) {
    let mut feeds: Vec<Feed> = Vec::new();
    let (changed, mut changes) = tokio::sync::mpsc::channel::<()>(1);
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => continue,
                };
                for a in answer(&api, &mut feeds, text.as_str(), &changed).await {
                    if !send(&mut socket, &a).await {
                        return;
                    }
                }
            }
            Some(()) = changes.recv() => {}
        }
        for f in &mut feeds {
            let update = wire::Update::of(&api.boards[f.board]).await;
            if f.last.as_ref() == Some(&update) {
                continue;
            }
            let message = update.message(&f.id, crate::hall::push::unix_ms());
            f.last = Some(update);
            if !send(&mut socket, &message).await {
                return;
            }
        }
    }
}

/// A task that wakes the client (`changed`) whenever `board`'s game publishes, and when a
/// hall's next round gives the board its new game.
fn wake_on_change(
    board: &EBoard,
    changed: tokio::sync::mpsc::Sender<()>,
) -> tokio::task::JoinHandle<()> {
    let board = board.clone();
    tokio::spawn(async move {
        loop {
            // Watched before the game is read: a round replaced meanwhile is seen below.
            let mut rounds = match &board.games {
                Games::Hall(hall, _) => Some(hall.watch_changes()),
                Games::One(..) => None,
            };
            let listened = match board.game() {
                Some((_, game)) => game.act(|r| r.hub().listen()).await,
                None => None,
            };
            if let Some(mut rx) = listened {
                // Until the game's task ends (Closed); a full channel already holds a
                // wake-up: the client looks at every feed.
                while let Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) = rx.recv().await {
                    let _ = changed.try_send(());
                }
            }
            // The game's task has ended: the single board's publishes nothing more; a hall's
            // board is followed into the game the next round gives it.
            let Some(rounds) = rounds.as_mut() else {
                return;
            };
            if rounds.changed().await.is_err() {
                return;
            }
            let _ = changed.try_send(());
        }
    })
}

/// What the `eboards` call says of every board now.
async fn summaries(api: &Api) -> Vec<Value> {
    let mut list = Vec::with_capacity(api.boards.len());
    for board in api.boards.iter() {
        list.push(board.summary().await);
    }
    list
}

/// The answers to one call (`text`), and the feeds it opens or closes.
async fn answer(
    api: &Api,
    feeds: &mut Vec<Feed>,
    text: &str,
    changed: &tokio::sync::mpsc::Sender<()>,
) -> Vec<Value> {
    let call = match wire::Call::parse(text) {
        Ok(call) => call,
        Err((id, why)) => return vec![wire::error(&id, &why)],
    };
    match call {
        wire::Call::EBoards { id } => {
            let list = summaries(api).await;
            vec![wire::answer(&id, Value::Array(list))]
        }
        wire::Call::Subscribe {
            id,
            feed_id,
            serialnr,
        } => {
            let Some(board) = api.boards.iter().position(|b| b.serialnr == serialnr) else {
                return vec![wire::error(
                    &id,
                    &format!("no board with serial number {serialnr:?}"),
                )];
            };
            feeds.retain(|f| f.id != feed_id);
            let waker = wake_on_change(&api.boards[board], changed.clone());
            feeds.push(Feed {
                id: feed_id,
                board,
                last: None,
                waker,
            });
            vec![wire::answer(&id, Value::Null)]
        }
        wire::Call::Unsubscribe { id, feed_id } => {
            feeds.retain(|f| f.id != feed_id);
            vec![wire::answer(&id, Value::Null)]
        }
        wire::Call::Setup { id, serialnr, fen } => {
            let board = match serialnr {
                Some(s) => api.boards.iter().find(|b| b.serialnr == s),
                // Without a serial number: the board of the client's one feed.
                None => feeds
                    .first()
                    .map(|f| &api.boards[f.board])
                    .or(api.boards.first()),
            };
            let Some(board) = board else {
                return vec![wire::error(&id, "no board to set up")];
            };
            let game = board.view().await.fen;
            if wire::same_position(&game, &fen) {
                vec![wire::answer(&id, Value::Bool(true))]
            } else {
                vec![wire::error(
                    &id,
                    &format!(
                        "the game on board {} stands at {game}: its arbiter sets another position, not a client",
                        board.serialnr
                    ),
                )]
            }
        }
    }
}

/// The boards of a hall, each named by its serial number in the hall file, else by its number;
/// each followed from round to round.
pub fn of_hall(hall: &crate::hall::SharedHall) -> Vec<EBoard> {
    hall.round()
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| EBoard {
            serialnr: b
                .config
                .serial
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map_or_else(|| format!("arbiter-{}", b.number()), str::to_owned),
            source: b.source_name(),
            games: Games::Hall(hall.clone(), i),
            last: Arc::default(),
        })
        .collect()
}

/// The single board's entry.
pub fn single(clock: HubClock, game: GameHandle, source: String) -> Vec<EBoard> {
    vec![EBoard {
        serialnr: "arbiter-1".into(),
        source,
        games: Games::One(clock, game),
        last: Arc::default(),
    }]
}
