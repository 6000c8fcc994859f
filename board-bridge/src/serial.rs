//! The serial side: finding a DGT board among the ports, opening it at 9600 8N1, the handshake,
//! the keep-alive, and reconnecting with backoff after an unplug. One blocking thread owns the
//! port and the [`Session`]; its read timeout is the session's next deadline, so a move is
//! confirmed when the settle time ends, not at the next poll.

use std::time::{Duration, Instant};

use arbiter_core::dgt::codec::{BoardMessage, Command, Decoder, UpdateMode};
use serialport::{DataBits, FlowControl, Parity, SerialPort, SerialPortType, StopBits};

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

/// How long before a settle deadline the link stops sleeping and polls the port, µs.
const SETTLE_SPIN_US: u64 = 300;

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
}

impl Default for LinkSettings {
    fn default() -> Self {
        Self {
            keepalive: Duration::from_secs(1),
            silence_limit: Duration::from_millis(3500),
            min_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(2),
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
pub fn open(path: &str) -> Result<Box<dyn SerialPort>, LinkError> {
    if !std::path::Path::new(path).exists() {
        return Err(LinkError::Missing(path.to_owned()));
    }
    serialport::new(path, 9600)
        .data_bits(DataBits::Eight)
        .parity(Parity::None)
        .stop_bits(StopBits::One)
        .flow_control(FlowControl::None)
        .timeout(Duration::from_millis(100))
        .open()
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

/// Asks the port for the board's version and waits up to `wait` for the answer.
///
/// # Errors
/// [`LinkError::NotABoard`] when no VERSION message arrives; port failures as they come.
pub fn probe(port: &mut dyn SerialPort, path: &str, wait: Duration) -> Result<(u8, u8), LinkError> {
    let io = |source| LinkError::Port {
        port: path.to_owned(),
        source,
    };
    let mut out = Vec::new();
    Command::Reset.encode(&mut out);
    Command::Version.encode(&mut out);
    port.write_all(&out).map_err(io)?;
    let deadline = Instant::now() + wait;
    let mut decoder = Decoder::default();
    let mut buf = [0u8; 256];
    while Instant::now() < deadline {
        match port.read(&mut buf) {
            Ok(n) => decoder.feed(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => return Err(io(e)),
        }
        while let Some(m) = decoder.poll() {
            if let Ok(BoardMessage::Version { major, minor }) = m {
                return Ok((major, minor));
            }
        }
    }
    Err(LinkError::NotABoard(path.to_owned()))
}

/// The ports worth trying, DGT USB ids first, then serial-looking names.
pub fn candidates() -> Vec<String> {
    let Ok(ports) = serialport::available_ports() else {
        return Vec::new();
    };
    let mut first = Vec::new();
    let mut rest = Vec::new();
    for p in ports {
        let is_dgt = matches!(&p.port_type, SerialPortType::UsbPort(usb)
            if DGT_USB_IDS.iter().any(|&(vid, pid)| usb.vid == vid && pid.is_none_or(|pid| usb.pid == pid)));
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

/// Finds a port with a DGT board on it, probing each candidate.
pub fn find_board() -> Option<(String, Box<dyn SerialPort>)> {
    for path in candidates() {
        if let Ok(mut port) = open(&path)
            && probe(port.as_mut(), &path, Duration::from_millis(600)).is_ok()
        {
            return Some((path, port));
        }
    }
    None
}

/// Runs the link forever: find or open the port, handshake, read, and reconnect after any loss.
/// `now_us` is the clock the session's times are read from, in microseconds: the session works
/// in milliseconds, but the wait for a settle deadline is timed to the microsecond so a move is
/// confirmed when its settle time ends, not up to a millisecond later.
pub fn run(
    choice: PortChoice,
    settings: LinkSettings,
    session: SharedSession,
    now_us: impl Fn() -> u64,
) -> ! {
    let mut backoff = settings.min_backoff;
    let mut reported_missing = false;
    loop {
        let opened = match &choice {
            PortChoice::Path(path) => open(path).map(|p| (path.clone(), p)),
            PortChoice::Auto => find_board().ok_or_else(|| LinkError::Missing("auto".into())),
        };
        match opened {
            Ok((path, mut port)) => {
                reported_missing = false;
                backoff = settings.min_backoff;
                let why = serve_port(&path, port.as_mut(), &settings, &session, &now_us);
                session::lock(&session).handle_disconnected(&why.to_string());
            }
            Err(e) => {
                if !reported_missing {
                    eprintln!("board-bridge: {e}; still looking");
                    reported_missing = true;
                }
            }
        }
        std::thread::sleep(backoff);
        backoff = (backoff * 2).min(settings.max_backoff);
    }
}

/// Serves one open port until it fails; returns why.
fn serve_port(
    path: &str,
    port: &mut dyn SerialPort,
    settings: &LinkSettings,
    shared: &SharedSession,
    now_us: &impl Fn() -> u64,
) -> LinkError {
    let now_ms = || now_us() / 1000;
    let io = |source| LinkError::Port {
        port: path.to_owned(),
        source,
    };
    // Reset also takes the board out of bus mode; the dump is the truth to resync from, and
    // UPDATE_NICE is the mode that passes clock acknowledgements.
    let mut out = Vec::new();
    for c in [
        Command::Reset,
        Command::Version,
        Command::SendBoard,
        // The lever's position before the first press, so that press is seen as one.
        Command::SendClock,
        Command::Update(UpdateMode::Nice),
    ] {
        c.encode(&mut out);
    }
    if let Err(e) = port.write_all(&out) {
        return io(e);
    }
    session::lock(shared).handle_connected(path);
    let keepalive_ms = settings.keepalive.as_millis() as u64;
    let silence_ms = settings.silence_limit.as_millis() as u64;
    let mut next_keepalive = now_ms() + keepalive_ms;
    let mut last_rx = now_ms();
    let mut heard = false;
    let mut buf = [0u8; 1024];
    // The settle deadline in microseconds, measured from the read that held the last sensor
    // change (the session keeps whole milliseconds, which would end the settle up to 1 ms early
    // or late), with the millisecond deadline it stands for.
    let mut settle_at: Option<(u64, u64)> = None;
    loop {
        let deadline_us = session::lock(shared)
            .poll_deadline()
            .map(|d| match settle_at {
                Some((ms, us)) if ms == d => us,
                _ => d * 1000,
            });
        let wake_us = deadline_us.map_or(next_keepalive * 1000, |d| d.min(next_keepalive * 1000));
        // A sleeping thread wakes some tens of microseconds after its timer, later on a busy
        // machine: sleep until just before a settle deadline, then keep polling the port (a
        // sensor change still restarts the settle) so the move is read on the instant.
        let left = wake_us.saturating_sub(now_us());
        let wait = match deadline_us {
            Some(d) if d <= wake_us && left <= SETTLE_SPIN_US => 0,
            Some(d) if d <= wake_us => left - SETTLE_SPIN_US,
            _ => left.clamp(50, 1_000_000),
        };
        if let Err(e) = port.set_timeout(Duration::from_micros(wait)) {
            return io(e.into());
        }
        let read = port.read(&mut buf);
        // The session is the other board's too (a press on this board's clock can be that
        // board's move, App. F2.3): held from here to the end of the round, never while reading.
        let mut session = session::lock(shared);
        match read {
            Ok(0) => {
                return io(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "port closed",
                ));
            }
            Ok(n) => {
                crate::trace::begin("read");
                let read_us = now_us();
                let now = read_us / 1000;
                last_rx = now;
                heard = true;
                let changes = session.sensor_changes();
                session.handle_bytes(now, &buf[..n]);
                if session.sensor_changes() != changes {
                    // The last change came in this read: the settle runs from its instant.
                    settle_at = session
                        .poll_deadline()
                        .map(|d| (d, read_us + d.saturating_sub(now) * 1000));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => crate::trace::begin("woken"),
            Err(e) => return io(e),
        }
        let now_precise = now_us();
        let mut now = now_precise / 1000;
        if let (Some(d), Some((ms, us))) = (session.poll_deadline(), settle_at)
            && d == ms
            && now_precise < us
        {
            // Woken (by other bytes) within the last millisecond of the settle: not yet.
            now = now.min(d.saturating_sub(1));
        }
        session.handle_deadline(now);
        out.clear();
        while let Some(c) = session.poll_command(now) {
            c.encode(&mut out);
        }
        if now >= next_keepalive {
            Command::SerialNumber.encode(&mut out);
            next_keepalive = now + keepalive_ms;
        }
        if !out.is_empty()
            && let Err(e) = port.write_all(&out)
        {
            return io(e);
        }
        if now.saturating_sub(last_rx) > silence_ms {
            return if heard {
                io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "board stopped answering",
                ))
            } else {
                LinkError::NotABoard(path.to_owned())
            };
        }
    }
}
