//! A DGT board in software, for development, demos and tests: it opens a pseudo-terminal, answers
//! the bridge's commands as a board does (version, serial number, dump, update modes), and plays
//! scripted sensor changes with switchable realism, including an unplug and replug (the pty is
//! closed and a new one put behind the same path).
//!
//! One thread owns the pty and runs the script; callers queue [`Action`]s over a channel and can
//! read back when each one's last byte was written.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{DgtSquare, Occupant, Orientation, Placement};
use arbiter_core::dgt::clock::{ClockCommand, ClockReading, ClockTimes, SideTime};
use arbiter_core::dgt::codec::{BoardMessage, Command, UpdateMode};
use arbiter_core::movegen::{Castling, Move};
use arbiter_core::notation::{Language, san};
use arbiter_core::pgn::game::read_games;
use arbiter_core::position::Position;
use arbiter_core::{Color, Piece, Square};

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

/// The clock's reading (White's clock on the left, times in ms) just after `pressed` pressed.
pub fn clock_after_press(left_ms: [u64; 2], pressed: Color) -> ClockTimes {
    let side = |ms: u64| {
        let s = ms / 1000;
        SideTime {
            hours: (s / 3600).min(9) as u8,
            minutes: (s / 60 % 60) as u8,
            seconds: (s % 60) as u8,
            is_flag_fallen: false,
            is_flag_shown: false,
        }
    };
    ClockTimes {
        left: side(left_ms[0]),
        right: side(left_ms[1]),
        is_running: true,
        // White (left) pressed: the lever is down on the left, up on the right... the right
        // side's clock runs, so the right lever is low.
        is_right_lever_high: pressed == Color::Black,
        is_battery_low: false,
    }
}

