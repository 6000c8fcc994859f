//! The boards found on the hall's ports listed for the arbiter (port, family, serial number),
//! and one assigned to a board of the hall from there, without editing the hall file: the
//! board the file names is absent, the one found is linked in its place and read.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{Orientation, Placement};
use board_bridge::simulator::FakeBoard;
use common::*;
use serde_json::Value;

fn until(what: &str, ok: &dyn Fn() -> bool) {
    let give_up = Instant::now() + Duration::from_secs(30);
    while !ok() {
        assert!(Instant::now() < give_up, "{what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_board_found_on_a_port_is_assigned_from_the_list() {
    let scratch = Scratch::new("hall-assign");
    let tty = scratch.path("tty-a");
    std::fs::write(
        scratch.path("hall.toml"),
        format!(
            "[event]\nname = \"Assign\"\nround = 1\ntime_control = \"90+30\"\nports = [\"{}\"]\n\n\
             [[board]]\nnumber = 1\nwhite = \"Anna\"\nblack = \"Bruno\"\nserial = \"99999\"\n\n\
             [[board]]\nnumber = 2\nwhite = \"Clara\"\nblack = \"David\"\nserial = \"88888\"\n",
            tty.display()
        ),
    )
    .unwrap();
    let _board = FakeBoard::start(&tty, Placement::start(), Orientation::Normal).expect("pty");
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(&scratch.path("hall.toml"), &["--settle-ms", "300"], &stderr);
    let addr = bridge.addr.clone();
    let token = printed_token(&stderr);
    let detected = || json(&http_as(&addr, "GET", "/hall/detected", Some(&token), "").1);
    let hall = || json(&http_as(&addr, "GET", "/hall.json", None, "").1);

    // The arbiter's alone.
    assert_eq!(http_as(&addr, "GET", "/hall/detected", None, "").0, 403);
    // The board on the port is listed, assigned to no board.
    until("the board on the port is listed", &|| {
        detected()["boards"]
            .as_array()
            .is_some_and(|b| !b.is_empty())
    });
    let found = detected()["boards"][0].clone();
    assert_eq!(found["port"], tty.display().to_string(), "{found}");
    assert_eq!(found["family"], "DGT");
    let serial = found["serial"]
        .as_str()
        .expect("a serial number")
        .to_owned();
    assert_eq!(found["board"], Value::Null);
    assert_eq!(
        hall()["boards"][0]["connected"],
        false,
        "the file's board is absent"
    );

    // A blank serial number is refused; the one found is assigned to board 1 and read.
    let (status, _) = http_as(
        &addr,
        "POST",
        "/hall/assign",
        Some(&token),
        r#"{"board":1,"serial":" "}"#,
    );
    assert_eq!(status, 400);
    let (status, body) = http_as(
        &addr,
        "POST",
        "/hall/assign",
        Some(&token),
        &format!(r#"{{"board":1,"serial":"{serial}"}}"#),
    );
    assert_eq!(status, 200, "{body}");
    until("the assigned board is read", &|| {
        hall()["boards"][0]["connected"] == true
    });
    assert_eq!(hall()["boards"][0]["serial"], serial.as_str());
    // The card says where the board is read from now: the assigned serial, not the file's.
    assert_eq!(
        hall()["boards"][0]["source"],
        format!("serial {serial}").as_str()
    );
    // Linked, its port is busy; the list still shows it, with the board it serves, scans later.
    std::thread::sleep(Duration::from_secs(3));
    let listed = detected();
    let on_tty = listed["boards"]
        .as_array()
        .and_then(|b| {
            b.iter()
                .find(|f| f["port"] == tty.display().to_string())
                .cloned()
        })
        .unwrap_or_else(|| panic!("the linked board is listed: {listed}"));
    assert_eq!(on_tty["board"], 1, "{on_tty}");
    assert_eq!(on_tty["family"], "DGT", "{on_tty}");
    assert_eq!(on_tty["serial"], serial.as_str(), "{on_tty}");
    // The same board for board 2 is refused, with the id the page says it by.
    let (status, body) = http_as(
        &addr,
        "POST",
        "/hall/assign",
        Some(&token),
        &format!(r#"{{"board":2,"serial":"{serial}"}}"#),
    );
    assert_eq!(status, 409, "{body}");
    let refusal = json(&body);
    assert_eq!(refusal["id"], "assign_refused_taken", "{refusal}");
    assert_eq!(refusal["other"], 1, "{refusal}");
    assert_eq!(refusal["serial"], serial.as_str(), "{refusal}");
    assert!(
        std::fs::read_to_string(&stderr)
            .unwrap()
            .contains(&format!("found at {}", tty.display())),
        "the bridge says where it found the board"
    );
}

/// A Millennium ChessLink board on a pseudo-terminal linked at `link`, answering the version
/// request (`V`) with a version frame (`v`) as the ChessLink description has it, until `stop`.
fn millennium_board(
    link: &std::path::Path,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> (std::fs::File, std::fs::File, std::thread::JoinHandle<()>) {
    use std::io::{Read, Write};
    use std::os::fd::AsRawFd;
    use std::sync::atomic::Ordering;

    let (master, slave) = pty(link);
    // Reads return now and then, so the board sees `stop`.
    nix::fcntl::fcntl(
        master.as_raw_fd(),
        nix::fcntl::FcntlArg::F_SETFL(nix::fcntl::OFlag::O_NONBLOCK),
    )
    .expect("non-blocking");
    let mut far = master.try_clone().expect("clone");
    let board = std::thread::spawn(move || {
        let mut buf = [0u8; 256];
        while !stop.load(Ordering::Relaxed) {
            match far.read(&mut buf) {
                Ok(n) if buf[..n].iter().any(|b| b & 0x7F == b'V') => {
                    let mut out = Vec::new();
                    arbiter_core::dgt::family::millennium::frame(b"v0101", &mut out);
                    let _ = far.write_all(&out);
                }
                _ => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    });
    // Both ends are kept open while the board runs: a pty whose near end closes hangs up.
    (master, slave, board)
}

#[test]
fn a_millennium_board_on_a_port_is_listed_as_one() {
    let scratch = Scratch::new("hall-detect-millennium");
    let tty = scratch.path("tty-m");
    std::fs::write(
        scratch.path("hall.toml"),
        format!(
            "[event]\nname = \"Families\"\nround = 1\ntime_control = \"90+30\"\nports = [\"{}\"]\n\n\
             [[board]]\nnumber = 1\nwhite = \"Anna\"\nblack = \"Bruno\"\nserial = \"99999\"\n",
            tty.display()
        ),
    )
    .unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (_master, _slave, board) = millennium_board(&tty, stop.clone());
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(&scratch.path("hall.toml"), &["--settle-ms", "300"], &stderr);
    let addr = bridge.addr.clone();
    let token = printed_token(&stderr);
    let detected = || json(&http_as(&addr, "GET", "/hall/detected", Some(&token), "").1);
    until("the Millennium board on the port is listed", &|| {
        detected()["boards"]
            .as_array()
            .is_some_and(|b| !b.is_empty())
    });
    let found = detected()["boards"][0].clone();
    assert_eq!(found["port"], tty.display().to_string(), "{found}");
    assert_eq!(found["family"], "Millennium", "{found}");
    // ChessLink tells no serial number: none is made up.
    assert_eq!(found["serial"], Value::Null, "{found}");
    assert_eq!(found["board"], Value::Null, "{found}");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = board.join();
}
