//! Where a message's time went, stage by stage, from the bridge's `/trace.jsonl` (built with
//! the `stage-trace` feature): the samples placed on the monotonic clock the bridge stamps with.

use std::time::Instant;

use crate::common::*;

/// One measured message: its sequence number, and when its last byte went into the pty and when
/// the client had it, both as `CLOCK_MONOTONIC` nanoseconds (with the `stage-trace` feature).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sample {
    seq: u64,
    written_ns: u64,
    arrived_ns: u64,
}

/// `Instant`s as `CLOCK_MONOTONIC` nanoseconds: on Linux an `Instant` is that clock, so one
/// pair read together places every other.
pub(crate) struct Axis {
    instant: Instant,
    ns: u64,
}

impl Axis {
    pub(crate) fn new() -> Self {
        Self {
            instant: Instant::now(),
            ns: board_bridge::trace::now_ns(),
        }
    }
    pub(crate) fn ns(&self, at: Instant) -> u64 {
        self.ns + at.saturating_duration_since(self.instant).as_nanos() as u64
    }
    pub(crate) fn sample(
        &self,
        m: &serde_json::Value,
        written: Instant,
        arrived: Instant,
    ) -> Sample {
        Sample {
            seq: m["seq"].as_u64().unwrap_or(0),
            written_ns: self.ns(written),
            arrived_ns: self.ns(arrived),
        }
    }
}

/// Prints, for each stage the bridge stamped, when it was reached after the pty write and how
/// long the step from the stage before took, p50 and p99 (needs the `stage-trace` feature).
pub(crate) fn report_stages(name: &str, bridge: &Bridge, samples: &[Sample]) {
    if !board_bridge::trace::ENABLED {
        return;
    }
    let (status, text) = bridge.get("/trace.jsonl");
    assert_eq!(status, 200, "no /trace.jsonl");
    let mut records = std::collections::HashMap::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a trace line");
        let seq = v["seq"].as_u64().unwrap_or(0);
        let stamps: Vec<(String, u64)> = v["stamps"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| Some((s[0].as_str()?.to_owned(), s[1].as_u64()?)))
            .collect();
        records.insert(seq, stamps);
    }
    // Stage names repeat (two submissions, several publishes): number them in order.
    let mut order: Vec<String> = Vec::new();
    let mut at: std::collections::HashMap<String, Vec<(u64, u64)>> = Default::default();
    for s in samples {
        let Some(stamps) = records.get(&s.seq) else {
            continue;
        };
        let mut seen: std::collections::HashMap<&str, usize> = Default::default();
        let mut prev = s.written_ns;
        let mut row: Vec<(String, u64)> = Vec::new();
        for (stage, t) in stamps {
            let k = seen.entry(stage).or_default();
            *k += 1;
            let label = if *k == 1 {
                stage.clone()
            } else {
                format!("{stage}#{k}")
            };
            row.push((label, *t));
        }
        row.push(("client".into(), s.arrived_ns));
        for (label, t) in row {
            if !order.contains(&label) {
                order.push(label.clone());
            }
            at.entry(label)
                .or_default()
                .push((t.saturating_sub(s.written_ns), t.saturating_sub(prev)));
            prev = t;
        }
    }
    println!("  stages of {name} (ms after the pty write | ms since the stage before):");
    let ms = |ns: u64| ns as f64 / 1e6;
    let median = |label: &String| {
        let mut v: Vec<u64> = at[label].iter().map(|x| x.0).collect();
        v.sort_unstable();
        v[v.len() / 2]
    };
    // In the order a message reaches them (a woken task may stamp before its waker does).
    order.sort_by_key(|label| median(label));
    for label in order {
        let v = &at[&label];
        let mut cumulative: Vec<u64> = v.iter().map(|x| x.0).collect();
        let mut step: Vec<u64> = v.iter().map(|x| x.1).collect();
        cumulative.sort_unstable();
        step.sort_unstable();
        let pick = |v: &[u64], p: usize| v[(v.len() * p / 100).min(v.len() - 1)];
        println!(
            "    {label:<22} n={:<5} at p50={:>8.3} p99={:>8.3} | step p50={:>7.3} p99={:>7.3} max={:>7.3}",
            v.len(),
            ms(pick(&cumulative, 50)),
            ms(pick(&cumulative, 99)),
            ms(pick(&step, 50)),
            ms(pick(&step, 99)),
            ms(step[step.len() - 1]),
        );
    }
}
