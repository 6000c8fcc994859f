//! The page as it ships: `www/` (with the wasm `web::build` wrote into `www/pkg/`) built into
//! `www/dist/`, which the bridge serves and the end-to-end tests load.
//!
//! - Scripts and styles are minified by esbuild, file by file: the folder keeps the sources'
//!   layout and names, so every module can still be imported by its own name (tests do), while
//!   `www/js` stays the readable source. Then the pages' scripts are bundled over those copies
//!   (`bundle.rs`, esbuild driven by its own options): a page loads its entry and a few shared
//!   chunks named by their content, not some twenty-five modules.
//! - The wasm module, most of the bytes, gets a content-hashed name
//!   (`arbiter_wasm_bg.<16 hex>.wasm`, the form the bridge serves as immutable); the glue and the
//!   HTML that name it are rewritten to it. The other files keep their names and are revalidated
//!   by ETag (a 304 when unchanged).
//! - Each HTML page lists every module its scripts import statically (`modulepreload`: the
//!   bundle's chunks and the wasm glue, as esbuild's metafile names them), so a browser fetches
//!   them all at once instead of one round trip per level of imports (the languages a page loads
//!   when asked stay out: they are dynamic imports).
//! - The page's words come from its message catalogue (`www/messages/<lang>.json`, ICU
//!   MessageFormat), compiled first into `www/js/lang/` by `messages.mjs` (see [`catalogue`]).
//! - Each text file and the wasm get a brotli (quality 11) and a gzip (level 9) copy beside them,
//!   made once here instead of on every request.

mod bundle;
mod hash;

use crate::paths::root;
use crate::sh;
use anyhow::{Context, Result, bail, ensure};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Files of `www/` that are not the page: its docs, wasm-bindgen's TypeScript declarations and
/// package metadata, the message catalogue's sources (the page loads them compiled), and the
/// build's own output.
fn shipped(rel: &Path) -> bool {
    let name = rel.to_string_lossy();
    let first = rel
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy());
    !(first.as_deref() == Some("dist")
        || first.as_deref() == Some("messages")
        || name.ends_with(".md")
        || name.ends_with(".d.ts")
        || name.ends_with(".gitignore")
        || name.ends_with("package.json"))
}

/// What goes through esbuild.
fn minified(rel: &Path) -> bool {
    matches!(
        rel.extension().and_then(|e| e.to_str()),
        Some("js" | "mjs" | "css")
    )
}

/// What gets compressed copies: everything a browser may be sent as text, and the wasm.
fn compressible(rel: &Path) -> bool {
    matches!(
        rel.extension().and_then(|e| e.to_str()),
        Some("html" | "js" | "mjs" | "css" | "svg" | "json" | "wasm")
    )
}

/// One file of the built page and its sizes.
pub struct Built {
    pub path: String,
    pub raw: u64,
    pub br: Option<u64>,
    pub gz: Option<u64>,
}

/// The element, which embedders load by this name whether or not a page of ours does.
const ELEMENT: &str = "js/arbiter-board.js";

/// Compiles the message catalogue, `www/messages/<lang>.json`, into the modules the page loads,
/// `www/js/lang/<lang>.js` (and `en-start.js`, the first screen's English), with messageformat's
/// compiler: `messages.mjs`, which also checks that every language has exactly English's ids and
/// names only its arguments, and fails naming the file and the id. Without it the page has no
/// words, so there is no fallback: Node.js and the npm packages of tests/e2e are needed.
pub fn catalogue() -> Result<()> {
    let e2e = root().join("tests").join("e2e");
    let compiler = e2e.join("node_modules").join("@messageformat").join("core");
    if !compiler.is_dir() || !sh::found("node") {
        bail!(
            "the message catalogue (www/messages) is compiled by Node.js with the npm packages of \
             tests/e2e: install Node.js, then `cargo xtask setup` (or npm ci in tests/e2e)"
        );
    }
    let script = root()
        .join("xtask")
        .join("src")
        .join("dist")
        .join("messages.mjs");
    let status = Command::new("node")
        .arg(&script)
        .arg(&e2e)
        .arg(root().join("www"))
        .status()
        .context("running messages.mjs")?;
    if !status.success() {
        bail!("the message catalogue did not compile ({status})");
    }
    Ok(())
}

