//! The dead-position analysis run in slices (`Analysis::step`), as a shell without a Worker
//! runs a ruling's analysis (2005 Art. 6.10 and 9.6; 2023 Art. 6.9 and 5.2.2): on the hard
//! composed positions, any slicing gives the answer and the helpmate line of the whole
//! analysis in one call.

use arbiter_core::dead::{Analysis, Budget, CanMate, can_mate};
use cozy_chess::{Board, Color};

const HARD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/unwinnability/chasolver-positions.txt"
);

/// `(line, board)` of the hard set.
fn hard_set() -> Vec<(usize, Board)> {
    let text = std::fs::read_to_string(HARD).expect("hard set readable");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|(i, l)| {
            let fen = l.get(2..)?.trim();
            let board = Board::from_fen(fen, false)
                .or_else(|_| Board::from_fen(&format!("{fen} 0 1"), false))
                .ok()?;
            Some((i + 1, board))
        })
        .collect()
}

/// The analysis run `slice` nodes at a time: its answer and how many steps it took.
fn sliced(board: &Board, side: Color, budget: Budget, slice: u64) -> (CanMate, u64) {
    let mut analysis = Analysis::new(board, side, budget);
    let mut steps = 1;
    loop {
        if let Some(answer) = analysis.step(slice) {
            // Decided once, decided for good.
            assert_eq!(analysis.step(slice).as_ref(), Some(&answer));
            return (answer, steps);
        }
        steps += 1;
        assert!(steps < 1 << 32, "the analysis never ends");
    }
}

/// The hard lines of the page's measurements (tests/e2e/longtasks.mjs): seconds of search,
/// long helpmates through locked pawns, fortresses only the full analysis proves.
const HARDEST: [usize; 5] = [3304, 3288, 412, 1997, 2875];

#[test]
fn art_6_9_2023_art_6_10_2005_sliced_analysis_gives_the_whole_answer_on_the_hard_positions() {
    let positions = hard_set();
    let mut chosen: Vec<&(usize, Board)> = positions
        .iter()
        .filter(|(line, _)| HARDEST.contains(line) || line % 50 == 0)
        .collect();
    chosen.dedup_by_key(|(line, _)| *line);
    assert!(
        chosen.len() > 60,
        "the sample covers the set ({})",
        chosen.len()
    );
    let mut paused = 0;
    for (line, board) in chosen {
        for side in [Color::White, Color::Black] {
            let whole = can_mate(board, side, Budget::RULING);
            // Odd slice sizes, different for each query, so pauses fall anywhere in the search.
            let slice = 1 + (*line as u64 * 7_919 + side as u64 * 104_729) % 4_999;
            let (answer, steps) = sliced(board, side, Budget::RULING, slice);
            assert_eq!(
                answer, whole,
                "line {line} {side:?}, slices of {slice} nodes"
            );
            if steps > 1 {
                paused += 1;
            }
        }
    }
    // Most of these need more than one slice: the pauses were really taken.
    assert!(paused > 30, "only {paused} analyses were paused");
}

#[test]
fn art_6_9_2023_sliced_node_by_node_the_answer_is_the_same() {
    // One node per step on the cheaper hard lines: every node is a pause.
    let positions = hard_set();
    for (line, board) in positions
        .iter()
        .filter(|(line, _)| [3288, 1997].contains(line))
    {
        for side in [Color::White, Color::Black] {
            let budget = Budget { nodes: 200_000 };
            let whole = can_mate(board, side, budget);
            let (answer, steps) = sliced(board, side, budget, 1);
            assert_eq!(answer, whole, "line {line} {side:?}");
            assert!(steps > 100, "line {line} {side:?}: {steps} steps");
        }
    }
}
