//! Blind and visually impaired players (2005 App. F / 2023 App. D): rows B-02 to B-10.

use crate::common_laws;

use arbiter_core::arbiter::{Event, GameConfig, Impairment, Verdict};
use arbiter_core::arbiter::{Noticed, Uncorrectable};
use arbiter_core::clock::{Millis, Timestamp};
use arbiter_core::laws::blind::{self, BoardOf, ClockReading, Correction, TwoBoards};
use arbiter_core::laws::{Edition, Law};
use arbiter_core::touch::Obligation;
use arbiter_core::{Color, Move, Position};
use common_laws::{Table, config, in_both_editions};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// A game where `player` is visually impaired, with or without his own tactile board.
fn impaired(edition: Edition, player: Color, tactile_board: bool, fen: Option<&str>) -> Table {
    let mut c: GameConfig = config(edition, 90, 30);
    c.visually_impaired = vec![Impairment {
        player,
        tactile_board,
    }];
    c.fen = fen.map(str::to_string);
    Table::new(c)
}

fn announce(t: &mut Table, player: Color, text: &str) {
    t.ok(Event::Announce {
        player,
        text: text.to_string(),
    });
}

/// A player corrects his last announcement: a slip of the tongue.
fn correct(t: &mut Table, player: Color, text: &str) {
    t.ok(Event::CorrectAnnouncement {
        player,
        text: text.to_string(),
    });
}

fn running(t: &Table) -> Option<Color> {
    t.game.clock().running().map(|(c, _)| c)
}

/// Presses `player`'s clock (refusals fail the test).
fn press(t: &mut Table, player: Color) {
    t.ok(Event::PressClock { player });
}

#[test]
fn b02_2005_announced_move_in_spoken_form_is_made_and_repeated() {
    let mut t = impaired(Edition::Fide2005, Color::White, false, None);
    announce(&mut t, Color::White, "Springer Felix drei");
    let rulings = t.take();
    assert_eq!(rulings.len(), 1);
    assert_eq!(rulings[0].law.to_string(), "2005 App. F2.1");
    assert_eq!(
        rulings[0].verdict,
        Verdict::Announced {
            player: Color::White,
            mv: mv("g1f3"),
            spoken: "Springer Felix drei".to_string(),
            made: true,
        }
    );
    // The sighted opponent repeats it before and after the press.
    announce(&mut t, Color::Black, "Springer Felix drei");
    press(&mut t, Color::White);
    assert_eq!(t.game.moves()[0].san, "Nf3");
    // After the press Black is on move: his repetition is said as such.
    t.ok(Event::Repeat {
        player: Color::Black,
        text: "Springer Hector drei".to_string(),
    });
    let repeats: Vec<(String, bool)> = t
        .take()
        .into_iter()
        .filter_map(|r| match r.verdict {
            Verdict::AnnouncementRepeated { agrees, .. } => Some((r.law.to_string(), agrees)),
            _ => None,
        })
        .collect();
    let law = "2005 App. F2.1".to_string();
    assert_eq!(
        repeats,
        [(law.clone(), true), (law, false)],
        "Nh3 is not the move announced"
    );
    // Nothing of White's to repeat for White.
    assert!(
        t.send(Event::Repeat {
            player: Color::White,
            text: "Nf3".to_string()
        })
        .is_err()
    );
    t.replays();
}

#[test]
fn b02_2005_castling_announced_as_kurze_rochade() {
    let fen = "r3k2r/pppq1ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8";
    let mut t = impaired(Edition::Fide2005, Color::White, false, Some(fen));
    announce(&mut t, Color::White, "Kurze Rochade");
    press(&mut t, Color::White);
    assert_eq!(t.game.moves()[0].san, "O-O");
    announce(&mut t, Color::Black, "O-O-O");
    let said: Vec<String> = t
        .verdicts()
        .into_iter()
        .filter_map(|v| match v {
            Verdict::Announced { spoken, .. } => Some(spoken),
            _ => None,
        })
        .collect();
    assert_eq!(said, ["Kurze Rochade", "Lange Rochade"]);
}

