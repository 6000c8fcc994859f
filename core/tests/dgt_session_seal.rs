//! 2005 App. A1 / 2023 Guidelines I.1: the sealed move stays secret until the envelope is
//! opened. After a seal the sealer's hands on the board are neither logged nor streamed.

mod dgt_session_common;

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
