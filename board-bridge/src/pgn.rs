//! The live game as PGN, in the form broadcast platforms poll: the seven tags, the moves, and
//! `[%clk]` after each move when a clock reported the time.

use arbiter_core::pgn::game::{PgnGame, PgnMove};
use arbiter_core::pgn::writer::write_game;

use crate::hub::GameState;

/// The game so far as PGN text.
pub fn live_game(state: &GameState) -> String {
    let mut game = PgnGame::default();
    game.tags.set("Event", "Arbiter board bridge");
    game.tags.set("Site", "?");
    game.tags.set("White", "?");
    game.tags.set("Black", "?");
    for m in &state.moves {
        let mut mv = PgnMove {
            san: m.san.clone(),
            ..PgnMove::default()
        };
        mv.clocks.clk_ms = m.clock_ms;
        game.moves.push(mv);
    }
    write_game(&game)
}
