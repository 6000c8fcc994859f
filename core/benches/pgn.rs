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

/// `arbiter check` end to end: the binary reading a file and printing its JSON lines, beside
/// the peer program (`examples/check_peer.rs`: pgn-reader + shakmaty doing the same job and
/// printing the same lines), alternating, each round printed, median of the ratios.
mod end_to_end {
    use std::path::{Path, PathBuf};
    use std::process::{Command, Stdio};
    use std::time::Instant;

    /// One program's run: wall time and the CPU time it used (user + system), in seconds.
    struct Run {
        wall: f64,
        cpu: Option<f64>,
        stdout: Vec<u8>,
    }

    /// CPU seconds (user + system) of this process's waited-for children, from Linux's
    /// `/proc/self/stat` (fields 16 and 17, in clock ticks of 1/100 s).
    fn children_cpu() -> Option<f64> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
        // After the name: field 3 (state) is index 0, so fields 16 and 17 are 13 and 14.
        Some((ticks(13)? + ticks(14)?) / 100.0)
    }

    fn run(program: &Path, args: &[&str], file: &Path, keep: bool) -> Run {
        let before = children_cpu();
        let start = Instant::now();
        let mut command = Command::new(program);
        command.args(args).arg(file).stderr(Stdio::inherit());
        let stdout = if keep {
            let out = command.output().expect("run the program");
            assert!(out.status.success(), "{} failed", program.display());
            out.stdout
        } else {
            // Timed runs write to /dev/null, as a redirect to a file costs both alike.
            let status = command
                .stdout(Stdio::null())
                .status()
                .expect("run the program");
            assert!(status.success(), "{} failed", program.display());
            Vec::new()
        };
        let wall = start.elapsed().as_secs_f64();
        let cpu = before.zip(children_cpu()).map(|(a, b)| b - a);
        Run { wall, cpu, stdout }
    }

    /// The most memory `program` held while it ran on `file` (its peak resident set, `VmHWM`
    /// in Linux's `/proc/PID/status`), in KiB; `None` where the platform does not say.
    ///
    /// Read while it runs, every millisecond, not from `wait4`'s rusage: a child spawned by
    /// this process counts this process's own memory (the games it holds) until its `exec`.
    /// The mark only rises, so the last reading before the program ends is its peak but for
    /// the last millisecond.
    pub fn peak_rss_kib(program: &Path, args: &[&str], file: &Path) -> Option<u64> {
        let mut child = Command::new(program)
            .args(args)
            .arg(file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let status = format!("/proc/{}/status", child.id());
        let mut peak = None;
        while child.try_wait().ok()?.is_none() {
            let text = std::fs::read_to_string(&status).unwrap_or_default();
            let hwm = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            peak = peak.max(hwm);
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        peak
    }

    /// Prints both programs' peak memory on `file`.
    pub fn print_peaks(name: &str, file: &Path) {
        let Some(dir) = release_dir() else { return };
        let kib = |program: &Path, args: &[&str]| {
            peak_rss_kib(program, args, file).map_or("n/a".into(), |k| format!("{k} KiB"))
        };
        eprintln!(
            "  peak memory, {name} ({:.1} MB of PGN): arbiter {}, peer {}",
            std::fs::metadata(file).map_or(0, |m| m.len()) as f64 / 1e6,
            kib(&dir.join("arbiter"), &["check"]),
            kib(&dir.join("examples").join("check_peer"), &[]),
        );
    }

    /// Per game: (game, moves, the error's ply), from the JSON lines of either program.
    fn verdicts(stdout: &[u8]) -> Vec<(u64, u64, Option<u64>)> {
        let mut out = Vec::new();
        for line in stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let value: serde_json::Value = serde_json::from_slice(line).expect("a JSON line");
            let Some(game) = value["game"].as_u64() else {
                continue; // the summary line
            };
            let ply = value["error"]["ply"].as_u64();
            out.push((game, value["moves"].as_u64().unwrap_or(0), ply));
        }
        out
    }

    /// Where cargo put this benchmark's sibling binaries (`target/release`).
    fn release_dir() -> Option<PathBuf> {
        let exe = std::env::current_exe().ok()?;
        Some(exe.parent()?.parent()?.to_path_buf())
    }

    fn median(mut v: Vec<f64>) -> f64 {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
    }

    fn load() -> String {
        std::fs::read_to_string("/proc/loadavg")
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|_| "n/a".into())
    }

    /// Times `arbiter check FILE` against `check_peer FILE`, `rounds` times alternating.
    pub fn compare(name: &str, file: &Path, rounds: usize) {
        let Some(dir) = release_dir() else { return };
        let ours = dir.join("arbiter");
        let peer = dir.join("examples").join("check_peer");
        if !ours.exists() || !peer.exists() {
            eprintln!(
                "end to end skipped: build `arbiter` and the `check_peer` example in release \
                 first (`cargo xtask bench pgn` does)"
            );
            return;
        }
        // Timing two programs only means something if they did the same work.
        let (a, b) = (
            run(&ours, &["check"], file, true),
            run(&peer, &[], file, true),
        );
        let (a, b) = (verdicts(&a.stdout), verdicts(&b.stdout));
        let differ = a.iter().zip(&b).filter(|(x, y)| x != y).count();
        assert_eq!(a.len(), b.len(), "{name}: not the same number of games");
        assert_eq!(differ, 0, "{name}: {differ} games with another verdict");
        let errors = a.iter().filter(|v| v.2.is_some()).count();
        eprintln!(
            "end to end, {name}: {} games, {errors} with an error, the same verdicts and plies",
            a.len()
        );
        print_peaks(name, file);
        let (mut cpu, mut wall) = (Vec::new(), Vec::new());
        for round in 1..=rounds {
            // Alternate which goes first, so that neither always follows the other.
            let (o, p) = if round % 2 == 1 {
                let o = run(&ours, &["check"], file, false);
                (o, run(&peer, &[], file, false))
            } else {
                let p = run(&peer, &[], file, false);
                (run(&ours, &["check"], file, false), p)
            };
            let cpu_ratio = o.cpu.zip(p.cpu).map(|(o, p)| o / p);
            eprintln!(
                "  round {round}: arbiter {:.3} s wall {} cpu, peer {:.3} s wall {} cpu; \
                 ratio {:.3} wall {} cpu; load {}",
                o.wall,
                o.cpu.map_or("n/a".into(), |c| format!("{c:.2} s")),
                p.wall,
                p.cpu.map_or("n/a".into(), |c| format!("{c:.2} s")),
                o.wall / p.wall,
                cpu_ratio.map_or("n/a".into(), |r| format!("{r:.3}")),
                load(),
            );
            wall.push(o.wall / p.wall);
            cpu.extend(cpu_ratio);
        }
        eprintln!(
            "end to end, {name}: arbiter / shakmaty+pgn-reader {:.3} by wall time, {} by CPU \
             time (medians of {rounds} alternating rounds)",
            median(wall),
            if cpu.is_empty() {
                "n/a".into()
            } else {
                format!("{:.3}", median(cpu))
            },
        );
    }
}

