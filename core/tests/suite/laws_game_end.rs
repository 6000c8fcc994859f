//! A move that ends the game ends it (rows E-01, E-03, E-04 with C-04): checkmate, stalemate
//! and a dead position are complete when the move is made, without a press (2005 Art. 6.8a
//! "unless the move that was made ends the game" / 2023 Art. 6.2.1); the clocks stop at that
//! instant and a later press or flag changes nothing. Where a rule of its own says when a move
//! is made, it decides: a visually impaired player's move (2005 App. F2.3 / 2023 App. D.2.3), a
//! sealed move made by the arbiter (2005 App. A7 / 2023 Guidelines I.7), an illegal move
//! (completed only by the press, 2005 Art. 7.4a / 2023 Art. 7.5.1).

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::Noticed;
use arbiter_core::arbiter::{Event, GameConfig, Impairment, Reason, Refused, Verdict};
use arbiter_core::clock::{Millis, Timestamp};
use arbiter_core::laws::{Edition, Law, adjourn};
use common_laws::{Table, config, in_both_editions};

const FOOLS_MATE: &str = "f2f3 e7e5 g2g4 d8h4";

/// Fool's mate but its last move: Black to play Qd8-h4 mate.
fn before_the_mate_moves() -> &'static str {
    FOOLS_MATE
        .rsplit_once(' ')
        .map_or(FOOLS_MATE, |(opening, _)| opening)
}

/// A standard game at Fool's mate's last move.
fn before_the_mate(edition: Edition) -> Table {
    let mut t = Table::standard(edition);
    t.plays(before_the_mate_moves());
    t
}

/// Black's mate made at `made` ended the game then (2005 Art. 5.1a / 2023 Art. 5.1.1), as
/// [`ended_at_the_move`] checks.
fn black_mated_at(t: &mut Table, edition: Edition, made: u64) {
    let law = Law::of(edition, "Art. 5.1a", "Art. 5.1.1");
    ended_at_the_move(t, made, "0-1", Reason::Checkmate, law);
}

/// A ruling under `law` came at the instant `made`.
fn ruled_at(t: &Table, law: Law, made: u64) -> bool {
    t.game
        .rulings()
        .iter()
        .any(|r| r.law == law && r.at == Timestamp(made))
}

/// Loyd's ten-move stalemate: 1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6 6.Qxd7+ Kf7
/// 7.Qxb7 Qd3 8.Qxb8 Qh7 9.Qxc8 Kg6 10.Qe6.
const LOYD: &str = "e2e3 a7a5 d1h5 a8a6 h5a5 h7h5 h2h4 a6h6 a5c7 f7f6 c7d7 e8f7 d7b7 d8d3 \
                    b7b8 d3h7 b8c8 f7g6 c8e6";

/// Plays `line` with a press after every move but the last, which is only made (entered
/// whole); returns the instant it was made.
fn play_without_last_press(t: &mut Table, line: &str) -> u64 {
    let moves: Vec<&str> = line.split_whitespace().collect();
    let (last, before) = moves.split_last().expect("a line of moves");
    for mv in before {
        t.play(mv);
    }
    t.ok(Event::Move {
        mv: last.parse().unwrap(),
    });
    t.now
}

/// The game ended at `made` with `result` for `reason`, under `law`; the clocks stopped then
/// and stay stopped however long nobody presses; the log replays to the same game.
fn ended_at_the_move(t: &mut Table, made: u64, result: &str, reason: Reason, law: Law) {
    let over = t
        .game
        .rulings()
        .iter()
        .find(|r| matches!(r.verdict, Verdict::GameOver { .. }))
        .cloned()
        .expect("a game-over ruling");
    assert_eq!(
        over.at,
        Timestamp(made),
        "the game ends when the move is made"
    );
    assert_eq!(over.law, law);
    assert_eq!(t.result().as_deref(), Some(result));
    assert_eq!(t.game.result().map(|r| r.1), Some(reason));
    // The move is on the score, completed.
    assert_eq!(t.game.clock().running(), None, "the clocks stop");
    let then = t.game.state(Timestamp(made));
    let much_later = t.game.state(Timestamp(made + 3 * 60 * 60_000));
    assert_eq!(much_later.running, None);
    assert_eq!(much_later.white.remaining, then.white.remaining);
    assert_eq!(much_later.black.remaining, then.black.remaining);
    assert!(
        !much_later.white.flag && !much_later.black.flag,
        "no flag falls"
    );
    // No flag falls later, and nothing is left for the shells to time.
    assert_eq!(t.game.poll_deadline(), None);
    t.game.handle_deadline(Timestamp(made + 3 * 60 * 60_000));
    assert_eq!(t.game.poll_ruling(), None);
    t.replays();
}

