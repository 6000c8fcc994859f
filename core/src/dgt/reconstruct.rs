//! From what the sensors say to what happened at the board: field updates become touches at once,
//! and touches become moves once the position they leave is certain.
//!
//! Two layers, as the protocol notes advise:
//!
//! * **Touches.** Every change a sensor reports is streamed straight away as a [`Touch`]: a piece
//!   taken off its square is touched (2005 Art. 4.3; App. F2.2 says the same of a piece pulled out
//!   of its hole). A square that changes straight from one piece to another is read as the old
//!   piece lifted and the new one placed, because the board may never report the captured piece's
//!   lift. The own king lifted by the player on move as his first lift of the turn is held
//!   until it comes down ([`super::signal`]): set down for DGT's result signal it touched
//!   nothing, otherwise it is a touch of the king at the instant of its lift
//!   ([`Reading::KingTouched`]).
//! * **Moves.** A sensor board cannot tell a piece released on a square from one slid across it,
//!   so individual updates are never read as moves. The whole placement is compared with the
//!   placements every legal move would leave, once the board has been quiet for the settle time
//!   (without a clock) or when the clock's lever is pressed (2005 Art. 6.8a: the press completes
//!   the move). Captures in either lift order, castling king- or rook-first, en passant and
//!   promotion (the new piece read from the board) then need no special case.
//!
//! Placements that match no legal move are handed on: the start position checked (2005 Art.
//! 7.1a), a turned board detected (2005 Art. 7.1b), a position one move back offered as a takeback,
//! and anything else reported with the position to restore (2005 Art. 7.4a, 7.5).
//!
//! Nothing here sleeps or reads a clock: the caller passes the time of each input, asks for
//! [`Reconstructor::poll_deadline`] and calls [`Reconstructor::handle_deadline`] when it passes.

use std::collections::VecDeque;

use crate::{Color, Piece, Square};

use super::board::{
    BoardDump, DgtSquare, Occupant, OccupantCode, Orientation, Placement, PlacementDump,
};
use super::clock::{ClockReading, ClockSide};
use super::codec::{BoardMessage, Command};
use super::signal::{KingHold, KingLift};
use crate::movegen::Move;
use crate::position::Position;

pub use super::placements::{attempted_move, ends_the_game};
use super::placements::{is_on_the_way, is_subset, successor_to, two_moves_to};
pub use super::reading::{Completion, Mismatch, Reading, Touch, TouchKind};

/// What made the reconstructor look at the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trigger {
    /// The board has been quiet for the settle time, or a full dump arrived.
    Settled,
    /// The clock was pressed: the move is complete, whatever the board shows.
    Press,
}

/// Turns board messages into touches and moves for one game.
#[derive(Debug)]
pub struct Reconstructor {
    completion: Completion,
    /// Raw codes in the board's own order; re-read whenever the orientation is learnt.
    raw: [u8; 64],
    has_dump: bool,
    orientation: Option<Orientation>,
    history: Vec<Position>,
    moves: Vec<Move>,
    last_change: Option<u64>,
    /// Sensor changes seen so far, so a caller timing the settle more finely than in
    /// milliseconds can tell which of its reads held the last one.
    changes: u64,
    /// The placement the last mismatch was reported for, so it is reported once.
    reported: Option<Placement>,
    /// A placement showing a move the game refused: not read as that move again until the
    /// pieces change.
    refused: Option<Placement>,
    lever: Option<ClockSide>,
    /// The own king lifted by the player on move, held until it comes down.
    king: KingHold,
    out: VecDeque<Reading>,
    commands: VecDeque<Command>,
}

impl Reconstructor {
    /// A reconstructor for a game from the initial position. The board's orientation is worked
    /// out from the start position it shows.
    pub fn new(completion: Completion) -> Self {
        Self::resume(completion, Position::startpos(), &[], None)
    }

    /// A reconstructor for a game that has already reached `moves` from `start` (a bridge
    /// restarted mid-game). Moves that are not legal end the replay there.
    pub fn resume(
        completion: Completion,
        start: Position,
        moves: &[Move],
        orientation: Option<Orientation>,
    ) -> Self {
        let mut me = Self {
            completion,
            raw: [0; 64],
            has_dump: false,
            orientation,
            history: vec![start],
            moves: Vec::new(),
            last_change: None,
            changes: 0,
            reported: None,
            refused: None,
            lever: None,
            king: KingHold::default(),
            out: VecDeque::new(),
            commands: VecDeque::new(),
        };
        for &mv in moves {
            if me.push_move(mv).is_err() {
                break;
            }
        }
        me
    }

