//! The turn in progress: touches, lifts and placements on the board, moves entered whole, and
//! when a move counts as made (2005 Art. 4, 6.8a / 2023 Art. 4, 6.2.1).

use super::*;

/// What the turn in progress has seen: the pieces touched and their obligations, the board's
/// changes since the last completed move, the lifts that may be two hands, the move announced.
/// All of it ends with the turn ([`Turn::reset`]).
#[derive(Clone, Debug)]
pub(in crate::arbiter) struct Turn {
    /// The touches of the player on move (Art. 4).
    pub(super) touch: TouchMove,
    /// Lifts and placements since the last completed move.
    pub(super) changes: BoardChanges,
    /// An obligation a ruling imposed (a touch-move claim upheld, an intended move).
    pub(super) forced: Option<Obligation>,
    /// The last piece of each colour (White, Black) lifted this turn and when, to see two
    /// of one colour lifted at once (T-01, I-09).
    pub(super) last_lift: [Option<(Timestamp, Square)>; 2],
    /// Two pieces of one colour were lifted at once this turn: perhaps a move with two hands.
    pub(super) two_hands: bool,
    /// The move the player on move has announced this turn (App. F2.1 / D.2.1).
    pub(in crate::arbiter) announced: Option<(Color, Move)>,
    /// The player on move offered a draw: the move he is making carries the "(=)".
    pub(super) offer_with_move: Option<Color>,
}

impl Default for Turn {
    fn default() -> Turn {
        Turn {
            touch: TouchMove::new(),
            changes: BoardChanges::new(),
            forced: None,
            last_lift: [None; 2],
            two_hands: false,
            announced: None,
            offer_with_move: None,
        }
    }
}

impl Turn {
    /// The turn is over (a move completed or taken back, a position restored): nothing of it
    /// binds the next.
    pub(super) fn reset(&mut self) {
        *self = Turn::default();
    }

    /// `player`'s move is completed: the turn ends, and what the move takes from it is
    /// returned.
    pub(super) fn end(&mut self, player: Color) -> Ended {
        let ended = Ended {
            two_hands: self.two_hands,
            draw_offer: self.offer_with_move == Some(player),
        };
        self.reset();
        ended
    }

    /// The pieces are ruled on, not the hands that moved them (an illegal move).
    pub(super) fn forget_hands(&mut self) {
        self.last_lift = [None; 2];
        self.two_hands = false;
    }

    /// The board as the record shows it again, nothing touched, within the same turn.
    pub(super) fn clear_board(&mut self) {
        self.touch = TouchMove::new();
        self.changes = BoardChanges::new();
    }
}

/// What a completed move takes from the turn that made it.
pub(super) struct Ended {
    /// Two pieces of one colour were lifted at once for it.
    pub(super) two_hands: bool,
    /// It carries its mover's draw offer, "(=)" on the score.
    pub(super) draw_offer: bool,
}

impl Game {
    /// A piece lifted (2005 Art. 4.3 / 2023 Art. 4.3: a deliberate touch), or one off a
    /// tactile board (App. F2.3a / D.2.3: a capture is made once the captured piece is out).
    pub(super) fn lift(&mut self, at: Timestamp, square: Square) -> Result<(), Refused> {
        if self.score.illegal_position.is_some() {
            self.require_play()?;
            if self
                .illegal_position()
                .and_then(|p| p.piece_on(square))
                .is_some()
            {
                // A touch still ends the opponent's 2005 claim (App. B5) and declines an
                // offer; touch-move itself is a matter for a claim in this regime.
                self.after_touch(at);
            }
            return Ok(());
        }
        self.require_play()?;
        if let Some(colour) = self.score.record.current().color_on(square) {
            // Two pieces of one colour up at once (a castling's king and rook among them,
            // 2023 Art. 7.5.4) may be a move with two hands; a piece of each colour is a
            // capture, whose two lifts one hand makes within moments on a sensor board.
            let last = &mut self.turn.last_lift[colour as usize];
            if let Some((then, other)) = *last
                && other != square
                && at.0.saturating_sub(then.0) <= illegal::TWO_HANDS_WINDOW_MS
            {
                self.turn.two_hands = true;
            }
            *last = Some((at, square));
        }
        self.turn.changes.lift(square);
        if self.turn.touch.touch(self.score.record.current(), square) {
            self.after_touch(at);
        }
        // On a tactile board a capture is made once the captured piece is out (F2.3a).
        if self.config.has_tactile_board(self.on_move())
            && let Some(mv) = self.turn.changes.capture_made(self.score.record.current())
        {
            self.complete_if_final(at, mv, blind::made_law(self.edition()));
        }
        Ok(())
    }

    /// A piece set down on `square` (`piece`: the one a promotion puts there).
    pub(super) fn place(
        &mut self,
        at: Timestamp,
        square: Square,
        piece: Option<Piece>,
    ) -> Result<(), Refused> {
        if self.score.illegal_position.is_some() {
            self.require_play()?;
            return Ok(());
        }
        self.require_play()?;
        if !self.turn.changes.place(square, piece) {
            self.rule(
                at,
                rules::PIECES_DISPLACED.law(self.edition()),
                Verdict::Notice {
                    what: Noticed::PlacementWithoutLift,
                },
            );
            return Ok(());
        }
        if let Attempt::Legal(mv) = self.turn.changes.attempt(self.score.record.current()) {
            self.turn.touch.release(mv);
            self.complete_if_final(at, mv, self.made_law());
        }
        Ok(())
    }

