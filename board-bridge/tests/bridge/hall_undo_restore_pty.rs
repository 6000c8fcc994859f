//! The hall's arbiter takes back a restore (issue: trust; 2005 Art. 6.14 / 2023 Art. 7.1): the
//! moves it dropped are played again through the game, the PGN has them, and the clocks read
//! as they did before the restore. A real bridge on a simulated board in a pseudo-terminal, real
//! HTTP.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::Action;
use common::*;
use serde_json::Value;

fn until(what: &str, ok: &dyn Fn() -> bool) {
    let give_up = Instant::now() + WAIT;
    while !ok() {
        assert!(Instant::now() < give_up, "{what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_arbiter_undoes_a_restore_the_moves_come_back_and_the_clocks_read_as_before_it() {
    let scratch = Scratch::new("hall-undo-restore");
    let (board, toml) = one_board_hall(&scratch, "Undo Open", 1, "2023");
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(&toml, &["--settle-ms", "150"], &stderr);
    let addr = bridge.addr.clone();
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1)["boards"][0].clone();
    until("the board is read", &|| hall()["connected"] == true);
    let token = printed_token(&stderr);
    let arbiter = |body: &str| {
        let (status, answer) = http_as(&addr, "POST", "/board/4/arbiter", Some(&token), body);
        (status, json(&answer))
    };
    let pawn = |c| Occupant::Piece(c, Piece::Pawn);
    let mut script = vec![Action::Pause(Duration::from_millis(500))];
    script.extend(carry(Square::E2, Square::E4, pawn(Color::White)));
    script.push(Action::Pause(Duration::from_millis(400)));
    script.extend(carry(Square::E7, Square::E5, pawn(Color::Black)));
    script.push(Action::Pause(Duration::from_millis(400)));
    script.extend(carry(
        Square::G1,
        Square::F3,
        Occupant::Piece(Color::White, Piece::Knight),
    ));
    board.queue(script);
    until("1. e4 e5 2. Nf3 is played", &|| hall()["plies"] == 3);

    // The clocks stopped, so that what they read before the restore stays put.
    let (status, answer) =
        arbiter(r#"{"event":{"type":"arbiter","decision":{"kind":"stop_clock"}}}"#);
    assert_eq!(status, 200, "{answer}");
    let before = hall()["clock"].clone();
    assert_eq!(before["running"], Value::Null, "{before}");

    let (status, answer) =
        arbiter(r#"{"event":{"type":"arbiter","decision":{"kind":"restore","ply":1}}}"#);
    assert_eq!(status, 200, "{answer}");
    let restored = hall();
    assert_eq!(restored["plies"], 1);
    assert_ne!(
        restored["clock"], before,
        "the restore set the clocks of then"
    );
    assert_eq!(restored["undo"]["kind"], "restore", "{restored}");
    assert_eq!(restored["undo"]["moves"], serde_json::json!(["e5", "Nf3"]));

    let (status, answer) = arbiter(r#"{"undo":true}"#);
    assert_eq!(status, 200, "the restore is undone: {answer}");
    assert_eq!(answer["undone"]["kind"], "restore", "{answer}");
    assert_eq!(answer["law"], "2023 Art. 7.1", "{answer}");
    let undone = hall();
    assert_eq!(undone["plies"], 3, "{undone}");
    assert_eq!(undone["sans"], serde_json::json!(["e4", "e5", "Nf3"]));
    assert_eq!(
        undone["clock"], before,
        "the clocks read as before the restore"
    );
    assert_eq!(undone["undo"], Value::Null, "nothing left to undo");

    let (status, pgn) = http_as(&addr, "GET", "/board/4/games.pgn", None, "");
    assert_eq!(status, 200);
    // The movetext without its clock comments.
    let moves: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ")
        .split('{')
        .map(|part| part.split_once('}').map_or(part, |(_, after)| after))
        .collect();
    let moves = moves.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(moves, "1. e4 e5 2. Nf3 *", "{pgn}");
    drop(board);
}
