//! The position a game starts from, and the arbiter's setting of it before the first move: a
//! game resumed or played on from a position, or an initial position set up wrongly and put
//! right before play (2005 Art. 7.1a / 2023 Art. 7.2.1). Once a move has been made the
//! position is no longer set: the arbiter restores an earlier one (2005 Art. 7.5 / 2023
//! Art. 7.6), or cancels the game for a wrong initial position.

use super::*;

impl Score {
    /// The score of a game about to start from `fen` (the standard position when `None`).
    ///
    /// # Errors
    /// [`Refused::BadFen`] naming what is wrong with the FEN.
    pub(super) fn set_up(fen: Option<&str>) -> Result<Score, Refused> {
        let board = match fen {
            None => Position::default(),
            Some(fen) => Position::from_setup_fen(fen).map_err(|fault| Refused::BadFen {
                fault,
                fen: fen.to_owned(),
            })?,
        };
        // A set-up fault found too late leaves the game as it stands, without the castlings
        // its misplaced kings and rooks would make (2005 App. B4 / 2023 App. A.5.1).
        let setup_barred = if setup::is_faulty_initial_setup(&board) {
            [
                setup::barred(&board, Color::White),
                setup::barred(&board, Color::Black),
            ]
        } else {
            [Barred::default(); 2]
        };
        let board = setup::without_barred_castling(board);
        Ok(Score::new(board, setup_barred))
    }
}