#[test]
fn b02_2023_promotion_announced_with_its_piece_in_the_games_language() {
    let mut c = config(Edition::Fide2023, 90, 30);
    c.fen = Some("8/P6k/8/8/8/8/8/K7 w - - 0 1".to_string());
    c.visually_impaired = vec![Impairment {
        player: Color::White,
        tactile_board: false,
    }];
    c.language = Some("de".to_string());
    let mut t = Table::new(c);
    // German algebraic notation: D for Dame.
    announce(&mut t, Color::White, "a8=D");
    let rulings = t.take();
    assert_eq!(rulings[0].law.to_string(), "2023 App. D.2.1");
    match &rulings[0].verdict {
        Verdict::Announced { spoken, mv: m, .. } => {
            assert_eq!(spoken, "Anna acht, Dame");
            assert_eq!(*m, mv("a7a8q"));
        }
        other => panic!("{other:?}"),
    }
    press(&mut t, Color::White);
    assert_eq!(t.game.moves()[0].san, "a8=Q");
}

#[test]
fn b02_2005_unreadable_or_illegal_announcement_is_refused_with_the_word() {
    let mut t = impaired(Edition::Fide2005, Color::White, false, None);
    let err = t
        .send(Event::Announce {
            player: Color::White,
            text: "Springer Zebra drei".to_string(),
        })
        .unwrap_err();
    assert!(err.to_string().contains("byte 9"), "{err}");
    let err = t
        .send(Event::Announce {
            player: Color::White,
            text: "Eva fuenf".to_string(),
        })
        .unwrap_err();
    assert!(err.to_string().contains("not a legal move"), "{err}");
    assert!(t.game.log().events().len() == 1, "only the start is logged");
}

#[test]
fn b03_2005_tactile_lift_from_hole_touches_piece_must_move() {
    let mut t = impaired(Edition::Fide2005, Color::White, true, None);
    t.lift("b1");
    t.place("b1");
    t.lift("e2");
    t.place("e4");
    press(&mut t, Color::White);
    let rulings = t.take();
    assert_eq!(rulings[0].law.to_string(), "2005 App. F2.2");
    assert_eq!(
        rulings[0].verdict,
        Verdict::MustMove {
            player: Color::White,
            obligation: Obligation::MovePiece {
                square: "b1".parse().unwrap(),
                no_castling: false
            }
        }
    );
    assert_eq!(t.game.moves().len(), 0);
    assert_eq!(running(&t), Some(Color::White), "no clock switch");
}

#[test]
fn b03_2023_tactile_lift_from_hole_touches_piece_must_move() {
    let mut t = impaired(Edition::Fide2023, Color::Black, true, None);
    t.play("e2e4");
    t.lift("g8");
    t.place("g8");
    t.lift("d7");
    t.place("d5");
    press(&mut t, Color::Black);
    assert_eq!(t.laws(), ["2023 App. D.2.2"]);
    assert_eq!(t.game.moves().len(), 1);
}

#[test]
fn b04_2005_tactile_move_made_when_announced_clock_may_start() {
    let mut t = impaired(Edition::Fide2005, Color::White, true, None);
    // The pawn is out of its hole and in his hand: the move is not made.
    t.lift("e2");
    press(&mut t, Color::White);
    let rulings = t.take();
    assert_eq!(rulings.len(), 1);
    assert_eq!(rulings[0].law.to_string(), "2005 App. F2.3");
    assert_eq!(
        rulings[0].verdict,
        Verdict::Notice {
            what: Noticed::MoveNotMadeClockNotStarted
        }
    );
    assert_eq!(running(&t), Some(Color::White));
    // Announced: now it is made, and the press starts Black's clock.
    announce(&mut t, Color::White, "Eva vier");
    press(&mut t, Color::White);
    assert_eq!(running(&t), Some(Color::Black));
    assert_eq!(t.game.moves()[0].text, mv("e2e4"));
    t.replays();
}

