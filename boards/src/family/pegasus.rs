//! DGT Pegasus, over Bluetooth LE (Nordic UART service): DGT's own protocol, but its sensors
//! say occupied or empty, no piece (its dumps and field updates carry 0 or 1). DGT unlocks a
//! board's reports to an application by a developer key, written as `63 len key… 00` after the
//! reset, serial number and version requests; the key is DGT's to give, so the codec carries
//! one only when the shell was given it ([`PegasusSensors::with_key`], [`DeveloperKey`]). Its lights are
//! `60 len 05 speed repeat brightness square… 00`, `60 02 00 00` puts them out. Facts from
//! mono424/dgtdriver (MIT) and the DGTCentaurUniversal emulator's notes (read, not copied).

mod key;

pub use key::{DeveloperKey, KeyError, MAX_KEY_BYTES};

use super::presence::{Sensed, Sensors};
use crate::board::Occupant;
use crate::codec::{BoardMessage, Command, Decoder, UpdateMode};

/// DGT's command that carries the developer key.
const DEVELOPER_KEY: u8 = 0x63;
/// DGT's command that sets the lights.
const SET_LEDS: u8 = 0x60;

/// The Pegasus wire: DGT's decoder, its readings taken as presence.
#[derive(Debug, Default)]
pub struct PegasusSensors {
    decoder: Decoder,
    key: Option<DeveloperKey>,
}

impl PegasusSensors {
    /// Sensors that unlock the board with `key`, DGT's developer key (its length fits the
    /// command: [`DeveloperKey`] holds no more than [`MAX_KEY_BYTES`]).
    pub fn with_key(key: DeveloperKey) -> Self {
        Self {
            decoder: Decoder::default(),
            key: Some(key),
        }
    }
}

impl Sensors for PegasusSensors {
    fn reset(&mut self) {
        self.decoder.reset();
    }

    fn feed(&mut self, bytes: &[u8], out: &mut Vec<Sensed>) -> u64 {
        self.decoder.feed(bytes);
        let mut dropped = 0;
        while let Some(decoded) = self.decoder.poll() {
            match decoded {
                Ok(BoardMessage::BoardDump(dump)) => {
                    let bits = dump
                        .codes
                        .iter()
                        .enumerate()
                        .fold(0u64, |b, (i, &c)| if c != 0 { b | 1 << i } else { b });
                    out.push(Sensed::All(bits));
                }
                Ok(BoardMessage::FieldUpdate { square, occupant }) => out.push(Sensed::Square {
                    index: square.index(),
                    occupied: occupant != Occupant::Empty,
                }),
                Ok(_) => {}
                Err(_) => dropped += 1,
            }
        }
        dropped
    }

    fn handshake(&self) -> Vec<Command> {
        // The key follows the serial number's and the version's requests (see `encode`).
        vec![
            Command::Reset,
            Command::SerialNumber,
            Command::Version,
            Command::SendBoard,
            Command::Update(UpdateMode::Board),
        ]
    }

    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        match command {
            Command::Leds(lights) if lights.is_off() => out.extend([SET_LEDS, 0x02, 0x00, 0x00]),
            Command::Leds(lights) => {
                let squares: Vec<u8> = lights.lit().collect();
                // The pattern (05), then speed, repeat (0: until changed) and brightness: our
                // choice of values, the sources name the fields only.
                let len = u8::try_from(squares.len() + 5).unwrap_or(u8::MAX);
                out.extend([SET_LEDS, len, 0x05, 0x04, 0x00, 0x05]);
                out.extend(squares);
                out.push(0x00);
            }
            Command::Version => {
                command.encode(out);
                if let Some(key) = &self.key {
                    let key = key.bytes();
                    out.push(DEVELOPER_KEY);
                    out.push(u8::try_from(key.len() + 1).unwrap_or(u8::MAX));
                    out.extend(key);
                    out.push(0x00);
                }
            }
            // The clock's commands: a Pegasus has no clock cabled to it.
            Command::Clock(_) => {}
            c => c.encode(out),
        }
    }

    fn can_read(&self) -> bool {
        true
    }
}

/// The bytes a Pegasus sends for its whole board, `occupied` bit `i` for DGT's square `i`
/// (the simulator's side of the wire).
pub fn dump_frame(occupied: u64) -> Vec<u8> {
    let mut out = vec![0x86, 0x00, 67];
    out.extend((0..64).map(|i| u8::from(occupied >> i & 1 == 1)));
    out
}

/// The bytes a Pegasus sends when square `index` changed.
pub fn update_frame(index: u8, occupied: bool) -> Vec<u8> {
    vec![0x8E, 0x00, 0x05, index & 63, u8::from(occupied)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Orientation;
    use crate::lights::Lights;
    use arbiter_chess::Square;

    #[test]
    fn dumps_and_updates_read_as_presence() {
        let mut s = PegasusSensors::default();
        let mut out = Vec::new();
        let mut wire = dump_frame(0xFFFF);
        wire.extend(update_frame(52, false));
        wire.extend(update_frame(36, true));
        for chunk in wire.chunks(7) {
            s.feed(chunk, &mut out);
        }
        assert_eq!(
            out,
            vec![
                Sensed::All(0xFFFF),
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
    }

    #[test]
    fn the_key_follows_the_version_request_and_lights_are_dgt_squares() {
        let s = PegasusSensors::with_key(DeveloperKey::from_bytes(vec![1, 2, 3]).expect("a key"));
        let mut out = Vec::new();
        s.encode(&Command::Version, &mut out);
        assert_eq!(out, [0x4D, 0x63, 4, 1, 2, 3, 0]);
        out.clear();
        PegasusSensors::default().encode(&Command::Version, &mut out);
        assert_eq!(out, [0x4D]);
        out.clear();
        let lights = Lights::of([Square::E2, Square::E4], Orientation::Normal, false);
        s.encode(&Command::Leds(lights), &mut out);
        assert_eq!(out, [0x60, 7, 0x05, 0x04, 0x00, 0x05, 36, 52, 0x00]);
        out.clear();
        s.encode(&Command::Leds(Lights::OFF), &mut out);
        assert_eq!(out, [0x60, 0x02, 0x00, 0x00]);
    }
}