    /// The game's current position as far as the board has shown it.
    pub fn position(&self) -> &Position {
        // `history` always holds the start position.
        &self.history[self.history.len() - 1]
    }

    /// The moves confirmed so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The board's orientation, once known.
    pub fn orientation(&self) -> Option<Orientation> {
        self.orientation
    }

    /// What the sensors show now, read with the known orientation (or the normal one).
    pub fn physical(&self) -> Placement {
        Placement::from_dump(
            &BoardDump { codes: self.raw },
            self.orientation.unwrap_or_default(),
        )
    }

    /// Whether a full dump has been seen since the last [`Self::reset_board`].
    pub fn has_dump(&self) -> bool {
        self.has_dump
    }

    /// Forgets what the sensors showed (the board was unplugged); the next dump is the truth.
    pub fn reset_board(&mut self) {
        self.has_dump = false;
        self.last_change = None;
        self.lever = None;
        self.king.new_turn();
    }

    /// The next reading, oldest first.
    #[must_use]
    pub fn poll(&mut self) -> Option<Reading> {
        self.out.pop_front()
    }

    /// A command the reconstructor wants sent to the board (a dump to check a doubtful state).
    #[must_use]
    pub fn poll_command(&mut self) -> Option<Command> {
        self.commands.pop_front()
    }

    /// Whether the player on move has lifted a piece of his in this position (see
    /// [`KingHold::own_lifted`]): a lift of his opponent's piece then is his touch as well.
    pub fn own_lifted(&self) -> bool {
        self.king.own_lifted()
    }

    /// When the board will have been quiet long enough to read a move, if a change is pending.
    pub fn poll_deadline(&self) -> Option<u64> {
        let at = self.last_change?;
        match self.completion {
            Completion::Settle { settle_ms } => Some(at.saturating_add(settle_ms)),
            // With a clock, moves wait for the press; the start position and mismatches are still
            // checked after a scan's worth of quiet.
            Completion::ClockPress => Some(at.saturating_add(250)),
        }
    }

    /// The change last taken in first showed on the board at `since`, before the message that
    /// brought it (a read confirmed it later): the board has been quiet since then, and the
    /// settle time runs from it. Nothing changes if the message changed nothing.
    pub fn changed_since(&mut self, since: u64) {
        if let Some(at) = self.last_change {
            self.last_change = Some(at.min(since));
        }
    }

    /// When the last change waiting for the settle time first showed, if one waits.
    pub fn last_change(&self) -> Option<u64> {
        self.last_change
    }

    /// How many sensor changes the board has reported; it grows with every change that restarts
    /// the settle time.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Reads the board if it has settled by `now`. Calling it early, or twice, does nothing.
    pub fn handle_deadline(&mut self, now: u64) {
        match self.poll_deadline() {
            Some(deadline) if now >= deadline => {
                self.last_change = None;
                self.evaluate(now, Trigger::Settled);
            }
            _ => {}
        }
    }

    /// Takes in one decoded board message received at `at`.
    pub fn handle_message(&mut self, at: u64, message: &BoardMessage) {
        match message {
            BoardMessage::BoardDump(dump) => self.handle_dump(at, dump),
            BoardMessage::FieldUpdate { square, occupant } => {
                self.handle_field(at, *square, *occupant)
            }
            BoardMessage::Clock(ClockReading::Times(times)) => {
                let running = times.is_running.then(|| times.running_side());
                let (left_ms, right_ms) = (times.left.to_millis(), times.right.to_millis());
                let side = times.running_side();
                self.out.push_back(Reading::ClockTimes {
                    at,
                    left_ms,
                    right_ms,
                    running,
                });
                let previous = self.lever.replace(side);
                if previous.is_some_and(|p| p != side) {
                    // The side that was running pressed: its clock stops, the other starts.
                    let pressed = if side == ClockSide::Left {
                        ClockSide::Right
                    } else {
                        ClockSide::Left
                    };
                    self.handle_press(at, pressed, (left_ms, right_ms));
                }
            }
            _ => {}
        }
    }

    /// A clock press on `side` at `at`: the move on the board, if any, is complete now.
    pub fn handle_press(&mut self, at: u64, side: ClockSide, times_ms: (u64, u64)) {
        self.out
            .push_back(Reading::ClockPress { at, side, times_ms });
        self.last_change = None;
        self.evaluate(at, Trigger::Press);
    }

