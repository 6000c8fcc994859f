//! The round's games beyond the sensor boards: a round of an open has more games than a club
//! has sensor boards, so the pairing's top boards are played on the sensor boards and the rest
//! on ordinary boards, with no moves for the bridge to read. Their results are the arbiter's to
//! enter (the players report them to him, 2023 Art. 8.7), as the core's [`GameResult`], or a
//! game lost by forfeit as the core's [`Forfeit`] (a player, or both, absent at the default
//! time: 2005 Art. 6.7 / 2023 Art. 6.7.1); they go
//! back to the pairing program in the round's TRF file and are kept beside the round's logs
//! (`off-board.json`, archived with them under `round-N/`), so a restart or the next round
//! loses none. They are never in the round's PGN nor the push: a game without moves is no
//! broadcast.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use arbiter_core::arbiter::{Forfeit, GameResult};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::config::RoundFile;
use super::trf::{Pairing, Player};

/// The file beside a round's logs holding its results of games off the sensor boards.
pub const FILE: &str = "off-board.json";

/// What [`FILE`] holds.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    /// The round the results are of.
    round: u32,
    /// Each result entered, by the game's board number in the pairing.
    results: std::collections::BTreeMap<u32, Outcome>,
}

/// How a game off the sensor boards ended, as the arbiter entered it. JSON: the result as a
/// string (`"1-0"`, what the files of before forfeits hold), or `{"forfeit": "white"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Outcome {
    /// Played to the result the players reported.
    Played(GameResult),
    /// Lost by forfeit: who was absent.
    Forfeit {
        /// The absent player, or both.
        forfeit: Forfeit,
    },
}

impl Outcome {
    /// The result as the round's lists write it: the PGN result of a game played; a forfeit as
    /// White's and Black's marks, `+` won and `-` lost by forfeit (`+/-`, `-/+`, `-/-`), as the
    /// pairing programs' lists and the TRF file write it.
    pub fn text(self) -> &'static str {
        match self {
            Outcome::Played(r) => r.pgn(),
            Outcome::Forfeit {
                forfeit: Forfeit::White,
            } => "-/+",
            Outcome::Forfeit {
                forfeit: Forfeit::Black,
            } => "+/-",
            Outcome::Forfeit {
                forfeit: Forfeit::Both,
            } => "-/-",
        }
    }

    /// The forfeit, when the game was lost by one.
    pub fn forfeit(self) -> Option<Forfeit> {
        match self {
            Outcome::Played(_) => None,
            Outcome::Forfeit { forfeit } => Some(forfeit),
        }
    }
}

/// One game off the sensor boards.
#[derive(Debug, Clone)]
pub struct OffBoardGame {
    /// Its board number in the pairing.
    pub number: u32,
    /// White and Black, by starting rank.
    pub pairing: Pairing,
    white: Option<Player>,
    black: Option<Player>,
}

