//! The bridge's event log is the core's one log format, and it survives kills and power cuts:
//! a real `board-bridge` process on a simulated board in a real pseudo-terminal, a real
//! WebSocket client, and the real `arbiter` command reading what the bridge wrote.

use crate::common;

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

/// Issue 28: a restart loses no time and gives none, without a DGT clock. Black's clock runs
/// after 1.e4; the bridge is killed 2.5 s later and is down 3 s. It used to go on from its last
/// logged event and gave Black all of that back; now the log's time line (a tick every second
/// while a clock runs, with its wall-clock time) lets the restart count the time it was down on
/// Black's clock, and the players are told how long that was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_counts_the_time_the_bridge_was_down_on_the_clock_that_ran() {
    let scratch = Scratch::new("log-restart");
    let log = scratch.path("log");
    let log_arg = log.to_string_lossy().into_owned();
    let board = FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    let port = free_port();
    let args = [
        "--settle-ms",
        SETTLE,
        "--log",
        &log_arg,
        "--minutes",
        "5",
        "--increment",
        "0",
    ];
    let mut bridge = Bridge::start(board.path(), port, &args);
    let mut ws = connect_as(&bridge.addr, "white").await.expect("connect");
    let mut seen = Vec::new();
    let read =
        |m: &Value| (m["type"] == "snapshot" || m["type"] == "board") && m["placement"].is_string();
    let began = |m: &Value| {
        (m["type"] == "snapshot" || m["type"] == "state") && m["state"]["started"] == true
    };
    let first = expect(&mut ws, &mut seen, "the snapshot", |m| {
        m["type"] == "snapshot"
    })
    .await;
    if !read(&first) {
        expect(&mut ws, &mut seen, "the board read", read).await;
    }
    if !seen.iter().any(began) {
        // A start that came by itself makes this one a refusal to this page alone.
        send(&mut ws, r#"{"type":"event","event":{"type":"start"}}"#).await;
        expect(&mut ws, &mut seen, "the start", began).await;
    }
    let moves = simulator::moves_of_pgn(b"1. e4").expect("parses");
    board.queue(simulator::script_game(
        &moves,
        Default::default(),
        pace(100),
    ));
    expect(&mut ws, &mut seen, "1.e4", is_move("e2e4")).await;
    let moved = std::time::Instant::now();
    tokio::time::sleep(Duration::from_millis(2500)).await;
    bridge.kill();
    tokio::time::sleep(Duration::from_millis(3000)).await;

    let bridge = Bridge::start(board.path(), port, &args);
    let mut ws = spectator(&bridge.addr).await;
    let snapshot = next(&mut ws, WAIT).await.expect("snapshot");
    let asked = std::time::Instant::now();
    let state = &snapshot["state"];
    assert_eq!(state["running"], "black", "{snapshot}");
    let remaining = state["black"]["remaining"].as_u64().expect("Black's time");
    let since_state =
        snapshot["at_ms"].as_u64().expect("at_ms") - state["at"].as_u64().expect("at");
    let used = 300_000 - remaining.saturating_sub(since_state);
    let expected = asked.duration_since(moved).as_millis() as u64;
    // Black's clock ran from the move's completion (just before the page heard of it) until
    // the snapshot was taken (just before the page read it): the time the bridge was down
    // included, to within the time line's second and the machine's delays.
    assert!(
        used + 1500 >= expected && used <= expected + 1500,
        "Black used {used} ms of the {expected} ms since 1.e4: {snapshot}"
    );
    let notices = snapshot["notices"].to_string();
    assert!(
        notices.contains("was down for") && notices.contains("Black's clock"),
        "{snapshot}"
    );
    // The restarted bridge writes its time line as the first one did.
    let mut after = Vec::new();
    expect(&mut ws, &mut after, "a time line after the restart", |m| {
        m["type"] == "event" && m["source"] == "time"
    })
    .await;
    drop(bridge);

    // The time lines: ticks from "time", at most a second apart (and the machine's delays)
    // while Black's clock ran, which `arbiter replay` takes as the same game.
    let file = log.join("events.jsonl");
    let record = LogRecord::from_jsonl(&std::fs::read_to_string(&file).expect("log"))
        .expect("the log reads");
    let times: Vec<u64> = record
        .lines
        .iter()
        .filter(|l| l.source.as_deref() == Some("time"))
        .map(|l| l.at.0)
        .collect();
    assert!(times.len() >= 3, "{times:?}");
    // One gap is the restart's: the line after it is as far on as the time the bridge was down.
    let long: Vec<u64> = times
        .windows(2)
        .map(|w| w[1] - w[0])
        .filter(|&gap| gap > 1600)
        .collect();
    assert!(long.len() == 1 && long[0] >= 3000, "{times:?}");
    assert!(record.lines.iter().all(|l| l.unix_ms.is_some()));
    let (ok, _, err) = arbiter(&["replay"], &file);
    assert!(ok, "{err}");
}
