//! What the hall page shows of each board: the players, the pieces, the clocks, the result,
//! and what awaits the arbiter. All of it is read from the board's game; nothing is
//! recomputed here.

use arbiter_core::Color;
use arbiter_core::arbiter::Game;
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
pub async fn of_board(hall: &Hall, i: usize, state: &GameState) -> Value {
    let round = hall.round();
    let board = &round.boards[i];
    let now = board.facts.clock.now_ms();
    let c = &board.config;
    let desk = hall.desk(i);
    let mut drawn = json!({
        "number": c.number,
        "white": c.white,
        "black": c.black,
        "white_fide_id": c.white_fide_id,
        "black_fide_id": c.black_fide_id,
        // An assigned board is read from the serial it was assigned, not the file's.
        "source": match (&c.simulate, hall.serial_of(i)) {
            (None, Some(serial)) => format!("serial {serial}"),
            _ => board.source_name(),
        },
        // The serial number the board is looked for by (the arbiter's assignment, else the
        // hall file's).
        "serial": hall.serial_of(i),
        "connected": state.connected,
        // What the board and its clock have said of their batteries (none: nothing said).
        "battery": state.battery,
        // Why its port cannot be opened, while it cannot (too many open files, no right to it,
        // busy, not there): the hall names each board it could not open.
        "port_error": board.port_problem(),
        // The port the board is read at, once connected, and the way it stands (DGT boards
        // tell a board turned round: LiveChess's `flipped`).
        "port": state.port,
        "orientation": state.orientation,
        // The arbiter's last action that he may still take back.
        "undo": desk.last.as_ref().map(super::desk::Undo::describe),
        "placement": state.placement,
        // A sealed move being made on the board, or its pieces awaited back (App. A1, A5):
        // the stage only, never its squares.
        "sealing": state.sealing,
        "proposed": hall.proposal(i),
        "links": {
            "page": format!("/board/{}", c.number),
            "ws": format!("/board/{}/ws", c.number),
            "pgn": format!("/board/{}/games.pgn", c.number),
            "log": format!("/board/{}/events.jsonl", c.number),
        },
    });
    // The game's part, read in the game's task.
    let Some((Value::Object(game), sealed)) = board.game.act(move |r| of_game(r.game(), now)).await
    else {
        // The game's task ended (a later round took the board): the board, without its game.
        return json!({"number": c.number});
    };
    if let Some(fields) = drawn.as_object_mut() {
        let to_set = to_set(state, &game);
        fields.extend(game);
        fields.insert("to_set".into(), json!(to_set));
        // Adjourned: a sealed move waits in its envelope; the new session called, and who has
        // arrived for it (App. A / Guidelines I).
        let adjourned = sealed.then(|| {
            json!({
                "resumed": desk.resumed,
                "arrived": {"white": desk.arrived[0], "black": desk.arrived[1]},
            })
        });
        fields.insert("adjourned".into(), json!(adjourned));
    }
    drawn
}

/// Before the first move, the squares where the board's pieces differ from the game's
/// position, each with what the game has there (a FEN letter, or none for an empty square):
/// what the arbiter has set up on the board once he set the game's position. Nothing while
/// the board is not read, a sealed move hides it, or the game is under way or over.
fn to_set(state: &GameState, game: &serde_json::Map<String, Value>) -> Option<Vec<Value>> {
    use arbiter_core::{Placement, Position};
    if !state.connected || state.sealing.is_some() || !game["result"].is_null() {
        return None;
    }
    if game["plies"].as_u64() != Some(0) {
        return None;
    }
    let shown = Placement::from_fen_board(state.placement.as_deref()?)?;
    let position = Position::from_fen(game["fen"].as_str()?).ok()?;
    let wanted = position.placement();
    Some(
        shown
            .diff(&wanted)
            .into_iter()
            .map(|square| {
                let piece = wanted.get(square).piece().map(|(color, piece)| {
                    let letter = char::from(piece);
                    if color == Color::White {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    }
                    .to_string()
                });
                json!({"square": square.to_string(), "piece": piece})
            })
            .collect(),
    )
}

