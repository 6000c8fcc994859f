//! PGN export from the game's record, with the clock after each move as `[%clk h:mm:ss]`.

use super::game::Game;
use crate::Color;
use crate::clock::{Millis, Timing};
use crate::notation::braille::{self, ScoredMove, Scoresheet};
use crate::pgn::clk::format_clock;
use std::fmt::Write;

/// `[%clk]` text: hours, minutes, seconds (rounded down, as clocks show them).
pub fn clk(time: Millis) -> String {
    let s = time.0 / 1000;
    format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
}

/// The PGN `Date` (`2026.12.04`) of an instant given in ms since 1970-01-01 UTC: the day in
/// UTC. The caller reads its clock (the board bridge takes the game's start from its log);
/// the core only turns the number into the tag.
pub fn pgn_date(unix_ms: u64) -> String {
    // Days to a civil date in the proleptic Gregorian calendar, counted in 400-year eras of
    // 146,097 days that begin on 1 March, so the leap day falls at the end of a year. (A date
    // crate would do the same; the core, compiled to wasm too, keeps to this arithmetic.)
    let days = unix_ms / 86_400_000 + 719_468;
    let era = days / 146_097;
    let day_of_era = days % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
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
        tags.set("TimeControl", time_control_tag(self));
        self.write_pgn(tags, &[])
    }

    /// The game as PGN when it was read from a PGN file: the file's own tags (`tags`) and,
    /// for the moves the file held, the file's own `[%clk]` (`file_clocks[i]`, none where it
    /// had none); the game's clocks only for the moves played since. Nothing is invented: no
    /// `TimeControl` unless the file had one, no clock time for a move the file never timed.
    pub fn to_pgn_imported(&self, tags: crate::pgn::Tags, file_clocks: &[Option<u64>]) -> String {
        self.write_pgn(tags, file_clocks)
    }

    fn write_pgn(&self, mut tags: crate::pgn::Tags, file_clocks: &[Option<u64>]) -> String {
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
        if self.config().fen.is_some() {
            tags.set("SetUp", "1");
            tags.set("FEN", self.score.record.start().fen());
        }
        let marker = result.parse().unwrap_or(crate::pgn::GameResult::Unfinished);
        let mut out = String::new();
        crate::pgn::writer::write_tags_into(&tags, marker, &mut out);
        let mut number = self.score.record.start().fullmove_number();
        for (i, mv) in self.moves().iter().enumerate() {
            match mv.by {
                Color::White => {
                    let _ = write!(out, "{number}. ");
                }
                Color::Black if i == 0 => {
                    let _ = write!(out, "{number}... ");
                }
                Color::Black => {}
            }
            out.push_str(&mv.san);
            out.push(' ');
            // A file's clock keeps the file's own form (tenths where it had them).
            match file_clocks.get(i) {
                Some(Some(ms)) => {
                    let _ = write!(out, "{{[%clk {}]}} ", format_clock(*ms));
                }
                Some(None) => {}
                None => {
                    let _ = write!(out, "{{[%clk {}]}} ", clk(mv.clock_after));
                }
            }
            if mv.draw_offer {
                // App. E / C.12: the offer is written "(=)" after the move.
                out.push_str("{(=)} ");
            }
            if mv.by == Color::Black {
                number += 1;
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_date_tag_is_the_utc_day_of_the_instant() {
        assert_eq!(pgn_date(0), "1970.01.01");
        // 4 December 2026, 16:30 UTC, and the last millisecond of that day.
        assert_eq!(pgn_date(1_796_401_800_000), "2026.12.04");
        assert_eq!(pgn_date(1_796_428_799_999), "2026.12.04");
        assert_eq!(pgn_date(1_796_428_800_000), "2026.12.05");
        // Leap days, in a leap century and after a year that is not one.
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
        assert_eq!(pgn_date(1_709_164_800_000), "2024.02.29");
        assert_eq!(pgn_date(4_107_542_400_000), "2100.03.01");
        assert_eq!(pgn_date(1_767_225_599_999), "2025.12.31");
    }

    #[test]
    fn clk_is_whole_seconds_as_clocks_show_them() {
        assert_eq!(clk(Millis(298_500)), "0:04:58");
        assert_eq!(clk(Millis(5_400_000)), "1:30:00");
    }
}
