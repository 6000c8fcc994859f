//! Perft: our generator (arbiter-core's `Position::perft`, through our wrapper) beside a plain
//! perft written directly on cozy-chess, in the same run. Prints the time ratio ours / cozy
//! (goal: at most 1.1). Run: `cargo bench -p arbiter-core --bench perft`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use arbiter_core::Position;
use cozy_chess::Board;
use criterion::{Criterion, criterion_group};

const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "start d5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete d4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
];

/// The reference: cozy-chess's move generator used the way its README does, bulk-counting the
/// last ply.
fn cozy_perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in CASES {
        let ours = Position::from_fen(fen).expect("valid FEN");
        let theirs = Board::from_fen(fen, false).expect("valid FEN");
        assert_eq!(ours.perft(depth), nodes);
        assert_eq!(cozy_perft(&theirs, depth), nodes);
        group.bench_function(format!("arbiter {name}"), |b| {
            b.iter(|| black_box(&ours).perft(depth))
        });
        group.bench_function(format!("cozy-chess {name}"), |b| {
            b.iter(|| cozy_perft(black_box(&theirs), depth))
        });
    }
    group.finish();
}

/// Best of several interleaved runs of each, so both see the same machine load.
fn print_ratios() {
    println!();
    for (name, fen, depth, _) in CASES {
        let ours = Position::from_fen(fen).expect("valid FEN");
        let theirs = Board::from_fen(fen, false).expect("valid FEN");
        let (mut best_ours, mut best_cozy) = (Duration::MAX, Duration::MAX);
        for _ in 0..7 {
            let t = Instant::now();
            black_box(black_box(&ours).perft(depth));
            best_ours = best_ours.min(t.elapsed());
            let t = Instant::now();
            black_box(cozy_perft(black_box(&theirs), depth));
            best_cozy = best_cozy.min(t.elapsed());
        }
        let ratio = best_ours.as_secs_f64() / best_cozy.as_secs_f64();
        println!(
            "perft {name}: arbiter {:.1} ms, cozy-chess {:.1} ms, ratio arbiter/cozy = {ratio:.3} (goal <= 1.1)",
            best_ours.as_secs_f64() * 1e3,
            best_cozy.as_secs_f64() * 1e3
        );
    }
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    print_ratios();
}
