//! The next round without a restart: its pairings read, the round played so far archived, and
//! fresh games opened on the same boards and ports, their clocks left for the arbiter to start.
//!
//! The pairings come from where an arbiter keeps them: the pairing program's TRF file. Either
//! the file the hall file names (`[event] trf`), read again, since the pairing program writes
//! each round's pairings into the same file; or the file the arbiter gives with the request,
//! for a hall whose file names none or a file kept elsewhere.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;

use super::board::{Completing, HallBoard};
use super::config::HallConfig;
use super::{Round, SharedHall, archive};

/// How the hall was started: what the next round's games are opened with.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The hall file (its boards, ports and event; `[event] trf`).
    pub hall_file: PathBuf,
    /// How its boards complete moves.
    pub completing: Completing,
}

/// Why the next round was not started.
#[derive(Debug, thiserror::Error)]
pub enum NotStarted {
    /// Games of the round are still being played (their board numbers); the arbiter may ask
    /// again with `force`.
    #[error("board {} still playing: end those games, or start the next round anyway (force)", list(.0))]
    Playing(Vec<u32>),
    /// The next round's pairings cannot be read.
    #[error("round {round}'s pairings: {why}")]
    Pairings {
        /// The round asked for.
        round: u32,
        /// What is wrong, and where.
        why: String,
    },
    /// The pairings hold another number of boards than the hall has.
    #[error("round {round} needs boards {wanted:?}; the hall has boards {have:?}")]
    Boards {
        /// The round asked for.
        round: u32,
        /// The boards its pairings name.
        wanted: Vec<u32>,
        /// The hall's boards.
        have: Vec<u32>,
    },
    /// Another request started the next round while this one read the games.
    #[error("round {0} was started meanwhile")]
    Started(u32),
    /// The hall was not started from a file (a test's hall).
    #[error("this hall was not started from a hall file: restart it for the next round")]
    NoSetup,
    /// The round's logs or games cannot be opened.
    #[error("{0:#}")]
    Failed(anyhow::Error),
}

