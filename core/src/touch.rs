//! Touch-move (2005 Art. 4 / 2023 Art. 4; pegged boards 2005 App. F2.2 / 2023 App. D.2.2):
//! from the pieces a player touched, what he must now do; and from lifts and placements on a
//! sensor board, when a move counts as made (2005 Art. 4.6 / 2023 Art. 4.7).

use crate::laws::{Edition, Law, rules};
use crate::movegen::Castling;
use crate::position::Position;
use crate::wire;
use crate::{Color, File, Move, Piece, Square};
use serde::Serialize;

/// What the player on move must do because of what he touched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Obligation {
    /// Any legal move (nothing touched, or no touched piece can move, Art. 4.5).
    Free,
    /// Move the piece on `square` (first own piece touched that can move, Art. 4.3a).
    MovePiece {
        /// Where it stands.
        #[serde(with = "wire::square")]
        square: Square,
        /// The rook was touched before the king: no castling this move (Art. 4.4b).
        no_castling: bool,
    },
    /// Capture the opponent's piece on `square` (Art. 4.3b).
    CapturePiece {
        /// Where it stands.
        #[serde(with = "wire::square")]
        square: Square,
    },
    /// Capture the touched opponent's piece with the touched own piece (Art. 4.3c).
    CaptureWith {
        /// The own piece.
        #[serde(with = "wire::square")]
        piece: Square,
        /// The opponent's piece.
        #[serde(with = "wire::square")]
        target: Square,
    },
    /// King then rook touched: castle with that rook (Art. 4.4a).
    Castle {
        /// The rook's square.
        #[serde(with = "wire::square")]
        rook: Square,
    },
    /// King then rook touched but castling is illegal: another king move, castling on the
    /// other side included (2005 Art. 4.4c / 2023 Art. 4.4.3).
    KingMove,
    /// A piece was released on a square as a legal move: the move is made (Art. 4.6 / 4.7).
    Complete {
        /// The move made.
        #[serde(rename = "move")]
        mv: Move,
    },
}

impl Obligation {
    /// The article that imposes it.
    pub fn law(&self, edition: Edition) -> Law {
        let rule = match self {
            Obligation::Free => rules::TOUCH_NOTHING_BINDS,
            Obligation::MovePiece {
                no_castling: true, ..
            } => rules::ROOK_FIRST_NO_CASTLING,
            Obligation::MovePiece { .. } => rules::MOVE_TOUCHED_PIECE,
            Obligation::CapturePiece { .. } => rules::CAPTURE_TOUCHED_PIECE,
            Obligation::CaptureWith { .. } => rules::CAPTURE_WITH_TOUCHED_PIECE,
            Obligation::Castle { .. } => rules::CASTLE_WITH_TOUCHED_ROOK,
            Obligation::KingMove => rules::KING_MOVE_INSTEAD,
            Obligation::Complete { .. } => rules::MOVE_MADE_ON_RELEASE,
        };
        rule.law(edition)
    }

    /// Whether `mv` fulfils the obligation in `board`.
    pub fn allows(&self, board: &Position, mv: Move) -> bool {
        match *self {
            Obligation::Free => true,
            Obligation::MovePiece {
                square,
                no_castling,
            } => mv.from == square && !(no_castling && is_castling(board, mv)),
            Obligation::CapturePiece { square } => captured_square(board, mv) == Some(square),
            Obligation::CaptureWith { piece, target } => {
                mv.from == piece && captured_square(board, mv) == Some(target)
            }
            Obligation::Castle { rook } => castles_with(board, mv) == Some(rook),
            Obligation::KingMove => mv.from == board.king(board.side_to_move()),
            Obligation::Complete { mv: made } => mv == made,
        }
    }
}

/// The square of the piece `mv` captures, if any (en passant included).
pub fn captured_square(board: &Position, mv: Move) -> Option<Square> {
    let side = board.side_to_move();
    match board.color_on(mv.to) {
        Some(c) if c != side => Some(mv.to),
        Some(_) => None,
        None if board.moving_piece(mv) == Some(Piece::Pawn) && mv.from.file() != mv.to.file() => {
            Some(Square::new(mv.to.file(), mv.from.rank()))
        }
        None => None,
    }
}

