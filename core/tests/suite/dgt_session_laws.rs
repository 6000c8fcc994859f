//! The defects of issue 28, each as the Law it keeps at a real board: a `BoardSession` fed a DGT
//! board's and clock's bytes and the time, playing into a game, in both editions.

use crate::dgt_session_common;

use arbiter_core::arbiter::{GameResult, Reason};
use arbiter_core::clock::Timestamp;
use arbiter_core::dgt::board::Occupant;
use arbiter_core::dgt::clock::{ClockCommand, ClockSide};
use arbiter_core::{Color, Piece, Square};
use dgt_session_common::*;

/// White's side of the clock in these tests: the left. Black presses the right to start.
const WHITE: ClockSide = ClockSide::Left;
const BLACK: ClockSide = ClockSide::Right;

fn fools_mate_until_the_queen(rig: &mut Rig, clock: bool) {
    for (i, (from, to)) in [
        (Square::F2, Square::F3),
        (Square::E7, Square::E5),
        (Square::G2, Square::G4),
    ]
    .into_iter()
    .enumerate()
    {
        rig.carry(from, to);
        if clock {
            rig.wait(500);
            rig.press(if i % 2 == 0 { WHITE } else { BLACK });
        }
    }
    assert_eq!(rig.moves(), ["f2f3", "e7e5", "g2g4"], "{:?}", rig.log());
}

fn last_running(rig: &Rig) -> Option<Option<ClockSide>> {
    rig.clock_commands.iter().rev().find_map(|c| match c {
        ClockCommand::SetAndRun { running, .. } => Some(*running),
        _ => None,
    })
}

/// 2005 Art. 5.1a, 6.8a / 2023 Art. 5.1.1, 6.2.1.1: checkmate ends the game at once; a move that
/// ends the game needs no press. With a DGT clock, 2...Qh4# placed and never pressed.
#[test]
fn art5_1a_art6_8a_a_mate_placed_with_a_dgt_clock_ends_the_game_without_a_press() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, true, false);
        rig.connect();
        rig.press(BLACK);
        fools_mate_until_the_queen(&mut rig, true);
        rig.carry(Square::D8, Square::H4);
        rig.wait(1_000);
        assert_eq!(
            rig.table.game.result(),
            Some((GameResult::BlackWins, Reason::Checkmate)),
            "{edition:?}: {:?}",
            rig.log()
        );
        assert_eq!(rig.moves().last().map(String::as_str), Some("d8h4"));
        // The DGT clock is stopped.
        assert_eq!(last_running(&rig), Some(None), "{:?}", rig.clock_commands);
        // A later press changes nothing: no event, and the clock is stopped again.
        let logged = rig.log().len();
        let sent = rig.clock_commands.len();
        rig.wait(2_000);
        rig.press(BLACK);
        assert_eq!(rig.log().len(), logged, "{:?}", rig.log());
        assert!(
            rig.clock_commands.len() > sent,
            "the clock is stopped again"
        );
        assert_eq!(last_running(&rig), Some(None));
        // No flag turns it round.
        rig.wait(100 * 60_000);
        assert_eq!(
            rig.table.game.result().map(|r| r.1),
            Some(Reason::Checkmate)
        );
    }
}

/// The same without a clock (casual play and a page's press alike): complete when placed.
#[test]
fn art5_1a_art6_8a_a_mate_placed_without_a_clock_ends_the_game_when_placed() {
    for (edition, auto_press) in [(EDITIONS[0], true), (EDITIONS[1], false)] {
        let mut rig = Rig::new(edition, false, auto_press);
        rig.connect();
        if !auto_press {
            let start = arbiter_core::arbiter::Event::Start;
            arbiter_core::dgt::table::Table::submit(&mut rig.table, rig.now, vec![start]);
        }
        for (from, to) in [
            (Square::F2, Square::F3),
            (Square::E7, Square::E5),
            (Square::G2, Square::G4),
            (Square::D8, Square::H4),
        ] {
            rig.carry(from, to);
            if !auto_press && rig.table.game.result().is_none() {
                let player = rig.table.game.side_on_move();
                let press = arbiter_core::arbiter::Event::PressClock { player };
                arbiter_core::dgt::table::Table::submit(&mut rig.table, rig.now, vec![press]);
            }
        }
        assert_eq!(
            rig.table.game.result(),
            Some((GameResult::BlackWins, Reason::Checkmate)),
            "{edition:?}: {:?}",
            rig.log()
        );
    }
}

