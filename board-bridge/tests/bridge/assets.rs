//! The page's files as the bridge serves them, over real HTTP from a real `board-bridge`
//! process: the brotli or gzip copy made at build time chosen by `Accept-Encoding`, an ETag per
//! copy answered with 304, a year's caching for content-hashed names and revalidation for the
//! rest.

use crate::common;

use common::{Bridge, Scratch, free_port};

const WASM: &str = "pkg/arbiter_wasm_bg.0123456789abcdef.wasm";

/// A built page in miniature: each file beside its two compressed copies, whose bytes differ
/// from each other and from the file, so the body says which one was sent. As in a real build
/// the copies differ in size (ServeDir's ETag is made of a file's size and modification time,
/// and the three are written within the same clock tick here).
fn built_page(dir: &Scratch) {
    let files: [(&str, &[u8]); 3] = [
        ("index.html", b"<!doctype html><title>board</title>"),
        ("js/arbiter-board.js", b"export const board = 1;"),
        (WASM, b"\0asm\x01\0\0\0"),
    ];
    for (name, body) in files {
        let path = dir.path(name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        std::fs::write(&path, body).expect("file");
        std::fs::write(format!("{}.br", path.display()), [b"br:", body].concat()).expect("br");
        std::fs::write(format!("{}.gz", path.display()), [b"gzip:", body].concat()).expect("gz");
    }
}

/// The bridge serving `www` (no board plugged in).
fn served(www: &Scratch) -> Bridge {
    let dir = www.0.to_string_lossy().into_owned();
    Bridge::serve(free_port(), &["--port", "auto", "--www", &dir])
}

#[test]
fn each_encoding_is_the_copy_made_at_build_time_with_its_own_etag() {
    let www = Scratch::new("assets-encodings");
    built_page(&www);
    let bridge = served(&www);
    let path = format!("/{WASM}");

    // What Chromium sends: brotli wins over gzip.
    let (status, h, body) =
        bridge.request(&path, &[("Accept-Encoding", "gzip, deflate, br, zstd")]);
    assert_eq!(status, 200);
    assert_eq!(h.get("content-encoding").map(String::as_str), Some("br"));
    assert_eq!(
        h.get("content-type").map(String::as_str),
        Some("application/wasm")
    );
    assert_eq!(body, b"br:\0asm\x01\0\0\0");
    assert_eq!(
        h.get("vary").map(|v| v.to_ascii_lowercase()),
        Some("accept-encoding".into())
    );
    let br_etag = h.get("etag").cloned().expect("an ETag");

    let (status, h, body) = bridge.request(&path, &[("Accept-Encoding", "gzip")]);
    assert_eq!(status, 200);
    assert_eq!(h.get("content-encoding").map(String::as_str), Some("gzip"));
    assert_eq!(body, b"gzip:\0asm\x01\0\0\0");
    let gz_etag = h.get("etag").cloned().expect("an ETag");

    let (status, h, body) = bridge.request(&path, &[]);
    assert_eq!(status, 200);
    assert_eq!(h.get("content-encoding"), None);
    assert_eq!(body, b"\0asm\x01\0\0\0");
    let plain_etag = h.get("etag").cloned().expect("an ETag");

    // A cache must not answer one encoding's request with another's bytes.
    assert_ne!(br_etag, gz_etag);
    assert_ne!(br_etag, plain_etag);
    assert_ne!(gz_etag, plain_etag);
}

#[test]
fn a_matching_etag_is_answered_with_304_and_no_body() {
    let www = Scratch::new("assets-304");
    built_page(&www);
    let bridge = served(&www);
    let br = [("Accept-Encoding", "br, gzip")];
    let (_, h, _) = bridge.request("/js/arbiter-board.js", &br);
    let etag = h.get("etag").cloned().expect("an ETag");

    let (status, h, body) = bridge.request(
        "/js/arbiter-board.js",
        &[("Accept-Encoding", "br, gzip"), ("If-None-Match", &etag)],
    );
    assert_eq!(status, 304);
    assert!(body.is_empty(), "a 304 has no body");
    assert_eq!(h.get("etag"), Some(&etag));
    assert_eq!(h.get("cache-control").map(String::as_str), Some("no-cache"));

    // Another ETag (the file changed since) gets the file.
    let (status, _, body) = bridge.request(
        "/js/arbiter-board.js",
        &[
            ("Accept-Encoding", "br, gzip"),
            ("If-None-Match", "\"stale\""),
        ],
    );
    assert_eq!(status, 200);
    assert_eq!(body, b"br:export const board = 1;");
}

#[test]
fn content_hashed_files_are_kept_a_year_and_the_page_is_revalidated() {
    let www = Scratch::new("assets-cache");
    built_page(&www);
    let bridge = served(&www);
    let br = [("Accept-Encoding", "br")];

    let (status, h, _) = bridge.request(&format!("/{WASM}"), &br);
    assert_eq!(status, 200);
    assert_eq!(
        h.get("cache-control").map(String::as_str),
        Some("public, max-age=31536000, immutable")
    );

    // `/` with no query opens the bridge's live game for a spectator; any query (a seat,
    // `?local` for a game on this screen alone) is served the page itself.
    for path in ["/", "/index.html"] {
        let (status, h, _) = bridge.request(path, &br);
        assert_eq!(status, 303, "{path}");
        assert_eq!(
            h.get("location").map(String::as_str),
            Some("/?seat=spectator")
        );
    }
    for path in [
        "/?seat=spectator",
        "/index.html?local",
        "/js/arbiter-board.js",
    ] {
        let (status, h, _) = bridge.request(path, &br);
        assert_eq!(status, 200, "{path}");
        assert_eq!(
            h.get("cache-control").map(String::as_str),
            Some("no-cache"),
            "{path}"
        );
    }
    let (_, h, body) = bridge.request("/?seat=white", &br);
    assert_eq!(h.get("content-type").map(String::as_str), Some("text/html"));
    assert_eq!(body, b"br:<!doctype html><title>board</title>");

    // A missing file is a 404 that no cache keeps as the file.
    let (status, h, _) = bridge.request("/js/missing.js", &br);
    assert_eq!(status, 404);
    assert_eq!(h.get("cache-control"), None);
}
