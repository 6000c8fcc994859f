//! The game's routes answer from the game's task, and say so once it has ended.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower::ServiceExt;

use super::*;
use crate::game::GameTask;
use crate::hub::Hub;
use crate::referee::Referee;
use arbiter_core::arbiter::GameConfig;
use arbiter_core::clock::{Millis, TimeControl, Timing};
use arbiter_core::laws::Edition;

/// What `path` answers: its status and its text.
async fn get(routes: &Router, path: &str) -> (StatusCode, String) {
    let request = Request::get(path).body(Body::empty()).expect("a request");
    let response = routes.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .expect("the body");
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// `/games.pgn` and `/events.jsonl` are read from the game's task (the log's extent from it,
/// the file outside it); once the task has ended (the hall's next round took the board), both
/// answer 410 Gone with why, and never wait.
#[tokio::test(flavor = "current_thread")]
async fn the_pgn_and_the_log_come_from_the_games_task_and_an_ended_game_is_gone() {
    let config = GameConfig::new(
        Edition::Fide2023,
        TimeControl::sudden_death(Millis::minutes(5), Timing::None),
    );
    let referee = Referee::new(Hub::in_memory(config), false).expect("setup");
    let facts = referee.hub().facts();
    let task = GameTask::new(referee);
    let handle = task.handle();
    let running = tokio::spawn(task.run());
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    let routes = game_routes(facts, handle, addr, &ServerSettings::default());
    let (status, pgn) = get(&routes, "/games.pgn").await;
    assert_eq!(status, StatusCode::OK);
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    let (status, log) = get(&routes, "/events.jsonl").await;
    assert_eq!(status, StatusCode::OK);
    assert!(log.starts_with(r#"{"schema":"arbiter-log""#), "{log}");
    running.abort();
    let _ = running.await;
    for path in ["/games.pgn", "/events.jsonl"] {
        let (status, text) = get(&routes, path).await;
        assert_eq!(status, StatusCode::GONE, "{path}");
        assert_eq!(text, crate::game::ENDED, "{path}");
    }
}
