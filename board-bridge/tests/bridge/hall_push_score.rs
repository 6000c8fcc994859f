//! The round as Lichess Broadcasts reads it (the text `/round.pgn` serves and the push sends):
//! each game keeps one `GameId` from push to push, a move taken back by the arbiter (an illegal
//! move corrected by restoring the position before it) leaves the score, and the clocks are in
//! every push, before the first move too (`WhiteClock`, `BlackClock` beside `[%clk]`).

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use common::*;

fn tag<'a>(pgn: &'a str, name: &str) -> Option<&'a str> {
    let start = pgn.find(&format!("[{name} \""))? + name.len() + 3;
    pgn[start..].split('"').next()
}

fn until(what: &str, ok: &dyn Fn() -> bool) {
    let give_up = Instant::now() + Duration::from_secs(30);
    while !ok() {
        assert!(Instant::now() < give_up, "{what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn one_identity_clocks_in_every_push_and_a_corrected_move_leaves_the_score() {
    let scratch = Scratch::new("hall-push-score");
    let (board, toml) = one_board_hall(&scratch, "Push", 5, "2023");
    let stderr = scratch.path("stderr.txt");
    let (stand_in, pushes) = push_recorder();
    let token_file = scratch.path("lichess-token");
    std::fs::write(&token_file, "lip_standIn0123\n").unwrap();
    let token_path = token_file.display().to_string();
    let push_url = format!("http://{stand_in}");
    let bridge = Bridge::hall(
        &toml,
        &[
            "--settle-ms",
            "150",
            "--push-lichess",
            "pushRound1",
            "--token-file",
            &token_path,
            "--push-url",
            &push_url,
        ],
        &stderr,
    );
    let addr = bridge.addr.clone();
    let round = || http_as(&addr, "GET", "/round.pgn", None, "").1;
    let last_push = || pushes.lock().unwrap().last().cloned().unwrap_or_default();

    // Before any move: the identity, and both clocks in the push.
    let first = round();
    let id = tag(&first, "GameId").expect("a GameId").to_owned();
    assert!(id.ends_with("-r5-b4"), "{id}");
    until("the first push", &|| !last_push().is_empty());
    let pushed = last_push();
    assert_eq!(tag(&pushed, "GameId"), Some(id.as_str()), "{pushed}");
    assert_eq!(tag(&pushed, "WhiteClock"), Some("1:30:00"), "{pushed}");
    assert_eq!(tag(&pushed, "BlackClock"), Some("1:30:00"), "{pushed}");

    let pawn = |c| Occupant::Piece(c, Piece::Pawn);
    let mut script = vec![board_bridge::simulator::Action::Pause(
        Duration::from_millis(400),
    )];
    script.extend(carry(Square::E2, Square::E4, pawn(Color::White)));
    script.push(board_bridge::simulator::Action::Pause(
        Duration::from_millis(400),
    ));
    script.extend(carry(Square::E7, Square::E5, pawn(Color::Black)));
    board.queue(script);
    until("1. e4 e5 is in the round", &|| {
        round().contains("1... ") || round().contains(" e5 ")
    });
    let played = round();
    assert_eq!(
        tag(&played, "GameId"),
        Some(id.as_str()),
        "one identity: {played}"
    );
    assert!(played.contains("1. e4 {[%clk "), "{played}");
    assert!(played.contains(" e5 {[%clk "), "{played}");
    until("1...e5 is pushed", &|| last_push().contains(" e5 {[%clk "));

    // The arbiter takes 1...e5 back (a displaced or illegal move corrected, Art. 7.6): the
    // score no longer holds it, and the game keeps its identity.
    let token = printed_token(&stderr);
    let (status, body) = http_as(
        &addr,
        "POST",
        "/board/4/arbiter",
        Some(&token),
        r#"{"event":{"type":"arbiter","decision":{"kind":"restore","ply":1,"cause":"displaced"}}}"#,
    );
    assert_eq!(status, 200, "{body}");
    until("the restored score reaches the round", &|| {
        !round().contains(" e5 ")
    });
    let corrected = round();
    assert!(corrected.contains("1. e4 {[%clk "), "{corrected}");
    assert!(!corrected.contains("e5"), "{corrected}");
    assert_eq!(tag(&corrected, "GameId"), Some(id.as_str()));
    until("the corrected score is pushed", &|| {
        !last_push().contains("e5")
    });
    let pushed = last_push();
    assert!(pushed.contains("1. e4 {[%clk "), "{pushed}");
    assert_eq!(
        tag(&pushed, "GameId"),
        Some(id.as_str()),
        "one identity: {pushed}"
    );
    for body in pushes.lock().unwrap().iter() {
        assert!(
            tag(body, "WhiteClock").is_some() && tag(body, "BlackClock").is_some(),
            "clocks in every push: {body}"
        );
    }
    drop(board);
}
