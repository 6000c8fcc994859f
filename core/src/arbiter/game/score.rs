//! The score: completing moves on the clock, the end of the game they bring, illegal moves and
//! their penalties (2005 Art. 5, 6.8a, 7.4 / 2023 Art. 5, 6.2.1, 7.5, App. A.5.4).

use super::*;

/// The score: the positions since the start and the moves completed between them (the one
/// place that knows the position on the board and its repetitions, Art. 9.2, 9.3, 9.6), the
/// illegal moves each player has made, and what the record needs to read the next move.
#[derive(Clone, Debug)]
pub(in crate::arbiter) struct Score {
    /// The positions and the moves between them.
    pub(in crate::arbiter) record: GameRecord,
    /// The moves completed on the clock, as the scoresheet keeps them.
    pub(in crate::arbiter) moves: Vec<PlayedMove>,
    /// The position before the last completed move, to read the opponent's repetition of it.
    pub(super) before_last: Option<Position>,
    /// The player whose move ended the game without a press: his habitual press that follows
    /// is taken in and changes nothing.
    final_press: Option<Color>,
    /// Illegal moves completed: White, Black.
    pub(in crate::arbiter) illegal_counts: [u32; 2],
    /// Set while the pieces stand where cozy-chess cannot hold them (App. A.5.4).
    pub(in crate::arbiter) illegal_position: Option<IllegalPosition>,
    /// Castlings a faulty set-up bars: White, Black (RB-03).
    pub(super) setup_barred: [Barred; 2],
    /// Requests to see the scoresheet: White, Black (RB-07).
    pub(super) scoresheet_requests: [u32; 2],
}

/// Pieces left by an unclaimed illegal move where no legal play can put them, and the move the
/// player on move has made on them (2023 App. A.5.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::arbiter) struct IllegalPosition {
    pub(in crate::arbiter) placement: RawPosition,
    /// The move made on it and not yet completed by the press.
    pub(super) reply: Option<Move>,
    /// Still illegal after the reply, in 2005: play waits for the arbiter (Art. 7.4a).
    pub(super) stalled: bool,
}

impl Score {
    /// The score of a game about to start from `start`.
    pub(super) fn new(start: Position, setup_barred: [Barred; 2]) -> Score {
        Score {
            record: GameRecord::new(start),
            moves: Vec::new(),
            before_last: None,
            final_press: None,
            illegal_counts: [0, 0],
            illegal_position: None,
            setup_barred,
            scoresheet_requests: [0, 0],
        }
    }

    /// The position on the board (before an illegal position, see
    /// [`Score::illegal_position`]).
    pub(super) fn current(&self) -> &Position {
        self.record.current()
    }

    /// Counts one more illegal move by `player`; returns his count.
    fn count_illegal(&mut self, player: Color) -> u32 {
        let slot = &mut self.illegal_counts[player as usize];
        *slot += 1;
        *slot
    }

    /// Counts one more request of `player` to see the scoresheet; returns his count.
    fn count_scoresheet_request(&mut self, player: Color) -> u32 {
        let slot = &mut self.scoresheet_requests[player as usize];
        *slot = slot.saturating_add(1);
        *slot
    }

    /// Takes the last completed move back (a claim upheld against it); whether there was one
    /// on the score.
    pub(super) fn take_back(&mut self) -> bool {
        self.record.undo();
        self.moves.pop().is_some()
    }

    /// Keeps the first `ply` completed moves and the positions they lead to (the arbiter
    /// restores an earlier position); `ply` is at most the moves on the score.
    pub(super) fn keep_first(&mut self, ply: usize) {
        self.moves.truncate(ply);
        let mut record = GameRecord::new(self.record.start().clone());
        for played in &self.moves {
            // Every completed move was legal where it was played.
            if record.play(played.text).is_err() {
                break;
            }
        }
        self.record = record;
    }

    /// The turn is over without a move (a position restored): no illegal position stands, and
    /// no repetition of the last move is read.
    pub(super) fn clear_turn(&mut self) {
        self.illegal_position = None;
        self.before_last = None;
    }

    /// Whether `player`'s press is the habitual one after his move ended the game; it is
    /// taken in once.
    fn takes_final_press(&mut self, player: Color) -> bool {
        let habitual = self.final_press == Some(player);
        if habitual {
            self.final_press = None;
        }
        habitual
    }

