//! Irregularities of the setup and going back to an earlier position (Art. 6.14, 7 / 2023
//! Art. 7): rows I-01, I-02, I-04, I-15 and RB-03 (with castling after a faulty set-up).

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::Noticed;
use arbiter_core::arbiter::{Decision, Event, Refused, RestoreCause, SetupFault, Stamped, Verdict};
use arbiter_core::clock::{Millis, Mode, Timestamp};
use arbiter_core::laws::Edition;
use arbiter_core::touch::{self, Obligation};
use common_laws::{Table, config};

/// A reproducible game: at each ply a legal move picked by the ply number that neither ends
/// the game nor repeats much.
fn scripted(plies: usize) -> Vec<String> {
    let mut board = arbiter_core::Position::startpos();
    let mut out = Vec::new();
    for ply in 0..plies {
        let moves = touch::legal_moves(&board);
        let n = moves.len();
        let pick = (0..n)
            .map(|k| moves[(ply * 5 + k) % n])
            .find(|&m| {
                let b = board.after(m).expect("a legal move");
                !touch::legal_moves(&b).is_empty()
            })
            .expect("a move that does not end the game");
        out.push(pick.to_string());
        board.play(pick).expect("a legal move");
    }
    out
}

/// Plays `plies` scripted half-moves with uneven thinking times; returns (FEN, White's time,
/// Black's time) after each.
fn play_timed(t: &mut Table, plies: usize) -> Vec<(String, Millis, Millis)> {
    let mut seen = Vec::new();
    for (i, mv) in scripted(plies).iter().enumerate() {
        t.wait(2_000 + (i as u64 * 7_331) % 40_000);
        t.play(mv);
        let s = t.game.state(Timestamp(t.now));
        seen.push((s.fen, s.white.remaining, s.black.remaining));
    }
    seen
}

fn restore(t: &mut Table, ply: usize, cause: RestoreCause) {
    t.decide(Decision::Restore { ply, cause });
}

fn check_restore(edition: Edition, cause: RestoreCause, article: &str) {
    let mut t = Table::standard(edition);
    let seen = play_timed(&mut t, 12);
    t.take();
    restore(&mut t, 6, cause);
    let rulings = t.take();
    assert_eq!(rulings[0].law.to_string(), article);
    assert_eq!(
        rulings[0].verdict,
        Verdict::PositionRestored {
            fen: seen[5].0.clone(),
            obligation: Obligation::Free
        }
    );
    let (_, white, black) = seen[5].clone();
    assert_eq!(
        rulings[1].verdict,
        Verdict::ClocksSet {
            white,
            black,
            moves: [3, 3]
        }
    );
    let s = t.game.state(Timestamp(t.now));
    assert_eq!(s.fen, seen[5].0);
    assert_eq!((s.white.remaining, s.black.remaining), (white, black));
    assert_eq!((s.white.moves, s.black.moves), (3, 3));
    assert_eq!(s.running, Some(Color::White));
    assert_eq!(t.game.moves().len(), 6);
    // Play goes on from there, on White's clock.
    t.wait(5_000);
    assert_eq!(t.remaining(Color::White), white.0 - 5_000);
    let again = scripted(7);
    t.play(&again[6]);
    assert_eq!(t.game.moves().len(), 7);
    t.replays();
}

#[test]
fn i01_2005_restore_to_ply_six_sets_its_clock_times_and_move_counters() {
    check_restore(Edition::Fide2005, RestoreCause::Arbiter, "2005 Art. 6.14");
}

#[test]
fn i01_2023_restore_to_ply_six_sets_its_clock_times_and_move_counters() {
    check_restore(Edition::Fide2023, RestoreCause::Arbiter, "2023 Art. 7.1");
}

#[test]
fn i01_2023_restore_beyond_the_game_is_refused() {
    let mut t = Table::standard(Edition::Fide2023);
    play_timed(&mut t, 4);
    let err = t
        .send(Event::Arbiter {
            decision: Decision::Restore {
                ply: 9,
                cause: RestoreCause::Arbiter,
            },
        })
        .unwrap_err();
    assert_eq!(err, Refused::NoSuchPly { ply: 9, plies: 4 });
}

#[test]
fn i15_2005_piece_found_on_wrong_square_restores_the_position_before() {
    check_restore(Edition::Fide2005, RestoreCause::Displaced, "2005 Art. 7.5");
}

#[test]
fn i15_2023_piece_found_on_wrong_square_restores_the_position_before() {
    check_restore(Edition::Fide2023, RestoreCause::Displaced, "2023 Art. 7.6");
}

