//! Boards that sense presence only (DGT Pegasus, Square Off, iChessOne): a square is occupied
//! or empty, and no sensor says which piece stands on it. The pieces are named from the game:
//! a square that stayed occupied keeps the piece the game's position has there; a square that
//! filled takes a piece from the hand (what was lifted since the position was reached, the
//! mover's first); and when the squares occupied are exactly those a legal move leaves, the
//! board shows that move made. The readings that come out are DGT dumps with real piece codes,
//! so the reconstruction above reads them as it reads any snapshot board's.
//!
//! The game's position reaches the codec through [`BoardCodec::follow`], which the session
//! calls before the board's bytes are read. What a presence board cannot tell is left to the
//! arbiter: the piece a pawn becomes (a queen is read; 2005 Art. 7.4a covers a wrong one), two
//! captures by one piece when neither captured piece was seen lifted (nothing is read until the
//! board says more), and the board's orientation (its own square order is taken as White's
//! side nearest its a1 corner). Its lifts are no touches (2005 Art. 4.3 needs a hand seen on a
//! piece; a square emptied says whose piece only by inference).

use std::collections::VecDeque;

use crate::board::{
    BoardDump, DgtSquare, Occupant, OccupantCode, Orientation, Placement, PlacementDump,
};
use crate::codec::{BoardMessage, Command};
use crate::family::BoardCodec;
use arbiter_chess::movegen::Move;
use arbiter_chess::{Piece, Position};

/// What a presence board's frames say, in DGT's square order (a8 = 0 ... h1 = 63).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sensed {
    /// Every square: bit `i` set when square `i` is occupied.
    All(u64),
    /// One square changed.
    Square {
        /// Its index.
        index: u8,
        /// Whether it is now occupied.
        occupied: bool,
    },
}

/// What differs between the presence families: the frames on their wire.
pub trait Sensors {
    /// Forgets half-read bytes (the board was reconnected).
    fn reset(&mut self);

    /// Takes in bytes; appends what they say to `out`. Returns how many runs of bytes were
    /// dropped as unreadable.
    fn feed(&mut self, bytes: &[u8], out: &mut Vec<Sensed>) -> u64;

    /// The commands that open a session with the board.
    fn handshake(&self) -> Vec<Command>;

    /// Appends `command`'s bytes, as this board reads them, to `out` (nothing for a command it
    /// has no equivalent of).
    fn encode(&self, command: &Command, out: &mut Vec<u8>);

    /// Whether the board can be asked for every square ([`Command::SendBoard`]).
    fn can_read(&self) -> bool;

    /// The next answer read since the last call that says nothing of the squares (a battery's
    /// charge), as the DGT message that says the same.
    fn take_answer(&mut self) -> Option<BoardMessage> {
        None
    }
}

/// The squares a placement occupies, bit `i` for DGT's square `i` (the board the normal way).
pub fn occupancy(placement: &Placement) -> u64 {
    (0..64u8).fold(0, |bits, i| {
        let square = DgtSquare::new(i).map(|s| s.to_square(Orientation::Normal));
        match square.map(|s| placement.get(s)) {
            Some(Occupant::Empty) | None => bits,
            Some(_) => bits | 1 << i,
        }
    })
}

/// The game's position and the squares occupied: the pieces named.
#[derive(Debug, Default)]
pub struct Presence {
    base: Option<Position>,
    occupied: Option<u64>,
    /// The base's squares seen empty since it was reached, in the order they emptied: the
    /// pieces taken in hand (a captured piece's square among them, filled again by its taker).
    lifted: Vec<u8>,
}

impl Presence {
    /// The game stands at `position`; returns whether that is news.
    pub fn follow(&mut self, position: &Position) -> bool {
        if self.base.as_ref() == Some(position) {
            return false;
        }
        let base_occ = occupancy(&position.placement());
        let now = self.occupied.unwrap_or(base_occ);
        // What is still up in the air stays in the hand, in the order it went up; what the new
        // position has on a square now empty was lifted too.
        let mut lifted: Vec<u8> = self
            .lifted
            .iter()
            .copied()
            .filter(|&i| base_occ >> i & 1 == 1 && now >> i & 1 == 0)
            .collect();
        for i in 0..64u8 {
            if base_occ >> i & 1 == 1 && now >> i & 1 == 0 && !lifted.contains(&i) {
                lifted.push(i);
            }
        }
        self.lifted = lifted;
        self.base = Some(position.clone());
        true
    }

