//! Completion of the game and draws (Art. 5, 9): rows E-01 to E-05, D-01 and D-03 to D-10.

use crate::common_laws;

use arbiter_core::Color;
use arbiter_core::arbiter::Rejection;
use arbiter_core::arbiter::{Claim, ClaimKind, Decision, Event, Reason, Refused, Verdict};
use arbiter_core::clock::{Millis, Timestamp};
use arbiter_core::laws::{Edition, Law};
use arbiter_core::touch::Obligation;
use common_laws::{Table, in_both_editions};

fn reason(t: &Table) -> Option<Reason> {
    t.game.result().map(|r| r.1)
}

fn e01_checkmate_ends_the_game(edition: Edition) {
    let mut t = Table::standard(edition);
    t.plays("f2f3 e7e5 g2g4 d8h4");
    assert_eq!(t.result().as_deref(), Some("0-1"));
    assert_eq!(reason(&t), Some(Reason::Checkmate));
    assert!(
        t.laws()
            .contains(&Law::of(edition, "Art. 5.1a", "Art. 5.1.1").to_string())
    );
    assert_eq!(
        t.send(Event::Move {
            mv: "e1f2".parse().unwrap()
        }),
        Err(arbiter_core::arbiter::Refused::GameOver)
    );
}

in_both_editions!(
    e01_checkmate_ends_the_game,
    e01_2005_checkmate_ends_the_game,
    e01_2023_checkmate_ends_the_game
);

#[test]
fn e02_2005_2023_resigning_against_a_bare_king_loses_in_2005_draws_in_2023() {
    let fen = "8/8/8/8/8/2k5/8/R3K3 w - - 0 1";
    for (edition, result) in [(Edition::Fide2023, "1/2-1/2"), (Edition::Fide2005, "0-1")] {
        let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
        t.ok(Event::Resign {
            player: Color::White,
        });
        assert_eq!(t.result().as_deref(), Some(result), "{edition}");
    }
}

fn e03_stalemate_draws(edition: Edition) {
    let mut t = Table::with(
        edition,
        90,
        30,
        Some("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1"),
        true,
        None,
    );
    t.play("f2f7");
    assert_eq!(reason(&t), Some(Reason::Stalemate));
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
}

in_both_editions!(
    e03_stalemate_draws,
    e03_2005_stalemate_draws,
    e03_2023_stalemate_draws
);

fn e04_dead_position_draws(edition: Edition) {
    for (fen, mv) in [
        ("8/8/4k3/8/8/3BK3/8/8 w - - 0 1", "e3f3"),
        ("4k3/8/8/5b2/8/3B4/8/4K3 w - - 0 1", "e1e2"),
    ] {
        let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
        t.play(mv);
        assert_eq!(reason(&t), Some(Reason::DeadPosition), "{fen}");
    }
}

in_both_editions!(
    e04_dead_position_draws,
    e04_2005_dead_position_draws,
    e04_2023_dead_position_draws
);

#[test]
fn e05_2005_2023_agreement_before_each_side_has_moved_only_in_2005() {
    for (edition, result) in [
        (Edition::Fide2023, None),
        (Edition::Fide2005, Some("1/2-1/2")),
    ] {
        let mut t = Table::standard(edition);
        t.ok(Event::Move {
            mv: "e2e4".parse().unwrap(),
        });
        t.offer_draw(Color::White);
        t.press();
        t.accept_draw(Color::Black);
        assert_eq!(t.result().as_deref(), result, "{edition}");
    }
}

/// Whether the game refuses `player`'s acceptance, as it must when no offer stands.
fn accepting_is_refused(t: &mut Table, player: Color) -> bool {
    t.send(Event::AcceptDraw { player }).is_err()
}

fn d01_offer_declined_by_touching_a_piece(edition: Edition) {
    let mut t = Table::standard(edition);
    t.ok(Event::Move {
        mv: "e2e4".parse().unwrap(),
    });
    t.offer_draw(Color::White);
    t.press();
    t.take();
    t.lift("e7");
    assert_eq!(
        t.verdicts(),
        vec![Verdict::DrawDeclined {
            player: Color::Black
        }]
    );
    assert!(accepting_is_refused(&mut t, Color::Black));
}

