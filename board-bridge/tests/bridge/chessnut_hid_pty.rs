//! A Chessnut board on USB HID: a real `board-bridge` process, a simulated Chessnut written from
//! the facts of its protocol (see `arbiter_core::dgt::family::chessnut`: its real-time reports
//! turned on by report `21 01 00`, then on every change input report 1, `01 3D` + 32 bytes of
//! piece nibbles + 29 more, 63 bytes as a hidraw node hands it over; the battery asked with `29 01 00` and told as `2A 02 percent charging`),
//! and a real WebSocket client. Every move made on it, a capture and castling among them,
//! reaches the pages once.
//!
//! A stand-in for the hidraw node: this machine has no `/dev/uhid`, so no virtual HID device can
//! be made and no real hidraw node can exist here. A pseudo-terminal in raw mode plays the node
//! (`--port` names it, `--hid` says to read it as a Chessnut's node): the bridge reads and
//! writes it as it does a hidraw node, through the same link. What a pty cannot show is the
//! report boundaries: a hidraw node hands one report a read and takes one a write, a pty a
//! stream. The codec reads frames in any chunking, and the simulator cuts what it is sent into
//! commands by their length bytes, so each command must arrive whole and well formed.

use crate::common;

use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{Orientation, Placement, PlacementDump};
use arbiter_core::dgt::family::chessnut::{commands, encode_report};
use common::*;

/// DGT's square order, a8 first.
fn index(square: &str) -> usize {
    let b = square.as_bytes();
    usize::from(b'8' - b[1]) * 8 + usize::from(b[0] - b'a')
}

/// The simulated board: its pieces, whether its real-time reports are on, what it was sent.
struct Chessnut {
    codes: Mutex<[u8; 64]>,
    reporting: AtomicBool,
    node: Mutex<std::fs::File>,
    /// Every command the bridge wrote, whole, with when it was read.
    heard: Mutex<Vec<(Instant, Vec<u8>)>>,
}

impl Chessnut {
    /// Sends the position as one input report, its report id (1) first, when reports are on.
    fn report(&self) {
        if self.reporting.load(Ordering::SeqCst) {
            let frame = encode_report(&self.codes.lock().expect("codes"));
            let _ = self.node.lock().expect("node").write_all(&frame);
        }
    }

    /// Moves the piece on `from` to `to` (whatever stood there is taken) and reports.
    fn shift(&self, from: &str, to: &str) {
        {
            let mut c = self.codes.lock().expect("codes");
            c[index(to)] = c[index(from)];
            c[index(from)] = 0;
        }
        self.report();
    }

    /// Sets the piece `code` down on `square` (whatever stood there is taken) and reports.
    fn put(&self, square: &str, code: u8) {
        self.codes.lock().expect("codes")[index(square)] = code;
        self.report();
    }

    /// Lifts the piece on `square` off the board and reports.
    fn lift(&self, square: &str) {
        self.codes.lock().expect("codes")[index(square)] = 0;
        self.report();
    }

