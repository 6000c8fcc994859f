//! Forsyth-Edwards Notation: reading a position with errors that name the wrong field, and
//! writing one back.
//!
//! ```
//! use arbiter_chess::position::Position;
//! let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
//! assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! let err = Position::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err();
//! assert_eq!(err.to_string(), "piece placement: black has 0 kings, a position needs exactly one");
//! ```
//!
//! This module reads and writes cozy-chess boards with the exact half-move clock (cozy-chess
//! caps its own at 100); [`crate::position::Position`] wraps them, so the imports run one way.
//!
//! Besides the six fields, a FEN of four fields (no move counters, as in EPD) is accepted with
//! counters `0 1`. Only standard chess is read: castling rights are `KQkq` letters, and each one
//! needs the king on e1/e8 and the rook on its corner.

mod error;
mod message;

use cozy_chess::{BitBoard, Board, BoardBuilder, CastleRights, Color, File, Piece, Rank, Square};

pub use error::{ColorName, FenError, PieceName};
pub use message::FenWord;

/// A position read from a FEN: the board, and the half-move clock exact (beyond 100 too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// The board, its own half-move clock capped at 100.
    pub board: Board,
    /// The half-move clock as the FEN gave it.
    pub halfmove_clock: u32,
}

/// Reads a FEN. Never panics.
///
/// # Errors
/// A [`FenError`] naming the first field found wrong.
pub fn parse(text: &str) -> Result<Fen, FenError> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    let (placement, side, castling, ep, halfmove, fullmove) = match fields.as_slice() {
        [p, s, c, e, h, f] => (*p, *s, *c, *e, *h, *f),
        [p, s, c, e] => (*p, *s, *c, *e, "0", "1"),
        _ => {
            return Err(FenError::FieldCount {
                found: fields.len(),
            });
        }
    };
    let mut builder = BoardBuilder::empty();
    parse_placement(placement, &mut builder)?;
    check_material(&builder)?;
    check_kings_apart(&builder)?;
    builder.side_to_move = match side {
        "w" => Color::White,
        "b" => Color::Black,
        _ => {
            return Err(FenError::SideToMove {
                found: side.to_string(),
            });
        }
    };
    check_checks(&builder)?;
    builder.castle_rights = parse_castling(castling, &builder)?;
    builder.en_passant = parse_en_passant(ep, &builder)?;
    let halfmove_clock: u32 = halfmove.parse().map_err(|_| FenError::HalfmoveClock {
        found: halfmove.to_string(),
    })?;
    let fullmove_number: u16 = match fullmove.parse() {
        Ok(n) if n >= 1 => n,
        _ => {
            return Err(FenError::FullmoveNumber {
                found: fullmove.to_string(),
            });
        }
    };
    // cozy-chess caps its own clock at 100; ours (in Position) is exact.
    builder.halfmove_clock = halfmove_clock.min(100) as u8;
    builder.fullmove_number = fullmove_number;
    let board = builder.build().map_err(|e| match (e, builder.en_passant) {
        // A check that a piece other than the advanced pawn gives, and that its advance did not
        // uncover, was there before the advance: the side then on move was in check.
        (cozy_chess::BoardBuilderError::InvalidEnPassant, Some(square)) => {
            FenError::EnPassantImpossible {
                square,
                reason: "the check on the side to move cannot come from the two-square advance that made it",
            }
        }
        (e, _) => FenError::Inconsistent {
        field: match e {
            cozy_chess::BoardBuilderError::InvalidBoard => "piece placement",
            cozy_chess::BoardBuilderError::InvalidCastlingRights => "castling rights",
            cozy_chess::BoardBuilderError::InvalidEnPassant => "en passant",
            cozy_chess::BoardBuilderError::InvalidHalfMoveClock => "half-move clock",
            cozy_chess::BoardBuilderError::InvalidFullmoveNumber => "full-move number",
        },
        },
    })?;
    Ok(Fen {
        board,
        halfmove_clock,
    })
}

/// Reads the FEN of a game's set-up: as [`parse`], except that castling rights whose king and
/// rook stand elsewhere on their first rank are kept as cozy-chess reads them. Such a FEN
/// describes a faulty initial set-up (king and queen exchanged, say), which the arbiter must
/// be able to start from so that the Laws can rule on it once found (2005 App. B4 / 2023
/// App. A.5.1); every other rule still holds.
///
/// # Errors
/// The [`FenError`] that [`parse`] gives, unless only the castling rights were at fault and
/// the position is otherwise reachable.
pub fn parse_setup(text: &str) -> Result<Fen, FenError> {
    let refusal = match parse(text) {
        Err(refusal @ FenError::CastlingMismatch { .. }) => refusal,
        other => return other,
    };
    match Board::from_fen(text.trim(), false) {
        Ok(board) if check_reachable(&board).is_ok() => {
            let halfmove_clock = u32::from(board.halfmove_clock());
            Ok(Fen {
                board,
                halfmove_clock,
            })
        }
        _ => Err(refusal),
    }
}

