//! The helpmate search's walk: iterative deepening, and each iteration's depth-first search on
//! an explicit stack of frames rather than by recursion, so that it can stop after any node and
//! go on later exactly where it stopped (`Helpmate::step`, for the resumable `Analysis`). The
//! order of moves, the depth accounting and the node counting are those of one uninterrupted
//! search, so every slicing reaches the same answer and line.

use cozy_chess::{BitBoard, Board, Move, Piece, PieceMoves, Rank, Square};

use super::{
    Helpmate, Iteration, PLY_CAP, PositionKey, Progress, QUEEN_FIRST, Targets, classify,
    mirror_order,
};
use crate::material::cannot_mate_by_material;

impl Helpmate {
    /// Iterative deepening over `depths`; stops at the first proof either way, or when the
    /// budget is spent.
    pub(crate) fn deepen(
        &mut self,
        board: &Board,
        depths: std::ops::RangeInclusive<u16>,
        per_depth: u64,
    ) -> Iteration {
        self.start_deepening(board, depths, per_depth);
        // With no slice limit the step runs to the end.
        let mut unlimited = u64::MAX;
        self.step(&mut unlimited).unwrap_or(Iteration::Interrupted)
    }

    /// Sets up [`Helpmate::step`] to deepen over `depths` from `board`, as [`Helpmate::deepen`]
    /// does in one call.
    pub(crate) fn start_deepening(
        &mut self,
        board: &Board,
        depths: std::ops::RangeInclusive<u16>,
        per_depth: u64,
    ) {
        self.deepening = Some(Deepening {
            root: board.clone(),
            next_depth: *depths.start(),
            last_depth: *depths.end(),
            per_depth,
            confirming: false,
            running: false,
        });
    }

    /// Runs the deepening set up by [`Helpmate::start_deepening`] for at most `slice` more
    /// nodes (counted down): its result once decided (as [`Helpmate::deepen`] would give it),
    /// or `None` when the slice ran out first; the next call goes on exactly where this one
    /// stopped, so any slicing gives the same answer and the same line.
    pub(crate) fn step(&mut self, slice: &mut u64) -> Option<Iteration> {
        let mut d = self.deepening.take()?;
        loop {
            if !d.running {
                if d.next_depth > d.last_depth || self.nodes_left == 0 {
                    return Some(Iteration::Interrupted);
                }
                self.begin_run(&d.root, d.next_depth, d.per_depth, !self.keep_table);
                d.confirming = false;
                d.running = true;
            }
            let Some(found) = self.walk(slice) else {
                self.deepening = Some(d);
                return None;
            };
            d.running = false;
            match self.end_run(found) {
                // Confirm the proof with nothing carried over from earlier iterations.
                Iteration::Exhausted if self.keep_table && !d.confirming => {
                    self.begin_run(&d.root, d.next_depth, d.per_depth, true);
                    d.confirming = true;
                    d.running = true;
                }
                Iteration::Interrupted => d.next_depth = d.next_depth.saturating_add(1),
                decided => return Some(decided),
            }
        }
    }

    /// Starts one iteration with depth limit `max_depth`, allowed `per_depth * max_depth` nodes.
    fn begin_run(&mut self, board: &Board, max_depth: u16, per_depth: u64, fresh: bool) {
        self.max_depth = max_depth;
        self.iteration_limit = per_depth.saturating_mul(u64::from(max_depth));
        self.iteration_nodes = 0;
        self.interrupted = false;
        self.interrupted_by_nodes = false;
        self.line.clear();
        self.frames.clear();
        self.move_stack.clear();
        if let (Some(table), true) = (self.table.as_mut(), fresh) {
            table.clear();
        }
        match self.enter(board, 0, false) {
            Entered::Leaf(found) => self.leaf = Some(found),
            Entered::Frame => self.leaf = None,
        }
    }

    fn end_run(&mut self, found: bool) -> Iteration {
        self.nodes_left = self.nodes_left.saturating_sub(self.iteration_nodes);
        if found {
            Iteration::Mate(std::mem::take(&mut self.line))
        } else if self.interrupted {
            Iteration::Interrupted
        } else {
            Iteration::Exhausted
        }
    }

    fn out_of_nodes(&self) -> bool {
        self.iteration_nodes >= self.iteration_limit || self.iteration_nodes >= self.nodes_left
    }

    /// Enters a position: answers it at once (a mate, a table hit, the material rule, the depth
    /// limit) or stacks its frame with its moves generated, to be tried one by one.
    fn enter(&mut self, board: &Board, depth: u16, after_reward: bool) -> Entered {
        let moves_left = self.max_depth.saturating_sub(depth);
        let key = self.table.as_ref().map(|_| PositionKey::of(board));
        if let (Some(table), Some(key)) = (self.table.as_ref(), key.as_ref())
            && table.get(key).is_some_and(|&seen| seen >= moves_left)
        {
            return Entered::Leaf(false);
        }
        let at_limit = depth >= self.max_depth || self.line.len() >= PLY_CAP;
        if at_limit {
            // Most positions entered stand at the depth limit, where only whether any move
            // exists matters (a mate, or the line goes on): the generation stops at the first
            // piece that can move. Same answers, same node counts as generating them all.
            let any_move = board.generate_moves(|_| true);
            if !any_move {
                return Entered::Leaf(
                    board.side_to_move() != self.winner && !board.checkers().is_empty(),
                );
            }
            if !cannot_mate_by_material(board, self.winner) {
                self.interrupted = true;
            }
            return Entered::Leaf(false);
        }
        let start = self.move_stack.len();
        let stack = &mut self.move_stack;
        board.generate_moves(|piece_moves| {
            stack.push(piece_moves);
            false
        });
        let end = self.move_stack.len();
        if start == end {
            return Entered::Leaf(
                board.side_to_move() != self.winner && !board.checkers().is_empty(),
            );
        }
        if cannot_mate_by_material(board, self.winner) {
            self.move_stack.truncate(start);
            return Entered::Leaf(false);
        }
        if self.mirrored {
            mirror_order(&mut self.move_stack[start..end]);
        }
        if let (Some(table), Some(key)) = (self.table.as_mut(), key) {
            table.insert(key, moves_left);
        }
        self.frames.push(Frame {
            board: board.clone(),
            depth,
            after_reward,
            targets: Targets::of(board, self.winner),
            start,
            next_piece: start,
            piece: None,
            rest: BitBoard::EMPTY,
            to: None,
            promotion: 0,
        });
        Entered::Frame
    }

