//! The hall with real parts: sixteen simulated DGT boards on pseudo-terminals, read by one
//! `board-bridge --hall` process, playing sixteen games at once with the simulator's realism
//! switches on (slides, captures in every order, pieces lifted and put back, sensor flicker,
//! noise bytes, the cable pulled after ply 7); the round read over real HTTP, the hall's
//! stream over a real WebSocket, and the push received by a local HTTP server standing in for
//! Lichess Broadcasts (the real service cannot be reached from where these tests run, so the
//! stand-in records what a broadcast round would get and answers as Lichess does).

use crate::common;

use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_core::dgt::board::{Orientation, Placement};
use board_bridge::simulator::{self, FakeBoard, Realism};
use common::{Scratch, free_port};
use futures_util::StreamExt;

const BOARDS: u32 = 16;
const ROUND_ID: &str = "hallTest1";
const LICHESS_TOKEN: &str = "lip_standInSecret0123456789";
/// The stand-in refuses board 16's game while it has fewer moves (plies) than this.
const REFUSED_UNTIL: usize = 12;

/// An HTTP answer: status, headers (lower-case names), body.
struct Answer {
    status: u16,
    headers: std::collections::HashMap<String, String>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

fn request(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    // The arbiter's page posts JSON, and the hall takes nothing else (a cross-site form cannot
    // post to it).
    let json = [("Content-Type", "application/json")];
    let headers = if method == "POST" {
        [headers, &json[..]].concat()
    } else {
        headers.to_vec()
    };
    let (status, headers, body) =
        common::http(addr, method, path, &headers, body).expect("a request to the hall");
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

/// One push the stand-in received.
#[derive(Clone)]
struct Push {
    at: Instant,
    path: String,
    authorization: Option<String>,
    content_type: Option<String>,
    body: String,
}

/// A stand-in for Lichess Broadcasts' push endpoint: records every request; fails the first
/// one (so the bridge must try again), then answers as Lichess does, one line per game, with
/// an error for board 16's game until it has `REFUSED_UNTIL` moves, so the hall shows a
/// per-game error that stands over several pushes and then clears.
fn start_stand_in() -> (String, Arc<Mutex<Vec<Push>>>) {
    use axum::extract::State;
    use axum::http::{HeaderMap, StatusCode, Uri};
    let pushes: Arc<Mutex<Vec<Push>>> = Arc::default();
    let recorded = pushes.clone();
    let app = axum::Router::new()
        .fallback(
            |State(pushes): State<Arc<Mutex<Vec<Push>>>>,
             uri: Uri,
             headers: HeaderMap,
             body: String| async move {
                let get = |n: &str| {
                    headers
                        .get(n)
                        .and_then(|v| v.to_str().ok())
                        .map(str::to_owned)
                };
                let first = {
                    let mut p = pushes.lock().unwrap();
                    p.push(Push {
                        at: Instant::now(),
                        path: uri.path().to_owned(),
                        authorization: get("authorization"),
                        content_type: get("content-type"),
                        body: body.clone(),
                    });
                    p.len() == 1
                };
                if first {
                    return (StatusCode::SERVICE_UNAVAILABLE, "busy".to_owned());
                }
                let games: Vec<serde_json::Value> = body
                    .split("[Event ")
                    .skip(1)
                    .map(|g| {
                        let round = g
                            .split("[Round \"")
                            .nth(1)
                            .and_then(|r| r.split('"').next())
                            .unwrap_or("?");
                        let moves = g.matches("[%clk").count();
                        if round == format!("3.{BOARDS}") && moves < REFUSED_UNTIL {
                            serde_json::json!({"tags": {"Round": round}, "error": "stand-in refuses this game"})
                        } else {
                            serde_json::json!({"tags": {"Round": round}, "moves": moves})
                        }
                    })
                    .collect();
                (
                    StatusCode::OK,
                    serde_json::json!({ "games": games }).to_string(),
                )
            },
        )
        .with_state(recorded);
    (common::serve_stand_in(app), pushes)
}

/// The SAN moves of one game of a PGN text, in order (comments and the result dropped).
fn sans(game: &str) -> Vec<String> {
    let moves = game.split("\n\n").nth(1).unwrap_or("");
    let mut out = Vec::new();
    let mut depth = 0;
    let mut word = String::new();
    for c in moves.chars().chain([' ']) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 && c.is_whitespace() => {
                let w = std::mem::take(&mut word);
                let w = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if !w.is_empty() && !["*", "1-0", "0-1", "1/2-1/2"].contains(&w) {
                    out.push(w.to_owned());
                }
            }
            c if depth == 0 => word.push(c),
            _ => {}
        }
    }
    out
}

