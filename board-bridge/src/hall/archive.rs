//! Every round of the event kept in the logs' folder, and served as `/round/N.pgn`.
//!
//! The round being played keeps its logs where the hall has always kept them, `DIR/board-M/`,
//! beside `DIR/round.json`: which round they are of, and each board's PGN tags (the tags are
//! the hall file's and change with it; the names are in each log's own setup). A hall started
//! on a round other than the one `round.json` names first archives those logs under
//! `DIR/round-K/` (`DIR/round-K/board-M/` and its `round.json`), then brings back the started
//! round's own logs when it was played before, so a round is never continued as another. The
//! results of the round's games off the sensor boards (`off-board.json`) go with its logs. A
//! folder without `round.json` (written before rounds were archived) is the hall file's round.
//!
//! An archived round is read back from its logs, never written: each board's game replayed as
//! the bridge replays a log on a restart, in the same PGN as `/round.pgn` served.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use arbiter_core::arbiter::{Game, LogRecord};
use arbiter_core::pgn::Tags;
use serde::{Deserialize, Serialize};

/// The file beside a round's logs naming its round and its boards' tags.
pub const ROUND_FILE: &str = "round.json";

/// What `round.json` holds.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RoundRecord {
    /// The round these logs are of.
    round: u32,
    /// Each board's PGN tags, by board number, in their order.
    boards: BTreeMap<u32, Vec<(String, String)>>,
}

/// The folder round `round` is archived in.
pub fn round_dir(log: &Path, round: u32) -> PathBuf {
    log.join(format!("round-{round}"))
}

/// Makes `log`'s current logs those of round `round` before the hall opens them: the logs of
/// another round (as `round.json` names it) archived under `round-K/`, and round `round`'s
/// brought back from its archive if it was played before. Returns what the arbiter is told.
///
/// # Errors
/// `round.json` cannot be read, or a folder cannot be moved (an archive already holding that
/// board's log is left untouched and named).
pub fn prepare(log: &Path, round: u32) -> anyhow::Result<Vec<String>> {
    let mut said = Vec::new();
    let Some(record) = read_record(log)? else {
        return Ok(said);
    };
    if record.round == round {
        return Ok(said);
    }
    let moved = move_round(log, &round_dir(log, record.round))?;
    if moved > 0 {
        said.push(format!(
            "round {}'s logs archived in {} (served as /round/{}.pgn)",
            record.round,
            round_dir(log, record.round).display(),
            record.round
        ));
    }
    let back = round_dir(log, round);
    if back.join(ROUND_FILE).is_file() {
        move_round(&back, log)?;
        said.push(format!(
            "round {round} was played before: its logs are taken up again from {}",
            back.display()
        ));
        let _ = std::fs::remove_dir(&back);
    }
    Ok(said)
}

/// Moves `from`'s `board-M` folders and `round.json` into `to`; how many boards it moved.
fn move_round(from: &Path, to: &Path) -> anyhow::Result<usize> {
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    let mut moved = 0;
    for (_, dir) in boards_in(from)? {
        let Some(name) = dir.file_name() else {
            continue;
        };
        let target = to.join(name);
        anyhow::ensure!(
            !target.exists(),
            "{} already exists: {} is left where it is (move one of them aside)",
            target.display(),
            dir.display()
        );
        std::fs::rename(&dir, &target)
            .with_context(|| format!("moving {} to {}", dir.display(), target.display()))?;
        moved += 1;
    }
    // The round's results of the games off the sensor boards go with its logs.
    for name in [super::off_board::FILE, ROUND_FILE] {
        let file = from.join(name);
        if file.is_file() {
            let target = to.join(name);
            std::fs::rename(&file, &target)
                .with_context(|| format!("moving {} to {}", file.display(), target.display()))?;
        }
    }
    Ok(moved)
}

/// The `board-M` folders in `dir`, by board number.
fn boards_in(dir: &Path) -> anyhow::Result<Vec<(u32, PathBuf)>> {
    let mut found = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(found),
        Err(e) => return Err(e).with_context(|| format!("reading {}", dir.display())),
    };
    for entry in entries {
        let entry = entry.with_context(|| format!("reading {}", dir.display()))?;
        let name = entry.file_name();
        let number = name
            .to_str()
            .and_then(|n| n.strip_prefix("board-"))
            .and_then(|n| n.parse::<u32>().ok());
        if let Some(number) = number
            && entry.path().is_dir()
        {
            found.push((number, entry.path()));
        }
    }
    found.sort();
    Ok(found)
}

fn read_record(dir: &Path) -> anyhow::Result<Option<RoundRecord>> {
    let file = dir.join(ROUND_FILE);
    match std::fs::read_to_string(&file) {
        Ok(text) => serde_json::from_str(&text).map(Some).with_context(|| {
            format!(
                "reading {} (which round the logs beside it are of)",
                file.display()
            )
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("reading {}", file.display())),
    }
}

/// Records in `log/round.json` that the logs beside it are round `round`'s, with each board's
/// tags (written aside and renamed over it, so a cut leaves the old file or the new one).
///
/// # Errors
/// The file cannot be written.
pub fn record(log: &Path, round: u32, boards: &[(u32, Tags)]) -> anyhow::Result<()> {
    let record = RoundRecord {
        round,
        boards: boards
            .iter()
            .map(|(n, tags)| {
                let pairs = tags
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect();
                (*n, pairs)
            })
            .collect(),
    };
    let text = serde_json::to_string_pretty(&record)?;
    let file = log.join(ROUND_FILE);
    let aside = log.join(format!("{ROUND_FILE}.new"));
    std::fs::create_dir_all(log).with_context(|| format!("creating {}", log.display()))?;
    std::fs::write(&aside, text).with_context(|| format!("writing {}", aside.display()))?;
    std::fs::rename(&aside, &file).with_context(|| format!("writing {}", file.display()))?;
    Ok(())
}

/// Why an archived round is not served.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// No such round in the archive.
    #[error("round {round} is not archived in this hall's log folder (archived: {archived})")]
    Unknown {
        /// The round asked for.
        round: u32,
        /// The rounds that are, as text.
        archived: String,
    },
    /// A log of the round could not be read back.
    #[error("round {round}, board {board}: {why}")]
    Unreadable {
        /// The round.
        round: u32,
        /// The board whose log it is.
        board: u32,
        /// What is wrong with it.
        why: String,
    },
}

