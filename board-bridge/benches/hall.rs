//! The hall at scale, beside a single-board bridge in the same run: 100 boards on
//! pseudo-terminals read by one `board-bridge --hall` process.
//!
//! * move: the last byte of a DGT clock's lever reading written to board 1's pty -> the `move`
//!   message on `/board/1/ws` (hall) or `/ws` (single board), and -> the board's update on the
//!   hall page's stream `/hall/ws`; p50/p99, and the hall's p99 as a ratio to the single board's
//!   (goal <= 1.5x). The single board and the hall are measured in turns, on the same load.
//! * idle: the hall's RSS with its 100 boards connected, and its CPU over 10 s while they are
//!   quiet (each still answers the bridge's keep-alive every second); goals <= 100 MB, <= 5 %.
//!
//! Nothing here asserts a speed; the machine's load average is printed beside the figures.
//! `HALL_BOARDS` (100) and `BENCH_COUNT` (200 moves a turn) change the sizes.

#[path = "../tests/common/mod.rs"]
mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{Occupant, Orientation, Placement};
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{self, Action, FakeBoard};
use common::*;
use futures_util::StreamExt;

fn percentile(sorted: &[Duration], p: usize) -> Duration {
    sorted[(sorted.len() * p / 100).min(sorted.len() - 1)]
}

fn report(name: &str, mut v: Vec<Duration>) -> Duration {
    v.sort();
    let p99 = percentile(&v, 99);
    println!(
        "{name:<46} n={:<5} p50={:>8.3} ms  p99={:>8.3} ms  max={:>8.3} ms  (load {})",
        v.len(),
        percentile(&v, 50).as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        v[v.len() - 1].as_secs_f64() * 1e3,
        load()
    );
    p99
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_default()
}

fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<u64> = after
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0)
}

fn last_write(board: &FakeBoard, count: usize) -> Instant {
    let give_up = Instant::now() + Duration::from_secs(10);
    loop {
        assert!(Instant::now() < give_up, "the board never wrote");
        let w = board.written();
        if w.len() >= count {
            return w[count - 1];
        }
        std::thread::sleep(Duration::from_micros(50));
    }
}

async fn until(ws: &mut Ws, want: impl Fn(&serde_json::Value) -> bool) -> Instant {
    loop {
        let m = next(ws, Duration::from_secs(20)).await.expect("a message");
        if want(&m) {
            return Instant::now();
        }
    }
}

fn http_get(addr: &str, path: &str) -> String {
    use std::io::{Read, Write};
    let Ok(mut s) = std::net::TcpStream::connect(addr) else {
        return String::new();
    };
    let _ = write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    );
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    text.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default()
}

const CYCLE: [(Square, Square, Color); 4] = [
    (Square::G1, Square::F3, Color::White),
    (Square::G8, Square::F6, Color::Black),
    (Square::F3, Square::G1, Color::White),
    (Square::F6, Square::G8, Color::Black),
];

