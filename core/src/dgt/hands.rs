//! What the hands at the board mean for the game: a lift (held when the opponent's, before the
//! player on move touched anything), a piece gone where no legal move reaches (an attempt the
//! game rules on), and the DGT clock's own times read on (re)connection.

use crate::arbiter::Event;
use crate::{Color, Square};

use super::clock::ClockSide;
use super::family::BoardCodec;
use super::lever;
use super::reconstruct::{Completion, Reading, attempted_move};
use super::session::{BoardSession, not_started};
use super::table::Table;

impl<C: BoardCodec> BoardSession<C> {
    /// The DGT clock's first reading since the board (re)connected, with the game under way:
    /// its own times win over the game's (the clock ran while the bridge was down or the board
    /// unplugged), set as the arbiter sets clocks (2005 Art. 6.14 / 2023 Art. 7.1). The side
    /// running is the player's on move, which tells whose display is White's; unless his move
    /// stands made and not completed on this board: with a clock, a move made here reaches the
    /// game only with the press that completes it (2005 Art. 6.8a / 2023 Art. 6.2.1.1), so the
    /// press was made and its log line lost (a power cut), and the side running is his
    /// opponent's. The press is taken then, as read now, and the game goes on from it.
    pub(super) fn clock_read(&mut self, now: u64, readings: &[Reading], table: &mut dyn Table) {
        let Some((left, right, side)) = readings.iter().rev().find_map(|r| match r {
            Reading::ClockTimes {
                left_ms,
                right_ms,
                running: Some(side),
                ..
            } => Some((*left_ms, *right_ms, *side)),
            _ => None,
        }) else {
            return;
        };
        self.clock_unread = false;
        let game = table.game();
        let Some((on_move, _)) = game.clock().running().filter(|_| game.in_play()) else {
            return;
        };
        let pressed = self.press_lost(table);
        let runs_for = if pressed { !on_move } else { on_move };
        let white_side = if runs_for == Color::White {
            side
        } else {
            lever::other(side)
        };
        self.lever.learn_white_side(white_side);
        self.lever.resync();
        if pressed {
            // The lever went down on the mover's side: the board is read as at a press, and
            // the move it shows (the one made) is completed once.
            self.lever_pressed(now, lever::other(side), (left, right), table);
        }
        let game = table.game();
        let (white, black) = if white_side == ClockSide::Left {
            (left, right)
        } else {
            (right, left)
        };
        let at = crate::clock::Timestamp(now);
        let off = |color, shown: u64| game.clock().remaining(color, at).0.abs_diff(shown) > 1_000;
        // The clock shows whole seconds: within a second it agrees.
        if off(Color::White, white) || off(Color::Black, black) {
            let decision = crate::arbiter::Decision::SetClock {
                white: crate::clock::Millis(white),
                black: crate::clock::Millis(black),
            };
            self.submit(now, vec![Event::Arbiter { decision }], table);
        }
    }

    /// Whether the move of the player on move stands made and not completed, made on this board
    /// with its clock (not a move of the other board of two, whose player's move is made when it
    /// stands on his board and waits for his press here).
    fn press_lost(&self, table: &dyn Table) -> bool {
        let game = table.game();
        self.completion == Completion::ClockPress
            && !self.lever_elsewhere
            && self.seat.makes(game.side_on_move())
            && game.made_move().is_some()
    }

    /// The pieces show one piece of the player on move gone to a square no legal move reaches:
    /// the attempt goes to the game, which rules on it when it is completed (2005 Art. 7.4a).
    pub(super) fn tried_illegal(&mut self, now: u64, pressed: bool, table: &mut dyn Table) {
        if self.rec.moves().len() != table.score().1.len()
            || self.no_play(table)
            || not_started(table)
        {
            return;
        }
        let mover = table.game().side_on_move();
        if !self.seat.makes(mover) {
            return;
        }
        let Some(mv) = attempted_move(table.game().board(), &self.rec.physical()) else {
            return;
        };
        if table.game().made_move() == Some(mv) {
            // Already made (a restart within its settle time): not made again.
            return;
        }
        self.submit(now, vec![Event::Move { mv }], table);
        if !pressed && self.completes_itself(mv, table) {
            self.submit(now, vec![Event::PressClock { player: mover }], table);
        }
    }

    /// A piece of `color` lifted from `square` at `now`, as the game is to hear of it.
    pub(super) fn lifted(&mut self, now: u64, square: Square, color: Color, table: &mut dyn Table) {
        if self.no_play(table) || not_started(table) || !self.codec.reports_lifts() {
            // Before the start nobody is on move: no touch binds. A board that only sends
            // snapshots saw a square empty, not a hand: touch-move is the arbiter's there.
            return;
        }
        let on_move = table.game().side_on_move();
        if !self.seat.makes(on_move) {
            // On the board where the opponent's move is only reproduced, hands are not touches.
            return;
        }
        // After a lift of his own, a piece of the opponent's lifted is his touch too.
        if color == on_move || self.rec.own_lifted() {
            self.submit(now, vec![Event::Lift { square }], table);
        } else {
            self.held_lifts.push((square, color));
        }
    }
}