    /// Answers what the bridge wrote, as the board does: `21 01 00` turns the reports on and
    /// sends the position; `29 01 00` is answered with the battery (87 %, not charging).
    fn hear(&self, bytes: &[u8]) {
        for command in commands(bytes) {
            self.heard
                .lock()
                .expect("heard")
                .push((Instant::now(), command.to_vec()));
            match command {
                [0x21, 0x01, 0x00] => {
                    self.reporting.store(true, Ordering::SeqCst);
                    self.report();
                }
                [0x29, 0x01, 0x00] => {
                    let _ = self
                        .node
                        .lock()
                        .expect("node")
                        .write_all(&[0x2A, 0x02, 87, 0x00]);
                }
                _ => {}
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chessnut_on_usb_hid_is_read_every_move_once() {
    let scratch = Scratch::new("chessnut-hid");
    let link = scratch.path("hidraw");
    let (master, _slave) = pty(&link);
    let board = Arc::new(Chessnut {
        codes: Mutex::new(Placement::start().to_dump(Orientation::Normal).codes),
        reporting: AtomicBool::new(false),
        node: Mutex::new(master.try_clone().expect("clone")),
        heard: Mutex::new(Vec::new()),
    });
    {
        let board = Arc::clone(&board);
        let mut master = master;
        std::thread::spawn(move || {
            let mut buf = [0u8; 256];
            // Bytes of a command cut by the stream are kept for the rest of it.
            let mut pending = Vec::new();
            while let Ok(n) = master.read(&mut buf)
                && n > 0
            {
                pending.extend_from_slice(&buf[..n]);
                let whole = whole_commands(&pending);
                board.hear(&pending[..whole]);
                pending.drain(..whole);
            }
        });
    }
    let bridge = Bridge::start(&link, free_port(), &["--hid", "--settle-ms", "350"]);
    let origin = format!("http://{}", bridge.addr);
    let mut ws = connect(&bridge.addr, Some(&origin), None)
        .await
        .expect("own origin is allowed");
    let on = Instant::now() + Duration::from_secs(10);
    while !board.reporting.load(Ordering::SeqCst) {
        assert!(
            Instant::now() < on,
            "the bridge never turned the reports on"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(600)).await;

    let step = Duration::from_millis(700);
    // 1. e4 d5 2. exd5 Qxd5 3. Nf3 Bg4 4. Be2 Nc6 5. O-O
    for (from, to) in [("e2", "e4"), ("d7", "d5")] {
        board.shift(from, to);
        tokio::time::sleep(step).await;
    }
    // The captured pawn is taken off first, then the capturing one put in its place.
    board.lift("d5");
    tokio::time::sleep(Duration::from_millis(100)).await;
    board.shift("e4", "d5");
    tokio::time::sleep(step).await;
    // A capture the other way: the queen lifted, then set down on the pawn, which goes.
    let queen = board.codes.lock().expect("codes")[index("d8")];
    board.lift("d8");
    tokio::time::sleep(Duration::from_millis(100)).await;
    board.put("d5", queen);
    tokio::time::sleep(step).await;
    for (from, to) in [("g1", "f3"), ("c8", "g4"), ("f1", "e2"), ("b8", "c6")] {
        board.shift(from, to);
        tokio::time::sleep(step).await;
    }
    // Castling king first, then the rook, each its own frame.
    board.shift("e1", "g1");
    tokio::time::sleep(Duration::from_millis(120)).await;
    board.shift("h1", "f1");

    let all = collect_until(&mut ws, Duration::from_secs(5), |m| move_ucis(m).len() >= 9).await;
    // Let any late duplicate arrive before the count is checked.
    let late = collect_until(&mut ws, Duration::from_millis(800), |_| false).await;
    let mut seen = move_ucis(&all);
    seen.extend(move_ucis(&late));
    assert_eq!(
        seen,
        [
            "e2e4", "d7d5", "e4d5", "d8d5", "g1f3", "c8g4", "f1e2", "b8c6", "e1g1"
        ],
        "every move once, nothing else: {all:#?}"
    );
    // The bridge spoke Chessnut's commands alone, each whole: the reports on, the battery
    // asked; no DGT byte (its reset, its keep-alive) reached the board.
    let (times, heard): (Vec<Instant>, Vec<Vec<u8>>) =
        board.heard.lock().expect("heard").iter().cloned().unzip();
    assert!(heard.contains(&vec![0x21, 0x01, 0x00]), "{heard:02X?}");
    assert!(heard.contains(&vec![0x29, 0x01, 0x00]), "{heard:02X?}");
    for command in &heard {
        let known = matches!(command.as_slice(), [0x21 | 0x29, 0x01, 0x00])
            || (command.len() == 10 && command[..2] == [0x0A, 0x08]);
        assert!(
            known,
            "not a Chessnut command: {command:02X?} in {heard:02X?}"
        );
    }
    // Written as Chessnut's SDK writes: 200 ms at least between two reports (less a little for
    // the reading thread's own lateness).
    for (pair, command) in times.windows(2).zip(&heard[1..]) {
        let gap = pair[1] - pair[0];
        assert!(
            gap >= Duration::from_millis(180),
            "{command:02X?} came {gap:?} after the report before it: {heard:02X?}"
        );
    }
}

/// How many bytes at the start of `bytes` are whole commands (an id, a length, that many).
fn whole_commands(bytes: &[u8]) -> usize {
    let mut at = 0;
    while let Some(&len) = bytes.get(at + 1) {
        let end = at + 2 + usize::from(len);
        if end > bytes.len() {
            break;
        }
        at = end;
    }
    at
}
