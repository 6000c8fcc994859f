//! The arbiter's decisions: accepting or rejecting a claim he holds, clock settings, restored
//! positions, cancelled games and the result the players report (2005 Art. 6.13-6.14, 7, 8.7 /
//! 2023 Art. 6.11, 7, 8.7); the position set before the first move is `set_position`'s.

use super::*;

impl Game {
    pub(super) fn decide(&mut self, at: Timestamp, decision: &Decision) -> Result<(), Refused> {
        if self.is_over() {
            return self.decide_after_the_end(at, decision);
        }
        let edition = self.edition();
        match decision {
            Decision::Accept | Decision::Reject | Decision::Postpone => {
                let Some(pending) = self.claims.pending else {
                    return Err(Refused::NoPendingClaim);
                };
                match pending.claim {
                    ClaimKind::QuickplayIncrement => {
                        return self.decide_increment(at, pending.player, decision);
                    }
                    ClaimKind::QuickplayFinish => {}
                    ClaimKind::Repetition | ClaimKind::FiftyMoves => {
                        return self.decide_claim(at, pending, decision);
                    }
                    // No other claim is held for the arbiter.
                    _ => return Err(Refused::NoPendingClaim),
                }
                let law = quickplay::claim_law(edition);
                let (player, claim) = (pending.player, pending.claim);
                match decision {
                    Decision::Accept => {
                        self.claims.pending = None;
                        self.rule(at, law, Verdict::ClaimAccepted { player, claim });
                        self.end(at, law, GameResult::Draw, Reason::QuickplayFinish);
                    }
                    Decision::Reject => {
                        self.claims.pending = None;
                        self.reject_claim(at, law, player, claim, Rejection::Arbiter);
                        if !pending.postponed {
                            self.bonus_and_restart(at, player, law);
                        }
                    }
                    _ => {
                        if pending.postponed {
                            return Err(Refused::NoPendingClaim);
                        }
                        self.claims.pending = Some(PendingClaim {
                            postponed: true,
                            ..pending
                        });
                        self.rule(at, law, Verdict::ClaimPostponed { player, claim });
                        self.bonus_and_restart(at, player, law);
                    }
                }
                Ok(())
            }
            Decision::AddTime { player, ms } => {
                self.clock.add_time(*player, *ms);
                self.rule(
                    at,
                    rules::ARBITER_ADDS_TIME.law(edition),
                    Verdict::TimeAdded {
                        player: *player,
                        ms: *ms,
                    },
                );
                Ok(())
            }
            Decision::SetClock { white, black } => {
                self.clock.set_remaining(Color::White, *white, at);
                self.clock.set_remaining(Color::Black, *black, at);
                // A change of the clocks is on the record, as any of the arbiter's decisions.
                self.rule(
                    at,
                    rules::CLOCK_SETTING_CORRECTED.law(edition),
                    Verdict::ClocksSet {
                        white: *white,
                        black: *black,
                        moves: self.move_counts(),
                    },
                );
                Ok(())
            }
            Decision::StopClock => {
                self.clock.stop(at);
                self.rule(
                    at,
                    rules::ARBITER_PAUSES_CLOCKS.law(edition),
                    Verdict::ClockStopped,
                );
                Ok(())
            }
            Decision::Restore { ply, cause } => self.restore(at, *ply, *cause),
            Decision::ResumptionClockError { player } => {
                let Some(counts) = self.adjournment.resumed_counts else {
                    return Err(Refused::NotResumed);
                };
                let i = *player as usize;
                let what = if self.move_counts()[i] <= counts[i] {
                    Noticed::ClockErrorToBeCorrected
                } else {
                    Noticed::ClockErrorStands
                };
                self.rule(
                    at,
                    rules::RESUMPTION_CLOCK_ERROR.law(edition),
                    Verdict::Notice { what },
                );
                Ok(())
            }
            Decision::EnvelopeLost => {
                let Some((sealer, _)) = self.adjournment.sealed.take() else {
                    return Err(Refused::NotSealed);
                };
                self.adjournment.resumed = None;
                self.deadlines.set_all(true);
                self.clock.start(sealer, at);
                // His move from the lost envelope is still the sealed one, not a first move.
                let mut counts = self.move_counts();
                counts[sealer as usize] += 1;
                self.adjournment.resumed_counts = Some(counts);
                self.rule(
                    at,
                    rules::ENVELOPE_LOST.law(edition),
                    Verdict::Notice {
                        what: Noticed::EnvelopeLostSealerPlaysHisSealedMove,
                    },
                );
                Ok(())
            }
            Decision::SetupFault { fault } => {
                self.setup_fault(at, *fault);
                Ok(())
            }
            Decision::RecordResult { result } => {
                // The players' word ends the game as they report it, whatever stands on the
                // board; a claim or offer still open goes with it.
                self.claims.pending = None;
                self.claims.open.clear();
                let law = rules::RESULT_REPORTED.law(edition);
                self.end(at, law, *result, Reason::ReportedResult);
                Ok(())
            }
            Decision::TouchNotDeliberate { square } => self.touch_not_deliberate(at, *square),
            Decision::SetPosition { fen } => self.set_position(at, fen),
            Decision::Forfeit { absent } => self.record_forfeit(at, *absent),
            Decision::StartClock => {
                if self.started.is_none() {
                    return Err(Refused::NotStarted);
                }
                let player = self.on_move();
                self.clock.start(player, at);
                self.rule(
                    at,
                    rules::ARBITER_PAUSES_CLOCKS.law(edition),
                    Verdict::ClockStarted { player },
                );
                Ok(())
            }
        }
    }

