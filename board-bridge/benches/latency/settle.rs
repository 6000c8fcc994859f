//! Settled moves: bishops slid across the squares between, through the bridge and through the
//! settle floor in turns, with the ghost moves each made.

use std::time::Duration;

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{Action, FakeBoard};

use crate::SETTLE_MS;
use crate::client::{arrival, last_write, wait_for_any};
use crate::common::*;
use crate::floor::{relay_board, start_relay};
use crate::report::{load, p99, ratio, report};
use crate::stages::{Axis, Sample, report_stages};
use crate::steps::{Step, Through, latencies, settling_rig};

/// Ghost moves over the slides, and how many of them came in slides where the simulated hand
/// itself may have rested on a square for the settle time or longer (its thread held up on a busy
/// machine): such a rest is a move by the board's own rule. A ghost counts in the slide where it
/// shows, and after one the game and the board differ, so more may follow in later slides.
#[derive(Default)]
pub(crate) struct Ghosts {
    all: u32,
    in_rested: u32,
    rested_slides: u32,
}

/// Slide `i` of the settle sequence: a bishop slid across every square between, 10 ms per
/// square, back and forth. The script, the index of its first write and the count of writes
/// once it is written.
pub(crate) fn slide(board: &FakeBoard, i: usize) -> (Vec<Action>, usize, usize) {
    let (from, between, to, c) = SLIDES[i % 4];
    let bishop = Occupant::Piece(c, Piece::Bishop);
    let step = Duration::from_millis(10);
    let mut script = vec![Action::Set(from, Occupant::Empty), Action::Pause(step)];
    for b in between {
        script.extend([
            Action::Set(b, bishop),
            Action::Pause(step),
            Action::Set(b, Occupant::Empty),
            Action::Pause(step),
        ]);
    }
    script.push(Action::Set(to, bishop));
    let first = board.written().len();
    (script, first, first + 2 + 2 * between.len())
}

pub(crate) type Slide = (Square, [Square; 2], Square, Color);

pub(crate) const SLIDES: [Slide; 4] = [
    (
        Square::F1,
        [Square::E2, Square::D3],
        Square::C4,
        Color::White,
    ),
    (
        Square::F8,
        [Square::E7, Square::D6],
        Square::C5,
        Color::Black,
    ),
    (
        Square::C4,
        [Square::D3, Square::E2],
        Square::F1,
        Color::White,
    ),
    (
        Square::C5,
        [Square::D6, Square::E7],
        Square::F8,
        Color::Black,
    ),
];

/// Slides at the start of each settle run that are not counted (a fresh process's first
/// moves), as [`WARM_UP`] is for touches and presses.
pub(crate) const SETTLE_WARM_UP: usize = 4;

/// A DGT field update's length on the wire: what the settle floor's frames count.
pub(crate) const FIELD_UPDATE_BYTES: usize = 5;

/// The settle sequence, the same through both: `n` slides (see [`slide`]), each waited for
/// until it is settled: the bridge's `move` (a `takeback` before it, or another move, is a
/// ghost), or the settle floor's frame that holds the slide's last byte (a frame before it, sent
/// while the hand was still on its way, is the floor's ghost). Ghosts go into `ghosts`.
pub(crate) async fn settle_sequence(
    board: &FakeBoard,
    ws: &mut Ws,
    through: Through,
    n: usize,
    ghosts: &mut Ghosts,
) -> Vec<Step> {
    let mut steps = Vec::with_capacity(n);
    for i in 0..n {
        let (from, _, to, _) = SLIDES[i % 4];
        let (script, first, writes) = slide(board, i);
        board.queue(script);
        let ghosts_before = ghosts.all;
        let (m, at) = match through {
            Through::Bridge => {
                let (m, at) = loop {
                    let (m, at) = wait_for_any(ws).await;
                    if m["type"] == "takeback" {
                        ghosts.all += 1;
                    }
                    if m["type"] == "move" {
                        break (m, at);
                    }
                };
                if m["uci"] != format!("{from}{to}").as_str() {
                    ghosts.all += 1;
                }
                (m, at)
            }
            Through::Relay => {
                let slide_bytes = FIELD_UPDATE_BYTES * (writes - first);
                let mut bytes = 0;
                loop {
                    let (m, at) = wait_for_any(ws).await;
                    bytes += m.as_u64().unwrap_or(0) as usize;
                    if bytes >= slide_bytes {
                        break (m, at);
                    }
                    ghosts.all += 1;
                }
            }
        };
        let written = last_write(board, writes);
        // The longest the piece may have rested: from the start of one write to the end of the
        // next (a thread held up between its clock and its write is counted as resting).
        let (starts, ends) = (board.written(), board.write_ends());
        let longest_rest = (first..writes.saturating_sub(1))
            .filter_map(|k| Some(ends.get(k + 1)?.saturating_duration_since(*starts.get(k)?)))
            .max()
            .unwrap_or_default();
        if longest_rest >= Duration::from_millis(SETTLE_MS) {
            ghosts.rested_slides += 1;
            ghosts.in_rested += ghosts.all - ghosts_before;
        }
        steps.push((m, written, at));
    }
    steps
}

