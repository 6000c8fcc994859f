//! A position under the Laws: the pieces, the player to move, castling and en-passant rights,
//! and the count of half-moves since the last capture or pawn move (Art. 9.3), kept exactly.
//!
//! ```
//! use arbiter_chess::position::Position;
//! use arbiter_chess::notation::{san, Language};
//! let mut pos = Position::startpos();
//! let mv = san::parse(&pos, "Cf3", Language::Italian).unwrap();
//! assert_eq!(mv.to_string(), "g1f3");
//! pos.play(mv).unwrap();
//! assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
//! ```

/// The board's vocabulary, re-exported here and at the crate root (see [`crate::chessboard`]).
pub use crate::chessboard::{Color, File, Piece, Rank, Square};
use cozy_chess::{Board, BoardBuilder, CastleRights};
use thiserror::Error;

use crate::fen::{self, FenError};
use crate::movegen::{self, Castling, Move};
use crate::placement::{Occupant, Placement};

/// How many king steps lie between two squares: the greater of their file and rank distances.
// Inline across crates: the dead-position search calls it on every king move it orders, and as a
// call from arbiter-dead it cost that search 1 % of its instructions (callgrind) when the chess
// layer became a crate of its own.
#[inline]
pub fn king_distance(a: Square, b: Square) -> u8 {
    let df = (a.file() as i8 - b.file() as i8).unsigned_abs();
    let dr = (a.rank() as i8 - b.rank() as i8).unsigned_abs();
    df.max(dr)
}

/// A move refused because it is not legal in the position (Art. 3 and 7).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{mv} is not a legal move in this position")]
pub struct IllegalMove {
    /// The refused move.
    pub mv: Move,
}

/// The state of the board between two moves. Equality compares everything, counters included;
/// for the Laws' idea of "the same position" (Art. 9.2) use [`Position::same_position`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    /// Exact; cozy-chess stops counting at 100, which would hide the 75-move rule (2023 Art. 9.6.2).
    halfmove_clock: u32,
}

