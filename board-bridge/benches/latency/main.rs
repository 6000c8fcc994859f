//! Latency and footprint of the bridge, measured end to end on real pieces: a simulated board on a
//! pseudo-terminal, the `board-bridge` binary, and a WebSocket client. Prints p50/p99 figures;
//! nothing here asserts a speed.
//!
//! * touch: last byte of a field update written to the pty -> `touch` message at the client;
//! * press: last byte of the clock's lever reading -> `move` message (2005 Art. 6.8a);
//! * settle: last sensor change of a slid bishop move -> `move` message (no clock), over 300
//!   moves (`BENCH_SETTLES`), and the number of ghost moves (a move confirmed, then taken back),
//!   beside its floor in the same run: the bare relay below in a settle mode of its own (a frame
//!   once no byte has come for the settle time, its timer set again at each read, as the
//!   bridge's), over the same slides with the same spacing, in turns with the bridge;
//! * RSS of the bridge with 100 viewers, and its CPU while the board is idle;
//! * the floor: touch and press run beside a bare relay (this binary in a mode of its own: pty
//!   read -> WebSocket frame, no work) with the same spacing, and each p99 is printed as a ratio
//!   to the relay's. Ours and the floor run in turns, in
//!   `BENCH_ROUNDS` rounds (4), each run after 50 uncounted warm-up steps, and the p99s are of
//!   all rounds together, each round's printed beside its load;
//! * the touch's own floor: a touch is passed only once a full read made one board scan after
//!   its update agrees (noise is no touch), so touch also runs beside the confirming relay, the
//!   bare relay doing that same round trip (the scan's wait, `SEND_BRD`, the 67-byte dump) and
//!   nothing else, and prints its p99 against both;
//! * the press's own floor: the logging relay, the bare relay that first appends a line of the
//!   size of the bridge's to a log file (one `write`) and then sends its frame, a thread of its
//!   own syncing the file after: what the house's rule that a page is sent only what the log
//!   holds costs with no other work. The press prints its p99 against both relays.
//!   `BENCH_PRESS_GAP_MS` waits that long between the placement seen and the press, to tell the
//!   press's own time from the end of the placement's round;
//! * safe: how long after a touch's event reaches the page it is on the disk (fdatasync);
//! * flood: one page sending as fast as it can for 10 s (arrivals, the same score entry, draw
//!   offers), the log's size and the RSS after it beside the same game's just before it.
//!
//! A run whose page is not shown the board (its connection dropped or silent) connects again,
//! and is given up with a message after 2 minutes; its round is then left out of the figures.
//!
//! The bridges run as shipped, with the event log on disk (flushed with each message). Built
//! with `--features stage-trace`, the bridge also stamps each stage a message passes through and
//! the bench prints where the time went, stage by stage (p50/p99).
//!
//! `BENCH_CLIENT=spin` makes the client poll its socket without sleeping, to see how much of a
//! figure is the client's own wake-up (it then takes a core of its own); `BENCH_FLOOR=spin`
//! makes the floor's relay read its port that way, to see how much of the floor is its reader's
//! wake-up.
//!
//! `cargo bench -p board-bridge --bench latency -- touch press` runs only the parts named
//! (`touch`, `press`, `settle`, `rss`, `safe`, `flood`). `BOARD_BRIDGE_BIN=<a bridge binary>` measures that build
//! instead of this one, so two builds can be compared in turns on the same load. The load average
//! is printed with the figures: on a shared machine the tail is mostly other programs' doing.

//!
//! The parts, one module each: [`floor`] (the bare and confirming relays), [`steps`] (the
//! touch, press and safe sequences through the bridge), [`settle`] (slid moves beside the settle
//! floor), [`footprint`] (RSS, idle CPU, the flood), with [`client`] (the page's reading),
//! [`stages`] (the stage-trace breakdown) and [`report`] (percentiles, ratios, the load) under
//! them.

#[path = "../../tests/common/mod.rs"]
mod common;

mod client;
mod floor;
mod footprint;
mod report;
mod settle;
mod stages;
mod steps;

use std::time::Duration;

use client::spinning_client;
use floor::{confirming_relay_touches, relay, relay_presses, relay_touches, spinning_floor};
use footprint::{flood, footprint};
use report::{load, p99, ratio_line, report, round_line, uptime};
use settle::settle_part;
use steps::{presses, safe_delay, touches};

/// The bridge's settle time in the bench (`--settle-ms`), and the settle floor's.
const SETTLE_MS: u64 = 250;