/// The bridge's settle latencies over `n` counted slides, its ghost moves added to `ghosts`;
/// with `stages`, where the time went.
pub(crate) async fn settles(n: usize, stages: bool, ghosts: &mut Ghosts) -> Vec<Duration> {
    let Some((rig, mut ws, _log)) = settling_rig("settle").await else {
        return Vec::new();
    };
    let (bridge, board) = (&rig.bridge, &rig.board);
    let pawn = |c| Occupant::Piece(c, Piece::Pawn);
    for (from, to, c) in [
        (Square::E2, Square::E4, Color::White),
        (Square::E7, Square::E5, Color::Black),
    ] {
        board.queue([Action::Set(from, Occupant::Empty), Action::Set(to, pawn(c))]);
        arrival(&mut ws, "move").await;
    }
    let axis = Axis::new();
    let steps = settle_sequence(board, &mut ws, Through::Bridge, n + SETTLE_WARM_UP, ghosts).await;
    let steps = settle_counted(steps);
    if stages {
        let samples: Vec<Sample> = steps
            .iter()
            .map(|(m, w, a)| axis.sample(m, *w, *a))
            .collect();
        report_stages("settle (last round)", bridge, &samples);
    }
    latencies(&steps)
}

/// The settle floor's latencies over the same slides, with the same spacing: the bare relay in
/// its settle mode, on a board of its own. Frames it sent before a slide was over go into
/// `early`.
pub(crate) async fn relay_settles(n: usize, early: &mut Ghosts) -> Vec<Duration> {
    let (_scratch, board) = relay_board("bench-relay-settle", false);
    let settle = Duration::from_millis(SETTLE_MS);
    let (mut child, mut ws) = start_relay(&board, Some(settle)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let steps = settle_sequence(&board, &mut ws, Through::Relay, n + SETTLE_WARM_UP, early).await;
    let _ = child.kill();
    let _ = child.wait();
    latencies(&settle_counted(steps))
}

/// The settle run's steps after its warm-up.
pub(crate) fn settle_counted<T>(mut steps: Vec<T>) -> Vec<T> {
    steps.drain(..SETTLE_WARM_UP.min(steps.len() / 2));
    steps
}

/// How far past the settle time a settle latency came, ms (negative: before it).
pub(crate) fn past_settle(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3 - SETTLE_MS as f64
}

/// The settle part: the settle floor (the bare relay in its settle mode) and the bridge in
/// turns over the same slides, `count` slides each in `rounds` rounds; p50/p99 of both, how far
/// each p99 is past the settle time, and ours against the floor's.
pub(crate) async fn settle_part(count: usize, rounds: usize) {
    let rounds = rounds.min(count.max(1));
    let (mut floor, mut ours) = (Vec::new(), Vec::new());
    let (mut ghosts, mut early) = (Ghosts::default(), Ghosts::default());
    for round in 0..rounds {
        let f = relay_settles(count / rounds, &mut early).await;
        let o = settles(count / rounds, round + 1 == rounds, &mut ghosts).await;
        if o.is_empty() || f.is_empty() {
            println!(
                "  settle round {}: given up, left out  (load {})",
                round + 1,
                load()
            );
            continue;
        }
        let (po, pf) = (p99(o.clone()), p99(f.clone()));
        println!(
            "  settle round {}: p99 {:.3} ms (+{:.3}), floor {:.3} ms (+{:.3}), ours - floor {:+.3} ms  (load {})",
            round + 1,
            po.as_secs_f64() * 1e3,
            past_settle(po),
            pf.as_secs_f64() * 1e3,
            past_settle(pf),
            (po.as_secs_f64() - pf.as_secs_f64()) * 1e3,
            load()
        );
        floor.extend(f);
        ours.extend(o);
    }
    if ours.is_empty() {
        return;
    }
    report(
        &format!("settle floor: last byte -> ws frame (relay, {SETTLE_MS} ms)"),
        floor.clone(),
    );
    report(
        &format!("settle: last change -> ws move (settle {SETTLE_MS} ms)"),
        ours.clone(),
    );
    let (ours, floor) = (p99(ours), p99(floor));
    println!(
        "settle p99 - settle time                       {:.3} ms, floor {:.3} ms  (goal <= 1 ms with 0 ghost moves)",
        past_settle(ours),
        past_settle(floor),
    );
    println!(
        "settle p99 / floor p99                         {:.4}x, {:+.3} ms over the floor's  ({:.3} / {:.3} ms)",
        ratio(ours, floor),
        (ours.as_secs_f64() - floor.as_secs_f64()) * 1e3,
        ours.as_secs_f64() * 1e3,
        floor.as_secs_f64() * 1e3,
    );
    println!(
        "settle: ghost moves (slid bishops)             {}  ({} in the {} slides where \
         the simulated hand rested {SETTLE_MS} ms or more on a square)",
        ghosts.all, ghosts.in_rested, ghosts.rested_slides
    );
    println!(
        "settle floor: frames before a slide's end      {}  ({} in the {} slides where the hand rested)",
        early.all, early.in_rested, early.rested_slides
    );
}
