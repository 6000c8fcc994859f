//! PGN export from the game's record, with the clock after each move as `[%clk h:mm:ss]`.

use super::game::Game;
use crate::Color;
use crate::clock::{Millis, Timing};
use crate::notation::braille::{self, ScoredMove, Scoresheet};
use std::fmt::Write;

/// `[%clk]` text: hours, minutes, seconds (rounded down, as clocks show them).
pub fn clk(time: Millis) -> String {
    let s = time.0 / 1000;
    format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
}

fn time_control_tag(game: &Game) -> String {
    let periods = game.config().time_control.periods();
    let parts: Vec<String> = periods
        .iter()
        .map(|p| {
            let mut s = match p.moves {
                Some(n) => format!("{}/{}", n, p.time.0 / 1000),
                None => format!("{}", p.time.0 / 1000),
            };
            if let Timing::Increment(i) = p.timing {
                let _ = write!(s, "+{}", i.0 / 1000);
            }
            s
        })
        .collect();
    parts.join(":")
}

impl Game {
    /// The game as PGN, with `[%clk]` after each move.
    pub fn to_pgn(&self) -> String {
        self.to_pgn_tagged(crate::pgn::Tags::new())
    }

    /// The game as PGN with the event's tags (Event, Site, Date, Round, FIDE ids: what a
    /// tournament knows and the game does not) beside the ones the game sets itself.
    pub fn to_pgn_tagged(&self, mut tags: crate::pgn::Tags) -> String {
        let result = self.result().map_or("*", |(r, _)| r.pgn());
        // The writer puts the Seven Tag Roster first, "?" where the game does not know.
        for (tag, name) in [
            ("White", &self.config().white),
            ("Black", &self.config().black),
        ] {
            if !name.is_empty() {
                tags.set(tag, name.as_str());
            }
        }
        tags.set("TimeControl", time_control_tag(self));
        if self.config().fen.is_some() {
            tags.set("SetUp", "1");
            tags.set("FEN", self.score.record.start().fen());
        }
        let marker = result.parse().unwrap_or(crate::pgn::GameResult::Unfinished);
        let mut out = String::new();
        crate::pgn::writer::write_tags_into(&tags, marker, &mut out);
        let mut number = self.score.record.start().fullmove_number();
        let mut first = true;
        for mv in self.moves() {
            match mv.by {
                Color::White => {
                    let _ = write!(out, "{number}. ");
                }
                Color::Black if first => {
                    let _ = write!(out, "{number}... ");
                }
                Color::Black => {}
            }
            let _ = write!(out, "{} {{[%clk {}]}} ", mv.san, clk(mv.clock_after));
            if mv.draw_offer {
                // App. E / C.12: the offer is written "(=)" after the move.
                out.push_str("{(=)} ");
            }
            if mv.by == Color::Black {
                number += 1;
            }
            first = false;
        }
        out.push_str(result);
        out.push('\n');
        out
    }
}

/// The game's score as a Braille-ready file (`.brf`, North American Braille ASCII, 40 cells
/// by 25 lines; see [`crate::notation::braille`]). Pure: the same game gives the same bytes.
pub fn brf(game: &Game) -> String {
    braille::brf(&game.scoresheet())
}

impl Game {
    /// The moves completed so far with the players' names and the result, as a scoresheet.
    pub fn scoresheet(&self) -> Scoresheet {
        let start = self.score.record.start().board();
        Scoresheet {
            white: self.config().white.clone(),
            black: self.config().black.clone(),
            first_move_number: start.fullmove_number(),
            black_moves_first: self.moves().first().is_some_and(|m| m.by == Color::Black),
            moves: self
                .moves()
                .iter()
                .map(|m| ScoredMove {
                    san: m.san.clone(),
                    draw_offer: m.draw_offer,
                })
                .collect(),
            result: self.result().map(|(r, _)| r.pgn().to_string()),
        }
    }
}