    /// The depth-first walk of the current iteration, on an explicit stack of frames so that it
    /// can stop after any node and go on later: `Some(found)` once the iteration is over,
    /// `None` when `slice` nodes were tried first (and `slice` is then 0).
    fn walk(&mut self, slice: &mut u64) -> Option<bool> {
        if let Some(found) = self.leaf.take() {
            return Some(found);
        }
        let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        loop {
            let Some(frame) = self.frames.last_mut() else {
                return Some(false);
            };
            let Some(mv) = frame.next_move(&self.move_stack, self.mirrored, back_ranks) else {
                // Every move of this position tried: back to the move that led here.
                self.move_stack.truncate(frame.start);
                self.frames.pop();
                if self.frames.is_empty() {
                    return Some(false);
                }
                self.line.pop();
                continue;
            };
            if *slice == 0 {
                frame.put_back();
                return None;
            }
            *slice -= 1;
            self.iteration_nodes += 1;
            if self.out_of_nodes() {
                self.interrupted = true;
                self.interrupted_by_nodes = true;
                self.frames.clear();
                self.move_stack.clear();
                return Some(false);
            }
            let frame = self.frames.last().expect("a frame is on the stack");
            let progress = classify(
                &frame.board,
                mv,
                self.winner,
                &frame.targets,
                self.guide.as_ref(),
            );
            let child_depth = match progress {
                Progress::Reward => frame.depth,
                Progress::Punish => frame.depth.saturating_add(self.punish_cost),
                Progress::Normal if frame.after_reward => frame.depth,
                Progress::Normal => frame.depth + 1,
            };
            let mut child = frame.board.clone();
            child.play_unchecked(mv);
            self.line.push(mv);
            match self.enter(&child, child_depth, progress == Progress::Reward) {
                Entered::Leaf(true) => {
                    self.frames.clear();
                    self.move_stack.clear();
                    return Some(true);
                }
                Entered::Leaf(false) => {
                    self.line.pop();
                }
                Entered::Frame => {}
            }
        }
    }
}

/// Where the iterative deepening of a [`Helpmate`] stands between two steps.
pub(super) struct Deepening {
    root: Board,
    next_depth: u16,
    last_depth: u16,
    per_depth: u64,
    /// The current run re-checks an "exhausted" on a fresh table.
    confirming: bool,
    /// A run is under way (its frames on the stack).
    running: bool,
}

/// What entering a position gave.
enum Entered {
    /// Answered at once: whether a mate was reached.
    Leaf(bool),
    /// Its frame is stacked, its moves to be tried.
    Frame,
}

/// A position on the current line whose moves are being tried, and where in them the walk is:
/// the piece (an entry of the move stack), its destinations left, the promotion choice next.
pub(super) struct Frame {
    board: Board,
    depth: u16,
    after_reward: bool,
    targets: Targets,
    /// Its generated moves are the move stack's entries from `start` on (up to the next
    /// frame's `start`, or the end).
    start: usize,
    next_piece: usize,
    piece: Option<PieceMoves>,
    /// Destinations of `piece` not yet begun, in the search's order (ranks flipped for the
    /// mirrored order).
    rest: BitBoard,
    /// The destination whose promotion choices are being tried.
    to: Option<Square>,
    promotion: usize,
}

impl Frame {
    /// The next move in the order of the recursive search (pieces as stacked, destinations
    /// by `destinations`, promotions queen first), or `None` when all were tried.
    fn next_move(
        &mut self,
        stack: &[PieceMoves],
        mirrored: bool,
        back_ranks: BitBoard,
    ) -> Option<Move> {
        loop {
            if let (Some(to), Some(piece)) = (self.to, self.piece) {
                let promotes = piece.piece == Piece::Pawn && back_ranks.has(to);
                let choices = if promotes { QUEEN_FIRST.len() } else { 1 };
                if self.promotion < choices {
                    let promotion = if promotes {
                        QUEEN_FIRST[self.promotion]
                    } else {
                        None
                    };
                    self.promotion += 1;
                    return Some(Move {
                        from: piece.from,
                        to,
                        promotion,
                    });
                }
                self.to = None;
            }
            if let Some(sq) = self.rest.into_iter().next() {
                self.rest ^= sq.bitboard();
                self.to = Some(if mirrored { sq.flip_rank() } else { sq });
                self.promotion = 0;
                continue;
            }
            // The frame's own entries end where the next frame's begin; this is the top frame
            // while it generates, so its entries end at the stack's end.
            if self.next_piece >= stack.len() {
                return None;
            }
            let piece = stack[self.next_piece];
            self.next_piece += 1;
            self.piece = Some(piece);
            self.rest = if mirrored {
                piece.to.flip_ranks()
            } else {
                piece.to
            };
        }
    }

    /// Undoes the last `next_move`, whose move always came from the promotion choices of
    /// `to` (a pause before the move was counted).
    fn put_back(&mut self) {
        self.promotion -= 1;
    }
}
