//! The game record: every position since the start, and what the Laws conclude from it.
//!
//! Two kinds of conclusions are kept apart, as the Laws keep them apart:
//! - **endings** that happen by themselves ([`GameRecord::automatic_ending`]): checkmate
//!   (2005 Art. 5.1a; 2023 Art. 5.1.1), stalemate (5.2a; 5.2.1), a dead position (5.2b; 5.2.2)
//!   and, in the 2023 edition only, the fivefold repetition (9.6.1) and the 75-move rule (9.6.2);
//! - **claims** a player may make ([`GameRecord::claim_repetition`], [`GameRecord::claim_fifty_moves`]):
//!   the threefold repetition (Art. 9.2) and the 50-move rule (Art. 9.3), each either on the
//!   position on the board or on the one an intended move would produce (Art. 9.2a, 9.3a).
//!
//! ```
//! use arbiter_core::record::GameRecord;
//! use arbiter_core::laws::Edition;
//! use arbiter_core::notation::{san, Language};
//! let mut game = GameRecord::startpos();
//! for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
//!     let mv = san::parse(game.current(), text, Language::English).unwrap();
//!     game.play(mv).unwrap();
//! }
//! // Black may claim before playing 4...Ng8, which brings the start position a third time.
//! let ng8 = san::parse(game.current(), "Ng8", Language::English).unwrap();
//! assert!(game.claim_repetition(Some(ng8), Edition::Fide2005).is_valid());
//! assert!(!game.claim_repetition(None, Edition::Fide2005).is_valid());
//! ```

use crate::{Color, Piece};

use crate::dead::{self, Budget, CanMate};
use crate::laws::{Edition, Law, draws};
use crate::movegen::Move;
use crate::position::{IllegalMove, Position};

/// How a game ended without anyone asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` gave the mate.
    Checkmate {
        /// The side that gave the mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can checkmate by any series of legal moves.
    DeadPosition,
    /// The same position for the fifth time (2023 only).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move (2023 only).
    SeventyFiveMoves,
}

/// An automatic ending and the Law that makes it one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    /// How the game ended.
    pub outcome: Outcome,
    /// The article that ends it, in the game's edition.
    pub law: Law,
}

/// Why a draw claim (Art. 9.2 / 9.3) is refused, or the evidence that it is correct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimVerdict {
    /// The claim is correct: the game is drawn.
    Valid {
        /// The article the claim is upheld under.
        law: Law,
        /// What the arbiter can check it against.
        evidence: ClaimEvidence,
    },
    /// The claim is incorrect; play goes on (penalties are the laws module's business).
    Invalid {
        /// The article the claim was made under.
        law: Law,
        /// Why it fails.
        reason: ClaimRefusal,
    },
}

impl ClaimVerdict {
    /// Whether the claim is correct.
    pub fn is_valid(&self) -> bool {
        matches!(self, ClaimVerdict::Valid { .. })
    }

    /// The article the claim was judged under.
    pub fn law(&self) -> Law {
        match self {
            ClaimVerdict::Valid { law, .. } | ClaimVerdict::Invalid { law, .. } => *law,
        }
    }
}

/// What shows a claim to be correct, for the arbiter to check (2023 Art. 11.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimEvidence {
    /// Plies (0 = the starting position) at which the claimed position stood, the claimed
    /// (current or intended) occurrence last. A ply beyond the record is the intended move's.
    Repetition {
        /// The plies, in order.
        plies: Vec<usize>,
    },
    /// Half-moves without capture or pawn move, the intended move included.
    FiftyMoves {
        /// How many.
        halfmoves: u32,
    },
}

/// Why a claim is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClaimRefusal {
    /// The intended move is not legal.
    #[error("the intended move {0} is not legal")]
    IllegalIntendedMove(Move),
    /// The position has occurred fewer than three times.
    #[error("the position has occurred only {occurrences} times, a claim needs 3")]
    TooFewRepetitions {
        /// How often it has occurred, the claimed occurrence included.
        occurrences: usize,
    },
    /// Fewer than 50 moves by each side without capture or pawn move.
    #[error("only {halfmoves} half-moves without capture or pawn move, a claim needs 100")]
    TooFewMoves {
        /// Half-moves counted, the intended move included.
        halfmoves: u32,
    },
}