/// Whether `mv` has the shape of castling (the king's two-square move, Art. 3.8b).
pub fn is_castling(board: &Position, mv: Move) -> bool {
    board.castling(mv).is_some()
}

/// The square of the rook `mv` castles with, if it is castling: the Laws' castling is a king
/// move, but touch-move binds the rook touched (Art. 4.4a).
fn castles_with(board: &Position, mv: Move) -> Option<Square> {
    let file = match board.castling(mv)? {
        Castling::KingSide => File::H,
        Castling::QueenSide => File::A,
    };
    Some(Square::new(file, mv.from.rank()))
}

/// `mv` itself if it is legal in `board`: a move entered or released binds only if legal.
pub fn legal_move(board: &Position, mv: Move) -> Option<Move> {
    board.is_legal(mv).then_some(mv)
}

/// All legal moves of `board`.
pub fn legal_moves(board: &Position) -> Vec<Move> {
    board.legal_moves()
}

/// The pieces the player on move has touched this turn, in order, and whether a move is made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TouchMove {
    touched: Vec<(Square, bool)>,
    adjusting: Vec<Square>,
    released: Option<Move>,
}

impl TouchMove {
    /// Nothing touched.
    pub fn new() -> TouchMove {
        TouchMove::default()
    }

    /// The player on move announced he adjusts the piece on `square` (Art. 4.2).
    pub fn adjust(&mut self, square: Square) {
        self.adjusting.push(square);
    }

    /// The player on move touched (lifted) the piece on `square`. Returns whether it counts as
    /// a deliberate touch (not announced as an adjustment, and a piece stands there).
    pub fn touch(&mut self, board: &Position, square: Square) -> bool {
        if let Some(i) = self.adjusting.iter().position(|&s| s == square) {
            self.adjusting.swap_remove(i);
            return false;
        }
        let Some(color) = board.color_on(square) else {
            return false;
        };
        let own = color == board.side_to_move();
        if !self.touched.iter().any(|&(s, _)| s == square) {
            self.touched.push((square, own));
        }
        true
    }

    /// A piece was released on a square as this legal move: the move is made.
    pub fn release(&mut self, mv: Move) {
        if self.released.is_none() {
            self.released = Some(mv);
        }
    }

    /// The move made by a release, if any.
    pub fn released(&self) -> Option<Move> {
        self.released
    }

    /// Whether the player touched one of his own pieces (forfeits claims: 2005 Art. 4.7, 9.4).
    pub fn touched_own(&self) -> bool {
        self.touched.iter().any(|&(_, own)| own)
    }

    /// Whether anything was touched.
    pub fn touched_any(&self) -> bool {
        !self.touched.is_empty()
    }

    /// What the player must do now in `board`.
    pub fn obligation(&self, board: &Position) -> Obligation {
        let base = self.touch_obligation(board);
        // A release binds only if it was a move the touches allowed (Art. 4.6 / 4.7).
        match self.released {
            Some(mv) if legal_move(board, mv).is_some_and(|m| base.allows(board, m)) => {
                Obligation::Complete { mv }
            }
            _ => base,
        }
    }

    /// The arbiter sent the made move back (it broke touch-move): it binds no longer.
    pub fn retract(&mut self) {
        self.released = None;
    }

    /// The touch of the piece on `square` was not deliberate (the arbiter's ruling): it binds
    /// nothing. Returns whether it had been counted as a touch.
    pub fn forget(&mut self, square: Square) -> bool {
        let before = self.touched.len();
        self.touched.retain(|&(s, _)| s != square);
        self.touched.len() != before
    }

