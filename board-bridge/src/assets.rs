//! The page's files, served from the folder `cargo xtask web` builds (`www/dist/`: minified
//! scripts and styles, each beside its brotli and gzip copies made at build time).
//!
//! tower-http's `ServeDir` does the HTTP: it picks the `.br` or `.gz` copy by `Accept-Encoding`
//! (with `Vary: Accept-Encoding`), gives every file a strong `ETag` and answers a matching
//! `If-None-Match` with 304. What it cannot know is how long a file may be kept, which is said
//! here from the file's name: a content-hashed name (`name.<16 hex digits>.ext`, as the build
//! names the wasm module, or `name.<8 base32 digits>.ext`, esbuild's name for a script chunk)
//! never changes its bytes, so a browser keeps it a year without asking again; every other file
//! (the HTML, the element's scripts, whose names embedders' pages use) is revalidated on each
//! load, which costs a 304 when nothing changed.

use std::path::{Path, PathBuf};

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::services::ServeDir;

/// How long a content-hashed file may be kept: a year, never revalidated.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Every other file: kept, but asked about again (with its ETag) before each use.
pub const REVALIDATE: &str = "no-cache";

/// The folder `cargo xtask web` writes the page into, in the source tree this bridge was built
/// from; `--www` serves another.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("www")
        .join("dist")
}

/// Whether the page has been built where the bridge serves it from by default.
pub fn has_page() -> bool {
    default_dir().join("index.html").is_file()
}

/// The page's files under `dir`, compressed as built and with their caching said; nothing
/// outside `dir` (a symlink in it that leads out is not followed).
pub fn service(dir: &Path) -> Router {
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    let root = std::sync::Arc::new(dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf()));
    Router::new()
        .fallback_service(files)
        .layer(axum::middleware::from_fn(cache_control))
        .layer(axum::middleware::from_fn(
            move |request: Request, next: Next| {
                let root = root.clone();
                async move {
                    if leads_out(&root, request.uri().path()) {
                        return (StatusCode::NOT_FOUND, "no such file").into_response();
                    }
                    next.run(request).await
                }
            },
        ))
}

/// Whether the file `path` names under `root` (or one of the copies ServeDir may send for it:
/// its `.br`, its `.gz`, a folder's `index.html`) is in truth somewhere else: a symlink that
/// leads out of the folder. A path that names nothing there is left to ServeDir's 404.
pub fn leads_out(root: &Path, path: &str) -> bool {
    let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
    let mut file = root.to_path_buf();
    for part in decoded.split('/') {
        match part {
            "" | "." => {}
            // ServeDir refuses these itself; refused here too, whatever it does.
            ".." => return true,
            part => file.push(part),
        }
    }
    let mut candidates = vec![file.clone(), file.join("index.html")];
    for ext in ["br", "gz"] {
        let mut name = file.clone().into_os_string();
        name.push(format!(".{ext}"));
        candidates.push(PathBuf::from(name));
        candidates.push(file.join(format!("index.html.{ext}")));
    }
    candidates.iter().any(|c| match c.canonicalize() {
        Ok(real) => !real.starts_with(root),
        Err(_) => false,
    })
}

async fn cache_control(request: Request, next: Next) -> Response {
    let immutable = is_content_hashed(request.uri().path());
    let mut response = next.run(request).await;
    if matches!(response.status(), StatusCode::OK | StatusCode::NOT_MODIFIED) {
        let value = if immutable { IMMUTABLE } else { REVALIDATE };
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    response
}

/// Whether a path names a content-hashed file: `name.<hash>.ext`, the hash 16 lowercase hex
/// digits (the wasm's, named by xtask's dist) or 8 of esbuild's base32 digits, `A`-`Z` and
/// `2`-`7` (the script chunks, named by esbuild's `[hash]`).
pub fn is_content_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or("");
    let mut parts = name.rsplit('.');
    let (Some(_ext), Some(hash), Some(stem)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let hex = hash.len() == 16
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let base32 = hash.len() == 8
        && hash
            .bytes()
            .all(|b| b.is_ascii_uppercase() || (b'2'..=b'7').contains(&b));
    !stem.is_empty() && (hex || base32)
}

#[cfg(test)]
mod tests {
    use super::is_content_hashed;

    #[test]
    fn only_names_with_a_content_hash_are_immutable() {
        assert!(is_content_hashed(
            "/pkg/arbiter_wasm_bg.0123456789abcdef.wasm"
        ));
        assert!(is_content_hashed("/a.0123456789abcdef.js"));
        assert!(!is_content_hashed("/pkg/arbiter_wasm_bg.wasm"));
        assert!(!is_content_hashed("/index.html"));
        assert!(!is_content_hashed("/"));
        assert!(!is_content_hashed("/.0123456789abcdef.js"));
        assert!(!is_content_hashed("/a.0123456789ABCDEF.js"));
        assert!(!is_content_hashed("/a.0123456789abcde.js"));
        assert!(!is_content_hashed("/0123456789abcdef.js"));
        assert!(is_content_hashed("/js/chunk.Q2SJDY6N.js"));
        assert!(!is_content_hashed("/js/chunk.Q2SJDY6n.js"));
        assert!(!is_content_hashed("/js/chunk.Q2SJDY18.js"));
        assert!(!is_content_hashed("/js/chunk.Q2SJDY6.js"));
        assert!(!is_content_hashed("/.Q2SJDY6N.js"));
    }
}
