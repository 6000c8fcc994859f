//! A DGT board, its clock and a game on a table, driven with explicit times: the bytes the
//! board would send go into a `BoardSession`, and the bytes it writes back are answered as the
//! board would answer them (a full read when asked).

#![allow(dead_code)]

use arbiter_core::arbiter::{Event, Game, GameConfig};
use arbiter_core::clock::{Millis, TimeControl, Timing};
use arbiter_core::dgt::board::{DgtSquare, Occupant, Orientation, Placement, PlacementDump};
use arbiter_core::dgt::clock::{ClockCommand, ClockReading, ClockSide, ClockTimes, SideTime};
use arbiter_core::dgt::codec::{BoardMessage, Command};
use arbiter_core::dgt::reconstruct::Completion;
use arbiter_core::dgt::session::{BoardOutput, BoardSession};
use arbiter_core::dgt::table::{GameTable, Seat, Table};
use arbiter_core::laws::Edition;
use arbiter_core::position::Position;
use arbiter_core::{Color, Move, Piece, Square};

pub const SETTLE: u64 = 250;

/// Both editions, for tests that hold in each.
pub const EDITIONS: [Edition; 2] = [Edition::Fide2005, Edition::Fide2023];

pub struct Rig {
    pub table: GameTable,
    pub board: BoardSession,
    pub sensors: Placement,
    pub now: u64,
    /// The clock: its times (left, right ms), the side whose lever is up (whose clock runs when
    /// it runs), and whether it runs.
    pub clock: Option<((u64, u64), ClockSide, bool)>,
    /// Every clock command the session wrote.
    pub clock_commands: Vec<ClockCommand>,
    /// Whether the board answers full reads (a board that is slow to answer: false).
    pub answers_reads: bool,
    /// A sealed move asked for on the board, as the bridge's referee asks it (App. A1).
    pub seal: BoardSeal,
}

/// A sealed move made on the board as the bridge's referee plays it (2005 App. A1 / 2023
/// Guidelines I.1): asked, then the move the board shows taken for the envelope, its pieces
/// then awaited back (the envelope is made elsewhere, so the board stays hidden meanwhile).
#[derive(Debug, Default)]
pub struct BoardSeal {
    /// The arbiter asked for the sealed move and it was not yet made.
    pub asked: bool,
    /// The moves taken for the envelope.
    pub taken: Vec<Move>,
}

impl BoardSeal {
    fn hiding(&self) -> bool {
        self.asked || !self.taken.is_empty()
    }
}

/// The rig's game table with its [`BoardSeal`]: what the session is handed.
struct Sealing<'a> {
    table: &'a mut GameTable,
    seal: &'a mut BoardSeal,
}

impl Table for Sealing<'_> {
    fn game(&self) -> &Game {
        self.table.game()
    }
    fn submit(
        &mut self,
        at: u64,
        events: Vec<Event>,
    ) -> Vec<Result<(), arbiter_core::arbiter::Refused>> {
        self.table.submit(at, events)
    }
    fn score(&self) -> (&Position, &[Move]) {
        self.table.score()
    }
    fn stream(&mut self, output: BoardOutput) {
        self.table.stream(output);
    }
    fn auto_press(&self) -> bool {
        self.table.auto_press()
    }
    fn sealing(&self) -> bool {
        self.seal.hiding()
    }
    fn take_sealed_move(&mut self, mv: Move) -> bool {
        if !self.seal.asked {
            return false;
        }
        self.seal.asked = false;
        self.seal.taken.push(mv);
        true
    }
}

/// A standard game of `minutes` a side with an arbiter present (who enforces touch-move).
pub fn config(edition: Edition, minutes: u64) -> GameConfig {
    GameConfig {
        arbiter_present: true,
        ..GameConfig::new(
            edition,
            TimeControl::sudden_death(Millis::minutes(minutes), Timing::None),
        )
    }
}

pub const MINUTES: u64 = 90;

pub fn white(p: Piece) -> Occupant {
    Occupant::Piece(Color::White, p)
}

pub fn black(p: Piece) -> Occupant {
    Occupant::Piece(Color::Black, p)
}

impl Rig {
    /// A board in the initial position at a new game, with a DGT clock when `clock`.
    pub fn new(edition: Edition, clock: bool, auto_press: bool) -> Rig {
        let game = Game::new(config(edition, MINUTES)).expect("a game");
        Self::with_game(game, clock, auto_press)
    }

    pub fn with_game(game: Game, clock: bool, auto_press: bool) -> Rig {
        let table = GameTable::new(game, auto_press);
        let completion = if clock {
            Completion::ClockPress
        } else {
            Completion::Settle { settle_ms: SETTLE }
        };
        let board = BoardSession::dgt(&table, completion, Seat::Only, None);
        let sensors = table.game.board().placement();
        Rig {
            table,
            board,
            sensors,
            now: 1_000,
            // Before the start Black (on the right) has his lever down: White's is up.
            clock: clock.then_some(((MINUTES * 60_000, MINUTES * 60_000), ClockSide::Left, false)),
            clock_commands: Vec::new(),
            answers_reads: true,
            seal: BoardSeal::default(),
        }
    }

    /// The board connects: its handshake is answered with two agreeing reads and the clock.
    pub fn connect(&mut self) {
        let mut table = Sealing {
            table: &mut self.table,
            seal: &mut self.seal,
        };
        self.board.handle_connected(&mut table);
        self.pump();
        self.pump();
        if self.clock.is_some() {
            self.report_clock();
        }
        self.pump();
    }