#[test]
fn b04_2005_tactile_move_made_when_piece_sits_in_another_hole() {
    let mut t = impaired(Edition::Fide2005, Color::White, true, None);
    t.lift("g1");
    t.place("f3");
    press(&mut t, Color::White);
    assert_eq!(running(&t), Some(Color::Black));
    assert_eq!(t.game.moves()[0].san, "Nf3");
}

#[test]
fn b04_2023_tactile_capture_made_when_captured_piece_removed() {
    // 1.e4 d5: White takes on d5; both pawns are out of their holes, nothing set down yet.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    let mut t = impaired(Edition::Fide2023, Color::White, true, Some(fen));
    t.lift("e4");
    press(&mut t, Color::White);
    assert_eq!(t.laws(), ["2023 App. D.2.3"], "only his own pawn is up");
    assert_eq!(running(&t), Some(Color::White));
    t.take();
    t.lift("d5");
    press(&mut t, Color::White);
    assert_eq!(running(&t), Some(Color::Black));
    assert_eq!(t.game.moves()[0].san, "exd5");
    t.replays();
}

#[test]
fn b04_2023_press_without_a_made_move_is_not_an_illegal_move_for_the_impaired_player() {
    let mut t = impaired(Edition::Fide2023, Color::White, false, None);
    press(&mut t, Color::White);
    assert_eq!(t.laws(), ["2023 App. D.2.3"]);
    assert_eq!(t.game.state(Timestamp(t.now)).illegal_moves, [0, 0]);
    assert_eq!(running(&t), Some(Color::White));
}

fn b05_sighted_player_keeps_the_normal_rules(edition: Edition) {
    let mut t = impaired(edition, Color::Black, true, None);
    // White is sighted: his announcement is only words; his move is made on his board.
    announce(&mut t, Color::White, "Eva vier");
    assert!(matches!(
        t.verdicts()[..],
        [Verdict::Announced { made: false, .. }]
    ));
    press(&mut t, Color::White);
    // A press without a move: only noted in 2005 (6.8a), an illegal move in 2023 (7.5.3).
    let pressed: &[&str] = match edition {
        Edition::Fide2005 => &["2005 Art. 6.8a"],
        Edition::Fide2023 => &["2023 Art. 7.5.1", "2023 Art. 7.5.5"],
    };
    assert_eq!(t.laws(), pressed, "a press without a move");
    t.take();
    assert_eq!(running(&t), Some(Color::White));
    // Touch-move for him is Art. 4, not App. F2.2.
    t.touch("g1");
    t.play("e2e4");
    assert_eq!(
        t.laws(),
        [Law::of(edition, "Art. 4.3a", "Art. 4.3.1").to_string()]
    );
    assert_eq!(t.game.moves().len(), 0);
}

in_both_editions!(
    b05_sighted_player_keeps_the_normal_rules,
    b05_2005_sighted_player_keeps_the_normal_rules,
    b05_2023_sighted_player_keeps_the_normal_rules
);

#[test]
fn b06_2005_slip_of_tongue_corrected_before_clock_started_accepted_after_refused() {
    let mut t = impaired(Edition::Fide2005, Color::White, false, None);
    announce(&mut t, Color::White, "Eva vier");
    correct(&mut t, Color::White, "Eva drei");
    let rulings = t.take();
    assert_eq!(rulings[1].law.to_string(), "2005 App. F2.6");
    assert_eq!(
        rulings[1].verdict,
        Verdict::AnnouncementCorrected {
            player: Color::White,
            mv: mv("e2e3"),
            spoken: "Eva drei".to_string()
        }
    );
    assert_eq!(t.game.state(Timestamp(t.now)).announced, Some(mv("e2e3")));
    press(&mut t, Color::White);
    assert_eq!(t.game.moves()[0].text, mv("e2e3"), "the corrected move");
    t.take();
    // Black's clock runs now: too late.
    correct(&mut t, Color::White, "Eva vier");
    let rulings = t.take();
    assert_eq!(rulings[0].law.to_string(), "2005 App. F2.6");
    assert_eq!(
        rulings[0].verdict,
        Verdict::CorrectionRefused {
            player: Color::White,
            because: Uncorrectable::OpponentClockStarted
        }
    );
    assert_eq!(t.game.moves()[0].text, mv("e2e3"));
    t.replays();
}

