//! Claims and offers: what a player may claim, what the arbiter decides on it, and draw
//! offers (2005 Art. 9, 10, App. B-C / 2023 Art. 9, App. A-B, Guidelines III).

use super::*;

/// The claims and offers of the game: the standing draw offer, the claims open to a player
/// (a flag, a touch-move breach or an illegal move left standing), what a claim would take
/// back, and the claim awaiting the arbiter.
#[derive(Clone, Debug, Default)]
pub(in crate::arbiter) struct Claims {
    /// The standing draw offer, by whom.
    pub(in crate::arbiter) offer: Option<Color>,
    /// How many moves each player (White, Black) had made when he last offered a draw: a new
    /// offer waits for his next move (2005 Art. 12.6 / 2023 Art. 11.5).
    pub(super) offered_at: [Option<usize>; 2],
    /// The claims a player may make now about what happened (not the draws the record shows).
    pub(in crate::arbiter) open: Vec<(Color, ClaimKind)>,
    /// A claim awaiting the arbiter.
    pub(in crate::arbiter) pending: Option<PendingClaim>,
    /// The touch-move breach a claim would take back.
    pub(super) breach: Option<Breach>,
    /// The illegal move a claim would take back.
    pub(super) irregular: Option<Irregular>,
}

impl Claims {
    /// Whether a claim stops play until the arbiter decides (a postponed one does not).
    pub(super) fn stops_play(&self) -> bool {
        self.pending.is_some_and(|p| !p.postponed)
    }

    /// Whether `player` may make the claim `kind` about what happened.
    pub(super) fn is_open(&self, player: Color, kind: ClaimKind) -> bool {
        self.open.contains(&(player, kind))
    }

    /// Opens the claim `kind` to `player`, once.
    pub(super) fn open_to(&mut self, player: Color, kind: ClaimKind) {
        if !self.is_open(player, kind) {
            self.open.push((player, kind));
        }
    }

    /// A claim once decided is used up: the same breach cannot be claimed twice.
    pub(super) fn close(&mut self, player: Color, kind: ClaimKind) {
        self.open.retain(|&(c, k)| !(c == player && k == kind));
    }

    /// `player`'s own open claims but a win on time, which lapse with his move.
    pub(super) fn lapsing_with_move(&self, player: Color) -> Vec<ClaimKind> {
        self.open
            .iter()
            .filter(|(c, k)| *c == player && *k != ClaimKind::WinOnTime)
            .map(|(_, k)| *k)
            .collect()
    }

    /// The turn's claims are over (a position restored): only a flag that fell stays open.
    pub(super) fn clear_turn(&mut self) {
        self.irregular = None;
        self.breach = None;
        self.open.retain(|&(_, k)| k == ClaimKind::WinOnTime);
    }
}

/// A completed illegal move left standing while the opponent may claim (rapid / blitz).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Irregular {
    pub(super) offender: Color,
    pub(super) before: Position,
    pub(super) mv: Move,
    pub(super) count: u32,
    /// The position after it could not be represented (e.g. a king left in check).
    pub(super) stuck: bool,
}

/// A touch-move breach left standing while the opponent may claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Breach {
    pub(super) offender: Color,
    pub(super) before: Position,
    pub(super) obligation: Obligation,
}

/// A claim awaiting the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingClaim {
    /// Who claimed.
    pub player: Color,
    /// What.
    pub claim: ClaimKind,
    /// The move a draw claim names, written and declared but not played (2005 Art. 9.2a,
    /// 9.3a / 2023 Art. 9.2.1.1, 9.3.1): if the claim is rejected it must be played.
    pub intended: Option<Move>,
    /// Postponed by the arbiter (play goes on, the decision comes later).
    pub postponed: bool,
}

