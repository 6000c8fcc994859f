//! DGT's result signal on a real pseudo-terminal board of the hall: after 1. Nf3 Nf6 the
//! players set the black king on d5 and the white king on e4 (both light squares: 1-0, as
//! DGT's own description of the signal has it). The hall shows the result as proposed, the
//! game is not ended by it, the arbiter confirms it with the token, and the round says 1-0.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::Action;
use common::*;

fn hall(addr: &str) -> serde_json::Value {
    serde_json::from_str(&http_as(addr, "GET", "/hall.json", None, "").1).unwrap_or_default()
}

#[test]
fn the_kings_in_the_centre_propose_a_result_the_arbiter_confirms() {
    let scratch = Scratch::new("hall-signal");
    let (board, toml) = one_board_hall(&scratch, "Signal", 2, "2023");
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(&toml, &["--settle-ms", "300"], &stderr);
    let addr = bridge.addr.clone();
    let wait_until = |what: &str, ok: &dyn Fn(&serde_json::Value) -> bool| {
        let give_up = Instant::now() + Duration::from_secs(30);
        loop {
            let h = hall(&addr);
            if ok(&h) {
                return h;
            }
            assert!(Instant::now() < give_up, "{what}: {h}");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    wait_until("the board is read", &|h| {
        h["boards"][0]["connected"] == true
    });
    let mut script = Vec::new();
    let knight = |c| Occupant::Piece(c, Piece::Knight);
    script.push(Action::Pause(Duration::from_millis(800)));
    script.extend(carry(Square::G1, Square::F3, knight(Color::White)));
    script.push(Action::Pause(Duration::from_millis(800)));
    script.extend(carry(Square::G8, Square::F6, knight(Color::Black)));
    board.queue(script);
    wait_until("1. Nf3 Nf6 is played", &|h| h["boards"][0]["plies"] == 2);

    // The signal: the black king first (not on move, so no move of his), then the white king.
    let mut signal = Vec::new();
    signal.push(Action::Pause(Duration::from_millis(800)));
    signal.extend(carry(
        Square::E8,
        Square::D5,
        Occupant::Piece(Color::Black, Piece::King),
    ));
    signal.push(Action::Pause(Duration::from_millis(150)));
    signal.extend(carry(
        Square::E1,
        Square::E4,
        Occupant::Piece(Color::White, Piece::King),
    ));
    signal.push(Action::AwaitUpdates);
    board.queue(signal);
    let h = wait_until("the result is proposed", &|h| {
        h["boards"][0]["proposed"]["result"] == "1-0"
    });
    assert_eq!(
        h["boards"][0]["result"],
        serde_json::Value::Null,
        "proposed, not ruled"
    );
    // Never a move: no ply was added and no illegal move counted (the kings stand side by side).
    assert_eq!(h["boards"][0]["plies"], 2);
    assert_eq!(h["boards"][0]["illegal_moves"], serde_json::json!([0, 0]));
    let (_, log) = http_as(&addr, "GET", "/board/4/events.jsonl", None, "");
    assert!(
        !log.contains("\"type\":\"move\",\"move\":\"e1e4\""),
        "{log}"
    );
    let (_, round) = http_as(&addr, "GET", "/round.pgn", None, "");
    assert!(round.contains("[Result \"*\"]"), "{round}");

    // Confirmed by the arbiter with the printed token; refused without it.
    let said = std::fs::read_to_string(&stderr).unwrap();
    let token = said
        .lines()
        .find_map(|l| l.strip_prefix("board-bridge: arbiter token: "))
        .expect("token")
        .trim()
        .to_owned();
    let confirm = r#"{"result":"1-0"}"#;
    assert_eq!(
        http_as(&addr, "POST", "/board/4/arbiter", None, confirm).0,
        403
    );
    let (status, body) = http_as(&addr, "POST", "/board/4/arbiter", Some(&token), confirm);
    assert_eq!(status, 200, "{body}");
    let h = wait_until("the result stands", &|h| h["boards"][0]["result"] == "1-0");
    assert_eq!(h["boards"][0]["proposed"], serde_json::Value::Null);
    let (_, round) = http_as(&addr, "GET", "/round.pgn", None, "");
    assert!(
        round.contains("[Round \"2.4\"]") && round.contains("[Result \"1-0\"]"),
        "{round}"
    );
    assert!(round.contains("1. Nf3"), "{round}");
    drop(board);
}
