//! What a page of another site, or a file in `--www`, can reach (issue: trust), over real HTTP
//! and WebSocket to a real hall process on a simulated board: a `Host` that is not this
//! machine's (a site resolving its own name to 127.0.0.1) is refused, a POST from another site's
//! page or not of JSON is refused, and no file outside `--www` is served through a symlink.

use crate::common;

use common::{Bridge, Scratch, http, one_board_hall};

fn status(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    let (status, _, body) = http(addr, method, path, headers, body).expect("an answer");
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// A request as `http` sends it, but with the `Host` given (the helper writes the address).
fn with_host(addr: &str, host: &str, path: &str) -> u16 {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .expect("write");
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

#[test]
fn a_rebinding_site_a_cross_site_form_and_a_symlink_out_of_www_reach_nothing() {
    let scratch = Scratch::new("trust-http");
    let (_board, toml) = one_board_hall(&scratch, "Trust Open", 1, "2005");
    let www = scratch.path("www");
    std::fs::create_dir_all(&www).expect("www");
    std::fs::write(www.join("hall.html"), "<!doctype html><title>hall</title>").expect("page");
    std::fs::write(scratch.path("secret.txt"), "outside the page's folder").expect("secret");
    #[cfg(unix)]
    std::os::unix::fs::symlink(scratch.path("secret.txt"), www.join("leak.txt")).expect("link");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&scratch.0, www.join("up")).expect("link");
    let stderr = scratch.path("stderr");
    let hall = Bridge::hall(&toml, &["--www", www.to_str().expect("utf-8")], &stderr);
    let addr = hall.addr.clone();
    let port = addr.rsplit(':').next().expect("port");

    // DNS rebinding: the attacker's name, resolved to this machine, is not served.
    for path in ["/hall.json", "/board/4/events.jsonl", "/round.pgn", "/"] {
        assert_eq!(
            with_host(&addr, &format!("rebind.example:{port}"), path),
            403,
            "{path} served to a rebinding site"
        );
        assert_eq!(with_host(&addr, &addr, path), 200, "{path} by address");
        assert_eq!(
            with_host(&addr, &format!("localhost:{port}"), path),
            200,
            "{path} by localhost"
        );
    }

    // A form of another site posts text, or JSON with its Origin: neither reaches the arbiter's
    // route (whose answer would be 403 for the token anyway: the form is refused before).
    let form = status(
        &addr,
        "POST",
        "/board/4/arbiter",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        "result=0-1",
    );
    assert_eq!(form.0, 415, "{form:?}");
    let plain = status(
        &addr,
        "POST",
        "/board/4/arbiter",
        &[("Content-Type", "text/plain")],
        r#"{"result":"0-1"}"#,
    );
    assert_eq!(plain.0, 415, "{plain:?}");
    let cross = status(
        &addr,
        "POST",
        "/board/4/arbiter",
        &[
            ("Content-Type", "application/json"),
            ("Origin", "http://evil.example"),
        ],
        r#"{"result":"0-1"}"#,
    );
    assert_eq!(cross.0, 403, "{cross:?}");
    // Oversized or malformed: a clear refusal at a bounded cost. The token is asked first, so
    // a request without it is refused before its body is read; the arbiter's own oversized
    // request meets the size limit.
    let big = format!(r#"{{"result":"{}"}}"#, "x".repeat(200_000));
    let json = [("Content-Type", "application/json")];
    assert_eq!(
        status(&addr, "POST", "/board/4/arbiter", &json, &big).0,
        403
    );
    let bearer = format!("Bearer {}", common::printed_token(&stderr));
    let arbiter_json = [
        ("Content-Type", "application/json"),
        ("Authorization", bearer.as_str()),
    ];
    assert_eq!(
        status(&addr, "POST", "/board/4/arbiter", &arbiter_json, &big).0,
        413
    );
    let (code, body) = status(&addr, "POST", "/hall/seats", &json, "{not json");
    assert_eq!(code, 403, "the token first: {body}");
    assert!(cross.1.contains("evil.example"), "{cross:?}");

    // The page's folder only: no symlink out of it is followed.
    #[cfg(unix)]
    {
        assert_eq!(status(&addr, "GET", "/leak.txt", &[], "").0, 404);
        assert_eq!(status(&addr, "GET", "/up/secret.txt", &[], "").0, 404);
        assert_eq!(status(&addr, "GET", "/%6ceak.txt", &[], "").0, 404);
        let (_, body) = status(&addr, "GET", "/leak.txt", &[], "");
        assert!(!body.contains("outside"), "{body}");
    }
    assert_eq!(status(&addr, "GET", "/hall.html", &[], "").0, 200);
}

/// A push server that refuses every push and echoes the request's headers back, as a
/// misconfigured proxy does: its address.
fn start_echo_server() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr").to_string();
    std::thread::spawn(move || {
        use std::io::{Read, Write};
        for stream in listener.incoming() {
            let Ok(mut s) = stream else { continue };
            let mut request = vec![0u8; 64 * 1024];
            let n = s.read(&mut request).unwrap_or(0);
            let head = String::from_utf8_lossy(&request[..n]).into_owned();
            let body = format!("you sent:\n{head}");
            let _ = write!(
                s,
                "HTTP/1.1 400 Bad Request\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    addr
}

#[test]
fn a_push_server_that_echoes_the_request_does_not_publish_the_lichess_token() {
    const LICHESS_TOKEN: &str = "lip_echoedSecret0123456789";
    let scratch = Scratch::new("trust-push-echo");
    let (_board, toml) = one_board_hall(&scratch, "Trust Open", 1, "2005");
    let token_file = scratch.path("lichess-token");
    std::fs::write(&token_file, LICHESS_TOKEN).expect("token file");
    let echo = start_echo_server();
    let stderr = scratch.path("stderr");
    let hall = Bridge::hall(
        &toml,
        &[
            "--push-lichess",
            "round1",
            "--token-file",
            token_file.to_str().expect("utf-8"),
            "--push-url",
            &format!("http://{echo}"),
        ],
        &stderr,
    );
    let give_up = std::time::Instant::now() + common::WAIT;
    let answer = loop {
        let (_, body) = status(&hall.addr, "GET", "/hall.json", &[], "");
        let hall_now: serde_json::Value = serde_json::from_str(&body).expect("json");
        if hall_now["push"]["status"] == 400 {
            break body;
        }
        assert!(
            std::time::Instant::now() < give_up,
            "no refused push: {body}"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert!(!answer.contains(LICHESS_TOKEN), "{answer}");
    assert!(
        !answer.contains("you sent"),
        "the raw answer is not republished: {answer}"
    );
    let terminal = std::fs::read_to_string(&stderr).expect("stderr");
    assert!(!terminal.contains(LICHESS_TOKEN), "{terminal}");
    assert!(terminal.contains("answered 400"), "{terminal}");
}
