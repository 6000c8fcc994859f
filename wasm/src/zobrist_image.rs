// cozy-chess's Zobrist keys as they lie in memory (this file is also `include!`d by xtask's
// `slider_table.rs`, which cuts them out of the module; `sliders.rs` writes them back at start).
//
// cozy-chess (src/board/zobrist.rs) makes its 793 keys at compile time with a PCG (Pcg64Mcg
// XSL-RR) and keeps them in a private `const`; rustc lays that constant out as: for White then
// Black, the 384 piece keys (`[piece][square]`) then the 8 castling keys (by file); then the 8
// en passant keys (by file); then the key for Black to move. The keys are drawn in another
// order: en passant, then each colour's castling then piece keys, then Black to move. Should
// either order change, xtask finds no such bytes in the module and the build stops.

/// How many keys: two colours of 6 x 64 piece keys and 8 castling keys, 8 en passant keys and
/// the key for Black to move.
pub const ZOBRIST_KEYS: usize = 2 * COLOUR_KEYS + 8 + 1;

/// One colour's keys: 6 x 64 piece keys (`[piece][square]`), then 8 castling keys (by file).
pub const COLOUR_KEYS: usize = 6 * 64 + 8;

/// The keys in memory order.
pub fn zobrist_image() -> [u64; ZOBRIST_KEYS] {
    let mut state: u128 = 0x7369_7874_6565_6E20_6279_7465_206E_756D | 1;
    let mut rand = || {
        state = state.wrapping_mul(0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645);
        let rot = (state >> 122) as u32;
        let xsl = (state >> 64) as u64 ^ state as u64;
        xsl.rotate_right(rot)
    };
    let mut image = [0u64; ZOBRIST_KEYS];
    for key in &mut image[2 * COLOUR_KEYS..2 * COLOUR_KEYS + 8] {
        *key = rand();
    }
    for colour in 0..2 {
        let at = colour * COLOUR_KEYS;
        for key in &mut image[at + 6 * 64..at + COLOUR_KEYS] {
            *key = rand();
        }
        for key in &mut image[at..at + 6 * 64] {
            *key = rand();
        }
    }
    image[ZOBRIST_KEYS - 1] = rand();
    image
}
