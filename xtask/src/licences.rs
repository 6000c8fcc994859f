//! Checks that everything we ship may be used under permissive terms (MIT or Apache-2.0 for
//! our code, nothing that binds the sites embedding it).
//!
//! Clubs embed the page and run the bridge, so no crate licensed under the GPL family (GPL,
//! LGPL, AGPL) may reach `arbiter-core`, `arbiter-wasm`, `board-bridge` or the CLI, not even
//! one offered with a permissive choice beside it ("MIT OR GPL-3.0-only"): what we ship stays
//! plainly MIT/Apache-compatible. Other choices among licences are taken as recorded in
//! ELECTED. Dev-dependencies (the GPL peers of the benchmarks) are outside what we ship; crates
//! for other platforms are not (a club may build for one), so the graph is read for every target.

use anyhow::{Context, Result, bail};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::process::Command;

const SHIPPED: [&str; 4] = [
    "arbiter-core",
    "arbiter-wasm",
    "board-bridge",
    "arbiter-cli",
];

/// Licences that let a club embed and redistribute the code in a closed site.
/// MPL-2.0 (serialport, used unmodified in the bridge) binds only its own files, not the
/// work that uses them, so it does not reach a club's site or our code. CDLA-Permissive-2.0
/// (the Mozilla root certificates as data, which ureq's verifier takes on some platforms) asks
/// only that its notice be kept.
const PERMISSIVE: [&str; 15] = [
    "MPL-2.0",
    "CDLA-Permissive-2.0",
    "MIT",
    "MIT-0",
    "Apache-2.0",
    "Apache-2.0 WITH LLVM-exception",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "ISC",
    "Zlib",
    "Unicode-3.0",
    "Unicode-DFS-2016",
    "Unlicense",
    "CC0-1.0",
    "BSL-1.0",
];

/// Crates offered under a choice that includes a copyleft licence, and the licence we take each
/// under. The choice is ours to make, so it is written down here and not left to the check: a
/// new crate with such a choice fails until someone reads its terms and adds it.
/// adler2 ("0BSD OR MIT OR Apache-2.0") comes with ureq's gzip (the hall's push to Lichess),
/// taken under MIT. (serialport's unescaper, offered "MIT OR GPL-3.0-only", is replaced by our
/// own in patches/unescaper; r-efi, "MIT OR Apache-2.0 OR LGPL-2.1-or-later", which getrandom
/// takes on UEFI targets, by our own in patches/r-efi.)
const ELECTED: [(&str, &str); 1] = [("adler2", "MIT")];