in_both_editions!(
    d01_offer_declined_by_touching_a_piece,
    d01_2005_offer_declined_by_touching_a_piece,
    d01_2023_offer_declined_by_touching_a_piece
);

/// 2005 Art. 12.6 / 2023 Art. 11.5: an unreasonable draw offer annoys the opponent. A player
/// who offered, declined or not, offers again only once he has moved again.
fn d11_a_repeated_offer_waits_for_the_offerers_next_move(edition: Edition) {
    let mut t = Table::standard(edition);
    t.ok(Event::Move {
        mv: "e2e4".parse().unwrap(),
    });
    t.offer_draw(Color::White);
    t.press();
    t.ok(Event::DeclineDraw {
        player: Color::Black,
    });
    // Declined: the same offer again at once is refused, and recorded nowhere.
    let events = t.game.log().events().len();
    assert_eq!(
        t.send(Event::OfferDraw {
            player: Color::White
        }),
        Err(Refused::RepeatedOffer("white")),
        "{edition}"
    );
    assert_eq!(t.game.log().events().len(), events, "nothing logged");
    // Black's move does not free White's next offer: White's own next move does, and an offer
    // made on his own time goes with the move he is making.
    t.ok(Event::Move {
        mv: "e7e5".parse().unwrap(),
    });
    t.press();
    t.offer_draw(Color::White);
    assert_eq!(
        t.send(Event::OfferDraw {
            player: Color::White
        }),
        Err(Refused::RepeatedOffer("white")),
        "an offer while the first still stands"
    );
    t.ok(Event::Move {
        mv: "g1f3".parse().unwrap(),
    });
    t.press();
    t.ok(Event::DeclineDraw {
        player: Color::Black,
    });
    assert_eq!(
        t.send(Event::OfferDraw {
            player: Color::White
        }),
        Err(Refused::RepeatedOffer("white")),
        "not moved since the move his offer went with"
    );
    // The opponent's own offer is his.
    t.offer_draw(Color::Black);
    assert_eq!(
        Refused::RepeatedOffer("white").id(),
        "table_repeated_offer",
        "worded by the page"
    );
}

in_both_editions!(
    d11_a_repeated_offer_waits_for_the_offerers_next_move,
    d11_2005_a_repeated_offer_waits_for_the_offerers_next_move,
    d11_2023_a_repeated_offer_waits_for_the_offerers_next_move
);

/// A log recorded before the rule (schema version 2) replays a repeated offer as it was taken.
#[test]
fn d11_a_version_2_log_replays_a_repeated_offer() {
    use arbiter_core::arbiter::{Game, GameConfig, LogRecord};
    let config = GameConfig::new(
        Edition::Fide2023,
        arbiter_core::clock::TimeControl::sudden_death(
            Millis::minutes(5),
            arbiter_core::clock::Timing::None,
        ),
    );
    let header = arbiter_core::arbiter::header_jsonl(&config).replace(
        &format!("\"version\":{}", arbiter_core::arbiter::VERSION),
        "\"version\":2",
    );
    let jsonl = format!(
        "{header}{}",
        [
            r#"{"at":0,"event":{"type":"start"}}"#,
            r#"{"at":1000,"event":{"type":"move","move":"e2e4"}}"#,
            r#"{"at":1500,"event":{"type":"offer_draw","player":"white"}}"#,
            r#"{"at":2000,"event":{"type":"press_clock","player":"white"}}"#,
            r#"{"at":2500,"event":{"type":"decline_draw","player":"black"}}"#,
            r#"{"at":3000,"event":{"type":"offer_draw","player":"white"}}"#,
        ]
        .map(|l| format!("{l}\n"))
        .concat()
    );
    let record = LogRecord::from_jsonl(&jsonl).expect("a version-2 log reads");
    assert_eq!(record.version, 2);
    assert!(Game::replay(&record.to_event_log()).is_ok());
}

