//! The log is the game: for random event streams, replaying the log gives the same rulings
//! and state as the live game; the log reader never panics and names the line at fault.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::{
    Claim, Decision, Event, EventLog, Game, GameConfig, Impairment, RestoreCause, SetupFault,
    Stamped,
};
use arbiter_core::clock::{Millis, Mode, TimeControl, Timestamp, Timing};
use arbiter_core::laws::Edition;

/// xorshift64*: our own seeded generator, so every run sees the same streams.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_config(rng: &mut Rng) -> GameConfig {
    let edition = if rng.below(2) == 0 {
        Edition::Fide2005
    } else {
        Edition::Fide2023
    };
    let timing = match rng.below(4) {
        0 => Timing::None,
        1 => Timing::Increment(Millis(rng.below(5_000))),
        2 => Timing::Delay(Millis(rng.below(5_000))),
        _ => Timing::Bronstein(Millis(rng.below(5_000))),
    };
    let control = if rng.below(3) == 0 {
        common_laws::moves_then_sudden_death(
            1 + rng.below(5) as u32,
            Millis(10_000 + rng.below(60_000)),
            Millis(rng.below(60_000)),
            timing,
        )
    } else {
        TimeControl::sudden_death(Millis(5_000 + rng.below(120_000)), timing)
    };
    let mut config = GameConfig::new(edition, control);
    config.arbiter_present = rng.below(2) == 0;
    config.quickplay_finish = rng.below(2) == 0;
    config.mode = match rng.below(4) {
        0 => Some(Mode::Rapid),
        1 => Some(Mode::Blitz),
        _ => None,
    };
    // A visually impaired player in a third of the games (App. F / D).
    if rng.below(3) == 0 {
        config.visually_impaired = vec![Impairment {
            player: if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            },
            tactile_board: rng.below(2) == 0,
        }];
    }
    config
}

/// Something a player might say: a legal move now, or one of a few fixed words.
fn random_words(rng: &mut Rng, game: &Game) -> String {
    let moves = arbiter_core::touch::legal_moves(game.board());
    match rng.below(4) {
        0 if !moves.is_empty() => {
            let mv = moves[rng.below(moves.len() as u64) as usize];
            mv.to_string()
        }
        1 => "Springer Felix drei".to_string(),
        2 => "Kurze Rochade".to_string(),
        _ => "Eva vier".to_string(),
    }
}

fn random_event(rng: &mut Rng, game: &Game) -> Event {
    let player = if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    let square = arbiter_core::Square::index(rng.below(64) as usize);
    match rng.below(24) {
        0..=5 => {
            // Mostly legal moves, so games get somewhere.
            let moves = arbiter_core::touch::legal_moves(game.board());
            if moves.is_empty() || rng.below(8) == 0 {
                let to = arbiter_core::Square::index(rng.below(64) as usize);
                Event::Move {
                    mv: format!("{square}{to}").parse().unwrap(),
                }
            } else {
                let mv = moves[rng.below(moves.len() as u64) as usize];
                Event::Move { mv }
            }
        }
        6..=9 => Event::PressClock {
            player: game.clock().running().map_or(player, |r| r.0),
        },
        10 => Event::Lift { square },
        11 => Event::Place {
            square,
            piece: None,
        },
        12 => Event::OfferDraw { player },
        13 => Event::AcceptDraw { player },
        14 => Event::Claim {
            player,
            claim: match rng.below(6) {
                0 => Claim::Repetition { intended: None },
                1 => Claim::FiftyMoves { intended: None },
                2 => Claim::WinOnTime,
                3 => Claim::IllegalMove,
                4 => Claim::TouchMove,
                _ => Claim::QuickplayFinish,
            },
        },
        15 => Event::Arbiter {
            decision: match rng.below(7) {
                5 => Decision::Restore {
                    ply: rng.below(game.moves().len() as u64 + 2) as usize,
                    cause: RestoreCause::Displaced,
                },
                6 => Decision::SetupFault {
                    fault: match rng.below(3) {
                        0 => SetupFault::WrongSetup,
                        1 => SetupFault::ColoursReversed,
                        _ => SetupFault::ClockSetting,
                    },
                },
                0 => Decision::Accept,
                1 => Decision::Reject,
                2 => Decision::Postpone,
                3 => Decision::AddTime {
                    player,
                    ms: Millis(rng.below(100_000)),
                },
                _ => Decision::StartClock,
            },
        },
        16 => Event::Adjust { square },
        17 => Event::DeclineDraw { player },
        18 => Event::Tick,
        19 => Event::Announce {
            player: game.board().side_to_move(),
            text: random_words(rng, game),
        },
        20 => Event::CorrectAnnouncement {
            player,
            text: random_words(rng, game),
        },
        21 => Event::Repeat {
            player,
            text: random_words(rng, game),
        },
        22 => match rng.below(5) {
            0 => Event::Write {
                player,
                mv: format!(
                    "{square}{}",
                    arbiter_core::Square::index(rng.below(64) as usize)
                )
                .parse()
                .unwrap(),
            },
            1 => Event::AskScoresheet { player },
            2 => Event::Claim {
                player,
                claim: Claim::QuickplayIncrement,
            },
            3 => Event::Arbiter {
                decision: Decision::EnvelopeLost,
            },
            _ => Event::Arbiter {
                decision: Decision::ResumptionClockError { player },
            },
        },
        _ => Event::Resign { player },
    }
}

