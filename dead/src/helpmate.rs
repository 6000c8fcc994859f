//! Find-Helpmate: a bounded depth-first search for a series of legal moves, both sides
//! cooperating, that ends in mate by the intended winner (Ambrona, FUN 2022, Figs. 5, 12, 13).
//!
//! Depth is not plies: moves that look like progress towards a mate (REWARD) cost nothing, moves
//! that look like a detour (PUNISH) cost four, the rest cost one, and a NORMAL move right after a
//! REWARD is free too. The classification only steers the search; soundness never depends on it.
//!
//! A search iteration that ends without being cut off anywhere proves that no mate exists: every
//! position it entered had all its moves followed to a terminal, a material-shortcut leaf or a
//! position already entered in the same iteration, so it walked a closed set of positions with no
//! mate in it. That is why the transposition table is emptied before every iteration: an entry
//! left from an earlier, interrupted iteration would not stand for a fully expanded position.
//!
//! This module (with the rest of `dead/`) works on `cozy_chess::Board` directly rather than
//! through `movegen`, because the search plays millions of moves and must not allocate per node.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use cozy_chess::{
    BitBoard, Board, CastleRights, Color, File, Move, Piece, PieceMoves, Rank, Square,
};

mod walk;

use arbiter_chess::position::king_distance;
use walk::{Deepening, Frame};

/// Longest line the search follows, in plies, so that the recursion depth stays bounded.
pub(super) const PLY_CAP: usize = 128;

const QUEEN_FIRST: [Option<Piece>; 4] = [
    Some(Piece::Queen),
    Some(Piece::Knight),
    Some(Piece::Rook),
    Some(Piece::Bishop),
];

/// Most legal moves in any chess position is 218.
const MAX_MOVES: usize = 256;

/// How a move is scored by the depth accounting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Progress {
    Reward,
    Normal,
    Punish,
}

/// The legal moves of a position, on the stack.
pub(super) struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    pub(super) fn of(board: &Board) -> Self {
        let filler = Move {
            from: Square::A1,
            to: Square::A1,
            promotion: None,
        };
        let mut list = MoveList {
            moves: [filler; MAX_MOVES],
            len: 0,
        };
        for_each_move(board, |mv| list.push(mv));
        list
    }

    fn push(&mut self, mv: Move) {
        // A legal position has at most 218 moves, so this never drops one.
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    pub(super) fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }
}

/// Calls `visit` with every legal move, promotions to a queen first: a queen mates soonest, and
/// the search follows the first good line it meets.
pub(super) fn for_each_move(board: &Board, mut visit: impl FnMut(Move)) {
    let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    board.generate_moves(|piece_moves| {
        if piece_moves.piece == Piece::Pawn && !(piece_moves.to & back_ranks).is_empty() {
            for to in piece_moves.to {
                if back_ranks.has(to) {
                    for piece in [Piece::Queen, Piece::Knight, Piece::Rook, Piece::Bishop] {
                        visit(Move {
                            from: piece_moves.from,
                            to,
                            promotion: Some(piece),
                        });
                    }
                } else {
                    visit(Move {
                        from: piece_moves.from,
                        to,
                        promotion: None,
                    });
                }
            }
        } else {
            for mv in piece_moves {
                visit(mv);
            }
        }
        false
    });
}

/// True when the side to move has no legal move.
pub(super) fn has_no_moves(board: &Board) -> bool {
    !board.generate_moves(|_| true)
}

/// True when `board` is checkmate of `loser`.
pub(super) fn is_mate_of(board: &Board, loser: Color) -> bool {
    board.side_to_move() == loser && !board.checkers().is_empty() && has_no_moves(board)
}

/// An exact key of a position for the transposition table: piece placement, side to move,
/// castling rights and en-passant file. Equality compares all of them, so a hash collision can
/// never prune an unexplored position (a collision there could fake a proof of "no mate").
#[derive(Clone, PartialEq, Eq)]
pub(super) struct PositionKey {
    zobrist: u64,
    placement: [u64; 7],
    rights: [u8; 6],
}

fn file_code(file: Option<File>) -> u8 {
    file.map_or(8, |f| f as u8)
}

fn rights_code(rights: &CastleRights) -> [u8; 2] {
    [file_code(rights.short), file_code(rights.long)]
}

impl PositionKey {
    pub(super) fn of(board: &Board) -> Self {
        let [ws, wl] = rights_code(board.castle_rights(Color::White));
        let [bs, bl] = rights_code(board.castle_rights(Color::Black));
        PositionKey {
            zobrist: board.hash(),
            placement: [
                board.pieces(Piece::Pawn).0,
                board.pieces(Piece::Knight).0,
                board.pieces(Piece::Bishop).0,
                board.pieces(Piece::Rook).0,
                board.pieces(Piece::Queen).0,
                board.pieces(Piece::King).0,
                board.colors(Color::White).0,
            ],
            rights: [
                board.side_to_move() as u8,
                file_code(board.en_passant()),
                ws,
                wl,
                bs,
                bl,
            ],
        }
    }
}

