//! A power cut at any instant resumes, and the game goes on with the next move made on the board
//! (issue 28): a log cut inside the line of the press that completed the last move, and a kill
//! within the settle time of a move or with a piece in the air, with a DGT clock on the board.

use crate::common;

use std::path::Path;
use std::time::Duration;

use arbiter_core::dgt::board::{Occupant, Orientation, Placement};
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{self, Action, FakeBoard};
use common::*;
use serde_json::Value;

/// The board in the initial position, its DGT clock showing the start of a five-minute game
/// (White's clock running on the left: the clock found running starts the game).
fn board_with_clock(scratch: &Scratch) -> FakeBoard {
    let board = FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    board.queue([Action::Clock(simulator::initial_clock())]);
    board
}

/// A bridge with a DGT clock and a log in `log`, five minutes a side, on `board`.
fn bridge(board: &FakeBoard, port: u16, log: &Path) -> Bridge {
    let log = log.to_string_lossy();
    let args = [
        "--clock",
        "--log",
        log.as_ref(),
        "--minutes",
        "5",
        "--increment",
        "0",
    ];
    Bridge::start(board.path(), port, &args)
}

/// The stream of a bridge once it has read the board: its snapshot says so, or a board status
/// after it.
async fn read_board(bridge: &Bridge, all: &mut Vec<Value>) -> Ws {
    let mut ws = spectator(&bridge.addr).await;
    let snapshot = next(&mut ws, WAIT).await.expect("the snapshot");
    let read = snapshot["placement"].is_string();
    all.push(snapshot);
    if !read {
        expect(&mut ws, all, "the board read", |m| {
            m["type"] == "board" && m["placement"].is_string()
        })
        .await;
    }
    ws
}

/// `piece` carried from `from` to `to`, then the clock pressed by `mover`, the left (White's)
/// and right clocks showing `clocks_ms` after the press.
fn move_and_press(
    from: Square,
    to: Square,
    piece: Occupant,
    mover: Color,
    clocks_ms: [u64; 2],
) -> Vec<Action> {
    let mut out = carry(from, to, piece);
    out.push(Action::Pause(Duration::from_millis(300)));
    out.push(Action::Clock(simulator::clock_after_press(
        clocks_ms, mover,
    )));
    out
}

/// The moves the log replays to.
fn replayed(bridge: &Bridge) -> Vec<String> {
    let (_, text) = bridge.get("/events.jsonl");
    let record = arbiter_core::arbiter::LogRecord::from_jsonl(&text).expect("an arbiter log");
    let game = arbiter_core::arbiter::Game::replay(&record.to_event_log()).expect("replays");
    game.moves().iter().map(|m| m.text.to_string()).collect()
}

