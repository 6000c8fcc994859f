//! The bridge end to end: a real `board-bridge` process, a simulated DGT board on a real
//! pseudo-terminal, and a real WebSocket client. No mocks; timing is generous because the machine
//! is shared, and nothing asserts speed.

use crate::common;

use std::time::Duration;

use arbiter_core::dgt::board::{Orientation, Placement};
use board_bridge::simulator::{self, Action, FakeBoard, Pace, Realism};
use common::*;

const SETTLE: &str = "150";

fn pace() -> Pace {
    common::pace(300)
}

fn expected() -> Vec<String> {
    simulator::moves_of_pgn(GAME)
        .expect("test game parses")
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_realism_switch_on_every_move_arrives_in_order_with_no_ghost_moves() {
    let Rig { bridge, board, .. } = &Rig::start("realism", &["--settle-ms", SETTLE]);
    let origin = format!("http://{}", bridge.addr);
    let mut ws = connect(&bridge.addr, Some(&origin), None)
        .await
        .expect("own origin is allowed");
    let moves = simulator::moves_of_pgn(GAME).expect("test game parses");
    // Rook-first castling breaks touch-move (2005 Art. 4.4b): its own test below.
    let realism = Realism {
        rook_first_castling: false,
        ..Realism::all()
    };
    board.queue(simulator::script_game(&moves, realism, pace()));
    let want = expected();

    // Halfway through, a second page drops its connection and comes back with its last seq.
    let mut first = collect_until(&mut ws, Duration::from_secs(20), |m| {
        move_ucis(m).len() >= 12
    })
    .await;
    let last_seen = last_seq(&first);
    drop(ws);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let mut ws = connect(&bridge.addr, Some(&origin), Some(last_seen))
        .await
        .expect("reconnect");
    let snapshot = next(&mut ws, Duration::from_secs(5))
        .await
        .expect("snapshot");
    assert_eq!(snapshot["type"], "snapshot");
    let rest = collect_until(&mut ws, Duration::from_secs(20), |m| {
        move_ucis(m).len() + 12 >= want.len()
    })
    .await;
    assert_no_gap(&rest, last_seen);
    first.retain(|m| m["type"] != "snapshot");
    let all: Vec<_> = first.into_iter().chain(rest).collect();
    assert_no_gap(&all, 0);

    assert_eq!(
        move_ucis(&all),
        want,
        "every move, in order, nothing else: {all:#?}"
    );
    assert!(
        of_type(&all, "takeback").is_empty(),
        "no ghost move was confirmed and retracted"
    );
    // A capture or castling lifts two pieces, a reach apart; a bridge that reads the board late
    // on a busy machine stamps them closer, and the Laws engine may then show the arbiter a
    // possible two-handed move (2005 Art. 4.1), which leaves the move standing. Anything else
    // would be a false irregularity.
    let irregular: Vec<_> = of_type(&all, "ruling")
        .into_iter()
        .filter(|r| r["kind"] != "clock_started")
        .filter(|r| r["verdict"]["what"] != "possible_two_handed_move")
        .collect();
    assert!(irregular.is_empty(), "no false irregularity: {irregular:?}");
    assert!(
        of_type(&all, "ruling")
            .iter()
            .any(|r| r["kind"] == "clock_started" && r["law"] == "2005 Art. 6.5"),
        "the game began when the board showed the initial position"
    );
    let boards = of_type(&all, "board");
    assert!(
        boards.iter().any(|b| b["connected"] == false),
        "the unplug was seen"
    );
    assert!(
        boards.iter().filter(|b| b["port"].is_string()).count() >= 2,
        "and the replug"
    );
    assert!(
        boards
            .iter()
            .any(|b| b["dropped"].as_u64().is_some_and(|n| n > 0)),
        "the garbage was counted in the board's health, not acted on"
    );
    let lifts = of_type(&all, "touch")
        .iter()
        .filter(|t| t["action"] == "lift")
        .count();
    assert!(
        lifts >= want.len(),
        "every move streamed its lift as a touch"
    );

    let (status, pgn) = bridge.get("/games.pgn");
    assert_eq!(status, 200);
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("17. Rad1 {[%clk") && flat.contains(" h6 {[%clk"),
        "the whole game, each move with the game clock's time: {pgn}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art6_8a_with_a_clock_each_lever_press_completes_the_move_and_the_pgn_has_clk() {
    let Rig { bridge, board, .. } =
        &Rig::with_clock("clock", &["--clock", "--minutes", "5", "--increment", "0"]);
    let mut ws = connect(&bridge.addr, None, None).await.expect("connect");
    let moves = simulator::moves_of_pgn(GAME).expect("test game parses");
    let realism = Realism {
        clock: true,
        ..slides_and_captures()
    };
    let quick = Pace {
        think: Duration::from_millis(120),
        ..pace()
    };
    board.queue(simulator::script_game(&moves[..12], realism, quick));
    let all = collect_until(&mut ws, Duration::from_secs(10), |m| {
        move_ucis(m).len() >= 12
    })
    .await;
    assert_eq!(move_ucis(&all), expected()[..12]);
    assert!(of_type(&all, "move").iter().all(|m| m["clock_ms"].is_u64()));
    // Each press completes its own move: no two moves arrive without a touch between them.
    let kinds: Vec<&str> = all
        .iter()
        .filter_map(|m| m["type"].as_str())
        .filter(|k| *k == "move" || *k == "touch")
        .collect();
    assert!(
        !kinds.windows(2).any(|w| w == ["move", "move"]),
        "a move waited for the next press: {kinds:?}"
    );
    let (_, pgn) = bridge.get("/games.pgn");
    assert!(pgn.contains("[%clk 0:04:5"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bridge_killed_mid_game_restarts_where_it_was_and_loses_nothing() {
    let scratch = Scratch::new("restart");
    let log = scratch.path("log");
    let log_arg = log.to_string_lossy().into_owned();
    let board = FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    let port = free_port();
    let mut bridge = Bridge::start(
        board.path(),
        port,
        &["--settle-ms", SETTLE, "--log", &log_arg],
    );
    let mut ws = connect(&bridge.addr, None, None).await.expect("connect");
    let moves = simulator::moves_of_pgn(GAME).expect("test game parses");
    let realism = slides_and_captures();
    board.queue(simulator::script_game(&moves[..10], realism, pace()));
    let before = collect_until(&mut ws, Duration::from_secs(15), |m| {
        move_ucis(m).len() >= 10
    })
    .await;
    let last_seen = last_seq(&before);
    bridge.kill();
    drop(ws);

    let bridge = Bridge::start(
        board.path(),
        port,
        &["--settle-ms", SETTLE, "--log", &log_arg],
    );
    let mut ws = connect(&bridge.addr, None, Some(last_seen))
        .await
        .expect("reconnect");
    let snapshot = next(&mut ws, Duration::from_secs(5))
        .await
        .expect("snapshot");
    assert_eq!(
        snapshot["moves"].as_array().map(Vec::len),
        Some(10),
        "the log brought the game back"
    );
    // Wait for the board to be read again before playing on.
    let resync = collect_until(&mut ws, Duration::from_secs(10), |m| {
        m.iter()
            .any(|b| b["type"] == "board" && b["placement"].is_string())
    })
    .await;
    // The rest of the game, as the same player would go on.
    let mut rest_script = simulator::script_game(&moves, realism, pace());
    let tenth_think = rest_script
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, Action::Pause(d) if *d == pace().think))
        .nth(10)
        .map(|(i, _)| i)
        .expect("ten moves in the script");
    rest_script.drain(..=tenth_think);
    board.queue(rest_script);
    let after = collect_until(&mut ws, Duration::from_secs(20), |m| {
        move_ucis(m).len() >= moves.len() - 10
    })
    .await;
    let all_after: Vec<_> = resync.into_iter().chain(after).collect();
    // The page takes up the stream from the snapshot; no number it saw is handed out again.
    let resumed = snapshot["seq"].as_u64().expect("seq");
    assert!(resumed >= last_seen, "{resumed} < {last_seen}");
    assert_no_gap(&all_after, resumed);
    let mut played = move_ucis(&before);
    played.extend(move_ucis(&all_after));
    assert_eq!(played, expected());
    // One log across the restart, in the core's format, replaying to the whole game.
    let (_, log_text) = bridge.get("/events.jsonl");
    let record = arbiter_core::arbiter::LogRecord::from_jsonl(&log_text).expect("an arbiter log");
    let game = arbiter_core::arbiter::Game::replay(&record.to_event_log()).expect("replays");
    let replayed: Vec<String> = game.moves().iter().map(|m| m.text.to_string()).collect();
    assert_eq!(replayed, expected());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_bytes_never_break_the_stream() {
    let Rig { bridge, board, .. } = &Rig::start("garbage", &["--settle-ms", SETTLE]);
    let mut ws = connect(&bridge.addr, None, None).await.expect("connect");
    let moves = simulator::moves_of_pgn(GAME).expect("test game parses");
    let mut script = Vec::new();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for action in simulator::script_game(&moves[..8], Realism::default(), pace()) {
        let is_pause = matches!(action, Action::Pause(_));
        script.push(action);
        if is_pause {
            // Noise of every kind, top-bit bytes included, between any two messages.
            let noise: Vec<u8> = (0..37)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 32) as u8
                })
                .collect();
            script.push(Action::Garbage(noise));
        }
    }
    board.queue(script);
    let all = collect_until(&mut ws, Duration::from_secs(15), |m| {
        move_ucis(m).len() >= 8
    })
    .await;
    assert_eq!(move_ucis(&all), expected()[..8]);
    // Noise is the board's health, a status with counts, never a ruling or an error notice.
    assert!(
        of_type(&all, "board")
            .iter()
            .any(|b| b["dropped"].as_u64().is_some_and(|n| n > 0)),
        "{all:#?}"
    );
    assert!(of_type(&all, "error").is_empty(), "{all:#?}");
    let rulings: Vec<_> = of_type(&all, "ruling")
        .into_iter()
        .filter(|r| r["kind"] != "clock_started")
        .collect();
    assert!(rulings.is_empty(), "only the Laws rule: {rulings:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_is_refused_and_the_page_is_served_without_a_board() {
    let scratch = Scratch::new("origin");
    // Nothing is plugged in at this path: the bridge still serves and keeps looking.
    let bridge = Bridge::start(&scratch.path("nothing"), free_port(), &[]);
    // Refused with the reason, in a form the page can show (a browser sees nothing of a
    // refused upgrade), and nothing of the game.
    let mut refused = connect(&bridge.addr, Some("http://evil.example"), None)
        .await
        .expect("the socket opens to say why");
    let why = next(&mut refused, Duration::from_secs(5))
        .await
        .expect("the refusal");
    assert_eq!(why["type"], "refused", "{why}");
    assert_eq!(why["reason"], "origin");
    assert_eq!(why["origin"], "http://evil.example");
    assert_eq!(
        why["message"],
        "this bridge does not accept pages from http://evil.example: start it with --allow-origin http://evil.example"
    );
    assert!(
        next(&mut refused, Duration::from_secs(5)).await.is_none(),
        "then closed, no snapshot"
    );
    let own = format!("http://{}", bridge.addr);
    let mut ws = connect(&bridge.addr, Some(&own), None)
        .await
        .expect("own origin allowed");
    let snapshot = next(&mut ws, Duration::from_secs(5))
        .await
        .expect("snapshot");
    assert_eq!(snapshot["connected"], false);
    let (status, _) = bridge.get("/events.jsonl");
    assert_eq!(status, 200);
    // The page of an allowed site reads the log its board replays (CORS); another site's not.
    let (status, h, body) = bridge.request("/events.jsonl", &[("Origin", &own)]);
    assert_eq!(status, 200);
    assert_eq!(h.get("access-control-allow-origin"), Some(&own));
    assert!(body.starts_with(br#"{"schema":"arbiter-log""#));
    let (_, h, _) = bridge.request("/events.jsonl", &[("Origin", "http://evil.example")]);
    assert_eq!(h.get("access-control-allow-origin"), None);
    let (status, _) = bridge.get("/../Cargo.toml");
    assert_ne!(status, 200, "only the page's own files are served");
    // A page that sends more than the cap is cut off.
    let mut ws = connect(&bridge.addr, None, Some(0)).await.expect("connect");
    let _ = next(&mut ws, Duration::from_secs(5)).await;
    use futures_util::SinkExt;
    let _ = ws
        .send(tokio_tungstenite::tungstenite::Message::Text(
            "x".repeat(100_000).into(),
        ))
        .await;
    assert!(
        next(&mut ws, Duration::from_secs(5)).await.is_none(),
        "oversized message closes the stream"
    );
}

/// A page rebuilds the game with the bridge's setup, not its own attributes: the snapshot carries
/// the game's config, including who plays by ear (2005 App. F1).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_f1_the_snapshot_carries_the_bridges_game_config() {
    let scratch = Scratch::new("config");
    let config = scratch.path("config.json");
    std::fs::write(
        &config,
        r#"{"edition":"2023","time_control":[{"moves":null,"time":600000,"timing":{"kind":"increment","ms":5000}}],
            "white":"Ada","black":"Bo","visually_impaired":[{"player":"black","tactile_board":false}]}"#,
    )
    .expect("config file");
    let config = config.to_string_lossy().into_owned();
    let bridge = Bridge::start(
        &scratch.path("nothing"),
        free_port(),
        &["--game-config", &config],
    );
    let mut ws = spectator(&bridge.addr).await;
    let snapshot = next(&mut ws, Duration::from_secs(5))
        .await
        .expect("snapshot");
    assert_eq!(snapshot["type"], "snapshot");
    let got = &snapshot["config"];
    assert_eq!(got["edition"], "2023");
    assert_eq!(got["time_control"][0]["time"], 600_000);
    assert_eq!(got["black"], "Bo");
    assert_eq!(got["visually_impaired"][0]["player"], "black");
    // The page reads it as the core's GameConfig.
    let back: arbiter_core::arbiter::GameConfig =
        serde_json::from_value(got.clone()).expect("a GameConfig");
    assert!(back.is_impaired(arbiter_core::Color::Black));
    assert!(!back.is_impaired(arbiter_core::Color::White));
}

/// One core at both ends: a page joining mid-game replays the bridge's log up to its snapshot's
/// number and applies the events streamed after it, and its core's state is the bridge's own
/// (the page's `LiveGame` does exactly this in wasm). Nothing is rebuilt from the SAN list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_up_to_the_snapshot_and_the_streamed_events_replay_to_the_bridges_state() {
    use arbiter_core::arbiter::{Event, Game, LogRecord, Stamped};
    use arbiter_core::clock::Timestamp;
    let Rig { bridge, board, .. } = &Rig::start("replay", &["--settle-ms", SETTLE]);
    let mut first = spectator(&bridge.addr).await;
    let moves = simulator::moves_of_pgn(GAME).expect("test game parses");
    board.queue(simulator::script_game(
        &moves[..8],
        slides_and_captures(),
        pace(),
    ));
    collect_until(&mut first, Duration::from_secs(20), |m| {
        move_ucis(m).len() >= 3
    })
    .await;
    // A page joins with the game under way: the snapshot, then the log as it stands.
    let mut late = spectator(&bridge.addr).await;
    let snapshot = next(&mut late, Duration::from_secs(5))
        .await
        .expect("snapshot");
    let seq = snapshot["seq"].as_u64().expect("seq");
    let (status, text) = bridge.get("/events.jsonl");
    assert_eq!(status, 200);
    let mut record = LogRecord::from_jsonl(&text).expect("the log reads");
    record.lines.retain(|l| l.seq.is_none_or(|s| s <= seq));
    let mut game = Game::replay(&record.to_event_log()).expect("the log replays");
    let mut last_at = record.lines.last().map_or(0, |l| l.at.0);
    assert!(
        snapshot["at_ms"].as_u64().is_some_and(|at| at >= last_at),
        "the snapshot says the bridge's clock: {snapshot}"
    );
    let all = collect_until(&mut late, Duration::from_secs(20), |m| {
        move_ucis(m).len() >= 8 && m.last().is_some_and(|l| l["type"] == "state")
    })
    .await;
    let mut bridge_state = None;
    // The tail a page asked for with its hello is in the snapshot already: what a page's
    // client drops, dropped here.
    for m in all
        .iter()
        .filter(|m| m["seq"].as_u64().is_some_and(|s| s > seq))
    {
        match m["type"].as_str() {
            Some("event") => {
                let stamped: Stamped<Event> =
                    serde_json::from_value(m["event"].clone()).expect("a stamped event");
                last_at = stamped.at.0;
                game.handle(stamped)
                    .expect("the bridge's event takes here too");
            }
            Some("state") => bridge_state = Some(m["state"].clone()),
            _ => {}
        }
    }
    assert_eq!(game.moves().len(), 8, "every move, from the events alone");
    let ours = serde_json::to_value(game.state(Timestamp(last_at))).expect("state json");
    assert_eq!(
        Some(ours),
        bridge_state,
        "the same events give the same state"
    );
}
