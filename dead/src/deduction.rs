//! A second semi-static analysis, after the one in chasolver's `deduction` module (MIT, by the
//! author of the FUN 2022 paper), written anew on cozy-chess: per-piece reachable squares grown
//! to a fixpoint by real moves only, with filters for moves that end every hope of a mate at
//! once (a check that mates the winner's boxed-in king, the winner's last piece offered to the
//! loser's king, a king step that stalemates, a path barred for ever), then a test that the
//! loser's king can never be mated on any square of its region, and case splits on pieces that
//! never move but may be taken. It proves locked fortresses that [`super::semistatic`] leaves
//! open (2005 Art. 6.10 / 9.6, 2023 Art. 6.9 / 5.2.2); "true" is a proof, "false" only "not
//! proven".
//!
//! Soundness rests on one argument: take any line that ends in the winner's mate, and the first
//! move of it that a region does not allow. Every filter below names the reason why such a move
//! cannot lie on a line to the winner's mate, given that every piece was inside its region until
//! then. Where chasolver's mate test leaves out every winner's piece that never moves and blocks
//! lines by every square anybody might stand on, this one blocks lines only by pieces that never
//! move, counts every winner's piece as covering flight squares, and as a checker every piece
//! that moves and every line piece (its check may be uncovered); only a piece the case split
//! assumes taken before it ever moves is left out, being gone by the time of any mate.

use cozy_chess::{
    BitBoard, Board, Color, Piece, Rank, Square, get_between_rays, get_bishop_moves,
    get_king_moves, get_knight_moves, get_line_rays, get_pawn_attacks, get_pawn_quiets,
    get_rook_moves,
};

/// Squares a piece on `from` can move to (pawns: pushes only), rays stopped by `blockers`.
fn moves_of(piece: Piece, colour: Color, from: Square, blockers: BitBoard) -> BitBoard {
    match piece {
        Piece::King => get_king_moves(from),
        Piece::Queen => get_rook_moves(from, blockers) | get_bishop_moves(from, blockers),
        Piece::Rook => get_rook_moves(from, blockers),
        Piece::Bishop => get_bishop_moves(from, blockers),
        Piece::Knight => get_knight_moves(from),
        Piece::Pawn => get_pawn_quiets(from, colour, blockers),
    }
}

/// Squares a piece on `from` attacks, rays stopped by `blockers`. A king counts its own square
/// too: no enemy king can ever stand there.
fn attacks_of(piece: Piece, colour: Color, from: Square, blockers: BitBoard) -> BitBoard {
    match piece {
        Piece::King => get_king_moves(from) | from.bitboard(),
        Piece::Pawn => get_pawn_attacks(from, colour),
        _ => moves_of(piece, colour, from, blockers),
    }
}

/// Adds `squares` to a growing set, noting whether it grew.
fn add_to(field: &mut BitBoard, squares: BitBoard, progress: &mut bool) {
    let next = *field | squares;
    if next != *field {
        *field = next;
        *progress = true;
    }
}

/// Takes `squares` out of a shrinking set, noting whether it shrank.
fn take_from(field: &mut BitBoard, squares: BitBoard, progress: &mut bool) {
    let next = *field & !squares;
    if next != *field {
        *field = next;
        *progress = true;
    }
}

fn index(colour: Color) -> usize {
    colour as usize
}

/// Subsets of `squares` with exactly `size` members (at most 8 squares here).
fn subsets(squares: BitBoard, size: u32) -> Vec<BitBoard> {
    let list: Vec<Square> = squares.iter().collect();
    let mut out = Vec::new();
    if size as usize > list.len() {
        return out;
    }
    let count = list.len();
    for mask in 0u32..(1u32 << count) {
        if mask.count_ones() == size {
            let chosen = (0..count)
                .filter(|i| mask >> i & 1 == 1)
                .fold(BitBoard::EMPTY, |acc, i| acc | list[i].bitboard());
            out.push(chosen);
        }
    }
    out
}

