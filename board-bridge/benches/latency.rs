//! Latency and footprint of the bridge, measured end to end on real pieces: a simulated board on a
//! pseudo-terminal, the `board-bridge` binary, and a WebSocket client. Prints p50/p99 figures;
//! nothing here asserts a speed.
//!
//! * touch: last byte of a field update written to the pty -> `touch` message at the client;
//! * press: last byte of the clock's lever reading -> `move` message (2005 Art. 6.8a);
//! * settle: last sensor change of a slid bishop move -> `move` message (no clock), over 300
//!   moves (`BENCH_SETTLES`), and the number of ghost moves (a move confirmed, then taken back),
//!   beside its floor in the same run: the bare relay below in a settle mode of its own (a frame
//!   once no byte has come for the settle time, its timer set again at each read, as the
//!   bridge's), over the same slides with the same spacing, in turns with the bridge;
//! * RSS of the bridge with 100 viewers, and its CPU while the board is idle;
//! * the floor: touch and press run beside a bare relay (this binary in a mode of its own: pty
//!   read -> WebSocket frame, no work) with the same spacing, and each p99 is printed as a ratio
//!   to the relay's. Ours and the floor run in turns, in
//!   `BENCH_ROUNDS` rounds (4), each run after 50 uncounted warm-up steps, and the p99s are of
//!   all rounds together, each round's printed beside its load;
//! * the touch's own floor: a touch is passed only once a full read made one board scan after
//!   its update agrees (noise is no touch), so touch also runs beside the confirming relay, the
//!   bare relay doing that same round trip (the scan's wait, `SEND_BRD`, the 67-byte dump) and
//!   nothing else, and prints its p99 against both;
//! * safe: how long after a touch's event reaches the page it is on the disk (fdatasync);
//! * flood: one page sending as fast as it can for 10 s (arrivals, the same score entry, draw
//!   offers), the log's size and the RSS after it beside the same game's just before it.
//!
//! A run whose page is not shown the board (its connection dropped or silent) connects again,
//! and is given up with a message after 2 minutes; its round is then left out of the figures.
//!
//! The bridges run as shipped, with the event log on disk (flushed with each message). Built
//! with `--features stage-trace`, the bridge also stamps each stage a message passes through and
//! the bench prints where the time went, stage by stage (p50/p99).
//!
//! `BENCH_CLIENT=spin` makes the client poll its socket without sleeping, to see how much of a
//! figure is the client's own wake-up (it then takes a core of its own); `BENCH_FLOOR=spin`
//! makes the floor's relay read its port that way, to see how much of the floor is its reader's
//! wake-up.
//!
//! `cargo bench -p board-bridge --bench latency -- touch press` runs only the parts named
//! (`touch`, `press`, `settle`, `rss`, `safe`, `flood`). `BOARD_BRIDGE_BIN=<a bridge binary>` measures that build
//! instead of this one, so two builds can be compared in turns on the same load. The load average
//! is printed with the figures: on a shared machine the tail is mostly other programs' doing.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{self, Action, FakeBoard};
use common::*;

const SETTLE_MS: u64 = 250;

/// One measured message: its sequence number, and when its last byte went into the pty and when
/// the client had it, both as `CLOCK_MONOTONIC` nanoseconds (with the `stage-trace` feature).
#[derive(Debug, Clone, Copy)]
struct Sample {
    seq: u64,
    written_ns: u64,
    arrived_ns: u64,
}

/// `Instant`s as `CLOCK_MONOTONIC` nanoseconds: on Linux an `Instant` is that clock, so one
/// pair read together places every other.
struct Axis {
    instant: Instant,
    ns: u64,
}

impl Axis {
    fn new() -> Self {
        Self {
            instant: Instant::now(),
            ns: board_bridge::trace::now_ns(),
        }
    }
    fn ns(&self, at: Instant) -> u64 {
        self.ns + at.saturating_duration_since(self.instant).as_nanos() as u64
    }
    fn sample(&self, m: &serde_json::Value, written: Instant, arrived: Instant) -> Sample {
        Sample {
            seq: m["seq"].as_u64().unwrap_or(0),
            written_ns: self.ns(written),
            arrived_ns: self.ns(arrived),
        }
    }
}

/// Prints, for each stage the bridge stamped, when it was reached after the pty write and how
/// long the step from the stage before took, p50 and p99 (needs the `stage-trace` feature).
fn report_stages(name: &str, bridge: &Bridge, samples: &[Sample]) {
    if !board_bridge::trace::ENABLED {
        return;
    }
    let (status, text) = bridge.get("/trace.jsonl");
    assert_eq!(status, 200, "no /trace.jsonl");
    let mut records = std::collections::HashMap::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a trace line");
        let seq = v["seq"].as_u64().unwrap_or(0);
        let stamps: Vec<(String, u64)> = v["stamps"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| Some((s[0].as_str()?.to_owned(), s[1].as_u64()?)))
            .collect();
        records.insert(seq, stamps);
    }
    // Stage names repeat (two submissions, several publishes): number them in order.
    let mut order: Vec<String> = Vec::new();
    let mut at: std::collections::HashMap<String, Vec<(u64, u64)>> = Default::default();
    for s in samples {
        let Some(stamps) = records.get(&s.seq) else {
            continue;
        };
        let mut seen: std::collections::HashMap<&str, usize> = Default::default();
        let mut prev = s.written_ns;
        let mut row: Vec<(String, u64)> = Vec::new();
        for (stage, t) in stamps {
            let k = seen.entry(stage).or_default();
            *k += 1;
            let label = if *k == 1 {
                stage.clone()
            } else {
                format!("{stage}#{k}")
            };
            row.push((label, *t));
        }
        row.push(("client".into(), s.arrived_ns));
        for (label, t) in row {
            if !order.contains(&label) {
                order.push(label.clone());
            }
            at.entry(label)
                .or_default()
                .push((t.saturating_sub(s.written_ns), t.saturating_sub(prev)));
            prev = t;
        }
    }
    println!("  stages of {name} (ms after the pty write | ms since the stage before):");
    let ms = |ns: u64| ns as f64 / 1e6;
    let median = |label: &String| {
        let mut v: Vec<u64> = at[label].iter().map(|x| x.0).collect();
        v.sort_unstable();
        v[v.len() / 2]
    };
    // In the order a message reaches them (a woken task may stamp before its waker does).
    order.sort_by_key(|label| median(label));
    for label in order {
        let v = &at[&label];
        let mut cumulative: Vec<u64> = v.iter().map(|x| x.0).collect();
        let mut step: Vec<u64> = v.iter().map(|x| x.1).collect();
        cumulative.sort_unstable();
        step.sort_unstable();
        let pick = |v: &[u64], p: usize| v[(v.len() * p / 100).min(v.len() - 1)];
        println!(
            "    {label:<22} n={:<5} at p50={:>8.3} p99={:>8.3} | step p50={:>7.3} p99={:>7.3} max={:>7.3}",
            v.len(),
            ms(pick(&cumulative, 50)),
            ms(pick(&cumulative, 99)),
            ms(pick(&step, 50)),
            ms(pick(&step, 99)),
            ms(step[step.len() - 1]),
        );
    }
}

