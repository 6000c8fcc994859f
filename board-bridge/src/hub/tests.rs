//! The hub's own tests: the log and the stream through its one door.

use super::*;
use std::path::{Path, PathBuf};

use arbiter_core::arbiter::{Event, LogRecord, Stamped};
use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
use arbiter_core::laws::Edition;

fn error(text: &str) -> Body {
    Body::Error {
        message: text.into(),
    }
}

fn start(at: u64) -> Body {
    Body::Event {
        event: Stamped {
            at: Timestamp(at),
            event: Event::Start,
        },
        source: "board".into(),
    }
}

fn config() -> GameConfig {
    GameConfig::new(
        Edition::Fide2005,
        TimeControl::sudden_death(Millis::minutes(5), Timing::None),
    )
}

struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!("hub-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Folder(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).expect("log").lines().count()
}

#[test]
fn a_log_of_an_earlier_schema_version_keeps_its_version_and_a_new_log_takes_this_cores() {
    let dir = Folder::new("version");
    let fresh = Hub::open(&dir.0, config()).expect("log");
    assert_eq!(fresh.log_version(), arbiter_core::arbiter::VERSION);
    let text = fresh.log_text();
    drop(fresh);
    let current = format!("\"version\":{}", arbiter_core::arbiter::VERSION);
    assert!(text.contains(&current), "{text}");
    let old = text.replacen(&current, "\"version\":1", 1);
    std::fs::write(dir.0.join(LOG_FILE), old).expect("write");
    let reopened = Hub::open(&dir.0, config()).expect("a version-1 log is read");
    assert_eq!(reopened.log_version(), 1);
    assert!(
        reopened
            .log_text()
            .starts_with(r#"{"schema":"arbiter-log","version":1,"#)
    );
}

#[test]
fn a_hold_logs_and_sends_what_was_released_under_it_once_it_ends_in_order() {
    let dir = Folder::new("hold");
    let mut hub = Hub::open(&dir.0, config()).expect("log");
    let log = dir.0.join(LOG_FILE);
    assert_eq!(lines(&log), 1, "a new log is its header");
    let (_, _, mut rx) = hub.subscribe(0);
    hub.hold();
    hub.publish(error("touch"));
    // A hold inside another ends nothing.
    hub.hold();
    hub.publish_all(vec![start(5), error("state")]);
    hub.end_hold();
    assert!(rx.try_recv().is_err(), "sent before the hold ended");
    assert_eq!(lines(&log), 1);
    hub.end_hold();
    // Only the event is a line of the log; every message was numbered and sent.
    assert_eq!(lines(&log), 2);
    let sent: Vec<u64> = std::iter::from_fn(|| rx.try_recv().ok().map(|e| e.seq)).collect();
    assert_eq!(sent, [1, 2, 3]);
    hub.publish(error("after"));
    assert_eq!(rx.try_recv().map(|e| e.seq).ok(), Some(4));
    let record = LogRecord::from_jsonl(&hub.log_text()).expect("the core's log format");
    assert_eq!(
        record.config,
        GameConfig {
            defer_analysis: true,
            ..config()
        },
        "the bridge's games defer the full analysis"
    );
    assert_eq!(record.lines.len(), 1);
    assert_eq!(record.lines[0].seq, Some(2));
    assert_eq!(record.lines[0].source.as_deref(), Some("board"));
}

#[test]
fn a_cut_last_line_is_set_aside_with_a_notice_and_the_numbers_go_on() {
    let dir = Folder::new("cut");
    let log = dir.0.join(LOG_FILE);
    {
        let mut hub = Hub::open(&dir.0, config()).expect("log");
        hub.publish(start(1));
        hub.publish(start(2));
    }
    let whole = std::fs::read_to_string(&log).expect("log");
    // A power cut in the middle of the next line's write.
    let cut = "{\"seq\":9000,\"at\":3,\"event\":{\"type\":\"st";
    std::fs::write(&log, format!("{whole}{cut}")).expect("cut");
    let _ = std::fs::remove_file(dir.0.join(SEQ_FILE));
    let mut hub = Hub::open(&dir.0, config()).expect("a cut line does not stop the bridge");
    assert_eq!(hub.logged_events().len(), 2, "nothing whole is lost");
    assert_eq!(std::fs::read_to_string(&log).expect("log"), whole);
    let aside = std::fs::read_to_string(dir.0.join(CUT_FILE)).expect("set aside");
    assert_eq!(aside, format!("{cut}\n"));
    assert!(hub.notices()[0].contains(CUT_FILE), "{:?}", hub.notices());
    assert!(hub.snapshot().notices[0].contains("cut off"));
    assert_eq!(
        hub.publish(start(4)),
        9001,
        "the cut line's number is not handed out again"
    );
    drop(hub);
    // The next start reads it all: no line was glued onto the fragment.
    let mut hub = Hub::open(&dir.0, config()).expect("reads");
    assert_eq!(hub.logged_events().len(), 3);
    assert!(hub.notices().is_empty());
}

#[test]
fn a_line_cut_just_before_its_newline_is_kept_whole() {
    let dir = Folder::new("newline");
    let log = dir.0.join(LOG_FILE);
    {
        let mut hub = Hub::open(&dir.0, config()).expect("log");
        hub.publish(start(1));
    }
    let text = std::fs::read_to_string(&log).expect("log");
    std::fs::write(&log, text.trim_end()).expect("cut");
    let mut hub = Hub::open(&dir.0, config()).expect("reads");
    assert_eq!(hub.logged_events().len(), 1);
    assert!(hub.notices().is_empty());
    assert_eq!(std::fs::read_to_string(&log).expect("log"), text);
}

#[test]
fn the_syncer_says_how_far_the_log_is_on_disk() {
    let dir = Folder::new("sync");
    let mut hub = Hub::open(&dir.0, config()).expect("log");
    let mut safe = hub.safe_through();
    let seq = hub.publish(start(1));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while *safe.borrow_and_update() < seq {
        assert!(std::time::Instant::now() < deadline, "never synced");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn a_broken_line_in_the_middle_is_set_aside_with_a_notice_and_the_log_goes_on() {
    let dir = Folder::new("broken");
    let log = dir.0.join(LOG_FILE);
    {
        let mut hub = Hub::open(&dir.0, config()).expect("log");
        for at in 1..=4 {
            hub.publish(start(at));
        }
    }
    let text = std::fs::read_to_string(&log).expect("log");
    let lines: Vec<&str> = text.lines().collect();
    // The second event's write broken by a full disk and the third appended to what was left
    // of it, as a bridge before issue 30 left its log.
    let broken = format!("{}{}", &lines[2][..30], lines[3]);
    std::fs::write(
        &log,
        format!("{}\n{}\n{broken}\n{}\n", lines[0], lines[1], lines[4]),
    )
    .expect("break");
    let _ = std::fs::remove_file(dir.0.join(SEQ_FILE));
    let mut hub = Hub::open(&dir.0, config()).expect("a bridge starts on its own log");
    let seqs: Vec<_> = hub.logged_events().iter().map(|l| l.seq).collect();
    assert_eq!(seqs, [Some(1), Some(4)], "the whole lines around it");
    let notices = hub.notices().join(" ");
    assert!(
        notices.contains("line 3") && notices.contains(CUT_FILE),
        "{notices}"
    );
    let aside = std::fs::read_to_string(dir.0.join(CUT_FILE)).expect("set aside");
    assert_eq!(aside, format!("{broken}\n"));
    LogRecord::from_jsonl(&std::fs::read_to_string(&log).expect("log"))
        .expect("the log reads whole again");
    assert!(hub.publish(start(5)) > 4, "no number handed out again");
}

#[test]
fn the_seq_file_is_replaced_whole_and_reserves_ahead() {
    let dir = Folder::new("seq");
    let mut hub = Hub::open(&dir.0, config()).expect("log");
    hub.publish(error("first"));
    let reserved = |dir: &Path| {
        std::fs::read_to_string(dir.join(SEQ_FILE))
            .expect("seq file")
            .trim()
            .parse::<u64>()
            .expect("a number")
    };
    let first = reserved(&dir.0);
    assert!(first >= crate::log::seq::BLOCK, "reserved ahead: {first}");
    for i in 0..crate::log::seq::BLOCK {
        hub.publish(error(&format!("{i}")));
    }
    // The next block is reserved before the first one runs out, never by truncating the file.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while reserved(&dir.0) <= hub.last_seq() {
        assert!(std::time::Instant::now() < deadline, "never reserved ahead");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(!dir.0.join("events.seq.tmp").exists());
    drop(hub);
    let last = reserved(&dir.0);
    let mut hub = Hub::open(&dir.0, config()).expect("reopens");
    assert_eq!(hub.publish(error("after")), last + 1);
}
