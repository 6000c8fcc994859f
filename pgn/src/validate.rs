//! Checking games as an arbiter checks a scoresheet: replay each game's main line from its
//! starting position and report the first move that is illegal (2005 Art. 7.4), ambiguous
//! (App. E9 asks for the departure file or rank when two pieces can reach the square) or
//! unreadable, or the first fault in the text itself (an unbalanced bracket, a bad NAG, an
//! overlong token, a missing termination marker), with its ply counted from 1 over both
//! sides' moves. Nothing the reader steps over goes unreported.
//!
//! [`GameChecker`] is a [`Visitor`]: feed a [`PgnReader`] with it, then drain a
//! [`GameReport`] per game with [`GameChecker::poll_report`]. Memory stays constant over files
//! of any size.
//!
//! ```
//! use arbiter_pgn::reader::PgnReader;
//! use arbiter_pgn::validate::{GameChecker, Reason};
//!
//! let mut checker = GameChecker::new();
//! let mut reader = PgnReader::new();
//! reader.feed(b"[Result \"1-0\"]\n1. e4 e5 2. Ke3 *\n\n1. f3 e5 2. g4 Qh4# 0-1", &mut checker);
//! reader.finish(&mut checker);
//! let first = checker.poll_report().unwrap();
//! assert_eq!(first.moves, 2);
//! let error = first.error.unwrap();
//! assert_eq!((error.ply, error.san.as_str(), error.reason), (3, "Ke3", Reason::Illegal));
//! let second = checker.poll_report().unwrap();
//! assert_eq!((second.game, second.moves, second.error), (2, 4, None));
//! ```

use std::collections::VecDeque;
use std::ops::ControlFlow;

use serde::Serialize;

use super::reader::{PgnReader, SyntaxError, SyntaxErrorKind, Visitor};
use super::tags::GameResult;
use arbiter_chess::chessboard::{File, Piece, Rank, Square};
use arbiter_chess::movegen::{self, Move};
use arbiter_chess::notation::{Language, SanError, san};
use arbiter_chess::position::Position;

/// Why a move of the record could not be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Reason {
    /// The text names a move, but no legal move fits it (2005 Art. 7.4).
    Illegal,
    /// The text fits more than one legal move (App. E9).
    Ambiguous,
    /// The text is not a move in algebraic notation (App. E).
    Unreadable,
    /// The game's `FEN` tag is not a legal starting position; `ply` is 0.
    Setup,
    /// The text is not well-formed PGN where this ply would stand: an unbalanced `(` `)` `{`
    /// `}`, a stray `]`, a NAG over 255, a token over the reader's limit, a malformed tag, or
    /// a game with no termination marker. `san` shows the fault's token.
    Syntax,
}

/// The first move of a game that could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveError {
    /// 1-based, counting both sides' moves from the game's start (0 for a bad setup).
    pub ply: u32,
    /// The move as written (the FEN for a bad setup).
    pub san: String,
    /// What was wrong.
    pub reason: Reason,
    /// A sentence saying what was wrong, for people.
    pub detail: String,
}

/// The verdict on one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameReport {
    /// 1-based index of the game in the input.
    pub game: u64,
    /// Main-line moves (plies) replayed before the end or the first error.
    pub moves: u32,
    /// The `Result` tag, or the termination marker if the tag is missing.
    pub result: Option<String>,
    /// The first move that could not be replayed.
    pub error: Option<MoveError>,
}

/// A [`Visitor`] that replays every game's main line and queues a [`GameReport`] per game.
#[derive(Debug)]
pub struct GameChecker {
    games_seen: u64,
    /// The initial position, built once: building a board costs more than copying one.
    startpos: Position,
    position: Position,
    moves: u32,
    result_tag: Option<String>,
    marker: Option<GameResult>,
    setup_fen: Option<String>,
    is_setup_off: bool,
    error: Option<MoveError>,
    reports: VecDeque<GameReport>,
}

impl Default for GameChecker {
    fn default() -> Self {
        Self::new()
    }
}

impl GameChecker {
    /// A checker that has seen no game yet.
    pub fn new() -> Self {
        GameChecker {
            games_seen: 0,
            startpos: Position::startpos(),
            position: Position::startpos(),
            moves: 0,
            result_tag: None,
            marker: None,
            setup_fen: None,
            is_setup_off: false,
            error: None,
            reports: VecDeque::new(),
        }
    }