/// A position prints as its FEN, the form every log, ruling and screen shows.
impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// The initial position (Art. 2).
    pub fn startpos() -> Self {
        Position {
            board: Board::default(),
            halfmove_clock: 0,
        }
    }

    /// Reads a FEN (see [`crate::fen`]).
    ///
    /// # Errors
    /// A [`FenError`] naming the wrong field.
    pub fn from_fen(text: &str) -> Result<Self, FenError> {
        fen::parse(text).map(Position::from_read)
    }

    /// Reads the FEN of a game's set-up, which may keep castling rights a faulty initial
    /// set-up gives (see [`fen::parse_setup`]).
    ///
    /// # Errors
    /// A [`FenError`] naming the wrong field.
    pub fn from_setup_fen(text: &str) -> Result<Self, FenError> {
        fen::parse_setup(text).map(Position::from_read)
    }

    fn from_read(read: fen::Fen) -> Self {
        Position::from_parts(read.board, read.halfmove_clock)
    }

    pub(crate) fn from_parts(board: Board, halfmove_clock: u32) -> Self {
        Position {
            board,
            halfmove_clock,
        }
    }

    /// The position `placement` makes with `side_to_move` on move, if it is one cozy-chess
    /// can hold (one king each, the side not on move not in check, no pawn on an end rank):
    /// castling rights kept from `rights_from` wherever king and rook still stand on their
    /// squares, no en-passant right, and the counters as given. This is how play returns to
    /// a legal position after one no legal play reaches (2023 App. A.5.4).
    pub fn from_placement(
        placement: &Placement,
        side_to_move: Color,
        rights_from: &Position,
        halfmove_clock: u32,
        fullmove_number: u16,
    ) -> Option<Position> {
        let mut builder = BoardBuilder::empty();
        for sq in Square::ALL {
            *builder.square_mut(sq) = placement.get(sq).piece().map(|(c, p)| (p, c));
        }
        builder.side_to_move = side_to_move;
        builder.halfmove_clock = u8::try_from(halfmove_clock.min(100)).unwrap_or(100);
        builder.fullmove_number = fullmove_number;
        for color in Color::ALL {
            let kept = rights_from.board.castle_rights(color);
            let back = Rank::First.relative_to(color);
            let stands = |file: File, piece: Piece| {
                placement.get(Square::new(file, back)).piece() == Some((color, piece))
            };
            let king_home = stands(File::E, Piece::King);
            *builder.castle_rights_mut(color) = CastleRights {
                short: kept.short.filter(|&f| king_home && stands(f, Piece::Rook)),
                long: kept.long.filter(|&f| king_home && stands(f, Piece::Rook)),
            };
        }
        let board = builder.build().ok().or_else(|| {
            // Rights that cozy-chess will not take (a king off the e-file in Chess960 terms) go.
            for color in Color::ALL {
                *builder.castle_rights_mut(color) = CastleRights::EMPTY;
            }
            builder.build().ok()
        })?;
        Some(Position::from_parts(board, halfmove_clock))
    }

    /// This position with `color`'s castling rights taken away on the sides named (short:
    /// with the h-rook, long: with the a-rook); fewer rights still make a legal position.
    pub fn without_castling(&self, color: Color, short: bool, long: bool) -> Position {
        let rights = self.board.castle_rights(color);
        let kept = CastleRights {
            short: rights.short.filter(|_| !short),
            long: rights.long.filter(|_| !long),
        };
        if kept == *rights {
            return self.clone();
        }
        let mut builder = BoardBuilder::from_board(&self.board);
        *builder.castle_rights_mut(color) = kept;
        match builder.build() {
            Ok(board) => Position::from_parts(board, self.halfmove_clock),
            Err(_) => self.clone(),
        }
    }

    /// The position after `mv` made by hand whether or not it is legal (an illegal move that
    /// stands until claimed, 2005 Art. 7.4 / 2023 App. A.4.2), if the pieces can stand that way
    /// with the opponent on move; not if, for instance, the mover left his king in check or
    /// the kings stand side by side. The mover's castling rights go; the count of Art. 9.3 goes
    /// on by one. Public for the game above, which keeps such a move on the board until claimed.
    pub fn after_illegal(&self, mv: Move) -> Option<Position> {
        let board = &self.board;
        let mut builder = BoardBuilder::from_board(board);
        let piece = builder.square(mv.from)?;
        *builder.square_mut(mv.from) = None;
        let placed = match mv.promotion {
            Some(p) => (p, piece.1),
            None => piece,
        };
        *builder.square_mut(mv.to) = Some(placed);
        builder.side_to_move = !board.side_to_move();
        builder.en_passant = None;
        *builder.castle_rights_mut(board.side_to_move()) = CastleRights::EMPTY;
        let after = match builder.clone().build() {
            Ok(after) => after,
            Err(_) => {
                *builder.castle_rights_mut(!board.side_to_move()) = CastleRights::EMPTY;
                builder.build().ok()?
            }
        };
        fen::kings_apart(&after).ok()?;
        Some(Position::from_parts(
            after,
            self.halfmove_clock.saturating_add(1),
        ))
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        fen::format(&self.board, self.halfmove_clock)
    }

    /// The underlying cozy-chess board (for searches such as the dead-position analysis).
    // The small accessors below are marked inline: the touch-move rules and the dead-position
    // search above call them on every move from other crates, where an unmarked function is a
    // call (callgrind: 4.7 % more instructions a move event once the chess layer was a crate).
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// Half-moves since the last capture or pawn move (Art. 9.3), exact.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The number of the move about to be played (starts at 1, grows after Black's move).
    pub fn fullmove_number(&self) -> u32 {
        u32::from(self.board.fullmove_number())
    }

    /// The piece on a square, with its color.
    #[inline]
    pub fn piece_on(&self, square: Square) -> Option<(Color, Piece)> {
        movegen::colored_piece_on(&self.board, square)
    }

    /// The colour of the piece on a square, if any.
    #[inline]
    pub fn color_on(&self, square: Square) -> Option<Color> {
        self.board.color_on(square)
    }

    /// Calls `visit` with each piece on the board and its square, a1 first; only occupied
    /// squares are visited, so comparing two positions this way stays cheap.
    pub fn for_each_piece(&self, mut visit: impl FnMut(Square, Color, Piece)) {
        for square in self.board.occupied() {
            if let Some((color, piece)) = self.piece_on(square) {
                visit(square, color, piece);
            }
        }
    }

    /// The pieces alone, without the player to move or the rights (what a board shows).
    pub fn placement(&self) -> Placement {
        let mut placement = Placement::default();
        self.for_each_piece(|square, color, piece| {
            placement.set(square, Occupant::Piece(color, piece));
        });
        placement
    }

    /// Where `color`'s king stands.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.board.king(color)
    }

    /// The en-passant target square left by the last move (a two-square pawn advance), whether or
    /// not a capture there is legal.
    pub fn en_passant_square(&self) -> Option<Square> {
        let file = self.board.en_passant()?;
        Some(Square::new(
            file,
            Rank::Sixth.relative_to(self.side_to_move()),
        ))
    }

    /// Whether the player to move is in check (Art. 3.9).
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// Whether the player to move is checkmated (Art. 1.2, 5.1a).
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !movegen::has_legal_move(&self.board)
    }

    /// Whether the player to move is stalemated (Art. 5.2a).
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && !movegen::has_legal_move(&self.board)
    }

    /// Whether the player to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        movegen::has_legal_move(&self.board)
    }

    /// All legal moves, in generation order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        movegen::for_each_legal_move(&self.board, |mv| moves.push(mv));
        moves
    }

    /// Calls `visit` with every legal move, without allocating.
    pub fn for_each_legal_move(&self, visit: impl FnMut(Move)) {
        movegen::for_each_legal_move(&self.board, visit);
    }

    /// Calls `visit` with every legal move of the piece on `from`.
    pub fn for_each_legal_move_from(&self, from: Square, visit: impl FnMut(Move)) {
        movegen::for_each_legal_move_from(&self.board, from, visit);
    }

    /// Calls `visit` with every legal move of a `piece` of the side to move landing on `to`
    /// (castling as the king landing on g or c): the hot path of reading SAN.
    pub fn for_each_legal_move_to(&self, piece: Piece, to: Square, visit: impl FnMut(Move)) {
        movegen::for_each_legal_move_to(&self.board, piece, to, visit);
    }

    /// The number of legal moves.
    pub fn count_legal_moves(&self) -> usize {
        movegen::count_legal_moves(&self.board)
    }

    /// Whether `mv` is legal here.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        movegen::is_legal(&self.board, mv)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`IllegalMove`] if the move is not legal; the position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let resets = movegen::try_play(&mut self.board, mv).ok_or(IllegalMove { mv })?;
        self.count_halfmove(resets);
        Ok(())
    }

    /// Plays a move the caller has just proven legal (the PGN checker's candidate search), so
    /// legality is not tested a second time on its hot path. Public for the layers above that
    /// prove it (the PGN checker, touch-move); a move not legal leaves the position undefined.
    #[inline]
    pub fn play_legal(&mut self, mv: Move) {
        let resets = movegen::play_legal(&mut self.board, mv);
        self.count_halfmove(resets);
    }

    fn count_halfmove(&mut self, resets: bool) {
        self.halfmove_clock = if resets {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
    }

    /// The position after a legal move.
    ///
    /// # Errors
    /// [`IllegalMove`] if the move is not legal.
    pub fn after(&self, mv: Move) -> Result<Position, IllegalMove> {
        let mut next = self.clone();
        next.play(mv)?;
        Ok(next)
    }

    /// The piece that `mv` moves, if there is one on its square.
    #[inline]
    pub fn moving_piece(&self, mv: Move) -> Option<Piece> {
        self.board.piece_on(mv.from)
    }

    /// Whether `mv` (assumed legal) captures, en passant included.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board.colors(!self.side_to_move()).has(mv.to) || self.is_en_passant(mv)
    }

    /// Whether `mv` (assumed legal) is an en-passant capture (Art. 3.7d).
    #[inline]
    pub fn is_en_passant(&self, mv: Move) -> bool {
        self.board.piece_on(mv.from) == Some(Piece::Pawn)
            && mv.from.file() != mv.to.file()
            && self.board.piece_on(mv.to).is_none()
    }

    /// Which castling `mv` is, if it has the shape of one (Art. 3.8b).
    #[inline]
    pub fn castling(&self, mv: Move) -> Option<Castling> {
        movegen::castling_side(&self.board, mv)
    }

    /// Whether `other` is "the same position" in the sense of Art. 9.2: same player to move, same
    /// pieces on the same squares, and the same possible moves, i.e. the same castling rights and
    /// an en-passant capture only where one is actually legal. Counters do not matter.
    pub fn same_position(&self, other: &Position) -> bool {
        self.board.same_position(&other.board)
    }

    /// The en-passant file only if a legal en-passant capture exists (what counts for Art. 9.2).
    pub fn legal_en_passant_file(&self) -> Option<File> {
        let target = self.en_passant_square()?;
        let mut found = false;
        // Only pawns beside the target's file can capture there; checking them is cheap.
        self.for_each_legal_move(|mv| {
            if mv.to == target && self.board.piece_on(mv.from) == Some(Piece::Pawn) {
                found = true;
            }
        });
        found.then_some(target.file())
    }

    /// Counts the leaves of the legal move tree to `depth` (perft).
    pub fn perft(&self, depth: u32) -> u64 {
        movegen::perft(&self.board, depth)
    }
}

