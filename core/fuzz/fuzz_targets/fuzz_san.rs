//! Any text given as a move, in any language, is refused with an error or names a legal move
//! whose SAN reads back to the same move. The first byte picks a position, the second a language.
#![no_main]

use arbiter_core::Position;
use arbiter_core::notation::{Language, san, spoken};
use libfuzzer_sys::fuzz_target;

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

fuzz_target!(|data: &[u8]| {
    let [p, l, rest @ ..] = data else { return };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pos = Position::from_fen(POSITIONS[usize::from(*p) % POSITIONS.len()]).expect("valid");
    let lang = Language::ALL[usize::from(*l) % Language::ALL.len()];
    if let Ok(mv) = san::parse(&pos, text, lang) {
        assert!(pos.is_legal(mv));
        assert_eq!(san::parse(&pos, &san::format(&pos, mv, lang), lang), Ok(mv));
    }
    if let Ok(mv) = spoken::parse(&pos, text) {
        assert!(pos.is_legal(mv));
        assert_eq!(spoken::parse(&pos, &spoken::format(&pos, mv)), Ok(mv));
    }
});