/// 2005 Art. 6.5 / 2023 Art. 6.6: White's clock is started at the start of the game, never at
/// the board's connection; with a DGT clock, Black's press starts it.
#[test]
fn art6_5_with_a_dgt_clock_the_game_starts_at_blacks_press_not_at_connection() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, true, false);
        rig.connect();
        rig.wait(12_000);
        let game = &rig.table.game;
        assert!(
            !game.in_play(),
            "{edition:?}: started at connection: {:?}",
            rig.log()
        );
        assert!(game.clock().running().is_none());
        assert_eq!(last_running(&rig), Some(None), "the DGT clock stands");
        assert!(
            !game.state(Timestamp(rig.now)).started,
            "the status says not started"
        );
        // Black presses: White's clock starts now, on the side that runs.
        let pressed_at = rig.now;
        rig.press(BLACK);
        let game = &rig.table.game;
        assert!(game.in_play(), "{:?}", rig.log());
        assert_eq!(game.clock().running().map(|r| r.0), Some(Color::White));
        assert_eq!(last_running(&rig), Some(Some(WHITE)));
        rig.wait(5_000);
        let left = rig
            .table
            .game
            .clock()
            .remaining(Color::White, Timestamp(rig.now));
        assert_eq!(
            left.0,
            MINUTES * 60_000 - (rig.now - pressed_at),
            "no time lost before it"
        );
        // And the game goes on: 1. e4 completed by White's press.
        rig.carry(Square::E2, Square::E4);
        rig.press(WHITE);
        assert_eq!(rig.moves(), ["e2e4"]);
    }
}

/// Without a clock the first press starts the game: in casual play, the first move completed.
#[test]
fn art6_5_without_a_clock_the_game_starts_at_the_first_press_not_at_connection() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.wait(5_000);
        assert!(!rig.table.game.in_play(), "{edition:?}: {:?}", rig.log());
        rig.carry(Square::E2, Square::E4);
        assert!(rig.table.game.in_play());
        assert_eq!(rig.moves(), ["e2e4"], "{:?}", rig.log());
        assert_eq!(rig.log()[0], r#"{"type":"start"}"#);
    }
}

/// In the hall the arbiter starts the game: the board never does, and hands before it bind
/// nothing.
#[test]
fn art6_5_a_board_started_by_the_arbiter_waits_for_him() {
    let table = arbiter_core::dgt::table::GameTable::new(
        arbiter_core::arbiter::Game::new(config(EDITIONS[1], MINUTES)).expect("a game"),
        true,
    );
    let mut rig = Rig::new(EDITIONS[1], true, true);
    rig.table = table;
    rig.board = arbiter_core::dgt::session::BoardSession::dgt(
        &rig.table,
        arbiter_core::dgt::reconstruct::Completion::ClockPress,
        arbiter_core::dgt::table::Seat::Only,
        None,
    )
    .started_by(arbiter_core::dgt::session::StartBy::Arbiter);
    rig.connect();
    rig.press(BLACK);
    rig.set(Square::E2, Occupant::Empty);
    rig.wait(300);
    assert!(rig.log().is_empty(), "{:?}", rig.log());
    rig.set(Square::E2, white(Piece::Pawn));
    rig.wait(300);
    let start = arbiter_core::arbiter::Event::Start;
    arbiter_core::dgt::table::Table::submit(&mut rig.table, rig.now, vec![start]);
    assert!(rig.table.game.in_play());
}

/// 2005 Art. 4.3, 6.8a / 2023 Art. 4.3.1: a press refused under touch-move leaves the game's
/// clock where it was; the DGT clock follows the game, not its lever.
#[test]
fn art4_3_after_a_refused_press_the_dgt_clock_is_set_back_to_the_game() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, true, false);
        rig.connect();
        rig.press(BLACK);
        // White touches his g1 knight, puts it back, and plays 1. e4 instead.
        rig.set(Square::G1, Occupant::Empty);
        rig.wait(100);
        rig.set(Square::G1, white(Piece::Knight));
        rig.wait(100);
        rig.carry(Square::E2, Square::E4);
        let sent = rig.clock_commands.len();
        rig.press(WHITE);
        assert!(rig.moves().is_empty(), "{edition:?}: {:?}", rig.log());
        assert_eq!(
            rig.table.game.clock().running().map(|r| r.0),
            Some(Color::White),
            "still White's clock"
        );
        assert!(
            rig.clock_commands.len() > sent,
            "{edition:?}: nothing sent to the clock after the refusal"
        );
        assert_eq!(
            last_running(&rig),
            Some(Some(WHITE)),
            "White's side runs again"
        );
    }
}

/// 2005 Art. 4.3 / 2023 Art. 4.3.1: one refused move is one event in the game's log.
#[test]
fn art4_3_a_refused_move_is_logged_once() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.connect();
        rig.carry(Square::E2, Square::E4);
        // Black touches his g8 knight, puts it back, and plays 1... e5 instead.
        rig.set(Square::G8, Occupant::Empty);
        rig.wait(100);
        rig.set(Square::G8, black(Piece::Knight));
        rig.wait(100);
        rig.carry(Square::E7, Square::E5);
        rig.wait(1_000);
        assert_eq!(
            rig.moves(),
            ["e2e4"],
            "{edition:?}: refused: {:?}",
            rig.log()
        );
        let tries = rig.log().iter().filter(|e| e.contains("e7e5")).count();
        assert_eq!(tries, 1, "{edition:?}: {:?}", rig.log());
    }
}
