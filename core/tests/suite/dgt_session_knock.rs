//! 2005 Art. 4.2-4.3 / 2023 Art. 4.2-4.3: only a deliberate touch binds. A sensor board cannot
//! tell a knocked piece from a touch; the arbiter can rule it not deliberate.

use crate::dgt_session_common;

use arbiter_core::arbiter::{Decision, Event};
use arbiter_core::dgt::board::Occupant;
use arbiter_core::dgt::table::Table;
use arbiter_core::{Piece, Square};
use dgt_session_common::*;

/// 1. e4 e5, then White's d-pawn knocked from d2 to d3 and put back before it settles.
fn knocked(edition: arbiter_core::laws::Edition) -> Rig {
    let mut rig = Rig::new(edition, false, true);
    rig.connect();
    rig.start_game();
    rig.carry(Square::E2, Square::E4);
    rig.carry(Square::E7, Square::E5);
    rig.set(Square::D2, Occupant::Empty);
    rig.wait(40);
    rig.set(Square::D3, white(Piece::Pawn));
    rig.wait(40);
    rig.set(Square::D3, Occupant::Empty);
    rig.wait(40);
    rig.set(Square::D2, white(Piece::Pawn));
    rig.wait(400);
    assert!(
        rig.log()
            .iter()
            .any(|e| e == r#"{"type":"lift","square":"d2"}"#),
        "the sensors saw a touch: {:?}",
        rig.log()
    );
    rig
}

#[test]
fn art4_3_a_knocked_piece_ruled_not_deliberate_binds_nothing() {
    for edition in EDITIONS {
        // Without the arbiter the knock binds: 2. Bc4 is refused (the pawn must move).
        let mut rig = knocked(edition);
        rig.carry(Square::F1, Square::C4);
        assert_eq!(
            rig.moves(),
            ["e2e4", "e7e5"],
            "{edition:?}: {:?}",
            rig.log()
        );

        // The arbiter rules the touch not deliberate: 2. Bc4 stands.
        let mut rig = knocked(edition);
        let ruled = rig.table.submit(
            rig.now,
            vec![Event::Arbiter {
                decision: Decision::TouchNotDeliberate { square: Square::D2 },
            }],
        );
        assert!(ruled[0].is_ok(), "{ruled:?}");
        let law = rig.table.game.rulings().last().map(|r| r.law.to_string());
        let article = match edition {
            arbiter_core::laws::Edition::Fide2005 => "2005 Art. 4.3",
            _ => "2023 Art. 4.3",
        };
        assert_eq!(law.as_deref(), Some(article));
        rig.carry(Square::F1, Square::C4);
        assert_eq!(
            rig.moves(),
            ["e2e4", "e7e5", "f1c4"],
            "{edition:?}: {:?}",
            rig.log()
        );
    }
}

#[test]
fn the_decision_reads_back_from_its_json() {
    let json = r#"{"type":"arbiter","decision":{"kind":"touch_not_deliberate","square":"d2"}}"#;
    let event: Event = serde_json::from_str(json).expect("reads");
    assert_eq!(
        event,
        Event::Arbiter {
            decision: Decision::TouchNotDeliberate { square: Square::D2 }
        }
    );
    assert_eq!(serde_json::to_string(&event).expect("writes"), json);
}
