//! PGN fixtures: comments, NAGs and variations, clocks and TimeControl, a file of broken games,
//! SetUp/FEN games; and the round trip read -> write -> read on each of them.

use arbiter_core::pgn::tags::{TimeControlPeriod, TimeControlTag};
use arbiter_core::pgn::{GameReport, PgnGame, Reason, check_games, read_games, writer};

use crate::pgn_common;

fn fixture(name: &str) -> Vec<u8> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pgn/");
    std::fs::read(format!("{path}{name}")).expect("fixture is readable")
}

const FIXTURES: [&str; 4] = ["annotated.pgn", "clocks.pgn", "broken.pgn", "setup.pgn"];

/// What a report says, in the shape of the `arbiter check` contract.
fn verdict(report: &GameReport) -> (u32, Option<(u32, &str, Reason)>) {
    let error = report
        .error
        .as_ref()
        .map(|e| (e.ply, e.san.as_str(), e.reason));
    (report.moves, error)
}

#[test]
fn annotated_game_keeps_comments_nags_and_nested_variations() {
    let games = read_games(&fixture("annotated.pgn"));
    assert_eq!(games.len(), 2);
    let opera = &games[0];
    assert!(opera.syntax_errors.is_empty(), "{:?}", opera.syntax_errors);
    assert_eq!(opera.tags.get("White"), Some("Morphy, Paul"));
    assert_eq!(opera.opening_comments, ["The Opera game."]);
    assert_eq!(opera.moves.len(), 33);
    assert_eq!(opera.moves.last().map(|m| m.san.as_str()), Some("Rd8#"));
    // 3... Bg4 $6 {Giving up the bishop pair.}
    assert_eq!(opera.moves[5].nags, [6]);
    assert_eq!(opera.moves[5].comments, ["Giving up the bishop pair."]);
    // 4... Bxf3 has one variation of four moves; 13. Rxd7! has one with a nested one.
    assert_eq!(opera.moves[7].variations.len(), 1);
    assert_eq!(opera.moves[7].variations[0].len(), 4);
    let rxd7 = &opera.moves[24];
    assert_eq!(
        (rxd7.san.as_str(), rxd7.nags.as_slice()),
        ("Rxd7", &[1u8][..])
    );
    assert_eq!(rxd7.variations[0][1].variations[0][0].san, "gxf6");
    // The `;` comment after 9... b5 $2, with its parenthesis, is text, not a variation.
    assert_eq!(opera.moves[17].nags, [2]);
    assert!(opera.moves[17].comments[0].contains("(with a parenthesis)"));
    assert_eq!(
        games[1].main_line().collect::<Vec<_>>(),
        ["f3", "e5", "g4", "Qh4#"]
    );
    assert_eq!(games[1].moves[2].nags, [4]);

    let reports = check_games(&fixture("annotated.pgn"));
    assert_eq!(verdict(&reports[0]), (33, None));
    assert_eq!(reports[0].result.as_deref(), Some("1-0"));
    assert_eq!(verdict(&reports[1]), (4, None));
}

#[test]
fn clock_comments_and_time_control_are_read() {
    let games = read_games(&fixture("clocks.pgn"));
    let game = &games[0];
    let tc: TimeControlTag = game.tags.get("TimeControl").unwrap().parse().unwrap();
    assert_eq!(
        tc,
        TimeControlTag::Periods(vec![
            TimeControlPeriod::Moves {
                moves: 40,
                base_ms: 7_200_000,
                increment_ms: 0
            },
            TimeControlPeriod::SuddenDeath {
                base_ms: 3_600_000,
                increment_ms: 0
            },
        ])
    );
    let clk: Vec<Option<u64>> = game.moves.iter().map(|m| m.clocks.clk_ms).collect();
    assert_eq!(clk.len(), 20);
    assert!(clk.iter().all(Option::is_some));
    assert_eq!(clk[0], Some((3600 + 59 * 60 + 1) * 1000));
    assert_eq!(clk[7], Some((3600 + 57 * 60 + 45) * 1000 + 500));
    assert_eq!(game.moves[2].clocks.emt_ms, Some(21_000));
    // Text and unknown commands stay as comments; clock commands leave them.
    assert_eq!(game.moves[4].comments, ["Rubinstein's variation follows"]);
    assert_eq!(game.moves[6].comments, ["[%eval 0.25]"]);
    assert_eq!(verdict(&check_games(&fixture("clocks.pgn"))[0]), (20, None));
}

#[test]
fn art7_4_broken_games_report_first_bad_move_ply_and_reason() {
    let reports = check_games(&fixture("broken.pgn"));
    let verdicts: Vec<_> = reports.iter().map(verdict).collect();
    assert_eq!(
        verdicts,
        [
            (7, None),
            (12, Some((13, "Bc4", Reason::Illegal))),
            (4, Some((5, "Nd2", Reason::Ambiguous))),
            (6, Some((7, "Bz4", Reason::Unreadable))),
            (
                0,
                Some((0, "4k3/8/8/8/8/8/8/4KK2 w - - 0 1", Reason::Setup))
            ),
            // 2005 Art. 3.8a: the king may not cross a square attacked by the opponent.
            (6, Some((7, "O-O", Reason::Illegal))),
        ]
    );
    let results: Vec<_> = reports.iter().map(|r| r.result.as_deref()).collect();
    assert_eq!(
        results,
        [
            Some("1-0"),
            Some("0-1"),
            Some("*"),
            Some("1/2-1/2"),
            Some("*"),
            Some("*")
        ]
    );
    let games: Vec<u64> = reports.iter().map(|r| r.game).collect();
    assert_eq!(games, [1, 2, 3, 4, 5, 6]);
}

#[test]
fn setup_and_fen_games_start_from_their_position() {
    let reports = check_games(&fixture("setup.pgn"));
    assert_eq!(verdict(&reports[0]), (4, None));
    assert_eq!(verdict(&reports[1]), (7, None));
}

#[test]
fn checking_in_small_chunks_gives_the_same_reports() {
    for name in FIXTURES {
        let bytes = fixture(name);
        let whole = check_games(&bytes);
        for size in [1, 2, 3, 7, 64, 4096] {
            let reports = pgn_common::check_in_chunks(bytes.chunks(size));
            assert_eq!(reports, whole, "{name} in chunks of {size}");
        }
    }
}

/// What a round trip must keep: tags in export order, comments, moves with everything attached,
/// and the result.
fn essence(game: &PgnGame) -> impl PartialEq + std::fmt::Debug + '_ {
    let tags: Vec<(&str, &str)> = game.tags.export_order().collect();
    (tags, &game.opening_comments, &game.moves, game.result)
}

#[test]
fn round_trip_read_write_read_gives_the_same_games() {
    for name in FIXTURES {
        let games = read_games(&fixture(name));
        let mut text = String::new();
        for game in &games {
            writer::write_game_into(game, &mut text);
        }
        for line in text.lines() {
            assert!(
                line.len() <= 80 || line.starts_with('['),
                "{name}: {line:?}"
            );
        }
        let again = read_games(text.as_bytes());
        assert_eq!(again.len(), games.len(), "{name}");
        for (a, b) in games.iter().zip(&again) {
            assert_eq!(essence(a), essence(b), "{name}");
        }
        // And the verdicts do not change either.
        assert_eq!(
            check_games(text.as_bytes()),
            check_games(&fixture(name)),
            "{name}"
        );
    }
}
