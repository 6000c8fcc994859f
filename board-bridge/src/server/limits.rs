//! What one page, and one seat, may send.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::{BYTES_PER_SECOND, MESSAGES_PER_SECOND, SEAT_MESSAGES_PER_SECOND};

/// One connected page, counted while its stream lives.
pub(super) struct PageSlot(pub(super) Arc<AtomicUsize>);

impl Drop for PageSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A token bucket: `rate` a second, up to twice that at once.
struct Bucket {
    tokens: f64,
    rate: f64,
    at: tokio::time::Instant,
}

impl Bucket {
    fn new(rate: f64) -> Bucket {
        Bucket {
            tokens: 2.0 * rate,
            rate,
            at: tokio::time::Instant::now(),
        }
    }

    /// Takes `cost` if there is that much; whether there was.
    fn take(&mut self, cost: f64) -> bool {
        let now = tokio::time::Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(2.0 * self.rate);
        self.at = now;
        if self.tokens >= cost {
            self.tokens -= cost;
            true
        } else {
            false
        }
    }
}

/// What one page (or one seat) may send, and when it was last told it sent too much.
pub(super) struct Limits {
    messages: Bucket,
    bytes: Bucket,
    told: Option<tokio::time::Instant>,
    /// Who is held: `page` or `seat`, as the refusal says it.
    who: &'static str,
}

impl Limits {
    /// What one page may send.
    pub(super) fn new() -> Limits {
        Limits {
            messages: Bucket::new(MESSAGES_PER_SECOND),
            bytes: Bucket::new(BYTES_PER_SECOND),
            told: None,
            who: "page",
        }
    }

    /// What one seat may send, across all the pages that hold its key.
    pub(super) fn seat() -> Limits {
        Limits {
            messages: Bucket::new(SEAT_MESSAGES_PER_SECOND),
            bytes: Bucket::new(BYTES_PER_SECOND),
            told: None,
            who: "seat",
        }
    }

    /// `None` if a message of `len` bytes may be taken; else whether to tell the page (once a
    /// second while it goes on) and what.
    pub(super) fn refuse(&mut self, len: usize) -> Option<Option<String>> {
        let bytes_ok = self.bytes.take(len as f64);
        let messages_ok = self.messages.take(1.0);
        if bytes_ok && messages_ok {
            return None;
        }
        let now = tokio::time::Instant::now();
        if self
            .told
            .is_some_and(|t| now.duration_since(t) < Duration::from_secs(1))
        {
            return Some(None);
        }
        self.told = Some(now);
        let who = self.who;
        Some(Some(if messages_ok {
            format!(
                "this {who} sent more than {} bytes a second, the most the bridge takes from one {who}; \
                 what it sent beyond that was not taken",
                self.bytes.rate as u64
            )
        } else {
            format!(
                "this {who} sent more than {} messages a second, the most the bridge takes from one {who}; \
                 what it sent beyond that was not taken",
                self.messages.rate as u64
            )
        }))
    }
}