/// The fixpoint state. Regions and most sets are indexed by the square a piece stands on now.
struct Deduction<'a> {
    board: &'a Board,
    winner: Color,
    /// Whether the winner has more than one piece besides the king: with only one, any capture
    /// of it by the loser ends every chance of a mate, and is not followed.
    winner_has_spare: bool,
    /// Squares each piece may ever stand on (over-approximation).
    reach: [BitBoard; 64],
    /// Pieces that never move and are never taken (under-approximation; shrinks).
    steady: BitBoard,
    /// Squares nobody ever enters (under-approximation; shrinks).
    clear: BitBoard,
    /// Squares each colour attacks at every moment (under-approximation).
    attacked: [BitBoard; 2],
    /// Pieces that may be taken (over-approximation; grows).
    capturable: BitBoard,
    /// Pieces that may leave their square (over-approximation; grows).
    movable: BitBoard,
    /// Squares reached by each colour's pieces other than bishops.
    non_bishop_reach: [BitBoard; 2],
    /// Squares where each colour's non-king pieces may stand (to be taken there).
    offered: [BitBoard; 2],
    /// Case-split assumption: these pieces are not taken while they have never moved.
    spared_while_steady: BitBoard,
    /// Case-split assumption: these pieces never move, and may be taken where they stand.
    taken_only_unmoved: BitBoard,
    /// The first pieces found both steady and capturable: the case split branches on them.
    first_steady_capturable: Option<BitBoard>,
    promotable: bool,
}

impl<'a> Deduction<'a> {
    fn new(board: &'a Board, winner: Color) -> Self {
        let mut reach = [BitBoard::EMPTY; 64];
        for square in board.occupied() {
            reach[square as usize] = square.bitboard();
        }
        let mut deduction = Deduction {
            board,
            winner,
            winner_has_spare: board.colors(winner).len() > 2,
            reach,
            steady: board.occupied(),
            clear: !board.occupied(),
            attacked: [BitBoard::EMPTY; 2],
            capturable: BitBoard::EMPTY,
            movable: BitBoard::EMPTY,
            non_bishop_reach: [BitBoard::EMPTY; 2],
            offered: [BitBoard::EMPTY; 2],
            spared_while_steady: BitBoard::EMPTY,
            taken_only_unmoved: BitBoard::EMPTY,
            first_steady_capturable: None,
            promotable: false,
        };
        deduction.update_attacked();
        deduction
    }

    fn piece(&self, square: Square) -> Option<(Piece, Color)> {
        Some((self.board.piece_on(square)?, self.board.color_on(square)?))
    }

    fn king(&self, colour: Color) -> BitBoard {
        self.board.colors(colour) & self.board.pieces(Piece::King)
    }

    /// Squares attacked at every moment by pieces never taken: from every square of the
    /// attacker's region, with every square somebody might enter counted as a blocker.
    fn update_attacked(&mut self) {
        self.attacked = [BitBoard::EMPTY; 2];
        for square in self.board.occupied() & !self.capturable {
            let Some((piece, colour)) = self.piece(square) else {
                continue;
            };
            let mut blockers = !self.clear;
            if piece == Piece::Bishop {
                // A square that only this colour's bishops (never taken) can ever stand on holds
                // a bishop of the same square colour or nothing: it never blocks their lines.
                blockers &= !(self.board.colors(colour)
                    & self.board.pieces(Piece::Bishop)
                    & !self.non_bishop_reach[index(colour)]
                    & !self.capturable);
            }
            let mut always = BitBoard::FULL;
            for from in self.reach[square as usize] {
                always &= attacks_of(piece, colour, from, blockers);
                if always.is_empty() {
                    break;
                }
            }
            self.attacked[index(colour)] |= always;
        }
    }

    fn add_reach(&mut self, square: Square, colour: Color, squares: BitBoard, progress: &mut bool) {
        let i = square as usize;
        add_to(&mut self.reach[i], squares, progress);
        if self.board.piece_on(square) != Some(Piece::Bishop) {
            let c = index(colour);
            add_to(&mut self.non_bishop_reach[c], squares, progress);
        }
    }

    fn add_capturable(&mut self, taken: BitBoard, progress: &mut bool) {
        let steady_taken = taken & self.steady;
        if !steady_taken.is_empty() {
            match self.first_steady_capturable {
                None => self.first_steady_capturable = Some(steady_taken),
                Some(first) if !self.promotable => {
                    self.first_steady_capturable = Some(first | steady_taken);
                }
                Some(_) => {}
            }
        }
        add_to(&mut self.capturable, taken, progress);
    }

