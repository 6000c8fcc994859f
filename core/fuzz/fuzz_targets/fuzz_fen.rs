//! Any text given as a FEN is either refused with an error or read into a position whose
//! FEN reads back to the same position.
#![no_main]

use arbiter_core::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = Position::from_fen(text) {
        let again = Position::from_fen(&pos.fen()).expect("our own FEN must read back");
        assert_eq!(again, pos);
        let _ = pos.legal_moves();
    }
});
