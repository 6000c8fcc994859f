//! Seeded random games written as PGN, shared by the PGN tests and the PGN benchmark.
//!
//! The games are legal (played with cozy-chess, written with its own SAN printer, which is
//! independent of ours), 60 to 120 plies unless the game ends first, with tags, some clock
//! comments, NAGs and variations, so readers meet the usual furniture of real files.

#![allow(dead_code)]

use std::fmt::Write as _;

use arbiter_core::pgn::{GameChecker, GameReport, PgnReader};
use cozy_chess::{Board, Move, util::display_san_move};

#[path = "../seeded/mod.rs"]
mod seeded;

pub use seeded::SplitMix;

/// The checker's reports when the text comes in these chunks, one after the other, as
/// `arbiter check` reads a file or stdin.
pub fn check_in_chunks<'a>(chunks: impl IntoIterator<Item = &'a [u8]>) -> Vec<GameReport> {
    let mut checker = GameChecker::new();
    let mut reader = PgnReader::new();
    let mut reports = Vec::new();
    for chunk in chunks {
        reader.feed(chunk, &mut checker);
        reports.extend(std::iter::from_fn(|| checker.poll_report()));
    }
    reader.finish(&mut checker);
    reports.extend(std::iter::from_fn(|| checker.poll_report()));
    reports
}

pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|set| {
        moves.extend(set);
        false
    });
    moves
}

/// One random game: its SAN moves from the initial position.
pub fn random_game(rng: &mut SplitMix) -> Vec<String> {
    let mut board = Board::default();
    let plies = 60 + rng.below(61);
    let mut sans = Vec::with_capacity(plies);
    for _ in 0..plies {
        let moves = legal_moves(&board);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        sans.push(display_san_move(&board, mv).to_string());
        board.play(mv);
    }
    sans
}

/// `games` random games as one PGN text, deterministic for a seed. Every third game carries
/// `[%clk]` comments; some moves carry NAGs, text comments, or a one-move variation.
pub fn random_games_pgn(seed: u64, games: usize) -> String {
    let mut rng = SplitMix(seed);
    let mut out = String::new();
    for game in 1..=games {
        let with_clocks = game % 3 == 0;
        let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)];
        let _ = write!(
            out,
            "[Event \"Random\"]\n[Site \"?\"]\n[Date \"2026.11.29\"]\n[Round \"{game}\"]\n\
             [White \"W{game}\"]\n[Black \"B{game}\"]\n[Result \"{result}\"]\n"
        );
        if with_clocks {
            out.push_str("[TimeControl \"300+2\"]\n");
        }
        out.push('\n');
        let mut board = Board::default();
        let mut clocks = [300_000u64, 300_000u64];
        let plies = 60 + rng.below(61);
        let mut line_len = 0;
        let mut push = |out: &mut String, word: &str| {
            if line_len + word.len() + 1 > 79 {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(word);
            line_len += word.len();
        };
        for ply in 0..plies {
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let number = ply / 2 + 1;
            if ply % 2 == 0 {
                push(&mut out, &format!("{number}."));
            }
            push(&mut out, &display_san_move(&board, mv).to_string());
            if rng.below(12) == 0 {
                push(&mut out, &format!("${}", 1 + rng.below(6)));
            }
            if with_clocks {
                let side = ply % 2;
                clocks[side] = clocks[side].saturating_sub(rng.below(9_000) as u64) + 2_000;
                let s = clocks[side] / 1000;
                push(
                    &mut out,
                    &format!("{{[%clk {}:{:02}:{:02}]}}", s / 3600, s / 60 % 60, s % 60),
                );
            } else if rng.below(40) == 0 {
                push(&mut out, "{a quiet move}");
            }
            if moves.len() > 1 && rng.below(30) == 0 {
                let alt =
                    moves[(moves.iter().position(|&m| m == mv).unwrap_or(0) + 1) % moves.len()];
                let alt_san = display_san_move(&board, alt).to_string();
                let dots = if ply % 2 == 0 { "." } else { "..." };
                push(&mut out, &format!("({number}{dots}"));
                push(&mut out, &format!("{alt_san})"));
            }
            board.play(mv);
        }
        push(&mut out, result);
        out.push_str("\n\n");
    }
    out
}
