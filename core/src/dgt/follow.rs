//! The board's picture follows the game: what the game refused, set back or took is undone in
//! the picture (and the board told what to restore), lifts held for the next player become his
//! touches, a board of two is compared with the other once settled, and the board is shown again
//! once a sealed move's pieces are back.

use crate::arbiter::Event;
use crate::laws::blind::BoardView;

use super::board::Occupant;
use super::family::BoardCodec;
use super::output::BoardOutput;
use super::reconstruct::Completion;
use super::session::BoardSession;
use super::table::{Seat, Table};

impl<C: BoardCodec> BoardSession<C> {
    /// Keeps the board's picture in step with the game: a move the game refused or set back, or
    /// a takeback it did not allow, is undone in the picture, and the board is told what to
    /// restore. A board that has not yet reproduced the game's last moves is left to do so.
    pub(super) fn follow_game(&mut self, now: u64, table: &mut dyn Table) {
        let played = table.game().moves().len();
        if played != self.game_plies {
            self.game_plies = played;
            // Lifts held for the new player on move become his touches, if his piece is still
            // up in the air on that square.
            let on_move = table.game().side_on_move();
            for (square, color) in std::mem::take(&mut self.held_lifts) {
                if color == on_move
                    && table.game().board().piece_on(square).map(|p| p.0) == Some(color)
                    && self.rec.physical().get(square) == Occupant::Empty
                {
                    self.submit(now, vec![Event::Lift { square }], table);
                }
            }
        }
        let (base, game) = table.score();
        let seen = self.rec.moves();
        let base_fen = base.fen();
        let in_step = base_fen == self.base_fen
            && if seen.len() <= game.len() {
                game.starts_with(seen)
            } else {
                // One move made on the board and waiting for a press on the page.
                seen.len() == game.len() + 1
                    && seen.starts_with(game)
                    && !self.waits_for_nothing(table)
            };
        if !in_step {
            let (base, moves) = (base.clone(), game.to_vec());
            self.base_fen = base_fen;
            self.rec.rebase(now, base, &moves);
            self.rebasing = true;
            while let Some(reading) = self.rec.poll() {
                self.take_reading(now, reading, false, table);
            }
            self.rebasing = false;
        }
        self.check_pieces_back(table);
        self.compare_boards(table);
    }

    /// A move made on this board is never left waiting for a press elsewhere: it completes
    /// itself, or the clock here completes it.
    pub(super) fn waits_for_nothing(&self, table: &dyn Table) -> bool {
        let completes = matches!(self.completion, Completion::Settle { .. })
            && !self.lever_elsewhere
            && (table.auto_press() || matches!(self.seat, Seat::Blind { .. }));
        completes || self.completion == Completion::ClockPress
    }

    /// After a sealed move made on the board, the pieces back as they stood before it show the
    /// board again.
    fn check_pieces_back(&mut self, table: &mut dyn Table) {
        if !self.rec.has_dump() {
            return;
        }
        let placement = self.rec.physical().to_fen_board();
        if table.board_shows(&placement) {
            self.push_status(table);
        }
    }

    /// With two boards, a settled board is compared with the other one (App. F2.7-F2.8).
    fn compare_boards(&mut self, table: &mut dyn Table) {
        if self.seat == Seat::Only
            || !self.rec.has_dump()
            || self.rec.orientation().is_none()
            || self.rec.poll_deadline().is_some()
        {
            // Pieces may still be in a hand: compare once the board is quiet.
            return;
        }
        let view = BoardView {
            score: self.rec.moves().to_vec(),
            placement: self.rec.physical().to_fen_board(),
        };
        if self.last_view.as_ref() == Some(&view) {
            return;
        }
        self.last_view = Some(view.clone());
        table.stream(BoardOutput::Settled(view));
    }
}
