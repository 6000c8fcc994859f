//! The Arbiter core for the browser: a `Table` (one game under the Laws: events in, rulings and
//! state out as plain JavaScript objects), a `ClockDisplay` that redraws the clock faces on every
//! animation frame, `localStorage` persistence that survives a reload with the clock running,
//! and `canMate` for a Web Worker.
//!
//! Every chess decision is the core's (`arbiter-core`, on cozy-chess); this crate only converts,
//! stamps time and touches the browser.

// The board bridge's client: only a live board needs it, and engine.js gives that one the full
// module at once.
#[cfg(feature = "full")]
mod bridge;
// A sensor board the page reads itself (Web Serial, Bluetooth, HID): only a connected board needs
// it, and board/connect.js moves the game to the full module when one is.
#[cfg(feature = "full")]
mod board_session;
mod citations;
mod claims;
mod clock_display;
#[cfg(feature = "full")]
mod dead;
mod face;
pub mod hearing;
// Every message id the page is given, for the page's build to check its catalogue against.
#[cfg(test)]
mod ids;
#[cfg(feature = "full")]
mod import;
mod json;
mod kind;
// The saved log in pieces: the full module's (table.rs says why).
#[cfg(feature = "full")]
mod log_pieces;
mod messages;
mod move_list;
mod refusal;
mod sliders;
mod speaker;
mod storage;
mod table;
pub mod timeline;
mod types;
mod view;
mod words;
mod zobrist_image;

#[cfg(feature = "full")]
pub use board_session::BoardLink;
#[cfg(feature = "full")]
pub use bridge::BridgeClient;
pub use clock_display::ClockDisplay;
#[cfg(feature = "full")]
pub use dead::can_mate_js;
pub use face::face_text;
pub use hearing::{read_move_js, square_labels, tactile_mark_passed};
pub use speaker::Speaker;
pub use table::Table;

use wasm_bindgen::prelude::*;

// Talc instead of Rust's default dlmalloc: measured 2 KB gzipped smaller in this module, and
// faster. The page's wasm is single-threaded (no atomics), which this allocator requires.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

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
