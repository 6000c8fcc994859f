//! Rulings that wait for the full dead-position analysis (the setup's `defer_analysis`): a flag
//! fall on a hard composed position (2005 Art. 6.10 / 2023 Art. 6.9) stops the clocks and shows
//! the analysis awaited; the `analysis` event with the core's answer completes the ruling exactly
//! as the inline path rules it, and the log replays to the same game. A wrong answer is refused.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::{
    AwaitedRuling, Event, Game, GameConfig, GameResult, Reason, Refused, Stamped,
};
use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
use arbiter_core::dead::{Budget, CanMate, quick_pass, ruling_can_mate};
use arbiter_core::laws::Edition;
use common_laws::in_both_editions;
use cozy_chess::Board;

/// White to move and about to flag; Black, with time left, cannot mate, but only a search far
/// past the quick pass proves it (a line of the hard composed set).
const BLACK_CANNOT_MATE: &str = "1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 w - - 0 1";
/// White to move and about to flag; Black can mate, by a helpmate the quick pass does not find.
const BLACK_CAN_MATE: &str = "k5b1/Pp3p2/1P3Pp1/6P1/8/8/8/4K3 w - - 0 1";

/// A standard game of 90 minutes (in blitz the 2005 flag must be claimed, App. C): White's flag
/// falls at this instant.
const MINUTE: u64 = 90 * 60_000;

fn setup(edition: Edition, fen: &str, defer: bool) -> GameConfig {
    let mut c = GameConfig::new(
        edition,
        TimeControl::sudden_death(Millis::minutes(90), Timing::None),
    );
    c.fen = Some(fen.to_string());
    c.defer_analysis = defer;
    c
}

fn at(ms: u64) -> Timestamp {
    Timestamp(ms)
}

/// Starts the game at 0 and lets White's time run out.
fn flagged(edition: Edition, fen: &str, defer: bool) -> Game {
    let mut game = Game::new(setup(edition, fen, defer)).expect("a legal setup");
    game.handle(Stamped {
        at: at(0),
        event: Event::Start,
    })
    .expect("start");
    game.handle_deadline(at(MINUTE + 500));
    game
}

fn answer(side: Color, fen: &str, can_mate: bool, ms: u64) -> Stamped<Event> {
    Stamped {
        at: at(ms),
        event: Event::Analysis {
            side,
            fen: fen.to_string(),
            can_mate,
        },
    }
}

/// The pending analysis, answered by the core's own full analysis as the page's Worker runs it.
fn answered(mut game: Game, ms: u64) -> Game {
    let pending = game
        .pending_analysis()
        .expect("an analysis awaited")
        .clone();
    let board = Board::from_fen(&pending.fen, false).expect("the pending FEN reads");
    let can = ruling_can_mate(&board, pending.side);
    game.handle(answer(pending.side, &pending.fen, can, ms))
        .expect("the answer is taken");
    game
}

