//! Issue 30: the log's promise kept on a full disk. A real bridge logs to a 64 KiB tmpfs the
//! test mounts (the test runs as root; without the right to mount it says so and stops), on a
//! simulated board in a pseudo-terminal, with a real WebSocket client. The disk is filled in
//! the middle of the game: every page is told at once, nothing is reported safe that is not
//! written whole and synced, no partial line is left, the lines held back are written once
//! the disk allows, and the bridge restarts on its own log, which `arbiter replay` reads.

use crate::common;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter_core::arbiter::LogRecord;
use arbiter_core::dgt::board::{Orientation, Placement};
use board_bridge::simulator::{self, Action, FakeBoard};
use common::*;
use serde_json::Value;

/// A tmpfs of `size` mounted at a folder, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).expect("mount point");
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .status()
            .ok()?;
        status.success().then(|| Tmpfs(dir.to_owned()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// Fills the file system of `dir` to the last byte with a file named `filler`.
fn fill(dir: &Path) -> PathBuf {
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).expect("filler");
    let chunk = vec![0u8; 512];
    while file.write_all(&chunk).is_ok() {}
    while file.write_all(&[0]).is_ok() {}
    let _ = file.sync_all();
    path
}

fn arbiter_binary() -> PathBuf {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_board-bridge")).with_file_name("arbiter");
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

/// How far the log is safe, as the messages `seen` said.
fn safe_through(seen: &[Value]) -> u64 {
    seen.iter()
        .filter(|m| m["type"] == "safe")
        .filter_map(|m| m["through"].as_u64())
        .max()
        .unwrap_or(0)
}

/// The moves of the test game, each a script of its own from the position before it.
fn per_move(moves: &[arbiter_core::Move]) -> Vec<Vec<Action>> {
    let think = pace(250).think;
    let script = simulator::script_game(moves, Default::default(), pace(250));
    let mut pieces = Vec::new();
    let mut current = Vec::new();
    for action in script.into_iter().skip(2) {
        let ends = matches!(action, Action::Pause(d) if d == think);
        current.push(action);
        if ends {
            pieces.push(std::mem::take(&mut current));
        }
    }
    pieces
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_is_told_at_once_loses_nothing_reported_safe_and_the_log_restarts() {
    let scratch = Scratch::new("log-full");
    let Some(disk) = Tmpfs::mount(&scratch.path("disk"), "64k") else {
        eprintln!("no right to mount a tmpfs here: the full disk is not tried");
        return;
    };
    let log = disk.0.join("log");
    let log_arg = log.to_string_lossy().into_owned();
    let file = log.join("events.jsonl");
    let board = FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    let port = free_port();
    let args = [
        "--settle-ms",
        "150",
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
        send(&mut ws, r#"{"type":"event","event":{"type":"start"}}"#).await;
        expect(&mut ws, &mut seen, "the start", began).await;
    }
    let moves = simulator::moves_of_pgn(GAME).expect("the test game parses");
    let mut pieces = per_move(&moves).into_iter();
    let mut played = 0;
    let mut play = |n: usize, played: &mut usize| {
        board.queue(pieces.by_ref().take(n).flatten().collect::<Vec<_>>());
        *played += n;
        moves[*played - 1].to_string()
    };
    board.queue([Action::AwaitUpdates]);

    // Two moves on a disk with room: written and reported safe.
    let uci = play(2, &mut played);
    expect(&mut ws, &mut seen, "the second move", is_move(uci)).await;
    let second = last_seq(&seen);
    // A page hears how far the log is safe on a channel of its own: it may come before the
    // move it covers.
    if safe_through(&seen) <= second {
        expect(&mut ws, &mut seen, "the second move safe", |m| {
            m["type"] == "safe" && m["through"].as_u64() > Some(second)
        })
        .await;
    }

    // The disk fills. What is left of the log file's last page takes a few more lines; then
    // a write fails and every page is told at once.
    let filler = fill(&disk.0);
    let failing = |m: &Value| {
        m["type"] == "error"
            && m["message"]
                .as_str()
                .is_some_and(|t| t.contains("the log cannot be written"))
    };
    while !seen.iter().any(failing) {
        assert!(
            played < 14,
            "no page was told the log cannot be written: {seen:#?}"
        );
        let uci = play(1, &mut played);
        expect(&mut ws, &mut seen, "a move on the full disk", is_move(uci)).await;
        let _ = wait_for(&mut ws, std::time::Duration::from_millis(300), failing)
            .await
            .0
            .map(|m| seen.push(m));
    }
    let told = seen
        .iter()
        .find(|m| failing(m))
        .cloned()
        .unwrap_or_default();
    let text = told["message"].as_str().unwrap_or("");
    assert!(
        text.contains("moves since ") && text.contains("are not safe"),
        "{text}"
    );
    // The game goes on.
    let uci = play(1, &mut played);
    expect(
        &mut ws,
        &mut seen,
        "a move while the log fails",
        is_move(uci),
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let on_disk = std::fs::read_to_string(&file).expect("log");
    assert!(on_disk.ends_with('\n'), "a partial line is left: {on_disk}");
    let record = LogRecord::from_jsonl(&on_disk).expect("every line on the disk is whole");
    let logged = record.lines.last().and_then(|l| l.seq).unwrap_or(0);
    // A page reconnecting now is told too.
    let mut late = spectator(&bridge.addr).await;
    let snapshot = next(&mut late, WAIT).await.expect("snapshot");
    assert!(
        snapshot["notices"]
            .to_string()
            .contains("the log cannot be written"),
        "{snapshot}"
    );

    // Room again: the lines held back are written, in order, and only then reported safe.
    std::fs::remove_file(&filler).expect("room again");
    let uci = play(2, &mut played);
    expect(&mut ws, &mut seen, "the log written again", |m| {
        m["type"] == "error"
            && m["message"]
                .as_str()
                .is_some_and(|t| t.contains("written again"))
    })
    .await;
    expect(&mut ws, &mut seen, "the last move", is_move(uci)).await;
    let last = last_seq(&seen);
    // A page hears how far the log is safe on a channel of its own: it may come before the
    // move it covers.
    if safe_through(&seen) <= last {
        expect(&mut ws, &mut seen, "the last move safe", |m| {
            m["type"] == "safe" && m["through"].as_u64() > Some(last)
        })
        .await;
    }
    bridge.kill();

    let safe = safe_through(&seen);
    assert!(
        safe > logged,
        "safe through {safe} after the disk had room again"
    );
    let text = std::fs::read_to_string(&file).expect("log");
    let record = LogRecord::from_jsonl(&text).expect("the whole log reads");
    let lines: BTreeMap<u64, Value> = record
        .lines
        .iter()
        .map(|l| {
            (
                l.seq.unwrap_or(0),
                serde_json::to_value(l.stamped()).unwrap(),
            )
        })
        .collect();
    let mut events = 0;
    for m in seen.iter().filter(|m| m["type"] == "event") {
        let seq = m["seq"].as_u64().expect("seq");
        if seq <= safe {
            events += 1;
            assert_eq!(
                lines.get(&seq),
                Some(&m["event"]),
                "event {seq} reported safe is lost"
            );
        }
    }
    assert!(
        events >= 2 * played,
        "{events} events seen for {played} moves"
    );

    // The bridge restarts on its own log, numbers going on, and the CLI replays it.
    let bridge = Bridge::start(board.path(), port, &args);
    let mut ws = spectator(&bridge.addr).await;
    let snapshot = next(&mut ws, WAIT).await.expect("snapshot");
    assert!(
        snapshot["seq"].as_u64() >= Some(last_seq(&seen)),
        "{snapshot}"
    );
    assert_eq!(
        snapshot["moves"].as_array().map(Vec::len),
        Some(played),
        "{snapshot}"
    );
    drop(bridge);
    let out = Command::new(arbiter_binary())
        .arg("replay")
        .arg(&file)
        .output()
        .expect("arbiter runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
