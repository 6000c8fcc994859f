//! A knocked piece need not bind for ever (issue 28, fix 8): a board cannot tell a deliberate
//! touch (2005 Art. 4.2-4.3 / 2023 Art. 4.2-4.3) from a knock, so the arbiter's seat can rule the
//! touch not deliberate, which lifts the obligation (2005 Art. 13.1 / 2023 Art. 12.1).

use crate::common;

use std::time::Duration;

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Piece, Square};
use board_bridge::simulator::Action;
use common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art4_3_a_pawn_knocked_and_put_back_is_ruled_not_deliberate_and_then_binds_nothing() {
    let rig = Rig::start("knocked", &["--settle-ms", "150"]);
    let addr = rig.bridge.addr.clone();
    let mut ws = spectator(&addr).await;
    let mut all = board_read(&mut ws, WAIT).await;
    start_from_white(&addr, &mut ws, &mut all).await;
    // White's d-pawn knocked to d3 and put back: a lift of d2, which binds the pawn.
    rig.board.queue([
        Action::AwaitUpdates,
        Action::Set(Square::D2, Occupant::Empty),
        Action::Pause(Duration::from_millis(20)),
        Action::Set(Square::D3, white(Piece::Pawn)),
        Action::Pause(Duration::from_millis(60)),
        Action::Set(Square::D3, Occupant::Empty),
        Action::Pause(Duration::from_millis(20)),
        Action::Set(Square::D2, white(Piece::Pawn)),
    ]);
    expect(&mut ws, &mut all, "the lift of d2 logged", |m| {
        m["type"] == "event"
            && m["event"]["event"]["type"] == "lift"
            && m["event"]["event"]["square"] == "d2"
    })
    .await;
    // The arbiter rules it a knock.
    let mut arbiter = connect_as(&addr, "arbiter")
        .await
        .expect("the arbiter's seat");
    send(
        &mut arbiter,
        r#"{"type":"event","event":{"type":"arbiter","decision":{"kind":"touch_not_deliberate","square":"d2"}}}"#,
    )
    .await;
    expect(&mut ws, &mut all, "the arbiter's ruling logged", |m| {
        m["type"] == "event"
            && m["event"]["event"]["type"] == "arbiter"
            && m["event"]["event"]["decision"]["kind"] == "touch_not_deliberate"
    })
    .await;
    // 1. e4 is taken, not refused under touch-move.
    rig.board
        .queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    expect(&mut ws, &mut all, "e2e4", |m| {
        is_move("e2e4")(m)
            || (m["type"] == "ruling"
                && !["clock_started", "notice"].contains(&m["kind"].as_str().unwrap_or("")))
    })
    .await;
    assert!(
        all.iter().any(is_move("e2e4")),
        "1. e4 refused after the touch was ruled not deliberate: {all:#?}"
    );
}
