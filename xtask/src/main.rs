//! Build and test automation for Arbiter: `cargo xtask <command>`.
//!
//! - `serve`: build the page and the board bridge, then serve the board and clock on
//!   http://127.0.0.1:8080 (with a DGT board when one is plugged in).
//! - `test`: install what the tests need, check the house rules (clippy, rustfmt and rustdoc
//!   with warnings denied), then run every test: Rust (host), wasm in headless Chromium, and
//!   the end-to-end tests in headless Chromium.
//! - `web`: build the wasm module and its JavaScript glue into `www/pkg/`, and the page as it
//!   ships (minified, compressed copies) into `www/dist/`.
//! - `dist`: only the page as it ships, from the wasm already in `www/pkg/` (no Rust build).
//! - `setup`: only install what the tests need.
//! - `bench`: run the criterion benchmarks (ours beside the peers).

mod deny;
mod dist;
mod fresh;
mod fuzz;
mod paths;
mod setup;
mod sh;
mod slider_table;
mod steps;
mod web;

// Imports only downward in xtask/src; kept outside src/ so its own text is not read as a module.
#[cfg(test)]
#[path = "../tests/modules.rs"]
mod module_graph;

use anyhow::{Result, bail};
use paths::{root, target_dir};
use steps::Steps;
use web::Profile;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((c, r)) => (c.as_str(), r.to_vec()),
        None => ("help", Vec::new()),
    };
    match cmd {
        "serve" => serve(&rest),
        "test" => test(&rest),
        "web" => {
            // The page as it ships is bundled, minified and its wasm shrunk by the npm packages
            // of tests/e2e (esbuild, binaryen): installed first, as `serve` does.
            setup::install(setup::Needs::Build)?;
            web::build(Profile::Release)
        }
        "dist" => dist(),
        "setup" => setup::install(setup::Needs::Browser),
        "licences" => deny::check(),
        "bench" => bench(&rest),
        "fuzz" => fuzz::run(&rest),
        "help" | "--help" | "-h" => {
            println!("{}", HELP);
            Ok(())
        }
        other => bail!("unknown command `{other}`\n\n{HELP}"),
    }
}

const HELP: &str = "usage: cargo xtask <command>

commands:
  serve [ARGS...]  build the page and the bridge, serve on http://127.0.0.1:8080
                   (ARGS go to board-bridge, e.g. --port /dev/ttyUSB0 or --simulate game.pgn;
                   ARBITER_BRIDGE=PATH serves that bridge instead of building the release one)
  test             install what is missing, check the house rules (clippy, rustfmt,
                   rustdoc with warnings denied), then run every test
                   (--no-browser: Rust only; --browser-only: the page's tests only;
                   ARBITER_E2E_FILES_AT_ONCE=N: e2e files run N at once, 1 unless named;
                   ARBITER_SHOTS=DIR: the e2e save their screenshots there, to look at)
  web              build the wasm module and glue into www/pkg/, the page into www/dist/
  dist             build only the page into www/dist/, from the wasm already in www/pkg/
  licences         cargo-deny's checks (deny.toml): every shipped crate usable under MIT
                   or Apache-2.0, crates only from crates.io
  setup            install the wasm target, Chromium, binaryen and npm packages
  bench [NAME]     run the criterion benchmarks; `bench boards [ROUNDS] [LIFTS]` the page's
                   lift-to-touch latency on a fake DGT board, beside its floors, in Chromium
  fuzz TARGET [S]  run a core/fuzz target for S seconds (60), installing cargo-fuzz";

/// The page alone, from the wasm modules `web` left in `www/pkg/`: for work on the scripts, the
/// styles or the HTML, which need no Rust build.
fn dist() -> Result<()> {
    let pkg = root().join("www").join("pkg");
    for (name, _) in web::MODULES {
        let wasm = pkg.join(format!("{name}_bg.wasm"));
        if !wasm.is_file() {
            bail!("{} is missing: run `cargo xtask web` first", wasm.display());
        }
    }
    dist::catalogue()?;
    let built = dist::build(&web::MODULES.map(|(name, _)| name))?;
    dist::report(&built);
    Ok(())
}