fn percentile(sorted: &[Duration], p: usize) -> Duration {
    sorted[(sorted.len() * p / 100).min(sorted.len() - 1)]
}

fn report(name: &str, mut v: Vec<Duration>) {
    v.sort();
    println!(
        "{name:<44} n={:<5} p50={:>8.3} ms  p99={:>8.3} ms  max={:>8.3} ms",
        v.len(),
        percentile(&v, 50).as_secs_f64() * 1e3,
        percentile(&v, 99).as_secs_f64() * 1e3,
        v[v.len() - 1].as_secs_f64() * 1e3
    );
}

/// Whether the client polls its socket without ever sleeping (`BENCH_CLIENT=spin`): then the
/// client's own wake-up is no part of the figures, only when the message was there to read.
fn spinning_client() -> bool {
    std::env::var("BENCH_CLIENT").is_ok_and(|v| v == "spin")
}

/// Whether the floor's relay reads its port without ever sleeping (`BENCH_FLOOR=spin`): what
/// the floor would be with a reader always on a core (it then takes one).
fn spinning_floor() -> bool {
    std::env::var("BENCH_FLOOR").is_ok_and(|v| v == "spin")
}

/// The next message, read as [`next`] does, or by polling when the client spins.
async fn next_message(ws: &mut Ws, wait: Duration) -> Option<serde_json::Value> {
    use futures_util::{FutureExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    if !spinning_client() {
        return next(ws, wait).await;
    }
    let give_up = Instant::now() + wait;
    loop {
        match ws.next().now_or_never() {
            Some(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Some(Some(Ok(_))) => continue,
            Some(_) => return None,
            None if Instant::now() > give_up => return None,
            // The runtime polls its sockets (without waiting) before this task runs again.
            None => tokio::task::yield_now().await,
        }
    }
}

async fn arrival(ws: &mut Ws, kind: &str) -> (serde_json::Value, Instant) {
    loop {
        let m = next_message(ws, Duration::from_secs(10))
            .await
            .unwrap_or_else(|| panic!("no {kind} message"));
        if m["type"] == kind {
            return (m, Instant::now());
        }
    }
}

/// How long a run waits to be shown the board, connecting again as often as the connection
/// drops, before it is given up.
const BOARD_READ_LIMIT: Duration = Duration::from_secs(120);

/// A page of the bridge at `addr` that has been shown the board (the snapshot's placement, or
/// the board's read after it). A connection that drops or falls silent before that is opened
/// again; after [`BOARD_READ_LIMIT`] the run `run` is given up with a message (`None`).
async fn watching(addr: &str, run: &str) -> Option<Ws> {
    let give_up = Instant::now() + BOARD_READ_LIMIT;
    loop {
        let why = match connect(addr, None, None).await {
            Ok(mut ws) => match board_shown(&mut ws).await {
                Ok(()) => return Some(ws),
                Err(why) => why,
            },
            Err(e) => format!("no connection ({e})"),
        };
        if Instant::now() >= give_up {
            println!(
                "  {run}: run given up, the board was not read within {} s: {why}",
                BOARD_READ_LIMIT.as_secs()
            );
            return None;
        }
        println!("  {run}: {why}; connecting again");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Reads until the board is shown; why not, when the connection drops or says nothing for 10 s.
async fn board_shown(ws: &mut Ws) -> Result<(), String> {
    let silent = "the connection dropped or was silent for 10 s";
    // The snapshot shows the board when it was read before this page came.
    let first = next_message(ws, Duration::from_secs(10))
        .await
        .ok_or_else(|| format!("no snapshot: {silent}"))?;
    if first["placement"].is_string() {
        return Ok(());
    }
    loop {
        let m = next_message(ws, Duration::from_secs(10))
            .await
            .ok_or_else(|| format!("the board was not read: {silent}"))?;
        if m["type"] == "board" && m["placement"].is_string() {
            return Ok(());
        }
    }
}

/// The floor: a bare relay in a process of its own (this bench binary, started with
/// `LATENCY_RELAY=<port>,<addr>`), doing no work: each read from the pty goes out at once as one
/// WebSocket text frame (the byte count) to its one client. It opens the port as the bridge
/// does and switches the board's reports on; that is all.
///
/// With `settle` (`LATENCY_RELAY_SETTLE_US`), the floor of a settled move: like the bridge, it
/// waits until no byte has come for the settle time, measured from the read of the last one (a
/// `timerfd` set again at each read, the bridge's own [`board_bridge::alarm::Alarm`]), and
/// then sends one frame with the bytes read since its last.
///
/// With `confirm` (`LATENCY_RELAY_CONFIRM_US`), the floor of a confirmed touch: like the bridge's
/// noise gate, it waits the board's scan after a field update, asks the board for a full read
/// (one `SEND_BRD` byte) and sends its frame once the whole dump (67 bytes) has come back. It
/// decodes nothing: the round trip every confirmed update needs, and no work.
fn relay(port: &str, listen: &str, settle: Option<Duration>, confirm: Option<Duration>) {
    use futures_util::SinkExt;
    use std::os::fd::AsRawFd;
    use tokio::io::unix::AsyncFd;
    use tokio_tungstenite::tungstenite::Message;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen).await.expect("bind");
        let tty = board_bridge::serial::open(port).expect("the pty");
        let fd = tty.as_raw_fd();
        let mut setup = Vec::new();
        arbiter_core::dgt::codec::Command::Update(arbiter_core::dgt::codec::UpdateMode::Nice)
            .encode(&mut setup);
        nix::unistd::write(fd, &setup).expect("switch reports on");
        let flags = nix::fcntl::OFlag::from_bits_truncate(
            nix::fcntl::fcntl(fd, nix::fcntl::FcntlArg::F_GETFL).expect("flags"),
        );
        nix::fcntl::fcntl(
            fd,
            nix::fcntl::FcntlArg::F_SETFL(flags | nix::fcntl::OFlag::O_NONBLOCK),
        )
        .expect("non-blocking");
        // SAFETY: the TTYPort owns its descriptor and closes it only when dropped, which is
        // when the AsyncFd holding it is dropped, as in the bridge's own link.
        let tty = unsafe { AsyncFd::register(tty) }
            .map_err(|e| e.into_parts().1)
            .expect("poller");
        let mut alarm = board_bridge::alarm::Alarm::new().expect("alarm");
        let (tcp, _) = listener.accept().await.expect("a client");
        let _ = tcp.set_nodelay(true);
        let mut ws = tokio_tungstenite::accept_async(tcp)
            .await
            .expect("websocket");
        let mut buf = [0u8; 1024];
        // Bytes read and not yet sent (settle mode: since the last frame).
        let mut unsent = 0usize;
        if spinning_floor() {
            // Never asleep: the port read again and again, the settle's end watched on the
            // clock; what a reader that is always on a core would see.
            let settle = settle.unwrap_or(Duration::ZERO);
            let mut quiet_at: Option<Instant> = None;
            loop {
                match nix::unistd::read(tty.get_ref().as_raw_fd(), &mut buf) {
                    Ok(0) => return,
                    Ok(n) => {
                        unsent += n;
                        quiet_at = Some(Instant::now() + settle);
                    }
                    Err(nix::errno::Errno::EAGAIN) => {}
                    Err(_) => return,
                }
                if quiet_at.is_some_and(|at| Instant::now() >= at) {
                    quiet_at = None;
                    let frame = Message::Text(std::mem::take(&mut unsent).to_string().into());
                    if ws.send(frame).await.is_err() {
                        return;
                    }
                }
                std::hint::spin_loop();
            }
        }
        if let Some(scan) = confirm {
            return confirming_relay(&tty, &mut alarm, &mut ws, scan).await;
        }
        loop {
            // Bytes first when both are ready, as in the bridge: a byte at the deadline
            // restarts the settle.
            let read = tokio::select! {
                biased;
                ready = tty.readable() => {
                    let mut ready = ready.expect("readable");
                    ready.try_io(|p| {
                        nix::unistd::read(p.get_ref().as_raw_fd(), &mut buf)
                            .map_err(std::io::Error::from)
                    })
                }
                rung = alarm.rung(), if unsent > 0 => {
                    rung.expect("alarm");
                    let frame = Message::Text(std::mem::take(&mut unsent).to_string().into());
                    if ws.send(frame).await.is_err() {
                        return;
                    }
                    continue;
                }
            };
            match read {
                Ok(Ok(0)) | Ok(Err(_)) => return,
                Ok(Ok(n)) => match settle {
                    Some(settle) => {
                        unsent += n;
                        alarm.set(settle).expect("set the alarm");
                    }
                    None => {
                        if ws.send(Message::Text(n.to_string().into())).await.is_err() {
                            return;
                        }
                    }
                },
                Err(_would_block) => {}
            }
        }
    });
}

/// The confirming relay's loop (see [`relay`]): an update read arms the scan's alarm; when it
/// rings, one `SEND_BRD` goes to the board, and the frame goes out when the dump's 67 bytes are in.
async fn confirming_relay(
    tty: &tokio::io::unix::AsyncFd<serialport::TTYPort>,
    alarm: &mut board_bridge::alarm::Alarm,
    ws: &mut tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    scan: Duration,
) {
    use futures_util::SinkExt;
    use std::os::fd::AsRawFd;
    use tokio_tungstenite::tungstenite::Message;
    const DUMP_LEN: usize = 67;
    let mut buf = [0u8; 1024];
    // Waiting for the scan (`Some(0)`), or for the dump's bytes still to come.
    let mut awaiting: Option<usize> = None;
    let mut armed = false;
    loop {
        let read = tokio::select! {
            biased;
            ready = tty.readable() => {
                let mut ready = ready.expect("readable");
                ready.try_io(|p| {
                    nix::unistd::read(p.get_ref().as_raw_fd(), &mut buf)
                        .map_err(std::io::Error::from)
                })
            }
            rung = alarm.rung(), if armed => {
                rung.expect("alarm");
                armed = false;
                nix::unistd::write(tty.get_ref().as_raw_fd(), &[0x42]).expect("ask for the board");
                awaiting = Some(DUMP_LEN);
                continue;
            }
        };
        let n = match read {
            Ok(Ok(0)) | Ok(Err(_)) => return,
            Ok(Ok(n)) => n,
            Err(_would_block) => continue,
        };
        match awaiting {
            Some(left) if left > 0 => {
                let left = left.saturating_sub(n);
                awaiting = Some(left);
                if left == 0 {
                    awaiting = None;
                    if ws
                        .send(Message::Text(DUMP_LEN.to_string().into()))
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
            }
            _ => {
                // An update (or the clock): its confirming read is asked for after the scan.
                if !armed {
                    alarm.set(scan).expect("set the alarm");
                    armed = true;
                }
                awaiting = Some(0);
            }
        }
    }
}

/// A relay process on `board`'s pty and a client of it; with `settle`, in its settle mode.
// The child is handed to the caller, which kills and waits for it when done.
#[allow(clippy::zombie_processes)]
async fn start_relay(board: &FakeBoard, settle: Option<Duration>) -> (std::process::Child, Ws) {
    start_relay_with(board, settle, None).await
}

/// [`start_relay`], and with `confirm` the confirming relay (see [`relay`]).
// The child is handed to the caller, which kills and waits for it when done.
#[allow(clippy::zombie_processes)]
async fn start_relay_with(
    board: &FakeBoard,
    settle: Option<Duration>,
    confirm: Option<Duration>,
) -> (std::process::Child, Ws) {
    let addr = format!("127.0.0.1:{}", free_port());
    let mut command = std::process::Command::new(std::env::current_exe().expect("this bench"));
    command.env(
        "LATENCY_RELAY",
        format!("{},{addr}", board.path().display()),
    );
    if let Some(settle) = settle {
        command.env("LATENCY_RELAY_SETTLE_US", settle.as_micros().to_string());
    }
    if let Some(confirm) = confirm {
        command.env("LATENCY_RELAY_CONFIRM_US", confirm.as_micros().to_string());
    }
    let mut child = command.spawn().expect("the relay");
    let give_up = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok((ws, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/")).await {
            return (child, ws);
        }
        if Instant::now() >= give_up {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the relay never listened");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// What a step of the touch and press sequences waits for: the bridge's message the Laws make
/// of it, or (the floor) the bare relay's next frame.
#[derive(Clone, Copy, PartialEq)]
enum Through {
    Bridge,
    Relay,
}

/// A measured step: the message, when its last byte went into the pty, when it arrived.
type Step = (serde_json::Value, Instant, Instant);

/// The touch sequence, the same through both: one field update at a time on h2, the next as
/// soon as the last arrived.
async fn touch_sequence(board: &FakeBoard, ws: &mut Ws, through: Through, n: usize) -> Vec<Step> {
    let mut steps = Vec::with_capacity(n);
    for i in 0..n {
        let occupant = if i % 2 == 0 {
            Occupant::Empty
        } else {
            Occupant::Piece(Color::White, Piece::Pawn)
        };
        let before = board.written().len();
        board.queue([Action::Set(Square::H2, occupant)]);
        let (m, at) = match through {
            Through::Bridge => arrival(ws, "touch").await,
            Through::Relay => wait_for_any(ws).await,
        };
        steps.push((m, last_write(board, before + 1), at));
    }
    steps
}

/// The press sequence, the same through both: a knight lifted and put down (two field
/// updates), then the lever's reading, which completes the move (2005 Art. 6.8a).
async fn press_sequence(board: &FakeBoard, ws: &mut Ws, through: Through, n: usize) -> Vec<Step> {
    let cycle = [
        (Square::G1, Square::F3, Color::White),
        (Square::G8, Square::F6, Color::Black),
        (Square::F3, Square::G1, Color::White),
        (Square::F6, Square::G8, Color::Black),
    ];
    let mut steps = Vec::with_capacity(n);
    for i in 0..n {
        let (from, to, color) = cycle[i % 4];
        let before = board.written().len();
        board.queue([
            Action::Set(from, Occupant::Empty),
            Action::Set(to, Occupant::Piece(color, Piece::Knight)),
        ]);
        match through {
            Through::Bridge => {
                arrival(ws, "touch").await;
                arrival(ws, "touch").await;
            }
            Through::Relay => {
                // Two updates: one frame each, or one for both when they came in one read.
                wait_for_any(ws).await;
                last_write(board, before + 2);
                let _ = tokio::time::timeout(Duration::from_millis(2), wait_for_any(ws)).await;
            }
        }
        let before = board.written().len();
        board.queue([Action::Clock(simulator::clock_after_press(
            [300_000, 300_000],
            color,
        ))]);
        let (m, at) = match through {
            Through::Bridge => arrival(ws, "move").await,
            Through::Relay => wait_for_any(ws).await,
        };
        if through == Through::Bridge {
            assert_eq!(m["ply"].as_u64(), Some(i as u64 + 1));
        }
        steps.push((m, last_write(board, before + 1), at));
    }
    steps
}

fn latencies(steps: &[Step]) -> Vec<Duration> {
    steps
        .iter()
        .map(|(_, written, at)| at.saturating_duration_since(*written))
        .collect()
}

/// A board for the relay, with the clock's first reading when `clock`.
fn relay_board(name: &str, clock: bool) -> (Scratch, FakeBoard) {
    let scratch = Scratch::new(name);
    let board = FakeBoard::start(
        &scratch.path("board"),
        arbiter_core::dgt::board::Placement::start(),
        arbiter_core::dgt::board::Orientation::Normal,
    )
    .expect("pty");
    if clock {
        board.queue([Action::Clock(simulator::initial_clock())]);
    }
    (scratch, board)
}

/// Steps at the start of each run that are not counted: the first moves of a fresh process
/// (page faults, the allocator's first growth, caches) are no part of its steady latency.
const WARM_UP: usize = 50;

/// The measured steps after the warm-up.
fn counted<T>(mut steps: Vec<T>) -> Vec<T> {
    let skip = WARM_UP.min(steps.len() / 2);
    steps.drain(..skip);
    steps
}

/// The relay's latencies for the touch bench's sequence (`n` counted steps after the warm-up).
async fn relay_touches(n: usize) -> Vec<Duration> {
    let (_scratch, board) = relay_board("bench-relay-touch", false);
    let (mut child, mut ws) = start_relay(&board, None).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let steps = touch_sequence(&board, &mut ws, Through::Relay, n + WARM_UP).await;
    let _ = child.kill();
    let _ = child.wait();
    latencies(&counted(steps))
}

/// The confirming relay's latencies for the touch bench's sequence: the floor of a touch that
/// only a full read made one scan after it confirms (2005 Art. 4.3: noise is no touch).
async fn confirming_relay_touches(n: usize) -> Vec<Duration> {
    let (_scratch, board) = relay_board("bench-relay-confirm", false);
    let scan = Duration::from_millis(arbiter_core::dgt::gate::SCAN_MS);
    let (mut child, mut ws) = start_relay_with(&board, None, Some(scan)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let steps = touch_sequence(&board, &mut ws, Through::Relay, n + WARM_UP).await;
    let _ = child.kill();
    let _ = child.wait();
    latencies(&counted(steps))
}

/// The relay's latencies for the press bench's sequence.
async fn relay_presses(n: usize) -> Vec<Duration> {
    let (_scratch, board) = relay_board("bench-relay-press", true);
    let (mut child, mut ws) = start_relay(&board, None).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The initial clock reading, if the relay saw it.
    let _ = tokio::time::timeout(Duration::from_millis(200), wait_for_any(&mut ws)).await;
    let steps = press_sequence(&board, &mut ws, Through::Relay, n + WARM_UP).await;
    let _ = child.kill();
    let _ = child.wait();
    latencies(&counted(steps))
}

fn p99(mut v: Vec<Duration>) -> Duration {
    v.sort();
    percentile(&v, 99)
}

/// How long after a touch its event is on the disk itself (the syncer's `safe`): what the
/// fdatasync costs, off the touch's own path.
async fn safe_delay(n: usize) {
    let log = Scratch::new("bench-safe-log");
    let log = log.0.to_string_lossy();
    let Rig { bridge, board, .. } = &Rig::start("bench-safe", &["--log", &log]);
    let Some(mut ws) = watching(&bridge.addr, "safe").await else {
        return;
    };
    // A lift is a touch of the game only once the game has started (it never starts at
    // connection, 2005 Art. 6.5): White's page starts it.
    let mut all = Vec::new();
    start_from_white(&bridge.addr, &mut ws, &mut all).await;
    let mut lat = Vec::with_capacity(n);
    for i in 0..n {
        let occupant = if i % 2 == 0 {
            Occupant::Empty
        } else {
            Occupant::Piece(Color::White, Piece::Pawn)
        };
        board.queue([Action::Set(Square::H2, occupant)]);
        if i % 2 == 1 {
            // Putting the pawn back is a touch message, no event of the game.
            arrival(&mut ws, "touch").await;
            continue;
        }
        let (event, at) = arrival(&mut ws, "event").await;
        let seq = event["seq"].as_u64().unwrap_or(0);
        loop {
            let (safe, then) = arrival(&mut ws, "safe").await;
            if safe["through"].as_u64().unwrap_or(0) >= seq {
                lat.push(then.saturating_duration_since(at));
                break;
            }
        }
    }
    report("safe: event at the page -> on disk (fdatasync)", lat);
}

fn last_write(board: &FakeBoard, count: usize) -> Instant {
    let give_up = Instant::now() + Duration::from_secs(10);
    loop {
        assert!(
            Instant::now() < give_up,
            "the board never wrote action {count}"
        );
        let w = board.written();
        if w.len() >= count {
            return w[count - 1];
        }
        std::thread::sleep(Duration::from_micros(50));
    }
}

fn rss_kb(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which is in parentheses); utime and stime are 14 and 15.
    let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<u64> = after
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0)
}

/// A bridge with the bench's settle time and its event log on disk, reading a simulated board
/// without a clock, and a page it has shown the board (`None`: the run `run` was given up). The
/// log's folder comes last, so it is removed after the bridge has stopped.
async fn settling_rig(run: &str) -> Option<(Rig, Ws, Scratch)> {
    let settle = SETTLE_MS.to_string();
    let log = Scratch::new(&format!("bench-{run}-log"));
    let path = log.0.to_string_lossy().into_owned();
    let rig = Rig::start(
        &format!("bench-{run}"),
        &["--settle-ms", &settle, "--log", &path],
    );
    let ws = watching(&rig.bridge.addr, run).await?;
    Some((rig, ws, log))
}

/// The bridge's touch latencies (`n` counted after the warm-up); with `stages`, where the time
/// went.
async fn touches(n: usize, stages: bool) -> Vec<Duration> {
    let Some((rig, mut ws, _log)) = settling_rig("touch").await else {
        return Vec::new();
    };
    let (bridge, board) = (&rig.bridge, &rig.board);
    let axis = Axis::new();
    let steps = counted(touch_sequence(board, &mut ws, Through::Bridge, n + WARM_UP).await);
    if stages {
        let samples: Vec<Sample> = steps
            .iter()
            .map(|(m, w, a)| axis.sample(m, *w, *a))
            .collect();
        report_stages("touch (last round)", bridge, &samples);
    }
    latencies(&steps)
}

/// The bridge's lever-press latencies.
async fn presses(n: usize, stages: bool) -> Vec<Duration> {
    let log = Scratch::new("bench-press-log");
    let log = log.0.to_string_lossy();
    let Rig { bridge, board, .. } = &Rig::with_clock("bench-press", &["--clock", "--log", &log]);
    let Some(mut ws) = watching(&bridge.addr, "press").await else {
        return Vec::new();
    };
    let axis = Axis::new();
    let steps = counted(press_sequence(board, &mut ws, Through::Bridge, n + WARM_UP).await);
    if stages {
        let samples: Vec<Sample> = steps
            .iter()
            .map(|(m, w, a)| axis.sample(m, *w, *a))
            .collect();
        report_stages("press (last round)", bridge, &samples);
    }
    latencies(&steps)
}

/// Ghost moves over the slides, and how many of them came in slides where the simulated hand
/// itself may have rested on a square for the settle time or longer (its thread held up on a busy
/// machine): such a rest is a move by the board's own rule. A ghost counts in the slide where it
/// shows, and after one the game and the board differ, so more may follow in later slides.
#[derive(Default)]
struct Ghosts {
    all: u32,
    in_rested: u32,
    rested_slides: u32,
}

/// Slide `i` of the settle sequence: a bishop slid across every square between, 10 ms per
/// square, back and forth. The script, the index of its first write and the count of writes
/// once it is written.
fn slide(board: &FakeBoard, i: usize) -> (Vec<Action>, usize, usize) {
    let (from, between, to, c) = SLIDES[i % 4];
    let bishop = Occupant::Piece(c, Piece::Bishop);
    let step = Duration::from_millis(10);
    let mut script = vec![Action::Set(from, Occupant::Empty), Action::Pause(step)];
    for b in between {
        script.extend([
            Action::Set(b, bishop),
            Action::Pause(step),
            Action::Set(b, Occupant::Empty),
            Action::Pause(step),
        ]);
    }
    script.push(Action::Set(to, bishop));
    let first = board.written().len();
    (script, first, first + 2 + 2 * between.len())
}

type Slide = (Square, [Square; 2], Square, Color);

const SLIDES: [Slide; 4] = [
    (
        Square::F1,
        [Square::E2, Square::D3],
        Square::C4,
        Color::White,
    ),
    (
        Square::F8,
        [Square::E7, Square::D6],
        Square::C5,
        Color::Black,
    ),
    (
        Square::C4,
        [Square::D3, Square::E2],
        Square::F1,
        Color::White,
    ),
    (
        Square::C5,
        [Square::D6, Square::E7],
        Square::F8,
        Color::Black,
    ),
];

/// Slides at the start of each settle run that are not counted (a fresh process's first
/// moves), as [`WARM_UP`] is for touches and presses.
const SETTLE_WARM_UP: usize = 4;

/// A DGT field update's length on the wire: what the settle floor's frames count.
const FIELD_UPDATE_BYTES: usize = 5;

/// The settle sequence, the same through both: `n` slides (see [`slide`]), each waited for
/// until it is settled: the bridge's `move` (a `takeback` before it, or another move, is a
/// ghost), or the settle floor's frame that holds the slide's last byte (a frame before it, sent
/// while the hand was still on its way, is the floor's ghost). Ghosts go into `ghosts`.
async fn settle_sequence(
    board: &FakeBoard,
    ws: &mut Ws,
    through: Through,
    n: usize,
    ghosts: &mut Ghosts,
) -> Vec<Step> {
    let mut steps = Vec::with_capacity(n);
    for i in 0..n {
        let (from, _, to, _) = SLIDES[i % 4];
        let (script, first, writes) = slide(board, i);
        board.queue(script);
        let ghosts_before = ghosts.all;
        let (m, at) = match through {
            Through::Bridge => {
                let (m, at) = loop {
                    let (m, at) = wait_for_any(ws).await;
                    if m["type"] == "takeback" {
                        ghosts.all += 1;
                    }
                    if m["type"] == "move" {
                        break (m, at);
                    }
                };
                if m["uci"] != format!("{from}{to}").as_str() {
                    ghosts.all += 1;
                }
                (m, at)
            }
            Through::Relay => {
                let slide_bytes = FIELD_UPDATE_BYTES * (writes - first);
                let mut bytes = 0;
                loop {
                    let (m, at) = wait_for_any(ws).await;
                    bytes += m.as_u64().unwrap_or(0) as usize;
                    if bytes >= slide_bytes {
                        break (m, at);
                    }
                    ghosts.all += 1;
                }
            }
        };
        let written = last_write(board, writes);
        // The longest the piece may have rested: from the start of one write to the end of the
        // next (a thread held up between its clock and its write is counted as resting).
        let (starts, ends) = (board.written(), board.write_ends());
        let longest_rest = (first..writes.saturating_sub(1))
            .filter_map(|k| Some(ends.get(k + 1)?.saturating_duration_since(*starts.get(k)?)))
            .max()
            .unwrap_or_default();
        if longest_rest >= Duration::from_millis(SETTLE_MS) {
            ghosts.rested_slides += 1;
            ghosts.in_rested += ghosts.all - ghosts_before;
        }
        steps.push((m, written, at));
    }
    steps
}

/// The bridge's settle latencies over `n` counted slides, its ghost moves added to `ghosts`;
/// with `stages`, where the time went.
async fn settles(n: usize, stages: bool, ghosts: &mut Ghosts) -> Vec<Duration> {
    let Some((rig, mut ws, _log)) = settling_rig("settle").await else {
        return Vec::new();
    };
    let (bridge, board) = (&rig.bridge, &rig.board);
    let pawn = |c| Occupant::Piece(c, Piece::Pawn);
    for (from, to, c) in [
        (Square::E2, Square::E4, Color::White),
        (Square::E7, Square::E5, Color::Black),
    ] {
        board.queue([Action::Set(from, Occupant::Empty), Action::Set(to, pawn(c))]);
        arrival(&mut ws, "move").await;
    }
    let axis = Axis::new();
    let steps = settle_sequence(board, &mut ws, Through::Bridge, n + SETTLE_WARM_UP, ghosts).await;
    let steps = settle_counted(steps);
    if stages {
        let samples: Vec<Sample> = steps
            .iter()
            .map(|(m, w, a)| axis.sample(m, *w, *a))
            .collect();
        report_stages("settle (last round)", bridge, &samples);
    }
    latencies(&steps)
}

/// The settle floor's latencies over the same slides, with the same spacing: the bare relay in
/// its settle mode, on a board of its own. Frames it sent before a slide was over go into
/// `early`.
async fn relay_settles(n: usize, early: &mut Ghosts) -> Vec<Duration> {
    let (_scratch, board) = relay_board("bench-relay-settle", false);
    let settle = Duration::from_millis(SETTLE_MS);
    let (mut child, mut ws) = start_relay(&board, Some(settle)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let steps = settle_sequence(&board, &mut ws, Through::Relay, n + SETTLE_WARM_UP, early).await;
    let _ = child.kill();
    let _ = child.wait();
    latencies(&settle_counted(steps))
}

/// The settle run's steps after its warm-up.
fn settle_counted<T>(mut steps: Vec<T>) -> Vec<T> {
    steps.drain(..SETTLE_WARM_UP.min(steps.len() / 2));
    steps
}

async fn wait_for_any(ws: &mut Ws) -> (serde_json::Value, Instant) {
    let m = next_message(ws, Duration::from_secs(10))
        .await
        .expect("a message");
    (m, Instant::now())
}

async fn footprint(viewers: usize, moves: usize) {
    let settle = SETTLE_MS.to_string();
    let Rig { bridge, board, .. } = &Rig::start("bench-rss", &["--settle-ms", &settle]);
    let pid = bridge.child.id();
    let mut clients = Vec::new();
    for _ in 0..viewers {
        clients.push(connect(&bridge.addr, None, None).await.expect("viewer"));
    }
    let game = simulator::moves_of_pgn(GAME).expect("game");
    board.queue(simulator::script_game(
        &game[..moves],
        slides_and_captures(),
        pace(300),
    ));
    for ws in &mut clients {
        collect_until(ws, Duration::from_secs(30), |m| move_ucis(m).len() >= moves).await;
    }
    let (rss, hwm) = rss_kb(pid);
    println!(
        "rss: {viewers} viewers, {moves}-ply game              VmRSS={:.1} MB  VmHWM={:.1} MB",
        rss as f64 / 1024.0,
        hwm as f64 / 1024.0
    );
    let t0 = cpu_ticks(pid);
    tokio::time::sleep(Duration::from_secs(5)).await;
    let t1 = cpu_ticks(pid);
    // /proc counts in USER_HZ, 100 per second on Linux.
    println!(
        "idle cpu: board quiet 5 s, {viewers} viewers            {:.2} % of one core",
        (t1 - t0) as f64 / 5.0
    );
}

/// One page floods the bridge for `span` (as fast as it can send: arrivals, the same score
/// entry, draw offers, the events a page may send that change nothing after the first), beside
/// the floor: the same bridge's log size and RSS for the same game just before the flood.
async fn flood(span: Duration) {
    let scratch = Scratch::new("bench-flood");
    let log = scratch.path("log");
    let log_arg = log.to_string_lossy().into_owned();
    let config = scratch.path("config.json");
    std::fs::write(
        &config,
        r#"{"edition":"2005","time_control":[{"moves":null,"time":600000,"timing":{"kind":"increment","ms":5000}}],"await_arrival":true}"#,
    )
    .expect("config");
    let config = config.to_string_lossy().into_owned();
    let bridge = Bridge::start(
        &scratch.path("no-board"),
        free_port(),
        &["--log", &log_arg, "--game-config", &config],
    );
    let pid = bridge.child.id();
    let mut white = connect_as(&bridge.addr, "white").await.expect("white");
    let _ = next(&mut white, Duration::from_secs(10)).await;
    let event = |e: &str| format!(r#"{{"type":"event","event":{e}}}"#);
    let game = [
        event(r#"{"type":"arrive","player":"white"}"#),
        event(r#"{"type":"write","player":"white","text":"e4"}"#),
        event(r#"{"type":"offer_draw","player":"white"}"#),
    ];
    // The game without the flood: each of these once.
    for e in &game {
        send(&mut white, e).await;
    }
    let _ = wait_for(&mut white, Duration::from_secs(1), |_| false).await;
    let log_file = log.join("events.jsonl");
    let size = || std::fs::metadata(&log_file).map_or(0, |m| m.len());
    let (size0, (rss0, _)) = (size(), rss_kb(pid));
    // The flood, with its answers read by a task of their own so the socket never backs up.
    use futures_util::{SinkExt, StreamExt};
    let (mut tx, mut rx) = white.split();
    let reader = tokio::spawn(async move {
        let mut answers = 0u64;
        while let Ok(Some(Ok(_))) = tokio::time::timeout(Duration::from_secs(2), rx.next()).await {
            answers += 1;
        }
        answers
    });
    let start = Instant::now();
    let mut sent = 0u64;
    while start.elapsed() < span {
        let text = game[(sent % 3) as usize].clone();
        if tx
            .send(tokio_tungstenite::tungstenite::Message::Text(text.into()))
            .await
            .is_err()
        {
            break;
        }
        sent += 1;
        if sent.is_multiple_of(64) {
            tokio::task::yield_now().await;
        }
    }
    let answers = reader.await.unwrap_or(0);
    let (size1, (rss1, hwm1)) = (size(), rss_kb(pid));
    println!(
        "flood: one page, {:.0} s, {sent} messages ({:.0}/s), {answers} answers",
        span.as_secs_f64(),
        sent as f64 / span.as_secs_f64()
    );
    println!(
        "flood: log {size0} -> {size1} bytes ({:.2}x the game without it), VmRSS {:.1} -> {:.1} MB ({:.2}x), VmHWM {:.1} MB",
        size1 as f64 / size0.max(1) as f64,
        rss0 as f64 / 1024.0,
        rss1 as f64 / 1024.0,
        rss1 as f64 / rss0.max(1) as f64,
        hwm1 as f64 / 1024.0
    );
}

fn ratio(ours: Duration, floor: Duration) -> f64 {
    ours.as_secs_f64() / floor.as_secs_f64().max(1e-9)
}

/// One round's p99s, ours and the floor's, with the load they ran under; `false` (and a line
/// that says so) when either run of the round was given up.
fn round_line(
    part: &str,
    round: usize,
    ours: &[Duration],
    floor: &[Duration],
    load: String,
) -> bool {
    if ours.is_empty() || floor.is_empty() {
        println!(
            "  {part} round {}: given up, left out  (load {load})",
            round + 1
        );
        return false;
    }
    let (o, f) = (p99(ours.to_vec()), p99(floor.to_vec()));
    println!(
        "  {part} round {}: p99 {:.3} ms, floor {:.3} ms, {:.2}x  (load {load})",
        round + 1,
        o.as_secs_f64() * 1e3,
        f.as_secs_f64() * 1e3,
        ratio(o, f)
    );
    true
}

/// How far past the settle time a settle latency came, ms (negative: before it).
fn past_settle(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3 - SETTLE_MS as f64
}

/// The settle part: the settle floor (the bare relay in its settle mode) and the bridge in
/// turns over the same slides, `count` slides each in `rounds` rounds; p50/p99 of both, how far
/// each p99 is past the settle time, and ours against the floor's.
async fn settle_part(count: usize, rounds: usize) {
    let rounds = rounds.min(count.max(1));
    let (mut floor, mut ours) = (Vec::new(), Vec::new());
    let (mut ghosts, mut early) = (Ghosts::default(), Ghosts::default());
    for round in 0..rounds {
        let f = relay_settles(count / rounds, &mut early).await;
        let o = settles(count / rounds, round + 1 == rounds, &mut ghosts).await;
        if o.is_empty() || f.is_empty() {
            println!(
                "  settle round {}: given up, left out  (load {})",
                round + 1,
                load()
            );
            continue;
        }
        let (po, pf) = (p99(o.clone()), p99(f.clone()));
        println!(
            "  settle round {}: p99 {:.3} ms (+{:.3}), floor {:.3} ms (+{:.3}), ours - floor {:+.3} ms  (load {})",
            round + 1,
            po.as_secs_f64() * 1e3,
            past_settle(po),
            pf.as_secs_f64() * 1e3,
            past_settle(pf),
            (po.as_secs_f64() - pf.as_secs_f64()) * 1e3,
            load()
        );
        floor.extend(f);
        ours.extend(o);
    }
    if ours.is_empty() {
        return;
    }
    report(
        &format!("settle floor: last byte -> ws frame (relay, {SETTLE_MS} ms)"),
        floor.clone(),
    );
    report(
        &format!("settle: last change -> ws move (settle {SETTLE_MS} ms)"),
        ours.clone(),
    );
    let (ours, floor) = (p99(ours), p99(floor));
    println!(
        "settle p99 - settle time                       {:.3} ms, floor {:.3} ms  (goal <= 1 ms with 0 ghost moves)",
        past_settle(ours),
        past_settle(floor),
    );
    println!(
        "settle p99 / floor p99                         {:.4}x, {:+.3} ms over the floor's  ({:.3} / {:.3} ms)",
        ratio(ours, floor),
        (ours.as_secs_f64() - floor.as_secs_f64()) * 1e3,
        ours.as_secs_f64() * 1e3,
        floor.as_secs_f64() * 1e3,
    );
    println!(
        "settle: ghost moves (slid bishops)             {}  ({} in the {} slides where \
         the simulated hand rested {SETTLE_MS} ms or more on a square)",
        ghosts.all, ghosts.in_rested, ghosts.rested_slides
    );
    println!(
        "settle floor: frames before a slide's end      {}  ({} in the {} slides where the hand rested)",
        early.all, early.in_rested, early.rested_slides
    );
}

/// A p99 beside the floor's, as a ratio against the goal.
fn ratio_line(name: &str, ours: Duration, floor: Duration) {
    println!(
        "{name:<46} {:.2}x  ({:.3} / {:.3} ms; goal <= 1.5x)",
        ratio(ours, floor),
        ours.as_secs_f64() * 1e3,
        floor.as_secs_f64() * 1e3
    );
}

/// What `uptime` says (the load averages over 1, 5 and 15 minutes), printed beside the figures.
fn uptime() -> String {
    std::process::Command::new("uptime")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(load)
}

/// The machine's load averages over 1, 5 and 15 minutes (as `uptime` prints them), from
/// `/proc/loadavg` (empty elsewhere).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(", "))
        .unwrap_or_default()
}

fn main() {
    if let Some((port, listen)) = std::env::var("LATENCY_RELAY")
        .ok()
        .as_deref()
        .and_then(|v| v.split_once(','))
    {
        let settle = std::env::var("LATENCY_RELAY_SETTLE_US")
            .ok()
            .and_then(|us| us.parse().ok())
            .map(Duration::from_micros);
        let confirm = std::env::var("LATENCY_RELAY_CONFIRM_US")
            .ok()
            .and_then(|us| us.parse().ok())
            .map(Duration::from_micros);
        relay(port, listen, settle, confirm);
        return;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    // `cargo bench --bench latency -- touch settle` runs only those parts; all by default.
    let parts = ["touch", "press", "settle", "rss", "safe", "flood"];
    let chosen: Vec<&str> = parts
        .into_iter()
        .filter(|p| args.iter().any(|a| a == p))
        .collect();
    let runs = |part: &str| chosen.is_empty() || chosen.contains(&part);
    let settle_count = std::env::var("BENCH_SETTLES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    println!(
        "bridge: {}  client: {}  floor: {}  uptime at start: {}",
        common::bridge_binary().display(),
        if spinning_client() {
            "spinning"
        } else {
            "waits"
        },
        if spinning_floor() {
            "spinning"
        } else {
            "waits"
        },
        uptime()
    );
    // One thread for the client: a message read wakes this thread itself, not a worker that
    // then hands it over, so the client adds as little as it can to what is measured.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let count = std::env::var("BENCH_COUNT")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(1000);
        let rounds = std::env::var("BENCH_ROUNDS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(4usize)
            .max(1);
        // Ours and the floor in turns, round after round, so both see the same load; each run
        // starts with uncounted warm-up steps, and the p99 is of all rounds' steps together.
        if runs("touch") {
            let (mut floor, mut ours, mut confirmed) = (Vec::new(), Vec::new(), Vec::new());
            for round in 0..rounds {
                let f = relay_touches(count / rounds).await;
                let c = confirming_relay_touches(count / rounds).await;
                let o = touches(count / rounds, round + 1 == rounds).await;
                if round_line("touch", round, &o, &f, load()) {
                    round_line("  touch vs confirming relay", round, &o, &c, load());
                    floor.extend(f);
                    ours.extend(o);
                    confirmed.extend(c);
                }
            }
            if !ours.is_empty() {
                report(
                    "relay (floor): pty byte -> ws frame, touches",
                    floor.clone(),
                );
                report("confirming relay: + scan + full read", confirmed.clone());
                report("touch: pty byte -> ws touch", ours.clone());
                ratio_line(
                    "touch p99 / relay p99",
                    p99(ours.clone()),
                    p99(floor.clone()),
                );
                ratio_line(
                    "confirming relay p99 / relay p99",
                    p99(confirmed.clone()),
                    p99(floor),
                );
                ratio_line(
                    "touch p99 / confirming relay p99",
                    p99(ours),
                    p99(confirmed),
                );
            }
        }
        if runs("press") {
            let (mut floor, mut ours) = (Vec::new(), Vec::new());
            for round in 0..rounds {
                let f = relay_presses(count / rounds).await;
                let o = presses(count / rounds, round + 1 == rounds).await;
                if round_line("press", round, &o, &f, load()) {
                    floor.extend(f);
                    ours.extend(o);
                }
            }
            if !ours.is_empty() {
                report("relay (floor): lever byte -> ws frame", floor.clone());
                report("press: lever byte -> ws move (clock)", ours.clone());
                ratio_line("press p99 / relay p99", p99(ours), p99(floor));
            }
        }
        if runs("safe") {
            safe_delay(count.min(300)).await;
        }
        if runs("settle") {
            settle_part(settle_count, rounds).await;
        }
        if runs("rss") {
            footprint(100, 20).await;
        }
        if runs("flood") {
            flood(Duration::from_secs(10)).await;
        }
    });
    println!("uptime at the end: {}", uptime());
}
