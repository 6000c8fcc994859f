//! Chessnut Air, Air+, Go and Pro, over Bluetooth LE or USB HID: the board sends the whole
//! position on every change, as a 36-byte frame `01 24`, 32 bytes of piece nibbles and two
//! bytes more. The nibbles run h8, g8 ... a8, then h7 ... down to a1, the first square of each
//! byte in its low nibble; 0 is empty, 1-5 Black's queen, king, bishop, pawn, knight, 6 and 7
//! White's rook and pawn, 8 Black's rook, 9-12 White's bishop, knight, queen, king. Writing
//! `21 01 00` turns the real-time reports on; `29 01 00` asks for the battery, which the board
//! answers `2A 02` with the percent and 1 while it charges (over Bluetooth on a characteristic
//! of its own, which the page reads into the same codec); `0A 08` and eight bytes set the
//! lights, a byte per rank from the 8th, a bit per square from the a-file's (0x80). Facts from chessnutech's own API description (chess_move_api, Chessnut_eBoards),
//! EasyLinkSDK (MIT) and OpenChessnut (ISC).

use std::collections::VecDeque;

use super::snapshot::{Frames, to_header};
use crate::battery::Battery;
use crate::codec::{BoardMessage, Command};

/// DGT's code for each Chessnut nibble (13 for the three nibbles that name nothing: no piece,
/// never read as an empty square).
const CODES: [u8; 16] = [0, 12, 11, 10, 7, 9, 2, 1, 8, 4, 3, 6, 5, 13, 13, 13];

/// A frame's first two bytes.
const HEADER: [u8; 2] = [0x01, 0x24];
/// Header and the 32 bytes of nibbles.
const BODY: usize = 34;
/// The whole frame, with its two trailing bytes.
const FRAME: usize = 36;
/// The first byte of the battery's answer; its length byte follows.
const BATTERY: u8 = 0x2A;
/// The longest answer taken as the battery's: a longer length byte is noise.
const BATTERY_MAX: usize = 8;

/// The Chessnut wire.
#[derive(Debug, Default)]
pub struct ChessnutFrames {
    buf: Vec<u8>,
    answers: VecDeque<BoardMessage>,
}

/// The battery's answer (`[percent, charging]`) as DGT's BATTERY_STATUS; a percent over 100
/// is not known.
fn battery(answer: &[u8]) -> BoardMessage {
    let percent = answer.first().copied();
    let charging = answer.get(1) == Some(&1);
    BoardMessage::Battery(Battery::status_bytes(percent, charging))
}

/// The 64 DGT codes a frame's 32 bytes of nibbles say.
pub fn decode(nibbles: &[u8]) -> [u8; 64] {
    let mut codes = [0u8; 64];
    for (k, &byte) in nibbles.iter().take(32).enumerate() {
        for (half, nibble) in [(0, byte & 0x0F), (1, byte >> 4)] {
            // Position k in the frame's order (h8 first): rank from the top, files reversed.
            let at = 2 * k + half;
            let dgt = (at / 8) * 8 + (7 - at % 8);
            codes[dgt] = CODES[usize::from(nibble)];
        }
    }
    codes
}

/// The frame a board sends for the 64 DGT codes `codes` (the simulator's side of the wire).
pub fn encode_frame(codes: &[u8; 64]) -> Vec<u8> {
    let nibble = |code: u8| CODES.iter().position(|&c| c == code).unwrap_or(0) as u8;
    let mut out = HEADER.to_vec();
    for k in 0..32 {
        let [a, b] = [2 * k, 2 * k + 1].map(|at| {
            let dgt = (at / 8) * 8 + (7 - at % 8);
            nibble(codes[dgt])
        });
        out.push(a | (b << 4));
    }
    out.extend([0x00, 0x00]);
    out
}