impl Hash for PositionKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.zobrist);
    }
}

/// The Zobrist key is already well mixed, so the table uses it as the hash unchanged.
#[derive(Default)]
pub(super) struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(super) type PositionMap<V> = HashMap<PositionKey, V, BuildHasherDefault<ZobristHasher>>;

/// How one iteration of the search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Iteration {
    /// A mate, reached by this line from the search root.
    Mate(Vec<Move>),
    /// Nothing was cut off and no mate exists: a proof of "cannot mate".
    Exhausted,
    /// Some line was cut off by depth or nodes: nothing proven.
    Interrupted,
}

/// Square colour of the corner where the search steers the losing king.
fn target_corner(board: &Board, winner: Color) -> Square {
    let bishops = board.pieces(Piece::Bishop);
    let our_bishops = board.colors(winner) & bishops;
    let their_bishops = board.colors(!winner) & bishops;
    // Mate with bishops happens on their square colour; without bishops of our own, a defending
    // bishop is best kept off the mating square's colour.
    let dark = if !our_bishops.is_empty() {
        !(our_bishops & BitBoard::DARK_SQUARES).is_empty()
    } else {
        !(their_bishops & BitBoard::LIGHT_SQUARES).is_empty()
    };
    let back_rank = Rank::Eighth.relative_to(winner);
    let h_corner = Square::new(File::H, back_rank);
    let h_is_dark = BitBoard::DARK_SQUARES.has(h_corner);
    if h_is_dark == dark {
        h_corner
    } else {
        Square::new(File::A, back_rank)
    }
}

/// Extra steering for the last, deep phase (heuristics only; any choice keeps the search sound):
/// how many bishop moves each square is from the mating corner, going round pieces that never
/// move, and the root moves that lead straight into a position proven unwinnable.
pub(super) struct Guide {
    bishop_distance: [u8; 64],
    hopeless: Vec<Move>,
}

impl Guide {
    pub(super) fn new(board: &Board, winner: Color, steady: u64, hopeless: Vec<Move>) -> Self {
        let corner = target_corner(board, winner);
        let df: i8 = if corner.file() == File::H { -1 } else { 1 };
        let dr: i8 = if corner.rank() == Rank::Eighth { -1 } else { 1 };
        let mut frontier = corner.bitboard() | corner.offset(df, 0).bitboard();
        frontier |= corner.offset(0, dr).bitboard();
        let walls = BitBoard(steady);
        let mut distance = [u8::MAX; 64];
        let mut seen = BitBoard::EMPTY;
        let mut d = 0u8;
        while !frontier.is_empty() {
            let mut next = BitBoard::EMPTY;
            for sq in frontier {
                distance[sq as usize] = d;
                next |= cozy_chess::get_bishop_moves(sq, walls) & !walls;
            }
            seen |= frontier;
            frontier = next & !seen;
            d = d.saturating_add(1);
        }
        Guide {
            bishop_distance: distance,
            hopeless,
        }
    }
}

/// Where each kind of piece is steered, relative to the target corner.
#[derive(Clone, Copy)]
struct Targets {
    winner_king: Square,
    winner_knight: Square,
    loser_king: Square,
    loser_knight: Square,
}

impl Targets {
    fn of(board: &Board, winner: Color) -> Self {
        let corner = target_corner(board, winner);
        let df: i8 = if corner.file() == File::H { -1 } else { 1 };
        let dr: i8 = if corner.rank() == Rank::Eighth { -1 } else { 1 };
        Targets {
            winner_king: corner.offset(df, dr),
            winner_knight: corner.offset(3 * df, 3 * dr),
            loser_king: corner,
            loser_knight: corner.offset(df, 0),
        }
    }
}

