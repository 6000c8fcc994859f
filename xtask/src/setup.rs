//! Installing what a fresh Debian machine lacks. Every step checks first, so a second run costs
//! well under a second.

use crate::sh;
use anyhow::{Result, bail};
use std::path::Path;
use std::process::Command;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Building the page as it ships: the wasm32 target, and the npm packages of tests/e2e
    /// (esbuild bundles and minifies the scripts, binaryen's wasm-opt shrinks the module).
    Build,
    /// Testing the page too: Debian's Chromium and ChromeDriver, Node.js, and the npm packages of
    /// tests/e2e (playwright-core, and binaryen 132 whose wasm-opt shrinks the module).
    Browser,
}

pub fn install(needs: Needs) -> Result<()> {
    wasm_target()?;
    python_chess()?;
    if needs == Needs::Browser {
        debian_packages()?;
    }
    // Without them the page would ship unbundled, unminified and with a module twice the size:
    // not what is measured and tested, so not built at all.
    npm_packages()
}

fn wasm_target() -> Result<()> {
    let listed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"));
    match listed {
        Ok(true) => Ok(()),
        Ok(false) => sh::run_inherit(Command::new("rustup").args([
            "target",
            "add",
            "wasm32-unknown-unknown",
        ])),
        Err(_) => bail!(
            "rustup not found: install the wasm32-unknown-unknown target for your Rust toolchain"
        ),
    }
}

/// The browser tests use Debian's own Chromium (a test tool's downloaded browser is not allowed
/// to reach the network here, and clubs' machines have the distribution's anyway).
fn debian_packages() -> Result<()> {
    let wanted = [
        ("chromium", "/usr/bin/chromium"),
        ("chromium-driver", "/usr/bin/chromedriver"),
        ("nodejs", "/usr/bin/node"),
        ("npm", "/usr/bin/npm"),
    ];
    let missing: Vec<&str> = wanted
        .iter()
        .filter(|(_, path)| !Path::new(path).exists())
        .map(|(pkg, _)| *pkg)
        // Node.js may come from elsewhere than Debian (nodesource, nvm): any on PATH will do.
        .filter(|pkg| match *pkg {
            "nodejs" => !sh::found("node"),
            "npm" => !sh::found("npm"),
            _ => true,
        })
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .map(|o| o.stdout.starts_with(b"0"))
        .unwrap_or(false);
    if !is_root {
        bail!(
            "missing Debian packages: {}; install them with: sudo apt-get install {}",
            missing.join(" "),
            missing.join(" ")
        );
    }
    sh::run_inherit(Command::new("apt-get").args(["update", "-q"]))?;
    sh::run_inherit(
        Command::new("apt-get")
            .env("DEBIAN_FRONTEND", "noninteractive")
            .args(["install", "-y", "-q", "--no-install-recommends"])
            .args(&missing),
    )
}

/// The hall's test reads the round's PGN with python-chess, a reader written apart from ours,
/// as a broadcast's readers would (a test tool only: nothing of it ships). Taken from PyPI at
/// the version the test was written against when the machine's Python lacks it.
fn python_chess() -> Result<()> {
    let has = |py: &str| {
        Command::new(py)
            .args(["-c", "import chess.pgn"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if has("python3") {
        return Ok(());
    }
    let installed = Command::new("python3")
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--root-user-action=ignore",
            "chess==1.11.2",
        ])
        .status()
        .is_ok_and(|s| s.success());
    if !installed || !has("python3") {
        bail!(
            "python-chess is missing and pip could not install it: run python3 -m pip install chess"
        );
    }
    Ok(())
}

/// `npm ci` in tests/e2e, skipped when the installed tree already matches the lockfile.
fn npm_packages() -> Result<()> {
    npm_packages_in(&crate::paths::root().join("tests").join("e2e"))
}

/// `npm ci` in `dir`, skipped when its installed tree already matches its lockfile.
fn npm_packages_in(dir: &Path) -> Result<()> {
    let lock = dir.join("package-lock.json");
    if !lock.is_file() {
        return Ok(());
    }
    let installed = dir.join("node_modules").join(".package-lock.json");
    let fresh = match (std::fs::metadata(&lock), std::fs::metadata(&installed)) {
        (Ok(l), Ok(i)) => matches!((l.modified(), i.modified()), (Ok(l), Ok(i)) if i >= l),
        _ => false,
    };
    if fresh {
        return Ok(());
    }
    if !sh::found("npm") {
        bail!("npm not found: install Node.js 20 or newer (Debian: apt-get install nodejs npm)");
    }
    sh::run_inherit(
        Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(dir),
    )
}

#[cfg(test)]
mod tests {
    use super::npm_packages_in;

    /// What `cargo xtask web` (and `serve`) does on a checkout without tests/e2e's npm packages:
    /// installs them from the lockfile, so the page is bundled by esbuild and its wasm shrunk by
    /// binaryen's wasm-opt. Run on a copy of the lockfile in a folder of its own (npm's cache
    /// makes a second run quick); skipped where npm is not installed.
    #[test]
    fn web_installs_the_npm_packages_the_page_is_built_with() {
        if !crate::sh::found("npm") {
            eprintln!("npm not found: skipped");
            return;
        }
        let e2e = crate::paths::root().join("tests").join("e2e");
        let dir = std::env::temp_dir().join(format!("xtask-npm-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for file in ["package.json", "package-lock.json"] {
            std::fs::copy(e2e.join(file), dir.join(file)).unwrap();
        }
        npm_packages_in(&dir).unwrap();
        let bin = dir.join("node_modules").join(".bin");
        let found = ["esbuild", "wasm-opt"].map(|b| bin.join(b).is_file());
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(found, [true, true], "esbuild and wasm-opt installed");
    }
}
