//! One open port served until it fails: the wait for bytes or the session's deadline, each
//! round handed to the session, the keep-alive and the silence that means the board is gone.

use std::time::Duration;

use arbiter_core::dgt::codec::Command;

use super::{Link, LinkError, LinkSettings};
use crate::alarm::Alarm;
use crate::hub::Hub;
use crate::session::{self, SharedSession};

/// Serves one open port until it fails; returns why.
pub(super) async fn serve_port(
    path: &str,
    link: &Link,
    settings: &LinkSettings,
    shared: &SharedSession,
    hub: &Hub,
) -> LinkError {
    let now_us = || hub.now_us();
    let io = |source| LinkError::Port {
        port: path.to_owned(),
        source,
    };
    let mut alarm = match Alarm::new() {
        Ok(a) => a,
        Err(e) => return io(e),
    };
    // The family's handshake (for DGT: reset, version, a full read, the clock's reading, and
    // the update mode that passes clock acknowledgements).
    let mut out = session::lock(shared).handshake();
    if let Err(e) = link.write_all(&out).await {
        return io(e);
    }
    session::lock(shared).handle_connected(path);
    let mut rounds = Rounds::new(settings, now_us() / 1000);
    let mut buf = [0u8; 1024];
    loop {
        let (wake_us, settling) = rounds.wake_us(shared);
        // A thread woken by a timer gets the core some tens of microseconds late, up to a
        // millisecond in a virtual machine whose core was idle: before a settle ends, the alarm
        // rings early and the last stretch is spent polling the port (see `poll_until`).
        let ring_us = if settling {
            wake_us.saturating_sub(SETTLE_POLL_US)
        } else {
            wake_us
        };
        if let Err(e) = alarm.set(Duration::from_micros(ring_us.saturating_sub(now_us()))) {
            return io(e);
        }
        // Bytes first when both are ready: a sensor change at the deadline restarts the settle.
        let read = tokio::select! {
            biased;
            read = link.read(&mut buf) => read.map(Some),
            rung = alarm.rung() => match rung {
                // Bytes the poller has not reported yet still come before the deadline: a
                // sensor change in them restarts the settle, and no slid piece is read as moved.
                Ok(()) => link.read_now(&mut buf),
                Err(e) => return io(e),
            },
        };
        let read = match read {
            Ok(None) if settling => poll_until(link, &mut buf, wake_us, &now_us),
            read => read,
        };
        let read = match read {
            Ok(Some(0)) => {
                return io(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "port closed",
                ));
            }
            Ok(read) => read,
            Err(e) => return io(e),
        };
        out.clear();
        rounds.take(shared, hub, read.map(|n| &buf[..n]), &mut out);
        if !out.is_empty() {
            // What the round published is only queued for the pages' tasks on this thread: let
            // them send it before the board's commands (a clock display) are written.
            tokio::task::yield_now().await;
            if let Err(e) = link.write_all(&out).await {
                return io(e);
            }
        }
        if let Some(why) = rounds.silence(now_us() / 1000) {
            return match why {
                Silence::Stopped => io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "board stopped answering",
                )),
                Silence::NeverAnswered => LinkError::NotABoard(path.to_owned()),
            };
        }
    }
}

/// How long before a settle ends the link stops waiting and polls the port, µs. A settled move
/// costs this much of one core; an idle board costs nothing.
const SETTLE_POLL_US: u64 = 300;

/// Polls the port until bytes come or `until_us` has passed on `now_us`'s clock; the bytes, if
/// any. Blocks the thread (pages included) for at most [`SETTLE_POLL_US`].
fn poll_until(
    link: &Link,
    buf: &mut [u8],
    until_us: u64,
    now_us: &impl Fn() -> u64,
) -> std::io::Result<Option<usize>> {
    loop {
        if let Some(n) = link.read_now(buf)? {
            return Ok(Some(n));
        }
        if now_us() >= until_us {
            return Ok(None);
        }
        std::hint::spin_loop();
    }
}

/// A quiet port: the board went away, or never was one.
enum Silence {
    Stopped,
    NeverAnswered,
}

