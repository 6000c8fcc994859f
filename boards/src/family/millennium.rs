//! Millennium ChessLink (the eONE, the Exclusive and boards speaking its protocol): serial at
//! 38400 baud, 7 data bits, odd parity. Every message is printable ASCII: a command letter, its
//! data, and a block parity, the XOR of every character before it written as two upper-case hex
//! digits. The board answers `S` with `s` and 64 piece letters, a8 to h8 then a7 and on down
//! (`KQRNBP` White, `kqrnbp` Black, `.` empty), and by default sends that status by itself
//! after every scan (about 24 a second). `L` sets its 81 LEDs, which stand at the squares'
//! corners, and `X` puts them all out. Facts from the protocol's own description (Dave
//! Woodfield, 2017, as python-mchess keeps it).

use super::snapshot::{Frames, code_of_letter};
use crate::codec::Command;
use crate::lights::Lights;

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

/// How long one step of an LED's eight-step pattern lasts, in the board's units of 4.096 ms:
/// 15 makes a blink's on-off period about half a second.
const LED_SLOT: u8 = 15;

/// Appends `byte` as two upper-case hex digits.
fn push_hex(text: &mut Vec<u8>, byte: u8) {
    let hex = b"0123456789ABCDEF";
    text.extend([hex[usize::from(byte >> 4)], hex[usize::from(byte & 0x0F)]]);
}

/// The `L` command (before its block parity) for `lights`. The board's 81 LEDs stand at the
/// squares' corners, nine lines of nine: LED 1 at the a8 corner, 9 at a1, 73 at h8, 81 at h1
/// (in the board's own numbering), so a square is lit by its four corners. Each LED takes an
/// eight-step pattern, its top bit first: a last move shows steady, squares to set blink.
fn led_text(lights: &Lights) -> Vec<u8> {
    let pattern = if lights.to_set { 0xF0 } else { 0xFF };
    let mut leds = [0u8; 81];
    for i in lights.lit() {
        let (row, column) = (usize::from(i / 8), usize::from(i % 8));
        for (c, r) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            leds[(column + c) * 9 + row + r] = pattern;
        }
    }
    let mut text = Vec::with_capacity(3 + 2 * 81);
    text.push(b'L');
    push_hex(&mut text, LED_SLOT);
    for led in leds {
        push_hex(&mut text, led);
    }
    text
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
            Command::Leds(lights) if lights.is_off() => frame(b"X", out),
            Command::Leds(lights) => frame(&led_text(lights), out),
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
    fn lights_are_the_corners_of_their_squares_and_x_puts_them_out() {
        use crate::board::Orientation;
        use arbiter_chess::Square;
        let mut out = Vec::new();
        let lights = Lights::of([Square::A8, Square::H1], Orientation::Normal, false);
        MillenniumFrames::default().encode(&Command::Leds(lights), &mut out);
        assert_eq!(out.len(), 1 + 2 + 162 + 2);
        assert_eq!(&out[..3], b"L0F");
        let (text, check) = out.split_at(out.len() - 2);
        assert_eq!(parity(text), check);
        let lit: Vec<usize> = text[3..]
            .chunks(2)
            .enumerate()
            .filter(|(_, hex)| *hex != b"00")
            .map(|(n, hex)| {
                assert_eq!(hex, b"FF", "a last move shows steady");
                n + 1
            })
            .collect();
        // a8's corners are LEDs 1, 2, 10, 11; h1's 71, 72, 80, 81.
        assert_eq!(lit, vec![1, 2, 10, 11, 71, 72, 80, 81]);
        let to_set = Lights::of([Square::A8], Orientation::Normal, true);
        out.clear();
        MillenniumFrames::default().encode(&Command::Leds(to_set), &mut out);
        assert_eq!(&out[3..5], b"F0", "squares to set blink");
        out.clear();
        MillenniumFrames::default().encode(&Command::Leds(Lights::OFF), &mut out);
        assert_eq!(out, b"X58");
    }

    #[test]
    fn commands_carry_their_block_parity() {
        let mut out = Vec::new();
        MillenniumFrames::default().encode(&Command::SendBoard, &mut out);
        // 'S' is 0x53.
        assert_eq!(out, b"S53");
    }
}
