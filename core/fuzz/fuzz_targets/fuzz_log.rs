//! Any bytes given as an event log are either refused with an error naming a line, or read
//! into a log that replays (or is refused with the index of the event at fault) without panic,
//! and whose own JSON Lines read back to the same log.
#![no_main]

use arbiter_core::arbiter::{EventLog, Game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match EventLog::from_jsonl(&text) {
        Ok(log) => {
            let again = EventLog::from_jsonl(&log.to_jsonl()).expect("our own log must read back");
            assert_eq!(again, log);
            if let Ok(game) = Game::replay(&log) {
                let _ = game.to_pgn();
            }
        }
        Err(err) => assert!(err.line >= 1),
    }
});
