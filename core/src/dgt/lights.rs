//! The board's lights, on the boards that have them (Millennium's 81 corner LEDs, Chessnut's,
//! Certabo's and Square Off's one per square): the last move's two squares once the board shows the game, and
//! the squares to set while the board and the game differ (a move taken back, a position
//! restored, a game joined in progress), gone once they agree again.
//!
//! The lights are a picture of two things the session knows, the game and what the sensors
//! show; they are written only when that picture changes, and never while a hand is at the
//! board (what it shows then is on its way somewhere). Each family turns [`Lights`] (the
//! protocols' crate, `arbiter-boards`, holds them with the families) into its own command
//! ([`Command::Leds`](super::codec::Command::Leds)); a family without lights writes nothing.

pub use arbiter_boards::lights::Lights;

use super::family::BoardCodec;
use super::session::{BoardSession, hidden};
use super::signal::result_signal_under_way;
use super::table::Table;

impl<C: BoardCodec> BoardSession<C> {
    /// What the board's lights should show now, or `None` while that is not known (no read
    /// yet, the orientation unknown, a hand at the board): then they stay as they are.
    pub(super) fn lights_wanted(&self, table: &dyn Table) -> Option<Lights> {
        let orientation = self.rec.orientation()?;
        if !self.connected || !self.rec.has_dump() || self.rec.poll_deadline().is_some() {
            return None;
        }
        if hidden(table) {
            // A sealed move's squares are nobody's to see (2005 App. A1).
            return Some(Lights::OFF);
        }
        let physical = self.rec.physical();
        let (_, moves) = table.score();
        let game = table.game();
        let last = |mv: Option<&crate::movegen::Move>| {
            mv.map_or(Lights::OFF, |mv| {
                Lights::of([mv.from, mv.to], orientation, false)
            })
        };
        if physical == game.board().placement() {
            return Some(last(moves.last()));
        }
        let seen = self.rec.moves();
        if seen.len() == moves.len() + 1
            && seen.starts_with(moves)
            && !self.waits_for_nothing(table)
            && physical == self.rec.position().placement()
        {
            // A move made on the board, waiting for the press that completes it.
            return Some(last(seen.last()));
        }
        if game.result().is_some() || result_signal_under_way(&physical, game.board()) {
            // The game is over, or the kings are signalling its result: nothing to set.
            return Some(Lights::OFF);
        }
        Some(Lights::of(
            physical.diff(&game.board().placement()),
            orientation,
            true,
        ))
    }
}
