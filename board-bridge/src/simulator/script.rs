//! Scripts: the steps a simulated player's hands take, and a whole game's from its moves.

use std::time::Duration;

use arbiter_core::dgt::board::Occupant;
use arbiter_core::dgt::clock::ClockTimes;
use arbiter_core::movegen::{Castling, Move};
use arbiter_core::notation::{Language, san};
use arbiter_core::pgn::game::read_games;
use arbiter_core::position::Position;
use arbiter_core::{Color, Piece, Square};

use super::clock::{clock_after_press, initial_clock};

/// One step of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Wait this long before the next action.
    Pause(Duration),
    /// A square's sensor now reads `occupant` (sent as a field update when the board reports).
    Set(Square, Occupant),
    /// Bytes that are no message, written as they are.
    Garbage(Vec<u8>),
    /// The clock reports these times.
    Clock(ClockTimes),
    /// The cable is pulled for this long, then plugged back in.
    Unplug(Duration),
    /// Wait until the bridge has put the board in an update mode again.
    AwaitUpdates,
}

/// Which kinds of real-world mess the player makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Realism {
    /// Captures alternate: victim lifted first, mover lifted first, victim never seen lifted.
    pub capture_orders: bool,
    /// Every other castling is done rook first.
    pub rook_first_castling: bool,
    /// Rooks, bishops and queens are slid across the squares between.
    pub slides: bool,
    /// Every fifth move starts with the piece lifted and put back.
    pub lift_and_put_back: bool,
    /// A sensor now and then reads empty for an instant.
    pub flicker: bool,
    /// Bytes of noise between messages now and then.
    pub garbage: bool,
    /// The cable is pulled after this many plies.
    pub unplug_after_ply: Option<usize>,
    /// A clock is attached and pressed after each move.
    pub clock: bool,
}

impl Realism {
    /// Every switch on (the unplug after ply 7), without a clock.
    pub fn all() -> Self {
        Self {
            capture_orders: true,
            rook_first_castling: true,
            slides: true,
            lift_and_put_back: true,
            flicker: true,
            garbage: true,
            unplug_after_ply: Some(7),
            clock: false,
        }
    }
}

/// How fast the simulated player's hands are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    /// Between two sensor changes within a move (keep it under the bridge's settle time).
    pub step: Duration,
    /// From lifting one piece to lifting another in the same move (a capture, castling, en
    /// passant): one hand has to let go of the first and reach the second (2005 Art. 4.1), so
    /// keep it over the Laws engine's two-hands window (100 ms) and under the settle time.
    pub reach: Duration,
    /// After each move (keep it over the bridge's settle time).
    pub think: Duration,
    /// How long an unplug lasts.
    pub unplugged: Duration,
}

impl Default for Pace {
    fn default() -> Self {
        Self {
            step: Duration::from_millis(60),
            reach: Duration::from_millis(200),
            think: Duration::from_millis(900),
            unplugged: Duration::from_secs(2),
        }
    }
}

/// Why a game could not be scripted.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    /// The PGN holds no game.
    #[error("no game in the PGN")]
    NoGame,
    /// A move of the game is not legal or not readable.
    #[error("ply {ply}: {san}: {reason}")]
    BadMove {
        /// 1-based ply.
        ply: usize,
        /// The move as written.
        san: String,
        /// Why.
        reason: String,
    },
}

/// The main line of the first game in `pgn`, as moves.
///
/// # Errors
/// [`ScriptError`] when there is no game or a move does not parse.
pub fn moves_of_pgn(pgn: &[u8]) -> Result<Vec<Move>, ScriptError> {
    let games = read_games(pgn);
    let game = games.first().ok_or(ScriptError::NoGame)?;
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    for (i, text) in game.main_line().enumerate() {
        let bad = |reason: String| ScriptError::BadMove {
            ply: i + 1,
            san: text.to_owned(),
            reason,
        };
        let mv = san::parse(&pos, text, Language::English).map_err(|e| bad(e.to_string()))?;
        pos.play(mv).map_err(|e| bad(e.to_string()))?;
        moves.push(mv);
    }
    Ok(moves)
}

