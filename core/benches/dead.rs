//! Dead-position analysis (2005 Art. 6.10 / 9.6, 2023 Art. 6.9 / 5.2.2): our `can_mate` beside
//! chasolver 3 (the reference implementation of the same algorithm) on the same positions in the
//! same run, printing the speed ratio, mean, p99 and worst time per query, undetermined counts,
//! and the mean time of the quick check run after every move.
//!
//! Three sets: Lichess positions from all phases of games, real flag falls (issue 17: the
//! positions 2005 Art. 6.10 / 2023 Art. 6.9 rulings meet; the player with time left can never
//! mate in any of them), and the hard composed set. On the first two it also times the whole
//! path of `arbiter status` for a position: its FEN read, the analysis for both sides and the
//! answer, beside chasolver's FEN read and its analysis for both sides, and on the flag falls
//! the ruling alone (FEN, then the side with time left). Wrong answers (against the labels) and
//! undetermined ones are counted on every line.
//!
//! `cargo bench -p arbiter-core --bench dead`. The hard set is sampled (every 8th position)
//! unless `DEAD_BENCH_HARD=all`; `DEAD_BENCH_PEER=off` skips chasolver while tuning,
//! `DEAD_BENCH_OURS=off` our analysis and `DEAD_BENCH_QUICK=off` the quick check (to profile one
//! side alone under callgrind).

use std::hint::black_box;
use std::str::FromStr;
use std::time::{Duration, Instant};

use arbiter_core::dead::{Budget, CanMate, can_mate, cannot_mate_quick, is_dead_quick};
use arbiter_core::{Position, record};
use cozy_chess::{Board, Color};
use criterion::{Criterion, criterion_group, criterion_main};

const LICHESS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/unwinnability/chasolver-lichess.txt"
);
const HARD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/unwinnability/chasolver-positions.txt"
);
const FLAG_FALLS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/unwinnability/flag-falls-dev.txt"
);

struct Query {
    /// The FEN with six fields, as a ruling or `arbiter status` reads it.
    fen: String,
    ours: Board,
    peer: chess::Board,
    /// Whether White, then Black, can mate, where the set says.
    label: [Option<bool>; 2],
}

fn label_of(answer: &CanMate) -> Option<bool> {
    match answer {
        CanMate::Yes(_) => Some(true),
        CanMate::No => Some(false),
        CanMate::Undetermined => None,
    }
}

fn peer_label(answer: &Option<chasolver::Winnability>) -> Option<bool> {
    answer
        .as_ref()
        .map(|a| matches!(a, chasolver::Winnability::Winnable { .. }))
}

/// Reads a labelled set (`WB`, `W-`, `-B` or `--`, then the FEN) or, for the flag falls, FENs
/// of six fields followed by a game id, where the side not to move cannot mate.
fn read_set(path: &str) -> Vec<Query> {
    let text = std::fs::read_to_string(path).expect("data set beside the repository");
    let mut rejected = 0;
    let set: Vec<Query> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let labelled = l.as_bytes().get(2) == Some(&b' ');
            let (fen, label) = if labelled {
                let b = l.as_bytes();
                (l[2..].trim(), [Some(b[0] == b'W'), Some(b[1] == b'B')])
            } else {
                (l.trim(), [None, None])
            };
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let full = match fields.len() {
                4 => format!("{fen} 0 1"),
                _ => fields[..fields.len().min(6)].join(" "),
            };
            // cozy-chess refuses some composed positions that cannot arise in a game.
            let (Ok(ours), Ok(peer)) =
                (Board::from_fen(&full, false), chess::Board::from_str(&full))
            else {
                rejected += 1;
                return None;
            };
            let mut label = label;
            if !labelled {
                label[!ours.side_to_move() as usize] = Some(false);
            }
            Some(Query {
                fen: full,
                ours,
                peer,
                label,
            })
        })
        .collect();
    if rejected > 0 {
        println!("{path}: {rejected} positions refused by a FEN parser, left out");
    }
    set
}

struct Timing {
    times: Vec<Duration>,
    undetermined: usize,
    /// Answers that contradict the set's label.
    wrong: usize,
}

impl Timing {
    fn with_capacity(n: usize) -> Self {
        Timing {
            times: Vec::with_capacity(n),
            undetermined: 0,
            wrong: 0,
        }
    }

    fn count(&mut self, answer: Option<bool>, label: Option<bool>) {
        match answer {
            None => self.undetermined += 1,
            Some(a) if label.is_some_and(|l| l != a) => self.wrong += 1,
            Some(_) => {}
        }
    }
}

impl Timing {
    fn report(&mut self, name: &str) -> f64 {
        self.times.sort();
        let n = self.times.len().max(1);
        let total: Duration = self.times.iter().sum();
        let mean = total.as_secs_f64() / n as f64;
        let p99 = self.times[(n * 99 / 100).min(n - 1)];
        let worst = self.times[n - 1];
        println!(
            "{name:<34} {n:>7} queries  mean {:>9.1} us  p99 {:>9.1} us  worst {:>10.1} us  {:>9.0} q/s  undetermined {}  wrong {}",
            mean * 1e6,
            p99.as_secs_f64() * 1e6,
            worst.as_secs_f64() * 1e6,
            1.0 / mean,
            self.undetermined,
            self.wrong
        );
        mean
    }
}

