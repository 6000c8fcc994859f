//! The next round without a restart (issue 34): round 1 played to its end on two boards in
//! pseudo-terminals, round 2 started by the arbiter's `POST /hall/next-round` with its pairings
//! read again from the TRF file the hall file names. Round 1 stays served as it ended, the round
//! has the new players, and a move on a board lands in round 2's game; refused while a game of
//! round 1 is still being played, and to anyone without the arbiter's token. Real HTTP.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{Occupant, Orientation, Placement};
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{Action, FakeBoard};
use common::*;

fn until(what: &str, ok: &dyn Fn() -> bool) {
    let give_up = Instant::now() + WAIT;
    while !ok() {
        assert!(Instant::now() < give_up, "{what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The `[White ...]`/`[Black ...]` names of each game of a round's PGN, in board order.
fn names(pgn: &str) -> Vec<(String, String)> {
    let tag = |game: &str, name: &str| {
        game.lines()
            .find_map(|l| l.strip_prefix(&format!("[{name} \"")))
            .and_then(|l| l.strip_suffix("\"]"))
            .unwrap_or("")
            .to_owned()
    };
    pgn.split("[Event ")
        .skip(1)
        .map(|g| (tag(g, "White"), tag(g, "Black")))
        .collect()
}

fn pawn_move(from: Square, to: Square) -> Vec<Action> {
    let mut script = vec![Action::Pause(Duration::from_millis(300))];
    script.extend(carry(from, to, Occupant::Piece(Color::White, Piece::Pawn)));
    script
}

/// The hall of round 1 on two simulated boards (the pairings from `tests/data/round.trf`),
/// logging under `logs/` in `scratch`, its output in `stderr.txt`: the boards, the bridge and
/// the log's folder.
fn two_board_hall(scratch: &Scratch) -> (Vec<FakeBoard>, Bridge, std::path::PathBuf) {
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/round.trf"),
        scratch.path("round.trf"),
    )
    .unwrap();
    let boards: Vec<FakeBoard> = (1..=2)
        .map(|n| {
            FakeBoard::start(
                &scratch.path(&format!("tty{n}")),
                Placement::start(),
                Orientation::Normal,
            )
            .expect("pty")
        })
        .collect();
    let toml = scratch.path("hall.toml");
    std::fs::write(
        &toml,
        format!(
            "[event]\nname = \"Springfield Club Championship\"\nround = 1\ntime_control = \"90+30\"\ntrf = \"round.trf\"\n\n\
             [[board]]\nnumber = 1\nport = \"{}\"\n\n[[board]]\nnumber = 2\nport = \"{}\"\n",
            boards[0].path().display(),
            boards[1].path().display()
        ),
    )
    .unwrap();
    let stderr = scratch.path("stderr.txt");
    let log = scratch.path("logs");
    let bridge = Bridge::hall(
        &toml,
        &["--settle-ms", "150", "--log", log.to_str().unwrap()],
        &stderr,
    );
    (boards, bridge, log)
}

#[test]
fn the_arbiter_starts_round_two_on_the_same_boards_and_round_one_stays_as_it_ended() {
    let scratch = Scratch::new("hall-next-round");
    let (boards, bridge, log) = two_board_hall(&scratch);
    let addr = bridge.addr.clone();
    let token = printed_token(&scratch.path("stderr.txt"));
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1);
    let round_pgn = || http_as(&addr, "GET", "/round.pgn", None, "").1;
    until("both boards are read", &|| {
        let h = hall();
        (0..2).all(|i| h["boards"][i]["connected"] == true)
    });
    let first_names = names(&round_pgn());
    assert_eq!(
        first_names,
        [
            ("Rossi, Anna".to_owned(), "Verdi, Carla".to_owned()),
            ("Bianchi, Dario".to_owned(), "Neri, Bruno".to_owned())
        ],
        "round 1's pairings"
    );

    // Round 1: 1. e4 on each board (the first move starts each game), then the results.
    boards[0].queue(pawn_move(Square::E2, Square::E4));
    boards[1].queue(pawn_move(Square::D2, Square::D4));
    until("a move on each board", &|| {
        let h = hall();
        (0..2).all(|i| h["boards"][i]["plies"] == 1)
    });
    let arbiter = |path: &str, token: Option<&str>, body: &str| {
        let (status, answer) = http_as(&addr, "POST", path, token, body);
        (status, json(&answer))
    };
    let (status, answer) = arbiter("/board/1/arbiter", Some(&token), r#"{"result":"1-0"}"#);
    assert_eq!(status, 200, "{answer}");

    // Board 2 still plays: refused, naming it; nothing changed.
    let (status, answer) = arbiter("/hall/next-round", Some(&token), "{}");
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["id"], "next_round_playing", "{answer}");
    assert_eq!(answer["boards"], serde_json::json!([2]), "{answer}");
    assert_eq!(hall()["event"]["round"], 1);

    let (status, answer) = arbiter("/board/2/arbiter", Some(&token), r#"{"result":"1/2-1/2"}"#);
    assert_eq!(status, 200, "{answer}");
    let round_one = round_pgn();
    assert!(
        round_one.contains("1. e4") && round_one.contains("1. d4"),
        "{round_one}"
    );
    assert!(round_one.contains("[Result \"1-0\"]"), "{round_one}");

    // A spectator, and a wrong token, are refused; round 1 goes on.
    for given in [None, Some("not-the-token")] {
        let (status, answer) = arbiter("/hall/next-round", given, "{}");
        assert!(
            status == 401 || status == 403,
            "{given:?}: {status} {answer}"
        );
    }
    assert_eq!(hall()["event"]["round"], 1);

    let (status, answer) = arbiter("/hall/next-round", Some(&token), "{}");
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["round"], 2, "{answer}");

    // Round 2: the TRF file's pairings, fresh games, no clock running.
    let now = hall();
    assert_eq!(now["event"]["round"], 2, "{now}");
    for i in 0..2 {
        let b = &now["boards"][i];
        assert_eq!(b["plies"], 0, "{b}");
        assert_eq!(b["result"], serde_json::Value::Null, "{b}");
        assert_eq!(b["clock"]["running"], serde_json::Value::Null, "{b}");
    }
    assert_eq!(now["boards"][0]["white"], "Neri, Bruno", "{now}");
    let round_two = round_pgn();
    assert_eq!(
        names(&round_two),
        [
            ("Neri, Bruno".to_owned(), "Rossi, Anna".to_owned()),
            ("Verdi, Carla".to_owned(), "Bianchi, Dario".to_owned())
        ],
        "{round_two}"
    );
    assert!(round_two.contains("[Round \"2.1\"]"), "{round_two}");
    assert!(!round_two.contains("1. e4"), "{round_two}");
    let (status, archived) = http_as(&addr, "GET", "/round/1.pgn", None, "");
    assert_eq!(status, 200, "{archived}");
    assert_eq!(archived, round_one, "round 1 served as it ended");
    assert!(log.join("round-1").join("board-1").is_dir());

    // The pieces set up again; the arbiter starts the round; a move lands in round 2's game.
    let mut back = vec![Action::Pause(Duration::from_millis(300))];
    back.extend(carry(
        Square::E4,
        Square::E2,
        Occupant::Piece(Color::White, Piece::Pawn),
    ));
    boards[0].queue(back);
    let mut back = vec![Action::Pause(Duration::from_millis(300))];
    back.extend(carry(
        Square::D4,
        Square::D2,
        Occupant::Piece(Color::White, Piece::Pawn),
    ));
    boards[1].queue(back);
    until("both boards read again, in the start position", &|| {
        let h = hall();
        (0..2).all(|i| {
            h["boards"][i]["connected"] == true
                && h["boards"][i]["placement"]
                    .as_str()
                    .is_some_and(|p| p.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"))
        })
    });
    let (status, answer) = arbiter("/hall/start", Some(&token), "");
    assert_eq!(status, 200, "{answer}");
    boards[0].queue(pawn_move(Square::C2, Square::C4));
    until("1. c4 in round 2's game on board 1", &|| {
        hall()["boards"][0]["sans"] == serde_json::json!(["c4"])
    });
    let (status, game) = http_as(&addr, "GET", "/board/1/games.pgn", None, "");
    assert_eq!(status, 200);
    assert!(
        game.contains("[White \"Neri, Bruno\"]") && game.contains("1. c4"),
        "{game}"
    );
    assert!(round_pgn().contains("1. c4"));
    let (_, archived) = http_as(&addr, "GET", "/round/1.pgn", None, "");
    assert_eq!(archived, round_one, "round 1 untouched by round 2's moves");
    drop(boards);
}

/// The arbiter starts round 2 with `force` while board 2's game is still being played and its
/// White has a seat's page open on it. That page can add nothing more to round 1's game, which
/// is archived as it stands, nor to round 2's (its key was round 1's seat).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_left_open_on_a_forced_rounds_game_adds_nothing_to_either_round() {
    let scratch = Scratch::new("hall-next-round-seat");
    let (boards, bridge, log) = two_board_hall(&scratch);
    let addr = bridge.addr.clone();
    let token = printed_token(&scratch.path("stderr.txt"));
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1);
    until("both boards are read", &|| {
        let h = hall();
        (0..2).all(|i| h["boards"][i]["connected"] == true)
    });
    boards[1].queue(pawn_move(Square::D2, Square::D4));
    until("1. d4 on board 2", &|| hall()["boards"][1]["plies"] == 1);

    // White's seat on board 2, given by its key.
    let (status, seats) = http_as(&addr, "GET", "/hall/seats", Some(&token), "");
    assert_eq!(status, 200, "{seats}");
    let seats = json(&seats);
    let key = seats["boards"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["board"] == 2 || b["number"] == 2))
        .and_then(|b| b["seats"]["white"]["key"].as_str())
        .unwrap_or_else(|| panic!("board 2's White key in {seats}"))
        .to_owned();
    let (mut seat, _) = tokio_tungstenite::connect_async(format!(
        "ws://{addr}/board/2/ws?role=white&key={key}&last_seq=0"
    ))
    .await
    .expect("the seat's stream opens");
    assert!(
        next(&mut seat, WAIT).await.is_some(),
        "the seat is shown the game"
    );

    let (status, answer) = http_as(
        &addr,
        "POST",
        "/hall/next-round",
        Some(&token),
        r#"{"force":true}"#,
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(hall()["event"]["round"], 2);
    // The page is told, in a message of its own (no refusal), that its game is archived.
    let archived = loop {
        let m = next(&mut seat, WAIT)
            .await
            .expect("a last message before the stream closes");
        if m["type"] == "archived" {
            break m;
        }
        assert_ne!(m["type"], "error", "{m}");
    };
    assert_eq!(archived["id"], "round_archived", "{archived}");

    // Round 1's White resigns from the page left open.
    send(
        &mut seat,
        r#"{"type":"event","event":{"type":"resign","player":"white"}}"#,
    )
    .await;
    // Nothing of it reaches a log: round 1's game's task has ended (the page's stream with it).
    tokio::time::sleep(Duration::from_secs(1)).await;
    let archived =
        std::fs::read_to_string(log.join("round-1").join("board-2").join("events.jsonl"))
            .expect("round 1's log of board 2, archived");
    assert!(archived.contains("d2d4"), "{archived}");
    assert!(
        !archived.contains("resign"),
        "round 1's archived game took a resignation: {archived}"
    );
    let (status, now) = http_as(&addr, "GET", "/board/2/events.jsonl", None, "");
    assert_eq!(status, 200);
    assert!(
        !now.contains("resign"),
        "round 2's game took round 1's seat's resignation: {now}"
    );

    // The seat's page comes back with round 1's key: it watches round 2's game and is told that
    // its key was round 1's, not that it has none.
    let (mut again, _) = tokio_tungstenite::connect_async(format!(
        "ws://{addr}/board/2/ws?role=white&key={key}&last_seq=0"
    ))
    .await
    .expect("the stream opens again");
    let told = loop {
        let m = next(&mut again, WAIT)
            .await
            .expect("the page is told why it watches");
        if m["type"] == "error" {
            break m;
        }
    };
    assert_eq!(told["id"], "seat_round_ended", "{told}");
    assert_eq!(
        (&told["seat"], &told["round"]),
        (&serde_json::json!("white"), &serde_json::json!(1)),
        "{told}"
    );
    drop(again);

    // The bridge restarted on round 2 (the hall file now names it): round 1's keys are read back
    // from its archive, and the page is told the same, not the plain "key needed".
    let mut bridge = bridge;
    bridge.kill();
    let toml = scratch.path("hall.toml");
    let file = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, file.replace("round = 1\n", "round = 2\n")).unwrap();
    let restarted = Bridge::hall(
        &toml,
        &["--settle-ms", "150", "--log", log.to_str().unwrap()],
        &scratch.path("stderr-again.txt"),
    );
    let addr = restarted.addr.clone();
    assert_eq!(
        json(&http_as(&addr, "GET", "/hall.json", None, "").1)["event"]["round"],
        2
    );
    let (mut after, _) = tokio_tungstenite::connect_async(format!(
        "ws://{addr}/board/2/ws?role=white&key={key}&last_seq=0"
    ))
    .await
    .expect("the stream opens after the restart");
    let told = loop {
        let m = next(&mut after, WAIT)
            .await
            .expect("the page is told why it watches");
        if m["type"] == "error" {
            break m;
        }
    };
    assert_eq!(told["id"], "seat_round_ended", "after a restart: {told}");
    assert_eq!(told["round"], 1, "{told}");
    drop(boards);
}

