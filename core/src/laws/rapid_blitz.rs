//! Who acts on what, by edition, mode and supervision: 2005 App. B (rapid) and C (blitz),
//! 2023 App. A and B. In the 2005 appendices the arbiter rules on touch-move and flags only
//! when a player asks (B5, B6; C2 carries them to blitz); in 2023 an arbiter at the board acts
//! (A.4, A.5.5) and an unsupervised game runs on claims (A.5).

use super::{Edition, Law};
use crate::clock::{Millis, Mode, TimeControl, Timing};
use serde::Serialize;

/// Which mode a time control is in is a rule of the Laws' appendices, not of the clock: it is
/// written here, beside the rules it selects, so that the clock needs nothing from the Laws.
impl TimeControl {
    /// The playing time the rapid / blitz limits compare: 2005 (App. B1, C1) counts only the
    /// time for all moves (our reading of the source texts: no increment term); 2023 (A.1,
    /// B.1) counts base time plus 60 times the increment. `None` if the control has several
    /// periods (then it is not "all moves in a fixed time").
    pub fn rated_time(&self, edition: Edition) -> Option<Millis> {
        let [only] = self.periods() else {
            return None;
        };
        if only.moves.is_some() {
            return None;
        }
        let addition = match (edition, only.timing) {
            (Edition::Fide2005, _) | (_, Timing::None) => 0,
            (Edition::Fide2023, Timing::Increment(d) | Timing::Delay(d) | Timing::Bronstein(d)) => {
                d.0.saturating_mul(60)
            }
        };
        Some(Millis(only.time.0.saturating_add(addition)))
    }

    /// The mode the edition's limits give this control. 2005: rapid is 15 to 60 minutes
    /// inclusive (App. B1 "de 15 e 60 minutos"), blitz under 15 (App. C1). 2023: blitz is at
    /// most 10 minutes (B.1), rapid more than 10 and less than 60 (A.1).
    pub fn mode(&self, edition: Edition) -> Mode {
        let Some(Millis(t)) = self.rated_time(edition) else {
            return Mode::Standard;
        };
        let minute = 60_000;
        match edition {
            Edition::Fide2005 if t < 15 * minute => Mode::Blitz,
            Edition::Fide2005 if t <= 60 * minute => Mode::Rapid,
            Edition::Fide2023 if t <= 10 * minute => Mode::Blitz,
            Edition::Fide2023 if t < 60 * minute => Mode::Rapid,
            _ => Mode::Standard,
        }
    }
}

/// The regime a game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Profile {
    /// Edition of the Laws.
    pub edition: Edition,
    /// Standard, rapid or blitz.
    pub mode: Mode,
    /// Whether an arbiter watches this game (2023 A.4 / B.2 "supervised").
    pub arbiter_present: bool,
}

impl Profile {
    /// Whether the arbiter (the software, on his behalf) calls a flag he sees: 2005 Art. 6.9
    /// in standard play only (B6: in rapid and blitz he refrains); 2023 Art. 6.8 and A.5.5.
    pub fn arbiter_calls_flag(&self) -> bool {
        self.arbiter_present && (self.mode == Mode::Standard || self.edition == Edition::Fide2023)
    }

    /// The article under which the flag is called or claimed.
    pub fn flag_law(&self) -> Law {
        match (self.edition, self.mode) {
            (Edition::Fide2005, Mode::Standard) => Law::new(self.edition, "Art. 6.9"),
            (Edition::Fide2005, _) => Law::new(self.edition, "App. B6"),
            (Edition::Fide2023, Mode::Standard) => Law::new(self.edition, "Art. 6.8"),
            (Edition::Fide2023, _) if self.arbiter_present => Law::new(self.edition, "App. A.5.5"),
            (Edition::Fide2023, _) => Law::new(self.edition, "App. A.5.3"),
        }
    }

    /// Whether the arbiter enforces touch-move himself (otherwise the breach is recorded and
    /// the opponent may claim): 2005 App. B5 leaves it to a player's request in rapid and
    /// blitz; 2023 leaves it to a claim only in unsupervised play.
    pub fn arbiter_enforces_touch(&self) -> bool {
        self.arbiter_present && (self.mode == Mode::Standard || self.edition == Edition::Fide2023)
    }

    /// The article that makes a touch-move breach a matter for a claim.
    pub fn touch_claim_law(&self) -> Law {
        match self.edition {
            Edition::Fide2005 if self.mode != Mode::Standard => Law::new(self.edition, "App. B5"),
            Edition::Fide2005 => Law::new(self.edition, "Art. 4.7"),
            Edition::Fide2023 => Law::new(self.edition, "Art. 4.8"),
        }
    }

    /// Whether the arbiter acts on an illegal move he sees (else only on the opponent's claim).
    pub fn arbiter_acts_on_illegal(&self) -> bool {
        self.arbiter_present && (self.mode == Mode::Standard || self.edition == Edition::Fide2023)
    }

    /// Whether an open claim lapses as soon as the claimant touches a piece (2005 App. B5,
    /// C2; also Art. 4.7 for touch-move claims); in 2023 it lapses when he completes his move
    /// (A.5.2), touch-move claims excepted (4.8).
    pub fn claims_lapse_on_touch(&self) -> bool {
        self.edition == Edition::Fide2005
    }

    /// Whether a win-on-time claim needs the claimant's own flag still up, both flags down
    /// being a draw (2005 App. B7, B8).
    pub fn claimant_flag_must_stand(&self) -> bool {
        self.edition == Edition::Fide2005 && self.mode != Mode::Standard
    }

    /// Whether the draw rules apply without a claim (2023 Art. 9.6: fivefold, 75 moves).
    pub fn automatic_draws(&self) -> bool {
        self.edition == Edition::Fide2023
    }

    /// The moves each player may make before faults of the setup, the board's orientation and
    /// the clock's setting can no longer be claimed: three in 2005 rapid and blitz (App. B4,
    /// C2), ten in 2023 unsupervised rapid and blitz (App. A.5.1, B.3). `None` where the
    /// arbiter deals with them whenever found.
    pub fn setup_claim_window(&self) -> Option<(u32, Law)> {
        match (self.edition, self.mode) {
            (_, Mode::Standard) => None,
            (Edition::Fide2005, _) => Some((3, Law::new(self.edition, "App. B4"))),
            (Edition::Fide2023, _) if !self.arbiter_present => {
                Some((10, Law::new(self.edition, "App. A.5.1")))
            }
            (Edition::Fide2023, _) => None,
        }
    }

    /// The limit on requests to see the scoresheet and its article: 2023 supervised rapid
    /// (App. A.4.3) and blitz (B.2.3, through A.4) allow five; other games set none.
    pub fn scoresheet_requests(&self) -> Option<(u32, Law)> {
        match (self.edition, self.mode, self.arbiter_present) {
            (Edition::Fide2023, Mode::Rapid, true) => {
                Some((5, Law::new(self.edition, "App. A.4.3")))
            }
            (Edition::Fide2023, Mode::Blitz, true) => {
                Some((5, Law::new(self.edition, "App. B.2.3")))
            }
            _ => None,
        }
    }
}
