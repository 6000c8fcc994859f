//! The page's scripts bundled by esbuild (`--bundle --splitting --format=esm`): each page loads
//! its entry module and the few shared chunks it imports, instead of some twenty-five modules
//! (each a request, and on a cold load a round trip per level of imports).
//!
//! - The entries keep their names and places: each HTML page's module scripts, the element
//!   `js/arbiter-board.js` that embedders import, and every module of ours a script imports
//!   lazily (`import('./lang/de.js')`), so what is loaded when asked for stays a file of its own
//!   and keeps its name (the other languages, `relabel.js`, `page-lang.js`). Code two entries
//!   share goes into `js/chunk.<hash>.js`, named by the SHA-256 of its bytes (`hash_chunks`).
//! - Few chunks on a first load: esbuild makes one chunk for each set of entries that reach a
//!   module, so a lazy module sharing one small file with the element would split that file
//!   into a chunk of its own, and every cold load would fetch it: each costs the browser and
//!   the page's thread a share of the cores before the board is ready (eight scripts down to
//!   four measured 0.87-0.89 of the time to a ready board on two cores). The lazy parts that share
//!   code with the element import the element itself (a module already loaded), `lang/en.js`
//!   takes the first screen's words through `words.js`, and the Worker loads the full module
//!   without `engine.js`: the full page's first load is its entry, the element's chunk and the
//!   words' chunk (`caching.test.mjs` fails past four scripts).
//! - The wasm glue in `pkg/` stays out of the bundle (external): it finds its module with
//!   `new URL('…_bg.wasm', import.meta.url)`, the content-hashed name goes into it, and a test or
//!   a page importing `pkg/arbiter_wasm.js` gets the instance the element uses.
//! - esbuild copies a relative specifier it leaves alone (an external import, a
//!   `new URL('…', import.meta.url)` such as the Worker's) as written, though the code now runs
//!   from another folder; each is pointed again at the file it named in the source, and every
//!   relative specifier of the bundle must name a file of the built page, or the build fails.

use super::hash::content_hash;
use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How a script names another file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `import … from './x.js'`, `export … from './x.js'`, `import './x.js'`.
    Static,
    /// `import('./x.js')`.
    Dynamic,
    /// `new URL('./x', import.meta.url)`.
    Url,
}

/// A string literal naming a file, and where its text is (a byte range of the script).
#[derive(Debug, PartialEq, Eq)]
pub struct Specifier {
    pub kind: Kind,
    pub text: String,
    pub at: std::ops::Range<usize>,
}

/// The specifiers of a script, readable or minified, that start with `./`, `../` or `/` (the
/// rest are bare names or not specifiers at all, such as the word "from" in a string).
pub fn specifiers(js: &str) -> Vec<Specifier> {
    let bytes = js.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let skip_ws = |mut i: usize| {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    // The string literal starting at `i` (after whitespace): its text's range and its end.
    let literal = |i: usize| -> Option<(std::ops::Range<usize>, usize)> {
        let i = skip_ws(i);
        let quote = *bytes.get(i)?;
        if !matches!(quote, b'\'' | b'"' | b'`') {
            return None;
        }
        let end = i + 1 + js[i + 1..].find(quote as char)?;
        Some((i + 1..end, end + 1))
    };
    let mut out = Vec::new();
    for (lead, kind) in [
        ("from", Kind::Static),
        ("import", Kind::Static),
        ("import(", Kind::Dynamic),
        ("new URL(", Kind::Url),
    ] {
        for (at, _) in js.match_indices(lead) {
            if at > 0 && (ident(bytes[at - 1]) || bytes[at - 1] == b'.') {
                continue;
            }
            let Some((range, after)) = literal(at + lead.len()) else {
                continue;
            };
            if kind == Kind::Url {
                let rest = &js[skip_ws(after)..];
                let Some(rest) = rest.strip_prefix(',') else {
                    continue;
                };
                if !rest.trim_start().starts_with("import.meta.url") {
                    continue;
                }
            }
            let text = &js[range.clone()];
            if text.starts_with("./") || text.starts_with("../") || text.starts_with('/') {
                out.push(Specifier {
                    kind,
                    text: text.to_owned(),
                    at: range,
                });
            }
        }
    }
    out.sort_by_key(|s| s.at.start);
    out
}

/// `spec` as named from the file `from`, both relative to the page's folder; None if it leaves
/// the folder. An absolute `/x` is `x` (the page served from its site's root).
pub fn resolve(from: &str, spec: &str) -> Option<String> {
    if let Some(abs) = spec.strip_prefix('/') {
        return Some(abs.to_owned());
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in spec.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            name => parts.push(name),
        }
    }
    Some(parts.join("/"))
}