/// The board a unit test writes as FEN (standard castling letters), for the searches that work
/// on cozy-chess's board directly.
#[cfg(test)]
pub(crate) fn test_board(fen: &str) -> Board {
    Board::from_fen(fen, false).expect("test FEN is valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halfmove_clock_counts_past_100_for_the_75_move_rule_2023_art_9_6_2() {
        let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
        let shuffle = [
            Move::new(Square::A1, Square::A2),
            Move::new(Square::E8, Square::D8),
            Move::new(Square::A2, Square::A1),
            Move::new(Square::D8, Square::E8),
        ];
        for mv in shuffle.iter().cycle().take(60) {
            pos.play(*mv).unwrap();
        }
        assert_eq!(pos.halfmove_clock(), 159);
        assert!(pos.fen().ends_with(" 159 110"));
    }

    #[test]
    fn capture_and_pawn_move_reset_the_count_art_9_3() {
        let mut pos = Position::from_fen("4k3/8/8/3p4/8/8/4P3/R3K3 w - - 42 30").unwrap();
        pos.play(Move::new(Square::E2, Square::E4)).unwrap();
        assert_eq!(pos.halfmove_clock(), 0);
        pos.play(Move::new(Square::E8, Square::F7)).unwrap();
        assert_eq!(pos.halfmove_clock(), 1);
        pos.play(Move::new(Square::E4, Square::D5)).unwrap();
        assert_eq!(pos.halfmove_clock(), 0);
    }

    #[test]
    fn an_illegal_move_is_refused_and_changes_nothing_art_7() {
        let mut pos = Position::startpos();
        let before = pos.clone();
        let mv = Move::new(Square::E2, Square::E5);
        assert_eq!(pos.play(mv), Err(IllegalMove { mv }));
        assert_eq!(pos, before);
    }

    #[test]
    fn checkmate_and_stalemate_art_5_1a_5_2a() {
        let mated =
            Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                .unwrap();
        assert!(mated.in_check() && mated.is_checkmate() && !mated.is_stalemate());
        let stalemated = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert!(stalemated.is_stalemate() && !stalemated.is_checkmate());
    }

    #[test]
    fn en_passant_counts_for_repetition_only_when_legal_art_9_2() {
        // The d-pawn just advanced two squares but the e5 pawn is pinned against its king.
        let pinned = Position::from_fen("4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        let not_set = Position::from_fen("4r1k1/8/8/3pP3/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(pinned.legal_en_passant_file(), None);
        assert!(pinned.same_position(&not_set));
        let free = Position::from_fen("6k1/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        let free_not_set = Position::from_fen("6k1/8/8/3pP3/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(free.legal_en_passant_file(), Some(File::D));
        assert!(!free.same_position(&free_not_set));
    }
}
