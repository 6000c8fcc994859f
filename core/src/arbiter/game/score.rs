//! The score: completing moves on the clock, the end of the game they bring, illegal moves and
//! their penalties (2005 Art. 5, 6.8a, 7.4 / 2023 Art. 5, 6.2.1, 7.5, App. A.5.4).

use super::*;

impl Game {
    pub(super) fn press(&mut self, at: Timestamp, player: Color) {
        if self.illegal_position.is_some() {
            self.press_on_illegal_position(at, player);
            return;
        }
        let edition = self.edition();
        let mut attempt = self.changes.attempt(self.record.current());
        if self.config.is_impaired(player) {
            match attempt {
                Attempt::Nothing | Attempt::Incomplete => match self.made_by_impaired(player) {
                    Some(mv) => attempt = Attempt::Legal(mv),
                    None => {
                        // F2.3 / D.2.3: until the move is made the opponent's clock may not start.
                        self.rule(
                            at,
                            blind::made_law(edition),
                            Verdict::Notice {
                                what: "move_not_made_clock_not_started",
                            },
                        );
                        return;
                    }
                },
                Attempt::Legal(mv) => {
                    if let Some((_, said)) = self.announced
                        && said != mv
                    {
                        self.rule(
                            at,
                            blind::fix_board_law(edition),
                            Verdict::Notice {
                                what: "announcement_differs_from_board",
                            },
                        );
                    }
                }
                _ => {}
            }
        }
        match attempt {
            Attempt::Legal(mv) => {
                let ob = self.obligation();
                if !ob.allows(self.record.current(), mv) {
                    if self.profile.arbiter_enforces_touch() {
                        // The pieces stay where they are until the player puts them right.
                        self.touch.retract();
                        let law = if self.config.has_tactile_board(player) {
                            blind::touched_law(edition)
                        } else {
                            ob.law(edition)
                        };
                        self.rule(
                            at,
                            law,
                            Verdict::MustMove {
                                player,
                                obligation: ob,
                            },
                        );
                        return;
                    }
                    self.breach = Some(Breach {
                        offender: player,
                        before: self.record.current().clone(),
                        obligation: ob.clone(),
                    });
                    self.rule(
                        at,
                        ob.law(edition),
                        Verdict::TouchMoveBreach {
                            player,
                            obligation: ob,
                        },
                    );
                    self.open_claims.push((!player, ClaimKind::TouchMove));
                    self.rule(
                        at,
                        self.profile.touch_claim_law(),
                        Verdict::ClaimOpen {
                            player: !player,
                            claim: ClaimKind::TouchMove,
                        },
                    );
                }
                self.complete(at, player, mv);
            }
            Attempt::UnfinishedPromotion(mv)
                if edition == Edition::Fide2023 && self.profile.arbiter_acts_on_illegal() =>
            {
                // 7.5.2: the pawn becomes a queen, and the press counts as an illegal move.
                let text = mv;
                self.complete(at, player, mv);
                self.illegal(
                    at,
                    player,
                    Move {
                        promotion: None,
                        ..text
                    },
                    false,
                );
            }
            Attempt::UnfinishedPromotion(mv) => {
                let text = mv;
                self.illegal(
                    at,
                    player,
                    Move {
                        promotion: None,
                        ..text
                    },
                    true,
                );
            }
            Attempt::Illegal(text) => self.illegal(at, player, text, true),
            Attempt::Nothing if edition == Edition::Fide2023 => {
                let text = Move {
                    from: self.record.current().king(player),
                    to: self.record.current().king(player),
                    promotion: None,
                };
                self.illegal(at, player, text, false);
            }
            Attempt::Nothing => {
                self.rule(
                    at,
                    illegal::press_without_move_law(edition),
                    Verdict::Notice {
                        what: "clock_pressed_without_move",
                    },
                );
            }
            Attempt::Incomplete if self.changes.displaced(self.record.current()) => {
                // More pieces off the board than any move lifts: pieces were displaced, and the
                // player puts them back on his own time (2005 Art. 7.3 / 2023 Art. 7.4.1).
                self.rule(
                    at,
                    rules::PIECES_DISPLACED.law(edition),
                    Verdict::Notice {
                        what: "pieces_displaced_restore_on_own_time",
                    },
                );
            }
            Attempt::Incomplete => {
                self.rule(
                    at,
                    rules::MOVE_COMPLETED.law(edition),
                    Verdict::Notice {
                        what: "clock_pressed_before_move_made",
                    },
                );
            }
        }
    }

