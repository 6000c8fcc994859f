//! Boards that send whole snapshots instead of one square at a time (Millennium, Chessnut,
//! Certabo): each family's frames become the 64 codes of a DGT dump, and a snapshot that
//! differs from the one before is handed on as a full read. The reconstructor then finds the
//! changes (shown as touches) and reads a move from the settled snapshot, as it does for DGT.
//!
//! A snapshot shows a square emptied at its scan, not a hand on a piece: these boards report no
//! lifts (see [`BoardCodec::reports_lifts`]), so touch-move is left to the arbiter.

use std::collections::VecDeque;

use crate::board::BoardDump;
use crate::codec::{BoardMessage, Command};
use crate::family::BoardCodec;

/// What differs between the snapshot families: the frames on their wire.
pub trait Frames {
    /// Forgets half-read bytes (the board was reconnected).
    fn reset(&mut self);

    /// Takes in bytes; appends each whole snapshot read, as DGT codes in DGT's square order
    /// (a8 first), to `out`. Returns how many runs of bytes were dropped as unreadable.
    fn feed(&mut self, bytes: &[u8], out: &mut Vec<[u8; 64]>) -> u64;

    /// The commands that open a session with the board.
    fn handshake(&self) -> Vec<Command>;

    /// Appends `command`'s bytes, as this board reads them, to `out` (nothing for a command it
    /// has no equivalent of).
    fn encode(&self, command: &Command, out: &mut Vec<u8>);

    /// Whether the board can be asked for a snapshot ([`Command::SendBoard`]).
    fn can_read(&self) -> bool;

    /// Whether the board should be asked for a snapshot now (a board that reports a hand's
    /// touch but sends its squares only when asked); answering `true` means it is asked.
    fn wants_read(&mut self) -> bool {
        false
    }

    /// The next answer read since the last call that is no snapshot (a battery's charge), as
    /// the DGT message that says the same.
    fn take_answer(&mut self) -> Option<BoardMessage> {
        None
    }
}

/// A snapshot family's codec: its frames, and only the snapshots that changed passed on.
#[derive(Debug, Default)]
pub struct SnapshotCodec<F> {
    frames: F,
    last: Option<[u8; 64]>,
    passed: VecDeque<BoardMessage>,
    dropped: u64,
    scratch: Vec<[u8; 64]>,
}

impl<F: Frames> SnapshotCodec<F> {
    /// A codec reading `frames`.
    pub fn new(frames: F) -> Self {
        Self {
            frames,
            last: None,
            passed: VecDeque::new(),
            dropped: 0,
            scratch: Vec::new(),
        }
    }

    /// The frames' reader (for a family's own state, such as Certabo's calibration).
    pub fn frames(&self) -> &F {
        &self.frames
    }
}

impl<F: Frames> BoardCodec for SnapshotCodec<F> {
    fn reset(&mut self) {
        self.frames.reset();
        self.last = None;
        self.passed.clear();
        self.dropped = 0;
    }

    fn feed(&mut self, _now: u64, bytes: &[u8]) {
        let mut snapshots = std::mem::take(&mut self.scratch);
        self.dropped += self.frames.feed(bytes, &mut snapshots);
        for codes in snapshots.drain(..) {
            // A board that reports every scan repeats itself; only a change is news.
            if self.last != Some(codes) {
                self.last = Some(codes);
                self.passed
                    .push_back(BoardMessage::BoardDump(BoardDump { codes }));
            }
        }
        self.scratch = snapshots;
        while let Some(answer) = self.frames.take_answer() {
            self.passed.push_back(answer);
        }
    }

    fn poll_reading(&mut self) -> Option<BoardMessage> {
        self.passed.pop_front()
    }

    fn poll_command(&mut self) -> Option<Command> {
        self.frames.wants_read().then_some(Command::SendBoard)
    }

    fn take_read_request(&mut self) -> bool {
        self.frames.can_read()
    }

    fn handshake(&self) -> Vec<Command> {
        self.frames.handshake()
    }

    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        self.frames.encode(command, out);
    }

    fn health(&self) -> (u64, u64) {
        (self.dropped, 0)
    }

    fn reports_lifts(&self) -> bool {
        false
    }
}

/// Drops the bytes before the next two-byte `header` in `buf` (a frame's start, for the
/// families whose frames open with one): whether a header was found, and whether bytes were
/// dropped as noise. Up to `slack` bytes before a header are not noise (the trailer of the
/// frame before it). Without a header, a last byte that may begin one is kept.
pub fn to_header(buf: &mut Vec<u8>, header: [u8; 2], slack: usize) -> (bool, bool) {
    match buf.windows(2).position(|w| w == header) {
        Some(start) => {
            buf.drain(..start);
            (true, start > slack)
        }
        None => {
            let keep = usize::from(buf.last() == Some(&header[0]));
            let cut = buf.len() - keep;
            buf.drain(..cut);
            (false, cut > 0)
        }
    }
}

/// DGT's code for a piece letter (`KQRBNP` White, `kqrbnp` Black); 0 for anything else.
pub fn code_of_letter(letter: u8) -> Option<u8> {
    Some(match letter {
        b'P' => 1,
        b'R' => 2,
        b'N' => 3,
        b'B' => 4,
        b'K' => 5,
        b'Q' => 6,
        b'p' => 7,
        b'r' => 8,
        b'n' => 9,
        b'b' => 10,
        b'k' => 11,
        b'q' => 12,
        b'.' => 0,
        _ => return None,
    })
}

/// The piece letter of a DGT code (`.` for empty, `?` for a code that is no piece).
pub fn letter_of_code(code: u8) -> u8 {
    match code {
        0 => b'.',
        1..=12 => b"PRNBKQprnbkq"[usize::from(code - 1)],
        _ => b'?',
    }
}