#[test]
fn b06_2023_correction_frees_the_piece_first_named() {
    let mut t = impaired(Edition::Fide2023, Color::White, false, None);
    announce(&mut t, Color::White, "Springer Felix drei");
    correct(&mut t, Color::White, "David vier");
    assert_eq!(t.laws(), ["2023 App. D.2.1", "2023 App. D.2.8"]);
    press(&mut t, Color::White);
    assert_eq!(t.game.moves()[0].text, mv("d2d4"), "no touch-move on g1");
    // Nothing announced this turn: nothing to correct.
    correct(&mut t, Color::Black, "David fuenf");
    assert!(t.verdicts().contains(&Verdict::CorrectionRefused {
        player: Color::Black,
        because: Uncorrectable::NothingAnnounced
    }));
}

/// A reproducible game of `plies` half-moves: at each ply the legal move at a position
/// chosen by the ply number, avoiding moves that end the game.
fn scripted_moves(start: &Position, plies: usize) -> Vec<Move> {
    let mut board = start.clone();
    let mut out = Vec::new();
    for ply in 0..plies {
        let moves = arbiter_core::touch::legal_moves(&board);
        let n = moves.len();
        let pick = (0..n)
            .map(|k| moves[(ply * 7 + k) % n])
            .find(|&m| {
                let b = board.after(m).expect("a legal move");
                !arbiter_core::touch::legal_moves(&b).is_empty() && b.halfmove_clock() < 90
            })
            .expect("a move that does not end the game");
        out.push(pick);
        board.play(pick).expect("a legal move");
    }
    out
}

#[test]
fn b07_2005_scores_agree_player_who_played_wrong_fixes_his_board() {
    let start = Position::startpos();
    let score: Vec<Move> = ["e2e4", "e7e5", "g1f3"].iter().map(|s| mv(s)).collect();
    let right = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R";
    // On the tactile board the knight went to h3.
    let wrong = "rnbqkbnr/pppp1ppp/8/4p3/4P3/7N/PPPP1PPP/RNBQKB1R";
    let found = blind::reconcile(
        Edition::Fide2005,
        TwoBoards {
            start: &start,
            impaired_score: &score,
            sighted_score: &score,
            impaired_board: wrong,
            sighted_board: right,
        },
        None,
    )
    .unwrap();
    match found {
        Correction::FixBoards {
            boards,
            ply,
            fen,
            law,
        } => {
            assert_eq!(boards, [BoardOf::Impaired]);
            assert_eq!(ply, 3);
            assert!(fen.starts_with(right), "{fen}");
            assert_eq!(law.to_string(), "2005 App. F2.7");
        }
        other => panic!("{other:?}"),
    }
    // Both boards right: in step.
    let same = blind::reconcile(
        Edition::Fide2005,
        TwoBoards {
            start: &start,
            impaired_score: &score,
            sighted_score: &score,
            impaired_board: right,
            sighted_board: &format!("{right} b KQkq - 1 2"),
        },
        None,
    );
    assert_eq!(same, Ok(Correction::InStep));
}