/// `n` knight moves on `board`, each completed by a lever press; the press's last byte ->
/// the move on `ws` (and on `hall`, the hall page's stream, when given).
async fn moves(
    board: &FakeBoard,
    ws: &mut Ws,
    mut hall: Option<&mut Ws>,
    first_ply: usize,
    n: usize,
) -> (Vec<Duration>, Vec<Duration>) {
    let (mut lat, mut hall_lat) = (Vec::new(), Vec::new());
    for i in 0..n {
        let ply = first_ply + i;
        let (from, to, color) = CYCLE[(ply - 1) % 4];
        board.queue([
            Action::Set(from, Occupant::Empty),
            Action::Set(to, Occupant::Piece(color, Piece::Knight)),
        ]);
        until(ws, |m| m["type"] == "touch" && m["action"] == "place").await;
        let before = board.written().len();
        board.queue([Action::Clock(simulator::clock_after_press(
            [300_000, 300_000],
            color,
        ))]);
        let at = until(ws, |m| m["type"] == "move" && m["ply"] == ply as u64).await;
        let written = last_write(board, before + 1);
        lat.push(at.saturating_duration_since(written));
        if let Some(h) = hall.as_deref_mut() {
            let at = until(h, |m| {
                m["type"] == "board"
                    && m["board"]["number"] == 1
                    && m["board"]["plies"] == ply as u64
            })
            .await;
            hall_lat.push(at.saturating_duration_since(written));
        }
    }
    (lat, hall_lat)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let boards: u32 = std::env::var("HALL_BOARDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let count: usize = std::env::var("BENCH_COUNT")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    println!(
        "bridge: {}  boards: {boards}  moves a turn: {count}  load average at start: {}",
        bridge_binary().display(),
        load()
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        // The single board, with a clock.
        let single_log = Scratch::new("bench-hall-single-log");
        let single_log_path = single_log.0.to_string_lossy().into_owned();
        let single = Rig::with_clock("bench-hall-single", &["--clock", "--log", &single_log_path]);
        let mut single_ws = connect(&single.bridge.addr, None, None).await.expect("connect");
        next(&mut single_ws, Duration::from_secs(10)).await.expect("snapshot");
        board_read(&mut single_ws, Duration::from_secs(10)).await;

        // The hall: every board with a clock, the event log on disk as shipped.
        let scratch = Scratch::new("bench-hall");
        let mut toml = String::from(
            "[event]\nname = \"Bench\"\nround = 1\nedition = \"2005\"\ntime_control = \"5+0\"\n",
        );
        let mut fakes = Vec::new();
        for n in 1..=boards {
            let fake = FakeBoard::start(
                &scratch.path(&format!("tty-{n}")),
                Placement::start(),
                Orientation::Normal,
            )
            .expect("pty");
            fake.queue([Action::Clock(simulator::initial_clock())]);
            toml.push_str(&format!(
                "\n[[board]]\nnumber = {n}\nwhite = \"W{n}\"\nblack = \"B{n}\"\nport = \"{}\"\n",
                fake.path().display()
            ));
            fakes.push(fake);
        }
        std::fs::write(scratch.path("hall.toml"), toml).expect("hall file");
        let addr = format!("127.0.0.1:{}", free_port());
        let mut child = Command::new(bridge_binary())
            .arg("--hall")
            .arg(scratch.path("hall.toml"))
            .args(["--listen", &addr, "--clock", "--log"])
            .arg(scratch.path("logs"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the hall");
        let give_up = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(&addr).is_err() {
            assert!(Instant::now() < give_up, "the hall never listened");
            std::thread::sleep(Duration::from_millis(20));
        }
        let pid = child.id();
        // Every board read: the hall page's snapshot shows them all connected.
        let give_up = Instant::now() + Duration::from_secs(60);
        loop {
            let body = http_get(&addr, "/hall.json");
            let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
            let up = v["boards"].as_array().map_or(0, |b| b.iter().filter(|b| b["connected"] == true).count());
            if up == boards as usize {
                break;
            }
            assert!(Instant::now() < give_up, "only {up} of {boards} boards connected");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let url = format!("ws://{addr}/board/1/ws?last_seq=0");
        let (mut board_ws, _) = tokio_tungstenite::connect_async(url).await.expect("board 1");
        next(&mut board_ws, Duration::from_secs(10)).await.expect("snapshot");
        let (mut hall_ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/hall/ws"))
            .await
            .expect("hall stream");
        hall_ws.next().await.expect("hall snapshot").expect("frame");

        // Idle first: every board connected and quiet.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let rss = rss_kb(pid);
        let t0 = cpu_ticks(pid);
        tokio::time::sleep(Duration::from_secs(10)).await;
        let t1 = cpu_ticks(pid);
        println!(
            "hall idle: {boards} boards connected            RSS={:.1} MB (goal <= 100)  CPU={:.2} % of one core over 10 s (goal <= 5)  (load {})",
            rss as f64 / 1024.0,
            (t1 - t0) as f64 / 10.0,
            load()
        );
        let single_rss = rss_kb(single.bridge.child.id());
        println!("single board bridge idle                       RSS={:.1} MB", single_rss as f64 / 1024.0);

        // Moves, in turns: single, hall, single, hall.
        let (mut s_all, mut h_all, mut page_all) = (Vec::new(), Vec::new(), Vec::new());
        let half = count / 2;
        for turn in 0..2 {
            let first = 1 + turn * half;
            let (s, _) = moves(&single.board, &mut single_ws, None, first, half).await;
            let (h, page) = moves(&fakes[0], &mut board_ws, Some(&mut hall_ws), first, half).await;
            s_all.extend(s);
            h_all.extend(h);
            page_all.extend(page);
        }
        let s99 = report("move, single board: lever byte -> /ws", s_all);
        let h99 = report(&format!("move, hall of {boards}: lever byte -> /board/1/ws"), h_all);
        let p99 = report(&format!("move, hall of {boards}: lever byte -> /hall/ws"), page_all);
        println!(
            "hall p99 / single p99                          {:.2}x  ({:.3} / {:.3} ms; goal <= 1.5x); hall page {:.2}x",
            h99.as_secs_f64() / s99.as_secs_f64().max(1e-9),
            h99.as_secs_f64() * 1e3,
            s99.as_secs_f64() * 1e3,
            p99.as_secs_f64() / s99.as_secs_f64().max(1e-9),
        );
        let _ = child.kill();
        let _ = child.wait();
        drop(fakes);
    });
    println!("load average at the end: {}", load());
}
