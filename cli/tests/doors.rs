//! What comes in at the CLI's doors and is not right gets an error line, never a panic: FENs no
//! game can reach through `perft`, `moves` and `status`, PGN syntax faults through `check`,
//! and the export's tags (PGN's Seven Tag Roster).

mod common;

use common::{arbiter, json_lines, stdout};
use serde_json::Value;

/// The issue's position: kings side by side, which cozy-chess alone accepts and then panics on.
const KINGS_SIDE_BY_SIDE: &str = "Kk6/8/8/8/8/8/8/8 w - - 0 1";

fn no_panic(out: &std::process::Output) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    // 101 is the exit code of a Rust panic.
    assert_ne!(out.status.code(), Some(101), "{err}");
}

#[test]
fn perft_on_kings_side_by_side_answers_with_an_error_line() {
    let out = arbiter(&["perft", KINGS_SIDE_BY_SIDE, "2"], b"");
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("arbiter: bad FEN 'Kk6/8/8/8/8/8/8/8 w - - 0 1': piece placement: the kings stand side by side on a8 and b8"),
        "{err}"
    );
    assert_eq!(stdout(&out), "");
}

#[test]
fn moves_and_status_give_an_error_line_and_list_no_king_capture() {
    for command in ["moves", "status"] {
        let out = arbiter(&[command, KINGS_SIDE_BY_SIDE], b"");
        no_panic(&out);
        assert_eq!(out.status.code(), Some(0));
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0]["fen"], KINGS_SIDE_BY_SIDE);
        assert!(lines[0].get("moves").is_none(), "{command}: {}", lines[0]);
        let error = lines[0]["error"].as_str().unwrap_or_default();
        assert!(
            error.contains("the kings stand side by side"),
            "{command}: {error}"
        );
    }
}

#[test]
fn a_batch_of_unreachable_positions_gives_one_line_each_and_goes_on() {
    let batch = [
        KINGS_SIDE_BY_SIDE,
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1",
        "4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1",
        "8/8/8/8/3Pp2k/8/8/4K2R b - d3 0 1",
        "startpos",
        "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
    ]
    .join("\n");
    for command in ["moves", "status"] {
        let out = arbiter(&[command, "-"], batch.as_bytes());
        no_panic(&out);
        assert_eq!(out.status.code(), Some(0));
        let lines = json_lines(&out);
        let errors: Vec<bool> = lines.iter().map(|l| l.get("error").is_some()).collect();
        assert_eq!(
            errors,
            [true, true, true, true, true, false, true],
            "{command}: {lines:?}"
        );
    }
}

fn check(pgn: &str) -> Vec<Value> {
    let out = arbiter(&["check", "-"], pgn.as_bytes());
    no_panic(&out);
    assert_eq!(out.status.code(), Some(0));
    json_lines(&out)
}

#[test]
fn check_reports_the_issue_s_syntax_faults_at_their_ply() {
    let lines = check("1. e4 ) } ] $999 e5 2. Nf3 *");
    let error = &lines[0]["error"];
    assert_eq!(error["reason"], "syntax", "{lines:?}");
    assert_eq!(error["ply"], 2);
    assert_eq!(error["san"], ")");
    assert!(
        error["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("')' closes no variation")
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"games": 1, "ok": 0, "errors": 1})
    );
}

#[test]
fn check_tells_each_fault_apart() {
    for (pgn, ply, san, detail) in [
        (
            // Never closed, the variation takes in all that follows: one move on the main line.
            "1. e4 (1. d4 d5 e5 2. Nf3 *",
            2,
            "(",
            "not closed before the game ends",
        ),
        ("1. e4 e5 } 2. Nf3 *", 3, "}", "stray '}'"),
        ("1. e4 ] e5 *", 2, "]", "stray ']'"),
        ("1. e4 $256 e5 *", 2, "$", "numeric annotation glyph"),
        ("1. e4 e5 2. Nf3 {unclosed *", 4, "{", "comment not closed"),
        ("1. e4 e5", 3, "", "no termination marker"),
    ] {
        let lines = check(pgn);
        let error = &lines[0]["error"];
        assert_eq!(error["reason"], "syntax", "{pgn}: {lines:?}");
        assert_eq!(
            (error["ply"].as_u64(), error["san"].as_str()),
            (Some(ply), Some(san)),
            "{pgn}"
        );
        assert!(
            error["detail"]
                .as_str()
                .unwrap_or_default()
                .contains(detail),
            "{pgn}: {error}"
        );
    }
}

#[test]
fn an_unclosed_comment_does_not_swallow_the_next_game() {
    let lines = check(
        "[Event \"one\"]\n\n1. e4 {a comment left open e5 *\n\n[Event \"two\"]\n\n1. d4 d5 *\n",
    );
    assert_eq!(lines.len(), 3, "two games and the summary: {lines:?}");
    assert_eq!(lines[0]["error"]["reason"], "syntax");
    assert!(
        lines[0]["error"]["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("next game's [Event")
    );
    assert_eq!(lines[1]["moves"], 2);
    assert_eq!(lines[1]["error"], Value::Null);
}

#[test]
fn a_token_over_the_reader_s_limit_is_an_error_not_dropped() {
    let huge = "x".repeat((1 << 20) + 10);
    let lines = check(&format!("1. e4 {{{huge}}} e5 *\n\n1. d4 *\n"));
    assert_eq!(lines.len(), 3, "{:?}", &lines[1..]);
    assert_eq!(lines[0]["error"]["reason"], "syntax");
    assert!(
        lines[0]["error"]["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("token longer than")
    );
    assert_eq!(lines[1]["error"], Value::Null);
}

#[test]
fn a_clean_file_is_still_ok() {
    let lines =
        check("[Event \"x\"]\n\n1. e4 {[%clk 0:04:59]} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 1-0\n");
    assert_eq!(lines[0]["error"], Value::Null, "{lines:?}");
    assert_eq!(lines[0]["moves"], 4);
}
