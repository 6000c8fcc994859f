//! The hall's setup file (`--hall HALL.toml`): the event, and each board with its players and
//! where its sensor board is.

use std::path::{Path, PathBuf};

use arbiter_core::arbiter::GameConfig;
use arbiter_core::laws::Edition;
use serde::Deserialize;

mod pairings;
mod time_control;

pub use self::pairings::RoundFile;
pub use self::time_control::parse_time_control;

/// The whole file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HallConfig {
    /// The event every board plays in.
    pub event: EventConfig,
    /// The boards, in the file's order.
    #[serde(rename = "board", default)]
    pub boards: Vec<BoardConfig>,
    /// The round's pairings, when `[event] trf` names the pairing program's file.
    #[serde(skip)]
    pub round_file: Option<RoundFile>,
}

/// `[event]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventConfig {
    /// PGN `Event`.
    pub name: String,
    /// PGN `Site`.
    #[serde(default)]
    pub site: Option<String>,
    /// PGN `Date`, in PGN form (`2026.12.05`).
    #[serde(default)]
    pub date: Option<String>,
    /// The round; board N's game is round `R.N` in the PGN.
    pub round: u32,
    /// `2005` or `2023`.
    #[serde(default = "default_edition")]
    pub edition: String,
    /// The page's time-control syntax: `90+30`, `5d5`, `40/90+30s, 30+30s`.
    pub time_control: String,
    /// Whether an arbiter watches the games (the core's default: yes).
    #[serde(default)]
    pub arbiter_present: Option<bool>,
    /// The event's default time, in minutes: how late a player may arrive, at the start and at
    /// the resumption of an adjourned game (2023 Art. 6.7.1: zero unless the event says
    /// otherwise; 2005 Art. 6.7: one hour).
    #[serde(default)]
    pub default_time: Option<u64>,
    /// The pairing program's TRF-16 file (relative to the hall file): the players of round
    /// `round` come from it, board 1 the first game, with their titles, ratings and FIDE ids.
    #[serde(default)]
    pub trf: Option<PathBuf>,
    /// Ports to ask for boards named by serial number besides the serial-looking ones the
    /// system lists (a Bluetooth link under another name, a simulator's pseudo-terminal).
    #[serde(default)]
    pub ports: Vec<String>,
}

fn default_edition() -> String {
    "2023".into()
}

impl EventConfig {
    /// The edition of the Laws the event is played under ([`HallConfig::parse`] took only
    /// `2005` or `2023`).
    pub fn laws(&self) -> Edition {
        if self.edition == "2005" {
            Edition::Fide2005
        } else {
            Edition::Fide2023
        }
    }
}

/// `[[board]]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardConfig {
    /// The board's number in the hall (1, 2, ...), unique.
    pub number: u32,
    /// White's name, as pairings write it (`Rossi, Anna`); from the TRF file when `[event]
    /// trf` names one.
    #[serde(default)]
    pub white: String,
    /// Black's name.
    #[serde(default)]
    pub black: String,
    /// White's FIDE title (`GM`, `WIM`), when known.
    #[serde(default)]
    pub white_title: Option<String>,
    /// Black's FIDE title.
    #[serde(default)]
    pub black_title: Option<String>,
    /// White's FIDE rating, when known.
    #[serde(default)]
    pub white_elo: Option<u32>,
    /// Black's FIDE rating.
    #[serde(default)]
    pub black_elo: Option<u32>,
    /// White's FIDE id, when known.
    #[serde(default)]
    pub white_fide_id: Option<u64>,
    /// Black's FIDE id, when known.
    #[serde(default)]
    pub black_fide_id: Option<u64>,
    /// The sensor board's serial port.
    #[serde(default)]
    pub port: Option<String>,
    /// The sensor board's serial number: it is found on whatever port it is plugged into.
    #[serde(default)]
    pub serial: Option<String>,
    /// A PGN played by a simulated board (relative to the hall file's folder).
    #[serde(default)]
    pub simulate: Option<PathBuf>,
}