    /// After the end, the arbiter may still put right what should not have happened (a result
    /// entered by mistake or by someone who should not have, a flag fall a wrong clock change
    /// caused): a restored position takes the game back to play (2005 Art. 6.14, 7.5 / 2023
    /// Art. 6.11, 7.5), the clocks stopped until he starts them; the right result, or his clock
    /// change, then follows as a decision in play. Nothing else reopens a game, and a second
    /// result on an ended game is refused.
    fn decide_after_the_end(&mut self, at: Timestamp, decision: &Decision) -> Result<(), Refused> {
        if !matches!(decision, Decision::Restore { .. }) {
            return Err(Refused::GameOver);
        }
        let (result, ended, forfeit) = (self.result.take(), self.ended.take(), self.forfeit.take());
        let taken = self.decide(at, decision);
        if taken.is_err() {
            self.result = result;
            self.ended = ended;
            self.forfeit = forfeit;
        } else if !self.is_over() {
            self.clock.stop(at);
        }
        taken
    }

    /// The arbiter's decision on a draw claim held for him (Art. 9.2, 9.3): upheld, the game
    /// is drawn; rejected, the claim is ruled incorrect and the clocks go on (2005 Art. 9.5 /
    /// 2023 Art. 9.5.2-9.5.3). Only a quickplay claim is postponed.
    fn decide_claim(
        &mut self,
        at: Timestamp,
        pending: PendingClaim,
        decision: &Decision,
    ) -> Result<(), Refused> {
        let (player, claim) = (pending.player, pending.claim);
        match decision {
            Decision::Accept => {
                // The record is the score both players kept: a draw it does not show cannot
                // be recorded (the arbiter restores the position first if the record is wrong).
                let evidence = self
                    .draw_evidence(claim, pending.intended)
                    .ok_or(Refused::ClaimNotEstablished)?;
                self.claims.pending = None;
                self.uphold_draw(at, player, claim, evidence);
            }
            Decision::Reject => {
                self.claims.pending = None;
                self.reject_draw(at, player, claim, pending.intended);
                self.clock.start(self.on_move(), at);
            }
            _ => return Err(Refused::NotPostponable),
        }
        Ok(())
    }

