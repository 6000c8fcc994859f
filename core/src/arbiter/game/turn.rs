//! The turn in progress: touches, lifts and placements on the board, moves entered whole, and
//! when a move counts as made (2005 Art. 4, 6.8a / 2023 Art. 4, 6.2.1).

use super::*;

impl Game {
    /// A piece lifted (2005 Art. 4.3 / 2023 Art. 4.3: a deliberate touch), or one off a
    /// tactile board (App. F2.3a / D.2.3: a capture is made once the captured piece is out).
    pub(super) fn lift(&mut self, at: Timestamp, square: Square) -> Result<(), Refused> {
        if self.illegal_position.is_some() {
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
        if self.record.current().piece_on(square).is_some() {
            if let Some((then, other)) = self.last_lift
                && other != square
                && at.0.saturating_sub(then.0) <= illegal::TWO_HANDS_WINDOW_MS
            {
                self.two_hands = true;
            }
            self.last_lift = Some((at, square));
        }
        self.changes.lift(square);
        if self.touch.touch(self.record.current(), square) {
            self.after_touch(at);
        }
        // On a tactile board a capture is made once the captured piece is out (F2.3a).
        if self.config.has_tactile_board(self.on_move())
            && let Some(mv) = self.changes.capture_made(self.record.current())
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
        if self.illegal_position.is_some() {
            self.require_play()?;
            return Ok(());
        }
        self.require_play()?;
        if !self.changes.place(square, piece) {
            self.rule(
                at,
                rules::PIECES_DISPLACED.law(self.edition()),
                Verdict::Notice {
                    what: "placement_without_lift",
                },
            );
            return Ok(());
        }
        if let Attempt::Legal(mv) = self.changes.attempt(self.record.current()) {
            self.touch.release(mv);
            self.complete_if_final(at, mv, self.made_law());
        }
        Ok(())
    }

    /// A move entered whole, as screens enter it: touched, made, and if it ends the game,
    /// completed (2005 Art. 6.8a / 2023 Art. 6.2.1).
    pub(super) fn enter_move(&mut self, at: Timestamp, mv: Move) -> Result<(), Refused> {
        if self.illegal_position.is_some() {
            self.require_play()?;
            if let Some(ip) = &self.illegal_position {
                ip.placement.play(mv)?;
            }
            self.after_touch(at);
            if let Some(ip) = &mut self.illegal_position {
                ip.reply = Some(mv);
            }
            return Ok(());
        }
        self.require_play()?;
        if self.touch.touch(self.record.current(), mv.from) {
            self.after_touch(at);
        }
        self.changes.enter(self.record.current(), mv);
        if let Some(legal) = touch::legal_move(self.record.current(), mv) {
            self.touch.release(legal);
            self.complete_if_final(at, legal, self.made_law());
        }
        Ok(())
    }

    /// The player on move touched a piece deliberately.
    pub(super) fn after_touch(&mut self, at: Timestamp) {
        let mover = self.on_move();
        let edition = self.edition();
        if self.offer == Some(!mover) {
            self.offer = None;
            self.rule(
                at,
                draws::offer_law(edition),
                Verdict::DrawDeclined { player: mover },
            );
        }
        let lapse_illegal = self.profile.claims_lapse_on_touch();
        let lapsing: Vec<ClaimKind> = self
            .open_claims
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
        let board = self.record.current();
        let made = match self.changes.attempt(board) {
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
        if let Some(ip) = &self.illegal_position {
            return ip.reply;
        }
        if self.result.is_some() || self.started.is_none() {
            return None;
        }
        let board = self.record.current();
        let mover = self.on_move();
        match self.changes.attempt(board) {
            Attempt::Legal(mv) => Some(mv),
            _ if self.config.is_impaired(mover) => self.made_by_impaired(mover),
            _ => None,
        }
    }

    /// What the player on move must do now.
    pub fn obligation(&self) -> Obligation {
        match &self.forced {
            Some(ob) => ob.clone(),
            None => self.touch.obligation(self.record.current()),
        }
    }
}
