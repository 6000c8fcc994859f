//! What the arbiter's controls remember of one board: the last action he may take back, and
//! how far the resumption of an adjourned game has come. The game decides everything; this only
//! remembers which of the arbiter's own decisions a later one of his reverses.
//!
//! Taken back where the Laws let the arbiter decide again:
//! * a result he recorded (2005 / 2023 Art. 8.7: it stands "unless the arbiter decides
//!   otherwise"): the position at the end restored (2005 Art. 6.14 / 2023 Art. 7.1, the game
//!   takes it after its end), the clocks as they read when the result came, and the clock of
//!   the player on move running again if it ran then;
//! * a game he recorded lost by forfeit (2005 Art. 6.7 / 2023 Art. 6.7.1, "unless the rules of
//!   the competition or the arbiter decide otherwise"): undone as a result, to the start;
//! * the position he set before the first move (2005 Art. 7.1a / 2023 Art. 7.2.1): the position
//!   before it set again, the game deciding as for any position set (refused after a move);
//! * a change of the clocks (2005 Art. 6.11, 6.14 / 2023 Art. 6.10.2, 7.1): each clock moved
//!   back by what the change moved it, so the time run since stays run;
//! * the clocks stopped or restarted (2005 Art. 6.13 / 2023 Art. 6.11): the other one;
//! * a position he restored (2005 Art. 6.14, 7.5 / 2023 Art. 7.1, 7.6, as the restore cited):
//!   the moves it dropped played again, each through the game as any move is (it may refuse
//!   one), then the clocks set back as they read before the restore, running as they ran. A
//!   result the restore took away comes back only as the moves make it (a mate, a stalemate);
//!   one the players gave is recorded again by the arbiter.
//!
//! Nothing else: an envelope opened or a game started cannot be closed or unstarted, a touch
//! ruled not deliberate has freed a move.

use arbiter_core::arbiter::{Decision, Event, Forfeit, PlayedMove, RestoreCause};
use arbiter_core::clock::Millis;
use arbiter_core::laws::rules::{self, Rule};
use arbiter_core::{Color, Move};
use serde_json::{Value, json};

/// The game just before the arbiter acted, as his undo needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Before {
    /// Half-moves played.
    pub plies: usize,
    /// White's time left, ms.
    pub white_ms: u64,
    /// Black's time left, ms.
    pub black_ms: u64,
    /// Whose clock ran.
    pub running: Option<Color>,
    /// Whether a sealed move waited in its envelope.
    pub sealed: bool,
}

/// The arbiter's last action that a decision of his may reverse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undo {
    /// He recorded `result`; the game stood as `before`.
    Result {
        /// The result recorded (`1-0`, `0-1`, `1/2-1/2`).
        result: String,
        /// The game as it stood then.
        before: Before,
    },
    /// He recorded the game lost by forfeit, `absent` absent; the game stood as `before`.
    Forfeit {
        /// Who was absent.
        absent: Forfeit,
        /// The game as it stood then.
        before: Before,
    },
    /// He set the position the game starts from; it started from `fen` before.
    Position {
        /// The position before, as FEN.
        fen: String,
    },
    /// He moved the clocks by these amounts (ms, White's and Black's; negative took time off).
    Clocks {
        /// White's clock moved by this.
        white: i64,
        /// Black's clock moved by this.
        black: i64,
    },
    /// He stopped the clocks.
    Stopped,
    /// He restarted the clock of the player on move.
    Restarted,
    /// He restored the position after `ply` half-moves, dropping `dropped`; the game stood as
    /// `before` until then.
    Restore {
        /// Half-moves kept.
        ply: usize,
        /// Why he restored, as his decision said (its article is the undo's).
        cause: RestoreCause,
        /// The moves the restore dropped, in the order they were played.
        dropped: Vec<Dropped>,
        /// The game as it stood before the restore.
        before: Before,
    },
}

/// A move a restore dropped, as its undo plays it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// Who played it.
    pub by: Color,
    /// The move.
    pub mv: Move,
    /// Its standard algebraic notation, for the arbiter's page.
    pub san: String,
}

impl From<&PlayedMove> for Dropped {
    fn from(m: &PlayedMove) -> Dropped {
        Dropped {
            by: m.by,
            mv: m.text,
            san: m.san.clone(),
        }
    }
}