    /// The position after `ply` half-moves, with the clocks and move counters of then.
    pub(super) fn restore(
        &mut self,
        at: Timestamp,
        ply: usize,
        cause: RestoreCause,
    ) -> Result<(), Refused> {
        // A game forfeited before it was started goes back to its start as it was: the
        // arbiter's undo of the forfeit (no move to keep, no clock that ran).
        if self.started.is_none() && ply > 0 {
            return Err(Refused::NotStarted);
        }
        if ply > self.score.moves.len() {
            return Err(Refused::NoSuchPly {
                ply,
                plies: self.score.moves.len(),
            });
        }
        let edition = self.edition();
        self.score.keep_first(ply);
        let kept = &self.score.moves;
        let first = self.clock.control().period(0).time;
        let initial = blind::ClockReading {
            white: first,
            black: first,
        };
        let after: Vec<Millis> = kept.iter().map(|m| m.clock_after).collect();
        let reading =
            blind::readings_at(self.score.record.start(), initial, &after, ply).unwrap_or(initial);
        let count = |c: Color| kept.iter().filter(|m| m.by == c).count() as u32;
        let moves = [count(Color::White), count(Color::Black)];
        let was_running = self.clock.running().is_some();
        self.clock.stop(at);
        self.clock.set_remaining(Color::White, reading.white, at);
        self.clock.set_remaining(Color::Black, reading.black, at);
        self.clock.set_moves(Color::White, moves[0]);
        self.clock.set_moves(Color::Black, moves[1]);
        self.clear_turn();
        let law = match cause {
            RestoreCause::Arbiter => rules::ARBITER_SETS_CLOCKS.law(edition),
            RestoreCause::Displaced => rules::DISPLACED_PIECES_FOUND.law(edition),
        };
        let fen = self.score.record.current().to_string();
        self.rule(
            at,
            law,
            Verdict::PositionRestored {
                fen,
                obligation: Obligation::Free,
            },
        );
        self.rule(
            at,
            rules::ARBITER_SETS_CLOCKS.law(edition),
            Verdict::ClocksSet {
                white: reading.white,
                black: reading.black,
                moves,
            },
        );
        if was_running {
            self.clock.start(self.on_move(), at);
        }
        Ok(())
    }

    pub(super) fn setup_fault(&mut self, at: Timestamp, fault: SetupFault) {
        let edition = self.edition();
        let each = self
            .clock
            .side(Color::White)
            .moves
            .min(self.clock.side(Color::Black).moves);
        if let Some((limit, law)) = self.profile.setup_claim_window()
            && each >= limit
        {
            // Too late to complain: the game goes on as it stands.
            self.rule(
                at,
                law,
                Verdict::Notice {
                    what: Noticed::SetupFaultTooLate,
                },
            );
            if fault == SetupFault::WrongSetup {
                for player in Color::ALL {
                    let barred = self.score.setup_barred[player as usize];
                    if barred.any() {
                        let verdict = Verdict::CastlingBarred {
                            player,
                            short: barred.short,
                            long: barred.long,
                        };
                        self.rule(at, law, verdict);
                    }
                }
            }
            return;
        }
        match fault {
            SetupFault::WrongSetup => self.new_game(
                at,
                rules::WRONG_INITIAL_POSITION.law(edition),
                SetupFault::WrongSetup,
                false,
            ),
            SetupFault::ColoursReversed => {
                let law = rules::COLOURS_REVERSED.law(edition);
                // 2023: fewer than ten moves each, a new game with the right colours; 2005 and
                // from ten moves on, the game goes on (in 2005 unless the arbiter decides
                // otherwise: he may still cancel it as for a wrong setup).
                if edition == Edition::Fide2023 && each < 10 {
                    self.new_game(at, law, SetupFault::ColoursReversed, true);
                } else {
                    self.rule(
                        at,
                        law,
                        Verdict::Notice {
                            what: Noticed::ColoursReversedPlayOn,
                        },
                    );
                }
            }
            SetupFault::ClockSetting => self.rule(
                at,
                rules::CLOCK_SETTING_CORRECTED.law(edition),
                Verdict::Notice {
                    what: Noticed::ClockSettingToBeCorrected,
                },
            ),
        }
    }

    /// Cancels the game and sets up a new one from the start; the log and rulings go on, and
    /// the arbiter's `start` begins the new game.
    pub(super) fn new_game(&mut self, at: Timestamp, law: Law, because: SetupFault, swap: bool) {
        let mut config = self.config.clone();
        if swap {
            std::mem::swap(&mut config.white, &mut config.black);
            for vi in &mut config.visually_impaired {
                vi.player = !vi.player;
            }
        }
        // The setup was accepted when this game was made, so it is accepted again.
        let Ok(mut fresh) = Game::new(config) else {
            return;
        };
        fresh.log = std::mem::replace(&mut self.log, EventLog::new(self.config.clone()));
        fresh.rulings = std::mem::take(&mut self.rulings);
        fresh.queue = std::mem::take(&mut self.queue);
        fresh.last_at = self.last_at;
        *self = fresh;
        self.rule(
            at,
            law,
            Verdict::NewGame {
                because,
                colours_swapped: swap,
            },
        );
    }
}
