//! A board's port: opened at the line's settings, asked for the board's version, and found
//! among the machine's ports.

use std::time::{Duration, Instant};

use arbiter_core::dgt::codec::{BoardMessage, Command, Decoder};
use arbiter_core::dgt::family::{Family, Parity as FamilyParity};
use serialport::{DataBits, FlowControl, Parity, SerialPort, SerialPortType, StopBits, TTYPort};

use super::LinkError;

/// USB vendor/product ids DGT boards show (Microchip CDC bridge; DGT's own vendor id).
const DGT_USB_IDS: [(u16, Option<u16>); 2] = [(0x04D8, Some(0x000A)), (0x045B, None)];

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
