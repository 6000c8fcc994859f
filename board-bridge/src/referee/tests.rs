use super::*;
use arbiter_core::arbiter::GameConfig;
use arbiter_core::clock::{Millis, TimeControl, Timing};
use arbiter_core::laws::Edition;

fn standard() -> GameConfig {
    GameConfig::new(
        Edition::Fide2005,
        TimeControl::sudden_death(Millis::minutes(90), Timing::None),
    )
}

fn event(json: &str) -> Event {
    serde_json::from_str(json).expect("an event")
}

fn moves(hub: &Hub) -> Vec<(usize, String, String)> {
    hub.recent_json()
        .iter()
        .filter_map(|json| serde_json::from_str::<serde_json::Value>(json).ok())
        .filter(|m| m["type"] == "move")
        .map(|m| {
            let text = |k: &str| m[k].as_str().unwrap_or_default().to_owned();
            (
                m["ply"].as_u64().unwrap_or(0) as usize,
                text("uci"),
                text("san"),
            )
        })
        .collect()
}

#[test]
fn art6_8a_a_move_counts_once_pressed_and_a_restart_replays_the_logged_events() {
    let dir = std::env::temp_dir().join(format!("referee-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let hub = Hub::open(&dir, standard()).expect("log");
    let mut r = Referee::new(hub.clone(), false).expect("setup");
    r.submit(0, Event::Start, "white").expect("start");
    r.submit(1_000, event(r#"{"type":"move","move":"e2e4"}"#), "white")
        .expect("move");
    assert!(moves(&hub).is_empty(), "made, not yet completed");
    r.submit(
        1_500,
        event(r#"{"type":"press_clock","player":"white"}"#),
        "white",
    )
    .expect("press");
    assert_eq!(moves(&hub), [(1, "e2e4".to_owned(), "e4".to_owned())]);
    // Stamps never go back, whichever thread gets the lock first.
    r.submit(1_200, event(r#"{"type":"lift","square":"g8"}"#), "board")
        .expect("a late-stamped lift is moved up to the last instant");
    // A restart reads the log back, under the setup its header names.
    let other = GameConfig::new(
        Edition::Fide2023,
        TimeControl::sudden_death(Millis::minutes(5), Timing::None),
    );
    let reopened = Hub::open(&dir, other).expect("log read back");
    // The bridge's games wait for the full analysis rather than stall its thread.
    let bridged = GameConfig {
        defer_analysis: true,
        ..standard()
    };
    assert_eq!(reopened.config(), bridged);
    let again = Referee::new(reopened.clone(), false).expect("replay");
    assert_eq!(again.moves().len(), 1);
    assert_eq!(again.side_to_move(), Color::Black);
    assert_eq!(
        again.game().log().events(),
        r.game().log().events(),
        "the same events at the same instants"
    );
    assert_eq!(reopened.snapshot().san, ["e4"]);
    assert!(reopened.last_seq() >= hub.last_seq(), "numbers go on");
    let _ = std::fs::remove_dir_all(&dir);
}