/// The lines of the log that make `uci`.
fn lines_making(log: &Path, uci: &str) -> usize {
    let text = std::fs::read_to_string(log.join("events.jsonl")).expect("log");
    text.lines()
        .filter(|l| l.contains(&format!(r#""type":"move","move":"{uci}""#)))
        .count()
}

/// Reads until the log has reported safe everything up to `m` (a message with a `seq`).
async fn until_safe(ws: &mut Ws, all: &mut Vec<Value>, m: &Value) {
    let seq = m["seq"].as_u64().unwrap_or(0);
    let on_disk = |v: &Value| v["type"] == "safe" && v["through"].as_u64() >= Some(seq);
    if !all.iter().any(on_disk) {
        expect(ws, all, "the move on disk", on_disk).await;
    }
}

/// 2005 Art. 6.8a / 2023 Art. 6.2.1.1 with a power cut: the bridge is killed after 2... Nc6 was
/// completed by Black's press, and the log is cut 6 bytes before the end of that press's line (the
/// last write did not reach the disk). The restart finds the move made and not completed, while
/// the DGT clock shows Black's press: 2... Nc6 is logged once and completed, and 3. Bb5 made and
/// pressed on the board is taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art6_8a_a_log_cut_in_the_last_press_resumes_and_the_next_move_is_taken() {
    let scratch = Scratch::new("resume-press-cut");
    let log = scratch.path("log");
    let board = board_with_clock(&scratch);
    let port = free_port();
    let mut first = bridge(&board, port, &log);
    let mut all = Vec::new();
    let mut ws = read_board(&first, &mut all).await;
    if !all.iter().any(is_ruling("clock_started")) {
        expect(&mut ws, &mut all, "the start", is_ruling("clock_started")).await;
    }
    board.queue([Action::AwaitUpdates]);
    let plies = [
        (
            Square::E2,
            Square::E4,
            white(Piece::Pawn),
            [299_000, 300_000],
        ),
        (
            Square::E7,
            Square::E5,
            black(Piece::Pawn),
            [299_000, 299_000],
        ),
        (
            Square::G1,
            Square::F3,
            white(Piece::Knight),
            [298_000, 299_000],
        ),
        (
            Square::B8,
            Square::C6,
            black(Piece::Knight),
            [298_000, 298_000],
        ),
    ];
    let mut last = Value::Null;
    for (i, (from, to, piece, clocks)) in plies.into_iter().enumerate() {
        let mover = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        board.queue(move_and_press(from, to, piece, mover, clocks));
        let uci = format!("{from}{to}");
        last = expect(&mut ws, &mut all, &uci, is_move(uci.as_str())).await;
    }
    until_safe(&mut ws, &mut all, &last).await;
    first.kill();
    drop(ws);
    // The power cut: the press that completed 2... Nc6 is the last line written, and its last
    // 6 bytes never reached the disk.
    let file = log.join("events.jsonl");
    let text = std::fs::read_to_string(&file).expect("log");
    let made = text
        .find(r#""move":"b8c6""#)
        .unwrap_or_else(|| panic!("2... Nc6 is not in the log: {text}"));
    let press_start = made + text[made..].find('\n').expect("a whole line") + 1;
    let press_end = press_start + text[press_start..].find('\n').expect("the press's line");
    let press = &text[press_start..press_end];
    assert!(
        press.contains(r#""type":"press_clock""#),
        "the press follows the move: {press}"
    );
    std::fs::write(&file, &text[..press_end - 6]).expect("the cut");

    let second = bridge(&board, port, &log);
    let mut all = Vec::new();
    let mut ws = read_board(&second, &mut all).await;
    board.queue(move_and_press(
        Square::F1,
        Square::B5,
        white(Piece::Bishop),
        Color::White,
        [297_000, 298_000],
    ));
    let (taken, seen) = wait_for(&mut ws, WAIT, is_move("f1b5")).await;
    all.extend(seen);
    let rulings: Vec<&Value> = all.iter().filter(|m| m["type"] == "ruling").collect();
    let (_, logged) = second.get("/events.jsonl");
    let since: Vec<&str> = logged
        .lines()
        .skip_while(|l| !l.contains(r#""move":"b8c6""#))
        .filter(|l| !l.contains(r#""type":"tick""#))
        .collect();
    assert!(
        taken.is_some(),
        "3. Bb5 made and pressed on the board after the restart is never taken; rulings {rulings:#?}; the log from 2... Nc6 on {since:#?}"
    );
    assert_eq!(
        replayed(&second),
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"],
        "the game goes on from the cut"
    );
    assert_eq!(
        lines_making(&log, "b8c6"),
        1,
        "2... Nc6 is logged once, not made again"
    );
}

/// Whether a message is the game's `lift` event of `square` (logged, not only streamed).
fn is_lift_logged(square: &'static str) -> impl Fn(&Value) -> bool {
    move |m| {
        m["type"] == "event"
            && m["event"]["event"]["type"] == "lift"
            && m["event"]["event"]["square"] == square
    }
}

/// 2005 Art. 4.3, 6.8a / 2023 Art. 4.3, 6.2.1.1 with kills in the middle of moves: the bridge
/// is killed within the settle time after Black's press completed 1... e5, and again with
/// White's knight in the air (its lift logged), the knight put down on f3 while the bridge is
/// down. Each restart reads the board at the game's position, and the game goes on: 2. Nf3
/// completed by White's press and 2... Nc6 are taken, and nothing is ruled displaced.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art4_3_kills_within_a_moves_settle_and_with_a_piece_in_the_air_resume() {
    let scratch = Scratch::new("resume-mid-move");
    let log = scratch.path("log");
    let board = board_with_clock(&scratch);
    let port = free_port();
    let mut bridge1 = bridge(&board, port, &log);
    let mut all = Vec::new();
    let mut ws = read_board(&bridge1, &mut all).await;
    if !all.iter().any(is_ruling("clock_started")) {
        expect(&mut ws, &mut all, "the start", is_ruling("clock_started")).await;
    }
    board.queue([Action::AwaitUpdates]);
    board.queue(move_and_press(
        Square::E2,
        Square::E4,
        white(Piece::Pawn),
        Color::White,
        [299_000, 300_000],
    ));
    expect(&mut ws, &mut all, "1. e4", is_move("e2e4")).await;
    board.queue(move_and_press(
        Square::E7,
        Square::E5,
        black(Piece::Pawn),
        Color::Black,
        [299_000, 299_000],
    ));
    // Killed as soon as 1... e5 is out, well within the 250 ms the board is checked after it.
    expect(&mut ws, &mut all, "1... e5", is_move("e7e5")).await;
    bridge1.kill();
    drop(ws);

    let mut bridge2 = bridge(&board, port, &log);
    let mut after = Vec::new();
    let mut ws = read_board(&bridge2, &mut after).await;
    // White lifts his knight; the bridge dies with it in the air, and it comes down on f3.
    board.queue([Action::Set(Square::G1, Occupant::Empty)]);
    expect(&mut ws, &mut after, "the lift of g1", is_lift_logged("g1")).await;
    bridge2.kill();
    drop(ws);
    board.queue([Action::Set(Square::F3, white(Piece::Knight))]);
    assert!(board.wait_done(WAIT), "the knight never came down");

    let bridge3 = bridge(&board, port, &log);
    let mut ws = read_board(&bridge3, &mut after).await;
    board.queue([
        Action::Pause(Duration::from_millis(300)),
        Action::Clock(simulator::clock_after_press(
            [298_000, 299_000],
            Color::White,
        )),
    ]);
    let (nf3, seen) = wait_for(&mut ws, WAIT, is_move("g1f3")).await;
    after.extend(seen);
    if nf3.is_some() {
        board.queue(move_and_press(
            Square::B8,
            Square::C6,
            black(Piece::Knight),
            Color::Black,
            [298_000, 298_000],
        ));
        let (nc6, seen) = wait_for(&mut ws, WAIT, is_move("b8c6")).await;
        after.extend(seen);
        after.extend(nc6);
    }
    let rulings: Vec<&Value> = after.iter().filter(|m| m["type"] == "ruling").collect();
    assert!(
        !rulings.iter().any(|r| r["kind"] == "displaced"),
        "a piece ruled displaced after the restarts: {rulings:#?}"
    );
    assert_eq!(
        replayed(&bridge3),
        ["e2e4", "e7e5", "g1f3", "b8c6"],
        "the game goes on after both kills; rulings {rulings:#?}"
    );
}
