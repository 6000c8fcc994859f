//! The deadlines: flag falls and the default time (2005 Art. 6.7, 6.9-6.10, App. A10 /
//! 2023 Art. 6.7-6.9, Guidelines I.10-I.11). Each rules on its own expiry.

use super::*;

/// Who is at the board: a player absent when the default time is up loses (2005 Art. 6.7 /
/// 2023 Art. 6.7), and so at a resumption (App. A10 / Guidelines I.10).
#[derive(Clone, Debug)]
pub(in crate::arbiter) struct Deadlines {
    /// White, Black: at the board.
    pub(in crate::arbiter) present: [bool; 2],
}

impl Deadlines {
    /// Both players at the board, unless the game waits for their arrival.
    pub(super) fn new(await_arrival: bool) -> Deadlines {
        Deadlines {
            present: [!await_arrival; 2],
        }
    }

    /// `player` has come to the board.
    pub(super) fn arrive(&mut self, player: Color) {
        self.present[player as usize] = true;
    }

    /// Both players leave the board (an adjournment), or are both there (a lost envelope).
    pub(super) fn set_all(&mut self, present: bool) {
        self.present = [present; 2];
    }

    /// Whether `player` is at the board.
    pub(super) fn is_present(&self, player: Color) -> bool {
        self.present[player as usize]
    }

    /// The one player still away once `limit` has passed, and the first instant he is late;
    /// none when both or neither are away.
    fn late(&self, limit: Timestamp) -> Option<(Color, Timestamp)> {
        // Late means after the limit: the first instant of lateness is one millisecond past it.
        let at = limit.after(Millis(1));
        match self.present {
            [false, true] => Some((Color::White, at)),
            [true, false] => Some((Color::Black, at)),
            _ => None,
        }
    }
}

impl Game {
    /// The arbiter starts the clock of the player on move (2005 Art. 6.5 / 2023 Art. 6.6).
    pub(super) fn start(&mut self, at: Timestamp) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        if self.started.is_some() {
            return Err(Refused::AlreadyStarted);
        }
        self.started = Some(at);
        self.clock.start(self.on_move(), at);
        let law = rules::CLOCK_STARTED.law(self.edition());
        self.rule(
            at,
            law,
            Verdict::ClockStarted {
                player: self.on_move(),
            },
        );
        Ok(())
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
        self.deadlines.late(at)
    }

    pub(super) fn process_deadlines(&mut self, now: Timestamp) {
        if self.is_over() || self.claims.stops_play() || self.analysis.is_some() {
            return;
        }
        if let Some((late, deadline)) = self.default_deadline()
            && deadline <= now
        {
            match &self.adjournment.sealed {
                None => {
                    let law = rules::DEFAULT_TIME.law(self.edition());
                    // Before a move the game was not played: lost by forfeit, as the arbiter
                    // records it ([`Forfeit`]); after one, lost by default in play.
                    if self.score.moves.is_empty() {
                        self.forfeit = Some(Forfeit::of(late));
                    }
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
                            what: Noticed::SealerLateArbiterOpensEnvelope,
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
