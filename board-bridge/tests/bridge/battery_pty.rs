//! A wireless DGT board's battery on the single board's page: a real `board-bridge` process, a
//! simulated DGT board on a real pseudo-terminal that answers BATTERY_STATUS, and real WebSocket
//! clients. The charge goes out on the `board` message, and a page that joins afterwards finds
//! it in its snapshot (it is told no `board` message until the board's status changes again).

use crate::common;

use arbiter_core::dgt::codec::BoardMessage;
use arbiter_core::dgt::output::Battery;
use board_bridge::simulator::Action;
use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_boards_battery_reaches_the_page_and_a_page_that_joins_later() {
    let rig = Rig::start("battery", &[]);
    let addr = rig.bridge.addr.clone();
    let mut first = spectator(&addr).await;
    // 64 %, not charging, as a Bluetooth DGT board answers SEND_BATTERY_STATUS.
    let mut bytes = Vec::new();
    BoardMessage::Battery(Battery::status_bytes(Some(64), false)).encode(&mut bytes);
    rig.board.queue([Action::Garbage(bytes)]);
    let (told, _) = wait_for(&mut first, WAIT, |m| {
        m["type"] == "board" && m["battery"].is_object()
    })
    .await;
    let told = told.expect("a board message with the battery");
    assert_eq!(
        told["battery"],
        json!({"percent": 64, "charging": false, "clock_low": false})
    );
    let mut later = spectator(&addr).await;
    let (snapshot, _) = wait_for(&mut later, WAIT, |m| m["type"] == "snapshot").await;
    let snapshot = snapshot.expect("a snapshot");
    assert_eq!(snapshot["battery"]["percent"], 64, "{snapshot}");
}
