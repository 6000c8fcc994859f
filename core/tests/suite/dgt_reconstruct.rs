//! Field updates to touches to moves, on a table driven with explicit times (no sleeps).

use arbiter_core::dgt::board::{DgtSquare, Occupant, Orientation, Placement, PlacementDump};
use arbiter_core::dgt::clock::{ClockReading, ClockTimes, SideTime};
use arbiter_core::dgt::codec::{BoardMessage, Command};
use arbiter_core::dgt::reconstruct::{Completion, Mismatch, Reading, Reconstructor, TouchKind};
use arbiter_core::position::Position;
use arbiter_core::{Color, Piece, Square};

const SETTLE: u64 = 250;

/// A board on a table: a reconstructor, the board's sensors, and a clock on the wall.
struct Table {
    rec: Reconstructor,
    orientation: Orientation,
    board: Placement,
    now: u64,
    readings: Vec<Reading>,
}

impl Table {
    fn new(completion: Completion, orientation: Orientation, setup: Placement) -> Self {
        let mut t = Table {
            rec: Reconstructor::new(completion),
            orientation,
            board: setup,
            now: 0,
            readings: vec![],
        };
        t.dump();
        t
    }

    fn start() -> Self {
        Self::new(
            Completion::Settle { settle_ms: SETTLE },
            Orientation::Normal,
            Placement::start(),
        )
    }

    fn send(&mut self, m: BoardMessage) {
        self.rec.handle_message(self.now, &m);
        self.drain();
    }

    fn drain(&mut self) {
        while let Some(r) = self.rec.poll() {
            self.readings.push(r);
        }
    }

    fn dump(&mut self) {
        let dump = self.board.to_dump(self.orientation);
        self.send(BoardMessage::BoardDump(dump));
    }

    fn set(&mut self, square: Square, occupant: Occupant) {
        self.board.set(square, occupant);
        let sensor = DgtSquare::from_square(square, self.orientation);
        self.send(BoardMessage::FieldUpdate {
            square: sensor,
            occupant,
        });
    }

    fn lift(&mut self, square: Square) {
        self.now += 40;
        self.set(square, Occupant::Empty);
    }

    fn put(&mut self, square: Square, color: Color, piece: Piece) {
        self.now += 40;
        self.set(square, Occupant::Piece(color, piece));
    }

    fn piece(&self, square: Square) -> (Color, Piece) {
        self.board
            .get(square)
            .piece()
            .expect("a piece stands there")
    }

    /// Moves the piece on `from` to `to`, lifting first.
    fn slide(&mut self, from: Square, to: Square) {
        let (c, p) = self.piece(from);
        self.lift(from);
        if self.board.get(to) != Occupant::Empty {
            self.lift(to);
        }
        self.put(to, c, p);
    }

    /// Makes each move as a slide (see [`Self::slide`]) and lets the settle time pass after it.
    fn settled(&mut self, moves: &[(Square, Square)]) {
        for &(from, to) in moves {
            self.slide(from, to);
            self.wait(SETTLE);
        }
    }

    /// Lets `ms` pass, calling the deadline the way a shell would.
    fn wait(&mut self, ms: u64) {
        let end = self.now + ms;
        while let Some(deadline) = self.rec.poll_deadline() {
            if deadline > end {
                break;
            }
            self.now = self.now.max(deadline);
            self.rec.handle_deadline(self.now);
            self.drain();
        }
        self.now = end;
    }

    fn moves(&self) -> Vec<String> {
        self.readings
            .iter()
            .filter_map(|r| match r {
                Reading::Move { mv, .. } => Some(mv.to_string()),
                Reading::Takeback { to_ply, .. } => Some(format!("takeback to {to_ply}")),
                _ => None,
            })
            .collect()
    }

    fn mismatches(&self) -> Vec<Mismatch> {
        self.readings
            .iter()
            .filter_map(|r| match r {
                Reading::Mismatch { kind, .. } => Some(*kind),
                _ => None,
            })
            .collect()
    }
}

#[test]
fn art7_1b_normal_and_turned_boards_are_recognised_from_the_start_position() {
    for orientation in [Orientation::Normal, Orientation::Rotated] {
        let mut t = Table::new(
            Completion::Settle { settle_ms: SETTLE },
            orientation,
            Placement::start(),
        );
        assert!(
            t.readings.contains(&Reading::Orientation(orientation)),
            "{orientation:?}"
        );
        t.slide(Square::E2, Square::E4);
        t.wait(SETTLE);
        assert_eq!(t.moves(), ["e2e4"], "{orientation:?}");
    }
}

