//! `arbiter moves <FEN|-> [--lang CODE] [--spoken]`: one JSON line per position.

use std::io::{self, Write};
use std::process::ExitCode;

use arbiter_core::notation::{Language, san, spoken};
use serde::Serialize;

use crate::input;

/// List the legal moves of each position.
#[derive(clap::Args)]
pub struct Args {
    /// A FEN (quote it), `startpos`, or `-` to read one FEN per line from stdin.
    pub fen: String,
    /// Also give each move in this language's notation as "local":
    /// en, it, pt, es, fr, de, nl, or fig (figurines).
    #[arg(long, value_name = "CODE")]
    pub lang: Option<Language>,
    /// Also give each move in the spoken form of App. F as "spoken" ("Springer Felix drei").
    #[arg(long)]
    pub spoken: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    input::for_each_fen(&args.fen, |text| {
        writeln!(out, "{}", line(text, args.lang, args.spoken))?;
        Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// One line of output; fields print in this order.
#[derive(Serialize)]
struct Line<'a> {
    fen: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<Entry>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Serialize)]
struct Entry {
    uci: String,
    san: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    local: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    spoken: Option<String>,
}

/// The JSON line for one position text.
fn line(text: &str, lang: Option<Language>, say: bool) -> String {
    let out = match input::position(text) {
        Err(err) => Line {
            fen: text,
            moves: None,
            error: Some(err.to_string()),
        },
        Ok(pos) => {
            let mut moves = pos.legal_moves();
            moves.sort_by_key(|mv| mv.to_string());
            let listed = moves
                .iter()
                .map(|&mv| Entry {
                    uci: mv.to_string(),
                    san: san::format(&pos, mv, Language::English),
                    local: lang.map(|lang| san::format(&pos, mv, lang)),
                    spoken: say.then(|| spoken::format(&pos, mv)),
                })
                .collect();
            Line {
                fen: text,
                moves: Some(listed),
                error: None,
            }
        }
    };
    // Serialising plain strings and vectors cannot fail.
    serde_json::to_string(&out).unwrap_or_default()
}