#[test]
fn b07_2023_scores_differ_at_ply_30_retrace_with_clocks_from_the_log() {
    let mut t = impaired(Edition::Fide2023, Color::Black, true, None);
    let start = t.game.board().clone();
    let played = scripted_moves(&start, 34);
    let mut readings = Vec::new();
    let mut boards = Vec::new();
    for (i, m) in played.iter().enumerate() {
        t.wait(1_000 + (i as u64 * 3_917) % 20_000);
        t.play(&m.to_string());
        let s = t.game.state(Timestamp(t.now));
        readings.push(ClockReading {
            white: s.white.remaining,
            black: s.black.remaining,
        });
        boards.push(s.fen);
    }
    assert_eq!(t.game.moves().len(), 34);
    // The sighted player wrote another move at ply 30 and went on from there.
    let mut sighted = played[..29].to_vec();
    let mut board = Position::startpos();
    for m in &sighted {
        board
            .play(arbiter_core::touch::legal_move(&board, *m).unwrap())
            .unwrap();
    }
    let other = arbiter_core::touch::legal_moves(&board)
        .into_iter()
        .find(|m| *m != played[29])
        .unwrap();
    sighted.push(other);
    let found = t
        .game
        .reconcile_boards(&played, &sighted, &boards[33], &boards[33])
        .unwrap();
    assert_eq!(
        found,
        Correction::Retrace {
            ply: 29,
            fen: boards[28].clone(),
            clocks: Some(readings[28]),
            law: blind::retrace_law(Edition::Fide2023),
        }
    );
    assert_eq!(
        blind::retrace_law(Edition::Fide2023).to_string(),
        "2023 App. D.2.9"
    );
    // A board that cannot be read is named.
    let err = t
        .game
        .reconcile_boards(&played, &played, "8/8/8/8/8/8/8", &boards[33])
        .unwrap_err();
    assert!(err.to_string().contains("Impaired"), "{err}");
}

#[test]
fn b08_2005_time_told_as_a_duration_never_as_a_clock_time() {
    let mut t = Table::new(config(Edition::Fide2005, 5, 0));
    // Start at 1 s; the move event at 28 s, the press at 29 s.
    t.wait(26_000);
    t.play("e2e4");
    let s = t.game.state(Timestamp(t.now + 1_000));
    // White used 28 s of his 5 minutes.
    assert_eq!(s.white.remaining, Millis(272_000));
    // What he is told on request: durations, which the page says in words from its catalogue
    // ("4 minutes 32 seconds", "4 Minuten 32 Sekunden": tests/e2e/duration.test.mjs).
    let told = s.time_on_request(Color::White);
    assert_eq!(told.own.remaining, Millis(272_000));
    assert_eq!(told.theirs.remaining, Millis(299_000));
    assert_eq!(told.own.moves, 1);
}

#[test]
fn b08_2023_tactile_clock_marks_every_five_minutes_then_each_minute() {
    let t = Table::new(config(Edition::Fide2023, 17, 0));
    // White thinks for 17 minutes; the page reads the clock every 700 ms.
    let mut marks = Vec::new();
    let mut before = t.game.state(Timestamp(t.now)).white.remaining;
    let mut due = blind::next_mark(before);
    for step in 1..=1_500u64 {
        let now = Timestamp(t.now + step * 700);
        let after = t.game.clock().remaining(Color::White, now);
        if let Some(m) = blind::mark_passed(before, after) {
            // The mark the page was told to wait for is the one that came.
            assert_eq!(Some(m), due);
            marks.push((m.remaining.0 / 60_000, m.dots));
            due = blind::next_mark(m.remaining);
        }
        before = after;
    }
    assert_eq!(
        marks,
        [(15, 2), (10, 1), (5, 1), (4, 0), (3, 0), (2, 0), (1, 0)]
    );
    assert_eq!(
        blind::tactile_clock_law(Edition::Fide2023).to_string(),
        "2023 App. D.2.6"
    );
}