    /// The board was (re)connected: what it showed is forgotten, the game is not.
    pub fn forget_board(&mut self) {
        self.occupied = None;
        self.lifted.clear();
    }

    /// Takes in what the board sensed.
    pub fn sense(&mut self, sensed: Sensed) {
        let before = self.occupied;
        let now = match sensed {
            Sensed::All(bits) => bits,
            Sensed::Square { index, occupied } => {
                let Some(bits) = before.or_else(|| self.base_occupancy()) else {
                    return;
                };
                let bit = 1u64 << (index & 63);
                if occupied { bits | bit } else { bits & !bit }
            }
        };
        self.occupied = Some(now);
        let base_occ = self.base_occupancy().unwrap_or(0);
        for i in 0..64u8 {
            if base_occ >> i & 1 == 1 && now >> i & 1 == 0 && !self.lifted.contains(&i) {
                self.lifted.push(i);
            }
        }
    }

    fn base_occupancy(&self) -> Option<u64> {
        self.base.as_ref().map(|p| occupancy(&p.placement()))
    }

    /// The pieces as the board shows them, named (DGT codes, a8 first); `None` before the
    /// board said anything or before the game's position is known.
    pub fn dump(&self) -> Option<[u8; 64]> {
        let (occ, base) = (self.occupied?, self.base.as_ref()?);
        let placement = base.placement();
        let base_occ = occupancy(&placement);
        let codes_of = |p: &Placement| p.to_dump(Orientation::Normal).codes;
        if occ == base_occ {
            return Some(codes_of(&placement));
        }
        if let Some(after) = self.move_shown(base, occ) {
            return Some(codes_of(&after.placement()));
        }
        let base_codes = codes_of(&placement);
        let mut codes = [0u8; 64];
        for i in 0..64 {
            if occ >> i & 1 == 1 && base_occ >> i & 1 == 1 {
                codes[i] = base_codes[i];
            }
        }
        // The pieces in the hand: the mover's first, in the order they went up.
        let mover = base.side_to_move();
        let mut hand: Vec<u8> = self
            .lifted
            .iter()
            .copied()
            .filter(|&i| occ >> i & 1 == 0)
            .collect();
        hand.sort_by_key(|&i| {
            !matches!(Occupant::from_code(base_codes[usize::from(i)]), Occupant::Piece(c, _) if c == mover)
        });
        let mut hand = hand.into_iter();
        for i in 0..64u8 {
            if occ >> i & 1 == 1 && base_occ >> i & 1 == 0 {
                codes[usize::from(i)] = match hand.next() {
                    Some(from) => base_codes[usize::from(from)],
                    // Set down before it was seen lifted (a scan's order): the piece of the
                    // mover that can go there.
                    None => arrival_guess(base, i, &base_codes),
                };
            }
        }
        Some(codes)
    }

    /// The position a legal move leaves, when the board shows exactly its squares occupied:
    /// a queen for a promotion, and of two captures by one piece the one whose captured piece
    /// was seen lifted; none when that does not decide. When no one move does and pieces of
    /// both sides are in the hand, the two moves (both players moving within one settle time)
    /// that leave those squares occupied, one of them set down on a square that was empty.
    fn move_shown(&self, base: &Position, occ: u64) -> Option<Position> {
        let mut found: Vec<(u8, Position)> = Vec::new();
        for (mv, after) in successors(base) {
            if occupancy(&after.placement()) == occ {
                found.push((u8::from(self.was_lifted(mv)), after));
            }
        }
        // Only with a piece set down somewhere new: two pieces merely held up (a capture under
        // way) could otherwise read as two captures.
        let arrived = occ & !occupancy(&base.placement()) != 0;
        if found.is_empty() && arrived && self.both_sides_lifted(base, occ) {
            for (first, after) in successors(base) {
                for (second, then) in successors(&after) {
                    if occupancy(&then.placement()) == occ {
                        let seen =
                            u8::from(self.was_lifted(first)) + u8::from(self.was_lifted(second));
                        found.push((seen, then));
                    }
                }
            }
        }
        let best = found.iter().map(|(seen, _)| *seen).max()?;
        let mut best_ones = found.into_iter().filter(|(seen, _)| *seen == best);
        match (best_ones.next(), best_ones.next()) {
            (Some((_, p)), None) => Some(p),
            _ => None,
        }
    }