/// The commands in `bytes` (as [`ChessnutFrames`] encodes them, one after another), each on its
/// own: over USB HID each is one output report, its first byte the report id (`21 01 00` is
/// report 0x21 with `01 00`), so they are written one at a time. Every command is its id, a
/// length byte and that many bytes; a last one cut short is given as it is.
pub fn commands(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let len = rest
            .get(1)
            .map_or(rest.len(), |&n| (2 + usize::from(n)).min(rest.len()));
        let (command, after) = rest.split_at(len);
        rest = after;
        Some(command)
    })
}

impl Frames for ChessnutFrames {
    fn reset(&mut self) {
        self.buf.clear();
        self.answers.clear();
    }

    fn feed(&mut self, bytes: &[u8], out: &mut Vec<[u8; 64]>) -> u64 {
        self.buf.extend_from_slice(bytes);
        let mut dropped = 0;
        loop {
            // An answer stands between frames: `2A`, its length, what it says.
            if self.buf.first() == Some(&BATTERY) {
                let Some(&len) = self.buf.get(1) else { break };
                let len = usize::from(len);
                if len <= BATTERY_MAX {
                    if self.buf.len() < 2 + len {
                        break;
                    }
                    self.answers.push_back(battery(&self.buf[2..2 + len]));
                    self.buf.drain(..2 + len);
                    continue;
                }
            }
            // Up to two bytes before a header are the trailer of the frame before it.
            let (found, noise) = to_header(&mut self.buf, HEADER, 2);
            dropped += u64::from(noise);
            if !found || self.buf.len() < BODY {
                break;
            }
            out.push(decode(&self.buf[2..BODY]));
            let used = FRAME.min(self.buf.len());
            // The trailer's two bytes are skipped when they are here; a header in their place
            // is the next frame's.
            let trailer_ok = self.buf[BODY..used].windows(2).all(|w| w != HEADER);
            self.buf.drain(..if trailer_ok { used } else { BODY });
        }
        dropped
    }

