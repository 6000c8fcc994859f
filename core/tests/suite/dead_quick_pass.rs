//! The quick pass a game runs on the main thread before it hands a ruling's analysis to a
//! worker (2005 Art. 6.10, 2023 Art. 6.9): whatever it decides is what the ruling budget
//! decides, and it decides most flag-fall positions. `DEAD_QUICK_TIMES=1` prints the slowest
//! quick passes of the hard set (run in release to read them as the page would see them).

use arbiter_core::dead::{Budget, CanMate, quick_pass};
use cozy_chess::{Board, Color};
use std::time::Instant;

const HARD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/unwinnability/chasolver-positions.txt"
);

/// `(line, board, [white can mate, black can mate])` of the labelled hard set.
fn hard_set() -> Vec<(usize, Board, [bool; 2])> {
    let text = std::fs::read_to_string(HARD).expect("hard set readable");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|(i, l)| {
            let (label, fen) = l.split_at(2);
            let fen = fen.trim();
            let board = Board::from_fen(fen, false)
                .or_else(|_| Board::from_fen(&format!("{fen} 0 1"), false))
                .ok()?;
            let b = label.as_bytes();
            Some((i + 1, board, [b[0] == b'W', b[1] == b'B']))
        })
        .collect()
}

#[test]
fn art_6_10_2005_art_6_9_2023_quick_pass_agrees_with_the_ruling_budget() {
    let positions = hard_set();
    let mut left_open = 0;
    let mut slowest: Vec<(u128, usize, Color)> = Vec::new();
    for (line, board, winnable) in &positions {
        for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
            let started = Instant::now();
            let answer = quick_pass(board, side, Budget::QUICK);
            slowest.push((started.elapsed().as_micros(), *line, side));
            match answer {
                // The labels are the ruling budget's answers (dead_data checks that it decides
                // every one of them): a quick answer that differs would change a ruling.
                CanMate::Yes(_) => {
                    assert!(winnable[i], "line {line} {side:?}: quick yes, ruling no")
                }
                CanMate::No => assert!(!winnable[i], "line {line} {side:?}: quick no, ruling yes"),
                CanMate::Undetermined => {
                    left_open += 1;
                    if std::env::var_os("DEAD_QUICK_OPEN").is_some() {
                        println!("open line {line} {side:?} label {} {board}", winnable[i]);
                    }
                }
            }
        }
    }
    slowest.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
    // On a shared machine one wall-clock reading may include waits for a core: the slowest
    // are timed again, the least of three kept.
    let by_line: std::collections::HashMap<usize, &Board> =
        positions.iter().map(|(l, b, _)| (*l, b)).collect();
    for entry in slowest.iter_mut().take(20) {
        entry.0 = (0..3)
            .map(|_| {
                let started = Instant::now();
                let _ = quick_pass(by_line[&entry.1], entry.2, Budget::QUICK);
                started.elapsed().as_micros()
            })
            .min()
            .unwrap_or(entry.0);
    }
    slowest.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
    println!(
        "quick pass ({} nodes): {} queries, {left_open} left to the full analysis",
        Budget::QUICK.nodes,
        positions.len() * 2
    );
    if std::env::var_os("DEAD_QUICK_TIMES").is_some() {
        for (us, line, side) in slowest.iter().take(10) {
            println!("  {us} us  line {line} {side:?}");
        }
    }
    // Most of the hard, composed set needs no worker at all.
    assert!(left_open < positions.len(), "{left_open} left open");
}

/// On the positions real flag falls meet, the quick pass rules nearly every time: the Worker is
/// for composed positions. Every fourth line of the flag-fall set (each a "cannot mate" for the
/// side not to move).
#[test]
fn art_6_10_2005_art_6_9_2023_quick_pass_rules_most_real_flag_falls() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/unwinnability/flag-falls-dev.txt"
    );
    let text = std::fs::read_to_string(path).expect("flag-fall set readable");
    let (mut queries, mut open) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')).step_by(4) {
        let fen: Vec<&str> = line.split_whitespace().take(6).collect();
        let Ok(board) = Board::from_fen(&fen.join(" "), false) else {
            continue;
        };
        queries += 1;
        match quick_pass(&board, !board.side_to_move(), Budget::QUICK) {
            CanMate::Yes(_) => panic!("{line}: quick yes, the set says no"),
            CanMate::No => {}
            CanMate::Undetermined => open += 1,
        }
    }
    println!("flag falls: {queries} rulings, {open} left to the full analysis");
    assert!(queries > 10_000);
    assert!(open * 100 < queries, "{open} of {queries} left open");
}