    fn handle_dump(&mut self, at: u64, dump: &BoardDump) {
        if !self.has_dump {
            // The first dump after connecting is the truth: read it at once, so a move made while
            // the board was unplugged is found without waiting.
            self.raw = dump.codes;
            self.has_dump = true;
            self.last_change = None;
            self.evaluate(at, Trigger::Settled);
            return;
        }
        let before = self.physical();
        let after = Placement::from_dump(dump, self.orientation.unwrap_or_default());
        let squares = before.diff(&after);
        if !squares.is_empty() {
            self.king_resolved(&after);
        }
        // Lifts first: a piece leaves before another takes its place.
        for &s in &squares {
            if let Occupant::Piece(color, piece) = before.get(s) {
                self.push_touch(at, TouchKind::Lift, s, color, piece);
            }
        }
        for &s in &squares {
            if let Occupant::Piece(color, piece) = after.get(s) {
                self.push_touch(at, TouchKind::Place, s, color, piece);
            }
        }
        self.raw = dump.codes;
        if squares.is_empty() && self.last_change.is_none() {
            // A quiet board confirmed by a full scan: read it now.
            self.evaluate(at, Trigger::Settled);
        } else if !squares.is_empty() {
            self.last_change = Some(at);
            self.changes += 1;
        }
    }

    fn push_touch(&mut self, at: u64, kind: TouchKind, square: Square, color: Color, piece: Piece) {
        let held = kind == TouchKind::Lift
            && self.orientation.is_some()
            && self.king.lifted(
                &self.history[self.history.len() - 1],
                at,
                square,
                color,
                piece,
            );
        self.out.push_back(Reading::Touch {
            at,
            touch: Touch {
                kind,
                square,
                color,
                piece,
            },
            held,
        });
    }

    /// The board changed to `now` after the own king's lift was held: if that was a touch of
    /// the king, say so before the change's own touches.
    fn king_resolved(&mut self, now: &Placement) {
        let position = &self.history[self.history.len() - 1];
        let color = position.side_to_move();
        if let Some(KingLift::Touched { at, square }) = self.king.resolve(now, position) {
            self.out
                .push_back(Reading::KingTouched { at, square, color });
        }
    }

    fn handle_field(&mut self, at: u64, sensor: DgtSquare, occupant: Occupant) {
        if !self.has_dump {
            // Without a dump the old state of the square is unknown; ask for one.
            self.raw[usize::from(sensor.index())] = occupant.to_code();
            if !self.commands.contains(&Command::SendBoard) {
                self.commands.push_back(Command::SendBoard);
            }
            return;
        }
        let square = sensor.to_square(self.orientation.unwrap_or_default());
        let index = usize::from(sensor.index());
        let old = Occupant::from_code(self.raw[index]);
        if old == occupant {
            return;
        }
        self.raw[index] = occupant.to_code();
        self.last_change = Some(at);
        self.changes += 1;
        if self.king.holds() {
            let now = self.physical();
            self.king_resolved(&now);
        }
        if let Occupant::Piece(color, piece) = old {
            self.push_touch(at, TouchKind::Lift, square, color, piece);
        }
        if let Occupant::Piece(color, piece) = occupant {
            self.push_touch(at, TouchKind::Place, square, color, piece);
        }
    }

    fn push_move(&mut self, mv: Move) -> Result<(), ()> {
        let next = self.position().after(mv).map_err(|_| ())?;
        self.history.push(next);
        self.moves.push(mv);
        self.king.new_turn();
        Ok(())
    }

    /// The game (the Laws engine) decided the moves so far differently from what the board
    /// showed: a move refused under touch-move, an illegal move set back, a takeback not allowed,
    /// an irregular move left standing (`start` is then the game's position after it).
    /// The reconstructor follows the game; if the board now differs from it, the difference is
    /// reported at once with the position to restore (2005 Art. 7.4a / 7.5).
    pub fn rebase(&mut self, at: u64, start: Position, moves: &[Move]) {
        self.king.new_turn();
        self.history.clear();
        self.history.push(start);
        self.moves.clear();
        for &mv in moves {
            if self.push_move(mv).is_err() {
                break;
            }
        }
        self.reported = None;
        if !self.has_dump || self.orientation.is_none() {
            return;
        }
        let current = self.position().placement();
        let seen = self.physical();
        let mover = self.position().side_to_move();
        if Square::ALL.into_iter().any(|s| {
            matches!(current.get(s), Occupant::Piece(c, _) if c == mover)
                && seen.get(s) == Occupant::Empty
        }) {
            // His piece was lifted while it was not yet his turn, and is still up.
            self.king.lifted_before_turn();
        }
        if seen != current {
            self.refused = Some(seen);
            self.report(at, Mismatch::Displaced, current);
        }
    }

