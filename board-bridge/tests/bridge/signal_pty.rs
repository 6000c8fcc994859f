//! DGT's result signal on a single board (the kings set on the centre squares, which the hall
//! reads as a result for the arbiter): the hands that make it are no play of the game. While
//! the signal is made, during play or after the game's end, no lift, placement or move reaches
//! the game's log, no touch-move obligation binds a king and no illegal move is ruled.

use crate::common;

use std::time::Duration;

use arbiter_core::{Color, Piece, Square};
use common::*;
use serde_json::Value;

fn king(c: Color) -> arbiter_core::dgt::board::Occupant {
    arbiter_core::dgt::board::Occupant::Piece(c, Piece::King)
}

/// The game's events in the bridge's log after its first `skip` lines.
fn logged_after(bridge: &Bridge, skip: usize) -> Vec<Value> {
    bridge
        .get("/events.jsonl")
        .1
        .lines()
        .skip(skip)
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .collect()
}

fn hands_on_pieces(lines: &[Value]) -> Vec<&Value> {
    lines
        .iter()
        .filter(|l| ["lift", "place", "move"].contains(&l["event"]["type"].as_str().unwrap_or("")))
        .collect()
}

/// A game on a simulated board (150 ms settle, 90 minutes) after its first two moves, each
/// carried on the board and seen as a move, and a moment's quiet: the rig, a spectator's
/// stream with what it has seen, and how many lines the log had then.
async fn after_first_moves(
    name: &str,
    moves: [(Square, Square, arbiter_core::dgt::board::Occupant, &str); 2],
) -> (Rig, Ws, Vec<Value>, usize) {
    let rig = Rig::start(name, &["--settle-ms", "150", "--minutes", "90"]);
    let mut ws = spectator(&rig.bridge.addr).await;
    let mut all = Vec::new();
    start_from_white(&rig.bridge.addr, &mut ws, &mut all).await;
    for (from, to, piece, uci) in moves {
        rig.board.queue(carry(from, to, piece));
        expect(&mut ws, &mut all, uci, is_move(uci)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = rig.bridge.get("/events.jsonl").1.lines().count();
    (rig, ws, all, before)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art4_the_kings_set_for_the_result_signal_are_no_touch_and_no_move() {
    let (rig, mut ws, mut all, before) = after_first_moves(
        "signal-in-play",
        [
            (Square::G1, Square::F3, white(Piece::Knight), "g1f3"),
            (Square::G8, Square::F6, black(Piece::Knight), "g8f6"),
        ],
    )
    .await;
    let (bridge, board) = (&rig.bridge, &rig.board);
    let seen = all.len();
    // The players agree and signal 1-0: the black king to d5, then White (on move) sets his
    // king on e4.
    board.queue(carry(Square::E8, Square::D5, king(Color::Black)));
    tokio::time::sleep(Duration::from_millis(150)).await;
    board.queue(carry(Square::E1, Square::E4, king(Color::White)));
    let (_, rest) = wait_for(&mut ws, Duration::from_millis(1_500), |_| false).await;
    all.extend(rest);
    let logged = logged_after(bridge, before);
    assert_eq!(
        hands_on_pieces(&logged),
        Vec::<&Value>::new(),
        "{logged:#?}"
    );
    let since = &all[seen..];
    for m in since {
        assert!(
            !["must_move", "illegal_move", "displaced"].contains(&m["kind"].as_str().unwrap_or("")),
            "the signal is ruled on: {m}"
        );
    }
    // The game stands as it was: White on move, no king bound by a touch.
    let mut late = spectator(&bridge.addr).await;
    let snapshot = next(&mut late, WAIT).await.expect("a snapshot");
    let state = &snapshot["state"];
    assert_eq!(state["side_to_move"], "white", "{snapshot}");
    assert_eq!(state["obligation"]["kind"], "free", "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art5_after_the_games_end_the_signal_reaches_no_game() {
    let rig = Rig::start(
        "signal-after-end",
        &["--settle-ms", "150", "--minutes", "90"],
    );
    let (bridge, board) = (&rig.bridge, &rig.board);
    let mut blacks = connect_as(&bridge.addr, "black").await.expect("black");
    let mut all = Vec::new();
    await_start(&mut blacks, &mut all).await;
    board.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    expect(&mut blacks, &mut all, "e4", is_move("e2e4")).await;
    send(
        &mut blacks,
        r#"{"type":"event","event":{"type":"resign","player":"black"}}"#,
    )
    .await;
    expect(&mut blacks, &mut all, "the end", is_ruling("game_over")).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = bridge.get("/events.jsonl").1.lines().count();
    board.queue(carry(Square::E8, Square::E5, king(Color::Black)));
    board.queue(carry(Square::E1, Square::D4, king(Color::White)));
    let (_, rest) = wait_for(&mut blacks, Duration::from_millis(1_500), |_| false).await;
    let logged = logged_after(bridge, before);
    assert!(logged.is_empty(), "nothing reaches the game: {logged:#?}");
    assert!(
        !rest.iter().any(|m| m["kind"] == "displaced"),
        "no displaced piece ruled on after the end: {rest:#?}"
    );
}

/// Issue 15: the player on move starts the signal with his own king. Its lift comes before any
/// king stands on a signal square, so only where it comes down tells a touch (Art. 4.3) from
/// the signal; set down on the centre, the lift was no play.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art4_the_first_lift_of_the_king_on_move_for_the_signal_is_no_touch() {
    let (rig, mut ws, _, before) = after_first_moves(
        "signal-own-king",
        [
            (Square::E2, Square::E3, white(Piece::Pawn), "e2e3"),
            (Square::E7, Square::E6, black(Piece::Pawn), "e7e6"),
        ],
    )
    .await;
    let (bridge, board) = (&rig.bridge, &rig.board);
    // White, on move, sets his king on d4 (0-1 with Black's on e5), then Black his.
    board.queue(carry(Square::E1, Square::D4, king(Color::White)));
    tokio::time::sleep(Duration::from_millis(100)).await;
    board.queue(carry(Square::E8, Square::E5, king(Color::Black)));
    let _ = wait_for(&mut ws, Duration::from_millis(1_500), |_| false).await;
    let logged = logged_after(bridge, before);
    assert_eq!(
        hands_on_pieces(&logged),
        Vec::<&Value>::new(),
        "{logged:#?}"
    );
    let mut late = spectator(&bridge.addr).await;
    let snapshot = next(&mut late, WAIT).await.expect("a snapshot");
    assert_eq!(
        snapshot["state"]["obligation"]["kind"], "free",
        "the king is bound by the signal's lift: {snapshot}"
    );
}

/// The other side of it: the king on move lifted and set down off the centre is a touch of
/// the king (Art. 4.3), logged at the instant of its lift.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art4_a_king_lifted_and_set_down_elsewhere_is_still_touched() {
    let (rig, mut ws, _, before) = after_first_moves(
        "signal-king-touch",
        [
            (Square::E2, Square::E4, white(Piece::Pawn), "e2e4"),
            (Square::E7, Square::E5, black(Piece::Pawn), "e7e5"),
        ],
    )
    .await;
    let (bridge, board) = (&rig.bridge, &rig.board);
    // Lifted and put back where it stood: touched, so it must move.
    board.queue(carry(Square::E1, Square::E1, king(Color::White)));
    // The lift is logged once a second read confirms it: waited for as long as a loaded machine
    // needs (CI at load 9 had not logged it after a fixed 800 ms), then a little more, so a
    // second lift logged for the same touch would be seen.
    let give_up = std::time::Instant::now() + Duration::from_secs(15);
    while std::time::Instant::now() < give_up
        && !logged_after(bridge, before)
            .iter()
            .any(|l| l["event"]["type"] == "lift")
    {
        let _ = wait_for(&mut ws, Duration::from_millis(100), |_| false).await;
    }
    let _ = wait_for(&mut ws, Duration::from_millis(500), |_| false).await;
    let logged = logged_after(bridge, before);
    let lifts: Vec<&Value> = logged
        .iter()
        .filter(|l| l["event"]["type"] == "lift")
        .collect();
    assert_eq!(lifts.len(), 1, "{logged:#?}");
    assert_eq!(lifts[0]["event"]["square"], "e1", "{logged:#?}");
}