/// Where a board's moves come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A serial port.
    Port(String),
    /// The board with this serial number, on any port.
    Serial(String),
    /// A simulated board playing this PGN file.
    Simulate(PathBuf),
}

/// Why the hall file cannot be used; each says where.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Not TOML, or not the hall's fields.
    #[error("{path}: {message}")]
    Syntax {
        /// The file.
        path: String,
        /// The parser's message, with line and column.
        message: String,
    },
    /// A field's value is wrong.
    #[error("{path}: {what}")]
    Value {
        /// The file.
        path: String,
        /// What is wrong, and where.
        what: String,
    },
}

impl HallConfig {
    /// Reads and checks a hall file; `simulate` paths are made relative to its folder.
    ///
    /// # Errors
    /// The file is missing, not TOML, or names boards or times that cannot be.
    pub fn load(path: &Path) -> Result<HallConfig, ConfigError> {
        HallConfig::load_round(path, None)
    }

    /// Reads and checks a hall file as [`HallConfig::load`] does, for round `round` in place of
    /// the file's own (`None`: the file's): the next round's boards and players. For another
    /// round than the file's the players come from the pairings alone, `trf` (the file the
    /// arbiter gave) or else the file `[event] trf` names, read again (the pairing program
    /// writes each round's pairings into it): the names the hall file gives are its round's.
    ///
    /// # Errors
    /// As [`HallConfig::load`]; a later round without pairings to read.
    pub fn load_next(
        path: &Path,
        round: u32,
        trf: Option<&str>,
    ) -> Result<HallConfig, ConfigError> {
        HallConfig::load_round(path, Some((round, trf)))
    }

