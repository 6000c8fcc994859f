//! A small driver for arbiter tests: virtual time, moves as text, rulings collected.
#![allow(dead_code)]

use arbiter_core::Color;
use arbiter_core::arbiter::Rejection;
use arbiter_core::arbiter::{
    Claim, Decision, Event, Game, GameConfig, Refused, Ruling, Stamped, Verdict,
};
use arbiter_core::clock::{Millis, Mode, Period, TimeControl, Timestamp, Timing};
use arbiter_core::laws::Edition;

/// Runs one scenario under each edition as a test of its own, so both names (each with its
/// edition and article) stay in the test list while the scenario is written once.
// Not every test file that includes this module runs scenarios under both editions.
#[allow(unused_macros)]
macro_rules! in_both_editions {
    ($scenario:ident, $under_2005:ident, $under_2023:ident) => {
        #[test]
        fn $under_2005() {
            $scenario(arbiter_core::laws::Edition::Fide2005);
        }

        #[test]
        fn $under_2023() {
            $scenario(arbiter_core::laws::Edition::Fide2023);
        }
    };
}
#[allow(unused_imports)]
pub(crate) use in_both_editions;

pub struct Table {
    pub game: Game,
    pub now: u64,
    pub seen: Vec<Ruling>,
}

pub fn config(edition: Edition, minutes: u64, inc_s: u64) -> GameConfig {
    let timing = if inc_s == 0 {
        Timing::None
    } else {
        Timing::Increment(Millis::seconds(inc_s))
    };
    GameConfig::new(
        edition,
        TimeControl::sudden_death(Millis::minutes(minutes), timing),
    )
}

/// A control of two periods: `moves` moves in `first`, then the rest of the game in `rest`
/// (2005 Art. 6.2; 2023 Art. 6.2), with one timing throughout.
pub fn moves_then_sudden_death(
    moves: u32,
    first: Millis,
    rest: Millis,
    timing: Timing,
) -> TimeControl {
    TimeControl::new(vec![
        Period {
            moves: Some(moves),
            time: first,
            timing,
        },
        Period {
            moves: None,
            time: rest,
            timing,
        },
    ])
    .expect("a valid two-period control")
}

/// A sudden-death game of `minutes`, no increment, played to a quickplay finish (2005 App. G;
/// 2023 Guidelines III).
pub fn quickplay(edition: Edition, minutes: u64, arbiter: bool) -> Table {
    let mut c = config(edition, minutes, 0);
    c.quickplay_finish = true;
    c.arbiter_present = arbiter;
    Table::new(c)
}

impl Table {
    pub fn new(config: GameConfig) -> Table {
        let mut t = Table {
            game: Game::new(config).expect("valid setup"),
            now: 0,
            seen: Vec::new(),
        };
        t.ok(Event::Start);
        t.take();
        t
    }

    pub fn standard(edition: Edition) -> Table {
        Table::new(config(edition, 90, 30))
    }

    pub fn with(
        edition: Edition,
        minutes: u64,
        inc_s: u64,
        fen: Option<&str>,
        arbiter: bool,
        mode: Option<Mode>,
    ) -> Table {
        let mut c = config(edition, minutes, inc_s);
        c.fen = fen.map(str::to_string);
        c.arbiter_present = arbiter;
        c.mode = mode;
        Table::new(c)
    }

    pub fn send(&mut self, event: Event) -> Result<(), Refused> {
        self.now += 1_000;
        let r = self.game.handle(Stamped {
            at: Timestamp(self.now),
            event,
        });
        while let Some(ruling) = self.game.poll_ruling() {
            self.seen.push(ruling);
        }
        r
    }

    pub fn ok(&mut self, event: Event) {
        let e = format!("{event:?}");
        self.send(event)
            .unwrap_or_else(|err| panic!("{e} refused: {err}"));
    }

    pub fn wait(&mut self, ms: u64) {
        self.now += ms;
    }