/// The rounds archived under `log`, in order.
pub fn archived(log: &Path) -> Vec<u32> {
    let mut rounds: Vec<u32> = std::fs::read_dir(log)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name();
            let n = name.to_str()?.strip_prefix("round-")?.parse().ok()?;
            e.path().join(ROUND_FILE).is_file().then_some(n)
        })
        .collect();
    rounds.sort_unstable();
    rounds
}

/// Round `round`'s PGN read back from its archive under `log`, as `/round.pgn` served it.
///
/// # Errors
/// The round is not archived, or one of its logs cannot be read back.
pub fn round_pgn(log: &Path, round: u32) -> Result<String, ArchiveError> {
    let dir = round_dir(log, round);
    let record = match read_record(&dir) {
        Ok(Some(r)) if r.round == round => r,
        _ => {
            let archived = archived(log);
            let archived = if archived.is_empty() {
                "none".to_owned()
            } else {
                archived
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(ArchiveError::Unknown { round, archived });
        }
    };
    let unreadable = |board, why: String| ArchiveError::Unreadable { round, board, why };
    let mut out = String::new();
    let boards = boards_in(&dir).map_err(|e| unreadable(0, format!("{e:#}")))?;
    for (number, board_dir) in boards {
        let path = board_dir.join(crate::log::LOG_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            // A board whose game never began has no log: nothing of it to serve.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(unreadable(number, format!("reading its log: {e}"))),
        };
        let (log_record, _) = LogRecord::salvage_jsonl(&text)
            .map_err(|e| unreadable(number, format!("its log, line {}: {}", e.line, e.kind)))?;
        let game = replay(&log_record).map_err(|e| unreadable(number, e))?;
        // As the round's own PGN: a game lost by forfeit was not played.
        if game.forfeit().is_some() {
            continue;
        }
        let mut tags = Tags::new();
        for (k, v) in record.boards.get(&number).into_iter().flatten() {
            tags.set(k.as_str(), v.as_str());
        }
        // As the hub dates a game: the day it began, unless the hall file gave the date.
        let unknown = tags.get("Date").is_none_or(|d| d.starts_with('?'));
        if unknown && let Some(ms) = log_record.began_unix_ms() {
            tags.set("Date", arbiter_core::arbiter::pgn_date(ms));
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&super::round::without_illegal_moves(
            &game,
            game.to_pgn_tagged(tags),
        ));
    }
    Ok(out)
}

/// The game of a log, replayed as the referee replays it on a restart: every line was taken
/// once, so one the core now refuses is passed over, not fatal.
fn replay(record: &LogRecord) -> Result<Game, String> {
    let mut game = Game::continuing(record.config.clone(), record.version)
        .map_err(|e| format!("its setup: {e}"))?;
    for line in &record.lines {
        let _ = game.handle(line.stamped());
    }
    while game.poll_ruling().is_some() {}
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "board-bridge-archive-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn board(log: &Path, n: u32, text: &str) {
        let dir = log.join(format!("board-{n}"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("mark"), text).unwrap();
    }

    #[test]
    fn another_round_archives_the_logs_and_a_round_played_before_comes_back() {
        let log = scratch("prepare");
        board(&log, 1, "r3");
        // A folder from before rounds were archived: the file's round, left where it is.
        assert!(prepare(&log, 3).unwrap().is_empty());
        assert!(log.join("board-1/mark").is_file());
        record(&log, 3, &[(1, Tags::new())]).unwrap();
        assert!(
            prepare(&log, 3).unwrap().is_empty(),
            "the same round goes on"
        );
        assert!(log.join("board-1/mark").is_file());
        // Round 4: round 3's logs archived, none current.
        assert_eq!(prepare(&log, 4).unwrap().len(), 1);
        assert_eq!(
            std::fs::read_to_string(log.join("round-3/board-1/mark")).unwrap(),
            "r3"
        );
        assert!(!log.join("board-1").exists());
        assert_eq!(archived(&log), vec![3]);
        board(&log, 1, "r4");
        record(&log, 4, &[(1, Tags::new())]).unwrap();
        // Back to round 3 (a mistaken round number put right): round 4 archived, 3 resumed.
        assert_eq!(prepare(&log, 3).unwrap().len(), 2);
        assert_eq!(
            std::fs::read_to_string(log.join("board-1/mark")).unwrap(),
            "r3"
        );
        assert_eq!(archived(&log), vec![4]);
        let _ = std::fs::remove_dir_all(&log);
    }

    #[test]
    fn a_round_not_archived_is_named_with_those_that_are() {
        let log = scratch("unknown");
        let e = round_pgn(&log, 2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "round 2 is not archived in this hall's log folder (archived: none)"
        );
        let _ = std::fs::remove_dir_all(&log);
    }
}
