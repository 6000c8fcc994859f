//! Reading events from JSON, in the same shape as they are written (`{"type": "lift",
//! "square": "e2"}`).
//!
//! Why not serde's derive with `#[serde(tag = "type")]`: for an internally tagged enum it
//! buffers each object into an untyped tree and then generates one reader per variant over that
//! tree. In the page's wasm module that came to 67 KB of code for `Event`, `Claim` and
//! `Decision` (a fifth of all serde code). Here every object is read once, into one flat record
//! with a field for each name any variant uses; the tag then picks the variant and checks that
//! its fields are there. Unknown fields are ignored and a missing one is named, as before.

use super::event::{Claim, ClaimKind, Decision, Event, GameResult, RestoreCause, SetupFault};
use crate::Move;
use crate::clock::Millis;
use crate::laws::SealedEnvelope;
use crate::wire;
use crate::{Color, Piece, Square};
use serde::{Deserialize, Deserializer, de::Error};

/// A colour field read as `"white"` / `"black"`.
#[derive(Deserialize)]
#[serde(transparent)]
struct ColorField(#[serde(with = "wire::color")] Color);

/// A square field read as `"e4"`.
#[derive(Deserialize)]
#[serde(transparent)]
struct SquareField(#[serde(with = "wire::square")] Square);

/// A field the chosen variant needs; the error names it.
fn need<T>(field: Option<T>, name: &'static str) -> Result<T, &'static str> {
    field.ok_or(name)
}

/// The value of `"type"`: which event.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum EventKind {
    Start,
    Arrive,
    Lift,
    Place,
    Adjust,
    Move,
    PressClock,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Resign,
    Claim,
    Arbiter,
    Seal,
    Resume,
    Open,
    Opened,
    Tick,
    Analysis,
    Announce,
    Repeat,
    Write,
    AskScoresheet,
    CorrectAnnouncement,
}

/// Every field any event carries.
#[derive(Deserialize)]
struct EventFields {
    #[serde(rename = "type")]
    kind: EventKind,
    player: Option<ColorField>,
    square: Option<SquareField>,
    #[serde(default, with = "wire::opt_piece")]
    piece: Option<Piece>,
    #[serde(rename = "move")]
    mv: Option<Move>,
    claim: Option<Claim>,
    decision: Option<Decision>,
    envelope: Option<SealedEnvelope>,
    passphrase: Option<String>,
    text: Option<String>,
    side: Option<ColorField>,
    fen: Option<String>,
    can_mate: Option<bool>,
}

impl EventFields {
    fn into_event(self) -> Result<Event, &'static str> {
        let player = || need(self.player.as_ref().map(|c| c.0), "player");
        let square = || need(self.square.as_ref().map(|s| s.0), "square");
        let mv = || need(self.mv, "move");
        let text = || need(self.text.clone(), "text");
        Ok(match self.kind {
            EventKind::Start => Event::Start,
            EventKind::Arrive => Event::Arrive { player: player()? },
            EventKind::Lift => Event::Lift { square: square()? },
            EventKind::Place => Event::Place {
                square: square()?,
                piece: self.piece,
            },
            EventKind::Adjust => Event::Adjust { square: square()? },
            EventKind::Move => Event::Move { mv: mv()? },
            EventKind::PressClock => Event::PressClock { player: player()? },
            EventKind::OfferDraw => Event::OfferDraw { player: player()? },
            EventKind::AcceptDraw => Event::AcceptDraw { player: player()? },
            EventKind::DeclineDraw => Event::DeclineDraw { player: player()? },
            EventKind::Resign => Event::Resign { player: player()? },
            EventKind::Claim => Event::Claim {
                player: player()?,
                claim: need(self.claim.clone(), "claim")?,
            },
            EventKind::Arbiter => Event::Arbiter {
                decision: need(self.decision.clone(), "decision")?,
            },
            EventKind::Seal => Event::Seal {
                player: player()?,
                envelope: need(self.envelope.clone(), "envelope")?,
            },
            EventKind::Resume => Event::Resume,
            EventKind::Open => Event::Open {
                passphrase: need(self.passphrase.clone(), "passphrase")?,
            },
            EventKind::Opened => Event::Opened {
                text: self.text.clone(),
            },
            EventKind::Tick => Event::Tick,
            EventKind::Analysis => Event::Analysis {
                side: need(self.side.as_ref().map(|c| c.0), "side")?,
                fen: need(self.fen.clone(), "fen")?,
                can_mate: need(self.can_mate, "can_mate")?,
            },
            EventKind::Announce => Event::Announce {
                player: player()?,
                text: text()?,
            },
            EventKind::Repeat => Event::Repeat {
                player: player()?,
                text: text()?,
            },
            EventKind::Write => Event::Write {
                player: player()?,
                mv: mv()?,
            },
            EventKind::AskScoresheet => Event::AskScoresheet { player: player()? },
            EventKind::CorrectAnnouncement => Event::CorrectAnnouncement {
                player: player()?,
                text: text()?,
            },
        })
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        EventFields::deserialize(d)?
            .into_event()
            .map_err(D::Error::missing_field)
    }
}

// A claim's `"kind"` is read as its `ClaimKind`, the name rulings and state use too.
#[derive(Deserialize)]
struct ClaimFields {
    kind: ClaimKind,
    intended: Option<Move>,
}

impl<'de> Deserialize<'de> for Claim {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ClaimFields { kind, intended } = ClaimFields::deserialize(d)?;
        Ok(match kind {
            ClaimKind::Repetition => Claim::Repetition { intended },
            ClaimKind::FiftyMoves => Claim::FiftyMoves { intended },
            ClaimKind::WinOnTime => Claim::WinOnTime,
            ClaimKind::IllegalMove => Claim::IllegalMove,
            ClaimKind::TouchMove => Claim::TouchMove,
            ClaimKind::QuickplayFinish => Claim::QuickplayFinish,
            ClaimKind::QuickplayIncrement => Claim::QuickplayIncrement,
        })
    }
}

