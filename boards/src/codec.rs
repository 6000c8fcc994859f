//! The DGT serial protocol, sans I/O: bytes from the board in, [`BoardMessage`]s out; [`Command`]s
//! in, bytes for the board out.
//!
//! Every message from the board starts with a byte whose top bit is set, followed by a 14-bit total
//! length and data bytes whose top bit is clear. The decoder leans on that convention: a message
//! can start only at a top-bit byte, and a top-bit byte inside a payload means the message was cut,
//! so decoding restarts there. Nothing the wire carries can make it panic or grow without bound.
//!
//! ```
//! use arbiter_boards::codec::{BoardMessage, Decoder};
//! let mut decoder = Decoder::default();
//! decoder.feed(&[0xFF, 0x13, 0x8E, 0x00, 0x05, 12, 0x01]);
//! let mut messages = Vec::new();
//! while let Some(decoded) = decoder.poll() {
//!     messages.push(decoded);
//! }
//! assert!(messages[0].is_err(), "the garbage is reported");
//! assert!(matches!(messages[1], Ok(BoardMessage::FieldUpdate { .. })));
//! ```

use std::collections::VecDeque;

use super::board::{BoardDump, DgtSquare, Occupant, OccupantCode};
use super::clock::{ClockCommand, ClockReading, ClockSide, DisplayTime};
use super::lights::Lights;

/// A message the board sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardMessage {
    /// The whole board (BOARD_DUMP, 0x86).
    BoardDump(BoardDump),
    /// One square changed (FIELD_UPDATE, 0x8E).
    FieldUpdate {
        /// Which sensor.
        square: DgtSquare,
        /// What it now reads.
        occupant: Occupant,
    },
    /// A clock reading or acknowledgement (BWTIME, 0x8D).
    Clock(ClockReading),
    /// The board's firmware version (VERSION, 0x93).
    Version {
        /// Major version.
        major: u8,
        /// Minor version.
        minor: u8,
    },
    /// The 5-digit serial number (SERIALNR, 0x91).
    SerialNumber(String),
    /// The 10-digit serial number (LONG_SERIALNR, 0xA2).
    LongSerialNumber(String),
    /// The trademark text (TRADEMARK, 0x92).
    Trademark(String),
    /// The bus address (BUSADRES, 0x90).
    BusAddress(u16),
    /// Battery status bytes (BATTERY_STATUS, 0xA0), raw.
    Battery(Vec<u8>),
    /// The board's internal move log (EE_MOVES, 0x8F), raw.
    EeMoves(Vec<u8>),
    /// A well-framed message of a kind this decoder does not interpret.
    Other {
        /// Message id, top bit included.
        id: u8,
        /// Data bytes.
        payload: Vec<u8>,
    },
}

/// Why bytes from the board were dropped. The decoder carries on after every one of these.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Bytes arrived outside any message (they do not start with a top-bit byte).
    #[error("{count} stray byte(s) outside any message, first {first:#04x}")]
    Stray {
        /// How many bytes were skipped.
        count: usize,
        /// The first one.
        first: u8,
    },
    /// A message's length is impossible for its id.
    #[error("message {id:#04x} claims length {length}, expected {expected}")]
    BadLength {
        /// Message id.
        id: u8,
        /// Total length the header claimed.
        length: usize,
        /// What that id allows.
        expected: &'static str,
    },
    /// A byte with the top bit set arrived inside a message, so that message was cut short.
    #[error("message {id:#04x} cut after {received} of {length} bytes by {by:#04x}")]
    Truncated {
        /// Message id.
        id: u8,
        /// Bytes received, header included.
        received: usize,
        /// Total length the header claimed.
        length: usize,
        /// The top-bit byte that interrupted it.
        by: u8,
    },
    /// A FIELD_UPDATE named a square outside 0..63.
    #[error("field update for square {0}, outside 0..63")]
    BadSquare(u8),
}

/// What [`Decoder::poll`] yields.
pub type Decoded = Result<BoardMessage, DecodeError>;

const EE_MOVES_LENGTH: usize = 0x1F03;
/// Variable-length messages (trademark, battery, unknown ids) are capped, so a garbled length
/// cannot make the decoder buffer kilobytes of noise.
const MAX_VARIABLE_LENGTH: usize = 3 + 256;

