//! Latency and footprint of the bridge, measured end to end on real pieces: a simulated board on a
//! pseudo-terminal, the `board-bridge` binary, and a WebSocket client. Prints p50/p99 figures;
//! nothing here asserts a speed.
//!
//! * touch: last byte of a field update written to the pty -> `touch` message at the client;
//! * press: last byte of the clock's lever reading -> `move` message (2005 Art. 6.8a);
//! * settle: last sensor change of a slid bishop move -> `move` message (no clock), and the number
//!   of ghost moves (a move confirmed, then taken back);
//! * RSS of the bridge with 10 viewers, and its CPU while the board is idle.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{self, Action, FakeBoard};
use common::*;

const SETTLE_MS: u64 = 250;

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

async fn arrival(ws: &mut Ws, kind: &str) -> (serde_json::Value, Instant) {
    loop {
        let m = next(ws, Duration::from_secs(10))
            .await
            .unwrap_or_else(|| panic!("no {kind} message"));
        if m["type"] == kind {
            return (m, Instant::now());
        }
    }
}

async fn ready(ws: &mut Ws) {
    board_read(ws, Duration::from_secs(10)).await;
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

async fn touches(n: usize) {
    let settle = SETTLE_MS.to_string();
    let Rig { bridge, board, .. } = &Rig::start("bench-touch", &["--settle-ms", &settle]);
    let mut ws = connect(&bridge.addr, None, None).await.expect("connect");
    ready(&mut ws).await;
    let mut lat = Vec::with_capacity(n);
    for i in 0..n {
        let occupant = if i % 2 == 0 {
            Occupant::Empty
        } else {
            Occupant::Piece(Color::White, Piece::Pawn)
        };
        let before = board.written().len();
        board.queue([Action::Set(Square::H2, occupant)]);
        let (_, at) = arrival(&mut ws, "touch").await;
        lat.push(at.saturating_duration_since(last_write(board, before + 1)));
    }
    report("touch: pty byte -> ws touch", lat);
}

async fn presses(n: usize) {
    let Rig { bridge, board, .. } = &Rig::with_clock("bench-press", &["--clock"]);
    let mut ws = connect(&bridge.addr, None, None).await.expect("connect");
    ready(&mut ws).await;
    let cycle = [
        (Square::G1, Square::F3, Color::White),
        (Square::G8, Square::F6, Color::Black),
        (Square::F3, Square::G1, Color::White),
        (Square::F6, Square::G8, Color::Black),
    ];
    let mut lat = Vec::with_capacity(n);
    for i in 0..n {
        let (from, to, color) = cycle[i % 4];
        board.queue([
            Action::Set(from, Occupant::Empty),
            Action::Set(to, Occupant::Piece(color, Piece::Knight)),
        ]);
        arrival(&mut ws, "touch").await;
        arrival(&mut ws, "touch").await;
        let before = board.written().len();
        board.queue([Action::Clock(simulator::clock_after_press(
            [300_000, 300_000],
            color,
        ))]);
        let (m, at) = arrival(&mut ws, "move").await;
        assert_eq!(m["ply"].as_u64(), Some(i as u64 + 1));
        lat.push(at.saturating_duration_since(last_write(board, before + 1)));
    }
    report("press: lever byte -> ws move (clock)", lat);
}

async fn settles(n: usize) -> u32 {
    let settle = SETTLE_MS.to_string();
    let Rig { bridge, board, .. } = &Rig::start("bench-settle", &["--settle-ms", &settle]);
    let mut ws = connect(&bridge.addr, None, None).await.expect("connect");
    ready(&mut ws).await;
    let pawn = |c| Occupant::Piece(c, Piece::Pawn);
    for (from, to, c) in [
        (Square::E2, Square::E4, Color::White),
        (Square::E7, Square::E5, Color::Black),
    ] {
        board.queue([Action::Set(from, Occupant::Empty), Action::Set(to, pawn(c))]);
        arrival(&mut ws, "move").await;
    }
    // Bishops slid across every square between, 10 ms per square, back and forth.
    let cycle = [
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
    let step = Duration::from_millis(10);
    let mut lat = Vec::with_capacity(n);
    let mut ghosts = 0;
    for i in 0..n {
        let (from, between, to, c) = cycle[i % 4];
        let bishop = Occupant::Piece(c, Piece::Bishop);
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
        let writes = board.written().len() + 2 + 2 * between.len();
        board.queue(script);
        let (m, at) = loop {
            let (m, at) = wait_for_any(&mut ws).await;
            if m["type"] == "takeback" {
                ghosts += 1;
            }
            if m["type"] == "move" {
                break (m, at);
            }
        };
        let want = format!("{from}{to}");
        if m["uci"] != want.as_str() {
            ghosts += 1;
        }
        lat.push(at.saturating_duration_since(last_write(board, writes)));
    }
    report(
        &format!("settle: last change -> ws move (settle {SETTLE_MS} ms)"),
        lat,
    );
    ghosts
}

async fn wait_for_any(ws: &mut Ws) -> (serde_json::Value, Instant) {
    let m = next(ws, Duration::from_secs(10)).await.expect("a message");
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

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        touches(1000).await;
        presses(1000).await;
        let ghosts = settles(100).await;
        println!("settle: ghost moves (slid bishops)             {ghosts}");
        footprint(10, 20).await;
    });
}
