//! Chessnut Air, Air+, Go and Pro, over Bluetooth LE or USB HID: the board sends the whole
//! position on every change, as a frame `01 24`, 32 bytes of piece nibbles and two bytes more
//! (36 in all) over Bluetooth; over USB HID as input report 1, `01 3D`, the same 32 bytes and 29
//! more (63 in all: the report OpenChessnut reads through node-hid, and Graham O'Neill's notes in
//! the `chessnut` crate). The nibbles run h8, g8 ... a8, then h7 ... down to a1, the first square of each
//! byte in its low nibble; 0 is empty, 1-5 Black's queen, king, bishop, pawn, knight, 6 and 7
//! White's rook and pawn, 8 Black's rook, 9-12 White's bishop, knight, queen, king. Writing
//! `21 01 00` turns the real-time reports on; `29 01 00` asks for the battery, which the board
//! answers `2A 02` with the percent and 1 while it charges (over Bluetooth on a characteristic
//! of its own, which the page reads into the same codec); `0A 08` and eight bytes set the
//! lights, a byte per rank from the 8th, a bit per square from the a-file's (0x80). Facts from chessnutech's own API description (chess_move_api, Chessnut_eBoards),
//! EasyLinkSDK (MIT) and OpenChessnut (ISC).

use std::collections::VecDeque;

use super::snapshot::Frames;
use crate::battery::Battery;
use crate::codec::{BoardMessage, Command};

/// DGT's code for each Chessnut nibble (13 for the three nibbles that name nothing: no piece,
/// never read as an empty square).
const CODES: [u8; 16] = [0, 12, 11, 10, 7, 9, 2, 1, 8, 4, 3, 6, 5, 13, 13, 13];

/// A position frame's first byte (its report id over USB HID).
const POSITION: u8 = 0x01;
/// Its length byte over Bluetooth: 36 bytes in all, two after the nibbles.
const BLE_LENGTH: u8 = 0x24;
/// Its length byte over USB HID: 63 bytes in all, 29 after the nibbles.
const HID_LENGTH: u8 = 0x3D;
/// The first two bytes and the 32 bytes of nibbles.
const BODY: usize = 34;

/// The whole frame whose length byte is `length`: over Bluetooth it counts the frame itself
/// (36 bytes), over USB HID what follows it (2 + 61 = 63, as EasyLinkSDK reads a report).
fn frame_len(length: u8) -> usize {
    if length == BLE_LENGTH {
        36
    } else {
        2 + usize::from(length)
    }
}
/// The first byte of the battery's answer; its length byte follows.
const BATTERY: u8 = 0x2A;
/// The longest answer taken as the battery's: a longer length byte is noise.
const BATTERY_MAX: usize = 8;

/// The Chessnut wire.
#[derive(Debug, Default)]
pub struct ChessnutFrames {
    buf: Vec<u8>,
    answers: VecDeque<BoardMessage>,
    /// Bytes of the last frame's trailer still to come (a chunk may end inside it).
    trailer: usize,
}

/// Where the first position frame in `bytes` starts: `01` and a length byte of either kind.
fn frame_start(bytes: &[u8]) -> Option<usize> {
    bytes
        .windows(2)
        .position(|w| w[0] == POSITION && [BLE_LENGTH, HID_LENGTH].contains(&w[1]))
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

/// The frame a board sends over Bluetooth for the 64 DGT codes `codes` (the simulator's side of
/// the wire).
pub fn encode_frame(codes: &[u8; 64]) -> Vec<u8> {
    encode_with(codes, BLE_LENGTH)
}

/// The input report a board sends over USB HID for the 64 DGT codes `codes`, its report id
/// first as a hidraw node hands it over (the simulator's side of the wire).
pub fn encode_report(codes: &[u8; 64]) -> Vec<u8> {
    encode_with(codes, HID_LENGTH)
}

/// A position frame with the length byte `length`: what follows the nibbles is zeros.
fn encode_with(codes: &[u8; 64], length: u8) -> Vec<u8> {
    let nibble = |code: u8| CODES.iter().position(|&c| c == code).unwrap_or(0) as u8;
    let mut out = vec![POSITION, length];
    for k in 0..32 {
        let [a, b] = [2 * k, 2 * k + 1].map(|at| {
            let dgt = (at / 8) * 8 + (7 - at % 8);
            nibble(codes[dgt])
        });
        out.push(a | (b << 4));
    }
    out.resize(frame_len(length), 0x00);
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
        self.trailer = 0;
    }

    fn feed(&mut self, bytes: &[u8], out: &mut Vec<[u8; 64]>) -> u64 {
        self.buf.extend_from_slice(bytes);
        let mut dropped = 0;
        loop {
            // The rest of the last frame's trailer is skipped; a header in its place is the
            // next frame's (a frame cut short).
            if self.trailer > 0 {
                let here = self.trailer.min(self.buf.len());
                let cut = frame_start(&self.buf[..here]).unwrap_or(here);
                self.buf.drain(..cut);
                self.trailer = if cut < here { 0 } else { self.trailer - cut };
                if self.trailer > 0 {
                    break;
                }
            }
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
            let Some(start) = frame_start(&self.buf) else {
                // No frame begins here; a last `01` may be the start of one.
                let keep = usize::from(self.buf.last() == Some(&POSITION));
                let cut = self.buf.len() - keep;
                self.buf.drain(..cut);
                dropped += u64::from(cut > 0);
                break;
            };
            // Up to two bytes before a header are taken for a trailer cut short, not noise.
            dropped += u64::from(start > 2);
            self.buf.drain(..start);
            if self.buf.len() < BODY {
                break;
            }
            out.push(decode(&self.buf[2..BODY]));
            self.trailer = frame_len(self.buf[1]) - BODY;
            self.buf.drain(..BODY);
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
        assert_eq!(frame.len(), 36);
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
    fn a_usb_hid_report_reads_back_in_any_chunking_beside_bluetooth_frames() {
        let start = Placement::start().to_dump(Orientation::Normal).codes;
        let mut moved = start;
        moved.swap(52, 36); // e2-e4
        let report = encode_report(&start);
        assert_eq!(report.len(), 63);
        assert_eq!(report[..3], [0x01, 0x3D, 0x58]);
        // Reports as a hidraw node gives them, a battery answer between, then a Bluetooth
        // frame: their trailers of zeros (29 bytes, 2) are no noise and no position.
        let mut wire = report.clone();
        wire.extend([0x2A, 0x02, 64, 0x00]);
        wire.extend(encode_report(&moved));
        wire.extend(encode_frame(&start));
        for chunk in [1, 2, 5, 34, 40, 63, 64, 200] {
            let mut frames = ChessnutFrames::default();
            let mut out = Vec::new();
            let mut dropped = 0;
            for part in wire.chunks(chunk) {
                dropped += frames.feed(part, &mut out);
            }
            assert_eq!(out, vec![start, moved, start], "chunks of {chunk}");
            assert_eq!(dropped, 0, "chunks of {chunk}");
            assert_eq!(frames.answers.len(), 1, "chunks of {chunk}");
        }
        // A report cut short by the next one's header: both read.
        let mut cut = report[..40].to_vec();
        cut.extend(encode_report(&moved));
        let mut frames = ChessnutFrames::default();
        let mut out = Vec::new();
        frames.feed(&cut, &mut out);
        assert_eq!(out, vec![start, moved]);
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
