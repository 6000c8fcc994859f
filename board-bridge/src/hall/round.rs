//! The round as one PGN, in the form Lichess Broadcasts matches games by from poll to poll:
//! the Seven Tag Roster with Round "R.N" for board N, the players' FIDE ids where known, the
//! time control in PGN form, `*` while a game goes on and `[%clk]` after every move. Each
//! game's text is the board's own `/board/N/games.pgn` ([`crate::pgn::game_pgn`]): the core's
//! export with the event's tags, handed to the board's hub when the hall opens it.

use std::hash::{Hash, Hasher};

use arbiter_core::pgn::Tags;

use super::Round;
use super::config::{BoardConfig, EventConfig};

/// The tags board `board` of `event` carries beside what its game knows (the names are in the
/// game's setup). Without a date in the hall file, the Date is the day the game began.
pub fn board_tags(event: &EventConfig, board: &BoardConfig) -> Tags {
    let mut tags = Tags::new();
    tags.set("Event", event.name.as_str());
    tags.set("Site", event.site.as_deref().unwrap_or("?"));
    if let Some(date) = &event.date {
        tags.set("Date", date.as_str());
    }
    tags.set("Round", format!("{}.{}", event.round, board.number));
    // One identity from push to push, whatever else changes (Lichess matches a game by its
    // GameId before anything else): the event, the round and the board, and nothing that moves.
    tags.set("GameId", game_id(event, board.number));
    if let Some(id) = board.white_fide_id {
        tags.set("WhiteFideId", id.to_string());
    }
    if let Some(id) = board.black_fide_id {
        tags.set("BlackFideId", id.to_string());
    }
    // From the pairing program's file (or the hall file): what Lichess shows beside the names.
    if let Some(title) = &board.white_title {
        tags.set("WhiteTitle", title.as_str());
    }
    if let Some(title) = &board.black_title {
        tags.set("BlackTitle", title.as_str());
    }
    if let Some(elo) = board.white_elo {
        tags.set("WhiteElo", elo.to_string());
    }
    if let Some(elo) = board.black_elo {
        tags.set("BlackElo", elo.to_string());
    }
    tags
}

/// The round's PGN now: each board's game from its score (a move the arbiter took back, an
/// illegal move corrected by restoring the position before it, is no longer in it); a game lost
/// by forfeit is left out. With
/// `clocks`, the clocks as they read now in `WhiteClock`/`BlackClock` beside the `[%clk]` after
/// each move, so a game with no move yet, or a clock the arbiter set, shows its clocks too: what
/// the push sends. Without, the text changes only when a game does (`/round.pgn`, whose ETag a
/// poller keeps while nothing moves).
pub async fn round_pgn(round: &Round, clocks: bool) -> String {
    let mut out = String::new();
    for board in &round.boards {
        let now = board.facts.clock.now_ms();
        // Written in the game's task; a game whose task has ended (its round archived) has no
        // place in the round being played.
        let text = board.game.act(move |referee| {
            let mut tags = referee.hub().pgn_tags();
            let game = referee.game();
            // A game lost by forfeit was not played: no game to broadcast (its result is in
            // the round's TRF file).
            if game.forfeit().is_some() {
                return None;
            }
            let state = game.state(arbiter_core::clock::Timestamp(now));
            if clocks {
                tags.set(
                    "WhiteClock",
                    arbiter_core::arbiter::clk(state.white.remaining),
                );
                tags.set(
                    "BlackClock",
                    arbiter_core::arbiter::clk(state.black.remaining),
                );
            }
            Some(without_illegal_moves(game, game.to_pgn_tagged(tags)))
        });
        let Some(Some(text)) = text.await else {
            continue;
        };
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&text);
    }
    out
}