impl Undo {
    /// What the hall page calls it.
    pub fn kind(&self) -> &'static str {
        match self {
            Undo::Result { .. } => "result",
            Undo::Forfeit { .. } => "forfeit",
            Undo::Position { .. } => "position",
            Undo::Clocks { .. } => "clocks",
            Undo::Stopped => "stop",
            Undo::Restarted => "restart",
            Undo::Restore { .. } => "restore",
        }
    }

    /// The rule his undo rests on: the one of the decision it reverses.
    pub fn rule(&self) -> Rule {
        match self {
            Undo::Result { .. } => rules::RESULT_REPORTED,
            Undo::Forfeit { .. } => rules::DEFAULT_TIME,
            Undo::Position { .. } => rules::WRONG_INITIAL_POSITION,
            Undo::Clocks { .. } => rules::CLOCK_SETTING_CORRECTED,
            Undo::Stopped | Undo::Restarted => rules::ARBITER_PAUSES_CLOCKS,
            Undo::Restore {
                cause: RestoreCause::Displaced,
                ..
            } => rules::DISPLACED_PIECES_FOUND,
            Undo::Restore { .. } => rules::ARBITER_SETS_CLOCKS,
        }
    }

    /// What the hall page is told of it.
    pub fn describe(&self) -> Value {
        match self {
            Undo::Result { result, .. } => json!({"kind": self.kind(), "result": result}),
            Undo::Forfeit { absent, .. } => json!({"kind": self.kind(), "absent": absent}),
            Undo::Position { fen } => json!({"kind": self.kind(), "fen": fen}),
            Undo::Clocks { white, black } => {
                json!({"kind": self.kind(), "white_ms": white, "black_ms": black})
            }
            Undo::Restore {
                ply,
                dropped,
                before,
                ..
            } => json!({
                "kind": self.kind(),
                "ply": ply,
                "moves": dropped.iter().map(|d| d.san.as_str()).collect::<Vec<_>>(),
                "white_ms": before.white_ms,
                "black_ms": before.black_ms,
            }),
            _ => json!({"kind": self.kind()}),
        }
    }

    /// The arbiter's decisions that reverse it, with the clocks reading `white_ms`, `black_ms`
    /// now.
    pub fn events(&self, white_ms: u64, black_ms: u64) -> Vec<Event> {
        let decide = |decision| Event::Arbiter { decision };
        match self {
            Undo::Result { before, .. } | Undo::Forfeit { before, .. } => {
                let mut events = vec![
                    decide(Decision::Restore {
                        ply: before.plies,
                        cause: RestoreCause::Arbiter,
                    }),
                    decide(Decision::SetClock {
                        white: Millis(before.white_ms),
                        black: Millis(before.black_ms),
                    }),
                ];
                if before.running.is_some() {
                    events.push(decide(Decision::StartClock));
                }
                events
            }
            Undo::Clocks { white, black } => vec![decide(Decision::SetClock {
                white: Millis(moved(white_ms, -*white)),
                black: Millis(moved(black_ms, -*black)),
            })],
            Undo::Position { fen } => vec![decide(Decision::SetPosition { fen: fen.clone() })],
            Undo::Stopped => vec![decide(Decision::StartClock)],
            Undo::Restarted => vec![decide(Decision::StopClock)],
            Undo::Restore {
                dropped, before, ..
            } => {
                // Each move made and completed as at the board, the game checking it again:
                // the clock runs for the presses (its readings are set after).
                let mut events = vec![decide(Decision::StartClock)];
                events.extend(
                    dropped.iter().flat_map(|d| {
                        [Event::Move { mv: d.mv }, Event::PressClock { player: d.by }]
                    }),
                );
                events.push(decide(Decision::SetClock {
                    white: Millis(before.white_ms),
                    black: Millis(before.black_ms),
                }));
                events.push(decide(if before.running.is_some() {
                    Decision::StartClock
                } else {
                    Decision::StopClock
                }));
                events
            }
        }
    }
}

fn moved(ms: u64, by: i64) -> u64 {
    u64::try_from(i128::from(ms) + i128::from(by)).unwrap_or(0)
}

/// What the arbiter's controls remember of one board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Desk {
    /// His last action, while a decision of his may still reverse it.
    pub last: Option<Undo>,
    /// The adjourned game's new session is called (App. A / Guidelines I): the players are
    /// awaited, then the envelope is opened.
    pub resumed: bool,
    /// Who has arrived for the resumption: White, Black.
    pub arrived: [bool; 2],
}

