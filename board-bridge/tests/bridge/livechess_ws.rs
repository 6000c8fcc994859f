//! DGT LiveChess's local API served by the hall (`--livechess ADDR`), followed by a client
//! written from the API's published facts, as lichess.org/dgt uses it: the `eboards` call over
//! a real WebSocket and over HTTP, the `eboardevent` feed of two boards at once (board, clock,
//! SAN: each move once, never a duplicate update), `setup` and the refusals.

use crate::common;

use std::time::{Duration, Instant};

use common::*;
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

const GAME_1: [&str; 6] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
const GAME_2: [&str; 6] = ["d4", "d5", "c4", "e6", "Nc3", "Nf6"];

fn hall(scratch: &Scratch) -> std::path::PathBuf {
    std::fs::write(
        scratch.path("one.pgn"),
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n",
    )
    .unwrap();
    std::fs::write(
        scratch.path("two.pgn"),
        "[Event \"x\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 *\n",
    )
    .unwrap();
    let toml = scratch.path("hall.toml");
    std::fs::write(
        &toml,
        format!(
            "[event]\nname = \"LiveChess\"\nround = 1\ntime_control = \"90+30\"\n\n\
             [[board]]\nnumber = 1\nwhite = \"Anna\"\nblack = \"Bruno\"\nsimulate = \"{}\"\n\n\
             [[board]]\nnumber = 2\nwhite = \"Carla\"\nblack = \"Dario\"\nsimulate = \"{}\"\n",
            scratch.path("one.pgn").display(),
            scratch.path("two.pgn").display()
        ),
    )
    .unwrap();
    toml
}