/// The mover's habitual press after the final move is taken in and changes nothing; another
/// press is refused as for a finished game.
fn later_presses_change_nothing(t: &mut Table, mover: Color) {
    let before = t.game.state(Timestamp(t.now));
    let rulings = t.game.rulings().len();
    t.ok(Event::PressClock { player: mover });
    assert_eq!(t.game.rulings().len(), rulings, "the press rules nothing");
    let after = t.game.state(Timestamp(t.now));
    assert_eq!(after.white.remaining, before.white.remaining);
    assert_eq!(
        after.black.remaining, before.black.remaining,
        "no increment"
    );
    assert_eq!(after.outcome, before.outcome);
    assert_eq!(
        t.send(Event::PressClock { player: !mover }),
        Err(Refused::GameOver)
    );
    t.replays();
}

fn e01_fools_mate_ends_when_made(edition: Edition) {
    let mut t = before_the_mate(edition);
    let black_before = t.game.state(Timestamp(t.now)).black.remaining;
    let made = play_without_last_press(&mut t, "d8h4");
    black_mated_at(&mut t, edition, made);
    // Black's time stopped at the move: one second used, and no increment.
    let state = t.game.state(Timestamp(made + 60_000));
    assert_eq!(state.black.remaining, Millis(black_before.0 - 1_000));
    // The completion is ruled under 6.8a / 6.2.1 before the result.
    let completion = Law::of(edition, "Art. 6.8a", "Art. 6.2.1");
    assert!(t.game.rulings().iter().any(|r| r.law == completion
        && r.verdict
            == Verdict::Notice {
                what: Noticed::MoveEndsTheGame
            }));
    assert_eq!(t.game.moves().last().map(|m| m.san.as_str()), Some("Qh4#"));
    later_presses_change_nothing(&mut t, Color::Black);
}

in_both_editions!(
    e01_fools_mate_ends_when_made,
    e01_2005_art_5_1a_6_8a_fools_mate_ends_when_made_without_a_press,
    e01_2023_art_5_1_1_6_2_1_fools_mate_ends_when_made_without_a_press
);

fn e01_mate_made_on_a_sensor_board(edition: Edition) {
    let mut t = before_the_mate(edition);
    t.lift("d8");
    t.place("h4");
    let made = t.now;
    black_mated_at(&mut t, edition, made);
    later_presses_change_nothing(&mut t, Color::Black);
}

in_both_editions!(
    e01_mate_made_on_a_sensor_board,
    e01_2005_art_5_1a_mate_ends_on_the_placement_that_makes_it,
    e01_2023_art_5_1_1_mate_ends_on_the_placement_that_makes_it
);

fn e01_mate_beats_a_later_flag(edition: Edition) {
    // Black mates with one second left and never presses: his flag would fall a second later.
    let mut c = config(edition, 90, 0);
    c.fen = Some("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2".into());
    let mut t = Table::new(c);
    let black = t.remaining(Color::Black);
    t.wait(black - 2_000);
    t.ok(Event::Move {
        mv: "d8h4".parse().unwrap(),
    });
    let made = t.now;
    t.wait(10 * 60_000);
    t.tick();
    black_mated_at(&mut t, edition, made);
    assert!(
        !t.game
            .rulings()
            .iter()
            .any(|r| matches!(r.verdict, Verdict::FlagFell { .. })),
        "no flag falls after the mate"
    );
    assert_eq!(
        t.send(Event::Claim {
            player: Color::White,
            claim: arbiter_core::arbiter::Claim::WinOnTime
        }),
        Err(Refused::GameOver)
    );
}