    pub fn tick(&mut self) {
        self.game.handle_deadline(Timestamp(self.now));
        while let Some(ruling) = self.game.poll_ruling() {
            self.seen.push(ruling);
        }
    }

    /// The side on move, also while the pieces stand in an illegal position (App. A.5.4).
    pub fn side(&self) -> Color {
        self.game.state(Timestamp(self.now)).side_to_move
    }

    /// Enters a move whole and presses the clock.
    pub fn play(&mut self, mv: &str) {
        let side = self.side();
        self.ok(Event::Move {
            mv: mv.parse().expect("move text"),
        });
        self.ok(Event::PressClock { player: side });
    }

    pub fn plays(&mut self, moves: &str) {
        for mv in moves.split_whitespace() {
            self.play(mv);
        }
    }

    pub fn lift(&mut self, sq: &str) {
        self.ok(Event::Lift {
            square: sq.parse().unwrap(),
        });
    }

    pub fn place(&mut self, sq: &str) {
        self.ok(Event::Place {
            square: sq.parse().unwrap(),
            piece: None,
        });
    }

    /// Touches a piece as a sensor board sees it: lifted and set back on its own square.
    pub fn touch(&mut self, sq: &str) {
        self.lift(sq);
        self.place(sq);
    }

    /// Presses the running clock; once a move has ended the game and stopped the clocks, the
    /// mover's press that follows it (which changes nothing, 2005 Art. 6.8a / 2023 6.2.1).
    pub fn press(&mut self) {
        let side = match self.game.clock().running() {
            Some((side, _)) => side,
            None => {
                self.game
                    .moves()
                    .last()
                    .expect("a clock runs or a move ended the game")
                    .by
            }
        };
        self.ok(Event::PressClock { player: side });
    }

    pub fn claim(&mut self, player: Color, claim: Claim) {
        self.ok(Event::Claim { player, claim });
    }

    pub fn offer_draw(&mut self, player: Color) {
        self.ok(Event::OfferDraw { player });
    }

    pub fn accept_draw(&mut self, player: Color) {
        self.ok(Event::AcceptDraw { player });
    }

    pub fn decide(&mut self, decision: Decision) {
        self.ok(Event::Arbiter { decision });
    }

    /// Drains the rulings seen so far.
    pub fn take(&mut self) -> Vec<Ruling> {
        std::mem::take(&mut self.seen)
    }

    /// The rulings since the last take, each as its article and verdict.
    pub fn take_with_laws(&mut self) -> Vec<(String, Verdict)> {
        self.take()
            .into_iter()
            .map(|r| (r.law.to_string(), r.verdict))
            .collect()
    }

    pub fn verdicts(&mut self) -> Vec<Verdict> {
        self.take().into_iter().map(|r| r.verdict).collect()
    }

    /// Why a claim was rejected, when that rejection is the only ruling since the last take.
    pub fn sole_rejection(&mut self) -> Option<Rejection> {
        match self.verdicts()[..] {
            [Verdict::ClaimRejected { because, .. }] => Some(because),
            _ => None,
        }
    }

    pub fn laws(&self) -> Vec<String> {
        self.seen.iter().map(|r| r.law.to_string()).collect()
    }

    pub fn result(&self) -> Option<String> {
        self.game.result().map(|(r, _)| r.pgn().to_string())
    }

    pub fn fen(&self) -> String {
        self.game.board().to_string()
    }

    pub fn remaining(&self, c: Color) -> u64 {
        self.game.clock().remaining(c, Timestamp(self.now)).0
    }

    /// Checks that replaying the log gives the same rulings and position.
    pub fn replays(&self) {
        let text = self.game.log().to_jsonl();
        let log = arbiter_core::arbiter::EventLog::from_jsonl(&text).expect("log reads back");
        let again = Game::replay(&log).expect("replay");
        assert_eq!(again.rulings(), self.game.rulings());
        assert_eq!(
            again.state(Timestamp(self.now)),
            self.game.state(Timestamp(self.now))
        );
    }
}