/// The draws by claim the player on move could make correctly now; see
/// [`GameRecord::open_draw_claims`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenDrawClaims {
    /// The position on the board has stood three times (2005 Art. 9.2b / 2023 Art. 9.2.1.2).
    pub repetition_on_board: bool,
    /// The moves that would bring a position for the third time (9.2a / 9.2.1.1).
    pub repetition_with: Vec<Move>,
    /// Fifty moves by each side without capture or pawn move (9.3b / 9.3.2).
    pub fifty_moves_on_board: bool,
    /// The moves that would complete them (9.3a / 9.3.1).
    pub fifty_moves_with: Vec<Move>,
}

/// A game from its starting position, move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// `positions[i]` is the position after `i` plies; never empty.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl GameRecord {
    /// A game starting from `start` (the initial position or a set-up one).
    pub fn new(start: Position) -> Self {
        GameRecord {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// A game from the initial position.
    pub fn startpos() -> Self {
        GameRecord::new(Position::startpos())
    }

    /// The position on the board now.
    pub fn current(&self) -> &Position {
        // The record is created with one position and only grows.
        &self.positions[self.positions.len() - 1]
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// Every position, the starting one first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of half-moves played.
    pub fn ply_count(&self) -> usize {
        self.moves.len()
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`IllegalMove`]; the record is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let next = self.current().after(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Enters an illegal move left standing (rapid and blitz, where only the opponent's claim
    /// counts, 2005 App. B5, C3 / 2023 App. A.5.2): `after` is the position it gave, which
    /// no legal move leads to; [`GameRecord::undo`] takes it back when it is claimed.
    pub(crate) fn play_irregular(&mut self, mv: Move, after: Position) {
        self.positions.push(after);
        self.moves.push(mv);
    }

    /// Takes back the last move (e.g. an illegal move the arbiter corrects, Art. 7). Returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// The plies at which `pos` stood on the board, in the sense of Art. 9.2 (same player to
    /// move, same pieces on the same squares, same castling and en-passant possibilities).
    /// Only positions since the last capture or pawn move are compared: nothing before such a
    /// move can recur.
    pub fn occurrences_of(&self, pos: &Position) -> Vec<usize> {
        let back = (pos.halfmove_clock() as usize).min(self.positions.len().saturating_sub(1));
        let first = self.positions.len().saturating_sub(back + 1);
        (first..self.positions.len())
            .filter(|&i| self.positions[i].same_position(pos))
            .collect()
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetition_count(&self) -> usize {
        self.occurrences_of(self.current()).len()
    }

    /// Judges a claim of a draw by threefold repetition (Art. 9.2): on the position on the board
    /// (`intended` = `None`, Art. 9.2b) or on the position the intended move would give
    /// (Art. 9.2a).
    pub fn claim_repetition(&self, intended: Option<Move>, edition: Edition) -> ClaimVerdict {
        let law = draws::repetition_law(edition);
        let (plies, _) = match self.claimed_position(intended) {
            Ok(found) => found,
            Err(reason) => return ClaimVerdict::Invalid { law, reason },
        };
        if plies.len() >= 3 {
            ClaimVerdict::Valid {
                law,
                evidence: ClaimEvidence::Repetition { plies },
            }
        } else {
            let reason = ClaimRefusal::TooFewRepetitions {
                occurrences: plies.len(),
            };
            ClaimVerdict::Invalid { law, reason }
        }
    }

    /// Judges a claim under the 50-move rule (Art. 9.3): the last 50 moves by each player, or
    /// those completed by the intended move (Art. 9.3a), had no capture and no pawn move.
    pub fn claim_fifty_moves(&self, intended: Option<Move>, edition: Edition) -> ClaimVerdict {
        let law = draws::fifty_moves_law(edition);
        let halfmoves = match intended {
            None => self.current().halfmove_clock(),
            Some(mv) => match self.current().after(mv) {
                Ok(next) => next.halfmove_clock(),
                Err(_) => {
                    return ClaimVerdict::Invalid {
                        law,
                        reason: ClaimRefusal::IllegalIntendedMove(mv),
                    };
                }
            },
        };
        if halfmoves >= 100 {
            ClaimVerdict::Valid {
                law,
                evidence: ClaimEvidence::FiftyMoves { halfmoves },
            }
        } else {
            ClaimVerdict::Invalid {
                law,
                reason: ClaimRefusal::TooFewMoves { halfmoves },
            }
        }
    }

    /// The draws the player on move could claim correctly now (Art. 9.2, 9.3): on the position
    /// on the board, and with which intended moves (2005 Art. 9.2a, 9.3a / 2023 Art. 9.2.1.1,
    /// 9.3.1). An intended move is listed only where the board alone does not establish the
    /// claim.
    pub fn open_draw_claims(&self) -> OpenDrawClaims {
        let pos = self.current();
        let halfmoves = pos.halfmove_clock();
        let mut open = OpenDrawClaims {
            repetition_on_board: self.repetition_count() >= 3,
            fifty_moves_on_board: halfmoves >= 100,
            ..OpenDrawClaims::default()
        };
        // An intended move repeats only if it is quiet and its position stood twice since the
        // last capture or pawn move: three occurrences lie at least eight quiet plies apart.
        let may_repeat = halfmoves >= 7;
        let may_reach_fifty = halfmoves == 99;
        if !(may_repeat || may_reach_fifty) {
            return open;
        }
        pos.for_each_legal_move(|mv| {
            if pos.is_capture(mv) || pos.moving_piece(mv) == Some(Piece::Pawn) {
                return;
            }
            if may_reach_fifty {
                open.fifty_moves_with.push(mv);
            }
            if may_repeat
                && let Ok(next) = pos.after(mv)
                && self.occurrences_of(&next).len() >= 2
            {
                open.repetition_with.push(mv);
            }
        });
        open
    }

    /// The plies of the claimed position's occurrences (the intended one last, numbered one past
    /// the record), and that position.
    fn claimed_position(
        &self,
        intended: Option<Move>,
    ) -> Result<(Vec<usize>, Position), ClaimRefusal> {
        match intended {
            None => Ok((self.occurrences_of(self.current()), self.current().clone())),
            Some(mv) => {
                let next = self
                    .current()
                    .after(mv)
                    .map_err(|_| ClaimRefusal::IllegalIntendedMove(mv))?;
                let mut plies = self.occurrences_of(&next);
                plies.push(self.positions.len());
                Ok((plies, next))
            }
        }
    }

    /// Whether the game has ended by itself in the current position, and by which Law.
    /// Checkmate comes first: a mate on the 150th half-move stands (2023 Art. 9.6.2).
    /// `dead` says how hard to look for a dead position: [`DeadCheck::Quick`] after every move,
    /// or a search bounded by a [`Budget`]; when it proves nothing the game goes on.
    pub fn automatic_ending(&self, edition: Edition, dead: impl Into<DeadCheck>) -> Option<Ending> {
        let pos = self.current();
        if !pos.has_legal_move() {
            return Some(if pos.in_check() {
                let winner = !pos.side_to_move();
                Ending {
                    outcome: Outcome::Checkmate { winner },
                    law: draws::checkmate_law(edition),
                }
            } else {
                Ending {
                    outcome: Outcome::Stalemate,
                    law: draws::stalemate_law(edition),
                }
            });
        }
        let proven_dead = match dead.into() {
            DeadCheck::Quick => dead::is_dead_quick(pos.board()),
            DeadCheck::Search(budget) => is_dead(pos, budget) == Some(true),
        };
        if proven_dead {
            return Some(Ending {
                outcome: Outcome::DeadPosition,
                law: draws::dead_position_law(edition),
            });
        }
        if edition == Edition::Fide2023 {
            if self.repetition_count() >= draws::FIVEFOLD {
                return Some(Ending {
                    outcome: Outcome::FivefoldRepetition,
                    law: draws::fivefold_law(edition),
                });
            }
            if pos.halfmove_clock() >= draws::SEVENTY_FIVE_MOVES {
                return Some(Ending {
                    outcome: Outcome::SeventyFiveMoves,
                    law: draws::seventy_five_moves_law(edition),
                });
            }
        }
        None
    }
}

/// How hard [`GameRecord::automatic_ending`] looks for a dead position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadCheck {
    /// The cheap check run after every move ([`dead::is_dead_quick`]): a few move generations.
    Quick,
    /// The full search, bounded by this budget.
    Search(Budget),
}

impl From<Budget> for DeadCheck {
    fn from(budget: Budget) -> DeadCheck {
        DeadCheck::Search(budget)
    }
}

/// Whether the material alone proves that `side` can never checkmate, whatever both players do
/// (a bare king; a knight against queens only; bishops all on one square colour with no knight
/// or pawn on the board). The shapes are the dead-position analysis's own
/// ([`dead::cannot_mate_by_material`]), so the record and the analysis cannot disagree; anything
/// else is left to the search ([`can_mate`]).
pub fn insufficient_material(pos: &Position, side: Color) -> bool {
    dead::cannot_mate_by_material(pos.board(), side)
}

/// Whether `side` can still checkmate: a proven no from the material rule or from the search
/// gives `CanMate::No`, a proven yes gives `CanMate::Yes`, anything else `Undetermined`.
pub fn can_mate(pos: &Position, side: Color, budget: Budget) -> CanMate {
    if insufficient_material(pos, side) {
        return CanMate::No;
    }
    dead::can_mate(pos.board(), side, budget)
}

/// Whether the position is dead (neither side can checkmate): `Some(true)` when proven for both,
/// `Some(false)` when one side is proven able to mate, `None` when undetermined.
pub fn is_dead(pos: &Position, budget: Budget) -> Option<bool> {
    let white = can_mate(pos, Color::White, budget);
    if matches!(white, CanMate::Yes(_)) {
        return Some(false);
    }
    let black = can_mate(pos, Color::Black, budget);
    match (white, black) {
        (_, CanMate::Yes(_)) => Some(false),
        (CanMate::No, CanMate::No) => Some(true),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Language, san};

    fn game_from(start: &str, moves: &str) -> GameRecord {
        let mut game = GameRecord::new(Position::from_fen(start).unwrap());
        for text in moves.split_whitespace() {
            let mv = san::parse(game.current(), text, Language::English).unwrap();
            game.play(mv).unwrap();
        }
        game
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn threefold_by_knight_shuffle_art_9_2() {
        let game = game_from(START, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
        let verdict = game.claim_repetition(None, Edition::Fide2005);
        assert_eq!(verdict.law().to_string(), "2005 Art. 9.2");
        assert_eq!(
            verdict,
            ClaimVerdict::Valid {
                law: Law::new(Edition::Fide2005, "Art. 9.2"),
                evidence: ClaimEvidence::Repetition {
                    plies: vec![0, 4, 8]
                },
            }
        );
    }

    #[test]
    fn lost_castling_rights_make_a_different_position_art_9_2() {
        // After 1.e4 e5 both sides can castle; after the kings' walk they cannot.
        let game = game_from(START, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
        assert_eq!(game.repetition_count(), 2);
        assert!(!game.claim_repetition(None, Edition::Fide2023).is_valid());
    }

    #[test]
    fn en_passant_possibility_makes_a_different_position_art_9_2() {
        // 1.e4 Nf6 2.e5 d5: White could take en passant once, never again.
        let game = game_from(START, "e4 Nf6 e5 d5 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1 Nb8");
        assert_eq!(game.repetition_count(), 2);
    }

    #[test]
    fn claim_on_the_intended_move_art_9_2a() {
        let game = game_from(START, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        let ng8 = san::parse(game.current(), "Ng8", Language::English).unwrap();
        let verdict = game.claim_repetition(Some(ng8), Edition::Fide2005);
        assert_eq!(
            verdict,
            ClaimVerdict::Valid {
                law: Law::new(Edition::Fide2005, "Art. 9.2"),
                evidence: ClaimEvidence::Repetition {
                    plies: vec![0, 4, 8]
                },
            }
        );
        let illegal = Move::new(crate::Square::E8, crate::Square::E6);
        assert!(matches!(
            game.claim_repetition(Some(illegal), Edition::Fide2005),
            ClaimVerdict::Invalid {
                reason: ClaimRefusal::IllegalIntendedMove(_),
                ..
            }
        ));
    }

    #[test]
    fn fifty_moves_on_the_board_and_with_the_intended_move_art_9_3() {
        let at_99 = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "");
        let ra2 = san::parse(at_99.current(), "Ra2", Language::English).unwrap();
        assert!(!at_99.claim_fifty_moves(None, Edition::Fide2005).is_valid());
        let verdict = at_99.claim_fifty_moves(Some(ra2), Edition::Fide2005);
        assert_eq!(
            verdict,
            ClaimVerdict::Valid {
                law: Law::new(Edition::Fide2005, "Art. 9.3"),
                evidence: ClaimEvidence::FiftyMoves { halfmoves: 100 },
            }
        );
        let at_100 = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "");
        assert!(at_100.claim_fifty_moves(None, Edition::Fide2023).is_valid());
    }

    #[test]
    fn fivefold_is_automatic_in_2023_only_art_9_6_1() {
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
        let game = game_from(START, &shuffle);
        assert_eq!(game.repetition_count(), 5);
        let ending = game
            .automatic_ending(Edition::Fide2023, Budget::RULING)
            .unwrap();
        assert_eq!(ending.outcome, Outcome::FivefoldRepetition);
        assert_eq!(ending.law.to_string(), "2023 Art. 9.6.1");
        assert_eq!(
            game.automatic_ending(Edition::Fide2005, Budget::RULING),
            None
        );
    }

    #[test]
    fn seventy_five_moves_is_automatic_in_2023_only_unless_mate_art_9_6_2() {
        let game = game_from("4k3/8/8/8/8/8/7R/R3K3 w - - 149 120", "Ra7");
        assert_eq!(game.current().halfmove_clock(), 150);
        let ending = game
            .automatic_ending(Edition::Fide2023, Budget::RULING)
            .unwrap();
        assert_eq!(ending.outcome, Outcome::SeventyFiveMoves);
        assert_eq!(
            game.automatic_ending(Edition::Fide2005, Budget::RULING),
            None
        );
        // The 150th half-move mates: the mate stands.
        let mate = game_from("4k3/R7/8/8/8/8/7R/4K3 w - - 149 120", "Rh8#");
        let ending = mate
            .automatic_ending(Edition::Fide2023, Budget::RULING)
            .unwrap();
        assert_eq!(
            ending.outcome,
            Outcome::Checkmate {
                winner: Color::White
            }
        );
        assert_eq!(ending.law.to_string(), "2023 Art. 5.1.1");
    }

    #[test]
    fn stalemate_and_checkmate_end_the_game_art_5() {
        let stale = game_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "");
        let ending = stale
            .automatic_ending(Edition::Fide2005, Budget::RULING)
            .unwrap();
        assert_eq!(ending.outcome, Outcome::Stalemate);
        assert_eq!(ending.law.to_string(), "2005 Art. 5.2a");
        let fools = game_from(START, "f3 e5 g4 Qh4#");
        let ending = fools
            .automatic_ending(Edition::Fide2005, Budget::RULING)
            .unwrap();
        assert_eq!(
            ending.outcome,
            Outcome::Checkmate {
                winner: Color::Black
            }
        );
        assert_eq!(ending.law.to_string(), "2005 Art. 5.1a");
    }

    #[test]
    fn insufficient_material_art_5_2b() {
        let pos = |fen| Position::from_fen(fen).unwrap();
        // K+B vs K: dead.
        let kb = pos("8/8/4k3/8/8/3BK3/8/8 w - - 0 1");
        assert!(
            insufficient_material(&kb, Color::White) && insufficient_material(&kb, Color::Black)
        );
        assert_eq!(is_dead(&kb, Budget::RULING), Some(true));
        // Bishops on squares of one color only: dead.
        let same = pos("4k3/8/8/5b2/8/3B4/8/4K3 w - - 0 1");
        assert!(
            insufficient_material(&same, Color::White)
                && insufficient_material(&same, Color::Black)
        );
        // Opposite-colored bishops: a mate can be helped, not proven impossible by material.
        let opposite = pos("4k3/8/8/4b3/8/3B4/8/4K3 w - - 0 1");
        assert!(!insufficient_material(&opposite, Color::White));
        // K+N vs K+P: the knight can still mate (1.a7 Nb6#), so not insufficient for Black.
        let kn_kp = pos("K7/2k5/P7/3n4/8/8/8/8 w - - 0 1");
        assert!(!insufficient_material(&kn_kp, Color::Black));
        assert!(!insufficient_material(&kn_kp, Color::White));
        // K+N vs K: insufficient; the lone king's side too.
        let kn = pos("8/8/4k3/8/8/3NK3/8/8 w - - 0 1");
        assert!(
            insufficient_material(&kn, Color::White) && insufficient_material(&kn, Color::Black)
        );
        // Two knights can mate with help.
        let knn = pos("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1");
        assert!(!insufficient_material(&knn, Color::White));
    }
}