    /// Squares where the piece from `square` could take something: where it may stand, except
    /// that a pawn (until it promotes) only lands diagonally forward of a square it stood on.
    fn capture_spots(&self, square: Square, piece: Piece, colour: Color) -> BitBoard {
        let reach = self.reach[square as usize];
        if piece != Piece::Pawn || reach == BitBoard::FULL {
            return reach;
        }
        let mut spots = BitBoard::EMPTY;
        for from in reach {
            spots |= get_pawn_attacks(from, colour);
        }
        spots & reach
    }

    fn saturate(&mut self) {
        let kings = self.board.pieces(Piece::King);
        let last_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        loop {
            let mut progress = false;
            for square in self.board.occupied() {
                let Some((piece, colour)) = self.piece(square) else {
                    continue;
                };
                let here = square.bitboard();
                for from in self.reach[square as usize] {
                    let mut targets = moves_of(piece, colour, from, self.steady);
                    if piece == Piece::Pawn && (colour == self.winner || self.winner_has_spare) {
                        targets |= get_pawn_attacks(from, colour) & self.offered[index(!colour)];
                    }
                    let targets = self.filter(square, piece, colour, from, targets);
                    self.add_reach(square, colour, targets, &mut progress);
                    if !(targets & !here).is_empty() {
                        add_to(&mut self.movable, here, &mut progress);
                    }
                }

                let reach = self.reach[square as usize];
                if !(reach & !here).is_empty() {
                    take_from(&mut self.steady, here, &mut progress);
                }
                if colour == self.winner || self.winner_has_spare {
                    let spots = self.capture_spots(square, piece, colour);
                    let mut taken = BitBoard::EMPTY;
                    for victim in self.board.colors(!colour) & !kings {
                        if !(spots & self.reach[victim as usize]).is_empty() {
                            taken |= victim.bitboard();
                        }
                    }
                    self.add_capturable(taken, &mut progress);
                }
                let entered = reach & !here & !kings;
                take_from(&mut self.steady, entered, &mut progress);
                take_from(&mut self.clear, reach, &mut progress);
                if piece != Piece::King {
                    let c = index(colour);
                    add_to(&mut self.offered[c], reach, &mut progress);
                }
                if piece == Piece::Pawn && !(reach & last_ranks).is_empty() {
                    // Promoted: any piece, anywhere but on squares held for ever by its own side
                    // or by a king.
                    self.promotable = true;
                    let closed = self.steady & (self.board.colors(colour) | kings);
                    self.add_reach(square, colour, !closed, &mut progress);
                }
            }
            self.update_attacked();
            if !progress {
                break;
            }
        }
    }

    /// The squares of `targets` that the piece from `origin`, now on `from`, may really go to
    /// on a line that can still end in the winner's mate.
    fn filter(
        &self,
        origin: Square,
        piece: Piece,
        colour: Color,
        from: Square,
        mut targets: BitBoard,
    ) -> BitBoard {
        targets &= !self.reach[origin as usize];
        // No capture of one's own piece that never leaves.
        targets &= !(self.board.colors(colour) & self.steady);
        if piece == Piece::King {
            // 2005 Art. 3.9: a king never steps onto an attacked square.
            targets &= !self.attacked[index(!colour)];
        }
        let loser = !self.winner;
        let winner_king = self.king(self.winner);
        if colour == loser && !(winner_king & self.steady).is_empty() {
            targets = self.drop_checks_of_boxed_king(piece, from, targets, winner_king);
        }
        if colour == self.winner && !self.winner_has_spare {
            targets = self.drop_last_piece_offers(piece, targets, winner_king);
        }
        if piece == Piece::King {
            targets = self.drop_stalemating_steps(colour, from, targets);
        }
        targets = self.drop_barred_paths(origin, piece, colour, from, targets);
        targets &= !(self.spared_while_steady & self.steady);
        if self.taken_only_unmoved.has(origin) {
            targets = BitBoard::EMPTY;
        }
        targets
    }