impl Game {
    /// `player` offers a draw (2005 Art. 9.1b / 2023 Art. 9.1.2), unless the event bars offers
    /// this early (2023 Art. 9.1.1).
    pub(super) fn offer_draw(&mut self, at: Timestamp, player: Color) -> Result<(), Refused> {
        self.require_offer()?;
        // An offer repeated before the player has moved again, whether his last one stands or
        // was declined, is no new offer but a disturbance of the opponent (2005 Art. 12.6 /
        // 2023 Art. 11.5); logs recorded before this rule replay as they were taken.
        let side = usize::from(player == Color::Black);
        // An offer made on his own time goes with the move he is making (R-03, `mark_offer`).
        let moved = self.score.moves.iter().filter(|m| m.by == player).count()
            + usize::from(self.on_move() == player);
        if self.log.refuses_repeated_offers() {
            if self.claims.offered_at[side] == Some(moved) {
                return Err(Refused::RepeatedOffer(color_name(player)));
            }
            self.claims.offered_at[side] = Some(moved);
        }
        if let Some(first) = self.config.no_draw_before_move
            && self.edition() == Edition::Fide2023
            && self.score.record.current().fullmove_number() < u32::from(first)
        {
            self.rule(
                at,
                rules::DRAW_OFFERS_BARRED.law(Edition::Fide2023),
                Verdict::DrawRefused { player },
            );
            return Ok(());
        }
        if self.claims.offer.is_none() {
            self.claims.offer = Some(player);
            self.mark_offer(player);
            self.rule(
                at,
                draws::offer_law(self.edition()),
                Verdict::DrawOffered { player },
            );
        }
        Ok(())
    }

    /// `player` accepts his opponent's offer (2005 Art. 5.2c / 2023 Art. 5.2.3).
    pub(super) fn accept_draw(&mut self, at: Timestamp, player: Color) -> Result<(), Refused> {
        self.require_offer()?;
        if self.claims.offer != Some(!player) {
            return Err(Refused::NoOffer);
        }
        let each_moved =
            self.clock.side(Color::White).moves > 0 && self.clock.side(Color::Black).moves > 0;
        if self.edition() == Edition::Fide2023 && !each_moved {
            self.claims.offer = None;
            self.rule(
                at,
                rules::AGREEMENT_AFTER_A_MOVE_EACH.law(self.edition()),
                Verdict::DrawRefused { player },
            );
            return Ok(());
        }
        // An accepted claim-offer leaves nothing for the arbiter to decide.
        self.claims.pending = None;
        self.end(
            at,
            draws::agreement_law(self.edition()),
            GameResult::Draw,
            Reason::Agreement,
        );
        Ok(())
    }

    /// `player` declines his opponent's offer.
    pub(super) fn decline_draw(&mut self, at: Timestamp, player: Color) -> Result<(), Refused> {
        self.require_offer()?;
        if self.claims.offer != Some(!player) {
            return Err(Refused::NoOffer);
        }
        self.claims.offer = None;
        self.rule(
            at,
            draws::offer_law(self.edition()),
            Verdict::DrawDeclined { player },
        );
        Ok(())
    }

    /// A claim refused under `law`, and why.
    pub(super) fn reject_claim(
        &mut self,
        at: Timestamp,
        law: Law,
        player: Color,
        claim: ClaimKind,
        because: Rejection,
    ) {
        self.rule(
            at,
            law,
            Verdict::ClaimRejected {
                player,
                claim,
                because,
            },
        );
    }

    /// The clocks stand still while the arbiter looks into a claim; the decision restarts them.
    pub(super) fn await_arbiter(
        &mut self,
        at: Timestamp,
        law: Law,
        player: Color,
        claim: ClaimKind,
        intended: Option<Move>,
    ) {
        self.clock.stop(at);
        self.claims.pending = Some(PendingClaim {
            player,
            claim,
            intended,
            postponed: false,
        });
        self.rule(at, law, Verdict::ClaimPending { player, claim });
    }

    /// After `player` completes a move: his own claims lapse (2023 A.5.2; 2005 B5 already on
    /// his touch), except a win on time, and the opponent's draw offer is declined by it.
    pub(super) fn close_after_move(&mut self, at: Timestamp, player: Color) {
        for kind in self.claims.lapsing_with_move(player) {
            self.lapse(at, player, kind);
        }
        if self.claims.offer == Some(!player) {
            self.claims.offer = None;
        }
    }

    pub(super) fn lapse(&mut self, at: Timestamp, player: Color, kind: ClaimKind) {
        self.claims.close(player, kind);
        let law = match kind {
            ClaimKind::TouchMove => self.profile.touch_claim_law(),
            _ => rules::CLAIM_LAPSES.law(self.edition()),
        };
        self.rule(
            at,
            law,
            Verdict::ClaimLapsed {
                player,
                claim: kind,
            },
        );
        match kind {
            ClaimKind::TouchMove => self.claims.breach = None,
            ClaimKind::IllegalMove => {
                if let Some(irr) = self.claims.irregular.take()
                    && irr.stuck
                    && self.score.illegal_position.is_none()
                {
                    // The illegal position cannot be played on (it never entered the record,
                    // which still shows the position before it): the arbiter restores it.
                    self.score.before_last = None;
                    self.turn.announced = None;
                    self.rule(
                        at,
                        illegal::restore_law(self.edition()),
                        Verdict::Notice {
                            what: Noticed::IllegalPositionNeedsArbiter,
                        },
                    );
                }
            }
            _ => {}
        }
    }

