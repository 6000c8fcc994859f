//! The envelope under attack (issue: trust): a wrong passphrase is refused and changes
//! nothing, not even the absent replier's clock (2005 App. A9b starts it only for the arbiter
//! who truly opens).

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::{Event, Refused};
use arbiter_core::laws::{Edition, adjourn};
use common_laws::{Table, config};

const PASS: &str = "correct horse battery staple";

#[test]
fn a9b_a_wrong_passphrase_is_refused_and_starts_no_clock() {
    let mut t = Table::new(config(Edition::Fide2005, 90, 0));
    t.plays("e2e4 e7e5");
    let envelope = adjourn::seal(
        "g1f3",
        PASS,
        b"fixed salt 16 by",
        [3; 12],
        adjourn::MIN_ITERATIONS,
    )
    .expect("sealed");
    t.ok(Event::Seal {
        player: Color::White,
        envelope,
    });
    t.ok(Event::Arrive {
        player: Color::White,
    });
    t.ok(Event::Resume);
    t.take();
    let logged = t.game.log().events().len();
    let black = t.remaining(Color::Black);
    assert_eq!(
        t.send(Event::Open {
            passphrase: "1984".into()
        }),
        Err(Refused::Envelope(adjourn::EnvelopeError::WrongPassphrase))
    );
    assert_eq!(t.game.log().events().len(), logged, "nothing logged");
    assert!(t.game.clock().running().is_none(), "no clock started");
    t.wait(60_000);
    assert_eq!(t.remaining(Color::Black), black);
    // The right passphrase with the replier absent starts his clock (A9b), as before.
    t.ok(Event::Open {
        passphrase: PASS.into(),
    });
    assert_eq!(t.game.clock().running().map(|(c, _)| c), Some(Color::Black));
}

#[test]
fn a7_the_public_view_holds_no_envelope_nor_passphrase_and_replays_to_the_same_game() {
    use arbiter_core::arbiter::public::public_events;
    use arbiter_core::arbiter::{Game, Stamped};
    let mut c = config(Edition::Fide2005, 90, 0);
    c.default_time = Some(arbiter_core::clock::Millis::minutes(60));
    let mut t = Table::new(c.clone());
    t.plays("e2e4 e7e5");
    let envelope = adjourn::seal(
        "g1f3",
        PASS,
        b"fixed salt 16 by",
        [3; 12],
        adjourn::MIN_ITERATIONS,
    )
    .expect("sealed");
    let ciphertext = envelope.ciphertext.clone();
    t.ok(Event::Seal {
        player: Color::White,
        envelope,
    });
    t.ok(Event::Arrive {
        player: Color::White,
    });
    t.ok(Event::Resume);
    // A9b: the replier is absent: the opening starts his clock, the envelope stays shut.
    t.ok(Event::Open {
        passphrase: PASS.into(),
    });
    t.wait(60_000);
    t.ok(Event::Arrive {
        player: Color::Black,
    });
    t.ok(Event::Open {
        passphrase: PASS.into(),
    });
    let events: Vec<Stamped<Event>> = t.game.log().events().to_vec();
    let public = public_events(c.clone(), t.game.log().version(), &events).expect("view");
    let text = serde_json::to_string(&public).expect("json");
    assert!(!text.contains(PASS), "{text}");
    assert!(!text.contains(&ciphertext), "{text}");
    let opened: Vec<&Event> = public
        .iter()
        .map(|e| &e.event)
        .filter(|e| matches!(e, Event::Opened { .. }))
        .collect();
    assert_eq!(
        opened,
        [
            &Event::Opened { text: None },
            &Event::Opened {
                text: Some("g1f3".into())
            }
        ],
        "the move is told only when the envelope is opened"
    );
    // Replayed, the public view is the same game: the sealed move made, the same clocks.
    let mut again = Game::new(c).expect("game");
    for e in public {
        again.handle(e).expect("taken");
    }
    let at = arbiter_core::clock::Timestamp(t.now);
    assert_eq!(again.board().to_string(), t.game.board().to_string());
    assert_eq!(
        serde_json::to_value(again.state(at)).expect("state"),
        serde_json::to_value(t.game.state(at)).expect("state")
    );
    // The public form opens nothing of a game that holds the envelope itself.
    let mut real = Table::new(config(Edition::Fide2005, 90, 0));
    real.plays("e2e4 e7e5");
    real.ok(Event::Seal {
        player: Color::White,
        envelope: adjourn::seal(
            "g1f3",
            PASS,
            b"fixed salt 16 by",
            [3; 12],
            adjourn::MIN_ITERATIONS,
        )
        .expect("sealed"),
    });
    assert!(
        real.send(Event::Opened {
            text: Some("d2d4".into())
        })
        .is_err()
    );
}

#[test]
fn the_arbiter_undoes_a_result_entered_by_mistake_and_a_restore_reopens_play() {
    use arbiter_core::arbiter::{Decision, GameResult};
    let mut t = Table::new(config(Edition::Fide2005, 90, 0));
    t.plays("e2e4 e7e5 g1f3");
    t.decide(Decision::RecordResult {
        result: GameResult::BlackWins,
    });
    assert_eq!(t.result().as_deref(), Some("0-1"));
    // Nothing but a restore after the end.
    assert_eq!(
        t.send(Event::Arbiter {
            decision: Decision::SetClock {
                white: arbiter_core::clock::Millis(1),
                black: arbiter_core::clock::Millis(1),
            }
        }),
        Err(Refused::GameOver)
    );
    // A restore takes the game back to play, the clocks stopped until the arbiter starts them.
    t.decide(Decision::Restore {
        ply: 3,
        cause: arbiter_core::arbiter::RestoreCause::Arbiter,
    });
    assert_eq!(t.result(), None);
    assert!(t.game.clock().running().is_none());
    // Then the right result, had the game ended; here play goes on.
    let mut wrong = t.game.clone();
    wrong
        .handle(arbiter_core::arbiter::Stamped {
            at: arbiter_core::clock::Timestamp(t.now),
            event: Event::Arbiter {
                decision: Decision::RecordResult {
                    result: GameResult::Draw,
                },
            },
        })
        .expect("a result after the restore");
    assert_eq!(wrong.result().map(|(r, _)| r), Some(GameResult::Draw));
    t.decide(Decision::StartClock);
    t.play("b8c6");
    assert_eq!(t.game.moves().len(), 4);
    // Replayed, the same game.
    let again = arbiter_core::arbiter::Game::replay(t.game.log()).expect("replayed");
    assert_eq!(again.board().to_string(), t.game.board().to_string());
}
