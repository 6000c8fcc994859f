use super::efi::{BootServices, Guid, Handle, Status};
use super::protocols::rng;
use core::mem::{offset_of, size_of};

#[test]
fn errors_are_the_codes_with_the_highest_bit() {
    assert!(!Status::SUCCESS.is_error());
    assert!(!Status::from_usize(1).is_error(), "a warning");
    assert!(Status::from_usize(1 << (usize::BITS - 1) | 14).is_error());
}

#[test]
fn the_boot_services_sit_where_the_specification_puts_them() {
    // A 24-byte header, then one pointer per service: LocateHandle is the 20th slot, OpenProtocol
    // the 33rd, and the table holds 44 (EFI_BOOT_SERVICES, UEFI 2.10 section 4.4).
    let slot = size_of::<Handle>();
    assert_eq!(offset_of!(BootServices, locate_handle), 24 + 19 * slot);
    assert_eq!(offset_of!(BootServices, open_protocol), 24 + 32 * slot);
    assert_eq!(size_of::<BootServices>(), 24 + 44 * slot);
}

#[test]
fn a_guid_is_sixteen_bytes_and_the_rng_ones_differ() {
    assert_eq!(size_of::<Guid>(), 16);
    assert_ne!(rng::PROTOCOL_GUID, rng::ALGORITHM_RAW);
}