#[test]
fn art7_1a_a_wrong_initial_position_is_reported_until_corrected() {
    let mut setup = Placement::start();
    setup.set(Square::D1, Occupant::Empty);
    setup.set(Square::E1, Occupant::Piece(Color::White, Piece::Queen));
    setup.set(Square::D1, Occupant::Piece(Color::White, Piece::King));
    let mut t = Table::new(
        Completion::Settle { settle_ms: SETTLE },
        Orientation::Normal,
        setup,
    );
    assert_eq!(t.mismatches(), [Mismatch::NotInitialPosition]);
    t.lift(Square::D1);
    t.lift(Square::E1);
    t.put(Square::D1, Color::White, Piece::Queen);
    t.put(Square::E1, Color::White, Piece::King);
    t.wait(SETTLE);
    assert!(
        t.readings
            .contains(&Reading::Orientation(Orientation::Normal))
    );
}

#[test]
fn art4_3_lifts_stream_at_once_and_the_move_waits_for_the_settle_time() {
    let mut t = Table::start();
    t.readings.clear();
    t.lift(Square::G1);
    assert!(matches!(
        t.readings[0],
        Reading::Touch { touch, .. } if touch.kind == TouchKind::Lift && touch.square == Square::G1 && touch.piece == Piece::Knight
    ));
    t.put(Square::F3, Color::White, Piece::Knight);
    let placed_at = t.now;
    t.rec.handle_deadline(placed_at + SETTLE - 1);
    t.drain();
    assert!(t.moves().is_empty(), "not certain before the settle time");
    assert_eq!(t.rec.poll_deadline(), Some(placed_at + SETTLE));
    t.wait(SETTLE);
    assert_eq!(t.moves(), ["g1f3"]);
    assert!(
        matches!(t.readings.last(), Some(Reading::Move { at, ply: 1, .. }) if *at == placed_at + SETTLE)
    );
    t.rec.handle_deadline(t.now + 1000);
    t.drain();
    assert_eq!(t.moves(), ["g1f3"], "a second deadline call does nothing");
}

#[test]
fn captures_are_read_in_either_lift_order_and_without_the_captured_lift() {
    for order in 0..3 {
        let mut t = Table::start();
        for (from, to) in [(Square::E2, Square::E4), (Square::D7, Square::D5)] {
            t.slide(from, to);
            t.wait(SETTLE);
        }
        match order {
            0 => {
                t.lift(Square::E4);
                t.lift(Square::D5);
                t.put(Square::D5, Color::White, Piece::Pawn);
            }
            1 => {
                t.lift(Square::D5);
                t.lift(Square::E4);
                t.put(Square::D5, Color::White, Piece::Pawn);
            }
            _ => {
                // The board never reports the captured pawn's lift: d5 changes colour directly.
                t.lift(Square::E4);
                t.readings.clear();
                t.put(Square::D5, Color::White, Piece::Pawn);
                let kinds: Vec<_> = t
                    .readings
                    .iter()
                    .filter_map(|r| match r {
                        Reading::Touch { touch, .. } => Some((touch.kind, touch.color)),
                        _ => None,
                    })
                    .collect();
                assert_eq!(
                    kinds,
                    [
                        (TouchKind::Lift, Color::Black),
                        (TouchKind::Place, Color::White)
                    ]
                );
            }
        }
        t.wait(SETTLE);
        let moves = t.moves();
        assert_eq!(
            moves.last().map(String::as_str),
            Some("e4d5"),
            "order {order}: {moves:?}"
        );
        assert!(t.mismatches().is_empty());
    }
}

fn castle_position() -> Table {
    let pos = Position::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
        .expect("valid FEN");
    let mut t = Table {
        rec: Reconstructor::resume(
            Completion::Settle { settle_ms: SETTLE },
            pos.clone(),
            &[],
            None,
        ),
        orientation: Orientation::Normal,
        board: pos.placement(),
        now: 0,
        readings: vec![],
    };
    t.dump();
    t
}