    /// Whether pieces of both sides are up in the hand.
    fn both_sides_lifted(&self, base: &Position, occ: u64) -> bool {
        let mut colors = self
            .lifted
            .iter()
            .filter(|&&i| occ >> i & 1 == 0)
            .filter_map(|&i| {
                let square = DgtSquare::new(i)?.to_square(Orientation::Normal);
                base.piece_on(square).map(|(c, _)| c)
            });
        match colors.next() {
            Some(first) => colors.any(|c| c != first),
            None => false,
        }
    }

    fn was_lifted(&self, mv: Move) -> bool {
        let to = DgtSquare::from_square(mv.to, Orientation::Normal).index();
        self.lifted.contains(&to)
    }
}

/// The legal moves of `position` with the positions they leave; of the promotions only the
/// queen's (a presence board cannot say which piece a pawn became).
fn successors(position: &Position) -> impl Iterator<Item = (Move, Position)> + '_ {
    position
        .legal_moves()
        .into_iter()
        .filter(|m| m.promotion.is_none_or(|p| p == Piece::Queen))
        .filter_map(move |m| {
            let mut after = position.clone();
            after.play(m).ok().map(|()| (m, after))
        })
}

/// The code of the mover's piece that has a legal move to square `i`, or a code that is no
/// piece (never read as a lift, never a move) when none has.
fn arrival_guess(base: &Position, i: u8, codes: &[u8; 64]) -> u8 {
    let Some(to) = DgtSquare::new(i).map(|s| s.to_square(Orientation::Normal)) else {
        return 13;
    };
    base.legal_moves()
        .into_iter()
        .find(|m| m.to == to)
        .map(|m| codes[usize::from(DgtSquare::from_square(m.from, Orientation::Normal).index())])
        .unwrap_or(13)
}

/// A presence family's codec: its sensors, the pieces named from the game, and only the
/// readings that changed passed on.
#[derive(Debug, Default)]
pub struct PresenceCodec<S> {
    sensors: S,
    presence: Presence,
    last: Option<[u8; 64]>,
    passed: VecDeque<BoardMessage>,
    dropped: u64,
    scratch: Vec<Sensed>,
}

impl<S: Sensors> PresenceCodec<S> {
    /// A codec reading `sensors`.
    pub fn new(sensors: S) -> Self {
        Self {
            sensors,
            presence: Presence::default(),
            last: None,
            passed: VecDeque::new(),
            dropped: 0,
            scratch: Vec::new(),
        }
    }

    fn pass_changed(&mut self) {
        if let Some(codes) = self.presence.dump()
            && self.last != Some(codes)
        {
            self.last = Some(codes);
            self.passed
                .push_back(BoardMessage::BoardDump(BoardDump { codes }));
        }
    }
}

impl<S: Sensors> BoardCodec for PresenceCodec<S> {
    fn reset(&mut self) {
        self.sensors.reset();
        self.presence.forget_board();
        self.last = None;
        self.passed.clear();
        self.dropped = 0;
    }

    fn feed(&mut self, _now: u64, bytes: &[u8]) {
        let mut sensed = std::mem::take(&mut self.scratch);
        self.dropped += self.sensors.feed(bytes, &mut sensed);
        for s in sensed.drain(..) {
            self.presence.sense(s);
            self.pass_changed();
        }
        self.scratch = sensed;
        while let Some(answer) = self.sensors.take_answer() {
            self.passed.push_back(answer);
        }
    }