in_both_editions!(
    e01_mate_beats_a_later_flag,
    e01_2005_art_5_1a_mate_made_before_the_flag_stands,
    e01_2023_art_5_1_1_mate_made_before_the_flag_stands
);

fn e03_loyds_stalemate_ends_when_made(edition: Edition) {
    let mut t = Table::standard(edition);
    let made = play_without_last_press(&mut t, LOYD);
    let law = Law::of(edition, "Art. 5.2a", "Art. 5.2.1");
    ended_at_the_move(&mut t, made, "1/2-1/2", Reason::Stalemate, law);
    assert_eq!(t.game.moves().len(), 19);
    later_presses_change_nothing(&mut t, Color::White);
}

in_both_editions!(
    e03_loyds_stalemate_ends_when_made,
    e03_2005_art_5_2a_6_8a_loyds_stalemate_ends_when_made_without_a_press,
    e03_2023_art_5_2_1_6_2_1_loyds_stalemate_ends_when_made_without_a_press
);

fn e04_dead_position_ends_when_made(edition: Edition) {
    // Kxb2 leaves king and bishop against king.
    let fen = "8/8/4k3/8/8/3B4/1p6/2K5 w - - 0 1";
    let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
    let made = play_without_last_press(&mut t, "c1b2");
    let law = Law::of(edition, "Art. 5.2b", "Art. 5.2.2");
    ended_at_the_move(&mut t, made, "1/2-1/2", Reason::DeadPosition, law);
    later_presses_change_nothing(&mut t, Color::White);
}

in_both_editions!(
    e04_dead_position_ends_when_made,
    e04_2005_art_5_2b_6_8a_dead_position_ends_when_made_without_a_press,
    e04_2023_art_5_2_2_6_2_1_dead_position_ends_when_made_without_a_press
);

#[test]
fn d07_2023_art_9_6_1_6_2_1_fivefold_repetition_ends_when_made() {
    let mut t = Table::standard(Edition::Fide2023);
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(4);
    let made = play_without_last_press(&mut t, shuffle.trim_end());
    let law = Law::new(Edition::Fide2023, "Art. 9.6.1");
    ended_at_the_move(&mut t, made, "1/2-1/2", Reason::FivefoldRepetition, law);
}

#[test]
fn d07_2005_fivefold_repetition_is_no_ending_and_waits_for_the_press() {
    let mut t = Table::standard(Edition::Fide2005);
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(4);
    play_without_last_press(&mut t, shuffle.trim_end());
    assert_eq!(t.game.result(), None);
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::Black));
}

fn c04_a_move_that_does_not_end_the_game_waits_for_the_press(edition: Edition) {
    let mut t = Table::standard(edition);
    play_without_last_press(&mut t, "f2f3 e7e5 g2g4 d8e7");
    assert_eq!(t.game.result(), None);
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::Black));
    t.press();
    assert_eq!(t.game.clock().running().map(|r| r.0), Some(Color::White));
}

in_both_editions!(
    c04_a_move_that_does_not_end_the_game_waits_for_the_press,
    c04_2005_art_6_8a_a_move_that_does_not_end_the_game_waits_for_the_press,
    c04_2023_art_6_2_1_a_move_that_does_not_end_the_game_waits_for_the_press
);

fn i06_an_illegal_move_is_completed_by_the_press_only(edition: Edition) {
    // Black's Qd8-h4 leaves his own king in check from the bishop on b5: illegal, so
    // nothing ends when it is made; the press completes it as an illegal move.
    let fen = "rnbqkbnr/ppp2ppp/8/1B1pp3/6P1/4PP2/PPPP3P/RNBQK1NR b KQkq - 1 4";
    let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
    t.ok(Event::Move {
        mv: "d8h4".parse().unwrap(),
    });
    assert_eq!(
        t.game.result(),
        None,
        "an illegal move ends nothing when made"
    );
    t.press();
    assert!(
        t.game
            .rulings()
            .iter()
            .any(|r| matches!(r.verdict, Verdict::IllegalMove { .. })),
        "the press completes it as an illegal move (7.4a / 7.5.1)"
    );
    assert_eq!(t.game.result(), None);
}

