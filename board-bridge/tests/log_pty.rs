//! The bridge's event log is the core's one log format, and it survives kills and power cuts:
//! a real `board-bridge` process on a simulated board in a real pseudo-terminal, a real
//! WebSocket client, and the real `arbiter` command reading what the bridge wrote.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use arbiter_core::arbiter::LogRecord;
use arbiter_core::dgt::board::{Orientation, Placement};
use board_bridge::simulator::{self, Action, FakeBoard};
use common::*;
use serde_json::Value;

const SETTLE: &str = "150";

/// The `arbiter` command of this workspace, built if it is not there yet.
fn arbiter_binary() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_BIN_EXE_board-bridge"));
    let bin = dir.with_file_name("arbiter");
    if !bin.exists() {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "-p", "arbiter-cli", "--bin", "arbiter"])
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the arbiter command");
    }
    bin
}

fn arbiter(args: &[&str], file: &Path) -> (bool, String, String) {
    let out = Command::new(arbiter_binary())
        .args(args)
        .arg(file)
        .output()
        .expect("the arbiter command runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The script of the test game cut into one piece per move, each ending with the thinking pause
/// before the next.
fn per_move_scripts() -> Vec<Vec<Action>> {
    let moves = simulator::moves_of_pgn(GAME).expect("test game parses");
    let think = pace(300).think;
    let script = simulator::script_game(&moves, Default::default(), pace(300));
    let mut pieces = Vec::new();
    let mut current = Vec::new();
    // The script opens with waiting for the bridge and a first pause.
    for action in script.into_iter().skip(2) {
        let ends = matches!(action, Action::Pause(d) if d == think);
        current.push(action);
        if ends {
            pieces.push(std::mem::take(&mut current));
        }
    }
    pieces
}

/// Issue 13: `/events.jsonl` and the log on disk are arbiter logs that `arbiter replay` and
/// `arbiter export --pgn` read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bridges_log_is_an_arbiter_log_that_the_cli_replays_and_exports() {
    let scratch = Scratch::new("log-cli");
    let log = scratch.path("log");
    let log_arg = log.to_string_lossy().into_owned();
    let board = FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    let bridge = Bridge::start(
        board.path(),
        free_port(),
        &[
            "--settle-ms",
            SETTLE,
            "--log",
            &log_arg,
            "--edition",
            "2023",
            "--minutes",
            "15",
            "--increment",
            "10",
        ],
    );
    let mut ws = spectator(&bridge.addr).await;
    let moves = simulator::moves_of_pgn(GAME).expect("test game parses");
    board.queue(simulator::script_game(
        &moves[..6],
        Default::default(),
        pace(200),
    ));
    let mut seen = Vec::new();
    for uci in moves[..6].iter().map(ToString::to_string) {
        expect(&mut ws, &mut seen, &uci, is_move(uci.clone())).await;
    }
    let (status, served) = bridge.get("/events.jsonl");
    assert_eq!(status, 200);
    let on_disk = std::fs::read_to_string(log.join("events.jsonl")).expect("log on disk");
    assert!(
        on_disk.starts_with(&served[..served.len().min(on_disk.len())]),
        "the same log"
    );
    let record = LogRecord::from_jsonl(&served).expect("the core's log format");
    assert_eq!(record.config.edition, arbiter_core::laws::Edition::Fide2023);
    assert!(
        record
            .lines
            .iter()
            .all(|l| l.seq.is_some() && l.source.is_some())
    );
    let file = scratch.path("served.jsonl");
    std::fs::write(&file, &served).expect("write");
    let (ok, out, err) = arbiter(&["replay"], &file);
    assert!(ok, "arbiter replay refused the bridge's log: {err}");
    let last: Value =
        serde_json::from_str(out.lines().last().expect("a state line")).expect("json");
    assert!(last.to_string().contains("\"fen\""), "{last}");
    let (ok, pgn, err) = arbiter(&["export", "--pgn"], &file);
    assert!(ok, "arbiter export refused the bridge's log: {err}");
    let sans: Vec<String> = of_type(&seen, "move")
        .iter()
        .map(|m| m["san"].as_str().unwrap_or("?").to_owned())
        .collect();
    assert_eq!(sans.len(), 6);
    let mut at = 0;
    for san in &sans {
        let found = pgn[at..]
            .find(san.as_str())
            .unwrap_or_else(|| panic!("{san} not in {pgn}"));
        at += found + san.len();
    }
    assert!(pgn.contains("[%clk"), "{pgn}");
    // The file on disk reads the same.
    let (ok, _, err) = arbiter(&["export", "--pgn"], &log.join("events.jsonl"));
    assert!(ok, "{err}");
}

/// Issue 15: `kill -9` at any point loses nothing the bridge reported safe, and a cut last line
/// (a power cut mid-write) is set aside with a notice while the numbers go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_at_any_point_and_a_cut_last_line_lose_nothing_reported_safe() {
    let scratch = Scratch::new("log-kill");
    let log = scratch.path("log");
    let log_arg = log.to_string_lossy().into_owned();
    let file = log.join("events.jsonl");
    let board = FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    let port = free_port();
    let args = ["--settle-ms", SETTLE, "--log", &log_arg];
    let mut pieces = per_move_scripts().into_iter();
    // Every event a page was told is on disk, by seq.
    let mut safe_events: BTreeMap<u64, Value> = BTreeMap::new();
    let mut highest_seen = 0;
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    for round in 0..5 {
        let mut bridge = Bridge::start(board.path(), port, &args);
        let mut ws = spectator(&bridge.addr).await;
        let snapshot = next(&mut ws, WAIT).await.expect("snapshot");
        assert!(
            snapshot["seq"].as_u64().unwrap_or(0) >= highest_seen,
            "round {round}: {snapshot}"
        );
        let mut msgs = Vec::new();
        if !snapshot["placement"].is_string() {
            let (read, seen) = wait_for(&mut ws, WAIT, |m| {
                m["type"] == "board" && m["placement"].is_string()
            })
            .await;
            msgs = seen;
            msgs.push(
                read.unwrap_or_else(|| panic!("round {round}: the board is never read; {msgs:#?}")),
            );
        }
        if round == 0 {
            board.queue([Action::AwaitUpdates]);
        }
        board.queue(pieces.next().into_iter().chain(pieces.next()).flatten());
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let run_for = Duration::from_millis(150 + rng % 900);
        let until = tokio::time::Instant::now() + run_for;
        while let Ok(Some(m)) = tokio::time::timeout_at(until, next(&mut ws, WAIT)).await {
            msgs.push(m);
        }
        bridge.kill();
        let safe = msgs
            .iter()
            .filter(|m| m["type"] == "safe")
            .filter_map(|m| m["through"].as_u64())
            .max()
            .unwrap_or(0);
        highest_seen = highest_seen.max(last_seq(&msgs));
        for m in msgs.iter().filter(|m| m["type"] == "event") {
            let seq = m["seq"].as_u64().expect("seq");
            if seq <= safe {
                safe_events.insert(seq, m["event"].clone());
            }
        }
        let text = std::fs::read_to_string(&file).expect("log");
        let (whole, _) = arbiter_core::arbiter::split_cut_tail(&text);
        let record = LogRecord::from_jsonl(whole).expect("the log reads");
        let logged: BTreeMap<u64, Value> = record
            .lines
            .iter()
            .map(|l| {
                (
                    l.seq.expect("seq"),
                    serde_json::to_value(l.stamped()).expect("json"),
                )
            })
            .collect();
        for (seq, event) in &safe_events {
            assert_eq!(
                logged.get(seq),
                Some(event),
                "round {round}: event {seq} reported safe is lost"
            );
        }
    }
    // A power cut in the middle of a write: the last line is cut.
    let text = std::fs::read_to_string(&file).expect("log");
    let cut_seq = highest_seen + 500;
    std::fs::write(&file, format!("{text}{{\"seq\":{cut_seq},\"at\":99,\"ev")).expect("cut");
    let bridge = Bridge::start(board.path(), port, &args);
    let mut ws = spectator(&bridge.addr).await;
    let snapshot = next(&mut ws, WAIT).await.expect("snapshot");
    let notices = snapshot["notices"].to_string();
    assert!(
        notices.contains("cut off") && notices.contains("events.jsonl.cut"),
        "{snapshot}"
    );
    assert!(
        snapshot["seq"].as_u64().expect("seq") >= cut_seq,
        "the cut line's number is not handed out again"
    );
    let aside = std::fs::read_to_string(log.join("events.jsonl.cut")).expect("set aside");
    assert!(
        aside.starts_with(&format!("{{\"seq\":{cut_seq}")),
        "{aside}"
    );
    // The game goes on: the next move is logged on a fresh line after the last whole one.
    let mut seen = Vec::new();
    if !snapshot["placement"].is_string() {
        seen = board_read(&mut ws, WAIT).await;
    }
    board.queue(pieces.next().into_iter().flatten());
    let (moved, more) = wait_for(&mut ws, WAIT, |m| m["type"] == "move").await;
    seen.extend(more);
    if moved.is_some() {
        let (safe, _) = wait_for(&mut ws, WAIT, |m| m["type"] == "safe").await;
        assert!(safe.is_some(), "the move is reported safe");
    }
    drop(bridge);
    let text = std::fs::read_to_string(&file).expect("log");
    let record = LogRecord::from_jsonl(&text).expect("the next start reads the whole log");
    let logged: BTreeMap<u64, Value> = record
        .lines
        .iter()
        .map(|l| {
            (
                l.seq.expect("seq"),
                serde_json::to_value(l.stamped()).expect("json"),
            )
        })
        .collect();
    for (seq, event) in &safe_events {
        assert_eq!(
            logged.get(seq),
            Some(event),
            "event {seq} reported safe is lost"
        );
    }
    assert!(
        !safe_events.is_empty(),
        "some events were reported safe: {seen:?}"
    );
    let (ok, _, err) = arbiter(&["replay"], &file);
    assert!(ok, "{err}");
}
