//! A bridge process, a simulated board in a pseudo-terminal, and a WebSocket client: the real
//! pieces, wired as in production.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

pub const GAME: &[u8] = include_bytes!("../data/game.pgn");

/// A scratch folder removed at the end.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("bridge-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        Scratch(dir)
    }
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A pseudo-terminal whose far end is linked at `link`, in raw mode.
pub fn pty(link: &std::path::Path) -> (std::fs::File, std::fs::File) {
    use nix::sys::termios;
    use std::fs::File;
    use std::os::fd::{AsRawFd, FromRawFd};
    let pty = nix::pty::openpty(None, None).expect("openpty");
    // SAFETY: openpty just returned these two descriptors and nothing else owns them.
    let (master, slave) = unsafe { (File::from_raw_fd(pty.master), File::from_raw_fd(pty.slave)) };
    let mut t = termios::tcgetattr(slave.as_raw_fd()).expect("termios");
    termios::cfmakeraw(&mut t);
    termios::tcsetattr(slave.as_raw_fd(), termios::SetArg::TCSANOW, &t).expect("raw");
    let name = nix::unistd::ttyname(slave.as_raw_fd()).expect("ttyname");
    let _ = std::fs::remove_file(link);
    std::os::unix::fs::symlink(name, link).expect("link");
    (master, slave)
}

/// The bridge to run: this build's, or the one `BOARD_BRIDGE_BIN` names (the latency bench
/// compares two builds in one sitting that way, e.g. before and after a change).
pub fn bridge_binary() -> PathBuf {
    std::env::var_os("BOARD_BRIDGE_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_board-bridge")),
        PathBuf::from,
    )
}

/// A running `board-bridge` process.
pub struct Bridge {
    pub child: Child,
    pub addr: String,
}

pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    l.local_addr().expect("addr").port()
}

impl Bridge {
    /// The bridge on the serial port `port_path`, listening on `listen_port`, with `extra`
    /// options.
    pub fn start(port_path: &Path, listen_port: u16, extra: &[&str]) -> Self {
        let port = port_path.to_string_lossy();
        Self::serve(listen_port, &[&["--port", port.as_ref()], extra].concat())
    }

    /// The bridge with exactly these options besides `--listen`, once it listens: the one way
    /// every test here starts one.
    pub fn serve(listen_port: u16, args: &[&str]) -> Self {
        let addr = format!("127.0.0.1:{listen_port}");
        let child = Command::new(bridge_binary())
            .args(["--listen", &addr])
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start board-bridge");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(&addr).is_err() {
            assert!(Instant::now() < deadline, "bridge never listened on {addr}");
            std::thread::sleep(Duration::from_millis(20));
        }
        Bridge { child, addr }
    }

    /// Kills the process at once, as a power cut or `kill -9` would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// One GET: status and body as text.
    pub fn get(&self, path: &str) -> (u16, String) {
        let (status, _, body) = self.request(path, &[]);
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    /// One GET with the given request headers: status, response headers (names in lower case)
    /// and body.
    pub fn request(
        &self,
        path: &str,
        headers: &[(&str, &str)],
    ) -> (u16, std::collections::HashMap<String, String>, Vec<u8>) {
        // A bridge just started may drop the first connection it takes while it sets up (clean
        // CI once saw a reset there): a dropped connection is tried again, twice at most.
        let mut tries = 0;
        loop {
            match self.try_request(path, headers) {
                Ok(answer) => return answer,
                Err(e) if tries < 2 && e.kind() == std::io::ErrorKind::ConnectionReset => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(200));
                }
                Err(e) => panic!("GET {path} from the bridge: {e}"),
            }
        }
    }

    fn try_request(
        &self,
        path: &str,
        headers: &[(&str, &str)],
    ) -> std::io::Result<(u16, std::collections::HashMap<String, String>, Vec<u8>)> {
        http(&self.addr, "GET", path, headers, "")
    }

    /// A hall (`--hall HALL_TOML`) with `args` after it, its standard error to `stderr`, once
    /// it listens.
    pub fn hall(hall_toml: &std::path::Path, args: &[&str], stderr: &std::path::Path) -> Self {
        let addr = format!("127.0.0.1:{}", free_port());
        let child = Command::new(bridge_binary())
            .arg("--hall")
            .arg(hall_toml)
            .args(["--listen", &addr])
            .args(args)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(stderr).expect("the hall's stderr file"))
            .spawn()
            .expect("start the hall");
        let give_up = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(&addr).is_err() {
            assert!(
                Instant::now() < give_up,
                "the hall never listened on {addr}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        // The hall prints its token just after it binds: the tests read it from the file as
        // soon as this returns (CI once read the file between the two).
        while !std::fs::read_to_string(stderr)
            .unwrap_or_default()
            .contains("board-bridge: arbiter token: ")
        {
            assert!(Instant::now() < give_up, "the hall never printed its token");
            std::thread::sleep(Duration::from_millis(20));
        }
        Bridge { child, addr }
    }
}