    fn handshake(&self) -> Vec<Command> {
        // The battery is asked once the reports are on, as a DGT board's is.
        vec![
            Command::Update(crate::codec::UpdateMode::Board),
            Command::Battery,
        ]
    }

    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        match command {
            // Real-time reports on.
            Command::Update(_) => out.extend([0x21, 0x01, 0x00]),
            Command::Battery => out.extend([0x29, 0x01, 0x00]),
            // `0A 08` and a byte per rank from the 8th, its a-file square in the top bit.
            Command::Leds(lights) => {
                out.extend([0x0A, 0x08]);
                out.extend(lights.rank_bytes(true));
            }
            _ => {}
        }
    }

    fn can_read(&self) -> bool {
        false
    }

    fn take_answer(&mut self) -> Option<BoardMessage> {
        self.answers.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Orientation, Placement, PlacementDump};

    #[test]
    fn lights_are_a_byte_per_rank_from_the_eighth_a_file_high() {
        use crate::lights::Lights;
        use arbiter_chess::Square;
        let mut out = Vec::new();
        let lights = Lights::of([Square::E2, Square::E4], Orientation::Normal, false);
        ChessnutFrames::default().encode(&Command::Leds(lights), &mut out);
        assert_eq!(out, [0x0A, 0x08, 0, 0, 0, 0, 0x08, 0, 0x08, 0]);
        out.clear();
        let corners = Lights::of([Square::A8, Square::H1], Orientation::Normal, false);
        ChessnutFrames::default().encode(&Command::Leds(corners), &mut out);
        assert_eq!(out, [0x0A, 0x08, 0x80, 0, 0, 0, 0, 0, 0, 0x01]);
    }

    #[test]
    fn written_commands_are_told_apart_one_report_each() {
        use crate::lights::Lights;
        use arbiter_chess::Square;
        let frames = ChessnutFrames::default();
        let mut out = Vec::new();
        let lights = Lights::of([Square::E2, Square::E4], Orientation::Normal, false);
        for c in [
            Command::Update(crate::codec::UpdateMode::Board),
            Command::Leds(lights),
            Command::Battery,
        ] {
            frames.encode(&c, &mut out);
        }
        let each: Vec<&[u8]> = commands(&out).collect();
        assert_eq!(
            each,
            [
                &[0x21, 0x01, 0x00][..],
                &[0x0A, 0x08, 0, 0, 0, 0, 0x08, 0, 0x08, 0],
                &[0x29, 0x01, 0x00],
            ]
        );
        // A command cut short is passed whole as far as it goes; nothing is given twice.
        assert_eq!(
            commands(&[0x0A, 0x08, 1]).collect::<Vec<_>>(),
            [&[0x0A, 0x08, 1][..]]
        );
        assert_eq!(commands(&[0x29]).collect::<Vec<_>>(), [&[0x29][..]]);
        assert_eq!(commands(&[]).count(), 0);
    }

    #[test]
    fn a_frame_reads_back_as_the_position_it_was_made_of_in_any_chunking() {
        let start = Placement::start().to_dump(Orientation::Normal).codes;
        let frame = encode_frame(&start);
        assert_eq!(frame.len(), FRAME);
        // h8 (a black rook, nibble 8) is the first byte's low nibble; g8's knight (5) its high.
        assert_eq!(frame[2], 0x58);
        let mut wire = vec![0xEE, 0x01];
        wire.extend(&frame);
        wire.extend(&frame);
        for chunk in [1, 3, 36, 80] {
            let mut frames = ChessnutFrames::default();
            let mut out = Vec::new();
            for part in wire.chunks(chunk) {
                frames.feed(part, &mut out);
            }
            assert_eq!(out, vec![start, start], "chunks of {chunk}");
        }
    }

    #[test]
    fn the_battery_is_asked_after_the_reports_and_its_answer_read_between_frames() {
        use crate::family::BoardCodec;
        use crate::family::snapshot::SnapshotCodec;
        let mut codec = SnapshotCodec::new(ChessnutFrames::default());
        let handshake = codec.handshake();
        assert_eq!(handshake.last(), Some(&Command::Battery), "{handshake:?}");
        let mut asked = Vec::new();
        codec.encode(&Command::Battery, &mut asked);
        assert_eq!(asked, [0x29, 0x01, 0x00]);
        let start = Placement::start().to_dump(Orientation::Normal).codes;
        // Notifications as Bluetooth gives them, each whole: a frame, 87 % charging, a frame,
        // then 12 % not charging cut in two.
        let notified: [&[u8]; 5] = [
            &encode_frame(&start),
            &[0x2A, 0x02, 87, 0x01],
            &encode_frame(&start),
            &[0x2A, 0x02],
            &[12, 0x00],
        ];
        let mut told = Vec::new();
        for bytes in notified {
            codec.feed(0, bytes);
            told.extend(std::iter::from_fn(|| codec.poll_reading()));
        }
        let batteries: Vec<_> = told
            .iter()
            .filter_map(|m| Battery::default().told(m))
            .map(|b| (b.percent, b.charging))
            .collect();
        assert_eq!(batteries, [(Some(87), true), (Some(12), false)]);
        // The one position is passed once, and nothing was taken for noise.
        let dumps = told
            .iter()
            .filter(|m| matches!(m, BoardMessage::BoardDump(_)))
            .count();
        assert_eq!((dumps, codec.health().0), (1, 0));
        // A charge over 100 is not known; a length byte too long for an answer is noise.
        let mut codec = SnapshotCodec::new(ChessnutFrames::default());
        codec.feed(0, &[0x2A, 0x02, 0xFF, 0x00, 0x2A, 0x40]);
        let told: Vec<_> = std::iter::from_fn(|| codec.poll_reading()).collect();
        assert_eq!(told.len(), 1);
        assert_eq!(
            Battery::default().told(&told[0]).map(|b| b.percent),
            Some(None)
        );
    }
}
