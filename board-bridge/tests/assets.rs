//! The page's files as the bridge serves them, over real HTTP from a real `board-bridge`
//! process: the brotli or gzip copy made at build time chosen by `Accept-Encoding`, an ETag per
//! copy answered with 304, a year's caching for content-hashed names and revalidation for the
//! rest.

mod common;

use std::collections::HashMap;
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Scratch, bridge_binary, free_port};

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

struct Served {
    child: Child,
    addr: String,
}

impl Served {
    fn start(www: &Scratch) -> Self {
        let addr = format!("127.0.0.1:{}", free_port());
        let child = Command::new(bridge_binary())
            .args(["--port", "auto", "--listen", &addr, "--www"])
            .arg(&www.0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start board-bridge");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(&addr).is_err() {
            assert!(Instant::now() < deadline, "bridge never listened on {addr}");
            std::thread::sleep(Duration::from_millis(20));
        }
        Served { child, addr }
    }

    /// One GET with the given request headers: status, response headers (names in lower case)
    /// and body.
    fn get(&self, path: &str, headers: &[(&str, &str)]) -> (u16, HashMap<String, String>, Vec<u8>) {
        let mut s = std::net::TcpStream::connect(&self.addr).expect("connect");
        let mut request = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
            self.addr
        );
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        s.write_all(request.as_bytes()).expect("write");
        let mut bytes = Vec::new();
        s.read_to_end(&mut bytes).expect("read");
        let split = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a response head");
        let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
        let body = bytes[split + 4..].to_vec();
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|c| c.parse().ok())
            .expect("a status line");
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        (status, headers, body)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn each_encoding_is_the_copy_made_at_build_time_with_its_own_etag() {
    let www = Scratch::new("assets-encodings");
    built_page(&www);
    let bridge = Served::start(&www);
    let path = format!("/{WASM}");

    // What Chromium sends: brotli wins over gzip.
    let (status, h, body) = bridge.get(&path, &[("Accept-Encoding", "gzip, deflate, br, zstd")]);
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

    let (status, h, body) = bridge.get(&path, &[("Accept-Encoding", "gzip")]);
    assert_eq!(status, 200);
    assert_eq!(h.get("content-encoding").map(String::as_str), Some("gzip"));
    assert_eq!(body, b"gzip:\0asm\x01\0\0\0");
    let gz_etag = h.get("etag").cloned().expect("an ETag");

    let (status, h, body) = bridge.get(&path, &[]);
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
    let bridge = Served::start(&www);
    let br = [("Accept-Encoding", "br, gzip")];
    let (_, h, _) = bridge.get("/js/arbiter-board.js", &br);
    let etag = h.get("etag").cloned().expect("an ETag");

    let (status, h, body) = bridge.get(
        "/js/arbiter-board.js",
        &[("Accept-Encoding", "br, gzip"), ("If-None-Match", &etag)],
    );
    assert_eq!(status, 304);
    assert!(body.is_empty(), "a 304 has no body");
    assert_eq!(h.get("etag"), Some(&etag));
    assert_eq!(h.get("cache-control").map(String::as_str), Some("no-cache"));

    // Another ETag (the file changed since) gets the file.
    let (status, _, body) = bridge.get(
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
    let bridge = Served::start(&www);
    let br = [("Accept-Encoding", "br")];

    let (status, h, _) = bridge.get(&format!("/{WASM}"), &br);
    assert_eq!(status, 200);
    assert_eq!(
        h.get("cache-control").map(String::as_str),
        Some("public, max-age=31536000, immutable")
    );

    for path in ["/", "/index.html", "/js/arbiter-board.js"] {
        let (status, h, _) = bridge.get(path, &br);
        assert_eq!(status, 200, "{path}");
        assert_eq!(
            h.get("cache-control").map(String::as_str),
            Some("no-cache"),
            "{path}"
        );
    }
    let (_, h, body) = bridge.get("/", &br);
    assert_eq!(h.get("content-type").map(String::as_str), Some("text/html"));
    assert_eq!(body, b"br:<!doctype html><title>board</title>");

    // A missing file is a 404 that no cache keeps as the file.
    let (status, h, _) = bridge.get("/js/missing.js", &br);
    assert_eq!(status, 404);
    assert_eq!(h.get("cache-control"), None);
}