fn allowed_length(id: u8) -> (std::ops::RangeInclusive<usize>, &'static str) {
    match id {
        0x86 => (67..=67, "67"),
        0x8D => (10..=10, "10"),
        0x8E => (5..=5, "5"),
        0x8F => (3..=EE_MOVES_LENGTH, "at most 7939"),
        0x90 => (5..=5, "5"),
        0x91 => (8..=8, "8"),
        0x93 => (5..=5, "5"),
        0xA2 => (13..=13, "13"),
        _ => (3..=MAX_VARIABLE_LENGTH, "3..=259"),
    }
}

#[derive(Debug, Default)]
enum Frame {
    /// Waiting for a top-bit byte.
    #[default]
    Idle,
    /// Have the id (and maybe the first length byte).
    Header { id: u8, high: Option<u8> },
    /// Reading data bytes.
    Body {
        id: u8,
        length: usize,
        data: Vec<u8>,
    },
}

/// Turns the board's byte stream into messages. Feed bytes as they arrive, in any chunking.
#[derive(Debug, Default)]
pub struct Decoder {
    frame: Frame,
    stray: Option<(usize, u8)>,
    out: VecDeque<Decoded>,
}

impl Decoder {
    /// Takes in bytes read from the board.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.push(b);
        }
        // Stray bytes are reported once the run of them is over or the chunk ends.
        self.flush_stray();
    }

    /// The next decoded message or dropped-bytes report, oldest first.
    #[must_use]
    pub fn poll(&mut self) -> Option<Decoded> {
        self.out.pop_front()
    }

    /// Forgets a half-received message (after the port was reopened).
    pub fn reset(&mut self) {
        self.frame = Frame::Idle;
        self.stray = None;
        self.out.clear();
    }

    fn flush_stray(&mut self) {
        if let Some((count, first)) = self.stray.take() {
            self.out.push_back(Err(DecodeError::Stray { count, first }));
        }
    }

    fn push(&mut self, b: u8) {
        let is_start = b & 0x80 != 0;
        match std::mem::take(&mut self.frame) {
            Frame::Idle if is_start => {
                self.flush_stray();
                self.frame = Frame::Header { id: b, high: None };
            }
            Frame::Idle => {
                let (count, first) = self.stray.unwrap_or((0, b));
                self.stray = Some((count + 1, first));
            }
            Frame::Header { id, high } if is_start => {
                self.out.push_back(Err(DecodeError::Truncated {
                    id,
                    received: 1 + usize::from(high.is_some()),
                    length: 0,
                    by: b,
                }));
                self.frame = Frame::Header { id: b, high: None };
            }
            Frame::Header { id, high: None } => self.frame = Frame::Header { id, high: Some(b) },
            Frame::Header {
                id,
                high: Some(high),
            } => {
                let length = (usize::from(high) << 7) | usize::from(b);
                let (allowed, expected) = allowed_length(id);
                if !allowed.contains(&length) {
                    self.out.push_back(Err(DecodeError::BadLength {
                        id,
                        length,
                        expected,
                    }));
                } else if length == 3 {
                    self.finish(id, Vec::new());
                } else {
                    let data = Vec::with_capacity((length - 3).min(256));
                    self.frame = Frame::Body { id, length, data };
                }
            }
            Frame::Body { id, length, data } if is_start => {
                self.out.push_back(Err(DecodeError::Truncated {
                    id,
                    received: 3 + data.len(),
                    length,
                    by: b,
                }));
                self.frame = Frame::Header { id: b, high: None };
            }
            Frame::Body {
                id,
                length,
                mut data,
            } => {
                data.push(b);
                if data.len() + 3 == length {
                    self.finish(id, data);
                } else {
                    self.frame = Frame::Body { id, length, data };
                }
            }
        }
    }

    fn finish(&mut self, id: u8, data: Vec<u8>) {
        let ascii = |d: &[u8]| String::from_utf8_lossy(d).trim_end_matches('\0').to_owned();
        let message = match id {
            0x86 => {
                let mut codes = [0u8; 64];
                codes.copy_from_slice(&data);
                Ok(BoardMessage::BoardDump(BoardDump { codes }))
            }
            0x8E => match DgtSquare::new(data[0]) {
                Some(square) => Ok(BoardMessage::FieldUpdate {
                    square,
                    occupant: Occupant::from_code(data[1]),
                }),
                None => Err(DecodeError::BadSquare(data[0])),
            },
            0x8D => {
                let mut p = [0u8; 7];
                p.copy_from_slice(&data);
                Ok(BoardMessage::Clock(ClockReading::from_payload(p)))
            }
            0x93 => Ok(BoardMessage::Version {
                major: data[0],
                minor: data[1],
            }),
            0x91 => Ok(BoardMessage::SerialNumber(ascii(&data))),
            0xA2 => Ok(BoardMessage::LongSerialNumber(ascii(&data))),
            0x92 => Ok(BoardMessage::Trademark(ascii(&data))),
            0x90 => Ok(BoardMessage::BusAddress(
                (u16::from(data[0]) << 7) | u16::from(data[1]),
            )),
            0xA0 => Ok(BoardMessage::Battery(data)),
            0x8F => Ok(BoardMessage::EeMoves(data)),
            _ => Ok(BoardMessage::Other { id, payload: data }),
        };
        self.out.push_back(message);
    }
}

