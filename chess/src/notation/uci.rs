//! UCI move text (`e2e4`, `e7e8q`, castling `e1g1`): what engines and our command-line tool use.

use crate::chessboard::{File, Piece, Rank, Square};
use thiserror::Error;

use crate::movegen::Move;
use crate::position::Position;

/// Why a UCI text is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciError {
    /// Not of the form `<from><to>[qrbn]`; `at` is the byte offset where reading failed.
    #[error(
        "unreadable UCI move '{text}' at byte {at}: expected <from><to>[q|r|b|n], e.g. e2e4 or e7e8q"
    )]
    Unreadable {
        /// The text as given.
        text: String,
        /// Byte offset where reading failed.
        at: usize,
    },
    /// Well formed, but not legal in the position.
    #[error("{mv} is not a legal move here")]
    Illegal {
        /// The move read.
        mv: Move,
    },
}

/// Reads a move without a position: only the syntax is checked.
///
/// # Errors
/// [`UciError::Unreadable`].
pub fn parse_syntax(text: &str) -> Result<Move, UciError> {
    let b = text.as_bytes();
    let bad = |at| UciError::Unreadable {
        text: text.to_string(),
        at,
    };
    let square = |at: usize| -> Result<Square, UciError> {
        let file = b
            .get(at)
            .filter(|c| (b'a'..=b'h').contains(c))
            .ok_or(bad(at))?;
        let rank = b
            .get(at + 1)
            .filter(|c| (b'1'..=b'8').contains(c))
            .ok_or(bad(at + 1))?;
        Ok(Square::new(
            File::index(usize::from(file - b'a')),
            Rank::index(usize::from(rank - b'1')),
        ))
    };
    let from = square(0)?;
    let to = square(2)?;
    let promotion = match b.get(4) {
        None => None,
        Some(b'q') => Some(Piece::Queen),
        Some(b'r') => Some(Piece::Rook),
        Some(b'b') => Some(Piece::Bishop),
        Some(b'n') => Some(Piece::Knight),
        Some(_) => return Err(bad(4)),
    };
    if b.len() > 4 + usize::from(promotion.is_some()) {
        return Err(bad(4 + usize::from(promotion.is_some())));
    }
    Ok(Move {
        from,
        to,
        promotion,
    })
}

/// Reads a legal move in UCI notation.
///
/// # Errors
/// [`UciError::Unreadable`] or [`UciError::Illegal`].
pub fn parse(pos: &Position, text: &str) -> Result<Move, UciError> {
    let mv = parse_syntax(text.trim())?;
    if pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(UciError::Illegal { mv })
    }
}

/// Prints a move in UCI notation (the same as its `Display`).
pub fn format(mv: Move) -> String {
    mv.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_prints_standard_castling_and_promotion() {
        let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(format(parse(&pos, "e1g1").unwrap()), "e1g1");
        assert_eq!(format(parse(&pos, "b7b8n").unwrap()), "b7b8n");
        assert!(matches!(parse(&pos, "b7b8"), Err(UciError::Illegal { .. })));
        assert!(matches!(parse(&pos, "e1h1"), Err(UciError::Illegal { .. })));
        assert_eq!(
            parse(&pos, "b7b8x"),
            Err(UciError::Unreadable {
                text: "b7b8x".into(),
                at: 4
            })
        );
        assert!(matches!(
            parse(&pos, "e1"),
            Err(UciError::Unreadable { at: 2, .. })
        ));
        assert!(matches!(
            parse(&pos, "e1g1qq"),
            Err(UciError::Unreadable { at: 5, .. })
        ));
    }
}