    /// Plays `mv` (legal) for `player` and presses his clock.
    pub(super) fn complete(&mut self, at: Timestamp, player: Color, mv: Move) {
        self.take_move(at, player, mv, true);
    }

    /// A move that ends the game is complete when it is made, without a press (2005 Art. 6.8a:
    /// "unless the move that was made ends the game"; 2023 Art. 6.2.1): if `mv`, just made by
    /// the player on move and allowed by what he touched, checkmates, stalemates, leaves a
    /// position the quick check proves dead or (2023) ends it under Art. 9.6, it is completed
    /// now and the clocks stop. `made` is the rule under which the move counts as made (the
    /// release, a visually impaired player's App. F2.3, the arbiter's making of a sealed move).
    /// Returns whether the game ended.
    pub(super) fn complete_if_final(&mut self, at: Timestamp, mv: Move, made: Law) -> bool {
        let player = self.on_move();
        let board = self.record.current();
        if self.illegal_position.is_some() || !self.obligation().allows(board, mv) {
            return false;
        }
        let text = mv;
        if self.record.play(text).is_err() {
            return false;
        }
        let ends = self
            .record
            .automatic_ending(self.edition(), DeadCheck::Quick)
            .is_some();
        self.record.undo();
        if !ends {
            return false;
        }
        self.rule(
            at,
            made,
            Verdict::Notice {
                what: "move_ends_the_game",
            },
        );
        self.take_move(at, player, mv, false);
        self.final_press = Some(player);
        true
    }

    /// Plays `mv` (legal) for `player`: completed by his press, or (`pressed` false) by
    /// ending the game.
    pub(super) fn take_move(&mut self, at: Timestamp, player: Color, mv: Move, pressed: bool) {
        let text = mv;
        let san = san::format(self.record.current(), text, Language::English);
        self.before_last = Some(self.record.current().clone());
        self.announced = None;
        if std::mem::take(&mut self.two_hands) {
            // Sensors cannot see hands: the arbiter judges (2005 Art. 4.1; 2023 Art. 7.5.4
            // makes a move with two hands an illegal move once he has seen it).
            self.rule(
                at,
                illegal::two_hands_law(self.edition()),
                Verdict::Notice {
                    what: "possible_two_handed_move",
                },
            );
        }
        self.last_lift = None;
        // `mv` was found legal in this position, so the record takes it.
        let _ = self.record.play(text);
        let press = if pressed {
            Some(self.clock.press(player, at))
        } else {
            self.clock.complete_without_press(player, at);
            None
        };
        self.moves.push(PlayedMove {
            by: player,
            text,
            san,
            clock_after: self.clock.side(player).banked,
            draw_offer: self.offer_with_move.take() == Some(player),
        });
        self.touch = TouchMove::new();
        self.changes = BoardChanges::new();
        self.forced = None;
        if let Some((period, ms)) = press.and_then(|p| p.period_started) {
            let law = rules::PERIOD_STARTS.law(self.edition());
            self.rule(at, law, Verdict::PeriodStarted { player, period, ms });
        }
        self.close_after_move(at, player);
        self.check_end(at);
    }

    /// Ends the game if the position on the board ends it by itself (checkmate, stalemate, a
    /// dead position the quick check proves; in 2023 also Art. 9.6), as the record rules.
    pub(super) fn check_end(&mut self, at: Timestamp) {
        let Some(ending) = self
            .record
            .automatic_ending(self.edition(), DeadCheck::Quick)
        else {
            return;
        };
        let (result, reason) = match ending.outcome {
            Automatic::Checkmate { winner } => (GameResult::win(winner), Reason::Checkmate),
            Automatic::Stalemate => (GameResult::Draw, Reason::Stalemate),
            Automatic::DeadPosition => (GameResult::Draw, Reason::DeadPosition),
            Automatic::FivefoldRepetition => (GameResult::Draw, Reason::FivefoldRepetition),
            Automatic::SeventyFiveMoves => (GameResult::Draw, Reason::SeventyFiveMoves),
        };
        self.end(at, ending.law, result, reason);
    }

