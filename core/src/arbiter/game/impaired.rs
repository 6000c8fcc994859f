//! Blind and visually impaired players: announcements and the move they make (2005 App. F /
//! 2023 App. D).

use super::*;

impl Game {
    pub(super) fn language(&self) -> Language {
        self.config
            .language
            .as_deref()
            .and_then(Language::from_code)
            .unwrap_or(Language::English)
    }

    pub(super) fn read(&self, board: &Position, text: &str) -> Result<Move, Refused> {
        blind::read_announcement(board, text, self.language())
            .map_err(|e| Refused::Announcement(e.to_string()))
    }

    pub(super) fn spoken(&self, board: &Position, mv: Move) -> String {
        crate::notation::spoken::format(board, mv)
    }

    /// The move a visually impaired player's announcement makes on a game without his own
    /// board: entered whole, as a screen enters it.
    pub(super) fn enter_announced(&mut self, at: Timestamp, mv: Move) {
        if self.turn.touch.touch(self.score.record.current(), mv.from) {
            self.after_touch(at);
        }
        self.turn.changes.enter(self.score.record.current(), mv);
        if let Some(legal) = touch::legal_move(self.score.record.current(), mv) {
            self.turn.touch.release(legal);
        }
    }

    /// The visually impaired player's move once made though his board shows no finished move:
    /// the captured piece taken off his board (F2.3a / D.2.3), or the move announced (F2.3c).
    pub(super) fn made_by_impaired(&self, player: Color) -> Option<Move> {
        if self.config.has_tactile_board(player)
            && let Some(mv) = self.turn.changes.capture_made(self.score.record.current())
        {
            return Some(mv);
        }
        match self.turn.announced {
            Some((by, said)) if by == player => {
                touch::legal_move(self.score.record.current(), said)
            }
            _ => None,
        }
    }

    /// What the Laws prescribe when the two boards of a game with a visually impaired player
    /// may differ (2005 App. F2.7-F2.8 / 2023 App. D.2.9): the scores and boards as found,
    /// compared from this game's start, with the clock readings this game's log kept after
    /// every half-move. See [`blind::reconcile`].
    ///
    /// # Errors
    /// [`blind::ReconcileError`] when a board's placement cannot be read.
    pub fn reconcile_boards(
        &self,
        impaired_score: &[Move],
        sighted_score: &[Move],
        impaired_board: &str,
        sighted_board: &str,
    ) -> Result<blind::Correction, blind::ReconcileError> {
        let (initial, after) = self.clock_readings();
        blind::reconcile(
            self.edition(),
            blind::TwoBoards {
                start: self.score.record.start(),
                impaired_score,
                sighted_score,
                impaired_board,
                sighted_board,
            },
            Some((initial, &after)),
        )
    }

    /// The clock readings the two boards are compared with (F2.7): both clocks at the first
    /// period's time at the start, then the reading this game's log kept after every half-move.
    pub(super) fn clock_readings(&self) -> (blind::ClockReading, Vec<Millis>) {
        let first = self.clock.control().period(0).time;
        let initial = blind::ClockReading {
            white: first,
            black: first,
        };
        let after = self.score.moves.iter().map(|m| m.clock_after).collect();
        (initial, after)
    }

    pub(super) fn announce(
        &mut self,
        at: Timestamp,
        player: Color,
        text: &str,
    ) -> Result<(), Refused> {
        self.require_play()?;
        let edition = self.edition();
        if player != self.on_move() {
            return self.repeat(at, player, text);
        }
        let mv = self.read(self.score.record.current(), text)?;
        let spoken = self.spoken(self.score.record.current(), mv);
        let made = self.config.is_impaired(player);
        let verdict = Verdict::Announced {
            player,
            mv,
            spoken,
            made,
        };
        self.take_announcement(at, player, mv, blind::announce_law(edition), verdict);
        Ok(())
    }

    /// `player`, on move, has announced `mv` (or corrected his announcement to it), ruled as
    /// `verdict` under `law`: without a board of his own a visually impaired player's
    /// announcement enters the move, and his move is made by it (2005 App. F2.3 / 2023 D.2.3).
    fn take_announcement(
        &mut self,
        at: Timestamp,
        player: Color,
        mv: Move,
        law: Law,
        verdict: Verdict,
    ) {
        let impaired = self.config.is_impaired(player);
        if impaired && !self.config.has_tactile_board(player) {
            self.enter_announced(at, mv);
        }
        self.turn.announced = Some((player, mv));
        self.rule(at, law, verdict);
        if impaired {
            self.impaired_move_made(at, player, mv);
        }
    }

    /// The opponent repeats the move announced, or the one just completed (F2.1 / D.2.1).
    pub(super) fn repeat(
        &mut self,
        at: Timestamp,
        player: Color,
        text: &str,
    ) -> Result<(), Refused> {
        self.require_play()?;
        let edition = self.edition();
        let (board, expected) = match (
            self.turn.announced,
            self.score.moves.last(),
            &self.score.before_last,
        ) {
            (Some((by, said)), _, _) if by == !player => {
                (self.score.record.current().clone(), said)
            }
            (_, Some(last), Some(before)) if last.by == !player => (before.clone(), last.text),
            _ => return Err(Refused::NothingToRepeat),
        };
        let mv = self.read(&board, text)?;
        self.rule(
            at,
            blind::announce_law(edition),
            Verdict::AnnouncementRepeated {
                player,
                mv,
                agrees: mv == expected,
            },
        );
        Ok(())
    }

    pub(super) fn correct(
        &mut self,
        at: Timestamp,
        player: Color,
        text: &str,
    ) -> Result<(), Refused> {
        self.require_play()?;
        let law = blind::correction_law(self.edition());
        let refuse = |game: &mut Game, because| {
            game.rule(at, law, Verdict::CorrectionRefused { player, because });
            Ok(())
        };
        if player != self.on_move() {
            // His move was completed: the opponent's clock has started.
            return refuse(self, Uncorrectable::OpponentClockStarted);
        }
        if !self.turn.announced.is_some_and(|(by, _)| by == player) {
            return refuse(self, Uncorrectable::NothingAnnounced);
        }
        let mv = self.read(self.score.record.current(), text)?;
        if self.config.is_impaired(player) && !self.config.has_tactile_board(player) {
            // A slip of the tongue binds him to nothing: the piece he named is not touched.
            self.turn.touch = TouchMove::new();
        }
        let spoken = self.spoken(self.score.record.current(), mv);
        let verdict = Verdict::AnnouncementCorrected { player, mv, spoken };
        self.take_announcement(at, player, mv, law, verdict);
        Ok(())
    }
}
