//! The bridge's costs follow the games, not the traffic (issue 30), and the arbiter's seat rules
//! without playing (issue 29): real bridge processes with no board, real HTTP and WebSocket
//! clients on loopback. A slow client (slowloris) is dropped after the header timeout; HTTP
//! connections and `/events.jsonl` readers are capped with a 503 that says when to come back;
//! the log is streamed from its file (a reader costs a chunk, not the log); a `hello` with an old
//! number is answered with what the page lacks, at a bounded pace; a seat's limits hold across
//! all the pages that hold it.

use crate::common;

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use common::{Bridge, Scratch, WAIT, free_port, next, send};
use serde_json::Value;

/// A bridge with no board (its port does not exist), with `args`.
fn bridge(scratch: &Scratch, args: &[&str]) -> Bridge {
    let missing = scratch.path("no-board-here");
    let port = missing.to_str().expect("utf-8").to_owned();
    Bridge::serve(free_port(), &[&["--port", port.as_str()], args].concat())
}

/// The resident memory of a process, KiB.
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Reads an HTTP answer's head from `s` (until the blank line or the end).
fn head_of(s: &mut std::net::TcpStream) -> String {
    let mut bytes = Vec::new();
    let mut byte = [0u8; 1];
    while !bytes.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte) {
            Ok(1) => bytes.push(byte[0]),
            _ => break,
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Whether the bridge closes `s` within `wait`.
fn closed_within(s: &mut std::net::TcpStream, wait: Duration) -> bool {
    s.set_read_timeout(Some(wait)).expect("timeout");
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return false;
            }
            Err(_) => return true,
        }
    }
}

/// A client that opens a request and never finishes its head.
fn slow_client(addr: &str) -> std::net::TcpStream {
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    write!(s, "GET /games.pgn HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ").expect("write");
    s
}

#[test]
fn a_slow_client_and_an_idle_connection_are_dropped() {
    let scratch = Scratch::new("limits-slowloris");
    let bridge = bridge(&scratch, &[]);
    // Before, 3,000 such clients held the bridge's descriptors for as long as they liked.
    let mut slow: Vec<std::net::TcpStream> = (0..4).map(|_| slow_client(&bridge.addr)).collect();
    let started = Instant::now();
    for s in &mut slow {
        assert!(
            closed_within(s, Duration::from_secs(20)),
            "a client that never finished its request was still held after {:?}",
            started.elapsed()
        );
    }
    // A kept-alive connection that goes idle is closed too.
    let mut idle = std::net::TcpStream::connect(&bridge.addr).expect("connect");
    write!(
        idle,
        "GET /games.pgn HTTP/1.1\r\nHost: {}\r\n\r\n",
        bridge.addr
    )
    .expect("write");
    idle.set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    assert!(head_of(&mut idle).starts_with("HTTP/1.1 200"));
    assert!(
        closed_within(&mut idle, Duration::from_secs(20)),
        "an idle kept-alive connection was held"
    );
}

#[test]
fn one_connection_too_many_is_told_when_to_come_back() {
    let scratch = Scratch::new("limits-connections");
    let bridge = bridge(&scratch, &["--max-connections", "4"]);
    // Served once: the connections that found it listening are done with.
    assert_eq!(bridge.get("/games.pgn").0, 200);
    std::thread::sleep(Duration::from_millis(200));
    // Four clients that never finish their request's head hold every connection.
    let slow: Vec<std::net::TcpStream> = (0..4).map(|_| slow_client(&bridge.addr)).collect();
    std::thread::sleep(Duration::from_millis(300));
    // The fifth is told the bridge is full and when to come back.
    let mut fifth = std::net::TcpStream::connect(&bridge.addr).expect("connect");
    write!(
        fifth,
        "GET /games.pgn HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        bridge.addr
    )
    .expect("write");
    fifth
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    let head = head_of(&mut fifth).to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 503"), "{head}");
    assert!(head.contains("retry-after: "), "{head}");
    // Once they leave, the bridge serves again.
    drop(slow);
    let give_up = Instant::now() + WAIT;
    while bridge.get("/games.pgn").0 != 200 {
        assert!(Instant::now() < give_up, "the connections never came back");
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// A body sent in chunks (`Transfer-Encoding: chunked`), put back together.
fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = raw.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(String::from_utf8_lossy(&raw[..end]).trim(), 16)
            .expect("a chunk's size");
        if size == 0 {
            return out;
        }
        let data = &raw[end + 2..];
        out.extend_from_slice(&data[..size]);
        raw = &data[size + 2..];
    }
}

/// A log of `lines` clock ticks after the header a bridge wrote in `dir`.
fn grow_log(dir: &std::path::Path, lines: u64) -> Vec<u8> {
    let path = dir.join("events.jsonl");
    let mut text = std::fs::read(&path).expect("the bridge's log");
    for seq in 1..=lines {
        text.extend_from_slice(
            format!(
                "{{\"seq\":{seq},\"at\":{seq},\"event\":{{\"type\":\"tick\"}},\"source\":\"time\",\"unix_ms\":{}}}\n",
                1_700_000_000_000u64 + seq
            )
            .as_bytes(),
        );
    }
    std::fs::write(&path, &text).expect("grown log");
    text
}

