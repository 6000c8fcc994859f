//! A bridge playing a simulated board (`--simulate`) stopped by SIGTERM or SIGINT leaves no
//! pseudo-terminal link behind in the temporary folder (issue 30: hundreds had built up).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// The simulator's links in `dir`.
fn links(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("board-bridge-sim-"))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Polls `done` until it holds, or panics with `what` after 20 s.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let give_up = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < give_up, "{what} within 20 s");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A bridge simulating the test game, its temporary folder `tmp`, once its link is there.
fn simulating(scratch: &Scratch, tmp: &Path) -> Child {
    let pgn = scratch.path("game.pgn");
    std::fs::write(&pgn, GAME).expect("the game");
    let addr = format!("127.0.0.1:{}", free_port());
    let child = Command::new(bridge_binary())
        .args(["--listen", &addr, "--simulate"])
        .arg(&pgn)
        .env("TMPDIR", tmp)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the bridge");
    wait_until("the simulated board's link is made", || {
        !links(tmp).is_empty()
    });
    child
}

fn stopped_by(signal: &str) {
    let scratch = Scratch::new(&format!("sim-links-{signal}"));
    let tmp = scratch.path("tmp");
    std::fs::create_dir_all(&tmp).expect("a temporary folder");
    let mut bridge = simulating(&scratch, &tmp);
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &bridge.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success(), "kill -{signal}");
    wait_until("the bridge exits", || {
        bridge.try_wait().ok().flatten().is_some()
    });
    assert_eq!(
        links(&tmp),
        Vec::<PathBuf>::new(),
        "the simulator's link is left behind after SIG{signal}"
    );
}

#[test]
fn sigterm_removes_the_simulators_link() {
    stopped_by("TERM");
}

#[test]
fn sigint_removes_the_simulators_link() {
    stopped_by("INT");
}
