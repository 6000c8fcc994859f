//! The open port on the runtime's poller.

use std::fs::File;
use std::os::fd::{AsRawFd, RawFd};

use arbiter_core::dgt::family::Family;
use nix::fcntl::{FcntlArg, OFlag, fcntl};
use serialport::TTYPort;
use tokio::io::unix::AsyncFd;

/// What a link reads: a serial port, or a board's USB HID node ([`crate::hid`]).
pub(crate) enum Node {
    Serial(TTYPort),
    /// The node, and the family of its board (which says how its writes are cut into reports).
    Hid(File, Family),
}

impl AsRawFd for Node {
    fn as_raw_fd(&self) -> RawFd {
        match self {
            Self::Serial(port) => port.as_raw_fd(),
            Self::Hid(file, _) => file.as_raw_fd(),
        }
    }
}

/// An open port read and written without blocking, on the runtime's own poller: bytes that
/// arrive wake the thread that also logs and streams what they mean, so a touch or a move goes
/// from the port to the pages without passing between threads.
pub(super) struct Link {
    port: AsyncFd<Node>,
    /// When the last report was written to a HID board.
    last_report: std::sync::Mutex<Option<tokio::time::Instant>>,
}

/// The least time between two reports written to a HID board: Chessnut's own SDK (EasyLinkSDK)
/// waits this long between writes, so a command written sooner may be lost.
const REPORT_GAP: std::time::Duration = std::time::Duration::from_millis(200);

impl Link {
    pub(super) fn new(port: Node) -> std::io::Result<Self> {
        let fd = port.as_raw_fd();
        // serialport leaves the port blocking; the poller needs reads that return at once.
        let flags = OFlag::from_bits_truncate(fcntl(fd, FcntlArg::F_GETFL)?);
        fcntl(fd, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
        // SAFETY: the TTYPort or file owns its descriptor and closes it only when dropped,
        // which is when the AsyncFd holding it is dropped; `as_raw_fd` always returns that one.
        let port = unsafe { AsyncFd::register(port) }.map_err(|e| e.into_parts().1)?;
        Ok(Self {
            port,
            last_report: std::sync::Mutex::new(None),
        })
    }

    /// The family of the board on a HID node; `None` on a serial port.
    pub(super) fn hid_family(&self) -> Option<Family> {
        match self.port.get_ref() {
            Node::Serial(_) => None,
            Node::Hid(_, family) => Some(*family),
        }
    }

    pub(super) async fn read(&self, buf: &mut [u8]) -> std::io::Result<usize> {
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
    pub(super) fn read_now(&self, buf: &mut [u8]) -> std::io::Result<Option<usize>> {
        match nix::unistd::read(self.port.get_ref().as_raw_fd(), buf) {
            Ok(n) => Ok(Some(n)),
            Err(nix::errno::Errno::EAGAIN) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Writes `bytes`: on a HID node, each of its board's commands as a report of its own.
    pub(super) async fn write_all(&self, bytes: &[u8]) -> std::io::Result<()> {
        match self.hid_family() {
            None => self.write_bytes(bytes).await,
            Some(family) => {
                // A hidraw write is one report: commands written together would reach the board as one.
                let reports: Vec<&[u8]> = family.hid_reports(bytes).collect();
                for report in reports {
                    let last = *self.last_report.lock().unwrap_or_else(|p| p.into_inner());
                    if let Some(at) = last {
                        tokio::time::sleep_until(at + REPORT_GAP).await;
                    }
                    self.write_bytes(report).await?;
                    *self.last_report.lock().unwrap_or_else(|p| p.into_inner()) =
                        Some(tokio::time::Instant::now());
                }
                Ok(())
            }
        }
    }

    async fn write_bytes(&self, mut bytes: &[u8]) -> std::io::Result<()> {
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
