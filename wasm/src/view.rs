//! The board as the page draws it: pieces by square, the legal moves for hints, check, the last
//! move and the move list in the chosen App. E language. Built from the core's `Position`; this
//! module decides nothing, it only lays out what the core says.

use std::collections::BTreeMap;

use arbiter_core::notation::{Language, san};
use arbiter_core::wire;

use crate::words::{self, SpokenForm};
use arbiter_core::{Color, Move, Piece, Position};
use serde::Serialize;

/// One move of the game as the move list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// Half-move number, from 1 (White's first move) in a game from the start position.
    pub ply: u32,
    /// The move in the chosen notation language, with `+` / `#`.
    pub san: String,
    /// The move in coordinates (`e2e4`, castling `e1g1`, promotion `e7e8q`).
    pub uci: String,
    /// The move as it is heard: App. F form or the language's words (`Springer Felix drei`).
    pub said: String,
}

/// From- and to-square of the last move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastMove {
    /// Where the piece came from.
    pub from: String,
    /// Where it went.
    pub to: String,
}

/// The board half of the page's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardView {
    /// The position in FEN.
    pub fen: String,
    /// Who is on move: `"white"` or `"black"`.
    pub turn: &'static str,
    /// `{"e4": ["white", "pawn"], ...}`.
    pub pieces: BTreeMap<String, (&'static str, &'static str)>,
    /// Every legal move in coordinates, for hints and for the page's own move checks.
    pub legal_moves: Vec<String>,
    /// The checked king's square.
    pub check: Option<String>,
    /// The last move played.
    pub last_move: Option<LastMove>,
    /// The moves played, in order.
    pub moves: Vec<MoveView>,
    /// Half-moves played.
    pub ply: u32,
}

/// `"white"` / `"black"`: the core's wire name of the colour.
pub fn color_name(c: Color) -> &'static str {
    wire::color::name(c)
}

/// `"pawn"` ... `"king"`: the core's wire name of the piece, as events and states spell it.
pub fn piece_name(p: Piece) -> &'static str {
    wire::piece::name(p)
}

/// Lays out `current`, reached from `start` by `moves` (used for the move list).
pub fn board_view(
    start: &Position,
    moves: &[Move],
    current: &Position,
    lang: Language,
    form: SpokenForm,
) -> BoardView {
    let mut pieces = BTreeMap::new();
    for sq in arbiter_core::Square::ALL {
        if let Some((c, p)) = current.piece_on(sq) {
            pieces.insert(sq.to_string(), (color_name(c), piece_name(p)));
        }
    }
    let mut legal_moves = Vec::new();
    current.for_each_legal_move(|m| legal_moves.push(m.to_string()));
    let check = current
        .in_check()
        .then(|| current.king(current.side_to_move()).to_string());

    // The move list is written from the positions the moves were played in.
    let first_ply = match start.side_to_move() {
        Color::White => (start.fullmove_number().max(1) - 1) * 2 + 1,
        Color::Black => start.fullmove_number().max(1) * 2,
    };
    let mut list = Vec::with_capacity(moves.len());
    let mut pos = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let text = san::format(&pos, mv, lang);
        list.push(MoveView {
            ply: first_ply + i as u32,
            san: text,
            uci: mv.to_string(),
            said: words::say_move(&pos, mv, form),
        });
        if pos.play(mv).is_err() {
            // The core only logs legal moves; should one not replay, the list stops there
            // rather than show moves from a position that never stood on the board.
            break;
        }
    }
    let ply = first_ply - 1 + moves.len() as u32;
    BoardView {
        fen: current.fen(),
        turn: color_name(current.side_to_move()),
        pieces,
        legal_moves,
        check,
        last_move: moves.last().map(|m| LastMove {
            from: m.from.to_string(),
            to: m.to.to_string(),
        }),
        moves: list,
        ply,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::notation::uci;

    fn play(ucis: &[&str]) -> (Position, Vec<Move>, Position) {
        let start = Position::startpos();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for u in ucis {
            let m = uci::parse(&pos, u).expect("legal test move");
            pos.play(m).expect("legal test move");
            moves.push(m);
        }
        (start, moves, pos)
    }

    #[test]
    fn fools_mate_shows_check_last_move_and_list() {
        let (start, moves, pos) = play(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        let v = board_view(&start, &moves, &pos, Language::English, SpokenForm::AppF);
        assert_eq!(v.turn, "white");
        assert_eq!(v.check.as_deref(), Some("e1"));
        assert!(v.legal_moves.is_empty(), "mate leaves no legal move");
        assert_eq!(v.moves.last().map(|m| m.san.as_str()), Some("Qh4#"));
        assert_eq!(
            v.moves.last().map(|m| m.said.as_str()),
            Some("Dame Hector vier Matt")
        );
        assert_eq!(v.moves[0].ply, 1);
        assert_eq!(v.ply, 4);
        assert_eq!(
            v.last_move,
            Some(LastMove {
                from: "d8".into(),
                to: "h4".into()
            })
        );
        assert_eq!(v.pieces.get("h4"), Some(&("black", "queen")));
        assert_eq!(v.pieces.len(), 32);
    }

    #[test]
    fn app_e_italian_letters_in_the_move_list() {
        let (start, moves, pos) = play(&["g1f3", "g8f6"]);
        let v = board_view(
            &start,
            &moves,
            &pos,
            Language::Italian,
            SpokenForm::Language(Language::Italian),
        );
        assert_eq!(v.moves[0].san, "Cf3");
        assert_eq!(v.moves[0].said, "cavallo f3");
        assert_eq!(v.legal_moves.len(), 22, "14 pawn, 7 knight and Rg1 moves");
    }
}
