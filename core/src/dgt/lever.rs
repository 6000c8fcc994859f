//! The DGT clock beside the board follows the game: which of its sides is White's, and when the
//! game's clock changed course so that the clock's display and lever must be set again.
//!
//! The arbiter places the clock (2005 Art. 6.4 / 2023 Art. 6.4); the players do not tell the
//! bridge which side is whose. Before the game starts the lever is down on Black's side (he
//! presses to start White's clock, 2023 Art. 6.6 / 2005 Art. 6.5), so the side that runs once
//! the game is on is White's.

use crate::Color;
use crate::arbiter::{Event, Game};
use crate::clock::Timestamp;

use super::clock::{ClockCommand, ClockSide, DisplayTime};

/// The other side of the lever.
pub fn other(side: ClockSide) -> ClockSide {
    match side {
        ClockSide::Left => ClockSide::Right,
        ClockSide::Right => ClockSide::Left,
    }
}

/// What the game's clock looked like when the DGT clock was last set: who ran, how many moves
/// and arbiter decisions, whether the game was over. Any change means the clock must follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Course {
    running: Option<Color>,
    moves: usize,
    logged_decisions: usize,
    over: bool,
}

/// The DGT clock's side of the game.
#[derive(Debug, Clone, Default)]
pub struct Lever {
    /// Which display is White's, once known.
    white_side: Option<ClockSide>,
    /// The course the clock was last set to; `None` forces the next setting.
    sent: Option<Course>,
    /// How far the game's log was scanned for arbiter decisions, and how many were found.
    scanned: (usize, usize),
}

impl Lever {
    /// White's display: the one learnt, or the left one by default.
    pub fn white_side(&self) -> ClockSide {
        self.white_side.unwrap_or(ClockSide::Left)
    }

    /// Whether White's side has been learnt from the clock.
    pub fn knows_white_side(&self) -> bool {
        self.white_side.is_some()
    }

    /// White's clock is running on `side` (the first side to run once the game began).
    pub fn learn_white_side(&mut self, side: ClockSide) {
        self.white_side = Some(side);
    }

    /// The player whose clock runs on `side`.
    pub fn player_of(&self, side: ClockSide) -> Color {
        if side == self.white_side() {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The clock must be set again whatever the game shows (it was unplugged, or the game
    /// refused what its lever did).
    pub fn resync(&mut self) {
        self.sent = None;
    }

    /// The command that makes the clock show the game's clock at `now`, when the game's clock
    /// changed course since it was last set (a move, a refusal put right, the arbiter's time,
    /// the end of the game).
    pub fn follow(&mut self, game: &Game, now: u64) -> Option<ClockCommand> {
        let events = game.log().events();
        let (scanned, found) = self.scanned;
        let found = found
            + events
                .get(scanned..)
                .unwrap_or_default()
                .iter()
                .filter(|e| matches!(e.event, Event::Arbiter { .. }))
                .count();
        self.scanned = (events.len(), found);
        let course = Course {
            running: game.clock().running().map(|(c, _)| c),
            moves: game.moves().len(),
            logged_decisions: found,
            over: game.result().is_some(),
        };
        if self.sent == Some(course) {
            return None;
        }
        self.sent = Some(course);
        Some(self.display(game, now))
    }

    /// The command that shows the game's clock at `now`: both times, and the running side (none
    /// once the game is over or before it starts).
    pub fn display(&self, game: &Game, now: u64) -> ClockCommand {
        let at = Timestamp(now);
        let clock = game.clock();
        let white = DisplayTime::from_millis(clock.remaining(Color::White, at).0);
        let black = DisplayTime::from_millis(clock.remaining(Color::Black, at).0);
        let white_side = self.white_side();
        let (left, right) = match white_side {
            ClockSide::Left => (white, black),
            ClockSide::Right => (black, white),
        };
        let running = if game.result().is_some() {
            None
        } else {
            clock.running().map(|(c, _)| {
                if c == Color::White {
                    white_side
                } else {
                    other(white_side)
                }
            })
        };
        ClockCommand::SetAndRun {
            left,
            right,
            running,
        }
    }
}
