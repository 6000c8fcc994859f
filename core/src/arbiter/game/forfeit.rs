//! A game lost by forfeit, as the arbiter records it before its first move (2005 Art. 6.7 /
//! 2023 Art. 6.7.1): the absent player loses; both absent, both lose, and the game is over
//! without a result. What a forfeit gives and when it may be recorded is [`Forfeit`]'s.

use super::*;

impl Game {
    /// The arbiter records that `absent` (a player, or both) was not at the board when the
    /// default time was up. Refused once a move was made (the game was played), and for an
    /// adjourned game (its moves were made).
    pub(super) fn record_forfeit(&mut self, at: Timestamp, absent: Forfeit) -> Result<(), Refused> {
        if self.adjournment.sealed.is_some() {
            return Err(Refused::Adjourned);
        }
        // An illegal move left standing is a move made, as the position set before play counts it.
        let plies = self.score.moves.len() + usize::from(self.score.illegal_position.is_some());
        let law = absent.decide(self.edition(), plies).map_err(
            |ForfeitRefused::MovesMade { plies, law }| Refused::ForfeitAfterMoves { plies, law },
        )?;
        // Nobody played: whatever the turn, an offer or a claim held goes with the game.
        self.claims.pending = None;
        self.claims.open.clear();
        self.clear_turn();
        self.forfeit = Some(absent);
        match absent.result() {
            Some(result) => self.end(at, law, result, Reason::Default),
            None => {
                self.ended = Some((law, at));
                self.clock.stop(at);
                self.claims.offer = None;
                self.rule(
                    at,
                    law,
                    Verdict::Notice {
                        what: Noticed::BothLostByForfeit,
                    },
                );
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{named_game as game, take};
    use super::*;

    fn forfeit(game: &mut Game, ms: u64, absent: &str) -> Result<(), Refused> {
        take(
            game,
            ms,
            &format!(r#"{{"type":"arbiter","decision":{{"kind":"forfeit","absent":"{absent}"}}}}"#),
        )
    }

    /// 2005 Art. 6.7 / 2023 Art. 6.7.1: the absent player loses by forfeit, the game over by
    /// default in the edition's article, the clocks stopped; the log replays to the same game.
    #[test]
    fn art_6_7_1_the_absent_player_loses_by_forfeit() {
        for (edition, article) in [
            (Edition::Fide2005, "2005 Art. 6.7"),
            (Edition::Fide2023, "2023 Art. 6.7.1"),
        ] {
            let mut g = game(edition);
            take(&mut g, 0, r#"{"type":"start"}"#).unwrap();
            forfeit(&mut g, 60_000, "white").expect("no move yet");
            assert_eq!(g.result(), Some((GameResult::BlackWins, Reason::Default)));
            assert_eq!(g.forfeit(), Some(Forfeit::White));
            let ruling = g.rulings().last().expect("a ruling");
            assert_eq!(ruling.law.to_string(), article);
            let state = g.state(Timestamp(120_000));
            assert_eq!(state.running, None);
            assert_eq!(state.white.remaining, Millis(90 * 60_000 - 60_000));
            assert_eq!(g.to_pgn().lines().last(), Some("0-1"));
            let again = Game::replay(g.log()).expect("the log replays");
            assert_eq!((again.result(), again.forfeit()), (g.result(), g.forfeit()));
            // Over: no second result, no move.
            assert_eq!(forfeit(&mut g, 130_000, "black"), Err(Refused::GameOver));
            assert_eq!(
                take(&mut g, 130_000, r#"{"type":"move","move":"e2e4"}"#),
                Err(Refused::GameOver)
            );
        }
    }

    /// 2023 Art. 6.7.1: both absent, both lose: the game is over without a result (its PGN
    /// says `*`), nothing more is played, and the restore of its start (the arbiter's undo)
    /// reopens it, before the start too.
    #[test]
    fn art_6_7_1_both_absent_both_lose_and_the_forfeit_is_undone() {
        let mut g = game(Edition::Fide2023);
        forfeit(&mut g, 1_000, "both").expect("no move yet");
        assert!(g.is_over());
        assert_eq!((g.result(), g.forfeit()), (None, Some(Forfeit::Both)));
        assert!(matches!(
            g.rulings().last().map(|r| &r.verdict),
            Some(Verdict::Notice {
                what: Noticed::BothLostByForfeit
            })
        ));
        let state = g.state(Timestamp(2_000));
        assert_eq!((state.outcome, state.forfeit), (None, Some(Forfeit::Both)));
        assert_eq!(
            take(&mut g, 2_000, r#"{"type":"start"}"#),
            Err(Refused::GameOver)
        );
        assert!(g.to_pgn().trim_end().ends_with('*'));
        let again = Game::replay(g.log()).expect("the log replays");
        assert_eq!(again.forfeit(), Some(Forfeit::Both));
        // Undone: the game is as before, and starts.
        take(
            &mut g,
            3_000,
            r#"{"type":"arbiter","decision":{"kind":"restore","ply":0}}"#,
        )
        .expect("the forfeit undone");
        assert!(!g.is_over());
        assert_eq!((g.result(), g.forfeit()), (None, None));
        take(&mut g, 4_000, r#"{"type":"start"}"#).unwrap();
    }

    /// 2005 Art. 6.7 / 2023 Art. 6.7.1: after a move the game was played: the forfeit is
    /// refused naming the article, and the game goes on untouched.
    #[test]
    fn art_6_7_1_no_forfeit_after_a_move() {
        let mut g = game(Edition::Fide2023);
        take(&mut g, 0, r#"{"type":"start"}"#).unwrap();
        take(&mut g, 1_000, r#"{"type":"move","move":"e2e4"}"#).unwrap();
        take(&mut g, 1_100, r#"{"type":"press_clock","player":"white"}"#).unwrap();
        let logged = g.log().events().len();
        let refused = forfeit(&mut g, 2_000, "black").unwrap_err();
        assert_eq!(refused.kind(), "forfeit_after_moves");
        assert!(refused.to_string().contains("2023 Art. 6.7.1"), "{refused}");
        assert_eq!(g.log().events().len(), logged);
        assert!(!g.is_over());
    }
}
