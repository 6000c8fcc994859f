//! The attacks of the trust issue that its other tests leave out, tried as a spectator on the
//! hall's Wi-Fi would (real hall process on a simulated board, real WebSocket and HTTP
//! clients): a page that names Black's seat without its key offers no draw and makes no claim;
//! one that names the assistant's seat without its key records no result in the hall; and a
//! seat's QR code is the arbiter's alone, new when its key is reissued.

use crate::common;

use std::time::{Duration, Instant};

use common::{Bridge, Scratch, WAIT, http, http_as, next, one_board_hall, send};
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or(Value::Null)
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

/// The error ids the page was sent within `wait`.
async fn refusals(ws: &mut common::Ws, wait: Duration) -> Vec<String> {
    let mut ids = Vec::new();
    while let Some(m) = next(ws, wait).await {
        if m["type"] == "error"
            && let Some(id) = m["id"].as_str()
        {
            ids.push(id.to_owned());
        }
    }
    ids
}

fn log_of(addr: &str) -> String {
    http_as(addr, "GET", "/board/4/events.jsonl", None, "").1
}

fn seat_key(addr: &str, token: &str, seat: &str) -> String {
    let (status, body) = http_as(addr, "GET", "/hall/seats", Some(token), "");
    assert_eq!(status, 200, "{body}");
    json(&body)["boards"][0]["seats"][seat]["key"]
        .as_str()
        .expect("a key")
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hall_a_keyless_black_neither_offers_nor_claims_and_a_keyless_assistant_records_nothing() {
    let scratch = Scratch::new("trust-seats");
    let (_board, toml) = one_board_hall(&scratch, "Trust Open", 1, "2023");
    let stderr = scratch.path("stderr");
    let hall = Bridge::hall(&toml, &[], &stderr);
    let addr = hall.addr.clone();
    let token = printed(&stderr, "board-bridge: arbiter token: ");
    let (status, body) = http_as(
        &addr,
        "POST",
        "/board/4/arbiter",
        Some(&token),
        r#"{"event":{"type":"start"}}"#,
    );
    assert_eq!(status, 200, "the arbiter starts the game: {body}");

    // Black's seat named, not given: its draw offer and its claims are refused, unlogged.
    let mut black = open(&addr, "/board/4/ws?role=black&last_seq=0").await;
    for event in [
        r#"{"type":"offer_draw","player":"black"}"#,
        r#"{"type":"claim","player":"black","claim":{"kind":"win_on_time"}}"#,
        r#"{"type":"claim","player":"black","claim":{"kind":"repetition"}}"#,
    ] {
        send(
            &mut black,
            &format!(r#"{{"type":"event","event":{event}}}"#),
        )
        .await;
    }
    let ids = refusals(&mut black, Duration::from_millis(800)).await;
    assert!(ids.contains(&"seat_key_needed".to_owned()), "{ids:?}");
    assert_eq!(
        ids.iter().filter(|i| *i == "seat_watch_only").count(),
        3,
        "each act refused: {ids:?}"
    );
    // The assistant's seat named without its key, in the hall: no result recorded.
    let mut assistant = open(&addr, "/board/4/ws?role=assistant&last_seq=0").await;
    send(
        &mut assistant,
        r#"{"type":"event","event":{"type":"arbiter","decision":{"kind":"record_result","result":"1/2-1/2"}}}"#,
    )
    .await;
    let ids = refusals(&mut assistant, Duration::from_millis(800)).await;
    assert!(ids.contains(&"seat_key_needed".to_owned()), "{ids:?}");
    let log = log_of(&addr);
    for act in ["offer_draw", "\"claim\"", "record_result"] {
        assert!(!log.contains(act), "{act} logged: {log}");
    }
    let (_, hall_now) = http_as(&addr, "GET", "/hall.json", None, "");
    assert_eq!(json(&hall_now)["boards"][0]["result"], Value::Null);

    // The same offer from Black's seat with its key is Black's: the refusals above were the
    // key's, not the message's.
    let key = seat_key(&addr, &token, "black");
    let mut seated = open(
        &addr,
        &format!("/board/4/ws?role=black&key={key}&last_seq=0"),
    )
    .await;
    send(
        &mut seated,
        r#"{"type":"event","event":{"type":"offer_draw","player":"black"}}"#,
    )
    .await;
    let give_up = Instant::now() + WAIT;
    while !log_of(&addr).contains("offer_draw") {
        assert!(Instant::now() < give_up, "Black's own seat offers a draw");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[test]
fn a_seats_qr_code_is_the_arbiters_alone_and_new_with_a_new_key() {
    let scratch = Scratch::new("trust-seat-qr");
    let (_board, toml) = one_board_hall(&scratch, "Trust Open", 1, "2023");
    let stderr = scratch.path("stderr");
    let hall = Bridge::hall(&toml, &[], &stderr);
    let addr = hall.addr.clone();
    let token = printed(&stderr, "board-bridge: arbiter token: ");
    let path = "/hall/seats/qr?board=4&seat=white";
    let qr = |token: Option<&str>| {
        let bearer = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = bearer
            .iter()
            .map(|b| ("Authorization", b.as_str()))
            .collect();
        let (status, headers, body) = http(&addr, "GET", path, &headers, "").expect("an answer");
        (status, headers, String::from_utf8_lossy(&body).into_owned())
    };
    // A spectator, or a guessed token: refused, no code.
    for guess in [None, Some("0123456789abcdef0123456789abcdef")] {
        let (status, _, body) = qr(guess);
        assert_eq!(status, 403, "{body}");
        assert!(!body.contains("<svg"), "{body}");
    }
    let (status, headers, before) = qr(Some(&token));
    assert_eq!(status, 200, "{before}");
    assert_eq!(
        headers.get("content-type").map(String::as_str),
        Some("image/svg+xml")
    );
    assert_eq!(
        headers.get("cache-control").map(String::as_str),
        Some("no-store")
    );
    assert!(
        before.contains("<svg") && before.trim_end().ends_with("</svg>"),
        "{before}"
    );
    // No such board, no such seat: a clear refusal.
    let asked = |path: &str| http_as(&addr, "GET", path, Some(&token), "").0;
    assert_eq!(asked("/hall/seats/qr?board=9&seat=white"), 404);
    assert_eq!(asked("/hall/seats/qr?board=4&seat=arbiter"), 400);
    assert_eq!(asked("/hall/seats/qr?board=four"), 400);
    // Reissued: the code changes with the key.
    let (status, body) = http_as(
        &addr,
        "POST",
        "/hall/seats",
        Some(&token),
        r#"{"board":4,"seat":"white"}"#,
    );
    assert_eq!(status, 200, "{body}");
    let (_, _, after) = qr(Some(&token));
    assert_ne!(after, before, "a new key draws a new code");
}
