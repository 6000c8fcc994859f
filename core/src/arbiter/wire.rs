//! How the chess vocabulary (from cozy-chess, which has no serde support) appears in JSON:
//! colours as `"white"` / `"black"`, squares as `"e4"`, pieces as `"knight"`, moves in
//! standard coordinate notation with castling as the king's move (`"e1g1"`, `"e7e8q"`).

use crate::{Color, Piece, Square};
use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};
use std::fmt;
use std::str::FromStr;

/// A move as the players make it: from, to and the promotion piece (castling = king's move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// Square the piece leaves (the king's square for castling).
    pub from: Square,
    /// Square the piece arrives on (g1/c1/g8/c8 for castling).
    pub to: Square,
    /// The new piece for a promotion.
    pub promotion: Option<Piece>,
}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a move in coordinate notation (like e2e4 or e7e8q): {0:?}")]
pub struct ParseMoveTextError(pub String);

impl FromStr for MoveText {
    type Err = ParseMoveTextError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ParseMoveTextError(text.chars().take(16).collect());
        let (from, rest) = text.split_at_checked(2).ok_or_else(bad)?;
        let (to, promo) = rest.split_at_checked(2).ok_or_else(bad)?;
        let promotion = match promo {
            "" => None,
            "q" => Some(Piece::Queen),
            "r" => Some(Piece::Rook),
            "b" => Some(Piece::Bishop),
            "n" => Some(Piece::Knight),
            _ => return Err(bad()),
        };
        Ok(MoveText {
            from: from.parse().map_err(|_| bad())?,
            to: to.parse().map_err(|_| bad())?,
            promotion,
        })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", piece_letter(p))?;
        }
        Ok(())
    }
}

fn piece_letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'p',
        Piece::Knight => 'n',
        Piece::Bishop => 'b',
        Piece::Rook => 'r',
        Piece::Queen => 'q',
        Piece::King => 'k',
    }
}

impl Serialize for MoveText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for MoveText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

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
