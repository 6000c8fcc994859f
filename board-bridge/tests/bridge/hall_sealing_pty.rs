//! The sealed move on a hall's sensor board (2005 App. A1, A5), asked for by the arbiter from
//! the hall: the same referee path as the live page's seats. The hall's `seal_on_board` hides
//! the sealer's move on the board and puts it in the envelope; the hall's `open` waits until the
//! pieces are back; refusals carry the core's message id for the hall page's words.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::Action;
use common::*;

fn log_of(addr: &str) -> String {
    http_as(addr, "GET", "/board/4/events.jsonl", None, "").1
}

/// Waits for `ok`, up to 90 s: the seal and the opening each stretch the passphrase (Argon2id,
/// 64 MiB and 24 passes), about a second on a quiet machine and ten beside a whole test suite.
fn until(what: &str, ok: &dyn Fn() -> bool) {
    let give_up = Instant::now() + Duration::from_secs(90);
    while !ok() {
        assert!(Instant::now() < give_up, "{what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn app_a1_a5_the_hall_seals_on_the_board_and_opens_only_with_the_pieces_back() {
    let scratch = Scratch::new("hall-sealing");
    let (board, toml) = one_board_hall(&scratch, "Sealing", 1, "2005");
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(&toml, &["--settle-ms", "150"], &stderr);
    let addr = bridge.addr.clone();
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1);
    until("the board is read", &|| {
        hall()["boards"][0]["connected"] == true
    });
    let token = printed_token(&stderr);
    let arbiter = |body: &str| {
        let (status, answer) = http_as(&addr, "POST", "/board/4/arbiter", Some(&token), body);
        (status, json(&answer))
    };
    let pawn = |c| Occupant::Piece(c, Piece::Pawn);
    let knight = Occupant::Piece(Color::White, Piece::Knight);
    let mut script = vec![Action::Pause(Duration::from_millis(500))];
    script.extend(carry(Square::E2, Square::E4, pawn(Color::White)));
    script.push(Action::Pause(Duration::from_millis(400)));
    script.extend(carry(Square::E7, Square::E5, pawn(Color::Black)));
    board.queue(script);
    until("1. e4 e5 is played", &|| hall()["boards"][0]["plies"] == 2);
    let logged_before = log_of(&addr).lines().count();

    // The arbiter asks White, on move, for his sealed move, from the hall.
    let (status, answer) = arbiter(r#"{"seal_on_board":{"passphrase":"hall secret"}}"#);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["sealer"], "white", "{answer}");
    // Asked twice: refused, in words the hall page has an id for.
    let (status, again) = arbiter(r#"{"seal_on_board":{"passphrase":"hall secret"}}"#);
    assert_eq!(
        (status, again["id"].as_str()),
        (409, Some("seal_refused")),
        "{again}"
    );

    board.queue(carry(Square::G1, Square::F3, knight));
    until("the envelope is logged", &|| {
        log_of(&addr).contains("\"seal\"")
    });
    let log = log_of(&addr);
    for line in log.lines().skip(logged_before) {
        assert!(
            !line.contains("g1f3") && !line.contains("\"lift\"") && !line.contains("\"place\""),
            "the sealed move shows in the log: {line}"
        );
    }
    for event in [
        r#"{"type":"resume"}"#,
        r#"{"type":"arrive","player":"white"}"#,
        r#"{"type":"arrive","player":"black"}"#,
    ] {
        let (status, answer) = arbiter(&format!(r#"{{"event":{event}}}"#));
        assert_eq!(status, 200, "{event}: {answer}");
    }
    // The knight still on f3: the envelope waits (App. A5), as on the live page.
    let open = r#"{"event":{"type":"open","passphrase":"hall secret"}}"#;
    let (status, early) = arbiter(open);
    assert_eq!(status, 409, "{early}");
    assert_eq!(early["id"], "pieces_not_back", "{early}");
    assert!(
        early["error"].as_str().unwrap_or("").contains("App. A5"),
        "{early}"
    );

    board.queue(carry(Square::F3, Square::G1, knight));
    until("the pieces are back", &|| {
        hall()["boards"][0]["placement"] == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
            || arbiter(r#"{"event":{"type":"open","passphrase":"wrong"}}"#).1["id"]
                == "table_envelope_wrong_passphrase"
    });
    // A game's refusal carries the core's id.
    let (status, wrong) = arbiter(r#"{"event":{"type":"open","passphrase":"wrong"}}"#);
    assert_eq!(status, 409, "{wrong}");
    assert_eq!(wrong["id"], "table_envelope_wrong_passphrase", "{wrong}");
    let (status, opened) = arbiter(open);
    assert_eq!(status, 200, "{opened}");
    until("the sealed move is made", &|| {
        hall()["boards"][0]["plies"] == 3
    });
    let (_, round) = http_as(&addr, "GET", "/round.pgn", None, "");
    assert!(round.contains("2. Nf3"), "{round}");
    drop(board);
}
