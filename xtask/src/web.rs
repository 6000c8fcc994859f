//! The page: the wasm module, its glue, the page as it ships (`www/dist/`, see `dist.rs`), and
//! the tests that run it in headless Chromium.

use crate::paths::{root, target_dir};
use crate::sh;
use anyhow::{Context, Result, bail};
use std::ffi::OsString;
use std::process::Command;

const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// How the wasm modules are built: `Release` is what ships (optimised, cut, wasm-opt).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    #[allow(dead_code, reason = "no command asks for a debug wasm today")]
    Debug,
    Release,
}

/// The two builds of `arbiter-wasm` the page loads (wasm/Cargo.toml), each a name and the
/// package linked as its cdylib: the lean module a first game needs, loaded at once, and the
/// full one, loaded when asked for (PGN import, sealing, the Braille score, the Worker's
/// dead-position analysis). Each is `www/pkg/<name>.js` (its glue) and
/// `www/pkg/<name>_bg.wasm`. The lean one is arbiter-wasm's source without `full` under another
/// package's name (wasm/lean): built as arbiter-wasm's own cdylib, the two wrote the same files
/// and each build replaced the other's, so a `cargo xtask web` with nothing changed compiled and
/// linked both again (wasm/lean/Cargo.toml says more).
pub const MODULES: [(&str, &str); 2] = [
    ("arbiter_wasm", "arbiter-wasm-lean"),
    ("arbiter_full", "arbiter-wasm"),
];

/// Build both modules of `arbiter-wasm` into `www/pkg/` (see [`MODULES`]), then the page as it
/// ships into `www/dist/`.
pub fn build(profile: Profile) -> Result<()> {
    // ARBITER_WASM_ONLY=<name> builds that module alone (the other's files in www/pkg stay as
    // they were): quicker when measuring a change to one of them.
    let only = std::env::var("ARBITER_WASM_ONLY").ok();
    // The words first (a mistake in a language's file fails at once, not after the modules):
    // the catalogue's compiled modules are among the page's sources below.
    crate::dist::catalogue()?;
    for (name, package) in MODULES {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        build_module(profile, name, package)?;
    }
    // The page is made from www/ (its sources and the modules above) by esbuild and this
    // program; unchanged, www/dist is what it would be made again.
    let www = root().join("www");
    let mut inputs = crate::fresh::Inputs::new("dist")?;
    inputs
        .tree(&www, |rel| !rel.starts_with("dist"))?
        .file(&root().join("xtask").join("src").join("prepaint.mjs"))?
        .file(
            &root()
                .join("xtask")
                .join("src")
                .join("dist")
                .join("esbuild.mjs"),
        )?
        .file(
            &root()
                .join("xtask")
                .join("src")
                .join("dist")
                .join("messages.mjs"),
        )?
        .file(
            &root()
                .join("xtask")
                .join("src")
                .join("dist")
                .join("message-uses.mjs"),
        )?
        .file(&root().join("tests").join("e2e").join("package-lock.json"))?
        .file(
            &root()
                .join("tests")
                .join("e2e")
                .join("node_modules")
                .join(".bin")
                .join("esbuild"),
        )?;
    let output = crate::fresh::Output::Tree(www.join("dist"));
    if inputs.unchanged(&output) {
        println!("www/dist: unchanged since it was last built from these files");
        return Ok(());
    }
    let built = crate::dist::build(&MODULES.map(|(name, _)| name)).context("building www/dist")?;
    crate::dist::report(&built);
    inputs.record(&output)
}

