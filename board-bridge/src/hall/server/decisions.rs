//! `POST /board/N/arbiter`: the arbiter's decisions on one board (an event, a result, a clock
//! set, a seal asked on the board, his last action undone), `POST /hall/start`, the round
//! started on every board, and `POST /hall/next-round`, the round after it.

use arbiter_core::arbiter::{Decision, Event, GameResult};
use arbiter_core::clock::{Millis, Timestamp};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::{ArbiterRight, HallApp, json_body, no_board, not_taken, refused};
use crate::hall::desk::Before;
use crate::referee::NotTaken;

/// What an arbiter's request holds: one of these.
const ONE_OF: &str = "one of event, result, dismiss, seal_on_board, set_clock or undo, alone";

/// What the arbiter asks of a board.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ArbiterRequest {
    /// One of the core's events (an `arbiter` decision: restore, set clocks, accept or reject
    /// a claim; or any other), recorded as the arbiter's.
    #[serde(default)]
    event: Option<serde_json::Value>,
    /// `1-0`, `0-1` or `1/2-1/2`: the game ends so (confirming a result signal, or the
    /// players' word to the arbiter).
    #[serde(default)]
    result: Option<String>,
    /// Set aside the result the board's kings proposed.
    #[serde(default)]
    dismiss: bool,
    /// Ask the player on move for his sealed move, made on the sensor board and sealed with
    /// this passphrase (App. A1), as the live page's seats ask it.
    #[serde(default)]
    seal_on_board: Option<SealRequest>,
    /// Set one clock or both: a side left out keeps what its clock reads when the change is
    /// taken (never a value the page read earlier).
    #[serde(default)]
    set_clock: Option<ClockEdit>,
    /// Take back the arbiter's last action, where the Laws let him ([`crate::hall::desk`]).
    #[serde(default)]
    undo: bool,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockEdit {
    #[serde(default)]
    white: Option<u64>,
    #[serde(default)]
    black: Option<u64>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SealRequest {
    /// Blank or left out: the bridge makes one for the arbiter and answers it to him once.
    #[serde(default)]
    passphrase: String,
}

pub(super) async fn arbiter(
    State(app): State<HallApp>,
    Path(n): Path<String>,
    _: ArbiterRight,
    body: axum::body::Bytes,
) -> Response {
    let round = app.hall.round();
    let Some((i, board)) = n.parse().ok().and_then(|n| round.board(n)) else {
        return no_board(n);
    };
    let request: ArbiterRequest = match json_body(
        &body,
        r#"an arbiter request ({"event": ...}, {"result": "1-0"} or {"dismiss": true})"#,
    ) {
        Ok(r) => r,
        Err(no) => return no,
    };
    let only_one = [
        request.event.is_some(),
        request.result.is_some(),
        request.dismiss,
        request.seal_on_board.is_some(),
        request.set_clock.is_some(),
        request.undo,
    ]
    .iter()
    .filter(|&&b| b)
    .count()
        == 1;
    if !only_one {
        return refused(StatusCode::BAD_REQUEST, ONE_OF);
    }
    if request.undo {
        return undo(&app, i, board).await;
    }
    if request.dismiss {
        app.hall.clear_proposal(i).await;
        return axum::Json(json!({"ok": true})).into_response();
    }
    if let Some(seal) = request.seal_on_board {
        return seal_on_board(&app, i, board, seal.passphrase).await;
    }
    let now = board.facts.clock.now_ms();
    let event = match (
        &request.event,
        request.result.as_deref(),
        &request.set_clock,
    ) {
        (_, _, Some(edit)) => {
            if edit.white.is_none() && edit.black.is_none() {
                return refused(
                    StatusCode::BAD_REQUEST,
                    "set_clock names white, black or both (ms)",
                );
            }
            let Some(before) = before_of(board, now).await else {
                return gone();
            };
            Event::Arbiter {
                decision: Decision::SetClock {
                    white: Millis(edit.white.unwrap_or(before.white_ms)),
                    black: Millis(edit.black.unwrap_or(before.black_ms)),
                },
            }
        }
        (Some(event), _, _) => match serde_json::from_value(event.clone()) {
            Ok(e) => e,
            Err(e) => return refused(StatusCode::BAD_REQUEST, format!("not an event: {e}")),
        },
        (None, Some(result), _) => {
            // The result the players report, recorded as such (Art. 8.7): not a resignation
            // or a draw offer made on their behalf, which the Laws may rule otherwise.
            let result = match result {
                "1-0" => GameResult::WhiteWins,
                "0-1" => GameResult::BlackWins,
                "1/2-1/2" => GameResult::Draw,
                other => {
                    return refused(
                        StatusCode::BAD_REQUEST,
                        format!("result {other:?}: expected 1-0, 0-1 or 1/2-1/2"),
                    );
                }
            };
            Event::Arbiter {
                decision: Decision::RecordResult { result },
            }
        }
        (None, None, None) => {
            return refused(StatusCode::BAD_REQUEST, ONE_OF);
        }
    };
    // The live page's seats' path: the same checks, the same refusals.
    let asked = event.clone();
    let decided = board.game.act(move |referee| {
        let before = before_in(referee, now);
        // The score a restore may drop, kept for its undo.
        let played = if matches!(
            asked,
            Event::Arbiter {
                decision: Decision::Restore { .. }
            }
        ) {
            referee.game().moves().to_vec()
        } else {
            Vec::new()
        };
        let taken = referee.take_request(now, asked, "arbiter");
        (taken, before, played)
    });
    let Some((taken, before, played)) = decided.await else {
        return gone();
    };
    match taken {
        Ok(()) => {}
        Err(NotTaken::Unchanged) => {
            return axum::Json(json!({"ok": true, "unchanged": true})).into_response();
        }
        Err(why) => return not_taken(&why),
    }
    app.hall
        .update_desk(i, |d| d.taken(&event, before, &played))
        .await;
    if request.result.is_some() {
        app.hall.clear_proposal(i).await;
    }
    axum::Json(json!({"ok": true})).into_response()
}

/// Asks the player on move of board index `i` for his sealed move, made on the sensor board
/// (App. A1), sealed with `passphrase`; a blank one is made for the arbiter (as the single
/// board's is), said on the bridge's terminal and answered to him alone, once, never kept by
/// the bridge beyond the envelope.
async fn seal_on_board(
    app: &HallApp,
    i: usize,
    board: &crate::hall::board::HallBoard,
    passphrase: String,
) -> Response {
    let seal_refused = |why: String| {
        (
            StatusCode::CONFLICT,
            axum::Json(json!({"error": why, "id": "seal_refused"})),
        )
            .into_response()
    };
    let made = passphrase.trim().is_empty();
    let passphrase = if made {
        match crate::sealing::generated_passphrase() {
            Ok(p) => p,
            Err(e) => return seal_refused(e.to_string()),
        }
    } else {
        passphrase
    };
    if let Some(why) = crate::sealing::weak_passphrase(&passphrase) {
        return seal_refused(why);
    }
    let asked = passphrase.clone();
    let sealed = board.game.act(move |r| r.seal_on_board(asked)).await;
    let sealer = match sealed {
        Some(Ok(sealer)) => sealer,
        Some(Err(why)) => return seal_refused(why),
        None => return gone(),
    };
    app.hall
        .update_desk(i, |d| {
            d.undone();
            d.adjourned_no_more();
        })
        .await;
    let sealer = arbiter_core::wire::color::name(sealer);
    if !made {
        return axum::Json(json!({"ok": true, "sealer": sealer})).into_response();
    }
    eprintln!(
        "board-bridge: board {}: the passphrase of the envelope now sealed on the board (made for the arbiter, keep it to open the envelope): {passphrase}",
        board.number()
    );
    super::secret_answer(json!({"ok": true, "sealer": sealer, "passphrase": passphrase}))
}

/// The game of `board` as it stands at `now`, for what the arbiter's undo needs; `None` once
/// its task has ended.
async fn before_of(board: &crate::hall::board::HallBoard, now: u64) -> Option<Before> {
    board.game.act(move |r| before_in(r, now)).await
}

/// The answer for a board whose game's task has ended (the next round took the board while
/// the request was on its way).
fn gone() -> Response {
    refused(StatusCode::GONE, crate::game::ENDED)
}

fn before_in(referee: &crate::referee::Referee, now: u64) -> Before {
    let game = referee.game();
    let state = game.state(Timestamp(now));
    Before {
        plies: game.moves().len(),
        white_ms: state.white.remaining.0,
        black_ms: state.black.remaining.0,
        running: state.running,
        sealed: state.sealed,
    }
}

/// Takes back the arbiter's last action on board index `i`, where the Laws let him
/// ([`crate::hall::desk`]): 409 with `nothing_to_undo` when there is none.
async fn undo(app: &HallApp, i: usize, board: &crate::hall::board::HallBoard) -> Response {
    let Some(last) = app.hall.desk(i).last else {
        return (
            StatusCode::CONFLICT,
            axum::Json(json!({
                "error": "nothing of the arbiter's can be undone on this board",
                "id": "nothing_to_undo",
            })),
        )
            .into_response();
    };
    let now = board.facts.clock.now_ms();
    let undone = last.clone();
    let answer = board.game.act(move |referee| {
        let law = undone.rule().law(referee.game().config().edition);
        let before = before_in(referee, now);
        let mut taken = Ok(());
        for event in undone.events(before.white_ms, before.black_ms) {
            match referee.take_request(now, event, "arbiter") {
                Ok(()) | Err(NotTaken::Unchanged) => {}
                Err(why) => {
                    taken = Err(why);
                    break;
                }
            }
        }
        (taken, law)
    });
    let Some((taken, law)) = answer.await else {
        return gone();
    };
    if let Err(why) = taken {
        return not_taken(&why);
    }
    app.hall.update_desk(i, |d| d.undone()).await;
    axum::Json(json!({"ok": true, "undone": last.describe(), "law": law.to_string()}))
        .into_response()
}

/// "Start the round": every board's game not yet started is started now, by the arbiter
/// (2005 Art. 6.5 / 2023 Art. 6.6); each board's answer in the boards' order.
pub(super) async fn start_round(State(app): State<HallApp>, _: ArbiterRight) -> Response {
    let round = app.hall.round();
    let mut boards = Vec::with_capacity(round.boards.len());
    for (i, b) in round.boards.iter().enumerate() {
        let answer = match b.start().await {
            Ok(()) => json!({"number": b.number(), "started": true}),
            Err(NotTaken::Unchanged) => json!({"number": b.number(), "started": false}),
            Err(why) => {
                json!({"number": b.number(), "started": false, "error": why.to_string(), "id": why.id()})
            }
        };
        app.hall.board_changed(i).await;
        boards.push(answer);
    }
    axum::Json(json!({"ok": true, "boards": boards})).into_response()
}

/// What the arbiter's "Start next round" sends; every field may be left out.
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NextRound {
    /// The pairing program's TRF file holding the next round's pairings, as text; left out,
    /// the file the hall file names (`[event] trf`) is read again.
    #[serde(default)]
    trf: Option<String>,
    /// Start it though games of this round are still being played: they are archived as they
    /// stand.
    #[serde(default)]
    force: bool,
    /// The Lichess Broadcasts round the next round is pushed to; left out, the push stops
    /// with the round it was given.
    #[serde(default)]
    lichess_round: Option<String>,
}

/// `POST /hall/next-round`: the round after this one on the same boards
/// ([`crate::hall::next::start_next`]); 409 naming the boards still playing unless `force`,
/// 422 when its pairings cannot be read.
pub(super) async fn next_round(
    State(app): State<HallApp>,
    _: ArbiterRight,
    body: axum::body::Bytes,
) -> Response {
    use crate::hall::next::NotStarted;
    let asked: NextRound = if body.iter().all(u8::is_ascii_whitespace) {
        NextRound::default()
    } else {
        match json_body(
            &body,
            r#"the next round ({}, or {"trf": "...", "force": true, "lichess_round": "id"})"#,
        ) {
            Ok(r) => r,
            Err(no) => return no,
        }
    };
    let next = app.hall.round().event.round + 1;
    if let Some(id) = asked.lichess_round.as_deref().map(str::trim)
        && !id.is_empty()
    {
        app.hall.set_push_round(next, id.to_owned());
    }
    match crate::hall::next::start_next(&app.hall, asked.trf.as_deref(), asked.force).await {
        Ok(round) => axum::Json(json!({"ok": true, "round": round})).into_response(),
        Err(NotStarted::Playing(boards)) => (
            StatusCode::CONFLICT,
            axum::Json(json!({
                "error": NotStarted::Playing(boards.clone()).to_string(),
                "id": "next_round_playing",
                "boards": boards,
            })),
        )
            .into_response(),
        Err(e @ (NotStarted::Pairings { .. } | NotStarted::Boards { .. })) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            axum::Json(json!({"error": e.to_string(), "id": "next_round_pairings"})),
        )
            .into_response(),
        Err(e) => refused(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}
