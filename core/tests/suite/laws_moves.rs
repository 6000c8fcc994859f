//! The moves of the pieces at the arbiter's table (Art. 3, rows L-01 to L-08) and the
//! notation the players write (2005 App. E / 2023 App. C, rows N-01 to N-06), each in both
//! editions. The move generator itself is tested by perft; here the engine must refuse the
//! checklist's illegal moves as illegal moves (7.4a / 7.5.1) and take its legal ones.

use crate::common_laws;

use arbiter_core::Position;
use arbiter_core::arbiter::{Event, Game, GameConfig, Refused, Verdict};
use arbiter_core::laws::Edition;
use arbiter_core::notation::{Language, san};
use common_laws::{Table, config, in_both_editions};

/// Plays `before`, then enters `mv` and presses: whether the engine ruled it an illegal move,
/// whether the record grew, and the last move recorded.
fn judged(
    edition: Edition,
    fen: Option<&str>,
    before: &str,
    mv: &str,
) -> (bool, bool, Option<String>) {
    let mut t = Table::with(edition, 90, 30, fen, true, None);
    t.plays(before);
    t.take();
    let side = t.side();
    let plies = t.game.moves().len();
    t.ok(Event::Move {
        mv: mv.parse().unwrap(),
    });
    t.ok(Event::PressClock { player: side });
    let illegal = t
        .verdicts()
        .iter()
        .any(|v| matches!(v, Verdict::IllegalMove { player, .. } if *player == side));
    let grew = t.game.moves().len() > plies;
    (illegal, grew, t.game.moves().last().map(|m| m.san.clone()))
}

/// The SAN recorded for `mv`, or `None` if the engine ruled it an illegal move (which then
/// stays out of the record).
fn attempt(edition: Edition, fen: Option<&str>, before: &str, mv: &str) -> Option<String> {
    match judged(edition, fen, before, mv) {
        (false, true, san) => san,
        (true, grew, _) => {
            assert!(!grew, "{mv}: an illegal move is not recorded");
            None
        }
        (false, false, _) => panic!("{mv}: neither recorded nor ruled illegal"),
    }
}

fn l01(edition: Edition) {
    assert_eq!(
        attempt(edition, None, "", "c1e3"),
        None,
        "the bishop jumps d2"
    );
    assert_eq!(attempt(edition, None, "", "g1f3").as_deref(), Some("Nf3"));
}

in_both_editions!(
    l01,
    l01_2005_bishop_cannot_jump,
    l01_2023_bishop_cannot_jump
);

fn l02(edition: Edition) {
    assert_eq!(attempt(edition, None, "e2e4 e7e5", "e4e5"), None);
    assert_eq!(
        attempt(edition, None, "e2e4 e7e5", "d2d4").as_deref(),
        Some("d4")
    );
}

in_both_editions!(
    l02,
    l02_2005_pawn_cannot_advance_into_a_piece,
    l02_2023_pawn_cannot_advance_into_a_piece
);

fn l03(edition: Edition) {
    let at_once = attempt(edition, None, "e2e4 a7a6 e4e5 d7d5", "e5d6");
    assert_eq!(at_once.as_deref(), Some("exd6"));
    assert_eq!(
        attempt(edition, None, "e2e4 a7a6 e4e5 d7d5 h2h3 h7h6", "e5d6"),
        None,
        "only on the move right after the double step"
    );
}

in_both_editions!(
    l03,
    l03_2005_en_passant_only_at_once,
    l03_2023_en_passant_only_at_once
);

fn l04(edition: Edition) {
    let fen = Some("8/P7/8/8/8/8/8/k6K w - - 0 1");
    assert_eq!(attempt(edition, fen, "", "a7a8n").as_deref(), Some("a8=N"));
    assert_eq!(attempt(edition, fen, "", "a7a8q").as_deref(), Some("a8=Q+"));
    // No pawn stays on a8: an illegal move (2005 7.4a; 2023 7.5.2, where it becomes a queen).
    let (illegal, _, recorded) = judged(edition, fen, "", "a7a8");
    assert!(illegal);
    let expected = match edition {
        Edition::Fide2005 => None,
        Edition::Fide2023 => Some("a8=Q+".to_string()),
    };
    assert_eq!(recorded, expected);
}

in_both_editions!(
    l04,
    l04_2005_promotion_to_any_piece_never_a_pawn,
    l04_2023_promotion_to_any_piece_never_a_pawn
);

fn l05(edition: Edition) {
    let back_and_forth = "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 g1f3 g8f6 f1c4 f8c5";
    assert_eq!(attempt(edition, None, back_and_forth, "e1g1"), None);
    let never_moved = "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5";
    assert_eq!(
        attempt(edition, None, never_moved, "e1g1").as_deref(),
        Some("O-O")
    );
}

in_both_editions!(
    l05,
    l05_2005_no_castling_once_the_king_has_moved,
    l05_2023_no_castling_once_the_king_has_moved
);