const KNIGHTS: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn d03_2005_threefold_claim_with_intended_move() {
    let mut t = Table::standard(Edition::Fide2005);
    t.plays(KNIGHTS);
    t.plays("g1f3 g8f6 f3g1");
    t.claim(
        Color::Black,
        Claim::Repetition {
            intended: Some("f6g8".parse().unwrap()),
        },
    );
    // The arbiter present upholds it (2005 Art. 9.5a).
    t.decide(Decision::Accept);
    assert_eq!(reason(&t), Some(Reason::Repetition));
    assert!(t.laws().contains(&"2005 Art. 9.2".to_string()));
    t.replays();
}

#[test]
fn d03_2023_castling_rights_make_positions_differ() {
    let mut t = Table::standard(Edition::Fide2023);
    t.plays("e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1");
    t.claim(
        Color::Black,
        Claim::Repetition {
            intended: Some("e7e8".parse().unwrap()),
        },
    );
    assert_eq!(t.result(), None, "only the second occurrence");
}

#[test]
fn d04_2005_fifty_moves_with_intended_move() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let mut t = Table::with(Edition::Fide2005, 90, 30, Some(fen), true, None);
    t.claim(Color::White, Claim::FiftyMoves { intended: None });
    // The arbiter present rejects it and upholds the next (2005 Art. 9.5).
    t.decide(Decision::Reject);
    assert_eq!(t.result(), None, "99 half-moves are not yet fifty moves");
    t.claim(
        Color::White,
        Claim::FiftyMoves {
            intended: Some("a1a2".parse().unwrap()),
        },
    );
    t.decide(Decision::Accept);
    assert_eq!(reason(&t), Some(Reason::FiftyMoves));
}

#[test]
fn d04_2023_fifty_moves_with_intended_move() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let mut t = Table::with(Edition::Fide2023, 90, 30, Some(fen), true, None);
    t.claim(
        Color::White,
        Claim::FiftyMoves {
            intended: Some("a1a2".parse().unwrap()),
        },
    );
    t.decide(Decision::Accept);
    assert_eq!(reason(&t), Some(Reason::FiftyMoves));
}

fn d05_touching_a_piece_forfeits_the_claim(edition: Edition) {
    let mut t = Table::standard(edition);
    t.plays(KNIGHTS);
    t.plays("g1f3 g8f6 f3g1 f6g8");
    t.take();
    t.lift("b1");
    t.claim(Color::White, Claim::Repetition { intended: None });
    let rulings = t.take();
    assert!(
        matches!(rulings[..], [ref r] if r.verdict == Verdict::ClaimRejected {
        player: Color::White, claim: ClaimKind::Repetition, because: Rejection::TouchedAPiece })
    );
    assert_eq!(rulings[0].law, Law::new(edition, "Art. 9.4"));
    assert_eq!(t.result(), None);
}

in_both_editions!(
    d05_touching_a_piece_forfeits_the_claim,
    d05_2005_touching_a_piece_forfeits_the_claim,
    d05_2023_touching_a_piece_forfeits_the_claim
);

#[test]
fn d06_2005_wrong_claim_gives_three_minutes_and_the_move_must_be_played() {
    check_wrong_claim(Edition::Fide2005, Millis::minutes(3), "2005 Art. 9.5");
}

#[test]
fn d06_2023_wrong_claim_gives_two_minutes_and_the_move_must_be_played() {
    check_wrong_claim(Edition::Fide2023, Millis::minutes(2), "2023 Art. 9.5.3");
}