    fn load_round(
        path: &Path,
        next: Option<(u32, Option<&str>)>,
    ) -> Result<HallConfig, ConfigError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: name.clone(),
            source,
        })?;
        let mut config = HallConfig::parse(&text).map_err(|e| match e {
            ConfigError::Syntax { message, .. } => ConfigError::Syntax {
                path: name.clone(),
                message,
            },
            ConfigError::Value { what, .. } => ConfigError::Value {
                path: name.clone(),
                what,
            },
            other => other,
        })?;
        let folder = path.parent().unwrap_or(Path::new("."));
        for board in &mut config.boards {
            if let Some(pgn) = &mut board.simulate
                && pgn.is_relative()
            {
                *pgn = folder.join(&*pgn);
            }
        }
        let bad = |what: String| ConfigError::Value {
            path: name.clone(),
            what,
        };
        if let Some((round, given)) = next {
            config.event.round = round;
            config.forget_players();
            if let Some(text) = given {
                config
                    .import_round(text)
                    .map_err(|e| bad(format!("the TRF file given: {e}")))?;
                config.check_names().map_err(bad)?;
                return Ok(config);
            }
            if config.event.trf.is_none() {
                return Err(bad(format!(
                    "round {round}'s pairings: give the pairing program's TRF file (the hall file names no [event] trf to read them from)"
                )));
            }
        }
        if let Some(trf) = config.event.trf.clone() {
            let trf = folder.join(trf);
            let text = std::fs::read_to_string(&trf).map_err(|source| ConfigError::Read {
                path: trf.display().to_string(),
                source,
            })?;
            config
                .import_round(&text)
                .map_err(|e| bad(format!("[event] trf {}: {e}", trf.display())))?;
        }
        config.check_names().map_err(bad)?;
        Ok(config)
    }

    /// Reads and checks a hall file's text.
    ///
    /// # Errors
    /// As [`HallConfig::load`], with an empty path.
    pub fn parse(text: &str) -> Result<HallConfig, ConfigError> {
        let config: HallConfig = toml::from_str(text).map_err(|e| ConfigError::Syntax {
            path: String::new(),
            message: e.to_string().trim_end().to_owned(),
        })?;
        let bad = |what: String| ConfigError::Value {
            path: String::new(),
            what,
        };
        config.edition().map_err(bad)?;
        parse_time_control(&config.event.time_control)
            .map_err(|e| bad(format!("[event] time_control: {e}")))?;
        if config.boards.is_empty() {
            return Err(bad("no [[board]]: a hall needs at least one board".into()));
        }
        let mut seen = std::collections::HashSet::new();
        let mut ports = std::collections::HashMap::new();
        for (i, board) in config.boards.iter().enumerate() {
            let at = format!("[[board]] #{} (number {})", i + 1, board.number);
            if board.number == 0 {
                return Err(bad(format!("{at}: board numbers start at 1")));
            }
            if !seen.insert(board.number) {
                return Err(bad(format!("{at}: board {} is listed twice", board.number)));
            }
            board.source().map_err(|e| bad(format!("{at}: {e}")))?;
            if let Some(port) = &board.port
                && let Some(other) = ports.insert(port.trim().to_owned(), board.number)
            {
                return Err(bad(format!(
                    "{at}: port {port:?} is board {other}'s too: each board has its own port"
                )));
            }
        }
        if config.event.trf.is_none() {
            config.check_names().map_err(bad)?;
        }
        Ok(config)
    }

    /// Every board names both players.
    fn check_names(&self) -> Result<(), String> {
        for (i, board) in self.boards.iter().enumerate() {
            for (side, name) in [("white", &board.white), ("black", &board.black)] {
                if name.trim().is_empty() {
                    let from = if self.event.trf.is_some() || self.round_file.is_some() {
                        format!(
                            " (round {} of the TRF file has no game for this board)",
                            self.event.round
                        )
                    } else {
                        String::new()
                    };
                    return Err(format!(
                        "[[board]] #{} (number {}): {side} is empty: the player's name as the pairings write it{from}",
                        i + 1,
                        board.number
                    ));
                }
            }
        }
        Ok(())
    }

    /// The edition of the Laws.
    ///
    /// # Errors
    /// Neither 2005 nor 2023.
    pub fn edition(&self) -> Result<Edition, String> {
        match self.event.edition.as_str() {
            "2005" => Ok(Edition::Fide2005),
            "2023" => Ok(Edition::Fide2023),
            other => Err(format!("[event] edition {other:?}: expected 2005 or 2023")),
        }
    }

    /// The game setup of one board: the event's Laws and time, the board's players.
    ///
    /// # Errors
    /// Only for a file [`HallConfig::parse`] did not check.
    pub fn game_config(&self, board: &BoardConfig) -> Result<GameConfig, String> {
        let mut config = GameConfig::new(
            self.edition()?,
            parse_time_control(&self.event.time_control)?,
        );
        config.white = board.white.clone();
        config.black = board.black.clone();
        if let Some(present) = self.event.arbiter_present {
            config.arbiter_present = present;
        }
        if let Some(minutes) = self.event.default_time {
            config.default_time = Some(arbiter_core::clock::Millis::minutes(minutes));
        }
        Ok(config)
    }
}

