//! Faults the bridge must take without harm to the game (issue 15): line noise, a piece that
//! waits to be put back, floods and crowds of pages, pages from an earlier run. A real
//! `board-bridge` process, a simulated board on a real pseudo-terminal, real WebSocket clients.

use crate::common;

use std::time::Duration;

use arbiter_core::Piece;
use arbiter_core::Square;
use arbiter_core::dgt::board::Occupant;
use board_bridge::simulator::Action;
use common::*;
use serde_json::Value;

const SETTLE: &str = "150";

/// Waits until the bridge has read the board (the snapshot says so, or a board message).
async fn read_board(ws: &mut Ws) -> Vec<Value> {
    let snapshot = next(ws, WAIT).await.expect("snapshot");
    if snapshot["placement"].is_string() {
        return vec![snapshot];
    }
    let mut seen = vec![snapshot];
    seen.extend(board_read(ws, WAIT).await);
    seen
}

fn is_lift_of(square: &str) -> impl Fn(&Value) -> bool + '_ {
    move |m| {
        (m["type"] == "touch" && m["action"] == "lift" && m["square"] == square)
            || (m["type"] == "event"
                && m["event"]["event"]["type"] == "lift"
                && m["event"]["event"]["square"] == square)
    }
}

/// `[0x8e,0,5,6,13]` (a field update for g8 with a code no piece has) and then the right code
/// is noise: no lift of the knight, and Black's e7e5 is taken (not refused under 2005 Art. 4.3a).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn noise_on_an_occupied_square_never_becomes_a_touch() {
    let Rig { bridge, board, .. } = &Rig::start("noise", &["--settle-ms", SETTLE]);
    let mut ws = spectator(&bridge.addr).await;
    let mut all = read_board(&mut ws).await;
    board.queue([Action::AwaitUpdates]);
    board.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    expect(&mut ws, &mut all, "e2e4", is_move("e2e4")).await;
    board.queue([
        Action::Garbage(vec![0x8E, 0x00, 0x05, 6, 13]),
        Action::Pause(Duration::from_millis(30)),
        Action::Garbage(vec![0x8E, 0x00, 0x05, 6, 9]),
        Action::Pause(Duration::from_millis(400)),
    ]);
    board.queue(carry(Square::E7, Square::E5, black(Piece::Pawn)));
    expect(&mut ws, &mut all, "e7e5", is_move("e7e5")).await;
    assert!(
        !all.iter().any(is_lift_of("g8")),
        "the noise became a touch: {all:#?}"
    );
    let refusals: Vec<_> = of_type(&all, "ruling")
        .into_iter()
        .filter(|r| r["kind"] != "clock_started")
        .collect();
    assert!(refusals.is_empty(), "{refusals:#?}");
    // The board's health counts what happened; no notice in the rulings.
    let boards = of_type(&all, "board");
    assert!(
        boards
            .iter()
            .any(|b| b["resyncs"].as_u64().is_some_and(|n| n >= 1)),
        "the resynchronisation is counted: {boards:#?}"
    );
}

/// `8E 00 05 3E 10` with White on move (g1 with a bit outside the codes) and a 5 ms blink of the
/// b1 knight, shorter than the board's scan: neither is a lift (2005 Art. 4.3 / 2023 Art. 4.3.1),
/// and 1. e4 is then taken, not refused under touch-move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_code_and_a_blink_shorter_than_the_scan_never_become_a_touch() {
    let Rig { bridge, board, .. } = &Rig::start("noise-bits", &["--settle-ms", SETTLE]);
    let mut whites = connect_as(&bridge.addr, "white").await.expect("white");
    let mut all = Vec::new();
    await_start(&mut whites, &mut all).await;
    board.queue([
        Action::AwaitUpdates,
        Action::Garbage(vec![0x8E, 0x00, 0x05, 0x3E, 0x10]),
        Action::Pause(Duration::from_millis(300)),
        Action::Set(Square::B1, Occupant::Empty),
        Action::Pause(Duration::from_millis(5)),
        Action::Set(Square::B1, white(Piece::Knight)),
        Action::Pause(Duration::from_millis(400)),
    ]);
    board.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    expect(&mut whites, &mut all, "e2e4", is_move("e2e4")).await;
    for square in ["g1", "b1"] {
        assert!(
            !all.iter().any(is_lift_of(square)),
            "noise on {square} became a touch: {all:#?}"
        );
    }
    let refusals: Vec<_> = of_type(&all, "ruling")
        .into_iter()
        .filter(|r| r["kind"] != "clock_started")
        .collect();
    assert!(refusals.is_empty(), "{refusals:#?}");
}