#[test]
fn the_event_log_is_streamed_from_its_file_to_a_bounded_number_of_readers() {
    let scratch = Scratch::new("limits-readers");
    let log = scratch.path("log");
    let log_arg = log.to_str().expect("utf-8").to_owned();
    // The bridge writes the log's header; the log then grows to some 12 MB of ticks.
    let mut first = bridge(&scratch, &["--log", &log_arg]);
    first.kill();
    let text = grow_log(&log, 120_000);
    let size = text.len() as u64;
    // As many readers as the bridge serves at once by default.
    let readers_max = board_bridge::server::MAX_LOG_READERS;
    let bridge = bridge(&scratch, &["--log", &log_arg]);
    let pid = bridge.child.id();
    // The whole log, as a reader that keeps up reads it.
    let (status, headers, body) = bridge.request("/events.jsonl", &[]);
    assert_eq!(status, 200);
    let body = if headers
        .get("transfer-encoding")
        .is_some_and(|t| t == "chunked")
    {
        dechunk(&body)
    } else {
        body
    };
    assert!(body.len() as u64 >= size, "the whole log is served");
    let on_disk = std::fs::read(log.join("events.jsonl")).expect("log");
    let differs = body.iter().zip(&text).position(|(a, b)| a != b);
    assert!(
        on_disk.starts_with(&body) && body.starts_with(&text),
        "served as it is on disk (no secret in it): differs at {differs:?}: {:?}",
        differs
            .map(|d| String::from_utf8_lossy(&body[d.saturating_sub(100)..d + 100]).into_owned())
    );

    // Readers that read nothing: each costs what one chunk does, not the log.
    std::thread::sleep(Duration::from_millis(300));
    let before = rss_kib(pid);
    let mut readers: Vec<std::net::TcpStream> = (0..readers_max)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&bridge.addr).expect("connect");
            write!(
                s,
                "GET /events.jsonl HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
                bridge.addr
            )
            .expect("write");
            s
        })
        .collect();
    std::thread::sleep(Duration::from_secs(2));
    let during = rss_kib(pid);
    let grown_kib = during.saturating_sub(before);
    eprintln!(
        "RSS before {before} KiB, with {readers_max} stalled readers of a {} KiB log {during} KiB (+{grown_kib} KiB)",
        size / 1024
    );
    // Read whole per request (as before), each reader held a copy of the log and more: here
    // they hold less than two copies in all.
    assert!(
        grown_kib < 2 * size / 1024,
        "{readers_max} stalled readers grew the bridge by {grown_kib} KiB for a {} KiB log",
        size / 1024
    );
    // One more is told to come back.
    let (status, headers, body) = bridge.request("/events.jsonl", &[]);
    assert_eq!(status, 503, "{}", String::from_utf8_lossy(&body));
    assert!(headers.contains_key("retry-after"), "{headers:?}");
    assert!(
        String::from_utf8_lossy(&body).contains("readers"),
        "says why"
    );
    // Once they leave, the log is served again.
    for s in &mut readers {
        let _ = s.shutdown(std::net::Shutdown::Both);
    }
    drop(readers);
    let give_up = Instant::now() + WAIT;
    loop {
        let (status, _, _) = bridge.request("/events.jsonl", &[]);
        if status == 200 {
            break;
        }
        assert!(
            Instant::now() < give_up,
            "the readers' places never came back"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

async fn open(addr: &str, query: &str) -> common::Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws?{query}"))
        .await
        .expect("the stream opens");
    ws
}

/// Everything a page is sent within `wait` of the last message.
async fn drain(ws: &mut common::Ws, wait: Duration) -> Vec<Value> {
    let mut all = Vec::new();
    while let Some(m) = next(ws, wait).await {
        all.push(m);
    }
    all
}

fn error_ids(msgs: &[Value]) -> Vec<String> {
    msgs.iter()
        .filter(|m| m["type"] == "error")
        .filter_map(|m| m["id"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arbiters_key_rules_and_does_not_play() {
    let scratch = Scratch::new("limits-arbiter-seat");
    let log = scratch.path("log");
    let bridge = bridge(&scratch, &["--log", log.to_str().expect("utf-8")]);
    // On loopback the seats are open to this machine: the arbiter's seat is his.
    let mut arbiter = open(&bridge.addr, "role=arbiter&last_seq=0").await;
    send(&mut arbiter, r#"{"type":"event","event":{"type":"start"}}"#).await;
    for event in [
        r#"{"type":"offer_draw","player":"white"}"#,
        r#"{"type":"resign","player":"black"}"#,
        r#"{"type":"move","move":"e2e4"}"#,
    ] {
        send(
            &mut arbiter,
            &format!(r#"{{"type":"event","event":{event}}}"#),
        )
        .await;
    }
    let seen = drain(&mut arbiter, Duration::from_millis(800)).await;
    let ids = error_ids(&seen);
    assert_eq!(
        ids.iter()
            .filter(|i| *i == "seat_arbiter_not_player")
            .count(),
        3,
        "each player's act refused to the arbiter's key: {ids:?}"
    );
    let logged = std::fs::read_to_string(log.join("events.jsonl")).expect("log");
    assert!(logged.contains(r#""type":"start""#), "he starts the game");
    for act in ["offer_draw", "resign", r#""type":"move""#] {
        assert!(!logged.contains(act), "{act} logged: {logged}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hello_with_an_old_number_gets_what_the_page_lacks_once() {
    let scratch = Scratch::new("limits-resend");
    let bridge = bridge(&scratch, &[]);
    let addr = bridge.addr.clone();
    let mut white = open(&addr, "role=white&last_seq=0").await;
    let mut black = open(&addr, "role=black&last_seq=0").await;
    send(&mut white, r#"{"type":"event","event":{"type":"start"}}"#).await;
    // A short game: each move is a few messages to every page.
    let moves = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5",
    ];
    for (i, mv) in moves.iter().enumerate() {
        let (page, side) = if i % 2 == 0 {
            (&mut white, "white")
        } else {
            (&mut black, "black")
        };
        send(
            page,
            &format!(r#"{{"type":"event","event":{{"type":"move","move":"{mv}"}}}}"#),
        )
        .await;
        send(
            page,
            &format!(r#"{{"type":"event","event":{{"type":"press_clock","player":"{side}"}}}}"#),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    let mut page = open(&addr, "last_seq=0").await;
    let first = drain(&mut page, Duration::from_millis(800)).await;
    let last = first
        .iter()
        .filter_map(|m| m["seq"].as_u64())
        .max()
        .expect("numbered messages");
    let numbered = first
        .iter()
        .filter(|m| m["seq"].as_u64().is_some_and(|s| s > 0) && m["type"] != "snapshot")
        .count();
    assert!(numbered >= 16, "the game's messages came: {numbered}");
    // Ten hellos from the start: one resend of what the page lacks, not ten.
    for _ in 0..10 {
        send(&mut page, r#"{"type":"hello","last_seq":0}"#).await;
    }
    let again = drain(&mut page, Duration::from_millis(800)).await;
    let resent = again
        .iter()
        .filter(|m| {
            m["seq"].as_u64().is_some_and(|s| s > 0 && s <= last) && m["type"] != "snapshot"
        })
        .count();
    assert!(
        resent <= numbered,
        "ten hellos resent {resent} messages; the page lacked at most {numbered}"
    );
    assert!(
        error_ids(&again).iter().any(|i| i == "page_too_fast"),
        "the page is told to wait: {again:?}"
    );
    // A hello at the page's own number resends nothing.
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    send(
        &mut page,
        &format!(r#"{{"type":"hello","last_seq":{last}}}"#),
    )
    .await;
    let none = drain(&mut page, Duration::from_millis(500)).await;
    assert!(
        none.iter()
            .all(|m| m["seq"].as_u64().is_none_or(|s| s > last)),
        "{none:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_opened_on_many_pages_is_one_seat() {
    let scratch = Scratch::new("limits-seat");
    let bridge = bridge(&scratch, &[]);
    let addr = bridge.addr.clone();
    // Three pages on White's seat, each within its own limits, are one seat together: what
    // they send beyond the seat's share is not taken.
    let mut pages = Vec::new();
    for _ in 0..3 {
        pages.push(open(&addr, "role=white&last_seq=0").await);
    }
    for p in &mut pages {
        let _ = drain(p, Duration::from_millis(300)).await;
    }
    for p in &mut pages {
        for _ in 0..15 {
            send(p, r#"{"type":"event","event":{"type":"tick"}}"#).await;
        }
    }
    let mut refused = Vec::new();
    for p in &mut pages {
        refused.extend(error_ids(&drain(p, Duration::from_millis(500)).await));
    }
    assert!(
        refused.iter().any(|i| i == "page_too_fast"),
        "45 messages in a moment from one seat were all taken: {refused:?}"
    );
}

#[test]
fn a_hall_serves_within_its_connection_cap_too() {
    let scratch = Scratch::new("limits-hall-connections");
    let (_board, toml) = common::one_board_hall(&scratch, "Limits Open", 1, "2005");
    let stderr = scratch.path("stderr");
    let hall = Bridge::hall(&toml, &["--max-connections", "3"], &stderr);
    assert_eq!(hall.get("/hall.json").0, 200);
    std::thread::sleep(Duration::from_millis(200));
    let slow: Vec<std::net::TcpStream> = (0..3).map(|_| slow_client(&hall.addr)).collect();
    std::thread::sleep(Duration::from_millis(300));
    let (status, headers, _) = hall.request("/hall.json", &[]);
    assert_eq!(status, 503);
    assert!(headers.contains_key("retry-after"), "{headers:?}");
    drop(slow);
}
