//! The full decision procedure (Ambrona, FUN 2022, Fig. 9): cheap proofs first, then
//! iterative deepening of the helpmate search with growing budgets, with the semi-static
//! analysis of blocked positions in between. Every phase either proves an answer or hands the
//! position on; only a proof leaves this module as `Yes` or `No`.
//!
//! The budget is split so that the last, guided search (bishops steered to the mating corner,
//! moves into proven fortresses treated as detours) gets at least half of what the main
//! deepening leaves: on the hard composed positions that last phase finds most of the mates
//! the main one misses.

use cozy_chess::{Board, Color, Move, Piece};

#[cfg(feature = "dead-search")]
use super::checks::check_chain_proves_no_mate;
#[cfg(feature = "dead-search")]
use super::closure::is_closed_without_mate;
#[cfg(feature = "dead-search")]
use super::deduction::{is_unwinnable as deduction_proves, steady_squares};
use super::fast::every_line_ends_without_mate;
use super::helpmate::{Guide, Helpmate, Iteration, MoveList, is_mate_of, play_forced_moves};
use super::material::cannot_mate_by_material;
#[cfg(feature = "dead-search")]
use super::semistatic::is_statically_unwinnable;
use super::semistatic::mobility_proves;
use super::{Budget, CanMate};

/// How many forced moves are followed before the search starts. The longest known forced
/// sequence in chess is shorter; stopping early loses nothing, since a forced prefix only
/// shortens the search.
const FORCED_LIMIT: usize = 16;

/// The first, cheap search: depth 1 with this many nodes per depth, no table.
const QUICK_PER_DEPTH: u64 = 1_000;
/// The main iterative deepening: this many nodes per unit of depth limit.
const MAIN_PER_DEPTH: u64 = 7_000;
/// Full-width depth of the cheap first proof (as in the quick check).
const QUICK_FULL_WIDTH: u8 = 4;
/// Fewest and most positions the exhaustive closure may collect: an eighth of the budget left
/// when it runs, within these bounds. Locked bishop cages close at 20,000 to 40,000 positions
/// (about 20 ms), which no search at this budget can exhaust.
const CLOSURE_MIN: u64 = 5_000;
const CLOSURE_MAX: u64 = 40_000;
/// Most positions and analyses the check-chain proof may spend.
const CHAIN_WORK: u64 = 5_000;
/// Most children left open by the cheap analysis that the second one is run on.
const OPEN_CHILDREN_MAX: usize = 4;
/// Most legal moves of a position whose every child the cheap proof looks at.
const FEW_MOVES: usize = 8;
/// Share of the budget the main deepening may use before the blocked-position analysis.
const MAIN_SHARE: u64 = 500_000;

fn with_prefix(prefix: &[Move], line: Vec<Move>) -> Vec<Move> {
    let mut full = prefix.to_vec();
    full.extend(line);
    full
}

fn has_heavy_or_knight(board: &Board) -> bool {
    !(board.pieces(Piece::Queen) | board.pieces(Piece::Rook) | board.pieces(Piece::Knight))
        .is_empty()
}

#[cfg(feature = "dead-search")]
/// True when every legal move leads (after any forced replies) to a position proven unwinnable
/// for `winner`, or to a position that is already not a mate. The cheap mobility fixpoint runs
/// on every child first; the second analysis only on the few it leaves open, since in open
/// positions (most of them from games) many children stay open and the answer is "no" anyway.
fn every_child_static(board: &Board, winner: Color, open_max: usize) -> bool {
    let moves = MoveList::of(board);
    let mut open = Vec::new();
    for &mv in moves.as_slice() {
        let mut child = board.clone();
        child.play_unchecked(mv);
        let (child, _, repeated) = play_forced_moves(&child, FORCED_LIMIT);
        if repeated {
            continue;
        }
        if MoveList::of(&child).is_empty() {
            if is_mate_of(&child, !winner) {
                return false;
            }
            continue;
        }
        if cannot_mate_by_material(&child, winner) || mobility_proves(&child, winner) {
            continue;
        }
        if open.len() == open_max {
            return false;
        }
        open.push(child);
    }
    open.iter().all(|child| deduction_proves(child, winner))
}

