//! The `arbiter` command-line contract (issue 2), run on the built binary.

mod common;

use common::{arbiter, json_lines, stdout};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn perft_last_line_is_the_node_count() {
    let out = arbiter(&["perft", "startpos", "3"], "");
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("8902"));
    let out = arbiter(&["perft", KIWIPETE, "2", "--divide"], "");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 49, "48 moves and the total");
    assert_eq!(lines.last(), Some(&"2039"));
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 2039);
    assert!(lines.contains(&"e1g1 43"), "castling is written e1g1");
}

#[test]
fn perft_with_a_bad_fen_fails_with_exit_2_and_says_why() {
    let out = arbiter(&["perft", "8/8/8/8/8/8/8/K7 w - - 0 1", "1"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("black has 0 kings"));
}

#[test]
fn perft_refuses_a_depth_no_count_could_finish_at_once() {
    // Before the bound this ran until it was killed.
    let out = arbiter(&["perft", "startpos", "30"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("30 is not in 0..=10"), "{err}");
    // The bound itself is taken.
    let out = arbiter(&["perft", "8/8/8/8/8/8/8/K6k w - - 0 1", "10"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn moves_lists_uci_and_san_with_optional_italian() {
    let out = arbiter(
        &[
            "moves",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "--lang",
            "it",
        ],
        "",
    );
    assert!(out.status.success());
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let moves = lines[0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 26);
    let castle = moves
        .iter()
        .find(|m| m["uci"] == "e1g1")
        .expect("O-O is listed");
    assert_eq!(castle["san"], "O-O");
    assert_eq!(castle["local"], "O-O");
    let king = moves.iter().find(|m| m["uci"] == "e1d1").unwrap();
    assert_eq!(
        (king["san"].as_str(), king["local"].as_str()),
        (Some("Kd1"), Some("Rd1"))
    );
    let rook = moves.iter().find(|m| m["uci"] == "a1a8").unwrap();
    assert_eq!(
        (rook["san"].as_str(), rook["local"].as_str()),
        (Some("Rxa8+"), Some("Txa8+"))
    );
}

#[test]
fn a_bad_fen_in_a_batch_gives_an_error_line_and_the_batch_goes_on() {
    let batch = "startpos\n\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n";
    for command in ["moves", "status"] {
        let out = arbiter(&[command, "-"], batch);
        assert!(out.status.success(), "{command}");
        let lines = json_lines(&out);
        assert_eq!(
            lines.len(),
            3,
            "{command}: one line per non-empty input line"
        );
        assert!(lines[0]["error"].is_null());
        assert!(
            lines[1]["error"].as_str().unwrap().contains("fields"),
            "{command}: {}",
            lines[1]
        );
        assert!(lines[2]["error"].is_null());
    }
}

#[test]
fn status_reports_mate_stalemate_and_the_material_rule() {
    let batch = [
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
        "8/8/4k3/8/8/3QK3/8/8 w - - 0 1",
    ]
    .join("\n");
    let out = arbiter(&["status", "-"], &batch);
    let lines = json_lines(&out);
    assert_eq!(lines[0]["checkmate"], true);
    assert_eq!(lines[0]["check"], true);
    assert_eq!(lines[0]["legal_moves"], 0);
    assert_eq!(lines[1]["stalemate"], true);
    assert_eq!(lines[1]["checkmate"], false);
    // K+B vs K: the material alone proves neither side can mate (2005 Art. 5.2b / 2023 5.2.2).
    assert_eq!(lines[2]["can_mate"]["white"], false);
    assert_eq!(lines[2]["can_mate"]["black"], false);
    assert_eq!(lines[2]["dead"], true);
    // K+Q vs K: the lone king cannot mate; the queen's side is not proven impossible.
    assert_eq!(lines[3]["can_mate"]["black"], false);
    assert_ne!(lines[3]["can_mate"]["white"], false);
    assert_ne!(lines[3]["dead"], true);
}

#[test]
fn help_is_available_on_every_command() {
    for args in [
        &["--help"][..],
        &["perft", "--help"],
        &["moves", "--help"],
        &["status", "--help"],
    ] {
        let out = arbiter(args, "");
        assert!(out.status.success(), "{args:?}");
        assert!(stdout(&out).contains("Usage"), "{args:?}");
    }
}