    fn touch_obligation(&self, board: &Position) -> Obligation {
        if self.touched.is_empty() {
            return Obligation::Free;
        }
        let legal = legal_moves(board);
        let side = board.side_to_move();
        let king = board.king(side);
        let own: Vec<Square> = self.touched.iter().filter(|t| t.1).map(|t| t.0).collect();
        let is_own_rook = |sq: Square| board.piece_on(sq) == Some((side, Piece::Rook));
        let mut no_castling = false;
        if let [first, second, ..] = own[..] {
            if first == king && is_own_rook(second) {
                if legal
                    .iter()
                    .any(|&m| castles_with(board, m) == Some(second))
                {
                    return Obligation::Castle { rook: second };
                }
                if legal.iter().any(|m| m.from == king) {
                    return Obligation::KingMove;
                }
                return Obligation::Free;
            }
            no_castling = is_own_rook(first) && second == king;
        }
        let first_own = own.first().copied();
        let first_enemy = self.touched.iter().find(|t| !t.1).map(|t| t.0);
        if let (Some(piece), Some(target)) = (first_own, first_enemy)
            && legal
                .iter()
                .any(|&m| m.from == piece && captured_square(board, m) == Some(target))
        {
            return Obligation::CaptureWith { piece, target };
        }
        for &(square, own) in &self.touched {
            if own {
                let ob = Obligation::MovePiece {
                    square,
                    no_castling,
                };
                if legal.iter().any(|&m| ob.allows(board, m)) {
                    return ob;
                }
            } else if legal
                .iter()
                .any(|&m| captured_square(board, m) == Some(square))
            {
                return Obligation::CapturePiece { square };
            }
        }
        Obligation::Free
    }
}

/// What the pieces on a sensor board show relative to the position: lifts and placements of
/// this turn, folded into the move they make.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardChanges {
    in_hand: Vec<Square>,
    moved: Vec<(Square, Square, Option<Piece>)>,
}

/// What the changes on the board amount to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// Nothing has changed.
    Nothing,
    /// The pieces show exactly this legal move.
    Legal(Move),
    /// A pawn reached the last rank and no new piece was named (2005 Art. 7.4a / 2023 7.5.2).
    UnfinishedPromotion(Move),
    /// A piece went from one square to another, but no legal move gives this picture.
    Illegal(Move),
    /// Pieces are in the air or the picture is not a move yet.
    Incomplete,
}

