//! cozy-chess's slider attack table, filled in when the module starts instead of shipped.
//!
//! cozy-chess looks up rook and bishop attacks in one 703,904-byte table that its build script
//! writes with cozy-chess-types' public generator. In the module that table gzips to 35 KB, a
//! seventh of the page's whole transfer. `cargo xtask web` therefore cuts the table's bytes out
//! of the shipped module's data (after checking they are exactly what the generator makes) and
//! writes where the table lives into [`SLIDER_TABLE_AT`]; memory starts zeroed, and
//! [`fill_at_start`] runs the same generator into the same place before any export can run.
//! The moves are still cozy-chess's own, from its own table: only the bytes travel differently.
//!
//! A module `cargo xtask web` did not cut (a debug build, the wasm-bindgen tests) keeps its table
//! and the marker's address stays 0, so nothing is written.

use cozy_chess_types::sliders::{
    SLIDING_MOVE_TABLE_SIZE, get_bishop_moves_index, get_bishop_moves_slow,
    get_bishop_relevant_blockers, get_rook_moves_index, get_rook_moves_slow,
    get_rook_relevant_blockers,
};
use cozy_chess_types::{BitBoard, Square};
use wasm_bindgen::prelude::*;

/// The marker `cargo xtask web` looks for in the module's data, followed by the table's address
/// and its length in entries (both 0 until xtask writes them).
#[used]
static SLIDER_TABLE_AT: SliderTableAt = SliderTableAt {
    marker: *b"arbiter:sliders\0",
    address: 0,
    entries: 0,
};

/// The marker's layout, as xtask reads and writes it (little-endian u32s after 16 bytes).
#[repr(C)]
struct SliderTableAt {
    marker: [u8; 16],
    address: u32,
    entries: u32,
}

/// Every entry of the table, as cozy-chess's build script writes it: for each square and each
/// set of relevant blockers, the squares a rook (then a bishop) attacks, at the magic index.
pub fn fill(table: &mut [u64]) {
    write_moves(
        table,
        get_rook_relevant_blockers,
        get_rook_moves_index,
        get_rook_moves_slow,
    );
    write_moves(
        table,
        get_bishop_relevant_blockers,
        get_bishop_moves_index,
        get_bishop_moves_slow,
    );
}

fn write_moves(
    table: &mut [u64],
    relevant_blockers: fn(Square) -> BitBoard,
    index: fn(Square, BitBoard) -> usize,
    moves: fn(Square, BitBoard) -> BitBoard,
) {
    for square in Square::ALL {
        for blockers in relevant_blockers(square).iter_subsets() {
            if let Some(entry) = table.get_mut(index(square, blockers)) {
                *entry = moves(square, blockers).0;
            }
        }
    }
}

/// Runs once when the module is instantiated, before the page can call anything.
#[wasm_bindgen(start)]
pub fn fill_at_start() {
    // Volatile: the compiler must not fold the marker's build-time zeros into this code, since
    // xtask changes them in the finished module.
    // SAFETY: a plain read of a static of plain integers.
    let (address, entries) = unsafe {
        (
            core::ptr::read_volatile(&raw const SLIDER_TABLE_AT.address),
            core::ptr::read_volatile(&raw const SLIDER_TABLE_AT.entries),
        )
    };
    if address == 0 || entries as usize != SLIDING_MOVE_TABLE_SIZE {
        return;
    }
    // SAFETY: xtask wrote the address and length of cozy-chess's table (checked byte for byte
    // against this generator before it was cut), which is in linear memory and 8-byte aligned;
    // nothing has read it yet, because start functions run before any export.
    let table = unsafe {
        core::slice::from_raw_parts_mut(
            core::ptr::with_exposed_provenance_mut::<u64>(address as usize),
            SLIDING_MOVE_TABLE_SIZE,
        )
    };
    fill(table);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator reproduces the table cozy-chess answers from, entry for entry that it reads.
    #[test]
    fn fill_matches_cozy_chess_lookups() {
        let mut table = vec![0u64; SLIDING_MOVE_TABLE_SIZE];
        fill(&mut table);
        for square in Square::ALL {
            for blockers in get_rook_relevant_blockers(square).iter_subsets() {
                let ours = table[get_rook_moves_index(square, blockers)];
                let theirs = cozy_chess::get_rook_moves(square, blockers).0;
                assert_eq!(ours, theirs, "rook on {square} with {blockers:?}");
            }
            for blockers in get_bishop_relevant_blockers(square).iter_subsets() {
                let ours = table[get_bishop_moves_index(square, blockers)];
                let theirs = cozy_chess::get_bishop_moves(square, blockers).0;
                assert_eq!(ours, theirs, "bishop on {square} with {blockers:?}");
            }
        }
    }
}
