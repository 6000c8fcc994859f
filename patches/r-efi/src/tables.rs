// The UEFI types getrandom's `efi_rng` backend reads, laid out as the UEFI specification
// (2.10, sections 4.4 "EFI Boot Services Table" and 37.5 "EFI RNG Protocol") defines them. The
// boot services this crate does not name are kept as untyped slots so that the two it does
// name sit at their offsets in the table.

/// Module `efi`: the core types (`r_efi::efi`).
pub mod efi {
    use core::ffi::c_void;


    /// An opaque handle to a set of protocol interfaces (`EFI_HANDLE`).
    pub type Handle = *mut c_void;

    /// A status code (`EFI_STATUS`): errors have the highest bit set.
    #[repr(transparent)]
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Status(usize);

    impl Status {
        const ERROR_BIT: usize = 1 << (usize::BITS - 1);

        /// Success (`EFI_SUCCESS`).
        pub const SUCCESS: Status = Status(0);

        /// The status from its raw value.
        pub const fn from_usize(value: usize) -> Status {
            Status(value)
        }

        /// The raw value.
        pub const fn as_usize(&self) -> usize {
            self.0
        }

        /// True for an error code (the highest bit set); warnings and success are not errors.
        pub const fn is_error(&self) -> bool {
            self.0 & Self::ERROR_BIT != 0
        }
    }

    /// A 128-bit identifier of a protocol or an algorithm (`EFI_GUID`), in its memory layout.
    #[repr(C)]
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Guid {
        time_low: u32,
        time_mid: u16,
        time_hi_and_version: u16,
        clk_seq_hi_res: u8,
        clk_seq_low: u8,
        node: [u8; 6],
    }

    impl Guid {
        /// A GUID from its fields, as the specification writes them.
        pub const fn from_fields(
            time_low: u32,
            time_mid: u16,
            time_hi_and_version: u16,
            clk_seq_hi_res: u8,
            clk_seq_low: u8,
            node: &[u8; 6],
        ) -> Guid {
            Guid {
                time_low,
                time_mid,
                time_hi_and_version,
                clk_seq_hi_res,
                clk_seq_low,
                node: *node,
            }
        }
    }

    /// `EFI_LOCATE_SEARCH_TYPE`: the handles that support a protocol.
    pub type LocateSearchType = u32;
    /// `ByProtocol` (the third search type, after AllHandles and ByRegisterNotify).
    pub const BY_PROTOCOL: LocateSearchType = 2;

    /// The header every UEFI table opens with (`EFI_TABLE_HEADER`).
    #[repr(C)]
    pub struct TableHeader {
        /// The table's signature.
        pub signature: u64,
        /// The specification revision it conforms to.
        pub revision: u32,
        /// The size of the whole table in bytes.
        pub header_size: u32,
        /// The table's CRC32.
        pub crc32: u32,
        /// Zero.
        pub reserved: u32,
    }

    /// A boot service this crate does not type: only its place in the table matters.
    pub type Untyped = *mut c_void;

    /// `EFI_LOCATE_HANDLE`.
    pub type LocateHandle = unsafe extern "efiapi" fn(LocateSearchType, *mut Guid, *mut c_void, *mut usize, *mut Handle) -> Status;

    /// `EFI_OPEN_PROTOCOL`.
    pub type OpenProtocol =
        unsafe extern "efiapi" fn(Handle, *mut Guid, *mut *mut c_void, Handle, Handle, u32) -> Status;

    /// The boot services table (`EFI_BOOT_SERVICES`), in the specification's order.
    #[repr(C)]
    pub struct BootServices {
        /// The table's header.
        pub hdr: TableHeader,
        /// RaiseTPL to RegisterProtocolNotify: 18 services and the reserved slot.
        pub before_locate_handle: [Untyped; 19],
        /// Returns the handles that support a protocol.
        pub locate_handle: LocateHandle,
        /// LocateDevicePath to DisconnectController: 12 services.
        pub before_open_protocol: [Untyped; 12],
        /// Opens a protocol interface on a handle.
        pub open_protocol: OpenProtocol,
        /// CloseProtocol to CreateEventEx: 11 services.
        pub after_open_protocol: [Untyped; 11],
    }
}

/// Module `system`: constants of the system table's services (`r_efi::system`).
pub mod system {
    /// `EFI_OPEN_PROTOCOL_GET_PROTOCOL`: fetch the interface without taking it over.
    pub const OPEN_PROTOCOL_GET_PROTOCOL: u32 = 0x0000_0002;
}

/// Module `protocols`: the protocols this crate defines (`r_efi::protocols`).
pub mod protocols {
    /// The random number generator protocol (`EFI_RNG_PROTOCOL`).
    pub mod rng {
        use crate::efi::{Guid, Status};

        /// `EFI_RNG_PROTOCOL_GUID`.
        pub const PROTOCOL_GUID: Guid = Guid::from_fields(
            0x3152_bca5,
            0xeade,
            0x433d,
            0x86,
            0x2e,
            &[0xc0, 0x1c, 0xdc, 0x29, 0x1f, 0x44],
        );

        /// `EFI_RNG_ALGORITHM_RAW`: the generator's raw output.
        pub const ALGORITHM_RAW: Guid = Guid::from_fields(
            0xe431_76d7,
            0xb6e8,
            0x4827,
            0xb7,
            0x84,
            &[0x7f, 0xfd, 0xc4, 0xb6, 0x85, 0x61],
        );

        /// The protocol's interface.
        #[repr(C)]
        pub struct Protocol {
            /// `GetInfo`: the algorithms the generator supports.
            pub get_info: unsafe extern "efiapi" fn(*mut Protocol, *mut usize, *mut Guid) -> Status,
            /// `GetRNG`: fills a buffer with random bytes.
            pub get_rng: unsafe extern "efiapi" fn(*mut Protocol, *mut Guid, usize, *mut u8) -> Status,
        }
    }
}
