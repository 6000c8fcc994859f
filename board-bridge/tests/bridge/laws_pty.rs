//! The Laws engine behind the bridge, end to end: a real `board-bridge` process, simulated DGT
//! boards on real pseudo-terminals, and real WebSocket clients. Two boards for a visually
//! impaired player (2005 App. F), pages sending events by role, and the game's clock shown on a
//! DGT clock. Timing is generous because the machine is shared; nothing asserts speed.

use crate::common;

use std::time::Duration;

use arbiter_core::dgt::clock::{ClockCommand, ClockSide};
use arbiter_core::{Piece, Square};
use board_bridge::simulator::{self, Realism};
use common::*;
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_f2_7_two_boards_one_game_a_wrong_reproduction_is_found_and_put_right() {
    let rig = TwoBoards::start("two-boards", false, "150");
    let (main, blind, bridge) = (&rig.main, &rig.blind, &rig.bridge);
    let mut ws = spectator(&bridge.addr).await;
    let mut all = Vec::new();
    let settle = || tokio::time::sleep(Duration::from_millis(600));

    start_from_white(&bridge.addr, &mut ws, &mut all).await;

    // 1. e4 on the sighted player's board, then reproduced on the tactile board.
    main.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    expect(&mut ws, &mut all, "1. e4", is_move("e2e4")).await;
    blind.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    settle().await;
    // 1... e5 made on the tactile board: it counts as made once the pawn is in its new hole,
    // and the opponent's clock starts with no press (App. F2.3).
    blind.queue(carry(Square::E7, Square::E5, black(Piece::Pawn)));
    let m = expect(&mut ws, &mut all, "1... e5", is_move("e7e5")).await;
    assert_eq!(m["ply"], 2);
    main.queue(carry(Square::E7, Square::E5, black(Piece::Pawn)));
    settle().await;
    // 2. Nf3, which the assistant reproduces wrongly: the queen's knight to c3.
    main.queue(carry(Square::G1, Square::F3, white(Piece::Knight)));
    expect(&mut ws, &mut all, "2. Nf3", is_move("g1f3")).await;
    blind.queue(carry(Square::B1, Square::C3, white(Piece::Knight)));
    let d = expect(&mut ws, &mut all, "the discrepancy", |m| {
        m["type"] == "discrepancy"
    })
    .await;
    assert_eq!(
        d["correction"]["kind"],
        "fix_boards",
        "{d}; before: {:#?}",
        of_type(&all, "discrepancy")
    );
    assert_eq!(
        d["correction"]["boards"],
        serde_json::json!(["impaired"]),
        "{d}"
    );
    assert_eq!(d["correction"]["ply"], 3, "{d}");
    assert_eq!(d["law"], "2005 App. F2.7", "{d}");
    assert!(
        d["correction"]["fen"]
            .as_str()
            .is_some_and(|f| f.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b")),
        "the position the score leads to: {d}"
    );
    assert_eq!(
        d["main"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"
    );
    assert_eq!(
        d["blind"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR"
    );
    // The tactile board is put right: the knight back to b1, the other one to f3.
    blind.queue(carry(Square::C3, Square::B1, white(Piece::Knight)));
    blind.queue(carry(Square::G1, Square::F3, white(Piece::Knight)));
    let r = expect(&mut ws, &mut all, "the boards back in step", |m| {
        m["type"] == "discrepancy"
            && m["correction"]["kind"] == "in_step"
            && m.get("awaiting").is_none()
    })
    .await;
    assert_eq!(r["main"], r["blind"]);
    // And the game goes on from the tactile board.
    blind.queue(carry(Square::B8, Square::C6, black(Piece::Knight)));
    let m = expect(&mut ws, &mut all, "2... Nc6", is_move("b8c6")).await;
    assert_eq!(m["san"], "Nc6");
    // The move streams first; the events that made it follow, then the state.
    expect(&mut ws, &mut all, "the state after it", |m| {
        m["type"] == "state"
    })
    .await;

    assert_eq!(
        move_ucis(&all),
        ["e2e4", "e7e5", "g1f3", "b8c6"],
        "the wrong knight was never a move of the game"
    );
    // Only the wrong knight was a discrepancy: a board still to reproduce the move just made on
    // the other one is not (while the tactile board was being put right it passed through the
    // position before 2. Nf3, which is only "awaiting" the reproduction).
    let found: Vec<_> = of_type(&all, "discrepancy")
        .iter()
        .map(|d| d["correction"]["kind"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(
        found.first().map(String::as_str),
        Some("fix_boards"),
        "{found:?}"
    );
    assert!(
        found[1..].iter().all(|k| k == "in_step"),
        "{:#?}",
        of_type(&all, "discrepancy")
    );
    let touches_f22: Vec<_> = of_type(&all, "ruling")
        .into_iter()
        .filter(|r| r["kind"] == "must_move" || r["kind"] == "touch_move_breach")
        .collect();
    assert!(
        touches_f22.is_empty(),
        "no false touch-move: {touches_f22:?}"
    );
}

/// A move made from a page, then the clock pressed for `player` (2005 Art. 6.8a: the press
/// completes the move).
async fn move_and_press(ws: &mut Ws, uci: &str, player: &str) {
    let event = |e: String| format!(r#"{{"type":"event","event":{e}}}"#);
    send(ws, &event(format!(r#"{{"type":"move","move":"{uci}"}}"#))).await;
    send(
        ws,
        &event(format!(r#"{{"type":"press_clock","player":"{player}"}}"#)),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn page_events_by_role_spectators_none_players_their_own_colour_assistant_both() {
    let scratch = Scratch::new("roles");
    // No board at all: the port does not exist, and the bridge keeps looking for it.
    let bridge = Bridge::start(
        &scratch.path("no-board"),
        free_port(),
        // Standard play, so the arbiter acts on an illegal move at once (2005 Art. 7.4a).
        &["--minutes", "90", "--increment", "0"],
    );
    let addr = bridge.addr.clone();
    let mut spectator = connect_as(&addr, "spectator").await.expect("spectator");
    let mut whites = connect_as(&addr, "white").await.expect("white");
    let mut blacks = connect_as(&addr, "black").await.expect("black");
    let mut assistant = connect_as(&addr, "assistant").await.expect("assistant");
    let error = |m: &Value| m["type"] == "error";
    let event = |e: &str| format!(r#"{{"type":"event","event":{e}}}"#);

    send(&mut spectator, &event(r#"{"type":"start"}"#)).await;
    let (e, _) = wait_for(&mut spectator, WAIT, error).await;
    let e = e.expect("a spectator's event is refused");
    assert!(
        e["message"].as_str().unwrap_or("").contains("spectator"),
        "{e}"
    );
    assert!(e.get("seq").is_none(), "a refusal goes to that page only");

    send(&mut whites, &event(r#"{"type":"start"}"#)).await;
    let (s, _) = wait_for(&mut whites, WAIT, |m| m["kind"] == "clock_started").await;
    assert_eq!(s.expect("started")["law"], "2005 Art. 6.5");

    // Black may not move for White.
    send(&mut blacks, &event(r#"{"type":"move","move":"e2e4"}"#)).await;
    let (e, _) = wait_for(&mut blacks, WAIT, error).await;
    let e = e.expect("refused");
    assert!(
        e["message"]
            .as_str()
            .unwrap_or("")
            .contains("black player cannot act for white"),
        "{e}"
    );
    // With the id and sides the page words it by, in its players' language.
    assert_eq!(
        (&e["id"], &e["seat"], &e["player"]),
        (
            &Value::from("seat_not_yours"),
            &Value::from("black"),
            &Value::from("white")
        ),
        "{e}"
    );
    // White moves and presses (2005 Art. 6.8a: the press completes the move).
    move_and_press(&mut whites, "e2e4", "white").await;
    let (m, _) = wait_for(&mut whites, WAIT, is_move("e2e4")).await;
    let m = m.expect("1. e4");
    assert_eq!(
        (m["ply"].as_u64(), m["san"].as_str()),
        (Some(1), Some("e4"))
    );
    assert!(
        m["clock_ms"]
            .as_u64()
            .is_some_and(|ms| ms <= 5_400_000 && ms > 5_390_000)
    );
    // White cannot press Black's clock.
    send(
        &mut whites,
        &event(r#"{"type":"press_clock","player":"black"}"#),
    )
    .await;
    let (e, _) = wait_for(&mut whites, WAIT, error).await;
    assert!(e.is_some(), "white pressing for black is refused");
    // The assistant acts for the player on move (App. F2.9).
    move_and_press(&mut assistant, "e7e5", "black").await;
    let (m, _) = wait_for(&mut spectator, WAIT, is_move("e7e5")).await;
    assert_eq!(m.expect("1... e5")["san"], "e5");
    // An illegal move completed from a page is ruled on by the Laws: set back (2005 Art. 7.4a).
    move_and_press(&mut whites, "e1e3", "white").await;
    let (r, _) = wait_for(&mut spectator, WAIT, |m| m["kind"] == "illegal_move").await;
    let r = r.expect("the illegal move is ruled on");
    assert_eq!(r["law"], "2005 Art. 7.4a");
    assert_eq!(r["verdict"]["player"], "white");
    let (r, _) = wait_for(&mut spectator, WAIT, |m| m["kind"] == "position_restored").await;
    assert!(
        r.expect("and the position restored")["verdict"]["fen"]
            .as_str()
            .is_some_and(|f| f.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w")),
    );
    // The arbiter (his own seat; never the assistant's, App. F2.9) sets the game back after
    // White's first move (2005 Art. 6.14 / 7.5; the retrace of App. F2.8): the stream says how far.
    let restore = event(r#"{"type":"arbiter","decision":{"kind":"restore","ply":1}}"#);
    send(&mut assistant, &restore).await;
    let (e, _) = wait_for(&mut assistant, WAIT, error).await;
    assert_eq!(e.expect("refused")["id"], "seat_arbiter_only");
    let mut arbiter = connect_as(&addr, "arbiter").await.expect("arbiter");
    send(&mut arbiter, &restore).await;
    let (t, _) = wait_for(&mut spectator, WAIT, |m| m["type"] == "takeback").await;
    let t = t.expect("the game set back");
    assert_eq!(t["to_ply"], 1, "{t}");
    assert!(
        t["fen"]
            .as_str()
            .is_some_and(|f| f.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")),
        "{t}"
    );
    // Junk is answered, not acted on.
    send(&mut assistant, "not json").await;
    let (e, _) = wait_for(&mut assistant, WAIT, error).await;
    assert!(e.is_some());
    let (_, events) = bridge.get("/events.jsonl");
    let sources: Vec<Value> = events
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|m| m["event"].is_object())
        .map(|m| m["source"].clone())
        .collect();
    assert!(sources.contains(&Value::from("assistant")) && sources.contains(&Value::from("white")));
    assert!(
        !sources.contains(&Value::from("spectator")) && !sources.contains(&Value::from("black"))
    );
}

fn set_and_run(c: &ClockCommand) -> Option<(u32, u32, Option<ClockSide>)> {
    let secs = |t: &arbiter_core::dgt::clock::DisplayTime| {
        u32::from(t.hours) * 3600 + u32::from(t.minutes) * 60 + u32::from(t.seconds)
    };
    match c {
        ClockCommand::SetAndRun {
            left,
            right,
            running,
        } => Some((secs(left), secs(right), *running)),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art6_8a_lever_presses_complete_moves_and_the_game_clock_drives_the_dgt_display() {
    // White's clock runs on the left before the first move, so the left display is White's.
    let Rig { bridge, board, .. } = &Rig::with_clock(
        "clock-display",
        &["--clock", "--minutes", "5", "--increment", "3"],
    );
    let mut ws = spectator(&bridge.addr).await;
    let moves = simulator::moves_of_pgn(GAME).expect("test game parses");
    let realism = Realism {
        clock: true,
        ..Realism::default()
    };
    board.queue(simulator::script_game(&moves[..2], realism, pace(400)));
    let (m, _) = wait_for(&mut ws, WAIT, is_move(moves[1].to_string())).await;
    m.expect("both moves completed by their presses");
    // The display follows within the serial loop's next turn.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    let shown = loop {
        let shown: Vec<_> = board
            .clock_commands()
            .iter()
            .filter_map(set_and_run)
            .collect();
        if shown.len() >= 3 || std::time::Instant::now() > deadline {
            break shown;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // Before the start the clock stands (2023 Art. 6.6): the game's first setting, if it came
    // before the clock's reading, shows nothing running.
    let shown: Vec<_> = shown.into_iter().skip_while(|s| s.2.is_none()).collect();
    let running: Vec<_> = shown.iter().map(|s| s.2).collect();
    assert_eq!(
        running,
        [
            Some(ClockSide::Left),
            Some(ClockSide::Right),
            Some(ClockSide::Left)
        ],
        "White's clock, then Black's after White's press, then White's: {shown:?}"
    );
    // After White's press: White has 5:00 less the time he used plus 3 s, Black a full 5:00.
    let (left, right, _) = shown[1];
    assert!((300..=303).contains(&left), "White's display {left} s");
    assert!(
        (299..=300).contains(&right),
        "Black's display {right} s, running since the press"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art4_4b_castling_rook_first_binds_the_rook_and_the_board_is_told_what_to_restore() {
    let Rig { bridge, board, .. } = &Rig::start("rook-first", &["--settle-ms", "150"]);
    let mut ws = spectator(&bridge.addr).await;
    let mut all = Vec::new();
    start_from_white(&bridge.addr, &mut ws, &mut all).await;
    let opening = [
        (Square::E2, Square::E4, white(Piece::Pawn), "e2e4"),
        (Square::E7, Square::E5, black(Piece::Pawn), "e7e5"),
        (Square::G1, Square::F3, white(Piece::Knight), "g1f3"),
        (Square::B8, Square::C6, black(Piece::Knight), "b8c6"),
        (Square::F1, Square::C4, white(Piece::Bishop), "f1c4"),
        (Square::F8, Square::C5, black(Piece::Bishop), "f8c5"),
    ];
    for (from, to, piece, uci) in opening {
        board.queue(carry(from, to, piece));
        expect(&mut ws, &mut all, uci, is_move(uci)).await;
    }
    // The rook first, then the king: touching the rook first rules castling out (2005 Art.
    // 4.4b), so the rook must move; the king stays where the Laws put it.
    board.queue(carry(Square::H1, Square::F1, white(Piece::Rook)));
    board.queue(carry(Square::E1, Square::G1, white(Piece::King)));
    let r = expect(&mut ws, &mut all, "the touch-move ruling", |m| {
        m["kind"] == "must_move"
    })
    .await;
    assert_eq!(r["law"], "2005 Art. 4.4b", "{r}");
    assert_eq!(r["verdict"]["obligation"]["square"], "h1", "{r}");
    let d = expect(&mut ws, &mut all, "what to restore", |m| {
        m["kind"] == "displaced"
    })
    .await;
    assert_eq!(
        d["restore"],
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R"
    );
    assert_eq!(d["squares"], serde_json::json!(["e1", "f1", "g1", "h1"]));
    // Put back, then the rook moves, as the Laws require.
    board.queue(carry(Square::G1, Square::E1, white(Piece::King)));
    board.queue(carry(Square::F1, Square::H1, white(Piece::Rook)));
    tokio::time::sleep(Duration::from_millis(600)).await;
    board.queue(carry(Square::H1, Square::F1, white(Piece::Rook)));
    let m = expect(&mut ws, &mut all, "Rf1", is_move("h1f1")).await;
    assert_eq!(m["ply"], 7);
    assert!(!move_ucis(&all).contains(&"e1g1".to_owned()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art6_8a_without_auto_press_a_settled_move_waits_for_the_press_on_the_page() {
    let Rig { bridge, board, .. } = &Rig::start("page-press", &["--settle-ms", "150"]);
    let mut whites = connect_as(&bridge.addr, "white").await.expect("white");
    let mut all = Vec::new();
    await_start(&mut whites, &mut all).await;
    // Casual play is the default; a player turns it off from the page.
    send(&mut whites, r#"{"type":"auto_press","on":false}"#).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    board.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    let (early, seen) = wait_for(&mut whites, Duration::from_millis(900), is_move("e2e4")).await;
    assert!(
        early.is_none(),
        "made on the board, not completed: {seen:#?}"
    );
    assert!(
        seen.iter()
            .any(|m| m["type"] == "event" && m["event"]["event"]["type"] == "move"),
        "the move was handed to the game as made"
    );
    send(
        &mut whites,
        r#"{"type":"event","event":{"type":"press_clock","player":"white"}}"#,
    )
    .await;
    let m = expect(&mut whites, &mut all, "e4 on the press", is_move("e2e4")).await;
    assert_eq!(m["ply"], 1);
    // Back to casual play: Black's reply completes itself once settled.
    send(&mut whites, r#"{"type":"auto_press","on":true}"#).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    board.queue(carry(Square::E7, Square::E5, black(Piece::Pawn)));
    expect(&mut whites, &mut all, "e5 by itself", is_move("e7e5")).await;
}

/// Whether `m` is the game's event of `kind` (`move`, `press_clock`...) sent by `source`.
fn is_event(m: &Value, kind: &str, source: &str) -> bool {
    m["type"] == "event" && m["event"]["event"]["type"] == kind && m["source"] == source
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_f2_3_with_a_dgt_clock_the_blind_players_lever_press_completes_the_move_on_his_board() {
    use arbiter_core::Color;
    use board_bridge::simulator::Action;
    // A settle long enough that the press 150 ms after the knight stands (below) comes well
    // inside it on a machine busy with other tests (at 400 ms, a whole run once saw it miss).
    let rig = TwoBoards::start("two-boards-clock", true, "1000");
    let (main, blind, bridge) = (&rig.main, &rig.blind, &rig.bridge);
    let mut ws = spectator(&bridge.addr).await;
    let mut all = Vec::new();
    let settle = || tokio::time::sleep(Duration::from_millis(1500));
    let press = |by: Color| Action::Clock(simulator::clock_after_press([300_000, 300_000], by));
    start_from_white(&bridge.addr, &mut ws, &mut all).await;

    // 1. e4 on the sighted player's board, completed by his press; reproduced on the tactile one.
    main.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    main.queue([press(Color::White)]);
    expect(&mut ws, &mut all, "1. e4", is_move("e2e4")).await;
    blind.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    settle().await;

    // 1... e5 made on the tactile board: made (the pawn in its new hole, App. F2.3), and not
    // complete until Black presses the lever: no move, and his clock still runs.
    blind.queue(carry(Square::E7, Square::E5, black(Piece::Pawn)));
    let (early, seen) = wait_for(&mut ws, Duration::from_millis(2000), is_move("e7e5")).await;
    all.extend(seen);
    assert!(early.is_none(), "completed without a press: {early:?}");
    assert!(
        all.iter().any(|m| is_event(m, "move", "blind_board")),
        "the move made on the tactile board goes to the game: {all:#?}"
    );
    main.queue([press(Color::Black)]);
    let m = expect(
        &mut ws,
        &mut all,
        "1... e5 on Black's press",
        is_move("e7e5"),
    )
    .await;
    assert_eq!(m["ply"], 2);
    let s = expect(&mut ws, &mut all, "the state after it", |m| {
        m["type"] == "state"
    })
    .await;
    assert_eq!(s["state"]["running"], "white", "White's clock started: {s}");
    let pressed = all
        .iter()
        .rev()
        .find(|m| is_event(m, "press_clock", "blind_board"))
        .expect("the press is the blind player's, on his board's behalf");
    assert_eq!(pressed["event"]["event"]["player"], "black");
    // The DGT clock shows White's side running again (the left one, White's before move 1).
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let shown: Vec<_> = main
            .clock_commands()
            .iter()
            .filter_map(set_and_run)
            .collect();
        if shown.last().is_some_and(|s| s.2 == Some(ClockSide::Left)) && shown.len() >= 3 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the display never went back to White: {shown:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // The sighted player reproduces 1... e5, plays 2. Nf3 and presses; the tactile board follows.
    main.queue(carry(Square::E7, Square::E5, black(Piece::Pawn)));
    settle().await;
    main.queue(carry(Square::G1, Square::F3, white(Piece::Knight)));
    main.queue([press(Color::White)]);
    expect(&mut ws, &mut all, "2. Nf3", is_move("g1f3")).await;
    blind.queue(carry(Square::G1, Square::F3, white(Piece::Knight)));
    settle().await;

    // 2... Nc6 with the lever pressed as soon as the knight stands (before the settle time):
    // the press reads his board at once, and the move is made and completed at that instant.
    blind.queue(carry(Square::B8, Square::C6, black(Piece::Knight)));
    tokio::time::sleep(Duration::from_millis(150)).await;
    main.queue([press(Color::Black)]);
    let m = expect(&mut ws, &mut all, "2... Nc6", is_move("b8c6")).await;
    assert_eq!(m["san"], "Nc6");
    // The move streams first; the events that made it follow, then the state.
    expect(&mut ws, &mut all, "the state after it", |m| {
        m["type"] == "state"
    })
    .await;
    let stamp = |kind: &str| {
        all.iter()
            .rev()
            .find(|m| is_event(m, kind, "blind_board"))
            .map(|m| m["event"]["at"].clone())
    };
    assert_eq!(
        stamp("move"),
        stamp("press_clock"),
        "made and completed by the one press"
    );

    assert_eq!(move_ucis(&all), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    // While each move stood made and waited for the press, the boards did not differ.
    let differ: Vec<_> = of_type(&all, "discrepancy")
        .into_iter()
        .filter(|d| d["correction"]["kind"] != "in_step")
        .collect();
    assert!(differ.is_empty(), "no discrepancy, no retrace: {differ:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_f2_7_a_tactile_board_behind_the_record_with_a_piece_off_is_set_right_not_retraced() {
    let rig = TwoBoards::start("two-boards-behind", false, "150");
    let (main, blind, bridge) = (&rig.main, &rig.blind, &rig.bridge);
    let mut ws = spectator(&bridge.addr).await;
    let mut all = Vec::new();
    start_from_white(&bridge.addr, &mut ws, &mut all).await;
    main.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    expect(&mut ws, &mut all, "1. e4", is_move("e2e4")).await;
    // 1. e4 is not reproduced on the tactile board, and a pawn is knocked off it.
    blind.queue([board_bridge::simulator::Action::Set(
        Square::H7,
        arbiter_core::dgt::board::Occupant::Empty,
    )]);
    let d = expect(&mut ws, &mut all, "the discrepancy", |m| {
        m["type"] == "discrepancy" && m["correction"]["kind"] != "in_step"
    })
    .await;
    // Both scores hold 1. e4 (it was announced); the tactile board is set to the position
    // after it (F2.7), not the game taken back to before it (F2.8).
    assert_eq!(d["correction"]["kind"], "fix_boards", "{d}");
    assert_eq!(d["correction"]["ply"], 1, "{d}");
    assert_eq!(
        d["correction"]["boards"],
        serde_json::json!(["impaired"]),
        "{d}"
    );
    assert_eq!(d["law"], "2005 App. F2.7", "{d}");
    // Put right: the pawn back, 1. e4 reproduced; the boards are in step again.
    blind.queue([board_bridge::simulator::Action::Set(
        Square::H7,
        black(Piece::Pawn),
    )]);
    blind.queue(carry(Square::E2, Square::E4, white(Piece::Pawn)));
    expect(&mut ws, &mut all, "the boards back in step", |m| {
        m["type"] == "discrepancy"
            && m["correction"]["kind"] == "in_step"
            && m.get("awaiting").is_none()
    })
    .await;
    assert!(
        of_type(&all, "discrepancy")
            .iter()
            .all(|d| d["correction"]["kind"] != "retrace"),
        "{:#?}",
        of_type(&all, "discrepancy")
    );
    assert_eq!(move_ucis(&all), ["e2e4"]);
}

/// 2023 Art. 6.6 / 2005 Art. 6.5, and 2023 Art. 5.1.1, 6.2.1.1 / 2005 Art. 5.1a, 6.8a, at a real
/// board with a DGT clock: the clock stands until Black presses to start White's; then 1. f3 e5
/// 2. g4 each completed by its press, and 2... Qh4# placed and never pressed ends the game at the
/// placement, the clock stopped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn art6_6_art5_1_1_the_lever_starts_the_game_and_a_mate_placed_unpressed_ends_it() {
    let Rig { bridge, board, .. } = &Rig::with_standing_clock(
        "placed-mate",
        &[
            "--clock",
            "--minutes",
            "1",
            "--increment",
            "0",
            "--edition",
            "2023",
        ],
    );
    let mut ws = spectator(&bridge.addr).await;
    let mut all = board_read(&mut ws, WAIT).await;
    let (_, quiet) = wait_for(&mut ws, Duration::from_millis(1_500), |_| false).await;
    all.extend(quiet);
    assert!(
        of_type(&all, "ruling").is_empty() && move_ucis(&all).is_empty(),
        "nothing starts at the connection: {all:#?}"
    );
    assert!(
        all.iter()
            .filter(|m| m["type"] == "event")
            .all(|m| m["event"]["type"] != "start"),
        "{all:#?}"
    );
    // Black presses: White's clock starts.
    use arbiter_core::Color;
    use board_bridge::simulator::Action;
    let press = |by: Color, times: [u64; 2]| Action::Clock(simulator::clock_after_press(times, by));
    board.queue([press(Color::Black, [60_000, 60_000])]);
    expect(&mut ws, &mut all, "the start", is_ruling("clock_started")).await;
    for (from, to, piece, by, uci) in [
        (
            Square::F2,
            Square::F3,
            white(Piece::Pawn),
            Color::White,
            "f2f3",
        ),
        (
            Square::E7,
            Square::E5,
            black(Piece::Pawn),
            Color::Black,
            "e7e5",
        ),
        (
            Square::G2,
            Square::G4,
            white(Piece::Pawn),
            Color::White,
            "g2g4",
        ),
    ] {
        board.queue(carry(from, to, piece));
        board.queue([Action::Pause(Duration::from_millis(300))]);
        board.queue([press(by, [59_000, 59_000])]);
        expect(&mut ws, &mut all, uci, is_move(uci)).await;
    }
    board.queue(carry(Square::D8, Square::H4, black(Piece::Queen)));
    let over = expect(&mut ws, &mut all, "the mate", is_ruling("game_over")).await;
    assert_eq!(over["verdict"]["result"], "0-1", "{over}");
    assert_eq!(over["verdict"]["reason"], "checkmate", "{over}");
    assert_eq!(move_ucis(&all).last().map(String::as_str), Some("d8h4"));
    // The DGT clock is stopped.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let last = board.clock_commands().iter().rev().find_map(set_and_run);
        if last.is_some_and(|s| s.2.is_none()) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the clock was never stopped: {:?}",
            board.clock_commands()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