/// The value of a decision's `"kind"`.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum DecisionTag {
    Accept,
    Reject,
    Postpone,
    AddTime,
    SetClock,
    StopClock,
    StartClock,
    Restore,
    EnvelopeLost,
    ResumptionClockError,
    SetupFault,
    RecordResult,
    TouchNotDeliberate,
    SetPosition,
    Forfeit,
}

#[derive(Deserialize)]
struct DecisionFields {
    kind: DecisionTag,
    player: Option<ColorField>,
    ms: Option<Millis>,
    white: Option<Millis>,
    black: Option<Millis>,
    ply: Option<usize>,
    cause: Option<RestoreCause>,
    fault: Option<SetupFault>,
    result: Option<GameResult>,
    square: Option<SquareField>,
    fen: Option<String>,
    absent: Option<super::forfeit::Forfeit>,
}

impl DecisionFields {
    fn into_decision(self) -> Result<Decision, &'static str> {
        let player = || need(self.player.as_ref().map(|c| c.0), "player");
        Ok(match self.kind {
            DecisionTag::Accept => Decision::Accept,
            DecisionTag::Reject => Decision::Reject,
            DecisionTag::Postpone => Decision::Postpone,
            DecisionTag::AddTime => Decision::AddTime {
                player: player()?,
                ms: need(self.ms, "ms")?,
            },
            DecisionTag::SetClock => Decision::SetClock {
                white: need(self.white, "white")?,
                black: need(self.black, "black")?,
            },
            DecisionTag::StopClock => Decision::StopClock,
            DecisionTag::StartClock => Decision::StartClock,
            DecisionTag::Restore => Decision::Restore {
                ply: need(self.ply, "ply")?,
                cause: self.cause.unwrap_or_default(),
            },
            DecisionTag::EnvelopeLost => Decision::EnvelopeLost,
            DecisionTag::ResumptionClockError => {
                Decision::ResumptionClockError { player: player()? }
            }
            DecisionTag::SetupFault => Decision::SetupFault {
                fault: need(self.fault, "fault")?,
            },
            DecisionTag::RecordResult => Decision::RecordResult {
                result: need(self.result, "result")?,
            },
            DecisionTag::TouchNotDeliberate => Decision::TouchNotDeliberate {
                square: need(self.square.as_ref().map(|s| s.0), "square")?,
            },
            DecisionTag::SetPosition => Decision::SetPosition {
                fen: need(self.fen, "fen")?,
            },
            DecisionTag::Forfeit => Decision::Forfeit {
                absent: need(self.absent, "absent")?,
            },
        })
    }
}

