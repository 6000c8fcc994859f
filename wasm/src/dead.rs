//! Can a side still mate? The core's budgeted search (2005 Art. 6.10 and 9.6; 2023 Art. 6.9 and
//! 5.2.2), callable from a Web Worker so a long search never blocks the board.

use arbiter_core::arbiter::Event;
use arbiter_core::dead::{Analysis, Budget, CanMate, can_mate, quick_pass, ruling_can_mate};
use arbiter_core::{Color, Position};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The answer as the page reads it.
#[derive(Serialize)]
struct Answer {
    /// `"yes"`, `"no"` or `"undetermined"` (the budget ran out).
    answer: &'static str,
    /// For `"yes"`: a helpmate line in coordinates, as evidence.
    line: Vec<String>,
}

/// Reads the FEN and the side (`"white"` / `"black"`) the page passes.
fn position_and_side(fen: &str, side: &str) -> Result<(Position, Color), JsError> {
    let position = Position::from_fen(fen).map_err(|e| JsError::new(&format!("FEN: {e}")))?;
    let side = match side {
        "white" => Color::White,
        "black" => Color::Black,
        other => {
            return Err(JsError::new(&format!(
                "side must be \"white\" or \"black\", not {other:?}"
            )));
        }
    };
    Ok((position, side))
}

fn answer_js(answer: CanMate) -> JsValue {
    let answer = match answer {
        CanMate::Yes(line) => Answer {
            answer: "yes",
            line: line.iter().map(|m| m.to_string()).collect(),
        },
        CanMate::No => Answer {
            answer: "no",
            line: Vec::new(),
        },
        CanMate::Undetermined => Answer {
            answer: "undetermined",
            line: Vec::new(),
        },
    };
    crate::json::to_js(&answer)
}

/// Whether `side` (`"white"` / `"black"`) can still mate from `fen` within `nodes` search
/// nodes. Returns `{answer, line}`; throws on a FEN or side the core cannot read.
#[wasm_bindgen(js_name = canMate, unchecked_return_type = "CanMateAnswer")]
pub fn can_mate_js(fen: &str, side: &str, nodes: f64) -> Result<JsValue, JsError> {
    let (position, side) = position_and_side(fen, side)?;
    let budget = Budget {
        nodes: nodes.clamp(1.0, 1e12) as u64,
    };
    Ok(answer_js(can_mate(position.board(), side, budget)))
}

/// The bounded quick pass a ruling runs where it is due before it waits for the full analysis
/// (the core's `quick_pass` at `Budget::QUICK`), alone: what the page's main thread spends on a
/// flag fall's analysis, for measuring it (`tests/e2e/longtasks.mjs`). Returns `{answer, line}`.
#[wasm_bindgen(js_name = quickPass, unchecked_return_type = "CanMateAnswer")]
pub fn quick_pass_js(fen: &str, side: &str) -> Result<JsValue, JsError> {
    let (position, side) = position_and_side(fen, side)?;
    Ok(answer_js(quick_pass(position.board(), side, Budget::QUICK)))
}

/// The analysis a pending ruling waits for (the core's `State::analysis`), run to the end:
/// the `analysis` event that answers it, `{type: "analysis", side, fen, can_mate}`, ready for
/// `Table.handle`. Run in the page's Worker, where a search of seconds blocks nothing; the
/// answer is the one the core would have ruled with inline.
#[wasm_bindgen(js_name = analysisEvent, unchecked_return_type = "TableEvent")]
pub fn analysis_event(fen: &str, side: &str) -> Result<JsValue, JsError> {
    let (position, color) = position_and_side(fen, side)?;
    let event = Event::Analysis {
        side: color,
        fen: fen.to_string(),
        can_mate: ruling_can_mate(position.board(), color),
    };
    Ok(crate::json::to_js(&event))
}

/// A pending ruling's analysis run in slices on the thread that holds the game, for a page
/// that cannot start the Worker: each `step(nodes)` searches at most that many nodes (about a
/// millisecond per thousand natively), so the page can run it between frames. The answer is
/// the one `analysisEvent` gives in one call.
///
/// ```js
/// const a = new DeadAnalysis(pending.fen, pending.side);
/// const tick = () => { const event = a.step(5000); if (event) table.handle(event); else setTimeout(tick, 0); };
/// ```
#[wasm_bindgen]
pub struct DeadAnalysis {
    fen: String,
    side: Color,
    analysis: Analysis,
}

#[wasm_bindgen]
impl DeadAnalysis {
    /// The analysis of whether `side` can mate in `fen`, at the ruling budget; throws on a FEN
    /// or side the core cannot read.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: &str, side: &str) -> Result<DeadAnalysis, JsError> {
        let (position, side) = position_and_side(fen, side)?;
        Ok(DeadAnalysis {
            fen: fen.to_string(),
            side,
            analysis: Analysis::new(position.board(), side, Budget::RULING),
        })
    }

    /// Runs at most `nodes` more search nodes: `null` while undecided, then the `analysis`
    /// event that answers the ruling, `{type: "analysis", side, fen, can_mate}`.
    #[wasm_bindgen(unchecked_return_type = "TableEvent | null")]
    pub fn step(&mut self, nodes: f64) -> JsValue {
        let Some(answer) = self.analysis.step(nodes.clamp(1.0, 1e12) as u64) else {
            return JsValue::NULL;
        };
        let event = Event::Analysis {
            side: self.side,
            fen: self.fen.clone(),
            // An undetermined answer keeps the Laws' default, as `ruling_can_mate` does.
            can_mate: answer != CanMate::No,
        };
        crate::json::to_js(&event)
    }
}
