//! `arbiter check <FILE.pgn|->` on the built binary: one JSON line per game, a summary line,
//! exit 0 when the input was read and 2 when it could not be.

mod common;

use std::process::{Command, Output};

use common::json_lines;
use serde_json::{Value, json};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/tests/fixtures/pgn/");

fn arbiter_check(arg: &str, stdin: &[u8]) -> Output {
    common::arbiter(&["check", arg], stdin)
}

fn error(ply: u32, san: &str, reason: &str) -> Value {
    json!({"ply": ply, "san": san, "reason": reason})
}

/// The contract's fields of a game line; `detail` is for people and not compared.
fn contract(line: &Value) -> Value {
    let mut line = line.clone();
    if let Some(error) = line.get_mut("error").and_then(Value::as_object_mut) {
        assert!(error.remove("detail").is_some_and(|d| d.is_string()));
        assert!(error.remove("line").is_some_and(|l| l.is_u64()));
    }
    line
}

#[test]
fn an_error_gives_the_line_of_the_file_beside_the_ply() {
    // Before, the ply alone: a person counted moves through the file by hand.
    let out = arbiter_check(&format!("{FIXTURES}broken.pgn"), b"");
    let lines = json_lines(&out);
    let at: Vec<(u64, u64)> = lines
        .iter()
        .filter(|l| l["error"].is_object())
        .map(|l| {
            (
                l["error"]["ply"].as_u64().unwrap(),
                l["error"]["line"].as_u64().unwrap(),
            )
        })
        .collect();
    // Bc4 on line 19 (a comment runs on), Nd2 on 30, Bz4 on 40, the FEN tag on 50, O-O on 62.
    assert_eq!(at, [(13, 19), (5, 30), (7, 40), (0, 50), (7, 62)]);
    // Across read chunks and with CRLF line ends, the count holds.
    let game = "[Event \"x\"]\r\n\r\n1. e4 e5\r\n2. Ke3 *\r\n";
    let many: String = std::iter::repeat_n(game, 5_000).collect();
    let out = arbiter_check("-", many.as_bytes());
    let last = &json_lines(&out)[4_999];
    assert_eq!(last["error"]["san"], "Ke3");
    assert_eq!(last["error"]["line"], 4 * 4_999 + 4, "{last}");
}

#[test]
fn art7_4_broken_file_gives_a_line_per_game_and_a_summary() {
    let out = arbiter_check(&format!("{FIXTURES}broken.pgn"), b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    let games: Vec<Value> = lines[..lines.len() - 1].iter().map(contract).collect();
    assert_eq!(
        games,
        [
            json!({"game": 1, "moves": 7, "result": "1-0", "error": null}),
            json!({"game": 2, "moves": 12, "result": "0-1", "error": error(13, "Bc4", "illegal")}),
            json!({"game": 3, "moves": 4, "result": "*", "error": error(5, "Nd2", "ambiguous")}),
            json!({"game": 4, "moves": 6, "result": "1/2-1/2", "error": error(7, "Bz4", "unreadable")}),
            json!({"game": 5, "moves": 0, "result": "*",
                   "error": error(0, "4k3/8/8/8/8/8/8/4KK2 w - - 0 1", "setup")}),
            json!({"game": 6, "moves": 6, "result": "*", "error": error(7, "O-O", "illegal")}),
        ]
    );
    assert_eq!(
        lines.last(),
        Some(&json!({"games": 6, "ok": 1, "errors": 5}))
    );
}

#[test]
fn fields_come_in_the_documented_order() {
    let out = arbiter_check("-", b"1. e4 e5 2. Nf3 1-0");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "{\"game\":1,\"moves\":3,\"result\":\"1-0\",\"error\":null}\n\
         {\"games\":1,\"ok\":1,\"errors\":0}\n"
    );
}

#[test]
fn stdin_streams_many_games_across_read_chunks() {
    // About 300 KB: several 64 KiB reads, with games cut at arbitrary places.
    let game = std::fs::read(format!("{FIXTURES}annotated.pgn")).unwrap();
    let input: Vec<u8> = game
        .iter()
        .copied()
        .cycle()
        .take(game.len() * 300)
        .collect();
    let out = arbiter_check("-", &input);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(
        lines.last(),
        Some(&json!({"games": 600, "ok": 600, "errors": 0}))
    );
    assert!(lines[..600].iter().step_by(2).all(|l| l["moves"] == 33));
    assert_eq!(lines[599]["game"], 600);
}

#[test]
fn unreadable_input_exits_2() {
    let missing = arbiter_check(&format!("{FIXTURES}no-such-file.pgn"), b"");
    assert_eq!(missing.status.code(), Some(2));
    assert!(missing.stdout.is_empty());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    // A directory opens on Linux but cannot be read.
    let directory = arbiter_check(FIXTURES, b"");
    assert_eq!(directory.status.code(), Some(2));
}

#[test]
fn input_with_no_pgn_in_it_is_an_error() {
    // Empty, or data of another kind (before, 100 MB of NUL bytes said 0 games, 0 errors and
    // exited 0, as if a tournament's file had been checked).
    for input in [&b""[..], &[0u8; 1 << 20][..], b"\n\n  \n"] {
        let out = arbiter_check("-", input);
        assert_eq!(out.status.code(), Some(1), "{} bytes", input.len());
        assert_eq!(
            json_lines(&out),
            [json!({"games": 0, "ok": 0, "errors": 0})]
        );
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("holds no PGN game"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn check_has_help() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["check", "--help"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("PGN"));
}
