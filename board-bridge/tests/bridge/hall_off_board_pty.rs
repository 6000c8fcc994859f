//! A round with more games than sensor boards (issue 34): an open's twelve games of round 1 on a
//! club's two sensor boards in pseudo-terminals. The whole round is imported: the sensor boards
//! carry the pairing's boards 1 and 2, games 3 to 12 are played on ordinary boards. The arbiter
//! enters, changes and undoes their results with his token (refused without), records games
//! lost by forfeit (one player absent, or both: `+` and `-` in the TRF), they go back in
//! the round's TRF file and are archived with the round; the round's PGN and the push carry the
//! sensor boards' games alone; a restart takes them up again. The next round, twelve games
//! again, is accepted the same way, and round 1's results stay served from its archive
//! (`/round/1/off-board.json`).
//! Real HTTP.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{Occupant, Orientation, Placement};
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{Action, FakeBoard};
use common::*;
use serde_json::Value;

fn until(what: &str, ok: &dyn Fn() -> bool) {
    let give_up = Instant::now() + WAIT;
    while !ok() {
        assert!(Instant::now() < give_up, "{what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The name of the player of starting rank `rank`.
fn name(rank: u32) -> String {
    format!("Player, Number{rank:02}")
}

/// An open of 24 players as a pairing program writes it, rounds 1 and 2 paired, no result yet.
/// Round 1: rank `i` (1-12) against rank `12 + i`, the lower rank White on odd boards; the
/// ratings fall with the rank, so board `i` is the game of rank `i`. Round 2: rank `i` against
/// rank `25 - i`.
fn open_trf() -> String {
    let mut text = String::from("012 Springfield Open\n");
    for rank in 1..=24u32 {
        let rating = 2600 - 10 * rank;
        let r1 = if rank <= 12 { rank + 12 } else { rank - 12 };
        let c1 = match (rank <= 12, rank.min(r1) % 2 == 1) {
            (true, true) | (false, false) => 'w',
            _ => 'b',
        };
        let r2 = 25 - rank;
        let c2 = if rank <= 12 { 'w' } else { 'b' };
        text.push_str(&format!(
            "001 {rank:>4} m{title:>3} {name:<33} {rating:>4} ITA {id:>11} 1990/01/01 {points:>4} {rank:>4}  {r1:>4} {c1}    {r2:>4} {c2}  \n",
            title = if rank == 3 { "IM" } else { "" },
            name = name(rank),
            id = 1_000_000 + u64::from(rank),
            points = "0.0",
        ));
    }
    text
}

/// The result mark of round `round` on the TRF line of the player of rank `rank` in `trf`.
fn mark(trf: &str, rank: u32, round: usize) -> String {
    let line = trf
        .lines()
        .find(|l| l.contains(&name(rank)))
        .unwrap_or_else(|| panic!("no line for rank {rank}: {trf}"));
    let at = 92 + (round - 1) * 10 + 6;
    line.get(at..at + 1).unwrap_or("").trim().to_owned()
}

#[test]
fn twelve_games_on_two_boards_the_other_results_entered_by_the_arbiter() {
    let scratch = Scratch::new("hall-off-board");
    std::fs::write(scratch.path("open.trf"), open_trf()).unwrap();
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
            "[event]\nname = \"Springfield Open\"\nround = 1\ntime_control = \"90+30\"\ntrf = \"open.trf\"\n\n\
             [[board]]\nnumber = 1\nport = \"{}\"\n\n[[board]]\nnumber = 2\nport = \"{}\"\n",
            boards[0].path().display(),
            boards[1].path().display()
        ),
    )
    .unwrap();
    let (stand_in, pushes) = push_recorder();
    let lichess_token = scratch.path("lichess-token");
    std::fs::write(&lichess_token, "lip_standIn0123\n").unwrap();
    let stderr = scratch.path("stderr.txt");
    let log = scratch.path("logs");
    let push_url = format!("http://{stand_in}");
    let args = [
        "--settle-ms",
        "150",
        "--log",
        log.to_str().unwrap(),
        "--push-lichess",
        "pushRound1",
        "--token-file",
        lichess_token.to_str().unwrap(),
        "--push-url",
        &push_url,
    ];
    let mut bridge = Bridge::hall(&toml, &args, &stderr);
    let addr = bridge.addr.clone();
    let token = printed_token(&stderr);
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1);
    let round_pgn = || http_as(&addr, "GET", "/round.pgn", None, "").1;
    let round_trf = || http_as(&addr, "GET", "/round.trf", None, "").1;
    let off_board = |n: &str, token: Option<&str>, body: &str| {
        let (status, answer) = http_as(&addr, "POST", &format!("/hall/off-board/{n}"), token, body);
        (status, json(&answer))
    };
    until("both boards are read", &|| {
        let h = hall();
        (0..2).all(|i| h["boards"][i]["connected"] == true)
    });

    // The whole round: boards 1 and 2 on the sensor boards, games 3 to 12 off them.
    let h = hall();
    assert_eq!(h["boards"][0]["white"], name(1), "{h}");
    assert_eq!(h["boards"][1]["white"], name(14), "{h}");
    let games = h["off_board"].as_array().expect("the games off the boards");
    let numbers: Vec<u64> = games.iter().filter_map(|g| g["number"].as_u64()).collect();
    assert_eq!(numbers, (3..=12).collect::<Vec<u64>>(), "{h}");
    assert_eq!(games[0]["white"], name(3), "{h}");
    assert_eq!(games[0]["white_title"], "IM", "{h}");
    assert_eq!(games[0]["black"], name(15), "{h}");
    assert_eq!(games[1]["white"], name(16), "board 4: rank 4 is Black");
    assert!(games.iter().all(|g| g["result"].is_null()), "{h}");
    assert!(
        std::fs::read_to_string(&stderr)
            .unwrap()
            .contains("round 1 has 12 games: the sensor boards carry the first 2")
    );

    // Without the token, or with a wrong one: refused, nothing recorded.
    for given in [None, Some("not-the-token")] {
        let (status, answer) = off_board("3", given, r#"{"result":"1-0"}"#);
        assert_eq!(status, 403, "{given:?}: {answer}");
    }
    assert!(hall()["off_board"][0]["result"].is_null());

    // The arbiter enters results; a bad request and a game on a sensor board are refused.
    let (status, answer) = off_board("3", Some(&token), r#"{"result":"1-0"}"#);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["result"], "1-0", "{answer}");
    let (status, answer) = off_board("7", Some(&token), r#"{"result":"1/2-1/2"}"#);
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = off_board("12", Some(&token), r#"{"result":"0-1"}"#);
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = off_board("12", Some(&token), r#"{"result":"2-0"}"#);
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"].as_str().unwrap_or("").contains("line 1"),
        "{answer}"
    );
    let (status, answer) = off_board("1", Some(&token), r#"{"result":"1-0"}"#);
    assert_eq!(status, 404, "{answer}");
    let (status, answer) = off_board("5", Some(&token), r#"{"undo":true}"#);
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["id"], "nothing_to_undo", "{answer}");
    // Changed, then undone: game 12 has no result again.
    let (status, answer) = off_board("12", Some(&token), r#"{"result":"1-0"}"#);
    assert_eq!((status, &answer["before"]), (200, &Value::from("0-1")));
    let (status, answer) = off_board("12", Some(&token), r#"{"undo":true}"#);
    assert_eq!(status, 200, "{answer}");
    let h = hall();
    let result_of = |n: u64| {
        h["off_board"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["number"] == n)
            .map(|g| g["result"].clone())
            .unwrap()
    };
    assert_eq!(result_of(3), "1-0");
    assert_eq!(result_of(7), "1/2-1/2");
    assert_eq!(result_of(12), Value::Null);

    // Forfeits (2023 Art. 6.7.1): game 5's White absent, game 9's players both absent; game
    // 11's Black absent, then undone as any result. Who was absent is one of three.
    let (status, answer) = off_board("5", Some(&token), r#"{"forfeit":"white"}"#);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        (&answer["result"], &answer["forfeit"]),
        (&Value::from("-/+"), &Value::from("white"))
    );
    let (status, answer) = off_board("9", Some(&token), r#"{"forfeit":"both"}"#);
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = off_board("11", Some(&token), r#"{"forfeit":"black"}"#);
    assert_eq!(
        (status, &answer["result"]),
        (200, &Value::from("+/-")),
        "{answer}"
    );
    let (status, answer) = off_board("11", Some(&token), r#"{"undo":true}"#);
    assert_eq!(
        (status, &answer["before"]),
        (200, &Value::from("+/-")),
        "{answer}"
    );
    let (status, answer) = off_board("11", Some(&token), r#"{"forfeit":"nobody"}"#);
    assert_eq!(status, 400, "{answer}");
    let (status, answer) = off_board("11", Some(&token), r#"{"forfeit":"white","result":"1-0"}"#);
    assert_eq!(status, 400, "{answer}");
    let h = hall();
    let game = |n: u64| {
        h["off_board"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["number"] == n)
            .cloned()
            .unwrap()
    };
    assert_eq!(
        (&game(5)["result"], &game(5)["forfeit"]),
        (&Value::from("-/+"), &Value::from("white"))
    );
    assert_eq!(
        (&game(9)["result"], &game(9)["forfeit"]),
        (&Value::from("-/-"), &Value::from("both"))
    );
    assert_eq!(
        (&game(11)["result"], &game(11)["forfeit"]),
        (&Value::Null, &Value::Null)
    );
    assert!(game(3)["forfeit"].is_null());
    assert_eq!(h["event"]["articles"]["forfeit"], "2023 Art. 6.7.1", "{h}");

    // Board 1 is played on its sensor board and ends 1-0.
    let mut script = vec![Action::Pause(Duration::from_millis(300))];
    script.extend(carry(
        Square::E2,
        Square::E4,
        Occupant::Piece(Color::White, Piece::Pawn),
    ));
    boards[0].queue(script);
    until("1. e4 on board 1", &|| hall()["boards"][0]["plies"] == 1);
    let (status, answer) = http_as(
        &addr,
        "POST",
        "/board/1/arbiter",
        Some(&token),
        r#"{"result":"1-0"}"#,
    );
    assert_eq!(status, 200, "{answer}");

    // The TRF for the pairing program: both kinds of result, nothing for the games without one.
    until("board 1's result reaches the TRF", &|| {
        mark(&round_trf(), 1, 1) == "1"
    });
    let trf = round_trf();
    assert_eq!(mark(&trf, 13, 1), "0", "{trf}");
    assert_eq!(
        (mark(&trf, 3, 1), mark(&trf, 15, 1)),
        ("1".into(), "0".into())
    );
    assert_eq!(
        (mark(&trf, 7, 1), mark(&trf, 19, 1)),
        ("=".into(), "=".into())
    );
    assert_eq!(
        (mark(&trf, 12, 1), mark(&trf, 24, 1)),
        (String::new(), String::new())
    );
    // The forfeits: `-` lost and `+` won by forfeit, `-` for both absent.
    assert_eq!(
        (mark(&trf, 5, 1), mark(&trf, 17, 1)),
        ("-".into(), "+".into())
    );
    assert_eq!(
        (mark(&trf, 9, 1), mark(&trf, 21, 1)),
        ("-".into(), "-".into())
    );
    assert_eq!(
        (mark(&trf, 11, 1), mark(&trf, 23, 1)),
        (String::new(), String::new())
    );
    assert_eq!(
        (mark(&trf, 2, 1), mark(&trf, 14, 1)),
        (String::new(), String::new())
    );

    // The round's PGN and the push: the two sensor boards' games, none without moves.
    let pgn = round_pgn();
    assert_eq!(pgn.matches("[Event ").count(), 2, "{pgn}");
    assert!(pgn.contains("[Round \"1.1\"]") && pgn.contains("[Round \"1.2\"]"));
    assert!(pgn.contains("1. e4"), "{pgn}");
    until("board 1's result is pushed", &|| {
        pushes
            .lock()
            .unwrap()
            .last()
            .is_some_and(|p| p.contains("[Result \"1-0\"]"))
    });
    for pushed in pushes.lock().unwrap().iter() {
        assert_eq!(pushed.matches("[Event ").count(), 2, "{pushed}");
        assert!(!pushed.contains(&name(3)), "{pushed}");
    }

    // Board 2's players never came: a sensor board's game lost by forfeit before a move, both
    // absent (over without a result), then undone and White alone absent. Not in the round's
    // PGN nor the push; `-` and `+` in the TRF.
    let board2 = |body: &str| {
        let (status, answer) = http_as(&addr, "POST", "/board/2/arbiter", Some(&token), body);
        (status, json(&answer))
    };
    let forfeit = |absent: &str| {
        format!(
            r#"{{"event":{{"type":"arbiter","decision":{{"kind":"forfeit","absent":"{absent}"}}}}}}"#
        )
    };
    let (status, answer) = board2(&forfeit("both"));
    assert_eq!(status, 200, "{answer}");
    let h = hall();
    assert_eq!(
        (&h["boards"][1]["forfeit"], &h["boards"][1]["result"]),
        (&Value::from("both"), &Value::Null),
        "{h}"
    );
    assert_eq!(h["boards"][1]["undo"]["kind"], "forfeit", "{h}");
    let trf = round_trf();
    assert_eq!(
        (mark(&trf, 14, 1), mark(&trf, 2, 1)),
        ("-".into(), "-".into())
    );
    let pgn = round_pgn();
    assert_eq!(pgn.matches("[Event ").count(), 1, "{pgn}");
    assert!(!pgn.contains("[Round \"1.2\"]"), "{pgn}");
    until("a push without board 2", &|| {
        pushes
            .lock()
            .unwrap()
            .last()
            .is_some_and(|p| p.matches("[Event ").count() == 1)
    });
    let (status, answer) = board2(r#"{"undo":true}"#);
    assert_eq!(status, 200, "{answer}");
    assert!(hall()["boards"][1]["forfeit"].is_null());
    let (status, answer) = board2(&forfeit("white"));
    assert_eq!(status, 200, "{answer}");
    let h = hall();
    assert_eq!(
        (&h["boards"][1]["forfeit"], &h["boards"][1]["result"]),
        (&Value::from("white"), &Value::from("0-1")),
        "{h}"
    );
    let trf = round_trf();
    assert_eq!(
        (mark(&trf, 14, 1), mark(&trf, 2, 1)),
        ("-".into(), "+".into())
    );
    // Board 1 has a move and a result: no forfeit.
    let (status, answer) = http_as(
        &addr,
        "POST",
        "/board/1/arbiter",
        Some(&token),
        &forfeit("black"),
    );
    assert_eq!(status, 409, "{answer}");

    // The bridge restarted in the round: the results entered are taken up again from beside the
    // round's logs, and go on to the TRF file.
    bridge.kill();
    let again = scratch.path("stderr-again.txt");
    let bridge = Bridge::hall(&toml, &args, &again);
    assert_eq!(
        printed_token(&again),
        token,
        "the token is kept beside the logs"
    );
    let addr = bridge.addr.clone();
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1);
    let round_trf = || http_as(&addr, "GET", "/round.trf", None, "").1;
    let off_board = |n: &str, token: Option<&str>, body: &str| {
        let (status, answer) = http_as(&addr, "POST", &format!("/hall/off-board/{n}"), token, body);
        (status, json(&answer))
    };
    let h = hall();
    let results: Vec<(u64, Value)> = h["off_board"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| !g["result"].is_null())
        .map(|g| (g["number"].as_u64().unwrap(), g["result"].clone()))
        .collect();
    assert_eq!(
        results,
        [
            (3, Value::from("1-0")),
            (5, Value::from("-/+")),
            (7, Value::from("1/2-1/2")),
            (9, Value::from("-/-"))
        ],
        "{h}"
    );
    let trf = round_trf();
    assert_eq!(
        (mark(&trf, 3, 1), mark(&trf, 7, 1)),
        ("1".into(), "=".into())
    );
    assert_eq!(
        (mark(&trf, 5, 1), mark(&trf, 9, 1)),
        ("-".into(), "-".into())
    );
    assert_eq!(
        (mark(&trf, 14, 1), mark(&trf, 2, 1)),
        ("-".into(), "+".into()),
        "board 2's forfeit, from its log"
    );

    // Round 2, twelve games again: accepted on the same two boards; round 1's results off the
    // boards archived with its logs.
    let (status, answer) = http_as(&addr, "POST", "/hall/next-round", Some(&token), "{}");
    assert_eq!(status, 200, "{answer}");
    let h = hall();
    assert_eq!(h["event"]["round"], 2, "{h}");
    assert_eq!(h["boards"][0]["white"], name(1), "{h}");
    assert_eq!(h["boards"][0]["black"], name(24), "{h}");
    let games = h["off_board"].as_array().unwrap();
    assert_eq!(games.len(), 10, "{h}");
    assert_eq!(games[0]["white"], name(3), "{h}");
    assert_eq!(games[0]["black"], name(22), "{h}");
    assert!(games.iter().all(|g| g["result"].is_null()), "{h}");
    let archived: Value = serde_json::from_str(
        &std::fs::read_to_string(log.join("round-1").join("off-board.json"))
            .expect("round 1's results off the boards archived"),
    )
    .unwrap();
    assert_eq!(archived["round"], 1, "{archived}");
    assert_eq!(
        archived["results"],
        serde_json::json!({
            "3": "1-0",
            "5": {"forfeit": "white"},
            "7": "1/2-1/2",
            "9": {"forfeit": "both"}
        }),
        "{archived}"
    );
    assert!(!log.join("off-board.json").exists());
    // Round 1's results off the boards served from its archive, as its PGN is; round 2's
    // (the current round) as the hall lists them; a round neither is a 404 naming the archive.
    let (status, body) = http_as(&addr, "GET", "/round/1/off-board.json", None, "");
    assert_eq!(status, 200, "{body}");
    let served = json(&body);
    assert_eq!(served["round"], 1, "{served}");
    assert_eq!(
        served["games"],
        serde_json::json!([
            {"number": 3, "result": "1-0", "forfeit": null},
            {"number": 5, "result": "-/+", "forfeit": "white"},
            {"number": 7, "result": "1/2-1/2", "forfeit": null},
            {"number": 9, "result": "-/-", "forfeit": "both"}
        ]),
        "{served}"
    );
    let (status, body) = http_as(&addr, "GET", "/round/2/off-board.json", None, "");
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body)["games"][0]["white"], name(3), "{body}");
    let (status, body) = http_as(&addr, "GET", "/round/7/off-board.json", None, "");
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("archived: 1"), "{body}");
    let (status, archived_pgn) = http_as(&addr, "GET", "/round/1.pgn", None, "");
    assert_eq!(status, 200);
    assert_eq!(
        archived_pgn.matches("[Event ").count(),
        1,
        "board 2 was forfeited: {archived_pgn}"
    );
    // Round 2's results start afresh and are kept for round 2.
    let (status, answer) = off_board("3", Some(&token), r#"{"result":"0-1"}"#);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(mark(&round_trf(), 22, 2), "1");
    drop(boards);
}