in_both_editions!(
    i06_an_illegal_move_is_completed_by_the_press_only,
    i06_2005_art_7_4a_an_illegal_mating_move_is_completed_by_the_press_only,
    i06_2023_art_7_5_1_an_illegal_mating_move_is_completed_by_the_press_only
);

fn impaired(edition: Edition, tactile_board: bool) -> Table {
    let mut c: GameConfig = config(edition, 90, 30);
    c.visually_impaired = vec![Impairment {
        player: Color::Black,
        tactile_board,
    }];
    let mut t = Table::new(c);
    t.plays(before_the_mate_moves());
    t
}

fn b04_an_announced_mate_ends_the_game(edition: Edition) {
    let mut t = impaired(edition, false);
    t.ok(Event::Announce {
        player: Color::Black,
        text: "Qh4".into(),
    });
    let made = t.now;
    black_mated_at(&mut t, edition, made);
    let made_by = Law::of(edition, "App. F2.3", "App. D.2.3");
    assert!(
        ruled_at(&t, made_by, made),
        "the move is made by its announcement (F2.3 / D.2.3)"
    );
    later_presses_change_nothing(&mut t, Color::Black);
}

in_both_editions!(
    b04_an_announced_mate_ends_the_game,
    b04_2005_app_f2_3_an_announced_mate_ends_the_game,
    b04_2023_app_d_2_3_an_announced_mate_ends_the_game
);

fn b04_a_mate_placed_in_another_hole_ends_the_game(edition: Edition) {
    let mut t = impaired(edition, true);
    t.lift("d8");
    t.place("h4");
    let made = t.now;
    black_mated_at(&mut t, edition, made);
    let made_by = Law::of(edition, "App. F2.3", "App. D.2.3");
    assert!(ruled_at(&t, made_by, made));
}

in_both_editions!(
    b04_a_mate_placed_in_another_hole_ends_the_game,
    b04_2005_app_f2_3b_a_mate_placed_in_another_hole_ends_the_game,
    b04_2023_app_d_2_3_a_mate_placed_in_another_hole_ends_the_game
);

fn a05_a_sealed_mate_ends_the_game_when_the_arbiter_makes_it(edition: Edition) {
    const PASS: &str = "arbiter's passphrase";
    let envelope = adjourn::seal(
        "Qh4",
        PASS,
        b"fixed salt 16 by",
        [3; 12],
        adjourn::MIN_ITERATIONS,
    )
    .unwrap();
    let mut t = before_the_mate(edition);
    t.ok(Event::Seal {
        player: Color::Black,
        envelope,
    });
    assert_eq!(
        t.game.result(),
        None,
        "a sealed move is not made at sealing"
    );
    for player in [Color::White, Color::Black] {
        t.ok(Event::Arrive { player });
    }
    t.ok(Event::Resume);
    t.ok(Event::Open {
        passphrase: PASS.into(),
    });
    let made = t.now;
    black_mated_at(&mut t, edition, made);
    let opened = Law::of(edition, "App. A7", "Guidelines I.7");
    assert!(t.game.rulings().iter().any(|r| r.law == opened
        && r.verdict
            == Verdict::Notice {
                what: Noticed::MoveEndsTheGame
            }));
}

in_both_editions!(
    a05_a_sealed_mate_ends_the_game_when_the_arbiter_makes_it,
    a05_2005_app_a7_a_sealed_mate_ends_the_game_when_the_arbiter_makes_it,
    a05_2023_guidelines_i_7_a_sealed_mate_ends_the_game_when_the_arbiter_makes_it
);