pub fn check() -> Result<()> {
    // No `--filter-platform`: every target's dependencies count.
    let platform = "every target";
    {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = Command::new(cargo)
            .args(["metadata", "--format-version", "1"])
            .current_dir(crate::root())
            .output()
            .context("cargo metadata")?;
        if !out.status.success() {
            bail!("cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
        }
        let meta: Value = serde_json::from_slice(&out.stdout)?;
        let Judgement { refused, chosen } = judge(&meta)?;
        for (name, licence) in &chosen {
            match elected(name) {
                Some(taken) => {
                    println!("licences ({platform}): {name} is \"{licence}\", taken under {taken}")
                }
                None => bail!(
                    "{name} is offered as \"{licence}\" on {platform}: read its terms and record the licence we take it under in ELECTED (xtask/src/licences.rs)"
                ),
            }
        }
        if !refused.is_empty() {
            bail!(
                "shipped crates without an MIT/Apache-compatible licence on {platform}: {refused:?}"
            );
        }
    }
    println!(
        "licences: no crate we ship names a GPL licence; every one is permissive or taken as recorded"
    );
    Ok(())
}

/// What the check found among the shipped crates.
struct Judgement {
    /// Crates with no permissive licence, as `name (licence)`.
    refused: Vec<String>,
    /// Crates accepted only through a choice among several licences: (name, licence).
    chosen: BTreeSet<(String, String)>,
}

fn judge(meta: &Value) -> Result<Judgement> {
    let packages: HashMap<&str, &Value> = meta["packages"]
        .as_array()
        .context("packages")?
        .iter()
        .filter_map(|p| Some((p["id"].as_str()?, p)))
        .collect();
    let nodes: HashMap<&str, &Value> = meta["resolve"]["nodes"]
        .as_array()
        .context("resolve")?
        .iter()
        .filter_map(|n| Some((n["id"].as_str()?, n)))
        .collect();
    // Walk normal and build dependencies from the shipped packages; dev-dependencies stop here.
    let mut todo: Vec<&str> = packages
        .iter()
        .filter(|(_, p)| SHIPPED.contains(&p["name"].as_str().unwrap_or("")))
        .map(|(id, _)| *id)
        .collect();
    let mut seen = BTreeSet::new();
    while let Some(id) = todo.pop() {
        if !seen.insert(id) {
            continue;
        }
        for dep in nodes
            .get(id)
            .and_then(|n| n["deps"].as_array())
            .into_iter()
            .flatten()
        {
            let shipped = dep["dep_kinds"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|k| k["kind"].as_str() != Some("dev")));
            if shipped && let Some(pkg) = dep["pkg"].as_str() {
                todo.push(pkg);
            }
        }
    }
    let mut refused = Vec::new();
    let mut chosen = BTreeSet::new();
    for id in seen {
        let Some(pkg) = packages.get(id) else {
            continue;
        };
        let name = pkg["name"].as_str().unwrap_or("?").to_owned();
        let licence = pkg["license"].as_str().unwrap_or("").to_owned();
        // Old manifests write a choice as `MIT/Apache-2.0`.
        let alternatives: Vec<&str> = licence
            .split(" OR ")
            .flat_map(|alt| alt.split('/'))
            .map(strip_parens)
            .collect();
        if alternatives.iter().any(|alt| copyleft(alt)) {
            refused.push(format!("{name} ({licence})"));
            continue;
        }
        if alternatives.iter().all(|alt| permissive(alt)) {
            continue;
        }
        if alternatives.iter().any(|alt| permissive(alt)) {
            chosen.insert((name, licence));
        } else {
            refused.push(format!("{name} ({licence})"));
        }
    }
    Ok(Judgement { refused, chosen })
}

/// The licence recorded for a crate that offers a choice, if one is.
fn elected(name: &str) -> Option<&'static str> {
    ELECTED
        .iter()
        .find(|(crate_name, _)| *crate_name == name)
        .map(|(_, taken)| *taken)
}

fn strip_parens(term: &str) -> &str {
    term.trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim()
}

/// Whether an alternative names a licence of the GPL family (GPL, LGPL, AGPL).
fn copyleft(alternative: &str) -> bool {
    alternative
        .split(" AND ")
        .map(strip_parens)
        .any(|licence| licence.contains("GPL"))
}

/// One alternative of an SPDX expression: a licence, or several joined by AND.
fn permissive(alternative: &str) -> bool {
    alternative
        .split(" AND ")
        .map(strip_parens)
        .all(|licence| PERMISSIVE.contains(&licence))
}

#[cfg(test)]
mod tests {
    use super::{ELECTED, copyleft, elected, permissive};

    #[test]
    fn gpl_only_is_refused_and_permissive_terms_pass() {
        assert!(!permissive("GPL-3.0-only"));
        assert!(!permissive("LGPL-2.1-or-later"));
        assert!(permissive("MIT"));
        assert!(permissive("Unicode-3.0 AND MIT"));
        assert!(permissive("Apache-2.0 WITH LLVM-exception"));
        assert!(permissive("MPL-2.0"));
    }

    #[test]
    fn a_choice_with_a_copyleft_licence_needs_a_recorded_election() {
        assert_eq!(elected("adler2"), Some("MIT"));
        assert_eq!(elected("some-new-crate"), None);
        // What we record taking must itself be permissive.
        assert!(ELECTED.iter().all(|(_, taken)| permissive(taken)));
    }

    #[test]
    fn a_gpl_choice_is_refused_even_beside_a_permissive_one() {
        assert!(copyleft("GPL-3.0-only"));
        assert!(copyleft("LGPL-2.1-or-later"));
        assert!(copyleft("AGPL-3.0-only AND MIT"));
        assert!(!copyleft("MIT"));
        assert!(!copyleft("MPL-2.0"));
        // No election can let one through: none names a GPL licence.
        assert!(ELECTED.iter().all(|(_, taken)| !copyleft(taken)));
    }
}
