//! iChessOne, over Bluetooth LE (Nordic UART service): the board sends its squares as `3D 70`
//! and 32 bytes, a nibble per square. Our references give the frame's shape, not what each
//! nibble value names nor the squares' order, so the codec reads presence only (a nibble not
//! zero: occupied) in DGT's order, a8 first, a byte's first square in its low nibble, and the
//! pieces are named from the game. Another reader (chess-board-link, from a vendor extension,
//! unverified too) describes an ASCII `s` frame instead: which the boards send is not settled
//! until one is on the table. Facts from JohanSjoblom/picochess `eboard/ichessone` as our
//! reference summarises it (GPL: read, not copied).

use super::presence::{Sensed, Sensors};
use super::snapshot::to_header;
use crate::codec::Command;

const HEADER: [u8; 2] = [0x3D, 0x70];
const FRAME: usize = 34;

/// The iChessOne wire.
#[derive(Debug, Default)]
pub struct IChessOneSensors {
    buf: Vec<u8>,
}

impl Sensors for IChessOneSensors {
    fn reset(&mut self) {
        self.buf.clear();
    }

    fn feed(&mut self, bytes: &[u8], out: &mut Vec<Sensed>) -> u64 {
        self.buf.extend_from_slice(bytes);
        let mut dropped = 0;
        loop {
            let (found, noise) = to_header(&mut self.buf, HEADER, 0);
            dropped += u64::from(noise);
            if !found || self.buf.len() < FRAME {
                break;
            }
            let mut bits = 0u64;
            for (k, &byte) in self.buf[2..FRAME].iter().enumerate() {
                for (half, nibble) in [(0, byte & 0x0F), (1, byte >> 4)] {
                    if nibble != 0 {
                        bits |= 1 << (2 * k + half);
                    }
                }
            }
            out.push(Sensed::All(bits));
            self.buf.drain(..FRAME);
        }
        dropped
    }

    fn handshake(&self) -> Vec<Command> {
        Vec::new()
    }

    fn encode(&self, _command: &Command, _out: &mut Vec<u8>) {}

    fn can_read(&self) -> bool {
        false
    }
}

/// The frame for `occupied` (bit `i` for DGT's square `i`), a 1 nibble for a piece: the
/// simulator's side.
pub fn frame(occupied: u64) -> Vec<u8> {
    let mut out = HEADER.to_vec();
    for k in 0..32 {
        let lo = u8::from(occupied >> (2 * k) & 1 == 1);
        let hi = u8::from(occupied >> (2 * k + 1) & 1 == 1);
        out.push(lo | hi << 4);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_reads_back_in_any_chunking() {
        let occ = 0xFFFF_0000_1000_FFFF;
        let mut wire = vec![0x00, 0x3D];
        wire.extend(frame(occ));
        wire.extend(frame(occ ^ 1));
        for chunk in [1, 5, 34, 80] {
            let mut s = IChessOneSensors::default();
            let mut out = Vec::new();
            for part in wire.chunks(chunk) {
                s.feed(part, &mut out);
            }
            assert_eq!(out, vec![Sensed::All(occ), Sensed::All(occ ^ 1)], "{chunk}");
        }
    }
}