/// The link's rounds on one open port: each wait ends with bytes read or the alarm, and the
/// round hands them to the session and collects what is to be written back. Kept apart from the
/// waiting so the session's lock is visibly never held across a wait.
struct Rounds {
    keepalive_ms: u64,
    silence_ms: u64,
    next_keepalive: u64,
    last_rx: u64,
    heard: bool,
    /// The settle deadline in microseconds, measured from the read that held the last sensor
    /// change (the session keeps whole milliseconds, which would end the settle up to 1 ms early
    /// or late), with the millisecond deadline it stands for.
    settle_at: Option<(u64, u64)>,
    /// When that read began, on the trace's clock (the `stage-trace` feature; 0 without it).
    settle_read_ns: u64,
}

impl Rounds {
    fn new(settings: &LinkSettings, now: u64) -> Self {
        let keepalive_ms = settings.keepalive.as_millis() as u64;
        Self {
            keepalive_ms,
            silence_ms: settings.silence_limit.as_millis() as u64,
            next_keepalive: now + keepalive_ms,
            last_rx: now,
            heard: false,
            settle_at: None,
            settle_read_ns: 0,
        }
    }

    /// When the next round must start if no byte comes first, µs, and whether that is the
    /// session's deadline (a settle ending) rather than the keep-alive.
    fn wake_us(&self, shared: &SharedSession) -> (u64, bool) {
        let deadline_us = session::lock(shared)
            .poll_deadline()
            .map(|d| match self.settle_at {
                Some((ms, us)) if ms == d => us,
                _ => d * 1000,
            });
        let keepalive_us = self.next_keepalive * 1000;
        match deadline_us {
            Some(d) if d <= keepalive_us => (d, true),
            _ => (keepalive_us, false),
        }
    }

    /// One round: `read` bytes (or none, when the alarm rang) go to the session, deadlines that
    /// have come are met, and the commands for the board are appended to `out`.
    fn take(&mut self, shared: &SharedSession, hub: &Hub, read: Option<&[u8]>, out: &mut Vec<u8>) {
        let now_us = || hub.now_us();
        // What the round publishes is written to the log once and sent when the round ends.
        let hold = hub.hold();
        // The session is the other board's too (a press on this board's clock can be that
        // board's move, App. F2.3): held for the round.
        let mut session = session::lock(shared);
        if let Some(bytes) = read {
            crate::trace::begin("read");
            let read_ns = crate::trace::now_ns();
            let read_us = now_us();
            let now = read_us / 1000;
            self.last_rx = now;
            self.heard = true;
            let changes = session.sensor_changes();
            session.handle_bytes(now, bytes);
            if session.sensor_changes() != changes {
                // The last change came in this read: the settle runs from its instant.
                self.settle_at = session
                    .poll_deadline()
                    .map(|d| (d, read_us + d.saturating_sub(now) * 1000));
                self.settle_read_ns = read_ns;
            }
        } else {
            crate::trace::begin("woken");
            // Where the settle time was measured from: a late read of the last change (the
            // thread busy or descheduled) starts it late, which the alarm cannot make up.
            if self.settle_at.is_some() {
                crate::trace::mark_at("settle_read", self.settle_read_ns);
            }
        }
        let now_precise = now_us();
        let mut now = now_precise / 1000;
        if let (Some(d), Some((ms, us))) = (session.poll_deadline(), self.settle_at)
            && d == ms
            && now_precise < us
        {
            // Woken (by other bytes) within the last millisecond of the settle: not yet.
            now = now.min(d.saturating_sub(1));
        }
        session.handle_deadline(now);
        session.poll_transmit(now, out);
        drop(session);
        drop(hold);
        if now >= self.next_keepalive {
            Command::SerialNumber.encode(out);
            self.next_keepalive = now + self.keepalive_ms;
        }
    }

    /// Whether the port has been quiet too long at `now`.
    fn silence(&self, now: u64) -> Option<Silence> {
        if now.saturating_sub(self.last_rx) <= self.silence_ms {
            None
        } else if self.heard {
            Some(Silence::Stopped)
        } else {
            Some(Silence::NeverAnswered)
        }
    }
}