impl<'de> Deserialize<'de> for Decision {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        DecisionFields::deserialize(d)?
            .into_decision()
            .map_err(D::Error::missing_field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::Event;

    fn every_event() -> Vec<Event> {
        let e2e4: Move = "e2e4".parse().unwrap();
        vec![
            Event::Start,
            Event::Arrive {
                player: Color::Black,
            },
            Event::Lift { square: Square::E2 },
            Event::Place {
                square: Square::E8,
                piece: Some(Piece::Queen),
            },
            Event::Place {
                square: Square::E4,
                piece: None,
            },
            Event::Adjust { square: Square::A1 },
            Event::Move { mv: e2e4 },
            Event::PressClock {
                player: Color::White,
            },
            Event::OfferDraw {
                player: Color::White,
            },
            Event::AcceptDraw {
                player: Color::Black,
            },
            Event::DeclineDraw {
                player: Color::Black,
            },
            Event::Resign {
                player: Color::White,
            },
            Event::Claim {
                player: Color::Black,
                claim: Claim::Repetition {
                    intended: Some(e2e4),
                },
            },
            Event::Claim {
                player: Color::Black,
                claim: Claim::FiftyMoves { intended: None },
            },
            Event::Claim {
                player: Color::White,
                claim: Claim::QuickplayIncrement,
            },
            Event::Arbiter {
                decision: Decision::AddTime {
                    player: Color::White,
                    ms: Millis(120_000),
                },
            },
            Event::Arbiter {
                decision: Decision::SetClock {
                    white: Millis(1),
                    black: Millis(2),
                },
            },
            Event::Arbiter {
                decision: Decision::Restore {
                    ply: 7,
                    cause: RestoreCause::Displaced,
                },
            },
            Event::Arbiter {
                decision: Decision::ResumptionClockError {
                    player: Color::Black,
                },
            },
            Event::Arbiter {
                decision: Decision::SetupFault {
                    fault: SetupFault::ColoursReversed,
                },
            },
            Event::Arbiter {
                decision: Decision::RecordResult {
                    result: GameResult::Draw,
                },
            },
            Event::Arbiter {
                decision: Decision::SetPosition {
                    fen: "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40".into(),
                },
            },
            Event::Arbiter {
                decision: Decision::Forfeit {
                    absent: crate::arbiter::Forfeit::Both,
                },
            },
            Event::Resume,
            Event::Open {
                passphrase: "secret".into(),
            },
            Event::Opened {
                text: Some("g1f3".into()),
            },
            Event::Opened { text: None },
            Event::Tick,
            Event::Analysis {
                side: Color::White,
                fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
                can_mate: false,
            },
            Event::Announce {
                player: Color::White,
                text: "Springer Felix drei".into(),
            },
            Event::Repeat {
                player: Color::Black,
                text: "Nf3".into(),
            },
            Event::Write {
                player: Color::White,
                mv: e2e4,
            },
            Event::AskScoresheet {
                player: Color::Black,
            },
            Event::CorrectAnnouncement {
                player: Color::White,
                text: "Nc3".into(),
            },
        ]
    }

    /// Exhaustive on purpose: a new event does not compile here until it has a tag above.
    fn tag_of(event: &Event) -> EventKind {
        match event {
            Event::Start => EventKind::Start,
            Event::Arrive { .. } => EventKind::Arrive,
            Event::Lift { .. } => EventKind::Lift,
            Event::Place { .. } => EventKind::Place,
            Event::Adjust { .. } => EventKind::Adjust,
            Event::Move { .. } => EventKind::Move,
            Event::PressClock { .. } => EventKind::PressClock,
            Event::OfferDraw { .. } => EventKind::OfferDraw,
            Event::AcceptDraw { .. } => EventKind::AcceptDraw,
            Event::DeclineDraw { .. } => EventKind::DeclineDraw,
            Event::Resign { .. } => EventKind::Resign,
            Event::Claim { .. } => EventKind::Claim,
            Event::Arbiter { .. } => EventKind::Arbiter,
            Event::Seal { .. } => EventKind::Seal,
            Event::Resume => EventKind::Resume,
            Event::Open { .. } => EventKind::Open,
            Event::Opened { .. } => EventKind::Opened,
            Event::Tick => EventKind::Tick,
            Event::Analysis { .. } => EventKind::Analysis,
            Event::Announce { .. } => EventKind::Announce,
            Event::Repeat { .. } => EventKind::Repeat,
            Event::Write { .. } => EventKind::Write,
            Event::AskScoresheet { .. } => EventKind::AskScoresheet,
            Event::CorrectAnnouncement { .. } => EventKind::CorrectAnnouncement,
        }
    }

    /// Exhaustive too: a new decision does not compile here until it has a tag above (a new claim
    /// needs its `ClaimKind`, which `Claim::kind` asks for).
    fn decision_tag(decision: &Decision) -> DecisionTag {
        match decision {
            Decision::Accept => DecisionTag::Accept,
            Decision::Reject => DecisionTag::Reject,
            Decision::Postpone => DecisionTag::Postpone,
            Decision::AddTime { .. } => DecisionTag::AddTime,
            Decision::SetClock { .. } => DecisionTag::SetClock,
            Decision::StopClock => DecisionTag::StopClock,
            Decision::StartClock => DecisionTag::StartClock,
            Decision::Restore { .. } => DecisionTag::Restore,
            Decision::EnvelopeLost => DecisionTag::EnvelopeLost,
            Decision::ResumptionClockError { .. } => DecisionTag::ResumptionClockError,
            Decision::SetupFault { .. } => DecisionTag::SetupFault,
            Decision::RecordResult { .. } => DecisionTag::RecordResult,
            Decision::TouchNotDeliberate { .. } => DecisionTag::TouchNotDeliberate,
            Decision::SetPosition { .. } => DecisionTag::SetPosition,
            Decision::Forfeit { .. } => DecisionTag::Forfeit,
        }
    }

    #[test]
    fn every_decision_and_claim_without_fields_reads_back() {
        let decisions = [
            Decision::Accept,
            Decision::Reject,
            Decision::Postpone,
            Decision::StopClock,
            Decision::StartClock,
            Decision::EnvelopeLost,
        ];
        for decision in decisions {
            let tag = decision_tag(&decision) as u8;
            let json = serde_json::to_string(&decision).unwrap();
            let back: Decision = serde_json::from_str(&json).unwrap();
            assert_eq!(decision_tag(&back) as u8, tag, "{json}");
        }
        let claims = [
            Claim::WinOnTime,
            Claim::IllegalMove,
            Claim::TouchMove,
            Claim::QuickplayFinish,
        ];
        for claim in claims {
            let tag = claim.kind() as u8;
            let json = serde_json::to_string(&claim).unwrap();
            let back: Claim = serde_json::from_str(&json).unwrap();
            assert_eq!(back.kind() as u8, tag, "{json}");
        }
    }

    #[test]
    fn every_event_reads_back_as_written() {
        let mut seen = std::collections::HashSet::new();
        for event in every_event() {
            seen.insert(tag_of(&event) as u8);
            let json = serde_json::to_string(&event).unwrap();
            let back: Event = serde_json::from_str(&json).unwrap();
            assert_eq!(back, event, "{json}");
        }
        // Every event but Seal (its envelope needs a passphrase run; laws_adjourn reads it back).
        assert_eq!(seen.len(), 23);
    }

    #[test]
    fn a_missing_field_is_named() {
        let err = serde_json::from_str::<Event>(r#"{"type":"press_clock"}"#).unwrap_err();
        assert!(err.to_string().contains("missing field `player`"), "{err}");
        let err = serde_json::from_str::<Event>(
            r#"{"type":"arbiter","decision":{"kind":"add_time","player":"white"}}"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("missing field `ms`"), "{err}");
    }

    #[test]
    fn fields_in_any_order_and_unknown_ones_ignored() {
        let event: Event =
            serde_json::from_str(r#"{"square":"e2","note":"x","type":"lift"}"#).unwrap();
        assert_eq!(event, Event::Lift { square: Square::E2 });
    }

    #[test]
    fn an_unknown_type_is_refused() {
        let err = serde_json::from_str::<Event>(r#"{"type":"castle"}"#).unwrap_err();
        assert!(
            err.to_string().contains("unknown variant `castle`"),
            "{err}"
        );
    }
}
