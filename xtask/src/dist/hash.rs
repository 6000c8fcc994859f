//! The content hash in the wasm module's shipped name (`…_bg.<hash>.wasm`): the bridge serves
//! such a name as immutable (`assets::is_content_hashed`), so the hash must be of the bytes as
//! served.

use sha2::{Digest, Sha256};

/// The first 8 bytes of the SHA-256 of `bytes`, as 16 lowercase hex digits.
pub fn content_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}
