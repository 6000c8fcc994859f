//! The page's scripts bundled by esbuild (`esbuild.mjs`, its JS API run by Node.js): each page
//! loads its entry module and the few shared chunks it imports, instead of some twenty-five
//! modules (each a request, and on a cold load a round trip per level of imports).
//!
//! - esbuild names what it writes (entries by their own names, chunks `js/chunk.<hash>.js` by
//!   their content) and says so in its metafile; this reads the metafile (serde_json) for the names
//!   and for what each output imports, and nothing here reads a script.
//! - Every import of every output must name a file of the built page, or the build fails.
//! - A page's modulepreload list is what its module scripts import statically, directly or
//!   through each other (the wasm glue among them); what is imported when asked stays out.

use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// What esbuild wrote, with paths relative to `www/dist`.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Bundle {
    /// Each script written -> what it imports statically (`import … from`, `import '…'`).
    pub statics: BTreeMap<String, Vec<String>>,
    /// Each script written -> what it imports when asked (`import('…')`).
    pub dynamics: BTreeMap<String, Vec<String>>,
    /// Each entry, as its source is named from `www` -> the script written for it.
    pub entries: BTreeMap<String, String>,
}

impl Bundle {
    /// Reads esbuild's metafile of a build run in `www` with its output in `www/<out>`.
    pub fn from_metafile(json: &str, out: &str) -> Result<Bundle> {
        let meta: serde_json::Value =
            serde_json::from_str(json).context("reading esbuild's metafile")?;
        let prefix = format!("{out}/");
        let in_dist = |written: &str| {
            written
                .strip_prefix(&prefix)
                .map(str::to_owned)
                .with_context(|| format!("esbuild wrote {written} outside {out}"))
        };
        let text = |v: &serde_json::Value, key: &str| v[key].as_str().map(str::to_owned);
        let outputs = meta["outputs"]
            .as_object()
            .context("esbuild's metafile has no outputs")?;
        let mut bundle = Bundle::default();
        for (written, output) in outputs {
            if !written.ends_with(".js") {
                continue;
            }
            let rel = in_dist(written)?;
            let mut statics = Vec::new();
            let mut dynamics = Vec::new();
            for import in output["imports"].as_array().into_iter().flatten() {
                let (Some(path), Some(kind)) = (text(import, "path"), text(import, "kind")) else {
                    bail!("{rel}: an import without its path or kind in esbuild's metafile");
                };
                // An external import is as written in the script, relative to it; the others
                // name an output as the metafile does.
                let target = if import["external"].as_bool() == Some(true) {
                    resolve(&rel, &path).with_context(|| format!("{rel} imports {path}"))?
                } else {
                    in_dist(&path)?
                };
                match kind.as_str() {
                    "import-statement" => statics.push(target),
                    "dynamic-import" => dynamics.push(target),
                    other => bail!("{rel} imports {path} as {other}"),
                }
            }
            if let Some(entry) = text(output, "entryPoint") {
                bundle.entries.insert(entry, rel.clone());
            }
            bundle.statics.insert(rel.clone(), statics);
            bundle.dynamics.insert(rel, dynamics);
        }
        Ok(bundle)
    }

    /// Fails unless every import of the bundle names a file of the built page (`is_file`).
    pub fn check(&self, is_file: impl Fn(&str) -> bool) -> Result<()> {
        for (rel, targets) in self.statics.iter().chain(&self.dynamics) {
            for target in targets {
                if !is_file(target) {
                    bail!("the bundle's {rel} imports {target}, which is not a file of www/dist");
                }
            }
        }
        Ok(())
    }

    /// What the module scripts `scripts` (paths relative to `www/dist`) import statically,
    /// directly or through each other, the scripts themselves left out.
    pub fn preloads(&self, scripts: &[String]) -> Vec<String> {
        let mut seen: Vec<String> = Vec::new();
        let mut queue: Vec<String> = scripts.to_vec();
        while let Some(module) = queue.pop() {
            if seen.contains(&module) {
                continue;
            }
            if let Some(imports) = self.statics.get(&module) {
                queue.extend(imports.iter().rev().cloned());
            }
            seen.push(module);
        }
        seen.retain(|m| !scripts.contains(m));
        seen
    }
}