    /// A loser's move that checks the winner's king, which never moves, where nothing can take
    /// the checker or step between, mates the winner (2005 Art. 1.2): no line to the winner's
    /// mate goes through it. Direct checks, and checks uncovered for a loser's line piece that
    /// never moves.
    fn drop_checks_of_boxed_king(
        &self,
        piece: Piece,
        from: Square,
        mut targets: BitBoard,
        winner_king: BitBoard,
    ) -> BitBoard {
        let loser = !self.winner;
        let Some(king_square) = winner_king.iter().next() else {
            return targets;
        };
        for to in targets {
            // Lines blocked by every square somebody might enter: the check is certain, and no
            // piece can ever step between. The checker is not taken: no winner's piece besides
            // the king can get to `to`, and the king has no square to go to.
            let checks = !(attacks_of(piece, loser, to, !self.clear) & winner_king).is_empty();
            if checks
                && !self.winner_can_take_on(to)
                && self.king_held(king_square, piece, from, to)
            {
                targets &= !to.bitboard();
            }
        }
        let blockers = !self.clear & !from.bitboard();
        let uncovering = self.board.colors(loser)
            & self.steady
            & !from.bitboard()
            & get_line_rays(king_square, from);
        for to in targets {
            for checker in uncovering {
                let Some((checker_piece, _)) = self.piece(checker) else {
                    continue;
                };
                let lines = attacks_of(checker_piece, loser, checker, blockers | to.bitboard());
                if !(lines & winner_king).is_empty() && self.king_held(king_square, piece, from, to)
                {
                    targets &= !to.bitboard();
                    break;
                }
            }
        }
        targets
    }

    /// Whether a winner's piece besides the king could take on `to` in one move from where it
    /// may stand: a pawn by its diagonal step even where no loser's piece was thought to stand.
    fn winner_can_take_on(&self, to: Square) -> bool {
        if self.offered[index(self.winner)].has(to) {
            return true;
        }
        let pawns = self.board.colors(self.winner) & self.board.pieces(Piece::Pawn);
        pawns.iter().any(|pawn| {
            self.reach[pawn as usize]
                .iter()
                .any(|from| get_pawn_attacks(from, self.winner).has(to))
        })
    }

    /// Whether the king on `king_square` has no move once the piece of the other side moves
    /// from `from` to `to` and checks it: every square around it holds for ever a piece of its
    /// own (other than on `to`), or is attacked for certain by the checker or by a piece of the
    /// checker's side that never moves; the checker itself, if next to the king, is guarded.
    fn king_held(&self, king_square: Square, piece: Piece, from: Square, to: Square) -> bool {
        let Some(king_colour) = self.board.color_on(king_square) else {
            return false;
        };
        let blockers = !self.clear | to.bitboard();
        let guards = self.board.colors(!king_colour) & self.steady & !from.bitboard();
        let mut attacked = attacks_of(piece, !king_colour, to, blockers) & !to.bitboard();
        for guard in guards {
            if let Some((guard_piece, _)) = self.piece(guard) {
                attacked |= attacks_of(guard_piece, !king_colour, guard, blockers);
            }
        }
        let own = self.board.colors(king_colour) & self.steady & !to.bitboard();
        (get_king_moves(king_square) & !own & !attacked).is_empty()
    }

    /// The winner's last piece besides the king, checking at contact range a loser's king that
    /// never moves, where the winner's king can never defend it, is taken at once: a bare king
    /// never mates (2005 Art. 6.10 / 9.6).
    fn drop_last_piece_offers(
        &self,
        piece: Piece,
        mut targets: BitBoard,
        winner_king: BitBoard,
    ) -> BitBoard {
        let loser = !self.winner;
        let loser_king = self.king(loser);
        if (loser_king & self.steady).is_empty() {
            return targets;
        }
        let Some(king_square) = winner_king.iter().next() else {
            return targets;
        };
        let king_reach = self.reach[king_square as usize];
        for to in targets {
            if !(king_reach & get_king_moves(to)).is_empty() {
                // The winner's king might defend `to`, and the check be mate; unless a loser's
                // piece that never moves attacks `to` too and takes the checker.
                let guarded = (self.steady & self.board.colors(loser) & !loser_king)
                    .iter()
                    .any(|guard| {
                        self.piece(guard).is_some_and(|(guard_piece, _)| {
                            attacks_of(guard_piece, loser, guard, !self.clear).has(to)
                        })
                    });
                if !guarded {
                    continue;
                }
            }
            let contact =
                attacks_of(piece, self.winner, to, !self.clear) & loser_king & get_king_moves(to);
            if !contact.is_empty() && self.loser_king_stays(piece, to, king_reach) {
                targets &= !to.bitboard();
            }
        }
        targets
    }