    /// Where the "(=)" of an offer goes in the record: with the move being made when the
    /// offerer is on move (the regular time, 2005 Art. 9.1b / 2023 Art. 9.1.2.1), else with his
    /// last move if it is the last one played.
    pub(super) fn mark_offer(&mut self, player: Color) {
        if self.on_move() == player {
            self.turn.offer_with_move = Some(player);
        } else if let Some(last) = self.score.moves.last_mut()
            && last.by == player
        {
            last.draw_offer = true;
        }
    }

    /// The article under which `kind` is claimed in this game.
    pub(in crate::arbiter) fn claim_law(&self, kind: ClaimKind) -> Law {
        let edition = self.edition();
        match kind {
            ClaimKind::TouchMove => self.profile.touch_claim_law(),
            ClaimKind::WinOnTime => self.profile.flag_law(),
            ClaimKind::IllegalMove => rules::ILLEGAL_MOVE_CLAIM.law(edition),
            ClaimKind::Repetition => draws::repetition_law(edition),
            ClaimKind::FiftyMoves => draws::fifty_moves_law(edition),
            ClaimKind::QuickplayFinish if self.config.arbiter_present => {
                quickplay::claim_law(edition)
            }
            ClaimKind::QuickplayFinish => quickplay::unsupervised_law(edition),
            ClaimKind::QuickplayIncrement => quickplay::increment_law(edition),
        }
    }

    /// Whether the player on move may still claim a draw under Art. 9.2 or 9.3 on this move:
    /// the game is in play and he has not touched a piece of his own (Art. 9.4).
    pub(in crate::arbiter) fn may_claim_draw(&self) -> bool {
        self.require_play().is_ok()
            && self.score.illegal_position.is_none()
            && self.claims.irregular.is_none()
            && !self.turn.touch.touched_own()
    }