fn serve(rest: &[String]) -> Result<()> {
    let cwd = std::env::current_dir()?;
    let (args, listen) = bridge_args(rest, &cwd);
    setup::install(setup::Needs::Build)?;
    web::build(Profile::Release)?;
    let bridge = match prebuilt_bridge(std::env::var_os("ARBITER_BRIDGE"), &cwd)? {
        Some(bridge) => {
            println!("the bridge ARBITER_BRIDGE names: {}", bridge.display());
            bridge
        }
        None => {
            sh::cargo(&["build", "--release", "-p", "board-bridge"])?;
            target_dir().join("release").join("board-bridge")
        }
    };
    let url = format!("http://{listen}/");
    println!("Arbiter: the board and clock are at {url}");
    sh::open_browser_later(&url);
    sh::run_inherit(
        std::process::Command::new(&bridge)
            .args(&args)
            .current_dir(root()),
    )
}

/// The bridge `serve` runs instead of building the release one, when `ARBITER_BRIDGE` names one
/// already built (relative to where the command was typed). The e2e tests name theirs so: the
/// README's commands run under `cargo xtask test` would otherwise build the release profile of
/// the bridge from nothing, for those two tests alone (measured 238 s of a CI run).
fn prebuilt_bridge(
    named: Option<std::ffi::OsString>,
    cwd: &std::path::Path,
) -> Result<Option<std::path::PathBuf>> {
    let Some(named) = named.filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    let bridge = cwd.join(named);
    if !bridge.is_file() {
        bail!(
            "ARBITER_BRIDGE names {}, which is not a file: build the bridge first, or unset \
             ARBITER_BRIDGE to have the release one built",
            bridge.display()
        );
    }
    Ok(Some(bridge))
}

/// The board bridge's arguments from what follows `serve` (the README writes them after a `--`,
/// which is not the bridge's), with a board found by itself unless one is named, and the address
/// it listens on (127.0.0.1:8080 unless `--listen` names one). A file named relative to where the
/// command was typed (`--simulate game.pgn`) is found there: the bridge runs in the workspace.
fn bridge_args(rest: &[String], cwd: &std::path::Path) -> (Vec<String>, String) {
    let mut args: Vec<String> = rest
        .strip_prefix(&["--".to_string()])
        .unwrap_or(rest)
        .to_vec();
    for i in 1..args.len() {
        let named = ["--simulate", "--log", "--game-config"].contains(&args[i - 1].as_str());
        let here = cwd.join(&args[i]);
        if named && std::path::Path::new(&args[i]).is_relative() && here.exists() {
            args[i] = here.display().to_string();
        }
    }
    if !args.iter().any(|a| a == "--port" || a == "--simulate") {
        args.extend(["--port".into(), "auto".into()]);
    }
    let listen = match args.iter().position(|a| a == "--listen") {
        Some(i) => args.get(i + 1).cloned().unwrap_or_default(),
        None => {
            args.extend(["--listen".into(), "127.0.0.1:8080".into()]);
            "127.0.0.1:8080".into()
        }
    };
    (args, listen)
}

