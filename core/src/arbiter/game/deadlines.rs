//! The deadlines: flag falls and the default time (2005 Art. 6.7, 6.9-6.10, App. A10 /
//! 2023 Art. 6.7-6.9, Guidelines I.10-I.11). Each rules on its own expiry.

use super::*;

impl Game {
    /// The next instant at which the game must look at the clock (a flag fall, or the end of
    /// the default time for a late player); call [`Game::handle_deadline`] then.
    #[must_use]
    pub fn poll_deadline(&self) -> Option<Timestamp> {
        if self.result.is_some() || self.claims.stops_play() || self.analysis.is_some() {
            return None;
        }
        let flag = self.clock.deadline();
        let default = self.default_deadline().map(|(_, t)| t);
        match (flag, default) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Time has reached `now` with nothing happening at the board. Logged as a tick when it
    /// changes anything, so that replay gives the same rulings; a tick before any deadline does
    /// nothing and is not logged.
    pub fn handle_deadline(&mut self, now: Timestamp) {
        if now < self.last_at || self.poll_deadline().is_none_or(|d| d > now) {
            return;
        }
        // A tick at a valid time is never refused.
        let _ = self.handle(Stamped {
            at: now,
            event: Event::Tick,
        });
    }

    pub(super) fn default_deadline(&self) -> Option<(Color, Timestamp)> {
        let at = match (self.adjournment.resumed, self.adjournment.sealed.is_some()) {
            // At a resumption the limit is one hour in 2005 (App. A10), the default time in 2023
            // (Guidelines I.10).
            (Some(resumed), true) => resumed.after(match self.edition() {
                Edition::Fide2005 => Millis::minutes(60),
                Edition::Fide2023 => self.config.default_time(),
            }),
            (_, true) => return None,
            _ if self.config.await_arrival => self.started?.after(self.config.default_time()),
            _ => return None,
        };
        // Late means after the limit: the first instant of lateness is one millisecond past it.
        let at = at.after(Millis(1));
        match self.present {
            [false, true] => Some((Color::White, at)),
            [true, false] => Some((Color::Black, at)),
            _ => None,
        }
    }

    pub(super) fn process_deadlines(&mut self, now: Timestamp) {
        if self.result.is_some() || self.claims.stops_play() || self.analysis.is_some() {
            return;
        }
        if let Some((late, deadline)) = self.default_deadline()
            && deadline <= now
        {
            match &self.adjournment.sealed {
                None => {
                    let law = rules::DEFAULT_TIME.law(self.edition());
                    self.end(deadline, law, GameResult::win(!late), Reason::Default);
                }
                Some((sealer, _)) if *sealer != late => {
                    let law = rules::LATE_FOR_RESUMPTION.law(self.edition());
                    self.end(deadline, law, GameResult::win(!late), Reason::Default);
                }
                Some(_) => {
                    // The late sealer may still win or draw by his sealed move (A10a-c): the
                    // arbiter opens the envelope and decides.
                    let law = rules::SEALER_LATE.law(self.edition());
                    self.adjournment.resumed = None;
                    self.rule(
                        deadline,
                        law,
                        Verdict::Notice {
                            what: "sealer_late_arbiter_opens_envelope",
                        },
                    );
                }
            }
            return;
        }
        if let Some((color, fell)) = self.clock.observe(now) {
            self.flag_fell(color, fell);
        }
    }

    pub(super) fn flag_fell(&mut self, color: Color, at: Timestamp) {
        let law = self.profile.flag_law();
        if self.profile.arbiter_calls_flag() {
            self.rule(at, law, Verdict::FlagFell { player: color });
            self.decide_flag(color, at);
        } else if !self.claims.is_open(!color, ClaimKind::WinOnTime) {
            self.claims.open_to(!color, ClaimKind::WinOnTime);
            self.rule(
                at,
                law,
                Verdict::ClaimOpen {
                    player: !color,
                    claim: ClaimKind::WinOnTime,
                },
            );
        }
    }

    /// `loser`'s flag fell: he loses unless his opponent cannot mate by any series of legal
    /// moves (2005 Art. 6.10 / 2023 Art. 6.9).
    pub(super) fn decide_flag(&mut self, loser: Color, at: Timestamp) {
        self.rule_on_mating_chances(at, analysis::Completion::FlagFall { loser });
    }
}