impl Drop for Bridge {
    fn drop(&mut self) {
        self.kill();
    }
}

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the stream with the given Origin (None: no header) and `last_seq`.
pub async fn connect(
    addr: &str,
    origin: Option<&str>,
    last_seq: Option<u64>,
) -> Result<Ws, String> {
    let url = match last_seq {
        Some(s) => format!("ws://{addr}/ws?last_seq={s}"),
        None => format!("ws://{addr}/ws"),
    };
    let mut req = url.into_client_request().map_err(|e| e.to_string())?;
    if let Some(o) = origin {
        req.headers_mut().insert(
            "Origin",
            HeaderValue::from_str(o).map_err(|e| e.to_string())?,
        );
    }
    let (mut ws, _) = tokio_tungstenite::connect_async(req)
        .await
        .map_err(|e| e.to_string())?;
    if last_seq.is_none() {
        ws.send(Message::Text(r#"{"type":"hello","last_seq":0}"#.into()))
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(ws)
}

/// The next JSON message, or None on timeout/close.
pub async fn next(ws: &mut Ws, wait: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

/// Reads messages until `done` says so or `wait` passes without a message, or four times
/// `wait` in all (a game whose clock runs is never quiet: its log's time line is streamed every
/// second); returns them all.
pub async fn collect_until(
    ws: &mut Ws,
    wait: Duration,
    mut done: impl FnMut(&[Value]) -> bool,
) -> Vec<Value> {
    let mut all = Vec::new();
    let give_up = tokio::time::Instant::now() + wait * 4;
    while let Ok(Some(v)) = tokio::time::timeout_at(give_up, next(ws, wait)).await {
        all.push(v);
        if done(&all) {
            break;
        }
    }
    all
}

pub fn of_type<'a>(msgs: &'a [Value], kind: &str) -> Vec<&'a Value> {
    msgs.iter().filter(|m| m["type"] == kind).collect()
}

pub fn move_ucis(msgs: &[Value]) -> Vec<String> {
    of_type(msgs, "move")
        .iter()
        .map(|m| m["uci"].as_str().unwrap_or("").to_owned())
        .collect()
}

/// Checks the numbered messages run 1, 2, 3... after the snapshot with no gap.
pub fn assert_no_gap(msgs: &[Value], after: u64) {
    let seqs: Vec<u64> = msgs
        .iter()
        .filter(|m| m["type"] != "snapshot")
        .filter_map(|m| m["seq"].as_u64())
        .collect();
    for (i, s) in seqs.iter().enumerate() {
        assert_eq!(*s, after + 1 + i as u64, "sequence broken at {i}: {seqs:?}");
    }
}

/// Opens the stream as `role` (`white`, `black`, `assistant`, `spectator`), no Origin.
pub async fn connect_as(addr: &str, role: &str) -> Result<Ws, String> {
    let url = format!("ws://{addr}/ws?role={role}&last_seq=0");
    let (ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// Sends one text frame.
pub async fn send(ws: &mut Ws, text: &str) {
    ws.send(Message::Text(text.into())).await.expect("send");
}

/// Reads until a message satisfies `want`, for up to `wait` in all; returns it and everything
/// read before it.
pub async fn wait_for(
    ws: &mut Ws,
    wait: Duration,
    want: impl Fn(&Value) -> bool,
) -> (Option<Value>, Vec<Value>) {
    let deadline = tokio::time::Instant::now() + wait;
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            return (None, seen);
        }
        match next(ws, left).await {
            Some(v) if want(&v) => return (Some(v), seen),
            Some(v) => seen.push(v),
            None => return (None, seen),
        }
    }
}

/// A piece carried from one square to another on a simulated board, as a hand does it.
pub fn carry(
    from: arbiter_core::Square,
    to: arbiter_core::Square,
    piece: arbiter_core::dgt::board::Occupant,
) -> Vec<board_bridge::simulator::Action> {
    use arbiter_core::dgt::board::Occupant;
    use board_bridge::simulator::Action;
    vec![
        Action::Set(from, Occupant::Empty),
        Action::Pause(Duration::from_millis(20)),
        Action::Set(to, piece),
        Action::Pause(Duration::from_millis(20)),
    ]
}

/// The arbiter token a hall printed on its terminal (the file of its `stderr`), once
/// [`Bridge::hall`] has returned.
pub fn printed_token(stderr: &std::path::Path) -> String {
    std::fs::read_to_string(stderr)
        .expect("the hall's stderr file")
        .lines()
        .find_map(|l| l.strip_prefix("board-bridge: arbiter token: "))
        .expect("the hall printed its token")
        .trim()
        .to_owned()
}

/// The JSON body of an answer that may come chunked (axum's JSON bodies carry a length; a
/// chunked one has its sizes around it).
pub fn json(body: &str) -> Value {
    serde_json::from_str(body.trim()).unwrap_or_else(|_| {
        let start = body.find('{').unwrap_or(0);
        let end = body.rfind('}').map_or(body.len(), |e| e + 1);
        serde_json::from_str(&body[start..end]).unwrap_or_default()
    })
}

/// How long a test waits for a message it needs before it fails; generous, the machine is shared.
pub const WAIT: Duration = Duration::from_secs(15);

/// How long a test waits on a step that stretches the sealing passphrase (Argon2id, 64 MiB and
/// 24 passes: about a second on a quiet machine, but ten on one whose two cores run a whole
/// test suite beside it, where [`WAIT`] ran out in CI before the envelope was opened).
pub const WAIT_KDF: Duration = Duration::from_secs(90);

/// A simulated board in the initial position on a pty in a scratch folder, and a bridge reading
/// it. Fields drop in order: the bridge, then the board, then the folder.
pub struct Rig {
    pub bridge: Bridge,
    pub board: board_bridge::simulator::FakeBoard,
    pub scratch: Scratch,
}

impl Rig {
    /// The board with no clock; the bridge started with `extra` options.
    pub fn start(name: &str, extra: &[&str]) -> Self {
        Self::build(name, false, extra)
    }

    /// The board with a DGT clock showing the start of a game (White's clock running on the left)
    /// before the bridge, started with `extra` options, first reads it.
    pub fn with_clock(name: &str, extra: &[&str]) -> Self {
        Self::build_with(name, Some(board_bridge::simulator::initial_clock()), extra)
    }

    /// The board with a DGT clock set for the game and not started (Black's lever down).
    pub fn with_standing_clock(name: &str, extra: &[&str]) -> Self {
        Self::build_with(name, Some(board_bridge::simulator::standing_clock()), extra)
    }

    fn build(name: &str, clock: bool, extra: &[&str]) -> Self {
        Self::build_with(
            name,
            clock.then(board_bridge::simulator::initial_clock),
            extra,
        )
    }

    fn build_with(
        name: &str,
        clock: Option<arbiter_core::dgt::clock::ClockTimes>,
        extra: &[&str],
    ) -> Self {
        use arbiter_core::dgt::board::{Orientation, Placement};
        use board_bridge::simulator::{Action, FakeBoard};
        let scratch = Scratch::new(name);
        let board = FakeBoard::start(
            &scratch.path("board"),
            Placement::start(),
            Orientation::Normal,
        )
        .expect("pty");
        if let Some(times) = clock {
            board.queue([Action::Clock(times)]);
        }
        let bridge = Bridge::start(board.path(), free_port(), extra);
        Rig {
            bridge,
            board,
            scratch,
        }
    }
}

/// Two simulated boards in the initial position (App. F1): the sighted player's, read by the
/// bridge as its main board, and the blind player's (Black) on `--blind-port`. Fields drop in
/// order: the bridge, the boards, then the folder.
pub struct TwoBoards {
    pub bridge: Bridge,
    pub main: board_bridge::simulator::FakeBoard,
    pub blind: board_bridge::simulator::FakeBoard,
    pub scratch: Scratch,
}

impl TwoBoards {
    /// The boards; with `clock` the main board has a DGT clock showing the start of a game.
    /// The bridge settles moves after `settle_ms`.
    pub fn start(name: &str, clock: bool, settle_ms: &str) -> Self {
        use arbiter_core::dgt::board::{Orientation, Placement};
        use board_bridge::simulator::{Action, FakeBoard};
        let scratch = Scratch::new(name);
        let board = |file: &str| {
            FakeBoard::start(&scratch.path(file), Placement::start(), Orientation::Normal)
                .expect("pty")
        };
        let main = board("main");
        if clock {
            main.queue([Action::Clock(board_bridge::simulator::initial_clock())]);
        }
        let blind = board("blind");
        let blind_path = blind.path().to_string_lossy().into_owned();
        let mut args = vec!["--blind-port", &blind_path, "--blind-color", "black"];
        args.extend(["--settle-ms", settle_ms]);
        if clock {
            args.push("--clock");
        }
        let bridge = Bridge::start(main.path(), free_port(), &args);
        TwoBoards {
            bridge,
            main,
            blind,
            scratch,
        }
    }
}

/// A pace of play for scripted games: 10 ms between sensor changes, 120 ms for the hand to reach
/// a second piece, `think_ms` between moves, 600 ms unplugged.
pub fn pace(think_ms: u64) -> board_bridge::simulator::Pace {
    board_bridge::simulator::Pace {
        step: Duration::from_millis(10),
        reach: Duration::from_millis(120),
        think: Duration::from_millis(think_ms),
        unplugged: Duration::from_millis(600),
    }
}

/// Moves slid across the squares between, and captures made in either order.
pub fn slides_and_captures() -> board_bridge::simulator::Realism {
    board_bridge::simulator::Realism {
        slides: true,
        capture_orders: true,
        ..Default::default()
    }
}

/// The highest `seq` among `msgs` (0 if none): what a page that read them would reconnect with.
pub fn last_seq(msgs: &[Value]) -> u64 {
    msgs.iter()
        .filter_map(|m| m["seq"].as_u64())
        .max()
        .unwrap_or(0)
}

/// Opens the stream as a spectator, or panics.
pub async fn spectator(addr: &str) -> Ws {
    connect_as(addr, "spectator").await.expect("connect")
}

pub fn white(p: arbiter_core::Piece) -> arbiter_core::dgt::board::Occupant {
    arbiter_core::dgt::board::Occupant::Piece(arbiter_core::Color::White, p)
}

pub fn black(p: arbiter_core::Piece) -> arbiter_core::dgt::board::Occupant {
    arbiter_core::dgt::board::Occupant::Piece(arbiter_core::Color::Black, p)
}

/// Whether a message is the move `uci`.
pub fn is_move(uci: impl Into<String>) -> impl Fn(&Value) -> bool {
    let uci = uci.into();
    move |m| m["type"] == "move" && m["uci"] == uci.as_str()
}

/// Whether a message is a ruling of `kind`.
pub fn is_ruling(kind: &'static str) -> impl Fn(&Value) -> bool {
    move |m| m["kind"] == kind
}

/// Reads until `want` (for up to [`WAIT`]); everything read goes into `all`. Panics with what was
/// seen if it never comes.
pub async fn expect(
    ws: &mut Ws,
    all: &mut Vec<Value>,
    what: &str,
    want: impl Fn(&Value) -> bool,
) -> Value {
    expect_within(ws, all, what, WAIT, want).await
}

/// As [`expect`], waiting up to `wait`: for a step that stretches a passphrase ([`WAIT_KDF`]).
pub async fn expect_within(
    ws: &mut Ws,
    all: &mut Vec<Value>,
    what: &str,
    wait: Duration,
    want: impl Fn(&Value) -> bool,
) -> Value {
    let (found, before) = wait_for(ws, wait, want).await;
    all.extend(before);
    let found = found.unwrap_or_else(|| panic!("{what} never came; saw {all:#?}"));
    all.push(found.clone());
    found
}

/// The game is started from the player's page `ws` (the page's start: a game never starts at
/// the board's connection, 2005 Art. 6.5 / 2023 Art. 6.6), then read until the clock starts (the
/// `clock_started` ruling), keeping what was read in `all`; the first wait of almost every test
/// of a played game. A game a DGT clock already started takes the page's start as no change.
pub async fn await_start(ws: &mut Ws, all: &mut Vec<Value>) -> Value {
    send(ws, START).await;
    expect(ws, all, "the start", is_ruling("clock_started")).await
}

/// [`await_start`] for a page that may not start the game (a spectator's): White's page starts
/// it.
pub async fn start_from_white(addr: &str, ws: &mut Ws, all: &mut Vec<Value>) -> Value {
    let mut whites = connect_as(addr, "white").await.expect("white");
    send(&mut whites, START).await;
    expect(ws, all, "the start", is_ruling("clock_started")).await
}

/// The page's start.
pub const START: &str = r#"{"type":"event","event":{"type":"start"}}"#;

/// Reads until the bridge reports the board's placement, or panics.
pub async fn board_read(ws: &mut Ws, wait: Duration) -> Vec<Value> {
    let (found, mut seen) = wait_for(ws, wait, |m| {
        m["type"] == "board" && m["placement"].is_string()
    })
    .await;
    seen.push(found.expect("the board is read"));
    seen
}

/// A hall of one board, number 4 (Anna against Bruno at 90+30), on a simulated board in the
/// start position: the board and the hall file's path, for [`Bridge::hall`].
pub fn one_board_hall(
    scratch: &Scratch,
    name: &str,
    round: u32,
    edition: &str,
) -> (board_bridge::simulator::FakeBoard, PathBuf) {
    use arbiter_core::dgt::board::{Orientation, Placement};
    let board = board_bridge::simulator::FakeBoard::start(
        &scratch.path("tty"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    let toml = scratch.path("hall.toml");
    std::fs::write(
        &toml,
        format!(
            "[event]\nname = \"{name}\"\nround = {round}\nedition = \"{edition}\"\ntime_control = \"90+30\"\n\n\
             [[board]]\nnumber = 4\nwhite = \"Anna\"\nblack = \"Bruno\"\nport = \"{}\"\n",
            board.path().display()
        ),
    )
    .unwrap();
    (board, toml)
}

/// [`http`] as the hall's arbiter sends it, with his token when one is given: status and body
/// as text.
pub fn http_as(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> (u16, String) {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let mut headers: Vec<(&str, &str)> = bearer
        .iter()
        .map(|b| ("Authorization", b.as_str()))
        .collect();
    // The bridge takes JSON only in a POST.
    if method == "POST" {
        headers.push(("Content-Type", "application/json"));
    }
    let (status, _, body) =
        http(addr, method, path, &headers, body).expect("a request to the bridge");
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// One HTTP/1.1 request to `addr` on a connection of its own: status, response headers (names
/// in lower case) and body.
pub fn http(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> std::io::Result<(u16, std::collections::HashMap<String, String>, Vec<u8>)> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr)?;
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    if !body.is_empty() || method != "GET" {
        request.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    request.push_str("\r\n");
    request.push_str(body);
    s.write_all(request.as_bytes())?;
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes)?;
    let split = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or(bytes.len());
    let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let body = bytes.get(split + 4..).unwrap_or_default().to_vec();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Ok((status, headers, body))
}

/// Serves `app` on a loopback port of its own, on a thread of its own: a stand-in for a service
/// the tests cannot reach from here (Lichess Broadcasts). Its address.
pub fn serve_stand_in(app: axum::Router) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr").to_string();
    listener.set_nonblocking(true).expect("nonblocking");
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("listener");
            let _ = axum::serve(listener, app).await;
        });
    });
    addr
}

/// Lichess Broadcasts' push endpoint stood in for: records every body, answers that it took
/// every game. Its address and the bodies.
pub fn push_recorder() -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    use axum::extract::State;
    use std::sync::{Arc, Mutex};
    let pushes: Arc<Mutex<Vec<String>>> = Arc::default();
    let app = axum::Router::new()
        .fallback(
            |State(pushes): State<Arc<Mutex<Vec<String>>>>, body: String| async move {
                pushes.lock().unwrap_or_else(|p| p.into_inner()).push(body);
                r#"{"games":[{"tags":{},"moves":0}]}"#
            },
        )
        .with_state(pushes.clone());
    (serve_stand_in(app), pushes)
}
