//! FIDE's tournament report file, TRF-16 (what Swiss-Manager, Vega and JaVaFo write): the
//! players and each round's pairings read from it, and the round's results written back into
//! it for the pairing program. Pure: text in, text out.
//!
//! A player is a line `001`, in fixed columns (1-based): 5-8 the starting rank, 11-13 the title,
//! 15-47 the name, 49-52 the FIDE rating, 58-68 the FIDE id, 81-84 the points; then one block of
//! ten columns a round from column 92: 92-95 the opponent's starting rank (`0000` none), 97 the
//! colour (`w`, `b`, `-`), 99 the result (`1`, `0`, `=`, and the forfeits `+`, `-`; blank while
//! unplayed). Other lines (the tournament's `012`, `042`, ...) are kept as they are.

use std::fmt;

/// What is wrong in a TRF file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    /// The line (1-based).
    pub line: usize,
    /// The field, as TRF-16 names it, with its columns.
    pub field: &'static str,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, {}: {}", self.line, self.field, self.why)
    }
}

impl std::error::Error for TrfError {}

/// A player of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The starting rank, by which the rounds name opponents.
    pub rank: u32,
    /// The FIDE title (`GM`, `WIM`, ...), when there is one.
    pub title: Option<String>,
    /// The name, as the file writes it (`Rossi, Anna`).
    pub name: String,
    /// The FIDE rating, when there is one.
    pub rating: Option<u32>,
    /// The FIDE id, when there is one.
    pub fide_id: Option<u64>,
    /// The line it is on (1-based).
    pub line: usize,
}

/// One game of a round: White against Black, by starting rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// White's starting rank.
    pub white: u32,
    /// Black's starting rank.
    pub black: u32,
}

/// A TRF file read.
#[derive(Debug, Clone)]
pub struct Trf {
    lines: Vec<String>,
    /// Its players, in the file's order.
    pub players: Vec<Player>,
}

const NAME: &str = "name (columns 15-47)";
const RANK: &str = "starting rank (columns 5-8)";
const RATING: &str = "FIDE rating (columns 49-52)";
const FIDE_ID: &str = "FIDE id (columns 58-68)";
const OPPONENT: &str = "opponent (round block, columns 1-4)";
const COLOUR: &str = "colour (round block, column 6)";

/// Columns `from..=to` (1-based) of `line`, trimmed; empty past its end.
fn cols(line: &str, from: usize, to: usize) -> &str {
    let bytes = line.as_bytes();
    if from > bytes.len() {
        return "";
    }
    let end = to.min(bytes.len());
    line.get(from - 1..end).unwrap_or("").trim()
}

/// The first column of round `round`'s block.
fn block(round: u32) -> usize {
    92 + (round as usize - 1) * 10
}