fn fault(t: &mut Table, fault: SetupFault) -> Vec<(String, Verdict)> {
    t.take();
    t.decide(Decision::SetupFault { fault });
    t.take_with_laws()
}

#[test]
fn i02_2005_wrong_setup_found_at_move_five_cancels_and_replays() {
    let mut t = Table::standard(Edition::Fide2005);
    play_timed(&mut t, 9);
    let seen = fault(&mut t, SetupFault::WrongSetup);
    assert_eq!(
        seen,
        [(
            "2005 Art. 7.1a".to_string(),
            Verdict::NewGame {
                because: SetupFault::WrongSetup,
                colours_swapped: false
            }
        )]
    );
    let s = t.game.state(Timestamp(t.now));
    assert_eq!(s.fen, cozy_chess::Board::default().to_string());
    assert_eq!(s.running, None, "the arbiter starts the new game");
    assert_eq!(s.white.remaining, Millis::minutes(90));
    assert!(t.game.moves().is_empty());
    t.ok(Event::Start);
    t.play("e2e4");
    assert_eq!(t.game.moves().len(), 1);
    t.replays();
}

#[test]
fn i02_2023_wrong_setup_cancels_the_game() {
    let mut t = Table::standard(Edition::Fide2023);
    play_timed(&mut t, 4);
    let seen = fault(&mut t, SetupFault::WrongSetup);
    assert_eq!(seen[0].0, "2023 Art. 7.2.1");
}

fn named(edition: Edition) -> Table {
    let mut c = config(edition, 90, 30);
    c.white = "Ada".to_string();
    c.black = "Bo".to_string();
    Table::new(c)
}

#[test]
fn i04_2023_colours_reversed_found_at_move_six_restart_with_right_colours() {
    let mut t = named(Edition::Fide2023);
    play_timed(&mut t, 10);
    let seen = fault(&mut t, SetupFault::ColoursReversed);
    assert_eq!(
        seen,
        [(
            "2023 Art. 7.3".to_string(),
            Verdict::NewGame {
                because: SetupFault::ColoursReversed,
                colours_swapped: true
            }
        )]
    );
    assert_eq!(t.game.config().white, "Bo");
    assert_eq!(t.game.config().black, "Ada");
    assert!(t.game.moves().is_empty());
    t.ok(Event::Start);
    t.replays();
}

#[test]
fn i04_2023_colours_reversed_after_ten_moves_each_play_on() {
    let mut t = named(Edition::Fide2023);
    play_timed(&mut t, 20);
    let seen = fault(&mut t, SetupFault::ColoursReversed);
    assert_eq!(
        seen,
        [(
            "2023 Art. 7.3".to_string(),
            Verdict::Notice {
                what: Noticed::ColoursReversedPlayOn
            }
        )]
    );
    assert_eq!(t.game.moves().len(), 20);
    assert_eq!(t.game.config().white, "Ada");
}

#[test]
fn i04_2005_colours_reversed_found_at_move_six_play_on() {
    let mut t = named(Edition::Fide2005);
    play_timed(&mut t, 10);
    let seen = fault(&mut t, SetupFault::ColoursReversed);
    assert_eq!(seen[0].0, "2005 Art. 7.2");
    assert_eq!(t.game.moves().len(), 10);
}

#[test]
fn rb03_2023_unsupervised_clock_setting_corrected_at_move_four_not_at_move_twelve() {
    let mut t = Table::with(Edition::Fide2023, 25, 10, None, false, Some(Mode::Rapid));
    play_timed(&mut t, 6);
    let seen = fault(&mut t, SetupFault::ClockSetting);
    assert_eq!(
        seen,
        [(
            "2023 Art. 6.10.2".to_string(),
            Verdict::Notice {
                what: Noticed::ClockSettingToBeCorrected
            }
        )]
    );
    let mut t = Table::with(Edition::Fide2023, 25, 10, None, false, Some(Mode::Rapid));
    play_timed(&mut t, 22);
    let seen = fault(&mut t, SetupFault::ClockSetting);
    assert_eq!(
        seen,
        [(
            "2023 App. A.5.1".to_string(),
            Verdict::Notice {
                what: Noticed::SetupFaultTooLate
            }
        )]
    );
    // A wrong setup found that late is no longer claimable either: the game goes on.
    let seen = fault(&mut t, SetupFault::WrongSetup);
    assert_eq!(seen[0].0, "2023 App. A.5.1");
    assert_eq!(t.game.moves().len(), 22);
}

