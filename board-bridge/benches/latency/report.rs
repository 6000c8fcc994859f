//! Percentiles, ratios against a floor, and the load the figures ran under.

use std::time::Duration;

pub(crate) fn percentile(sorted: &[Duration], p: usize) -> Duration {
    sorted[(sorted.len() * p / 100).min(sorted.len() - 1)]
}

pub(crate) fn report(name: &str, mut v: Vec<Duration>) {
    v.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    // p90 and p95 beside p99, and how many steps took over a millisecond: a tail made of a few
    // outliers (a periodic stall) reads differently from a spread one.
    let over_ms = v.iter().filter(|d| **d > Duration::from_millis(1)).count();
    println!(
        "{name:<44} n={:<5} p50={:>8.3} ms  p90={:>7.3} p95={:>7.3} p99={:>8.3} ms  max={:>8.3} ms  >1ms: {over_ms}",
        v.len(),
        ms(percentile(&v, 50)),
        ms(percentile(&v, 90)),
        ms(percentile(&v, 95)),
        ms(percentile(&v, 99)),
        ms(v[v.len() - 1])
    );
}

pub(crate) fn p99(mut v: Vec<Duration>) -> Duration {
    v.sort();
    percentile(&v, 99)
}

pub(crate) fn ratio(ours: Duration, floor: Duration) -> f64 {
    ours.as_secs_f64() / floor.as_secs_f64().max(1e-9)
}

/// One round's p99s, ours and the floor's, with the load they ran under; `false` (and a line
/// that says so) when either run of the round was given up.
pub(crate) fn round_line(
    part: &str,
    round: usize,
    ours: &[Duration],
    floor: &[Duration],
    load: String,
) -> bool {
    if ours.is_empty() || floor.is_empty() {
        println!(
            "  {part} round {}: given up, left out  (load {load})",
            round + 1
        );
        return false;
    }
    let (o, f) = (p99(ours.to_vec()), p99(floor.to_vec()));
    println!(
        "  {part} round {}: p99 {:.3} ms, floor {:.3} ms, {:.2}x  (load {load})",
        round + 1,
        o.as_secs_f64() * 1e3,
        f.as_secs_f64() * 1e3,
        ratio(o, f)
    );
    true
}

/// A p99 beside the floor's, as a ratio against the goal.
pub(crate) fn ratio_line(name: &str, ours: Duration, floor: Duration) {
    println!(
        "{name:<46} {:.2}x  ({:.3} / {:.3} ms; goal <= 1.5x)",
        ratio(ours, floor),
        ours.as_secs_f64() * 1e3,
        floor.as_secs_f64() * 1e3
    );
}

/// What `uptime` says (the load averages over 1, 5 and 15 minutes), printed beside the figures.
pub(crate) fn uptime() -> String {
    std::process::Command::new("uptime")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(load)
}

/// The machine's load averages over 1, 5 and 15 minutes (as `uptime` prints them), from
/// `/proc/loadavg` (empty elsewhere).
pub(crate) fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(", "))
        .unwrap_or_default()
}