/// Builds `package`'s cdylib and writes `www/pkg/<name>{.js,_bg.wasm,.d.ts}`.
fn build_module(profile: Profile, name: &str, package: &str) -> Result<()> {
    // `cargo rustc --crate-type cdylib`: `arbiter-wasm` is also an rlib (its wasm-bindgen tests
    // link it), and with an rlib among its crate types rustc skips LTO. Without LTO each crate
    // that inlines cozy-chess's slider lookups carries its own copy of the 700 KB attack table:
    // measured three copies, 2.3 MB of data; with LTO one copy, 0.8 MB. (The lean package is a
    // cdylib only; the same command builds it.) One package a command, each with its own
    // features.
    let mut args = vec![
        "rustc",
        "-p",
        package,
        "--lib",
        "--crate-type",
        "cdylib",
        "--target",
        WASM_TARGET,
    ];
    if profile == Profile::Release {
        args.push("--release");
        // For the wasm only: fat LTO, one codegen unit, opt-level "z". Measured on this module:
        // LTO and one unit took it from 589 KB to 390 KB gzipped (before wasm-opt); "z" instead
        // of "s" saves another 17.7 KB gzipped (6.5 %) after wasm-opt, for dead-position
        // analysis in the page about 15 % slower (it runs budgeted, in a Worker).
        args.extend([
            "--config",
            "profile.release.lto=true",
            "--config",
            "profile.release.codegen-units=1",
            "--config",
            "profile.release.opt-level=\"z\"",
        ]);
    }
    sh::cargo(&args)?;
    let dir = if profile == Profile::Release {
        "release"
    } else {
        "debug"
    };
    let wasm = target_dir()
        .join(WASM_TARGET)
        .join(dir)
        .join(format!("{}.wasm", package.replace('-', "_")));
    let out = root().join("www").join("pkg");
    // What the rest of this step reads: the module cargo built, the settings below, and which
    // wasm-opt there is. Unchanged, the files in www/pkg are what it would write again.
    let mut inputs = crate::fresh::Inputs::new(&format!("pkg-{name}"))?;
    inputs
        .file(&wasm)?
        .file(&wasm_opt_path())?
        .value("profile", &format!("{profile:?}"));
    for var in ["ARBITER_WASM_NAMES", "ARBITER_WASM_UNOPTIMISED"] {
        inputs.value(var, &std::env::var(var).unwrap_or_default());
    }
    let output = crate::fresh::Output::Files(vec![
        out.join(format!("{name}_bg.wasm")),
        out.join(format!("{name}.js")),
    ]);
    if inputs.unchanged(&output) {
        println!("www/pkg/{name}: unchanged since it was last built from this module");
        return Ok(());
    }
    let argv: Vec<OsString> = vec![
        "wasm-bindgen".into(),
        "--target".into(),
        "web".into(),
        "--out-dir".into(),
        out.clone().into(),
        "--out-name".into(),
        name.into(),
        wasm.clone().into(),
    ];
    println!(
        "$ wasm-bindgen --target web --out-dir www/pkg --out-name {name} {}",
        wasm.file_name().unwrap_or_default().to_string_lossy()
    );
    wasm_bindgen_cli::wasm_bindgen::run_cli_with_args(argv).context("wasm-bindgen")?;

    // wasm-opt shrinks the module; the page works without it. Debian's wasm-opt (binaryen 108)
    // breaks this module's externref table (the page then fails with "WebAssembly.Table.set():
    // Argument 1 is invalid"), so only binaryen 132 from npm (tests/e2e, after `npm ci`) is used.
    let module = out.join(format!("{name}_bg.wasm"));
    let wasm_opt = wasm_opt_path();
    // ARBITER_WASM_UNOPTIMISED=<dir> keeps a copy of wasm-bindgen's output there
    // (`<dir>/<name>_bg.wasm`), to try other wasm-opt flags on.
    if let Some(dir) = std::env::var_os("ARBITER_WASM_UNOPTIMISED") {
        let copy = std::path::Path::new(&dir).join(format!("{name}_bg.wasm"));
        std::fs::copy(&module, copy).context("copying the unoptimised module")?;
    }
    if profile == Profile::Release && wasm_opt.is_file() {
        // Memory packing splits the data into thousands of segments, which gzips worse than the
        // one segment it started from: measured 418 KB with it, 345 KB without.
        // ARBITER_WASM_NAMES=1 keeps the function names (a larger file, for size breakdowns with
        // twiggy); the shipped module has none.
        let keep_names = std::env::var_os("ARBITER_WASM_NAMES").is_some();
        sh::run_inherit(
            Command::new(&wasm_opt)
                .args(["-Oz", "--skip-pass=memory-packing"])
                .args(keep_names.then_some("-g"))
                .arg(&module)
                .arg("-o")
                .arg(&module),
        )?;
    }
    if profile == Profile::Release {
        let bytes = std::fs::read(&module).context("reading the module")?;
        let (cut, what) =
            crate::slider_table::cut(&bytes).context("cutting cozy-chess's tables")?;
        std::fs::write(&module, cut).context("writing the module")?;
        println!(
            "cut cozy-chess's tables ({} bytes: {:x?}) for the module to regenerate",
            what.bytes, what.tables
        );
        let glue = out.join(format!("{name}.js"));
        let text = std::fs::read_to_string(&glue).context("reading the glue")?;
        std::fs::write(&glue, strip_glue(&text)).context("writing the glue")?;
    }
    let size = std::fs::metadata(&module).map(|m| m.len()).unwrap_or(0);
    println!("www/pkg/{name}_bg.wasm: {size} bytes");
    inputs.record(&output)
}

/// binaryen's wasm-opt from tests/e2e's npm packages.
fn wasm_opt_path() -> std::path::PathBuf {
    root()
        .join("tests")
        .join("e2e")
        .join("node_modules")
        .join(".bin")
        .join("wasm-opt")
}