    /// Whether the loser's king, checked at contact range by the winner's last piece on `to`,
    /// has no square to flee to, and so must take it: every square around it holds a loser's
    /// piece that never moves, or is attacked by the checker, or by the winner's king from
    /// wherever it may stand.
    fn loser_king_stays(&self, piece: Piece, to: Square, winner_king_reach: BitBoard) -> bool {
        let loser = !self.winner;
        let Some(king_square) = self.king(loser).iter().next() else {
            return false;
        };
        let mut attacked = attacks_of(piece, self.winner, to, !self.clear);
        let mut always = BitBoard::FULL;
        for spot in winner_king_reach {
            always &= get_king_moves(spot);
        }
        attacked |= always;
        let own = self.board.colors(loser) & self.steady;
        (get_king_moves(king_square) & !to.bitboard() & !own & !attacked).is_empty()
    }

    /// A king step after which the other side, whose other pieces never move, has no square for
    /// its king: stalemate (2005 Art. 5.2a) ends the game, unless leaving `from` uncovers a
    /// check by a line piece of the mover.
    fn drop_stalemating_steps(
        &self,
        colour: Color,
        from: Square,
        mut targets: BitBoard,
    ) -> BitBoard {
        let theirs = self.board.colors(!colour);
        let their_king = self.king(!colour);
        if !(theirs & !their_king & self.movable).is_empty() {
            return targets;
        }
        let Some(their_king_square) = their_king.iter().next() else {
            return targets;
        };
        let their_region = self.reach[their_king_square as usize]
            | (get_king_moves(their_king_square) & !self.attacked[index(colour)] & !self.steady);
        let ours = self.board.colors(colour);
        let diagonal = ours & (self.board.pieces(Piece::Bishop) | self.board.pieces(Piece::Queen));
        let straight = ours & (self.board.pieces(Piece::Rook) | self.board.pieces(Piece::Queen));
        for to in targets {
            let covered = get_king_moves(to) | to.bitboard();
            if (get_king_moves(their_king_square) & covered).is_empty() {
                continue;
            }
            let blockers = !self.clear | to.bitboard();
            let diagonals = get_bishop_moves(from, blockers) & !blockers;
            if diagonal
                .iter()
                .any(|s| !(self.reach[s as usize] & diagonals).is_empty())
            {
                continue;
            }
            let lines = get_rook_moves(from, blockers) & !blockers;
            if straight
                .iter()
                .any(|s| !(self.reach[s as usize] & lines).is_empty())
            {
                continue;
            }
            if (their_region & !covered).len() <= 1 {
                targets &= !to.bitboard();
            }
        }
        targets
    }

    /// A move whose path holds a piece that is never taken and never leaves that path: the
    /// path is never free.
    fn drop_barred_paths(
        &self,
        origin: Square,
        piece: Piece,
        colour: Color,
        from: Square,
        mut targets: BitBoard,
    ) -> BitBoard {
        for to in targets {
            let path = get_between_rays(from, to) | from.bitboard() | to.bitboard();
            let obstacles = self.board.occupied() & path & !origin.bitboard() & !self.capturable;
            for obstacle in obstacles {
                let Some((obstacle_piece, obstacle_colour)) = self.piece(obstacle) else {
                    continue;
                };
                let mut held = path;
                // An enemy piece is in the way only where it cannot be taken: a pawn pushing
                // along its file onto an enemy pawn.
                let pawns_facing = obstacle_piece == Piece::Pawn
                    && piece == Piece::Pawn
                    && from.file() == to.file();
                if obstacle_colour != colour && !pawns_facing {
                    held &= !obstacle.bitboard();
                }
                if piece == Piece::Pawn
                    && obstacle_piece == Piece::Pawn
                    && (self.reach[origin as usize] & !to.file().bitboard()).is_empty()
                {
                    // Two pawns on one file that never leave it never pass each other.
                    held |= get_line_rays(origin, obstacle);
                }
                if (self.reach[obstacle as usize] & !held).is_empty() {
                    targets &= !to.bitboard();
                    break;
                }
            }
        }
        targets
    }