    /// The game is started as a page starts it (the arbiter's or a player's start).
    pub fn start_game(&mut self) {
        self.table.submit(self.now, vec![Event::Start]);
        assert!(self.table.game.in_play());
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        let mut table = Sealing {
            table: &mut self.table,
            seal: &mut self.seal,
        };
        self.board.handle_bytes(self.now, bytes, &mut table);
    }

    /// What the session writes is read as the board would: a full read asked for is sent.
    pub fn pump(&mut self) {
        for _ in 0..4 {
            let mut out = Vec::new();
            let table = Sealing {
                table: &mut self.table,
                seal: &mut self.seal,
            };
            if !self.board.poll_transmit(self.now, &table, &mut out) {
                return;
            }
            let mut read = false;
            let mut at = 0;
            while let Some((command, used)) = Command::decode(&out[at..]) {
                at += used;
                match command {
                    Ok(Command::SendBoard) => read = true,
                    Ok(Command::Clock(c)) => self.clock_commands.push(c),
                    _ => {}
                }
            }
            if read && self.answers_reads {
                self.send_dump();
            }
        }
    }

    pub fn send_dump(&mut self) {
        let mut bytes = Vec::new();
        BoardMessage::BoardDump(self.sensors.to_dump(Orientation::Normal)).encode(&mut bytes);
        self.feed(&bytes);
    }

    /// Time passes by `ms`; a deadline met on the way is met at its instant.
    pub fn wait(&mut self, ms: u64) {
        let until = self.now + ms;
        while let Some(d) = self.board.poll_deadline() {
            if d > until {
                break;
            }
            self.now = self.now.max(d);
            let mut table = Sealing {
                table: &mut self.table,
                seal: &mut self.seal,
            };
            self.board.handle_deadline(self.now, &mut table);
            self.pump();
        }
        self.now = until;
        self.pump();
    }

    /// The sensor on `square` reads `occupant` (a field update), and the board answers reads.
    pub fn set(&mut self, square: Square, occupant: Occupant) {
        self.sensors.set(square, occupant);
        let mut bytes = Vec::new();
        BoardMessage::FieldUpdate {
            square: DgtSquare::from_square(square, Orientation::Normal),
            occupant,
        }
        .encode(&mut bytes);
        self.feed(&bytes);
        self.pump();
    }

    /// A piece carried from `from` to `to` (an opponent's piece on `to` taken off first), then
    /// the board left to settle.
    pub fn carry(&mut self, from: Square, to: Square) {
        self.carry_only(from, to);
        self.wait(SETTLE + 50);
    }

    /// A piece carried, nothing waited for.
    pub fn carry_only(&mut self, from: Square, to: Square) {
        let piece = self.sensors.get(from);
        self.set(from, Occupant::Empty);
        self.wait(40);
        if self.sensors.get(to) != Occupant::Empty {
            self.set(to, Occupant::Empty);
            self.wait(40);
        }
        self.set(to, piece);
    }

    /// The clock reports its times (left, right) and lever as they stand.
    pub fn report_clock(&mut self) {
        let Some(((left, right), up, running)) = self.clock else {
            return;
        };
        let side = |ms: u64| SideTime {
            hours: (ms / 3_600_000) as u8,
            minutes: (ms / 60_000 % 60) as u8,
            seconds: (ms / 1000 % 60) as u8,
            is_flag_fallen: false,
            is_flag_shown: false,
        };
        let times = ClockTimes {
            left: side(left),
            right: side(right),
            is_running: running,
            // The left clock runs when the right lever is up.
            is_right_lever_high: up == ClockSide::Left,
            is_battery_low: false,
        };
        let mut bytes = Vec::new();
        BoardMessage::Clock(ClockReading::Times(times)).encode(&mut bytes);
        self.feed(&bytes);
        self.pump();
    }

    /// The player on `side` presses his lever: his clock stops and the other one runs.
    pub fn press(&mut self, side: ClockSide) {
        let other = if side == ClockSide::Left {
            ClockSide::Right
        } else {
            ClockSide::Left
        };
        if let Some((_, up, running)) = &mut self.clock {
            *up = other;
            *running = true;
        }
        self.report_clock();
    }

    /// The moves the game completed, in coordinates.
    pub fn moves(&self) -> Vec<String> {
        self.table
            .game
            .moves()
            .iter()
            .map(|m| m.text.to_string())
            .collect()
    }

    /// The events the game took, as JSON lines.
    pub fn accepted(&self) -> Vec<String> {
        self.table
            .submitted
            .iter()
            .filter(|(_, _, ok)| *ok)
            .map(|(_, e, _)| serde_json::to_string(e).expect("an event writes"))
            .collect()
    }

    /// Every event handed to the game, taken or not.
    pub fn handed(&self) -> Vec<&Event> {
        self.table.submitted.iter().map(|(_, e, _)| e).collect()
    }

    /// The touches streamed, as "lift e2" / "place e4".
    pub fn touches(&self) -> Vec<String> {
        self.table
            .streamed
            .iter()
            .filter_map(|o| match o {
                BoardOutput::Touch(t) => Some(format!(
                    "{} {}",
                    match t.kind {
                        arbiter_core::dgt::reconstruct::TouchKind::Lift => "lift",
                        arbiter_core::dgt::reconstruct::TouchKind::Place => "place",
                    },
                    t.square
                )),
                _ => None,
            })
            .collect()
    }

    /// The game's events in order, as JSON, with `start` and `lift`s included.
    pub fn log(&self) -> Vec<String> {
        self.table
            .game
            .log()
            .events()
            .iter()
            .map(|e| serde_json::to_string(&e.event).expect("an event writes"))
            .collect()
    }
}
