//! 2005 App. A1 / 2023 Guidelines I.1: the sealed move stays secret until the envelope is
//! opened. After a seal the sealer's hands on the board are neither logged nor streamed.

use crate::dgt_session_common;

use arbiter_core::arbiter::Event;
use arbiter_core::dgt::session::BoardOutput;
use arbiter_core::dgt::table::Table;
use arbiter_core::laws::adjourn;
use arbiter_core::{Color, Square};
use dgt_session_common::*;

#[test]
fn app_a1_after_the_seal_event_the_sealers_board_changes_are_neither_logged_nor_streamed() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.start_game();
        rig.carry(Square::E2, Square::E4);
        assert_eq!(rig.moves(), ["e2e4"]);
        // Black seals 1... e5 from his seat.
        let envelope = adjourn::seal("e7e5", "arbiter's secret", &[7; 16], [3; 12], 1_000)
            .expect("an envelope");
        let sealed = rig.table.submit(
            rig.now,
            vec![Event::Seal {
                player: Color::Black,
                envelope,
            }],
        );
        assert!(sealed[0].is_ok(), "{edition:?}: {sealed:?}");
        let (logged, streamed) = (rig.log().len(), rig.table.streamed.len());
        // He then makes the move on the board.
        rig.carry(Square::E7, Square::E5);
        rig.wait(1_000);
        assert_eq!(rig.log().len(), logged, "{edition:?}: {:?}", rig.log());
        let shown: Vec<_> = rig.table.streamed[streamed..]
            .iter()
            .filter(|o| match o {
                BoardOutput::Touch(_) | BoardOutput::Mismatch { .. } => true,
                BoardOutput::Status(s) => s.placement.is_some(),
                _ => false,
            })
            .collect();
        assert!(
            shown.is_empty(),
            "{edition:?}: the sealed move leaked: {shown:?}"
        );
    }
}

/// 2005 App. A1 / 2023 Guidelines I.1: while the sealed move is made on the board and until its
/// envelope is in (the bridge makes it off its serving thread), the board plays no move of the
/// game: the sealed move is taken once, and the moves the hands go on to make are not played.
#[test]
fn app_a1_while_the_sealed_move_is_made_on_the_board_nothing_on_it_plays() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.start_game();
        rig.carry(Square::E2, Square::E4);
        assert_eq!(rig.moves(), ["e2e4"]);
        // The arbiter asks Black for his sealed move on the board.
        rig.seal.asked = true;
        let handed = rig.handed().len();
        rig.carry(Square::E7, Square::E5);
        assert_eq!(
            rig.seal
                .taken
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["e7e5"],
            "{edition:?}"
        );
        // The hands go on before the envelope is in: White's knight, then Black's.
        rig.carry(Square::G1, Square::F3);
        rig.carry(Square::B8, Square::C6);
        assert_eq!(rig.moves(), ["e2e4"], "{edition:?}");
        assert_eq!(rig.seal.taken.len(), 1, "{edition:?}: taken once");
        assert_eq!(
            rig.handed().len(),
            handed,
            "{edition:?}: nothing handed to the game: {:?}",
            &rig.handed()[handed..]
        );
    }
}
