//! Where the time of one message goes, stage by stage, for the latency bench only.
//!
//! Built with the `stage-trace` feature, each stage a message passes through (bytes read from the
//! port, decoded, reconstructed, handed to the Laws engine, serialised, broadcast, woken in the
//! page's task, written to the WebSocket) is stamped with `CLOCK_MONOTONIC`, the clock the bench
//! reads too, so its own instants and the bridge's share one axis. The stamps are served as JSON
//! Lines at `/trace.jsonl`. Without the feature every function here is empty and inlined away:
//! the shipped bridge carries none of it.
//!
//! Stamps taken by a board's link before a message exists are kept per thread and copied into
//! every message published from that read, so a move's record shows what ran before it went out.

/// A stage's name, as it appears in `/trace.jsonl`.
pub type Stage = &'static str;

#[cfg(feature = "stage-trace")]
mod on {
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use std::fmt::Write;
    use std::sync::Mutex;

    use super::Stage;

    /// Stamps per published sequence number.
    static RECORDS: Mutex<BTreeMap<u64, Vec<(Stage, u64)>>> = Mutex::new(BTreeMap::new());

    thread_local! {
        /// Stamps of the current read, before any message of it is published.
        static PENDING: RefCell<Vec<(Stage, u64)>> = const { RefCell::new(Vec::new()) };
    }

    /// Nanoseconds on `CLOCK_MONOTONIC`.
    pub fn now_ns() -> u64 {
        nix::time::clock_gettime(nix::time::ClockId::CLOCK_MONOTONIC)
            .map(|t| t.tv_sec() as u64 * 1_000_000_000 + t.tv_nsec() as u64)
            .unwrap_or(0)
    }

    pub fn begin(stage: Stage) {
        let t = now_ns();
        PENDING.with(|p| {
            let mut p = p.borrow_mut();
            p.clear();
            p.push((stage, t));
        });
    }

    pub fn mark(stage: Stage) {
        mark_at(stage, now_ns());
    }

    pub fn mark_at(stage: Stage, t: u64) {
        PENDING.with(|p| p.borrow_mut().push((stage, t)));
    }

    pub fn published(seq: u64, own: &[(Stage, u64)]) {
        let mut stamps = PENDING.with(|p| p.borrow().clone());
        stamps.extend_from_slice(own);
        if let Ok(mut r) = RECORDS.lock() {
            r.entry(seq).or_default().extend(stamps);
        }
        // What comes next on this thread ran after this message went out.
        mark("after_publish");
    }

    pub fn mark_seq(seq: u64, stage: Stage) {
        let t = now_ns();
        if let Ok(mut r) = RECORDS.lock() {
            r.entry(seq).or_default().push((stage, t));
        }
    }

    pub fn jsonl() -> String {
        let mut out = String::new();
        let Ok(r) = RECORDS.lock() else {
            return out;
        };
        for (seq, stamps) in r.iter() {
            let _ = write!(out, "{{\"seq\":{seq},\"stamps\":[");
            for (i, (stage, t)) in stamps.iter().enumerate() {
                let comma = if i == 0 { "" } else { "," };
                let _ = write!(out, "{comma}[\"{stage}\",{t}]");
            }
            out.push_str("]}\n");
        }
        out
    }
}

#[cfg(feature = "stage-trace")]
pub use on::{begin, jsonl, mark, mark_at, mark_seq, now_ns, published};

/// Whether stamps are taken (the `stage-trace` feature).
pub const ENABLED: bool = cfg!(feature = "stage-trace");

/// Starts the record of a new read from the port with `stage`.
#[cfg(not(feature = "stage-trace"))]
#[inline(always)]
pub fn begin(_stage: Stage) {}

/// Stamps `stage` on the current read.
#[cfg(not(feature = "stage-trace"))]
#[inline(always)]
pub fn mark(_stage: Stage) {}

/// Stamps `stage` on the current read as reached at `_ns` (an instant taken earlier, such as
/// the read that started a settle time).
#[cfg(not(feature = "stage-trace"))]
#[inline(always)]
pub fn mark_at(_stage: Stage, _ns: u64) {}

/// Message `seq` went through the hub's stages `own` (serialised, logged, broadcast): it keeps
/// those and the read's stamps.
#[cfg(not(feature = "stage-trace"))]
#[inline(always)]
pub fn published(_seq: u64, _own: &[(Stage, u64)]) {}

/// Stamps `stage` on message `seq` (the page's side).
#[cfg(not(feature = "stage-trace"))]
#[inline(always)]
pub fn mark_seq(_seq: u64, _stage: Stage) {}

/// Nanoseconds on `CLOCK_MONOTONIC` (0 without the feature).
#[cfg(not(feature = "stage-trace"))]
#[inline(always)]
pub fn now_ns() -> u64 {
    0
}
