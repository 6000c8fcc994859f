//! A sealed move made on the sensor board (2005 App. A1, A5 / 2023 Guidelines I.1): asked for,
//! put into its envelope off the serving thread, and the board hidden until the pieces are back.

use super::*;

impl Referee {
    /// The sealed move being made on the sensor board, if any (App. A1, A5).
    pub fn sealing(&self) -> Option<&BoardSealing> {
        self.sealing.as_ref()
    }

    /// The arbiter asks `player`, on move, for his sealed move (2005 App. A1 / 2023 I.1), to be
    /// made on the sensor board and sealed with `passphrase`: from now on the board's hands and
    /// pieces are hidden from the pages and the game until the pieces stand as before it.
    ///
    /// # Errors
    /// Why it cannot be asked now, in words for the page.
    pub fn ask_sealed_move(&mut self, player: Color, passphrase: String) -> Result<(), String> {
        let name = arbiter_core::wire::color::name;
        if !self.game.in_play() {
            return Err("the game is not in play: there is no move to seal".into());
        }
        if self.game.state(Timestamp(self.last_at)).sealed {
            return Err("a sealed move already waits in its envelope".into());
        }
        if self.sealing.is_some() {
            return Err("a sealed move is already being made on the board".into());
        }
        if self.game.side_on_move() != player {
            return Err(format!(
                "{} is not on move: the player on move seals his move (App. A1)",
                name(player)
            ));
        }
        if passphrase.trim().is_empty() {
            return Err("the arbiter's passphrase is empty".into());
        }
        self.sealing = Some(BoardSealing::Asked { player, passphrase });
        self.publish_board_status();
        Ok(())
    }

    /// A move the board shows made: while the sealer's move is awaited it goes into the
    /// envelope, off the serving thread (the key takes a while to derive), and the pieces are
    /// to go back. Returns whether it was taken so (and is no move of the game).
    pub fn take_sealed_move(&mut self, mv: Move) -> bool {
        let Some(BoardSealing::Asked { player, passphrase }) = self.sealing.clone() else {
            return false;
        };
        if self.game.side_on_move() != player {
            return false;
        }
        self.sealing = Some(BoardSealing::PiecesBack {
            placement: self.game.board().placement().to_fen_board(),
            back: false,
            sealed: false,
        });
        self.publish_board_status();
        let text = mv.to_string();
        let seal = move || {
            crate::sealing::envelope_event(player, &text, &passphrase).map_err(|e| e.to_string())
        };
        // Without a task to take the answer, the envelope is sealed here.
        if self.answers_rx.is_some() || self.answers.is_closed() {
            let sealed = seal();
            self.sealed(self.hub.now_ms(), sealed);
            return true;
        }
        let answers = self.answers.clone();
        let work = move || {
            // The task gone, the bridge is stopping: nobody waits for the envelope.
            let _ = answers.send(Answer::Sealed(seal()));
        };
        if let Err(e) = std::thread::Builder::new().name("seal".into()).spawn(work) {
            self.hub.publish(Body::Error {
                message: format!("the sealed move could not be sealed: {e}"),
            });
        }
        true
    }

    /// The sealed move's envelope, worked out: submitted as the board's, or why not told.
    pub(super) fn sealed(&mut self, now: u64, sealed: Result<Event, String>) {
        let answer =
            sealed.and_then(|event| self.submit(now, event, "board").map_err(|e| e.to_string()));
        if let Err(e) = answer {
            self.hub.publish(Body::Error {
                message: format!("the sealed move could not be sealed: {e}"),
            });
        }
        // Sealed or not, nothing more is waited for but the pieces.
        let Some(BoardSealing::PiecesBack { back, sealed, .. }) = &mut self.sealing else {
            return;
        };
        *sealed = true;
        if *back {
            // The pieces came back while the key was being derived.
            self.sealing = None;
            self.publish_board_status();
        }
    }

    /// The sensor board shows `placement` (its FEN board field): once the pieces stand as
    /// before the sealed move, the board is shown again. Returns whether that happened now.
    pub fn board_shows(&mut self, placement: &str) -> bool {
        let Some(BoardSealing::PiecesBack {
            placement: before,
            back,
            sealed,
        }) = &mut self.sealing
        else {
            return false;
        };
        *back = before == placement;
        if *back && *sealed {
            self.sealing = None;
            return true;
        }
        false
    }

    /// Whether the envelope must wait: the pieces are not yet back where they stood before the
    /// sealed move made on the board (App. A5: the adjourned position is set up for the
    /// resumption).
    pub fn pieces_not_back(&self) -> bool {
        matches!(self.sealing, Some(BoardSealing::PiecesBack { .. }))
    }

    /// An event asked for from outside the board (a seat's page, the hall's arbiter), taken as
    /// every such request is: the envelope is not opened before the pieces are back (App. A5),
    /// an event that changes nothing is not recorded again, and the rest is the game's to rule.
    ///
    /// # Errors
    /// Why it was not recorded.
    pub fn take_request(&mut self, now: u64, event: Event, source: &str) -> Result<(), NotTaken> {
        if matches!(event, Event::Open { .. }) && self.pieces_not_back() {
            return Err(NotTaken::PiecesNotBack);
        }
        if self.changes_nothing(&event) {
            return Err(NotTaken::Unchanged);
        }
        self.submit(now, event, source).map_err(NotTaken::Game)
    }

    /// The arbiter asks the player on move for his sealed move, to be made on the sensor board
    /// (see [`Self::ask_sealed_move`]); returns the sealer.
    ///
    /// # Errors
    /// Why it cannot be asked now, in words for the page.
    pub fn seal_on_board(&mut self, passphrase: String) -> Result<Color, String> {
        let sealer = self.side_to_move();
        self.ask_sealed_move(sealer, passphrase).map(|()| sealer)
    }

    /// Tells the pages the board's sealing stage, with the rest of the board's status as last
    /// published and no placement.
    fn publish_board_status(&mut self) {
        let s = self.hub.state();
        let body = Body::Board {
            connected: s.connected,
            placement: None,
            orientation: s.orientation,
            port: s.port.clone(),
            dropped: s.dropped,
            resyncs: s.resyncs,
            sealing: self.sealing.as_ref().map(BoardSealing::stage),
            battery: s.battery,
        };
        self.hub.publish(body);
    }
}
