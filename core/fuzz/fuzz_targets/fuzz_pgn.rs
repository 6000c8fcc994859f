//! Any bytes given as PGN: reading never panics, cutting the input into chunks never changes
//! the verdicts, and every game we write reads back as one game with the same moves.
#![no_main]

use arbiter_core::pgn::{GameChecker, PgnReader, check_games, read_games, writer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let whole = check_games(data);
    // The first byte picks a chunk size, so the fuzzer explores token boundaries too.
    let size = usize::from(data.first().copied().unwrap_or(1)).max(1);
    let mut checker = GameChecker::new();
    let mut reader = PgnReader::new();
    let mut chunked = Vec::new();
    for chunk in data.chunks(size) {
        reader.feed(chunk, &mut checker);
        chunked.extend(std::iter::from_fn(|| checker.poll_report()));
    }
    reader.finish(&mut checker);
    chunked.extend(std::iter::from_fn(|| checker.poll_report()));
    assert_eq!(chunked, whole);

    for game in read_games(data) {
        let text = writer::write_game(&game);
        let again = read_games(text.as_bytes());
        assert_eq!(again.len(), 1, "{text}");
        assert_eq!(again[0].moves.len(), game.moves.len(), "{text}");
    }
});