    /// Compares the settled placement with what the game allows.
    fn evaluate(&mut self, at: u64, trigger: Trigger) {
        let accepts_moves =
            trigger == Trigger::Press || matches!(self.completion, Completion::Settle { .. });
        if !self.has_dump {
            return;
        }
        if self.orientation.is_none() && !self.learn_orientation() {
            let restore = self.position().placement();
            let kind = if self.moves.is_empty() {
                Mismatch::NotInitialPosition
            } else {
                Mismatch::Displaced
            };
            self.report(at, kind, restore);
            return;
        }
        let seen = self.physical();
        let current = self.position().placement();
        if seen == current {
            if self.reported.take().is_some() {
                self.out.push_back(Reading::Restored { at });
            }
            return;
        }
        if self.refused == Some(seen) {
            return;
        }
        if !accepts_moves {
            // With a clock a move waits for the press, unless it ends the game: mate, stalemate
            // or a dead position is complete when the piece is released (2005 Art. 5.1a, 5.2a,
            // 6.8a / 2023 Art. 5.1.1, 5.2.1, 6.2.1.1), and no press will come.
            if let Some(mv) = successor_to(self.position(), &seen)
                && ends_the_game(self.position(), mv)
            {
                self.refused = None;
                self.confirm(at, mv);
            }
            return;
        }
        self.refused = None;
        if let Some(mv) = successor_to(self.position(), &seen) {
            self.confirm(at, mv);
            return;
        }
        // Both players moved within one settle time (fast play).
        if let Some((first, second)) = two_moves_to(self.position(), &seen) {
            self.confirm(at, first);
            self.confirm(at, second);
            return;
        }
        // The last move was an intermediate square of a slide: a sibling replaces it.
        let n = self.history.len();
        if n >= 2
            && let Some(mv) = successor_to(&self.history[n - 2], &seen)
        {
            self.retract(at, n - 2);
            self.confirm(at, mv);
            return;
        }
        // An earlier position: moves taken back.
        if let Some(k) = (0..n - 1)
            .rev()
            .find(|&k| self.history[k].placement() == seen)
        {
            self.retract(at, k);
            return;
        }
        if trigger != Trigger::Press
            && (is_subset(&seen, &current) || is_on_the_way(self.position(), &current, &seen))
        {
            // Pieces are in a hand, or half of a capture, castling or en passant is done: not
            // yet anything to rule on until the clock is pressed.
            return;
        }
        self.report(at, Mismatch::Displaced, current);
        if !self.commands.contains(&Command::SendBoard) {
            // Check the incremental picture against a full dump before anyone acts on it.
            self.commands.push_back(Command::SendBoard);
        }
    }

    fn confirm(&mut self, at: u64, mv: Move) {
        if self.push_move(mv).is_ok() {
            self.reported = None;
            let ply = self.moves.len();
            self.out.push_back(Reading::Move { at, mv, ply });
        }
    }

    fn retract(&mut self, at: u64, to_ply: usize) {
        self.king.new_turn();
        self.history.truncate(to_ply + 1);
        self.moves.truncate(to_ply);
        self.reported = None;
        self.out.push_back(Reading::Takeback { at, to_ply });
    }

    fn report(&mut self, at: u64, kind: Mismatch, restore: Placement) {
        let seen = self.physical();
        if self.reported == Some(seen) {
            return;
        }
        self.reported = Some(seen);
        let squares = seen.diff(&restore);
        self.out.push_back(Reading::Mismatch {
            at,
            kind,
            squares,
            restore,
        });
    }

    /// Works out the orientation from the game's position (the initial one, or a resumed game's),
    /// either way round. Returns whether it is known now.
    fn learn_orientation(&mut self) -> bool {
        let dump = BoardDump { codes: self.raw };
        let target = self.position().placement();
        let sides = [Orientation::Normal, Orientation::Rotated];
        // The game's position either way round; else, a board read again after a restart
        // may already show the next move made (the bridge stopped within its settle time).
        let found = sides
            .into_iter()
            .find(|&o| Placement::from_dump(&dump, o) == target)
            .or_else(|| {
                sides.into_iter().find(|&o| {
                    successor_to(self.position(), &Placement::from_dump(&dump, o)).is_some()
                })
            });
        let Some(orientation) = found else {
            return false;
        };
        self.orientation = Some(orientation);
        self.reported = None;
        self.out.push_back(Reading::Orientation(orientation));
        true
    }
}