impl Desk {
    /// The arbiter's `event` was taken, the game standing as `before` with `played` moves until
    /// then: what he may undo next, and how far a resumption has come.
    pub fn taken(&mut self, event: &Event, before: Before, played: &[PlayedMove]) {
        self.last = match event {
            Event::Arbiter {
                decision: Decision::RecordResult { result },
            } => Some(Undo::Result {
                result: result.pgn().to_owned(),
                before,
            }),
            Event::Arbiter {
                decision: Decision::Forfeit { absent },
            } => Some(Undo::Forfeit {
                absent: *absent,
                before,
            }),
            Event::Arbiter {
                decision: Decision::SetClock { white, black },
            } => Some(Undo::Clocks {
                white: delta(before.white_ms, white.0),
                black: delta(before.black_ms, black.0),
            }),
            Event::Arbiter {
                decision: Decision::AddTime { player, ms },
            } => {
                let ms = i64::try_from(ms.0).unwrap_or(i64::MAX);
                Some(match player {
                    Color::White => Undo::Clocks {
                        white: ms,
                        black: 0,
                    },
                    Color::Black => Undo::Clocks {
                        white: 0,
                        black: ms,
                    },
                })
            }
            Event::Arbiter {
                decision: Decision::StopClock,
            } if before.running.is_some() => Some(Undo::Stopped),
            Event::Arbiter {
                decision: Decision::StartClock,
            } if before.running.is_none() => Some(Undo::Restarted),
            Event::Arbiter {
                decision: Decision::Restore { ply, cause },
            } if *ply < played.len() => Some(Undo::Restore {
                ply: *ply,
                cause: *cause,
                dropped: played[*ply..].iter().map(Dropped::from).collect(),
                before,
            }),
            _ => None,
        };
        match event {
            Event::Resume => {
                self.resumed = true;
                self.arrived = [false; 2];
            }
            Event::Arrive { player } if before.sealed => self.arrived[*player as usize] = true,
            Event::Open { .. } => self.adjourned_no_more(),
            _ => {}
        }
    }

    /// The arbiter set the position the game starts from, which was `before` (FEN): his next
    /// undo sets that again.
    pub fn position_set(&mut self, before: String) {
        self.last = Some(Undo::Position { fen: before });
    }

    /// The arbiter's undo was taken: nothing of his is left to undo.
    pub fn undone(&mut self) {
        self.last = None;
    }

    /// The envelope is opened (or the game is no longer adjourned).
    pub fn adjourned_no_more(&mut self) {
        self.resumed = false;
        self.arrived = [false; 2];
    }
}

