//! The serial side: finding a DGT board among the ports, opening it at 9600 8N1, the handshake,
//! the keep-alive, and reconnecting with backoff after an unplug. The link is a task on the
//! runtime that serves the pages, reading the port without blocking: bytes read are decoded,
//! refereed, logged and streamed on that one thread. Its wait ends at the session's next deadline
//! (an [`Alarm`] precise to the microsecond, rung a little early and the rest polled), so a move is
//! confirmed when the settle time ends, not at the next poll.

use std::os::fd::AsRawFd;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_core::dgt::codec::{BoardMessage, Command, Decoder};
use arbiter_core::dgt::family::{Family, Parity as FamilyParity};
use nix::fcntl::{FcntlArg, OFlag, fcntl};
use serialport::{DataBits, FlowControl, Parity, SerialPort, SerialPortType, StopBits, TTYPort};
use tokio::io::unix::AsyncFd;

use crate::alarm::Alarm;
use crate::hub::Hub;
use crate::session::{self, SharedSession};

/// Which port to use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortChoice {
    /// This path (a USB, Bluetooth RFCOMM or pseudo-terminal device).
    Path(String),
    /// Look for a DGT board among the ports, and keep looking while none is found.
    Auto,
}

/// USB vendor/product ids DGT boards show (Microchip CDC bridge; DGT's own vendor id).
const DGT_USB_IDS: [(u16, Option<u16>); 2] = [(0x04D8, Some(0x000A)), (0x045B, None)];

/// How the link behaves; the defaults are the field-tested ones from the protocol notes.
#[derive(Debug, Clone)]
pub struct LinkSettings {
    /// A serial-number request this often shows the board is still there.
    pub keepalive: Duration,
    /// No byte for this long means the board is gone.
    pub silence_limit: Duration,
    /// First wait before reopening; doubles up to `max_backoff`.
    pub min_backoff: Duration,
    /// Longest wait between attempts.
    pub max_backoff: Duration,
    /// Whose port it is ("board 7"), named in what is printed: a hall's boards each say which.
    pub name: Option<String>,
    /// Why the port cannot be opened, while it cannot (`None` once it opens): for a hall page.
    pub unopened: Option<Unopened>,
}

/// Where a link says why its port cannot be opened, while it cannot.
pub type Unopened = Arc<Mutex<Option<String>>>;

impl Default for LinkSettings {
    fn default() -> Self {
        Self {
            keepalive: Duration::from_secs(1),
            silence_limit: Duration::from_millis(3500),
            min_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(2),
            name: None,
            unopened: None,
        }
    }
}

/// Why a port could not be used.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The port does not exist.
    #[error("{0}: no such port")]
    Missing(String),
    /// Another program holds the port.
    #[error("{0}: port is busy (another program has it open)")]
    Busy(String),
    /// The port opened but nothing answered as a DGT board.
    #[error("{0}: not a DGT board (no answer to the version request)")]
    NotABoard(String),
    /// The process may open too few more files: the last ones are kept for the pages.
    #[error(
        "{port}: not opened: {in_use} of the {limit} files this process may open are in use and \
         the last {RESERVED_FILES} are kept for the pages (raise the limit: ulimit -n)"
    )]
    TooManyFiles {
        /// The port.
        port: String,
        /// Descriptors open now.
        in_use: u64,
        /// The open-file limit.
        limit: u64,
    },
    /// Any other failure of the port.
    #[error("{port}: {source}")]
    Port {
        /// The port.
        port: String,
        /// What failed.
        source: std::io::Error,
    },
}

/// Opens `path` at 9600 8N1 without flow control.
///
/// # Errors
/// [`LinkError::Missing`], [`LinkError::Busy`] or [`LinkError::Port`].
pub fn open(path: &str) -> Result<TTYPort, LinkError> {
    if !std::path::Path::new(path).exists() {
        return Err(LinkError::Missing(path.to_owned()));
    }
    if let Some((in_use, limit)) = files_in_use()
        && in_use + RESERVED_FILES >= limit
    {
        // A port takes its descriptor for as long as the board is there: the last few are left
        // for the pages, so a hall short of descriptors still answers and says which boards
        // it could not open.
        return Err(LinkError::TooManyFiles {
            port: path.to_owned(),
            in_use,
            limit,
        });
    }
    serialport::new(path, 9600)
        .data_bits(DataBits::Eight)
        .parity(Parity::None)
        .stop_bits(StopBits::One)
        .flow_control(FlowControl::None)
        // The probe's reads wait this long at most; the link itself never blocks.
        .timeout(Duration::from_millis(100))
        .open_native()
        .map_err(|e| {
            let io: std::io::Error = e.into();
            match io.raw_os_error() {
                Some(16) => LinkError::Busy(path.to_owned()),
                Some(2) => LinkError::Missing(path.to_owned()),
                _ => LinkError::Port {
                    port: path.to_owned(),
                    source: io,
                },
            }
        })
}