/// Refuses a position built elsewhere than from a FEN (a game's setup, a sensor board's
/// placement) that no game can reach, by the same rules as [`parse`]: cozy-chess builds boards
/// that the Laws rule out, such as kings side by side.
///
/// # Errors
/// The [`FenError`] that [`parse`] would give for the position's FEN.
pub fn check_reachable(board: &Board) -> Result<(), FenError> {
    let builder = BoardBuilder::from_board(board);
    check_material(&builder)?;
    check_kings_apart(&builder)?;
    check_checks(&builder)
}

/// Refuses a board whose kings stand side by side, the one position cozy-chess builds that
/// breaks its move generator (it would offer the king's capture). For positions made by a
/// move on the board, legal or not, where the other rules of [`check_reachable`] are the
/// Laws' to judge (an illegal move stands until claimed).
///
/// # Errors
/// [`FenError::AdjacentKings`].
pub fn kings_apart(board: &Board) -> Result<(), FenError> {
    check_kings_apart(&BoardBuilder::from_board(board))
}

fn parse_placement(text: &str, builder: &mut BoardBuilder) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank_number = 8 - i as u8;
        let rank = Rank::index(7 - i);
        let mut file = 0usize;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                file += n as usize;
                continue;
            }
            let piece = piece_from_letter(c.to_ascii_lowercase()).ok_or(FenError::PieceLetter {
                rank: rank_number,
                found: c,
            })?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if let Some(f) = File::try_index(file) {
                *builder.square_mut(Square::new(f, rank)) = Some((piece, color));
            }
            file += 1;
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: rank_number,
                squares: file,
            });
        }
    }
    Ok(())
}

fn piece_from_letter(c: char) -> Option<Piece> {
    Some(match c {
        'p' => Piece::Pawn,
        'n' => Piece::Knight,
        'b' => Piece::Bishop,
        'r' => Piece::Rook,
        'q' => Piece::Queen,
        'k' => Piece::King,
        _ => return None,
    })
}

fn count(builder: &BoardBuilder, color: Color, piece: Option<Piece>) -> u32 {
    Square::ALL
        .iter()
        .filter(|&&sq| match builder.square(sq) {
            Some((p, c)) => c == color && piece.is_none_or(|want| want == p),
            None => false,
        })
        .count() as u32
}

fn check_material(builder: &BoardBuilder) -> Result<(), FenError> {
    for color in Color::ALL {
        let kings = count(builder, color, Some(Piece::King));
        if kings != 1 {
            return Err(FenError::KingCount {
                color: ColorName(color),
                count: kings,
            });
        }
    }
    for sq in Square::ALL {
        if let Some((Piece::Pawn, _)) = builder.square(sq)
            && matches!(sq.rank(), Rank::First | Rank::Eighth)
        {
            return Err(FenError::PawnOnBackRank { square: sq });
        }
    }
    for color in Color::ALL {
        let pawns = count(builder, color, Some(Piece::Pawn));
        if pawns > 8 {
            let err = FenError::TooManyPieces {
                color: ColorName(color),
                what: "pawns",
                count: pawns,
                max: 8,
            };
            return Err(err);
        }
        let all = count(builder, color, None);
        if all > 16 {
            let err = FenError::TooManyPieces {
                color: ColorName(color),
                what: "pieces",
                count: all,
                max: 16,
            };
            return Err(err);
        }
        let extra = promoted_at_least(builder, color);
        let missing = 8 - pawns;
        if extra > missing {
            return Err(FenError::TooManyPromoted {
                color: ColorName(color),
                extra,
                missing,
            });
        }
    }
    Ok(())
}

/// How many of `color`'s pieces must have come from promotions: those beyond one queen, two
/// rooks, two knights, and one bishop on each colour of square.
fn promoted_at_least(builder: &BoardBuilder, color: Color) -> u32 {
    let beyond = |have: u32, initial: u32| have.saturating_sub(initial);
    let mut light = 0;
    let mut dark = 0;
    for sq in Square::ALL {
        if builder.square(sq) == Some((Piece::Bishop, color)) {
            if BitBoard::LIGHT_SQUARES.has(sq) {
                light += 1;
            } else {
                dark += 1;
            }
        }
    }
    beyond(count(builder, color, Some(Piece::Queen)), 1)
        + beyond(count(builder, color, Some(Piece::Rook)), 2)
        + beyond(count(builder, color, Some(Piece::Knight)), 2)
        + beyond(light, 1)
        + beyond(dark, 1)
}