pub use super::gate::{NoiseGate, is_game_code};

/// How much the board reports by itself (section 1.2 of the protocol notes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpdateMode {
    /// Field updates only.
    Board,
    /// Field updates, and clock times whenever they change (the mode that also passes clock acks).
    Nice,
    /// Field updates, and clock times at least once a second.
    Full,
}

/// A command to the board. Commands that write the board's EEPROM or start its boot loader are
/// deliberately absent, so they cannot be sent by mistake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Stop automatic reports (also leaves bus mode).
    Reset,
    /// Ask for one clock reading.
    SendClock,
    /// Ask for a full board dump.
    SendBoard,
    /// Start automatic reports.
    Update(UpdateMode),
    /// Ask for the 5-digit serial number (also the keep-alive).
    SerialNumber,
    /// Ask for the 10-digit serial number.
    LongSerialNumber,
    /// Ask for the trademark text.
    Trademark,
    /// Ask for the firmware version.
    Version,
    /// Ask for the battery status (Bluetooth boards).
    Battery,
    /// Ask for the internal move log (about 8 s at 9600 baud).
    EeMoves,
    /// A command for the clock cabled to the board.
    Clock(ClockCommand),
    /// Set the board's lights (see [`Lights`]); a board without lights is sent nothing.
    Leds(Lights),
}