impl Game {
    /// The arbiter sets the position the game starts from. Taken before the first move only
    /// (started or not): the clocks keep their times, a running clock goes on for the side the
    /// new position puts on move, and what the turn held (touches, a move made and not
    /// completed) is forgotten. The game's setup then names the position, so its PGN carries
    /// `SetUp` and `FEN`, and a new game for a wrong set-up found later starts from it.
    pub(super) fn set_position(&mut self, at: Timestamp, fen: &str) -> Result<(), Refused> {
        let edition = self.edition();
        if self.adjournment.sealed.is_some() {
            return Err(Refused::Adjourned);
        }
        let plies = self.score.moves.len();
        if plies > 0 || self.score.illegal_position.is_some() {
            return Err(Refused::MovesMade {
                plies,
                restore: rules::DISPLACED_PIECES_FOUND.law(edition),
                new_game: rules::WRONG_INITIAL_POSITION.law(edition),
            });
        }
        let fen = fen.trim();
        let mut score = Score::set_up(Some(fen))?;
        // An illegal move taken back before the first completed one still counts (2005
        // Art. 7.4b / 2023 Art. 7.5.5), as do the requests to see the scoresheet.
        score.illegal_counts = self.score.illegal_counts;
        score.scoresheet_requests = self.score.scoresheet_requests;
        let running = self.clock.running().is_some();
        self.clock.stop(at);
        self.score = score;
        self.clear_turn();
        let set = self.score.record.start().fen();
        // The standard position needs no `SetUp`: the setup says so by naming none.
        self.config.fen = (set != Position::default().fen()).then(|| fen.to_owned());
        if running {
            self.clock.start(self.on_move(), at);
        }
        self.rule(
            at,
            rules::WRONG_INITIAL_POSITION.law(edition),
            Verdict::PositionRestored {
                fen: set,
                obligation: Obligation::Free,
            },
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{named_game as game, take};
    use super::*;
    use crate::arbiter::event::GameResult;

    /// A resumed game's position: White to play his 41st move, both with castling gone.
    const RESUMED: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 3 40";

    fn set(game: &mut Game, ms: u64, fen: &str) -> Result<(), Refused> {
        game.handle(Stamped {
            at: Timestamp(ms),
            event: Event::Arbiter {
                decision: Decision::SetPosition { fen: fen.into() },
            },
        })
    }

    /// 2005 Art. 7.1a / 2023 Art. 7.2.1: before the first move the arbiter sets the position
    /// the game starts from; the ruling cites the article of the edition, the log replays to
    /// the same game, and the PGN says where it started.
    #[test]
    fn art_7_2_1_the_position_is_set_before_the_first_move_and_replays() {
        for (edition, article) in [
            (Edition::Fide2005, "2005 Art. 7.1a"),
            (Edition::Fide2023, "2023 Art. 7.2.1"),
        ] {
            let mut g = game(edition);
            set(&mut g, 1_000, RESUMED).expect("set before the start");
            assert_eq!(g.board().fen(), RESUMED);
            assert_eq!(g.side_on_move(), Color::Black);
            let ruling = g.rulings().last().expect("a ruling");
            assert_eq!(ruling.law.to_string(), article);
            assert!(
                matches!(&ruling.verdict, Verdict::PositionRestored { fen, .. } if fen == RESUMED)
            );
            // The game goes on from it: Black's 40th move.
            take(&mut g, 2_000, r#"{"type":"start"}"#).unwrap();
            take(&mut g, 3_000, r#"{"type":"move","move":"g8f8"}"#).unwrap();
            take(&mut g, 3_100, r#"{"type":"press_clock","player":"black"}"#).unwrap();
            let again = Game::replay(g.log()).expect("the log replays");
            assert_eq!(again.board().fen(), g.board().fen());
            assert_eq!(again.rulings(), g.rulings());
            let pgn = g.to_pgn();
            assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
            assert!(pgn.contains(&format!("[FEN \"{RESUMED}\"]")), "{pgn}");
            assert!(pgn.contains("40... Kf8"), "{pgn}");
        }
    }

    /// 2023 Art. 7.2.1: a game started before the pieces were put right is set right before
    /// the first move: White's clock, running, goes on for the side the position puts on move.
    #[test]
    fn art_7_2_1_set_after_the_start_keeps_the_clock_running_for_the_side_on_move() {
        let mut g = game(Edition::Fide2023);
        take(&mut g, 0, r#"{"type":"start"}"#).unwrap();
        set(&mut g, 10_000, RESUMED).expect("no move yet");
        let state = g.state(Timestamp(20_000));
        assert_eq!(state.running, Some(Color::Black));
        assert_eq!(state.white.remaining, Millis(90 * 60_000 - 10_000));
        assert_eq!(state.black.remaining, Millis(90 * 60_000 - 10_000));
        // Set back to the standard position: no `SetUp` in the PGN.
        set(&mut g, 30_000, &Position::default().fen()).unwrap();
        assert!(g.config().fen.is_none());
        assert!(!g.to_pgn().contains("SetUp"));
        assert_eq!(g.state(Timestamp(30_000)).running, Some(Color::White));
    }

    /// 2005 Art. 7.5 / 2023 Art. 7.6: once a move has been made the position is no longer
    /// set; the refusal names the restore (and the new game for a wrong initial position) in
    /// the game's edition, and the game is left as it was.
    #[test]
    fn art_7_6_after_a_move_the_refusal_names_the_restore_instead() {
        for (edition, restore, new_game) in [
            (Edition::Fide2005, "2005 Art. 7.5", "2005 Art. 7.1a"),
            (Edition::Fide2023, "2023 Art. 7.6", "2023 Art. 7.2.1"),
        ] {
            let mut g = game(edition);
            take(&mut g, 0, r#"{"type":"start"}"#).unwrap();
            take(&mut g, 1_000, r#"{"type":"move","move":"e2e4"}"#).unwrap();
            take(&mut g, 1_100, r#"{"type":"press_clock","player":"white"}"#).unwrap();
            let logged = g.log().events().len();
            let refused = set(&mut g, 2_000, RESUMED).unwrap_err();
            assert_eq!(refused.kind(), "moves_made");
            let Refused::MovesMade {
                plies,
                restore: r,
                new_game: n,
            } = &refused
            else {
                panic!("{refused:?}");
            };
            assert_eq!(
                (*plies, r.to_string(), n.to_string()),
                (1, restore.into(), new_game.into())
            );
            let said = refused.to_string();
            assert!(said.contains(restore) && said.contains("restore"), "{said}");
            assert_eq!(g.log().events().len(), logged);
            assert_eq!(g.moves().len(), 1);
        }
    }

    /// Art. 2, 3.9 (the FEN as a set-up is checked): a position no game can have is refused,
    /// saying what is wrong, and nothing changes.
    #[test]
    fn art_3_9_an_illegal_position_is_refused_saying_what_is_wrong() {
        let mut g = game(Edition::Fide2023);
        for (fen, says) in [
            ("4k3/8/8/8/8/8/8/8 w - - 0 1", "kings"),
            ("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "in check"),
            ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on a8"),
            ("not a position", "fields"),
        ] {
            let refused = set(&mut g, 0, fen).unwrap_err();
            assert_eq!(refused.kind(), "bad_fen", "{fen}");
            assert!(refused.to_string().contains(says), "{fen}: {refused}");
        }
        assert_eq!(g.board().fen(), Position::default().fen());
        assert!(g.log().events().is_empty());
    }

    /// 2005 Art. 7.4b / 2023 Art. 7.5.5: an illegal move taken back before the first completed
    /// move still counts after the position is set; a game over is not set again (Art. 5).
    #[test]
    fn art_7_5_5_an_illegal_move_before_still_counts_and_an_ended_game_is_not_set() {
        let mut g = game(Edition::Fide2023);
        g.score.illegal_counts = [1, 0];
        set(&mut g, 0, RESUMED).unwrap();
        assert_eq!(g.score.illegal_counts, [1, 0]);
        take(
            &mut g,
            1_000,
            r#"{"type":"arbiter","decision":{"kind":"record_result","result":"1/2-1/2"}}"#,
        )
        .unwrap();
        assert_eq!(g.result().map(|r| r.0), Some(GameResult::Draw));
        assert_eq!(set(&mut g, 2_000, RESUMED), Err(Refused::GameOver));
    }
}