#[test]
fn art4_4_castling_is_read_king_first_and_rook_first() {
    let mut t = castle_position();
    t.slide(Square::E1, Square::G1);
    t.slide(Square::H1, Square::F1);
    t.wait(SETTLE);
    assert_eq!(t.moves(), ["e1g1"]);

    let mut t = castle_position();
    t.slide(Square::H1, Square::F1);
    t.slide(Square::E1, Square::G1);
    t.wait(SETTLE);
    assert_eq!(t.moves(), ["e1g1"]);

    // Rook first with a pause longer than the settle time: Rf1 is confirmed, then corrected.
    let mut t = castle_position();
    t.slide(Square::A1, Square::D1);
    t.wait(SETTLE + 100);
    t.slide(Square::E1, Square::C1);
    t.wait(SETTLE);
    assert_eq!(t.moves(), ["a1d1", "takeback to 0", "e1c1"]);
}

#[test]
fn art3_7d_en_passant_needs_the_captured_pawn_removed() {
    let mut t = Table::start();
    for (from, to) in [
        (Square::E2, Square::E4),
        (Square::A7, Square::A6),
        (Square::E4, Square::E5),
        (Square::D7, Square::D5),
    ] {
        t.slide(from, to);
        t.wait(SETTLE);
    }
    t.slide(Square::E5, Square::D6);
    t.wait(SETTLE);
    assert_eq!(t.moves().len(), 4, "d6 alone is no legal move yet");
    assert!(
        t.mismatches().is_empty(),
        "half an en passant is no irregularity"
    );
    t.lift(Square::D5);
    t.wait(SETTLE);
    assert_eq!(t.moves().last().map(String::as_str), Some("e5d6"));
}

#[test]
fn art3_7e_promotion_reads_the_new_piece_from_the_board() {
    let pos = Position::from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1").expect("valid FEN");
    for (piece, uci) in [(Piece::Queen, "e7e8q"), (Piece::Knight, "e7e8n")] {
        let mut t = Table {
            rec: Reconstructor::resume(
                Completion::Settle { settle_ms: SETTLE },
                pos.clone(),
                &[],
                None,
            ),
            orientation: Orientation::Rotated,
            board: pos.placement(),
            now: 0,
            readings: vec![],
        };
        t.dump();
        assert_eq!(t.rec.orientation(), Some(Orientation::Rotated));
        t.lift(Square::E7);
        t.put(Square::E8, Color::White, piece);
        t.wait(SETTLE);
        assert_eq!(t.moves(), [uci]);
    }
}

#[test]
fn a_slid_piece_is_one_move_and_a_hesitation_is_corrected() {
    let mut t = Table::start();
    for (from, to) in [(Square::A2, Square::A4), (Square::H7, Square::H6)] {
        t.slide(from, to);
        t.wait(SETTLE);
    }
    // The rook slides from a1 over a2 to a3 within one settle time.
    t.lift(Square::A1);
    for sq in [Square::A2, Square::A3] {
        t.put(sq, Color::White, Piece::Rook);
        t.lift(sq);
    }
    t.put(Square::A3, Color::White, Piece::Rook);
    t.wait(SETTLE);
    assert_eq!(t.moves(), ["a2a4", "h7h6", "a1a3"], "no ghost a1a2");

    // Black's bishop pauses on e7 past the settle time, then goes on to d6: the first square is
    // confirmed, then replaced by its sibling.
    for (from, to) in [(Square::E7, Square::E6), (Square::B2, Square::B3)] {
        t.slide(from, to);
        t.wait(SETTLE);
    }
    t.slide(Square::F8, Square::E7);
    t.wait(SETTLE + 50);
    t.slide(Square::E7, Square::D6);
    t.wait(SETTLE);
    let moves = t.moves();
    assert_eq!(&moves[5..], ["f8e7", "takeback to 5", "f8d6"]);
}

#[test]
fn art4_3_a_lift_and_put_back_is_touches_but_no_move_and_flicker_is_harmless() {
    let mut t = Table::start();
    t.readings.clear();
    t.lift(Square::B1);
    t.put(Square::B1, Color::White, Piece::Knight);
    t.wait(SETTLE);
    t.now += 1;
    t.set(Square::C2, Occupant::Empty);
    t.now += 1;
    t.set(Square::C2, Occupant::Piece(Color::White, Piece::Pawn));
    t.wait(SETTLE);
    let touches = t
        .readings
        .iter()
        .filter(|r| matches!(r, Reading::Touch { .. }))
        .count();
    assert_eq!(touches, 4);
    assert!(t.moves().is_empty());
    assert!(t.mismatches().is_empty());
}

