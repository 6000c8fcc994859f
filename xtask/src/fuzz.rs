//! `cargo xtask fuzz TARGET [SECONDS]`: one of `core/fuzz`'s targets under libFuzzer through
//! cargo-fuzz, on the machine's own stable toolchain.
//!
//! cargo-fuzz passes rustc a few unstable flags (`-Z sanitizer=…` among them), which only a
//! nightly compiler takes. A fresh machine has the one stable toolchain rustup installed and may
//! be unable to fetch another, so the run sets `RUSTC_BOOTSTRAP=1`, which lets stable rustc
//! accept them, and leaves out the sanitizer (stable ships no instrumented standard library):
//! libFuzzer's coverage guidance and the targets' own assertions still run.

use crate::sh;
use anyhow::{Context, Result, bail};
use std::process::Command;

/// How long a run lasts when no duration is given, in seconds.
const DEFAULT_SECONDS: u64 = 60;

pub fn run(args: &[String]) -> Result<()> {
    let targets = targets()?;
    let Some(target) = args.first() else {
        bail!(
            "which target? cargo xtask fuzz TARGET [SECONDS], TARGET one of: {}",
            targets.join(", ")
        );
    };
    if !targets.contains(target) {
        bail!(
            "no fuzz target `{target}` in core/fuzz/fuzz_targets; there are: {}",
            targets.join(", ")
        );
    }
    let seconds = match args.get(1) {
        Some(s) => s
            .parse::<u64>()
            .with_context(|| format!("SECONDS must be a whole number of seconds, not `{s}`"))?,
        None => DEFAULT_SECONDS,
    };
    if !sh::cargo_subcommand("fuzz") {
        sh::section("installing cargo-fuzz (once)");
        sh::cargo(&["install", "cargo-fuzz", "--locked"])?;
    }
    sh::section(&format!("fuzzing {target} for {seconds} s"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    sh::run_inherit(
        Command::new(cargo)
            .args(["fuzz", "run", "--sanitizer", "none", target.as_str(), "--"])
            .arg(format!("-max_total_time={seconds}"))
            .env("RUSTC_BOOTSTRAP", "1")
            .current_dir(crate::paths::root().join("core")),
    )
}

/// The targets, as their files in `core/fuzz/fuzz_targets` name them.
fn targets() -> Result<Vec<String>> {
    let dir = crate::paths::root()
        .join("core")
        .join("fuzz")
        .join("fuzz_targets");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".rs").map(str::to_string)
        })
        .collect();
    names.sort();
    Ok(names)
}