/// What one timed call gave: up to two answers, each beside the label it is checked against
/// (`None` as an answer: undetermined); `None` for a FEN the tool refused (counted as wrong).
type Checked = Option<[Option<(Option<bool>, Option<bool>)>; 2]>;

/// The one runner loop: times `call` on every query of `set` (`per_query` calls each, told
/// which), counting each answer against its label outside the timed stretch.
fn run(set: &[Query], per_query: usize, mut call: impl FnMut(&Query, usize) -> Checked) -> Timing {
    let mut t = Timing::with_capacity(set.len() * per_query);
    for q in set {
        for i in 0..per_query {
            let start = Instant::now();
            let checked = black_box(call(q, i));
            t.times.push(start.elapsed());
            match checked {
                None => t.wrong += 1,
                Some(answers) => {
                    for (answer, label) in answers.into_iter().flatten() {
                        t.count(answer, label);
                    }
                }
            }
        }
    }
    t
}

const SIDES: [Color; 2] = [Color::White, Color::Black];
const PEER_SIDES: [chess::Color; 2] = [chess::Color::White, chess::Color::Black];

fn time_ours(set: &[Query], budget: Budget) -> Timing {
    run(set, 2, |q, i| {
        let answer = can_mate(&q.ours, SIDES[i], budget);
        Some([Some((label_of(&answer), q.label[i])), None])
    })
}

fn time_peer(set: &[Query]) -> Timing {
    run(set, 2, |q, i| {
        let answer = chasolver::winnability(&q.peer, PEER_SIDES[i]);
        Some([Some((peer_label(&answer), q.label[i])), None])
    })
}

/// What `arbiter status` does for one line, less the printing: the FEN read into a position,
/// then `can_mate` for both sides (each first through the material rule, as the CLI does).
fn status_ours(set: &[Query], budget: Budget) -> Timing {
    run(set, 1, |q, _| {
        let pos = Position::from_fen(black_box(&q.fen)).ok()?;
        let white = record::can_mate(&pos, Color::White, budget);
        let black = record::can_mate(&pos, Color::Black, budget);
        Some([
            Some((label_of(&white), q.label[0])),
            Some((label_of(&black), q.label[1])),
        ])
    })
}

fn status_peer(set: &[Query]) -> Timing {
    run(set, 1, |q, _| {
        let board = chess::Board::from_str(black_box(&q.fen)).ok()?;
        let white = chasolver::winnability(&board, chess::Color::White);
        let black = chasolver::winnability(&board, chess::Color::Black);
        Some([
            Some((peer_label(&white), q.label[0])),
            Some((peer_label(&black), q.label[1])),
        ])
    })
}

/// A flag-fall ruling: the FEN read, then whether the player with time left can mate.
fn ruling_ours(set: &[Query], budget: Budget) -> Timing {
    run(set, 1, |q, _| {
        let pos = Position::from_fen(black_box(&q.fen)).ok()?;
        let with_time = !pos.side_to_move();
        let answer = record::can_mate(&pos, with_time, budget);
        Some([Some((label_of(&answer), q.label[with_time as usize])), None])
    })
}

fn ruling_peer(set: &[Query]) -> Timing {
    run(set, 1, |q, _| {
        let board = chess::Board::from_str(black_box(&q.fen)).ok()?;
        let with_time = !board.side_to_move();
        let answer = chasolver::winnability(&board, with_time);
        let i = usize::from(with_time == chess::Color::Black);
        Some([Some((peer_label(&answer), q.label[i])), None])
    })
}

/// Time this thread has spent on a CPU, in nanoseconds (Linux). On a machine shared with other
/// builds, wall time includes the waits for a core; CPU time does not, so the CPU-time ratio is
/// the steadier figure under load.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn cpu_seconds_of(run: impl FnOnce() -> f64) -> (f64, Option<f64>) {
    let before = cpu_ns();
    let mean = run();
    let cpu = before
        .zip(cpu_ns())
        .map(|(b, a)| a.saturating_sub(b) as f64 * 1e-9);
    (mean, cpu)
}

