//! What the bridge costs beside its speed: RSS with many viewers, CPU while idle, and a page
//! flooding it (the log's size and the RSS after it).

use std::time::{Duration, Instant};

use board_bridge::simulator;

use crate::SETTLE_MS;
use crate::common::*;

pub(crate) fn rss_kb(pid: u32) -> (u64, u64) {
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

pub(crate) fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which is in parentheses); utime and stime are 14 and 15.
    let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<u64> = after
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0)
}

pub(crate) async fn footprint(viewers: usize, moves: usize) {
    let settle = SETTLE_MS.to_string();
    let Rig { bridge, board, .. } = &Rig::start("bench-rss", &["--settle-ms", &settle]);
    let pid = bridge.child.id();
    // Where the RSS goes: the bridge with its board and no page, then with the pages and the
    // game not begun, then after the game (the figure).
    let mb = |kb: u64| kb as f64 / 1024.0;
    let alone = rss_kb(pid).0;
    let mut clients = Vec::new();
    for _ in 0..viewers {
        clients.push(connect(&bridge.addr, None, None).await.expect("viewer"));
    }
    let watched = rss_kb(pid).0;
    println!(
        "rss: no page {:.1} MB; {viewers} pages before a move {:.1} MB ({:.1} KB a page)",
        mb(alone),
        mb(watched),
        watched.saturating_sub(alone) as f64 / viewers.max(1) as f64
    );
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
        mb(rss),
        mb(hwm)
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
pub(crate) async fn flood(span: Duration) {
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
