//! Issue 28: `/games.pgn` is the core's export, the same PGN as the hall's and as `arbiter
//! export`: the result in its tag and as the terminator once the game ends, the players' names
//! and the event's tags where known, the Date of the day the game began, and `[%clk h:mm:ss]`
//! in one form. A real bridge on a simulated board in a pseudo-terminal, a real WebSocket
//! client, real HTTP and the real `arbiter` command.

use crate::common;

use std::path::PathBuf;
use std::process::Command;

use arbiter_core::arbiter::pgn_date;
use board_bridge::simulator;
use common::*;

/// The `arbiter` command of this workspace, built if it is not there yet.
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

fn today() -> String {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("a clock after 1970")
        .as_millis() as u64;
    pgn_date(ms)
}

/// Every `[%clk ...]` in `pgn` is `H:MM:SS`, whole seconds; returns how many there are.
fn whole_second_clocks(pgn: &str) -> usize {
    let clocks: Vec<&str> = pgn
        .split("[%clk ")
        .skip(1)
        .map(|rest| rest.split(']').next().unwrap_or(""))
        .collect();
    for clk in &clocks {
        let parts: Vec<&str> = clk.split(':').collect();
        let ok = parts.len() == 3
            && parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit()))
            && parts[1].len() == 2
            && parts[2].len() == 2;
        assert!(ok, "[%clk {clk}] is not h:mm:ss in {pgn}");
    }
    clocks.len()
}

/// Opens the stream as White's seat and starts the game once the board is read (a start that
/// came by itself already makes this one a refusal to this page alone).
async fn started(addr: &str, seen: &mut Vec<serde_json::Value>) -> Ws {
    let mut ws = connect_as(addr, "white").await.expect("connect");
    let read = |m: &serde_json::Value| {
        (m["type"] == "snapshot" || m["type"] == "board") && m["placement"].is_string()
    };
    let began = |m: &serde_json::Value| {
        (m["type"] == "snapshot" || m["type"] == "state") && m["state"]["started"] == true
    };
    // The snapshot may already show what a message would have said.
    let first = expect(&mut ws, seen, "the snapshot", |m| m["type"] == "snapshot").await;
    if !read(&first) {
        expect(&mut ws, seen, "the board read", read).await;
    }
    if !seen.iter().any(began) {
        send(&mut ws, r#"{"type":"event","event":{"type":"start"}}"#).await;
        expect(&mut ws, seen, "the start", began).await;
    }
    ws
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_pgn_after_a_mate_has_the_result_the_date_and_whole_second_clocks_as_arbiter_export()
{
    let scratch = Scratch::new("pgn-mate");
    let log = scratch.path("log");
    let log_arg = log.to_string_lossy().into_owned();
    let rig_board = simulator::FakeBoard::start(
        &scratch.path("board"),
        arbiter_core::dgt::board::Placement::start(),
        arbiter_core::dgt::board::Orientation::Normal,
    )
    .expect("pty");
    let bridge = Bridge::start(
        rig_board.path(),
        free_port(),
        &[
            "--settle-ms",
            "150",
            "--log",
            &log_arg,
            "--minutes",
            "5",
            "--increment",
            "0",
        ],
    );
    let mut seen = Vec::new();
    let mut ws = started(&bridge.addr, &mut seen).await;
    let moves = simulator::moves_of_pgn(b"1. f3 e5 2. g4 Qh4# 0-1").expect("the game parses");
    rig_board.queue(simulator::script_game(
        &moves,
        Default::default(),
        pace(300),
    ));
    expect(&mut ws, &mut seen, "the mate", is_move("d8h4")).await;
    expect(&mut ws, &mut seen, "the end", |m| {
        m["type"] == "state" && m["state"]["outcome"]["result"] == "0-1"
    })
    .await;

    let (status, pgn) = bridge.get("/games.pgn");
    assert_eq!(status, 200);
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.trim_end().ends_with(" 0-1"), "the terminator: {pgn}");
    assert!(pgn.contains(&format!("[Date \"{}\"]", today())), "{pgn}");
    // No names given: "?" is right.
    assert!(
        pgn.contains("[White \"?\"]") && pgn.contains("[Black \"?\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[TimeControl \"300\"]"), "{pgn}");
    assert_eq!(whole_second_clocks(&pgn), 4);

    // `arbiter export --pgn` on the bridge's own log writes the same text, byte for byte.
    let (_, served) = bridge.get("/events.jsonl");
    let file = scratch.path("served.jsonl");
    std::fs::write(&file, &served).expect("write");
    let out = Command::new(arbiter_binary())
        .args(["export", "--pgn"])
        .arg(&file)
        .output()
        .expect("arbiter runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), pgn);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_halls_board_serves_at_its_games_pgn_its_game_of_the_round_pgn_with_the_names() {
    // The boards' own `/games.pgn` had White and Black "?" where `/round.pgn` had the names.
    let scratch = Scratch::new("pgn-hall");
    let (board, toml) = one_board_hall(&scratch, "Club Championship", 3, "2023");
    let hall = Bridge::hall(&toml, &[], &scratch.path("stderr"));
    let moves = simulator::moves_of_pgn(b"1. e4 e5 2. Nf3").expect("the game parses");
    board.queue(simulator::script_game(
        &moves,
        Default::default(),
        pace(300),
    ));
    let deadline = std::time::Instant::now() + WAIT;
    let own = loop {
        let (status, own) = hall.get("/board/4/games.pgn");
        assert_eq!(status, 200);
        if own.contains("2. Nf3") || std::time::Instant::now() > deadline {
            break own;
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    let (_, round) = hall.get("/round.pgn");
    assert_eq!(own, round, "one board: its game is the round");
    for tag in [
        "[Event \"Club Championship\"]",
        "[Round \"3.4\"]",
        "[White \"Anna\"]",
        "[Black \"Bruno\"]",
        "[TimeControl \"5400+30\"]",
    ] {
        assert!(own.contains(tag), "{tag} missing from {own}");
    }
    whole_second_clocks(&own);
    if own.contains("1. e4") {
        // Without a date in the hall file, the day the game began.
        assert!(own.contains(&format!("[Date \"{}\"]", today())), "{own}");
    }
}
