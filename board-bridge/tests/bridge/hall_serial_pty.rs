//! A hall board named by its serial number (`serial = "20526"`, the simulated board's) on real
//! pseudo-terminals: found on the port it is plugged into, then unplugged and plugged into
//! another port, where the hall finds it again and its game goes on where it stood.

use crate::common;

use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{Occupant, Orientation, Placement};
use arbiter_core::{Color, Piece, Square};
use board_bridge::simulator::{self, FakeBoard, Realism};
use common::*;

fn hall_json(addr: &str) -> serde_json::Value {
    let bridge_get = |path: &str| {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(addr).expect("connect");
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        text.split_once("\r\n\r\n")
            .map(|(_, b)| b.to_owned())
            .unwrap_or_default()
    };
    serde_json::from_str(&bridge_get("/hall.json")).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_found_by_serial_number_keeps_its_game_on_another_port() {
    let scratch = Scratch::new("hall-serial");
    let (port_a, port_b) = (scratch.path("tty-a"), scratch.path("tty-b"));
    let toml = format!(
        "[event]\nname = \"Serial\"\nround = 1\nedition = \"2023\"\ntime_control = \"90+30\"\n\
         ports = [\"{}\", \"{}\"]\n\n[[board]]\nnumber = 1\nwhite = \"Anna\"\nblack = \"Bruno\"\n\
         serial = \"20526\"\n",
        port_a.display(),
        port_b.display()
    );
    std::fs::write(scratch.path("hall.toml"), toml).unwrap();
    let first = FakeBoard::start(&port_a, Placement::start(), Orientation::Normal).expect("pty");
    let logs = scratch.path("logs").to_string_lossy().into_owned();
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(
        &scratch.path("hall.toml"),
        &["--settle-ms", "300", "--log", &logs],
        &stderr,
    );
    let addr = bridge.addr.clone();
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/board/1/ws?last_seq=0"))
            .await
            .expect("board 1's stream");

    // Found on the first port; two moves played there.
    let moves = simulator::moves_of_pgn(GAME).expect("game");
    first.queue(simulator::script_game(
        &moves[..2],
        Realism::default(),
        pace(600),
    ));
    // Not a pause last: a simulated board whose queue ends in a pause keeps its thread (and
    // the pty) alive after its handle is dropped, and would never look unplugged.
    first.queue([simulator::Action::AwaitUpdates]);
    let (m, _) = wait_for(
        &mut ws,
        Duration::from_secs(30),
        is_move(moves[1].to_string()),
    )
    .await;
    assert!(
        m.is_some(),
        "the board was not found by its serial number, or its moves not read"
    );
    let said = std::fs::read_to_string(&stderr).unwrap();
    assert!(
        said.contains(&format!("found at {}", port_a.display())),
        "{said}"
    );

    // Unplugged for good; the same board (same serial) plugged into the other port, as the
    // pieces stand after 1. e4 Nf6.
    drop(first);
    let mut placement = Placement::start();
    placement.set(Square::E2, Occupant::Empty);
    placement.set(Square::E4, Occupant::Piece(Color::White, Piece::Pawn));
    placement.set(Square::G8, Occupant::Empty);
    placement.set(Square::F6, Occupant::Piece(Color::Black, Piece::Knight));
    let second = FakeBoard::start(&port_b, placement, Orientation::Normal).expect("pty");
    let give_up = Instant::now() + Duration::from_secs(40);
    loop {
        let said = std::fs::read_to_string(&stderr).unwrap();
        if said.contains(&format!("found at {}", port_b.display())) {
            break;
        }
        assert!(
            Instant::now() < give_up,
            "the board was not found on the other port: {said}\nthe hall: {}",
            hall_json(&addr)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Give the new link its first full read, then go on: 2. Nf3 on the second port.
    let give_up = Instant::now() + Duration::from_secs(20);
    while hall_json(&addr)["boards"][0]["connected"] != true {
        assert!(
            Instant::now() < give_up,
            "the board on the other port never read"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    second.queue(carry(
        Square::G1,
        Square::F3,
        Occupant::Piece(Color::White, Piece::Knight),
    ));
    let (m, _) = wait_for(&mut ws, Duration::from_secs(20), |m| {
        m["type"] == "move" && m["uci"] == "g1f3"
    })
    .await;
    let m = m.expect("the move on the other port reached the game");
    assert_eq!(m["ply"], 3, "the game went on from where it stood");
    let hall = hall_json(&addr);
    assert_eq!(hall["boards"][0]["plies"], 3);
    assert_eq!(hall["boards"][0]["last_san"], "Nf3");
    assert_eq!(hall["boards"][0]["source"], "serial 20526");
    let log = std::fs::read_to_string(scratch.path("logs/board-1/events.jsonl")).unwrap();
    assert!(log.contains("\"move\":\"g1f3\""));
    drop(second);
}
