//! One refused move, one log line (issue 28): a move the game refuses is one event in the log
//! however many readings of the board show it, and the game goes on with the move that follows
//! the Laws.

use crate::common;

use std::time::Duration;

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Piece, Square};
use board_bridge::simulator::Action;
use common::*;

/// 2005 Art. 4.3 / 2023 Art. 4.3.1 at the board: Black touches his g8 knight, puts it back and
/// plays 1... e5 instead. The game refuses the pawn's move (the knight touched must move): the
/// log holds the attempt once, and Black's 1... Nf6 after the pawn is put back is taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art4_3_a_refused_move_is_one_log_line_and_the_game_goes_on() {
    let rig = Rig::start("refused-once", &["--settle-ms", "150"]);
    let addr = rig.bridge.addr.clone();
    let mut ws = spectator(&addr).await;
    let mut all = board_read(&mut ws, WAIT).await;
    start_from_white(&addr, &mut ws, &mut all).await;
    rig.board.queue([Action::AwaitUpdates]);
    rig.board
        .queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    expect(&mut ws, &mut all, "1. e4", is_move("e2e4")).await;
    rig.board.queue([
        Action::Pause(Duration::from_millis(300)),
        Action::Set(Square::G8, Occupant::Empty),
        Action::Pause(Duration::from_millis(100)),
        Action::Set(Square::G8, black(Piece::Knight)),
        Action::Pause(Duration::from_millis(100)),
    ]);
    rig.board
        .queue(carry(Square::E7, Square::E5, black(Piece::Pawn)));
    expect(&mut ws, &mut all, "the refusal of 1... e5", |m| {
        m["type"] == "ruling" && m["kind"] != "clock_started"
    })
    .await;
    // The board is left as it is for a while (more readings of the refused position), then the
    // pawn goes back and the knight moves.
    rig.board.queue([Action::Pause(Duration::from_millis(600))]);
    rig.board
        .queue(carry(Square::E5, Square::E7, black(Piece::Pawn)));
    rig.board.queue([Action::Pause(Duration::from_millis(400))]);
    rig.board
        .queue(carry(Square::G8, Square::F6, black(Piece::Knight)));
    let (nf6, seen) = wait_for(&mut ws, WAIT, is_move("g8f6")).await;
    all.extend(seen);
    let (_, logged) = rig.bridge.get("/events.jsonl");
    let tries: Vec<&str> = logged.lines().filter(|l| l.contains("e7e5")).collect();
    let rulings: Vec<_> = all.iter().filter(|m| m["type"] == "ruling").collect();
    assert_eq!(tries.len(), 1, "the refused move's lines: {tries:#?}");
    assert!(
        nf6.is_some(),
        "1... Nf6 after the refusal is never taken; rulings {rulings:#?}"
    );
}

/// The same with a DGT clock in standard play: Black presses after 1... e5, which the game
/// refuses (the knight touched must move; in blitz the move would stand, open to a claim). The
/// log holds the attempt once however long the board shows it, and the DGT clock is set back to
/// run Black's side.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art4_3_with_a_clock_a_refused_move_pressed_is_one_log_line() {
    use arbiter_core::Color;
    use arbiter_core::dgt::clock::{ClockCommand, ClockSide};
    use board_bridge::simulator::clock_after_press;
    let start = 90 * 60_000;
    // The clock at the start of a 90-minute game, White's clock running on the left.
    let scratch = Scratch::new("refused-once-clock");
    let board = board_bridge::simulator::FakeBoard::start(
        &scratch.path("board"),
        arbiter_core::dgt::board::Placement::start(),
        arbiter_core::dgt::board::Orientation::Normal,
    )
    .expect("pty");
    board.queue([Action::Clock(clock_after_press(
        [start, start],
        Color::Black,
    ))]);
    let bridge = Bridge::start(
        board.path(),
        free_port(),
        &["--clock", "--minutes", "90", "--increment", "0"],
    );
    let rig = (&bridge, &board);
    let mut ws = spectator(&rig.0.addr).await;
    let mut all = board_read(&mut ws, WAIT).await;
    if !all.iter().any(is_ruling("clock_started")) {
        expect(&mut ws, &mut all, "the start", is_ruling("clock_started")).await;
    }
    rig.1.queue([Action::AwaitUpdates]);
    rig.1
        .queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    rig.1.queue([
        Action::Pause(Duration::from_millis(300)),
        Action::Clock(clock_after_press([start - 1_000, start], Color::White)),
    ]);
    expect(&mut ws, &mut all, "1. e4", is_move("e2e4")).await;
    // The clock set to 1. e4's press is all it was told before Black's.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = rig.1.clock_commands().len();
    rig.1.queue([
        Action::Pause(Duration::from_millis(300)),
        Action::Set(Square::G8, Occupant::Empty),
        Action::Pause(Duration::from_millis(100)),
        Action::Set(Square::G8, black(Piece::Knight)),
        Action::Pause(Duration::from_millis(100)),
    ]);
    rig.1
        .queue(carry(Square::E7, Square::E5, black(Piece::Pawn)));
    rig.1.queue([
        Action::Pause(Duration::from_millis(300)),
        Action::Clock(clock_after_press(
            [start - 1_000, start - 1_000],
            Color::Black,
        )),
    ]);
    let refusal = expect(&mut ws, &mut all, "the refusal of 1... e5", |m| {
        m["type"] == "ruling" && m["kind"] != "clock_started"
    })
    .await;
    assert_eq!(refusal["kind"], "must_move", "{refusal:#}");
    // The board goes on showing the refused move for a while.
    let (more, _) = wait_for(&mut ws, Duration::from_millis(1_500), |m| {
        m["type"] == "move"
    })
    .await;
    assert!(more.is_none(), "no move after the refusal: {more:?}");
    let (_, logged) = rig.0.get("/events.jsonl");
    let tries: Vec<&str> = logged.lines().filter(|l| l.contains("e7e5")).collect();
    assert_eq!(tries.len(), 1, "the refused move's lines: {tries:#?}");
    let black_runs = rig.1.clock_commands().iter().skip(before).any(|c| {
        matches!(
            c,
            ClockCommand::SetAndRun {
                running: Some(ClockSide::Right),
                ..
            }
        )
    });
    assert!(
        black_runs,
        "the DGT clock is set back to run Black's side: {:?}",
        rig.1.clock_commands()
    );
}
