//! Questions a shell asks of the game so that it never keeps a copy of it: who is on move,
//! which completed moves a sensor board can follow by legal play, who made a half-move, and
//! whether an event would change anything at all.

use super::*;

impl Game {
    /// Whether the game has started and is not over.
    pub fn in_play(&self) -> bool {
        self.started.is_some() && !self.is_over()
    }

    /// The side on move, with the pieces as they stand (after an unclaimed illegal move that
    /// left a position no legal play reaches too, 2023 App. A.5.4).
    pub fn side_on_move(&self) -> Color {
        self.on_move()
    }

    /// The completed moves a board can follow by legal play, and the position they start
    /// from: the game's start, or the position after the last illegal move left standing
    /// (rapid and blitz until claimed, 2005 App. B3-C3 / 2023 App. A.4.2), which no legal
    /// move list from the start can reach.
    pub fn playable_score(&self) -> (&Position, &[Move]) {
        self.score_from(self.playable_start(None))
    }

    /// Where [`Self::playable_score`] starts, as a half-move index. `known` is an earlier
    /// answer, `(plies then, start then)`, for a game that has only gone on since (no position
    /// restored): then only the moves after it are looked at, so a shell that follows a long
    /// game asks in constant time per move.
    pub fn playable_start(&self, known: Option<(usize, usize)>) -> usize {
        let positions = self.score.record.positions();
        let moves = self.score.record.moves();
        let (checked, from) = match known {
            Some((plies, from)) if plies <= moves.len() && from <= plies => (plies, from),
            _ => (0, 0),
        };
        // The record keeps one position more than moves; a move is the board's own unless it
        // was not legal where it was played.
        (checked..moves.len())
            .rev()
            .find(|&i| !positions[i].is_legal(moves[i]))
            .map_or(from, |i| i + 1)
    }

    /// The completed moves from half-move `from` on, and the position they start from (the
    /// last position when `from` is past the end).
    pub fn score_from(&self, from: usize) -> (&Position, &[Move]) {
        let positions = self.score.record.positions();
        let moves = self.score.record.moves();
        let from = from.min(moves.len());
        (&positions[from], &moves[from..])
    }

    /// The position after `ply` completed half-moves (0: the start), as the record keeps it.
    pub fn position_after(&self, ply: usize) -> Option<&Position> {
        self.score.record.positions().get(ply)
    }

    /// Who made the half-move at `index` (from 0) of [`Self::playable_score`].
    pub fn mover_of_playable(&self, index: usize) -> Color {
        let first = self.playable_score().0.side_to_move();
        if index.is_multiple_of(2) {
            first
        } else {
            !first
        }
    }

    /// The two boards of a game with a visually impaired player, each as it showed itself once
    /// settled, compared with the game's moves (2005 App. F2.7-F2.8 / 2023 App. D.2.9): see
    /// [`blind::compare_views`]. `None` without a visually impaired player, or while nothing
    /// can differ yet.
    ///
    /// # Errors
    /// [`blind::ReconcileError`] when a board's placement cannot be read.
    pub fn compare_boards(
        &self,
        sighted: &blind::BoardView,
        impaired: &blind::BoardView,
    ) -> Result<Option<blind::Comparison>, blind::ReconcileError> {
        let Some(player) = self.config.visually_impaired.first().map(|i| i.player) else {
            return Ok(None);
        };
        let (start, record) = self.playable_score();
        let (initial, after) = self.clock_readings();
        // The clocks go with the moves only when these start at the game's start.
        let clocks = (record.len() == after.len()).then_some((initial, after.as_slice()));
        blind::compare_views(
            self.edition(),
            blind::OnRecord {
                start,
                record,
                impaired: player,
                clocks,
            },
            sighted,
            impaired,
        )
    }