/// The files end to end runs on: the seeded games, and the real games of the files named in
/// `PGN_REAL_GAMES` (paths separated by `:`; `cargo xtask bench pgn` names pgn-reader's own
/// benchmark files, Lichess and TWIC games), repeated to about as many games.
fn end_to_end_corpora() -> Vec<(String, std::path::PathBuf)> {
    let dir = std::env::temp_dir().join(format!("arbiter-pgn-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let mut corpora = Vec::new();
    let seeded = dir.join("seeded.pgn");
    std::fs::write(&seeded, pgn_common::random_games_pgn(SEED, GAMES)).expect("write the games");
    corpora.push((format!("{GAMES} seeded games"), seeded));
    let real: Vec<u8> = std::env::var("PGN_REAL_GAMES")
        .unwrap_or_default()
        .split(':')
        .filter(|p| !p.is_empty())
        .flat_map(|p| std::fs::read(p).unwrap_or_default())
        .collect();
    if !real.is_empty() {
        let games = memchr::memmem::find_iter(&real, b"[Event ").count().max(1);
        let copies = GAMES.div_ceil(games);
        let path = dir.join("real.pgn");
        std::fs::write(&path, real.repeat(copies)).expect("write the games");
        corpora.push((
            format!("{} real games ({copies} copies)", games * copies),
            path,
        ));
    }
    corpora
}

/// `PGN_BENCH_ONCE=arbiter|peer [PGN_BENCH_GAMES=n]`: one pass of one side and exit, to count
/// instructions under `valgrind --tool=callgrind`, which a loaded machine does not disturb.
/// `PGN_BENCH_WRITE=FILE`: write the seeded games to FILE and exit (to profile the CLI on them).
/// `PGN_BENCH_ONLY=e2e`: only the end-to-end comparison.
fn main() {
    if let Ok(path) = std::env::var("PGN_BENCH_WRITE") {
        let games = std::env::var("PGN_BENCH_GAMES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(GAMES);
        std::fs::write(&path, pgn_common::random_games_pgn(SEED, games)).expect("write games");
        return;
    }
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
    if std::env::var("PGN_BENCH_ONLY").as_deref() != Ok("e2e") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    let rounds = std::env::var("PGN_BENCH_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(7);
    let corpora = end_to_end_corpora();
    for (name, path) in &corpora {
        end_to_end::compare(name, path, rounds);
    }
    if let Some(dir) = corpora.first().and_then(|(_, p)| p.parent()) {
        // Memory follows the longest game, not the file: a twentieth of the seeded games
        // beside the figure printed above for all of them.
        let small = dir.join("seeded-twentieth.pgn");
        let games = GAMES / 20;
        std::fs::write(&small, pgn_common::random_games_pgn(SEED, games)).expect("write games");
        end_to_end::print_peaks(&format!("{games} seeded games"), &small);
        let _ = std::fs::remove_dir_all(dir);
    }
}
