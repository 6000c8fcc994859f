//! Installing what a fresh Debian machine lacks. Every step checks first, so a second run costs
//! well under a second.

use crate::sh;
use anyhow::{Result, bail};
use std::path::Path;
use std::process::Command;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Building the page: the wasm32 target.
    Build,
    /// Testing the page too: Debian's Chromium and ChromeDriver, binaryen's wasm-opt, Node.js.
    Browser,
}

pub fn install(needs: Needs) -> Result<()> {
    wasm_target()?;
    if needs == Needs::Browser {
        debian_packages()?;
    }
    Ok(())
}

fn wasm_target() -> Result<()> {
    let listed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"));
    match listed {
        Ok(true) => Ok(()),
        Ok(false) => sh::run_inherit(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"])),
        Err(_) => bail!("rustup not found: install the wasm32-unknown-unknown target for your Rust toolchain"),
    }
}

/// The browser tests use Debian's own Chromium (a test tool's downloaded browser is not allowed
/// to reach the network here, and clubs' machines have the distribution's anyway).
fn debian_packages() -> Result<()> {
    let wanted = [
        ("chromium", "/usr/bin/chromium"),
        ("chromium-driver", "/usr/bin/chromedriver"),
        ("binaryen", "/usr/bin/wasm-opt"),
        ("nodejs", "/usr/bin/node"),
    ];
    let missing: Vec<&str> = wanted
        .iter()
        .filter(|(_, path)| !Path::new(path).exists())
        .map(|(pkg, _)| *pkg)
        .filter(|pkg| !(*pkg == "nodejs" && sh::found("node")))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let is_root = Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false);
    if !is_root {
        bail!("missing Debian packages: {}; install them with: sudo apt-get install {}", missing.join(" "), missing.join(" "));
    }
    sh::run_inherit(Command::new("apt-get").args(["update", "-q"]))?;
    sh::run_inherit(
        Command::new("apt-get")
            .env("DEBIAN_FRONTEND", "noninteractive")
            .args(["install", "-y", "-q", "--no-install-recommends"])
            .args(&missing),
    )
}