impl BoardConfig {
    /// Where the board's moves come from.
    ///
    /// # Errors
    /// None or more than one of `port`, `serial` and `simulate`.
    pub fn source(&self) -> Result<Source, String> {
        match (&self.port, &self.serial, &self.simulate) {
            (Some(port), None, None) => Ok(Source::Port(port.clone())),
            (None, Some(serial), None) if !serial.trim().is_empty() => {
                Ok(Source::Serial(serial.trim().to_owned()))
            }
            (None, Some(serial), None) => Err(format!(
                "serial {serial:?} is blank: write the board's serial number as its label shows it (serial = \"41234\")"
            )),
            (None, None, Some(pgn)) => Ok(Source::Simulate(pgn.clone())),
            (None, None, None) => Err(
                "say where the board is: port = \"/dev/ttyACM0\", serial = \"41234\" or simulate = \"game.pgn\""
                    .into(),
            ),
            _ => Err("more than one of port, serial and simulate: a board has one source".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::clock::{Millis, TimeControl, Timing};

    use super::*;

    const HALL: &str = r#"
[event]
name = "Springfield Club Championship"
site = "Springfield"
date = "2026.12.05"
round = 3
edition = "2023"
time_control = "90+30"

[[board]]
number = 1
white = "Rossi, Anna"
black = "Neri, Bruno"
white_fide_id = 123456
simulate = "g1.pgn"

[[board]]
number = 2
white = "Verdi, Carla"
black = "Bianchi, Dario"
port = "/dev/ttyACM0"
"#;

    #[test]
    fn the_issue_example_reads() {
        let hall = HallConfig::parse(HALL).unwrap();
        assert_eq!(hall.boards.len(), 2);
        assert_eq!(hall.boards[0].white_fide_id, Some(123456));
        assert_eq!(
            hall.boards[1].source().unwrap(),
            Source::Port("/dev/ttyACM0".into())
        );
        let config = hall.game_config(&hall.boards[0]).unwrap();
        assert_eq!(config.white, "Rossi, Anna");
        assert_eq!(
            config.time_control,
            TimeControl::sudden_death(Millis::minutes(90), Timing::Increment(Millis::seconds(30)))
        );
    }

    #[test]
    fn the_events_default_time_reaches_every_game() {
        let hall = HallConfig::parse(HALL).unwrap();
        assert_eq!(
            hall.game_config(&hall.boards[0]).unwrap().default_time(),
            Millis(0),
            "2023 Art. 6.7.1: zero unless the event says otherwise"
        );
        let set = HALL.replace("[event]", "[event]\ndefault_time = 15");
        let hall = HallConfig::parse(&set).unwrap();
        assert_eq!(
            hall.game_config(&hall.boards[1]).unwrap().default_time(),
            Millis::minutes(15)
        );
    }

    /// The hall file with board 1 read from `port` too (the simulated game set aside).
    fn on_port(port: &str) -> String {
        HALL.replace("simulate = \"g1.pgn\"", &format!("port = \"{port}\""))
    }

    #[test]
    fn one_port_on_two_boards_is_refused() {
        let e = HallConfig::parse(&on_port("/dev/ttyACM0"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("#2") && e.contains("/dev/ttyACM0") && e.contains("board 1"),
            "{e}"
        );
        assert!(HallConfig::parse(&on_port("/dev/ttyACM1")).is_ok());
    }

    #[test]
    fn an_empty_name_is_refused() {
        let e = HallConfig::parse(&HALL.replace("\"Verdi, Carla\"", "\"\""))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("#2") && e.contains("white") && e.contains("empty"),
            "{e}"
        );
        let e = HallConfig::parse(&HALL.replace("\"Neri, Bruno\"", "\"  \""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("#1") && e.contains("black"), "{e}");
    }

    #[test]
    fn a_blank_serial_says_what_is_wrong() {
        let blank = HALL.replace("port = \"/dev/ttyACM0\"", "serial = \"  \"");
        let e = HallConfig::parse(&blank).unwrap_err().to_string();
        assert!(
            e.contains("#2") && e.contains("serial") && e.contains("blank"),
            "{e}"
        );
        assert!(!e.contains("more than one"), "{e}");
    }

    #[test]
    fn mistakes_say_where() {
        let twice = HALL.replace("number = 2", "number = 1");
        let e = HallConfig::parse(&twice).unwrap_err().to_string();
        assert!(e.contains("listed twice"), "{e}");
        let both = HALL.replace("port = ", "simulate = \"x.pgn\"\nport = ");
        let e = HallConfig::parse(&both).unwrap_err().to_string();
        assert!(e.contains("#2") && e.contains("more than one"), "{e}");
        let typo = HALL.replace("white_fide_id", "white_fide");
        let e = HallConfig::parse(&typo).unwrap_err().to_string();
        assert!(e.contains("white_fide"), "{e}");
        let edition = HALL.replace("\"2023\"", "\"2024\"");
        assert!(HallConfig::parse(&edition).is_err());
    }
}