/// Descriptors a port may not take: left for the pages and the logs.
pub const RESERVED_FILES: u64 = 32;

/// The descriptors this process has open and the most it may (the soft limit), where the
/// system tells.
fn files_in_use() -> Option<(u64, u64)> {
    let (limit, _) =
        nix::sys::resource::getrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE).ok()?;
    let in_use = std::fs::read_dir("/proc/self/fd").ok()?.count() as u64;
    Some((in_use, limit))
}

/// Asks the port for the board's version and waits up to `wait` for the answer.
///
/// # Errors
/// [`LinkError::NotABoard`] when no VERSION message arrives; port failures as they come.
pub fn probe(port: &mut dyn SerialPort, path: &str, wait: Duration) -> Result<(u8, u8), LinkError> {
    let io = |source| LinkError::Port {
        port: path.to_owned(),
        source,
    };
    let version = ask(
        port,
        &[Command::Reset, Command::Version],
        wait,
        |m| match m {
            BoardMessage::Version { major, minor } => Some((major, minor)),
            _ => None,
        },
    )
    .map_err(io)?;
    version.ok_or_else(|| LinkError::NotABoard(path.to_owned()))
}

/// Sends `commands` and waits up to `wait` for the first message `pick` takes: `None` when
/// none came in time. Messages that do not decode are passed over, as line noise is.
///
/// # Errors
/// The port's failures, other than reads timing out.
pub fn ask<T>(
    port: &mut dyn SerialPort,
    commands: &[Command],
    wait: Duration,
    mut pick: impl FnMut(BoardMessage) -> Option<T>,
) -> std::io::Result<Option<T>> {
    let mut out = Vec::new();
    for c in commands {
        c.encode(&mut out);
    }
    port.write_all(&out)?;
    let deadline = Instant::now() + wait;
    let mut decoder = Decoder::default();
    let mut buf = [0u8; 256];
    while Instant::now() < deadline {
        match port.read(&mut buf) {
            Ok(n) => decoder.feed(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => return Err(e),
        }
        while let Some(m) = decoder.poll() {
            if let Some(answer) = m.ok().and_then(&mut pick) {
                return Ok(Some(answer));
            }
        }
    }
    Ok(None)
}

/// The ports worth trying, DGT USB ids first, then serial-looking names.
pub fn candidates() -> Vec<String> {
    let Ok(ports) = serialport::available_ports() else {
        return Vec::new();
    };
    let mut first = Vec::new();
    let mut rest = Vec::new();
    for p in ports {
        // A DGT board's ids, or another serial family's (Certabo's).
        let is_dgt = matches!(&p.port_type, SerialPortType::UsbPort(usb)
            if DGT_USB_IDS.iter().chain(Family::Certabo.usb_ids()).any(|&(vid, pid)| usb.vid == vid && pid.is_none_or(|pid| usb.pid == pid)));
        if is_dgt {
            first.push(p.port_name);
        } else if ["ttyACM", "ttyUSB", "rfcomm"]
            .iter()
            .any(|n| p.port_name.contains(n))
        {
            rest.push(p.port_name);
        }
    }
    first.extend(rest);
    first
}

/// Finds a port with a DGT board on it, probing each candidate; else one with a Millennium or
/// Certabo board, opened at its own line settings (the session's codec recognises its frames).
pub fn find_board() -> Option<(String, TTYPort)> {
    for path in candidates() {
        if let Ok(mut port) = open(&path)
            && probe(&mut port, &path, Duration::from_millis(600)).is_ok()
        {
            return Some((path, port));
        }
        for family in [Family::Millennium, Family::Certabo] {
            if let Some(port) = other_board(&path, family) {
                return Some((path, port));
            }
        }
    }
    None
}

/// `path` opened at `family`'s line settings, if the board there speaks it within a second:
/// a Millennium board answers `V` with `v`, a Certabo board sends its scan lines (`:`) by itself.
pub(crate) fn other_board(path: &str, family: Family) -> Option<TTYPort> {
    let line = family.serial()?;
    let mut port = serialport::new(path, line.baud)
        .data_bits(if line.data_bits == 7 {
            DataBits::Seven
        } else {
            DataBits::Eight
        })
        .parity(if line.parity == FamilyParity::Odd {
            Parity::Odd
        } else {
            Parity::None
        })
        .stop_bits(StopBits::One)
        .flow_control(FlowControl::None)
        .timeout(Duration::from_millis(100))
        .open_native()
        .ok()?;
    let (ask, answer): (&[u8], u8) = match family {
        Family::Millennium => (b"V56", b'v'),
        _ => (b"", b':'),
    };
    std::io::Write::write_all(&mut port, ask).ok()?;
    let deadline = Instant::now() + Duration::from_millis(1_000);
    let mut buf = [0u8; 256];
    while Instant::now() < deadline {
        if let Ok(n) = std::io::Read::read(&mut port, &mut buf)
            && buf[..n].iter().any(|b| b & 0x7F == answer)
        {
            return Some(port);
        }
    }
    None
}

/// An open port read and written without blocking, on the runtime's own poller: bytes that
/// arrive wake the thread that also logs and streams what they mean, so a touch or a move goes
/// from the port to the pages without passing between threads.
struct Link {
    port: AsyncFd<TTYPort>,
}

impl Link {
    fn new(port: TTYPort) -> std::io::Result<Self> {
        let fd = port.as_raw_fd();
        // serialport leaves the port blocking; the poller needs reads that return at once.
        let flags = OFlag::from_bits_truncate(fcntl(fd, FcntlArg::F_GETFL)?);
        fcntl(fd, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
        // SAFETY: the TTYPort owns its descriptor and closes it only when dropped, which is
        // when the AsyncFd holding it is dropped; `as_raw_fd` always returns that one.
        let port = unsafe { AsyncFd::register(port) }.map_err(|e| e.into_parts().1)?;
        Ok(Self { port })
    }

    async fn read(&self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let mut ready = self.port.readable().await?;
            let read = ready
                .try_io(|p| nix::unistd::read(p.as_raw_fd(), buf).map_err(std::io::Error::from));
            match read {
                Ok(result) => return result,
                Err(_would_block) => continue,
            }
        }
    }

    /// Reads what the port holds now, without waiting and whatever the poller last said: `None`
    /// when it holds nothing.
    fn read_now(&self, buf: &mut [u8]) -> std::io::Result<Option<usize>> {
        match nix::unistd::read(self.port.get_ref().as_raw_fd(), buf) {
            Ok(n) => Ok(Some(n)),
            Err(nix::errno::Errno::EAGAIN) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    async fn write_all(&self, mut bytes: &[u8]) -> std::io::Result<()> {
        while !bytes.is_empty() {
            let mut ready = self.port.writable().await?;
            let written = ready
                .try_io(|p| nix::unistd::write(p.as_raw_fd(), bytes).map_err(std::io::Error::from));
            match written {
                Ok(Ok(0)) => {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::WriteZero,
                        "port took no bytes",
                    ));
                }
                Ok(Ok(n)) => bytes = &bytes[n..],
                Ok(Err(e)) => return Err(e),
                Err(_would_block) => {}
            }
        }
        Ok(())
    }
}

/// Runs the link forever on the current Tokio runtime: find or open the port, handshake, read,
/// and reconnect after any loss. The session's times are read from `hub`'s clock, in
/// microseconds: the session works in milliseconds, but the settle deadline is timed to the
/// microsecond so a move is confirmed when its settle time ends, not up to a millisecond later.
pub async fn run(choice: PortChoice, settings: LinkSettings, session: SharedSession, hub: Hub) {
    let mut backoff = settings.min_backoff;
    // What was last said of a port that cannot be opened (said once, and again when it changes).
    let mut reported: Option<String> = None;
    loop {
        let opened = match &choice {
            PortChoice::Path(path) => open(path).map(|p| (path.clone(), p)),
            // Probing waits for each candidate's answer: off the thread that serves the pages.
            PortChoice::Auto => tokio::task::spawn_blocking(find_board)
                .await
                .ok()
                .flatten()
                .ok_or_else(|| LinkError::Missing("auto".into())),
        };
        match opened {
            Ok((path, port)) => {
                reported = None;
                if let Some(slot) = &settings.unopened {
                    *slot.lock().unwrap_or_else(|p| p.into_inner()) = None;
                }
                backoff = settings.min_backoff;
                let why = match Link::new(port) {
                    Ok(link) => serve_port(&path, &link, &settings, &session, &hub).await,
                    Err(source) => LinkError::Port {
                        port: path.clone(),
                        source,
                    },
                };
                session::lock(&session).handle_disconnected(&why.to_string());
            }
            Err(e) => {
                let why = e.to_string();
                if reported.as_ref() != Some(&why) {
                    let whose = settings
                        .name
                        .as_ref()
                        .map(|n| format!("{n}: "))
                        .unwrap_or_default();
                    eprintln!("board-bridge: {whose}{why}; still looking");
                }
                if let Some(slot) = &settings.unopened {
                    *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(why.clone());
                }
                reported = Some(why);
            }
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(settings.max_backoff);
    }
}

/// Serves one open port until it fails; returns why.
async fn serve_port(
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
