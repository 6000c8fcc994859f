//! Chessnut boards over USB HID, on Linux's hidraw nodes: a node is a file, read one input
//! report at a time (its report id first, as WebHID hands the page `reportId` before the data:
//! `01 24 ...` is a position frame) and written one output report at a time (`21 01 00` is
//! report 0x21 with `01 00`). The bytes go to the core's Chessnut codec, the one the page uses
//! over WebHID; the serial side's link and rounds serve the node ([`crate::serial::run`]).
//!
//! * [`sysfs`]: finding the boards among the nodes by their vendor id.
//!
//! Other systems have no hidraw: there the bridge says that HID boards are read on Linux only.

use std::fs::File;
use std::path::Path;
use std::sync::Mutex;

use arbiter_core::dgt::family::Family;

use crate::serial::LinkError;

pub mod sysfs;
#[cfg(test)]
pub(crate) mod testing;

/// Whether HID boards can be read on this system (hidraw is Linux's).
pub const READ_HERE: bool = cfg!(target_os = "linux");

/// Whether `path` names a hidraw node (`/dev/hidraw3`, or a link to one).
pub fn is_node(path: &str) -> bool {
    sysfs::folder_of(path, Path::new(sysfs::SYS_CLASS_HIDRAW)).is_some()
}

/// The family of the board on the hidraw node `path`, by its vendor id; `None` when it is not
/// a board's node.
pub fn family_of(path: &str) -> Option<Family> {
    sysfs::family_at(&sysfs::folder_of(path, Path::new(sysfs::SYS_CLASS_HIDRAW))?)
}

/// Opens the node at `path` to read and write without blocking.
///
/// # Errors
/// [`LinkError::HidElsewhere`] off Linux; [`LinkError::Missing`], [`LinkError::Busy`],
/// [`LinkError::HidDenied`] (no right to the node) or [`LinkError::Port`].
pub(crate) fn open(path: &str) -> Result<File, LinkError> {
    use std::os::unix::fs::OpenOptionsExt;
    if !READ_HERE {
        return Err(LinkError::HidElsewhere(path.to_owned()));
    }
    if !Path::new(path).exists() {
        return Err(LinkError::Missing(path.to_owned()));
    }
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(nix::libc::O_NONBLOCK | nix::libc::O_NOCTTY)
        .open(path)
        .map_err(|source| not_opened(path, source))
}

/// Why the node at `path` did not open, as the link says it: the want of a udev rule is the
/// usual reason, and is named.
fn not_opened(path: &str, source: std::io::Error) -> LinkError {
    match source.raw_os_error() {
        Some(nix::libc::EBUSY) => LinkError::Busy(path.to_owned()),
        Some(nix::libc::ENOENT) => LinkError::Missing(path.to_owned()),
        Some(nix::libc::EACCES | nix::libc::EPERM) => LinkError::HidDenied(path.to_owned()),
        _ => LinkError::Port {
            port: path.to_owned(),
            source,
        },
    }
}

/// The HID nodes links are serving now, with their boards' families: a hidraw node opens as
/// often as asked, so `--port auto` passes over the ones another link serves.
static SERVED: Mutex<Vec<(String, Family)>> = Mutex::new(Vec::new());

/// A HID node a link serves, listed in [`family_on`] while it is held.
pub(crate) struct Served(String);

impl Served {
    pub(crate) fn new(path: &str, family: Family) -> Self {
        let mut served = SERVED.lock().unwrap_or_else(|p| p.into_inner());
        served.retain(|(p, _)| p != path);
        served.push((path.to_owned(), family));
        Self(path.to_owned())
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        SERVED
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|(p, _)| *p != self.0);
    }
}

/// The family of the board on `port` when a link serves it as a HID node; `None` when no link
/// serves it (or it is a serial port).
pub fn family_on(port: &str) -> Option<Family> {
    SERVED
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
        .find(|(p, _)| p == port)
        .map(|(_, f)| *f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_served_node_names_its_family_until_let_go() {
        let path = "/dev/hidraw-test-served";
        assert_eq!(family_on(path), None);
        let served = Served::new(path, Family::Chessnut);
        assert_eq!(family_on(path), Some(Family::Chessnut));
        assert_eq!(family_on("/dev/ttyACM0"), None);
        drop(served);
        assert_eq!(family_on(path), None);
    }

    #[test]
    fn a_node_kept_from_the_user_is_said_to_need_a_udev_rule() {
        let denied = std::io::Error::from_raw_os_error(nix::libc::EACCES);
        let said = not_opened("/dev/hidraw3", denied).to_string();
        assert!(said.starts_with("/dev/hidraw3: no right"), "{said}");
        assert!(said.contains(r#"ATTRS{idVendor}=="2d80""#), "{said}");
        let busy = std::io::Error::from_raw_os_error(nix::libc::EBUSY);
        assert!(matches!(
            not_opened("/dev/hidraw3", busy),
            LinkError::Busy(_)
        ));
    }
}
