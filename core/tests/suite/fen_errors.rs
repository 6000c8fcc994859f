//! FEN errors name the field at fault and the reason, for each kind of impossible position the
//! Laws rule out (Art. 2: one king each; Art. 3.7: no pawn on the first or last rank; Art. 3.9:
//! the side not to move cannot be in check; Art. 3.8: castling needs the unmoved king and rook;
//! Art. 3.7d: en passant only right after a two-square advance).

use arbiter_core::Position;

/// (FEN, the start of the expected message).
const CASES: &[(&str, &str)] = &[
    ("", "expected 6 space-separated fields"),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "expected 6 space-separated fields (or 4 without the move counters), found 5",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "piece placement: expected 8 ranks separated by '/', found 7",
    ),
    (
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "piece placement: rank 6: '9' is not a piece letter",
    ),
    (
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "piece placement: rank 7 describes 7 squares, not 8",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1",
        "piece placement: white has 0 kings",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/2K5/PPPPPPPP/RNBQKBNR w kq - 0 1",
        "piece placement: white has 2 kings",
    ),
    (
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
        "piece placement: pawn on h8",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "piece placement: white has 9 pawns, at most 8 are possible",
    ),
    (
        "4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/Q3K3 w - - 0 1",
        "piece placement: white has 18 pieces, at most 16 are possible",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "side to move: expected 'w' or 'b', found 'x'",
    ),
    ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "OK"),
    (
        "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
        "side to move: black is in check but it is not black's turn",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
        "castling rights: 'KQkqK' is not '-'",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "castling rights: 'K' needs the rook on h1",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
        "piece placement: white has 0 kings",
    ),
    (
        "rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1",
        "castling rights: 'k' needs the king on e8",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        "en passant: e3 is impossible",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
        "en passant: e4 is impossible",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
        "en passant: e3 is impossible: no pawn of the side that just moved",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq j6 0 1",
        "en passant: 'j6' is not '-' or a square",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "half-move clock: 'x' is not a whole number",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "full-move number: '0' is not a number from 1 to 65535",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 70000",
        "full-move number: '70000'",
    ),
];

#[test]
fn each_error_names_its_field_and_reason_art_2_3() {
    for &(fen, want) in CASES {
        let got = match Position::from_fen(fen) {
            Ok(_) => "OK".to_string(),
            Err(e) => e.to_string(),
        };
        assert!(
            got.starts_with(want),
            "FEN '{fen}'\n  got:  {got}\n  want: {want}..."
        );
    }
}