/// `spec` as named from the file `from`, both relative to the page's folder; None if it leaves
/// the folder.
fn resolve(from: &str, spec: &str) -> Option<String> {
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

/// Bundles `entries` (named from `www`) into `www/dist` with esbuild's package in `esbuild`,
/// over the file-by-file copies (the other modules' copies stay, importable one by one).
pub fn bundle(esbuild: &Path, www: &Path, entries: &[String], metafile: &Path) -> Result<Bundle> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("dist")
        .join("esbuild.mjs");
    println!(
        "$ node esbuild.mjs {} (bundle, splitting, esm, minify, chunks js/chunk.[hash].js)",
        entries.join(" ")
    );
    let status = Command::new("node")
        .arg(&script)
        .arg(esbuild)
        .arg(www)
        .arg(www.join("dist"))
        .arg(metafile)
        .args(entries)
        .status()
        .context("running esbuild.mjs")?;
    if !status.success() {
        bail!("esbuild.mjs failed ({status})");
    }
    let json = std::fs::read_to_string(metafile).context("reading esbuild's metafile")?;
    let bundle = Bundle::from_metafile(&json, "dist")?;
    let dist = www.join("dist");
    bundle.check(|rel| dist.join(rel).is_file())?;
    for entry in entries {
        if !bundle.entries.contains_key(entry) {
            bail!("esbuild wrote nothing for the entry {entry}");
        }
    }
    Ok(bundle)
}

#[cfg(test)]
mod tests {
    use super::*;

    const META: &str = r#"{"inputs":{},"outputs":{
        "dist/js/page.js":{"bytes":9,"entryPoint":"js/page.js","imports":[
            {"path":"dist/js/chunk.AAAA1111.js","kind":"import-statement"},
            {"path":"dist/js/chunk.LANGDE22.js","kind":"dynamic-import"}]},
        "dist/js/chunk.AAAA1111.js":{"bytes":9,"imports":[
            {"path":"dist/js/chunk.WORDS333.js","kind":"import-statement"},
            {"path":"../pkg/arbiter_wasm.js","kind":"import-statement","external":true},
            {"path":"../pkg/arbiter_full.js","kind":"dynamic-import","external":true}]},
        "dist/js/chunk.WORDS333.js":{"bytes":9,"imports":[]},
        "dist/js/chunk.LANGDE22.js":{"bytes":9,"entryPoint":"js/lang/de.js","imports":[
            {"path":"dist/js/chunk.WORDS333.js","kind":"import-statement"}]},
        "dist/js/page.js.map":{"bytes":9,"imports":[]}}}"#;

    #[test]
    fn the_metafile_names_what_was_written_and_what_each_imports() {
        let bundle = Bundle::from_metafile(META, "dist").unwrap();
        assert_eq!(bundle.entries["js/page.js"], "js/page.js");
        assert_eq!(bundle.entries["js/lang/de.js"], "js/chunk.LANGDE22.js");
        assert_eq!(
            bundle.statics["js/chunk.AAAA1111.js"],
            ["js/chunk.WORDS333.js", "pkg/arbiter_wasm.js"]
        );
        assert_eq!(
            bundle.dynamics["js/chunk.AAAA1111.js"],
            ["pkg/arbiter_full.js"]
        );
        assert!(!bundle.statics.contains_key("js/page.js.map"));
        assert!(Bundle::from_metafile(META, "elsewhere").is_err());
    }

    #[test]
    fn a_page_preloads_its_static_imports_and_not_its_lazy_ones() {
        let bundle = Bundle::from_metafile(META, "dist").unwrap();
        assert_eq!(
            bundle.preloads(&["js/page.js".into()]),
            [
                "js/chunk.AAAA1111.js",
                "js/chunk.WORDS333.js",
                "pkg/arbiter_wasm.js"
            ]
        );
    }

    #[test]
    fn an_import_of_no_built_file_fails_the_build() {
        let bundle = Bundle::from_metafile(META, "dist").unwrap();
        assert!(bundle.check(|_| true).is_ok());
        let err = bundle
            .check(|rel| rel != "pkg/arbiter_full.js")
            .unwrap_err()
            .to_string();
        assert!(err.contains("pkg/arbiter_full.js"), "{err}");
        assert_eq!(
            resolve("js/chunk.A.js", "../pkg/a.js").as_deref(),
            Some("pkg/a.js")
        );
        assert_eq!(resolve("js/a.js", "../../a.js"), None);
    }
}
