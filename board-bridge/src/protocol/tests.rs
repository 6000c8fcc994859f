//! The wire as pages read it: every message written to the byte as before its types were the
//! core's, what a page sends read back as it was sent, and what is not a message refused by
//! name.

use super::reply::SnapshotType;
use super::*;
use arbiter_core::arbiter::{Game, GameConfig};
use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
use arbiter_core::laws::Edition;
use arbiter_core::laws::blind::BoardOf;
use arbiter_core::{Color, Square};

fn blitz() -> GameConfig {
    GameConfig::new(
        Edition::Fide2005,
        TimeControl::sudden_death(Millis::minutes(5), Timing::None),
    )
}

fn written(body: Body) -> String {
    let envelope = Envelope {
        v: PROTOCOL_VERSION,
        seq: 7,
        at_ms: 1234,
        body,
    };
    serde_json::to_string(&envelope).expect("an envelope is written")
}

/// The core's structure as pages always had it: a JSON value, whose keys are sorted.
fn as_value(value: &impl Serialize) -> String {
    serde_json::to_value(value).expect("json").to_string()
}

const HEAD: &str = r#"{"v":1,"seq":7,"at_ms":1234,"#;

#[test]
fn each_body_is_written_to_the_byte_as_pages_read_it() {
    let cases = [
        (
            Body::Touch {
                action: TouchAction::Lift,
                square: "g1".into(),
                piece: "wN".into(),
            },
            r#""type":"touch","action":"lift","square":"g1","piece":"wN"}"#.to_owned(),
        ),
        (
            Body::Move {
                ply: 1,
                uci: "e2e4".into(),
                san: "e4".into(),
                fen: "f".into(),
                clock_ms: Some(299_000),
            },
            r#""type":"move","ply":1,"uci":"e2e4","san":"e4","fen":"f","clock_ms":299000}"#
                .to_owned(),
        ),
        (
            Body::Takeback {
                to_ply: 0,
                fen: "f".into(),
            },
            r#""type":"takeback","to_ply":0,"fen":"f"}"#.to_owned(),
        ),
        (
            Body::Clock {
                left_ms: 1,
                right_ms: 2,
                running: Some(Running::Right),
            },
            r#""type":"clock","left_ms":1,"right_ms":2,"running":"right"}"#.to_owned(),
        ),
        (
            Body::Board {
                connected: true,
                placement: Some("8/8/8/8/8/8/8/8".into()),
                orientation: Some(Facing::Rotated),
                port: Some("/dev/ttyUSB0".into()),
                dropped: 2,
                resyncs: 0,
                sealing: Some(SealingStage::PiecesBack),
                battery: Some(arbiter_core::dgt::output::Battery {
                    percent: Some(42),
                    charging: false,
                    clock_low: true,
                }),
            },
            r#""type":"board","connected":true,"placement":"8/8/8/8/8/8/8/8","orientation":"rotated","port":"/dev/ttyUSB0","dropped":2,"sealing":"pieces_back","battery":{"percent":42,"charging":false,"clock_low":true}}"#
                .to_owned(),
        ),
        (
            Body::Error {
                message: "gone".into(),
            },
            r#""type":"error","message":"gone"}"#.to_owned(),
        ),
    ];
    for (body, tail) in cases {
        assert_eq!(written(body), format!("{HEAD}{tail}"));
    }
}

#[test]
fn art7_5_a_placement_ruling_names_its_squares_the_placement_and_the_seat() {
    let law = Law::new(Edition::Fide2005, "Art. 7.5");
    let body = Body::Ruling {
        law,
        finding: Finding::Placement {
            mismatch: Mismatch::Displaced,
            squares: vec![Square::E2, Square::E4],
            restore: Placement::start(),
        },
        board: Some(Seat::Blind {
            player: Color::Black,
        }),
    };
    let restore = Placement::start().to_fen_board();
    assert_eq!(
        written(body),
        format!(
            r#"{HEAD}"type":"ruling","law":"2005 Art. 7.5","kind":"displaced","squares":["e2","e4"],"restore":"{restore}","board":"blind_board"}}"#
        )
    );
}