/// The glue without its comments, blank lines and indentation: the page loads it on every
/// visit and the doc comments (a third of it, 3.8 KB of 9.7 KB gzipped) stay in the `.d.ts`
/// beside it for editors. Only whole lines go: a `/* ... */` block that starts a line, up to the
/// line that closes it, and `//` lines; wasm-bindgen writes no template strings or multi-line
/// string literals that such a line could be part of.
fn strip_glue(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_block = false;
    for line in text.lines() {
        let line = line.trim();
        if in_block {
            in_block = !line.contains("*/");
            continue;
        }
        if line.starts_with("/*") {
            in_block = !line.contains("*/");
            continue;
        }
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// wasm-bindgen-test in headless Chromium, with the runner built from our own lockfile.
pub fn wasm_tests() -> Result<()> {
    sh::cargo(&["build", "-p", "xtask", "--bin", "wasm-bindgen-test-runner"])?;
    let runner = target_dir().join("debug").join("wasm-bindgen-test-runner");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    sh::run_inherit(
        Command::new(cargo)
            .args([
                "test",
                "--target",
                WASM_TARGET,
                "-p",
                "arbiter-wasm",
                "--tests",
            ])
            .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", &runner)
            .env("CHROMEDRIVER", "/usr/bin/chromedriver")
            .current_dir(root()),
    )
}

/// The end-to-end tests: node's test runner driving Debian's Chromium with playwright-core, on
/// the page as it ships (`www/dist/`, minified and with the hashed wasm), not on its sources.
/// One file at a time unless `ARBITER_E2E_FILES_AT_ONCE` names another number (up to 8). Two at
/// once took the e2e from about 700 s to 542 s in a clean run on a 2-core machine, but lost two
/// tests to the load in that run (the hall's seal dialog not shown within 30 s, a board page not
/// drawn within 20 s), each passing alone: a run that fails lands nothing, so CI keeps one.
pub fn e2e_tests() -> Result<()> {
    let dir = root().join("tests").join("e2e");
    if !sh::found("npm") {
        bail!("npm not found: install Node.js 20 or newer");
    }
    let at_once = files_at_once(std::env::var("ARBITER_E2E_FILES_AT_ONCE").ok().as_deref())?;
    sh::run_inherit(
        Command::new("node")
            .args(["--test", &format!("--test-concurrency={at_once}")])
            .env("ARBITER_ROOT", root())
            .env("ARBITER_WWW", root().join("www").join("dist"))
            .env(
                "ARBITER_BRIDGE",
                target_dir().join("debug").join("board-bridge"),
            )
            .current_dir(&dir),
    )
}

/// How many e2e files run at once: one unless `named` is a whole number from 1 to 8.
fn files_at_once(named: Option<&str>) -> Result<u32> {
    match named.map(str::trim).filter(|n| !n.is_empty()) {
        None => Ok(1),
        Some(n) => match n.parse::<u32>() {
            Ok(at_once @ 1..=8) => Ok(at_once),
            _ => bail!("ARBITER_E2E_FILES_AT_ONCE is {n:?}: give a whole number from 1 to 8"),
        },
    }
}

/// `tests/e2e/boards-latency.mjs` on the page as it ships; `args` are its rounds and lifts.
pub fn boards_latency(args: &[String]) -> Result<()> {
    sh::run_inherit(
        Command::new("node")
            .arg("boards-latency.mjs")
            .args(args)
            .env("ARBITER_ROOT", root())
            .env("ARBITER_WWW", root().join("www").join("dist"))
            .current_dir(root().join("tests").join("e2e")),
    )
}

#[cfg(test)]
mod tests {
    use super::{files_at_once, strip_glue};

    #[test]
    fn e2e_files_run_one_at_a_time_unless_a_number_is_named() {
        assert_eq!(files_at_once(None).unwrap(), 1);
        assert_eq!(files_at_once(Some("")).unwrap(), 1);
        assert_eq!(files_at_once(Some("2")).unwrap(), 2);
        let refused = files_at_once(Some("two")).unwrap_err().to_string();
        assert!(refused.contains("\"two\""), "{refused}");
        assert!(files_at_once(Some("0")).is_err());
        assert!(files_at_once(Some("9")).is_err());
    }

    #[test]
    fn glue_keeps_code_and_drops_comment_lines() {
        let glue = "/* @ts-self-types=\"./a.d.ts\" */\n\nexport class Table {\n    /**\n     * Docs with `code`.\n     * @returns {any}\n     */\n    now() {\n        // why\n        const url = 'http://x/*y';\n        return wasm.now(); /* trailing */\n    }\n}\n";
        assert_eq!(
            strip_glue(glue),
            "export class Table {\nnow() {\nconst url = 'http://x/*y';\nreturn wasm.now(); /* trailing */\n}\n}\n"
        );
    }
}