/// Why a result of a game off the sensor boards was not taken.
#[derive(Debug, thiserror::Error)]
pub enum OffBoardError {
    /// No game of the round has that number off the sensor boards.
    #[error("round {round} has no game {number} off the sensor boards{}", known(.games))]
    Unknown {
        /// The round.
        round: u32,
        /// The number asked for.
        number: u32,
        /// The numbers there are.
        games: Vec<u32>,
    },
    /// Undo asked of a game without a result.
    #[error("game {0} has no result to undo")]
    Nothing(u32),
    /// The results could not be kept beside the logs: nothing changed.
    #[error("keeping the result in {path}: {why}")]
    Unkept {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
}

fn known(games: &[u32]) -> String {
    match (games.first(), games.last()) {
        (Some(first), Some(last)) => format!(" (they are {first} to {last})"),
        _ => " (all its games are on the sensor boards)".to_owned(),
    }
}

/// The round's games off the sensor boards and their results so far.
#[derive(Debug, Default)]
pub struct OffBoard {
    round: u32,
    games: Vec<OffBoardGame>,
    results: Mutex<Vec<Option<Outcome>>>,
    /// Where the results are kept, when the round has a log folder.
    file: Option<PathBuf>,
}

impl OffBoard {
    /// Round `round`'s games off the sensor boards from its pairings, with the results kept
    /// beside the logs in `log` for this round (a restart takes them up again).
    ///
    /// # Errors
    /// The kept results cannot be read: the file, and its line and column.
    pub fn open(
        round: u32,
        file: Option<&RoundFile>,
        log: Option<&Path>,
    ) -> anyhow::Result<OffBoard> {
        let games: Vec<OffBoardGame> = file
            .map(|f| {
                f.off_board
                    .iter()
                    .map(|&(number, pairing)| OffBoardGame {
                        number,
                        pairing,
                        white: f.trf.player(pairing.white).cloned(),
                        black: f.trf.player(pairing.black).cloned(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut results = vec![None; games.len()];
        let file = log.map(|l| l.join(FILE));
        if let Some(path) = &file {
            match std::fs::read_to_string(path) {
                Ok(text) => {
                    let record: Record = serde_json::from_str(&text).map_err(|e| {
                        anyhow::anyhow!(
                            "{}, line {}, column {}: {e}",
                            path.display(),
                            e.line(),
                            e.column()
                        )
                    })?;
                    // Another round's results are that round's (archived with its logs).
                    if record.round == round {
                        for (slot, game) in results.iter_mut().zip(&games) {
                            *slot = record.results.get(&game.number).copied();
                        }
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    return Err(anyhow::anyhow!("reading {}: {e}", path.display()));
                }
            }
        }
        Ok(OffBoard {
            round,
            games,
            results: Mutex::new(results),
            file,
        })
    }

    /// How many games are played off the sensor boards.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether every game is on a sensor board.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Each game with its result, for the round's TRF file.
    pub fn results(&self) -> Vec<(Pairing, Outcome)> {
        let results = super::lock(&self.results);
        self.games
            .iter()
            .zip(results.iter())
            .filter_map(|(g, r)| r.map(|r| (g.pairing, r)))
            .collect()
    }

    /// The games as the hall page lists them: number, players and result (public: names,
    /// titles, ratings and results are what the pairing's list shows).
    pub fn summary(&self) -> Vec<Value> {
        let results = super::lock(&self.results);
        let name = |p: &Option<Player>| p.as_ref().map_or(String::new(), |p| p.name.clone());
        self.games
            .iter()
            .zip(results.iter())
            .map(|(g, r)| {
                json!({
                    "number": g.number,
                    "white": name(&g.white),
                    "black": name(&g.black),
                    "white_title": g.white.as_ref().and_then(|p| p.title.clone()),
                    "black_title": g.black.as_ref().and_then(|p| p.title.clone()),
                    "white_elo": g.white.as_ref().and_then(|p| p.rating),
                    "black_elo": g.black.as_ref().and_then(|p| p.rating),
                    "result": r.map(Outcome::text),
                    "forfeit": r.and_then(Outcome::forfeit),
                })
            })
            .collect()
    }

    /// Game `number` now has `result` (`None`: its result undone). Kept beside the logs before
    /// it counts: a result the file could not take is refused, not forgotten at a restart.
    /// Returns what the game had before.
    ///
    /// # Errors
    /// No such game off the sensor boards; nothing to undo; the file cannot be written.
    pub fn set(
        &self,
        number: u32,
        result: Option<Outcome>,
    ) -> Result<Option<Outcome>, OffBoardError> {
        let Some(i) = self.games.iter().position(|g| g.number == number) else {
            return Err(OffBoardError::Unknown {
                round: self.round,
                number,
                games: self.games.iter().map(|g| g.number).collect(),
            });
        };
        let mut results = super::lock(&self.results);
        let before = results[i];
        if result.is_none() && before.is_none() {
            return Err(OffBoardError::Nothing(number));
        }
        let mut next = results.clone();
        next[i] = result;
        if let Some(path) = &self.file {
            let record = Record {
                round: self.round,
                results: self
                    .games
                    .iter()
                    .zip(&next)
                    .filter_map(|(g, r)| r.map(|r| (g.number, r)))
                    .collect(),
            };
            keep(path, &record).map_err(|why| OffBoardError::Unkept {
                path: path.display().to_string(),
                why,
            })?;
        }
        *results = next;
        Ok(before)
    }
}

/// The results off the sensor boards that an ended round's archive keeps (`dir`: the round's
/// folder, `round-N/`), as the hall page lists them: each game's number, result and forfeit,
/// by number. None when the round had no result off the sensor boards.
///
/// # Errors
/// The file cannot be read, or is not one of round `round`'s results.
pub fn archived(dir: &Path, round: u32) -> anyhow::Result<Vec<Value>> {
    let path = dir.join(FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(anyhow::anyhow!("reading {}: {e}", path.display())),
    };
    let record: Record = serde_json::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}, line {}, column {}: {e}",
            path.display(),
            e.line(),
            e.column()
        )
    })?;
    anyhow::ensure!(
        record.round == round,
        "{} holds round {}'s results, not round {round}'s",
        path.display(),
        record.round
    );
    Ok(record
        .results
        .into_iter()
        .map(|(number, outcome)| {
            json!({
                "number": number,
                "result": outcome.text(),
                "forfeit": outcome.forfeit(),
            })
        })
        .collect())
}

/// Writes `record` to `path` whole, as the seats' keys are written ([`crate::keys::write_private`]:
/// aside, synced, renamed over): a cut or a power failure leaves the old file or the new, never
/// an empty one that the next start could not read.
fn keep(path: &Path, record: &Record) -> Result<(), String> {
    let text = serde_json::to_string_pretty(record).map_err(|e| e.to_string())?;
    crate::keys::write_private(path, &text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_file() -> RoundFile {
        let trf =
            super::super::trf::Trf::parse(include_str!("../../tests/data/round.trf")).unwrap();
        let games = trf.pairings(2).unwrap();
        RoundFile {
            trf,
            games: vec![(1, games[0])],
            off_board: vec![(2, games[1])],
        }
    }

    #[test]
    fn results_are_kept_beside_the_logs_and_taken_up_again() {
        let log = std::env::temp_dir().join(format!("arbiter-off-board-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&log);
        std::fs::create_dir_all(&log).unwrap();
        let file = round_file();
        let off = OffBoard::open(2, Some(&file), Some(&log)).unwrap();
        assert_eq!(off.summary()[0]["white"], "Verdi, Carla");
        assert!(matches!(
            off.set(1, Some(Outcome::Played(GameResult::Draw))),
            Err(OffBoardError::Unknown { number: 1, .. })
        ));
        assert!(matches!(off.set(2, None), Err(OffBoardError::Nothing(2))));
        assert_eq!(
            off.set(2, Some(Outcome::Played(GameResult::Draw))).unwrap(),
            None
        );
        // A restart of the same round: the result is there; another round's is not.
        let again = OffBoard::open(2, Some(&file), Some(&log)).unwrap();
        assert_eq!(
            again.results(),
            vec![(file.off_board[0].1, Outcome::Played(GameResult::Draw))]
        );
        let other = OffBoard::open(3, Some(&file), Some(&log)).unwrap();
        assert!(other.results().is_empty());
        // A file spoilt by hand is named with its line.
        std::fs::write(log.join(FILE), "{\n\"round\": x}").unwrap();
        let e = OffBoard::open(2, Some(&file), Some(&log)).unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let _ = std::fs::remove_dir_all(&log);
    }

    /// An ended round's results read back from its archive, by number; another round's file
    /// or a spoilt one refused, naming the file.
    #[test]
    fn an_archived_rounds_results_are_read_back() {
        let dir = std::env::temp_dir().join(format!("arbiter-archived-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert!(archived(&dir, 1).unwrap().is_empty(), "no result: none");
        std::fs::write(
            dir.join(FILE),
            r#"{"round": 1, "results": {"9": {"forfeit": "both"}, "3": "1-0"}}"#,
        )
        .unwrap();
        assert_eq!(
            Value::from(archived(&dir, 1).unwrap()),
            json!([
                {"number": 3, "result": "1-0", "forfeit": null},
                {"number": 9, "result": "-/-", "forfeit": "both"}
            ])
        );
        let e = archived(&dir, 2).unwrap_err().to_string();
        assert!(e.contains("round 1's results, not round 2's"), "{e}");
        std::fs::write(dir.join(FILE), "{\n\"round\": 1,\n\"results\": x}").unwrap();
        assert!(
            archived(&dir, 1)
                .unwrap_err()
                .to_string()
                .contains("line 3")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A forfeit is kept as `{"forfeit": ...}` beside the results played, and a file written
    /// before forfeits (results as plain strings) is still read.
    #[test]
    fn a_forfeit_is_kept_and_a_file_of_before_forfeits_is_read() {
        let log = std::env::temp_dir().join(format!("arbiter-forfeit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&log);
        std::fs::create_dir_all(&log).unwrap();
        let file = round_file();
        std::fs::write(log.join(FILE), r#"{"round": 2, "results": {"2": "0-1"}}"#).unwrap();
        let off = OffBoard::open(2, Some(&file), Some(&log)).unwrap();
        assert_eq!(off.summary()[0]["result"], "0-1");
        assert!(off.summary()[0]["forfeit"].is_null());
        let both = Outcome::Forfeit {
            forfeit: Forfeit::Both,
        };
        off.set(2, Some(both)).unwrap();
        let kept = std::fs::read_to_string(log.join(FILE)).unwrap();
        let kept: Value = serde_json::from_str(&kept).unwrap();
        assert_eq!(kept["results"]["2"], json!({"forfeit": "both"}), "{kept}");
        let again = OffBoard::open(2, Some(&file), Some(&log)).unwrap();
        assert_eq!(again.results(), vec![(file.off_board[0].1, both)]);
        assert_eq!(again.summary()[0]["result"], "-/-");
        assert_eq!(again.summary()[0]["forfeit"], "both");
        let _ = std::fs::remove_dir_all(&log);
    }
}