impl Trf {
    /// Reads a TRF-16 file's text.
    ///
    /// # Errors
    /// A player line with a field that cannot be read, two players with one starting rank, or
    /// no player at all: with the line and the field.
    pub fn parse(text: &str) -> Result<Trf, TrfError> {
        let lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let mut players = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if !line.starts_with("001") {
                continue;
            }
            let n = i + 1;
            let err = |field, why: String| TrfError {
                line: n,
                field,
                why,
            };
            if !line.is_ascii() {
                // Columns are bytes in TRF: a name's accents shift every later field.
                return Err(err(
                    NAME,
                    "not plain ASCII: the columns cannot be read".into(),
                ));
            }
            let rank: u32 = cols(line, 5, 8)
                .parse()
                .map_err(|_| err(RANK, format!("{:?} is no number", cols(line, 5, 8))))?;
            let name = cols(line, 15, 47);
            if name.is_empty() {
                return Err(err(NAME, "empty".into()));
            }
            let number = |field, text: &str| -> Result<Option<u64>, TrfError> {
                match text {
                    "" | "0" => Ok(None),
                    t => t
                        .parse()
                        .map(Some)
                        .map_err(|_| err(field, format!("{t:?} is no number"))),
                }
            };
            let rating = number(RATING, cols(line, 49, 52))?.map(|r| r as u32);
            let fide_id = number(FIDE_ID, cols(line, 58, 68))?;
            let title = Some(cols(line, 11, 13).to_owned()).filter(|t| !t.is_empty());
            if players.iter().any(|p: &Player| p.rank == rank) {
                return Err(err(RANK, format!("{rank} is another player's too")));
            }
            players.push(Player {
                rank,
                title,
                name: name.to_owned(),
                rating,
                fide_id,
                line: n,
            });
        }
        if players.is_empty() {
            return Err(TrfError {
                line: lines.len().max(1),
                field: "player (001)",
                why: "no player line (001) in the file".into(),
            });
        }
        Ok(Trf { lines, players })
    }

    /// The player of starting rank `rank`.
    pub fn player(&self, rank: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.rank == rank)
    }

    /// Round `round`'s games, in board order: the pair with the most points first, then the
    /// higher rated, then the lower starting rank (as pairing programs number boards).
    ///
    /// # Errors
    /// A player paired with someone who is not in the file, or whose opponent does not name him
    /// back with the other colour, or a colour that is neither `w` nor `b`.
    pub fn pairings(&self, round: u32) -> Result<Vec<Pairing>, TrfError> {
        if round == 0 {
            return Err(TrfError {
                line: 1,
                field: "round",
                why: "rounds are numbered from 1".into(),
            });
        }
        let at = block(round);
        let mut games = Vec::new();
        for p in &self.players {
            let line = &self.lines[p.line - 1];
            let err = |field, why: String| TrfError {
                line: p.line,
                field,
                why,
            };
            let opponent = cols(line, at, at + 3);
            let opponent: u32 = match opponent {
                "" => 0,
                t => t
                    .parse()
                    .map_err(|_| err(OPPONENT, format!("round {round}: {t:?} is no number")))?,
            };
            if opponent == 0 {
                continue; // a bye, or not paired
            }
            let Some(other) = self.player(opponent) else {
                return Err(err(
                    OPPONENT,
                    format!("round {round}: no player has the starting rank {opponent}"),
                ));
            };
            let colour = cols(line, at + 5, at + 5);
            let back = &self.lines[other.line - 1];
            let named_back = cols(back, at, at + 3).parse::<u32>().ok() == Some(p.rank);
            let other_colour = cols(back, at + 5, at + 5);
            match (colour, named_back, other_colour) {
                ("w", true, "b") => games.push(Pairing {
                    white: p.rank,
                    black: opponent,
                }),
                ("b", true, "w") => {}
                ("w" | "b", _, _) => {
                    return Err(err(
                        OPPONENT,
                        format!(
                            "round {round}: paired with {opponent} ({}), whose line {} does not name {} back with the other colour",
                            other.name, other.line, p.rank
                        ),
                    ));
                }
                (c, _, _) => {
                    return Err(err(
                        COLOUR,
                        format!("round {round}: {c:?}: expected w or b"),
                    ));
                }
            }
        }
        let key = |g: &Pairing| {
            let (w, b) = (self.player(g.white), self.player(g.black));
            let points = |p: Option<&Player>| {
                p.map_or(0, |p| {
                    let t = cols(&self.lines[p.line - 1], 81, 84);
                    (t.parse::<f32>().unwrap_or(0.0) * 2.0) as u32
                })
            };
            let rating = |p: Option<&Player>| p.and_then(|p| p.rating).unwrap_or(0);
            (
                std::cmp::Reverse(points(w).max(points(b))),
                std::cmp::Reverse(rating(w).max(rating(b))),
                g.white.min(g.black),
            )
        };
        games.sort_by_key(key);
        Ok(games)
    }

    /// The file with round `round`'s results written in: `results` gives each game (by White's
    /// and Black's starting ranks) its PGN result (`1-0`, `0-1`, `1/2-1/2`), or its forfeit as
    /// White's and Black's marks (`+/-`, `-/+`, `-/-`: `+` won, `-` lost by forfeit, TRF-16's
    /// own marks); a game without one keeps what the file had. The points column follows the
    /// results.
    pub fn with_results(&self, round: u32, results: &[(Pairing, &str)]) -> String {
        let mut lines = self.lines.clone();
        let at = block(round);
        let mut set = |rank: u32, mark: char| {
            if let Some(p) = self.player(rank) {
                let line = &mut lines[p.line - 1];
                // The result's column is `at + 7`, 1-based.
                if line.len() < at + 7 {
                    line.push_str(&" ".repeat(at + 7 - line.len()));
                }
                line.replace_range(at + 6..at + 7, &mark.to_string());
            }
        };
        for (game, result) in results {
            let (w, b) = match *result {
                "1-0" => ('1', '0'),
                "0-1" => ('0', '1'),
                "1/2-1/2" => ('=', '='),
                "+/-" => ('+', '-'),
                "-/+" => ('-', '+'),
                "-/-" => ('-', '-'),
                _ => continue,
            };
            set(game.white, w);
            set(game.black, b);
        }
        for p in &self.players {
            let line = &mut lines[p.line - 1];
            let points = round_results(line)
                .map(|r| match r {
                    '1' | '+' | 'W' | 'F' | 'U' => 2,
                    '=' | 'D' | 'H' => 1,
                    _ => 0,
                })
                .sum::<u32>();
            let text = format!("{:>4}", format!("{:.1}", f64::from(points) / 2.0));
            if line.len() >= 84 {
                line.replace_range(80..84, &text);
            }
        }
        let mut out = lines.join("\n");
        out.push('\n');
        out
    }
}

