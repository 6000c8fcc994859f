//! One open port served until it fails: the wait for bytes or the session's deadline, each
//! round handed to the game's task (which owns the session), the keep-alive and the silence
//! that means the board is gone.

use std::time::Duration;

use arbiter_core::dgt::codec::Command;

use super::{Link, LinkError, LinkSettings};
use crate::alarm::Alarm;
use crate::game::{BoardLine, Read};
use crate::hub::HubClock;

/// Serves one open port until it fails; returns why.
pub(super) async fn serve_port(
    path: &str,
    link: &Link,
    settings: &LinkSettings,
    line: &BoardLine,
    clock: HubClock,
) -> LinkError {
    let now_us = || clock.now_us();
    let io = |source| LinkError::Port {
        port: path.to_owned(),
        source,
    };
    let mut alarm = match Alarm::new() {
        Ok(a) => a,
        Err(e) => return io(e),
    };
    let game_ended = || {
        io(std::io::Error::new(
            std::io::ErrorKind::NotConnected,
            "the game's task has ended",
        ))
    };
    // The family's handshake (for DGT: reset, version, a full read, the clock's reading, and
    // the update mode that passes clock acknowledgements; for a Chessnut: its real-time
    // reports on). A HID board is said connected first: the session then reads it through its
    // family's codec, whose handshake it is.
    let hid = link.hid_family().is_some();
    let mut deadline_us = None;
    if hid {
        let Some(d) = line.connected(path, link.hid_family()).await else {
            return game_ended();
        };
        deadline_us = d;
    }
    let Some(mut out) = line.handshake().await else {
        return game_ended();
    };
    if let Err(e) = link.write_all(&out).await {
        return io(e);
    }
    if !hid {
        let Some(d) = line.connected(path, link.hid_family()).await else {
            return game_ended();
        };
        deadline_us = d;
    }
    // A HID board is not asked DGT's serial number to show it is there, nor given up for a
    // quiet spell once it has answered: a Chessnut sends only when its pieces change, and an
    // unplugged node fails its reads at once. One that never answers its handshake (the battery
    // asked with the reports switched on) is no Chessnut, or not the board's own interface.
    let watched = !hid;
    let mut rounds = Rounds::new(settings, now_us() / 1000, watched);
    let mut buf = [0u8; 1024];
    loop {
        let (wake_us, settling) = rounds.wake_us(deadline_us);
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
        let read = read.map(|n| {
            crate::trace::begin("read");
            let at_ns = crate::trace::now_ns();
            let at_us = now_us();
            rounds.received(at_us / 1000);
            Read {
                bytes: buf[..n].to_vec(),
                at_us,
                at_ns,
            }
        });
        if read.is_none() {
            crate::trace::begin("woken");
        }
        let Some(turn) = line.round(read, out).await else {
            return game_ended();
        };
        (out, deadline_us) = (turn.out, turn.deadline_us);
        rounds.keepalive(now_us() / 1000, &mut out);
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
                Silence::NeverAnswered if hid => LinkError::HidSilent(path.to_owned()),
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

/// The link's side of its rounds on one open port: the keep-alive, and how long the port has
/// been quiet. The session's side (the settle deadline to the microsecond) is the game's task's.
struct Rounds {
    keepalive_ms: u64,
    silence_ms: u64,
    next_keepalive: u64,
    last_rx: u64,
    heard: bool,
    /// Whether the keep-alive is written and silence means the board is gone (a serial line).
    watched: bool,
}

impl Rounds {
    fn new(settings: &LinkSettings, now: u64, watched: bool) -> Self {
        let keepalive_ms = settings.keepalive.as_millis() as u64;
        Self {
            keepalive_ms,
            silence_ms: settings.silence_limit.as_millis() as u64,
            next_keepalive: now + keepalive_ms,
            last_rx: now,
            heard: false,
            watched,
        }
    }

    /// When the next round must start if no byte comes first, µs, and whether that is the
    /// session's deadline (`deadline_us`, a settle ending) rather than the keep-alive.
    fn wake_us(&self, deadline_us: Option<u64>) -> (u64, bool) {
        let keepalive_us = self.next_keepalive * 1000;
        match deadline_us {
            Some(d) if d <= keepalive_us => (d, true),
            _ => (keepalive_us, false),
        }
    }

    /// Bytes came from the board at `now`.
    fn received(&mut self, now: u64) {
        self.last_rx = now;
        self.heard = true;
    }

    /// Appends the keep-alive to `out` when it is due at `now`.
    fn keepalive(&mut self, now: u64, out: &mut Vec<u8>) {
        if now >= self.next_keepalive {
            if self.watched {
                Command::SerialNumber.encode(out);
            }
            self.next_keepalive = now + self.keepalive_ms;
        }
    }

    /// Whether the port has been quiet too long at `now`: a watched line at any time, an
    /// unwatched one (a HID board) only before its first answer.
    fn silence(&self, now: u64) -> Option<Silence> {
        if (!self.watched && self.heard) || now.saturating_sub(self.last_rx) <= self.silence_ms {
            None
        } else if self.heard {
            Some(Silence::Stopped)
        } else {
            Some(Silence::NeverAnswered)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hid_board_is_neither_asked_dgts_keep_alive_nor_given_up_when_quiet_once_it_answered() {
        let settings = LinkSettings::default();
        let mut serial = Rounds::new(&settings, 0, true);
        let mut hid = Rounds::new(&settings, 0, false);
        let (mut to_serial, mut to_hid) = (Vec::new(), Vec::new());
        serial.keepalive(1_000, &mut to_serial);
        hid.keepalive(1_000, &mut to_hid);
        assert_eq!(to_serial, Command::SerialNumber.to_bytes());
        assert!(to_hid.is_empty(), "{to_hid:02X?}");
        // Ten seconds without a byte: a serial line that never answered is no board; a Chessnut
        // whose pieces did not move is still there.
        assert!(matches!(
            serial.silence(10_000),
            Some(Silence::NeverAnswered)
        ));
        hid.received(500);
        assert!(hid.silence(10_000).is_none());
        assert!(hid.silence(3_600_000).is_none());
        serial.received(10_000);
        assert!(matches!(serial.silence(20_000), Some(Silence::Stopped)));
    }

    #[test]
    fn a_hid_node_that_never_answers_its_handshake_is_no_board() {
        // `--hid` given a node of another device (or the board's other interface): the
        // Chessnut's handshake goes unanswered, and the user is told rather than left waiting.
        let settings = LinkSettings::default();
        let hid = Rounds::new(&settings, 0, false);
        assert!(hid.silence(3_000).is_none());
        assert!(matches!(hid.silence(10_000), Some(Silence::NeverAnswered)));
    }
}