/// A TRF-16 file of an open of `players` players (an even number) after round 1, with round
/// 2's pairings: in round 1 rank `k` had White against rank `k + players/2` and won; in round 2
/// rank `k` has Black against rank `players + 1 - k`. Each line in TRF-16's columns, as a
/// pairing program writes them.
fn open_trf(players: u32) -> String {
    let half = players / 2;
    let mut trf = String::from(
        "012 Springfield Open\n022 Springfield\n032 ITA\n042 2026/12/05\n052 2026/12/13\n\
         062 150\n072 150\n092 Individual: Swiss-System\n102 Chief Arbiter\n132                                                                                        26/12/05  26/12/06\n",
    );
    for rank in 1..=players {
        let (one_opponent, one_colour, one_result, points) = if rank <= half {
            (rank + half, 'w', '1', "1.0")
        } else {
            (rank - half, 'b', '0', "0.0")
        };
        let (two_opponent, two_colour) = (players + 1 - rank, if rank <= half { 'b' } else { 'w' });
        let title = if rank <= 5 { "GM" } else { "" };
        let name = format!("Player {rank:03}, Test");
        let rating = 2700 - rank * 4;
        let fide_id = 1_000_000 + rank;
        trf.push_str(&format!(
            "001 {rank:>4} m{title:>3} {name:<33} {rating:>4} ITA {fide_id:>11} 1990/01/01 {points:>4} {rank:>4}  {one_opponent:>4} {one_colour} {one_result}  {two_opponent:>4} {two_colour}  \n"
        ));
    }
    trf
}