/// The relative specifier that names `to` from the file `from` (both relative to the folder).
pub fn relative(from: &str, to: &str) -> String {
    let from_dirs: Vec<&str> = from.split('/').collect();
    let from_dirs = &from_dirs[..from_dirs.len() - 1];
    let to_parts: Vec<&str> = to.split('/').collect();
    let common = from_dirs
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    let ups = from_dirs.len() - common;
    let rest = to_parts[common..].join("/");
    if ups == 0 {
        format!("./{rest}")
    } else {
        format!("{}{rest}", "../".repeat(ups))
    }
}

/// What the sources say that the bundle needs: its entries, the externals, and the file each
/// location-dependent specifier names.
#[derive(Debug, Default)]
pub struct Plan {
    pub entries: Vec<String>,
    /// Specifiers esbuild leaves as written: the glue in `pkg/` and absolute paths.
    pub externals: Vec<String>,
    /// Specifier text -> the file it names, for each that esbuild copies as written and that
    /// must be pointed again from where its code lands: externals and `new URL`s.
    pub moved: BTreeMap<String, String>,
}

/// Reads the scripts (`(path, text)`, paths relative to the page's folder) and the top-level
/// pages' module scripts into a [`Plan`].
pub fn plan(scripts: &[(String, String)], page_scripts: &[String]) -> Result<Plan> {
    let mut plan = Plan::default();
    let add_entry = |plan: &mut Plan, e: String| {
        if !plan.entries.contains(&e) {
            plan.entries.push(e);
        }
    };
    for e in page_scripts {
        add_entry(&mut plan, e.clone());
    }
    // The element, which embedders load by this name whether or not a page of ours does.
    add_entry(&mut plan, "js/arbiter-board.js".into());
    let mut named_by: BTreeMap<String, (String, String)> = BTreeMap::new();
    for (path, js) in scripts {
        for spec in specifiers(js) {
            let Some(target) = resolve(path, &spec.text) else {
                bail!("{path}: {} leaves the page's folder", spec.text);
            };
            let external = target.starts_with("pkg/") || spec.text.starts_with('/');
            if spec.kind == Kind::Dynamic && !external {
                add_entry(&mut plan, target.clone());
            }
            if external && spec.kind != Kind::Url && !plan.externals.contains(&spec.text) {
                plan.externals.push(spec.text.clone());
            }
            if (external || spec.kind == Kind::Url) && !spec.text.starts_with('/') {
                if let Some((other, was)) = named_by.get(&spec.text)
                    && *was != target
                {
                    bail!(
                        "{path} and {other} both write {} for different files ({target}, {was}): \
                         the bundle cannot tell which one its copy means",
                        spec.text
                    );
                }
                named_by.insert(spec.text.clone(), (path.clone(), target.clone()));
                plan.moved.insert(spec.text.clone(), target);
            }
        }
    }
    Ok(plan)
}

/// Points each moved specifier of `js` (built at `path`) at its file again.
pub fn repoint(path: &str, js: &str, moved: &BTreeMap<String, String>) -> String {
    let mut out = String::with_capacity(js.len());
    let mut last = 0;
    for spec in specifiers(js) {
        if let Some(target) = moved.get(&spec.text) {
            out.push_str(&js[last..spec.at.start]);
            out.push_str(&relative(path, target));
            last = spec.at.end;
        }
    }
    out.push_str(&js[last..]);
    out
}

