//! The touch, press and safe sequences, the same steps through the bridge and through the relay,
//! with the warm-up left out of what is counted.

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::Occupant;
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{self, Action, FakeBoard};

use crate::SETTLE_MS;
use crate::client::{arrival, last_write, wait_for_any, watching};
use crate::common::*;
use crate::report::report;
use crate::stages::{Axis, Sample, report_stages};

/// What a step of the touch and press sequences waits for: the bridge's message the Laws make
/// of it, or (the floor) the bare relay's next frame.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Through {
    Bridge,
    Relay,
}

/// A measured step: the message, when its last byte went into the pty, when it arrived.
pub(crate) type Step = (serde_json::Value, Instant, Instant);

/// The touch sequence, the same through both: one field update at a time on h2, the next as
/// soon as the last arrived.
pub(crate) async fn touch_sequence(
    board: &FakeBoard,
    ws: &mut Ws,
    through: Through,
    n: usize,
) -> Vec<Step> {
    let mut steps = Vec::with_capacity(n);
    for i in 0..n {
        let occupant = if i % 2 == 0 {
            Occupant::Empty
        } else {
            Occupant::Piece(Color::White, Piece::Pawn)
        };
        let before = board.written().len();
        board.queue([Action::Set(Square::H2, occupant)]);
        let (m, at) = match through {
            Through::Bridge => arrival(ws, "touch").await,
            Through::Relay => wait_for_any(ws).await,
        };
        steps.push((m, last_write(board, before + 1), at));
    }
    steps
}

/// The press sequence, the same through both: a knight lifted and put down (two field
/// updates), then the lever's reading, which completes the move (2005 Art. 6.8a).
pub(crate) async fn press_sequence(
    board: &FakeBoard,
    ws: &mut Ws,
    through: Through,
    n: usize,
) -> Vec<Step> {
    let cycle = [
        (Square::G1, Square::F3, Color::White),
        (Square::G8, Square::F6, Color::Black),
        (Square::F3, Square::G1, Color::White),
        (Square::F6, Square::G8, Color::Black),
    ];
    let gap = press_gap();
    let mut steps = Vec::with_capacity(n);
    for i in 0..n {
        let (from, to, color) = cycle[i % 4];
        let before = board.written().len();
        board.queue([
            Action::Set(from, Occupant::Empty),
            Action::Set(to, Occupant::Piece(color, Piece::Knight)),
        ]);
        match through {
            Through::Bridge => {
                arrival(ws, "touch").await;
                arrival(ws, "touch").await;
            }
            Through::Relay => {
                // Two updates: one frame each, or one for both when they came in one read.
                wait_for_any(ws).await;
                last_write(board, before + 2);
                let _ = tokio::time::timeout(Duration::from_millis(2), wait_for_any(ws)).await;
            }
        }
        if let Some(gap) = gap {
            tokio::time::sleep(gap).await;
        }
        let before = board.written().len();
        board.queue([Action::Clock(simulator::clock_after_press(
            [300_000, 300_000],
            color,
        ))]);
        let (m, at) = match through {
            Through::Bridge => arrival(ws, "move").await,
            Through::Relay => wait_for_any(ws).await,
        };
        if through == Through::Bridge {
            assert_eq!(m["ply"].as_u64(), Some(i as u64 + 1));
        }
        steps.push((m, last_write(board, before + 1), at));
    }
    steps
}