fn budget() -> Budget {
    // DEAD_BENCH_BUDGET=n overrides the node budget (the default is Budget::RULING).
    std::env::var("DEAD_BENCH_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .map_or(Budget::RULING, |nodes| Budget { nodes })
}

/// Runs ours, then chasolver, on the same queries and prints both and the ratio of their
/// throughputs (>= 1.0: we are faster), by wall and by CPU time.
fn side_by_side(label: &str, ours: impl FnOnce() -> Timing, peer: impl FnOnce() -> Timing) {
    // DEAD_BENCH_OURS=off runs chasolver alone (to profile it by itself under callgrind).
    let (ours, ours_cpu) = if std::env::var("DEAD_BENCH_OURS").as_deref() == Ok("off") {
        (f64::NAN, None)
    } else {
        cpu_seconds_of(|| ours().report(&format!("{label}: arbiter")))
    };
    if std::env::var("DEAD_BENCH_PEER").as_deref() != Ok("off") {
        let (peer, peer_cpu) = cpu_seconds_of(|| peer().report(&format!("{label}: chasolver")));
        println!(
            "{label}: speed ratio arbiter/chasolver = {:.2} (>= 1.0 means we are faster)",
            peer / ours
        );
        if let (Some(ours_cpu), Some(peer_cpu)) = (ours_cpu, peer_cpu) {
            println!(
                "{label}: CPU time arbiter {ours_cpu:.2} s, chasolver {peer_cpu:.2} s, ratio {:.2}",
                peer_cpu / ours_cpu
            );
        }
    }
}

fn compare(label: &str, set: &[Query]) {
    let budget = budget();
    side_by_side(label, || time_ours(set, budget), || time_peer(set));
}

/// The whole path of `arbiter status` (FEN read, both sides), ours beside chasolver's.
fn compare_status(label: &str, set: &[Query]) {
    let budget = budget();
    side_by_side(
        &format!("{label} status"),
        || status_ours(set, budget),
        || status_peer(set),
    );
}

fn quick_check(set: &[Query]) {
    if std::env::var("DEAD_BENCH_QUICK").as_deref() == Ok("off") {
        return;
    }
    let start = Instant::now();
    let mut proven = 0usize;
    for q in set {
        for side in [Color::White, Color::Black] {
            proven += usize::from(black_box(cannot_mate_quick(&q.ours, side)));
        }
    }
    let per = start.elapsed().as_secs_f64() / (set.len() * 2) as f64;
    println!(
        "quick check: mean {:.3} us per (position, side); proved {proven} unwinnable",
        per * 1e6
    );
    let start = Instant::now();
    let mut dead = 0usize;
    for q in set {
        dead += usize::from(black_box(is_dead_quick(&q.ours)));
    }
    let per_position = start.elapsed().as_secs_f64() / set.len() as f64;
    println!(
        "is_dead_quick (after every move): mean {:.3} us per position; {dead} dead",
        per_position * 1e6
    );
    if std::env::var("DEAD_BENCH_PEER").as_deref() != Ok("off") {
        let start = Instant::now();
        let mut peer_proven = 0usize;
        for q in set {
            for side in [chess::Color::White, chess::Color::Black] {
                peer_proven += usize::from(black_box(chasolver::is_unwinnable_fast(&q.peer, side)));
            }
        }
        let peer_per = start.elapsed().as_secs_f64() / (set.len() * 2) as f64;
        println!(
            "chasolver fast: mean {:.3} us per (position, side); proved {peer_proven}; ratio {:.2}",
            peer_per * 1e6,
            peer_per / per
        );
    }
}

fn bench(c: &mut Criterion) {
    // DEAD_BENCH_STRIDE=n takes every n-th Lichess and flag-fall position (a quicker run while
    // tuning); DEAD_BENCH_FLAG=off skips the flag falls.
    let stride: usize = std::env::var("DEAD_BENCH_STRIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let lichess: Vec<Query> = read_set(LICHESS)
        .into_iter()
        .step_by(stride.max(1))
        .collect();
    compare("lichess", &lichess);
    compare_status("lichess", &lichess);
    quick_check(&lichess);

    if std::env::var("DEAD_BENCH_FLAG").as_deref() != Ok("off") {
        let flag_falls: Vec<Query> = read_set(FLAG_FALLS)
            .into_iter()
            .step_by(stride.max(1))
            .collect();
        let budget = budget();
        side_by_side(
            "flag falls ruling",
            || ruling_ours(&flag_falls, budget),
            || ruling_peer(&flag_falls),
        );
        compare_status("flag falls", &flag_falls);
        compare("flag falls", &flag_falls);
    }

    let hard_mode = std::env::var("DEAD_BENCH_HARD").unwrap_or_default();
    if hard_mode != "off" {
        let hard = read_set(HARD);
        let hard: Vec<Query> = if hard_mode == "all" {
            hard
        } else {
            hard.into_iter().step_by(8).collect()
        };
        compare("hard", &hard);
    }
    if std::env::var("DEAD_BENCH_CRITERION").as_deref() == Ok("off") {
        return;
    }

    // Criterion's own statistics on a fixed slice of game positions, both tools side by side.
    let sample: Vec<&Query> = lichess.iter().step_by(256).collect();
    let mut group = c.benchmark_group("dead/lichess-256");
    group.bench_function("arbiter can_mate", |b| {
        b.iter(|| {
            for q in &sample {
                black_box(can_mate(&q.ours, Color::White, Budget::RULING));
            }
        })
    });
    group.bench_function("chasolver winnability", |b| {
        b.iter(|| {
            for q in &sample {
                black_box(chasolver::winnability(&q.peer, chess::Color::White));
            }
        })
    });
    group.bench_function("arbiter is_dead_quick", |b| {
        b.iter(|| {
            for q in &sample {
                black_box(is_dead_quick(&q.ours));
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