    /// The next finished game's report, in input order.
    #[must_use]
    pub fn poll_report(&mut self) -> Option<GameReport> {
        self.reports.pop_front()
    }

    fn fail(&mut self, san: &[u8], reason: Reason, detail: String) {
        self.error = Some(MoveError {
            ply: self.moves + 1,
            san: String::from_utf8_lossy(san).into_owned(),
            reason,
            detail,
        });
    }
}

impl Visitor for GameChecker {
    fn begin_game(&mut self) {
        self.games_seen += 1;
        self.position.clone_from(&self.startpos);
        self.moves = 0;
        self.result_tag = None;
        self.marker = None;
        self.setup_fen = None;
        self.is_setup_off = false;
        self.error = None;
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        match name {
            b"Result" => self.result_tag = Some(String::from_utf8_lossy(value).into_owned()),
            b"FEN" => self.setup_fen = Some(String::from_utf8_lossy(value).into_owned()),
            b"SetUp" => self.is_setup_off = value == b"0",
            _ => {}
        }
    }

    fn begin_movetext(&mut self) -> ControlFlow<()> {
        let Some(fen) = self.setup_fen.take().filter(|_| !self.is_setup_off) else {
            return ControlFlow::Continue(());
        };
        match Position::from_fen(&fen) {
            Ok(position) => {
                self.position = position;
                ControlFlow::Continue(())
            }
            Err(error) => {
                self.error = Some(MoveError {
                    ply: 0,
                    san: fen,
                    reason: Reason::Setup,
                    detail: error.to_string(),
                });
                ControlFlow::Break(())
            }
        }
    }

    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        if self.error.is_some() {
            // A fault in the text came first: the replay stops there, as at a bad move.
            return ControlFlow::Break(());
        }
        let fast = read_plain_san(text).and_then(|san| san.resolve(&self.position));
        let played = match fast {
            Some(Resolved::Proven(mv)) => {
                self.position.play_legal(mv);
                true
            }
            Some(Resolved::Unchecked(mv)) => self.position.play(mv).is_ok(),
            None => false,
        };
        if played {
            self.moves += 1;
            return ControlFlow::Continue(());
        }
        let Ok(text_str) = std::str::from_utf8(text) else {
            self.fail(
                text,
                Reason::Unreadable,
                "the move is not valid UTF-8".into(),
            );
            return ControlFlow::Break(());
        };
        // PGN's movetext is English SAN; the parser also takes App. E's other forms.
        match san::parse(&self.position, text_str, Language::English) {
            Ok(mv) => match self.position.play(mv) {
                Ok(()) => {
                    self.moves += 1;
                    ControlFlow::Continue(())
                }
                Err(error) => {
                    self.fail(text, Reason::Illegal, error.to_string());
                    ControlFlow::Break(())
                }
            },
            Err(error) => {
                let reason = match error {
                    SanError::Illegal { .. } => Reason::Illegal,
                    SanError::Ambiguous { .. } => Reason::Ambiguous,
                    SanError::Unreadable { .. } => Reason::Unreadable,
                };
                self.fail(text, reason, error.to_string());
                ControlFlow::Break(())
            }
        }
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        // Only the moves actually played are the record; variations are commentary.
        ControlFlow::Break(())
    }

    fn result(&mut self, result: GameResult) {
        self.marker = Some(result);
    }

    fn syntax_error(&mut self, error: SyntaxError) {
        if self.error.is_none() {
            self.fail(
                fault_token(error.kind).as_bytes(),
                Reason::Syntax,
                error.to_string(),
            );
        }
    }

    fn end_game(&mut self) {
        if self.marker.is_none() && self.error.is_none() {
            self.fail(
                b"",
                Reason::Syntax,
                "the game has no termination marker (1-0, 0-1, 1/2-1/2 or *): it ends at the next game's tags or the end of the input".into(),
            );
        }
        let result = self
            .result_tag
            .take()
            .or_else(|| self.marker.map(|m| m.as_str().to_owned()));
        self.reports.push_back(GameReport {
            game: self.games_seen,
            moves: self.moves,
            result,
            error: self.error.take(),
        });
    }
}

/// The text of the token a syntax error is about, as far as its kind tells it.
fn fault_token(kind: SyntaxErrorKind) -> String {
    match kind {
        SyntaxErrorKind::MalformedTag => "[".into(),
        SyntaxErrorKind::UnterminatedComment | SyntaxErrorKind::CommentCutByNextGame => "{".into(),
        SyntaxErrorKind::UnmatchedCloseParen => ")".into(),
        SyntaxErrorKind::UnclosedVariation => "(".into(),
        SyntaxErrorKind::Stray(c) => c.into(),
        SyntaxErrorKind::BadNag => "$".into(),
        SyntaxErrorKind::TokenTooLong => String::new(),
    }
}