fn test(rest: &[String]) -> Result<()> {
    // `--no-browser` runs only the Rust tests on the host; `--browser-only` only the page's.
    let host = !rest.iter().any(|a| a == "--browser-only");
    let browser = !rest.iter().any(|a| a == "--no-browser");
    let mut steps = Steps::new();
    steps.begin("what the tests need");
    setup::install(if browser {
        setup::Needs::Browser
    } else {
        setup::Needs::Build
    })?;

    if host {
        steps.begin("licences and sources of what we ship (cargo-deny)");
        deny::check()?;
        house_rules(&mut steps)?;
        host_tests(&mut steps)?;
    }
    if !browser {
        steps.report();
        return Ok(());
    }

    steps.begin("page build");
    web::build(Profile::Release)?;
    // The host tests have just built the bridge (its integration tests run the binary), with
    // the features the whole workspace's tests unify. `cargo build -p board-bridge` would build
    // it again for the bridge's own feature set: measured 53 s of a CI run, for the same program.
    let bridge = target_dir().join("debug").join("board-bridge");
    if !(host && bridge.is_file()) {
        sh::cargo(&["build", "-p", "board-bridge"])?;
    }

    if root().join("wasm").join("tests").is_dir() {
        steps.begin("wasm tests in headless Chromium");
        web::wasm_tests()?;
    }

    if root()
        .join("tests")
        .join("e2e")
        .join("package.json")
        .is_file()
    {
        steps.begin("end-to-end tests in headless Chromium");
        web::e2e_tests()?;
    }
    steps.report();
    Ok(())
}

/// The workspace's Rust tests. With cargo-nextest (on this kind of machine from the start) the
/// test binaries run side by side instead of one after another: most of the bridge's tests wait
/// on pseudo-terminals and sockets, and one of them alone (the hall's round of sixteen boards)
/// takes 43 s. Nextest does not run doctests, so `cargo test --doc` follows it. Without
/// nextest, `cargo test` runs them all.
fn host_tests(steps: &mut Steps) -> Result<()> {
    if sh::cargo_subcommand("nextest") {
        steps.begin("Rust tests (host): build and run with nextest");
        sh::cargo(&["nextest", "run", "--workspace", "--no-fail-fast"])?;
        steps.begin("Rust doctests (host)");
        sh::cargo(&["test", "--workspace", "--doc"])
    } else {
        steps.begin("Rust tests (host)");
        sh::cargo(&["test", "--workspace", "--no-fail-fast"])
    }
}

/// The house rules of the developers' guide, checked before the tests so that a lint or a
/// formatting slip fails CI as surely as a broken test: clippy with warnings denied (the wasm
/// crate for wasm32 too), rustfmt, and rustdoc with warnings denied (a broken intra-doc link is
/// a defect too).
fn house_rules(steps: &mut Steps) -> Result<()> {
    steps.begin("house rules: clippy (host)");
    sh::cargo(&[
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ])?;
    // The wasm crate's browser tests (wasm/tests/web.rs) are built for wasm32 only: the host's
    // clippy never reads them, so they are linted for their own target.
    steps.begin("house rules: clippy (wasm32)");
    sh::cargo(&[
        "clippy",
        "-p",
        "arbiter-wasm",
        "--target",
        "wasm32-unknown-unknown",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ])?;
    steps.begin("house rules: rustfmt, rustdoc");
    sh::cargo(&["fmt", "--all", "--check"])?;
    // RUSTDOCFLAGS for this one command only; the tests after it build without it.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    sh::run_inherit(
        std::process::Command::new(cargo)
            .args(["doc", "--workspace", "--no-deps"])
            .env("RUSTDOCFLAGS", "-D warnings")
            .current_dir(root()),
    )
}