fn flag_fall_waits_then_rules_as_inline(edition: Edition, fen: &str, expected: GameResult) {
    // The quick pass leaves both positions open: that is what makes them the hard case.
    let board = Board::from_fen(fen, false).unwrap();
    assert_eq!(
        quick_pass(&board, Color::Black, Budget::QUICK),
        CanMate::Undetermined
    );

    let inline = flagged(edition, fen, false);
    assert!(inline.pending_analysis().is_none());
    assert_eq!(inline.result().map(|r| r.0), Some(expected));

    let waiting = flagged(edition, fen, true);
    let state = waiting.state(at(MINUTE + 500));
    let pending = state
        .analysis
        .clone()
        .expect("the ruling waits for its analysis");
    assert_eq!(pending.side, Color::Black);
    assert_eq!(pending.fen, board.to_string());
    assert_eq!(pending.ruling, AwaitedRuling::FlagFall);
    let article = match edition {
        Edition::Fide2005 => "Art. 6.10",
        Edition::Fide2023 => "Art. 6.9",
    };
    assert_eq!(
        pending.law.to_string(),
        format!("{} {article}", edition_year(edition))
    );
    assert_eq!(pending.since, at(MINUTE));
    // The game is not decided, and its clocks stand at the flag.
    assert!(state.outcome.is_none());
    assert_eq!(state.running, None);
    assert_eq!(state.white.remaining, Millis(0));
    assert!(waiting.poll_deadline().is_none());
    let later = waiting.state(at(5 * MINUTE));
    assert_eq!(later.black.remaining, state.black.remaining);

    // Meanwhile nothing else is taken in.
    let mut blocked = waiting.clone();
    let refused = blocked.handle(Stamped {
        at: at(MINUTE + 600),
        event: Event::OfferDraw {
            player: Color::Black,
        },
    });
    assert_eq!(refused, Err(Refused::AnalysisPending("black")));

    let done = answered(waiting, MINUTE + 4_000);
    assert!(done.pending_analysis().is_none());
    assert_eq!(done.result(), inline.result());
    assert_eq!(
        done.rulings(),
        inline.rulings(),
        "the same rulings, at the flag's instant"
    );
    let (shown, ruled) = (done.state(at(2 * MINUTE)), inline.state(at(2 * MINUTE)));
    assert_eq!(shown.outcome, ruled.outcome);
    assert_eq!(shown.white, ruled.white);
    assert_eq!(shown.black, ruled.black);

    // The answer is in the log: the log replays to the same game, without searching again.
    let replayed = Game::replay(done.log()).expect("the log replays");
    assert_eq!(replayed.rulings(), done.rulings());
    let text = done.log().to_jsonl();
    assert!(text.contains(r#""type":"analysis""#), "{text}");
    assert!(text.contains(r#""defer_analysis":true"#), "{text}");
}

fn edition_year(edition: Edition) -> &'static str {
    match edition {
        Edition::Fide2005 => "2005",
        Edition::Fide2023 => "2023",
    }
}

fn flag_fall_against_a_fortress_waits_then_draws(edition: Edition) {
    flag_fall_waits_then_rules_as_inline(edition, BLACK_CANNOT_MATE, GameResult::Draw);
    let done = answered(flagged(edition, BLACK_CANNOT_MATE, true), MINUTE + 4_000);
    assert_eq!(done.result().map(|r| r.1), Some(Reason::TimeButCannotMate));
}

in_both_editions!(
    flag_fall_against_a_fortress_waits_then_draws,
    art_6_10_2005_flag_fall_on_a_hard_fortress_waits_for_the_analysis_then_draws,
    art_6_9_2023_flag_fall_on_a_hard_fortress_waits_for_the_analysis_then_draws
);

fn flag_fall_with_a_hard_helpmate_waits_then_loses(edition: Edition) {
    flag_fall_waits_then_rules_as_inline(edition, BLACK_CAN_MATE, GameResult::win(Color::Black));
    let done = answered(flagged(edition, BLACK_CAN_MATE, true), MINUTE + 4_000);
    assert_eq!(done.result().map(|r| r.1), Some(Reason::Time));
}

in_both_editions!(
    flag_fall_with_a_hard_helpmate_waits_then_loses,
    art_6_10_2005_flag_fall_with_a_hard_helpmate_waits_for_the_analysis_then_loses,
    art_6_9_2023_flag_fall_with_a_hard_helpmate_waits_for_the_analysis_then_loses
);

fn a_wrong_answer_is_refused_and_changes_nothing(edition: Edition) {
    let mut game = flagged(edition, BLACK_CANNOT_MATE, true);
    let events = game.log().events().len();
    let fen = game.pending_analysis().unwrap().fen.clone();
    let wrong_side = game.handle(answer(Color::White, &fen, false, MINUTE + 1_000));
    assert!(
        matches!(&wrong_side, Err(Refused::AnalysisMismatch { awaited, given })
            if awaited.starts_with("black") && given.starts_with("white")),
        "{wrong_side:?}"
    );
    let other = "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1";
    let wrong_fen = game.handle(answer(Color::Black, other, false, MINUTE + 1_000));
    assert!(
        matches!(&wrong_fen, Err(Refused::AnalysisMismatch { given, .. }) if given.contains(other)),
        "{wrong_fen:?}"
    );
    assert_eq!(
        game.log().events().len(),
        events,
        "nothing refused is logged"
    );
    assert!(game.pending_analysis().is_some(), "the ruling still waits");
    assert!(game.result().is_none());

    // Answered, nothing waits any more: a second answer is refused.
    let mut done = answered(game, MINUTE + 2_000);
    let again = done.handle(answer(Color::Black, &fen, false, MINUTE + 3_000));
    assert_eq!(again, Err(Refused::NoAnalysisPending));
}

in_both_editions!(
    a_wrong_answer_is_refused_and_changes_nothing,
    art_6_10_2005_an_analysis_answer_for_another_side_or_position_is_refused,
    art_6_9_2023_an_analysis_answer_for_another_side_or_position_is_refused
);

fn the_quick_pass_rules_at_once(edition: Edition) {
    // King and bishop against king: the quick pass proves it, nothing waits (2005 Art. 6.10,
    // 2023 Art. 6.9: a draw).
    let game = flagged(edition, "8/8/4k3/8/8/3BK3/8/8 b - - 0 1", true);
    assert!(game.pending_analysis().is_none());
    assert_eq!(
        game.result(),
        Some((GameResult::Draw, Reason::TimeButCannotMate))
    );
    // And a helpmate the quick pass finds: the flagging side loses at once.
    let game = flagged(edition, "K7/2k5/P7/3n4/8/8/8/8 w - - 0 1", true);
    assert!(game.pending_analysis().is_none());
    assert_eq!(
        game.result(),
        Some((GameResult::win(Color::Black), Reason::Time))
    );
}

in_both_editions!(
    the_quick_pass_rules_at_once,
    art_6_10_2005_a_flag_fall_the_quick_pass_decides_is_ruled_at_once,
    art_6_9_2023_a_flag_fall_the_quick_pass_decides_is_ruled_at_once
);

#[test]
fn art_5_1_2_2023_resignation_against_a_hard_fortress_waits_then_draws() {
    let mut game = Game::new(setup(Edition::Fide2023, BLACK_CANNOT_MATE, true)).unwrap();
    game.handle(Stamped {
        at: at(0),
        event: Event::Start,
    })
    .unwrap();
    game.handle(Stamped {
        at: at(1_000),
        event: Event::Resign {
            player: Color::White,
        },
    })
    .unwrap();
    let pending = game
        .pending_analysis()
        .expect("the resignation waits")
        .clone();
    assert_eq!(pending.ruling, AwaitedRuling::Resignation);
    assert_eq!(pending.law.to_string(), "2023 Art. 5.1.2");
    let done = answered(game, 3_000);
    assert_eq!(done.result(), Some((GameResult::Draw, Reason::Resignation)));
}

#[test]
fn the_default_setup_rules_inline_and_logs_no_new_field() {
    let game = flagged(Edition::Fide2005, BLACK_CANNOT_MATE, false);
    assert!(game.pending_analysis().is_none());
    assert!(!game.log().to_jsonl().contains("defer_analysis"));
}
