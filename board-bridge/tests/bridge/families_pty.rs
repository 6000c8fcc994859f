//! A Millennium ChessLink board on the bridge's serial line: a real `board-bridge` process, a
//! real pseudo-terminal, a simulated board written from the ChessLink description (a status
//! string `s` + 64 letters from a8 with its XOR block parity, sent after every scan, about 24
//! a second), and a real WebSocket client. The bridge opens the line for DGT's protocol and
//! recognises the board from its frames; every move made on it reaches the pages once.

use crate::common;

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_core::dgt::board::{Orientation, Placement, PlacementDump};
use arbiter_core::dgt::family::millennium::frame;
use arbiter_core::dgt::family::snapshot::letter_of_code;
use common::*;

fn index(square: &str) -> usize {
    let b = square.as_bytes();
    usize::from(b'8' - b[1]) * 8 + usize::from(b[0] - b'a')
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_millennium_board_on_the_bridges_line_is_read_every_move_once() {
    let scratch = Scratch::new("millennium");
    let link = scratch.path("board");
    let (master, _slave) = pty(&link);
    let codes = Arc::new(Mutex::new(
        Placement::start().to_dump(Orientation::Normal).codes,
    ));
    let stop = Arc::new(AtomicBool::new(false));
    let board = {
        let (codes, stop) = (Arc::clone(&codes), Arc::clone(&stop));
        let mut master = master.try_clone().expect("clone");
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let mut text = vec![b's'];
                text.extend(codes.lock().expect("codes").map(letter_of_code));
                let mut out = Vec::new();
                frame(&text, &mut out);
                let _ = master.write_all(&out);
                std::thread::sleep(Duration::from_millis(41));
            }
        })
    };
    // What the bridge writes (DGT's handshake, its keep-alive) is read and let go.
    {
        let mut master = master.try_clone().expect("clone");
        std::thread::spawn(move || {
            let mut buf = [0u8; 256];
            while std::io::Read::read(&mut master, &mut buf).is_ok_and(|n| n > 0) {}
        });
    }
    let bridge = Bridge::start(&link, free_port(), &["--settle-ms", "350"]);
    let origin = format!("http://{}", bridge.addr);
    let mut ws = connect(&bridge.addr, Some(&origin), None)
        .await
        .expect("own origin is allowed");
    tokio::time::sleep(Duration::from_millis(800)).await;

    let moves = [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6")];
    for (from, to) in moves {
        {
            let mut c = codes.lock().expect("codes");
            c[index(to)] = c[index(from)];
            c[index(from)] = 0;
        }
        tokio::time::sleep(Duration::from_millis(900)).await;
    }
    let all = collect_until(&mut ws, Duration::from_secs(5), |m| move_ucis(m).len() >= 4).await;
    stop.store(true, Ordering::Relaxed);
    let _ = board.join();
    assert_eq!(
        move_ucis(&all),
        ["e2e4", "e7e5", "g1f3", "b8c6"],
        "every move once, nothing else: {all:#?}"
    );
}
