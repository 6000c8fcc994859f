//! The bindings in a real browser (wasm-bindgen-test, headless Chromium): JavaScript values in,
//! the core's rulings and state out, localStorage persistence, the frame-driven clock faces.
#![cfg(target_arch = "wasm32")]

use arbiter_wasm::{BoardLink, BridgeClient, ClockDisplay, Speaker, Table, can_mate_js, face_text};
use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(json: &str) -> JsValue {
    js_sys::JSON::parse(json).expect("test JSON")
}

fn get(v: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(v.clone(), |acc, key| {
        Reflect::get(&acc, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    })
}

const BLITZ_2005: &str = r#"{"edition":"2005","time_control":[{"moves":null,"time":180000,"timing":{"kind":"increment","ms":2000}}],"white":"Anna","black":"Bruno","arbiter_present":true}"#;

fn blitz() -> Table {
    Table::new(js(BLITZ_2005), js(r#"{"lang":"de"}"#)).expect("valid setup")
}

fn event(table: &Table, json: &str, at: f64) -> Array {
    table
        .handle_at(js(json), at)
        .expect("event accepted")
        .unchecked_into()
}

#[wasm_bindgen_test]
fn art6_5_start_is_a_ruling_with_its_law() {
    let t = blitz();
    let rulings = event(&t, r#"{"type":"start"}"#, 0.0);
    assert_eq!(rulings.length(), 1);
    let r = rulings.get(0);
    assert_eq!(get(&r, "law").as_string().as_deref(), Some("2005 Art. 6.5"));
    assert_eq!(
        get(&r, "verdict.kind").as_string().as_deref(),
        Some("clock_started")
    );
    assert_eq!(
        get(&r, "verdict.player").as_string().as_deref(),
        Some("white")
    );
}

#[wasm_bindgen_test]
fn art6_8a_move_waits_for_the_press_then_the_increment_is_added() {
    let t = blitz();
    event(&t, r#"{"type":"start"}"#, 0.0);
    event(&t, r#"{"type":"move","move":"g1f3"}"#, 4_000.0);
    let s = t.state_at(4_000.0);
    assert_eq!(get(&s, "clock.awaitingPress").as_bool(), Some(true));
    assert_eq!(
        get(&s, "pieces.f3")
            .dyn_into::<Array>()
            .map(|a| a.join("-"))
            .ok()
            .map(String::from)
            .as_deref(),
        Some("white-knight")
    );
    assert_eq!(
        get(&s, "turn").as_string().as_deref(),
        Some("white"),
        "not completed before the press"
    );
    event(&t, r#"{"type":"press_clock","player":"white"}"#, 5_000.0);
    let s = t.state_at(5_000.0);
    assert_eq!(get(&s, "clock.awaitingPress").as_bool(), Some(false));
    assert_eq!(get(&s, "turn").as_string().as_deref(), Some("black"));
    assert_eq!(
        get(&s, "clock.white.remaining").as_f64(),
        Some(180_000.0 - 5_000.0 + 2_000.0)
    );
    assert_eq!(
        get(&s, "clock.running").as_string().as_deref(),
        Some("black")
    );
    // App. E: German letters in the move list (S = Springer).
    let moves: Array = get(&s, "moves").unchecked_into();
    assert_eq!(
        get(&moves.get(0), "san").as_string().as_deref(),
        Some("Sf3")
    );
    assert_eq!(
        get(&s, "players.white").as_string().as_deref(),
        Some("Anna")
    );
}

#[wasm_bindgen_test]
fn rulings_and_refusals_are_named_by_the_cores_serialised_kinds() {
    // In the page the names are read from the values as the page gets them (kind.rs): a
    // verdict's tag, a claim's and a reason's word, a refusal's kind under its prefix.
    let t = blitz();
    event(&t, r#"{"type":"start"}"#, 0.0);
    event(&t, r#"{"type":"move","move":"e2e4"}"#, 1_000.0);
    event(&t, r#"{"type":"press_clock","player":"white"}"#, 1_000.0);
    let open = event(&t, r#"{"type":"tick"}"#, 181_001.0).get(0);
    assert_eq!(
        get(&open, "say.id").as_string().as_deref(),
        Some("claim_open")
    );
    assert_eq!(
        get(&open, "say.claim").as_string().as_deref(),
        Some("claim_win_on_time")
    );
    let won = event(
        &t,
        r#"{"type":"claim","player":"white","claim":{"kind":"win_on_time"}}"#,
        182_000.0,
    );
    let ids: Vec<String> = won
        .iter()
        .filter_map(|r| get(&r, "say.id").as_string())
        .collect();
    assert!(ids.iter().any(|id| id == "game_over_won"), "{ids:?}");
    let over = won
        .iter()
        .find(|r| get(r, "say.id").as_string().as_deref() == Some("game_over_won"))
        .unwrap_or(JsValue::UNDEFINED);
    assert_eq!(
        get(&over, "say.reason").as_string().as_deref(),
        Some("reason_time")
    );
    let err = t
        .handle_at(js(r#"{"type":"move","move":"e7e5"}"#), 183_000.0)
        .expect_err("refused after the end");
    assert_eq!(get(&err, "kind").as_string().as_deref(), Some("game_over"));
    assert_eq!(
        get(&err, "id").as_string().as_deref(),
        Some("table_game_over")
    );
}

#[wasm_bindgen_test]
fn refused_events_throw_with_the_reason() {
    let t = blitz();
    let err = t
        .handle_at(js(r#"{"type":"move","move":"e2e4"}"#), 0.0)
        .expect_err("refused");
    let msg = get(&err, "message").as_string().unwrap_or_default();
    assert!(msg.contains("not started"), "{msg}");
    let err = t
        .handle_at(js(r#"{"type":"dance"}"#), 0.0)
        .expect_err("refused");
    assert!(
        get(&err, "message")
            .as_string()
            .unwrap_or_default()
            .starts_with("event:")
    );
    assert!(Table::new(js(r#"{"edition":"1999"}"#), JsValue::UNDEFINED).is_err());
}

#[wasm_bindgen_test]
fn c11_2005_b6_blitz_flag_fall_opens_a_claim_and_the_claim_wins() {
    // 2005 App. B6 / C2: in blitz only a player's claim counts, even with an arbiter present.
    let t = blitz();
    event(&t, r#"{"type":"start"}"#, 0.0);
    event(&t, r#"{"type":"move","move":"e2e4"}"#, 1_000.0);
    event(&t, r#"{"type":"press_clock","player":"white"}"#, 1_000.0);
    assert_eq!(t.next_deadline(), Some(181_000.0));
    let rulings = event(&t, r#"{"type":"tick"}"#, 181_001.0);
    let kinds: Vec<String> = rulings
        .iter()
        .filter_map(|r| get(&r, "verdict.kind").as_string())
        .collect();
    assert_eq!(kinds, ["claim_open"]);
    assert_eq!(
        get(&rulings.get(0), "law").as_string().as_deref(),
        Some("2005 App. B6")
    );
    let s = t.state_at(181_001.0);
    assert!(get(&s, "result").is_null(), "no result before the claim");
    assert_eq!(get(&s, "clock.black.flag").as_bool(), Some(true));
    event(
        &t,
        r#"{"type":"claim","player":"white","claim":{"kind":"win_on_time"}}"#,
        182_000.0,
    );
    let s = t.state_at(182_000.0);
    assert_eq!(get(&s, "result.result").as_string().as_deref(), Some("1-0"));
}

#[wasm_bindgen_test]
fn log_and_persistence_replay_to_the_same_state() {
    let key = "wasm-test.game";
    let t = blitz();
    t.persist_to(key);
    event(&t, r#"{"type":"start"}"#, 0.0);
    event(&t, r#"{"type":"move","move":"e2e4"}"#, 2_000.0);
    event(&t, r#"{"type":"press_clock","player":"white"}"#, 2_500.0);
    event(&t, r#"{"type":"lift","square":"g8"}"#, 3_000.0);
    let restored = Table::restore(key).expect("readable").expect("saved");
    let a = t.state_at(9_000.0);
    let b = restored.state_at(9_000.0);
    assert_eq!(
        js_sys::JSON::stringify(&a).ok().map(String::from),
        js_sys::JSON::stringify(&b).ok().map(String::from)
    );
    assert_eq!(
        get(&b, "touched").as_string().as_deref(),
        Some("g8"),
        "2005 Art. 4.3a obligation restored"
    );
    assert_eq!(restored.log(), t.log());
    t.forget();
    assert!(Table::restore(key).expect("readable").is_none());
}

#[wasm_bindgen_test]
fn a_game_persisted_from_its_next_event_is_saved_by_that_event() {
    let key = "wasm-test.unsaved";
    let t = blitz();
    t.persist_from_next_event(key);
    assert!(
        Table::restore(key).expect("readable").is_none(),
        "nothing written before the first event"
    );
    event(&t, r#"{"type":"start"}"#, 0.0);
    let restored = Table::restore(key)
        .expect("readable")
        .expect("saved by the first event");
    assert_eq!(restored.log(), t.log());
    t.forget();
}

#[wasm_bindgen_test]
fn clock_display_writes_both_faces() {
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .expect("document");
    let white = doc.create_element("span").expect("span");
    let black = doc.create_element("span").expect("span");
    let t = blitz();
    let display = ClockDisplay::new(
        &t,
        white.clone(),
        black.clone(),
        js_sys::Function::new_no_args(""),
    );
    display.draw();
    assert_eq!(white.text_content().as_deref(), Some("3:00"));
    assert_eq!(black.text_content().as_deref(), Some("3:00"));
    assert_eq!(display.frames(), 1.0);
    assert_eq!(face_text(19_950), "19.9");
}

#[wasm_bindgen_test]
fn art6_9_low_time_warms_the_flag_rulings_code_and_leaves_the_game_alone() {
    // 8 s on White's clock: below the low-time mark from the start. The display runs its few
    // warm-up quick passes on frames apart, and the game's log and rulings stay as they were.
    let setup = r#"{"edition":"2023","time_control":[{"moves":null,"time":8000,"timing":{"kind":"increment","ms":0}}],"white":"Anna","black":"Bruno","arbiter_present":true}"#;
    let t = Table::new(js(setup), js("{}")).expect("valid setup");
    event(&t, r#"{"type":"start"}"#, t.now());
    let log = t.log();
    let doc = web_sys::window().unwrap().document().unwrap();
    let white = doc.create_element("span").expect("span");
    let black = doc.create_element("span").expect("span");
    let display = ClockDisplay::new(
        &t,
        white.clone(),
        black.clone(),
        js_sys::Function::new_no_args("throw new Error('no ruling expected')"),
    );
    for _ in 0..40 {
        display.draw();
    }
    assert_eq!(display.warm_passes(), 4.0);
    assert_eq!(t.log(), log, "the warm-up logs nothing");
    assert!(
        t.next_deadline().is_some(),
        "the game goes on, its flag still to fall"
    );
    assert_eq!(black.text_content().as_deref(), Some("8.0"));
}

#[wasm_bindgen_test]
fn art6_10_can_mate_for_a_worker() {
    // King and bishop cannot mate a bare king; queen and king can.
    let no = can_mate_js("8/8/8/4k3/8/8/8/4KB2 w - - 0 1", "white", 100_000.0)
        .map_err(JsValue::from)
        .expect("answer");
    assert_eq!(get(&no, "answer").as_string().as_deref(), Some("no"));
    let yes = can_mate_js("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1", "white", 100_000.0)
        .map_err(JsValue::from)
        .expect("answer");
    assert_ne!(get(&yes, "answer").as_string().as_deref(), Some("no"));
    assert!(can_mate_js("not a fen", "white", 10.0).is_err());
    assert!(can_mate_js("8/8/8/4k3/8/8/8/4KQ2 w - - 0 1", "green", 10.0).is_err());
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[wasm_bindgen_test]
fn app_f2_1_moves_typed_in_the_spoken_form_or_any_notation() {
    for (text, lang) in [
        ("Springer Felix drei", "en"),
        ("Sf3", "de"),
        ("Cf3", "it"),
        ("g1f3", "fr"),
    ] {
        let read = arbiter_wasm::read_move_js(START, text, lang, "appf").expect("a legal move");
        assert_eq!(
            get(&read, "uci").as_string().as_deref(),
            Some("g1f3"),
            "{text}"
        );
        assert_eq!(
            get(&read, "said").as_string().as_deref(),
            Some("Springer Felix drei")
        );
    }
    let refused = arbiter_wasm::read_move_js(START, "Springer Felix fuenf", "en", "en");
    let message = get(&refused.expect_err("refused"), "message");
    assert!(
        message
            .as_string()
            .is_some_and(|m| m.contains("not a legal move")),
        "{message:?}"
    );
}

#[wasm_bindgen_test]
fn app_f2_square_labels_and_durations_for_the_ear() {
    let labels = arbiter_wasm::square_labels(START, "en")
        .map_err(JsValue::from)
        .expect("a position");
    assert_eq!(
        get(&labels, "g1").as_string().as_deref(),
        Some("g1, white knight")
    );
    assert_eq!(get(&labels, "e4").as_string().as_deref(), Some("e4, empty"));
    // Durations are the page's words now (words.js durationWords: tests/e2e/words.test.mjs
    // holds "4 minutes 32 seconds" and "4 Minuten 32 Sekunden" for 272,999 ms).
    let mark = arbiter_wasm::tactile_mark_passed(300_400.0, 299_900.0);
    assert_eq!(get(&mark, "remaining").as_f64(), Some(300_000.0));
    assert!(arbiter_wasm::tactile_mark_passed(299_900.0, 299_400.0).is_undefined());
}

#[wasm_bindgen_test]
fn speech_and_bridge_client_are_best_effort() {
    // Chromium has speech synthesis even headless (with or without voices): queuing works.
    let speaker = Speaker::new(1.0);
    assert!(speaker.available());
    assert!(speaker.say("Springer Felix drei", "de"));
    speaker.hush();
    // A client without callbacks is refused with its reason; one with them does not throw even
    // when nothing listens at the address, and closes cleanly.
    let err = BridgeClient::new("ws://127.0.0.1:9/ws", js("{}"))
        .err()
        .expect("refused");
    let message = get(&JsValue::from(err), "message")
        .as_string()
        .unwrap_or_default();
    assert!(message.contains("on.snapshot"), "{message}");
    let on = js_sys::Object::new();
    let noop = js_sys::Function::new_no_args("");
    Reflect::set(&on, &"snapshot".into(), &noop).expect("set");
    Reflect::set(&on, &"message".into(), &noop).expect("set");
    let client = BridgeClient::new("ws://127.0.0.1:9/ws", on.into()).expect("a client");
    assert!(!client.send(js(r#"{"type":"hello"}"#)), "not open yet");
    client.close();
}

/// Plays `moves` (coordinates), each completed by its player's press, a second apart from `at`.
fn play_pressed(t: &Table, moves: &[&str], mut at: f64) -> f64 {
    for (i, mv) in moves.iter().enumerate() {
        let player = if i % 2 == 0 { "white" } else { "black" };
        event(t, &format!(r#"{{"type":"move","move":"{mv}"}}"#), at);
        event(
            t,
            &format!(r#"{{"type":"press_clock","player":"{player}"}}"#),
            at + 500.0,
        );
        at += 1_000.0;
    }
    at
}

#[wasm_bindgen_test]
fn board_at_shows_an_earlier_position_read_only_and_null_past_the_game() {
    let t = blitz();
    event(&t, r#"{"type":"start"}"#, 0.0);
    play_pressed(&t, &["e2e4", "e7e5", "g1f3"], 1_000.0);
    let start = t.board_at(0);
    assert_eq!(
        get(&start, "pieces.e2.1").as_string().as_deref(),
        Some("pawn")
    );
    assert!(get(&start, "lastMove").is_null());
    let first = t.board_at(1);
    assert_eq!(
        get(&first, "pieces.e4.0").as_string().as_deref(),
        Some("white")
    );
    assert!(
        get(&first, "pieces.e5").is_undefined(),
        "Black has not moved yet"
    );
    assert!(get(&first, "pieces.e2").is_undefined());
    assert_eq!(
        get(&first, "lastMove.to").as_string().as_deref(),
        Some("e4")
    );
    assert_eq!(get(&first, "turn").as_string().as_deref(), Some("black"));
    assert_eq!(get(&first, "ply").as_f64(), Some(1.0));
    let moves: Array = get(&first, "moves").unchecked_into();
    assert_eq!(moves.length(), 1, "the list up to the position looked at");
    // Looked at, not played in: no legal moves are offered there.
    let legal: Array = get(&first, "legalMoves").unchecked_into();
    assert_eq!(legal.length(), 0);
    // The game itself is unchanged: three moves, Black on move.
    let s = t.state_at(5_000.0);
    assert_eq!(get(&s, "turn").as_string().as_deref(), Some("black"));
    assert!(t.board_at(3).is_object());
    assert!(t.board_at(4).is_null(), "no fourth move was played");
}

#[wasm_bindgen_test]
fn art9_2_the_repetition_claim_is_open_only_once_the_position_stands_a_third_time() {
    let t = blitz();
    event(&t, r#"{"type":"start"}"#, 0.0);
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let at = play_pressed(&t, &shuffle, 1_000.0);
    let claims = |t: &Table, at: f64| -> Vec<(String, String, String)> {
        let list: Array = get(&t.state_at(at), "claims").unchecked_into();
        list.iter()
            .map(|c| {
                let s = |k| get(&c, k).as_string().unwrap_or_default();
                (s("claim"), s("player"), s("law"))
            })
            .collect()
    };
    assert!(
        claims(&t, at).iter().all(|c| c.0 != "repetition"),
        "the start position has stood twice: {:?}",
        claims(&t, at)
    );
    let at = play_pressed(&t, &shuffle, at);
    let open = claims(&t, at);
    assert!(
        open.contains(&(
            "repetition".to_string(),
            "white".to_string(),
            "2005 Art. 9.2b".to_string()
        )),
        "{open:?}"
    );
    // What a wrong claim costs, and the articles the page cites, for this game's edition.
    let s = t.state_at(at);
    assert_eq!(get(&s, "costs.wrongClaim.ms").as_f64(), Some(180_000.0));
    assert_eq!(
        get(&s, "laws.repetition").as_string().as_deref(),
        Some("2005 Art. 9.2b")
    );
    // White plays on instead: his claim lapses, and the position after 1. Nf3 now stands a
    // third time, so the claim is Black's.
    event(&t, r#"{"type":"move","move":"g1f3"}"#, at);
    event(&t, r#"{"type":"press_clock","player":"white"}"#, at + 500.0);
    let open = claims(&t, at + 600.0);
    assert!(
        !open.iter().any(|c| c.0 == "repetition" && c.1 == "white"),
        "{open:?}"
    );
    assert!(
        open.iter().any(|c| c.0 == "repetition" && c.1 == "black"),
        "{open:?}"
    );
}

#[wasm_bindgen_test]
fn a_2023_game_cites_the_2023_articles() {
    let config = BLITZ_2005.replace(r#""edition":"2005""#, r#""edition":"2023""#);
    let t = Table::new(js(&config), JsValue::UNDEFINED).expect("valid setup");
    let s = t.state_at(0.0);
    for (key, law) in [
        ("laws.repetition", "2023 Art. 9.2.1.2"),
        ("laws.fifty_moves", "2023 Art. 9.3.2"),
        ("laws.resignation", "2023 Art. 5.1.2"),
        ("laws.draw_offer", "2023 Art. 9.1.2"),
        ("laws.sealing", "2023 Guidelines I.1.1"),
        ("laws.pause_clocks", "2023 Art. 6.11"),
    ] {
        assert_eq!(get(&s, key).as_string().as_deref(), Some(law), "{key}");
    }
    assert_eq!(get(&s, "clock.started").as_bool(), Some(false));
    event(&t, r#"{"type":"start"}"#, 0.0);
    assert_eq!(get(&t.state_at(1.0), "clock.started").as_bool(), Some(true));
    event(&t, r#"{"type":"resign","player":"black"}"#, 2.0);
    let s = t.state_at(3.0);
    assert_eq!(get(&s, "result.result").as_string().as_deref(), Some("1-0"));
    assert_eq!(
        get(&s, "result.law").as_string().as_deref(),
        Some("2023 Art. 5.1.2")
    );
}

/// Every write of a board's handshake, as bytes.
fn handshake(link: &BoardLink) -> Vec<Vec<u8>> {
    link.handshake()
        .iter()
        .map(|w| Uint8Array::new(&w).to_vec())
        .collect()
}

#[wasm_bindgen_test]
fn a_pegasus_is_unlocked_by_the_key_given_and_a_malformed_key_is_an_error() {
    let table = blitz();
    let keyed =
        BoardLink::new(&table, "pegasus", true, None, Some("C0ffee".into())).expect("a hex key");
    assert!(
        handshake(&keyed).contains(&vec![0x4D, 0x63, 4, 0xC0, 0xFF, 0xEE, 0x00]),
        "{:?}",
        handshake(&keyed)
    );
    let plain = BoardLink::new(&table, "pegasus", true, None, None).expect("no key");
    assert!(handshake(&plain).iter().all(|w| !w.contains(&0x63)));
    // Another family ignores the key.
    let dgt = BoardLink::new(&table, "dgt", true, None, Some("c0ffee".into())).expect("ignored");
    assert!(handshake(&dgt).iter().all(|w| !w.contains(&0x63)));
    let Err(err) = BoardLink::new(&table, "pegasus", true, None, Some("c0ffeg".into())) else {
        panic!("a key with a g in it was taken");
    };
    let message = get(&JsValue::from(err), "message")
        .as_string()
        .unwrap_or_default();
    assert!(
        message.contains("'g' at character 6"),
        "what and where: {message}"
    );
}

/// The knights out and back, `plies` half-moves each completed by its press, from `at`.
fn knights(t: &Table, plies: usize, at: f64) -> f64 {
    let trips = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = trips.iter().copied().cycle().take(plies).collect();
    play_pressed(t, &moves, at)
}

fn moves_of(state: &JsValue) -> Array {
    get(state, "moves").unchecked_into()
}

#[wasm_bindgen_test]
fn a_lifts_state_since_the_moves_held_carries_no_move_and_a_move_only_its_own() {
    let t = blitz();
    event(&t, r#"{"type":"start"}"#, 0.0);
    let at = knights(&t, 40, 1_000.0);
    let first = t.state_since(0, 0);
    assert_eq!(
        moves_of(&first).length(),
        40,
        "a page holding nothing gets every move"
    );
    let revision = get(&first, "movesRevision").as_f64().expect("a revision") as u32;
    assert_ne!(
        revision, 0,
        "no list's revision is 0: a page holding none asks with 0"
    );
    // 2005 Art. 4.3a: White touches his knight. The state says so and carries no move.
    event(&t, r#"{"type":"lift","square":"g1"}"#, at);
    let touched = t.state_since(revision, 40);
    assert_eq!(get(&touched, "touched").as_string().as_deref(), Some("g1"));
    assert_eq!(
        get(&touched, "movesRevision").as_f64(),
        Some(f64::from(revision)),
        "the list the page holds goes on"
    );
    assert_eq!(moves_of(&touched).length(), 0, "a lift sends no move");
    assert_eq!(get(&touched, "ply").as_f64(), Some(40.0));
    // The move that follows is sent alone, in the game's notation (German: S for the knight).
    knights(&t, 1, at + 100.0);
    let moved = t.state_since(revision, 40);
    let new = moves_of(&moved);
    assert_eq!(new.length(), 1);
    assert_eq!(get(&new.get(0), "san").as_string().as_deref(), Some("Sf3"));
    assert_eq!(get(&new.get(0), "ply").as_f64(), Some(41.0));
    // The moves held and the new one are the whole list, as `state` gives it.
    let whole = moves_of(&t.state());
    let merged = moves_of(&first).concat(&new);
    assert_eq!(
        js_sys::JSON::stringify(&whole).ok().map(String::from),
        js_sys::JSON::stringify(&merged).ok().map(String::from)
    );
    assert!(
        get(&t.state(), "movesRevision").is_undefined(),
        "state's shape is unchanged"
    );
    // A page holding another list (or more moves than the game has) gets the whole list.
    assert_eq!(moves_of(&t.state_since(revision + 1, 40)).length(), 41);
    assert_eq!(moves_of(&t.state_since(revision, 99)).length(), 41);
}

fn stored(key: &str) -> Option<String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(key).ok().flatten())
}

#[wasm_bindgen_test]
fn saving_an_event_of_a_long_game_writes_that_event_not_the_whole_log_again() {
    let key = "wasm-test.long";
    let t = blitz();
    t.persist_to(key);
    event(&t, r#"{"type":"start"}"#, 0.0);
    let at = knights(&t, 240, 1_000.0);
    event(&t, r#"{"type":"lift","square":"g1"}"#, at);
    let log = t.log();
    let value = stored(key).expect("saved");
    assert!(
        value.len() * 5 < log.len(),
        "the lift's save wrote {} bytes of a {}-byte log",
        value.len(),
        log.len()
    );
    // A reload reads the same game, touch-move obligation and all (2005 Art. 4.3a).
    let restored = Table::restore(key).expect("readable").expect("saved");
    assert_eq!(restored.log(), log);
    assert_eq!(
        get(&restored.state_at(at + 1_000.0), "touched")
            .as_string()
            .as_deref(),
        Some("g1")
    );
    // It goes on saving in pieces from where it was read, and reads back again.
    knights(&restored, 41, at + 1_000.0);
    let again = Table::restore(key).expect("readable").expect("saved");
    assert_eq!(again.log(), restored.log());
    // Forgotten, pieces and all.
    again.forget();
    assert!(Table::restore(key).expect("readable").is_none());
    assert_eq!(stored(&format!("{key}/log/0")), None);
}

#[wasm_bindgen_test]
fn a_game_saved_whole_in_one_value_still_loads() {
    let key = "wasm-test.before-pieces";
    let t = blitz();
    event(&t, r#"{"type":"start"}"#, 0.0);
    let at = knights(&t, 100, 1_000.0);
    // As a page saved every game before the log was kept in pieces: the whole log in `log`.
    let value = format!(
        r#"{{"epochWallMs":{},"log":{},"show":{{"lang":"de"}}}}"#,
        t.epoch_wall_ms(),
        js_sys::JSON::stringify(&JsValue::from_str(&t.log()))
            .ok()
            .map(String::from)
            .expect("a JSON string")
    );
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage")
        .set_item(key, &value)
        .expect("stored");
    let restored = Table::restore(key).expect("readable").expect("saved");
    assert_eq!(restored.log(), t.log());
    assert_eq!(moves_of(&restored.state_at(at)).length(), 100);
    restored.forget();
}