/// Builds `www/dist/` from `www/`, with the wasm modules `modules` (their names in `www/pkg/`).
pub fn build(modules: &[&str]) -> Result<Vec<Built>> {
    let www = root().join("www");
    let dist = www.join("dist");
    if dist.exists() {
        std::fs::remove_dir_all(&dist).context("removing the old www/dist")?;
    }
    let mut files = Vec::new();
    walk(&www, Path::new(""), &mut files)?;
    files.retain(|f| shipped(f));
    files.sort();

    let (scripts, others): (Vec<_>, Vec<_>) = files.iter().partition(|f| minified(f));
    for rel in &others {
        let to = dist.join(rel);
        std::fs::create_dir_all(to.parent().context("a file in a folder")?)?;
        std::fs::copy(www.join(rel), &to).with_context(|| format!("copying {}", rel.display()))?;
    }
    let mut bundled = None;
    if let Some(esbuild) = minify(&www, &dist, &scripts)? {
        let mut entries = Vec::new();
        for (_, html) in pages(&www)? {
            entries.extend(module_scripts(&html));
        }
        entries.push(ELEMENT.to_owned());
        entries.sort();
        entries.dedup();
        let metafile = crate::paths::target_dir().join("esbuild-meta.json");
        bundled = Some(bundle::bundle(&esbuild, &www, &entries, &metafile)?);
    }
    prepaint(&www, &dist)?;
    for name in modules {
        hash_module(&dist, name)?;
    }
    if let Some(bundled) = &bundled {
        preload_modules(&dist, bundled)?;
    }

    let mut out = Vec::new();
    let mut built = Vec::new();
    walk(&dist, Path::new(""), &mut built)?;
    built.sort();
    for rel in built {
        let path = dist.join(&rel);
        let bytes = std::fs::read(&path)?;
        let (br, gz) = if compressible(&rel) {
            (
                write_smaller(&path, "br", &brotli(&bytes)?, bytes.len())?,
                write_smaller(&path, "gz", &gzip(&bytes)?, bytes.len())?,
            )
        } else {
            (None, None)
        };
        out.push(Built {
            path: rel.to_string_lossy().replace('\\', "/"),
            raw: bytes.len() as u64,
            br,
            gz,
        });
    }
    Ok(out)
}

/// Prints the built files' sizes, largest first, and the totals.
pub fn report(files: &[Built]) {
    let mut files: Vec<&Built> = files.iter().collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.br.unwrap_or(f.raw)));
    println!("www/dist (bytes: raw, brotli, gzip):");
    for f in &files {
        let show = |n: Option<u64>| n.map_or("-".into(), |n| n.to_string());
        println!(
            "  {:>8} {:>8} {:>8}  {}",
            f.raw,
            show(f.br),
            show(f.gz),
            f.path
        );
    }
    let total = |pick: fn(&Built) -> u64| files.iter().map(|f| pick(f)).sum::<u64>();
    println!(
        "  {:>8} {:>8} {:>8}  in all (each file as a browser taking brotli would get it)",
        total(|f| f.raw),
        total(|f| f.br.unwrap_or(f.raw)),
        total(|f| f.gz.unwrap_or(f.raw)),
    );
}

/// Every file under `base.join(rel)`, as paths relative to `base`, pushed onto `out`.
pub(crate) fn walk(base: &Path, rel: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    let dir = base.join(rel);
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let entry = entry?;
        let rel = rel.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            walk(base, &rel, out)?;
        } else {
            out.push(rel);
        }
    }
    Ok(())
}

/// The top-level HTML pages of `dir`: each path and text, in name order.
fn pages(dir: &Path) -> Result<Vec<(PathBuf, String)>> {
    let mut pages = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "html") {
            let html = std::fs::read_to_string(&path)?;
            pages.push((path, html));
        }
    }
    pages.sort();
    Ok(pages)
}

/// esbuild from tests/e2e's npm packages; without it (a machine without npm or Node.js) the
/// files are copied as they are, so `cargo xtask serve` still works, only with more bytes and
/// requests. The folder whose `node_modules` hold the esbuild it ran, if any.
fn minify(www: &Path, dist: &Path, files: &[&PathBuf]) -> Result<Option<PathBuf>> {
    let e2e = root().join("tests").join("e2e");
    let esbuild = e2e.join("node_modules").join(".bin").join("esbuild");
    if !esbuild.is_file() || !sh::found("node") {
        println!(
            "note: esbuild is not installed (npm ci in tests/e2e); the scripts ship unminified"
        );
        for rel in files {
            let to = dist.join(rel);
            std::fs::create_dir_all(to.parent().context("a file in a folder")?)?;
            std::fs::copy(www.join(rel), to)?;
        }
        return Ok(None);
    }
    let mut cmd = Command::new(&esbuild);
    cmd.args(files.iter().map(|f| www.join(f)))
        .arg("--minify")
        // Accented words stay UTF-8 instead of \u escapes (smaller; the page is UTF-8).
        .arg("--charset=utf8")
        .arg("--log-level=warning")
        .arg(format!("--outbase={}", www.display()))
        .arg(format!("--outdir={}", dist.display()));
    println!(
        "$ esbuild <{} scripts and styles of www/> --minify --outdir=www/dist",
        files.len()
    );
    let status = cmd.status().context("running esbuild")?;
    if !status.success() {
        bail!("esbuild failed ({status})");
    }
    Ok(Some(e2e))
}

