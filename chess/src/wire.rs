//! How the chess vocabulary (from cozy-chess, which has no serde support) appears in JSON:
//! colours as `"white"` / `"black"`, squares as `"e4"`, pieces as `"knight"`. Moves carry
//! their own serde form, UCI text with castling as the king's move (`"e1g1"`, `"e7e8q"`): see
//! [`crate::Move`].

use crate::chessboard::{Color, Piece, Square};
use serde::{Deserialize, Deserializer, Serializer, de::Error};

/// Colours as `"white"` / `"black"`.
pub mod color {
    use super::*;

    /// The colour's name.
    pub fn name(color: Color) -> &'static str {
        match color {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Serialise.
    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(name(*c))
    }

    /// Deserialise.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(D::Error::custom(format_args!(
                "expected \"white\" or \"black\", got {other:?}"
            ))),
        }
    }
}

/// Optional colours.
pub mod opt_color {
    use super::*;

    /// Serialise.
    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        match c {
            Some(c) => s.serialize_str(super::color::name(*c)),
            None => s.serialize_none(),
        }
    }
}

/// Squares as `"e4"`.
pub mod square {
    use super::*;

    /// Serialise.
    pub fn serialize<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(sq)
    }

    /// Deserialise.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format_args!("not a square: {text:?}")))
    }
}

/// Pieces as `"knight"`.
pub mod piece {
    use super::*;

    /// The piece's name.
    pub fn name(p: Piece) -> &'static str {
        match p {
            Piece::Pawn => "pawn",
            Piece::Knight => "knight",
            Piece::Bishop => "bishop",
            Piece::Rook => "rook",
            Piece::Queen => "queen",
            Piece::King => "king",
        }
    }

    /// Parse a piece's name.
    pub fn from_name(text: &str) -> Option<Piece> {
        Some(match text {
            "pawn" => Piece::Pawn,
            "knight" => Piece::Knight,
            "bishop" => Piece::Bishop,
            "rook" => Piece::Rook,
            "queen" => Piece::Queen,
            "king" => Piece::King,
            _ => return None,
        })
    }
}

/// Optional pieces as `"knight"` or `null`.
pub mod opt_piece {
    use super::*;

    /// Serialise.
    pub fn serialize<S: Serializer>(p: &Option<Piece>, s: S) -> Result<S::Ok, S::Error> {
        match p {
            Some(p) => s.serialize_str(super::piece::name(*p)),
            None => s.serialize_none(),
        }
    }

    /// Deserialise.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Piece>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(text) => super::piece::from_name(&text)
                .map(Some)
                .ok_or_else(|| D::Error::custom(format_args!("not a piece: {text:?}"))),
        }
    }
}
