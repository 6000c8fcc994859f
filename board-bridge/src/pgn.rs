//! The board's game as PGN, in the form broadcast platforms poll: the core's own export (the
//! Seven Tag Roster, the players' names the setup has, the time control, the result in its tag
//! and as the terminator once the game ends, `[%clk h:mm:ss]` after each move), with the tags
//! the bridge knows beside it: a hall's Event, Site, Round and FIDE ids, and the Date of the day
//! the game began as its log has it. `/games.pgn`, a hall's `/board/N/games.pgn` and each
//! game of its `/round.pgn` are this one text.

use crate::game::GameHandle;

/// The game so far as PGN text, written by the game's task; `None` once it has ended.
pub async fn game_pgn(game: &GameHandle) -> Option<String> {
    game.act(|r| r.game().to_pgn_tagged(r.hub().pgn_tags()))
        .await
}
