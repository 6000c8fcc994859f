//! Finding HID boards as Linux shows them: every hidraw node has a folder in
//! `/sys/class/hidraw/` whose `device/uevent` names the device's bus, vendor and product
//! (`HID_ID=0003:00002D80:00008002`) and whose `device/report_descriptor` says what its reports
//! are. A node whose vendor is a board family's ([`Family::hid_vendor`]) and whose reports are
//! on the vendor's own usage page (0xFF00, the interface Chessnut's SDK opens) is a board.

use std::path::Path;

use arbiter_core::dgt::family::Family;

/// Where Linux lists the hidraw nodes.
pub const SYS_CLASS_HIDRAW: &str = "/sys/class/hidraw";
/// Where the nodes themselves are.
pub const DEV: &str = "/dev";

/// The usage page a board's vendor-defined reports are on.
const VENDOR_PAGE: u32 = 0xFF00;

/// A board found on a hidraw node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HidBoard {
    /// The node (`/dev/hidraw3`).
    pub path: String,
    /// The family its vendor id names.
    pub family: Family,
}

/// The vendor and product ids in a hidraw device's `uevent` text (its `HID_ID` line: the bus,
/// then the vendor and product as eight hex digits each); `None` when there is no such line or
/// it does not read.
pub fn hid_id(uevent: &str) -> Option<(u16, u16)> {
    let value = uevent
        .lines()
        .find_map(|line| line.trim().strip_prefix("HID_ID="))?;
    let mut fields = value.split(':');
    let _bus = fields.next()?;
    let vendor = u32::from_str_radix(fields.next()?, 16).ok()?;
    let product = u32::from_str_radix(fields.next()?, 16).ok()?;
    if fields.next().is_some() {
        return None;
    }
    Some((u16::try_from(vendor).ok()?, u16::try_from(product).ok()?))
}

/// Whether a HID report descriptor puts reports on the vendor-defined page 0xFF00: a global
/// Usage Page item (tag 0, type 1) with that value. Short items are a prefix byte (its low two
/// bits the data's size: 0, 1, 2 or 4 bytes) and their data, little-endian; long items
/// (`FE`, a size byte, a tag byte) are stepped over.
pub fn on_vendor_page(descriptor: &[u8]) -> bool {
    let mut at = 0;
    while let Some(&prefix) = descriptor.get(at) {
        if prefix == 0xFE {
            let size = descriptor.get(at + 1).map_or(0, |&n| usize::from(n));
            at += 3 + size;
            continue;
        }
        let size = match prefix & 0x03 {
            3 => 4,
            n => usize::from(n),
        };
        let Some(data) = descriptor.get(at + 1..at + 1 + size) else {
            return false;
        };
        if prefix & 0xFC == 0x04 {
            let page = data
                .iter()
                .rev()
                .fold(0u32, |page, &b| (page << 8) | u32::from(b));
            if page == VENDOR_PAGE {
                return true;
            }
        }
        at += 1 + size;
    }
    false
}

/// The family of the board whose hidraw folder is `dir` (`/sys/class/hidraw/hidraw3`), if it is
/// one: its vendor is a family's and its reports are on the vendor's page. A descriptor that
/// cannot be read (some systems keep it from users) leaves the vendor id to tell.
pub fn family_at(dir: &Path) -> Option<Family> {
    let uevent = std::fs::read_to_string(dir.join("device/uevent")).ok()?;
    let (vendor, _product) = hid_id(&uevent)?;
    let family = Family::ALL
        .into_iter()
        .find(|f| f.hid_vendor() == Some(vendor))?;
    match std::fs::read(dir.join("device/report_descriptor")) {
        Ok(descriptor) if !on_vendor_page(&descriptor) => None,
        _ => Some(family),
    }
}

/// The boards on the hidraw nodes listed under `sys_class` (as `/sys/class/hidraw`), with their
/// nodes' paths under `dev`, in the nodes' order (hidraw0, hidraw1, ..., hidraw10).
pub fn boards_under(sys_class: &Path, dev: &Path) -> Vec<HidBoard> {
    let Ok(entries) = std::fs::read_dir(sys_class) else {
        return Vec::new();
    };
    let mut found: Vec<(u32, HidBoard)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let number = name.strip_prefix("hidraw")?.parse().ok()?;
            let family = family_at(&entry.path())?;
            let path = dev.join(&name).to_string_lossy().into_owned();
            Some((number, HidBoard { path, family }))
        })
        .collect();
    found.sort_by_key(|(number, _)| *number);
    found.into_iter().map(|(_, board)| board).collect()
}

