//! Running commands: every command is echoed before it runs, and a failure names the command.

use anyhow::{Context, Result, bail};
use std::process::Command;

pub fn section(title: &str) {
    println!("\n==== {title} ====");
}

/// Run a command with the terminal's stdin/stdout/stderr, failing if it fails.
pub fn run_inherit(cmd: &mut Command) -> Result<()> {
    println!("$ {}", describe(cmd));
    let status = cmd
        .status()
        .with_context(|| format!("could not start `{}`", describe(cmd)))?;
    if !status.success() {
        bail!("`{}` failed ({status})", describe(cmd));
    }
    Ok(())
}

/// `cargo ARGS...` from the workspace root, with the same cargo that runs xtask.
pub fn cargo(args: &[&str]) -> Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run_inherit(
        Command::new(cargo)
            .args(args)
            .current_dir(crate::paths::root()),
    )
}

/// Whether `cargo NAME` is installed (it answers `cargo NAME --version`).
pub fn cargo_subcommand(name: &str) -> bool {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    answers(Command::new(cargo).args([name, "--version"]))
}

/// Whether a program answers on PATH (or at an absolute path).
pub fn found(program: &str) -> bool {
    answers(Command::new(program).arg("--version"))
}

/// Whether `cmd` runs and succeeds, its output discarded.
fn answers(cmd: &mut Command) -> bool {
    cmd.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Open the user's browser on `url` once the server has had a moment to start; silently does
/// nothing on a machine without a desktop (the URL is printed anyway).
pub fn open_browser_later(url: &str) {
    let has_desktop =
        std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some();
    if !has_desktop || std::env::var_os("CI").is_some() {
        return;
    }
    let url = url.to_string();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(1500));
        for opener in ["xdg-open", "sensible-browser", "chromium"] {
            if Command::new(opener).arg(&url).spawn().is_ok() {
                return;
            }
        }
    });
}

fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}
