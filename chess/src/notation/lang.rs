//! The piece letters of App. E (2005; App. C in 2023) in the languages FIDE's texts name, plus
//! figurines. One table per language: to add a language, add a variant and its table.

use crate::chessboard::Piece;

/// A language of algebraic notation: which letter stands for which piece (App. E1-E2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// K Q R B N (also the letters of PGN).
    English,
    /// R D T A C: Re, Donna, Torre, Alfiere, Cavallo.
    Italian,
    /// R D T B C: Rei, Dama, Torre, Bispo, Cavalo (App. E1 of the Portuguese text).
    Portuguese,
    /// R D T A C: Rey, Dama, Torre, Alfil, Caballo.
    Spanish,
    /// R D T F C: Roi, Dame, Tour, Fou, Cavalier (App. E2's example "F = fou").
    French,
    /// K D T L S: König, Dame, Turm, Läufer, Springer.
    German,
    /// K D T L P: Koning, Dame, Toren, Loper, Paard (App. E2's example "L = loper").
    Dutch,
    /// ♔ ♕ ♖ ♗ ♘, recommended for print (App. E2).
    Figurine,
}

/// The symbols one language writes for the five pieces that have one (pawns have none, App. E3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSymbols {
    /// The king's letter (`K`, German `K`, French `R`).
    pub king: &'static str,
    /// The queen's (`Q`, German `D`).
    pub queen: &'static str,
    /// The rook's (`R`, German `T`).
    pub rook: &'static str,
    /// The bishop's (`B`, German `L`).
    pub bishop: &'static str,
    /// The knight's (`N`, German `S`).
    pub knight: &'static str,
}

impl PieceSymbols {
    /// The symbol of a piece; empty for a pawn.
    pub fn of(&self, piece: Piece) -> &'static str {
        match piece {
            Piece::King => self.king,
            Piece::Queen => self.queen,
            Piece::Rook => self.rook,
            Piece::Bishop => self.bishop,
            Piece::Knight => self.knight,
            Piece::Pawn => "",
        }
    }

    /// Pairs of (symbol, piece), for reading.
    pub fn pairs(&self) -> [(&'static str, Piece); 5] {
        [
            (self.king, Piece::King),
            (self.queen, Piece::Queen),
            (self.rook, Piece::Rook),
            (self.bishop, Piece::Bishop),
            (self.knight, Piece::Knight),
        ]
    }
}

const ENGLISH: PieceSymbols = PieceSymbols {
    king: "K",
    queen: "Q",
    rook: "R",
    bishop: "B",
    knight: "N",
};
const ITALIAN: PieceSymbols = PieceSymbols {
    king: "R",
    queen: "D",
    rook: "T",
    bishop: "A",
    knight: "C",
};
const PORTUGUESE: PieceSymbols = PieceSymbols {
    king: "R",
    queen: "D",
    rook: "T",
    bishop: "B",
    knight: "C",
};
const SPANISH: PieceSymbols = PieceSymbols {
    king: "R",
    queen: "D",
    rook: "T",
    bishop: "A",
    knight: "C",
};
const FRENCH: PieceSymbols = PieceSymbols {
    king: "R",
    queen: "D",
    rook: "T",
    bishop: "F",
    knight: "C",
};
const GERMAN: PieceSymbols = PieceSymbols {
    king: "K",
    queen: "D",
    rook: "T",
    bishop: "L",
    knight: "S",
};
const DUTCH: PieceSymbols = PieceSymbols {
    king: "K",
    queen: "D",
    rook: "T",
    bishop: "L",
    knight: "P",
};
const FIGURINE: PieceSymbols = PieceSymbols {
    king: "♔",
    queen: "♕",
    rook: "♖",
    bishop: "♗",
    knight: "♘",
};
/// Black figurines: printed texts use them for Black's moves; we read them in every language.
pub(crate) const BLACK_FIGURINE: PieceSymbols = PieceSymbols {
    king: "♚",
    queen: "♛",
    rook: "♜",
    bishop: "♝",
    knight: "♞",
};

impl Language {
    /// Every language, for tests and menus.
    pub const ALL: [Language; 8] = [
        Language::English,
        Language::Italian,
        Language::Portuguese,
        Language::Spanish,
        Language::French,
        Language::German,
        Language::Dutch,
        Language::Figurine,
    ];

    /// This language's piece symbols.
    pub fn symbols(self) -> &'static PieceSymbols {
        match self {
            Language::English => &ENGLISH,
            Language::Italian => &ITALIAN,
            Language::Portuguese => &PORTUGUESE,
            Language::Spanish => &SPANISH,
            Language::French => &FRENCH,
            Language::German => &GERMAN,
            Language::Dutch => &DUTCH,
            Language::Figurine => &FIGURINE,
        }
    }

    /// The ISO 639-1 code (`en`, `it`, `pt`, `es`, `fr`, `de`, `nl`), or `fig` for figurines.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Italian => "it",
            Language::Portuguese => "pt",
            Language::Spanish => "es",
            Language::French => "fr",
            Language::German => "de",
            Language::Dutch => "nl",
            Language::Figurine => "fig",
        }
    }

    /// The language of a code as [`Language::code`] gives it (case-insensitive).
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }
}

impl core::str::FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Language::from_code(s).ok_or_else(|| UnknownLanguage(s.to_string()))
    }
}

/// A language code that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation language '{0}' (known: en, it, pt, es, fr, de, nl, fig)")]
pub struct UnknownLanguage(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_five_distinct_symbols_app_e1() {
        for lang in Language::ALL {
            let mut symbols: Vec<_> = lang.symbols().pairs().iter().map(|(s, _)| *s).collect();
            symbols.sort();
            symbols.dedup();
            assert_eq!(symbols.len(), 5, "{lang:?}");
            assert_eq!(lang.code().parse::<Language>(), Ok(lang));
        }
    }

    #[test]
    fn italian_r_is_the_king_english_r_is_the_rook_app_e2() {
        assert_eq!(Language::Italian.symbols().of(Piece::King), "R");
        assert_eq!(Language::English.symbols().of(Piece::Rook), "R");
        assert_eq!(Language::Dutch.symbols().of(Piece::Knight), "P");
    }
}
