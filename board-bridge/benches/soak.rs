//! The soak (issue 30): a long game on a simulated board in a real pseudo-terminal, with a
//! `kill -9` of the bridge every little while (restarted at once on its own log), one full-disk
//! episode (the log on a tmpfs filled to the last byte for a few seconds, then freed), and a crowd
//! of spectators on real WebSockets who reconnect after every kill; then the same game with no
//! fault, in the same run. Printed: events reported safe and then missing from the log (must be
//! 0), sequence numbers handed out twice for different events (must be 0), the plies the game
//! logged, and RSS and log size at the end beside the run without faults.
//!
//! `cargo bench -p board-bridge --bench soak`. The game is a knight shuffle under the 2005 Laws
//! (a repetition there is drawn only when claimed, so the game runs as long as asked): a
//! 3-hour game's 200 plies at about 20x speed by default. `SOAK_PLIES` (200), `SOAK_THINK_MS`
//! (1000, between moves), `SOAK_KILL_EVERY_S` (20), `SOAK_SPECTATORS` (50) change it. The
//! full-disk episode needs the right to mount a tmpfs (root); without it the run says so and goes
//! on without that episode.

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_core::arbiter::LogRecord;
use arbiter_core::dgt::board::{Orientation, Placement};
use board_bridge::simulator::{self, FakeBoard};
use common::*;
use futures_util::StreamExt;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The knight shuffle as PGN, `plies` half-moves long.
fn shuffle(plies: u64) -> String {
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut pgn = String::from("[Event \"soak\"]\n[Result \"*\"]\n\n");
    for i in 0..plies {
        if i % 2 == 0 {
            pgn.push_str(&format!("{}. ", i / 2 + 1));
        }
        pgn.push_str(cycle[(i % 4) as usize]);
        pgn.push(' ');
    }
    pgn.push('*');
    pgn
}

/// What the spectators saw, all of them together.
#[derive(Default)]
struct Seen {
    /// Every numbered event a page was sent, by seq: the first content seen for it.
    events: BTreeMap<u64, Value>,
    /// Those a page was told were safe (seq at or below a `safe.through` it had read).
    safe: BTreeMap<u64, Value>,
    /// Seqs sent twice with different contents.
    reused: Vec<u64>,
    /// Reconnections made.
    connections: u64,
}

/// One spectator: reads everything, reconnecting whenever the stream ends, until `stop`.
async fn watch(addr: String, seen: Arc<Mutex<Seen>>, stop: Arc<std::sync::atomic::AtomicBool>) {
    use std::sync::atomic::Ordering;
    let mut pending: Vec<(u64, Value)> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut ws) = connect_as(&addr, "spectator").await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        seen.lock().expect("seen").connections += 1;
        while !stop.load(Ordering::Relaxed) {
            let m = match tokio::time::timeout(Duration::from_millis(500), ws.next()).await {
                // A quiet half second: look at `stop` and read on.
                Err(_) => continue,
                Ok(Some(Ok(Message::Text(t)))) => match serde_json::from_str::<Value>(&t) {
                    Ok(m) => m,
                    Err(_) => continue,
                },
                Ok(Some(Ok(_))) => continue,
                // The stream ended (the bridge was killed): connect again.
                Ok(_) => break,
            };
            let mut s = seen.lock().expect("seen");
            if m["type"] == "event" {
                let seq = m["seq"].as_u64().unwrap_or(0);
                let event = m["event"].clone();
                match s.events.get(&seq) {
                    Some(before) if *before != event => s.reused.push(seq),
                    Some(_) => {}
                    None => {
                        s.events.insert(seq, event.clone());
                    }
                }
                pending.push((seq, event));
            } else if m["type"] == "safe" {
                let through = m["through"].as_u64().unwrap_or(0);
                let (now_safe, later): (Vec<_>, Vec<_>) =
                    pending.drain(..).partition(|(seq, _)| *seq <= through);
                pending = later;
                for (seq, event) in now_safe {
                    s.safe.insert(seq, event);
                }
            }
        }
        pending.clear();
    }
}

