//! The DGT clock follows the game after a refusal (issue 28, fix 4): a press the game refuses
//! leaves the game's clock where it was, so the bridge sets the physical clock back to it at
//! once; otherwise the lever stays on the wrong side and every later move needs the wrong press.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::Color;
use arbiter_core::dgt::clock::{ClockCommand, ClockSide};
use board_bridge::simulator::{self, Action};
use common::*;

/// The running side of each `SetAndRun` the bridge sent the clock from the `skip`th command on.
fn running_sides(
    board: &board_bridge::simulator::FakeBoard,
    skip: usize,
) -> Vec<Option<ClockSide>> {
    board
        .clock_commands()
        .iter()
        .skip(skip)
        .filter_map(|c| match c {
            ClockCommand::SetAndRun { running, .. } => Some(*running),
            _ => None,
        })
        .collect()
}

/// 2005 Art. 6.8a with a DGT clock: White presses without having made a move. The game refuses
/// the press (a press completes a move), White stays on move with his clock running, and the
/// DGT clock, whose lever went down on White's side (Black's display running), is set to run
/// White's again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art6_8a_after_a_refused_press_the_dgt_clock_runs_the_game_clocks_side_again() {
    // White's clock runs on the left: the clock found running starts the game.
    let Rig { bridge, board, .. } = &Rig::with_clock(
        "lever-refused",
        &["--clock", "--minutes", "5", "--increment", "0"],
    );
    let mut ws = spectator(&bridge.addr).await;
    let mut all = board_read(&mut ws, WAIT).await;
    if !all.iter().any(is_ruling("clock_started")) {
        expect(&mut ws, &mut all, "the start", is_ruling("clock_started")).await;
    }
    board.queue([Action::AwaitUpdates]);
    // The clock was set to the started game's: White's side running.
    let give_up = Instant::now() + WAIT;
    while !running_sides(board, 0).contains(&Some(ClockSide::Left)) {
        assert!(Instant::now() < give_up, "the clock was never set running");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // White presses without having moved: the lever goes down on his side.
    let before = board.clock_commands().len();
    board.queue([Action::Clock(simulator::clock_after_press(
        [299_000, 300_000],
        Color::White,
    ))]);
    // The bridge answers the press by setting the clock to the game's: White's (left) running.
    let give_up = Instant::now() + WAIT;
    let sides = loop {
        let sides = running_sides(board, before);
        if sides.contains(&Some(ClockSide::Left)) || Instant::now() > give_up {
            break sides;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(
        sides.last(),
        Some(&Some(ClockSide::Left)),
        "after the refused press the clock runs White's side again: {sides:?}; all: {:?}",
        running_sides(board, 0)
    );
}

/// 2005 Art. 6.14 / 2023 Art. 7.1 at a board with a DGT clock: the arbiter sets the clocks from
/// his seat (White 3:20, Black 4:10) while White's clock runs; the DGT clock is set to show those
/// times at once, White's side still running.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art6_14_an_arbiters_change_of_the_clocks_is_shown_on_the_dgt_clock() {
    use arbiter_core::dgt::clock::DisplayTime;
    let Rig { bridge, board, .. } = &Rig::with_clock(
        "lever-arbiter",
        &["--clock", "--minutes", "5", "--increment", "0"],
    );
    let mut ws = spectator(&bridge.addr).await;
    let mut all = board_read(&mut ws, WAIT).await;
    if !all.iter().any(is_ruling("clock_started")) {
        expect(&mut ws, &mut all, "the start", is_ruling("clock_started")).await;
    }
    let mut arbiter = connect_as(&bridge.addr, "arbiter")
        .await
        .expect("the arbiter's seat");
    send(
        &mut arbiter,
        r#"{"type":"event","event":{"type":"arbiter","decision":{"kind":"set_clock","white":200000,"black":250000}}}"#,
    )
    .await;
    let secs = |d: &DisplayTime| {
        u32::from(d.hours) * 3600 + u32::from(d.minutes) * 60 + u32::from(d.seconds)
    };
    // Whole seconds, the running one's counted down from the instant it was set.
    let shown = |c: &ClockCommand| {
        matches!(c, ClockCommand::SetAndRun { left, right, running: Some(ClockSide::Left) }
            if (199..=200).contains(&secs(left)) && secs(right) == 250)
    };
    let give_up = Instant::now() + WAIT;
    while !board.clock_commands().iter().any(shown) {
        assert!(
            Instant::now() < give_up,
            "the DGT clock never shows the arbiter's times: {:?}",
            board.clock_commands()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
