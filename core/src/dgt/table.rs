//! What a board session needs of the game it plays into: the game itself to read, and a way to
//! hand it events. The bridge's referee (which also logs and streams) and the page's game are
//! tables; [`GameTable`] is the plain one, a [`Game`] and nothing else.

use crate::Color;
use crate::arbiter::{Event, Game, Refused, Stamped};
use crate::clock::Timestamp;
use crate::movegen::Move;
use crate::position::Position;

use super::session::BoardOutput;

/// The game a [`BoardSession`](super::session::BoardSession) plays into.
pub trait Table {
    /// The game, to read.
    fn game(&self) -> &Game;

    /// Hands `events` to the game one after the other at `at` (a move and the press that
    /// completes it go together); each event's answer.
    fn submit(&mut self, at: u64, events: Vec<Event>) -> Vec<Result<(), Refused>>;

    /// The completed moves a board can follow by legal play, and where they start
    /// ([`Game::playable_score`]; a table may cache it).
    fn score(&self) -> (&Position, &[Move]) {
        self.game().playable_score()
    }

    /// What the board session says besides the game's events (touches, the clock's times, an
    /// irregularity, its status), in order with them: the sensors' news comes before what it
    /// leads to in the game.
    fn stream(&mut self, output: BoardOutput);

    /// Moves settled on the board complete themselves (casual play without a clock).
    fn auto_press(&self) -> bool {
        false
    }

    /// A sealed move is being made on the board (App. A1): its hands and squares are nobody's
    /// to see, and its move goes into the envelope.
    fn sealing(&self) -> bool {
        false
    }

    /// A move the board shows made while the sealer's move is awaited: taken for the envelope
    /// (and no move of the game) when this returns `true`.
    fn take_sealed_move(&mut self, _mv: Move) -> bool {
        false
    }

    /// The board shows `placement` (a FEN board field): after a sealed move made on the board,
    /// whether the pieces now stand as before it (the board is shown again).
    fn board_shows(&mut self, _placement: &str) -> bool {
        false
    }
}

/// Which moves a board makes for the game, when two boards serve one game (2005 App. F1 /
/// 2023 App. D.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The only board: both players' moves are made on it.
    Only,
    /// The sighted player's board: his moves are made here, the opponent's reproduced.
    Main {
        /// The sighted player.
        sighted: Color,
    },
    /// The visually impaired player's board: his moves are made here (a piece lifted out of its
    /// hole is touched, App. F2.2), the opponent's reproduced (F2.7).
    Blind {
        /// The visually impaired player.
        player: Color,
    },
}

impl Seat {
    /// Whether moves of `color` made on this board are the game's moves.
    pub fn makes(self, color: Color) -> bool {
        match self {
            Seat::Only => true,
            Seat::Main { sighted } => sighted == color,
            Seat::Blind { player } => player == color,
        }
    }

    /// The name of the board in messages and in the event log's `source`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Only | Seat::Main { .. } => "board",
            Seat::Blind { .. } => "blind_board",
        }
    }
}

/// A table that is only a game: events go straight to it (a page reading a board itself, and
/// the core's own tests).
#[derive(Debug)]
pub struct GameTable {
    /// The game.
    pub game: Game,
    /// Moves settled on the board complete themselves.
    pub auto_press: bool,
    /// Every event handed to the game, with its answer, in order.
    pub submitted: Vec<(u64, Event, bool)>,
    /// What the session streamed, in order.
    pub streamed: Vec<BoardOutput>,
}

impl GameTable {
    /// A table for `game`.
    pub fn new(game: Game, auto_press: bool) -> Self {
        Self {
            game,
            auto_press,
            submitted: Vec::new(),
            streamed: Vec::new(),
        }
    }
}

impl Table for GameTable {
    fn game(&self) -> &Game {
        &self.game
    }

    fn submit(&mut self, at: u64, events: Vec<Event>) -> Vec<Result<(), Refused>> {
        let mut answers = Vec::with_capacity(events.len());
        for event in events {
            let answer = self.game.handle(Stamped {
                at: Timestamp(at),
                event: event.clone(),
            });
            self.submitted.push((at, event, answer.is_ok()));
            answers.push(answer);
        }
        while self.game.poll_ruling().is_some() {}
        answers
    }

    fn stream(&mut self, output: BoardOutput) {
        self.streamed.push(output);
    }

    fn auto_press(&self) -> bool {
        self.auto_press
    }
}