/// A tmpfs mounted at a folder, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).ok()?;
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .stderr(std::process::Stdio::null())
            .status()
            .ok()?;
        status.success().then(|| Tmpfs(dir.to_owned()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// Fills the file system of `dir` to the last byte.
fn fill(dir: &Path) -> PathBuf {
    let path = dir.join("filler");
    if let Ok(mut file) = std::fs::File::create(&path) {
        let chunk = vec![0u8; 4096];
        while file.write_all(&chunk).is_ok() {}
        while file.write_all(&[0]).is_ok() {}
        let _ = file.sync_all();
    }
    path
}

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

struct Outcome {
    plies: usize,
    safe_lost: usize,
    safe_total: usize,
    reused: usize,
    kills: u32,
    full_disk: &'static str,
    connections: u64,
    rss_kb: u64,
    log_bytes: u64,
    wall: Duration,
}

async fn run(name: &str, faults: bool) -> Outcome {
    let plies = env_u64("SOAK_PLIES", 200);
    let think = env_u64("SOAK_THINK_MS", 1000);
    let kill_every = Duration::from_secs(env_u64("SOAK_KILL_EVERY_S", 20));
    let spectators = env_u64("SOAK_SPECTATORS", 50);
    let scratch = Scratch::new(name);
    let log = scratch.path("log");
    let tmpfs = if faults {
        Tmpfs::mount(&log, "32m")
    } else {
        None
    };
    std::fs::create_dir_all(&log).expect("log folder");
    let log_arg = log.to_string_lossy().into_owned();
    let file = log.join("events.jsonl");
    let board = FakeBoard::start(
        &scratch.path("board"),
        Placement::start(),
        Orientation::Normal,
    )
    .expect("pty");
    let port = free_port();
    let args = ["--settle-ms", "150", "--edition", "2005", "--log", &log_arg];
    let started = Instant::now();
    let mut bridge = Bridge::start(board.path(), port, &args);
    let seen = Arc::new(Mutex::new(Seen::default()));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watchers: Vec<_> = (0..spectators)
        .map(|_| tokio::spawn(watch(bridge.addr.clone(), seen.clone(), stop.clone())))
        .collect();
    // White's page starts the game once the board is read (a game never starts at connection).
    let mut ws = spectator(&bridge.addr).await;
    let _ = board_read(&mut ws, WAIT).await;
    let mut all = Vec::new();
    start_from_white(&bridge.addr, &mut ws, &mut all).await;
    drop(ws);
    let moves = simulator::moves_of_pgn(shuffle(plies).as_bytes()).expect("the shuffle parses");
    let script = simulator::script_game(&moves, Default::default(), pace(think));
    board.queue(script);
    let game_time = Duration::from_millis(plies * (think + 200)) + Duration::from_secs(5);
    let mut kills = 0;
    let mut full_disk = if faults {
        if tmpfs.is_some() {
            "pending"
        } else {
            "skipped (no right to mount a tmpfs)"
        }
    } else {
        "none"
    };
    let mut next_kill = Instant::now() + kill_every;
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    while started.elapsed() < game_time {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if !faults {
            continue;
        }
        if Instant::now() >= next_kill {
            bridge.kill();
            kills += 1;
            bridge = Bridge::start(board.path(), port, &args);
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            // Every 15 to 25 s by default: never in step with the moves.
            let jitter = kill_every.as_millis() as u64 / 2;
            next_kill =
                Instant::now() + kill_every / 2 + Duration::from_millis(rng % (jitter * 2 + 1));
        }
        if full_disk == "pending" && started.elapsed() > game_time / 2 {
            let filler = fill(&log);
            tokio::time::sleep(Duration::from_secs(4)).await;
            let _ = std::fs::remove_file(filler);
            full_disk = "4 s, mid-game";
        }
    }
    // Let the last lines reach the disk and the pages, then stop the pages.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss = rss_kb(bridge.child.id());
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for w in watchers {
        let _ = w.await;
    }
    drop(bridge);
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let (whole, _) = arbiter_core::arbiter::split_cut_tail(&text);
    let record = LogRecord::from_jsonl(whole).expect("the log reads");
    let logged: BTreeMap<u64, Value> = record
        .lines
        .iter()
        .filter_map(|l| Some((l.seq?, serde_json::to_value(l.stamped()).ok()?)))
        .collect();
    let plies_logged = record
        .lines
        .iter()
        .filter(|l| serde_json::to_value(l.stamped()).is_ok_and(|v| v["event"]["type"] == "move"))
        .count();
    let s = seen.lock().expect("seen");
    let safe_lost = s
        .safe
        .iter()
        .filter(|(seq, event)| logged.get(seq) != Some(event))
        .count();
    let outcome = Outcome {
        plies: plies_logged,
        safe_lost,
        safe_total: s.safe.len(),
        reused: s.reused.len(),
        kills,
        full_disk,
        connections: s.connections,
        rss_kb: rss,
        log_bytes: text.len() as u64,
        wall: started.elapsed(),
    };
    drop(tmpfs);
    outcome
}

fn print(label: &str, o: &Outcome) {
    println!(
        "{label:<12} plies logged {:>4}  safe events {:>5}  safe then lost {}  seqs reused {}  kills {:>2}  full disk: {}  page connections {:>5}  RSS at end {:>6} KB  log {:>8} bytes  ({:.0} s)",
        o.plies,
        o.safe_total,
        o.safe_lost,
        o.reused,
        o.kills,
        o.full_disk,
        o.connections,
        o.rss_kb,
        o.log_bytes,
        o.wall.as_secs_f64()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter that names another bench means "not this one".
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args
        .iter()
        .any(|a| !a.starts_with('-') && !"soak".contains(a.as_str()))
    {
        return;
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("soak: load at start {}", load.trim());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let faulty = rt.block_on(run("soak-faults", true));
    let quiet = rt.block_on(run("soak-quiet", false));
    print("with faults", &faulty);
    print("no faults", &quiet);
    println!(
        "ratios, with faults to without: RSS {:.2}x, log size {:.2}x",
        faulty.rss_kb as f64 / quiet.rss_kb.max(1) as f64,
        faulty.log_bytes as f64 / quiet.log_bytes.max(1) as f64
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("soak: load at end {}", load.trim());
    if faulty.safe_lost > 0 || faulty.reused > 0 || quiet.safe_lost > 0 || quiet.reused > 0 {
        println!("SOAK FAILED: events reported safe were lost or numbers reused");
        std::process::exit(1);
    }
}