#[test]
fn d06_2023_blitz_wrong_claim_one_minute_unsupervised_two_supervised() {
    for (arbiter, bonus, article) in [
        (false, Millis::minutes(1), "2023 App. B.3"),
        (true, Millis::minutes(2), "2023 Art. 9.5.3"),
    ] {
        let mut t = Table::with(Edition::Fide2023, 5, 3, None, arbiter, None);
        t.plays("e2e4 e7e5");
        t.claim(Color::White, Claim::Repetition { intended: None });
        if arbiter {
            t.decide(Decision::Reject);
        }
        let added: Vec<(String, Verdict)> = t
            .take()
            .into_iter()
            .filter(|r| matches!(r.verdict, Verdict::TimeAdded { .. }))
            .map(|r| (r.law.to_string(), r.verdict))
            .collect();
        let expected = Verdict::TimeAdded {
            player: Color::Black,
            ms: bonus,
        };
        assert_eq!(
            added,
            [(article.to_string(), expected)],
            "arbiter: {arbiter}"
        );
    }
}

fn check_wrong_claim(edition: Edition, bonus: Millis, article: &str) {
    let mut t = Table::standard(edition);
    t.plays("e2e4 e7e5");
    let black = t.remaining(Color::Black);
    t.claim(
        Color::White,
        Claim::Repetition {
            intended: Some("g1f3".parse().unwrap()),
        },
    );
    t.decide(Decision::Reject);
    let rulings = t.take();
    assert!(rulings.iter().any(|r| r.law.to_string() == article
        && r.verdict
            == Verdict::TimeAdded {
                player: Color::Black,
                ms: bonus
            }));
    assert_eq!(t.remaining(Color::Black), black + bonus.0);
    assert_eq!(
        t.game.obligation(),
        Obligation::Complete {
            mv: "g1f3".parse().unwrap()
        }
    );
    t.play("d2d4");
    assert!(
        t.verdicts()
            .iter()
            .any(|v| matches!(v, Verdict::MustMove { .. }))
    );
    t.play("g1f3");
    assert_eq!(t.game.moves().len(), 3);
}

#[test]
fn d07_2023_fivefold_repetition_draws_without_claim() {
    let mut t = Table::standard(Edition::Fide2023);
    for _ in 0..4 {
        t.plays(KNIGHTS);
    }
    assert_eq!(reason(&t), Some(Reason::FivefoldRepetition));
    assert!(t.laws().contains(&"2023 Art. 9.6.1".to_string()));
}

#[test]
fn d07_2005_no_automatic_fivefold() {
    let mut t = Table::standard(Edition::Fide2005);
    for _ in 0..4 {
        t.plays(KNIGHTS);
    }
    assert_eq!(t.result(), None);
}

#[test]
fn d08_2023_seventy_five_moves_draws_without_claim() {
    seventy_five_moves(Edition::Fide2023);
}

#[test]
fn d08_2005_no_draw_without_a_claim_after_seventy_five_moves() {
    // 9.6.2 came in 2014: a 2005 game goes on, and the fifty-move claim stays open.
    seventy_five_moves(Edition::Fide2005);
}

fn seventy_five_moves(edition: Edition) {
    // FEN half-move counters stop at 100 in our move generator, so play the other 50:
    // quiet moves chosen so that no position repeats (no fivefold draw on the way).
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 100 100";
    let mut t = Table::with(edition, 90, 30, Some(fen), true, None);
    let mut seen = vec![t.game.board().clone()];
    for i in 0..50 {
        assert_eq!(t.result(), None, "after {i} more half-moves");
        let board = t.game.board().clone();
        let fresh = arbiter_core::touch::legal_moves(&board)
            .into_iter()
            .find(|&mv| {
                let after = board.after(mv).expect("a legal move");
                arbiter_core::touch::captured_square(&board, mv).is_none()
                    && !arbiter_core::touch::legal_moves(&after).is_empty()
                    && !seen.iter().any(|b| b.same_position(&after))
            });
        let mv = fresh.expect("a fresh quiet move");
        let text = mv.to_string();
        t.play(&text);
        seen.push(t.game.board().clone());
    }
    match edition {
        Edition::Fide2023 => assert_eq!(reason(&t), Some(Reason::SeventyFiveMoves)),
        Edition::Fide2005 => {
            assert_eq!(t.result(), None);
            t.claim(t.side(), Claim::FiftyMoves { intended: None });
            t.decide(Decision::Accept);
            assert_eq!(reason(&t), Some(Reason::FiftyMoves));
        }
    }
}