#[cfg(feature = "dead-search")]
/// The cheap proof for endings of kings, pawns and bishops, the material most flag falls meet:
/// the mobility fixpoint on the position, and, where the side to move is in check or has few
/// moves, on every position after its move. A king that stands in check now stands on a square
/// it can never come back to, which a fixpoint over regions cannot see; one move on, the king
/// is out of it, and the fixpoint proves the locked pawn endings a flag fall after a pawn's
/// check so often leaves. Costs a few fixpoints, against the hundreds of search nodes it saves.
fn locked_by_mobility(pos: &Board, winner: Color) -> bool {
    if mobility_proves(pos, winner) {
        return true;
    }
    let few = !pos.checkers().is_empty() || MoveList::of(pos).len() <= FEW_MOVES;
    few && every_child_static(pos, winner, 0)
}

#[cfg(feature = "dead-search")]
/// The legal moves after which the semi-static analysis proves that `winner` cannot mate.
fn hopeless_moves(board: &Board, winner: Color) -> Vec<Move> {
    let moves = MoveList::of(board);
    moves
        .as_slice()
        .iter()
        .copied()
        .filter(|&mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            is_statically_unwinnable(&child, winner)
        })
        .collect()
}

/// Nodes per unit of depth of the quick pass's helpmate search.
const QUICK_PASS_PER_DEPTH: u64 = 500;

/// The forced moves from `board` played out, as both procedures begin: the position they reach
/// and the moves that led there, or the answer itself when they repeat or reach a mate or
/// stalemate (which the material rule, looking only ahead, must not overrule).
fn after_forced_moves(board: &Board, winner: Color) -> Result<(Board, Vec<Move>), CanMate> {
    let (pos, prefix, repeated) = play_forced_moves(board, FORCED_LIMIT);
    if repeated {
        return Err(CanMate::No);
    }
    if MoveList::of(&pos).is_empty() {
        return Err(if is_mate_of(&pos, !winner) {
            CanMate::Yes(prefix)
        } else {
            CanMate::No
        });
    }
    Ok((pos, prefix))
}

/// The bounded first pass: the cheap proofs of "cannot mate" that run after every move, then a
/// short helpmate search of at most `budget` nodes. Every phase is bounded, unlike the full
/// procedure, whose static analyses are not charged to the node budget.
pub(super) fn quick_pass(board: &Board, winner: Color, budget: Budget) -> CanMate {
    let (pos, prefix) = match after_forced_moves(board, winner) {
        Ok(reached) => reached,
        Err(answer) => return answer,
    };
    if super::fast::cannot_mate_quick(&pos, winner) {
        return CanMate::No;
    }
    let mut search = Helpmate::new(winner, budget.nodes, false);
    match search.deepen(&pos, 1..=128, QUICK_PASS_PER_DEPTH) {
        Iteration::Mate(line) => CanMate::Yes(with_prefix(&prefix, line)),
        Iteration::Exhausted => CanMate::No,
        Iteration::Interrupted => CanMate::Undetermined,
    }
}

