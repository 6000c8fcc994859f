//! The simulated board's pseudo-terminal, behind a link at the path the bridge is given.

use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd};
use std::path::Path;

pub(super) struct Pty {
    pub(super) master: File,
    /// Held open so the master never sees a hang-up between the bridge's opens.
    _slave: File,
}

impl Pty {
    pub(super) fn open(link: &Path) -> std::io::Result<Self> {
        use nix::sys::termios;
        let pty = nix::pty::openpty(None, None).map_err(std::io::Error::from)?;
        // SAFETY: openpty just returned these two descriptors and nothing else owns them.
        let (master, slave) =
            unsafe { (File::from_raw_fd(pty.master), File::from_raw_fd(pty.slave)) };
        // Raw mode from the start: no echo, no newline translation, whatever opens it.
        let mut t = termios::tcgetattr(slave.as_raw_fd()).map_err(std::io::Error::from)?;
        termios::cfmakeraw(&mut t);
        termios::tcsetattr(slave.as_raw_fd(), termios::SetArg::TCSANOW, &t)
            .map_err(std::io::Error::from)?;
        let name = nix::unistd::ttyname(slave.as_raw_fd()).map_err(std::io::Error::from)?;
        let _ = std::fs::remove_file(link);
        std::os::unix::fs::symlink(name, link)?;
        Ok(Self {
            master,
            _slave: slave,
        })
    }
}