/// Bundles the scripts of `www` into `dist`, over the file-by-file copies of the entries (the
/// other modules' copies stay, importable one by one).
pub fn bundle(
    esbuild: &Path,
    www: &Path,
    dist: &Path,
    scripts: &[&PathBuf],
) -> Result<Vec<String>> {
    let mut sources = Vec::new();
    for rel in scripts {
        if rel.extension().is_some_and(|e| e == "js") && rel.starts_with("js") {
            let text = std::fs::read_to_string(www.join(rel))
                .with_context(|| format!("reading {}", rel.display()))?;
            sources.push((rel.to_string_lossy().replace('\\', "/"), text));
        }
    }
    let mut page_scripts = Vec::new();
    for entry in std::fs::read_dir(www)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "html") {
            page_scripts.extend(super::module_scripts(&std::fs::read_to_string(&path)?));
        }
    }
    page_scripts.sort();
    let plan = plan(&sources, &page_scripts)?;

    let meta = crate::target_dir().join("esbuild-meta.json");
    let mut cmd = Command::new(esbuild);
    cmd.current_dir(www)
        .args(&plan.entries)
        .args([
            "--bundle",
            "--splitting",
            "--format=esm",
            "--minify",
            "--charset=utf8",
            "--log-level=warning",
            "--outbase=.",
            "--chunk-names=js/[name]-[hash]",
        ])
        .args(plan.externals.iter().map(|e| format!("--external:{e}")))
        .arg(format!("--outdir={}", dist.display()))
        .arg(format!("--metafile={}", meta.display()));
    println!(
        "$ esbuild {} --bundle --splitting --format=esm --minify --outdir=www/dist",
        plan.entries.join(" ")
    );
    let status = cmd.status().context("running esbuild")?;
    if !status.success() {
        bail!("esbuild failed ({status})");
    }
    let meta: serde_json::Value = serde_json::from_slice(&std::fs::read(&meta)?)?;
    let dist_abs = dist.canonicalize()?;
    let mut outputs = Vec::new();
    for key in meta["outputs"]
        .as_object()
        .context("esbuild's outputs")?
        .keys()
    {
        let abs = www.join(key).canonicalize()?;
        let rel = abs
            .strip_prefix(&dist_abs)
            .with_context(|| format!("esbuild wrote {key} outside www/dist"))?
            .to_string_lossy()
            .replace('\\', "/");
        if rel.ends_with(".js") {
            outputs.push(rel);
        }
    }
    outputs.sort();
    for rel in &outputs {
        let path = dist.join(rel);
        let js = std::fs::read_to_string(&path)?;
        let js = repoint(rel, &js, &plan.moved);
        for spec in specifiers(&js) {
            let named = resolve(rel, &spec.text);
            if !named.as_ref().is_some_and(|n| dist.join(n).is_file()) {
                bail!(
                    "the bundle's {rel} names {} ({named:?}), which is not a file of www/dist",
                    spec.text
                );
            }
        }
        std::fs::write(&path, js)?;
    }
    hash_chunks(dist, outputs)
}

