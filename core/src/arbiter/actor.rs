//! Who may send which event: the one classification every shell's seats follow, so a new
//! event cannot reach a game before someone has said whose it is.

use super::event::Event;
use crate::Color;

/// Whose act an event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The player the event names: his arrival, press, offer, claim, words or scoresheet.
    Player(Color),
    /// The player on move: hands on the pieces and a move entered whole are his (Art. 4, 6.8).
    OnMove,
    /// Either player may do it for the game: starting the clock before the first move on a
    /// board without an arbiter, or letting time pass.
    EitherPlayer,
    /// The arbiter alone: his decisions, the resumption and the opening of the envelope
    /// (App. A), and the answer to an analysis the game waits for.
    Arbiter,
}

impl Event {
    /// Whose act this event is. The assistant of a visually impaired player (2005 App. F2.9 /
    /// 2023 App. D.2.10) acts for both players, never as the arbiter.
    pub fn actor(&self) -> Actor {
        match self {
            Event::Arrive { player }
            | Event::PressClock { player }
            | Event::OfferDraw { player }
            | Event::AcceptDraw { player }
            | Event::DeclineDraw { player }
            | Event::Resign { player }
            | Event::Claim { player, .. }
            | Event::Seal { player, .. }
            | Event::Announce { player, .. }
            | Event::Repeat { player, .. }
            | Event::Write { player, .. }
            | Event::AskScoresheet { player }
            | Event::CorrectAnnouncement { player, .. } => Actor::Player(*player),
            Event::Lift { .. }
            | Event::Place { .. }
            | Event::Adjust { .. }
            | Event::Move { .. } => Actor::OnMove,
            Event::Start | Event::Tick => Actor::EitherPlayer,
            Event::Arbiter { .. }
            | Event::Resume
            | Event::Open { .. }
            | Event::Opened { .. }
            | Event::Analysis { .. } => Actor::Arbiter,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor(json: &str) -> Actor {
        serde_json::from_str::<Event>(json)
            .expect("an event")
            .actor()
    }

    #[test]
    fn players_own_their_words_the_mover_the_pieces_the_arbiter_his_decisions() {
        assert_eq!(
            actor(r#"{"type":"offer_draw","player":"black"}"#),
            Actor::Player(Color::Black)
        );
        assert_eq!(
            actor(r#"{"type":"announce","player":"white","text":"e4"}"#),
            Actor::Player(Color::White)
        );
        assert_eq!(actor(r#"{"type":"lift","square":"e2"}"#), Actor::OnMove);
        assert_eq!(actor(r#"{"type":"move","move":"e2e4"}"#), Actor::OnMove);
        assert_eq!(actor(r#"{"type":"start"}"#), Actor::EitherPlayer);
        assert_eq!(
            actor(r#"{"type":"arbiter","decision":{"kind":"stop_clock"}}"#),
            Actor::Arbiter
        );
        assert_eq!(actor(r#"{"type":"open","passphrase":"x"}"#), Actor::Arbiter);
        assert_eq!(actor(r#"{"type":"resume"}"#), Actor::Arbiter);
    }
}