    pub(super) fn claim(
        &mut self,
        at: Timestamp,
        player: Color,
        claim: &Claim,
    ) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        if self.started.is_none() {
            return Err(Refused::NotStarted);
        }
        if self.claims.stops_play() {
            return Err(Refused::ClaimPending);
        }
        let edition = self.edition();
        let kind = claim.kind();
        match claim {
            Claim::Repetition { intended } | Claim::FiftyMoves { intended } => {
                self.claim_draw(at, player, kind, *intended)
            }
            Claim::WinOnTime => {
                // Ruled at once, an arbiter present or not: the clock's reading is conclusive
                // (2005 Art. 6.11 / 2023 Art. 6.10.1), and it is the clock that rules here.
                self.uphold_win_on_time(at, player);
                Ok(())
            }
            Claim::IllegalMove => {
                let open = self.claims.is_open(player, ClaimKind::IllegalMove);
                let Some(irr) = self.claims.irregular.clone().filter(|_| open) else {
                    let law = illegal::restore_law(edition);
                    self.reject_claim(at, law, player, kind, Rejection::NothingToClaim);
                    return Ok(());
                };
                self.claims.close(player, ClaimKind::IllegalMove);
                self.claims.irregular = None;
                self.score.illegal_position = None;
                // Taken back: off the score too.
                if self
                    .score
                    .moves
                    .last()
                    .is_some_and(|m| m.by == irr.offender && m.text == irr.mv)
                {
                    self.score.moves.pop();
                }
                self.rule(
                    at,
                    illegal::restore_law(edition),
                    Verdict::ClaimAccepted {
                        player,
                        claim: kind,
                    },
                );
                let queen = Move {
                    promotion: Some(crate::Piece::Queen),
                    ..irr.mv
                };
                if edition == Edition::Fide2023
                    && irr.mv.promotion.is_none()
                    && touch::legal_move(self.score.record.current(), queen).is_some()
                {
                    // 7.5.2 (through A.5.2): the pawn left on the last rank becomes a queen,
                    // and the claimant, on move, keeps his clock running.
                    let san = san::format(self.score.record.current(), queen, Language::English);
                    if self.score.record.play(queen).is_ok() {
                        self.score.moves.push(PlayedMove {
                            by: irr.offender,
                            text: queen,
                            san,
                            clock_after: self.clock.side(irr.offender).banked,
                            draw_offer: false,
                        });
                        self.turn.clear_board();
                        self.penalise(at, irr.offender, irr.count, None);
                        self.check_end(at);
                        return Ok(());
                    }
                }
                if !irr.stuck {
                    self.score.record.undo();
                }
                self.turn_back(at, irr.offender);
                let moves = self.clock.side(irr.offender).moves.saturating_sub(1);
                self.clock.set_moves(irr.offender, moves);
                // On the board the illegal move still stands until it is taken back.
                self.turn.changes.lift(irr.mv.from);
                self.turn.changes.place(irr.mv.to, irr.mv.promotion);
                self.penalise(at, irr.offender, irr.count, Some(irr.mv));
                Ok(())
            }
            Claim::TouchMove => {
                let open = self.claims.is_open(player, ClaimKind::TouchMove);
                let Some(breach) = self.claims.breach.clone().filter(|_| open) else {
                    let law = self.profile.touch_claim_law();
                    self.reject_claim(at, law, player, kind, Rejection::NothingToClaim);
                    return Ok(());
                };
                self.claims.close(player, ClaimKind::TouchMove);
                self.claims.breach = None;
                self.rule(
                    at,
                    breach.obligation.law(edition),
                    Verdict::ClaimAccepted {
                        player,
                        claim: kind,
                    },
                );
                // Take the offending move back; the offender must now fulfil the obligation.
                if self.score.take_back() {
                    let moves = self.clock.side(breach.offender).moves.saturating_sub(1);
                    self.clock.set_moves(breach.offender, moves);
                }
                self.turn_back(at, breach.offender);
                self.turn.forced = Some(breach.obligation.clone());
                let fen = self.score.record.current().to_string();
                self.rule(
                    at,
                    breach.obligation.law(edition),
                    Verdict::PositionRestored {
                        fen,
                        obligation: breach.obligation,
                    },
                );
                Ok(())
            }
            Claim::QuickplayIncrement => self.request_increment(at, player),
            Claim::QuickplayFinish => {
                if self.on_move() != player {
                    return Err(Refused::NotOnMove(color_name(player)));
                }
                let law = if self.config.arbiter_present {
                    quickplay::claim_law(edition)
                } else {
                    quickplay::unsupervised_law(edition)
                };
                if let Some(because) = self.quickplay_refusal(at, player) {
                    self.reject_claim(at, law, player, kind, because);
                    return Ok(());
                }
                if edition == Edition::Fide2005 && self.claims.offer.is_none() {
                    // 2005 Art. 9.1c: a claim under 10.2 is also a draw offer.
                    self.claims.offer = Some(player);
                    self.mark_offer(player);
                    let verdict = Verdict::DrawOffered { player };
                    self.rule(at, draws::claim_is_offer_law(edition), verdict);
                }
                self.await_arbiter(at, law, player, kind, None);
                Ok(())
            }
        }
    }

    /// A threefold repetition or fifty-move claim (2005 Art. 9.2-9.5 / 2023 Art. 9.2-9.5): one
    /// out of form is refused at once; a claim in form is ruled by the record, or with an
    /// arbiter present waits for him with the clocks stopped (2005 Art. 9.5 / 2023 9.5.1).
    fn claim_draw(
        &mut self,
        at: Timestamp,
        player: Color,
        kind: ClaimKind,
        intended: Option<Move>,
    ) -> Result<(), Refused> {
        if self.on_move() != player {
            return Err(Refused::NotOnMove(color_name(player)));
        }
        let edition = self.edition();
        let law = self.claim_law(kind);
        if self.turn.touch.touched_own() {
            let law = draws::claim_after_touch_law(edition);
            self.reject_claim(at, law, player, kind, Rejection::TouchedAPiece);
            return Ok(());
        }
        if let Some(text) = intended
            && touch::legal_move(self.score.record.current(), text).is_none()
        {
            self.reject_claim(at, law, player, kind, Rejection::IntendedMoveIllegal);
            return Ok(());
        }
        let evidence = self.draw_evidence(kind, intended);
        if !self.draw_claims_await_arbiter() {
            match evidence {
                Some(plies) => self.uphold_draw(at, player, kind, plies),
                None => self.reject_draw(at, player, kind, intended),
            }
            return Ok(());
        }
        // The claim is also an offer the opponent may accept while the arbiter looks (D-09).
        self.offer_with_claim(at, player);
        self.await_arbiter(at, law, player, kind, intended);
        if let Some(plies) = evidence {
            // D-10: the plies that prove it, for the arbiter to check (2023 Art. 11.12).
            self.rule(
                at,
                self.evidence_law(kind),
                Verdict::DrawEvidence { claim: kind, plies },
            );
        }
        Ok(())
    }

    /// The plies that establish `player`'s draw claim on the record (with his intended move),
    /// or `None` if it does not hold.
    pub(super) fn draw_evidence(
        &self,
        kind: ClaimKind,
        intended: Option<Move>,
    ) -> Option<Vec<usize>> {
        let edition = self.edition();
        let intended_move = intended;
        let verdict = if kind == ClaimKind::Repetition {
            self.score.record.claim_repetition(intended_move, edition)
        } else {
            self.score.record.claim_fifty_moves(intended_move, edition)
        };
        let ClaimVerdict::Valid { evidence, .. } = verdict else {
            return None;
        };
        Some(match evidence {
            ClaimEvidence::Repetition { plies } => plies,
            ClaimEvidence::FiftyMoves { halfmoves } => {
                let last = self.score.record.ply_count() + usize::from(intended.is_some());
                vec![last.saturating_sub(halfmoves as usize), last]
            }
        })
    }

    /// The article under which the plies proving a draw claim are shown.
    fn evidence_law(&self, kind: ClaimKind) -> Law {
        match self.edition() {
            Edition::Fide2005 => self.claim_law(kind),
            edition => rules::CLAIM_EVIDENCE.law(edition),
        }
    }

    /// A correct draw claim: the game is drawn (2005 Art. 9.5a / 2023 Art. 9.5.2).
    pub(super) fn uphold_draw(
        &mut self,
        at: Timestamp,
        player: Color,
        kind: ClaimKind,
        evidence: Vec<usize>,
    ) {
        let law = self.claim_law(kind);
        self.rule(
            at,
            law,
            Verdict::ClaimAccepted {
                player,
                claim: kind,
            },
        );
        if !self.draw_claims_await_arbiter() {
            // D-10: shown with the ruling; when the claim waited for the arbiter it was shown
            // at the claim.
            let verdict = Verdict::DrawEvidence {
                claim: kind,
                plies: evidence,
            };
            self.rule(at, self.evidence_law(kind), verdict);
        }
        let reason = if kind == ClaimKind::Repetition {
            Reason::Repetition
        } else {
            Reason::FiftyMoves
        };
        self.end(at, law, GameResult::Draw, reason);
    }

    /// An incorrect draw claim: the opponent gets time, the game goes on, and an intended move
    /// must be played (2005 Art. 9.5b / 2023 Art. 9.5.3).
    pub(super) fn reject_draw(
        &mut self,
        at: Timestamp,
        player: Color,
        kind: ClaimKind,
        intended: Option<Move>,
    ) {
        // The claim was also a draw offer (D-09), which outlives the rejection: the opponent
        // may still accept it, or decline it as any offer.
        self.offer_with_claim(at, player);
        let (ms, penalty_law) = draws::wrong_claim_penalty(self.profile);
        let law = self.claim_law(kind);
        self.reject_claim(at, law, player, kind, Rejection::NotEstablished);
        self.clock.add_time(!player, ms);
        self.rule(
            at,
            penalty_law,
            Verdict::TimeAdded {
                player: !player,
                ms,
            },
        );
        if let Some(text) = intended {
            self.turn.forced = Some(Obligation::Complete { mv: text });
            self.rule(
                at,
                rules::INTENDED_MOVE_MUST_BE_PLAYED.law(self.edition()),
                Verdict::MustPlay { player, mv: text },
            );
        }
    }

    /// A draw claim counts as an offer (2005 Art. 9.1c / 2023 Art. 9.1.2.3), unless one stands.
    fn offer_with_claim(&mut self, at: Timestamp, player: Color) {
        if self.claims.offer.is_none() {
            self.claims.offer = Some(player);
            self.mark_offer(player);
            let law = draws::claim_is_offer_law(self.edition());
            self.rule(at, law, Verdict::DrawOffered { player });
        }
    }

    /// `player`'s claim of a win on time, his opponent's flag having fallen: upheld unless
    /// his own flag tells against it (2005 Art. 6.9, App. B7-B8 / 2023 Art. 6.8, App. A.5.3).
    pub(super) fn uphold_win_on_time(&mut self, at: Timestamp, player: Color) {
        let law = self.profile.flag_law();
        let kind = ClaimKind::WinOnTime;
        let Some(theirs) = self.clock.fell_at(!player, at) else {
            self.reject_claim(at, law, player, kind, Rejection::FlagNotFallen);
            return;
        };
        self.clock.observe(at);
        if let Some(mine) = self.clock.fell_at(player, at) {
            if self.profile.claimant_flag_must_stand() {
                let law = rules::BOTH_FLAGS_DOWN.law(self.edition());
                self.end(at, law, GameResult::Draw, Reason::BothFlags);
                return;
            }
            if mine < theirs {
                self.reject_claim(at, law, player, kind, Rejection::OwnFlagFellFirst);
                return;
            }
        }
        self.claims.close(player, kind);
        self.rule(at, law, Verdict::FlagFell { player: !player });
        self.decide_flag(!player, at);
    }

    /// Why `player` may not ask for the quickplay finish's help now (a draw claim, or an
    /// increment in 2023), or `None` if he may: a quickplay finish applies to this period
    /// (`quickplay::applies`: 2005 Art. 10.1 / 2023 Guidelines III.1), his flag is still up, and
    /// he has under two minutes left (2005 Art. 10.2 / 2023 Guidelines III.4-5).
    pub(super) fn quickplay_refusal(&self, at: Timestamp, player: Color) -> Option<Rejection> {
        let side = self.clock.side(player);
        let control = self.clock.control();
        let applies = quickplay::applies(
            self.config.quickplay_finish,
            self.profile.mode,
            control.is_last_period(side.period),
            control.has_addition(side.period),
        );
        if !applies {
            Some(Rejection::NotApplicable)
        } else if self.clock.fell_at(player, at).is_some() {
            Some(Rejection::FlagFell)
        } else if self.clock.remaining(player, at) >= quickplay::CLAIM_BELOW {
            Some(Rejection::TwoMinutesOrMoreLeft)
        } else {
            None
        }
    }

    /// 2023 Guidelines III.4: with under two minutes left in a quickplay finish, the player on
    /// move asks for a five-second increment for both; the request is a draw offer, and the
    /// arbiter decides once the opponent has answered it.
    pub(super) fn request_increment(
        &mut self,
        at: Timestamp,
        player: Color,
    ) -> Result<(), Refused> {
        if self.on_move() != player {
            return Err(Refused::NotOnMove(color_name(player)));
        }
        let edition = self.edition();
        let kind = ClaimKind::QuickplayIncrement;
        let law = quickplay::increment_law(edition);
        let because = if edition == Edition::Fide2005 {
            Some(Rejection::NotInEdition)
        } else {
            self.quickplay_refusal(at, player)
        };
        if let Some(because) = because {
            self.reject_claim(at, law, player, kind, because);
            return Ok(());
        }
        if self.claims.offer.is_none() {
            self.claims.offer = Some(player);
            self.mark_offer(player);
            self.rule(at, law, Verdict::DrawOffered { player });
        }
        self.await_arbiter(at, law, player, kind, None);
        Ok(())
    }

    pub(super) fn decide_increment(
        &mut self,
        at: Timestamp,
        player: Color,
        decision: &Decision,
    ) -> Result<(), Refused> {
        let law = quickplay::increment_law(self.edition());
        let claim = ClaimKind::QuickplayIncrement;
        match decision {
            Decision::Accept => {
                self.claims.pending = None;
                self.claims.offer = None;
                self.rule(at, law, Verdict::ClaimAccepted { player, claim });
                self.clock
                    .set_timing_from_now(crate::clock::Timing::Increment(
                        quickplay::REQUESTED_INCREMENT,
                    ));
                // The opponent gets two minutes, as for a rejected quickplay claim.
                self.bonus_and_restart(at, player, law);
            }
            Decision::Reject => {
                self.claims.pending = None;
                self.reject_claim(at, law, player, claim, Rejection::Arbiter);
                self.clock.start(self.on_move(), at);
            }
            _ => return Err(Refused::NoPendingClaim),
        }
        Ok(())
    }

    pub(super) fn bonus_and_restart(&mut self, at: Timestamp, claimant: Color, law: Law) {
        self.clock.add_time(!claimant, quickplay::OPPONENT_BONUS);
        self.rule(
            at,
            law,
            Verdict::TimeAdded {
                player: !claimant,
                ms: quickplay::OPPONENT_BONUS,
            },
        );
        self.clock.start(self.on_move(), at);
    }
}
