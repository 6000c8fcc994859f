//! Millennium ChessLink (the eONE, the Exclusive and boards speaking its protocol): serial at
//! 38400 baud, 7 data bits, odd parity. Every message is printable ASCII: a command letter, its
//! data, and a block parity, the XOR of every character before it written as two upper-case hex
//! digits. The board answers `S` with `s` and 64 piece letters, a8 to h8 then a7 and on down
//! (`KQRNBP` White, `kqrnbp` Black, `.` empty), and by default sends that status by itself
//! after every scan (about 24 a second). Facts from the protocol's own description (Dave
//! Woodfield, 2017, as python-mchess keeps it).

use super::snapshot::{Frames, code_of_letter};
use crate::dgt::codec::Command;

/// The lengths of the board's replies, by their letter: `s` status, `v` version, `l` LEDs set,
/// `x` LEDs off, `w` and `r` its settings.
fn reply_length(letter: u8) -> Option<usize> {
    match letter {
        b's' => Some(67),
        b'v' | b'w' | b'r' => Some(7),
        b'l' | b'x' => Some(3),
        _ => None,
    }
}

/// The block parity of `text`: its characters' XOR, as two upper-case hex digits.
pub fn parity(text: &[u8]) -> [u8; 2] {
    let x = text.iter().fold(0u8, |a, b| a ^ b);
    let hex = b"0123456789ABCDEF";
    [hex[usize::from(x >> 4)], hex[usize::from(x & 0x0F)]]
}

/// A message as the board or the host frames it: `text` and its block parity.
pub fn frame(text: &[u8], out: &mut Vec<u8>) {
    out.extend_from_slice(text);
    out.extend_from_slice(&parity(text));
}

/// The ChessLink wire.
#[derive(Debug, Default)]
pub struct MillenniumFrames {
    buf: Vec<u8>,
}

impl Frames for MillenniumFrames {
    fn reset(&mut self) {
        self.buf.clear();
    }

    fn feed(&mut self, bytes: &[u8], out: &mut Vec<[u8; 64]>) -> u64 {
        // The odd parity is the line's; a port opened 8N1 would hand it over as the top bit.
        self.buf.extend(bytes.iter().map(|b| b & 0x7F));
        let mut dropped = 0;
        let mut skipping = false;
        let mut at = 0;
        while at < self.buf.len() {
            let Some(length) = reply_length(self.buf[at]) else {
                dropped += u64::from(!skipping);
                skipping = true;
                at += 1;
                continue;
            };
            if self.buf.len() - at < length {
                break;
            }
            let message = &self.buf[at..at + length];
            let (text, check) = message.split_at(length - 2);
            if parity(text) != check {
                // Not a message after all (noise that looked like a reply letter): resync on
                // the next byte.
                dropped += u64::from(!skipping);
                skipping = true;
                at += 1;
                continue;
            }
            skipping = false;
            if text[0] == b's' {
                let mut codes = [0u8; 64];
                let mut readable = true;
                for (i, &letter) in text[1..].iter().enumerate() {
                    match code_of_letter(letter) {
                        Some(code) => codes[i] = code,
                        None => readable = false,
                    }
                }
                if readable {
                    out.push(codes);
                } else {
                    dropped += 1;
                }
            }
            at += length;
        }
        self.buf.drain(..at);
        // Nothing the board sends is longer than its status: keep no more than one message.
        if self.buf.len() > 67 {
            let cut = self.buf.len() - 67;
            self.buf.drain(..cut);
        }
        dropped
    }

    fn handshake(&self) -> Vec<Command> {
        // The version says the board is there; the status is the truth to start from. The
        // board's settings (its automatic reports) are left as its owner set them.
        vec![Command::Version, Command::SendBoard]
    }

    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        match command {
            Command::SendBoard => frame(b"S", out),
            Command::Version | Command::SerialNumber => frame(b"V", out),
            _ => {}
        }
    }

    fn can_read(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_reply_reads_a8_first_and_survives_noise_and_a_bad_parity() {
        let mut text = b"s".to_vec();
        text.extend_from_slice(b"rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR");
        let mut wire = vec![b'#', b'?'];
        frame(&text, &mut wire);
        // A status whose parity is wrong is dropped.
        let mut bad = text.clone();
        bad[5] = b'.';
        wire.extend_from_slice(&bad);
        wire.extend_from_slice(&parity(&text));
        frame(b"v0102", &mut wire);
        let mut frames = MillenniumFrames::default();
        let mut out = Vec::new();
        let mut dropped = 0;
        for chunk in wire.chunks(5) {
            dropped += frames.feed(chunk, &mut out);
        }
        assert_eq!(out.len(), 1);
        assert_eq!(out[0][0], 8, "a8 holds a black rook");
        assert_eq!(out[0][63], 2, "h1 holds a white rook");
        assert!(
            dropped >= 2,
            "the noise and the bad status are counted: {dropped}"
        );
    }

    #[test]
    fn commands_carry_their_block_parity() {
        let mut out = Vec::new();
        MillenniumFrames::default().encode(&Command::SendBoard, &mut out);
        // 'S' is 0x53.
        assert_eq!(out, b"S53");
    }
}