#[test]
fn art7_5_displaced_pieces_are_reported_with_the_position_to_restore() {
    let mut t = Table::start();
    t.slide(Square::E2, Square::E4);
    t.wait(SETTLE);
    // A black knight held in the hand a long time is not yet an irregularity.
    t.lift(Square::G8);
    t.wait(5 * SETTLE);
    assert!(t.mismatches().is_empty());
    // Put down on a square no knight move reaches.
    t.put(Square::G5, Color::Black, Piece::Knight);
    t.wait(SETTLE);
    let Some(Reading::Mismatch {
        kind,
        squares,
        restore,
        ..
    }) = t
        .readings
        .iter()
        .rev()
        .find(|r| matches!(r, Reading::Mismatch { .. }))
        .cloned()
    else {
        panic!("no mismatch in {:?}", t.readings);
    };
    assert_eq!(kind, Mismatch::Displaced);
    assert_eq!(squares, [Square::G5, Square::G8]);
    assert_eq!(
        restore.get(Square::G8),
        Occupant::Piece(Color::Black, Piece::Knight)
    );
    assert!(
        t.rec.poll_command() == Some(Command::SendBoard),
        "a dump is asked to confirm"
    );
    t.slide(Square::G5, Square::G8);
    t.wait(SETTLE);
    assert!(matches!(t.readings.last(), Some(Reading::Restored { .. })));
    t.slide(Square::G8, Square::F6);
    t.wait(SETTLE);
    assert_eq!(t.moves(), ["e2e4", "g8f6"]);
}

#[test]
fn a_move_taken_back_on_the_board_is_reported() {
    let mut t = Table::start();
    t.settled(&[
        (Square::D2, Square::D4),
        (Square::D7, Square::D5),
        (Square::D5, Square::D7),
    ]);
    assert_eq!(t.moves(), ["d2d4", "d7d5", "takeback to 1"]);
    assert_eq!(t.rec.moves().len(), 1);
}

#[test]
fn art6_8a_with_a_clock_the_lever_press_completes_the_move() {
    let mut t = Table::new(
        Completion::ClockPress,
        Orientation::Normal,
        Placement::start(),
    );
    let side = |s| SideTime {
        hours: 0,
        minutes: 5,
        seconds: s,
        is_flag_fallen: false,
        is_flag_shown: false,
    };
    let times = |right_high| ClockTimes {
        left: side(0),
        right: side(0),
        is_running: true,
        is_right_lever_high: right_high,
        is_battery_low: false,
    };
    t.send(BoardMessage::Clock(ClockReading::Times(times(true))));
    t.slide(Square::E2, Square::E4);
    t.wait(10 * SETTLE);
    assert!(t.moves().is_empty(), "no press, no move");
    t.now += 5;
    t.send(BoardMessage::Clock(ClockReading::Times(times(false))));
    assert_eq!(t.moves(), ["e2e4"]);
    assert!(matches!(t.readings.last(), Some(Reading::Move { at, .. }) if *at == t.now));
}

#[test]
fn a_board_reconnected_after_a_move_made_while_unplugged_catches_up_from_the_dump() {
    let mut t = Table::start();
    t.slide(Square::E2, Square::E4);
    t.wait(SETTLE);
    t.rec.reset_board();
    t.board.set(Square::E7, Occupant::Empty);
    t.board
        .set(Square::E5, Occupant::Piece(Color::Black, Piece::Pawn));
    t.now += 3000;
    t.dump();
    assert_eq!(t.moves(), ["e2e4", "e7e5"]);
}

