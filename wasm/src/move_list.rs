//! The move list as the page shows it, kept from one state to the next.
//!
//! Every state the page draws carries the moves played, each in the notation language and in
//! the words it is heard in. Writing them all again for each state (a lift on a sensor board, a
//! clock's tick) made the cost of a state grow with the game; here each move is written once,
//! when it is completed, and the list is written again from the start only when it no longer
//! extends the moves written before (a takeback, a position restored, another language).
//!
//! `revision` names one line of lists, each extending the one before: the page holds the moves
//! of a revision and asks only for those it does not hold yet (`Table::stateSince`).

use std::sync::atomic::{AtomicU32, Ordering};

use arbiter_core::arbiter::Game;
use arbiter_core::notation::{Language, san, uci};
use arbiter_core::{Color, Move, Position};

use crate::view::{MoveView, color_name};
use crate::words::{self, SpokenForm};

/// The next revision handed out: unique across every table of the page, so the moves a page
/// holds from one game are never taken for another's.
static NEXT_REVISION: AtomicU32 = AtomicU32::new(1);

fn new_revision() -> u32 {
    NEXT_REVISION.fetch_add(1, Ordering::Relaxed)
}

/// The completed moves of one game, written for the page, and the position they reach.
#[derive(Clone, Debug)]
pub struct MoveList {
    start: Position,
    lang: Language,
    form: SpokenForm,
    /// The moves as the game's record holds them, to tell whether the game still begins so.
    played: Vec<Move>,
    /// The same moves as read in the positions they were played in (castling as the game plays it).
    read: Vec<Move>,
    views: Vec<MoveView>,
    /// The position after `read`.
    end: Position,
    revision: u32,
}

impl MoveList {
    /// An empty list of a game from `start`.
    pub fn new(start: Position, lang: Language, form: SpokenForm) -> MoveList {
        MoveList {
            end: start.clone(),
            start,
            lang,
            form,
            played: Vec::new(),
            read: Vec::new(),
            views: Vec::new(),
            revision: new_revision(),
        }
    }

    /// Brings the list up to `game`'s completed moves in `lang`, heard in `form`: the new moves
    /// written on, or the whole list again (a new revision) when the game no longer begins with
    /// the moves written before or the language or spoken form changed.
    pub fn update(&mut self, game: &Game, lang: Language, form: SpokenForm) {
        let moves = game.moves();
        // Comparing the moves costs a few nanoseconds each; writing one costs a move
        // generation, which is what is spared.
        let extends = lang == self.lang
            && form == self.form
            && self.played.len() <= moves.len()
            && self.played.iter().zip(moves).all(|(a, b)| *a == b.text);
        if !extends {
            *self = MoveList::new(self.start.clone(), lang, form);
        }
        for played in &moves[self.played.len()..] {
            if !self.push(played.text) {
                break;
            }
        }
    }

    /// Writes `recorded` (a move as the record holds it) after the moves written; false when it
    /// does not replay from the position they reach.
    pub fn push(&mut self, recorded: Move) -> bool {
        // The core only logs legal moves; should one not replay, the list stops there rather
        // than show moves from a position that never stood on the board.
        let Ok(mv) = uci::parse(&self.end, &recorded.to_string()) else {
            return false;
        };
        let view = self.view_of(mv);
        if self.end.play(mv).is_err() {
            return false;
        }
        self.played.push(recorded);
        self.read.push(mv);
        self.views.push(view);
        true
    }

    fn view_of(&self, mv: Move) -> MoveView {
        let pos = &self.end;
        MoveView {
            ply: self.first_ply() + self.views.len() as u32,
            number: pos.fullmove_number(),
            side: color_name(pos.side_to_move()),
            san: san::format(pos, mv, self.lang),
            uci: mv.to_string(),
            said: words::say_move(pos, mv, self.form),
        }
    }

    /// The ply number of the game's first move (1 for White's first move from the start).
    pub fn first_ply(&self) -> u32 {
        match self.start.side_to_move() {
            Color::White => (self.start.fullmove_number().max(1) - 1) * 2 + 1,
            Color::Black => self.start.fullmove_number().max(1) * 2,
        }
    }

    /// The moves written, oldest first.
    pub fn views(&self) -> &[MoveView] {
        &self.views
    }

    /// The moves as read in their positions, oldest first.
    pub fn moves(&self) -> &[Move] {
        &self.read
    }

    /// The game's start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position the moves reach.
    pub fn end(&self) -> &Position {
        &self.end
    }

    /// This line of lists: the same while each list extends the one before.
    pub fn revision(&self) -> u32 {
        self.revision
    }