    /// How the position on the board ends the game by itself, if it does: checkmate,
    /// stalemate, a dead position the quick check proves (in 2023 also Art. 9.6), as the
    /// record rules, with the article.
    fn ending(&self, edition: Edition) -> Option<(Law, GameResult, Reason)> {
        let ending = self.record.automatic_ending(edition, DeadCheck::Quick)?;
        let (result, reason) = match ending.outcome {
            Automatic::Checkmate { winner } => (GameResult::win(winner), Reason::Checkmate),
            Automatic::Stalemate => (GameResult::Draw, Reason::Stalemate),
            Automatic::DeadPosition => (GameResult::Draw, Reason::DeadPosition),
            Automatic::FivefoldRepetition => (GameResult::Draw, Reason::FivefoldRepetition),
            Automatic::SeventyFiveMoves => (GameResult::Draw, Reason::SeventyFiveMoves),
        };
        Some((ending.law, result, reason))
    }

    /// Whether `mv`, legal here, would end the game by itself (see [`Score::ending`]).
    fn would_end(&mut self, mv: Move, edition: Edition) -> bool {
        if self.record.play(mv).is_err() {
            return false;
        }
        let ends = self
            .record
            .automatic_ending(edition, DeadCheck::Quick)
            .is_some();
        self.record.undo();
        ends
    }
}

