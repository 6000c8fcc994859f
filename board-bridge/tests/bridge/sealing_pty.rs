//! The sealed move made on a sensor board (2005 App. A1, A5): once the arbiter asks for it, the
//! sealer's lifts and placements reach neither the log nor any page in the clear; the move goes
//! into the core's envelope; the envelope waits until the pieces stand as before it.

use crate::common;

use std::time::Duration;

use arbiter_core::{Piece, Square};
use common::*;
use serde_json::Value;

/// What of the sealed move Ng1-f3 would give it away in a message or a log line.
fn reveals_the_sealed_move(text: &str) -> Option<&'static str> {
    // The placement with the knight on f3, the squares as names, the move in either notation.
    ["\"g1\"", "\"f3\"", "g1f3", "Nf3", "5N2/PPPP1PPP/RNBQKB1R"]
        .into_iter()
        .find(|needle| text.contains(needle))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_a1_a5_a_move_sealed_on_the_board_stays_secret_until_the_envelope_is_opened() {
    let rig = Rig::start("seal-on-board", &["--settle-ms", "150", "--minutes", "90"]);
    let (bridge, board) = (&rig.bridge, &rig.board);
    let mut whites = connect_as(&bridge.addr, "white").await.expect("white");
    let mut spectator = spectator(&bridge.addr).await;
    let mut assistant = connect_as(&bridge.addr, "arbiter")
        .await
        .expect("assistant");
    let mut all = Vec::new();
    await_start(&mut whites, &mut all).await;
    for (from, to, piece, uci) in [
        (Square::E2, Square::E4, white(Piece::Pawn), "e2e4"),
        (Square::E7, Square::E5, black(Piece::Pawn), "e7e5"),
    ] {
        board.queue(carry(from, to, piece));
        expect(&mut whites, &mut all, uci, is_move(uci)).await;
    }
    let (_, before) = wait_for(&mut spectator, Duration::from_millis(300), |_| false).await;
    let (_, _) = wait_for(&mut assistant, Duration::from_millis(100), |_| false).await;
    let log_before = bridge.get("/events.jsonl").1.lines().count();
    assert!(!before.is_empty());

    // The arbiter asks White, on move, for his sealed move.
    let asked = all.len();
    send(
        &mut whites,
        r#"{"type":"seal_on_board","passphrase":"arbiter's secret"}"#,
    )
    .await;
    let status = expect(&mut whites, &mut all, "the board status: sealing", |m| {
        m["type"] == "board" && m["sealing"] == "sealing"
    })
    .await;
    assert!(status.get("placement").is_none(), "{status}");
    // He makes Nf3 on the board, where only the sensors see it.
    board.queue(carry(Square::G1, Square::F3, white(Piece::Knight)));
    let sealed = expect_within(
        &mut whites,
        &mut all,
        "the sealing ruling",
        WAIT_KDF,
        is_ruling("sealed"),
    )
    .await;
    assert_eq!(sealed["verdict"]["player"], "white", "{sealed}");
    // The board asks for the pieces back: said as soon as the move is read, so before or
    // after the envelope is made.
    let pieces_back = |m: &Value| m["type"] == "board" && m["sealing"] == "pieces_back";
    let back = match all.iter().find(|m| pieces_back(m)) {
        Some(m) => m.clone(),
        None => expect(&mut whites, &mut all, "the pieces back", pieces_back).await,
    };
    assert!(back.get("placement").is_none(), "{back}");
    // The envelope is not opened while the knight is still on f3 (App. A5).
    send(
        &mut assistant,
        r#"{"type":"event","event":{"type":"resume"}}"#,
    )
    .await;
    for player in ["white", "black"] {
        send(
            &mut assistant,
            &format!(r#"{{"type":"event","event":{{"type":"arrive","player":"{player}"}}}}"#),
        )
        .await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    send(
        &mut assistant,
        r#"{"type":"event","event":{"type":"open","passphrase":"arbiter's secret"}}"#,
    )
    .await;
    let (refused, seen) = wait_for(&mut assistant, WAIT, |m| m["id"] == "pieces_not_back").await;
    let refused = refused.unwrap_or_else(|| panic!("the early opening is refused: {seen:#?}"));
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or("")
            .contains("App. A5"),
        "{refused}"
    );

    // The knight goes back; the board is shown again.
    board.queue(carry(Square::F3, Square::G1, white(Piece::Knight)));
    let shown = expect(&mut whites, &mut all, "the board shown again", |m| {
        m["type"] == "board" && m["placement"].is_string() && m.get("sealing").is_none()
    })
    .await;
    assert_eq!(
        shown["placement"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
    );

    // Until now, nothing anywhere tells the sealed move: not the spectator's stream, not the
    // players' or the assistant's, not the log.
    let (_, watched) = wait_for(&mut spectator, Duration::from_millis(500), |_| false).await;
    let secret_time: Vec<&Value> = all[asked..].iter().chain(watched.iter()).collect();
    for m in &secret_time {
        let text = m.to_string();
        assert_eq!(reveals_the_sealed_move(&text), None, "{text}");
        assert_ne!(m["type"], "touch", "no touch while sealing: {text}");
    }
    assert!(
        !secret_time.iter().any(|m| m["kind"] == "displaced"),
        "no displaced ruling with squares"
    );
    let log = bridge.get("/events.jsonl").1;
    for line in log.lines().skip(log_before) {
        assert_eq!(reveals_the_sealed_move(line), None, "{line}");
        assert!(
            !line.contains("\"lift\"") && !line.contains("\"place\""),
            "no hand on the pieces is logged: {line}"
        );
    }
    assert!(log.contains("\"seal\""), "the envelope is logged");

    // With the pieces back, the arbiter opens the envelope and the sealed move is made.
    send(
        &mut assistant,
        r#"{"type":"event","event":{"type":"open","passphrase":"arbiter's secret"}}"#,
    )
    .await;
    expect_within(
        &mut whites,
        &mut all,
        "the sealed move",
        WAIT_KDF,
        is_move("g1f3"),
    )
    .await;
}
