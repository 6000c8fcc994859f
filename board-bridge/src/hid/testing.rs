//! Sysfs-like folders for the tests of HID discovery: a hidraw node's folder as the kernel lays
//! it out (`class/hidrawN/device/uevent` and `report_descriptor`), in a scratch folder.

/// A Chessnut Air's descriptor as far as its first items: Usage Page (0xFF00), Usage (1),
/// Collection (Application).
pub const CHESSNUT_DESCRIPTOR: [u8; 7] = [0x06, 0x00, 0xFF, 0x09, 0x01, 0xA1, 0x01];
/// A keyboard's: Usage Page (Generic Desktop), Usage (Keyboard), Collection, Usage Page
/// (Keyboard).
pub const KEYBOARD_DESCRIPTOR: [u8; 8] = [0x05, 0x01, 0x09, 0x06, 0xA1, 0x01, 0x05, 0x07];

/// A folder made for one test, removed when dropped.
pub struct Sysfs(pub std::path::PathBuf);

impl Sysfs {
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "arbiter-hid-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        Self(dir)
    }

    /// A hidraw node's folder, as the kernel lays it out.
    pub fn node(&self, name: &str, uevent: &str, descriptor: Option<&[u8]>) {
        let device = self.0.join("class").join(name).join("device");
        std::fs::create_dir_all(&device).expect("node folder");
        std::fs::write(device.join("uevent"), uevent).expect("uevent");
        if let Some(d) = descriptor {
            std::fs::write(device.join("report_descriptor"), d).expect("descriptor");
        }
    }

    pub fn class(&self) -> std::path::PathBuf {
        self.0.join("class")
    }
}

impl Drop for Sysfs {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A hidraw device's `uevent` text with `hid_id` as its `HID_ID`.
pub fn uevent(hid_id: &str) -> String {
    format!(
        "DRIVER=hid-generic\nHID_ID={hid_id}\nHID_NAME=Chessnut Air\n\
         HID_PHYS=usb-0000:00:14.0-2/input0\nMODALIAS=hid:b0003g0001v00002D80p00008002\n"
    )
}
