//! A ruling that needs the full dead-position analysis (a flag fall on a hard position, 2023
//! Art. 6.9) is worked out off the thread that serves the pages and the boards:
//! while it runs, another page still joins and is told what the game waits for; its answer is
//! the logged `analysis` event, and the ruling is the one the inline analysis gives.

use crate::common;

use std::time::Duration;

use arbiter_core::arbiter::GameConfig;
use arbiter_core::clock::{Millis, Mode, TimeControl, Timing};
use arbiter_core::laws::Edition;
use common::*;

/// Black to move and about to flag; White can mate, by a helpmate that only a long search finds
/// (a position submitted to chasolver.org, from the shared unwinnability set; seconds of the
/// core's full analysis in a debug build).
const WHITE_CAN_MATE_HARD: &str = "8/8/5p2/2p1pPp1/2PbPk1b/2pBp1pB/2P1P1P1/5BRK b - - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art6_9_a_flag_fall_waiting_for_the_full_analysis_blocks_no_page() {
    let scratch = Scratch::new("analysis-off-thread");
    let mut config = GameConfig::new(
        Edition::Fide2023,
        TimeControl::sudden_death(Millis::seconds(2), Timing::None),
    );
    config.mode = Some(Mode::Standard);
    config.fen = Some(WHITE_CAN_MATE_HARD.into());
    let file = scratch.path("game.json");
    std::fs::write(&file, serde_json::to_string(&config).expect("json")).expect("write");
    let bridge = Bridge::start(
        &scratch.path("no-board"),
        free_port(),
        &["--game-config", file.to_str().expect("path")],
    );
    let mut whites = connect_as(&bridge.addr, "white").await.expect("white");
    let mut all = Vec::new();
    send(&mut whites, r#"{"type":"event","event":{"type":"start"}}"#).await;
    await_start(&mut whites, &mut all).await;
    // Black's flag falls: the game states what it waits for.
    let waiting = expect(&mut whites, &mut all, "the analysis awaited", |m| {
        m["type"] == "state" && m["state"]["analysis"].is_object()
    })
    .await;
    assert_eq!(waiting["state"]["analysis"]["side"], "white", "{waiting}");
    assert_eq!(waiting["state"]["analysis"]["ruling"], "flag_fall");
    // Meanwhile a page joins, and the bridge answers it at once: the analysis runs elsewhere.
    let mut late = spectator(&bridge.addr).await;
    let snapshot = next(&mut late, WAIT).await.expect("a snapshot");
    assert_eq!(snapshot["type"], "snapshot");
    assert!(
        snapshot["state"]["analysis"].is_object(),
        "the snapshot came while the analysis still ran: {snapshot}"
    );
    // The answer: White can mate, so the flag fall wins for him (2023 Art. 6.9).
    let over = expect(&mut whites, &mut all, "the result", is_ruling("game_over")).await;
    assert_eq!(over["verdict"]["result"], "1-0", "{over}");
    assert_eq!(over["law"], "2023 Art. 6.9");
    let log = bridge.get("/events.jsonl").1;
    let answer = log
        .lines()
        .find(|l| l.contains("\"analysis\""))
        .unwrap_or_else(|| panic!("the answer is logged: {log}"));
    assert!(answer.contains("\"can_mate\":true"), "{answer}");
    tokio::time::sleep(Duration::from_millis(50)).await;
}