fn bench(rest: &[String]) -> Result<()> {
    if rest.first().is_some_and(|name| name == "boards") {
        // A lift on a DGT board read by the page itself, to the touched square, beside two
        // floors in the same run: a node script driving Debian's Chromium, not a criterion
        // bench, so it needs the browser and the page as it ships.
        setup::install(setup::Needs::Browser)?;
        web::build(Profile::Release)?;
        return web::boards_latency(&rest[1..]);
    }
    let mut args = vec!["bench", "--workspace"];
    if let Some(name) = rest.first() {
        args.extend(["--bench", name.as_str()]);
    }
    if rest.first().is_none_or(|name| name == "pgn") {
        // `arbiter check` end to end: the pgn bench also times the release binary beside the
        // peer program (pgn-reader + shakmaty, an example never shipped) on the same files,
        // the seeded games and the real games pgn-reader ships for its own benchmark (Lichess
        // and TWIC), found through cargo's metadata.
        sh::cargo(&[
            "build",
            "--release",
            "-p",
            "arbiter-cli",
            "--bin",
            "arbiter",
        ])?;
        sh::cargo(&[
            "build",
            "--release",
            "-p",
            "arbiter-core",
            "--example",
            "check_peer",
        ])?;
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let metadata = std::process::Command::new(&cargo)
            .args(["metadata", "--format-version", "1"])
            .current_dir(root())
            .output()?;
        let metadata: serde_json::Value = serde_json::from_slice(&metadata.stdout)?;
        let real: Vec<String> = metadata["packages"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["name"] == "pgn-reader")
            .filter_map(|p| p["manifest_path"].as_str())
            .filter_map(|manifest| std::path::Path::new(manifest).parent())
            .flat_map(|dir| {
                ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"]
                    .map(|name| dir.join("benches").join(name))
            })
            .filter(|path| path.exists())
            .map(|path| path.display().to_string())
            .collect();
        let mut command = std::process::Command::new(cargo);
        command
            .args(&args)
            .env("PGN_REAL_GAMES", real.join(":"))
            .current_dir(root());
        return sh::run_inherit(&mut command);
    }
    sh::cargo(&args)
}

#[cfg(test)]
mod tests {
    use super::{bridge_args, prebuilt_bridge};

    fn strings(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    /// The README's `cargo xtask serve -- --simulate game.pgn`: the `--` is cargo's way to pass
    /// the rest on, not an argument of the bridge (which refused it as unexpected).
    #[test]
    fn serve_passes_what_follows_the_dashes_to_the_bridge() {
        let dir = std::env::temp_dir().join(format!("xtask-serve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("game.pgn"), "1. e4 *\n").unwrap();
        let (args, listen) = bridge_args(&strings(&["--", "--simulate", "game.pgn"]), &dir);
        let game = dir.join("game.pgn").display().to_string();
        assert_eq!(
            args,
            strings(&["--simulate", &game, "--listen", "127.0.0.1:8080"])
        );
        assert_eq!(listen, "127.0.0.1:8080");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn serve_without_arguments_finds_the_board_itself() {
        let (args, _) = bridge_args(&[], std::path::Path::new("/"));
        assert_eq!(
            args,
            strings(&["--port", "auto", "--listen", "127.0.0.1:8080"])
        );
        let (args, listen) = bridge_args(
            &strings(&["--port", "/dev/ttyUSB0", "--listen", "0.0.0.0:9000"]),
            std::path::Path::new("/"),
        );
        assert_eq!(
            args,
            strings(&["--port", "/dev/ttyUSB0", "--listen", "0.0.0.0:9000"])
        );
        assert_eq!(listen, "0.0.0.0:9000");
    }

    /// `serve` builds the release bridge unless ARBITER_BRIDGE names one that is there; a name
    /// that is not a file is refused, saying which, rather than served or silently built over.
    #[test]
    fn serve_runs_the_bridge_arbiter_bridge_names() {
        let dir = std::env::temp_dir().join(format!("xtask-bridge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("board-bridge"), "").unwrap();
        assert_eq!(prebuilt_bridge(None, &dir).unwrap(), None);
        assert_eq!(prebuilt_bridge(Some("".into()), &dir).unwrap(), None);
        assert_eq!(
            prebuilt_bridge(Some("board-bridge".into()), &dir).unwrap(),
            Some(dir.join("board-bridge"))
        );
        let missing = prebuilt_bridge(Some("nowhere/board-bridge".into()), &dir).unwrap_err();
        assert!(
            missing.to_string().contains("nowhere/board-bridge"),
            "{missing}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