    /// A move entered whole, as screens enter it: touched, made, and if it ends the game,
    /// completed (2005 Art. 6.8a / 2023 Art. 6.2.1).
    pub(super) fn enter_move(&mut self, at: Timestamp, mv: Move) -> Result<(), Refused> {
        if self.score.illegal_position.is_some() {
            self.require_play()?;
            if let Some(ip) = &self.score.illegal_position {
                ip.placement.play(mv)?;
            }
            self.after_touch(at);
            if let Some(ip) = &mut self.score.illegal_position {
                ip.reply = Some(mv);
            }
            return Ok(());
        }
        self.require_play()?;
        if self.turn.touch.touch(self.score.record.current(), mv.from) {
            self.after_touch(at);
        }
        self.turn.changes.enter(self.score.record.current(), mv);
        if let Some(legal) = touch::legal_move(self.score.record.current(), mv) {
            self.turn.touch.release(legal);
            self.complete_if_final(at, legal, self.made_law());
        }
        Ok(())
    }

    /// The player on move touched a piece deliberately.
    pub(super) fn after_touch(&mut self, at: Timestamp) {
        let mover = self.on_move();
        let edition = self.edition();
        if self.claims.offer == Some(!mover) {
            self.claims.offer = None;
            self.rule(
                at,
                draws::offer_law(edition),
                Verdict::DrawDeclined { player: mover },
            );
        }
        let lapse_illegal = self.profile.claims_lapse_on_touch();
        let lapsing: Vec<ClaimKind> = self
            .claims
            .open
            .iter()
            .filter(|(c, k)| {
                *c == mover
                    && (*k == ClaimKind::TouchMove
                        || (*k == ClaimKind::IllegalMove && lapse_illegal))
            })
            .map(|(_, k)| *k)
            .collect();
        for kind in lapsing {
            self.lapse(at, mover, kind);
        }
    }

    /// The rule under which a move on the board counts as made: the release (2005 Art. 4.6 /
    /// 2023 Art. 4.7) completed by the press (6.8a / 6.2.1), or for a visually impaired player
    /// App. F2.3 / D.2.3.
    pub(super) fn made_law(&self) -> Law {
        if self.config.is_impaired(self.on_move()) {
            blind::made_law(self.edition())
        } else {
            rules::MOVE_COMPLETED.law(self.edition())
        }
    }

    /// A visually impaired player's move is made by his announcement, or on his tactile board
    /// (2005 App. F2.3 / 2023 App. D.2.3); if it ends the game, the game ends then.
    pub(super) fn impaired_move_made(&mut self, at: Timestamp, player: Color, said: Move) {
        let board = self.score.record.current();
        let made = match self.turn.changes.attempt(board) {
            Attempt::Legal(mv) => (mv == said).then_some(mv),
            Attempt::Nothing | Attempt::Incomplete => self.made_by_impaired(player),
            _ => None,
        };
        if let Some(mv) = made {
            self.complete_if_final(at, mv, blind::made_law(self.edition()));
        }
    }

    /// The legal move the pieces on the board show as made and not yet completed by the press
    /// (or, for a visually impaired player, made under App. F2.3 / D.2.3).
    pub fn made_move(&self) -> Option<Move> {
        if let Some(ip) = &self.score.illegal_position {
            return ip.reply;
        }
        if self.is_over() || self.started.is_none() {
            return None;
        }
        let board = self.score.record.current();
        let mover = self.on_move();
        match self.turn.changes.attempt(board) {
            Attempt::Legal(mv) => Some(mv),
            _ if self.config.is_impaired(mover) => self.made_by_impaired(mover),
            _ => None,
        }
    }

    /// What the player on move must do now.
    pub fn obligation(&self) -> Obligation {
        match &self.turn.forced {
            Some(ob) => ob.clone(),
            None => self.turn.touch.obligation(self.score.record.current()),
        }
    }
}

impl Game {
    /// The arbiter rules the touch on `square` not deliberate (a knocked piece): the obligation
    /// it imposed is lifted, with the article that binds only a deliberate touch (2005 Art. 4.3
    /// / 2023 Art. 4.3; the arbiter's powers, 2005 Art. 13.1 / 2023 Art. 12.1).
    pub(super) fn touch_not_deliberate(
        &mut self,
        at: Timestamp,
        square: Square,
    ) -> Result<(), Refused> {
        self.require_play()?;
        self.turn.touch.forget(square);
        self.rule(
            at,
            Law::new(self.edition(), "Art. 4.3"),
            Verdict::Notice {
                what: Noticed::TouchNotDeliberate,
            },
        );
        Ok(())
    }

    /// Who sealed the move waiting in its envelope, until it is opened (2005 App. A1 / 2023
    /// Guidelines I.1): the board's hands are hidden meanwhile.
    pub fn sealed_by(&self) -> Option<Color> {
        self.adjournment.sealed.as_ref().map(|(player, _)| *player)
    }
}
