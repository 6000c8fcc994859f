//! Perft on the standard positions (chessprogramming wiki "Perft Results", as listed in
//! shared/reference/chess-libs.md §3.4): the move generator makes exactly the legal moves of
//! Art. 3. Deeper counts are `#[ignore]`d: run them with `cargo test --release -- --ignored`.

use arbiter_core::Position;

struct Case {
    name: &'static str,
    fen: &'static str,
    /// Node counts from depth 1.
    nodes: &'static [u64],
}

const CASES: [Case; 7] = [
    Case {
        name: "start position",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        nodes: &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    },
    Case {
        name: "Kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        nodes: &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    },
    Case {
        name: "position 3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        nodes: &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661],
    },
    Case {
        name: "position 4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        nodes: &[6, 264, 9_467, 422_333, 15_833_292],
    },
    Case {
        name: "position 4, colours mirrored",
        fen: "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        nodes: &[6, 264, 9_467, 422_333, 15_833_292],
    },
    Case {
        name: "position 5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        nodes: &[44, 1_486, 62_379, 2_103_487, 89_941_194],
    },
    Case {
        name: "position 6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        nodes: &[46, 2_079, 89_890, 3_894_594, 164_075_551],
    },
];

/// Perft through the public API only: every move in our notation (castling e1g1), played with
/// `Position::after`, and every position's FEN read back, so the notation layer is checked too.
fn perft_by_public_api(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in pos.legal_moves() {
        assert!(
            pos.is_legal(mv),
            "{mv} generated but not legal in {}",
            pos.fen()
        );
        let next = pos.after(mv).expect("a generated move plays");
        let again = Position::from_fen(&next.fen()).expect("our FEN reads back");
        assert!(
            again.same_position(&next),
            "FEN round trip changed {}",
            next.fen()
        );
        nodes += perft_by_public_api(&next, depth - 1);
    }
    nodes
}

fn check_up_to(max_nodes: u64) {
    for case in &CASES {
        let pos = Position::from_fen(case.fen).expect(case.name);
        for (i, &want) in case.nodes.iter().enumerate() {
            if want > max_nodes {
                break;
            }
            let depth = i as u32 + 1;
            assert_eq!(pos.perft(depth), want, "{} depth {depth}", case.name);
        }
    }
}

#[test]
fn standard_positions_to_five_million_nodes_art_3() {
    check_up_to(5_000_000);
}

#[test]
fn standard_positions_through_the_public_move_api_art_3() {
    for case in &CASES {
        let pos = Position::from_fen(case.fen).expect(case.name);
        let depth = if case.nodes[1] > 1_000 { 2 } else { 3 };
        assert_eq!(
            perft_by_public_api(&pos, depth),
            case.nodes[depth as usize - 1],
            "{}",
            case.name
        );
    }
}

#[test]
#[ignore = "deep: minutes in debug builds; run with --release -- --ignored"]
fn standard_positions_deep_art_3() {
    check_up_to(200_000_000);
}