/// How long the hand takes from the placed piece to the clock in the press sequence
/// (`BENCH_PRESS_GAP_MS`); none by default: the lever is pressed as soon as the page is shown
/// the placement.
fn press_gap() -> Option<Duration> {
    std::env::var("BENCH_PRESS_GAP_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map(Duration::from_millis)
}

pub(crate) fn latencies(steps: &[Step]) -> Vec<Duration> {
    steps
        .iter()
        .map(|(_, written, at)| at.saturating_duration_since(*written))
        .collect()
}

/// Steps at the start of each run that are not counted: the first moves of a fresh process
/// (page faults, the allocator's first growth, caches) are no part of its steady latency.
pub(crate) const WARM_UP: usize = 50;

/// The measured steps after the warm-up.
pub(crate) fn counted<T>(mut steps: Vec<T>) -> Vec<T> {
    let skip = WARM_UP.min(steps.len() / 2);
    steps.drain(..skip);
    steps
}

/// How long after a touch its event is on the disk itself (the syncer's `safe`): what the
/// fdatasync costs, off the touch's own path.
pub(crate) async fn safe_delay(n: usize) {
    let log = Scratch::new("bench-safe-log");
    let log = log.0.to_string_lossy();
    let Rig { bridge, board, .. } = &Rig::start("bench-safe", &["--log", &log]);
    let Some(mut ws) = watching(&bridge.addr, "safe").await else {
        return;
    };
    // A lift is a touch of the game only once the game has started (it never starts at
    // connection, 2005 Art. 6.5): White's page starts it.
    let mut all = Vec::new();
    start_from_white(&bridge.addr, &mut ws, &mut all).await;
    let mut lat = Vec::with_capacity(n);
    for i in 0..n {
        let occupant = if i % 2 == 0 {
            Occupant::Empty
        } else {
            Occupant::Piece(Color::White, Piece::Pawn)
        };
        board.queue([Action::Set(Square::H2, occupant)]);
        if i % 2 == 1 {
            // Putting the pawn back is a touch message, no event of the game.
            arrival(&mut ws, "touch").await;
            continue;
        }
        let (event, at) = arrival(&mut ws, "event").await;
        let seq = event["seq"].as_u64().unwrap_or(0);
        loop {
            let (safe, then) = arrival(&mut ws, "safe").await;
            if safe["through"].as_u64().unwrap_or(0) >= seq {
                lat.push(then.saturating_duration_since(at));
                break;
            }
        }
    }
    report("safe: event at the page -> on disk (fdatasync)", lat);
}

/// A bridge with the bench's settle time and its event log on disk, reading a simulated board
/// without a clock, and a page it has shown the board (`None`: the run `run` was given up). The
/// log's folder comes last, so it is removed after the bridge has stopped.
pub(crate) async fn settling_rig(run: &str) -> Option<(Rig, Ws, Scratch)> {
    let settle = SETTLE_MS.to_string();
    let log = Scratch::new(&format!("bench-{run}-log"));
    let path = log.0.to_string_lossy().into_owned();
    let rig = Rig::start(
        &format!("bench-{run}"),
        &["--settle-ms", &settle, "--log", &path],
    );
    let ws = watching(&rig.bridge.addr, run).await?;
    Some((rig, ws, log))
}

/// The bridge's touch latencies (`n` counted after the warm-up); with `stages`, where the time
/// went.
pub(crate) async fn touches(n: usize, stages: bool) -> Vec<Duration> {
    let Some((rig, mut ws, _log)) = settling_rig("touch").await else {
        return Vec::new();
    };
    let (bridge, board) = (&rig.bridge, &rig.board);
    let axis = Axis::new();
    let steps = counted(touch_sequence(board, &mut ws, Through::Bridge, n + WARM_UP).await);
    if stages {
        let samples: Vec<Sample> = steps
            .iter()
            .map(|(m, w, a)| axis.sample(m, *w, *a))
            .collect();
        report_stages("touch (last round)", bridge, &samples);
    }
    latencies(&steps)
}

/// The bridge's lever-press latencies.
pub(crate) async fn presses(n: usize, stages: bool) -> Vec<Duration> {
    let log = Scratch::new("bench-press-log");
    let log = log.0.to_string_lossy();
    let Rig { bridge, board, .. } = &Rig::with_clock("bench-press", &["--clock", "--log", &log]);
    let Some(mut ws) = watching(&bridge.addr, "press").await else {
        return Vec::new();
    };
    let axis = Axis::new();
    let steps = counted(press_sequence(board, &mut ws, Through::Bridge, n + WARM_UP).await);
    if stages {
        let samples: Vec<Sample> = steps
            .iter()
            .map(|(m, w, a)| axis.sample(m, *w, *a))
            .collect();
        report_stages("press (last round)", bridge, &samples);
    }
    latencies(&steps)
}
