//! The adjournment: sealing a move and opening the envelope (2005 App. A / 2023 Guidelines I).

use super::*;

/// An adjourned game: the sealed move in its envelope, when play was called to resume, and the
/// clocks' move counters at the resumption.
#[derive(Clone, Debug, Default)]
pub(in crate::arbiter) struct Adjournment {
    /// Who sealed, and the envelope (its content is never shown).
    pub(in crate::arbiter) sealed: Option<(Color, SealedEnvelope)>,
    /// When the arbiter called the resumption.
    pub(super) resumed: Option<Timestamp>,
    /// The clocks' move counters when an adjourned game resumed (App. A12 / I.13).
    pub(super) resumed_counts: Option<[u32; 2]>,
}

impl Game {
    /// A new session of the adjourned game begins: the players must arrive again (App. A10 /
    /// Guidelines I.10 time their arrival from here).
    pub(super) fn resume(&mut self, at: Timestamp) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        if self.adjournment.sealed.is_none() {
            return Err(Refused::NotSealed);
        }
        self.adjournment.resumed = Some(at);
        Ok(())
    }

    pub(super) fn seal(
        &mut self,
        at: Timestamp,
        player: Color,
        envelope: &SealedEnvelope,
    ) -> Result<(), Refused> {
        self.require_play()?;
        if self.on_move() != player {
            return Err(Refused::NotOnMove(color_name(player)));
        }
        let edition = self.edition();
        self.clock.stop(at);
        if let Some(end) = self.config.session_end
            && at < end
        {
            // Adjourning early charges the time to the end of the session (App. A1b / I.1.2).
            let charge = end.since(at);
            let left = self.clock.remaining(player, at);
            self.clock
                .set_remaining(player, Millis(left.0.saturating_sub(charge.0)), at);
            self.clock.stop(at);
            self.rule(
                at,
                rules::ADJOURNED_EARLY.law(edition),
                Verdict::TimeCharged { player, ms: charge },
            );
        }
        self.adjournment.sealed = Some((player, envelope.clone()));
        // The players leave; who is at the board for the resumption is told by arrivals.
        self.deadlines.set_all(false);
        self.turn.clear_board();
        self.rule(at, rules::SEALING.law(edition), Verdict::Sealed { player });
        Ok(())
    }

    pub(super) fn open(&mut self, at: Timestamp, passphrase: &str) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        let Some((_, envelope)) = self.adjournment.sealed.clone() else {
            return Err(Refused::NotSealed);
        };
        // The passphrase first: a wrong one is refused and changes nothing, not even the
        // absent replier's clock below.
        let text = adjourn::open(&envelope, passphrase)?;
        self.open_with(at, Some(text))
    }

    /// The public view's opening ([`Event::Opened`]): the envelope's text as found inside it,
    /// taken only by a game whose envelope was withheld from it; a game that holds the
    /// envelope itself is opened with the passphrase alone.
    pub(super) fn opened(&mut self, at: Timestamp, text: Option<&str>) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        let Some((_, envelope)) = &self.adjournment.sealed else {
            return Err(Refused::NotSealed);
        };
        if !super::super::public::is_withheld(envelope) {
            return Err(Refused::Envelope(adjourn::EnvelopeError::WrongPassphrase));
        }
        self.open_with(at, text.map(str::to_owned))
    }

    /// Opens the envelope whose move is `text` (none: not known, which serves only while the
    /// replier is absent).
    fn open_with(&mut self, at: Timestamp, text: Option<String>) -> Result<(), Refused> {
        let Some((sealer, _)) = self.adjournment.sealed.clone() else {
            return Err(Refused::NotSealed);
        };
        if !self.deadlines.is_present(!sealer) {
            if self.clock.running().is_some() {
                return Err(Refused::ReplierAbsent);
            }
            // A9b: the absent replier's clock is started; the envelope waits for him.
            self.clock.start(!sealer, at);
            let law = rules::REPLIER_ABSENT.law(self.edition());
            self.rule(at, law, Verdict::ClockStarted { player: !sealer });
            return Ok(());
        }
        let Some(text) = text else {
            return Err(Refused::Envelope(adjourn::EnvelopeError::Malformed {
                field: "text",
            }));
        };
        // The replier's clock may have run while he was away (A9b): bank it before the move.
        self.clock.stop(at);
        self.adjournment.resumed = None;
        let edition = self.edition();
        self.adjournment.sealed = None;
        let parsed = text
            .trim()
            .parse::<Move>()
            .ok()
            .and_then(|t| touch::legal_move(self.score.record.current(), t))
            .or_else(|| {
                // A sealed move may be written in SAN too (App. A1 asks for "unambiguous
                // notation"); our parser also takes every App. E form of it.
                let mv =
                    san::parse(self.score.record.current(), text.trim(), Language::English).ok()?;
                let text = Move {
                    from: mv.from,
                    to: mv.to,
                    promotion: mv.promotion,
                };
                touch::legal_move(self.score.record.current(), text)
            });
        match parsed {
            Some(mv) => {
                let shown = mv;
                let law = rules::SEALED_MOVE_MADE.law(edition);
                self.rule(at, law, Verdict::EnvelopeOpened { mv: shown });
                // The arbiter makes the sealed move (A7 / I.7); a move that ends the game
                // ends it there, and no clock starts.
                if !self.complete_if_final(at, mv, law) {
                    self.complete(at, sealer, mv);
                }
                self.adjournment.resumed_counts = Some(self.move_counts());
            }
            None => {
                // A8 / I.8: an ambiguous, wrong or illegal sealed move loses, unless the
                // position is dead or the replier had already lost on time.
                let law = rules::SEALED_MOVE_FAULTY.law(edition);
                let dead = [Color::White, Color::Black].iter().all(|&c| {
                    can_mate(self.score.record.current(), c, Budget::RULING) == CanMate::No
                });
                if dead {
                    self.end(at, law, GameResult::Draw, Reason::DeadPosition);
                } else if self.clock.side(!sealer).fell_at.is_some() {
                    self.end(at, law, GameResult::win(sealer), Reason::Time);
                } else {
                    self.end(at, law, GameResult::win(!sealer), Reason::SealedMove);
                }
            }
        }
        Ok(())
    }
}
