//! A two-sided chess clock (2005 Art. 6.1 / 2023 Art. 6.1) that never counts down: it stores
//! each side's time at the start of its turn and the instant its clock started, and answers
//! "how much is left at `now`" by arithmetic.

use super::{Millis, TimeControl, Timestamp, Timing};
use crate::Color;
use serde::Serialize;

/// One player's side of the clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideClock {
    /// Main time at the start of this side's current turn (before the turn's own use).
    pub banked: Millis,
    /// Time used in the current turn during earlier running stretches (the clock was stopped
    /// and restarted within the turn, 2005 Art. 6.13).
    pub turn_used: Millis,
    /// Time this side's clock ran in turns already closed (completed moves, and turns cut short
    /// by an arbiter setting the clock), for "time used" (2005 App. F2.9d / 2023 App. D.2.10).
    pub spent: Millis,
    /// The least main time this side had at any press in the current period (for the duty to
    /// record, 2005 / 2023 Art. 8.4: "at some stage in a period").
    pub period_low: Millis,
    /// Moves completed by pressing the clock (the clock's move counter).
    pub moves: u32,
    /// Zero-based index of the period this side is playing.
    pub period: usize,
    /// Moves completed within the current period.
    pub moves_in_period: u32,
    /// When this side's time ran out, once the clock has seen it (exact to the millisecond).
    pub fell_at: Option<Timestamp>,
}

/// What a press of the clock did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    /// Time added by the increment or the Bronstein refund.
    pub added: Millis,
    /// The period the presser entered and the time it brought, if the press completed one.
    pub period_started: Option<(usize, Millis)>,
    /// The presser's flag had already fallen: no time was added (FIDE clock standard (i)).
    pub flagged: bool,
}

/// A chess clock for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    white: SideClock,
    black: SideClock,
    running: Option<(Color, Timestamp)>,
}

impl Clock {
    /// A stopped clock with both sides set to the first period's time.
    pub fn new(control: TimeControl) -> Clock {
        let first = control.period(0).time;
        let side = SideClock {
            banked: first,
            turn_used: Millis(0),
            spent: Millis(0),
            period_low: first,
            moves: 0,
            period: 0,
            moves_in_period: 0,
            fell_at: None,
        };
        Clock {
            control,
            white: side.clone(),
            black: side,
            running: None,
        }
    }