    /// A completed illegal move by `player`. `restorable`: the board was left unchanged (the
    /// move was not played), so the position before it is the current one.
    pub(super) fn illegal(&mut self, at: Timestamp, player: Color, mv: Move, restorable: bool) {
        // The illegal move is ruled on as such; the hands that made it no longer matter.
        self.last_lift = None;
        self.two_hands = false;
        let barred = self.setup_barred[player as usize];
        if barred.any() && is_castling_attempt(self.record.current(), player, mv) {
            let law = setup::barred_castling_law(self.profile, true);
            self.rule(
                at,
                law,
                Verdict::CastlingBarred {
                    player,
                    short: barred.short,
                    long: barred.long,
                },
            );
        }
        let count = {
            let slot = &mut self.illegal_counts[player as usize];
            *slot += 1;
            *slot
        };
        self.rule(
            at,
            illegal::restore_law(self.edition()),
            Verdict::IllegalMove { player, mv, count },
        );
        if self.profile.arbiter_acts_on_illegal() || !restorable {
            // The arbiter acts at once (the pieces stay displaced until put back, so the board
            // changes are kept); an unfinished 2023 promotion has already been completed.
            self.penalise(at, player, count, if restorable { Some(mv) } else { None });
            return;
        }
        // Only the opponent's claim counts: the move stands for now and the clock moves on.
        let before = self.record.current().clone();
        let stuck = match self.record.current().after_illegal(mv) {
            Some(after) => {
                self.record.play_irregular(mv, after);
                false
            }
            None => {
                // Both kings in check, or a pawn on the last rank: cozy-chess cannot hold the
                // pieces, so they are kept as they stand until the next move (App. A.5.4).
                self.illegal_position =
                    RawPosition::after(self.record.current(), mv).map(|placement| {
                        IllegalPosition {
                            placement,
                            reply: None,
                            stalled: false,
                        }
                    });
                true
            }
        };
        self.clock.press(player, at);
        // The illegal move stands until claimed, so it is on the score; in the long form, as
        // SAN names only legal moves (2005 App. E / 2023 App. C.8 take the departure square).
        self.moves.push(PlayedMove {
            by: player,
            text: mv,
            san: long_form(&RawPosition::from_position(&before), mv),
            clock_after: self.clock.side(player).banked,
            draw_offer: self.offer_with_move.take() == Some(player),
        });
        self.touch = TouchMove::new();
        self.changes = BoardChanges::new();
        self.forced = None;
        self.irregular = Some(Irregular {
            offender: player,
            before,
            mv,
            count,
            stuck,
        });
        self.open_claims.push((!player, ClaimKind::IllegalMove));
        let law = rules::ILLEGAL_MOVE_CLAIM.law(self.edition());
        self.rule(
            at,
            law,
            Verdict::ClaimOpen {
                player: !player,
                claim: ClaimKind::IllegalMove,
            },
        );
        if let Some(ip) = &self.illegal_position {
            let fen = ip.placement.text();
            self.rule(
                at,
                illegal_position::wait_law(self.edition()),
                Verdict::IllegalPosition { fen },
            );
        }
    }

    /// The clock pressed while the pieces stand in an illegal position: the awaited move is
    /// completed, and the position is judged (2023 App. A.5.4; 2005, see
    /// [`illegal_position`]).
    pub(super) fn press_on_illegal_position(&mut self, at: Timestamp, player: Color) {
        let edition = self.edition();
        let Some(ip) = self.illegal_position.clone() else {
            return;
        };
        let Some(reply) = ip.reply else {
            self.rule(
                at,
                rules::MOVE_COMPLETED.law(edition),
                Verdict::Notice {
                    what: "clock_pressed_before_move_made",
                },
            );
            return;
        };
        // The reply was checked against the patterns when it was made.
        let Ok(next) = ip.placement.play(reply) else {
            return;
        };
        let mover_piece = ip.placement.piece_on(reply.from);
        let quiet = mover_piece.is_some_and(|(p, _)| p != crate::Piece::Pawn)
            && ip.placement.piece_on(reply.to).is_none();
        self.clock.press(player, at);
        self.announced = None;
        self.before_last = None;
        self.close_after_move(at, player);
        let halfmoves = if quiet {
            self.record.current().halfmove_clock() + 2
        } else {
            0
        };
        match next.to_position(self.record.current(), halfmoves) {
            Some(board) => {
                let fen = board.to_string();
                // The record skips the illegal position: it keeps positions cozy-chess holds.
                self.record.play_irregular(reply, board);
                self.moves.push(PlayedMove {
                    by: player,
                    text: reply,
                    san: long_form(&ip.placement, reply),
                    clock_after: self.clock.side(player).banked,
                    draw_offer: self.offer_with_move.take() == Some(player),
                });
                self.illegal_position = None;
                self.irregular = None;
                self.touch = TouchMove::new();
                self.changes = BoardChanges::new();
                self.forced = None;
                self.rule(
                    at,
                    illegal_position::wait_law(edition),
                    Verdict::PositionLegalAgain { fen },
                );
                self.check_end(at);
            }
            None if edition == Edition::Fide2023 => {
                self.illegal_position = Some(IllegalPosition {
                    placement: next,
                    reply: None,
                    stalled: false,
                });
                let law = illegal_position::still_illegal_law(edition);
                self.end(at, law, GameResult::Draw, Reason::IllegalPosition);
            }
            None => {
                let fen = next.text();
                self.illegal_position = Some(IllegalPosition {
                    placement: next,
                    reply: None,
                    stalled: true,
                });
                self.clock.stop(at);
                self.rule(
                    at,
                    illegal_position::still_illegal_law(edition),
                    Verdict::IllegalPosition { fen },
                );
                self.rule(
                    at,
                    illegal_position::still_illegal_law(edition),
                    Verdict::Notice {
                        what: "illegal_position_needs_arbiter",
                    },
                );
            }
        }
    }

