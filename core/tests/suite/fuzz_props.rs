//! The fuzz targets of core/fuzz (fuzz_fen, fuzz_san) as plain property tests, so that CI runs
//! them on stable Rust: random and mutated texts never panic the readers, and whatever they
//! accept prints and reads back to the same thing.

use arbiter_core::Position;
use arbiter_core::fen::FenError;
use arbiter_core::notation::{Language, san, spoken};
// The seeded generator, one copy in this binary: pgn_common holds it.
use crate::pgn_common::SplitMix;

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

/// The placement of a valid FEN with a few squares changed: a random piece (kings included) put
/// on a random square or a square emptied, and sometimes the side to move or the rights
/// changed. These reach what character mutations rarely do: kings side by side, the side not
/// to move in check, double checks, extra promoted pieces.
fn mutate_placement(rng: &mut SplitMix, fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let mut squares: Vec<char> = Vec::with_capacity(64);
    for c in fields[0].chars() {
        match c.to_digit(10) {
            Some(n) => squares.extend(std::iter::repeat_n('1', n as usize)),
            None if c == '/' => {}
            None => squares.push(c),
        }
    }
    for _ in 0..=rng.below(4) {
        let at = rng.below(64);
        squares[at] = *rng.pick(&[
            'K', 'k', 'Q', 'q', 'R', 'r', 'B', 'b', 'N', 'n', 'P', 'p', '1', '1',
        ]);
    }
    let mut placement = String::new();
    for (rank, row) in squares.chunks(8).enumerate() {
        if rank > 0 {
            placement.push('/');
        }
        let mut empty = 0;
        for &c in row {
            if c == '1' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                placement.push(char::from(b'0' + empty));
                empty = 0;
            }
            placement.push(c);
        }
        if empty > 0 {
            placement.push(char::from(b'0' + empty));
        }
    }
    fields[0] = placement;
    if rng.below(3) == 0 {
        fields[1] = if fields[1] == "w" { "b" } else { "w" }.into();
    }
    if rng.below(3) == 0 {
        fields[2] = rng.pick(&["-", "K", "Qk", "KQkq"]).to_string();
    }
    if rng.below(4) == 0 {
        fields[3] = rng.pick(&["-", "e3", "d6", "a6", "h3"]).to_string();
    }
    fields.join(" ")
}

/// What the CLI's `status`, `moves` and `perft 2` ask of a position, and a game set up on it
/// with its first move: none of it may panic on any position `from_fen` accepts.
fn exercise_position(pos: &Position, fen: &str) {
    use arbiter_core::arbiter::{Event, Game, GameConfig, Stamped};
    use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
    use arbiter_core::dead::Budget;
    use arbiter_core::laws::Edition;
    use arbiter_core::record;

    // status
    let _ = (pos.in_check(), pos.is_checkmate(), pos.is_stalemate());
    let budget = Budget { nodes: 2_000 };
    for color in [arbiter_core::Color::White, arbiter_core::Color::Black] {
        let _ = record::insufficient_material(pos, color);
        let _ = record::can_mate(pos, color, budget);
    }
    // moves, in SAN and in every language, and each one played
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.count_legal_moves(), "{fen}");
    for &mv in &moves {
        assert_ne!(
            pos.piece_on(mv.to).map(|(_, piece)| piece),
            Some(arbiter_core::Piece::King),
            "a king capture offered in '{fen}'"
        );
        let _ = san::format(pos, mv, Language::English);
        let _ = spoken::format(pos, mv);
        pos.after(mv).expect("a listed move is legal");
    }
    // perft 2
    assert_eq!(pos.perft(1), moves.len() as u64, "{fen}");
    let replies: usize = moves
        .iter()
        .map(|&mv| pos.after(mv).map_or(0, |p| p.count_legal_moves()))
        .sum();
    assert_eq!(pos.perft(2), replies as u64, "{fen}");
    // a game configured on it, and its first move
    let control =
        TimeControl::sudden_death(Millis::minutes(5), Timing::Increment(Millis::seconds(2)));
    for edition in [Edition::Fide2005, Edition::Fide2023] {
        let mut config = GameConfig::new(edition, control.clone());
        config.fen = Some(fen.to_string());
        let mut game =
            Game::new(config).unwrap_or_else(|e| panic!("'{fen}' read but refused as a game: {e}"));
        let start = Stamped {
            at: Timestamp(0),
            event: Event::Start,
        };
        if game.handle(start).is_err() {
            continue;
        }
        if let Some(mv) = moves.first() {
            let event: Event = serde_json::from_str(&format!(r#"{{"type":"move","move":"{mv}"}}"#))
                .expect("a move event");
            let _ = game.handle(Stamped {
                at: Timestamp(1_000),
                event,
            });
            let _ = game.state(Timestamp(2_000));
        }
    }
}

#[test]
fn mutated_positions_never_panic_through_status_moves_perft_and_a_game() {
    let alphabet: Vec<char> = "KQRBNPkqrbnp12345678/ wb-".chars().collect();
    let mut rng = SplitMix(0xB0A2D);
    let (mut accepted, mut refused) = (0, 0);
    for i in 0..3_000 {
        let base = rng_pick_fen(&mut rng);
        let text = if i % 3 == 0 {
            mutate(&mut rng, base, &alphabet)
        } else {
            mutate_placement(&mut rng, base)
        };
        match Position::from_fen(&text) {
            Ok(pos) => {
                accepted += 1;
                exercise_position(&pos, &text);
            }
            Err(error) => {
                refused += 1;
                // The refusal names a FEN field first, as the CLI prints it.
                let message = error.to_string();
                assert!(!message.is_empty(), "{text}");
                // A game set up on it is refused too, with the same reason.
                let control = arbiter_core::clock::TimeControl::sudden_death(
                    arbiter_core::clock::Millis::minutes(5),
                    arbiter_core::clock::Timing::None,
                );
                let mut config = arbiter_core::arbiter::GameConfig::new(
                    arbiter_core::laws::Edition::Fide2023,
                    control,
                );
                config.fen = Some(text.clone());
                let refusal = arbiter_core::arbiter::Game::new(config)
                    .err()
                    .map(|e| e.to_string());
                // Castling rights for a king and rook elsewhere on the first rank are a faulty
                // set-up that a game may start from (App. B4 / A.5.1); nothing else is.
                let setup_fault = matches!(error, FenError::CastlingMismatch { .. });
                assert!(
                    refusal.as_deref().is_some_and(|r| r.contains(&message))
                        || (setup_fault && refusal.is_none()),
                    "'{text}': FEN says '{message}', the game {refusal:?}"
                );
            }
        }
    }
    assert!(
        accepted > 300 && refused > 300,
        "accepted {accepted}, refused {refused}"
    );
}
