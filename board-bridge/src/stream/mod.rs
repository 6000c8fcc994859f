//! The game's stream: every message gets the next sequence number and goes to every connected
//! page. A page that (re)connects gets a snapshot and the tail it missed.
//!
//! Memory follows the game, not the traffic: only the last [`RECENT`] messages are kept for
//! tails; a page further behind gets a fresh snapshot.

pub mod state;

use std::collections::VecDeque;
use std::sync::Arc;

use tokio::sync::broadcast;

pub use self::state::{GameState, RecordedMove};

/// How many of the latest messages are kept for pages that reconnect or fall behind.
pub const RECENT: usize = 4096;

/// One published message: its sequence number and its JSON text.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Sequence number.
    pub seq: u64,
    /// The message's `type` ([`crate::protocol::Body::kind`]).
    pub kind: &'static str,
    /// The envelope as JSON (one line, no newline).
    pub json: Arc<str>,
}

/// The numbering, the latest messages and the pages' channel.
pub struct Stream {
    recent: VecDeque<Entry>,
    last_seq: u64,
    tx: broadcast::Sender<Entry>,
}

impl Stream {
    /// A stream whose next message is numbered `last_seq + 1`.
    pub fn after(last_seq: u64) -> Stream {
        let (tx, _) = broadcast::channel(1024);
        Stream {
            recent: VecDeque::new(),
            last_seq,
            tx,
        }
    }

    /// The last number handed out.
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// The next number, handed out.
    pub fn next_seq(&mut self) -> u64 {
        self.last_seq += 1;
        self.last_seq
    }

    /// Keeps `entry` among the latest, for tails.
    pub fn keep(&mut self, entry: Entry) {
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back(entry);
    }

    /// Sends `entry` to every page listening.
    pub fn send(&self, entry: Entry) {
        // No receiver is not an error: nobody is watching yet.
        let _ = self.tx.send(entry);
    }

    /// A receiver for every message sent from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Entry> {
        self.tx.subscribe()
    }

    /// The latest messages kept.
    pub fn recent(&self) -> impl Iterator<Item = &Entry> {
        self.recent.iter()
    }

    /// The messages after `last_seq`; `None` when they are no longer all kept (the reader needs
    /// a fresh snapshot). A `last_seq` at or past the last number has nothing after it.
    pub fn tail(&self, last_seq: u64) -> Option<Vec<Entry>> {
        if last_seq >= self.last_seq {
            return Some(Vec::new());
        }
        let first = self.recent.front()?.seq;
        if last_seq + 1 < first {
            return None;
        }
        let start = self.recent.partition_point(|e| e.seq <= last_seq);
        Some(self.recent.range(start..).cloned().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seq: u64) -> Entry {
        Entry {
            seq,
            kind: "error",
            json: Arc::from(format!("{seq}")),
        }
    }

    #[test]
    fn memory_follows_the_game_a_page_too_far_behind_gets_a_snapshot() {
        let mut stream = Stream::after(0);
        for _ in 0..(RECENT + 10) {
            let seq = stream.next_seq();
            stream.keep(entry(seq));
        }
        assert_eq!(stream.recent().count(), RECENT);
        assert!(stream.tail(5).is_none(), "gone: a fresh snapshot instead");
        let last = stream.last_seq();
        assert_eq!(stream.tail(last - 2).map(|t| t.len()), Some(2));
        assert_eq!(stream.tail(last + 50).map(|t| t.len()), Some(0));
    }

    #[test]
    fn numbering_goes_on_after_the_number_it_is_given() {
        let stream = Stream::after(41);
        assert_eq!(
            stream.tail(41).map(|t| t.len()),
            Some(0),
            "nothing after it yet"
        );
        let mut stream = stream;
        assert_eq!(stream.next_seq(), 42);
    }
}