fn b10_moves_completed_and_time_used_on_request_only(edition: Edition) {
    let mut c = config(edition, 90, 30);
    c.visually_impaired = vec![Impairment {
        player: Color::Black,
        tactile_board: false,
    }];
    let mut t = Table::new(c);
    let times = [4_000, 9_000, 61_000, 2_500, 30_000, 125_000];
    let moves = ["e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4"];
    for (ms, m) in times.iter().zip(moves) {
        t.wait(*ms);
        t.play(m);
    }
    t.wait(7_000);
    let s = t.game.state(Timestamp(t.now));
    // Each play() adds 1 s for the move event and 1 s for the press.
    let used = |own: &[u64]| Millis(own.iter().map(|ms| ms + 2_000).sum());
    assert_eq!(
        s.white.used,
        Millis(used(&[4_000, 61_000, 30_000]).0 + 7_000)
    );
    assert_eq!(s.black.used, used(&[9_000, 2_500, 125_000]));
    assert_eq!((s.white.moves, s.black.moves), (3, 3));
    // The game itself never announces the time: no ruling speaks of the clock.
    assert!(t.game.rulings().iter().all(|r| !matches!(
        r.verdict,
        Verdict::TimeAdded { .. } | Verdict::TimeCharged { .. }
    )));
    // White: 108 s used, 90:00 - 1:48 + 3 x 30 s left; Black: 142.5 s used. The page says
    // these in words ("you: 1 hour 29 minutes 7 seconds left, 2 minutes 22 seconds used; ...":
    // tests/e2e/duration.test.mjs, with these figures).
    let black = s.time_on_request(Color::Black);
    assert_eq!(black.own.remaining, Millis(5_347_500));
    assert_eq!(black.own.used, Millis(142_500));
    assert_eq!(black.own.moves, 3);
    assert_eq!(black.theirs.remaining, Millis(5_382_000));
    assert_eq!(black.theirs.used, Millis(108_000));
    let white = s.time_on_request(Color::White);
    assert_eq!((white.own, white.theirs), (black.theirs, black.own));
    assert_eq!(
        blind::on_request_law(edition),
        Law::of(edition, "App. F2.9d", "App. D.2.10")
    );
}

in_both_editions!(
    b10_moves_completed_and_time_used_on_request_only,
    b10_2005_moves_completed_and_time_used_on_request_only,
    b10_2023_moves_completed_and_time_used_on_request_only
);

#[test]
fn b04_2023_tactile_board_move_stands_when_the_announcement_differs() {
    let mut t = impaired(Edition::Fide2023, Color::White, true, None);
    t.lift("g1");
    t.place("f3");
    announce(&mut t, Color::White, "Springer Hector drei");
    t.take();
    press(&mut t, Color::White);
    let rulings = t.take();
    assert_eq!(rulings[0].law.to_string(), "2023 App. D.2.9");
    assert_eq!(
        rulings[0].verdict,
        Verdict::Notice {
            what: Noticed::AnnouncementDiffersFromBoard
        }
    );
    assert_eq!(t.game.moves()[0].san, "Nf3", "the move on his board");
}

/// The Braille score of a game the engine ran: names, moves as the record has them (castling,
/// a capture, a draw offer with the move), the result.
fn braille_score_of_a_played_game(edition: Edition) {
    let mut c: GameConfig = config(edition, 90, 30);
    c.white = "Eva".into();
    c.black = "Hector".into();
    c.visually_impaired = vec![Impairment {
        player: Color::Black,
        tactile_board: false,
    }];
    let mut t = Table::new(c);
    t.plays("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    t.offer_draw(Color::Black);
    t.play("f6e4");
    t.accept_draw(Color::White);
    assert_eq!(
        arbiter_core::arbiter::brf(&t.game),
        "WHITE EVA\r\n\
         BLACK HECTOR\r\n\
         \r\n\
         1 E4 E5\r\n\
         2 ,NF3 ,NC6\r\n\
         3 ,BC4 ,NF6\r\n\
         4 0-0 ,NXE4=\r\n\
         RESULT DRAWN\r\n"
    );
}

in_both_editions!(
    braille_score_of_a_played_game,
    b09_2005_braille_score_of_the_game,
    b09_2023_braille_score_of_the_game
);
