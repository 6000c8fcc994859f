//! ChessUp, over Bluetooth LE (Nordic UART service): asked with `67`, the board answers `67`,
//! 64 bytes a square from a1, b1 … h1, a2 … up to h8 (0-5 White's pawn, rook, knight, bishop,
//! queen, king; 8-13 Black's; 64 empty), and eight bytes of its own game's state (side to move,
//! castling, en passant, the move counters). A piece touched is `B8 square piece`, a piece
//! released `BB`: the codec asks for the board after each, and reads moves from the answers,
//! so its touches are no touches of the game (the board's own reports name the piece from its
//! own idea of the game). The board says `33 01` when it is put on charge and `33 00` when
//! it is taken off (it tells no percent). Facts from mono424/chessupdriver (MIT).

use std::collections::VecDeque;

use super::snapshot::Frames;
use crate::battery::Battery;
use crate::codec::{BoardMessage, Command};

const POSITION: u8 = 0x67;
const TOUCHED: u8 = 0xB8;
const RELEASED: u8 = 0xBB;
const CHARGING: u8 = 0x33;
const FRAME: usize = 73;

/// DGT's code for a ChessUp piece code (`None`: no code the board sends).
fn dgt_code(code: u8) -> Option<u8> {
    Some(match code {
        0 => 1,
        1 => 2,
        2 => 3,
        3 => 4,
        4 => 6,
        5 => 5,
        8 => 7,
        9 => 8,
        10 => 9,
        11 => 10,
        12 => 12,
        13 => 11,
        64 => 0,
        _ => return None,
    })
}

/// DGT's index of the board's `k`th square (a1 first).
fn dgt_index(k: usize) -> usize {
    (7 - k / 8) * 8 + k % 8
}

/// The ChessUp wire.
#[derive(Debug, Default)]
pub struct ChessUpFrames {
    buf: Vec<u8>,
    /// A hand touched or released a piece since the board was last asked.
    ask: bool,
    answers: VecDeque<BoardMessage>,
}

fn decode(frame: &[u8]) -> Option<[u8; 64]> {
    let mut codes = [0u8; 64];
    for (k, &c) in frame.get(1..65)?.iter().enumerate() {
        codes[dgt_index(k)] = dgt_code(c)?;
    }
    Some(codes)
}

impl Frames for ChessUpFrames {
    fn reset(&mut self) {
        self.buf.clear();
        self.ask = false;
        self.answers.clear();
    }

    fn feed(&mut self, bytes: &[u8], out: &mut Vec<[u8; 64]>) -> u64 {
        self.buf.extend_from_slice(bytes);
        let mut dropped = 0;
        loop {
            match self.buf.first() {
                None => break,
                Some(&TOUCHED) if self.buf.len() >= 3 => {
                    self.ask = true;
                    self.buf.drain(..3);
                }
                Some(&RELEASED) => {
                    self.ask = true;
                    self.buf.drain(..1);
                }
                Some(&TOUCHED) => break,
                Some(&CHARGING) if self.buf.len() < 2 => break,
                // On charge (1) or off it (0): a byte that is neither is not this message.
                Some(&CHARGING) if self.buf[1] <= 1 => {
                    let charging = self.buf[1] == 1;
                    self.answers
                        .push_back(BoardMessage::Battery(Battery::status_bytes(None, charging)));
                    self.buf.drain(..2);
                }
                Some(&POSITION) if self.buf.len() < FRAME => break,
                Some(&POSITION) => match decode(&self.buf[..FRAME]) {
                    Some(codes) => {
                        out.push(codes);
                        self.buf.drain(..FRAME);
                    }
                    None => {
                        dropped += 1;
                        self.buf.drain(..1);
                    }
                },
                // The board's other messages (a move it read): skipped up to the next byte
                // that begins one of ours.
                Some(_) => {
                    let next = self.buf[1..]
                        .iter()
                        .position(|b| [POSITION, TOUCHED, RELEASED, CHARGING].contains(b))
                        .map_or(self.buf.len(), |p| p + 1);
                    self.buf.drain(..next);
                }
            }
        }
        dropped
    }

    fn handshake(&self) -> Vec<Command> {
        vec![Command::SendBoard]
    }

    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        if command == &Command::SendBoard {
            out.push(POSITION);
        }
    }

    fn can_read(&self) -> bool {
        true
    }

    fn wants_read(&mut self) -> bool {
        std::mem::take(&mut self.ask)
    }

    fn take_answer(&mut self) -> Option<BoardMessage> {
        self.answers.pop_front()
    }
}

/// The board's answer for the 64 DGT codes `codes`: the simulator's side of the wire.
pub fn position_frame(codes: &[u8; 64]) -> Vec<u8> {
    let mut out = vec![POSITION];
    for k in 0..64 {
        let dgt = codes[dgt_index(k)];
        let own = (0..=64u8).find(|&c| dgt_code(c) == Some(dgt)).unwrap_or(64);
        out.push(own);
    }
    // White to move, every castling right, no en passant, the counters.
    out.extend([0, 1, 1, 1, 1, 0, 0, 1]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Orientation, Placement, PlacementDump};

    #[test]
    fn a_position_reads_back_and_a_touch_asks_for_the_board() {
        let start = Placement::start().to_dump(Orientation::Normal).codes;
        let frame = position_frame(&start);
        assert_eq!(frame.len(), FRAME);
        // a1's white rook (1), e1's white king (5).
        assert_eq!((frame[1], frame[5]), (1, 5));
        let mut wire = vec![0xB8, 12, 0, 0xBB, 0xA3, 0x35, 4, 1, 4, 3];
        wire.extend(&frame);
        for chunk in [1, 4, 73, 100] {
            let mut f = ChessUpFrames::default();
            let mut out = Vec::new();
            for part in wire.chunks(chunk) {
                f.feed(part, &mut out);
            }
            assert_eq!(out, vec![start], "{chunk}");
            assert!(f.wants_read());
            assert!(!f.wants_read(), "asked once");
        }
        let mut cmd = Vec::new();
        ChessUpFrames::default().encode(&Command::SendBoard, &mut cmd);
        assert_eq!(cmd, [0x67]);
    }

    #[test]
    fn put_on_charge_and_taken_off_it_the_board_says_so() {
        use crate::family::BoardCodec;
        use crate::family::snapshot::SnapshotCodec;
        let start = Placement::start().to_dump(Orientation::Normal).codes;
        // On charge after a move the board read, a position, then off charge.
        let mut wire = vec![0xA3, 0x35, 4, 1, 4, 3, 0x33, 0x01];
        wire.extend(position_frame(&start));
        wire.extend([0x33, 0x00]);
        for chunk in [1, 2, 7, wire.len()] {
            let mut codec = SnapshotCodec::new(ChessUpFrames::default());
            let mut known = Battery::default();
            let mut charging = Vec::new();
            for part in wire.chunks(chunk) {
                codec.feed(0, part);
                for message in std::iter::from_fn(|| codec.poll_reading()) {
                    if let Some(now) = known.told(&message) {
                        known = now;
                        charging.push((known.percent, known.charging));
                    }
                }
            }
            assert_eq!(charging, [(None, true), (None, false)], "chunks of {chunk}");
            assert_eq!(codec.health().0, 0, "chunks of {chunk}");
        }
        // Told it is charging, the page has something to say though no percent is known.
        let on = Battery::default().told(&BoardMessage::Battery(Battery::status_bytes(None, true)));
        assert!(on.and_then(Battery::known).is_some());
    }
}
