//! A move made on a sensor board without a clock is complete once the board has been quiet for
//! the settle time. The noise gate passes a change only once a full read made a scan later
//! agrees (dgt_session_noise.rs); the board has shown it since its update came, so the settle
//! time runs from the update, not from the read that confirmed it: what the gate costs a
//! touch, it does not add to every move.

use crate::dgt_session_common;

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Piece, Square};
use dgt_session_common::*;

/// e2-e4 carried: the pawn placed on e4 at `t`; the move is made the settle time after `t`.
#[test]
fn a_move_is_complete_the_settle_time_after_its_last_update_not_after_the_read_confirming_it() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.start_game();
        rig.set(Square::E2, Occupant::Empty);
        rig.wait(40);
        rig.set(Square::E4, white(Piece::Pawn));
        rig.wait(SETTLE - 1);
        assert!(
            rig.moves().is_empty(),
            "{edition:?}: not yet: {:?}",
            rig.log()
        );
        rig.wait(1);
        assert_eq!(rig.moves(), ["e2e4"], "{edition:?}: {:?}", rig.log());
    }
}

/// The pawn rests on e3 for a little less than the settle time, then goes on to e4: its lift
/// from e3 waits for the read that confirms it past the instant e3's settle time would end,
/// and no move to e3 is made meanwhile (the board has not settled while the gate holds a
/// change).
#[test]
fn a_piece_lifted_again_within_the_settle_time_is_no_move_while_the_lift_waits_for_its_read() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.start_game();
        rig.set(Square::E2, Occupant::Empty);
        rig.wait(40);
        rig.set(Square::E3, white(Piece::Pawn));
        rig.wait(SETTLE - 5);
        rig.set(Square::E3, Occupant::Empty);
        rig.wait(10);
        assert!(
            rig.moves().is_empty(),
            "{edition:?}: no move to e3: {:?}",
            rig.log()
        );
        rig.set(Square::E4, white(Piece::Pawn));
        rig.wait(SETTLE + 50);
        assert_eq!(rig.moves(), ["e2e4"], "{edition:?}: {:?}", rig.log());
    }
}
