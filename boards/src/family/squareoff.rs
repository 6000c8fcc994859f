//! Square Off (Pro, NEO), over Bluetooth LE (Nordic UART service): ASCII messages `code#body*`.
//! A piece picked up or set down is `0#e2u*` / `0#e4d*` (the square, `u` up or `d` down); asked
//! `30#R*`, the board answers `30#` and 64 characters `0`/`1`, h1 g1 … a1, then h2 … up to a8.
//! It senses presence only. Its lights are `25#` and the names of the squares to light, run
//! together (`25#e2e4*`); `25#*` puts them out. Asked `4#*`, it answers `22#` and the level of
//! its battery. Facts from mono424/squareoffdriver (MIT), mrquincle/squareoff's notes and
//! Klepvink/CircleOn's.
//!
//! The battery's level has no unit in our sources: squareoffdriver reads it as a number with
//! a fraction and says no more; mrquincle's notes name the older protocol's question `BATVOL`,
//! a voltage. So only what cannot be a cell's voltage is shown: a whole number from 0 to 100,
//! taken as a percent. A level with a fraction (`3.92`), over 100 (millivolts) or not a number
//! is "not known", and the page says nothing of it rather than a figure that may be volts.

use std::collections::VecDeque;

use super::presence::{Sensed, Sensors};
use crate::battery::Battery;
use crate::codec::{BoardMessage, Command};

/// At most this much of a message is kept while waiting for its end.
const LONGEST: usize = 256;

/// The Square Off wire.
#[derive(Debug, Default)]
pub struct SquareOffSensors {
    buf: Vec<u8>,
    answers: VecDeque<BoardMessage>,
}

/// DGT's index of a square named `fr` (`e4`), if it is one.
fn index_of(name: &[u8]) -> Option<u8> {
    match name {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((b'8' - r) * 8 + (f - b'a')),
        _ => None,
    }
}

/// The name of DGT's square `index` (0 is a8) as the board spells it (`e4`).
fn square_name(index: u8) -> [u8; 2] {
    let i = index & 63;
    [b'a' + i % 8, b'8' - i / 8]
}

/// DGT's index of the `k`th square of the board's answer (h1 first).
fn answer_index(k: usize) -> u8 {
    let (rank_from_1, file_from_h) = (k / 8, k % 8);
    ((7 - rank_from_1) * 8 + (7 - file_from_h)) as u8
}

/// A message's code and body (up to its `*`): the code is the digits just before its `#`, so
/// that line noise before a message does not hide it.
fn split(message: &[u8]) -> Option<(&[u8], &[u8])> {
    let hash = message.iter().position(|&b| b == b'#')?;
    let digits = message[..hash]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    Some((&message[hash - digits..hash], &message[hash + 1..]))
}

/// The battery's level as a percent, when it can only be one: a whole number from 0 to 100
/// (see the module's note on the unit).
fn level_percent(level: &[u8]) -> Option<u8> {
    if level.is_empty() || level.len() > 3 || !level.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = level.iter().fold(0u16, |n, d| n * 10 + u16::from(d - b'0'));
    u8::try_from(value).ok().filter(|&p| p <= 100)
}

/// The battery's answer (`22#level*`) as DGT's BATTERY_STATUS; the board does not say whether
/// it is charging.
fn battery(level: &[u8]) -> BoardMessage {
    BoardMessage::Battery(Battery::status_bytes(level_percent(level), false))
}

/// What one message (up to its `*`) says of the squares.
fn read(message: &[u8]) -> Option<Sensed> {
    let (code, body) = split(message)?;
    match code {
        b"0" => match body {
            [f, r, updown] => Some(Sensed::Square {
                index: index_of(&[*f, *r])?,
                occupied: match updown {
                    b'u' => false,
                    b'd' => true,
                    _ => return None,
                },
            }),
            _ => None,
        },
        b"30" if body.len() == 64 => {
            let mut bits = 0u64;
            for (k, &c) in body.iter().enumerate() {
                match c {
                    b'1' => bits |= 1 << answer_index(k),
                    b'0' => {}
                    _ => return None,
                }
            }
            Some(Sensed::All(bits))
        }
        _ => None,
    }
}

impl Sensors for SquareOffSensors {
    fn reset(&mut self) {
        self.buf.clear();
        self.answers.clear();
    }

    fn feed(&mut self, bytes: &[u8], out: &mut Vec<Sensed>) -> u64 {
        let mut dropped = 0;
        for &b in bytes {
            if b != b'*' {
                if self.buf.len() >= LONGEST {
                    self.buf.clear();
                    dropped += 1;
                }
                self.buf.push(b);
                continue;
            }
            let message = std::mem::take(&mut self.buf);
            if let Some((b"22", level)) = split(&message) {
                self.answers.push_back(battery(level));
                continue;
            }
            // A message of the two codes read here (`0#`, `30#`) that does not read is dropped.
            let known = message.windows(2).any(|w| w == b"0#");
            match read(&message) {
                Some(s) => out.push(s),
                // Other answers (the new game's) are no news of the squares.
                None if known => dropped += 1,
                None => {}
            }
        }
        dropped
    }

