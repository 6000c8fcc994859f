//! What is wrong with a FEN as a message of the pages' catalogue: its id (`fen_king_count`) and
//! the values it fills in, so that a refusal made here is said in the reader's language by any
//! page, whichever side of the wire read the FEN.

use super::FenError;
use crate::chessboard::Color;

/// A value a FEN problem's message fills in.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum FenWord {
    /// A count, a rank.
    Number(u32),
    /// A square, a side (`white`, `black`), what was found.
    Text(String),
}

impl FenError {
    /// The catalogue's message id for this fault and the values it fills in, by name
    /// (`player` a side, `count`, `max`, `rank`, `squares`, `found`, `square`, `right`).
    pub fn message(&self) -> (&'static str, Vec<(&'static str, FenWord)>) {
        let side = |c: &super::ColorName| {
            FenWord::Text(
                if c.0 == Color::White {
                    "white"
                } else {
                    "black"
                }
                .into(),
            )
        };
        let num = FenWord::Number;
        let text = |t: &str| FenWord::Text(t.to_owned());
        let count = |n: usize| FenWord::Number(u32::try_from(n).unwrap_or(u32::MAX));
        match self {
            FenError::FieldCount { found } => ("fen_field_count", vec![("found", count(*found))]),
            FenError::RankCount { found } => ("fen_rank_count", vec![("found", count(*found))]),
            FenError::RankLength { rank, squares } => (
                "fen_rank_length",
                vec![("rank", num((*rank).into())), ("squares", count(*squares))],
            ),
            FenError::PieceLetter { rank, found } => (
                "fen_piece_letter",
                vec![
                    ("rank", num((*rank).into())),
                    ("found", text(&found.to_string())),
                ],
            ),
            FenError::KingCount { color, count } => (
                "fen_king_count",
                vec![("player", side(color)), ("count", num(*count))],
            ),
            FenError::TooManyPieces {
                color,
                what,
                count,
                max,
            } => (
                if *what == "pawns" {
                    "fen_too_many_pawns"
                } else {
                    "fen_too_many_pieces"
                },
                vec![
                    ("player", side(color)),
                    ("count", num(*count)),
                    ("max", num(*max)),
                ],
            ),
            FenError::TooManyPromoted {
                color,
                extra,
                missing,
            } => (
                "fen_too_many_promoted",
                vec![
                    ("player", side(color)),
                    ("count", num(*extra)),
                    ("max", num(*missing)),
                ],
            ),
            FenError::AdjacentKings { white, black } => (
                "fen_adjacent_kings",
                vec![
                    ("square", text(&white.to_string())),
                    ("right", text(&black.to_string())),
                ],
            ),
            FenError::PawnOnBackRank { square } => (
                "fen_pawn_back_rank",
                vec![("square", text(&square.to_string()))],
            ),
            FenError::SideToMove { found } => ("fen_side_to_move", vec![("found", text(found))]),
            FenError::OpponentInCheck { color } => {
                ("fen_opponent_in_check", vec![("player", side(color))])
            }
            FenError::ImpossibleCheck { color, count } => (
                "fen_impossible_check",
                vec![("player", side(color)), ("count", num(*count))],
            ),
            FenError::ImpossibleDoubleCheck { color, .. } => {
                ("fen_impossible_double_check", vec![("player", side(color))])
            }
            FenError::CastlingSyntax { found } => {
                ("fen_castling_syntax", vec![("found", text(found))])
            }
            FenError::CastlingMismatch { right, square, .. } => (
                "fen_castling_mismatch",
                vec![
                    ("right", text(&right.to_string())),
                    ("square", text(&square.to_string())),
                ],
            ),
            FenError::EnPassantSyntax { found } => {
                ("fen_en_passant_syntax", vec![("found", text(found))])
            }
            FenError::EnPassantImpossible { square, .. } => (
                "fen_en_passant_impossible",
                vec![("square", text(&square.to_string()))],
            ),
            FenError::HalfmoveClock { found } => {
                ("fen_halfmove_clock", vec![("found", text(found))])
            }
            FenError::FullmoveNumber { found } => {
                ("fen_fullmove_number", vec![("found", text(found))])
            }
            FenError::Inconsistent { .. } => ("fen_inconsistent", vec![]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    fn message(fen: &str) -> (&'static str, Vec<(&'static str, FenWord)>) {
        match Position::from_setup_fen(fen) {
            Err(fault) => fault.message(),
            Ok(_) => panic!("{fen} was taken as a position"),
        }
    }

    #[test]
    fn each_fault_names_its_message_and_the_values_it_fills_in() {
        assert_eq!(
            message("nonsense"),
            ("fen_field_count", vec![("found", FenWord::Number(1))])
        );
        assert_eq!(
            message("8/8/8/8/8/8/8/K7 w - - 0 1"),
            (
                "fen_king_count",
                vec![
                    ("player", FenWord::Text("black".into())),
                    ("count", FenWord::Number(0))
                ]
            )
        );
        let (id, words) = message("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(id, "fen_rank_length");
        assert_eq!(words[0], ("rank", FenWord::Number(7)));
        assert_eq!(
            serde_json::to_string(&FenWord::Text("e4".into())).expect("json"),
            "\"e4\""
        );
    }
}
