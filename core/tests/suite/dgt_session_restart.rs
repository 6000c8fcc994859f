//! A restart loses no time and gives none: with a DGT clock, the clock's own times, read when
//! the board (re)connects, win over the game's (the clock ran on while the bridge was down).

use crate::dgt_session_common;

use arbiter_core::clock::Timestamp;
use arbiter_core::dgt::clock::ClockSide;
use arbiter_core::dgt::reconstruct::Completion;
use arbiter_core::dgt::session::BoardSession;
use arbiter_core::dgt::table::Seat;
use arbiter_core::{Color, Square};
use dgt_session_common::*;

#[test]
fn art6_14_after_a_restart_the_dgt_clocks_own_times_win() {
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, true, false);
        rig.connect();
        rig.press(ClockSide::Right);
        rig.wait(4_000);
        rig.carry(Square::E2, Square::E4);
        rig.press(ClockSide::Left);
        assert_eq!(rig.moves(), ["e2e4"]);
        rig.wait(3_000);
        // The bridge goes down; a new session reads the same game (from its log) later, and
        // the clock, which ran on for Black meanwhile, says so: White 89:55, Black 89:30.
        let white = (89 * 60 + 55) * 1_000;
        let black = (89 * 60 + 30) * 1_000;
        rig.now += 2_000;
        rig.clock = Some(((white, black), ClockSide::Right, true));
        rig.board = BoardSession::dgt(&rig.table, Completion::ClockPress, Seat::Only, None);
        rig.connect();
        let clock = rig.table.game.clock();
        let at = Timestamp(rig.now);
        assert_eq!(
            (
                clock.remaining(Color::White, at).0,
                clock.remaining(Color::Black, at).0
            ),
            (white, black),
            "{edition:?}: {:?}",
            rig.log()
        );
        assert_eq!(clock.running().map(|r| r.0), Some(Color::Black));
        // And the game goes on: 1... e5 completed by Black's press.
        rig.carry(Square::E7, Square::E5);
        rig.press(ClockSide::Right);
        assert_eq!(rig.moves(), ["e2e4", "e7e5"]);
    }
}

/// A log cut inside the press that completed 1... e5 (the move made, its press lost): the
/// restarted session completes it once, and the game goes on with the next move on the board.
#[test]
fn art6_8a_a_log_cut_in_the_last_press_resumes_and_the_game_goes_on() {
    use arbiter_core::Move;
    use arbiter_core::arbiter::Event;
    use arbiter_core::dgt::table::Table;
    for (edition, clock) in [(EDITIONS[0], false), (EDITIONS[1], true)] {
        let mut rig = Rig::new(edition, clock, !clock);
        rig.start_game();
        let mv = |s: &str| s.parse::<Move>().expect("a move");
        let events = vec![
            Event::Move { mv: mv("e2e4") },
            Event::PressClock {
                player: Color::White,
            },
            Event::Move { mv: mv("e7e5") },
        ];
        rig.table.submit(rig.now, events);
        assert_eq!(
            rig.table.game.made_move(),
            Some(mv("e7e5")),
            "made, not completed"
        );
        rig.sensors = rig.table.game.board().placement();
        rig.sensors
            .set(Square::E7, arbiter_core::dgt::board::Occupant::Empty);
        rig.sensors
            .set(Square::E5, black(arbiter_core::Piece::Pawn));
        rig.now += 5_000;
        rig.clock = clock.then_some(((5_390_000, 5_399_000), ClockSide::Right, true));
        let completion = if clock {
            Completion::ClockPress
        } else {
            Completion::Settle { settle_ms: SETTLE }
        };
        // The orientation the log remembers, as the bridge passes it.
        let normal = Some(arbiter_core::dgt::board::Orientation::Normal);
        rig.board = BoardSession::dgt(&rig.table, completion, Seat::Only, normal);
        rig.connect();
        rig.wait(500);
        if clock {
            rig.press(ClockSide::Right);
        }
        assert_eq!(
            rig.moves(),
            ["e2e4", "e7e5"],
            "{edition:?}: {:?}",
            rig.log()
        );
        let made = rig.log().iter().filter(|e| e.contains("e7e5")).count();
        assert_eq!(
            made, 1,
            "{edition:?}: logged twice: {:?}",
            rig.table.submitted
        );
        rig.carry(Square::G1, Square::F3);
        if clock {
            rig.press(ClockSide::Left);
        }
        assert_eq!(
            rig.moves(),
            ["e2e4", "e7e5", "g1f3"],
            "{edition:?}: {:?}",
            rig.log()
        );
    }
}

