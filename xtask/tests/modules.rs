//! Imports only downward in xtask (issue 35): no module of `src/` uses one that uses it back,
//! the crate root among them (a module calling a helper of `main.rs` while `main.rs` uses the
//! module is such a circle). A module's uses are read from its text outside its tests: its
//! `mod` children, `super::…`, and `crate::…` (a name of `main.rs` that is no module is the root).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module path (`crate`, `dist`, `dist::bundle`) -> the text of its file.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("reading src") {
            let path = entry.expect("an entry").path();
            let rel = path.strip_prefix(src).expect("under src");
            if rel.starts_with("bin") {
                continue;
            }
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = rel.with_extension("").to_string_lossy().replace('/', "::");
                let name = if name == "main" { "crate".into() } else { name };
                out.insert(name, std::fs::read_to_string(&path).expect("a source file"));
            }
        }
    }
    out
}

/// The identifiers that follow `lead` in `text`, and each identifier in a `lead{a, b::c}` group.
fn after(text: &str, lead: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (at, _) in text.match_indices(lead) {
        let rest = &text[at + lead.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            out.extend(group.split(',').map(|p| ident(p.trim())));
        } else {
            out.push(ident(rest));
        }
    }
    out.retain(|n| !n.is_empty() && n != "self");
    out
}

/// Module -> the modules it uses.
fn uses(modules: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for (name, text) in modules {
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        let parent = match name.rsplit_once("::") {
            Some((p, _)) => p.to_owned(),
            None if name == "crate" => String::new(),
            None => "crate".to_owned(),
        };
        let module = |path: String| {
            if modules.contains_key(&path) {
                path
            } else {
                path.rsplit_once("::")
                    .map_or("crate".to_owned(), |(p, _)| p.to_owned())
            }
        };
        let own = |child: &str| {
            if name == "crate" {
                child.to_owned()
            } else {
                format!("{name}::{child}")
            }
        };
        let mut used = BTreeSet::new();
        for line in text.lines() {
            let line = line.trim_start();
            if line.starts_with("//") {
                continue;
            }
            for child in after(line, "mod ") {
                if line.trim_end().ends_with(';') {
                    used.insert(own(&child));
                }
            }
            for item in after(line, "crate::") {
                used.insert(module(item));
            }
            for item in after(line, "super::") {
                let path = if parent == "crate" {
                    item
                } else {
                    format!("{parent}::{item}")
                };
                used.insert(module(path));
            }
        }
        used.remove(name);
        graph.insert(name.clone(), used);
    }
    graph
}

/// A path of modules back to its first, if the graph has a circle.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut found = path[at..].to_vec();
            found.push(module.to_owned());
            return Some(found);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_owned());
        for next in graph.get(module).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(module.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| visit(m, graph, &mut Vec::new(), &mut done))
}

#[test]
fn a_circle_through_the_crate_root_is_found() {
    let files: BTreeMap<String, String> = [
        ("crate", "mod a;\nmod b;\npub fn root() {}\n"),
        ("a", "use crate::b::thing;\n"),
        (
            "b",
            "fn f() { crate::root() }\n#[cfg(test)]\nuse crate::a;\n",
        ),
    ]
    .map(|(n, t)| (n.to_owned(), t.to_owned()))
    .into();
    let graph = uses(&files);
    assert_eq!(graph["a"], ["b".to_owned()].into());
    assert_eq!(graph["b"], ["crate".to_owned()].into());
    assert_eq!(
        circle(&graph),
        Some(vec!["a".into(), "b".into(), "crate".into(), "a".into()])
    );
    let downward: BTreeMap<String, String> = [
        ("crate", "mod a;\nmod paths;\nuse paths::root;\n"),
        ("a", "use crate::paths::root;\nmod inner;\n"),
        ("a::inner", "use crate::paths;\n"),
        ("paths", "pub fn root() {}\n"),
    ]
    .map(|(n, t)| (n.to_owned(), t.to_owned()))
    .into();
    assert_eq!(circle(&uses(&downward)), None);
    // A child that uses its parent's helper, as a part calling back into its whole.
    let mut back = downward;
    back.insert("a::inner".into(), "use super::helper;\n".into());
    assert_eq!(
        circle(&uses(&back)),
        Some(vec!["a".into(), "a::inner".into(), "a".into()])
    );
}

#[test]
fn no_module_of_xtask_uses_one_that_uses_it_back() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src);
    assert!(modules.contains_key("dist::bundle"), "{:?}", modules.keys());
    let graph = uses(&modules);
    assert_eq!(circle(&graph), None, "{graph:#?}");
}