async fn call(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// The next message that is no feed update (the answer to a call), keeping the updates seen.
async fn answer(ws: &mut Ws, feeds: &mut Vec<Value>) -> Value {
    loop {
        let m = next(ws, Duration::from_secs(10)).await.expect("an answer");
        if m["response"] == "feed" {
            feeds.push(m);
        } else {
            return m;
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_livechess_client_follows_two_hall_boards() {
    let scratch = Scratch::new("livechess");
    let toml = hall(&scratch);
    let api = format!("127.0.0.1:{}", free_port());
    let _bridge = Bridge::hall(
        &toml,
        &["--settle-ms", "150", "--livechess", &api],
        &scratch.path("stderr.txt"),
    );
    let give_up = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(&api).is_err() {
        assert!(Instant::now() < give_up, "the LiveChess API never listened");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Over HTTP: the boards, with their serial numbers, state, pieces and clocks.
    let (status, _, body) = http(&api, "GET", "/api/v1.0/eboards", &[], "").unwrap();
    assert_eq!(status, 200);
    let listed: Value = serde_json::from_slice(&body).unwrap();
    let serials: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["serialnr"].as_str().unwrap())
        .collect();
    assert_eq!(serials, ["arbiter-1", "arbiter-2"]);
    for b in listed.as_array().unwrap() {
        assert!(
            ["ACTIVE", "INACTIVE"].contains(&b["state"].as_str().unwrap()),
            "{b}"
        );
        assert!(b["board"].as_str().unwrap().split('/').count() == 8, "{b}");
        assert!(
            b["clock"]["white"].is_u64() && b["clock"]["black"].is_u64(),
            "{b}"
        );
        assert!(b["flipped"].is_boolean(), "{b}");
    }

    // Over the WebSocket, as lichess.org/dgt speaks it.
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{api}/api/v1.0"))
        .await
        .expect("the API's WebSocket");
    let mut feeds = Vec::new();
    call(&mut ws, json!({"id": 1, "call": "eboards"})).await;
    let boards = answer(&mut ws, &mut feeds).await;
    assert_eq!(
        (boards["response"].as_str(), &boards["id"]),
        (Some("call"), &json!(1))
    );
    assert_eq!(boards["param"].as_array().unwrap().len(), 2);
    for (id, feed, serial) in [(2, 21, "arbiter-1"), (3, 22, "arbiter-2")] {
        call(
            &mut ws,
            json!({"id": id, "call": "subscribe", "param": {"feed": "eboardevent", "id": feed, "param": {"serialnr": serial}}}),
        )
        .await;
        let ok = answer(&mut ws, &mut feeds).await;
        assert_eq!(
            (ok["response"].as_str(), &ok["id"]),
            (Some("call"), &json!(id)),
            "{ok}"
        );
    }
    // A board that is not there: refused, with the call's id.
    call(
        &mut ws,
        json!({"id": 4, "call": "subscribe", "param": {"feed": "eboardevent", "id": 23, "param": {"serialnr": "nope"}}}),
    )
    .await;
    let refused = answer(&mut ws, &mut feeds).await;
    assert_eq!(
        (refused["response"].as_str(), &refused["id"]),
        (Some("error"), &json!(4))
    );

    // Both games followed to their last move.
    let last_san = |feeds: &[Value], id: i64| -> usize {
        feeds
            .iter()
            .filter(|m| m["id"] == id)
            .map(|m| m["param"]["san"].as_array().map_or(0, Vec::len))
            .max()
            .unwrap_or(0)
    };
    let give_up = Instant::now() + Duration::from_secs(60);
    while last_san(&feeds, 21) < 6 || last_san(&feeds, 22) < 6 {
        assert!(
            Instant::now() < give_up,
            "the games did not reach the clients: {feeds:?}"
        );
        if let Some(m) = next(&mut ws, Duration::from_secs(5)).await {
            feeds.push(m);
        }
    }
    for (id, serial, game) in [(21, "arbiter-1", GAME_1), (22, "arbiter-2", GAME_2)] {
        let updates: Vec<&Value> = feeds.iter().filter(|m| m["id"] == id).collect();
        let mut before: Option<&Value> = None;
        for u in &updates {
            let p = &u["param"];
            assert_eq!(u["response"], "feed");
            assert_eq!(p["serialnr"], serial);
            assert!(u["time"].is_u64(), "{u}");
            // Clocks in every update.
            assert!(
                p["clock"]["white"].is_u64() && p["clock"]["black"].is_u64(),
                "{u}"
            );
            assert_eq!(p["board"].as_str().unwrap().split('/').count(), 8, "{u}");
            // The game's moves, never anything but a prefix of the game.
            let san: Vec<&str> = p["san"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap())
                .collect();
            assert_eq!(san, game[..san.len()], "{u}");
            // Each update says something new.
            assert_ne!(
                before.map(|b| &b["param"]),
                Some(p),
                "a duplicate update: {u}"
            );
            before = Some(u);
        }
        // Every move reached the client one by one (no update jumped two moves at once).
        let lengths: Vec<usize> = updates
            .iter()
            .map(|u| u["param"]["san"].as_array().unwrap().len())
            .collect();
        for w in lengths.windows(2) {
            assert!(
                w[1] <= w[0] + 1,
                "{serial}: a multi-move update: {lengths:?}"
            );
        }
    }

    // setup: the game's own position is taken; another one is refused (the arbiter sets
    // positions, not a client).
    let fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    call(
        &mut ws,
        json!({"id": 5, "call": "call", "param": {"id": 1, "method": "setup", "param": {"serialnr": "arbiter-1", "fen": fen}}}),
    )
    .await;
    let same = answer(&mut ws, &mut feeds).await;
    assert_eq!(
        (same["response"].as_str(), &same["param"]),
        (Some("call"), &json!(true)),
        "{same}"
    );
    call(
        &mut ws,
        json!({"id": 6, "call": "call", "param": {"id": 1, "method": "setup", "param": {"serialnr": "arbiter-1", "fen": "8/8/8/8/8/8/8/K6k w - - 0 1"}}}),
    )
    .await;
    let other = answer(&mut ws, &mut feeds).await;
    assert_eq!(other["response"], "error", "{other}");
}

/// The arbiter starts round 2 (its pairings from the pairing program's TRF file): a LiveChess
/// client following board 1 since round 1 is sent round 2's game, and the `eboards` list is of
/// round 2's games, not of the games round 1 left.
#[tokio::test(flavor = "current_thread")]
async fn a_livechess_client_follows_the_hall_into_its_next_round() {
    let scratch = Scratch::new("livechess-next-round");
    let toml = hall(&scratch);
    let api = format!("127.0.0.1:{}", free_port());
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(&toml, &["--settle-ms", "150", "--livechess", &api], &stderr);
    let token = printed_token(&stderr);
    let give_up = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(&api).is_err() {
        assert!(Instant::now() < give_up, "the LiveChess API never listened");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{api}/api/v1.0"))
        .await
        .expect("the API's WebSocket");
    let mut feeds = Vec::new();
    call(
        &mut ws,
        json!({"id": 1, "call": "subscribe", "param": {"feed": "eboardevent", "id": 31, "param": {"serialnr": "arbiter-1"}}}),
    )
    .await;
    let ok = answer(&mut ws, &mut feeds).await;
    assert_eq!(ok["response"], "call", "{ok}");
    // Round 1's game on board 1 followed to its last move.
    let moves = |m: &Value| m["param"]["san"].as_array().map_or(0, Vec::len);
    let give_up = Instant::now() + Duration::from_secs(60);
    while !feeds.iter().any(|m| moves(m) == GAME_1.len()) {
        assert!(Instant::now() < give_up, "round 1's game: {feeds:?}");
        if let Some(m) = next(&mut ws, Duration::from_secs(5)).await {
            feeds.push(m);
        }
    }

    // Round 2, started though round 1's games have no result.
    let trf = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/round.trf"))
        .unwrap();
    let body = json!({"trf": trf, "force": true}).to_string();
    let (status, answered) = http_as(
        &bridge.addr,
        "POST",
        "/hall/next-round",
        Some(&token),
        &body,
    );
    assert_eq!(status, 200, "{answered}");

    // The feed goes on with round 2's game: its moves start again from none.
    let give_up = Instant::now() + Duration::from_secs(20);
    let first = loop {
        assert!(
            Instant::now() < give_up,
            "round 2's game never reached the client: {feeds:?}"
        );
        if let Some(m) = next(&mut ws, Duration::from_secs(5)).await {
            if m["response"] == "feed" && m["id"] == 31 && moves(&m) == 0 {
                break m;
            }
            feeds.push(m);
        }
    };
    assert_eq!(first["param"]["serialnr"], "arbiter-1", "{first}");
    // Round 2's clocks: 90 minutes each, none running until the arbiter starts the round.
    assert_eq!(
        first["param"]["clock"],
        json!({"white": 5400, "black": 5400, "run": null}),
        "{first}"
    );
    // And the board list is round 2's.
    let (status, _, body) = http(&api, "GET", "/api/v1.0/eboards", &[], "").unwrap();
    assert_eq!(status, 200);
    let listed: Value = serde_json::from_slice(&body).unwrap();
    for b in listed.as_array().unwrap() {
        assert_eq!(
            b["clock"],
            json!({"white": 5400, "black": 5400, "run": null}),
            "{b}"
        );
    }
}