/// While a displaced piece waits to be put back, the board is not read again and again and the
/// pages get one `board` message per change it shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_displaced_piece_waiting_is_one_board_message_not_a_stream() {
    let Rig { bridge, board, .. } = &Rig::start("displaced", &["--settle-ms", SETTLE]);
    let mut ws = spectator(&bridge.addr).await;
    let mut all = read_board(&mut ws).await;
    board.queue([Action::AwaitUpdates]);
    // A white knight knocked to a square no move reaches.
    board.queue([
        Action::Set(Square::B1, Occupant::Empty),
        Action::Pause(Duration::from_millis(20)),
        Action::Set(Square::B5, white(Piece::Knight)),
    ]);
    expect(
        &mut ws,
        &mut all,
        "a displaced ruling",
        is_ruling("displaced"),
    )
    .await;
    let (_, waiting) = wait_for(&mut ws, Duration::from_secs(3), |_| false).await;
    let boards = of_type(&waiting, "board");
    assert!(
        boards.len() <= 1,
        "{} board messages in 3 s of a piece waiting: {boards:#?}",
        boards.len()
    );
    let connected = of_type(&waiting, "board")
        .iter()
        .filter(|b| b["port"].is_string())
        .count();
    assert_eq!(connected, 0, "no repeated 'Board connected'");
    // Put back, the board shows it once.
    board.queue([
        Action::Set(Square::B5, Occupant::Empty),
        Action::Pause(Duration::from_millis(20)),
        Action::Set(Square::B1, white(Piece::Knight)),
    ]);
    let (restored, _) = wait_for(&mut ws, WAIT, |m| {
        m["type"] == "board"
            && m["placement"]
                .as_str()
                .is_some_and(|p| p.ends_with("RNBQKBNR"))
    })
    .await;
    assert!(restored.is_some(), "the restored board is shown");
}

/// A player's page flooding the bridge: rate-limited with a clear error, events that change
/// nothing answered and not logged; the log stays the size of the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_page_is_limited_and_fills_no_log() {
    let scratch = Scratch::new("flood");
    let log = scratch.path("log");
    let log_arg = log.to_string_lossy().into_owned();
    // Players' arrivals count (2005 Art. 6.6): the first one is news, the next are not.
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
    let mut white = connect_as(&bridge.addr, "white").await.expect("white");
    let _ = next(&mut white, WAIT).await.expect("snapshot");
    let size_before = std::fs::metadata(log.join("events.jsonl"))
        .expect("log")
        .len();
    let arrive = r#"{"type":"event","event":{"type":"arrive","player":"white"}}"#;
    send(&mut white, arrive).await;
    let (first, _) = wait_for(&mut white, WAIT, |m| m["type"] == "event").await;
    assert!(first.is_some(), "the first arrival is taken");
    for _ in 0..2_000 {
        send(&mut white, arrive).await;
    }
    let (_, replies) = wait_for(&mut white, Duration::from_secs(3), |_| false).await;
    let unchanged = replies.iter().filter(|m| m["type"] == "unchanged").count();
    assert!(unchanged >= 1, "a second arrival is answered: {replies:?}");
    let limited: Vec<_> = replies
        .iter()
        .filter(|m| {
            m["type"] == "error"
                && m["message"]
                    .as_str()
                    .is_some_and(|t| t.contains("messages a second"))
        })
        .collect();
    assert!(!limited.is_empty(), "the flood is told why it is cut");
    assert!(
        limited.len() <= 5,
        "told once a second, not per message: {}",
        limited.len()
    );
    let events = replies.iter().filter(|m| m["type"] == "event").count();
    assert_eq!(events, 0, "nothing more logged or streamed");
    let size_after = std::fs::metadata(log.join("events.jsonl"))
        .expect("log")
        .len();
    assert!(
        size_after - size_before < 300,
        "one arrival line, not thousands: {size_before} -> {size_after}"
    );
}

/// Pages beyond the cap are refused with the reason; a page from an earlier run (its
/// `last_seq` above the bridge's) is served like a new one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_is_capped_and_a_page_from_an_earlier_run_is_a_new_page() {
    let scratch = Scratch::new("crowd");
    let bridge = Bridge::start(
        &scratch.path("no-board"),
        free_port(),
        &["--max-pages", "3"],
    );
    let mut pages = Vec::new();
    for _ in 0..3 {
        let mut ws = spectator(&bridge.addr).await;
        let snap = next(&mut ws, WAIT).await.expect("snapshot");
        assert_eq!(snap["type"], "snapshot");
        pages.push(ws);
    }
    let mut fourth = spectator(&bridge.addr).await;
    let why = next(&mut fourth, WAIT).await.expect("a refusal");
    assert_eq!(why["type"], "refused", "{why}");
    assert_eq!(why["reason"], "full");
    assert!(
        why["message"]
            .as_str()
            .is_some_and(|m| m.contains("3 pages")),
        "{why}"
    );
    drop(pages.pop());
    drop(pages.pop());
    tokio::time::sleep(Duration::from_millis(500)).await;
    // A page that held seq 100000 of a bridge run before this one.
    let mut old = connect(&bridge.addr, None, Some(100_000))
        .await
        .expect("connect");
    let snap = next(&mut old, WAIT).await.expect("snapshot");
    assert_eq!(snap["type"], "snapshot", "{snap}");
    let mut white = connect_as(&bridge.addr, "white").await.expect("white");
    let snap = next(&mut white, WAIT).await.expect("snapshot");
    assert_eq!(snap["type"], "snapshot", "{snap}");
    send(
        &mut white,
        r#"{"type":"event","event":{"type":"arrive","player":"white"}}"#,
    )
    .await;
    let (event, seen) = wait_for(&mut old, WAIT, |m| {
        m["type"] == "event" || m["type"] == "state"
    })
    .await;
    assert!(
        event.is_some(),
        "the old page hears what happens now: {seen:?}"
    );
}