    /// The time control the clock was set to.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// One side's stored state.
    pub fn side(&self, color: Color) -> &SideClock {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    fn side_mut(&mut self, color: Color) -> &mut SideClock {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// The side whose clock runs, and since when.
    pub fn running(&self) -> Option<(Color, Timestamp)> {
        self.running
    }

    fn timing(&self, color: Color) -> Timing {
        self.control.period(self.side(color).period).timing
    }

    /// Time used in `color`'s current turn, up to `now`.
    fn used(&self, color: Color, now: Timestamp) -> Millis {
        let side = self.side(color);
        let stretch = match self.running {
            Some((c, since)) if c == color => now.since(since).0,
            _ => 0,
        };
        Millis(side.turn_used.0.saturating_add(stretch))
    }

    /// Time `color`'s clock has run over the whole game up to `now`, the current turn included.
    pub fn spent(&self, color: Color, now: Timestamp) -> Millis {
        Millis(
            self.side(color)
                .spent
                .0
                .saturating_add(self.used(color, now).0),
        )
    }

    /// The least main time `color` has had in his current period, up to `now`.
    pub fn period_low(&self, color: Color, now: Timestamp) -> Millis {
        self.side(color).period_low.min(self.remaining(color, now))
    }

    /// Main time `color` has left at `now` (0 once the flag has fallen).
    pub fn remaining(&self, color: Color, now: Timestamp) -> Millis {
        let banked = self.side(color).banked.0;
        let used = self.used(color, now).0;
        let charged = match self.timing(color) {
            Timing::Delay(delay) => used.saturating_sub(delay.0),
            _ => used,
        };
        Millis(banked.saturating_sub(charged))
    }

    /// When the running side's flag falls if nobody presses, or `None` if the clock is stopped
    /// or that flag is already down.
    pub fn deadline(&self) -> Option<Timestamp> {
        let (color, since) = self.running?;
        let side = self.side(color);
        if side.fell_at.is_some() {
            return None;
        }
        let budget = match self.timing(color) {
            Timing::Delay(delay) => side.banked.0.saturating_add(delay.0),
            _ => side.banked.0,
        };
        Some(since.after(Millis(budget.saturating_sub(side.turn_used.0))))
    }

    /// Notes the fall of the running side's flag if `now` is at or past it; returns the exact
    /// instant it fell. Idempotent.
    pub fn observe(&mut self, now: Timestamp) -> Option<(Color, Timestamp)> {
        let deadline = self.deadline()?;
        let (color, _) = self.running?;
        if now < deadline {
            return None;
        }
        self.side_mut(color).fell_at = Some(deadline);
        Some((color, deadline))
    }

    /// The instant `color`'s flag fell, as far as the clock can tell at `now`.
    pub fn fell_at(&self, color: Color, now: Timestamp) -> Option<Timestamp> {
        if let Some(at) = self.side(color).fell_at {
            return Some(at);
        }
        match (self.running, self.deadline()) {
            (Some((c, _)), Some(deadline)) if c == color && deadline <= now => Some(deadline),
            _ => None,
        }
    }

    /// Starts `color`'s clock at `at` (the game's start, 2005 Art. 6.5 / 2023 Art. 6.6, or a
    /// restart by the arbiter). Stops the other side first if it was running.
    pub fn start(&mut self, color: Color, at: Timestamp) {
        self.stop(at);
        self.running = Some((color, at));
    }

    /// Stops the clock at `at`, keeping the running side's turn open (2005 Art. 6.13).
    pub fn stop(&mut self, at: Timestamp) {
        if let Some((color, _)) = self.running {
            self.observe(at);
            let used = self.used(color, at);
            self.side_mut(color).turn_used = used;
            self.running = None;
        }
    }

    /// `color` presses the clock at `at`, completing a move (2005 Art. 6.8a / 2023 Art. 6.2.1):
    /// the turn's time is charged, the increment or refund credited unless the flag is down,
    /// the next period's time added once its move count is reached (Art. 6.2b / 6.3.2), and the
    /// opponent's clock started.
    pub fn press(&mut self, color: Color, at: Timestamp) -> Press {
        self.observe(at);
        let used = self.used(color, at);
        let left = self.remaining(color, at);
        let timing = self.timing(color);
        let flagged = self.side(color).fell_at.is_some();
        let added = match timing {
            _ if flagged => Millis(0),
            Timing::Increment(inc) => inc,
            Timing::Bronstein(delay) => Millis(used.0.min(delay.0)),
            Timing::None | Timing::Delay(_) => Millis(0),
        };
        let control = self.control.clone();
        let side = self.side_mut(color);
        side.period_low = side.period_low.min(left);
        side.banked = Millis(left.0.saturating_add(added.0));
        side.spent = Millis(side.spent.0.saturating_add(used.0));
        side.turn_used = Millis(0);
        side.moves = side.moves.saturating_add(1);
        side.moves_in_period = side.moves_in_period.saturating_add(1);
        let mut period_started = None;
        if control.period(side.period).moves == Some(side.moves_in_period) {
            side.period += 1;
            side.moves_in_period = 0;
            let time = control.period(side.period).time;
            side.banked = Millis(side.banked.0.saturating_add(time.0));
            side.period_low = side.banked;
            period_started = Some((side.period, time));
        }
        self.running = Some((!color, at));
        Press {
            added,
            period_started,
            flagged,
        }
    }

    /// `color`'s move ended the game at `at`, which completes it without a press (2005
    /// Art. 6.8a / 2023 Art. 6.2.1): the turn's time is charged and counted as a move, nothing
    /// is added (no increment, refund or next period: the game is over), and the clock stops.
    pub fn complete_without_press(&mut self, color: Color, at: Timestamp) {
        self.observe(at);
        let used = self.used(color, at);
        let left = self.remaining(color, at);
        let side = self.side_mut(color);
        side.period_low = side.period_low.min(left);
        side.banked = left;
        side.spent = Millis(side.spent.0.saturating_add(used.0));
        side.turn_used = Millis(0);
        side.moves = side.moves.saturating_add(1);
        side.moves_in_period = side.moves_in_period.saturating_add(1);
        self.running = None;
    }

    /// From now on every period either side is still to play uses `timing` (an increment
    /// granted in a quickplay finish, 2023 Guidelines III.4).
    pub fn set_timing_from_now(&mut self, timing: Timing) {
        let first = self.white.period.min(self.black.period);
        let mut periods = self.control.periods().to_vec();
        for period in periods.iter_mut().skip(first) {
            period.timing = timing;
        }
        // Only the timing changed, so the control stays as valid as it was.
        if let Ok(control) = TimeControl::new(periods) {
            self.control = control;
        }
    }

    /// Adds `time` to `color` (an arbiter's decision or a penalty, e.g. 2005 Art. 7.4b).
    pub fn add_time(&mut self, color: Color, time: Millis) {
        let side = self.side_mut(color);
        side.banked = Millis(side.banked.0.saturating_add(time.0));
        if side.fell_at.is_some() && time.0 > 0 {
            side.fell_at = None;
        }
    }

    /// Sets `color`'s remaining main time to `time` at `at` (2005 Art. 6.11, 6.14 / 2023
    /// Art. 6.10.2, 7.1); the turn starts afresh from there.
    pub fn set_remaining(&mut self, color: Color, time: Millis, at: Timestamp) {
        let used = self.used(color, at);
        let running = self.running;
        if let Some((c, _)) = running
            && c == color
        {
            self.running = Some((c, at));
        }
        let side = self.side_mut(color);
        side.banked = time;
        side.spent = Millis(side.spent.0.saturating_add(used.0));
        side.turn_used = Millis(0);
        side.fell_at = None;
    }

    /// Sets `color`'s move counter (and the period it implies), as the arbiter may after
    /// restoring a position (2005 Art. 6.14 / 2023 Art. 7.1).
    pub fn set_moves(&mut self, color: Color, moves: u32) {
        let control = self.control.clone();
        let side = self.side_mut(color);
        side.moves = moves;
        let mut left = moves;
        let mut period = 0;
        while let Some(n) = control.period(period).moves {
            if left < n {
                break;
            }
            left -= n;
            period += 1;
        }
        side.period = period;
        side.moves_in_period = left;
    }
}
