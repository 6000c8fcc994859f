//! Who may send what from a page: the seats of a game (the players, the assistant of a visually
//! impaired player, spectators) and why a seat's request is refused before the game hears it.

use arbiter_core::Color;
use arbiter_core::arbiter::{Actor, Event};

/// Who is allowed to send what from a page (2005 App. F2.9 for the assistant).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Watches only.
    Spectator,
    /// A player: only his own events.
    Player(Color),
    /// The assistant of a visually impaired player: acts for both sides (App. F2.9), never as
    /// the arbiter.
    Assistant,
    /// The arbiter (a single board's arbiter key): every event, his decisions included.
    Arbiter,
}

impl Role {
    /// The role a `/ws?role=` value names.
    pub fn parse(text: &str) -> Option<Role> {
        Some(match text {
            "spectator" => Role::Spectator,
            "white" => Role::Player(Color::White),
            "black" => Role::Player(Color::Black),
            "assistant" => Role::Assistant,
            "arbiter" => Role::Arbiter,
            _ => return None,
        })
    }

    /// The role's name, as the event log's `source`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Spectator => "spectator",
            Role::Player(Color::White) => "white",
            Role::Player(Color::Black) => "black",
            Role::Assistant => "assistant",
            Role::Arbiter => "arbiter",
        }
    }

    /// Why this role may not send `event` with `on_move` to move, or `None` if it may.
    pub fn refuses(self, event: &Event, on_move: Color) -> Option<SeatRefusal> {
        // A player's arrival at the board is what the arbiter sees and notes (the default
        // time, 2005 Art. 6.7 / 2023 Art. 6.7; the replier present before the envelope is
        // opened, App. A7): the one player's event his seat records.
        if self == Role::Arbiter && matches!(event, Event::Arrive { .. }) {
            return None;
        }
        self.refuses_act(event.actor(), on_move)
    }

    /// Why this role may not do what `actor` may, with `on_move` to move, or `None` if it may.
    pub fn refuses_act(self, actor: Actor, on_move: Color) -> Option<SeatRefusal> {
        // The assistant acts for the players, whichever side (App. F2.9); an arbiter's decision
        // is the arbiter's alone, whoever sits at the board; and the arbiter rules, he does not
        // play: a player's move, offer, claim or resignation is the player's own (2005 Art. 13.1
        // / 2023 Art. 12.1: he sees that the Laws are observed). Starting the clock is for either
        // player or the arbiter.
        let me = match self {
            Role::Spectator => return Some(SeatRefusal::WatchOnly),
            Role::Arbiter => {
                return match actor {
                    Actor::Arbiter | Actor::EitherPlayer => None,
                    Actor::Player(_) | Actor::OnMove => Some(SeatRefusal::ArbiterNotPlayer),
                };
            }
            Role::Assistant if actor == Actor::Arbiter => return Some(SeatRefusal::ArbiterOnly),
            Role::Assistant => return None,
            Role::Player(c) => c,
        };
        let owner = match actor {
            Actor::Player(player) => Some(player),
            Actor::OnMove => Some(on_move),
            Actor::EitherPlayer => None,
            Actor::Arbiter => return Some(SeatRefusal::ArbiterOnly),
        };
        match owner {
            Some(c) if c != me => Some(SeatRefusal::NotYours {
                seat: me,
                player: c,
            }),
            _ => None,
        }
    }
}

/// Why a page's seat may not send an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatRefusal {
    /// A spectator's page only watches.
    WatchOnly,
    /// A player's page acts only for its own side.
    NotYours {
        /// The page's side.
        seat: Color,
        /// The side the event acts for.
        player: Color,
    },
    /// Only the arbiter sends this event.
    ArbiterOnly,
    /// The arbiter's seat rules; it does not act for a player.
    ArbiterNotPlayer,
}