/// Each round's result mark on a player's line.
fn round_results(line: &str) -> impl Iterator<Item = char> + '_ {
    (1..)
        .map(block)
        .take_while(move |&at| at <= line.len())
        .filter_map(move |at| cols(line, at + 7, at + 7).chars().next())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player line in TRF-16's columns.
    fn player(
        rank: u32,
        title: &str,
        name: &str,
        rating: u32,
        id: u64,
        points: &str,
        rounds: &[(u32, char, char)],
    ) -> String {
        let mut line = format!(
            "001 {rank:>4} m{title:>3} {name:<33} {rating:>4} ITA {id:>11} 1990/01/01 {points:>4} {rank:>4}"
        );
        for (opp, colour, result) in rounds {
            line.push_str(&format!("  {opp:>4} {colour} {result}"));
        }
        line
    }

    /// Round 2 of a four-player event, as a pairing program writes it (the file the bridge's
    /// hall test imports too).
    fn file() -> String {
        include_str!("../../tests/data/round.trf")
            .trim_end_matches('\n')
            .to_owned()
    }

    #[test]
    fn players_with_titles_ratings_and_ids() {
        let trf = Trf::parse(&file()).unwrap();
        assert_eq!(trf.players.len(), 4);
        let anna = trf.player(1).unwrap();
        assert_eq!(
            (
                anna.name.as_str(),
                anna.title.as_deref(),
                anna.rating,
                anna.fide_id
            ),
            ("Rossi, Anna", Some("GM"), Some(2510), Some(2_345_678))
        );
        let dario = trf.player(4).unwrap();
        assert_eq!((dario.title.as_deref(), dario.rating), (None, None));
        assert_eq!(trf.player(3).unwrap().fide_id, None);
    }

    #[test]
    fn a_rounds_pairings_in_board_order() {
        let trf = Trf::parse(&file()).unwrap();
        assert_eq!(
            trf.pairings(1).unwrap(),
            [
                Pairing { white: 1, black: 3 },
                Pairing { white: 4, black: 2 }
            ]
        );
        // Round 2: the leaders (Anna and Bruno, a point each) on board 1.
        assert_eq!(
            trf.pairings(2).unwrap(),
            [
                Pairing { white: 2, black: 1 },
                Pairing { white: 3, black: 4 }
            ]
        );
        assert!(
            trf.pairings(3).unwrap().is_empty(),
            "a round not paired yet"
        );
    }

    #[test]
    fn a_bad_file_is_refused_with_its_line_and_field() {
        let mut lines: Vec<String> = file().lines().map(str::to_owned).collect();
        lines[2].replace_range(48..52, "23x1");
        let e = Trf::parse(&lines.join("\n")).unwrap_err();
        assert_eq!((e.line, e.field), (3, RATING), "{e}");
        assert!(
            e.to_string()
                .starts_with("line 3, FIDE rating (columns 49-52): \"23x1\""),
            "{e}"
        );

        let mut lines: Vec<String> = file().lines().map(str::to_owned).collect();
        // Carla says she plays Anna in round 2, who says she plays Bruno.
        lines[3].replace_range(101..105, "   1");
        let e = Trf::parse(&lines.join("\n"))
            .unwrap()
            .pairings(2)
            .unwrap_err();
        assert_eq!((e.line, e.field), (4, OPPONENT), "{e}");

        let e = Trf::parse("012 x\n").unwrap_err();
        assert!(e.why.contains("no player"), "{e}");
        let named_twice = format!("{}\n{}", file(), player(2, "", "Other", 0, 0, "0.0", &[]));
        assert_eq!(Trf::parse(&named_twice).unwrap_err().field, RANK);
    }

    #[test]
    fn results_are_written_back_with_the_points() {
        let trf = Trf::parse(&file()).unwrap();
        let games = trf.pairings(2).unwrap();
        let out = trf.with_results(2, &[(games[0], "0-1"), (games[1], "1/2-1/2")]);
        let again = Trf::parse(&out).unwrap();
        let line = |rank| {
            out.lines()
                .nth(again.player(rank).unwrap().line - 1)
                .unwrap()
                .to_owned()
        };
        assert_eq!(cols(&line(1), 109, 109), "1", "Anna won round 2");
        assert_eq!(cols(&line(2), 109, 109), "0");
        assert_eq!(cols(&line(3), 109, 109), "=");
        assert_eq!(cols(&line(1), 81, 84), "2.0");
        assert_eq!(cols(&line(4), 81, 84), "0.5");
        assert!(out.starts_with("012 Springfield Club Championship\n"));
        // The pairings read back the same.
        assert_eq!(again.pairings(2).unwrap(), games);
    }

    /// Forfeits are written as TRF-16 marks them: `+` won, `-` lost by forfeit; both absent,
    /// `-` for both; the points count a win by forfeit as a win.
    #[test]
    fn forfeits_are_written_plus_and_minus() {
        let trf = Trf::parse(&file()).unwrap();
        let games = trf.pairings(2).unwrap();
        let points = |out: &str, rank| {
            let again = Trf::parse(out).unwrap();
            let line = out
                .lines()
                .nth(again.player(rank).unwrap().line - 1)
                .unwrap()
                .to_owned();
            (
                cols(&line, 109, 109).to_owned(),
                cols(&line, 81, 84).to_owned(),
            )
        };
        let out = trf.with_results(2, &[(games[0], "-/+"), (games[1], "-/-")]);
        let (w, b) = (games[0].white, games[0].black);
        let before = |rank| points(&trf.with_results(2, &[]), rank).1;
        assert_eq!(points(&out, w).0, "-");
        assert_eq!(points(&out, b).0, "+");
        assert_eq!(points(&out, w).1, before(w));
        let won: f64 = before(b).trim().parse::<f64>().unwrap() + 1.0;
        assert_eq!(points(&out, b).1, format!("{won:.1}"));
        assert_eq!(points(&out, games[1].white).0, "-");
        assert_eq!(points(&out, games[1].black).0, "-");
        let out = trf.with_results(2, &[(games[1], "+/-")]);
        assert_eq!(points(&out, games[1].white).0, "+");
        assert_eq!(points(&out, games[1].black).0, "-");
    }
}