/// Paints each `<arbiter-board>` of the top-level pages into their HTML (`prepaint.mjs`, with
/// the element's own template), so the board is seen before the scripts and the wasm arrive.
/// Without Node.js the pages ship as they are and the element draws the board when it loads.
fn prepaint(www: &Path, dist: &Path) -> Result<()> {
    if !sh::found("node") {
        println!("note: node not found; the board is drawn when the scripts arrive");
        return Ok(());
    }
    let mut pages: Vec<PathBuf> = std::fs::read_dir(dist)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    let script = root().join("xtask").join("src").join("prepaint.mjs");
    let status = Command::new("node")
        .arg(&script)
        .arg(www)
        .args(&pages)
        .status()
        .context("running prepaint.mjs")?;
    if !status.success() {
        bail!("prepaint.mjs failed ({status})");
    }
    Ok(())
}

/// Renames the wasm module `name` to its content-hashed name and points its glue and the HTML
/// at it. The glue keeps its name: tests and embedders import it by name.
fn hash_module(dist: &Path, name: &str) -> Result<()> {
    let wasm_name = format!("{name}_bg.wasm");
    let wasm = dist.join("pkg").join(&wasm_name);
    if !wasm.is_file() {
        return Ok(());
    }
    let bytes = std::fs::read(&wasm)?;
    let hashed = format!("{name}_bg.{}.wasm", hash::content_hash(&bytes));
    std::fs::rename(&wasm, dist.join("pkg").join(&hashed))?;

    let glue = dist.join("pkg").join(format!("{name}.js"));
    let text = std::fs::read_to_string(&glue).context("reading the built glue")?;
    ensure!(
        text.contains(&wasm_name),
        "the glue no longer names {wasm_name}: the hashed name cannot be put in"
    );
    std::fs::write(&glue, text.replace(&wasm_name, &hashed))?;
    for entry in std::fs::read_dir(dist)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "html") {
            let text = std::fs::read_to_string(&path)?;
            let needle = format!("pkg/{wasm_name}");
            if text.contains(&needle) {
                std::fs::write(&path, text.replace(&needle, &format!("pkg/{hashed}")))?;
            }
        }
    }
    Ok(())
}

/// Adds a `modulepreload` link to each top-level HTML page for every module its module scripts
/// import statically, directly or through each other (as esbuild's metafile says), that it does
/// not list already.
fn preload_modules(dist: &Path, bundled: &bundle::Bundle) -> Result<()> {
    for (path, html) in pages(dist)? {
        let Some(first_script) = html.find("<script type=\"module\"") else {
            continue;
        };
        let scripts = module_scripts(&html);
        let links: String = bundled
            .preloads(&scripts)
            .iter()
            .filter(|m| !html.contains(&format!("href=\"{m}\"")))
            .map(|m| format!("<link rel=\"modulepreload\" href=\"{m}\">\n  "))
            .collect();
        if !links.is_empty() {
            let mut out = html.clone();
            out.insert_str(first_script, &links);
            std::fs::write(&path, out)?;
        }
    }
    Ok(())
}

/// The `src` of each `<script type="module" src="...">` of a page.
fn module_scripts(html: &str) -> Vec<String> {
    html.match_indices("<script type=\"module\" src=\"")
        .filter_map(|(at, tag)| {
            let rest = &html[at + tag.len()..];
            rest.find('"').map(|end| rest[..end].to_owned())
        })
        .collect()
}

/// Writes `path.ext` when the compressed copy is smaller than the file (a server would send the
/// file itself otherwise); its size if written.
fn write_smaller(path: &Path, ext: &str, bytes: &[u8], raw: usize) -> Result<Option<u64>> {
    if bytes.len() >= raw {
        return Ok(None);
    }
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(ext);
    std::fs::write(PathBuf::from(name), bytes)?;
    Ok(Some(bytes.len() as u64))
}

fn brotli(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        // A 16 MB window: the whole module is one window (a browser decodes any up to 16 MB).
        lgwin: 24,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).context("brotli")?;
    Ok(out)
}

fn gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(bytes)?;
    Ok(enc.finish()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_types_and_old_output_are_not_shipped() {
        for rel in [
            "js/page.js",
            "pkg/arbiter_wasm.js",
            "pkg/arbiter_wasm_bg.wasm",
            "index.html",
        ] {
            assert!(shipped(Path::new(rel)), "{rel}");
        }
        for rel in [
            "README.md",
            "pkg/arbiter_wasm.d.ts",
            "pkg/package.json",
            "pkg/.gitignore",
            "dist/index.html",
            "messages/en.json",
            "messages/first-screen.txt",
        ] {
            assert!(!shipped(Path::new(rel)), "{rel}");
        }
    }

    #[test]
    fn a_page_names_its_module_scripts() {
        assert_eq!(
            module_scripts(r#"<link href="x"><script type="module" src="js/page.js"></script>"#),
            ["js/page.js"]
        );
    }

    #[test]
    fn compressed_copies_decode_to_the_file() {
        use std::io::Read;
        let text = "export const a = 1;\n".repeat(200);
        let br = brotli(text.as_bytes()).unwrap();
        let mut back = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, text.as_bytes());
        let gz = gzip(text.as_bytes()).unwrap();
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, text.as_bytes());
        assert!(br.len() < gz.len() && gz.len() < text.len() / 10);
    }
}
