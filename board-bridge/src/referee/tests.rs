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

/// A referee of a new standard game, logged in a fresh folder named by `name`.
fn fresh(name: &str) -> (std::path::PathBuf, Referee) {
    let dir = std::env::temp_dir().join(format!("referee-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let hub = Hub::open(&dir, standard()).expect("log");
    let referee = Referee::new(hub, false).expect("setup");
    (dir, referee)
}

#[test]
fn art6_8a_a_move_counts_once_pressed_and_a_restart_replays_the_logged_events() {
    let (dir, mut r) = fresh("restart");
    r.submit(0, Event::Start, "white").expect("start");
    r.submit(1_000, event(r#"{"type":"move","move":"e2e4"}"#), "white")
        .expect("move");
    assert!(moves(r.hub()).is_empty(), "made, not yet completed");
    r.submit(
        1_500,
        event(r#"{"type":"press_clock","player":"white"}"#),
        "white",
    )
    .expect("press");
    assert_eq!(moves(r.hub()), [(1, "e2e4".to_owned(), "e4".to_owned())]);
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
    let again = Referee::new(reopened, false).expect("replay");
    assert_eq!(again.moves().len(), 1);
    assert_eq!(again.side_to_move(), Color::Black);
    assert_eq!(
        again.game().log().events(),
        r.game().log().events(),
        "the same events at the same instants"
    );
    assert_eq!(again.hub().snapshot().san, ["e4"]);
    assert!(
        again.hub().last_seq() >= r.hub().last_seq(),
        "numbers go on"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// App. A1 / 2023 Guidelines I.1: the envelope is made off the serving thread. Pieces put back
/// before it is in keep the board hidden: the moves the board shows meanwhile are no moves of
/// the game, and the board is shown again only once the envelope is in.
#[test]
fn app_a1_pieces_back_before_the_envelope_is_made_keep_the_board_hidden() {
    let (dir, mut r) = fresh("sealing");
    // As the game's task does: the answers of work off the serving thread come to it.
    let mut answers = r.take_answers().expect("the answers, once");
    r.submit(0, Event::Start, "white").expect("start");
    let before = r.game().board().placement().to_fen_board();
    r.ask_sealed_move(Color::White, "hall secret".into())
        .expect("asked");
    let sealed_move: Move = "g1f3".parse().expect("a move");
    assert!(r.take_sealed_move(sealed_move), "taken for the envelope");
    // The knight goes back before the key is derived.
    assert!(!r.board_shows(&before), "the envelope is not in yet");
    assert!(r.sealing().is_some(), "the board stays hidden");
    let answer = answers.blocking_recv().expect("the envelope's answer");
    r.answered(1_000, answer);
    assert!(
        r.sealing().is_none(),
        "pieces back and envelope in: shown again"
    );
    assert!(!r.pieces_not_back());
    assert!(
        r.game()
            .log()
            .events()
            .iter()
            .any(|s| matches!(s.event, Event::Seal { .. })),
        "the move is in its envelope"
    );
    assert!(r.moves().is_empty(), "and is no move of the game");
    let _ = std::fs::remove_dir_all(&dir);
}
