//! cozy-chess's lookup tables, filled in when the module starts instead of shipped.
//!
//! cozy-chess looks up rook and bishop attacks in one 703,904-byte table that its build script
//! writes with cozy-chess-types' public generator. In the module that table gzips to 35 KB, a
//! seventh of the page's whole transfer; its two 32 KB tables of the squares between two squares
//! and of the line through them gzip to 3 KB more. `cargo xtask web` therefore cuts these bytes
//! out of the shipped module's data (after checking they are exactly cozy-chess's tables) and
//! writes where each table lives into [`TABLES_AT`]; memory starts zeroed, and [`fill_at_start`]
//! writes them again before any export can run: the slider table with cozy-chess-types' own
//! generator, the other two from cozy-chess's table-free ray functions (a test checks every
//! entry against cozy-chess's lookups). The moves are still cozy-chess's own, from its own
//! tables: only the bytes travel differently. cozy-chess's 793 Zobrist keys (6.3 KB of random
//! numbers, which brotli cannot shrink) are cut and written back the same way, drawn again by
//! cozy-chess's own generator (`zobrist_image.rs`).
//!
//! A module `cargo xtask web` did not cut (a debug build, the wasm-bindgen tests) keeps its tables
//! and the marker's addresses stay 0, so nothing is written.

use cozy_chess::{get_bishop_moves_const, get_bishop_rays, get_rook_moves_const, get_rook_rays};
use cozy_chess_types::sliders::{
    SLIDING_MOVE_TABLE_SIZE, get_bishop_moves_index, get_bishop_relevant_blockers,
    get_rook_moves_index, get_rook_relevant_blockers,
};
use cozy_chess_types::{BitBoard, Square};
use wasm_bindgen::prelude::*;

use crate::zobrist_image::{ZOBRIST_KEYS, zobrist_image};

/// The marker `cargo xtask web` looks for in the module's data, followed by the tables'
/// addresses (0 until xtask writes them).
#[used]
static TABLES_AT: TablesAt = TablesAt {
    marker: *b"arbiter:sliders\0",
    slider: 0,
    slider_entries: 0,
    between: 0,
    line: 0,
    zobrist: 0,
};

/// The marker's layout, as xtask reads and writes it (little-endian u32s after 16 bytes).
#[repr(C)]
struct TablesAt {
    marker: [u8; 16],
    slider: u32,
    slider_entries: u32,
    between: u32,
    line: u32,
    zobrist: u32,
}

/// Entries of the between and line tables: one for each (from, to) pair of squares.
const PAIRS: usize = Square::NUM * Square::NUM;

/// Every entry of the table, as cozy-chess's build script writes it: for each square and each
/// set of relevant blockers, the squares a rook (then a bishop) attacks, at the magic index.
///
/// The attacks come from rays rather than from cozy-chess-types' square-by-square walk (its
/// `get_*_moves_slow`): this runs on every page load, before the first move can be shown, in
/// the browser's baseline-compiled code, for some 107,000 entries.
pub fn fill(table: &mut [u64]) {
    let rook = Rays::of(ROOK_DIRECTIONS);
    write_moves(
        table,
        get_rook_relevant_blockers,
        get_rook_moves_index,
        |square, blockers| rook.attacks(square, blockers),
    );
    let bishop = Rays::of(BISHOP_DIRECTIONS);
    write_moves(
        table,
        get_bishop_relevant_blockers,
        get_bishop_moves_index,
        |square, blockers| bishop.attacks(square, blockers),
    );
}

fn write_moves(
    table: &mut [u64],
    relevant_blockers: fn(Square) -> BitBoard,
    index: fn(Square, BitBoard) -> usize,
    moves: impl Fn(Square, BitBoard) -> u64,
) {
    for square in Square::ALL {
        for blockers in relevant_blockers(square).iter_subsets() {
            if let Some(entry) = table.get_mut(index(square, blockers)) {
                *entry = moves(square, blockers);
            }
        }
    }
}

/// (file, rank) steps of a rook's and a bishop's four directions.
const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// A slider's four rays from every square to the board's edge (the square itself left out).
struct Rays {
    ray: [[u64; Square::NUM]; 4],
    /// Whether the direction goes to higher square indices (a1 = 0, h8 = 63): then the
    /// nearest blocker on a ray is its lowest set bit, else its highest.
    rising: [bool; 4],
}

impl Rays {
    fn of(directions: [(i8, i8); 4]) -> Rays {
        let mut ray = [[0; Square::NUM]; 4];
        for (d, (file, rank)) in directions.into_iter().enumerate() {
            for square in Square::ALL {
                let mut at = square;
                while let Some(next) = at.try_offset(file, rank) {
                    ray[d][square as usize] |= next.bitboard().0;
                    at = next;
                }
            }
        }
        Rays {
            ray,
            rising: directions.map(|(file, rank)| rank * 8 + file > 0),
        }
    }

    /// The squares attacked from `square` with `blockers` on the board: each ray up to and
    /// including its nearest blocker.
    fn attacks(&self, square: Square, blockers: BitBoard) -> u64 {
        let mut out = 0;
        for d in 0..4 {
            let ray = self.ray[d][square as usize];
            let hits = ray & blockers.0;
            out |= if hits == 0 {
                ray
            } else {
                let nearest = if self.rising[d] {
                    hits.trailing_zeros()
                } else {
                    63 - hits.leading_zeros()
                };
                ray & !self.ray[d][nearest as usize]
            };
        }
        out
    }
}

