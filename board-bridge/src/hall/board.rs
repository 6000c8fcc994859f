//! One board of the hall: its game (hub, referee, log) and its sensor board, wired as the
//! single-board bridge wires its one board.

use std::path::Path;
use std::sync::Mutex;

use anyhow::Context;
use arbiter_core::arbiter::Event;
use arbiter_core::dgt::board::{Orientation, Placement};
use arbiter_core::dgt::reconstruct::Completion;

use super::config::{BoardConfig, HallConfig, Source};
use crate::game::{BoardLine, GameHandle, GameTask};
use crate::hub::{GameFacts, Hub};
use crate::referee::{NotTaken, Referee};
use crate::serial::{LinkSettings, PortChoice, Unopened};
use crate::session::{Seat, Session, StartBy};
use crate::simulator::{self, FakeBoard, Pace, Realism};

/// A board of the hall and its game.
pub struct HallBoard {
    /// What the hall file says of it.
    pub config: BoardConfig,
    /// What never changes of its game (its clock, its setup), for the shells outside its
    /// task.
    pub facts: GameFacts,
    /// Its game's task, which owns the game: every read and decision is asked of it.
    pub game: GameHandle,
    /// Its game's task until the round starts it ([`HallBoard::spawn_game`]): the game and the
    /// board's session are the task's.
    unstarted: Mutex<Option<GameTask>>,
    /// The way its link reads the board for its game's task.
    line: BoardLine,
    /// The port, unless the board is looked for by its serial number.
    port: Option<PortChoice>,
    /// The simulated board, kept alive while the hall runs.
    _simulated: Option<FakeBoard>,
    /// Why its port cannot be opened, while it cannot (its link says).
    unopened: Unopened,
}

/// How the hall's boards complete moves.
#[derive(Debug, Clone, Copy)]
pub struct Completing {
    /// DGT clocks are attached: their levers complete moves.
    pub clock: bool,
    /// Without a clock: quiet time before a move counts as made, ms.
    pub settle_ms: u64,
    /// Only the arbiter starts each board's game ([`HallBoard::start`]); otherwise a board
    /// starts as a single board does (Black's press on a DGT clock, or the first move completed
    /// without one), and never at its connection.
    pub arbiter_starts: bool,
}

impl HallBoard {
    /// Opens board `config`'s game (continuing the log found under `log/board-N`, if any)
    /// and, for a simulated board, starts it playing.
    ///
    /// # Errors
    /// The log cannot be opened, the game cannot be set up, or the simulated game not read.
    pub fn open(
        hall: &HallConfig,
        config: &BoardConfig,
        log: Option<&Path>,
        completing: Completing,
    ) -> anyhow::Result<HallBoard> {
        let n = config.number;
        let game = hall
            .game_config(config)
            .map_err(|e| anyhow::anyhow!("board {n}: {e}"))?;
        let mut hub = match log {
            Some(dir) => {
                let dir = dir.join(format!("board-{n}"));
                Hub::open(&dir, game).with_context(|| {
                    format!("board {n}: opening the event log in {}", dir.display())
                })?
            }
            None => Hub::in_memory(game),
        };
        hub.set_pgn_tags(super::round::board_tags(&hall.event, config));
        for notice in hub.notices() {
            eprintln!("board-bridge: board {n}: {notice}");
        }
        let referee =
            Referee::new(hub, true).map_err(|e| anyhow::anyhow!("board {n}: game setup: {e}"))?;
        let facts = referee.hub().facts();
        let completion = if completing.clock {
            Completion::ClockPress
        } else {
            Completion::Settle {
                settle_ms: completing.settle_ms,
            }
        };
        let mut game = GameTask::new(referee);
        let mut session = Session::seated(game.referee(), completion, Seat::Only);
        if completing.arbiter_starts {
            session = session.started_by(StartBy::Arbiter);
        }
        let line = game.board(session);
        let (port, simulated) = match config
            .source()
            .map_err(|e| anyhow::anyhow!("board {n}: {e}"))?
        {
            Source::Port(path) => (Some(PortChoice::Path(path)), None),
            // Linked by the hall once found (super::locate).
            Source::Serial(_) => (None, None),
            Source::Simulate(pgn_path) => {
                let pgn = std::fs::read(&pgn_path)
                    .with_context(|| format!("board {n}: reading {}", pgn_path.display()))?;
                let moves = simulator::moves_of_pgn(&pgn).with_context(|| {
                    format!("board {n}: reading the game in {}", pgn_path.display())
                })?;
                // The round in its name: the next round's simulated board is made while this
                // one's is still let go.
                let link = std::env::temp_dir().join(format!(
                    "board-bridge-hall-{}-r{}-board-{n}",
                    std::process::id(),
                    hall.event.round
                ));
                let board = FakeBoard::start(&link, Placement::start(), Orientation::Normal)
                    .with_context(|| format!("board {n}: opening a pseudo-terminal"))?;
                let realism = Realism {
                    clock: completing.clock,
                    // As the single board's demo: castling rook first breaks touch-move.
                    rook_first_castling: false,
                    unplug_after_ply: None,
                    ..Realism::all()
                };
                board.queue(simulator::script_game(&moves, realism, Pace::default()));
                (
                    Some(PortChoice::Path(link.to_string_lossy().into_owned())),
                    Some(board),
                )
            }
        };
        Ok(HallBoard {
            config: config.clone(),
            facts,
            game: game.handle(),
            unstarted: Mutex::new(Some(game)),
            line,
            port,
            _simulated: simulated,
            unopened: Unopened::default(),
        })
    }