/// `pgn`, the game's text, cut before the first illegal move its score holds (one left standing
/// until claimed in rapid or blitz, or awaiting the arbiter): Lichess stops every later update
/// of a game once it reads an illegal move (results included), so the round never carries one.
/// The moves come back once the arbiter has put the game right.
pub(super) fn without_illegal_moves(game: &arbiter_core::arbiter::Game, pgn: String) -> String {
    use std::fmt::Write;
    let moves = game.moves();
    let Some(first_illegal) = (0..moves.len()).find(|&i| {
        game.position_after(i)
            .is_some_and(|p| !p.is_legal(moves[i].text))
    }) else {
        return pgn;
    };
    let Some((head, movetext)) = pgn.split_once("\n\n") else {
        return pgn;
    };
    let result = movetext.split_whitespace().last().unwrap_or("*");
    let mut out = format!("{head}\n\n");
    let mut number = game.score_from(0).0.fullmove_number();
    for (i, mv) in moves[..first_illegal].iter().enumerate() {
        match mv.by {
            arbiter_core::Color::White => {
                let _ = write!(out, "{number}. ");
            }
            arbiter_core::Color::Black if i == 0 => {
                let _ = write!(out, "{number}... ");
            }
            arbiter_core::Color::Black => {}
        }
        let _ = write!(
            out,
            "{} {{[%clk {}]}} ",
            mv.san,
            arbiter_core::arbiter::clk(mv.clock_after)
        );
        if mv.draw_offer {
            out.push_str("{(=)} ");
        }
        if mv.by == arbiter_core::Color::Black {
            number += 1;
        }
    }
    out.push_str(result);
    out.push('\n');
    out
}

/// The game of board `number` of `event`: the same text for the same event, round and board.
pub fn game_id(event: &EventConfig, number: u32) -> String {
    // FNV-1a, written out: the same on every build and every machine, so a restarted or
    // upgraded bridge pushes the game under the identity it had.
    let mut h: u32 = 0x811c_9dc5;
    let text = format!(
        "{}\u{1f}{}\u{1f}{}",
        event.name,
        event.site.as_deref().unwrap_or(""),
        event.date.as_deref().unwrap_or("")
    );
    for byte in text.bytes() {
        h = (h ^ u32::from(byte)).wrapping_mul(0x0100_0193);
    }
    format!("arbiter-{h:08x}-r{}-b{number}", event.round)
}

/// A strong entity tag for `text`: the same text always gets the same tag.
pub fn etag(text: &str) -> String {
    let mut h = std::hash::DefaultHasher::new();
    text.hash(&mut h);
    format!("\"{:016x}-{:x}\"", h.finish(), text.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::{Game, GameConfig, Stamped};
    use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
    use arbiter_core::laws::Edition;

    fn at(game: &mut Game, ms: u64, json: &str) {
        let event = serde_json::from_str(json).expect("an event");
        game.handle(Stamped {
            at: Timestamp(ms),
            event,
        })
        .expect("taken");
    }

    #[test]
    fn an_illegal_move_left_standing_never_reaches_the_round() {
        // 2005 blitz: the illegal move stands until the opponent claims (App. C3).
        let control = TimeControl::sudden_death(Millis::minutes(5), Timing::None);
        let mut g = Game::new(GameConfig::new(Edition::Fide2005, control)).unwrap();
        at(&mut g, 0, r#"{"type":"start"}"#);
        at(&mut g, 10, r#"{"type":"move","move":"e2e4"}"#);
        at(&mut g, 20, r#"{"type":"press_clock","player":"white"}"#);
        let legal = without_illegal_moves(&g, g.to_pgn());
        assert_eq!(legal, g.to_pgn(), "a legal score is left as it is");
        at(&mut g, 30, r#"{"type":"move","move":"g8g6"}"#);
        at(&mut g, 40, r#"{"type":"press_clock","player":"black"}"#);
        at(&mut g, 50, r#"{"type":"move","move":"d2d4"}"#);
        at(&mut g, 60, r#"{"type":"press_clock","player":"white"}"#);
        assert_eq!(g.moves().len(), 3, "the illegal move stands, unclaimed");
        let pushed = without_illegal_moves(&g, g.to_pgn());
        let movetext = pushed.split("\n\n").nth(1).unwrap();
        assert_eq!(movetext, "1. e4 {[%clk 0:04:59]} *\n", "{pushed}");
        assert!(pushed.starts_with(g.to_pgn().split("\n\n").next().unwrap()));
        // Put right by the arbiter (the position before it restored): the score is whole again.
        at(
            &mut g,
            70,
            r#"{"type":"arbiter","decision":{"kind":"restore","ply":1}}"#,
        );
        assert_eq!(without_illegal_moves(&g, g.to_pgn()), g.to_pgn());
    }
}
