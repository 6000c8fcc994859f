//! Stands in for the crates.io `r-efi` (offered "MIT OR Apache-2.0 OR LGPL-2.1-or-later"),
//! which getrandom names for UEFI targets only: what we ship stays MIT/Apache only, even in the
//! lock file. It holds just the UEFI types getrandom's `efi_rng` backend reads.
#![no_std]

include!("tables.rs");

#[cfg(test)]
mod tests;