#[test]
fn replay_of_random_logs_equals_the_live_game() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut finished = 0;
    for _ in 0..300 {
        let mut game = Game::new(random_config(&mut rng)).unwrap();
        let mut now = 0u64;
        game.handle(Stamped {
            at: Timestamp(now),
            event: Event::Start,
        })
        .unwrap();
        for _ in 0..120 {
            now += rng.below(4_000);
            if rng.below(10) == 0 {
                game.handle_deadline(Timestamp(now));
                continue;
            }
            let event = random_event(&mut rng, &game);
            let _ = game.handle(Stamped {
                at: Timestamp(now),
                event,
            });
            while game.poll_ruling().is_some() {}
        }
        finished += usize::from(game.result().is_some());
        let text = game.log().to_jsonl();
        let log = EventLog::from_jsonl(&text).expect("our own log reads back");
        assert_eq!(&log, game.log());
        let again = Game::replay(&log).expect("our own log replays");
        assert_eq!(again.rulings(), game.rulings());
        assert_eq!(again.state(Timestamp(now)), game.state(Timestamp(now)));
        assert_eq!(again.to_pgn(), game.to_pgn());
    }
    assert!(
        finished > 30,
        "only {finished} of 300 random games ended: the streams are too tame"
    );
}

#[test]
fn log_reader_survives_random_bytes_and_names_the_line() {
    let mut rng = Rng(42);
    let good = {
        let mut game = Game::new(GameConfig::new(
            Edition::Fide2023,
            TimeControl::sudden_death(Millis::minutes(3), Timing::Increment(Millis::seconds(2))),
        ))
        .unwrap();
        game.handle(Stamped {
            at: Timestamp(0),
            event: Event::Start,
        })
        .unwrap();
        game.handle(Stamped {
            at: Timestamp(10),
            event: Event::Move {
                mv: "e2e4".parse().unwrap(),
            },
        })
        .unwrap();
        game.log().to_jsonl()
    };
    for _ in 0..3_000 {
        let mut bytes = good.as_bytes().to_vec();
        for _ in 0..1 + rng.below(6) {
            let i = rng.below(bytes.len() as u64) as usize;
            bytes[i] = rng.below(256) as u8;
        }
        let text = String::from_utf8_lossy(&bytes);
        match EventLog::from_jsonl(&text) {
            Ok(log) => {
                let _ = Game::replay(&log);
            }
            Err(e) => assert!(e.line >= 1 && e.line <= text.lines().count().max(1), "{e}"),
        }
    }
    let err = EventLog::from_jsonl(&format!(
        "{good}{{\"at\":5,\"event\":{{\"type\":\"fly\"}}}}\n"
    ))
    .unwrap_err();
    assert_eq!(err.line, 4);
    assert!(err.to_string().starts_with("line 4:"), "{err}");
    let err = EventLog::from_jsonl("{\"schema\":\"arbiter-log\",\"version\":9}").unwrap_err();
    assert!(
        err.to_string().contains("unsupported log version 9"),
        "{err}"
    );
}