#[test]
fn a_resumed_game_finds_its_place_and_orientation() {
    let pos = Position::startpos();
    let moves: Vec<_> = ["e2e4", "c7c5", "g1f3"]
        .iter()
        .map(|u| arbiter_core::notation::uci::parse_syntax(u).expect("valid uci"))
        .collect();
    let rec = Reconstructor::resume(
        Completion::Settle { settle_ms: SETTLE },
        pos.clone(),
        &moves,
        None,
    );
    let mut board = pos.clone();
    for &m in &moves {
        board.play(m).expect("legal");
    }
    let mut t = Table {
        rec,
        orientation: Orientation::Rotated,
        board: board.placement(),
        now: 0,
        readings: vec![],
    };
    t.dump();
    assert_eq!(t.rec.orientation(), Some(Orientation::Rotated));
    t.slide(Square::D7, Square::D6);
    t.wait(SETTLE);
    assert_eq!(t.moves(), ["d7d6"]);
    assert_eq!(
        t.readings
            .iter()
            .filter(|r| matches!(r, Reading::Move { ply: 4, .. }))
            .count(),
        1
    );
}

#[test]
fn art4_3_a_move_the_game_refused_is_set_back_and_not_read_again_until_the_pieces_change() {
    let mut t = Table::start();
    t.slide(Square::E2, Square::E4);
    t.wait(SETTLE + 10);
    assert_eq!(t.moves(), ["e2e4"]);
    // The Laws engine refused e4 (say, another piece was touched first): follow the game.
    t.readings.clear();
    let now = t.now;
    t.rec.rebase(now, Position::startpos(), &[]);
    t.drain();
    let restore = t.readings.iter().find_map(|r| match r {
        Reading::Mismatch {
            kind: Mismatch::Displaced,
            squares,
            restore,
            ..
        } => Some((squares.clone(), *restore)),
        _ => None,
    });
    assert_eq!(
        restore,
        Some((vec![Square::E2, Square::E4], Placement::start())),
        "the board is told what to restore"
    );
    // A full dump of the same pieces does not read e4 again.
    t.dump();
    t.wait(SETTLE + 10);
    assert!(t.moves().is_empty(), "{:?}", t.moves());
    // The pawn goes back and d4 is played instead: that is read.
    t.slide(Square::E4, Square::E2);
    t.wait(SETTLE + 10);
    t.slide(Square::D2, Square::D4);
    t.wait(SETTLE + 10);
    assert_eq!(t.moves(), ["d2d4"]);
}

#[test]
fn art7_4a_the_attempted_illegal_move_is_read_from_the_pieces() {
    use arbiter_core::dgt::reconstruct::attempted_move;
    let start = Position::startpos();
    let mut seen = Placement::start();
    // The king jumps two squares forward through his own pawn: one own piece moved.
    seen.set(Square::E1, Occupant::Empty);
    seen.set(Square::E3, Occupant::Piece(Color::White, Piece::King));
    let tried = attempted_move(&start, &seen).expect("one piece moved");
    assert_eq!(tried.to_string(), "e1e3");
    // A knight onto an enemy pawn's square it cannot reach: a capture attempt.
    let after = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        .expect("fen");
    let mut seen = after.placement();
    seen.set(Square::G1, Occupant::Empty);
    seen.set(Square::E5, Occupant::Piece(Color::White, Piece::Knight));
    assert_eq!(
        attempted_move(&after, &seen).map(|m| m.to_string()),
        Some("g1e5".to_owned())
    );
    // Two own pieces moved, or a piece only lifted: no single attempt to rule on.
    let mut seen = Placement::start();
    seen.set(Square::E2, Occupant::Empty);
    seen.set(Square::D2, Occupant::Empty);
    seen.set(Square::E4, Occupant::Piece(Color::White, Piece::Pawn));
    seen.set(Square::D4, Occupant::Piece(Color::White, Piece::Pawn));
    assert_eq!(attempted_move(&start, &seen), None);
    let mut seen = Placement::start();
    seen.set(Square::G1, Occupant::Empty);
    assert_eq!(attempted_move(&start, &seen), None);
    // A pawn reaching the last rank as a new piece names it.
    let late = Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").expect("fen");
    let mut seen = late.placement();
    seen.set(Square::E7, Occupant::Empty);
    seen.set(Square::D8, Occupant::Piece(Color::White, Piece::Queen));
    assert_eq!(
        attempted_move(&late, &seen).map(|m| m.to_string()),
        Some("e7d8q".to_owned())
    );
}

/// The readings about the game's touches: the lifts not held, and the held kings found touched.
fn game_lifts(readings: &[Reading]) -> Vec<(u64, Square)> {
    readings
        .iter()
        .filter_map(|r| match r {
            Reading::Touch {
                at,
                touch,
                held: false,
            } if touch.kind == TouchKind::Lift => Some((*at, touch.square)),
            Reading::KingTouched { at, square, .. } => Some((*at, *square)),
            _ => None,
        })
        .collect()
}

