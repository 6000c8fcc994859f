//! After a seal made with the core's `seal` event from the sealer's seat (not `seal_on_board`),
//! the sealer's hands on the board are nobody's to see (issue 28, fix 7; 2005 App. A1 / 2023
//! Guidelines I.1: the sealed move stays secret until the envelope is opened): no touch, no
//! placement that shows the move, no event of the game.

use crate::common;

use std::time::Duration;

use arbiter_core::{Piece, Square};
use common::*;
use serde_json::Value;

/// The board's FEN placement with White's g1 knight on f3: the sealed move, shown.
const MOVE_SHOWN: &str = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R";

/// Whether a message shows the knight's squares: a touch, a board placement with the move, a
/// lift, placement or move event.
fn leaks(m: &Value) -> bool {
    let squares = ["g1", "f3"];
    let touch = m["type"] == "touch" && squares.iter().any(|s| m["square"] == *s);
    let board = m["type"] == "board" && m["placement"] == MOVE_SHOWN;
    let event = m["type"] == "event"
        && ["lift", "place", "move"].contains(&m["event"]["event"]["type"].as_str().unwrap_or(""));
    let moved = m["type"] == "move";
    touch || board || event || moved
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_a1_after_the_seal_event_the_sealers_board_is_neither_streamed_nor_logged() {
    const PASS: &str = "correct horse battery staple";
    let rig = Rig::start("seal-event", &["--settle-ms", "150"]);
    let addr = rig.bridge.addr.clone();
    let mut spectator = spectator(&addr).await;
    let mut all = board_read(&mut spectator, WAIT).await;
    let mut whites_page = connect_as(&addr, "white").await.expect("white");
    let mut whites = Vec::new();
    await_start(&mut whites_page, &mut whites).await;
    let envelope = arbiter_core::laws::adjourn::seal(
        "g1f3",
        PASS,
        b"fixed salt 16 by",
        [5; 12],
        arbiter_core::laws::adjourn::MIN_ITERATIONS,
    )
    .expect("sealed");
    let seal = serde_json::json!({"type":"event","event":{"type":"seal","player":"white","envelope":envelope}});
    send(&mut whites_page, &seal.to_string()).await;
    expect(&mut spectator, &mut all, "the seal", |m| {
        m["type"] == "event" && m["event"]["event"]["type"] == "seal"
    })
    .await;
    let logged_before = rig.bridge.get("/events.jsonl").1.lines().count();
    let sealed_at = all.len();
    // White makes his sealed move on the board, and it stands there.
    rig.board
        .queue([board_bridge::simulator::Action::AwaitUpdates]);
    rig.board
        .queue(carry(Square::G1, Square::F3, white(Piece::Knight)));
    let (_, after) = wait_for(&mut spectator, Duration::from_millis(1_500), |_| false).await;
    all.extend(after);
    let leaked: Vec<&Value> = all[sealed_at..].iter().filter(|m| leaks(m)).collect();
    assert!(leaked.is_empty(), "the sealed move leaked: {leaked:#?}");
    let logged: Vec<Value> = rig
        .bridge
        .get("/events.jsonl")
        .1
        .lines()
        .skip(logged_before)
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let hands: Vec<&Value> = logged
        .iter()
        .filter(|l| ["lift", "place", "move"].contains(&l["event"]["type"].as_str().unwrap_or("")))
        .collect();
    assert!(
        hands.is_empty(),
        "the sealer's hands were logged: {hands:#?}"
    );
}