/// Kings on neighbouring squares: cozy-chess does not count a king as a checker, so this
/// must be refused here or the move generator would offer a king capture.
fn check_kings_apart(builder: &BoardBuilder) -> Result<(), FenError> {
    let find = |color| {
        Square::ALL
            .into_iter()
            .find(|&sq| builder.square(sq) == Some((Piece::King, color)))
    };
    // Each side has exactly one king here (check_material ran first).
    if let (Some(white), Some(black)) = (find(Color::White), find(Color::Black))
        && cozy_chess::get_king_moves(white).has(black)
    {
        return Err(FenError::AdjacentKings { white, black });
    }
    Ok(())
}

/// Checks a position without castling or en passant: who is in check, and how.
fn check_checks(builder: &BoardBuilder) -> Result<(), FenError> {
    // Build the bare placement to ask cozy-chess who attacks whom; kings are known valid here.
    let mut bare = builder.clone();
    bare.castle_rights = [CastleRights::EMPTY; 2];
    bare.en_passant = None;
    bare.halfmove_clock = 0;
    bare.fullmove_number = 1;
    let mover = builder.side_to_move;
    bare.side_to_move = !mover;
    let as_opponent = bare.build();
    match as_opponent {
        Ok(b) if !b.checkers().is_empty() => {
            return Err(FenError::OpponentInCheck {
                color: ColorName(!mover),
            });
        }
        Ok(_) => {}
        // The mover is in check while the opponent "moves": fine for us, judged below.
        Err(_) => {}
    }
    bare.side_to_move = mover;
    let board = bare.build().map_err(|_| FenError::OpponentInCheck {
        color: ColorName(!mover),
    })?;
    let checkers = board.checkers().len();
    if checkers > 2 {
        return Err(FenError::ImpossibleCheck {
            color: ColorName(mover),
            count: checkers,
        });
    }
    if checkers == 2 {
        let sliders =
            board.pieces(Piece::Bishop) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
        if (board.checkers() & sliders).is_empty() {
            let mut named = board
                .checkers()
                .into_iter()
                .filter_map(|sq| board.piece_on(sq));
            if let (Some(first), Some(second)) = (named.next(), named.next()) {
                return Err(FenError::ImpossibleDoubleCheck {
                    color: ColorName(mover),
                    first: PieceName(first),
                    second: PieceName(second),
                });
            }
        }
    }
    Ok(())
}

fn parse_castling(text: &str, builder: &BoardBuilder) -> Result<[CastleRights; 2], FenError> {
    let mut rights = [CastleRights::EMPTY; 2];
    if text == "-" {
        return Ok(rights);
    }
    let syntax = || FenError::CastlingSyntax {
        found: text.to_string(),
    };
    let mut seen = Vec::new();
    for c in text.chars() {
        if seen.contains(&c) {
            return Err(syntax());
        }
        seen.push(c);
        let (color, rook_file) = match c {
            'K' => (Color::White, File::H),
            'Q' => (Color::White, File::A),
            'k' => (Color::Black, File::H),
            'q' => (Color::Black, File::A),
            _ => return Err(syntax()),
        };
        let back = Rank::First.relative_to(color);
        let king_sq = Square::new(File::E, back);
        let rook_sq = Square::new(rook_file, back);
        if builder.square(king_sq) != Some((Piece::King, color)) {
            return Err(FenError::CastlingMismatch {
                right: c,
                piece: "king",
                square: king_sq,
            });
        }
        if builder.square(rook_sq) != Some((Piece::Rook, color)) {
            return Err(FenError::CastlingMismatch {
                right: c,
                piece: "rook",
                square: rook_sq,
            });
        }
        let slot = &mut rights[color as usize];
        if rook_file == File::H {
            slot.short = Some(File::H);
        } else {
            slot.long = Some(File::A);
        }
    }
    Ok(rights)
}

fn parse_en_passant(text: &str, builder: &BoardBuilder) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let square: Square = text.parse().map_err(|_| FenError::EnPassantSyntax {
        found: text.to_string(),
    })?;
    let mover = builder.side_to_move;
    let impossible = |reason| Err(FenError::EnPassantImpossible { square, reason });
    if square.rank() != Rank::Sixth.relative_to(mover) {
        return impossible(
            "it must be on the rank the opponent's pawn just crossed (6th for white to move, 3rd for black)",
        );
    }
    let pawn_sq = Square::new(square.file(), Rank::Fifth.relative_to(mover));
    let origin = Square::new(square.file(), Rank::Seventh.relative_to(mover));
    if builder.square(pawn_sq) != Some((Piece::Pawn, !mover)) {
        return impossible("no pawn of the side that just moved stands in front of it");
    }
    if builder.square(square).is_some() || builder.square(origin).is_some() {
        return impossible("the squares the pawn crossed must be empty");
    }
    Ok(Some(square))
}

