//! The hall's arbiter sets a board's position before the first move (issue 34; 2005 Art. 7.1a
//! / 2023 Art. 7.2.1): the game made to match the pieces the board shows, a FEN he types (the
//! card then lists the squares to set up), the position set undone (the one before it set
//! again), a FEN that is no position refused saying why, and, once a move is made, the refusal
//! that names the restore instead (2023 Art. 7.6). A real
//! bridge on a simulated board in a pseudo-terminal, real HTTP.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::Action;
use common::*;
use serde_json::{Value, json as j};

fn until(what: &str, ok: &dyn Fn() -> bool) {
    let give_up = Instant::now() + WAIT;
    while !ok() {
        assert!(Instant::now() < give_up, "{what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// After 1. e4 e5, as the hands left the board: White to play his second move.
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
/// A rook ending of a resumed game.
const ENDING: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 3 40";

#[test]
fn the_arbiter_sets_a_boards_position_from_its_pieces_or_a_fen_until_the_first_move() {
    let scratch = Scratch::new("hall-position");
    let (board, toml) = one_board_hall(&scratch, "Position Open", 2, "2023");
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(&toml, &["--settle-ms", "150", "--arbiter-starts"], &stderr);
    let addr = bridge.addr.clone();
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1)["boards"][0].clone();
    until("the board is read", &|| hall()["connected"] == true);
    let token = printed_token(&stderr);
    let position = |body: Value| {
        let (status, answer) = http_as(
            &addr,
            "POST",
            "/board/4/position",
            Some(&token),
            &body.to_string(),
        );
        (status, json(&answer))
    };

    // Without the arbiter's token: refused, nothing set.
    let (status, _) = http_as(
        &addr,
        "POST",
        "/board/4/position",
        None,
        &j!({"fen": ENDING}).to_string(),
    );
    assert_eq!(status, 403);

    // The hands set the pieces of 1. e4 e5 before the start: the game waits for the arbiter,
    // so they are no moves; the card shows the board's pieces.
    let pawn = |c| Occupant::Piece(c, Piece::Pawn);
    let mut script = vec![Action::Pause(Duration::from_millis(300))];
    script.extend(carry(Square::E2, Square::E4, pawn(Color::White)));
    script.push(Action::Pause(Duration::from_millis(300)));
    script.extend(carry(Square::E7, Square::E5, pawn(Color::Black)));
    board.queue(script);
    let shown = AFTER_E4_E5.split(' ').next().unwrap();
    until("the card shows the board's pieces", &|| {
        hall()["placement"] == shown
    });
    assert_eq!(hall()["plies"], 0);

    // The game made to match the board, White on move for his second move.
    let (status, answer) =
        position(j!({"from_board": {"side_to_move": "white", "move_number": 2}}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["fen"], AFTER_E4_E5, "{answer}");
    assert_eq!(answer["law"], "2023 Art. 7.2.1", "{answer}");
    let card = hall();
    assert_eq!(card["fen"], AFTER_E4_E5, "{card}");
    assert_eq!(card["to_set"], j!([]), "the board shows the game: {card}");
    let (_, pgn) = http_as(&addr, "GET", "/round.pgn", None, "");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[FEN \"{AFTER_E4_E5}\"]")), "{pgn}");

    // A FEN that is no position: refused, saying what is wrong; the game stays.
    let (status, answer) = position(j!({"fen": "4k3/8/8/8/8/8/8/8 w - - 0 1"}));
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["id"], "table_bad_fen", "{answer}");
    assert!(
        answer["reason"]
            .as_str()
            .unwrap()
            .contains("white has 0 kings"),
        "{answer}"
    );
    // ... and as the pages' catalogue names it, for the hall page to say in its language.
    assert_eq!(answer["problem"], "fen_king_count", "{answer}");
    assert_eq!(
        (&answer["player"], &answer["count"]),
        (&j!("white"), &j!(0)),
        "{answer}"
    );
    assert_eq!(hall()["fen"], AFTER_E4_E5);
    let (status, _) = position(j!({"fen": ENDING, "from_board": {"side_to_move": "white"}}));
    assert_eq!(status, 400, "one of the two, alone");

    // A FEN typed: the game's position is set, and the card lists the squares where the board
    // differs from it, each with what the game has there.
    let (status, answer) = position(j!({"fen": ENDING}));
    assert_eq!(status, 200, "{answer}");
    let card = hall();
    assert_eq!(card["fen"], ENDING);
    assert_eq!(card["side_to_move"], "black");
    let to_set = card["to_set"].as_array().expect("squares to set").clone();
    assert!(
        to_set.contains(&j!({"square": "d1", "piece": "R"})),
        "{to_set:?}"
    );
    assert!(
        to_set.contains(&j!({"square": "e4", "piece": null})),
        "{to_set:?}"
    );
    assert!(
        !to_set.iter().any(|s| s["square"] == "f2"),
        "f2's pawn stands in both: {to_set:?}"
    );

    // Undone before a move: the game starts again from the position before it.
    assert_eq!(
        card["undo"],
        j!({"kind": "position", "fen": AFTER_E4_E5}),
        "{card}"
    );
    let undo = || {
        let (status, answer) = http_as(
            &addr,
            "POST",
            "/board/4/arbiter",
            Some(&token),
            r#"{"undo":true}"#,
        );
        (status, json(&answer))
    };
    let (status, answer) = undo();
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["law"], "2023 Art. 7.2.1", "{answer}");
    let card = hall();
    assert_eq!(card["fen"], AFTER_E4_E5, "{card}");
    assert!(card["undo"].is_null(), "{card}");
    assert_eq!(undo().0, 409, "nothing more to undo");

    // Back to what the board shows, then the game is started and a move made on the board.
    let (status, answer) =
        position(j!({"from_board": {"side_to_move": "white", "move_number": 2}}));
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = http_as(
        &addr,
        "POST",
        "/board/4/arbiter",
        Some(&token),
        r#"{"event":{"type":"start"}}"#,
    );
    assert_eq!(status, 200, "{answer}");
    board.queue(carry(
        Square::G1,
        Square::F3,
        Occupant::Piece(Color::White, Piece::Knight),
    ));
    until("2. Nf3 is played", &|| hall()["plies"] == 1);
    assert_eq!(hall()["sans"], j!(["Nf3"]));

    // After a move the position is no longer set: the refusal names the restore instead.
    let (status, answer) = position(j!({"fen": ENDING}));
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["id"], "table_moves_made", "{answer}");
    assert_eq!(answer["plies"], 1, "{answer}");
    assert_eq!(answer["restore"], "2023 Art. 7.6", "{answer}");
    assert_eq!(answer["new_game"], "2023 Art. 7.2.1", "{answer}");
    assert_eq!(hall()["plies"], 1, "the game is left as it was");
    // Nor is the position set undone once the game is under way: the start was the arbiter's
    // last action (and the game would refuse the position after the move).
    let (status, answer) = undo();
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["id"], "nothing_to_undo", "{answer}");
    assert_eq!(hall()["sans"], j!(["Nf3"]));

    // The log holds the arbiter's settings that were taken (his undo among them), and replays to this game.
    let (_, log) = http_as(&addr, "GET", "/board/4/events.jsonl", None, "");
    let set: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("\"set_position\""))
        .collect();
    assert_eq!(set.len(), 4, "{log}");
    assert!(
        set.iter().all(|l| l.contains("\"source\":\"arbiter\"")),
        "{log}"
    );
    let record = arbiter_core::arbiter::LogRecord::from_jsonl(&log).expect("the log reads");
    let game =
        arbiter_core::arbiter::Game::replay(&record.to_event_log()).expect("the log replays");
    assert_eq!(game.moves().len(), 1);
    assert_eq!(
        game.position_after(0).map(|p| p.fen()).as_deref(),
        Some(AFTER_E4_E5)
    );
    drop(board);
}