/// What the hall page shows of `game` at `now`, and whether a sealed move waits in its
/// envelope.
fn of_game(game: &Game, now: u64) -> (Value, bool) {
    let core = game.state(Timestamp(now));
    let result = game.result();
    let drawn = json!({
        "started": core.started,
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
        // The score, for the arbiter's restore to name the move it goes back to.
        "sans": game.moves().iter().map(|m| m.san.as_str()).collect::<Vec<_>>(),
        "start_number": game.score_from(0).0.fullmove_number(),
        "start_black": game.score_from(0).0.side_to_move() == Color::Black,
        "side_to_move": color_name(core.side_to_move),
        "clock": {
            "white_ms": core.white.remaining.0,
            "black_ms": core.black.remaining.0,
            "running": core.running.map(color_name),
        },
        "result": result.map(|(r, _)| r.pgn()),
        // A game lost by forfeit before a move: who was absent (`both`: over without a result).
        "forfeit": game.forfeit(),
        "reason": result.and_then(|(_, why)| serde_json::to_value(why).ok()),
        "pending_claim": serde_json::to_value(&core.pending_claim).ok(),
        "draw_offer": core.draw_offer.map(color_name),
        "illegal_moves": core.illegal_moves,
    });
    (drawn, core.sealed)
}

/// The whole hall, for a page that just opened.
pub async fn of_hall(hall: &Hall) -> Value {
    let round = hall.round();
    let mut boards = Vec::with_capacity(round.boards.len());
    for (i, board) in round.boards.iter().enumerate() {
        // A game whose task has ended (the round being replaced) shows no board state.
        let state = board.game.act(|r| r.hub().state().clone()).await;
        boards.push(of_board(hall, i, &state.unwrap_or_default()).await);
    }
    let e = &round.event;
    json!({
        "type": "hall",
        "event": {
            "name": e.name,
            "site": e.site,
            "date": e.date,
            "round": e.round,
            "edition": e.edition,
            "time_control": e.time_control,
            "articles": articles(&e.edition),
        },
        "boards": boards,
        // The games played off the sensor boards, by their board number in the pairing, with
        // the results the arbiter entered.
        "off_board": round.off_board.summary(),
        "push": hall.push_status(),
        "now_unix_ms": super::push::unix_ms(),
    })
}

/// The article each of the arbiter's controls rests on, in the event's edition: the core's
/// rules, so the page cites what the game cites (a 2023 event's seal is Guidelines I.1.1,
/// never 2005's App. A1).
pub fn articles(edition: &str) -> Value {
    use arbiter_core::laws::{Edition, rules};
    let edition = if edition == "2005" {
        Edition::Fide2005
    } else {
        Edition::Fide2023
    };
    let cite = |rule: rules::Rule| rule.law(edition).to_string();
    json!({
        "result": cite(rules::RESULT_REPORTED),
        "clocks": cite(rules::CLOCK_SETTING_CORRECTED),
        "restore": cite(rules::ARBITER_SETS_CLOCKS),
        "start": cite(rules::CLOCK_STARTED),
        "stop": cite(rules::ARBITER_PAUSES_CLOCKS),
        "touch": cite(rules::MOVE_TOUCHED_PIECE),
        "seal": cite(rules::SEALING),
        "resume": cite(rules::LATE_FOR_RESUMPTION),
        "open": cite(rules::SEALED_MOVE_MADE),
        // The position set before the first move; after it, the restore of the position
        // before the irregularity.
        "position": cite(rules::WRONG_INITIAL_POSITION),
        "position_restore": cite(rules::DISPLACED_PIECES_FOUND),
        // A game lost by forfeit: a player, or both, absent at the default time.
        "forfeit": arbiter_core::arbiter::Forfeit::law(edition).to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_control_cites_its_article_in_the_events_edition() {
        let old = articles("2005");
        let new = articles("2023");
        assert_eq!(old["seal"], "2005 App. A1a");
        assert_eq!(new["seal"], "2023 Guidelines I.1.1");
        assert_eq!(new["clocks"], "2023 Art. 6.10.2");
        assert_eq!(old["start"], "2005 Art. 6.5");
        assert_eq!(old["position"], "2005 Art. 7.1a");
        assert_eq!(new["position"], "2023 Art. 7.2.1");
        assert_eq!(new["position_restore"], "2023 Art. 7.6");
        assert_eq!(old["forfeit"], "2005 Art. 6.7");
        assert_eq!(new["forfeit"], "2023 Art. 6.7.1");
        for (id, cited) in new.as_object().unwrap() {
            assert!(
                cited.as_str().unwrap().starts_with("2023 "),
                "{id}: {cited}"
            );
        }
    }
}
