//! `arbiter replay`: contract tests on the built binary.

mod common;

const LOG: &str = r#"{"schema":"arbiter-log","version":1,"config":{"edition":"2005","time_control":[{"moves":null,"time":5400000,"timing":{"kind":"increment","ms":2000}}]}}
{"at":0,"event":{"type":"start"}}
{"at":3000,"event":{"type":"move","move":"f2f3"}}
{"at":3500,"event":{"type":"press_clock","player":"white"}}
{"at":6000,"event":{"type":"move","move":"e7e5"}}
{"at":6400,"event":{"type":"press_clock","player":"black"}}
{"at":9000,"event":{"type":"move","move":"e1e3"}}
{"at":9200,"event":{"type":"press_clock","player":"white"}}
"#;

fn run(args: &[&str], file: &str) -> (i32, String, String) {
    let (code, out, err) = common::arbiter_on_file("replay", args, file);
    (code, String::from_utf8_lossy(&out).into_owned(), err)
}

#[test]
fn replay_prints_each_ruling_then_the_state() {
    let (code, out, _) = run(&[], LOG);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let laws: Vec<String> = lines
        .iter()
        .filter_map(|l| l.get("law"))
        .map(|law| {
            format!(
                "{} {}",
                law["edition"].as_str().unwrap(),
                law["article"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        laws,
        [
            "2005 Art. 6.5",
            "2005 Art. 7.4a",
            "2005 Art. 7.4a",
            "2005 Art. 7.4b"
        ]
    );
    let state = lines.last().unwrap();
    assert_eq!(state["illegal_moves"], serde_json::json!([1, 0]));
    assert_eq!(
        state["black"]["remaining"],
        serde_json::json!(5_400_000 - 2_900 + 2_000 + 120_000)
    );
    assert_eq!(state["obligation"]["kind"], "move_piece");
}

#[test]
fn replay_pgn_carries_clock_times() {
    let (code, out, _) = run(&["--pgn"], LOG);
    assert_eq!(code, 0);
    assert!(
        out.contains("1. f3 {[%clk 1:29:58]} e5 {[%clk 1:29:59]} *"),
        "{out}"
    );
}

#[test]
fn replay_names_the_bad_line() {
    let bad = LOG.replace(
        r#"{"at":6000,"event":{"type":"move","move":"e7e5"}}"#,
        r#"{"at":6000,"event":{"type":"teleport"}}"#,
    );
    let (code, _, err) = run(&[], &bad);
    assert_eq!(code, 2);
    assert!(err.contains("line 5"), "{err}");
}

#[test]
fn replay_names_the_line_of_a_refused_event_beside_its_number() {
    // Before, "replay failed at event 2: ..." alone: a log of thousands of lines was searched by
    // hand. A blank line counts as a line of the file, not as an event.
    let bad = LOG.replace(
        "{\"at\":3500,",
        "\n{\"at\":3400,\"event\":{\"type\":\"press_clock\",\"player\":\"black\"}}\n{\"at\":3500,",
    );
    let (code, _, err) = run(&[], &bad);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("event 2") && err.contains("line 5"), "{err}");
}

/// A supervised 2005 game whose start position stands three times, White claiming it, as a log
/// of `version`.
fn claim_log(version: u32) -> String {
    let mut log = format!(
        r#"{{"schema":"arbiter-log","version":{version},"config":{{"edition":"2005","arbiter_present":true,"time_control":[{{"moves":null,"time":5400000,"timing":{{"kind":"increment","ms":30000}}}}]}}}}"#
    );
    log.push_str("\n{\"at\":0,\"event\":{\"type\":\"start\"}}\n");
    let moves = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    for (i, mv) in moves.iter().enumerate() {
        let player = if i % 2 == 0 { "white" } else { "black" };
        let at = 1_000 * (i as u64 + 1);
        log.push_str(&format!(
            "{{\"at\":{at},\"event\":{{\"type\":\"move\",\"move\":\"{mv}\"}}}}\n\
             {{\"at\":{},\"event\":{{\"type\":\"press_clock\",\"player\":\"{player}\"}}}}\n",
            at + 500
        ));
    }
    log.push_str(
        "{\"at\":9000,\"event\":{\"type\":\"claim\",\"player\":\"white\",\"claim\":{\"kind\":\"repetition\"}}}\n",
    );
    log
}

#[test]
fn replay_reads_a_version_1_log_as_it_was_recorded_and_a_version_2_log_waits_for_the_arbiter() {
    let (code, out, err) = run(&[], &claim_log(1));
    assert_eq!(code, 0, "{err}");
    let state: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(state["outcome"]["result"], "1/2-1/2", "{out}");
    assert_eq!(state["outcome"]["reason"], "repetition");
    assert_eq!(state["pending_claim"], serde_json::Value::Null);

    let (code, out, err) = run(&[], &claim_log(2));
    assert_eq!(code, 0, "{err}");
    let state: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(state["outcome"], serde_json::Value::Null, "{out}");
    assert_eq!(state["pending_claim"]["claim"], "repetition");
}
