//! Certabo (and Tabutronic boards speaking its protocol): USB serial at 38400 baud, a line of
//! ASCII for each scan, `:` and then 320 decimal numbers, five bytes of RFID tag for each
//! square from a8 to h8, a7 and on down to h1 (all zero for an empty square), ending in CR LF.
//! The tags say nothing of the pieces until they are calibrated: the first scan that shows the
//! initial position (White at the cable, as the board is made) names each tag by the piece on
//! its square; a spare queen standing on the third rank then is White's, on the sixth Black's,
//! so that a promotion reads as a queen. Facts from mono424/certabodriver (MIT) and picochess's
//! notes on the board. Its lights are set by eight bytes written as they are, a byte per rank
//! from the 8th, the a-file's square in the lowest bit (certabodriver's LED pattern).

use std::collections::HashMap;

use super::snapshot::Frames;
use crate::board::{Orientation, Placement, PlacementDump};
use crate::codec::Command;

/// A tag: five bytes.
pub type Tag = [u8; 5];

/// The Certabo wire, and its calibration.
#[derive(Debug, Default)]
pub struct CertaboFrames {
    line: Vec<u8>,
    /// Well-formed scan lines read.
    scans: u64,
    /// Tag to DGT piece code, once calibrated (kept across reconnections: the same pieces).
    pieces: Option<HashMap<Tag, u8>>,
}

impl CertaboFrames {
    /// How many well-formed scan lines were read.
    pub fn scans(&self) -> u64 {
        self.scans
    }

    /// Whether the pieces' tags are known.
    pub fn calibrated(&self) -> bool {
        self.pieces.is_some()
    }

    /// Calibrates from `tags` when they stand as the initial position (spare queens on the
    /// third and sixth ranks allowed).
    fn calibrate(&mut self, tags: &[Tag; 64]) {
        let start = Placement::start().to_dump(Orientation::Normal).codes;
        let mut pieces = HashMap::new();
        for (i, tag) in tags.iter().enumerate() {
            let empty = *tag == [0; 5];
            let rank_from_top = i / 8;
            let code = match (start[i], empty, rank_from_top) {
                (0, true, _) => continue,
                (0, false, 5) => 6,  // the third rank: White's spare queen
                (0, false, 2) => 12, // the sixth: Black's
                (0, false, _) | (_, true, _) => return,
                (code, false, _) => code,
            };
            pieces.insert(*tag, code);
        }
        self.pieces = Some(pieces);
    }
}

/// The line a board sends for `tags` (the simulator's side of the wire).
pub fn encode_line(tags: &[Tag; 64]) -> Vec<u8> {
    let numbers: Vec<String> = tags.iter().flatten().map(|b| b.to_string()).collect();
    format!(":{}\r\n", numbers.join(" ")).into_bytes()
}

impl Frames for CertaboFrames {
    fn reset(&mut self) {
        self.line.clear();
    }

    fn feed(&mut self, bytes: &[u8], out: &mut Vec<[u8; 64]>) -> u64 {
        let mut dropped = 0;
        for &b in bytes {
            if b != b'\n' {
                // A line never runs longer than 320 numbers of three digits and their spaces.
                if self.line.len() < 1_400 {
                    self.line.push(b);
                }
                continue;
            }
            let line = std::mem::take(&mut self.line);
            let text = String::from_utf8_lossy(&line);
            let Some(body) = text.trim().strip_prefix(':') else {
                dropped += u64::from(!text.trim().is_empty());
                continue;
            };
            let numbers: Result<Vec<u8>, _> = body.split_whitespace().map(str::parse).collect();
            let Ok(numbers) = numbers else {
                dropped += 1;
                continue;
            };
            if numbers.len() != 320 {
                dropped += 1;
                continue;
            }
            self.scans += 1;
            let mut tags = [[0u8; 5]; 64];
            for (i, tag) in tags.iter_mut().enumerate() {
                tag.copy_from_slice(&numbers[i * 5..i * 5 + 5]);
            }
            if self.pieces.is_none() {
                self.calibrate(&tags);
            }
            let Some(pieces) = &self.pieces else {
                // Not yet calibrated: nothing the game can read (the page asks for the
                // initial position).
                continue;
            };
            let mut codes = [0u8; 64];
            for (i, tag) in tags.iter().enumerate() {
                codes[i] = if *tag == [0; 5] {
                    0
                } else {
                    // A tag not seen at calibration is no piece the game knows.
                    pieces.get(tag).copied().unwrap_or(13)
                };
            }
            out.push(codes);
        }
        dropped
    }

    fn handshake(&self) -> Vec<Command> {
        // The board streams its scans from the moment its port is open.
        Vec::new()
    }

    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        // Its lights: eight bytes as they are, a byte per rank from the 8th, a bit per square
        // from the a-file's (the lowest).
        if let Command::Leds(lights) = command {
            out.extend(lights.rank_bytes(false));
        }
    }

    fn can_read(&self) -> bool {
        false
    }
}