#[cfg(feature = "dead-search")]
/// The full decision procedure of [`super::can_mate`] as a computation that can stop and go
/// on: [`Analysis::step`] runs it for a bounded number of search nodes at a time, so a shell
/// without a second thread (a page without a Worker, the bridge's event loop) can spread a
/// ruling's analysis over many short slices. Any slicing gives the answer, and the helpmate
/// line, that one call to `can_mate` gives: the search stops between two nodes and resumes at
/// the next, in the same order.
///
/// The slices count helpmate nodes only. Between the searches the procedure runs its static
/// analyses (the mobility fixpoint, the deduction, the closure of at most
/// 40,000 positions, the check chain of at most 5,000 steps), each within its own bound and
/// whole, inside the step that reaches it.
///
/// ```
/// use arbiter_dead::{Analysis, Budget, CanMate, can_mate};
/// use cozy_chess::{Board, Color};
///
/// let board: Board = "7k/8/1p6/1Pp5/2Pp4/p2Pp1p1/P1B1P1P1/1B1B2K1 w - - 0 1".parse().unwrap();
/// let mut analysis = Analysis::new(&board, Color::White, Budget::RULING);
/// let answer = loop {
///     if let Some(answer) = analysis.step(2_000) {
///         break answer;
///     }
/// };
/// assert_eq!(answer, can_mate(&board, Color::White, Budget::RULING));
/// ```
pub struct Analysis {
    winner: Color,
    budget: Budget,
    /// The position after the forced moves, and those moves.
    pos: Board,
    prefix: Vec<Move>,
    heavy: bool,
    /// Nodes of the budget not yet spent or set aside.
    left: u64,
    /// What the main deepening was given.
    share: u64,
    stage: Stage,
}

#[cfg(feature = "dead-search")]
/// Where an [`Analysis`] stands.
enum Stage {
    /// Nothing run yet.
    Start,
    /// The cheap first search (depth 1).
    Quick(Box<Helpmate>),
    /// The main iterative deepening.
    Main(Box<Helpmate>),
    /// The last, guided deepening.
    Deep(Box<Helpmate>),
    Done(CanMate),
}

#[cfg(feature = "dead-search")]
impl Analysis {
    /// The analysis of whether `winner` can mate from `board` within `budget` (nothing is run
    /// until the first [`Analysis::step`]).
    pub fn new(board: &Board, winner: Color, budget: Budget) -> Self {
        Analysis {
            winner,
            budget,
            pos: board.clone(),
            prefix: Vec::new(),
            heavy: false,
            left: budget.nodes,
            share: 0,
            stage: Stage::Start,
        }
    }

    /// Runs the analysis for at most `nodes` more helpmate nodes (and the static analyses it
    /// meets on the way): the answer once it is decided, `None` while it is not. Once decided,
    /// every later call gives the same answer again.
    pub fn step(&mut self, nodes: u64) -> Option<CanMate> {
        let mut slice = nodes;
        loop {
            let stage = std::mem::replace(&mut self.stage, Stage::Start);
            self.stage = match stage {
                Stage::Done(answer) => {
                    self.stage = Stage::Done(answer.clone());
                    return Some(answer);
                }
                Stage::Start => self.begin(),
                Stage::Quick(mut search) => match search.step(&mut slice) {
                    None => return self.paused(Stage::Quick(search)),
                    Some(Iteration::Interrupted) => {
                        self.left = search.nodes_left();
                        self.after_quick()
                    }
                    Some(decided) => self.decided(decided),
                },
                Stage::Main(mut search) => match search.step(&mut slice) {
                    None => return self.paused(Stage::Main(search)),
                    Some(Iteration::Interrupted) => {
                        self.left -= self.share - search.nodes_left();
                        self.after_main()
                    }
                    Some(decided) => self.decided(decided),
                },
                Stage::Deep(mut search) => match search.step(&mut slice) {
                    None => return self.paused(Stage::Deep(search)),
                    Some(Iteration::Interrupted) => Stage::Done(CanMate::Undetermined),
                    Some(decided) => self.decided(decided),
                },
            };
        }
    }

    /// Runs the analysis to the end.
    pub fn run(mut self) -> CanMate {
        loop {
            if let Some(answer) = self.step(u64::MAX) {
                return answer;
            }
        }
    }

    fn paused(&mut self, stage: Stage) -> Option<CanMate> {
        self.stage = stage;
        None
    }

    fn decided(&self, iteration: Iteration) -> Stage {
        Stage::Done(match iteration {
            Iteration::Mate(line) => CanMate::Yes(with_prefix(&self.prefix, line)),
            Iteration::Exhausted => CanMate::No,
            Iteration::Interrupted => CanMate::Undetermined,
        })
    }

