//! Opening a long game's log holds its events, not its text (issue 30): the heap is counted by
//! this test binary's allocator, so what opening needs beyond what it keeps is measured
//! exactly, in bytes, with no clock and no RSS in it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use arbiter_core::arbiter::{Event, GameConfig, LogLine, TIME_SOURCE, header_jsonl};
use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
use arbiter_core::laws::Edition;

/// The system's allocator, counting the bytes in use and the most in use since a reset.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to the system's allocator unchanged; only counts are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was given by `alloc` with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::SeqCst);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn config() -> GameConfig {
    GameConfig::new(
        Edition::Fide2005,
        TimeControl::sudden_death(Millis::minutes(5), Timing::None),
    )
}

/// A log of about `bytes`: a start, then the clock's time lines, as a long game leaves.
fn long_log(bytes: usize) -> String {
    let mut text = header_jsonl(&config());
    let mut seq = 0;
    while text.len() < bytes {
        seq += 1;
        let line = LogLine {
            seq: Some(seq),
            at: Timestamp(seq * 1000),
            event: if seq == 1 { Event::Start } else { Event::Tick },
            source: Some(TIME_SOURCE.to_owned()),
            unix_ms: Some(1_700_000_000_000 + seq * 1000),
        };
        text.push_str(&line.to_jsonl());
    }
    text
}

#[test]
fn opening_a_10_mb_log_holds_its_events_not_its_text() {
    let dir = std::env::temp_dir().join(format!("log-open-memory-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let text = long_log(10 << 20);
    // A line broken in the middle and a cut last line: both set aside while streaming.
    let mut text = text.replacen("{\"type\":\"tick\"}", "{\"type\":\"ti", 1);
    text.push_str("{\"seq\":999999999,\"at\":");
    std::fs::write(dir.join("events.jsonl"), &text).expect("write");
    let file_len = text.len();
    drop(text);

    let before = IN_USE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let opened = board_bridge::log::open::open(&dir, config()).expect("opens");
    let peak = PEAK.load(Ordering::SeqCst) - before;
    let kept = IN_USE.load(Ordering::SeqCst).saturating_sub(before);
    let beyond = peak.saturating_sub(kept);
    println!(
        "log {file_len} bytes, {} lines: heap kept {kept} bytes, peak {peak}, \
         beyond what is kept {beyond}",
        opened.lines.len()
    );
    assert_eq!(opened.notices.len(), 2, "{:?}", opened.notices);
    assert!(
        opened.last_seq >= 999_999_999,
        "the cut line's seq is not reused"
    );
    // The list of events grows by doubling: while it moves, its old half is held too. Beyond
    // that, reading a line at a time holds one line; reading the file whole held its text
    // three times over (the bytes, a copy, the text), here 30 MB.
    let growth = opened.lines.capacity() / 2 * std::mem::size_of::<LogLine>();
    assert!(
        beyond <= growth + file_len / 4,
        "opening a {file_len}-byte log needed {beyond} bytes beyond the {kept} it keeps \
         ({growth} of them the list of events growing)"
    );
    drop(opened);
    let _ = std::fs::remove_dir_all(&dir);
}