impl Command {
    /// Appends this command's bytes to `out`.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let byte = match self {
            Self::Reset => 0x40,
            Self::SendClock => 0x41,
            Self::SendBoard => 0x42,
            Self::Update(UpdateMode::Full) => 0x43,
            Self::Update(UpdateMode::Board) => 0x44,
            Self::Update(UpdateMode::Nice) => 0x4B,
            Self::SerialNumber => 0x45,
            Self::Trademark => 0x47,
            Self::EeMoves => 0x49,
            Self::Battery => 0x4C,
            Self::Version => 0x4D,
            Self::LongSerialNumber => 0x55,
            Self::Clock(c) => return c.encode(out),
            // DGT's USB and serial boards have no lights; the Revelation II's and the Pegasus's
            // commands need a board known to be one, which its serial line does not tell.
            Self::Leds(_) => return,
        };
        out.push(byte);
    }

    /// This command's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(1);
        self.encode(&mut out);
        out
    }

    /// Reads one command from the host's byte stream (the simulator's side of the wire): the
    /// command and the bytes it used, or `None` when `bytes` does not yet hold a whole command.
    /// Unknown single bytes come back as `Err(byte)` with length 1 so the reader can skip them.
    pub fn decode(bytes: &[u8]) -> Option<(Result<Command, u8>, usize)> {
        let &first = bytes.first()?;
        let single = |c| Some((Ok(c), 1));
        match first {
            0x40 => single(Self::Reset),
            0x41 => single(Self::SendClock),
            0x42 => single(Self::SendBoard),
            0x43 => single(Self::Update(UpdateMode::Full)),
            0x44 => single(Self::Update(UpdateMode::Board)),
            0x4B => single(Self::Update(UpdateMode::Nice)),
            0x45 => single(Self::SerialNumber),
            0x47 => single(Self::Trademark),
            0x49 => single(Self::EeMoves),
            0x4C => single(Self::Battery),
            0x4D => single(Self::Version),
            0x55 => single(Self::LongSerialNumber),
            0x2B | 0x2C | 0x60 | 0x63 => {
                let len = usize::from(*bytes.get(1)?);
                let total = 2 + len;
                if bytes.len() < total {
                    return None;
                }
                let body = &bytes[2..total];
                let clock = match (first, body) {
                    (0x2B, [0x03, 0x0B, units, ..]) => Some(ClockCommand::Beep(*units)),
                    (0x2B, [0x03, 0x03, ..]) => Some(ClockCommand::EndDisplay),
                    (0x2B, [0x03, 0x09, ..]) => Some(ClockCommand::Version),
                    (0x2B, [0x03, 0x0A, lh, lm, ls, rh, rm, rs, flags, ..]) => {
                        let time = |hours: u8, minutes: u8, seconds: u8| DisplayTime {
                            hours,
                            minutes,
                            seconds,
                        };
                        Some(ClockCommand::SetAndRun {
                            left: time(*lh, *lm, *ls),
                            right: time(*rh, *rm, *rs),
                            running: match flags & 0x03 {
                                0x01 => Some(ClockSide::Left),
                                0x02 => Some(ClockSide::Right),
                                _ => None,
                            },
                        })
                    }
                    _ => None,
                };
                // Clock payloads the simulator need not understand are acknowledged as raw.
                Some((clock.map(Self::Clock).ok_or(first), total))
            }
            other => Some((Err(other), 1)),
        }
    }
}

/// Frames a message the way the board does (the simulator's side of the wire).
pub fn encode_message(id: u8, payload: &[u8], out: &mut Vec<u8>) {
    let length = payload.len() + 3;
    out.extend([
        id | 0x80,
        ((length >> 7) & 0x7F) as u8,
        (length & 0x7F) as u8,
    ]);
    out.extend(payload.iter().map(|b| b & 0x7F));
}

impl BoardMessage {
    /// Appends this message as the board would send it (the simulator's side of the wire).
    pub fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Self::BoardDump(dump) => encode_message(0x86, &dump.codes, out),
            Self::FieldUpdate { square, occupant } => {
                encode_message(0x8E, &[square.index(), occupant.to_code()], out)
            }
            Self::Clock(ClockReading::Times(t)) => {
                encode_message(0x8D, &ClockReading::times_payload(t), out)
            }
            Self::Clock(ClockReading::Garbled(p)) => encode_message(0x8D, p, out),
            Self::Clock(_) => encode_message(0x8D, &[0, 0, 0, 0, 0, 0, 0x20], out),
            Self::Version { major, minor } => encode_message(0x93, &[*major, *minor], out),
            Self::SerialNumber(s) => encode_message(0x91, &fixed_ascii(s, 5), out),
            Self::LongSerialNumber(s) => encode_message(0xA2, &fixed_ascii(s, 10), out),
            Self::Trademark(s) => encode_message(0x92, s.as_bytes(), out),
            Self::BusAddress(a) => encode_message(0x90, &[(a >> 7) as u8, (a & 0x7F) as u8], out),
            Self::Battery(p) => encode_message(0xA0, p, out),
            Self::EeMoves(p) => encode_message(0x8F, p, out),
            Self::Other { id, payload } => encode_message(*id, payload, out),
        }
    }
}