    fn follow(&mut self, position: &Position) {
        if self.presence.follow(position) {
            self.pass_changed();
        }
    }

    fn poll_reading(&mut self) -> Option<BoardMessage> {
        self.passed.pop_front()
    }

    fn poll_command(&mut self) -> Option<Command> {
        None
    }

    fn take_read_request(&mut self) -> bool {
        self.sensors.can_read()
    }

    fn handshake(&self) -> Vec<Command> {
        self.sensors.handshake()
    }

    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        self.sensors.encode(command, out);
    }

    fn health(&self) -> (u64, u64) {
        (self.dropped, 0)
    }

    fn reports_lifts(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idx(name: &str) -> u8 {
        let b = name.as_bytes();
        (b'8' - b[1]) * 8 + (b[0] - b'a')
    }

    fn start() -> (Presence, u64) {
        let mut p = Presence::default();
        let pos = Position::startpos();
        p.follow(&pos);
        let occ = occupancy(&pos.placement());
        p.sense(Sensed::All(occ));
        (p, occ)
    }

    #[test]
    fn the_start_reads_as_the_game_and_a_move_as_the_move() {
        let (mut p, _) = start();
        assert_eq!(
            p.dump(),
            Some(Placement::start().to_dump(Orientation::Normal).codes)
        );
        p.sense(Sensed::Square {
            index: idx("g1"),
            occupied: false,
        });
        p.sense(Sensed::Square {
            index: idx("f3"),
            occupied: true,
        });
        let codes = p.dump().expect("a dump");
        assert_eq!(codes[usize::from(idx("f3"))], 3, "a white knight on f3");
        assert_eq!(codes[usize::from(idx("g1"))], 0);
    }

    #[test]
    fn an_arrival_before_the_departure_is_the_piece_that_can_go_there() {
        let (mut p, _) = start();
        p.sense(Sensed::Square {
            index: idx("e4"),
            occupied: true,
        });
        let codes = p.dump().expect("a dump");
        assert_eq!(codes[usize::from(idx("e4"))], 1, "a white pawn");
        assert_eq!(codes[usize::from(idx("e2"))], 1, "still seen on e2");
    }

    #[test]
    fn both_players_moving_within_one_settle_read_as_both_moves() {
        let (mut p, _) = start();
        for (sq, occupied) in [("e2", false), ("e7", false), ("e5", true), ("e4", true)] {
            p.sense(Sensed::Square {
                index: idx(sq),
                occupied,
            });
        }
        let codes = p.dump().expect("a dump");
        assert_eq!(codes[usize::from(idx("e4"))], 1, "White's pawn on e4");
        assert_eq!(codes[usize::from(idx("e5"))], 7, "Black's pawn on e5");
    }

    #[test]
    fn of_two_captures_the_one_whose_piece_was_lifted() {
        // A white knight on e5 can take on d7 or f7: the board shows e5 emptied either way.
        let pos = Position::from_fen("4k3/3p1p2/8/4N3/8/8/8/4K3 w - - 0 1").expect("fen");
        let mut p = Presence::default();
        p.follow(&pos);
        let occ = occupancy(&pos.placement());
        p.sense(Sensed::All(occ));
        p.sense(Sensed::Square {
            index: idx("e5"),
            occupied: false,
        });
        assert_eq!(p.dump().map(|c| c[usize::from(idx("f7"))]), Some(7));
        // Neither captured piece was seen lifted: nothing says which.
        assert_eq!(p.dump().map(|c| c[usize::from(idx("e5"))]), Some(0));
        p.sense(Sensed::Square {
            index: idx("f7"),
            occupied: false,
        });
        p.sense(Sensed::Square {
            index: idx("f7"),
            occupied: true,
        });
        assert_eq!(
            p.dump().map(|c| c[usize::from(idx("f7"))]),
            Some(3),
            "the knight took on f7"
        );
    }
}
