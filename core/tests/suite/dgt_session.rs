//! The Laws at a real board: a `BoardSession` fed a DGT board's bytes and the time, playing
//! into a game. Each test is named by the article it keeps.

use crate::dgt_session_common;

use arbiter_core::dgt::clock::ClockSide;
use arbiter_core::dgt::reconstruct::Mismatch;
use arbiter_core::dgt::session::BoardOutput;
use arbiter_core::laws::Edition;
use arbiter_core::{Piece, Square};
use dgt_session_common::*;

#[test]
fn art4_3_each_lift_streams_as_a_touch_and_a_settled_move_completes_itself_in_casual_play() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.start_game();
        rig.carry(Square::E2, Square::E4);
        assert_eq!(rig.touches(), ["lift e2", "place e4"], "{edition:?}");
        assert_eq!(rig.moves(), ["e2e4"], "{edition:?}");
        rig.carry(Square::E7, Square::E5);
        assert_eq!(rig.moves(), ["e2e4", "e7e5"], "{edition:?}");
        let lifts = rig.log().iter().filter(|e| e.contains("\"lift\"")).count();
        assert_eq!(
            lifts,
            2,
            "each lift is a touch of the game: {:?}",
            rig.log()
        );
    }
}

#[test]
fn art6_8a_with_a_dgt_clock_the_lever_press_completes_the_move() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, true, false);
        rig.connect();
        // The game under way (Black's press starts White's clock, or the arbiter's start).
        start_with_clock(&mut rig);
        rig.carry(Square::E2, Square::E4);
        assert!(
            rig.moves().is_empty(),
            "made, not yet completed: {:?}",
            rig.log()
        );
        rig.press(ClockSide::Left);
        assert_eq!(rig.moves(), ["e2e4"], "{edition:?}");
    }
}

#[test]
fn art7_4_a_piece_where_no_move_reaches_is_ruled_with_the_editions_article_and_what_to_restore() {
    for (edition, article) in [
        (Edition::Fide2005, "2005 Art. 7.3"),
        (Edition::Fide2023, "2023 Art. 7.4.1"),
    ] {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.start_game();
        // A white knight knocked from b1 to b5.
        rig.carry(Square::B1, Square::B5);
        let ruled: Vec<_> = rig
            .table
            .streamed
            .iter()
            .filter_map(|o| match o {
                BoardOutput::Mismatch {
                    law, kind, squares, ..
                } => Some((law.to_string(), *kind, squares.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(
            ruled,
            [(
                article.to_owned(),
                Mismatch::Displaced,
                vec![Square::B1, Square::B5]
            )]
        );
        assert!(
            rig.log().iter().any(|e| e.contains("b1b5")),
            "the attempt goes to the game, which rules on it: {:?}",
            rig.log()
        );
    }
}

#[test]
fn art4_3_an_opponents_early_lift_is_his_touch_only_if_still_up_when_his_turn_comes() {
    let mut rig = Rig::new(Edition::Fide2005, false, true);
    rig.connect();
    rig.start_game();
    // Black lifts his g8 knight and puts it back while White thinks: no touch of the game.
    rig.set(Square::G8, arbiter_core::dgt::board::Occupant::Empty);
    rig.wait(40);
    rig.set(Square::G8, black(Piece::Knight));
    rig.wait(40);
    // Black lifts b8 and keeps it up while White completes 1. e4: his touch once on move.
    rig.set(Square::B8, arbiter_core::dgt::board::Occupant::Empty);
    rig.carry(Square::E2, Square::E4);
    assert_eq!(rig.moves(), ["e2e4"]);
    let lifts: Vec<_> = rig
        .log()
        .into_iter()
        .filter(|e| e.contains("\"lift\""))
        .collect();
    assert_eq!(
        lifts,
        [
            r#"{"type":"lift","square":"e2"}"#,
            r#"{"type":"lift","square":"b8"}"#
        ]
    );
}

/// With a clock, the game under way as players start it.
fn start_with_clock(rig: &mut Rig) {
    if !rig.table.game.in_play() {
        // Black presses (the right side here): White's clock, the left, starts.
        rig.press(ClockSide::Right);
    }
    assert!(rig.table.game.in_play(), "started: {:?}", rig.log());
}
