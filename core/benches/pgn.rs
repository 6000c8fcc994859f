//! PGN replay and validation, the engine behind `arbiter check`, beside shakmaty + pgn-reader
//! on the same ~50,000 seeded random games, in the same run. Prints the ratio ours / peer
//! (goal: at most 1.0).
//!
//! Run: `cargo bench -p arbiter-core --bench pgn`

use std::hint::black_box;
use std::time::{Duration, Instant};

use arbiter_core::pgn::{GameChecker, PgnReader};
use criterion::{Criterion, Throughput, criterion_group};

#[path = "../tests/pgn_common/mod.rs"]
mod pgn_common;
#[path = "../tests/pgn_peer/mod.rs"]
mod pgn_peer;

const GAMES: usize = 50_000;
const SEED: u64 = 0x00C0_FFEE_2026;
/// The CLI reads files in chunks of this size; the benchmark feeds the same way.
const CHUNK: usize = 64 * 1024;

/// Totals over all games: plies replayed, games with an error.
#[derive(Debug, PartialEq, Eq, Default)]
struct Totals {
    games: u64,
    plies: u64,
    errors: u64,
}

fn check_ours(pgn: &[u8]) -> Totals {
    let mut checker = GameChecker::new();
    let mut reader = PgnReader::new();
    let mut totals = Totals::default();
    let drain = |checker: &mut GameChecker, totals: &mut Totals| {
        while let Some(report) = checker.poll_report() {
            totals.games += 1;
            totals.plies += u64::from(report.moves);
            totals.errors += u64::from(report.error.is_some());
        }
    };
    for chunk in pgn.chunks(CHUNK) {
        reader.feed(chunk, &mut checker);
        drain(&mut checker, &mut totals);
    }
    reader.finish(&mut checker);
    drain(&mut checker, &mut totals);
    totals
}

/// The same job with the peer: pgn-reader tokenizes, shakmaty replays.
mod peer {
    use super::Totals;

    pub fn check(pgn: &[u8]) -> Totals {
        let mut totals = Totals::default();
        super::pgn_peer::replay_games(pgn, |plies, failed| {
            totals.games += 1;
            totals.plies += u64::from(plies);
            totals.errors += u64::from(failed);
        });
        totals
    }
}

/// Time this thread spent on a CPU, in ns, from Linux's schedstat; `None` elsewhere. On a
/// shared machine this is steadier than wall time, which also counts other people's work.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Runs ours and the peer alternately, so that load changing over time hits both alike, and
/// returns the median of the per-round ratios ours / peer, by CPU time and by wall time.
fn interleaved_ratio(pgn: &[u8], rounds: usize) -> (Option<f64>, f64) {
    let mut cpu_ratios = Vec::new();
    let mut wall_ratios = Vec::new();
    for _ in 0..rounds {
        let measure = |f: &dyn Fn() -> Totals| {
            let (cpu, wall) = (thread_cpu_ns(), Instant::now());
            black_box(f());
            let cpu = cpu.zip(thread_cpu_ns()).map(|(a, b)| (b - a) as f64);
            (cpu, wall.elapsed().as_secs_f64())
        };
        let (ours_cpu, ours_wall) = measure(&|| check_ours(pgn));
        let (peer_cpu, peer_wall) = measure(&|| peer::check(pgn));
        if let Some((ours, peer)) = ours_cpu.zip(peer_cpu) {
            cpu_ratios.push(ours / peer);
        }
        wall_ratios.push(ours_wall / peer_wall);
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied()
    };
    (median(cpu_ratios), median(wall_ratios).unwrap_or(f64::NAN))
}

fn bench_pgn_check(c: &mut Criterion) {
    let pgn = pgn_common::random_games_pgn(SEED, GAMES);
    let pgn = pgn.as_bytes();
    let ours = check_ours(pgn);
    let theirs = peer::check(pgn);
    // Timing two programs only means something if they did the same work.
    assert_eq!(ours, theirs, "ours and the peer disagree on the games");
    assert_eq!(ours.games, GAMES as u64);
    eprintln!(
        "pgn check input: {} games, {} plies, {:.1} MB",
        ours.games,
        ours.plies,
        pgn.len() as f64 / 1e6
    );

    let mut group = c.benchmark_group("pgn_check_50k_games");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.throughput(Throughput::Bytes(pgn.len() as u64));
    group.bench_function("arbiter", |b| b.iter(|| check_ours(black_box(pgn))));
    group.bench_function("shakmaty+pgn-reader", |b| {
        b.iter(|| peer::check(black_box(pgn)))
    });
    group.finish();

    let (cpu, wall) = interleaved_ratio(pgn, 7);
    eprintln!(
        "pgn check ratio arbiter / shakmaty+pgn-reader: {} by CPU time, {wall:.3} by wall time \
         (medians of 7 alternating rounds)",
        cpu.map_or("n/a".to_owned(), |r| format!("{r:.3}")),
    );
}

criterion_group!(benches, bench_pgn_check);

/// `PGN_BENCH_ONCE=arbiter|peer [PGN_BENCH_GAMES=n]`: one pass of one side and exit, to count
/// instructions under `valgrind --tool=callgrind`, which a loaded machine does not disturb.
fn main() {
    if let Ok(side) = std::env::var("PGN_BENCH_ONCE") {
        let games = std::env::var("PGN_BENCH_GAMES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(GAMES);
        let pgn = pgn_common::random_games_pgn(SEED, games);
        let totals = match side.as_str() {
            "arbiter" => check_ours(black_box(pgn.as_bytes())),
            "peer" => peer::check(black_box(pgn.as_bytes())),
            _ => Totals::default(), // the cost of making the games, to subtract
        };
        eprintln!("{side}: {totals:?}");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