/// Writes the FEN of `board` (six fields) with the exact `halfmove_clock`, beyond 100 too.
pub fn format(board: &Board, halfmove_clock: u32) -> String {
    let mut out = String::with_capacity(90);
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            let sq = Square::new(file, *rank);
            match (board.piece_on(sq), board.color_on(sq)) {
                (Some(piece), Some(color)) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let letter = crate::movegen::piece_letter_lower(piece);
                    out.push(if color == Color::White {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    });
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if *rank != Rank::First {
            out.push('/');
        }
    }
    out.push_str(if board.side_to_move() == Color::White {
        " w "
    } else {
        " b "
    });
    let mut any = false;
    for (color, upper) in [(Color::White, true), (Color::Black, false)] {
        let rights = board.castle_rights(color);
        for (right, letter) in [(rights.short, 'k'), (rights.long, 'q')] {
            if right.is_some() {
                out.push(if upper {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
                any = true;
            }
        }
    }
    if !any {
        out.push('-');
    }
    out.push(' ');
    match board.en_passant() {
        Some(file) => {
            let rank = Rank::Sixth.relative_to(board.side_to_move());
            out.push_str(&Square::new(file, rank).to_string());
        }
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", halfmove_clock, board.fullmove_number()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> FenError {
        parse(fen).expect_err("FEN should be refused")
    }

    #[test]
    fn roundtrip_keeps_every_field_including_a_halfmove_clock_above_100() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/8/4k3/8/8/3BK3/8/8 b - - 140 97",
        ] {
            let read = parse(fen).unwrap();
            assert_eq!(format(&read.board, read.halfmove_clock), fen);
        }
    }

    #[test]
    fn four_fields_default_the_counters() {
        let read = parse("8/8/4k3/8/8/3BK3/8/8 w - -").unwrap();
        assert_eq!(
            format(&read.board, read.halfmove_clock),
            "8/8/4k3/8/8/3BK3/8/8 w - - 0 1"
        );
    }

    #[test]
    fn king_count_art_2_2() {
        assert_eq!(
            err("8/8/8/8/8/8/8/K7 w - - 0 1"),
            FenError::KingCount {
                color: ColorName(Color::Black),
                count: 0
            }
        );
        assert!(matches!(
            err("kk6/8/8/8/8/8/8/K7 w - - 0 1"),
            FenError::KingCount { count: 2, .. }
        ));
    }

    #[test]
    fn pawns_on_first_or_last_rank_art_3_7() {
        assert_eq!(
            err("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::PawnOnBackRank { square: Square::A8 }
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"),
            FenError::PawnOnBackRank { square: Square::A1 }
        );
    }

    #[test]
    fn side_not_to_move_in_check_art_3_9() {
        let err_black = err("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            err_black,
            FenError::OpponentInCheck {
                color: ColorName(Color::Black)
            }
        );
        assert!(parse("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1").is_ok());
        let triple = err("4k3/4R3/5N2/1B6/8/8/8/4K3 b - - 0 1");
        assert!(matches!(triple, FenError::ImpossibleCheck { count: 3, .. }));
    }

    #[test]
    fn castling_rights_must_match_the_pieces() {
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
            FenError::CastlingMismatch {
                right: 'K',
                piece: "rook",
                square: Square::H1
            }
        );
        assert_eq!(
            err("r3k2r/8/8/8/8/8/8/R2K3R w Q - 0 1"),
            FenError::CastlingMismatch {
                right: 'Q',
                piece: "king",
                square: Square::E1
            }
        );
        assert!(matches!(
            err("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1"),
            FenError::CastlingSyntax { .. }
        ));
        assert!(matches!(
            err("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"),
            FenError::CastlingSyntax { .. }
        ));
    }

    #[test]
    fn impossible_en_passant_squares() {
        let wrong_rank = err("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1");
        assert!(matches!(
            wrong_rank,
            FenError::EnPassantImpossible {
                square: Square::D3,
                ..
            }
        ));
        let no_pawn = err("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1");
        assert!(matches!(
            no_pawn,
            FenError::EnPassantImpossible {
                square: Square::D6,
                ..
            }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - z9 0 1"),
            FenError::EnPassantSyntax { .. }
        ));
    }

    #[test]
    fn placement_and_counter_errors_name_the_field() {
        assert_eq!(
            err("8/8/8/8/8/8/8 w - - 0 1"),
            FenError::RankCount { found: 7 }
        );
        assert_eq!(
            err("4k4/8/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::RankLength {
                rank: 8,
                squares: 9
            }
        );
        assert_eq!(
            err("4x3/8/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::PieceLetter {
                rank: 8,
                found: 'x'
            }
        );
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
            FenError::SideToMove { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - -1 1"),
            FenError::HalfmoveClock { .. }
        ));
        assert!(matches!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
            FenError::FullmoveNumber { .. }
        ));
        assert_eq!(err(""), FenError::FieldCount { found: 0 });
    }
}
