//! The bench's page: the bridge's messages read as a browser would (or by spinning,
//! `BENCH_CLIENT=spin`), a page shown the board before a run counts, and when the simulated
//! board wrote a step's last byte.

use std::time::{Duration, Instant};

use board_bridge::simulator::FakeBoard;

use crate::common::*;

/// Whether the client polls its socket without ever sleeping (`BENCH_CLIENT=spin`): then the
/// client's own wake-up is no part of the figures, only when the message was there to read.
pub(crate) fn spinning_client() -> bool {
    std::env::var("BENCH_CLIENT").is_ok_and(|v| v == "spin")
}

/// The next message, read as [`next`] does, or by polling when the client spins.
pub(crate) async fn next_message(ws: &mut Ws, wait: Duration) -> Option<serde_json::Value> {
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

pub(crate) async fn arrival(ws: &mut Ws, kind: &str) -> (serde_json::Value, Instant) {
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
pub(crate) const BOARD_READ_LIMIT: Duration = Duration::from_secs(120);

/// A page of the bridge at `addr` that has been shown the board (the snapshot's placement, or
/// the board's read after it). A connection that drops or falls silent before that is opened
/// again; after [`BOARD_READ_LIMIT`] the run `run` is given up with a message (`None`).
pub(crate) async fn watching(addr: &str, run: &str) -> Option<Ws> {
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
pub(crate) async fn board_shown(ws: &mut Ws) -> Result<(), String> {
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

pub(crate) fn last_write(board: &FakeBoard, count: usize) -> Instant {
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

pub(crate) async fn wait_for_any(ws: &mut Ws) -> (serde_json::Value, Instant) {
    let m = next_message(ws, Duration::from_secs(10))
        .await
        .expect("a message");
    (m, Instant::now())
}