#[test]
fn rb03_2005_rapid_clock_setting_at_move_four_too_late() {
    let mut t = Table::with(Edition::Fide2005, 25, 0, None, true, Some(Mode::Rapid));
    play_timed(&mut t, 6);
    let seen = fault(&mut t, SetupFault::ClockSetting);
    assert_eq!(seen[0].0, "2005 App. B4", "three moves each were made");
    let mut t = Table::with(Edition::Fide2005, 25, 0, None, true, Some(Mode::Rapid));
    play_timed(&mut t, 4);
    let seen = fault(&mut t, SetupFault::WrongSetup);
    assert_eq!(seen[0].0, "2005 Art. 7.1a", "two moves each: still in time");
}

#[test]
fn restore_and_new_game_events_read_back_from_json() {
    let text = r#"{"type":"arbiter","decision":{"kind":"restore","ply":3}}"#;
    let e: Event = serde_json::from_str(text).unwrap();
    assert_eq!(
        e,
        Event::Arbiter {
            decision: Decision::Restore {
                ply: 3,
                cause: RestoreCause::Arbiter
            }
        }
    );
    let text = r#"{"type":"arbiter","decision":{"kind":"setup_fault","fault":"colours_reversed"}}"#;
    assert!(
        serde_json::from_str::<Stamped<Event>>(&format!(r#"{{"at":5,"event":{text}}}"#)).is_ok()
    );
}

/// King and queen exchanged on both sides at the start (2005 App. B4's example).
const KING_AND_QUEEN_EXCHANGED: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1";

fn castlings_barred(seen: &[(String, Verdict)]) -> Vec<(String, Color, bool, bool)> {
    seen.iter()
        .filter_map(|(law, v)| match v {
            Verdict::CastlingBarred {
                player,
                short,
                long,
            } => Some((law.clone(), *player, *short, *long)),
            _ => None,
        })
        .collect()
}

#[test]
fn rb03_2005_rapid_exchanged_king_may_not_castle_once_too_late() {
    let mut t = Table::with(
        Edition::Fide2005,
        25,
        0,
        Some(KING_AND_QUEEN_EXCHANGED),
        true,
        Some(Mode::Rapid),
    );
    // The rights in the set-up's FEN are taken away before the first move.
    assert!(t.fen().contains(" w - - "), "{}", t.fen());
    // Clear b1 and c1 for White and b8 and c8 for Black: three moves each.
    t.plays("b1c3 b8c6 d2d4 d7d5 c1f4 c8f5");
    let seen = fault(&mut t, SetupFault::WrongSetup);
    assert_eq!(seen[0].0, "2005 App. B4");
    assert_eq!(
        castlings_barred(&seen),
        [
            ("2005 App. B4".to_string(), Color::White, true, true),
            ("2005 App. B4".to_string(), Color::Black, true, true),
        ]
    );
    // The king on d1 tries to castle towards the a-rook: refused with the article.
    t.play("d1b1");
    let seen = t.take_with_laws();
    assert_eq!(
        castlings_barred(&seen),
        [("2005 App. B4".to_string(), Color::White, true, true)]
    );
    assert!(seen.iter().any(|(_, v)| matches!(
        v,
        Verdict::IllegalMove {
            player: Color::White,
            ..
        }
    )));
    t.replays();
}

#[test]
fn rb03_2023_rook_out_of_its_corner_may_not_castle_with_it() {
    // White's a-rook and b-knight exchanged; unsupervised rapid.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBNR w Kkq - 0 1";
    let mut t = Table::with(
        Edition::Fide2023,
        25,
        10,
        Some(fen),
        false,
        Some(Mode::Rapid),
    );
    t.plays(
        "g1f3 g8f6 g2g3 g7g6 f1g2 f8g7 d2d3 d7d6 c1d2 c8d7 \
         e2e3 e7e6 d1e2 d8e7 a2a3 a7a6 h2h3 h7h6 b2b3 b7b6",
    );
    let seen = fault(&mut t, SetupFault::WrongSetup);
    assert_eq!(seen[0].0, "2023 App. A.5.1", "ten moves each: too late");
    assert_eq!(
        castlings_barred(&seen),
        [("2023 App. A.5.1".to_string(), Color::White, false, true)]
    );
    // Long castling with the rook on b1: refused with the article, and open to a claim.
    t.play("e1c1");
    let seen = t.take_with_laws();
    assert_eq!(
        castlings_barred(&seen),
        [("2023 App. A.5.1".to_string(), Color::White, false, true)]
    );
    t.claim(Color::Black, arbiter_core::arbiter::Claim::IllegalMove);
    // The king, touched, must move: short castling with the h-rook is still allowed.
    t.play("e1g1");
    assert_eq!(t.game.moves().last().unwrap().san, "O-O");
    t.replays();
}