fn l06(edition: Edition) {
    let fen = Some("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(attempt(edition, fen, "", "e1g1"), None, "f1 is attacked");
    assert_eq!(attempt(edition, fen, "", "e1c1").as_deref(), Some("O-O-O"));
}

in_both_editions!(
    l06,
    l06_2005_no_castling_across_an_attacked_square,
    l06_2023_no_castling_across_an_attacked_square
);

fn l07(edition: Edition) {
    let fen = Some("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    for mv in ["e1d2", "e1f2"] {
        assert_eq!(
            attempt(edition, fen, "", mv),
            None,
            "{mv}: rank 2 is attacked"
        );
    }
    for (mv, written) in [("e1d1", "Kd1"), ("e1f1", "Kf1"), ("e1e2", "Kxe2")] {
        assert_eq!(attempt(edition, fen, "", mv).as_deref(), Some(written));
    }
}

in_both_editions!(
    l07,
    l07_2005_no_move_leaves_the_king_in_check,
    l07_2023_no_move_leaves_the_king_in_check
);

fn l08(edition: Edition) {
    let mut c: GameConfig = config(edition, 90, 30);
    c.fen = Some("4k3/4R3/8/8/8/8/4r3/4K3 w - - 0 1".into());
    assert!(matches!(Game::new(c), Err(Refused::BadFen { .. })));
}

in_both_editions!(
    l08,
    l08_2005_both_kings_in_check_cannot_be_set_up,
    l08_2023_both_kings_in_check_cannot_be_set_up
);

// Notation: the Laws of both editions describe the same algebraic system; where the 2005 text
// is narrower (no long form in E7, "x" and "e.p." always written in E8), the engine reads the
// 2023 superset in both, as a reader of either edition's scoresheets must.

fn reads(fen: &str, text: &str, lang: Language) -> Option<String> {
    let pos = Position::from_fen(fen).unwrap();
    let mv = san::parse(&pos, text, lang).ok()?;
    Some(san::format(&pos, mv, Language::English))
}

/// How an English text reads in `fen`, written back in English SAN.
fn english(fen: &str, text: &str) -> Option<String> {
    reads(fen, text, Language::English)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn n01_2005_2023_piece_letters_of_each_language() {
    assert_eq!(
        reads(START, "Cf3", Language::Italian).as_deref(),
        Some("Nf3")
    );
    assert_eq!(
        reads(START, "Cf3", Language::Portuguese).as_deref(),
        Some("Nf3")
    );
    assert_eq!(
        reads(START, "Sf3", Language::German).as_deref(),
        Some("Nf3")
    );
    let king_moves = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        reads(king_moves, "Rd1", Language::Italian).as_deref(),
        Some("Kd1")
    );
    assert_eq!(english(START, "Rd1"), None, "no rook reaches d1");
}

#[test]
fn n02_2005_2023_pawns_without_letter_and_the_long_form() {
    assert_eq!(english(START, "e4").as_deref(), Some("e4"));
    assert_eq!(english(START, "e2e4").as_deref(), Some("e4"));
    assert_eq!(english(START, "Ng1f3").as_deref(), Some("Nf3"));
}

#[test]
fn n03_2005_2023_captures_with_or_without_x_and_en_passant() {
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(english(ep, "exf6").as_deref(), Some("exf6"));
    assert_eq!(english(ep, "ef6").as_deref(), Some("exf6"));
    assert_eq!(english(ep, "exf6 e.p.").as_deref(), Some("exf6"));
}

#[test]
fn n04_2005_2023_two_knights_to_one_square() {
    let knights = "4k3/8/8/8/8/8/8/4N1NK w - - 0 1";
    assert_eq!(english(knights, "Ngf3").as_deref(), Some("Ngf3"));
    assert_eq!(english(knights, "Nef3").as_deref(), Some("Nef3"));
    assert_eq!(english(knights, "Nf3"), None, "ambiguous");
    let same_file = "4k3/8/8/6N1/8/8/8/6NK w - - 0 1";
    assert_eq!(english(same_file, "N5f3").as_deref(), Some("N5f3"));
    assert_eq!(english(same_file, "N1f3").as_deref(), Some("N1f3"));
}

#[test]
fn n05_2005_2023_promotion_written_after_the_pawn_move() {
    let fen = "k7/3P4/8/8/8/8/8/4K3 w - - 0 1";
    for text in ["d8Q", "d8=Q", "d8(Q)"] {
        assert_eq!(english(fen, text).as_deref(), Some("d8=Q+"), "{text}");
    }
}

#[test]
fn n06_2005_2023_castling_with_zero_or_letter_o() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for text in ["0-0", "O-O"] {
        assert_eq!(english(fen, text).as_deref(), Some("O-O"));
    }
    for text in ["0-0-0", "O-O-O"] {
        assert_eq!(english(fen, text).as_deref(), Some("O-O-O"));
    }
}