/// The clock before the first move: White (left) to run.
pub fn initial_clock() -> ClockTimes {
    clock_after_press([300_000, 300_000], Color::Black)
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

/// A handle on a running simulated board. Dropping it unplugs the board for good.
pub struct FakeBoard {
    path: PathBuf,
    tx: mpsc::Sender<Action>,
    written: Arc<Mutex<Vec<Instant>>>,
    write_ends: Arc<Mutex<Vec<Instant>>>,
    shown: Arc<Mutex<Vec<ClockCommand>>>,
}

impl FakeBoard {
    /// A board sitting `orientation`-wise with `placement` on it, reachable at `path` (a symlink
    /// that is re-pointed on every replug).
    ///
    /// # Errors
    /// The pseudo-terminal cannot be opened or the link cannot be made.
    pub fn start(
        path: &Path,
        placement: Placement,
        orientation: Orientation,
    ) -> std::io::Result<Self> {
        let pty = Pty::open(path)?;
        let (tx, rx) = mpsc::channel();
        let written = Arc::new(Mutex::new(Vec::new()));
        let write_ends = Arc::new(Mutex::new(Vec::new()));
        let shown = Arc::new(Mutex::new(Vec::new()));
        let mut board = Board {
            shown: shown.clone(),
            pty: Some(pty),
            path: path.to_owned(),
            placement,
            orientation,
            mode: None,
            clock: None,
            written: written.clone(),
            write_ends: write_ends.clone(),
            last_write: Instant::now(),
            commands: Vec::new(),
        };
        std::thread::Builder::new()
            .name("fake-dgt-board".into())
            .spawn(move || board.run(rx))?;
        Ok(Self {
            path: path.to_owned(),
            tx,
            written,
            write_ends,
            shown,
        })
    }

    /// The port path to give the bridge.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Queues actions; they run in order after those already queued.
    pub fn queue(&self, actions: impl IntoIterator<Item = Action>) {
        for a in actions {
            // The board thread only stops when this handle is dropped.
            let _ = self.tx.send(a);
        }
    }

    /// The commands the bridge sent to the clock cabled to this board, oldest first: what its
    /// display was told to show.
    pub fn clock_commands(&self) -> Vec<ClockCommand> {
        self.shown.lock().map(|w| w.clone()).unwrap_or_default()
    }

    /// When each queued action that wrote bytes wrote them, in order (answers to the bridge's
    /// commands are not counted): the instant just before its one write, which put all its bytes
    /// in the pty at once. Taken before, not after, so a board thread held up between its write
    /// and its clock never makes the bridge look faster than it is; a latency measured from it
    /// counts the write itself (microseconds) as the bridge's.
    pub fn written(&self) -> Vec<Instant> {
        self.written.lock().map(|w| w.clone()).unwrap_or_default()
    }

    /// When each of those writes had returned, in the same order: with [`Self::written`], the
    /// bounds of when its bytes went in (a board thread held up between its clock and its write
    /// wrote later than `written` says).
    pub fn write_ends(&self) -> Vec<Instant> {
        self.write_ends
            .lock()
            .map(|w| w.clone())
            .unwrap_or_default()
    }
}

struct Pty {
    master: File,
    /// Held open so the master never sees a hang-up between the bridge's opens.
    _slave: File,
}

impl Pty {
    fn open(link: &Path) -> std::io::Result<Self> {
        use nix::sys::termios;
        let pty = nix::pty::openpty(None, None).map_err(std::io::Error::from)?;
        // SAFETY: openpty just returned these two descriptors and nothing else owns them.
        let (master, slave) =
            unsafe { (File::from_raw_fd(pty.master), File::from_raw_fd(pty.slave)) };
        // Raw mode from the start: no echo, no newline translation, whatever opens it.
        let mut t = termios::tcgetattr(slave.as_raw_fd()).map_err(std::io::Error::from)?;
        termios::cfmakeraw(&mut t);
        termios::tcsetattr(slave.as_raw_fd(), termios::SetArg::TCSANOW, &t)
            .map_err(std::io::Error::from)?;
        let name = nix::unistd::ttyname(slave.as_raw_fd()).map_err(std::io::Error::from)?;
        let _ = std::fs::remove_file(link);
        std::os::unix::fs::symlink(name, link)?;
        Ok(Self {
            master,
            _slave: slave,
        })
    }
}

struct Board {
    shown: Arc<Mutex<Vec<ClockCommand>>>,
    pty: Option<Pty>,
    path: PathBuf,
    placement: Placement,
    orientation: Orientation,
    mode: Option<UpdateMode>,
    clock: Option<ClockTimes>,
    written: Arc<Mutex<Vec<Instant>>>,
    /// When each counted write ended (see [`FakeBoard::write_ends`]).
    write_ends: Arc<Mutex<Vec<Instant>>>,
    /// When the last write to the pty began.
    last_write: Instant,
    commands: Vec<u8>,
}

impl Board {
    fn run(&mut self, rx: mpsc::Receiver<Action>) {
        let mut due: Option<(Instant, Action)> = None;
        loop {
            if due.is_none() {
                match rx.try_recv() {
                    Ok(a) => due = Some((Instant::now(), a)),
                    Err(mpsc::TryRecvError::Disconnected) => break,
                    Err(mpsc::TryRecvError::Empty) => {}
                }
            }
            let wait = match &due {
                Some((_, Action::AwaitUpdates)) if self.mode.is_none() => Duration::from_millis(20),
                Some((at, _)) => at.saturating_duration_since(Instant::now()),
                None => Duration::from_millis(20),
            };
            self.serve_commands(wait);
            let Some((at, action)) = due.take() else {
                continue;
            };
            if Instant::now() < at {
                due = Some((at, action));
                continue;
            }
            match action {
                Action::Pause(d) => {
                    if let Ok(next) = rx.try_recv() {
                        due = Some((Instant::now() + d, next));
                    } else {
                        // Nothing queued yet: the pause still has to pass before what comes.
                        due = Some((Instant::now() + d, Action::Pause(Duration::ZERO)));
                    }
                }
                Action::AwaitUpdates if self.mode.is_none() => {
                    due = Some((at, Action::AwaitUpdates))
                }
                Action::AwaitUpdates => {}
                Action::Set(square, occupant) => {
                    self.placement.set(square, occupant);
                    if self.mode.is_some() {
                        let sensor = DgtSquare::from_square(square, self.orientation);
                        self.send(&BoardMessage::FieldUpdate {
                            square: sensor,
                            occupant,
                        });
                        self.mark_written();
                    }
                }
                Action::Garbage(bytes) => {
                    self.write(&bytes);
                    self.mark_written();
                }
                Action::Clock(times) => {
                    self.clock = Some(times);
                    if matches!(self.mode, Some(UpdateMode::Nice | UpdateMode::Full)) {
                        self.send(&BoardMessage::Clock(ClockReading::Times(times)));
                        self.mark_written();
                    }
                }
                Action::Unplug(d) => {
                    self.pty = None;
                    self.mode = None;
                    let _ = std::fs::remove_file(&self.path);
                    std::thread::sleep(d);
                    self.pty = Pty::open(&self.path).ok();
                }
            }
        }
        self.pty = None;
        let _ = std::fs::remove_file(&self.path);
    }

    fn send(&mut self, message: &BoardMessage) {
        let mut out = Vec::with_capacity(70);
        message.encode(&mut out);
        self.write(&out);
    }

    fn write(&mut self, bytes: &[u8]) {
        self.last_write = Instant::now();
        if let Some(pty) = self.pty.as_mut() {
            let _ = pty.master.write_all(bytes);
        }
    }

    /// Notes when a queued action's last byte went out (answers to commands are not counted).
    fn mark_written(&mut self) {
        if self.pty.is_some()
            && let Ok(mut w) = self.written.lock()
        {
            w.push(self.last_write);
            if let Ok(mut e) = self.write_ends.lock() {
                e.push(Instant::now());
            }
        }
    }

    /// Answers the bridge's commands for up to `wait`.
    fn serve_commands(&mut self, wait: Duration) {
        use nix::poll::{PollFd, PollFlags, poll};
        let Some(pty) = self.pty.as_mut() else {
            std::thread::sleep(wait.min(Duration::from_millis(20)));
            return;
        };
        let mut fds = [PollFd::new(pty.master.as_raw_fd(), PollFlags::POLLIN)];
        let ms = wait.as_millis().min(50) as i32;
        if !matches!(poll(&mut fds, ms), Ok(n) if n > 0) {
            return;
        }
        let mut buf = [0u8; 256];
        let n = match pty.master.read(&mut buf) {
            Ok(n) => n,
            Err(_) => {
                std::thread::sleep(Duration::from_millis(5));
                return;
            }
        };
        self.commands.extend_from_slice(&buf[..n]);
        while let Some((command, used)) = Command::decode(&self.commands) {
            self.commands.drain(..used);
            let Ok(command) = command else { continue };
            self.answer(command);
        }
    }

    fn answer(&mut self, command: Command) {
        match command {
            Command::Reset => self.mode = None,
            Command::Update(mode) => self.mode = Some(mode),
            Command::SendBoard => {
                let dump = self.placement.to_dump(self.orientation);
                self.send(&BoardMessage::BoardDump(dump));
            }
            Command::Version => self.send(&BoardMessage::Version { major: 1, minor: 7 }),
            Command::SerialNumber => self.send(&BoardMessage::SerialNumber("20526".into())),
            Command::LongSerialNumber => {
                self.send(&BoardMessage::LongSerialNumber("0000020526".into()))
            }
            Command::Trademark => {
                self.send(&BoardMessage::Trademark("Arbiter simulated board".into()))
            }
            Command::SendClock => {
                if let Some(t) = self.clock {
                    self.send(&BoardMessage::Clock(ClockReading::Times(t)));
                }
            }
            Command::Clock(c) => {
                if let Ok(mut shown) = self.shown.lock() {
                    shown.push(c);
                }
            }
            _ => {}
        }
    }
}