    /// Applies the penalty for `offender`'s `count`-th illegal move; `replace` is the illegal
    /// move to be replaced under touch-move (position already restored).
    pub(super) fn penalise(
        &mut self,
        at: Timestamp,
        offender: Color,
        count: u32,
        replace: Option<Move>,
    ) {
        let (penalty, law) = illegal::penalty(self.profile, count);
        if let Some(mv) = replace {
            let mut touch = TouchMove::new();
            touch.touch(self.record.current(), mv.from);
            if self.record.current().color_on(mv.to) == Some(!offender) {
                touch.touch(self.record.current(), mv.to);
            }
            let obligation = touch.obligation(self.record.current());
            self.forced = Some(obligation.clone());
            self.touch = touch;
            let fen = self.record.current().to_string();
            self.rule(
                at,
                illegal::restore_law(self.edition()),
                Verdict::PositionRestored { fen, obligation },
            );
        }
        match penalty {
            illegal::Penalty::AddTime(ms) => {
                self.clock.add_time(!offender, ms);
                self.rule(
                    at,
                    law,
                    Verdict::TimeAdded {
                        player: !offender,
                        ms,
                    },
                );
            }
            illegal::Penalty::Loss => {
                self.end(at, law, GameResult::win(!offender), Reason::IllegalMoves)
            }
            illegal::Penalty::LossUnlessCannotMate => {
                let result = match can_mate(self.record.current(), !offender, Budget::RULING) {
                    CanMate::No => GameResult::Draw,
                    _ => GameResult::win(!offender),
                };
                self.end(at, law, result, Reason::IllegalMoves);
            }
        }
    }
}

/// Whether `mv` is `player`'s king trying to castle: two files or more along his first rank,
/// or onto his own rook there.
pub(super) fn is_castling_attempt(board: &Position, player: Color, mv: Move) -> bool {
    let back = crate::Rank::First.relative_to(player);
    let far = (mv.from.file() as i8 - mv.to.file() as i8).abs() >= 2;
    let onto_rook = board.piece_on(mv.to) == Some((player, crate::Piece::Rook));
    board.piece_on(mv.from) == Some((player, crate::Piece::King))
        && mv.from.rank() == back
        && mv.to.rank() == back
        && (far || onto_rook)
}

/// An irregular move in long algebraic form (`Kd8xc8`, `Nb1b3`, App. C.8): SAN depends on the
/// legal moves, which an illegal move or an illegal position does not have.
pub(super) fn long_form(placement: &RawPosition, mv: Move) -> String {
    let letter = match placement.piece_on(mv.from) {
        Some((crate::Piece::Pawn, _)) | None => String::new(),
        Some((piece, _)) => char::from(piece).to_ascii_uppercase().to_string(),
    };
    let sep = if placement.piece_on(mv.to).is_some() {
        "x"
    } else {
        ""
    };
    let promotion = mv
        .promotion
        .map(|p| format!("={}", char::from(p).to_ascii_uppercase()))
        .unwrap_or_default();
    format!("{letter}{}{sep}{}{promotion}", mv.from, mv.to)
}