fn fixed_ascii(s: &str, n: usize) -> Vec<u8> {
    let mut v: Vec<u8> = s.bytes().take(n).collect();
    v.resize(n, b'0');
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Orientation, Placement, PlacementDump};

    fn decode_all(bytes: &[u8]) -> Vec<Decoded> {
        let mut d = Decoder::default();
        d.feed(bytes);
        std::iter::from_fn(|| d.poll()).collect()
    }

    #[test]
    fn board_dump_decodes_in_any_chunking() {
        let mut wire = Vec::new();
        let dump = Placement::start().to_dump(Orientation::Normal);
        BoardMessage::BoardDump(dump).encode(&mut wire);
        assert_eq!(wire.len(), 67);
        assert_eq!(&wire[..3], &[0x86, 0x00, 67]);
        for chunk in [1, 2, 5, 66, 67] {
            let mut d = Decoder::default();
            for part in wire.chunks(chunk) {
                d.feed(part);
            }
            assert_eq!(d.poll(), Some(Ok(BoardMessage::BoardDump(dump))));
            assert_eq!(d.poll(), None);
        }
    }

    #[test]
    fn resyncs_at_a_top_bit_byte_inside_a_message() {
        let mut wire = vec![0x86, 0x00, 67, 1, 2, 3];
        BoardMessage::Version { major: 1, minor: 2 }.encode(&mut wire);
        let out = decode_all(&wire);
        assert!(matches!(
            out[0],
            Err(DecodeError::Truncated {
                id: 0x86,
                received: 6,
                ..
            })
        ));
        assert_eq!(out[1], Ok(BoardMessage::Version { major: 1, minor: 2 }));
        assert_eq!(out.len(), 2);
    }

    #[test]
    fn impossible_lengths_and_squares_are_reported_and_skipped() {
        let mut wire = vec![0x8E, 0x00, 0x09, 1, 2, 3, 4, 5, 6, 0x8E, 0x00, 0x05, 70, 1];
        BoardMessage::SerialNumber("12345".into()).encode(&mut wire);
        let out = decode_all(&wire);
        assert!(matches!(
            out[0],
            Err(DecodeError::BadLength {
                id: 0x8E,
                length: 9,
                ..
            })
        ));
        assert!(matches!(
            out[1],
            Err(DecodeError::Stray { count: 6, first: 1 })
        ));
        assert_eq!(out[2], Err(DecodeError::BadSquare(70)));
        assert_eq!(out[3], Ok(BoardMessage::SerialNumber("12345".into())));
    }

    #[test]
    fn every_byte_sequence_is_survived_and_a_message_after_it_is_read() {
        // A cheap deterministic fuzz: pseudo-random garbage, then one good field update.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..2000 {
            let len = (round % 300) + 1;
            let mut wire: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 24) as u8
                })
                .collect();
            BoardMessage::FieldUpdate {
                square: DgtSquare::new(12).expect("12 < 64"),
                occupant: Occupant::from_code(1),
            }
            .encode(&mut wire);
            let out = decode_all(&wire);
            assert!(
                matches!(out.last(), Some(Ok(BoardMessage::FieldUpdate { .. }))),
                "round {round}: {out:?}"
            );
        }
    }

    #[test]
    fn commands_encode_and_decode() {
        for c in [
            Command::Reset,
            Command::SendBoard,
            Command::Update(UpdateMode::Nice),
            Command::Version,
            Command::SerialNumber,
            Command::Clock(ClockCommand::Beep(2)),
            // The game's clock on the display: 1:29:58 left, 0:05:07 right, right running.
            Command::Clock(ClockCommand::SetAndRun {
                left: DisplayTime::from_millis(5_398_000),
                right: DisplayTime::from_millis(307_999),
                running: Some(ClockSide::Right),
            }),
            Command::Clock(ClockCommand::SetAndRun {
                left: DisplayTime::from_millis(0),
                right: DisplayTime::from_millis(60_000),
                running: None,
            }),
        ] {
            let bytes = c.to_bytes();
            assert_eq!(Command::decode(&bytes), Some((Ok(c), bytes.len())));
        }
        assert_eq!(Command::SendBoard.to_bytes(), [0x42]);
        assert_eq!(Command::Update(UpdateMode::Nice).to_bytes(), [0x4B]);
        assert_eq!(
            Command::decode(&[0x2B, 0x04, 0x03]),
            None,
            "incomplete clock message"
        );
        assert_eq!(Command::decode(&[0x4E]), Some((Err(0x4E), 1)));
    }
}