fn list(numbers: &[u32]) -> String {
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Opens round `config.event.round`: the logs of another round archived first, each board's
/// game and seats, and `round.json` naming the round the logs are of.
///
/// # Errors
/// The logs cannot be archived or opened, a game not set up, a seat's keys not kept.
pub fn open_round(
    config: &HallConfig,
    log: Option<&Path>,
    completing: Completing,
) -> anyhow::Result<Round> {
    if let Some(log) = log {
        // Before any log is opened: the logs of another round are archived, never continued.
        for said in archive::prepare(log, config.event.round)? {
            eprintln!("board-bridge: {said}");
        }
    }
    let mut boards = Vec::with_capacity(config.boards.len());
    for b in &config.boards {
        boards.push(HallBoard::open(config, b, log, completing)?);
    }
    // A hall's seats are always taken with their keys: its pages are for the hall's network.
    let mut seats = Vec::with_capacity(boards.len());
    for b in &boards {
        let file = log.map(|l| {
            l.join(format!("board-{}", b.number()))
                .join(crate::keys::KEYS_FILE)
        });
        let keys = crate::keys::SeatKeys::load(file, crate::keys::HALL_SEATS, false)
            .with_context(|| format!("board {}'s seat keys", b.number()))?;
        // The keys of the rounds archived before, kept with their logs: a player's link of an
        // ended round is told so after a restart too.
        if let Some(log) = log {
            for round in archive::archived(log) {
                if round == config.event.round {
                    continue;
                }
                let file = archive::round_dir(log, round)
                    .join(format!("board-{}", b.number()))
                    .join(crate::keys::KEYS_FILE);
                // Only what a returning page is told depends on them: a spoilt file is said,
                // and the hall opens (such a link gets the plain "key needed").
                if let Err(e) = keys.remember_archived(round, &file) {
                    eprintln!(
                        "board-bridge: board {}'s seat keys of round {round} not read back ({e}): its links of that round are told only that they lack a key",
                        b.number()
                    );
                }
            }
        }
        seats.push(Arc::new(keys));
    }
    // After the logs are prepared: this round's results off the boards are taken up again, and
    // another round's were archived with its logs.
    let off_board =
        super::off_board::OffBoard::open(config.event.round, config.round_file.as_ref(), log)
            .context("the results of the games off the sensor boards")?;
    if !off_board.is_empty() {
        eprintln!(
            "board-bridge: round {} has {} games: the sensor boards carry the first {}, the other {} are played on ordinary boards, their results entered on the hall page",
            config.event.round,
            config.boards.len() + off_board.len(),
            config.boards.len(),
            off_board.len()
        );
    }
    if let Some(log) = log {
        let tags: Vec<(u32, arbiter_core::pgn::Tags)> = config
            .boards
            .iter()
            .map(|b| (b.number, super::round::board_tags(&config.event, b)))
            .collect();
        archive::record(log, config.event.round, &tags)
            .context("recording which round the logs are of")?;
    }
    Ok(Round::new(
        config.event.clone(),
        boards,
        seats,
        config.round_file.clone(),
        off_board,
    ))
}

/// The boards whose game is under way (started, no result yet), by number.
pub async fn still_playing(round: &Round) -> Vec<u32> {
    let mut playing = Vec::new();
    for b in &round.boards {
        let now = b.facts.clock.now_ms();
        let under_way = b.game.act(move |r| {
            let game = r.game();
            game.result().is_none() && game.state(arbiter_core::clock::Timestamp(now)).started
        });
        if under_way.await == Some(true) {
            playing.push(b.number());
        }
    }
    playing
}

/// Starts the round after the one being played: its pairings from `trf` (the TRF file the
/// arbiter gave) or else the hall file's `[event] trf` read again; refused while a game is
/// under way unless `force`. The round played so far is archived (its logs under
/// `round-N/`, served as `/round/N.pgn`), the boards' links are handed to the new games,
/// whose clocks wait for the arbiter's start, and every page is told. Returns the round.
///
/// # Errors
/// Why the round was not started ([`NotStarted`]); the round played so far then goes on.
pub async fn start_next(
    hall: &SharedHall,
    trf: Option<&str>,
    force: bool,
) -> Result<u32, NotStarted> {
    let setup = hall.setup.clone().ok_or(NotStarted::NoSetup)?;
    let now = hall.round();
    let playing = still_playing(&now).await;
    if !playing.is_empty() && !force {
        return Err(NotStarted::Playing(playing));
    }
    let finished = super::round::round_pgn(&now, false).await;
    let round = now.event.round + 1;
    // From here to the new round's tasks nothing waits: no other request comes between.
    if hall.round().event.round != now.event.round {
        return Err(NotStarted::Started(round));
    }
    let config =
        HallConfig::load_next(&setup.hall_file, round, trf).map_err(|e| NotStarted::Pairings {
            round,
            why: e.to_string(),
        })?;
    let have: Vec<u32> = now.boards.iter().map(HallBoard::number).collect();
    let wanted: Vec<u32> = config.boards.iter().map(|b| b.number).collect();
    if have != wanted {
        // The hall file was edited since the start: its boards are the ones being served.
        return Err(NotStarted::Boards {
            round,
            wanted,
            have,
        });
    }
    // Every later round waits for the arbiter's start: the pieces of the round before may
    // still stand anywhere on the boards when it begins.
    let completing = Completing {
        arbiter_starts: true,
        ..setup.completing
    };
    let next = open_round(&config, hall.log.as_deref(), completing).map_err(NotStarted::Failed)?;
    // The same boards, in the same order: a player's link of this round, come back, is told
    // that its round has ended rather than that it lacks a key.
    for (seats, ended) in next.seats.iter().zip(&now.seats) {
        seats.remember_ended(now.event.round, ended);
    }
    if !playing.is_empty() {
        eprintln!(
            "board-bridge: round {} archived with board {} unfinished, as the arbiter asked",
            now.event.round,
            list(&playing)
        );
    }
    // The new round's games run before anyone reads them (the pages' snapshot of it).
    hall.replace_round(next, finished);
    super::spawn_round(hall);
    hall.round_replaced().await;
    eprintln!(
        "board-bridge: round {round} opened on the same boards; its clocks start when the arbiter starts the round"
    );
    Ok(round)
}