    /// Whether the loser's king could be mated somewhere in its region, as far as the fixpoint
    /// tells: some winner's piece can attack the square, and each flight square can be held by
    /// a distinct loser's piece or covered by the winner's king from one square.
    fn loser_could_be_mated(&self) -> bool {
        let loser = !self.winner;
        let (Some(winner_king), Some(loser_king)) = (
            self.king(self.winner).iter().next(),
            self.king(loser).iter().next(),
        ) else {
            return true;
        };
        let winner_king_reach = self.reach[winner_king as usize];
        let region = self.reach[loser_king as usize];
        // Lines are blocked only by pieces that never move. A piece assumed taken before it
        // ever moves (the case split) is gone by the time of any mate. A pawn or knight that
        // never moves gives no check at the mate: it would have been giving it before the
        // winner's last move already, with the winner to move. It may still cover a flight.
        let blockers = self.steady & !loser_king.bitboard();
        let mut checked = BitBoard::EMPTY;
        let mut covered = BitBoard::EMPTY;
        for square in self.board.colors(self.winner) & !self.board.pieces(Piece::King) {
            if self.taken_only_unmoved.has(square) {
                continue;
            }
            let Some((piece, colour)) = self.piece(square) else {
                continue;
            };
            let reach = self.reach[square as usize];
            let mut attacked = BitBoard::EMPTY;
            for from in reach {
                attacked |= attacks_of(piece, colour, from, blockers);
            }
            covered |= attacked;
            let slider = matches!(piece, Piece::Bishop | Piece::Rook | Piece::Queen);
            if slider || reach != square.bitboard() {
                checked |= region & attacked;
            }
        }
        for mate in checked {
            let flights = get_king_moves(mate) & region & !covered;
            let mut holders = 0u32;
            let mut holdable = BitBoard::EMPTY;
            for square in self.board.colors(loser) & !self.board.pieces(Piece::King) {
                let reach = self.reach[square as usize];
                if !(reach & flights).is_empty() {
                    holders += 1;
                    holdable |= reach & flights;
                }
            }
            let size = holders.min(holdable.len());
            for held in subsets(holdable, size) {
                let open = flights & !held;
                if open.is_empty() {
                    return true;
                }
                let mut spots = BitBoard::EMPTY;
                for square in open {
                    spots |= get_king_moves(square);
                }
                spots &= !(mate.bitboard() | get_king_moves(mate)) & winner_king_reach;
                if spots
                    .iter()
                    .any(|spot| open.is_subset(get_king_moves(spot)))
                {
                    return true;
                }
            }
        }
        false
    }
}

/// True when castling can never happen: for every right left, a piece that never moves stands
/// between king and rook. Then the analysis, which has no castling move, stays sound.
fn castling_barred(board: &Board, deduction: &Deduction) -> bool {
    for colour in [Color::White, Color::Black] {
        let rights = board.castle_rights(colour);
        let Some(king) = deduction.king(colour).iter().next() else {
            return false;
        };
        for rook_file in [rights.short, rights.long].into_iter().flatten() {
            let rook = Square::new(rook_file, king.rank());
            if (get_between_rays(king, rook) & deduction.steady).is_empty() {
                return false;
            }
        }
    }
    true
}

fn could_be_mated(
    board: &Board,
    winner: Color,
    spared: BitBoard,
    taken_only_unmoved: BitBoard,
) -> bool {
    let mut deduction = Deduction::new(board, winner);
    deduction.spared_while_steady = spared;
    deduction.taken_only_unmoved = taken_only_unmoved;
    deduction.saturate();
    deduction.loser_could_be_mated() || !castling_barred(board, &deduction)
}

/// Squares of pieces that never move nor are taken, as far as the fixpoint tells (for steering
/// the search; any answer is sound to use as a heuristic).
pub(super) fn steady_squares(board: &Board, winner: Color) -> u64 {
    let mut deduction = Deduction::new(board, winner);
    deduction.saturate();
    deduction.steady.0
}

