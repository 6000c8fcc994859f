//! Noise never becomes a touch (2005 Art. 4.3 / 2023 Art. 4.3.1: only a deliberate touch binds):
//! only what two agreeing reads of the board show reaches the game.

use crate::dgt_session_common;

use arbiter_core::dgt::board::{DgtSquare, Occupant, Orientation};
use arbiter_core::dgt::codec::BoardMessage;
use arbiter_core::{Piece, Square};
use dgt_session_common::*;

fn lifts(rig: &Rig) -> Vec<String> {
    rig.log()
        .into_iter()
        .filter(|e| e.contains("\"lift\""))
        .collect()
}

/// `8E 00 05 3E 10` on the line, White on move: square 62 (g1) with code 0x10, a bit outside
/// the codes. Read by its low nibble it was "empty", a lift of g1, and 1. e4 was then refused.
#[test]
fn art4_3_an_invalid_piece_code_on_the_line_is_no_lift() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.start_game();
        rig.feed(&[0x8E, 0x00, 0x05, 0x3E, 0x10]);
        rig.pump();
        rig.wait(500);
        assert!(rig.touches().is_empty(), "{edition:?}: {:?}", rig.touches());
        assert!(lifts(&rig).is_empty(), "{edition:?}: {:?}", rig.log());
        rig.carry(Square::E2, Square::E4);
        assert_eq!(rig.moves(), ["e2e4"], "{edition:?}: {:?}", rig.log());
    }
}

/// A piece gone and back within 5 ms, shorter than the board's scan: no touch.
#[test]
fn art4_3_a_blink_shorter_than_the_scan_is_no_touch() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.start_game();
        rig.set(Square::G1, Occupant::Empty);
        rig.wait(5);
        rig.set(Square::G1, white(Piece::Knight));
        rig.wait(500);
        assert!(rig.touches().is_empty(), "{edition:?}: {:?}", rig.touches());
        assert!(lifts(&rig).is_empty(), "{edition:?}: {:?}", rig.log());
        rig.carry(Square::E2, Square::E4);
        assert_eq!(rig.moves(), ["e2e4"], "{edition:?}: {:?}", rig.log());
        // A real touch, held past the scan, still binds.
        rig.set(Square::G8, Occupant::Empty);
        rig.wait(100);
        rig.set(Square::G8, black(Piece::Knight));
        rig.wait(500);
        assert_eq!(
            lifts(&rig).last().map(String::as_str),
            Some(r#"{"type":"lift","square":"g8"}"#)
        );
    }
}

/// An update the board's full read does not confirm (the knight still stands on g1) is no touch.
#[test]
fn art4_3_an_update_no_full_read_confirms_is_no_touch() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.start_game();
        let mut bytes = Vec::new();
        BoardMessage::FieldUpdate {
            square: DgtSquare::from_square(Square::G1, Orientation::Normal),
            occupant: Occupant::Empty,
        }
        .encode(&mut bytes);
        rig.feed(&bytes);
        rig.pump();
        rig.wait(500);
        assert!(rig.touches().is_empty(), "{edition:?}: {:?}", rig.touches());
        assert!(lifts(&rig).is_empty(), "{edition:?}: {:?}", rig.log());
        rig.carry(Square::E2, Square::E4);
        assert_eq!(rig.moves(), ["e2e4"], "{edition:?}: {:?}", rig.log());
    }
}