fn main() {
    if let Some((port, listen)) = std::env::var("LATENCY_RELAY")
        .ok()
        .as_deref()
        .and_then(|v| v.split_once(','))
    {
        let settle = std::env::var("LATENCY_RELAY_SETTLE_US")
            .ok()
            .and_then(|us| us.parse().ok())
            .map(Duration::from_micros);
        let confirm = std::env::var("LATENCY_RELAY_CONFIRM_US")
            .ok()
            .and_then(|us| us.parse().ok())
            .map(Duration::from_micros);
        let log = std::env::var_os("LATENCY_RELAY_LOG").map(std::path::PathBuf::from);
        relay(port, listen, settle, confirm, log);
        return;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    // `cargo bench --bench latency -- touch settle` runs only those parts; all by default.
    let parts = ["touch", "press", "settle", "rss", "safe", "flood"];
    let chosen: Vec<&str> = parts
        .into_iter()
        .filter(|p| args.iter().any(|a| a == p))
        .collect();
    let runs = |part: &str| chosen.is_empty() || chosen.contains(&part);
    let settle_count = std::env::var("BENCH_SETTLES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    println!(
        "bridge: {}  client: {}  floor: {}  uptime at start: {}",
        common::bridge_binary().display(),
        if spinning_client() {
            "spinning"
        } else {
            "waits"
        },
        if spinning_floor() {
            "spinning"
        } else {
            "waits"
        },
        uptime()
    );
    // One thread for the client: a message read wakes this thread itself, not a worker that
    // then hands it over, so the client adds as little as it can to what is measured.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let count = std::env::var("BENCH_COUNT")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(1000);
        let rounds = std::env::var("BENCH_ROUNDS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(4usize)
            .max(1);
        // Ours and the floor in turns, round after round, so both see the same load; each run
        // starts with uncounted warm-up steps, and the p99 is of all rounds' steps together.
        if runs("touch") {
            let (mut floor, mut ours, mut confirmed) = (Vec::new(), Vec::new(), Vec::new());
            for round in 0..rounds {
                let f = relay_touches(count / rounds).await;
                let c = confirming_relay_touches(count / rounds).await;
                let o = touches(count / rounds, round + 1 == rounds).await;
                if round_line("touch", round, &o, &f, load()) {
                    round_line("  touch vs confirming relay", round, &o, &c, load());
                    floor.extend(f);
                    ours.extend(o);
                    confirmed.extend(c);
                }
            }
            if !ours.is_empty() {
                report(
                    "relay (floor): pty byte -> ws frame, touches",
                    floor.clone(),
                );
                report("confirming relay: + scan + full read", confirmed.clone());
                report("touch: pty byte -> ws touch", ours.clone());
                ratio_line(
                    "touch p99 / relay p99",
                    p99(ours.clone()),
                    p99(floor.clone()),
                );
                ratio_line(
                    "confirming relay p99 / relay p99",
                    p99(confirmed.clone()),
                    p99(floor),
                );
                ratio_line(
                    "touch p99 / confirming relay p99",
                    p99(ours),
                    p99(confirmed),
                );
            }
        }
        if runs("press") {
            let (mut floor, mut logged, mut ours) = (Vec::new(), Vec::new(), Vec::new());
            for round in 0..rounds {
                let f = relay_presses(count / rounds, false).await;
                let l = relay_presses(count / rounds, true).await;
                let o = presses(count / rounds, round + 1 == rounds).await;
                if round_line("press", round, &o, &f, load()) {
                    round_line("  logging relay", round, &l, &f, load());
                    floor.extend(f);
                    logged.extend(l);
                    ours.extend(o);
                }
            }
            if !ours.is_empty() {
                report("relay (floor): lever byte -> ws frame", floor.clone());
                report("logging relay: + a log line, then frame", logged.clone());
                report("press: lever byte -> ws move (clock)", ours.clone());
                ratio_line(
                    "press p99 / relay p99",
                    p99(ours.clone()),
                    p99(floor.clone()),
                );
                ratio_line(
                    "logging relay p99 / relay p99",
                    p99(logged.clone()),
                    p99(floor),
                );
                ratio_line("press p99 / logging relay p99", p99(ours), p99(logged));
            }
        }
        if runs("safe") {
            safe_delay(count.min(300)).await;
        }
        if runs("settle") {
            settle_part(settle_count, rounds).await;
        }
        if runs("rss") {
            footprint(100, 20).await;
        }
        if runs("flood") {
            flood(Duration::from_secs(10)).await;
        }
    });
    println!("uptime at the end: {}", uptime());
}