impl Game {
    /// `player` resigns (2005 Art. 5.1b: he loses / 2023 Art. 5.1.2: he loses unless his
    /// opponent cannot mate, which the analysis decides).
    pub(super) fn resign(&mut self, at: Timestamp, player: Color) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        let edition = self.edition();
        if edition == Edition::Fide2023 {
            let completion = analysis::Completion::Resignation { player };
            self.rule_on_mating_chances(at, completion);
        } else {
            let law = rules::RESIGNATION.law(edition);
            self.end(at, law, GameResult::win(!player), Reason::Resignation);
        }
        Ok(())
    }

    /// `player` writes `mv` on his scoresheet: each player writes his own moves and his
    /// opponent's (Art. 8.1 / 8.1.1), the last move of either side once completed, never one
    /// in advance (2005 Art. 8.1 / 2023 Art. 8.1.2).
    pub(super) fn write(&mut self, at: Timestamp, player: Color, mv: Move) -> Result<(), Refused> {
        self.require_offer()?;
        let completed = self.score.moves.iter().rev().take(2).any(|m| m.text == mv);
        let made_now = self.on_move() == player
            && matches!(
                self.turn.changes.attempt(self.score.current()),
                Attempt::Legal(m) if m == mv
            );
        if !(completed || made_now) {
            self.rule(
                at,
                rules::NO_MOVES_WRITTEN_IN_ADVANCE.law(self.edition()),
                Verdict::Notice {
                    what: Noticed::MoveWrittenInAdvance,
                },
            );
        }
        Ok(())
    }

    /// `player` asks to see the scoresheet; where the Laws limit it, the request is counted
    /// and granted up to the limit (RB-07).
    pub(super) fn ask_scoresheet(&mut self, at: Timestamp, player: Color) -> Result<(), Refused> {
        self.require_play()?;
        if self.profile.scoresheet_requests().is_some() && self.on_move() != player {
            // A.4.3 / B.2.3: "when it is his/her move".
            return Err(Refused::NotOnMove(color_name(player)));
        }
        let count = self.score.count_scoresheet_request(player);
        if let Some((limit, law)) = self.profile.scoresheet_requests() {
            let verdict = Verdict::ScoresheetRequest {
                player,
                count,
                granted: count <= limit,
            };
            self.rule(at, law, verdict);
        }
        Ok(())
    }

    /// `player` presses his clock, completing the move he made (2005 Art. 6.8a / 2023 Art.
    /// 6.2.1). After a move that ended the game, which was complete when made, his habitual
    /// press is taken in and changes nothing.
    pub(super) fn press_clock(&mut self, at: Timestamp, player: Color) -> Result<(), Refused> {
        if self.score.takes_final_press(player) {
            return Ok(());
        }
        self.require_play()?;
        match self.clock.running() {
            Some((c, _)) if c == player => {}
            _ => return Err(Refused::ClockNotRunning(color_name(player))),
        }
        self.press(at, player);
        Ok(())
    }

    fn press(&mut self, at: Timestamp, player: Color) {
        if self.score.illegal_position.is_some() {
            self.press_on_illegal_position(at, player);
            return;
        }
        let edition = self.edition();
        let mut attempt = self.turn.changes.attempt(self.score.record.current());
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
                                what: Noticed::MoveNotMadeClockNotStarted,
                            },
                        );
                        return;
                    }
                },
                Attempt::Legal(mv) => {
                    if let Some((_, said)) = self.turn.announced
                        && said != mv
                    {
                        self.rule(
                            at,
                            blind::fix_board_law(edition),
                            Verdict::Notice {
                                what: Noticed::AnnouncementDiffersFromBoard,
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
                if !ob.allows(self.score.record.current(), mv) {
                    if self.profile.arbiter_enforces_touch() {
                        // The pieces stay where they are until the player puts them right.
                        self.turn.touch.retract();
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
                    self.claims.breach = Some(Breach {
                        offender: player,
                        before: self.score.record.current().clone(),
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
                    self.claims.open.push((!player, ClaimKind::TouchMove));
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
            Attempt::UnfinishedPromotion(mv) => {
                // The pawn on the last rank, no piece chosen: an illegal move as pressed.
                let text = Move {
                    promotion: None,
                    ..mv
                };
                let queened =
                    edition == Edition::Fide2023 && self.profile.arbiter_acts_on_illegal();
                if queened {
                    // 7.5.2: the pawn becomes a queen, and the press counts as an illegal move.
                    self.complete(at, player, mv);
                }
                self.illegal(at, player, text, !queened);
            }
            Attempt::Illegal(text) => self.illegal(at, player, text, true),
            Attempt::Nothing if edition == Edition::Fide2023 => {
                let text = Move {
                    from: self.score.record.current().king(player),
                    to: self.score.record.current().king(player),
                    promotion: None,
                };
                self.illegal(at, player, text, false);
            }
            Attempt::Nothing => {
                self.rule(
                    at,
                    illegal::press_without_move_law(edition),
                    Verdict::Notice {
                        what: Noticed::ClockPressedWithoutMove,
                    },
                );
            }
            Attempt::Incomplete if self.turn.changes.displaced(self.score.record.current()) => {
                // More pieces off the board than any move lifts: pieces were displaced, and the
                // player puts them back on his own time (2005 Art. 7.3 / 2023 Art. 7.4.1).
                self.rule(
                    at,
                    rules::PIECES_DISPLACED.law(edition),
                    Verdict::Notice {
                        what: Noticed::PiecesDisplacedRestoreOnOwnTime,
                    },
                );
            }
            Attempt::Incomplete => {
                self.rule(
                    at,
                    rules::MOVE_COMPLETED.law(edition),
                    Verdict::Notice {
                        what: Noticed::ClockPressedBeforeMoveMade,
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
        let board = self.score.record.current();
        if self.score.illegal_position.is_some() || !self.obligation().allows(board, mv) {
            return false;
        }
        let edition = self.edition();
        if !self.score.would_end(mv, edition) {
            return false;
        }
        self.rule(
            at,
            made,
            Verdict::Notice {
                what: Noticed::MoveEndsTheGame,
            },
        );
        self.take_move(at, player, mv, false);
        self.score.final_press = Some(player);
        true
    }

    /// Plays `mv` (legal) for `player`: completed by his press, or (`pressed` false) by
    /// ending the game.
    pub(super) fn take_move(&mut self, at: Timestamp, player: Color, mv: Move, pressed: bool) {
        let text = mv;
        let san = san::format(self.score.record.current(), text, Language::English);
        self.score.before_last = Some(self.score.record.current().clone());
        let ended = self.turn.end(player);
        if ended.two_hands {
            // Sensors cannot see hands: the arbiter judges (2005 Art. 4.1; 2023 Art. 7.5.4
            // makes a move with two hands an illegal move once he has seen it).
            self.rule(
                at,
                illegal::two_hands_law(self.edition()),
                Verdict::Notice {
                    what: Noticed::PossibleTwoHandedMove,
                },
            );
        }
        // `mv` was found legal in this position, so the record takes it.
        let _ = self.score.record.play(text);
        let press = if pressed {
            Some(self.clock.press(player, at))
        } else {
            self.clock.complete_without_press(player, at);
            None
        };
        self.score.moves.push(PlayedMove {
            by: player,
            text,
            san,
            clock_after: self.clock.side(player).banked,
            draw_offer: ended.draw_offer,
        });
        if let Some((period, ms)) = press.and_then(|p| p.period_started) {
            let law = rules::PERIOD_STARTS.law(self.edition());
            self.rule(at, law, Verdict::PeriodStarted { player, period, ms });
        }
        self.close_after_move(at, player);
        self.check_end(at);
    }

    /// A claim took the last move back: its maker is on move again, in a fresh turn, his clock
    /// running.
    pub(super) fn turn_back(&mut self, at: Timestamp, offender: Color) {
        self.score.before_last = None;
        self.turn.reset();
        self.clock.start(offender, at);
    }

    /// Ends the game if the position on the board ends it by itself (checkmate, stalemate, a
    /// dead position the quick check proves; in 2023 also Art. 9.6), as the record rules.
    pub(super) fn check_end(&mut self, at: Timestamp) {
        if let Some((law, result, reason)) = self.score.ending(self.edition()) {
            self.end(at, law, result, reason);
        }
    }

    /// A completed illegal move by `player`. `restorable`: the board was left unchanged (the
    /// move was not played), so the position before it is the current one.
    pub(super) fn illegal(&mut self, at: Timestamp, player: Color, mv: Move, restorable: bool) {
        // The illegal move is ruled on as such; the hands that made it no longer matter.
        self.turn.forget_hands();
        let barred = self.score.setup_barred[player as usize];
        if barred.any() && is_castling_attempt(self.score.record.current(), player, mv) {
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
        let count = self.score.count_illegal(player);
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
        let before = self.score.record.current().clone();
        let stuck = match self.score.record.current().after_illegal(mv) {
            Some(after) => {
                self.score.record.play_irregular(mv, after);
                false
            }
            None => {
                // Both kings in check, or a pawn on the last rank: cozy-chess cannot hold the
                // pieces, so they are kept as they stand until the next move (App. A.5.4).
                self.score.illegal_position = RawPosition::after(self.score.record.current(), mv)
                    .map(|placement| IllegalPosition {
                        placement,
                        reply: None,
                        stalled: false,
                    });
                true
            }
        };
        self.clock.press(player, at);
        let ended = self.turn.end(player);
        // The illegal move stands until claimed, so it is on the score; in the long form, as
        // SAN names only legal moves (2005 App. E / 2023 App. C.8 take the departure square).
        self.score.moves.push(PlayedMove {
            by: player,
            text: mv,
            san: long_form(&RawPosition::from_position(&before), mv),
            clock_after: self.clock.side(player).banked,
            draw_offer: ended.draw_offer,
        });
        self.claims.irregular = Some(Irregular {
            offender: player,
            before,
            mv,
            count,
            stuck,
        });
        self.claims.open.push((!player, ClaimKind::IllegalMove));
        let law = rules::ILLEGAL_MOVE_CLAIM.law(self.edition());
        self.rule(
            at,
            law,
            Verdict::ClaimOpen {
                player: !player,
                claim: ClaimKind::IllegalMove,
            },
        );
        if let Some(ip) = &self.score.illegal_position {
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
        let Some(ip) = self.score.illegal_position.clone() else {
            return;
        };
        let Some(reply) = ip.reply else {
            self.rule(
                at,
                rules::MOVE_COMPLETED.law(edition),
                Verdict::Notice {
                    what: Noticed::ClockPressedBeforeMoveMade,
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
        self.turn.announced = None;
        self.score.before_last = None;
        self.close_after_move(at, player);
        let halfmoves = if quiet {
            self.score.record.current().halfmove_clock() + 2
        } else {
            0
        };
        match next.to_position(self.score.record.current(), halfmoves) {
            Some(board) => {
                let fen = board.to_string();
                // The record skips the illegal position: it keeps positions cozy-chess holds.
                self.score.record.play_irregular(reply, board);
                let ended = self.turn.end(player);
                self.score.moves.push(PlayedMove {
                    by: player,
                    text: reply,
                    san: long_form(&ip.placement, reply),
                    clock_after: self.clock.side(player).banked,
                    draw_offer: ended.draw_offer,
                });
                self.score.illegal_position = None;
                self.claims.irregular = None;
                self.rule(
                    at,
                    illegal_position::wait_law(edition),
                    Verdict::PositionLegalAgain { fen },
                );
                self.check_end(at);
            }
            None if edition == Edition::Fide2023 => {
                self.score.illegal_position = Some(IllegalPosition {
                    placement: next,
                    reply: None,
                    stalled: false,
                });
                let law = illegal_position::still_illegal_law(edition);
                self.end(at, law, GameResult::Draw, Reason::IllegalPosition);
            }
            None => {
                let fen = next.text();
                self.score.illegal_position = Some(IllegalPosition {
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
                        what: Noticed::IllegalPositionNeedsArbiter,
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
            touch.touch(self.score.record.current(), mv.from);
            if self.score.record.current().color_on(mv.to) == Some(!offender) {
                touch.touch(self.score.record.current(), mv.to);
            }
            let obligation = touch.obligation(self.score.record.current());
            self.turn.forced = Some(obligation.clone());
            self.turn.touch = touch;
            let fen = self.score.record.current().to_string();
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
            illegal::Penalty::LossUnlessCannotMate => self
                .rule_on_mating_chances(at, analysis::Completion::IllegalMoves { offender, law }),
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