/// The actions of a player making `moves` from the initial position on a board that sits
/// `orientation`-wise, with the given realism and pace.
pub fn script_game(moves: &[Move], realism: Realism, pace: Pace) -> Vec<Action> {
    let mut pos = Position::startpos();
    let mut out = vec![Action::AwaitUpdates, Action::Pause(pace.think)];
    if realism.clock {
        // Black presses to start White's clock (2023 Art. 6.6 / 2005 Art. 6.5).
        out.push(Action::Clock(initial_clock()));
        out.push(Action::Pause(pace.think));
    }
    let (mut captures, mut castles) = (0usize, 0usize);
    let mut clock_left_ms: [u64; 2] = [300_000, 300_000];
    let step = |out: &mut Vec<Action>, s: Square, o: Occupant| {
        out.push(Action::Set(s, o));
        out.push(Action::Pause(pace.step));
    };
    // Before the hand lifts a second piece of the same move.
    let reach = |out: &mut Vec<Action>| {
        out.push(Action::Pause(pace.reach.saturating_sub(pace.step)));
    };
    for (i, &mv) in moves.iter().enumerate() {
        let ply = i + 1;
        let Some((color, piece)) = pos.piece_on(mv.from) else {
            break;
        };
        let mover = Occupant::Piece(color, piece);
        if realism.garbage && ply % 4 == 0 {
            out.push(Action::Garbage(vec![
                0x13, 0x37, 0x8E, 0x7F, 0x7F, 0x01, 0xC5,
            ]));
        }
        if realism.flicker && ply % 6 == 0 {
            // A sensor far from the move blinks out for an instant.
            let far = if color == Color::White {
                Square::H8
            } else {
                Square::H1
            };
            if let Some((c, p)) = pos.piece_on(far) {
                out.push(Action::Set(far, Occupant::Empty));
                out.push(Action::Pause(Duration::from_millis(2)));
                step(&mut out, far, Occupant::Piece(c, p));
            }
        }
        if realism.lift_and_put_back && ply % 5 == 0 {
            step(&mut out, mv.from, Occupant::Empty);
            step(&mut out, mv.from, mover);
        }
        let arrived = Occupant::Piece(color, mv.promotion.unwrap_or(piece));
        if let Some(side) = pos.castling(mv) {
            castles += 1;
            let rank = mv.from.rank();
            let (rook_from, rook_to) = match side {
                Castling::KingSide => (
                    Square::new(arbiter_core::File::H, rank),
                    Square::new(arbiter_core::File::F, rank),
                ),
                Castling::QueenSide => (
                    Square::new(arbiter_core::File::A, rank),
                    Square::new(arbiter_core::File::D, rank),
                ),
            };
            let rook = Occupant::Piece(color, Piece::Rook);
            let king_first = !(realism.rook_first_castling && castles % 2 == 0);
            let halves = [(mv.from, mv.to, mover), (rook_from, rook_to, rook)];
            let order = if king_first { [0, 1] } else { [1, 0] };
            for (i, k) in order.into_iter().enumerate() {
                let (f, t, o) = halves[k];
                if i == 1 {
                    reach(&mut out);
                }
                step(&mut out, f, Occupant::Empty);
                step(&mut out, t, o);
            }
        } else if pos.is_en_passant(mv) {
            let victim = Square::new(mv.to.file(), mv.from.rank());
            step(&mut out, mv.from, Occupant::Empty);
            step(&mut out, mv.to, arrived);
            reach(&mut out);
            step(&mut out, victim, Occupant::Empty);
        } else if pos.piece_on(mv.to).is_some() {
            captures += 1;
            match (realism.capture_orders, captures % 3) {
                (true, 1) => {
                    step(&mut out, mv.to, Occupant::Empty);
                    reach(&mut out);
                    step(&mut out, mv.from, Occupant::Empty);
                }
                (true, 2) => {
                    // The victim's lift is never reported: its square changes straight over.
                    step(&mut out, mv.from, Occupant::Empty);
                }
                _ => {
                    step(&mut out, mv.from, Occupant::Empty);
                    reach(&mut out);
                    step(&mut out, mv.to, Occupant::Empty);
                }
            }
            step(&mut out, mv.to, arrived);
        } else {
            step(&mut out, mv.from, Occupant::Empty);
            if realism.slides && matches!(piece, Piece::Rook | Piece::Bishop | Piece::Queen) {
                for between in squares_between(mv.from, mv.to) {
                    step(&mut out, between, arrived);
                    step(&mut out, between, Occupant::Empty);
                }
            }
            step(&mut out, mv.to, arrived);
        }
        if realism.clock {
            let mover_index = usize::from(color == Color::Black);
            clock_left_ms[mover_index] =
                clock_left_ms[mover_index].saturating_sub(pace.think.as_millis() as u64);
            out.push(Action::Clock(clock_after_press(clock_left_ms, color)));
        }
        out.push(Action::Pause(pace.think));
        if pos.play(mv).is_err() {
            break;
        }
        if realism.unplug_after_ply == Some(ply) {
            out.push(Action::Unplug(pace.unplugged));
            out.push(Action::AwaitUpdates);
            out.push(Action::Pause(pace.think));
        }
    }
    out
}

fn squares_between(from: Square, to: Square) -> Vec<Square> {
    let (f0, r0) = (from.file() as i32, from.rank() as i32);
    let (f1, r1) = (to.file() as i32, to.rank() as i32);
    let (df, dr) = ((f1 - f0).signum(), (r1 - r0).signum());
    let straight = f0 == f1 || r0 == r1 || (f1 - f0).abs() == (r1 - r0).abs();
    if !straight {
        return Vec::new();
    }
    let mut out = Vec::new();
    let (mut f, mut r) = (f0 + df, r0 + dr);
    while (f, r) != (f1, r1) {
        out.push(Square::index((r * 8 + f) as usize));
        f += df;
        r += dr;
    }
    out
}
