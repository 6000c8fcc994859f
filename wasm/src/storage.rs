//! Where a game is kept between page loads: the browser's `localStorage`.

/// The text stored under `key`, if any (and if storage is available at all: private windows and
/// sandboxed frames may refuse it, which only costs persistence, never the game).
pub fn load(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok().flatten()
}

/// Stores `text` under `key`; `false` if the browser refused (quota, privacy settings).
pub fn save(key: &str, text: &str) -> bool {
    local_storage().is_some_and(|s| s.set_item(key, text).is_ok())
}

/// Forgets `key`.
pub fn remove(key: &str) {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(key);
    }
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}