/// A move in SAN exactly as PGN exports write it (`Nbd2`, `exd5`, `e8=Q+`, `O-O-O#`), read
/// straight from bytes. Files are written this way almost always, so this is the fast path;
/// anything else goes to [`san::parse`], which reads every App. E form and explains errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PlainSan {
    Castle(movegen::Castling),
    Move {
        piece: Piece,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

fn piece_of_letter(letter: u8) -> Option<Piece> {
    Some(match letter {
        b'N' => Piece::Knight,
        b'B' => Piece::Bishop,
        b'R' => Piece::Rook,
        b'Q' => Piece::Queen,
        b'K' => Piece::King,
        _ => return None,
    })
}

fn file_of(byte: u8) -> Option<File> {
    (b'a'..=b'h')
        .contains(&byte)
        .then(|| File::index(usize::from(byte - b'a')))
}

fn rank_of(byte: u8) -> Option<Rank> {
    (b'1'..=b'8')
        .contains(&byte)
        .then(|| Rank::index(usize::from(byte - b'1')))
}

fn read_plain_san(text: &[u8]) -> Option<PlainSan> {
    let body = match text.last() {
        Some(b'+' | b'#') => &text[..text.len() - 1],
        _ => text,
    };
    // The shapes most moves have (`e4`, `Nf3`, `exd5`, `Nxe5`, `Nbd2`), read by their length
    // without the general reading's searches; the general reading gives the same answer.
    let fast = |piece, from_file, from_rank, file, rank| {
        Some(PlainSan::Move {
            piece,
            from_file,
            from_rank,
            to: Square::new(file_of(file)?, rank_of(rank)?),
            promotion: None,
        })
    };
    match *body {
        [file @ b'a'..=b'h', rank] => return fast(Piece::Pawn, None, None, file, rank),
        [from @ b'a'..=b'h', b'x', file, rank] => {
            return fast(Piece::Pawn, file_of(from), None, file, rank);
        }
        [letter, b'x', file, rank] | [letter, file, rank] => {
            if let Some(piece) = piece_of_letter(letter) {
                return fast(piece, None, None, file, rank);
            }
        }
        _ => {}
    }
    read_general_san(body)
}

/// [`read_plain_san`] for the shapes it does not read by length: castling, promotions, a
/// departure square, and everything that is not plain SAN (`None`).
fn read_general_san(body: &[u8]) -> Option<PlainSan> {
    match body {
        b"O-O" => return Some(PlainSan::Castle(movegen::Castling::KingSide)),
        b"O-O-O" => return Some(PlainSan::Castle(movegen::Castling::QueenSide)),
        _ => {}
    }
    let (piece, mut rest) = match body.first().copied().and_then(piece_of_letter) {
        Some(piece) => (piece, &body[1..]),
        None => (Piece::Pawn, body),
    };
    let mut promotion = None;
    if let [head @ .., b'=', letter] = rest {
        promotion = Some(piece_of_letter(*letter).filter(|&p| p != Piece::King)?);
        if piece != Piece::Pawn {
            return None;
        }
        rest = head;
    }
    let [head @ .., file, rank] = rest else {
        return None;
    };
    let to = Square::new(file_of(*file)?, rank_of(*rank)?);
    let head = head.strip_suffix(b"x").unwrap_or(head);
    let (from_file, from_rank) = match *head {
        [] => (None, None),
        [f] if file_of(f).is_some() => (file_of(f), None),
        [r] => (None, Some(rank_of(r)?)),
        [f, r] => (Some(file_of(f)?), Some(rank_of(r)?)),
        _ => return None,
    };
    Some(PlainSan::Move {
        piece,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

impl PlainSan {
    /// The one move this SAN names, found by testing each piece that could make it instead of
    /// generating move lists. `None` when there is not exactly one legal candidate: the slow
    /// path then says whether the move is illegal or ambiguous, and why. A lone candidate is
    /// returned unchecked, since playing it checks it.
    fn resolve(self, position: &Position) -> Option<Resolved> {
        let board = position.board();
        let us = position.side_to_move();
        match self {
            PlainSan::Castle(side) => {
                let king = position.king(us);
                let file = match side {
                    movegen::Castling::KingSide => File::G,
                    movegen::Castling::QueenSide => File::C,
                };
                let mv = Move::new(king, Square::new(file, king.rank()));
                (movegen::castling_side(board, mv) == Some(side) && movegen::is_legal(board, mv))
                    .then_some(Resolved::Proven(mv))
            }
            PlainSan::Move {
                piece,
                from_file,
                from_rank,
                to,
                promotion,
            } => {
                let mut sources = board.colored_pieces(us, piece);
                // A pawn named without a file moves straight ahead (App. E7).
                let from_file = from_file.or((piece == Piece::Pawn).then(|| to.file()));
                if let Some(file) = from_file {
                    sources &= file.bitboard();
                }
                if let Some(rank) = from_rank {
                    sources &= rank.bitboard();
                }
                // One piece: the set less its lowest square is empty. (`len` counts bits, which
                // without a popcount instruction in the target costs a dozen instructions.)
                let from = sources.next_square()?;
                if (sources ^ from.bitboard()).is_empty() {
                    let mv = Move {
                        from,
                        to,
                        promotion,
                    };
                    // A lone piece is tested here, more cheaply than by the general test; a
                    // king (and a few pawn moves) is left to `Position::play`, which tests it
                    // anyway (so it is not tested twice).
                    return match piece_move_is_legal(board, piece, mv) {
                        Some(true) => Some(Resolved::Proven(mv)),
                        Some(false) => None,
                        None => Some(Resolved::Unchecked(mv)),
                    };
                }
                let mut found = None;
                for from in sources {
                    let mv = Move {
                        from,
                        to,
                        promotion,
                    };
                    let legal = piece_move_is_legal(board, piece, mv)
                        .unwrap_or_else(|| movegen::is_legal(board, mv));
                    if legal {
                        if found.is_some() {
                            return None;
                        }
                        found = Some(mv);
                    }
                }
                found.map(Resolved::Proven)
            }
        }
    }
}

/// Whether a pawn, knight, bishop, rook or queen of the side to move on `mv.from` may legally
/// go to `mv.to`: it reaches the square, does not land on its own side's piece, leaves no pin
/// line, and answers a check (one checker: taken or blocked; two: only the king may move).
/// `None` for a king (castling) and for a pawn's capture onto an empty square (en passant)
/// or a promotion named where none is due or left out where one is: the general test, which
/// also says why, takes those.
fn piece_move_is_legal(board: &cozy_chess::Board, piece: Piece, mv: Move) -> Option<bool> {
    let occupied = board.occupied();
    let us = board.side_to_move();
    let reach = match piece {
        Piece::Pawn => {
            let last_rank = Rank::Eighth.relative_to(us);
            if (mv.to.rank() == last_rank) != mv.promotion.is_some() {
                return None;
            }
            if mv.to.file() == mv.from.file() {
                cozy_chess::get_pawn_quiets(mv.from, us, occupied)
            } else if board.colors(!us).has(mv.to) {
                cozy_chess::get_pawn_attacks(mv.from, us)
            } else {
                return None;
            }
        }
        Piece::Knight => cozy_chess::get_knight_moves(mv.from),
        Piece::Bishop => cozy_chess::get_bishop_moves(mv.from, occupied),
        Piece::Rook => cozy_chess::get_rook_moves(mv.from, occupied),
        Piece::Queen => {
            cozy_chess::get_bishop_moves(mv.from, occupied)
                | cozy_chess::get_rook_moves(mv.from, occupied)
        }
        Piece::King => return None,
    };
    let promotes = piece == Piece::Pawn && mv.promotion.is_some();
    if (mv.promotion.is_some() && !promotes) || !reach.has(mv.to) || board.colors(us).has(mv.to) {
        return Some(false);
    }
    let king = board.king(us);
    if board.pinned().has(mv.from) && !cozy_chess::get_line_rays(king, mv.from).has(mv.to) {
        return Some(false);
    }
    let checkers = board.checkers();
    // No checker, one, or two, told apart without counting bits (see `resolve`).
    let Some(checker) = checkers.next_square() else {
        return Some(true);
    };
    Some(
        (checkers ^ checker.bitboard()).is_empty()
            && (checker == mv.to || cozy_chess::get_between_rays(king, checker).has(mv.to)),
    )
}

/// A move named by plain SAN, and whether finding it already proved it legal.
#[derive(Clone, Copy)]
enum Resolved {
    /// Tested with `movegen::is_legal` while telling candidates apart.
    Proven(Move),
    /// The only piece that could make it; playing it still has to check it.
    Unchecked(Move),
}

impl Resolved {
    #[cfg(test)]
    fn mv(self) -> Move {
        match self {
            Resolved::Proven(mv) | Resolved::Unchecked(mv) => mv,
        }
    }
}

/// Checks every game of a PGN text held in memory (for large files, feed a [`PgnReader`] in
/// chunks instead).
pub fn check_games(bytes: &[u8]) -> Vec<GameReport> {
    let mut checker = GameChecker::new();
    PgnReader::read_all(bytes, &mut checker);
    std::iter::from_fn(|| checker.poll_report()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art7_4_first_illegal_move_is_reported_with_its_ply() {
        let reports = check_games(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. Bxf7 Ke7 1-0");
        let error = reports[0].error.as_ref().unwrap();
        // 4. Bxf7 is impossible from b5 (the bishop's diagonal is b5-c6-d7).
        assert_eq!(
            (error.ply, error.san.as_str(), error.reason),
            (7, "Bxf7", Reason::Illegal)
        );
        assert_eq!(reports[0].moves, 6);
    }

    #[test]
    fn app_e9_ambiguous_move_is_told_from_illegal() {
        let reports = check_games(b"1. d4 d5 2. Nf3 Nf6 3. Nd2 *");
        let error = reports[0].error.as_ref().unwrap();
        assert_eq!((error.ply, error.reason), (5, Reason::Ambiguous));
        // Written with the departure file, as App. E9 asks, the same move is fine.
        assert_eq!(check_games(b"1. d4 d5 2. Nf3 Nf6 3. Nbd2 *")[0].error, None);
    }

    #[test]
    fn unreadable_move_and_bad_setup() {
        let reports = check_games(
            b"1. e4 Zz9 *\n\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
              [SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 2. e5 *",
        );
        assert_eq!(reports.len(), 3);
        let error = reports[0].error.as_ref().unwrap();
        assert_eq!((error.ply, error.reason), (2, Reason::Unreadable));
        let error = reports[1].error.as_ref().unwrap();
        assert_eq!((error.ply, error.reason), (0, Reason::Setup));
        assert_eq!((reports[2].moves, &reports[2].error), (3, &None));
    }

    #[test]
    fn fast_path_reads_only_plain_san_and_agrees_with_the_full_parser() {
        let position = Position::from_fen("r3k2r/1P6/8/3pP3/8/2N5/8/R3K1NR w KQkq d6 0 1").unwrap();
        for text in [
            "O-O-O", "O-O+", "exd6", "e6", "bxa8=Q", "b8=N#", "Nce2", "N1e2", "Nc3e2", "Rb1",
            "Kd1", "Ne2", "Kf2", "b8", "Nb1", "d4",
        ] {
            // A move the search calls proven is played without a second check: it must be legal.
            if let Some(Resolved::Proven(mv)) =
                read_plain_san(text.as_bytes()).and_then(|s| s.resolve(&position))
            {
                assert!(position.is_legal(mv), "{text}");
            }
            // As in `GameChecker::san`: a fast answer counts only once playing it succeeds.
            let fast = read_plain_san(text.as_bytes())
                .and_then(|s| s.resolve(&position))
                .map(Resolved::mv)
                .filter(|&mv| position.is_legal(mv));
            let full = san::parse(&position, text, Language::English).ok();
            match fast {
                Some(mv) => assert_eq!(Some(mv), full, "{text}"),
                // Errors always take the slow path.
                None => assert!(
                    full.is_none() || read_plain_san(text.as_bytes()).is_none(),
                    "{text}"
                ),
            }
        }
        for text in [
            "0-0", "e8Q", "Nb1-c3", "exd6e.p.", "Ke2!", "Qxx4", "=Q", "", "bxa8=K",
        ] {
            assert_eq!(read_plain_san(text.as_bytes()), None, "{text}");
        }
    }

    /// The readings by length of the common shapes give what the general reading gives, on
    /// every text of up to five bytes over the bytes SAN is made of and a few around them.
    #[test]
    fn plain_san_by_length_agrees_with_the_general_reading() {
        let alphabet = b"abhi01289NBKQPxO-=+#";
        let mut texts = vec![Vec::new()];
        let mut compared = 0;
        for _ in 0..5 {
            texts = texts
                .iter()
                .flat_map(|text| {
                    alphabet.iter().map(move |&b| {
                        let mut longer = text.clone();
                        longer.push(b);
                        longer
                    })
                })
                .collect();
            for text in &texts {
                let body = match text.last() {
                    Some(b'+' | b'#') => &text[..text.len() - 1],
                    _ => &text[..],
                };
                let general = read_general_san(body);
                assert_eq!(
                    read_plain_san(text),
                    general,
                    "{}",
                    String::from_utf8_lossy(text)
                );
                compared += usize::from(general.is_some());
            }
        }
        assert!(compared > 1000, "only {compared} moves read");
    }

    /// The short legality test of a lone piece agrees with the general one on every square,
    /// in positions with pins, checks and double checks, and along seeded random games.
    #[test]
    fn a_lone_piece_s_legality_agrees_with_the_general_test() {
        let mut positions: Vec<Position> = [
            "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
            "4k3/8/8/8/1b6/2Q5/8/4K3 w - - 0 1",
            "4k3/4r3/8/8/8/8/4R3/4K1N1 w - - 0 1",
            "4k3/8/8/8/8/5n2/3B4/r3K2R w - - 0 1",
            "4k3/8/8/1b6/8/8/4r3/R2QK1N1 w - - 0 1",
            "r3k2r/1P6/8/3pP3/8/2N5/8/R3K1NR w KQkq d6 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            "4k3/8/8/q7/8/8/3P4/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K2r w - - 0 1",
            "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/1b6/8/8/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1",
        ]
        .iter()
        .map(|fen| Position::from_fen(fen).unwrap())
        .collect();
        let mut seed = 0x5EED_u64;
        for _ in 0..40 {
            let mut position = Position::startpos();
            for _ in 0..80 {
                let mut moves = Vec::new();
                movegen::for_each_legal_move(position.board(), |mv| moves.push(mv));
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                position.play_legal(moves[(seed >> 33) as usize % moves.len()]);
                positions.push(position.clone());
            }
        }
        let mut tested = 0;
        for position in &positions {
            let board = position.board();
            for piece in [
                Piece::Pawn,
                Piece::Knight,
                Piece::Bishop,
                Piece::Rook,
                Piece::Queen,
            ] {
                for from in board.colored_pieces(board.side_to_move(), piece) {
                    for to in cozy_chess::BitBoard::FULL {
                        for promotion in [None, Some(Piece::Queen), Some(Piece::Knight)] {
                            let mv = Move {
                                from,
                                to,
                                promotion,
                            };
                            let general = movegen::is_legal(board, mv);
                            let short = piece_move_is_legal(board, piece, mv);
                            if piece != Piece::Pawn {
                                assert!(short.is_some(), "{mv:?} in {position}");
                            }
                            if let Some(short) = short {
                                assert_eq!(short, general, "{mv:?} in {position}");
                                tested += usize::from(general);
                            }
                        }
                    }
                }
            }
        }
        assert!(tested > 10_000, "only {tested} legal moves tested");
    }

    #[test]
    fn syntax_faults_are_reported_at_their_game_and_ply_and_stop_the_replay() {
        let reports = check_games(
            b"1. e4 ) } ] $999 e5 2. Nf3 *\n\n1. d4 d5 2. c4 {cut\n[Event \"3\"]\n1. e4 e5\n",
        );
        let faults: Vec<_> = reports
            .iter()
            .map(|r| {
                let e = r.error.as_ref();
                (
                    r.game,
                    r.moves,
                    e.map(|e| (e.ply, e.san.as_str(), e.reason)),
                )
            })
            .collect();
        assert_eq!(
            faults,
            [
                (1, 1, Some((2, ")", Reason::Syntax))),
                (2, 3, Some((4, "{", Reason::Syntax))),
                (3, 2, Some((3, "", Reason::Syntax))),
            ]
        );
        assert!(
            reports[2]
                .error
                .as_ref()
                .unwrap()
                .detail
                .contains("no termination marker")
        );
        assert_eq!(
            check_games(b"1. e4 e5 (1... c5 2. Nf3 $14) 2. Nf3 {ok} 1-0")[0].error,
            None
        );
    }

    #[test]
    fn result_comes_from_the_tag_or_else_the_marker() {
        let reports = check_games(b"[Result \"1-0\"]\n1. e4 *\n\n1. d4 0-1\n\n1. c4");
        let results: Vec<_> = reports.iter().map(|r| r.result.as_deref()).collect();
        assert_eq!(results, [Some("1-0"), Some("0-1"), None]);
    }
}