/// Renames each shared chunk (`js/chunk-<esbuild's hash>.js`) to `js/chunk.<16 hex digits>.js`,
/// the SHA-256 of its bytes as shipped, and points the scripts that import it at the new name.
/// esbuild's own hash is taken before `repoint` changes the bytes, so it cannot vouch for what
/// is served; this name is the form the bridge keeps a year (`assets::is_content_hashed`), as
/// the wasm's is. A chunk that imports another is named after that one's new name is in it.
fn hash_chunks(dist: &Path, outputs: Vec<String>) -> Result<Vec<String>> {
    let is_chunk = |rel: &str| {
        rel.rsplit('/')
            .next()
            .is_some_and(|n| n.starts_with("chunk-"))
    };
    let mut texts = BTreeMap::new();
    for rel in &outputs {
        texts.insert(rel.clone(), std::fs::read_to_string(dist.join(rel))?);
    }
    let file_name = |rel: &str| rel.rsplit('/').next().unwrap_or(rel).to_string();
    let mut left: Vec<String> = outputs.iter().filter(|r| is_chunk(r)).cloned().collect();
    let mut renamed = BTreeMap::new();
    while !left.is_empty() {
        // A chunk none of whose imports is still to be renamed.
        let Some(i) = left.iter().position(|rel| {
            left.iter()
                .all(|other| other == rel || !texts[rel].contains(&file_name(other)))
        }) else {
            bail!("the bundle's chunks import each other in a cycle: {left:?}");
        };
        let rel = left.remove(i);
        let hex = content_hash(texts[&rel].as_bytes());
        let old = file_name(&rel);
        let new = format!("chunk.{hex}.js");
        for text in texts.values_mut() {
            if text.contains(&old) {
                *text = text.replace(&old, &new);
            }
        }
        let new_rel = format!("{}{new}", &rel[..rel.len() - old.len()]);
        renamed.insert(rel, new_rel);
    }
    let mut shipped = Vec::new();
    for (rel, text) in texts {
        let to = renamed.get(&rel).cloned().unwrap_or_else(|| rel.clone());
        if to != rel {
            std::fs::remove_file(dist.join(&rel))?;
        }
        std::fs::write(dist.join(&to), text)?;
        shipped.push(to);
    }
    shipped.sort();
    Ok(shipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_named_by_their_bytes_after_the_chunks_they_import() {
        let dist = crate::target_dir().join("xtask-hash-chunks");
        let _ = std::fs::remove_dir_all(&dist);
        std::fs::create_dir_all(dist.join("js")).expect("scratch folder");
        let files = [
            ("js/chunk-AAAA.js", "export const a=1;"),
            (
                "js/chunk-BBBB.js",
                r#"import{a}from"./chunk-AAAA.js";export const b=a;"#,
            ),
            (
                "js/page.js",
                r#"import"./chunk-BBBB.js";import"./chunk-AAAA.js";"#,
            ),
        ];
        for (rel, text) in files {
            std::fs::write(dist.join(rel), text).expect("file");
        }
        let shipped = hash_chunks(&dist, files.iter().map(|(r, _)| r.to_string()).collect())
            .expect("renamed");
        let hex = |text: &str| content_hash(text.as_bytes());
        let a = format!("chunk.{}.js", hex("export const a=1;"));
        let b_text = format!(r#"import{{a}}from"./{a}";export const b=a;"#);
        let b = format!("chunk.{}.js", hex(&b_text));
        let mut want = vec![format!("js/{a}"), format!("js/{b}"), "js/page.js".into()];
        want.sort();
        assert_eq!(shipped, want);
        let read = |rel: &str| std::fs::read_to_string(dist.join(rel)).expect("shipped");
        assert_eq!(read(&format!("js/{b}")), b_text);
        assert_eq!(
            read("js/page.js"),
            format!(r#"import"./{b}";import"./{a}";"#)
        );
        assert!(!dist.join("js/chunk-AAAA.js").exists());
        let _ = std::fs::remove_dir_all(&dist);
    }

    #[test]
    fn specifiers_of_readable_and_minified_scripts() {
        let readable = "import init, * as a from '../pkg/arbiter_wasm.js';\nimport './x.js';\n// new URL('./c.js', import.meta.url)\nconst w = new Worker(new URL('../dead-worker.js', import.meta.url));\nconst l = () => import('./lang/de.js');\nconst u = new URL(r, location.href); const s = 'from'; x.import('./no.js');";
        let got: Vec<(Kind, &str)> = specifiers(readable)
            .iter()
            .map(|s| (s.kind, &readable[s.at.clone()]))
            .collect();
        assert_eq!(
            got,
            [
                (Kind::Static, "../pkg/arbiter_wasm.js"),
                (Kind::Static, "./x.js"),
                (Kind::Url, "./c.js"),
                (Kind::Url, "../dead-worker.js"),
                (Kind::Dynamic, "./lang/de.js"),
            ]
        );
        let minified = r#"import{a as b}from"./chunk-AB.js";import"./chunk-CD.js";const e=new URL("../css/a.css",import.meta.url),f=import("/js/arbiter-board.js"),g="from";"#;
        let found = specifiers(minified);
        let got: Vec<&str> = found.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(
            got,
            [
                "./chunk-AB.js",
                "./chunk-CD.js",
                "../css/a.css",
                "/js/arbiter-board.js"
            ]
        );
    }

    #[test]
    fn relative_paths_name_the_file_from_where_the_code_lands() {
        assert_eq!(
            relative("js/chunk-X.js", "js/dead-worker.js"),
            "./dead-worker.js"
        );
        assert_eq!(relative("js/chunk-X.js", "pkg/a.js"), "../pkg/a.js");
        assert_eq!(relative("js/hall/hall.js", "pkg/a.js"), "../../pkg/a.js");
        assert_eq!(
            relative("js/hall/hall.js", "js/hall/words.js"),
            "./words.js"
        );
        assert_eq!(relative("index.js", "css/a.css"), "./css/a.css");
        for (from, to) in [("js/hall/hall.js", "css/x.css"), ("js/a.js", "js/b/c.js")] {
            assert_eq!(resolve(from, &relative(from, to)).as_deref(), Some(to));
        }
        assert_eq!(
            resolve("js/page.js", "/js/a.js").as_deref(),
            Some("js/a.js")
        );
        assert_eq!(resolve("page.js", "../a.js"), None);
    }

    #[test]
    fn the_plan_keeps_lazy_modules_apart_and_repoints_what_esbuild_copies() {
        let scripts = [
            (
                "js/engine.js".to_owned(),
                "import init from '../pkg/arbiter_wasm.js';\nexport const f = () => import('../pkg/arbiter_full.js');".to_owned(),
            ),
            (
                "js/board/source.js".to_owned(),
                "new Worker(new URL('../dead-worker.js', import.meta.url))".to_owned(),
            ),
            (
                "js/words.js".to_owned(),
                "import en from './lang/en.js'; const de = () => import('./lang/de.js');".to_owned(),
            ),
            (
                "js/hall/hall.js".to_owned(),
                "import('/js/arbiter-board.js')".to_owned(),
            ),
        ];
        let planned = plan(&scripts, &["js/page.js".into()]).unwrap();
        assert_eq!(
            planned.entries,
            ["js/page.js", "js/arbiter-board.js", "js/lang/de.js"]
        );
        assert_eq!(
            planned.externals,
            [
                "../pkg/arbiter_wasm.js",
                "../pkg/arbiter_full.js",
                "/js/arbiter-board.js"
            ]
        );
        assert_eq!(planned.moved["../dead-worker.js"], "js/dead-worker.js");
        let chunk = r#"import{x}from"../pkg/arbiter_wasm.js";new URL("../dead-worker.js",import.meta.url);import("../pkg/arbiter_full.js");import("./lang/de.js")"#;
        assert_eq!(
            repoint("js/chunk-A.js", chunk, &planned.moved),
            r#"import{x}from"../pkg/arbiter_wasm.js";new URL("./dead-worker.js",import.meta.url);import("../pkg/arbiter_full.js");import("./lang/de.js")"#
        );
        assert_eq!(
            repoint("js/a/b.js", chunk, &planned.moved),
            r#"import{x}from"../../pkg/arbiter_wasm.js";new URL("../dead-worker.js",import.meta.url);import("../../pkg/arbiter_full.js");import("./lang/de.js")"#
        );
        // One specifier for two files cannot be told apart once bundled.
        let clash = [
            (
                "js/a.js".to_owned(),
                "new URL('./x.js', import.meta.url)".to_owned(),
            ),
            (
                "js/b/c.js".to_owned(),
                "new URL('./x.js', import.meta.url)".to_owned(),
            ),
        ];
        assert!(plan(&clash, &[]).is_err());
    }
}