#[test]
fn d06_2005_correct_claim_open_kind() {
    // A claim names its kind in the ruling, for the UI.
    let mut t = Table::standard(Edition::Fide2005);
    t.claim(Color::White, Claim::FiftyMoves { intended: None });
    t.decide(Decision::Reject);
    assert!(t.verdicts().contains(&Verdict::ClaimRejected {
        player: Color::White,
        claim: ClaimKind::FiftyMoves,
        because: Rejection::NotEstablished
    }));
}

/// A game of an event whose rules forbid agreeing a draw before move 30 (2023 Art. 9.1.1).
fn event_bans_offers_before_move_thirty(edition: Edition, fen: Option<&str>) -> Table {
    let mut c = common_laws::config(edition, 90, 30);
    c.no_draw_before_move = Some(30);
    c.fen = fen.map(str::to_string);
    Table::new(c)
}

/// White offers a draw on move 2 of such an event.
fn white_offers_early_under_the_ban(edition: Edition) -> Table {
    let mut t = event_bans_offers_before_move_thirty(edition, None);
    t.plays("e2e4 e7e5");
    t.offer_draw(Color::White);
    t
}

#[test]
fn d02_2023_event_forbids_offers_before_move_thirty() {
    let mut t = white_offers_early_under_the_ban(Edition::Fide2023);
    assert_eq!(
        t.verdicts(),
        vec![Verdict::DrawRefused {
            player: Color::White
        }]
    );
    assert!(
        accepting_is_refused(&mut t, Color::Black),
        "no offer stands"
    );
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 30";
    let mut t = event_bans_offers_before_move_thirty(Edition::Fide2023, Some(fen));
    t.offer_draw(Color::White);
    assert_eq!(
        t.verdicts(),
        vec![Verdict::DrawOffered {
            player: Color::White
        }]
    );
}

#[test]
fn d09_2005_wrong_claim_stands_as_draw_offer_opponent_accepts() {
    let mut t = Table::standard(Edition::Fide2005);
    t.plays("e2e4 e7e5");
    t.claim(Color::White, Claim::Repetition { intended: None });
    t.decide(Decision::Reject);
    let rulings = t.take();
    assert_eq!(rulings[0].law.to_string(), "2005 Art. 9.1c");
    assert_eq!(
        rulings[0].verdict,
        Verdict::DrawOffered {
            player: Color::White
        }
    );
    assert!(
        rulings
            .iter()
            .any(|r| matches!(r.verdict, Verdict::ClaimRejected { .. }))
    );
    t.accept_draw(Color::Black);
    assert_eq!(t.result().as_deref(), Some("1/2-1/2"));
    assert_eq!(reason(&t), Some(Reason::Agreement));
    t.replays();
}

#[test]
fn d09_2023_claim_offer_declined_by_playing_on() {
    let mut t = Table::standard(Edition::Fide2023);
    t.plays("g1f3 g8f6");
    t.claim(
        Color::White,
        Claim::FiftyMoves {
            intended: Some("f3g1".parse().unwrap()),
        },
    );
    t.decide(Decision::Reject);
    assert!(t.laws().contains(&"2023 Art. 9.1.2.3".to_string()));
    assert_eq!(
        t.game.state(Timestamp(t.now)).draw_offer,
        Some(Color::White)
    );
    t.take();
    t.play("f3g1");
    // Black moves on instead of accepting: the offer lapses.
    t.play("f6g8");
    assert_eq!(t.game.state(Timestamp(t.now)).draw_offer, None);
    assert!(t.result().is_none());
}

