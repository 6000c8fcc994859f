//! No panic on any bytes: the PGN reader, the game builder, the writer and the checker over
//! seeded random bytes and over mutated real PGN, fed in random chunk sizes. This runs in CI;
//! `cargo fuzz run fuzz_pgn` (core/fuzz) explores further where nightly is available.

use arbiter_core::pgn::{check_games, read_games, writer};

use crate::pgn_common;

/// Everything the PGN layer does with untrusted bytes, in chunks of the given sizes.
fn exercise(bytes: &[u8], chunk_sizes: &[usize]) {
    let whole = check_games(bytes);
    let mut rest = bytes;
    let mut sizes = chunk_sizes.iter().cycle();
    let chunks = std::iter::from_fn(|| {
        let size = *sizes.next().filter(|_| !rest.is_empty())?;
        let (chunk, tail) = rest.split_at(size.clamp(1, rest.len()));
        rest = tail;
        Some(chunk)
    });
    let reports = pgn_common::check_in_chunks(chunks);
    // Streaming must not change the verdicts, wherever the chunks are cut.
    assert_eq!(reports, whole);
    for game in read_games(bytes) {
        let text = writer::write_game(&game);
        // What we write, we read back as one game with the same main line.
        let again = read_games(text.as_bytes());
        assert_eq!(again.len(), 1, "{text}");
        assert_eq!(again[0].moves.len(), game.moves.len(), "{text}");
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = pgn_common::SplitMix(2026);
    // Bytes drawn mostly from PGN's own alphabet, so the reader reaches deep states.
    let alphabet = b"[]{}()\";%$!?.-+#=*/\\ \n\r\t0123456789abcdefghKQRBNOPx\xC2\xBD\xE2\x99\x98";
    for _ in 0..3000 {
        let len = rng.below(300);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if rng.below(8) == 0 {
                    rng.next_u64() as u8
                } else {
                    alphabet[rng.below(alphabet.len())]
                }
            })
            .collect();
        let sizes = [1 + rng.below(5), 1 + rng.below(50), 1 + rng.below(300)];
        exercise(&bytes, &sizes);
    }
}

#[test]
fn mutated_games_never_panic() {
    let mut rng = pgn_common::SplitMix(99);
    let base = pgn_common::random_games_pgn(5, 20).into_bytes();
    for _ in 0..300 {
        let mut bytes = base.clone();
        for _ in 0..1 + rng.below(20) {
            let at = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[at] = rng.next_u64() as u8,
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, b"{}()[]\"%;$\n"[rng.below(11)]),
            }
        }
        let sizes = [1 + rng.below(4096)];
        exercise(&bytes, &sizes);
    }
}
