//! The board as the page draws it: pieces by square, the legal moves for hints, check, the last
//! move and the move list in the chosen App. E language. Built from the core's `Position`; this
//! module decides nothing, it only lays out what the core says.

use arbiter_core::wire;

use arbiter_core::{Color, File, Move, Piece, Position, Rank, Square};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// One move of the game as the move list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// Half-move number, from 1 (White's first move) in a game from the start position.
    pub ply: u32,
    /// The move's number as the score writes it (`23` in `23... Nf6`): the fullmove number of
    /// the position it was played in, so a game set up from a FEN goes on from its number.
    pub number: u32,
    /// Who made it: `white` or `black`.
    pub side: &'static str,
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

/// The board half of the page's state; its moves are the game's move list's (move_list.rs),
/// written once each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardView<'a> {
    /// The position in FEN.
    pub fen: String,
    /// Who is on move: `"white"` or `"black"`.
    pub turn: &'static str,
    /// `{"e4": ["white", "pawn"], ...}`.
    pub pieces: Pieces,
    /// Every legal move in coordinates, for hints and for the page's own move checks.
    pub legal_moves: Vec<String>,
    /// The checked king's square.
    pub check: Option<String>,
    /// The last move played.
    pub last_move: Option<LastMove>,
    /// The moves played, in order (in the state the page asks for by `stateSince`, only those
    /// it does not hold yet).
    pub moves: &'a [MoveView],
    /// Half-moves played.
    pub ply: u32,
    /// The number of the move to be made now (the position's fullmove number).
    pub move_number: u32,
}

/// The pieces on the board by square (`a1`, `a2` ... `h8`: the squares' names in alphabetical
/// order, the order a `BTreeMap` of them gave the page before), written as one object.
///
/// A list rather than a `BTreeMap`: the map was the module's only one, and its code 3.5 KB.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pieces(Vec<(Square, (&'static str, &'static str))>);

impl Pieces {
    /// The pieces of `position`, in alphabetical order of their squares.
    pub fn of(position: &Position) -> Pieces {
        let mut out = Vec::with_capacity(32);
        for file in File::ALL {
            for rank in Rank::ALL {
                let sq = Square::new(file, rank);
                if let Some((c, p)) = position.piece_on(sq) {
                    out.push((sq, (color_name(c), piece_name(p))));
                }
            }
        }
        Pieces(out)
    }

    /// The colour and piece on `square` (`"e4"`), if any.
    #[cfg(test)]
    pub fn get(&self, square: &str) -> Option<&(&'static str, &'static str)> {
        self.0
            .iter()
            .find(|(sq, _)| sq.to_string() == square)
            .map(|(_, p)| p)
    }

    /// How many pieces.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl Serialize for Pieces {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (sq, piece) in &self.0 {
            map.serialize_entry(&sq.to_string(), piece)?;
        }
        map.end()
    }
}

/// `"white"` / `"black"`: the core's wire name of the colour.
pub fn color_name(c: Color) -> &'static str {
    wire::color::name(c)
}

/// `"pawn"` ... `"king"`: the core's wire name of the piece, as events and states spell it.
pub fn piece_name(p: Piece) -> &'static str {
    wire::piece::name(p)
}

/// Lays out `current`, the position after `moves` (the list as the page shows it, `ply`
/// half-moves from the start of the record), `last` the move that led there.
pub fn board_view<'a>(
    current: &Position,
    last: Option<&Move>,
    moves: &'a [MoveView],
    ply: u32,
) -> BoardView<'a> {
    let pieces = Pieces::of(current);
    let mut legal_moves = Vec::new();
    current.for_each_legal_move(|m| legal_moves.push(m.to_string()));
    let check = current
        .in_check()
        .then(|| current.king(current.side_to_move()).to_string());
    BoardView {
        fen: current.fen(),
        turn: color_name(current.side_to_move()),
        pieces,
        legal_moves,
        check,
        last_move: last.map(|m| LastMove {
            from: m.from.to_string(),
            to: m.to.to_string(),
        }),
        moves,
        ply,
        move_number: current.fullmove_number(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::move_list::MoveList;
    use crate::words::SpokenForm;
    use arbiter_core::notation::{Language, uci};

    /// The list of `moves` from `start`, as the table keeps it.
    fn listed(start: &Position, moves: &[Move], lang: Language, form: SpokenForm) -> MoveList {
        let mut list = MoveList::new(start.clone(), lang, form);
        for &m in moves {
            assert!(list.push(m), "a legal test move");
        }
        list
    }

    /// `pos`, reached by the moves of `list`, as the page's state lays it out.
    fn shown<'a>(list: &'a MoveList, pos: &Position) -> BoardView<'a> {
        let ply = list.first_ply() - 1 + list.views().len() as u32;
        board_view(pos, list.moves().last(), list.views(), ply)
    }

    fn play(ucis: &[&str]) -> (Position, Vec<Move>, Position) {
        play_from(Position::startpos(), ucis)
    }

    fn play_from(start: Position, ucis: &[&str]) -> (Position, Vec<Move>, Position) {
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
    fn pieces_are_written_as_a_map_of_their_squares_in_alphabetical_order() {
        let (_, _, pos) = play(&["e2e4", "b8c6", "g1f3"]);
        let mut map = std::collections::BTreeMap::new();
        for sq in Square::ALL {
            if let Some((c, p)) = pos.piece_on(sq) {
                map.insert(sq.to_string(), (color_name(c), piece_name(p)));
            }
        }
        let ours = serde_json::to_string(&Pieces::of(&pos)).unwrap();
        assert_eq!(ours, serde_json::to_string(&map).unwrap());
        assert!(ours.starts_with(r#"{"a1":["white","rook"],"a2":["white","pawn"],"a7":"#));
    }

    #[test]
    fn moves_are_numbered_as_the_score_writes_them_from_a_set_up_position() {
        // Black to move at move 23: "23... Nf6 24. Nf3", then White's 24th is made and Black
        // is to make his 24th.
        let start =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 23")
                .unwrap();
        let (start, moves, pos) = play_from(start, &["g8f6", "g1f3"]);
        let list = listed(&start, &moves, Language::English, SpokenForm::AppF);
        let v = shown(&list, &pos);
        let numbered: Vec<_> = v.moves.iter().map(|m| (m.number, m.side)).collect();
        assert_eq!(numbered, [(23, "black"), (24, "white")]);
        assert_eq!(v.move_number, 24);
        assert_eq!(v.turn, "black");
        let (start, moves, pos) = play(&["e2e4"]);
        let list = listed(&start, &moves, Language::English, SpokenForm::AppF);
        let v = shown(&list, &pos);
        assert_eq!(
            (v.moves[0].number, v.moves[0].side, v.move_number),
            (1, "white", 1)
        );
    }

    #[test]
    fn fools_mate_shows_check_last_move_and_list() {
        let (start, moves, pos) = play(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        let list = listed(&start, &moves, Language::English, SpokenForm::AppF);
        let v = shown(&list, &pos);
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
        let list = listed(
            &start,
            &moves,
            Language::Italian,
            SpokenForm::Language(Language::Italian),
        );
        let v = shown(&list, &pos);
        assert_eq!(v.moves[0].san, "Cf3");
        assert_eq!(v.moves[0].said, "cavallo f3");
        assert_eq!(v.legal_moves.len(), 22, "14 pawn, 7 knight and Rg1 moves");
    }
}
