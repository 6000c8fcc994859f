//! The fuzz targets of core/fuzz (fuzz_fen, fuzz_san) as plain property tests, so that CI runs
//! them on stable Rust: random and mutated texts never panic the readers, and whatever they
//! accept prints and reads back to the same thing.

mod seeded;

use arbiter_core::Position;
use arbiter_core::notation::{Language, san, spoken};
use seeded::SplitMix;

const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

/// A valid text with a few characters replaced, inserted or deleted.
fn mutate(rng: &mut SplitMix, text: &str, alphabet: &[char]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if at < chars.len() => chars[at] = *rng.pick(alphabet),
            1 => chars.insert(at, *rng.pick(alphabet)),
            _ if at < chars.len() => {
                chars.remove(at);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn random_text(rng: &mut SplitMix, alphabet: &[char], max_len: usize) -> String {
    (0..rng.below(max_len + 1))
        .map(|_| *rng.pick(alphabet))
        .collect()
}

#[test]
fn fuzz_fen_never_panics_and_accepted_fens_read_back() {
    let alphabet: Vec<char> = "KQRBNPkqrbnp12345678/ wb-abcdefgh0912 9é♔\u{0}"
        .chars()
        .collect();
    let mut rng = SplitMix(0xFE11);
    let mut accepted = 0;
    for i in 0..60_000 {
        let text = if i % 2 == 0 {
            let base = rng_pick_fen(&mut rng);
            mutate(&mut rng, base, &alphabet)
        } else {
            random_text(&mut rng, &alphabet, 90)
        };
        if let Ok(pos) = Position::from_fen(&text) {
            accepted += 1;
            let again = Position::from_fen(&pos.fen())
                .unwrap_or_else(|e| panic!("'{}' from '{text}': {e}", pos.fen()));
            assert_eq!(again, pos, "from '{text}'");
            let _ = pos.legal_moves();
        }
    }
    assert!(
        accepted > 500,
        "mutations should often stay valid: {accepted}"
    );
}

fn rng_pick_fen(rng: &mut SplitMix) -> &'static str {
    FENS[rng.below(FENS.len())]
}

#[test]
fn fuzz_san_never_panics_and_accepted_moves_read_back() {
    let alphabet: Vec<char> = "KQRBNDTACFLSPabcdefgh12345678x=+#-O0()!?.:/ ep♔♕♖♗♘♙♚é"
        .chars()
        .collect();
    let words = [
        "Anna", "Bella", "Hector", "eins", "acht", "fünf", "Springer", "Dame", "schlägt", "Kurze",
        "Rochade", "x",
    ];
    let positions: Vec<Position> = FENS
        .iter()
        .map(|f| Position::from_fen(f).expect("valid"))
        .collect();
    let mut rng = SplitMix(0x5A4);
    let mut accepted = 0;
    for i in 0..100_000 {
        let pos = rng.pick(&positions);
        let lang = *rng.pick(&Language::ALL);
        let text = if i % 2 == 0 {
            let moves = pos.legal_moves();
            let valid = san::format(pos, *rng.pick(&moves), lang);
            mutate(&mut rng, &valid, &alphabet)
        } else {
            random_text(&mut rng, &alphabet, 8)
        };
        if let Ok(mv) = san::parse(pos, &text, lang) {
            accepted += 1;
            assert!(pos.is_legal(mv));
            assert_eq!(
                san::parse(pos, &san::format(pos, mv, lang), lang),
                Ok(mv),
                "from '{text}'"
            );
        }
        let said: Vec<&str> = (0..=rng.below(4)).map(|_| *rng.pick(&words)).collect();
        if let Ok(mv) = spoken::parse(pos, &said.join(" ")) {
            assert_eq!(spoken::parse(pos, &spoken::format(pos, mv)), Ok(mv));
        }
    }
    assert!(
        accepted > 5_000,
        "mutations should often stay readable: {accepted}"
    );
}
