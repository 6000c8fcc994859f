//! The sealed move's envelope on a real bridge and a simulated board in a pseudo-terminal
//! (issue 29): its passphrase is stretched by Argon2id, the cost written in the envelope the log
//! keeps, and an arbiter who gives no passphrase gets one made for him, said on the bridge's
//! terminal only; the envelope opens with it.

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arbiter_core::Piece;
use arbiter_core::Square;
use common::{
    Bridge, Scratch, WAIT, WAIT_KDF, await_start, black, carry, connect_as, expect, expect_within,
    free_port, is_move, is_ruling, send, white,
};

/// The line of `stderr` after `prefix`, once the bridge has written it.
fn printed(stderr: &std::path::Path, prefix: &str) -> Option<String> {
    let give_up = Instant::now() + WAIT;
    loop {
        let text = std::fs::read_to_string(stderr).unwrap_or_default();
        if let Some(found) = text
            .lines()
            .find_map(|l| l.split_once(prefix).map(|(_, r)| r))
        {
            return Some(found.trim().to_owned());
        }
        if Instant::now() > give_up {
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_a1_a_seal_without_a_passphrase_gets_one_made_and_the_key_is_stretched_by_argon2() {
    use arbiter_core::dgt::board::{Orientation, Placement};
    use board_bridge::simulator::FakeBoard;
    let scratch = Scratch::new("seal-kdf");
    let board = FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    let log = scratch.path("log");
    let stderr = scratch.path("stderr");
    let addr = format!("127.0.0.1:{}", free_port());
    let child = Command::new(common::bridge_binary())
        .args(["--listen", &addr, "--settle-ms", "150", "--minutes", "90"])
        .arg("--port")
        .arg(board.path())
        .arg("--log")
        .arg(&log)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr).expect("stderr file"))
        .spawn()
        .expect("start board-bridge");
    let bridge = Bridge {
        child,
        addr: addr.clone(),
    };
    let give_up = Instant::now() + WAIT;
    while std::net::TcpStream::connect(&addr).is_err() {
        assert!(Instant::now() < give_up, "never listened");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut whites = connect_as(&bridge.addr, "white").await.expect("white");
    let mut arbiter = connect_as(&bridge.addr, "arbiter").await.expect("arbiter");
    let mut all = Vec::new();
    await_start(&mut whites, &mut all).await;
    for (from, to, piece, uci) in [
        (Square::E2, Square::E4, white(Piece::Pawn), "e2e4"),
        (Square::E7, Square::E5, black(Piece::Pawn), "e7e5"),
    ] {
        board.queue(carry(from, to, piece));
        expect(&mut whites, &mut all, uci, is_move(uci)).await;
    }
    // The arbiter asks White for his sealed move and gives no passphrase: the bridge makes one
    // and says it on its terminal.
    send(&mut arbiter, r#"{"type":"seal_on_board","passphrase":""}"#).await;
    let made = printed(
        &stderr,
        "(made for the arbiter, keep it to open the envelope): ",
    )
    .unwrap_or_else(|| {
        panic!(
            "no passphrase made for the arbiter; the page was told: {:?}",
            all.iter()
                .filter(|m| m["type"] == "error")
                .collect::<Vec<_>>()
        )
    });
    assert!(made.len() >= 15, "{made}");
    assert!(
        !all.iter().any(|m| m.to_string().contains(&made)),
        "the page that asked never sees it"
    );
    board.queue(carry(Square::G1, Square::F3, white(Piece::Knight)));
    expect_within(
        &mut whites,
        &mut all,
        "sealed",
        WAIT_KDF,
        is_ruling("sealed"),
    )
    .await;
    // The full log keeps the envelope with its stretch's cost.
    let give_up = Instant::now() + WAIT;
    let seal_line = loop {
        let text = std::fs::read_to_string(log.join("events.jsonl")).unwrap_or_default();
        if let Some(line) = text.lines().find(|l| l.contains(r#""type":"seal""#)) {
            break line.to_owned();
        }
        assert!(Instant::now() < give_up, "no seal logged: {text}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(
        seal_line.contains(r#""argon2":{"memory_kib":65536,"passes":24,"lanes":1}"#),
        "{seal_line}"
    );
    // The pieces back, the arbiter opens it with the passphrase made for him.
    board.queue(carry(Square::F3, Square::G1, white(Piece::Knight)));
    tokio::time::sleep(Duration::from_millis(600)).await;
    for event in [
        r#"{"type":"resume"}"#.to_owned(),
        r#"{"type":"arrive","player":"white"}"#.to_owned(),
        r#"{"type":"arrive","player":"black"}"#.to_owned(),
        format!(r#"{{"type":"open","passphrase":"{made}"}}"#),
    ] {
        send(
            &mut arbiter,
            &format!(r#"{{"type":"event","event":{event}}}"#),
        )
        .await;
    }
    expect_within(
        &mut whites,
        &mut all,
        "the envelope opened",
        WAIT_KDF,
        is_ruling("envelope_opened"),
    )
    .await;
    drop(bridge);
}