/// The squares strictly between `from` and `to` on a rank, file or diagonal (none otherwise):
/// where each one's rook or bishop moves, blocked by the other, meet.
pub fn between(from: Square, to: Square) -> u64 {
    if get_rook_rays(from).has(to) {
        (get_rook_moves_const(from, to.bitboard()) & get_rook_moves_const(to, from.bitboard())).0
    } else if get_bishop_rays(from).has(to) {
        (get_bishop_moves_const(from, to.bitboard()) & get_bishop_moves_const(to, from.bitboard()))
            .0
    } else {
        0
    }
}

/// The whole rank, file or diagonal through `from` and `to` (none if they share none).
pub fn line(from: Square, to: Square) -> u64 {
    let both = from.bitboard() | to.bitboard();
    if get_rook_rays(from).has(to) {
        ((get_rook_rays(from) & get_rook_rays(to)) | both).0
    } else if get_bishop_rays(from).has(to) {
        ((get_bishop_rays(from) & get_bishop_rays(to)) | both).0
    } else {
        0
    }
}

/// A `[from][to]` table of `f` for every pair of squares.
fn fill_pairs(table: &mut [u64], f: fn(Square, Square) -> u64) {
    for (i, entry) in table.iter_mut().enumerate().take(PAIRS) {
        *entry = f(
            Square::index(i / Square::NUM),
            Square::index(i % Square::NUM),
        );
    }
}

/// Runs once when the module is instantiated, before the page can call anything.
#[wasm_bindgen(start)]
pub fn fill_at_start() {
    // Volatile: the compiler must not fold the marker's build-time zeros into this code, since
    // xtask changes them in the finished module.
    // SAFETY: plain reads of a static of plain integers.
    let [slider, entries, between_at, line_at, zobrist_at] = unsafe {
        [
            core::ptr::read_volatile(&raw const TABLES_AT.slider),
            core::ptr::read_volatile(&raw const TABLES_AT.slider_entries),
            core::ptr::read_volatile(&raw const TABLES_AT.between),
            core::ptr::read_volatile(&raw const TABLES_AT.line),
            core::ptr::read_volatile(&raw const TABLES_AT.zobrist),
        ]
    };
    if slider == 0
        || entries as usize != SLIDING_MOVE_TABLE_SIZE
        || between_at == 0
        || line_at == 0
        || zobrist_at == 0
    {
        return;
    }
    // SAFETY: xtask wrote the addresses of cozy-chess's tables (checked byte for byte against
    // cozy-chess before they were cut), which are in linear memory and 8-byte aligned; nothing
    // has read them yet, because start functions run before any export.
    let table = |address: u32, entries: usize| unsafe {
        core::slice::from_raw_parts_mut(
            core::ptr::with_exposed_provenance_mut::<u64>(address as usize),
            entries,
        )
    };
    fill(table(slider, SLIDING_MOVE_TABLE_SIZE));
    fill_pairs(table(between_at, PAIRS), between);
    fill_pairs(table(line_at, PAIRS), line);
    table(zobrist_at, ZOBRIST_KEYS).copy_from_slice(&zobrist_image());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys are cozy-chess's, each where cozy-chess reads it: a position's hash, XORed
    /// together from the image, is the hash cozy-chess keeps for it.
    #[test]
    fn zobrist_image_hashes_as_cozy_chess_does() {
        let image = zobrist_image();
        let colour = crate::zobrist_image::COLOUR_KEYS;
        let hash = |board: &cozy_chess::Board| {
            let mut h = 0;
            for square in board.occupied() {
                let piece = board.piece_on(square).unwrap() as usize;
                let c = board.color_on(square).unwrap() as usize;
                h ^= image[c * colour + piece * 64 + square as usize];
            }
            for c in cozy_chess::Color::ALL {
                let rights = board.castle_rights(c);
                for file in [rights.short, rights.long].into_iter().flatten() {
                    h ^= image[c as usize * colour + 6 * 64 + file as usize];
                }
            }
            if let Some(file) = board.en_passant() {
                h ^= image[2 * colour + file as usize];
            }
            if board.side_to_move() == cozy_chess::Color::Black {
                h ^= image[ZOBRIST_KEYS - 1];
            }
            h
        };
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            "r3k2r/8/8/8/8/8/8/4K2R b Kq - 0 1",
        ] {
            let board: cozy_chess::Board = fen.parse().unwrap();
            assert_eq!(hash(&board), board.hash(), "{fen}");
        }
    }

    /// The generators reproduce the tables cozy-chess answers from, entry for entry that it reads.
    #[test]
    fn fill_matches_cozy_chess_lookups() {
        let mut table = vec![0u64; SLIDING_MOVE_TABLE_SIZE];
        fill(&mut table);
        let mut between_table = vec![0u64; PAIRS];
        fill_pairs(&mut between_table, between);
        let mut line_table = vec![0u64; PAIRS];
        fill_pairs(&mut line_table, line);
        for square in Square::ALL {
            for to in Square::ALL {
                let at = square as usize * Square::NUM + to as usize;
                let theirs = cozy_chess::get_between_rays(square, to).0;
                assert_eq!(between_table[at], theirs, "between {square} and {to}");
                let theirs = cozy_chess::get_line_rays(square, to).0;
                assert_eq!(line_table[at], theirs, "line through {square} and {to}");
            }
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
