//! Illegal moves (2005 Art. 7.4, App. C3; 2023 Art. 7.5, App. A.3, B.3): what each completed
//! illegal move costs, by edition and mode.

use super::{Edition, Law, Profile};
use crate::clock::{Millis, Mode};

/// The penalty for a player's `count`-th completed illegal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Penalty {
    /// Restore the position and give the opponent this much time.
    AddTime(Millis),
    /// The game is lost.
    Loss,
    /// The game is lost, unless the opponent cannot mate by any series of legal moves (draw).
    LossUnlessCannotMate,
}

/// The penalty and its article. 2005: 7.4b gives two minutes for the first and second and
/// loses the third (no draw exception in the 2005 text), and rapid uses it through B2; in
/// blitz C3 lets the opponent claim the win at once (draw if he cannot mate). 2023: 7.5.5
/// gives two minutes then loses the second; rapid gives one minute (A.3), and so does
/// unsupervised blitz (B.3 brings in A.2, A.3 and A.5); supervised blitz is played under the
/// Competition Rules (B.2), so 7.5.5's two minutes stand.
pub fn penalty(profile: Profile, count: u32) -> (Penalty, Law) {
    let edition = profile.edition;
    match (edition, profile.mode) {
        (Edition::Fide2005, Mode::Blitz) => {
            (Penalty::LossUnlessCannotMate, Law::new(edition, "App. C3"))
        }
        (Edition::Fide2005, _) if count >= 3 => (Penalty::Loss, Law::new(edition, "Art. 7.4b")),
        (Edition::Fide2005, _) => (
            Penalty::AddTime(Millis::minutes(2)),
            Law::new(edition, "Art. 7.4b"),
        ),
        (Edition::Fide2023, _) if count >= 2 => (
            Penalty::LossUnlessCannotMate,
            Law::new(edition, "Art. 7.5.5"),
        ),
        (Edition::Fide2023, Mode::Standard) => (
            Penalty::AddTime(Millis::minutes(2)),
            Law::new(edition, "Art. 7.5.5"),
        ),
        (Edition::Fide2023, Mode::Blitz) if profile.arbiter_present => (
            Penalty::AddTime(Millis::minutes(2)),
            Law::new(edition, "Art. 7.5.5"),
        ),
        (Edition::Fide2023, Mode::Rapid) => (
            Penalty::AddTime(Millis::minutes(1)),
            Law::new(edition, "App. A.3"),
        ),
        (Edition::Fide2023, Mode::Blitz) => (
            Penalty::AddTime(Millis::minutes(1)),
            Law::new(edition, "App. B.3"),
        ),
    }
}

/// The article for restoring the position before an illegal move.
pub fn restore_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 7.4a", "Art. 7.5.1")
}

/// The article that makes a clock press without a move an illegal move (2023 only; the 2005
/// Laws have no such rule, so the press is only noted for the arbiter).
pub fn press_without_move_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 6.8a", "Art. 7.5.3")
}

/// Two pieces lifted within this many milliseconds of each other were lifted at once, as with
/// two hands: a sensor board reports each square separately, a few milliseconds apart, when
/// both come up together, while one hand needs far longer to reach a second piece.
pub const TWO_HANDS_WINDOW_MS: u64 = 100;

/// The article for a move perhaps made with two hands, which only the arbiter can judge: 2005
/// Art. 4.1 (one hand); 2023 Art. 7.5.4 (a move with two hands is an illegal move).
pub fn two_hands_law(edition: Edition) -> Law {
    Law::of(edition, "Art. 4.1", "Art. 7.5.4")
}