    /// The first move the page does not hold yet, when it holds the first `count` moves of
    /// `revision`: `count`, or 0 (every move) when what it holds is no longer the beginning of
    /// this list.
    pub fn since(&self, revision: u32, count: u32) -> u32 {
        if revision == self.revision && count as usize <= self.views.len() {
            count
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::{Decision, Event, GameConfig, Stamped};
    use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
    use arbiter_core::laws::Edition;

    fn game() -> Game {
        let control = TimeControl::sudden_death(Millis::minutes(90), Timing::None);
        Game::new(GameConfig::new(Edition::Fide2005, control)).expect("setup")
    }

    fn handle(game: &mut Game, at: u64, event: Event) {
        game.handle(Stamped {
            at: Timestamp(at),
            event,
        })
        .expect("accepted");
    }

    /// Plays `ucis` as moves each completed by its press, from instant `at`.
    fn play(game: &mut Game, ucis: &[&str], mut at: u64) {
        for u in ucis {
            let player = game.board().side_to_move();
            handle(
                game,
                at,
                Event::Move {
                    mv: u.parse().expect("a move"),
                },
            );
            handle(game, at + 10, Event::PressClock { player });
            at += 100;
        }
    }

    fn sans(list: &MoveList) -> Vec<&str> {
        list.views().iter().map(|v| v.san.as_str()).collect()
    }

    fn english() -> (Language, SpokenForm) {
        (Language::English, SpokenForm::Language(Language::English))
    }

    #[test]
    fn new_moves_are_written_on_and_the_page_is_sent_only_those() {
        let (lang, form) = english();
        let mut g = game();
        handle(&mut g, 0, Event::Start);
        play(&mut g, &["e2e4", "e7e5"], 1_000);
        let mut list = MoveList::new(Position::startpos(), lang, form);
        list.update(&g, lang, form);
        let rev = list.revision();
        assert_eq!(sans(&list), ["e4", "e5"]);
        // A lift adds no move: the page holding both is sent none.
        handle(
            &mut g,
            2_000,
            Event::Lift {
                square: "g1".parse().expect("a square"),
            },
        );
        list.update(&g, lang, form);
        assert_eq!(list.revision(), rev);
        assert_eq!(list.since(rev, 2), 2);
        assert_eq!(list.views().len(), 2);
        play(&mut g, &["g1f3"], 3_000);
        list.update(&g, lang, form);
        assert_eq!(list.revision(), rev, "the list goes on");
        assert_eq!(list.since(rev, 2), 2);
        let new = &list.views()[2..];
        assert_eq!((new.len(), new[0].san.as_str()), (1, "Nf3"));
        assert_eq!((new[0].ply, new[0].number, new[0].side), (3, 2, "white"));
        // A page holding another revision, or more moves than there are, is sent them all.
        assert_eq!(list.since(rev + 1_000, 2), 0);
        assert_eq!(list.since(rev, 4), 0);
    }

    #[test]
    fn a_position_restored_or_another_language_writes_the_list_again_as_a_new_revision() {
        let (lang, form) = english();
        let mut g = game();
        handle(&mut g, 0, Event::Start);
        play(&mut g, &["e2e4", "e7e5", "g1f3"], 1_000);
        let mut list = MoveList::new(Position::startpos(), lang, form);
        list.update(&g, lang, form);
        let rev = list.revision();
        // 2005 Art. 7.4a: back to the position after the first two moves, then another move.
        handle(
            &mut g,
            5_000,
            Event::Arbiter {
                decision: Decision::Restore {
                    ply: 2,
                    cause: Default::default(),
                },
            },
        );
        play(&mut g, &["b1c3"], 6_000);
        list.update(&g, lang, form);
        assert_ne!(list.revision(), rev);
        assert_eq!(sans(&list), ["e4", "e5", "Nc3"]);
        assert_eq!(
            list.since(rev, 3),
            0,
            "the page's three moves are not this list's"
        );
        let rev = list.revision();
        list.update(&g, Language::German, form);
        assert_ne!(list.revision(), rev);
        assert_eq!(sans(&list), ["e4", "e5", "Sc3"]);
        assert_eq!(list.end(), g.board());
    }

    #[test]
    fn a_game_from_a_set_position_numbers_its_moves_as_the_score_does() {
        let (lang, form) = english();
        let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 23";
        let control = TimeControl::sudden_death(Millis::minutes(90), Timing::None);
        let mut config = GameConfig::new(Edition::Fide2005, control);
        config.fen = Some(start.into());
        let mut g = Game::new(config).expect("setup");
        handle(&mut g, 0, Event::Start);
        play(&mut g, &["g8f6", "g1f3"], 1_000);
        let mut list = MoveList::new(Position::from_fen(start).expect("a FEN"), lang, form);
        list.update(&g, lang, form);
        let numbered: Vec<_> = list
            .views()
            .iter()
            .map(|m| (m.ply, m.number, m.side))
            .collect();
        assert_eq!(numbered, [(46, 23, "black"), (47, 24, "white")]);
    }
}