/// The hall of an open's `boards` boards, none plugged in yet, round 1's pairings read from
/// `open.trf` (written by the caller).
fn open_hall(scratch: &Scratch, boards: u32) -> Bridge {
    let mut toml = String::from(
        "[event]\nname = \"Springfield Open\"\nround = 1\ntime_control = \"90+30\"\ntrf = \"open.trf\"\n",
    );
    for n in 1..=boards {
        let port = scratch.path(&format!("tty{n}"));
        toml.push_str(&format!(
            "\n[[board]]\nnumber = {n}\nport = \"{}\"\n",
            port.display()
        ));
    }
    let file = scratch.path("hall.toml");
    std::fs::write(&file, toml).unwrap();
    Bridge::hall(&file, &[], &scratch.path("stderr.txt"))
}

/// The arbiter picks the pairing program's TRF file of a 150-player open in the next-round
/// dialog: the page sends it whole in `POST /hall/next-round` (about 17 KB, more than the 16 KiB
/// an arbiter's decision may be), and round 2 starts with its 75 games. A body past the route's
/// own limit is still refused unread, and every other route keeps the small one.
#[test]
fn the_next_round_takes_the_trf_file_of_a_150_player_open() {
    let scratch = Scratch::new("hall-next-round-open");
    let trf = open_trf(150);
    assert!(trf.len() > 16 * 1024, "{} bytes", trf.len());
    std::fs::write(scratch.path("open.trf"), &trf).unwrap();
    let bridge = open_hall(&scratch, 75);
    let addr = bridge.addr.clone();
    let token = printed_token(&scratch.path("stderr.txt"));
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1);
    let first = hall();
    assert_eq!(first["boards"][0]["white"], "Player 001, Test", "{first}");
    assert_eq!(first["boards"][74]["black"], "Player 150, Test", "{first}");

    let body = serde_json::json!({ "trf": trf }).to_string();
    let (status, answer) = http_as(&addr, "POST", "/hall/next-round", Some(&token), &body);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(json(&answer)["round"], 2, "{answer}");
    let now = hall();
    assert_eq!(now["event"]["round"], 2, "{now}");
    let boards = now["boards"].as_array().expect("the boards");
    assert_eq!(boards.len(), 75);
    // Round 2's top game on board 1, its last on board 75, every board with its players.
    assert_eq!(boards[0]["white"], "Player 150, Test", "{}", boards[0]);
    assert_eq!(boards[0]["black"], "Player 001, Test", "{}", boards[0]);
    assert_eq!(boards[74]["white"], "Player 076, Test", "{}", boards[74]);
    assert_eq!(boards[74]["black"], "Player 075, Test", "{}", boards[74]);
    assert!(
        boards.iter().all(|b| b["white"]
            .as_str()
            .is_some_and(|w| w.starts_with("Player "))),
        "{now}"
    );

    // Past the route's own limit (1 MiB): refused unread, round 2 goes on.
    let huge = format!(r#"{{"trf": "{}"}}"#, "x".repeat(1024 * 1024));
    let (status, answer) = http_as(&addr, "POST", "/hall/next-round", Some(&token), &huge);
    assert_eq!(status, 413, "{answer}");
    assert_eq!(hall()["event"]["round"], 2);
    // An arbiter's decision keeps the hall's small limit.
    let padded = format!(
        r#"{{"result": "1-0", "note": "{}"}}"#,
        " ".repeat(20 * 1024)
    );
    let (status, answer) = http_as(&addr, "POST", "/board/1/arbiter", Some(&token), &padded);
    assert_eq!(status, 413, "{answer}");
    assert_eq!(hall()["boards"][0]["result"], serde_json::Value::Null);
}
