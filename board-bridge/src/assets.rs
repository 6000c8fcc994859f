//! The page's files, built into the binary from the repository's `www/` folder (including the
//! wasm that `cargo xtask` puts in `www/pkg/`; the build works without it). Only these files are
//! served.

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::RustEmbed)]
#[folder = "../www/"]
#[allow_missing = true]
struct Www;

/// Serves an embedded file, or 404.
pub async fn serve(uri: Uri) -> Response {
    let path = crate::server::asset_path(&uri);
    match Www::get(&path) {
        Some(file) => {
            let mime = file.metadata.mimetype().to_owned();
            ([(header::CONTENT_TYPE, mime)], file.data.into_owned()).into_response()
        }
        None => (StatusCode::NOT_FOUND, format!("{path}: not found")).into_response(),
    }
}

/// Whether the page itself is built in.
pub fn has_page() -> bool {
    Www::get("index.html").is_some()
}
