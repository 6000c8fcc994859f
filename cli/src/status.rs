//! `arbiter status <FEN|->`: one JSON line per position with what the Laws see in it.

use std::io::{self, Write};
use std::process::ExitCode;

use arbiter_core::dead::{Budget, CanMate};
use arbiter_core::record;
use arbiter_core::{Color, Position};
use serde::Serialize;

use crate::input;

/// Report the state of each position.
#[derive(clap::Args)]
pub struct Args {
    /// A FEN (quote it), `startpos`, or `-` to read one FEN per line from stdin.
    pub fen: String,
    /// Nodes the dead-position search may spend per side before answering null.
    #[arg(long, default_value_t = Budget::RULING.nodes)]
    pub budget: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let budget = Budget { nodes: args.budget };
    let mut out = io::stdout().lock();
    input::for_each_fen(&args.fen, |text| {
        let line = match input::position(text) {
            Ok(pos) => serde_json::to_string(&report(text, &pos, budget)),
            Err(err) => serde_json::to_string(&Failed {
                fen: text,
                error: err.to_string(),
            }),
        };
        writeln!(out, "{}", line?)?;
        Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// A position that could not be read.
#[derive(Serialize)]
struct Failed<'a> {
    fen: &'a str,
    error: String,
}

/// What the Laws see in a position; fields print in this order.
#[derive(Serialize)]
struct Report<'a> {
    fen: &'a str,
    side_to_move: &'static str,
    check: bool,
    checkmate: bool,
    stalemate: bool,
    legal_moves: usize,
    halfmove_clock: u32,
    /// The material rule alone (see `record::insufficient_material`).
    insufficient_material: ByColor<bool>,
    /// `null`: neither the material rule nor the search within the budget decided.
    can_mate: ByColor<Option<bool>>,
    dead: Option<bool>,
}

#[derive(Serialize)]
struct ByColor<T> {
    white: T,
    black: T,
}

fn answer(can: &CanMate) -> Option<bool> {
    match can {
        CanMate::Yes(_) => Some(true),
        CanMate::No => Some(false),
        CanMate::Undetermined => None,
    }
}

fn report<'a>(text: &'a str, pos: &Position, budget: Budget) -> Report<'a> {
    let white = record::can_mate(pos, Color::White, budget);
    let black = record::can_mate(pos, Color::Black, budget);
    let dead = match (&white, &black) {
        (CanMate::Yes(_), _) | (_, CanMate::Yes(_)) => Some(false),
        (CanMate::No, CanMate::No) => Some(true),
        _ => None,
    };
    Report {
        fen: text,
        side_to_move: if pos.side_to_move() == Color::White {
            "white"
        } else {
            "black"
        },
        check: pos.in_check(),
        checkmate: pos.is_checkmate(),
        stalemate: pos.is_stalemate(),
        legal_moves: pos.count_legal_moves(),
        halfmove_clock: pos.halfmove_clock(),
        insufficient_material: ByColor {
            white: record::insufficient_material(pos, Color::White),
            black: record::insufficient_material(pos, Color::Black),
        },
        can_mate: ByColor {
            white: answer(&white),
            black: answer(&black),
        },
        dead,
    }
}