    /// The forced moves and the cheap proofs, then the first search set up.
    fn begin(&mut self) -> Stage {
        let winner = self.winner;
        let (pos, prefix) = match after_forced_moves(&self.pos, winner) {
            Ok(reached) => reached,
            Err(answer) => return Stage::Done(answer),
        };
        self.pos = pos;
        self.prefix = prefix;
        let pos = &self.pos;
        if cannot_mate_by_material(pos, winner) {
            return Stage::Done(CanMate::No);
        }
        // Cheap before any budgeted search: forced lines that run into material or stalemate.
        if every_line_ends_without_mate(pos, winner, QUICK_FULL_WIDTH) {
            return Stage::Done(CanMate::No);
        }
        self.heavy = has_heavy_or_knight(pos);
        if !self.heavy && locked_by_mobility(pos, winner) {
            return Stage::Done(CanMate::No);
        }
        self.left = self.budget.nodes;
        let mut quick = Helpmate::new(winner, self.left, false);
        quick.start_deepening(pos, 1..=1, QUICK_PER_DEPTH);
        Stage::Quick(Box::new(quick))
    }

    /// The deduction, then the main deepening set up.
    fn after_quick(&mut self) -> Stage {
        let (pos, winner) = (&self.pos, self.winner);
        // The mobility fixpoint has already failed on this position: only the second analysis
        // is left to try.
        if !self.heavy && deduction_proves(pos, winner) {
            return Stage::Done(CanMate::No);
        }
        // Keep enough back for the closure, which settles the locked positions search cannot,
        // and for the guided search at the end.
        self.share = (self.left.saturating_sub(CLOSURE_MIN) / 2).min(MAIN_SHARE);
        let mut main = Helpmate::new(winner, self.share, true).keeping_table();
        main.start_deepening(pos, 2..=128, MAIN_PER_DEPTH);
        Stage::Main(Box::new(main))
    }

    /// The static analyses of blocked positions, then the guided deepening set up.
    fn after_main(&mut self) -> Stage {
        let (pos, winner) = (&self.pos, self.winner);
        if self.heavy && is_statically_unwinnable(pos, winner) {
            return Stage::Done(CanMate::No);
        }
        if every_child_static(pos, winner, OPEN_CHILDREN_MAX) {
            return Stage::Done(CanMate::No);
        }
        // The closure costs about one node per position it collects: charge it to the budget.
        let closure_limit = (self.left / 8).clamp(CLOSURE_MIN, CLOSURE_MAX);
        if self.left >= closure_limit {
            self.left -= closure_limit;
            // At most CLOSURE_MAX, so the conversion never truncates.
            if is_closed_without_mate(pos, winner, closure_limit as usize) {
                return Stage::Done(CanMate::No);
            }
        }
        // Only worth trying where checks are already flying. A semi-static analysis costs far
        // more than a node: each unit of work is charged as ten.
        if !pos.checkers().is_empty() && self.left >= CHAIN_WORK * 10 {
            self.left -= CHAIN_WORK * 10;
            if check_chain_proves_no_mate(pos, winner, CHAIN_WORK) {
                return Stage::Done(CanMate::No);
            }
        }
        let guide = Guide::new(
            pos,
            winner,
            steady_squares(pos, winner),
            hopeless_moves(pos, winner),
        );
        let mut deep = Helpmate::new(winner, self.left, true)
            .keeping_table()
            .guided_by(guide);
        deep.start_deepening(pos, 2..=128, u64::MAX);
        Stage::Deep(Box::new(deep))
    }
}

#[cfg(feature = "dead-search")]
/// Decides whether `winner` can mate from `board` within `budget` nodes of search.
pub(super) fn decide(board: &Board, winner: Color, budget: Budget) -> CanMate {
    Analysis::new(board, winner, budget).run()
}