/// The round's games by board number (from the `Round "3.N"` tag).
fn games_by_board(pgn: &str) -> Vec<(u32, String)> {
    pgn.split("[Event ")
        .skip(1)
        .map(|g| {
            let n = g
                .split("[Round \"3.")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            (n, format!("[Event {g}"))
        })
        .collect()
}

#[test]
fn sixteen_boards_play_a_round_pushed_and_broadcast() {
    let scratch = Scratch::new("hall-sixteen");
    let expected: Vec<String> = {
        let game = arbiter_core::pgn::read_games(common::GAME);
        game[0].main_line().map(str::to_owned).collect()
    };
    let moves = simulator::moves_of_pgn(common::GAME).expect("game");
    let realism = Realism {
        // Castling rook first is a rook move under touch-move (Art. 4.4): not this game's.
        rook_first_castling: false,
        ..Realism::all()
    };
    let mut boards = Vec::new();
    let mut toml = String::from(
        "[event]\nname = \"Springfield Club Championship\"\nsite = \"Springfield\"\n\
         date = \"2026.12.05\"\nround = 3\nedition = \"2023\"\ntime_control = \"90+30\"\n",
    );
    for n in 1..=BOARDS {
        let board = FakeBoard::start(
            &scratch.path(&format!("tty-{n}")),
            Placement::start(),
            Orientation::Normal,
        )
        .expect("pty");
        toml.push_str(&format!(
            "\n[[board]]\nnumber = {n}\nwhite = \"White {n}\"\nblack = \"Black {n}\"\n\
             white_fide_id = {}\nport = \"{}\"\n",
            100_000 + n,
            board.path().display()
        ));
        boards.push(board);
    }
    let hall_file = scratch.path("hall.toml");
    std::fs::write(&hall_file, toml).expect("hall file");
    let token_file = scratch.path("lichess.token");
    std::fs::write(&token_file, format!("{LICHESS_TOKEN}\n")).expect("token file");
    let (stand_in, pushes) = start_stand_in();

    let addr = format!("127.0.0.1:{}", free_port());
    let stderr_path = scratch.path("stderr.txt");
    let mut bridge = Command::new(env!("CARGO_BIN_EXE_board-bridge"))
        .arg("--hall")
        .arg(&hall_file)
        .args([
            "--listen",
            &addr,
            "--settle-ms",
            "600",
            "--push-lichess",
            ROUND_ID,
        ])
        .arg("--token-file")
        .arg(&token_file)
        .args(["--push-url", &format!("http://{stand_in}")])
        .arg("--log")
        .arg(scratch.path("logs"))
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr_path).expect("stderr file"))
        .spawn()
        .expect("start the hall");
    struct Kill(std::process::Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(&addr).is_err() {
        assert!(Instant::now() < deadline, "the hall never listened");
        if let Ok(Some(status)) = bridge.try_wait() {
            panic!(
                "the hall exited ({status}): {}",
                std::fs::read_to_string(&stderr_path).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _bridge = Kill(bridge);

    // A hall page's stream, open before the first move.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut hall_ws = rt.block_on(async {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/hall/ws"))
            .await
            .expect("hall stream");
        ws
    });
    let first: serde_json::Value = rt.block_on(async {
        let m = tokio::time::timeout(common::WAIT, hall_ws.next())
            .await
            .expect("a snapshot")
            .expect("open")
            .expect("frame");
        serde_json::from_str(m.to_text().unwrap()).unwrap()
    });
    assert_eq!(first["type"], "hall");
    assert_eq!(first["boards"].as_array().unwrap().len(), BOARDS as usize);
    assert_eq!(first["boards"][0]["white"], "White 1");
    // The push is shown from the start, before its first answer.
    assert!(first["push"].is_object(), "{}", first["push"]);
    assert_eq!(
        first["push"]["url"],
        format!("http://{stand_in}/api/broadcast/round/{ROUND_ID}/push")
    );

    // All sixteen play at once.
    // Hands slow enough that sixteen boards read by one busy process never run two lifts
    // into one read (two hands at once, Art. 4.1), and a settle time above the reach.
    let pace = simulator::Pace {
        step: Duration::from_millis(10),
        reach: Duration::from_millis(250),
        think: Duration::from_millis(900),
        unplugged: Duration::from_millis(600),
    };
    for board in &boards {
        board.queue(simulator::script_game(&moves, realism, pace));
    }

    // The hall page hears a move reach board 5 (as the board's update, or in the whole hall
    // again when the page fell behind).
    let moved = rt.block_on(async {
        let until = tokio::time::Instant::now() + Duration::from_secs(120);
        loop {
            let m = tokio::time::timeout_at(until, hall_ws.next())
                .await
                .expect("board 5 moved within two minutes")
                .expect("open")
                .expect("frame");
            let v: serde_json::Value = serde_json::from_str(m.to_text().unwrap()).unwrap();
            let board = match v["type"].as_str() {
                Some("board") => v["board"].clone(),
                Some("hall") => v["boards"][4].clone(),
                _ => continue,
            };
            if board["number"] == 5 && board["plies"].as_u64().unwrap_or(0) >= 1 {
                return board;
            }
        }
    });
    let san = moved["last_san"].as_str().unwrap();
    let plies = moved["plies"].as_u64().unwrap() as usize;
    assert_eq!(san, expected[plies - 1]);
    // Its number and side as the score has them, from the start position: ply 3 is 2. White's.
    assert_eq!(
        moved["last_number"].as_u64(),
        Some(plies.div_ceil(2) as u64)
    );
    let by = if plies % 2 == 1 { "white" } else { "black" };
    assert_eq!(moved["last_by"].as_str(), Some(by));

    // Every game complete, in order, in the round.
    let deadline = Instant::now() + Duration::from_secs(240);
    // What the hall showed of board 16's refused game while it stood.
    let mut refused_shown: Option<serde_json::Value> = None;
    let round = loop {
        if refused_shown.is_none() {
            let hall: serde_json::Value =
                serde_json::from_str(&request(&addr, "GET", "/hall.json", &[], "").body).unwrap();
            refused_shown = hall["push"]["game_errors"]
                .as_array()
                .and_then(|e| e.first().cloned());
        }
        let a = request(&addr, "GET", "/round.pgn", &[], "");
        assert_eq!(a.status, 200);
        let games = games_by_board(&a.body);
        if games.len() == BOARDS as usize
            && games.iter().all(|(_, g)| sans(g).len() == expected.len())
        {
            break a;
        }
        if Instant::now() > deadline {
            let stuck = games
                .iter()
                .find(|(_, g)| sans(g).len() != expected.len())
                .map_or(0, |(n, _)| *n);
            let log = request(
                &addr,
                "GET",
                &format!("/board/{stuck}/events.jsonl"),
                &[],
                "",
            )
            .body;
            let tail: Vec<&str> = log.lines().rev().take(30).collect();
            panic!(
                "the games did not all finish; the round now:\n{}\nboard {stuck}'s log ends:\n{}",
                a.body,
                tail.join("\n")
            );
        }
        std::thread::sleep(Duration::from_millis(500));
    };
    let games = games_by_board(&round.body);
    for (i, (n, game)) in games.iter().enumerate() {
        assert_eq!(*n, i as u32 + 1, "boards in order");
        assert_eq!(sans(game), expected, "board {n}'s game");
        for tag in [
            "[Event \"Springfield Club Championship\"]".to_owned(),
            "[Site \"Springfield\"]".to_owned(),
            "[Date \"2026.12.05\"]".to_owned(),
            format!("[Round \"3.{n}\"]"),
            format!("[White \"White {n}\"]"),
            format!("[Black \"Black {n}\"]"),
            "[Result \"*\"]".to_owned(),
            format!("[WhiteFideId \"{}\"]", 100_000 + n),
            "[TimeControl \"5400+30\"]".to_owned(),
        ] {
            assert!(game.contains(&tag), "board {n} lacks {tag}:\n{game}");
        }
        assert!(!game.contains("BlackFideId"), "no id was given for Black");
        assert_eq!(
            game.matches("[%clk ").count(),
            expected.len(),
            "a clock after every move on board {n}"
        );
    }

    // python-chess reads the round with no error.
    let pgn_file = scratch.path("round.pgn");
    std::fs::write(&pgn_file, &round.body).unwrap();
    let check = Command::new("python3")
        .arg("-c")
        .arg(
            "import sys, chess.pgn\n\
             f = open(sys.argv[1])\n\
             n = 0\n\
             while True:\n\
             \x20   g = chess.pgn.read_game(f)\n\
             \x20   if g is None: break\n\
             \x20   assert not g.errors, g.errors\n\
             \x20   assert len(list(g.mainline_moves())) == int(sys.argv[2]), g.headers\n\
             \x20   assert g.headers['Round'] == '3.%d' % (n + 1)\n\
             \x20   n += 1\n\
             assert n == int(sys.argv[3]), n\n\
             print('ok', n)\n",
        )
        .arg(&pgn_file)
        .arg(expected.len().to_string())
        .arg(BOARDS.to_string())
        .output()
        .expect("python3");
    assert!(
        check.status.success(),
        "python-chess (pip install chess) did not read the round: {}",
        String::from_utf8_lossy(&check.stderr)
    );

    // ETag: a poller costs a 304 while no board moves.
    let tag = round.header("etag").expect("an ETag").to_owned();
    let again = request(&addr, "GET", "/round.pgn", &[("If-None-Match", &tag)], "");
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    let stale = request(
        &addr,
        "GET",
        "/round.pgn",
        &[("If-None-Match", "\"old\"")],
        "",
    );
    assert_eq!(stale.status, 200);

    // Every change pushed, in order, once a second at most, with the token; the last push is
    // the final round, with the clocks as they read when it was sent (which /round.pgn leaves
    // out, so its ETag holds while nothing moves).
    let without_clocks = |body: &str| -> String {
        body.lines()
            .filter(|l| !l.starts_with("[WhiteClock \"") && !l.starts_with("[BlackClock \""))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let last = pushes.lock().unwrap().last().map(|p| p.body.clone());
        if let Some(last) = &last
            && without_clocks(last) == without_clocks(&round.body)
        {
            assert_eq!(
                last.matches("[WhiteClock \"").count(),
                BOARDS as usize,
                "clocks in the push: {last}"
            );
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the final round was never pushed"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let pushes = pushes.lock().unwrap().clone();
    assert!(pushes.len() >= 3, "{} pushes", pushes.len());
    for p in &pushes {
        assert_eq!(p.path, format!("/api/broadcast/round/{ROUND_ID}/push"));
        assert_eq!(
            p.authorization.as_deref(),
            Some(format!("Bearer {LICHESS_TOKEN}").as_str())
        );
        assert!(
            p.content_type
                .as_deref()
                .unwrap_or("")
                .starts_with("text/plain")
        );
    }
    for pair in pushes.windows(2) {
        assert!(
            pair[1].at.duration_since(pair[0].at) >= Duration::from_millis(950),
            "two pushes within a second"
        );
    }
    // The first push failed: the same round (or a later one) was pushed again.
    let final_games = games_by_board(&round.body);
    let mut plies_before = vec![0usize; BOARDS as usize];
    for p in &pushes {
        for (n, game) in games_by_board(&p.body) {
            let s = sans(&game);
            let i = n as usize - 1;
            assert!(s.len() >= plies_before[i], "board {n} went back in a push");
            assert_eq!(
                s[..],
                sans(&final_games[i].1)[..s.len()],
                "board {n}'s pushed game is not the game's beginning"
            );
            plies_before[i] = s.len();
        }
    }

    // The hall showed board 16's game refused, with when it began, over several pushes; once
    // the stand-in read it, the error is gone, and the push's state says when it last
    // succeeded and that it is not failing now.
    let refused = refused_shown.expect("board 16's refused game was shown while it stood");
    assert_eq!(refused["board"], BOARDS, "{refused}");
    assert_eq!(refused["round"], format!("3.{BOARDS}"));
    assert_eq!(refused["error"], "stand-in refuses this game");
    let since = refused["since_unix_ms"].as_u64().expect("since when");
    let hall: serde_json::Value =
        serde_json::from_str(&request(&addr, "GET", "/hall.json", &[], "").body).unwrap();
    let push = &hall["push"];
    assert_eq!(push["ok"], true, "{push}");
    assert!(
        push["failed"].as_u64().unwrap() >= 1,
        "the failed first push is counted"
    );
    assert_eq!(push["game_errors"], serde_json::json!([]), "{push}");
    assert_eq!(push["failures_in_a_row"], 0);
    assert!(push["failing_since_unix_ms"].is_null());
    let last_ok = push["last_success_unix_ms"]
        .as_u64()
        .expect("a success time");
    assert!(last_ok > since, "{push}");
    let now = hall["now_unix_ms"].as_u64().expect("the bridge's time");
    assert!(now >= last_ok && now - last_ok < 60_000, "{push}");

    // The arbiter's rights: refused without the printed token, taken with it.
    let stderr = std::fs::read_to_string(&stderr_path).unwrap();
    let arbiter_token = stderr
        .lines()
        .find_map(|l| l.strip_prefix("board-bridge: arbiter token: "))
        .expect("the token is printed at start")
        .trim()
        .to_owned();
    let result = r#"{"result":"1-0"}"#;
    let none = request(&addr, "POST", "/board/2/arbiter", &[], result);
    assert_eq!(none.status, 403, "{}", none.body);
    let wrong = request(
        &addr,
        "POST",
        "/board/2/arbiter",
        &[("Authorization", "Bearer 0123")],
        result,
    );
    assert_eq!(wrong.status, 403);
    let bearer = format!("Bearer {arbiter_token}");
    let set = request(
        &addr,
        "POST",
        "/board/2/arbiter",
        &[("Authorization", &bearer)],
        result,
    );
    assert_eq!(set.status, 200, "{}", set.body);
    let clocks = r#"{"event":{"type":"arbiter","decision":{"kind":"set_clock","white":600000,"black":300000}}}"#;
    let set_clock = request(
        &addr,
        "POST",
        "/board/3/arbiter",
        &[("Authorization", &bearer)],
        clocks,
    );
    assert_eq!(set_clock.status, 200, "{}", set_clock.body);
    let hall: serde_json::Value =
        serde_json::from_str(&request(&addr, "GET", "/hall.json", &[], "").body).unwrap();
    assert_eq!(hall["boards"][1]["result"], "1-0");
    assert!(hall["boards"][2]["clock"]["white_ms"].as_u64().unwrap() <= 600_000);
    assert!(hall["boards"][2]["clock"]["white_ms"].as_u64().unwrap() > 590_000);
    let after = request(&addr, "GET", "/round.pgn", &[("If-None-Match", &tag)], "");
    assert_eq!(after.status, 200, "the round changed: a new ETag");
    let board2 = &games_by_board(&after.body)[1].1;
    assert!(board2.contains("[Result \"1-0\"]") && board2.trim_end().ends_with("1-0"));

    // Each board's own routes; the Lichess token is nowhere served or logged.
    let own = request(&addr, "GET", "/board/7/games.pgn", &[], "");
    assert_eq!(own.status, 200);
    assert_eq!(sans(&own.body), expected);
    let log = request(&addr, "GET", "/board/7/events.jsonl", &[], "");
    assert!(log.body.lines().count() > expected.len());
    assert!(scratch.0.join("logs/board-7/events.jsonl").is_file());
    for path in [
        "/",
        "/hall.json",
        "/round.pgn",
        "/board/1/events.jsonl",
        "/board/1",
    ] {
        let a = request(&addr, "GET", path, &[], "");
        assert!(
            !a.body.contains(LICHESS_TOKEN),
            "{path} serves the Lichess token"
        );
        assert!(
            !a.body.contains(&arbiter_token),
            "{path} serves the arbiter token"
        );
    }
    let stderr = std::fs::read_to_string(&stderr_path).unwrap();
    assert!(
        !stderr.contains(LICHESS_TOKEN),
        "the Lichess token was logged"
    );
    drop(boards);
}

/// Issue 30: a hall short of file descriptors (its limit set low, hard and soft, so it cannot
/// raise it) says per board, in the terminal and in `/hall.json`, that it cannot open that
/// board's port and why; it keeps the last descriptors for the pages, so `/hall.json` answers
/// all along; and the boards it could open are read.
#[test]
fn a_hall_short_of_descriptors_names_each_board_it_cannot_open_and_still_answers() {
    use std::os::unix::process::CommandExt;
    const MANY: u32 = 40;
    /// Descriptors the hall may open beyond those it inherits.
    const LIMIT: u64 = 64;
    let scratch = Scratch::new("hall-fds");
    let mut toml = String::from(
        "[event]\nname = \"Few descriptors\"\nround = 1\nedition = \"2005\"\n\
         time_control = \"90+30\"\n",
    );
    let boards: Vec<FakeBoard> = (1..=MANY)
        .map(|n| {
            let board = FakeBoard::start(
                &scratch.path(&format!("tty{n}")),
                Placement::start(),
                Orientation::Normal,
            )
            .expect("pty");
            toml.push_str(&format!(
                "\n[[board]]\nnumber = {n}\nwhite = \"W{n}\"\nblack = \"B{n}\"\nport = \"{}\"\n",
                board.path().display()
            ));
            board
        })
        .collect();
    let hall_toml = scratch.path("hall.toml");
    std::fs::write(&hall_toml, toml).expect("hall file");
    let stderr_path = scratch.path("stderr");
    let addr = format!("127.0.0.1:{}", free_port());
    let mut command = Command::new(env!("CARGO_BIN_EXE_board-bridge"));
    command
        .arg("--hall")
        .arg(&hall_toml)
        .args(["--listen", &addr])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&stderr_path).expect("stderr"));
    // The test's own descriptors (the boards' pseudo-terminals among them) that the hall
    // inherits count against its limit too.
    let inherited = std::fs::read_dir("/proc/self/fd").expect("fds").count() as u64;
    let limit = inherited + LIMIT;
    // SAFETY: only setrlimit, which is async-signal-safe, runs between fork and exec.
    unsafe {
        command.pre_exec(move || {
            nix::sys::resource::setrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE, limit, limit)
                .map_err(std::io::Error::from)
        });
    }
    let child = command.spawn().expect("start the hall");
    struct Kill(std::process::Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let _child = Kill(child);

    // Every board is either read or said to be unopenable, with why; /hall.json answers all along.
    let give_up = Instant::now() + Duration::from_secs(60);
    let mut last = String::new();
    let (connected, refused) = loop {
        assert!(
            Instant::now() < give_up,
            "the boards never settled: {last}\n{}",
            std::fs::read_to_string(&stderr_path).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(300));
        let Some((status, body)) = hall_json(&addr) else {
            continue;
        };
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        let hall: serde_json::Value = serde_json::from_slice(&body).expect("json");
        let boards = hall["boards"].as_array().expect("boards").clone();
        let connected: Vec<u64> = boards
            .iter()
            .filter(|b| b["connected"] == true)
            .map(|b| b["number"].as_u64().unwrap_or(0))
            .collect();
        let refused: Vec<(u64, String)> = boards
            .iter()
            .filter_map(|b| {
                let why = b["port_error"].as_str()?;
                Some((b["number"].as_u64().unwrap_or(0), why.to_owned()))
            })
            .collect();
        last = format!("read {connected:?}, refused {refused:?}");
        if connected.len() + refused.len() == MANY as usize && !connected.is_empty() {
            break (connected, refused);
        }
    };
    println!(
        "{} boards read, {} named as not opened, the first: {:?}",
        connected.len(),
        refused.len(),
        refused.first()
    );
    assert!(
        !refused.is_empty(),
        "a limit of {LIMIT} cannot hold {MANY} ports"
    );
    for (n, why) in &refused {
        assert!(
            why.contains("not opened")
                && why.contains("files this process may open")
                && why.contains("ulimit -n"),
            "board {n}: {why}"
        );
        assert!(!connected.contains(n), "board {n} both read and refused");
    }
    // The terminal names each of them.
    let stderr = std::fs::read_to_string(&stderr_path).expect("stderr");
    for (n, _) in &refused {
        let named = format!("board-bridge: board {n}: ");
        assert!(
            stderr
                .lines()
                .any(|l| l.starts_with(&named) && l.contains("not opened")),
            "board {n} is not named in:\n{stderr}"
        );
    }
    // Several requests at once are still answered.
    let answered = (0..8)
        .map(|_| {
            let addr = addr.clone();
            std::thread::spawn(move || hall_json(&addr).map(|a| a.0))
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|t| t.join().expect("thread"))
        .filter(|r| *r == Some(200))
        .count();
    assert_eq!(answered, 8, "the pages are left descriptors");
    drop(boards);
}

/// `GET /hall.json` on a connection of its own, given 5 s to answer: status and body, `None`
/// when no answer came (a hall out of descriptors accepts no more).
fn hall_json(addr: &str) -> Option<(u16, Vec<u8>)> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    s.set_write_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        s,
        "GET /hall.json HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).ok()?;
    let split = bytes.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&bytes[..split]);
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let mut body = bytes[split + 4..].to_vec();
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = dechunk(&body)?;
    }
    Some((status, body))
}

fn dechunk(mut raw: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let end = raw.windows(2).position(|w| w == b"\r\n")?;
        let size = usize::from_str_radix(std::str::from_utf8(&raw[..end]).ok()?.trim(), 16).ok()?;
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(raw.get(end + 2..end + 2 + size)?);
        raw = raw.get(end + 4 + size..)?;
    }
}