#[test]
fn art6_9_an_engine_ruling_carries_its_verdict_as_the_core_writes_it() {
    let verdict = Verdict::FlagFell {
        player: Color::White,
    };
    let law = Law::new(Edition::Fide2005, "Art. 6.9");
    let body = Body::Ruling {
        law,
        finding: Finding::Verdict(verdict.clone()),
        board: None,
    };
    assert_eq!(
        written(body),
        format!(
            r#"{HEAD}"type":"ruling","law":"2005 Art. 6.9","kind":"flag_fell","verdict":{}}}"#,
            as_value(&verdict)
        )
    );
}

#[test]
fn the_state_is_the_cores_own_written_with_its_keys_sorted() {
    let game = Game::new(blitz()).expect("a game");
    let state = game.state(Timestamp(0));
    let body = Body::State {
        state: Arc::new(state.clone()),
    };
    assert_eq!(
        written(body),
        format!(r#"{HEAD}"type":"state","state":{}}}"#, as_value(&state))
    );
}

#[test]
fn app_f2_7_a_discrepancy_carries_the_cores_correction() {
    let law = Law::new(Edition::Fide2005, "App. F2.7");
    let correction = Correction::FixBoards {
        boards: vec![BoardOf::Impaired],
        ply: 1,
        fen: "f".into(),
        law,
    };
    let body = Body::Discrepancy {
        law: Some(law),
        correction: correction.clone(),
        awaiting: Some(Which::Blind),
        main: "m".into(),
        blind: "b".into(),
    };
    assert_eq!(
        written(body),
        format!(
            r#"{HEAD}"type":"discrepancy","law":"2005 App. F2.7","correction":{},"awaiting":"blind","main":"m","blind":"b"}}"#,
            as_value(&correction)
        )
    );
}

#[test]
fn an_accepted_event_is_written_with_its_instant_and_source() {
    let event: Event = serde_json::from_str(r#"{"type":"move","move":"e2e4"}"#).expect("event");
    let body = Body::Event {
        event: Stamped {
            at: Timestamp(5),
            event: event.clone(),
        },
        source: "board".into(),
    };
    let stamped = Stamped {
        at: Timestamp(5),
        event,
    };
    assert_eq!(
        written(body),
        format!(
            r#"{HEAD}"type":"event","event":{},"source":"board"}}"#,
            serde_json::to_string(&stamped).expect("json")
        )
    );
}

#[test]
fn what_a_page_sends_reads_back_as_it_was_sent() {
    let sent = [
        r#"{"type":"hello","last_seq":41}"#,
        r#"{"type":"event","event":{"type":"press_clock","player":"white"}}"#,
        r#"{"type":"auto_press","on":true}"#,
        r#"{"type":"seal_on_board","passphrase":"correct horse"}"#,
    ];
    for text in sent {
        let message = ClientMessage::parse(text).expect(text);
        let again = serde_json::to_string(&message).expect("json");
        assert_eq!(ClientMessage::parse(&again), Ok(message), "{text}");
        let (a, b): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(text).expect("json"),
            serde_json::from_str(&again).expect("json"),
        );
        assert_eq!(a, b, "written as it was sent");
    }
    assert_eq!(
        ClientMessage::parse(r#"{"type":"hello"}"#),
        Ok(ClientMessage::Hello { last_seq: 0 })
    );
}

#[test]
fn a_kind_the_bridge_does_not_take_is_refused_by_name() {
    let refused = ClientMessage::parse(r#"{"type":"resign_for_both","player":"white"}"#);
    assert_eq!(
        refused,
        Err(ClientError::UnknownKind {
            kind: "resign_for_both".into()
        })
    );
    let told = refused.expect_err("refused").to_string();
    assert!(told.contains("\"resign_for_both\""), "{told}");
    assert!(matches!(
        ClientMessage::parse(r#"{"type":"event","event":{"type":"teleport"}}"#),
        Err(ClientError::NotAnEvent(_))
    ));
    assert!(matches!(
        ClientMessage::parse(r#"{"type":"auto_press"}"#),
        Err(ClientError::Malformed {
            kind: "auto_press",
            ..
        })
    ));
    assert!(matches!(
        ClientMessage::parse("[1,2]"),
        Err(ClientError::NotAMessage(_))
    ));
}

#[test]
fn the_answers_for_one_page_read_back_and_keep_their_bytes() {
    let reply = Reply {
        seat: Some("black".into()),
        player: Some("white".into()),
        ..Reply::error_with_id("seat_not_yours", "no")
    };
    let text = serde_json::to_string(&reply).expect("json");
    assert_eq!(
        text,
        r#"{"v":1,"type":"error","message":"no","id":"seat_not_yours","seat":"black","player":"white"}"#
    );
    assert_eq!(serde_json::from_str::<Reply>(&text).expect("read"), reply);
    let unchanged = serde_json::to_string(&Reply::unchanged("same")).expect("json");
    assert_eq!(unchanged, r#"{"v":1,"type":"unchanged","message":"same"}"#);

    let refusal = Refusal {
        origin: Some("https://a.example".into()),
        ..Refusal::new(RefusalReason::Origin, "not from there")
    };
    let text = serde_json::to_string(&refusal).expect("json");
    assert_eq!(
        text,
        r#"{"v":1,"type":"refused","reason":"origin","message":"not from there","origin":"https://a.example"}"#
    );
    assert_eq!(
        serde_json::from_str::<Refusal>(&text).expect("read"),
        refusal
    );

    let safe = serde_json::to_string(&Safe::through(9)).expect("json");
    assert_eq!(safe, r#"{"v":1,"type":"safe","through":9}"#);
    assert_eq!(
        serde_json::from_str::<Safe>(&safe).expect("read"),
        Safe::through(9)
    );
    assert!(serde_json::from_str::<Safe>(r#"{"v":1,"type":"unsafe","through":9}"#).is_err());
}

fn snapshot(config: Option<GameConfig>) -> Snapshot {
    Snapshot {
        v: PROTOCOL_VERSION,
        kind: SnapshotType::Snapshot,
        seq: 3,
        fen: String::new(),
        moves: vec!["e2e4".into()],
        san: vec!["e4".into()],
        connected: true,
        placement: None,
        port: None,
        dropped: 0,
        resyncs: 0,
        sealing: None,
        battery: None,
        config,
        state: None,
        safe: None,
        notices: Vec::new(),
        at_ms: None,
    }
}

#[test]
fn a_snapshot_without_a_config_writes_as_before() {
    let old = r#"{"v":1,"type":"snapshot","seq":3,"fen":"","moves":["e2e4"],"san":["e4"],"connected":true}"#;
    assert_eq!(serde_json::to_string(&snapshot(None)).expect("json"), old);
}

#[test]
fn app_f1_a_snapshot_carries_the_config_and_the_state_as_the_cores_json() {
    let text = r#"{"edition":"2005","time_control":[{"moves":null,"time":300000,"timing":{"kind":"increment","ms":3000}}],
        "visually_impaired":[{"player":"white","tactile_board":true}]}"#;
    let config: GameConfig = serde_json::from_str(text).expect("a GameConfig");
    let state = Game::new(config.clone())
        .expect("a game")
        .state(Timestamp(0));
    let mut with = snapshot(Some(config.clone()));
    with.state = Some(Arc::new(state.clone()));
    let written: serde_json::Value = serde_json::to_value(&with).expect("json");
    assert_eq!(written["config"]["visually_impaired"][0]["player"], "white");
    assert_eq!(written["config"]["time_control"][0]["time"], 300_000);
    let back: GameConfig = serde_json::from_value(written["config"].clone()).expect("read back");
    assert_eq!(back, config);
    assert_eq!(
        written["state"],
        serde_json::to_value(&state).expect("json")
    );
}
