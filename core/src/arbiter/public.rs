//! The public view of a game's log: what a spectator may read of it.
//!
//! The full log stays with the bridge (on its disk); pages, streams and downloads get this view
//! of it instead. It differs only where the log holds a secret: the sealed move's envelope is
//! withheld (a spectator who held the ciphertext could guess the passphrase offline), and the
//! arbiter's passphrase never appears; the opening is told by [`Event::Opened`] with the move the
//! envelope held, once the envelope is truly opened (not when the opening only started the
//! absent replier's clock, App. A9b). Replayed, the public view gives the same game as the log.
//!
//! The view follows the game: [`PublicView::next`] is handed each logged event in order.

use super::{Event, Game, GameConfig, Refused, Stamped};
use crate::laws::{SealedEnvelope, adjourn};

/// The envelope as the public sees it: that there is one, nothing of what it holds.
pub fn withheld_envelope() -> SealedEnvelope {
    SealedEnvelope {
        salt: String::new(),
        nonce: String::new(),
        iterations: 0,
        argon2: None,
        ciphertext: String::new(),
    }
}

/// Whether `envelope` is [`withheld_envelope`]'s: a public view's, holding nothing.
pub fn is_withheld(envelope: &SealedEnvelope) -> bool {
    envelope.ciphertext.is_empty()
}

/// Whether `event` carries a secret: only such events differ in the public view.
pub fn holds_secret(event: &Event) -> bool {
    matches!(event, Event::Seal { .. } | Event::Open { .. })
}

/// A game's log read in order, turned into its public view.
pub struct PublicView {
    game: Game,
}

impl PublicView {
    /// The view of a log with this setup and schema version (as [`Game::continuing`]).
    ///
    /// # Errors
    /// The setup's position is not legal.
    pub fn new(config: GameConfig, version: u32) -> Result<PublicView, Refused> {
        Ok(PublicView {
            game: Game::continuing(config, version)?,
        })
    }

    /// The public form of the next logged event: the event itself unless it holds a secret.
    /// The envelope's key is derived here once per opening (slow on purpose).
    pub fn next(&mut self, logged: &Stamped<Event>) -> Event {
        let public = match &logged.event {
            Event::Seal { player, .. } => Event::Seal {
                player: *player,
                envelope: withheld_envelope(),
            },
            Event::Open { passphrase } => {
                let sealed_before = self.sealed();
                let text = self
                    .game
                    .sealed_envelope()
                    .and_then(|e| adjourn::open(e, passphrase).ok());
                // Told only once the game took the opening and the envelope is no longer sealed.
                let taken = self.game.handle(logged.clone()).is_ok();
                while self.game.poll_ruling().is_some() {}
                let opened = taken && sealed_before && !self.sealed();
                return Event::Opened {
                    text: if opened { text } else { None },
                };
            }
            other => other.clone(),
        };
        // An event the log holds was accepted once; the view goes on as the game did.
        let _ = self.game.handle(logged.clone());
        while self.game.poll_ruling().is_some() {}
        public
    }

    fn sealed(&self) -> bool {
        self.game.sealed_envelope().is_some()
    }
}

impl Game {
    /// The sealed envelope waiting to be opened, if any.
    pub(in crate::arbiter) fn sealed_envelope(&self) -> Option<&SealedEnvelope> {
        self.adjournment.sealed.as_ref().map(|(_, e)| e)
    }
}

/// The public form of a whole log's events, in order.
///
/// # Errors
/// The setup's position is not legal.
pub fn public_events(
    config: GameConfig,
    version: u32,
    events: &[Stamped<Event>],
) -> Result<Vec<Stamped<Event>>, Refused> {
    let mut view = PublicView::new(config, version)?;
    Ok(events
        .iter()
        .map(|e| Stamped {
            at: e.at,
            event: view.next(e),
        })
        .collect())
}
