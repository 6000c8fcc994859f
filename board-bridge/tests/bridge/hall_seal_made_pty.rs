//! The hall's arbiter who gives no passphrase for the sealed move (issue: trust): the bridge
//! makes one for him (as the single board's sealing does), answers it to him alone, once and
//! uncached, and the envelope opens with it and with nothing else; it reaches no public answer.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::Action;
use common::*;

fn log_of(addr: &str) -> String {
    http_as(addr, "GET", "/board/4/events.jsonl", None, "").1
}

/// Waits for `ok`, up to [`WAIT_KDF`]: the seal and each opening stretch the passphrase
/// (Argon2id), about a second on a quiet machine and ten beside a whole test suite.
fn until(what: &str, ok: &dyn Fn() -> bool) {
    let give_up = Instant::now() + WAIT_KDF;
    while !ok() {
        assert!(Instant::now() < give_up, "{what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_seal_asked_with_no_passphrase_gets_one_made_for_the_arbiter_and_opens_with_it_alone() {
    let scratch = Scratch::new("hall-seal-made");
    let (board, toml) = one_board_hall(&scratch, "Sealing", 1, "2005");
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(&toml, &["--settle-ms", "150"], &stderr);
    let addr = bridge.addr.clone();
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1);
    until("the board is read", &|| {
        hall()["boards"][0]["connected"] == true
    });
    let token = printed_token(&stderr);
    let arbiter = |body: &str| {
        let (status, answer) = http_as(&addr, "POST", "/board/4/arbiter", Some(&token), body);
        (status, json(&answer))
    };
    let pawn = |c| Occupant::Piece(c, Piece::Pawn);
    let knight = Occupant::Piece(Color::White, Piece::Knight);
    let mut script = vec![Action::Pause(Duration::from_millis(500))];
    script.extend(carry(Square::E2, Square::E4, pawn(Color::White)));
    script.push(Action::Pause(Duration::from_millis(400)));
    script.extend(carry(Square::E7, Square::E5, pawn(Color::Black)));
    board.queue(script);
    until("1. e4 e5 is played", &|| hall()["boards"][0]["plies"] == 2);

    // A weak passphrase is still refused: only a blank one is made for him.
    let (status, weak) = arbiter(r#"{"seal_on_board":{"passphrase":"1984"}}"#);
    assert_eq!(
        (status, weak["id"].as_str()),
        (409, Some("seal_refused")),
        "{weak}"
    );
    // None given: one is made, answered to the arbiter with no cache keeping it.
    let (status, headers, body) = http(
        &addr,
        "POST",
        "/board/4/arbiter",
        &[
            ("Authorization", &format!("Bearer {token}")),
            ("Content-Type", "application/json"),
        ],
        r#"{"seal_on_board":{}}"#,
    )
    .expect("an answer");
    let answer = json(&String::from_utf8_lossy(&body));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["sealer"], "white", "{answer}");
    assert_eq!(
        headers.get("cache-control").map(String::as_str),
        Some("no-store")
    );
    let made = answer["passphrase"]
        .as_str()
        .expect("a passphrase made")
        .to_owned();
    assert_eq!(made.len(), 17, "three groups of five: {made}");
    assert!(
        board_bridge::sealing::weak_passphrase(&made).is_none(),
        "{made}"
    );

    board.queue(carry(Square::G1, Square::F3, knight));
    until("the envelope is logged", &|| {
        log_of(&addr).contains("\"seal\"")
    });
    for event in [
        r#"{"type":"resume"}"#,
        r#"{"type":"arrive","player":"white"}"#,
        r#"{"type":"arrive","player":"black"}"#,
    ] {
        let (status, answer) = arbiter(&format!(r#"{{"event":{event}}}"#));
        assert_eq!(status, 200, "{event}: {answer}");
    }
    board.queue(carry(Square::F3, Square::G1, knight));
    let open = |passphrase: &str| {
        arbiter(&format!(
            r#"{{"event":{{"type":"open","passphrase":"{passphrase}"}}}}"#
        ))
    };
    until("the pieces are back", &|| {
        open("not the one made").1["id"] == "table_envelope_wrong_passphrase"
    });
    assert_eq!(
        hall()["boards"][0]["plies"],
        2,
        "a wrong passphrase opens nothing"
    );
    let (status, opened) = open(&made);
    assert_eq!(status, 200, "{opened}");
    until("the sealed move is made", &|| {
        hall()["boards"][0]["plies"] == 3
    });
    // The passphrase made reached no public answer.
    for path in [
        "/hall.json",
        "/board/4/events.jsonl",
        "/round.pgn",
        "/board/4/games.pgn",
    ] {
        let (_, text) = http_as(&addr, "GET", path, None, "");
        assert!(!text.contains(&made), "{path} holds the passphrase: {text}");
    }
    drop(board);
}