impl BoardChanges {
    /// No changes.
    pub fn new() -> BoardChanges {
        BoardChanges::default()
    }

    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.in_hand.is_empty() && self.moved.is_empty()
    }

    /// Whether more pieces are off the board than any move lifts (2005 Art. 7.3 / 2023
    /// Art. 7.4.1: displaced pieces): a move lifts one own piece (king and rook when castling)
    /// and at most one of the opponent's.
    pub fn displaced(&self, board: &Position) -> bool {
        let side = board.side_to_move();
        let own: Vec<Square> = self
            .in_hand
            .iter()
            .copied()
            .filter(|&s| board.color_on(s) == Some(side))
            .collect();
        let theirs = self.in_hand.len() - own.len();
        let castling_pair = own.len() == 2
            && own
                .iter()
                .any(|&s| board.piece_on(s) == Some((side, Piece::King)))
            && own
                .iter()
                .any(|&s| board.piece_on(s) == Some((side, Piece::Rook)));
        theirs > 1 || own.len() > 2 || (own.len() == 2 && (!castling_pair || theirs > 0))
    }

    /// A piece was lifted from `square`.
    pub fn lift(&mut self, square: Square) {
        if let Some(i) = self.moved.iter().position(|m| m.1 == square) {
            let (origin, _, _) = self.moved.remove(i);
            self.in_hand.push(origin);
        } else if !self.in_hand.contains(&square) {
            self.in_hand.push(square);
        }
    }

    /// A piece was set down on `square` (the last one lifted). Returns false if nothing was in
    /// the hand (the board reported a placement we cannot place).
    pub fn place(&mut self, square: Square, piece: Option<Piece>) -> bool {
        let Some(origin) = self.in_hand.pop() else {
            return false;
        };
        if origin != square {
            self.moved.push((origin, square, piece));
        }
        true
    }

    /// A whole move entered at once (screens): replaces whatever the picture was, and moves
    /// the rook too for castling and lifts the pawn taken en passant.
    pub fn enter(&mut self, board: &Position, mv: Move) {
        *self = BoardChanges::new();
        match legal_move(board, mv) {
            Some(legal) if is_castling(board, legal) => {
                // The rook crosses over the king (Art. 3.8b): h to f, or a to d.
                let (from, to) = match board.castling(legal) {
                    Some(Castling::KingSide) => (File::H, File::F),
                    _ => (File::A, File::D),
                };
                self.moved.push((mv.from, mv.to, None));
                self.moved.push((
                    Square::new(from, legal.to.rank()),
                    Square::new(to, legal.to.rank()),
                    None,
                ));
            }
            Some(legal) => {
                if let Some(taken) = captured_square(board, legal)
                    && taken != legal.to
                {
                    self.in_hand.push(taken);
                }
                self.moved.push((mv.from, mv.to, mv.promotion));
            }
            None => self.moved.push((mv.from, mv.to, mv.promotion)),
        }
    }

    /// The capture a visually impaired player has made on his pegged board once he took the
    /// captured piece off it (2005 App. F2.3a / 2023 App. D.2.3): one of his pieces and one of
    /// the opponent's are out of their holes, nothing is set down yet, and exactly one legal
    /// move takes the one with the other (a promotion is made only when the new piece is set).
    pub fn capture_made(&self, board: &Position) -> Option<Move> {
        if !self.moved.is_empty() || self.in_hand.len() != 2 {
            return None;
        }
        let side = board.side_to_move();
        let own = *self
            .in_hand
            .iter()
            .find(|&&s| board.color_on(s) == Some(side))?;
        let taken = *self
            .in_hand
            .iter()
            .find(|&&s| board.color_on(s) == Some(!side))?;
        let mut found = None;
        for mv in legal_moves(board) {
            if mv.from == own && captured_square(board, mv) == Some(taken) {
                if found.is_some() || mv.promotion.is_some() {
                    return None;
                }
                found = Some(mv);
            }
        }
        found
    }

    fn picture(&self, board: &Position) -> [Option<(Color, Piece)>; 64] {
        let mut squares = picture_of(board);
        let before = squares;
        for &sq in &self.in_hand {
            squares[sq as usize] = None;
        }
        for &(from, _, _) in &self.moved {
            squares[from as usize] = None;
        }
        for &(from, to, piece) in &self.moved {
            let original = before[from as usize];
            squares[to as usize] = original.map(|(c, p)| (c, piece.unwrap_or(p)));
        }
        squares
    }

    /// What the changes amount to in `board` (the position before the move).
    pub fn attempt(&self, board: &Position) -> Attempt {
        if self.moved.is_empty() {
            return if self.in_hand.is_empty() {
                Attempt::Nothing
            } else {
                Attempt::Incomplete
            };
        }
        let shown = self.picture(board);
        // Fast path: the move one of the moved pieces names (castling: the king's).
        let side = board.side_to_move();
        for &(from, to, promotion) in &self.moved {
            if board.color_on(from) != Some(side) {
                continue;
            }
            if let Some(mv) = legal_move(
                board,
                Move {
                    from,
                    to,
                    promotion,
                },
            ) {
                let mut after = board.clone();
                after.play_legal(mv);
                if picture_of(&after) == shown {
                    return Attempt::Legal(mv);
                }
            }
        }
        for mv in legal_moves(board) {
            let mut after = board.clone();
            after.play_legal(mv);
            if picture_of(&after) == shown {
                return Attempt::Legal(mv);
            }
            if mv.promotion == Some(Piece::Queen) {
                let mut unfinished = shown;
                unfinished[mv.to as usize] = unfinished[mv.to as usize]
                    .map(|(c, p)| (c, if p == Piece::Pawn { Piece::Queen } else { p }));
                if picture_of(&after) == unfinished
                    && shown[mv.to as usize].map(|x| x.1) == Some(Piece::Pawn)
                {
                    return Attempt::UnfinishedPromotion(mv);
                }
            }
        }
        let side = board.side_to_move();
        match self
            .moved
            .iter()
            .find(|m| board.color_on(m.0) == Some(side))
        {
            Some(&(from, to, promotion))
                if self
                    .in_hand
                    .iter()
                    .all(|&s| board.color_on(s) != Some(side)) =>
            {
                Attempt::Illegal(Move {
                    from,
                    to,
                    promotion,
                })
            }
            _ => Attempt::Incomplete,
        }
    }
}

fn picture_of(board: &Position) -> [Option<(Color, Piece)>; 64] {
    let mut squares = [None; 64];
    board.for_each_piece(|sq, color, piece| squares[sq as usize] = Some((color, piece)));
    squares
}
