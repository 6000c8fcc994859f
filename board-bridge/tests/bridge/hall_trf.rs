//! A round imported from the pairing program's TRF-16 file (`[event] trf`): the players of each
//! board with their titles, ratings and FIDE ids in the round's PGN tags, the results written
//! back as TRF (`/round.trf`), and a bad file refused at start with its line and field.

use crate::common;

use std::time::{Duration, Instant};

use common::*;

/// Round 2 of a four-player event, as a pairing program writes it (the TRF module's unit tests
/// read the same file).
fn trf() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/round.trf"))
        .expect("tests/data/round.trf")
}

fn hall(scratch: &Scratch, trf_text: &str) -> std::path::PathBuf {
    std::fs::write(scratch.path("round.trf"), trf_text).unwrap();
    std::fs::write(scratch.path("g.pgn"), "[Event \"x\"]\n\n1. e4 e5 *\n").unwrap();
    let toml = scratch.path("hall.toml");
    std::fs::write(
        &toml,
        "[event]\nname = \"Springfield Club Championship\"\nround = 2\ntime_control = \"90+30\"\ntrf = \"round.trf\"\n\n\
         [[board]]\nnumber = 1\nsimulate = \"g.pgn\"\n\n[[board]]\nnumber = 2\nsimulate = \"g.pgn\"\n",
    )
    .unwrap();
    toml
}

#[test]
fn a_round_from_a_trf_file_carries_titles_ratings_and_ids_and_its_results_go_back() {
    let scratch = Scratch::new("hall-trf");
    let toml = hall(&scratch, &trf());
    let stderr = scratch.path("stderr.txt");
    let bridge = Bridge::hall(&toml, &["--settle-ms", "150"], &stderr);
    let (status, round) = http_as(&bridge.addr, "GET", "/round.pgn", None, "");
    assert_eq!(status, 200);
    // Board 1: the leaders, Bruno (White) against Anna; board 2: Carla against Dario.
    let games: Vec<&str> = round.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 2, "{round}");
    for tag in [
        "[Round \"2.1\"]",
        "[White \"Neri, Bruno\"]",
        "[Black \"Rossi, Anna\"]",
        "[WhiteElo \"2301\"]",
        "[BlackElo \"2510\"]",
        "[BlackTitle \"GM\"]",
        "[WhiteFideId \"1234567\"]",
        "[BlackFideId \"2345678\"]",
    ] {
        assert!(games[0].contains(tag), "board 1 lacks {tag}: {}", games[0]);
    }
    assert!(
        !games[0].contains("WhiteTitle"),
        "Bruno has no title: {}",
        games[0]
    );
    for tag in [
        "[White \"Verdi, Carla\"]",
        "[WhiteTitle \"WIM\"]",
        "[BlackFideId \"7654321\"]",
    ] {
        assert!(games[1].contains(tag), "board 2 lacks {tag}: {}", games[1]);
    }
    assert!(
        !games[1].contains("BlackElo"),
        "Dario is unrated: {}",
        games[1]
    );

    // Board 1 ends 0-1: the TRF file says Anna won round 2, with her points.
    let token = printed_token(&stderr);
    let (status, body) = http_as(
        &bridge.addr,
        "POST",
        "/board/1/arbiter",
        Some(&token),
        r#"{"result":"0-1"}"#,
    );
    assert_eq!(status, 200, "{body}");
    let give_up = Instant::now() + Duration::from_secs(10);
    let line_of = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.contains(name))
            .unwrap_or("")
            .to_owned()
    };
    loop {
        let (status, back) = http_as(&bridge.addr, "GET", "/round.trf", None, "");
        assert_eq!(status, 200);
        let anna = line_of(&back, "Rossi, Anna");
        if anna.get(108..109) == Some("1") {
            assert_eq!(anna.get(80..84), Some(" 2.0"), "{anna}");
            assert_eq!(line_of(&back, "Neri, Bruno").get(108..109), Some("0"));
            // Board 2 goes on: nothing written for it.
            assert_eq!(
                line_of(&back, "Verdi, Carla").get(108..109).map(str::trim),
                Some("")
            );
            assert!(back.starts_with("012 Springfield Club Championship\n"));
            break;
        }
        assert!(
            Instant::now() < give_up,
            "the result never reached the TRF: {back}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_bad_trf_file_is_refused_with_its_line_and_field() {
    let scratch = Scratch::new("hall-trf-bad");
    let mut text = trf();
    // Bruno's rating (line 3) is not a number.
    let at = text.match_indices("\n001").nth(1).unwrap().0 + 1;
    text.replace_range(at + 48..at + 52, "23x1");
    let toml = hall(&scratch, &text);
    let out = std::process::Command::new(bridge_binary())
        .arg("--hall")
        .arg(&toml)
        .args(["--listen", &format!("127.0.0.1:{}", free_port())])
        .output()
        .expect("run the bridge");
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("round.trf")
            && said.contains("line 3")
            && said.contains("FIDE rating (columns 49-52)")
            && said.contains("23x1"),
        "{said}"
    );
}