#[test]
fn art4_3_the_own_king_lifted_and_set_down_off_the_result_signal_is_touched_at_its_lift() {
    let mut t = Table::start();
    t.settled(&[(Square::E2, Square::E4), (Square::E7, Square::E5)]);
    t.readings.clear();
    t.lift(Square::E1);
    let lifted_at = t.now;
    // Streamed at once as a sensor change, but held: no touch of the game yet.
    assert!(matches!(
        t.readings[..],
        [Reading::Touch { held: true, touch, .. }] if touch.piece == Piece::King
    ));
    assert!(game_lifts(&t.readings).is_empty());
    // Set down on e2, a king's move: a touch of the king, at the instant of its lift, told
    // before the placement's own touch.
    t.put(Square::E2, Color::White, Piece::King);
    assert!(matches!(
        t.readings[1..],
        [
            Reading::KingTouched { square: Square::E1, color: Color::White, .. },
            Reading::Touch { held: false, touch, .. }
        ] if touch.kind == TouchKind::Place
    ));
    assert_eq!(game_lifts(&t.readings), [(lifted_at, Square::E1)]);
    t.wait(SETTLE);
    // The readings since the king's lift: the king's move.
    assert_eq!(t.moves(), ["e1e2"]);
}

#[test]
fn art4_3_the_own_king_set_down_for_the_result_signal_touches_nothing() {
    let mut t = Table::start();
    t.slide(Square::E2, Square::E4);
    t.wait(SETTLE);
    t.readings.clear();
    // Black, on move, begins the signal: his king from e8 onto d5, a centre square no king's
    // move reaches from e8.
    t.lift(Square::E8);
    assert!(
        game_lifts(&t.readings).is_empty(),
        "the king's lift is held"
    );
    t.put(Square::D5, Color::Black, Piece::King);
    assert!(
        !t.readings
            .iter()
            .any(|r| matches!(r, Reading::KingTouched { .. })),
        "{:?}",
        t.readings
    );
}

#[test]
fn art4_3_a_king_lifted_and_then_another_piece_is_a_touch_of_the_king_first() {
    let mut t = Table::start();
    t.readings.clear();
    t.lift(Square::E1);
    let king_at = t.now;
    t.lift(Square::G1);
    let knight_at = t.now;
    // The signal sets the kings down first: another lift tells the king was touched, first.
    assert_eq!(
        game_lifts(&t.readings),
        [(king_at, Square::E1), (knight_at, Square::G1)]
    );
    // And a new turn holds the next king lift again.
    t.put(Square::E1, Color::White, Piece::King);
    t.put(Square::F3, Color::White, Piece::Knight);
    t.wait(SETTLE);
    assert_eq!(t.moves(), ["g1f3"]);
    t.readings.clear();
    t.lift(Square::E8);
    assert!(matches!(
        t.readings[..],
        [Reading::Touch { held: true, .. }]
    ));
}

#[test]
fn art4_3b_a_piece_lifted_before_its_players_turn_and_still_up_is_his_first_lift_of_the_turn() {
    let mut t = Table::start();
    // Black reaches early while White is on move: no lift of the player on move.
    t.lift(Square::G8);
    assert!(!t.rec.own_lifted());
    // White's move comes to the game from elsewhere (the other board of two), and the board's
    // picture follows it: Black is on move with his knight still up.
    let e4: arbiter_core::Move = "e2e4".parse().expect("a move");
    let now = t.now;
    t.rec.rebase(now, Position::startpos(), &[e4]);
    assert!(t.rec.own_lifted());
    // So his king lifted now is touched at once, not held for the result signal.
    t.drain();
    t.readings.clear();
    t.lift(Square::E8);
    assert!(
        matches!(
            t.readings[..],
            [Reading::Touch { held: false, touch, .. }] if touch.piece == Piece::King
        ),
        "{:?}",
        t.readings
    );
    // Where nothing of his is up when his turn comes, nothing is lifted yet.
    let mut quiet = Table::start();
    let now = quiet.now;
    quiet.rec.rebase(now, Position::startpos(), &[e4]);
    assert!(!quiet.rec.own_lifted());
}