    fn handshake(&self) -> Vec<Command> {
        // The battery is asked once the squares are.
        vec![Command::SendBoard, Command::Battery]
    }

    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        match command {
            Command::SendBoard => out.extend(b"30#R*"),
            Command::Battery => out.extend(b"4#*"),
            Command::Leds(lights) => {
                out.extend(b"25#");
                for i in lights.lit() {
                    out.extend(square_name(i));
                }
                out.push(b'*');
            }
            _ => {}
        }
    }

    fn can_read(&self) -> bool {
        true
    }

    fn take_answer(&mut self) -> Option<BoardMessage> {
        self.answers.pop_front()
    }
}

/// The board's answer for `occupied` (bit `i` for DGT's square `i`): the simulator's side.
pub fn board_answer(occupied: u64) -> Vec<u8> {
    let mut out = b"30#".to_vec();
    out.extend((0..64).map(|k| {
        if occupied >> answer_index(k) & 1 == 1 {
            b'1'
        } else {
            b'0'
        }
    }));
    out.push(b'*');
    out
}

/// The board's message for a piece picked up from (`occupied` false) or set down on `index`.
pub fn field_message(index: u8, occupied: bool) -> Vec<u8> {
    let mut out = b"0#".to_vec();
    out.extend(square_name(index));
    out.extend([if occupied { b'd' } else { b'u' }, b'*']);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_ups_set_downs_and_the_board_read_back() {
        let mut s = SquareOffSensors::default();
        let mut out = Vec::new();
        let mut wire = b"14#GO*\r\n".to_vec();
        wire.extend(board_answer(0xFFFF_0000_0000_FFFF));
        wire.extend(field_message(52, false));
        wire.extend(b"0#e4d*");
        for chunk in wire.chunks(5) {
            s.feed(chunk, &mut out);
        }
        assert_eq!(
            out,
            vec![
                Sensed::All(0xFFFF_0000_0000_FFFF),
                Sensed::Square {
                    index: 52,
                    occupied: false
                },
                Sensed::Square {
                    index: 36,
                    occupied: true
                },
            ]
        );
        // h1 is the answer's first character.
        assert_eq!(board_answer(1 << 63)[3], b'1');
        let mut cmd = Vec::new();
        s.encode(&Command::SendBoard, &mut cmd);
        assert_eq!(cmd, b"30#R*");
    }

    #[test]
    fn the_battery_is_asked_after_the_squares_and_a_level_shown_only_as_a_percent() {
        use crate::family::BoardCodec;
        use crate::family::presence::PresenceCodec;
        let codec = PresenceCodec::new(SquareOffSensors::default());
        assert_eq!(
            codec.handshake(),
            [Command::SendBoard, Command::Battery],
            "the squares first"
        );
        let mut asked = Vec::new();
        codec.encode(&Command::Battery, &mut asked);
        assert_eq!(asked, b"4#*");
        // The answers as the board sends them, one cut in two, between the squares' messages;
        // each level is what the page may show of it.
        let mut wire = b"22#64*0#e2u*22#1".to_vec();
        wire.extend(b"00*22#0*22#3.92*22#3920*22#101*22#*22#-5*22#x7*");
        for chunk in [1, 4, wire.len()] {
            let mut codec = PresenceCodec::new(SquareOffSensors::default());
            for part in wire.chunks(chunk) {
                codec.feed(0, part);
            }
            let told: Vec<_> = std::iter::from_fn(|| codec.poll_reading()).collect();
            let levels: Vec<_> = told
                .iter()
                .filter_map(|m| Battery::default().told(m))
                .map(|b| (b.percent, b.charging))
                .collect();
            assert_eq!(
                levels,
                [
                    (Some(64), false),
                    (Some(100), false),
                    (Some(0), false),
                    // A fraction or millivolts may be a voltage; nothing else is a level.
                    (None, false),
                    (None, false),
                    (None, false),
                    (None, false),
                    (None, false),
                    (None, false),
                ],
                "chunks of {chunk}"
            );
            // A level not known is no byte dropped: the answer was read, its unit is not told.
            assert_eq!(codec.health().0, 0, "chunks of {chunk}");
        }
    }

    #[test]
    fn its_lights_are_the_squares_named_and_put_out_by_none() {
        use crate::board::Orientation;
        use crate::lights::Lights;
        use arbiter_chess::Square;
        let s = SquareOffSensors::default();
        let mut out = Vec::new();
        let last_move = Lights::of([Square::E2, Square::E4], Orientation::Normal, false);
        s.encode(&Command::Leds(last_move), &mut out);
        assert_eq!(out, b"25#e4e2*");
        out.clear();
        s.encode(&Command::Leds(Lights::OFF), &mut out);
        assert_eq!(out, b"25#*");
        // A board turned round names the game's e2 as its own d7.
        out.clear();
        let turned = Lights::of([Square::E2], Orientation::Rotated, false);
        s.encode(&Command::Leds(turned), &mut out);
        assert_eq!(out, b"25#d7*");
    }
}
