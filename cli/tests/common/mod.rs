//! Runs the built `arbiter` binary for the contract tests: on stdin, or on a file written
//! for the call.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

/// Runs `arbiter ARGS` with `stdin` piped in.
pub fn arbiter(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the arbiter binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.as_ref().to_vec();
    // Write from a thread: a large input would otherwise fill both pipes and deadlock.
    let writer = std::thread::spawn(move || pipe.write_all(&input));
    let out = child
        .wait_with_output()
        .expect("the arbiter binary finishes");
    writer
        .join()
        .expect("writer thread")
        .expect("stdin takes the input");
    out
}

/// Runs `arbiter COMMAND ARGS FILE` on a fresh file holding `contents`; the exit code,
/// stdout and stderr.
pub fn arbiter_on_file(command: &str, args: &[&str], contents: &str) -> (i32, Vec<u8>, String) {
    let path = fresh_file(command);
    std::fs::write(&path, contents).expect("the temporary file is written");
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg(command)
        .args(args)
        .arg(&path)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A file name no other test of this process uses, since tests run in parallel threads.
fn fresh_file(command: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("arbiter-{command}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the temporary folder is made");
    dir.join(format!("{}.jsonl", NEXT.fetch_add(1, Ordering::Relaxed)))
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("output is UTF-8")
}

pub fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}