fn evidence(t: &mut Table) -> Vec<(String, ClaimKind, Vec<usize>)> {
    t.take()
        .into_iter()
        .filter_map(|r| match r.verdict {
            Verdict::DrawEvidence { claim, plies } => Some((r.law.to_string(), claim, plies)),
            _ => None,
        })
        .collect()
}

#[test]
fn d10_2023_upheld_repetition_claim_names_the_plies_for_the_arbiter() {
    let mut t = Table::standard(Edition::Fide2023);
    t.plays("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    t.take();
    t.claim(
        Color::Black,
        Claim::Repetition {
            intended: Some("f6g8".parse().unwrap()),
        },
    );
    assert_eq!(
        evidence(&mut t),
        [(
            "2023 Art. 11.12".to_string(),
            ClaimKind::Repetition,
            vec![0, 4, 8]
        )]
    );
    t.decide(Decision::Accept);
    assert_eq!(reason(&t), Some(Reason::Repetition));
}

#[test]
fn d10_2005_upheld_fifty_move_claim_names_the_quiet_run() {
    // 49 quiet moves each behind, White's intended move completes the fifty.
    let fen = "8/8/4k3/8/8/4K3/8/R7 w - - 99 80";
    let mut t = Table::with(Edition::Fide2005, 90, 30, Some(fen), true, None);
    t.take();
    t.claim(
        Color::White,
        Claim::FiftyMoves {
            intended: Some("a1a2".parse().unwrap()),
        },
    );
    assert_eq!(
        evidence(&mut t),
        [(
            "2005 Art. 9.3".to_string(),
            ClaimKind::FiftyMoves,
            vec![0, 1]
        )]
    );
    t.decide(Decision::Accept);
    assert_eq!(reason(&t), Some(Reason::FiftyMoves));
}

#[test]
fn d10_2023_rejected_claim_gives_no_evidence() {
    let mut t = Table::standard(Edition::Fide2023);
    t.plays("g1f3 g8f6 f3g1 f6g8");
    t.take();
    t.claim(Color::White, Claim::Repetition { intended: None });
    assert!(evidence(&mut t).is_empty());
    assert!(t.result().is_none());
}

#[test]
fn d09_2005_quickplay_claim_is_an_offer_the_opponent_may_accept() {
    // 2005 Art. 9.1c names 9.2, 9.3 and 10.2: the quickplay claim is an offer too.
    let mut t = common_laws::quickplay(Edition::Fide2005, 60, true);
    t.wait(59 * 60_000);
    t.claim(Color::White, Claim::QuickplayFinish);
    let rulings = t.take();
    assert_eq!(rulings[0].law.to_string(), "2005 Art. 9.1c");
    assert_eq!(
        rulings[0].verdict,
        Verdict::DrawOffered {
            player: Color::White
        }
    );
    t.accept_draw(Color::Black);
    assert_eq!(reason(&t), Some(Reason::Agreement));
    assert_eq!(t.game.state(Timestamp(t.now)).pending_claim, None);
    t.replays();
}

#[test]
fn d09_2023_quickplay_claim_is_no_offer() {
    // 2023 Art. 9.1.2.3 names 9.2 and 9.3 only; Guidelines III.5 makes no offer of the claim.
    let mut t = common_laws::quickplay(Edition::Fide2023, 60, true);
    t.wait(59 * 60_000);
    t.claim(Color::White, Claim::QuickplayFinish);
    assert!(
        !t.verdicts()
            .iter()
            .any(|v| matches!(v, Verdict::DrawOffered { .. }))
    );
    assert!(accepting_is_refused(&mut t, Color::Black));
}

#[test]
fn d02_2005_no_event_ban_on_early_offers() {
    // Events may forbid early agreements only from 2009 (9.1a); the 2005 game ignores it.
    let mut t = white_offers_early_under_the_ban(Edition::Fide2005);
    assert_eq!(
        t.verdicts(),
        vec![Verdict::DrawOffered {
            player: Color::White
        }]
    );
    t.accept_draw(Color::Black);
    assert_eq!(reason(&t), Some(Reason::Agreement));
}
