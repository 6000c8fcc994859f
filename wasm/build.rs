//! The words moves, squares and pieces are said in (src/words.rs), taken from the page's message
//! catalogue, `www/messages/<lang>.json`, at build time: one file per language holds every word
//! a person sees or hears, and the wasm cannot fetch and read those files when it starts (the
//! page's first load has a budget). This script reads the `spoken_*` messages of every language
//! there and writes them as Rust tables into `OUT_DIR/spoken.rs`, which words.rs includes.
//!
//! A language file that lacks one of these ids, or gives it something other than plain text (a
//! spoken word takes no arguments), fails the build with the file and the id named.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The pieces in the order the tables index them: cozy-chess's `Piece as usize`.
const PIECES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
/// The colours in the order the tables index them: White's, then Black's.
const COLOURS: [&str; 2] = ["white", "black"];
/// The other words, each a field of `Vocabulary` under the same name.
const WORDS: [&str; 9] = [
    "empty",
    "none",
    "takes",
    "check",
    "checkmate",
    "short_castle",
    "long_castle",
    "promotes",
    "en_passant",
];
const PREFIX: &str = "spoken_";

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    // The workspace's www/messages: one folder up from wasm/, two from wasm/lean, which runs
    // this script for the lean module.
    let folder = manifest
        .ancestors()
        .map(|dir| dir.join("www").join("messages"))
        .find(|folder| folder.is_dir())
        .unwrap_or_else(|| manifest.join("..").join("www").join("messages"));
    // The folder, not each file: a language added is read too.
    println!("cargo:rerun-if-changed={}", folder.display());
    match tables(&folder) {
        Ok(code) => {
            let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
            std::fs::write(out.join("spoken.rs"), code).expect("OUT_DIR is writable");
        }
        Err(problems) => {
            eprintln!(
                "the spoken words (wasm/build.rs) cannot be read from www/messages:\n  {}",
                problems.join("\n  ")
            );
            std::process::exit(1);
        }
    }
}

/// Every id this script reads from each language.
fn ids() -> Vec<String> {
    let mut ids: Vec<String> = PIECES.iter().map(|p| format!("{PREFIX}{p}")).collect();
    for colour in COLOURS {
        ids.extend(PIECES.iter().map(|p| format!("{PREFIX}{colour}_{p}")));
    }
    ids.extend(WORDS.iter().map(|w| format!("{PREFIX}{w}")));
    ids
}

/// The Rust source of the tables, or every problem found, each naming its file and id.
fn tables(folder: &Path) -> Result<String, Vec<String>> {
    let mut problems = Vec::new();
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(folder)
        .map_err(|e| vec![format!("www/messages: {e}")])?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let code = path
                .file_name()?
                .to_str()?
                .strip_suffix(".json")?
                .to_owned();
            Some((code, path))
        })
        .collect();
    files.sort();
    if !files.iter().any(|(code, _)| code == "en") {
        problems.push("www/messages/en.json: missing (English is the reference)".to_owned());
    }
    let ids = ids();
    let mut code = String::from("// Written by wasm/build.rs from www/messages/<lang>.json.\n\n");
    let _ = writeln!(code, "/// Every message id the spoken words are read from.");
    let _ = writeln!(code, "#[cfg(test)]");
    let _ = writeln!(
        code,
        "pub(crate) const SPOKEN_IDS: [&str; {}] = [",
        ids.len()
    );
    for id in &ids {
        let _ = writeln!(code, "    {id:?},");
    }
    let _ = writeln!(code, "];\n");
    let _ = writeln!(
        code,
        "/// Each language's words, by its code.\nconst VOCABULARIES: [(&str, Vocabulary); {}] = [",
        files.len()
    );
    for (lang, path) in &files {
        let name = format!("www/messages/{lang}.json");
        let words = match read(path, &name, &ids) {
            Ok(words) => words,
            Err(mut found) => {
                problems.append(&mut found);
                continue;
            }
        };
        let word = |id: &str| format!("{:?}", words[&format!("{PREFIX}{id}")]);
        let pieces: Vec<String> = PIECES.iter().map(|p| word(p)).collect();
        let _ = writeln!(code, "    ({lang:?}, Vocabulary {{");
        let _ = writeln!(code, "        pieces: [{}],", pieces.join(", "));
        let _ = writeln!(code, "        colored: [");
        for p in PIECES {
            let [white, black] = COLOURS.map(|c| word(&format!("{c}_{p}")));
            let _ = writeln!(code, "            [{white}, {black}],");
        }
        let _ = writeln!(code, "        ],");
        for w in WORDS {
            let _ = writeln!(code, "        {w}: {},", word(w));
        }
        let _ = writeln!(code, "    }}),");
    }
    let _ = writeln!(code, "];");
    if problems.is_empty() {
        Ok(code)
    } else {
        Err(problems)
    }
}

/// The words `ids` of one language's file, as plain text.
fn read(
    path: &Path,
    name: &str,
    ids: &[String],
) -> Result<std::collections::HashMap<String, String>, Vec<String>> {
    let text = std::fs::read_to_string(path).map_err(|e| vec![format!("{name}: {e}")])?;
    let messages: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).map_err(|e| vec![format!("{name}: not JSON: {e}")])?;
    let mut words = std::collections::HashMap::new();
    let mut problems = Vec::new();
    for id in ids {
        match messages.get(id) {
            None => problems.push(format!(
                "{name}: {id} is missing (the wasm says moves with it)"
            )),
            Some(serde_json::Value::String(message)) => match plain(message) {
                Some(word) if !word.trim().is_empty() => {
                    words.insert(id.clone(), word);
                }
                Some(_) => problems.push(format!("{name}: {id} is empty")),
                None => problems.push(format!(
                    "{name}: {id} is not plain text (a spoken word takes no {{argument}}): {message:?}"
                )),
            },
            Some(_) => problems.push(format!("{name}: {id} is not a text")),
        }
    }
    if problems.is_empty() {
        Ok(words)
    } else {
        Err(problems)
    }
}

/// The text an ICU message without arguments says: its doubled apostrophes single (a single
/// apostrophe is itself unless it quotes a brace, and braces are refused); `None` for a message
/// with braces, which a word without arguments has no use for.
fn plain(message: &str) -> Option<String> {
    if message.contains(['{', '}']) {
        return None;
    }
    Some(message.replace("''", "'"))
}