impl SeatRefusal {
    /// The answer to the page: the English words, and the id and sides the page words it by.
    pub fn reply(self) -> crate::protocol::Reply {
        let name = |c: Color| arbiter_core::wire::color::name(c).to_owned();
        match self {
            SeatRefusal::WatchOnly => crate::protocol::Reply::error_with_id(
                "seat_watch_only",
                "spectators cannot send events",
            ),
            SeatRefusal::ArbiterOnly => crate::protocol::Reply::error_with_id(
                "seat_arbiter_only",
                "only the arbiter may send this event: it is his decision",
            ),
            SeatRefusal::ArbiterNotPlayer => crate::protocol::Reply::error_with_id(
                "seat_arbiter_not_player",
                "the arbiter's screen rules and does not play: a move, an offer, a claim or a resignation is the player's own",
            ),
            SeatRefusal::NotYours { seat, player } => crate::protocol::Reply {
                seat: Some(name(seat)),
                player: Some(name(player)),
                ..crate::protocol::Reply::error_with_id(
                    "seat_not_yours",
                    format!("a {} player cannot act for {}", name(seat), name(player)),
                )
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(json: &str) -> Event {
        serde_json::from_str(json).expect("event")
    }

    #[test]
    fn app_f2_9_roles_spectators_nothing_players_their_own_side_the_assistant_both() {
        let press_white = event(r#"{"type":"press_clock","player":"white"}"#);
        let lift = event(r#"{"type":"lift","square":"e2"}"#);
        let decide = event(r#"{"type":"arbiter","decision":{"kind":"stop_clock"}}"#);
        let spectator = Role::parse("spectator").expect("role");
        let white = Role::parse("white").expect("role");
        let black = Role::parse("black").expect("role");
        let assistant = Role::parse("assistant").expect("role");
        let arbiter = Role::parse("arbiter").expect("role");
        assert_eq!(Role::parse("organiser"), None);
        assert!(spectator.refuses(&Event::Start, Color::White).is_some());
        assert!(white.refuses(&press_white, Color::White).is_none());
        assert!(black.refuses(&press_white, Color::White).is_some());
        // Hands on the pieces belong to the player on move.
        assert!(white.refuses(&lift, Color::White).is_none());
        assert!(white.refuses(&lift, Color::Black).is_some());
        assert!(black.refuses(&lift, Color::Black).is_none());
        assert!(assistant.refuses(&lift, Color::Black).is_none());
        assert!(assistant.refuses(&press_white, Color::Black).is_none());
        // A player announces his own moves and repeats his opponent's (App. F2.1).
        let announce = event(r#"{"type":"announce","player":"black","text":"e5"}"#);
        assert!(black.refuses(&announce, Color::Black).is_none());
        assert!(white.refuses(&announce, Color::Black).is_some());
        // Arbiter decisions are not a player's, nor the assistant's: he acts for the blind
        // player (App. F2.9), never as the arbiter.
        assert!(white.refuses(&decide, Color::White).is_some());
        assert_eq!(
            assistant.refuses(&decide, Color::White),
            Some(SeatRefusal::ArbiterOnly)
        );
        let open = event(r#"{"type":"open","passphrase":"x"}"#);
        assert!(assistant.refuses(&open, Color::White).is_some());
        assert!(arbiter.refuses(&decide, Color::White).is_none());
        assert!(arbiter.refuses(&open, Color::Black).is_none());
        // The arbiter rules; he does not play (2005 Art. 13.1 / 2023 Art. 12.1).
        let offer = event(r#"{"type":"offer_draw","player":"white"}"#);
        let resign = event(r#"{"type":"resign","player":"black"}"#);
        let mv = event(r#"{"type":"move","move":"e2e4"}"#);
        for e in [&offer, &resign, &mv, &press_white, &lift] {
            assert_eq!(
                arbiter.refuses(e, Color::White),
                Some(SeatRefusal::ArbiterNotPlayer),
                "{e:?}"
            );
        }
        assert!(arbiter.refuses(&Event::Start, Color::White).is_none());
        let arrive = event(r#"{"type":"arrive","player":"black"}"#);
        assert!(arbiter.refuses(&arrive, Color::White).is_none());
    }
}
