//! The Arbiter core for the browser: a `Table` (one game under the Laws: events in, rulings and
//! state out as plain JavaScript objects), a `ClockDisplay` that redraws the clock faces on every
//! animation frame, `localStorage` persistence that survives a reload with the clock running,
//! and `canMate` for a Web Worker.
//!
//! Every chess decision is the core's (`arbiter-core`, on cozy-chess); this crate only converts,
//! stamps time and touches the browser.

mod bridge;
mod clock_display;
mod dead;
mod face;
pub mod hearing;
mod json;
mod speaker;
mod storage;
mod table;
pub mod timeline;
mod types;
mod view;
mod words;

pub use bridge::BridgeClient;
pub use clock_display::ClockDisplay;
pub use dead::can_mate_js;
pub use face::face_text;
pub use hearing::{read_move_js, say_duration, square_labels, tactile_mark_passed};
pub use speaker::Speaker;
pub use table::Table;

use wasm_bindgen::prelude::*;

/// The crate version, so the page can show what it runs.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// What a clock face shows for `ms` milliseconds left (`"2:59"`, `"19.9"`).
#[wasm_bindgen(js_name = faceText)]
pub fn face_text_js(ms: f64) -> String {
    face_text(ms.max(0.0) as u64)
}

/// The game's score in Braille, for a visually impaired player who keeps it so (2005 App. F2.5
/// / 2023 App. D.2.7): the core's Braille-ready file (`.brf`, North American Braille ASCII, 40
/// cells by 25 lines) of the game in `log`, the table's event log (`Table.log()`), replayed.
#[wasm_bindgen(js_name = brfScore)]
pub fn brf_score(log: &str) -> Result<String, JsError> {
    use arbiter_core::arbiter::{EventLog, Game, brf};
    let log = EventLog::from_jsonl(log).map_err(|e| JsError::new(&e.to_string()))?;
    let game = Game::replay(&log).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(brf(&game))
}