const fn knight_distances() -> [[u8; 64]; 64] {
    const JUMPS: [(i8, i8); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut table = [[u8::MAX; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut queue = [0usize; 64];
        let (mut head, mut tail) = (0, 1);
        queue[0] = from;
        table[from][from] = 0;
        while head < tail {
            let sq = queue[head];
            head += 1;
            let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
            let mut j = 0;
            while j < 8 {
                let (nf, nr) = (f + JUMPS[j].0, r + JUMPS[j].1);
                if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                    let next = (nr * 8 + nf) as usize;
                    if table[from][next] == u8::MAX {
                        table[from][next] = table[from][sq] + 1;
                        queue[tail] = next;
                        tail += 1;
                    }
                }
                j += 1;
            }
        }
        from += 1;
    }
    table
}

static KNIGHT_DISTANCE: [[u8; 64]; 64] = knight_distances();

/// True when the move brings a king or knight strictly closer to its target square.
fn approaches(piece: Piece, mv: Move, target: Square) -> bool {
    match piece {
        Piece::King => king_distance(mv.to, target) < king_distance(mv.from, target),
        Piece::Knight => {
            KNIGHT_DISTANCE[mv.to as usize][target as usize]
                < KNIGHT_DISTANCE[mv.from as usize][target as usize]
        }
        _ => false,
    }
}

/// True when the move takes an enemy piece (en passant included).
pub(super) fn is_capture(board: &Board, mv: Move) -> bool {
    let mover = board.side_to_move();
    if board.colors(!mover).has(mv.to) {
        return true;
    }
    board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file()
}

/// The depth accounting of Fig. 12: progress for the winner is a capture, a pawn moving forward,
/// or a king or knight heading for the mating corner; for the loser, its king or knight heading
/// for the corner. The loser's captures simplify the position away from mates, so they are
/// punished.
fn classify(
    board: &Board,
    mv: Move,
    winner: Color,
    targets: &Targets,
    guide: Option<&Guide>,
) -> Progress {
    let Some(piece) = board.piece_on(mv.from) else {
        return Progress::Normal;
    };
    if let Some(guide) = guide
        && let Some(progress) = classify_guided(board, mv, piece, winner, guide)
    {
        return progress;
    }
    if board.side_to_move() == winner {
        let target = match piece {
            Piece::King => Some(targets.winner_king),
            Piece::Knight => Some(targets.winner_knight),
            _ => None,
        };
        if piece == Piece::Pawn
            || is_capture(board, mv)
            || target.is_some_and(|t| approaches(piece, mv, t))
        {
            return Progress::Reward;
        }
        Progress::Normal
    } else {
        let target = match piece {
            Piece::King => Some(targets.loser_king),
            Piece::Knight => Some(targets.loser_knight),
            _ => None,
        };
        if target.is_some_and(|t| approaches(piece, mv, t)) {
            return Progress::Reward;
        }
        if is_capture(board, mv) {
            return Progress::Punish;
        }
        Progress::Normal
    }
}

/// The deep phase's extra rules: bishops walk towards the mating corner (and, once there, may
/// step aside to let the king in), the loser trades pawns off in crowded positions, and a move
/// into a proven fortress is a detour.
fn classify_guided(
    board: &Board,
    mv: Move,
    piece: Piece,
    winner: Color,
    guide: &Guide,
) -> Option<Progress> {
    if guide.hopeless.contains(&mv) {
        return Some(Progress::Punish);
    }
    let from = guide.bishop_distance[mv.from as usize];
    let to = guide.bishop_distance[mv.to as usize];
    if board.side_to_move() == winner {
        if piece == Piece::Bishop
            && from != u8::MAX
            && ((from <= 1 && from < to) || (from > 2 && to < from))
        {
            return Some(Progress::Reward);
        }
        return None;
    }
    let crowded = board.occupied().len() > 5;
    if crowded
        && is_capture(board, mv)
        && (piece == Piece::Pawn || board.piece_on(mv.to) == Some(Piece::Pawn))
    {
        return Some(Progress::Reward);
    }
    if piece == Piece::Bishop && to < from {
        return Some(Progress::Reward);
    }
    None
}

/// State of one helpmate search: the intended winner, the depth limit, the node budgets, the
/// current line and the transposition table.
pub(super) struct Helpmate {
    winner: Color,
    max_depth: u16,
    punish_cost: u16,
    iteration_limit: u64,
    iteration_nodes: u64,
    /// Nodes left in the caller's whole budget; the search never spends beyond it.
    nodes_left: u64,
    interrupted: bool,
    /// The node budget ran out: unwind at once.
    interrupted_by_nodes: bool,
    line: Vec<Move>,
    /// The generated moves of every position on the current line, stacked: each ply pushes its
    /// own and truncates them away when done, so the search neither allocates per node nor
    /// touches a fresh buffer per ply.
    move_stack: Vec<PieceMoves>,
    /// The positions on the current line whose moves are being tried (the walk's stack).
    frames: Vec<Frame>,
    /// The answer of an iteration whose root was answered on entry.
    leaf: Option<bool>,
    /// Where a deepening stands between two steps.
    deepening: Option<Deepening>,
    table: Option<PositionMap<u16>>,
    guide: Option<Guide>,
    /// Try Black's moves in mirrored order (see `mirror_order`).
    mirrored: bool,
    /// Keep table entries from one iteration to the next. That prunes more, but an entry left by
    /// an interrupted iteration stands for a position that was not fully expanded, so a "no
    /// mate" found that way is only accepted after the same depth is re-run on a fresh table.
    keep_table: bool,
}

impl Helpmate {
    /// A search for a mate by `winner`, allowed `nodes_left` nodes in total.
    pub(super) fn new(winner: Color, nodes_left: u64, use_table: bool) -> Self {
        Helpmate {
            winner,
            max_depth: 0,
            punish_cost: 4,
            iteration_limit: u64::MAX,
            iteration_nodes: 0,
            nodes_left,
            interrupted: false,
            interrupted_by_nodes: false,
            line: Vec::with_capacity(PLY_CAP),
            move_stack: Vec::with_capacity(18 * 16),
            frames: Vec::with_capacity(PLY_CAP),
            leaf: None,
            deepening: None,
            table: use_table.then(PositionMap::default),
            guide: None,
            mirrored: false,
            keep_table: false,
        }
    }

    /// Keeps table entries across iterations (see the field's comment for how that stays sound).
    pub(super) fn keeping_table(mut self) -> Self {
        self.keep_table = self.table.is_some();
        self
    }

    /// Steers the search with the deep phase's extra rules.
    pub(super) fn guided_by(mut self, guide: Guide) -> Self {
        self.guide = Some(guide);
        self.mirrored = self.winner == Color::Black;
        self
    }

    /// Nodes not yet spent of the budget given to [`Helpmate::new`].
    pub(super) fn nodes_left(&self) -> u64 {
        self.nodes_left
    }
}

/// The deep, guided search is the same for both colours: for Black it tries moves in the order
/// it would try them for White on the board mirrored top to bottom (the generator lists pieces
/// rank by rank from White's side). Within each run of one kind of piece, sources go from
/// Black's side. Only the deep phase does this: the re-ordering costs time on every node, and
/// the earlier phases settle game positions in either order.
fn mirror_order(moves: &mut [PieceMoves]) {
    let mut run_start = 0;
    for i in 1..=moves.len() {
        let run_ends = i == moves.len()
            || moves[i].piece != moves[i - 1].piece
            || moves[i].from <= moves[i - 1].from;
        if run_ends {
            moves[run_start..i].sort_by_key(|m| m.from.flip_rank());
            run_start = i;
        }
    }
}

/// The move of a position with exactly one legal move.
fn only_move(board: &Board) -> Option<Move> {
    let mut count = 0;
    let mut single = None;
    board.generate_moves(|piece_moves| {
        count += piece_moves.len();
        single = piece_moves.into_iter().next();
        count > 1
    });
    if count == 1 { single } else { None }
}

/// Plays the moves of a position while it has exactly one legal move (at most `limit` of them).
/// Returns the position reached, the moves played, and whether a position repeated: a forced
/// line that repeats goes round for ever, so nobody can ever be mated from it.
pub(super) fn play_forced_moves(board: &Board, limit: usize) -> (Board, Vec<Move>, bool) {
    let mut current = board.clone();
    let mut played = Vec::new();
    let mut seen: Vec<PositionKey> = Vec::new();
    for _ in 0..limit {
        let Some(mv) = only_move(&current) else {
            break;
        };
        if seen.is_empty() {
            seen.push(PositionKey::of(&current));
        }
        current.play_unchecked(mv);
        played.push(mv);
        let key = PositionKey::of(&current);
        if seen.contains(&key) {
            return (current, played, true);
        }
        seen.push(key);
    }
    (current, played, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::board;

    #[test]
    fn knight_distance_table_is_right() {
        assert_eq!(KNIGHT_DISTANCE[Square::A1 as usize][Square::B3 as usize], 1);
        assert_eq!(KNIGHT_DISTANCE[Square::A1 as usize][Square::B2 as usize], 4);
        assert_eq!(KNIGHT_DISTANCE[Square::A1 as usize][Square::H8 as usize], 6);
    }

    #[test]
    fn art_6_10_2005_finds_mate_in_one_as_helpmate() {
        let b = board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        let mut search = Helpmate::new(Color::White, 100_000, true);
        match search.deepen(&b, 1..=4, 10_000) {
            Iteration::Mate(line) => {
                let mut end = b.clone();
                for mv in &line {
                    assert!(end.try_play(*mv).is_ok());
                }
                assert!(is_mate_of(&end, Color::Black));
            }
            other => panic!("expected a mate, got {other:?}"),
        }
    }

    #[test]
    fn art_6_10_2005_forced_repetition_is_detected() {
        // Both bishops must shuttle; every other piece is frozen.
        let b = board("k1b5/1p1p4/1P1P4/8/8/4p1p1/4P1P1/5B1K w - - 0 1");
        let (_, played, repeated) = play_forced_moves(&b, 16);
        assert!(repeated);
        assert!(!played.is_empty());
    }
}
