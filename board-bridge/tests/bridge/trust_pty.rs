//! The bridge as a spectator on the hall's Wi-Fi would try it (issue: trust): a seat is given
//! by its key, never taken by naming it; only the arbiter rules (the assistant acts for the
//! blind player, App. F2.9, never as the arbiter); the arbiter's token outlives a restart and
//! is guessed at a bounded pace; a wrong passphrase opens nothing. Real bridge processes on
//! simulated boards in pseudo-terminals, real WebSocket and HTTP clients.

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Bridge, Scratch, WAIT, free_port, http_as, next, one_board_hall, send};
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

/// The `arbiter` command beside the bridge, built if it is not there yet.
fn arbiter_binary() -> std::path::PathBuf {
    let bin =
        std::path::PathBuf::from(env!("CARGO_BIN_EXE_board-bridge")).with_file_name("arbiter");
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

/// The line of `stderr` after `prefix`, once the bridge has written it.
fn printed(stderr: &std::path::Path, prefix: &str) -> String {
    let give_up = Instant::now() + WAIT;
    loop {
        let text = std::fs::read_to_string(stderr).unwrap_or_default();
        if let Some(found) = text.lines().find_map(|l| l.strip_prefix(prefix)) {
            return found.trim().to_owned();
        }
        assert!(
            Instant::now() < give_up,
            "never printed {prefix:?}:\n{text}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Opens `path` on `addr` (a `/ws` with its query), no Origin, as a command-line client would.
async fn open(addr: &str, path: &str) -> common::Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
        .await
        .expect("the stream opens");
    ws
}

/// Opens `path` on `addr` as a page of `origin` would.
async fn open_from(addr: &str, path: &str, origin: &str) -> common::Ws {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}{path}")
        .into_client_request()
        .expect("request");
    request
        .headers_mut()
        .insert("Origin", origin.parse().expect("origin"));
    let (ws, _) = tokio_tungstenite::connect_async(request)
        .await
        .expect("the stream opens");
    ws
}

/// Reads messages for `wait` (or until the stream ends): everything the page was sent.
async fn drain(ws: &mut common::Ws, wait: Duration) -> Vec<Value> {
    let mut all = Vec::new();
    while let Some(m) = next(ws, wait).await {
        all.push(m);
    }
    all
}

fn ids(msgs: &[Value]) -> Vec<String> {
    msgs.iter()
        .filter(|m| m["type"] == "error")
        .filter_map(|m| m["id"].as_str().map(str::to_owned))
        .collect()
}

fn board_result(addr: &str) -> Value {
    let (status, body) = http_as(addr, "GET", "/hall.json", None, "");
    assert_eq!(status, 200);
    json(&body)["boards"][0]["result"].clone()
}

fn seat_key(addr: &str, token: &str, seat: &str) -> String {
    let (status, body) = http_as(addr, "GET", "/hall/seats", Some(token), "");
    assert_eq!(status, 200, "the arbiter reads the seats' links: {body}");
    let seats = json(&body);
    let key = seats["boards"][0]["seats"][seat]["key"]
        .as_str()
        .expect("a key")
        .to_owned();
    let link = seats["boards"][0]["seats"][seat]["link"]
        .as_str()
        .expect("a link");
    assert_eq!(link, format!("/board/4?seat={seat}&key={key}"));
    key
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hall_a_seat_named_without_its_key_watches_and_the_assistant_never_rules() {
    let scratch = Scratch::new("trust-hall-seats");
    let (_board, toml) = one_board_hall(&scratch, "Trust Open", 1, "2005");
    let stderr = scratch.path("stderr");
    let log = scratch.path("log");
    let hall = Bridge::hall(&toml, &["--log", log.to_str().expect("utf-8")], &stderr);
    let addr = hall.addr.clone();
    let token = printed(&stderr, "board-bridge: arbiter token: ");

    // Named, not given: White's seat without its key is a spectator, told so, and cannot resign.
    let mut taker = open(&addr, "/board/4/ws?role=white&last_seq=0").await;
    send(&mut taker, r#"{"type":"event","event":{"type":"start"}}"#).await;
    send(
        &mut taker,
        r#"{"type":"event","event":{"type":"resign","player":"white"}}"#,
    )
    .await;
    let told = drain(&mut taker, Duration::from_millis(800)).await;
    let said = ids(&told);
    assert!(
        said.contains(&"seat_key_needed".to_owned()),
        "told it watches: {told:?}"
    );
    assert!(
        said.iter().filter(|i| *i == "seat_watch_only").count() >= 2,
        "{told:?}"
    );
    assert_eq!(
        board_result(&addr),
        Value::Null,
        "no result from a taken seat"
    );
    // A key of another seat, or a made-up one, seats no one either.
    let black_key = seat_key(&addr, &token, "black");
    let mut wrong = open(
        &addr,
        &format!("/board/4/ws?role=white&key={black_key}&last_seq=0"),
    )
    .await;
    send(
        &mut wrong,
        r#"{"type":"event","event":{"type":"resign","player":"white"}}"#,
    )
    .await;
    assert!(
        ids(&drain(&mut wrong, Duration::from_millis(800)).await)
            .contains(&"seat_key_needed".to_owned())
    );

    // The assistant, given his seat, acts for the players but never as the arbiter: no result,
    // no clock set, no restore (2005 App. F2.9).
    let assistant_key = seat_key(&addr, &token, "assistant");
    let mut assistant = open(
        &addr,
        &format!("/board/4/ws?role=assistant&key={assistant_key}&last_seq=0"),
    )
    .await;
    for decision in [
        r#"{"kind":"record_result","result":"1/2-1/2"}"#,
        r#"{"kind":"set_clock","white":1,"black":5400000}"#,
        r#"{"kind":"restore","ply":0}"#,
    ] {
        send(
            &mut assistant,
            &format!(r#"{{"type":"event","event":{{"type":"arbiter","decision":{decision}}}}}"#),
        )
        .await;
    }
    send(
        &mut assistant,
        r#"{"type":"event","event":{"type":"open","passphrase":"1984"}}"#,
    )
    .await;
    let answers = drain(&mut assistant, Duration::from_millis(800)).await;
    assert_eq!(
        ids(&answers)
            .iter()
            .filter(|i| *i == "seat_arbiter_only")
            .count(),
        4,
        "{answers:?}"
    );
    assert_eq!(board_result(&addr), Value::Null);
    let (_, log_text) = http_as(&addr, "GET", "/board/4/events.jsonl", None, "");
    assert!(!log_text.contains("\"arbiter\""), "{log_text}");

    // With its key, White's seat is White's.
    let white_key = seat_key(&addr, &token, "white");
    let mut white = open(
        &addr,
        &format!("/board/4/ws?role=white&key={white_key}&last_seq=0"),
    )
    .await;
    send(&mut white, r#"{"type":"event","event":{"type":"start"}}"#).await;
    send(
        &mut white,
        r#"{"type":"event","event":{"type":"resign","player":"white"}}"#,
    )
    .await;
    let give_up = Instant::now() + WAIT;
    while board_result(&addr) != "0-1" {
        assert!(Instant::now() < give_up, "White's own seat resigns");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The arbiter undoes what should not have happened: a restore after the end takes the
    // game back to play (it was refused with 409 table_game_over), then he records his result.
    let (status, body) = http_as(
        &addr,
        "POST",
        "/board/4/arbiter",
        Some(&token),
        r#"{"event":{"type":"arbiter","decision":{"kind":"restore","ply":0}}}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(board_result(&addr), Value::Null);
    let (status, body) = http_as(
        &addr,
        "POST",
        "/board/4/arbiter",
        Some(&token),
        r#"{"result":"1/2-1/2"}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(board_result(&addr), "1/2-1/2");

    // A passphrase guessed in minutes is refused before anything is asked of the board.
    let (status, body) = http_as(
        &addr,
        "POST",
        "/board/4/arbiter",
        Some(&token),
        r#"{"seal_on_board":{"passphrase":"1984"}}"#,
    );
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("seal_refused"), "{body}");

    // The arbiter reissues White's key: the old link seats no one any more.
    let (status, body) = http_as(
        &addr,
        "POST",
        "/hall/seats",
        Some(&token),
        r#"{"board":4,"seat":"white"}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert_ne!(json(&body)["key"].as_str(), Some(white_key.as_str()));
    let mut old = open(
        &addr,
        &format!("/board/4/ws?role=white&key={white_key}&last_seq=0"),
    )
    .await;
    assert!(
        ids(&drain(&mut old, Duration::from_millis(800)).await)
            .contains(&"seat_key_needed".to_owned())
    );
    // Nobody but the arbiter reads or reissues the links.
    assert_eq!(http_as(&addr, "GET", "/hall/seats", None, "").0, 403);
    assert_eq!(
        http_as(
            &addr,
            "POST",
            "/hall/seats",
            Some("0123"),
            r#"{"board":4,"seat":"white"}"#
        )
        .0,
        403
    );
    // Kept beside the log, for the bridge's user alone.
    #[cfg(unix)]
    for file in [
        log.join("arbiter-token"),
        log.join("board-4/seat-keys.json"),
    ] {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).expect("kept").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{}", file.display());
    }
}

/// One POST from a connection whose source address is `from` (another device on the hall's
/// network, as loopback's 127.0.0.0/8 lets a test be): status and headers.
async fn post_from(from: &str, addr: &str, path: &str, token: &str, body: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket
        .bind(format!("{from}:0").parse().expect("addr"))
        .expect("bind");
    let mut stream = socket
        .connect(addr.parse().expect("addr"))
        .await
        .expect("connect");
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("read");
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hall_the_arbiter_token_outlives_a_restart_and_a_guesser_waits_alone() {
    let scratch = Scratch::new("trust-hall-token");
    let (_board, toml) = one_board_hall(&scratch, "Trust Open", 1, "2005");
    let log = scratch.path("log");
    let log_arg = log.to_str().expect("utf-8").to_owned();
    let first = scratch.path("stderr-1");
    let mut hall = Bridge::hall(&toml, &["--log", &log_arg], &first);
    let token = printed(&first, "board-bridge: arbiter token: ");
    hall.kill();
    let second = scratch.path("stderr-2");
    let hall = Bridge::hall(&toml, &["--log", &log_arg], &second);
    let addr = hall.addr.clone();
    assert_eq!(
        printed(&second, "board-bridge: arbiter token: "),
        token,
        "the same token after a restart"
    );
    let (status, body) = http_as(
        &addr,
        "POST",
        "/board/4/arbiter",
        Some(&token),
        r#"{"dismiss":true}"#,
    );
    assert_eq!(status, 200, "the arbiter acts after the restart: {body}");
    // Neither the hall's answers nor its page carry the token.
    for path in [
        "/hall.json",
        "/",
        "/board/4",
        "/board/4/events.jsonl",
        "/round.pgn",
    ] {
        let (_, body) = http_as(&addr, "GET", path, None, "");
        assert!(!body.contains(&token), "{path} shows the token");
    }

    // A guesser on another device: refused, then made to wait (429 with Retry-After)...
    for _ in 0..board_bridge::keys::FREE_TRIES {
        let (status, _) = post_from(
            "127.0.0.2",
            &addr,
            "/board/4/arbiter",
            "0000",
            r#"{"dismiss":true}"#,
        )
        .await;
        assert_eq!(status, 403);
    }
    let (status, answer) = post_from(
        "127.0.0.2",
        &addr,
        "/board/4/arbiter",
        &token,
        r#"{"dismiss":true}"#,
    )
    .await;
    assert_eq!(status, 429, "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after:"),
        "{answer}"
    );
    // ... while the arbiter on his own device is not slowed at all.
    let (status, answer) = post_from(
        "127.0.0.1",
        &addr,
        "/board/4/arbiter",
        &token,
        r#"{"dismiss":true}"#,
    )
    .await;
    assert_eq!(status, 200, "{answer}");

    // Rotated on request: the old token no longer works, the new one does, after a restart too.
    let (status, body) = http_as(&addr, "POST", "/hall/token", Some(&token), "");
    assert_eq!(status, 200, "{body}");
    let rotated = json(&body)["token"].as_str().expect("a token").to_owned();
    assert_ne!(rotated, token);
    assert_eq!(
        http_as(
            &addr,
            "POST",
            "/board/4/arbiter",
            Some(&token),
            r#"{"dismiss":true}"#
        )
        .0,
        403
    );
    assert_eq!(
        http_as(
            &addr,
            "POST",
            "/board/4/arbiter",
            Some(&rotated),
            r#"{"dismiss":true}"#
        )
        .0,
        200
    );
}

/// A single board's bridge on `listen`, with `args`, its standard error to `stderr`.
fn single(listen: &str, args: &[&str], stderr: &std::path::Path) -> Bridge {
    let child = Command::new(common::bridge_binary())
        .args(["--listen", listen])
        .args(args)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(stderr).expect("stderr file"))
        .spawn()
        .expect("start board-bridge");
    let port = listen.rsplit(':').next().expect("port");
    let addr = format!("127.0.0.1:{port}");
    let give_up = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(&addr).is_err() {
        assert!(Instant::now() < give_up, "never listened on {listen}");
        std::thread::sleep(Duration::from_millis(20));
    }
    Bridge { child, addr }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn single_board_beyond_loopback_seats_only_with_the_printed_links() {
    use arbiter_core::dgt::board::{Orientation, Placement};
    let scratch = Scratch::new("trust-single-open");
    let board = board_bridge::simulator::FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    let stderr = scratch.path("stderr");
    let listen = format!("0.0.0.0:{}", free_port());
    let port = board.path().to_string_lossy().into_owned();
    let bridge = single(&listen, &["--port", &port], &stderr);
    let addr = bridge.addr.clone();
    // A client that says no Origin, on a bridge the hall's network reaches, is refused.
    let mut bare = open(&addr, "/ws?last_seq=0").await;
    let refused = drain(&mut bare, Duration::from_millis(800)).await;
    assert!(
        refused
            .iter()
            .any(|m| m["type"] == "refused" && m["reason"] == "origin"),
        "{refused:?}"
    );
    assert!(
        refused.iter().all(|m| m["type"] != "snapshot"),
        "{refused:?}"
    );
    // The bridge's own page, as a phone on the hall's Wi-Fi loads it.
    let own = format!("http://{addr}");
    let mut taker = open_from(&addr, "/ws?role=white&last_seq=0", &own).await;
    send(
        &mut taker,
        r#"{"type":"event","event":{"type":"resign","player":"white"}}"#,
    )
    .await;
    let told = drain(&mut taker, Duration::from_millis(800)).await;
    assert!(
        ids(&told).contains(&"seat_key_needed".to_owned()),
        "{told:?}"
    );
    assert!(
        ids(&told).contains(&"seat_watch_only".to_owned()),
        "{told:?}"
    );
    let (_, log_text) = http_as(&addr, "GET", "/events.jsonl", None, "");
    assert!(!log_text.contains("\"resign\""), "{log_text}");

    let link = printed(&stderr, "board-bridge: white's link: ");
    let key = link.rsplit("key=").next().expect("a key").to_owned();
    assert!(key.len() >= 32, "{link}");

    let mut white = open_from(&addr, &format!("/ws?role=white&key={key}&last_seq=0"), &own).await;
    send(
        &mut white,
        r#"{"type":"event","event":{"type":"resign","player":"white"}}"#,
    )
    .await;
    let answers = drain(&mut white, Duration::from_millis(800)).await;
    assert!(ids(&answers).is_empty(), "{answers:?}");
    let (_, log_text) = http_as(&addr, "GET", "/events.jsonl", None, "");
    assert!(log_text.contains("\"resign\""), "{log_text}");
    drop(board);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn single_board_the_assistant_sets_no_clock_and_a_wrong_passphrase_opens_nothing() {
    let rig = common::Rig::start("trust-single-assistant", &[]);
    let addr = rig.bridge.addr.clone();
    let mut assistant = common::connect_as(&addr, "assistant").await.expect("ws");
    send(
        &mut assistant,
        r#"{"type":"event","event":{"type":"start"}}"#,
    )
    .await;
    send(
        &mut assistant,
        r#"{"type":"event","event":{"type":"arbiter","decision":{"kind":"set_clock","white":1000,"black":5400000}}}"#,
    )
    .await;
    send(
        &mut assistant,
        r#"{"type":"event","event":{"type":"arbiter","decision":{"kind":"record_result","result":"0-1"}}}"#,
    )
    .await;
    let answers = drain(&mut assistant, Duration::from_millis(800)).await;
    assert_eq!(
        ids(&answers)
            .iter()
            .filter(|i| *i == "seat_arbiter_only")
            .count(),
        2,
        "{answers:?}"
    );
    let (_, log_text) = http_as(&addr, "GET", "/events.jsonl", None, "");
    assert!(
        !log_text.contains("set_clock") && !log_text.contains("record_result"),
        "{log_text}"
    );

    // White seals his move (the page's own sealing), the arbiter opens with a wrong
    // passphrase: refused, nothing logged, no clock started (App. A9b is for a true opening).
    let envelope = arbiter_core::laws::adjourn::seal(
        "e2e4",
        "correct horse battery staple",
        b"fixed salt 16 by",
        [5; 12],
        arbiter_core::laws::adjourn::MIN_ITERATIONS,
    )
    .expect("sealed");
    let seal = serde_json::json!({"type":"event","event":{"type":"seal","player":"white","envelope":envelope}});
    let mut white = common::connect_as(&addr, "white").await.expect("ws");
    send(&mut white, &seal.to_string()).await;
    assert!(ids(&drain(&mut white, Duration::from_millis(800)).await).is_empty());
    let mut arbiter = common::connect_as(&addr, "arbiter").await.expect("ws");
    send(
        &mut arbiter,
        r#"{"type":"event","event":{"type":"resume"}}"#,
    )
    .await;
    send(
        &mut arbiter,
        r#"{"type":"event","event":{"type":"open","passphrase":"1984"}}"#,
    )
    .await;
    let answers = drain(&mut arbiter, Duration::from_millis(1500)).await;
    assert!(
        answers.iter().any(|m| m["type"] == "error"
            && m["message"]
                .as_str()
                .is_some_and(|t| t.contains("passphrase"))),
        "{answers:?}"
    );
    let (_, log_text) = http_as(&addr, "GET", "/events.jsonl", None, "");
    assert!(!log_text.contains("\"open\""), "{log_text}");
    let snapshot = {
        let mut ws = common::connect_as(&addr, "spectator").await.expect("ws");
        next(&mut ws, WAIT).await.expect("snapshot")
    };
    assert!(
        snapshot["state"]["running"].is_null() && snapshot["state"]["sealed"] == true,
        "sealed, no clock runs after a wrong passphrase: {}",
        snapshot["state"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_a7_the_envelope_and_the_passphrase_reach_no_public_answer_and_the_move_shows_when_opened()
 {
    const PASS: &str = "correct horse battery staple";
    let scratch = Scratch::new("trust-public-view");
    let log = scratch.path("log");
    let rig = common::Rig::start(
        "trust-public-view-board",
        &["--log", log.to_str().expect("utf-8")],
    );
    let addr = rig.bridge.addr.clone();
    let mut spectator = common::spectator(&addr).await;
    let envelope = arbiter_core::laws::adjourn::seal(
        "g1f3",
        PASS,
        b"fixed salt 16 by",
        [5; 12],
        arbiter_core::laws::adjourn::MIN_ITERATIONS,
    )
    .expect("sealed");
    let ciphertext = envelope.ciphertext.clone();
    let mut white = common::connect_as(&addr, "white").await.expect("ws");
    // The board starts the game; White, on move, seals then.
    let mut all = Vec::new();
    common::await_start(&mut white, &mut all).await;
    let seal = serde_json::json!({"type":"event","event":{"type":"seal","player":"white","envelope":envelope}});
    send(&mut white, &seal.to_string()).await;
    let (sealed, _) = common::wait_for(&mut spectator, WAIT, |m| {
        m["type"] == "event" && m["event"]["event"]["type"] == "seal"
    })
    .await;
    let sealed = sealed.expect("the seal streamed");
    assert!(!sealed.to_string().contains(&ciphertext), "{sealed}");
    let mut arbiter = common::connect_as(&addr, "arbiter").await.expect("ws");
    for event in [
        r#"{"type":"resume"}"#,
        r#"{"type":"arrive","player":"white"}"#,
        r#"{"type":"arrive","player":"black"}"#,
    ] {
        send(
            &mut arbiter,
            &format!(r#"{{"type":"event","event":{event}}}"#),
        )
        .await;
    }
    send(
        &mut arbiter,
        &format!(r#"{{"type":"event","event":{{"type":"open","passphrase":"{PASS}"}}}}"#),
    )
    .await;
    let (opened, _) = common::wait_for(&mut spectator, WAIT, |m| {
        m["type"] == "event" && m["event"]["event"]["type"] == "opened"
    })
    .await;
    let opened = opened.expect("the opening streamed, in its public form");
    assert_eq!(opened["event"]["event"]["text"], "g1f3", "{opened}");
    assert!(!opened.to_string().contains(PASS), "{opened}");
    let (made, _) = common::wait_for(&mut spectator, WAIT, |m| {
        m["type"] == "ruling" && m["kind"] == "envelope_opened"
    })
    .await;
    assert!(made.is_some(), "the sealed move is made");

    // The public log: no envelope, no passphrase; the disk keeps both.
    let (_, public) = http_as(&addr, "GET", "/events.jsonl", None, "");
    assert!(
        !public.contains(&ciphertext) && !public.contains(PASS),
        "{public}"
    );
    assert!(public.contains(r#""type":"opened""#), "{public}");
    let disk = std::fs::read_to_string(log.join("events.jsonl")).expect("the full log");
    assert!(disk.contains(&ciphertext) && disk.contains(PASS));
    // A page joining now (its stream's tail included) sees no secret either.
    let mut late = common::connect_as(&addr, "spectator").await.expect("ws");
    let seen = drain(&mut late, Duration::from_millis(800)).await;
    let seen = serde_json::to_string(&seen).expect("json");
    assert!(
        !seen.contains(&ciphertext) && !seen.contains(PASS),
        "{seen}"
    );
    // The arbiter command replays the public log to the same game as the full log: the same
    // rulings, the same state at the end. Both are read again, at one moment: the bridge goes on
    // logging (its periodic time lines), and a full log read a second after the public one had
    // more game in it (seen on a loaded machine).
    let (public, full) = (0..50)
        .find_map(|_| {
            let before = std::fs::read_to_string(log.join("events.jsonl")).ok()?;
            let (_, public) = http_as(&addr, "GET", "/events.jsonl", None, "");
            let after = std::fs::read_to_string(log.join("events.jsonl")).ok()?;
            (before == after).then_some((public, after))
        })
        .expect("the public and the full log read with no line logged between");
    let public_file = scratch.path("public.jsonl");
    std::fs::write(&public_file, &public).expect("public log written");
    let full_file = scratch.path("full.jsonl");
    std::fs::write(&full_file, &full).expect("full log written");
    let replayed: Vec<String> = [public_file, full_file]
        .iter()
        .map(|file| {
            let out = Command::new(arbiter_binary())
                .arg("replay")
                .arg(file)
                .output()
                .expect("arbiter runs");
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            String::from_utf8_lossy(&out.stdout).into_owned()
        })
        .collect();
    assert_eq!(
        replayed[0].lines().last(),
        replayed[1].lines().last(),
        "the same state"
    );
    assert_eq!(replayed[0], replayed[1], "the same rulings");
    // Replayed, the public log is the same game: the knight on f3.
    let record = arbiter_core::arbiter::LogRecord::from_jsonl(&public).expect("a log");
    let game = arbiter_core::arbiter::Game::replay(&record.to_event_log()).expect("replayed");
    assert!(
        game.board()
            .to_string()
            .starts_with("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b"),
        "{}",
        game.board()
    );
}
