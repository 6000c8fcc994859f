//! Whether a step of the page's build would make what it made last time, so that `cargo xtask
//! serve` after `cargo xtask test` (or run twice) does not optimise, cut and compress the same
//! wasm and page again: measured about two minutes of a loaded machine for nothing.
//!
//! A step's stamp (under the target folder) is the SHA-256 of everything it reads, this xtask
//! program included (a change to how the page is built is a change of input), then of what it
//! wrote. The step is skipped only when both match: its inputs are unchanged and its output is
//! still the one it wrote (a file edited or deleted by hand is made again).

use crate::paths::target_dir;
use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// What one step reads, hashed as it is added.
pub struct Inputs {
    step: String,
    hash: Sha256,
}

impl Inputs {
    /// The inputs of `step` (a name for its stamp file), starting with this program itself.
    pub fn new(step: &str) -> Result<Self> {
        let mut inputs = Inputs {
            step: step.to_string(),
            hash: Sha256::new(),
        };
        // The program by its size and time of writing, not its bytes: it is large, and its
        // SHA-256 unoptimised took seconds; cargo writes it anew whenever it changes.
        let me = std::env::current_exe().context("finding the xtask program")?;
        let program = match std::fs::metadata(&me) {
            Ok(meta) => {
                let written = meta
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                format!("{} {} {written}", me.display(), meta.len())
            }
            // The program was replaced while it runs (a build of the workspace rebuilt it): it
            // cannot vouch for a step it did not run, so the step is never skipped.
            Err(_) => format!(
                "replaced {} {:?}",
                std::process::id(),
                std::time::SystemTime::now()
            ),
        };
        inputs.value("xtask", &program);
        Ok(inputs)
    }

    /// A value that changes the step's output (a setting, a profile, an option).
    pub fn value(&mut self, what: &str, value: &str) -> &mut Self {
        for part in [what, value] {
            self.hash.update((part.len() as u64).to_le_bytes());
            self.hash.update(part.as_bytes());
        }
        self
    }

    /// A file's bytes, or that it is absent.
    pub fn file(&mut self, path: &Path) -> Result<&mut Self> {
        let bytes = match std::fs::read(path) {
            Ok(b) => Some(b),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        self.value("file", &path.display().to_string());
        match bytes {
            Some(b) => {
                self.hash.update((b.len() as u64).to_le_bytes());
                self.hash.update(&b);
            }
            None => self.hash.update(u64::MAX.to_le_bytes()),
        }
        Ok(self)
    }

    /// Every file under `dir` whose path (relative to `dir`) `keep` accepts, in name order.
    pub fn tree(&mut self, dir: &Path, keep: impl Fn(&Path) -> bool) -> Result<&mut Self> {
        for rel in files_under(dir)? {
            if keep(&rel) {
                self.file(&dir.join(&rel))?;
            }
        }
        Ok(self)
    }

    fn stamp_path(&self) -> PathBuf {
        target_dir()
            .join("xtask-stamps")
            .join(format!("{}.stamp", self.step))
    }

    fn digest(&self) -> String {
        hex(&self.hash.clone().finalize())
    }

    /// Whether the step last ran on these inputs and `output` is still what it wrote.
    pub fn unchanged(&self, output: &Output) -> bool {
        let Ok(stamp) = std::fs::read_to_string(self.stamp_path()) else {
            return false;
        };
        let Ok(wrote) = output.digest() else {
            return false;
        };
        stamp == format!("{}\n{}\n", self.digest(), wrote)
    }

    /// Notes that the step ran on these inputs and wrote `output`.
    pub fn record(&self, output: &Output) -> Result<()> {
        let path = self.stamp_path();
        std::fs::create_dir_all(path.parent().context("the stamps' folder")?)?;
        let text = format!("{}\n{}\n", self.digest(), output.digest()?);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
    }
}

/// What a step writes: some files, or every file under a folder.
pub enum Output {
    /// These files, each of which must exist.
    Files(Vec<PathBuf>),
    /// Every file under this folder, which must exist.
    Tree(PathBuf),
}

impl Output {
    fn digest(&self) -> Result<String> {
        let mut hash = Sha256::new();
        let files = match self {
            Output::Files(files) => files.clone(),
            Output::Tree(dir) => files_under(dir)?.into_iter().map(|r| dir.join(r)).collect(),
        };
        for file in files {
            let bytes =
                std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            hash.update(file.display().to_string().as_bytes());
            hash.update((bytes.len() as u64).to_le_bytes());
            hash.update(&bytes);
        }
        Ok(hex(&hash.finalize()))
    }
}

/// The files under `dir`, relative to it, in name order (the page's own walk, `dist::walk`).
fn files_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    crate::dist::walk(dir, Path::new(""), &mut out)?;
    out.sort();
    Ok(out)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-fresh-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_step_is_unchanged_only_with_the_same_inputs_and_its_output_untouched() {
        let dir = scratch("step");
        let input = dir.join("in.txt");
        let out = dir.join("out");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(&input, "a").unwrap();
        std::fs::write(out.join("page.js"), "built from a").unwrap();
        let step = format!("test-{}", std::process::id());
        let inputs = |v: &str| {
            let mut i = Inputs::new(&step).unwrap();
            i.file(&input).unwrap().value("profile", v);
            i
        };
        let output = Output::Tree(out.clone());
        assert!(!inputs("release").unchanged(&output), "never built");
        inputs("release").record(&output).unwrap();
        assert!(inputs("release").unchanged(&output));
        assert!(!inputs("debug").unchanged(&output), "another setting");
        std::fs::write(&input, "b").unwrap();
        assert!(!inputs("release").unchanged(&output), "an input edited");
        std::fs::write(&input, "a").unwrap();
        assert!(inputs("release").unchanged(&output));
        std::fs::write(out.join("page.js"), "edited by hand").unwrap();
        assert!(!inputs("release").unchanged(&output), "the output edited");
        std::fs::write(out.join("page.js"), "built from a").unwrap();
        std::fs::remove_file(out.join("page.js")).unwrap();
        assert!(!inputs("release").unchanged(&output), "the output deleted");
        let _ = std::fs::remove_file(inputs("release").stamp_path());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
