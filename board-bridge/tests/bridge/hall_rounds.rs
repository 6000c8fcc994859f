//! Every round archived: `GET /round/N.pgn` serves the current round as `/round.pgn` does, an
//! earlier round read back from its logs (kept under the log folder's `round-N/` once the hall
//! is started on the next round), and a round the hall never played is a 404 that says so.
//! Real processes and real HTTP: a hall played, killed, and started again on the next round.

use crate::common;

use std::time::{Duration, Instant};

use common::*;

fn hall_file(scratch: &Scratch, round: u32) -> std::path::PathBuf {
    std::fs::write(
        scratch.path("g.pgn"),
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n",
    )
    .unwrap();
    let toml = scratch.path("hall.toml");
    std::fs::write(
        &toml,
        format!(
            "[event]\nname = \"Springfield Open\"\nround = {round}\ntime_control = \"90+30\"\n\n\
             [[board]]\nnumber = 1\nwhite = \"Rossi, Anna\"\nblack = \"Neri, Bruno\"\nwhite_fide_id = 2345678\nsimulate = \"g.pgn\"\n\n\
             [[board]]\nnumber = 2\nwhite = \"Verdi, Carla\"\nblack = \"Bianchi, Dario\"\nsimulate = \"g.pgn\"\n"
        ),
    )
    .unwrap();
    toml
}

fn get(bridge: &Bridge, path: &str) -> (u16, String, Option<String>) {
    let (status, headers, body) = bridge.request(path, &[]);
    (
        status,
        String::from_utf8_lossy(&body).into_owned(),
        headers.get("etag").cloned(),
    )
}

/// The round once both boards have played the simulated game's four moves.
fn played(bridge: &Bridge) -> String {
    let give_up = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, round, _) = get(bridge, "/round.pgn");
        assert_eq!(status, 200);
        if round.matches("2. Nf3 ").count() == 2 && round.matches(" Nc6 ").count() == 2 {
            return round;
        }
        assert!(
            Instant::now() < give_up,
            "the boards never played their moves: {round}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn token_in(stderr: &std::path::Path) -> String {
    std::fs::read_to_string(stderr)
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("board-bridge: arbiter token: "))
        .expect("the token on the arbiter's terminal")
        .trim()
        .to_owned()
}

/// Every text in `value`.
fn strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(o) => o.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

#[test]
fn each_round_is_served_by_number_and_an_earlier_one_from_its_logs_after_a_restart() {
    let scratch = Scratch::new("hall-rounds");
    let logs = scratch.path("logs");
    let logs_arg = logs.to_string_lossy().into_owned();
    let stderr = scratch.path("stderr-3.txt");
    let mut bridge = Bridge::hall(
        &hall_file(&scratch, 3),
        &["--settle-ms", "150", "--log", &logs_arg],
        &stderr,
    );
    let round_3 = played(&bridge);
    assert!(round_3.contains("[Round \"3.1\"]") && round_3.contains("[Round \"3.2\"]"));

    // The current round by its number: the same text and entity tag as /round.pgn.
    let (status, by_number, tag) = get(&bridge, "/round/3.pgn");
    assert_eq!(status, 200);
    let (_, now, now_tag) = get(&bridge, "/round.pgn");
    assert_eq!(by_number, now);
    assert_eq!(tag, now_tag);
    let (status, _, _) = bridge.request("/round/3.pgn", &[("If-None-Match", &tag.unwrap())]);
    assert_eq!(
        status, 304,
        "a poller that holds round 3 is told nothing changed"
    );

    // A round never played, and a name that is no round: 404s that say so.
    for (path, said) in [
        (
            "/round/2.pgn",
            "round 2 is not archived in this hall's log folder (archived: none); the current round is 3",
        ),
        ("/round/two.pgn", "names no round"),
        ("/round/3.txt", "names no round"),
    ] {
        let (status, body, _) = get(&bridge, path);
        assert_eq!(status, 404, "{path}: {body}");
        let error: serde_json::Value = serde_json::from_str(&body).expect("a JSON refusal");
        let error = error["error"].as_str().unwrap_or_default();
        assert!(error.contains(said), "{path}: {error}");
        assert!(
            !error.contains(&logs_arg),
            "no path of the machine: {error}"
        );
    }
    let token_3 = token_in(&stderr);
    let round_3 = get(&bridge, "/round.pgn").1;
    bridge.kill();

    // The next round, started as an arbiter does today: the round's number changed in the
    // hall file, the hall started again on the same log folder.
    let stderr = scratch.path("stderr-4.txt");
    let bridge = Bridge::hall(
        &hall_file(&scratch, 4),
        &["--settle-ms", "150", "--log", &logs_arg],
        &stderr,
    );
    assert!(
        logs.join("round-3/board-1/events.jsonl").is_file(),
        "round 3's logs are archived under round-3/"
    );
    let round_4 = played(&bridge);
    assert!(round_4.contains("[Round \"4.1\"]"), "{round_4}");
    assert!(
        !round_4.contains("\"3.1\""),
        "round 4 is not round 3 continued"
    );

    // Round 3 read back from its logs: what /round.pgn served while it was played.
    let (status, archived, tag) = get(&bridge, "/round/3.pgn");
    assert_eq!(status, 200, "{archived}");
    assert_eq!(archived, round_3);
    assert!(tag.is_some(), "an archived round has its entity tag too");
    assert!(archived.contains("[WhiteFideId \"2345678\"]"));
    // The public PGN: no token, no seat key.
    assert!(!archived.contains(&token_3));
    let seats = std::fs::read_to_string(logs.join("round-3/board-1/seat-keys.json"))
        .expect("round 3's seat keys kept with its logs");
    let seats: serde_json::Value = serde_json::from_str(&seats).unwrap();
    let mut keys = Vec::new();
    strings(&seats, &mut keys);
    assert!(
        keys.iter().any(|k| k.len() >= 16),
        "the seats' keys: {seats}"
    );
    for key in keys.iter().filter(|k| k.len() >= 16) {
        assert!(
            !archived.contains(key.as_str()),
            "a seat key in the public PGN"
        );
    }

    // The current round by number is round 4; round 5 is unknown, naming round 3 as archived.
    assert_eq!(get(&bridge, "/round/4.pgn").1, get(&bridge, "/round.pgn").1);
    let (status, body, _) = get(&bridge, "/round/5.pgn");
    assert_eq!(status, 404);
    assert!(
        body.contains("round 5 is not archived in this hall's log folder (archived: 3)"),
        "{body}"
    );
}
