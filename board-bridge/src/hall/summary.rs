//! What the hall page shows of each board: the players, the pieces, the clocks, the result,
//! and what awaits the arbiter. All of it is read from the board's game; nothing is
//! recomputed here.

use arbiter_core::Color;
use arbiter_core::clock::Timestamp;
use serde_json::{Value, json};

use super::Hall;
use crate::hub::GameState;

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Board index `i` now, as the hall page draws it.
pub fn of_board(hall: &Hall, i: usize, state: &GameState) -> Value {
    let board = &hall.boards[i];
    let now = board.hub.now_ms();
    let referee = crate::referee::lock(&board.referee);
    let game = referee.game();
    let core = game.state(Timestamp(now));
    let result = game.result();
    let c = &board.config;
    json!({
        "number": c.number,
        "white": c.white,
        "black": c.black,
        "white_fide_id": c.white_fide_id,
        "black_fide_id": c.black_fide_id,
        "source": board.source_name(),
        "connected": state.connected,
        "placement": state.placement,
        // A sealed move being made on the board, or its pieces awaited back (App. A1, A5):
        // the stage only, never its squares.
        "sealing": state.sealing,
        "fen": core.fen,
        "plies": game.moves().len(),
        "last_san": game.moves().last().map(|m| m.san.clone()),
        // The last move's number as the score writes it (that of the position it was played
        // in: a game set up from a FEN goes on from its fullmove number) and who played it.
        "last_number": game
            .moves()
            .len()
            .checked_sub(1)
            .and_then(|ply| game.position_after(ply))
            .map(|p| p.fullmove_number()),
        "last_by": game.moves().last().map(|m| color_name(m.by)),
        "side_to_move": color_name(core.side_to_move),
        "clock": {
            "white_ms": core.white.remaining.0,
            "black_ms": core.black.remaining.0,
            "running": core.running.map(color_name),
        },
        "result": result.map(|(r, _)| r.pgn()),
        "reason": result.and_then(|(_, why)| serde_json::to_value(why).ok()),
        "pending_claim": serde_json::to_value(&core.pending_claim).ok(),
        "draw_offer": core.draw_offer.map(color_name),
        "illegal_moves": core.illegal_moves,
        "proposed": hall.proposal(i),
        "links": {
            "page": format!("/board/{}", c.number),
            "ws": format!("/board/{}/ws", c.number),
            "pgn": format!("/board/{}/games.pgn", c.number),
            "log": format!("/board/{}/events.jsonl", c.number),
        },
    })
}

/// The whole hall, for a page that just opened.
pub fn of_hall(hall: &Hall) -> Value {
    let boards: Vec<Value> = (0..hall.boards.len())
        .map(|i| of_board(hall, i, &hall.boards[i].hub.state()))
        .collect();
    let e = &hall.event;
    json!({
        "type": "hall",
        "event": {
            "name": e.name,
            "site": e.site,
            "date": e.date,
            "round": e.round,
            "edition": e.edition,
            "time_control": e.time_control,
        },
        "boards": boards,
        "push": hall.push_status(),
        "now_unix_ms": super::push::unix_ms(),
    })
}