/// True only when `winner` provably can never mate, whatever both sides play.
pub(super) fn is_unwinnable(board: &Board, winner: Color) -> bool {
    if super::semistatic::en_passant_possible(board) {
        return false;
    }
    let mut base = Deduction::new(board, winner);
    if !base.winner_has_spare {
        // The winner's last piece taken where it stands leaves a bare king.
        base.spared_while_steady = board.colors(winner) & !board.pieces(Piece::King);
    }
    base.saturate();
    if !base.loser_could_be_mated() && castling_barred(board, &base) {
        return true;
    }
    let Some(split) = base.first_steady_capturable else {
        return false;
    };
    let none = BitBoard::EMPTY;
    // Each such piece is either taken before it ever moves (then it never moves), or is never
    // taken while it has not moved: if neither case allows a mate, none exists.
    for square in split {
        let only = square.bitboard();
        if could_be_mated(board, winner, only, none) {
            continue;
        }
        if !could_be_mated(board, winner, none, only) {
            return true;
        }
    }
    if split.len() == 2 {
        let mut squares = split.iter();
        let (Some(first), Some(second)) = (squares.next(), squares.next()) else {
            return false;
        };
        let (a, b) = (first.bitboard(), second.bitboard());
        let cases = [(split, none), (a, b), (b, a), (none, split)];
        return cases
            .iter()
            .all(|&(spared, taken)| !could_be_mated(board, winner, spared, taken));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::board;

    #[test]
    fn art_6_10_2005_queen_cannot_mate_a_king_walled_in_by_pieces_that_may_not_move() {
        // Every black piece round b3 that could move would check White's boxed-in king where
        // nothing can answer it: Black's mate. So they stay, and the queen never gets near.
        let b = board("6Q1/8/4n3/8/ppp5/qkp3b1/rnp5/n1K5 b - - 0 1");
        assert!(is_unwinnable(&b, Color::White));
        // Black can mate (so labelled in the hard set): nothing may be proven.
        assert!(!is_unwinnable(&b, Color::Black));
    }

    #[test]
    fn art_9_6_2005_castling_right_behind_pieces_that_never_move_is_no_way_out() {
        let b = board("1k6/8/8/3B4/2Bp1p1p/1BpP1P1P/2P1BPBP/3BKBNR w K - 0 1");
        assert!(is_unwinnable(&b, Color::White));
        assert!(is_unwinnable(&b, Color::Black));
        // A right that can be used is not modelled: nothing proven.
        let open = board("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert!(!is_unwinnable(&open, Color::White));
    }

    #[test]
    fn art_9_6_2005_case_split_on_pieces_taken_only_where_they_stand() {
        // Proven only by splitting on the pieces that never move but might be taken.
        for fen in [
            "B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/RB6 b - - 0 1",
            "1k4b1/1P1p4/BP1Pp1p1/1P2P1P1/pB6/Pp2K3/1P5B/8 b - - 0 1",
        ] {
            let b = board(fen);
            assert!(is_unwinnable(&b, Color::White), "{fen}");
            assert!(is_unwinnable(&b, Color::Black), "{fen}");
        }
    }

    #[test]
    fn art_6_10_2005_positions_with_a_mate_are_never_proven() {
        // Labelled winnable in the hard set (White, then both sides).
        let b = board("1bB4b/k7/R5r1/8/1pBp1p1p/1PpP1P1P/K1P4b/RB6 b - - 0 1");
        assert!(!is_unwinnable(&b, Color::White));
        let b = board("k1b1b1b1/8/8/BpBpBpBp/1PbPbPpP/6P1/6P1/K1B5 w - - 0 1");
        assert!(!is_unwinnable(&b, Color::White));
        assert!(!is_unwinnable(&b, Color::Black));
        assert!(!is_unwinnable(&Board::default(), Color::White));
        assert!(!is_unwinnable(&Board::default(), Color::Black));
    }

    #[test]
    fn art_3_7d_2005_en_passant_available_is_not_analysed() {
        let b = board("8/6R1/8/6p1/2N2pP1/PPPP4/QNP2P1N/1Bk1K2R b - g3 0 1");
        assert!(!is_unwinnable(&b, Color::White));
    }

    #[test]
    fn subsets_have_the_asked_size() {
        let squares = Square::A1.bitboard() | Square::B2.bitboard() | Square::C3.bitboard();
        assert_eq!(subsets(squares, 2).len(), 3);
        assert!(subsets(squares, 2).iter().all(|s| s.len() == 2));
        assert_eq!(subsets(squares, 0), vec![BitBoard::EMPTY]);
        assert!(subsets(squares, 4).is_empty());
    }
}