fn delta(from: u64, to: u64) -> i64 {
    i64::try_from(i128::from(to) - i128::from(from)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::GameResult;

    fn before() -> Before {
        Before {
            plies: 6,
            white_ms: 5_000_000,
            black_ms: 5_400_000,
            running: Some(Color::White),
            sealed: false,
        }
    }

    fn arbiter(decision: Decision) -> Event {
        Event::Arbiter { decision }
    }

    #[test]
    fn a_recorded_result_is_undone_by_the_position_at_the_end_and_the_clocks_then() {
        let mut desk = Desk::default();
        desk.taken(
            &arbiter(Decision::RecordResult {
                result: GameResult::BlackWins,
            }),
            before(),
            &[],
        );
        let undo = desk.last.clone().expect("a result can be undone");
        assert_eq!(undo.describe()["result"], "0-1");
        assert_eq!(
            undo.events(1, 2),
            vec![
                arbiter(Decision::Restore {
                    ply: 6,
                    cause: RestoreCause::Arbiter
                }),
                arbiter(Decision::SetClock {
                    white: Millis(5_000_000),
                    black: Millis(5_400_000)
                }),
                arbiter(Decision::StartClock),
            ]
        );
    }

    #[test]
    fn a_position_set_is_undone_by_setting_the_one_before() {
        let mut desk = Desk::default();
        let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        desk.position_set(standard.into());
        let undo = desk.last.clone().expect("a position set can be undone");
        assert_eq!(
            undo.describe(),
            json!({"kind": "position", "fen": standard})
        );
        assert_eq!(undo.rule(), rules::WRONG_INITIAL_POSITION);
        assert_eq!(
            undo.events(1, 2),
            vec![arbiter(Decision::SetPosition {
                fen: standard.into()
            })]
        );
    }

    #[test]
    fn a_forfeit_is_undone_as_a_result_to_the_start_and_the_clocks_then() {
        let mut desk = Desk::default();
        let at_start = Before {
            plies: 0,
            running: None,
            ..before()
        };
        desk.taken(
            &arbiter(Decision::Forfeit {
                absent: Forfeit::Both,
            }),
            at_start,
            &[],
        );
        let undo = desk.last.clone().expect("a forfeit can be undone");
        assert_eq!(
            undo.describe(),
            json!({"kind": "forfeit", "absent": "both"})
        );
        assert_eq!(undo.rule(), rules::DEFAULT_TIME);
        assert_eq!(
            undo.events(1, 2),
            vec![
                arbiter(Decision::Restore {
                    ply: 0,
                    cause: RestoreCause::Arbiter
                }),
                arbiter(Decision::SetClock {
                    white: Millis(5_000_000),
                    black: Millis(5_400_000)
                }),
            ]
        );
    }

    #[test]
    fn a_clock_change_is_undone_by_the_same_amount_back_leaving_the_time_run_since() {
        let mut desk = Desk::default();
        // White's clock set to 1:00:00, Black's left as it was.
        desk.taken(
            &arbiter(Decision::SetClock {
                white: Millis(3_600_000),
                black: Millis(5_400_000),
            }),
            before(),
            &[],
        );
        // White has used ten seconds since.
        let events = desk.last.clone().unwrap().events(3_590_000, 5_400_000);
        assert_eq!(
            events,
            vec![arbiter(Decision::SetClock {
                white: Millis(4_990_000),
                black: Millis(5_400_000)
            })]
        );
    }

    #[test]
    fn what_cannot_be_taken_back_leaves_nothing_to_undo() {
        let mut desk = Desk::default();
        desk.taken(&arbiter(Decision::StopClock), before(), &[]);
        assert_eq!(desk.last, Some(Undo::Stopped));
        desk.taken(
            &arbiter(Decision::Restore {
                ply: 2,
                cause: RestoreCause::Arbiter,
            }),
            before(),
            &[],
        );
        assert_eq!(
            desk.last, None,
            "a restore that drops no move: nothing to undo"
        );
        // Stopping stopped clocks changes nothing to undo.
        let stopped = Before {
            running: None,
            ..before()
        };
        desk.taken(&arbiter(Decision::StopClock), stopped, &[]);
        assert_eq!(desk.last, None);
    }

    fn played(by: Color, uci: &str, san: &str, clock_after: u64) -> PlayedMove {
        PlayedMove {
            by,
            text: uci.parse().expect("a move"),
            san: san.into(),
            clock_after: Millis(clock_after),
            draw_offer: false,
        }
    }

    /// 2005 Art. 6.14 / 2023 Art. 7.1: the arbiter who restored a position may take his
    /// decision back; the moves it dropped are played again through the game, then the clocks
    /// read as before the restore, running as they ran.
    #[test]
    fn a_restore_is_undone_by_its_dropped_moves_played_again_and_the_clocks_before_it() {
        let mut desk = Desk::default();
        let score = [
            played(Color::White, "e2e4", "e4", 5_390_000),
            played(Color::Black, "e7e5", "e5", 5_380_000),
            played(Color::White, "g1f3", "Nf3", 5_370_000),
        ];
        let standing = Before {
            plies: 3,
            white_ms: 5_370_000,
            black_ms: 5_300_000,
            running: Some(Color::Black),
            sealed: false,
        };
        desk.taken(
            &arbiter(Decision::Restore {
                ply: 1,
                cause: RestoreCause::Arbiter,
            }),
            standing,
            &score,
        );
        let undo = desk
            .last
            .clone()
            .expect("a restore that dropped moves can be undone");
        assert_eq!(undo.kind(), "restore");
        assert_eq!(undo.rule(), rules::ARBITER_SETS_CLOCKS);
        let said = undo.describe();
        assert_eq!(said["moves"], json!(["e5", "Nf3"]));
        assert_eq!(said["white_ms"], 5_370_000);
        assert_eq!(said["black_ms"], 5_300_000);
        assert_eq!(
            undo.events(1, 2),
            vec![
                arbiter(Decision::StartClock),
                Event::Move {
                    mv: "e7e5".parse().unwrap()
                },
                Event::PressClock {
                    player: Color::Black
                },
                Event::Move {
                    mv: "g1f3".parse().unwrap()
                },
                Event::PressClock {
                    player: Color::White
                },
                arbiter(Decision::SetClock {
                    white: Millis(5_370_000),
                    black: Millis(5_300_000)
                }),
                arbiter(Decision::StartClock),
            ]
        );
        // A restore for a displaced piece is undone under its own article (2005 Art. 7.5 /
        // 2023 Art. 7.6), and clocks that stood stay stopped.
        let stopped = Before {
            running: None,
            ..standing
        };
        desk.taken(
            &arbiter(Decision::Restore {
                ply: 2,
                cause: RestoreCause::Displaced,
            }),
            stopped,
            &score,
        );
        let undo = desk.last.clone().expect("undoable");
        assert_eq!(undo.rule(), rules::DISPLACED_PIECES_FOUND);
        assert_eq!(
            undo.events(1, 2).last(),
            Some(&arbiter(Decision::StopClock))
        );
    }

    #[test]
    fn the_resumption_is_followed_until_the_envelope_is_opened() {
        let mut desk = Desk::default();
        let sealed = Before {
            sealed: true,
            running: None,
            ..before()
        };
        desk.taken(&Event::Resume, sealed, &[]);
        desk.taken(
            &Event::Arrive {
                player: Color::Black,
            },
            sealed,
            &[],
        );
        assert!(desk.resumed);
        assert_eq!(desk.arrived, [false, true]);
        desk.taken(
            &Event::Open {
                passphrase: "x".into(),
            },
            sealed,
            &[],
        );
        assert!(!desk.resumed);
        assert_eq!(desk.arrived, [false, false]);
    }
}
