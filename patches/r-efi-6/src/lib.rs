//! The same stand-in as `patches/r-efi` at the major version getrandom 0.4 asks for (the two
//! versions' API that getrandom reads is the same, so the one source serves both).
#![no_std]

include!("../../r-efi/src/tables.rs");
