//! A restart loses no time and gives none (issue 28, fix 3): with a DGT clock cabled to the
//! board, the clock's own times, read when the board is read again after the restart, win over
//! what the log remembers (set as the arbiter sets clocks, 2005 Art. 6.14 / 2023 Art. 7.1).

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{Orientation, Placement};
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{self, Action, FakeBoard};
use common::*;
use serde_json::Value;

/// Black's time in a message with the game's state, ms.
fn blacks_time(m: &Value) -> Option<u64> {
    let state = if m["type"] == "snapshot" || m["type"] == "state" {
        &m["state"]
    } else {
        return None;
    };
    state["black"]["remaining"].as_u64()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art6_a_restart_takes_the_dgt_clocks_own_times() {
    let scratch = Scratch::new("clock-restart");
    let log = scratch.path("log");
    let log_arg = log.to_string_lossy().into_owned();
    let board = FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    // White's clock runs on the left: the clock found running starts the game.
    board.queue([Action::Clock(simulator::initial_clock())]);
    let port = free_port();
    let args = [
        "--clock",
        "--log",
        &log_arg,
        "--minutes",
        "5",
        "--increment",
        "0",
    ];
    let mut bridge = Bridge::start(board.path(), port, &args);
    let mut ws = spectator(&bridge.addr).await;
    let mut all = board_read(&mut ws, WAIT).await;
    if !all.iter().any(is_ruling("clock_started")) {
        expect(&mut ws, &mut all, "the start", is_ruling("clock_started")).await;
    }
    board.queue([Action::AwaitUpdates]);
    board.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    board.queue([Action::Pause(Duration::from_millis(300))]);
    board.queue([Action::Clock(simulator::clock_after_press(
        [299_000, 300_000],
        Color::White,
    ))]);
    expect(&mut ws, &mut all, "1. e4", is_move("e2e4")).await;
    bridge.kill();
    drop(ws);
    // While the bridge is down Black thinks on; his clock shows 4:10 when it is read again,
    // far from the under-5:00 the log remembers.
    board.queue([Action::Clock(simulator::clock_after_press(
        [299_000, 250_000],
        Color::White,
    ))]);
    // The clock shows 4:10 before the bridge is back: without this wait the board's thread may
    // answer the restart's handshake with the clock it held before (it takes a queued action
    // only once its poll ends), and the clock's 4:10 would come as a reading in play, which the
    // game rightly does not take for a restart's.
    assert!(
        board.wait_done(WAIT),
        "the board never took the clock's 4:10"
    );
    let bridge = Bridge::start(board.path(), port, &args);
    let mut ws = spectator(&bridge.addr).await;
    let give_up = Instant::now() + WAIT;
    let mut seen = Vec::new();
    let taken = loop {
        let Some(m) = next(&mut ws, give_up.saturating_duration_since(Instant::now())).await else {
            break None;
        };
        let black = blacks_time(&m);
        seen.push(m);
        // The clock shows whole seconds: within a second of 4:10, less what ran since.
        if black.is_some_and(|b| (245_000..=251_000).contains(&b)) {
            break black;
        }
    };
    let times: Vec<Option<u64>> = seen
        .iter()
        .map(blacks_time)
        .filter(Option::is_some)
        .collect();
    let logged = bridge.get("/events.jsonl").1;
    let tail: Vec<&str> = logged.lines().rev().take(8).collect();
    assert!(
        taken.is_some(),
        "the DGT clock's 4:10 for Black never became the game's: Black's times seen {times:?}; the log's last lines {tail:#?}; clock commands {:?}",
        board.clock_commands()
    );
}
