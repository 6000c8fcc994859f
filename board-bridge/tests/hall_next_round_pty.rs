//! The next round without a restart (issue 34): round 1 played to its end on two boards in
//! pseudo-terminals, round 2 started by the arbiter's `POST /hall/next-round` with its pairings
//! read again from the TRF file the hall file names. Round 1 stays served as it ended, the round
//! has the new players, and a move on a board lands in round 2's game; refused while a game of
//! round 1 is still being played, and to anyone without the arbiter's token. Real HTTP.

mod common;

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
    drop(boards);
}