/// The boards on this machine's hidraw nodes (none where there is no such folder: not Linux).
pub fn boards() -> Vec<HidBoard> {
    boards_under(Path::new(SYS_CLASS_HIDRAW), Path::new(DEV))
}

/// The hidraw folder of the node at `path`, if it is one (`/dev/hidraw3`, or a link to it such
/// as a udev rule makes), under `sys_class`.
pub fn folder_of(path: &str, sys_class: &Path) -> Option<std::path::PathBuf> {
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.into());
    let name = real.file_name()?.to_str()?;
    name.strip_prefix("hidraw")?.parse::<u32>().ok()?;
    Some(sys_class.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::hid::testing::{CHESSNUT_DESCRIPTOR, KEYBOARD_DESCRIPTOR, Sysfs, uevent};

    #[test]
    fn the_vendor_and_product_are_read_from_the_uevent() {
        assert_eq!(
            hid_id(&uevent("0003:00002D80:00008002")),
            Some((0x2D80, 0x8002))
        );
        // Lower-case hex and surrounding blanks read too.
        assert_eq!(
            hid_id("  HID_ID=0005:0000046d:0000b33a \n"),
            Some((0x046D, 0xB33A))
        );
        for bad in [
            "DRIVER=hid-generic\n",
            "HID_ID=0003:00002D80\n",
            "HID_ID=0003:0002D80X:00008002\n",
            "HID_ID=0003:00012D80:00008002\n",
            "HID_ID=0003:00002D80:00008002:0001\n",
            "",
        ] {
            assert_eq!(hid_id(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_vendor_page_is_found_among_the_descriptor_items() {
        assert!(on_vendor_page(&CHESSNUT_DESCRIPTOR));
        assert!(!on_vendor_page(&KEYBOARD_DESCRIPTOR));
        // Behind a long item and a four-byte item; a page of 0xFF01 is another page.
        let mut later = vec![0xFE, 0x02, 0x10, 0xAA, 0xBB, 0x27, 1, 2, 3, 4];
        later.extend([0x06, 0x01, 0xFF]);
        assert!(!on_vendor_page(&later));
        later.extend([0x06, 0x00, 0xFF]);
        assert!(on_vendor_page(&later));
        // Cut short: no page read from bytes that are not there.
        assert!(!on_vendor_page(&[0x06, 0x00]));
        assert!(!on_vendor_page(&[]));
    }

    #[test]
    fn chessnut_boards_are_found_among_the_hidraw_nodes_in_their_order() {
        let sys = Sysfs::new("found");
        let chessnut = uevent("0003:00002D80:00008002");
        sys.node("hidraw10", &chessnut, Some(&CHESSNUT_DESCRIPTOR));
        sys.node("hidraw2", &chessnut, Some(&CHESSNUT_DESCRIPTOR));
        // The same board's other interface (a keyboard-like one) is not its board.
        sys.node("hidraw3", &chessnut, Some(&KEYBOARD_DESCRIPTOR));
        // A descriptor kept from users: the vendor id tells.
        sys.node("hidraw4", &chessnut, None);
        // A mouse, and a folder that is not a node.
        sys.node("hidraw0", &uevent("0003:0000046D:0000C077"), None);
        sys.node("nothidraw", &chessnut, Some(&CHESSNUT_DESCRIPTOR));
        let found = boards_under(&sys.class(), Path::new("/dev"));
        let paths: Vec<_> = found.iter().map(|b| b.path.as_str()).collect();
        assert_eq!(paths, ["/dev/hidraw2", "/dev/hidraw4", "/dev/hidraw10"]);
        assert!(found.iter().all(|b| b.family == Family::Chessnut));
        // No such folder (not Linux): nothing, and no error.
        assert!(boards_under(&sys.0.join("absent"), Path::new("/dev")).is_empty());
    }

    #[test]
    fn a_named_node_leads_to_its_folder() {
        let class = Path::new("/sys/class/hidraw");
        assert_eq!(
            folder_of("/nonexistent/hidraw7", class),
            Some(class.join("hidraw7"))
        );
        assert_eq!(folder_of("/dev/ttyACM0", class), None);
        assert_eq!(folder_of("/dev/hidrawx", class), None);
        // A link (as a udev rule makes) is followed to its node.
        let sys = Sysfs::new("link");
        let node = sys.0.join("hidraw5");
        std::fs::write(&node, b"").expect("node");
        let link = sys.0.join("chessnut");
        std::os::unix::fs::symlink(&node, &link).expect("link");
        assert_eq!(
            folder_of(&link.to_string_lossy(), class),
            Some(class.join("hidraw5"))
        );
    }
}