/// A kill within the settle time of 1... Nf6 (its lift logged, the move not yet), the board's
/// orientation not remembered: the restart takes the move from the board, and the next one,
/// 2. Nf3, is taken too (not ruled displaced with the picture a move behind).
#[test]
fn art4_6_a_restart_within_the_settle_time_takes_the_move_and_the_next() {
    use arbiter_core::arbiter::Event;
    use arbiter_core::dgt::board::Occupant;
    use arbiter_core::dgt::table::Table;
    use arbiter_core::{Move, Piece};
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, false, true);
        rig.start_game();
        let e4 = "e2e4".parse::<Move>().expect("a move");
        let events = vec![
            Event::Move { mv: e4 },
            Event::PressClock {
                player: Color::White,
            },
            Event::Lift { square: Square::G8 },
        ];
        rig.table.submit(rig.now, events);
        rig.sensors = rig.table.game.board().placement();
        rig.sensors.set(Square::G8, Occupant::Empty);
        rig.sensors.set(Square::F6, black(Piece::Knight));
        rig.now += 3_000;
        let settle = Completion::Settle { settle_ms: SETTLE };
        rig.board = BoardSession::dgt(&rig.table, settle, Seat::Only, None);
        rig.connect();
        rig.wait(500);
        assert_eq!(
            rig.moves(),
            ["e2e4", "g8f6"],
            "{edition:?}: {:?}",
            rig.log()
        );
        rig.carry(Square::G1, Square::F3);
        assert_eq!(
            rig.moves(),
            ["e2e4", "g8f6", "g1f3"],
            "{edition:?}: {:?}",
            rig.log()
        );
    }
}

/// 2005 Art. 6.8a / 2023 Art. 6.2.1.1, a power cut in the line of the press that completed
/// 1... e5: the log holds the move made and not its press, while the DGT clock shows what the
/// press did (Black's clock stopped, White's running on the left). With a clock a move made on
/// the board reaches the game only with its press, so the restart takes the press from the
/// clock: 1... e5 is completed once, the clock's times win, and 2. Nf3 pressed is taken.
#[test]
fn art6_8a_a_press_whose_log_line_was_lost_is_read_from_the_dgt_clock() {
    use arbiter_core::Move;
    use arbiter_core::arbiter::Event;
    use arbiter_core::dgt::board::Orientation;
    use arbiter_core::dgt::table::Table;
    for edition in EDITIONS {
        let mut rig = Rig::new(edition, true, false);
        rig.connect();
        // Black starts White's clock, on the left.
        rig.press(ClockSide::Right);
        rig.wait(2_000);
        rig.carry(Square::E2, Square::E4);
        rig.press(ClockSide::Left);
        rig.wait(3_000);
        rig.carry(Square::E7, Square::E5);
        // Black presses; the bridge logs 1... e5 made and dies writing the press.
        let e5 = "e7e5".parse::<Move>().expect("a move");
        rig.table.submit(rig.now, vec![Event::Move { mv: e5 }]);
        assert_eq!(rig.table.game.made_move(), Some(e5), "made, not completed");
        rig.now += 4_000;
        let white = (89 * 60 + 54) * 1_000;
        let black = (89 * 60 + 56) * 1_000;
        rig.clock = Some(((white, black), ClockSide::Left, true));
        let normal = Some(Orientation::Normal);
        rig.board = BoardSession::dgt(&rig.table, Completion::ClockPress, Seat::Only, normal);
        rig.connect();
        assert_eq!(
            rig.moves(),
            ["e2e4", "e7e5"],
            "{edition:?}: {:?}",
            rig.log()
        );
        let made = rig
            .handed()
            .iter()
            .filter(|e| matches!(e, Event::Move { mv } if *mv == e5))
            .count();
        assert_eq!(made, 1, "{edition:?}: made again: {:?}", rig.log());
        let clock = rig.table.game.clock();
        let at = Timestamp(rig.now);
        assert_eq!(
            (
                clock.remaining(Color::White, at).0,
                clock.remaining(Color::Black, at).0
            ),
            (white, black),
            "{edition:?}: the clock's own times: {:?}",
            rig.log()
        );
        assert_eq!(clock.running().map(|r| r.0), Some(Color::White));
        rig.carry(Square::G1, Square::F3);
        rig.press(ClockSide::Left);
        assert_eq!(
            rig.moves(),
            ["e2e4", "e7e5", "g1f3"],
            "{edition:?}: {:?}",
            rig.log()
        );
    }
}