    /// Whether `event` would change nothing in the game: a second `arrive` of a player already
    /// present in this session, the same `write` as the player's last, a draw offer while his
    /// own offer stands. A shell answers such an event without handing it over, so a page
    /// sending it again and again fills no log.
    pub fn changes_nothing(&self, event: &Event) -> bool {
        let events = self.log.events();
        // This session's events: an adjourned game's resumption asks for arrivals again.
        let session = events
            .iter()
            .rposition(|e| e.event == Event::Resume)
            .map_or(events, |i| &events[i + 1..]);
        match event {
            Event::Arrive { player } => {
                self.deadlines.present[*player as usize]
                    && session.iter().any(|e| &e.event == event)
            }
            Event::Write { player, .. } => session
                .iter()
                .rev()
                .find(|e| matches!(&e.event, Event::Write { player: p, .. } if p == player))
                .is_some_and(|e| &e.event == event),
            Event::OfferDraw { player } => !self.is_over() && self.claims.offer == Some(*player),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::take as at;
    use super::*;
    use crate::clock::TimeControl;
    use crate::clock::Timing;

    fn game(edition: Edition) -> Game {
        let control = TimeControl::sudden_death(Millis::minutes(5), Timing::None);
        Game::new(GameConfig::new(edition, control)).expect("setup")
    }

    #[test]
    fn a_second_arrival_the_same_write_and_a_standing_offer_change_nothing() {
        let mut g = game(Edition::Fide2023);
        let arrive = serde_json::from_str(r#"{"type":"arrive","player":"white"}"#).unwrap();
        assert!(!g.changes_nothing(&arrive));
        at(&mut g, 0, r#"{"type":"arrive","player":"white"}"#).unwrap();
        assert!(g.changes_nothing(&arrive));
        at(&mut g, 0, r#"{"type":"start"}"#).unwrap();
        at(&mut g, 10, r#"{"type":"move","move":"e2e4"}"#).unwrap();
        let offer = serde_json::from_str(r#"{"type":"offer_draw","player":"white"}"#).unwrap();
        assert!(!g.changes_nothing(&offer));
        at(&mut g, 20, r#"{"type":"offer_draw","player":"white"}"#).unwrap();
        assert!(g.changes_nothing(&offer), "his offer stands");
        at(&mut g, 30, r#"{"type":"press_clock","player":"white"}"#).unwrap();
        let write =
            serde_json::from_str(r#"{"type":"write","player":"white","move":"e2e4"}"#).unwrap();
        assert!(!g.changes_nothing(&write));
        at(
            &mut g,
            40,
            r#"{"type":"write","player":"white","move":"e2e4"}"#,
        )
        .unwrap();
        assert!(g.changes_nothing(&write));
        assert_eq!(g.side_on_move(), Color::Black);
        assert_eq!(g.position_after(1), Some(g.board()));
        assert_eq!(g.position_after(0), Some(&Position::startpos()));
        assert_eq!(g.position_after(2), None);
        assert!(g.in_play());
        at(&mut g, 50, r#"{"type":"resign","player":"black"}"#).unwrap();
        assert!(!g.in_play());
    }

    #[test]
    fn an_illegal_move_left_standing_starts_the_playable_score_afresh() {
        // 2005 blitz: the illegal move stands until the opponent claims (App. C3).
        let mut g = game(Edition::Fide2005);
        at(&mut g, 0, r#"{"type":"start"}"#).unwrap();
        at(&mut g, 10, r#"{"type":"move","move":"e2e4"}"#).unwrap();
        at(&mut g, 20, r#"{"type":"press_clock","player":"white"}"#).unwrap();
        assert_eq!(g.playable_score().1.len(), 1);
        assert_eq!(g.mover_of_playable(0), Color::White);
        assert_eq!(g.playable_score().0, &Position::startpos());
        at(&mut g, 30, r#"{"type":"move","move":"g8g6"}"#).unwrap();
        at(&mut g, 40, r#"{"type":"press_clock","player":"black"}"#).unwrap();
        assert_eq!(g.moves().len(), 2, "the illegal move stands, unclaimed");
        let (base, moves) = g.playable_score();
        assert!(moves.is_empty(), "no legal play from the start reaches it");
        assert_eq!(base, g.board());
        assert_eq!(g.side_on_move(), Color::White);
        at(&mut g, 50, r#"{"type":"move","move":"d2d4"}"#).unwrap();
        at(&mut g, 60, r#"{"type":"press_clock","player":"white"}"#).unwrap();
        let (_, moves) = g.playable_score();
        assert_eq!(moves.len(), 1, "the moves after it are the board's again");
        assert_eq!(g.mover_of_playable(0), Color::White);
        // Asked again from the answer after the first move, only the moves since are looked at.
        assert_eq!(g.playable_start(Some((1, 0))), 2);
        assert_eq!(g.playable_start(Some((2, 2))), 2);
        assert_eq!(g.playable_start(None), 2);
        assert_eq!(g.score_from(9).1.len(), 0);
    }
}