    /// The arbiter starts this board's game now (2005 Art. 6.5 / 2023 Art. 6.6: White's clock
    /// is started at the time set for the start); logged as the arbiter's. A game already
    /// started is left as it is ([`NotTaken::Unchanged`]).
    ///
    /// # Errors
    /// Why it was not started (already under way, or over); a game whose task has ended is
    /// left as it is.
    pub async fn start(&self) -> Result<(), NotTaken> {
        let now = self.facts.clock.now_ms();
        self.game
            .act(move |r| r.take_request(now, Event::Start, "arbiter"))
            .await
            .unwrap_or(Err(NotTaken::Unchanged))
    }

    /// Starts the board's game's task on the runtime that serves the pages: its board's rounds,
    /// its deadlines and its time lines, ended with the round. `None` once started.
    pub fn spawn_game(&self) -> Option<tokio::task::JoinHandle<()>> {
        let game = self
            .unstarted
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()?;
        Some(tokio::spawn(game.run()))
    }

    /// The board's number in the hall.
    pub fn number(&self) -> u32 {
        self.config.number
    }

    /// Starts reading the board at its port, on the runtime that serves the pages (a board
    /// named by serial number is linked once found instead): the link's task, ended with the
    /// round.
    pub fn spawn_link(&self) -> Option<tokio::task::JoinHandle<()>> {
        let port = self.port.as_ref()?;
        Some(tokio::spawn(crate::serial::run(
            port.clone(),
            self.link_settings(),
            self.line.clone(),
            self.facts.clock,
        )))
    }

    /// Starts reading the board at `path`, where it was found; the task ends when aborted.
    pub fn spawn_link_at(&self, path: String) -> tokio::task::JoinHandle<()> {
        tokio::spawn(crate::serial::run(
            PortChoice::Path(path),
            self.link_settings(),
            self.line.clone(),
            self.facts.clock,
        ))
    }

    /// The link's settings: it names this board in what it prints and says here why its port
    /// cannot be opened.
    fn link_settings(&self) -> LinkSettings {
        LinkSettings {
            name: Some(format!("board {}", self.number())),
            unopened: Some(self.unopened.clone()),
            ..LinkSettings::default()
        }
    }

    /// Why the board's port cannot be opened now (too many open files, no right to it, busy,
    /// not there), while it cannot: for the hall page beside "connected".
    pub fn port_problem(&self) -> Option<String> {
        self.unopened
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Where the board is read from, for the hall page.
    pub fn source_name(&self) -> String {
        match (&self.config.simulate, &self.config.serial, &self.port) {
            (Some(_), _, _) => "simulated".into(),
            (_, Some(serial), _) => format!("serial {serial}"),
            (_, _, Some(PortChoice::Path(p))) => p.clone(),
            _ => "auto".into(),
        }
    }
}
