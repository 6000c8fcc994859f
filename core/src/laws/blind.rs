//! Blind and visually impaired players (2005 App. F / 2023 App. D): the articles the arbiter
//! cites, the marks of the tactile clock, and the correction when the two boards disagree.
//!
//! # How App. F2.3 meets the clock press of Art. 6.8
//!
//! A move is still completed by pressing the clock (2005 Art. 6.8a / 2023 Art. 6.2.1), by the
//! visually impaired player or by his assistant (F2.9c / D.2.10). F2.3 / D.2.3-D.2.4 say when
//! his move counts as *made*: the captured piece removed from his board, his piece in another
//! hole, or the move announced. A press before that does not start the opponent's clock: the
//! game notes it under F2.3 and his own clock runs on. We do not start the opponent's clock by
//! itself at the moment the move is made, because the move stays open to a correction of a slip
//! of the tongue (F2.6 / D.2.8) until that clock starts, and the press is the one act that
//! closes it. For the sighted player nothing changes (F2.3 last sentence / D.2.5).

use super::{Edition, Law};
use crate::clock::Millis;
use crate::notation::{Language, SanError, san, spoken};
use crate::position::Position;
use crate::{Color, Move};
use serde::Serialize;
use thiserror::Error;

/// Moves announced, repeated and executed (F2.1 / D.2.1).
pub fn announce_law(edition: Edition) -> Law {
    Law::of(edition, "App. F2.1", "App. D.2.1")
}

/// On the tactile board a piece pulled out of its hole is touched (F2.2 / D.2.2).
pub fn touched_law(edition: Edition) -> Law {
    Law::of(edition, "App. F2.2", "App. D.2.2")
}

/// When the visually impaired player's move counts as made (F2.3 / D.2.3-D.2.4).
pub fn made_law(edition: Edition) -> Law {
    Law::of(edition, "App. F2.3", "App. D.2.3")
}

/// A slip of the tongue corrected before the opponent's clock starts (F2.6 / D.2.8).
pub fn correction_law(edition: Edition) -> Law {
    Law::of(edition, "App. F2.6", "App. D.2.8")
}

/// The two boards differ and the scoresheets agree (F2.7 / D.2.9).
pub fn fix_board_law(edition: Edition) -> Law {
    Law::of(edition, "App. F2.7", "App. D.2.9")
}

/// The two scoresheets differ: retrace to where they agree (F2.8 / D.2.9).
pub fn retrace_law(edition: Edition) -> Law {
    Law::of(edition, "App. F2.8", "App. D.2.9")
}

/// Moves completed and time used, told only when asked (F2.9d / D.2.10).
pub fn on_request_law(edition: Edition) -> Law {
    Law::of(edition, "App. F2.9d", "App. D.2.10")
}

/// The tactile clock (F2.4 / D.2.6).
pub fn tactile_clock_law(edition: Edition) -> Law {
    Law::of(edition, "App. F2.4", "App. D.2.6")
}

/// Reads an announced move: the spoken form of F2.1 / D.2.1 first ("Springer Felix drei"),
/// then algebraic notation in `lang`, then English algebraic, then coordinates (`g1f3`).
///
/// # Errors
/// The [`SanError`] of the spoken form when no reading fits, naming the word not understood;
/// an illegal or ambiguous reading is reported as such.
pub fn read_announcement(pos: &Position, text: &str, lang: Language) -> Result<Move, SanError> {
    let spoken_error = match spoken::parse(pos, text) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    for lang in [lang, Language::English] {
        if let Ok(mv) = san::parse(pos, text.trim(), lang) {
            return Ok(mv);
        }
    }
    if let Ok(mv) = text.trim().parse::<Move>()
        && pos.is_legal(mv)
    {
        return Ok(mv);
    }
    Err(spoken_error)
}

/// One side's clock as a visually impaired player is told it (F2.9d / D.2.10): the arbiter's
/// `State` hands these over, so this article needs nothing from the game above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TimeTold {
    /// Time left on the clock.
    pub remaining: Millis,
    /// Time used so far.
    pub used: Millis,
    /// Moves completed.
    pub moves: u32,
}

/// What a visually impaired player is told when he asks (2005 App. F2.9d / 2023 App. D.2.10,
/// and the talking clock of D.2.6.1): his time left and used, his opponent's, and the moves
/// he has completed. The words are the page's (its message catalogue, in the player's
/// language); the core says what is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TimeOnRequest {
    /// The asking player's clock; its `moves` are the moves he has completed.
    pub own: TimeTold,
    /// His opponent's clock.
    pub theirs: TimeTold,
}

/// A mark of the tactile clock's dial that the minute hand has reached (F2.4a / D.2.6.2): a
/// raised dot every five minutes, two every fifteen; in the last five minutes the hand is felt
/// against the flag (F2.4b), so every minute is a mark there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TactileMark {
    /// The remaining time the mark stands for (a whole number of minutes).
    pub remaining: Millis,
    /// Dots the dial shows there: 2 at a quarter hour, 1 at other five minutes, 0 for the
    /// minute marks of the last five minutes.
    pub dots: u8,
}

const MINUTE: u64 = 60_000;
const FIVE: u64 = 5 * MINUTE;

fn mark(remaining: u64) -> TactileMark {
    let dots = if remaining.is_multiple_of(3 * FIVE) {
        2
    } else if remaining.is_multiple_of(FIVE) {
        1
    } else {
        0
    };
    TactileMark {
        remaining: Millis(remaining),
        dots,
    }
}

/// The next mark the clock reaches as `remaining` runs down (strictly below it), if any. The
/// page schedules its optional announcement `remaining - mark.remaining` ms ahead; the core
/// keeps no timer.
pub fn next_mark(remaining: Millis) -> Option<TactileMark> {
    let r = remaining.0;
    if r <= MINUTE {
        return None;
    }
    let step = if r <= FIVE { MINUTE } else { FIVE };
    // The largest multiple of `step` strictly below r.
    Some(mark((r - 1) / step * step))
}

/// The mark passed between two readings of one clock (`before` earlier, `after` later), the
/// lowest one if several were passed: an announcement is due for it. `None` if none was passed
/// or the time went up (an increment, time added).
pub fn mark_passed(before: Millis, after: Millis) -> Option<TactileMark> {
    if after >= before {
        return None;
    }
    // The lowest mark at or above `after` that is still below `before`.
    let a = after.0;
    let candidate = if a < MINUTE {
        MINUTE
    } else if a <= FIVE {
        a.div_ceil(MINUTE).saturating_mul(MINUTE)
    } else {
        a.div_ceil(FIVE).saturating_mul(FIVE)
    };
    (candidate < before.0).then(|| mark(candidate))
}

/// Which of the two boards (or their players' scoresheets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardOf {
    /// The visually impaired player's (tactile) board and score.
    Impaired,
    /// The sighted player's board and score.
    Sighted,
}

/// Both clocks at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockReading {
    /// White's remaining time.
    pub white: Millis,
    /// Black's remaining time.
    pub black: Millis,
}

/// What the Laws say to do about the two boards (F2.7-F2.8 / D.2.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Correction {
    /// Both scores agree and both boards show the position they lead to.
    InStep,
    /// The scores agree; the listed boards differ from the position the score leads to, and
    /// their players set them to `fen` (F2.7 / D.2.9).
    FixBoards {
        /// The boards to set right.
        boards: Vec<BoardOf>,
        /// Half-moves in the agreed score.
        ply: usize,
        /// The position the score leads to.
        fen: String,
        /// The article.
        law: Law,
    },
    /// The scores differ from half-move `ply + 1` on: both boards go back to the position after
    /// `ply` half-moves, and the arbiter sets the clocks, to `clocks` if the log has them
    /// (F2.8 / D.2.9).
    Retrace {
        /// Half-moves both scores agree on.
        ply: usize,
        /// The position to restore.
        fen: String,
        /// The clocks as they stood after that half-move.
        clocks: Option<ClockReading>,
        /// The article.
        law: Law,
    },
}

/// Why the two boards could not be compared.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReconcileError {
    /// A board's placement (the first FEN field) is not eight ranks of pieces and digits.
    #[error("the {board:?} board's placement {text:?} is unreadable at byte {at}: {reason}")]
    Placement {
        /// Which board.
        board: BoardOf,
        /// The text given (at most 100 bytes).
        text: String,
        /// Byte offset of the fault.
        at: usize,
        /// What is wrong.
        reason: &'static str,
    },
}

/// The two scoresheets and the two boards, as the arbiter finds them.
#[derive(Clone, Copy, Debug)]
pub struct TwoBoards<'a> {
    /// The game's start position.
    pub start: &'a Position,
    /// The visually impaired player's score, move by move.
    pub impaired_score: &'a [Move],
    /// The sighted player's score.
    pub sighted_score: &'a [Move],
    /// The tactile board as it stands: a FEN, or only its placement field.
    pub impaired_board: &'a str,
    /// The sighted player's board as it stands.
    pub sighted_board: &'a str,
}

/// One square per byte, a8 first (FEN order): the piece letter, or `.` for an empty square.
fn placement(board: BoardOf, text: &str) -> Result<[u8; 64], ReconcileError> {
    let field = text.split_ascii_whitespace().next().unwrap_or("");
    let fail = |at, reason| ReconcileError::Placement {
        board,
        text: text.chars().take(100).collect(),
        at,
        reason,
    };
    let mut squares = [b'.'; 64];
    let (mut rank, mut file) = (0usize, 0usize);
    for (at, byte) in field.bytes().enumerate() {
        match byte {
            b'/' => {
                if file != 8 {
                    return Err(fail(at, "a rank does not have eight squares"));
                }
                rank += 1;
                file = 0;
                if rank > 7 {
                    return Err(fail(at, "more than eight ranks"));
                }
            }
            b'1'..=b'8' => {
                file += usize::from(byte - b'0');
                if file > 8 {
                    return Err(fail(at, "a rank has more than eight squares"));
                }
            }
            b'p' | b'n' | b'b' | b'r' | b'q' | b'k' | b'P' | b'N' | b'B' | b'R' | b'Q' | b'K' => {
                if file >= 8 {
                    return Err(fail(at, "a rank has more than eight squares"));
                }
                squares[rank * 8 + file] = byte;
                file += 1;
            }
            _ => return Err(fail(at, "not a piece letter, digit or '/'")),
        }
    }
    if rank != 7 || file != 8 {
        return Err(fail(field.len(), "fewer than eight full ranks"));
    }
    Ok(squares)
}

fn placement_of(board: &Position) -> [u8; 64] {
    // A legal board's FEN always reads back.
    placement(BoardOf::Sighted, &board.fen()).unwrap_or([b'.'; 64])
}

/// The positions along a score from `start`, as far as its moves are legal: `result[k]` is the
/// position after `k` half-moves.
fn positions(start: &Position, score: &[Move]) -> Vec<Position> {
    let mut out = vec![start.clone()];
    let mut board = start.clone();
    for &mv in score {
        if board.play(mv).is_err() {
            break;
        }
        out.push(board.clone());
    }
    out
}

/// The clocks after `ply` half-moves, from each half-move's clock reading (the mover's time
/// after his press, as the log keeps it for `[%clk]`) and the times at the start.
pub fn readings_at(
    start: &Position,
    initial: ClockReading,
    clock_after: &[Millis],
    ply: usize,
) -> Option<ClockReading> {
    if ply > clock_after.len() {
        return None;
    }
    let mut reading = initial;
    let mut mover = start.side_to_move();
    for &time in &clock_after[..ply] {
        match mover {
            Color::White => reading.white = time,
            Color::Black => reading.black = time,
        }
        mover = !mover;
    }
    Some(reading)
}

/// What the Laws prescribe for the two boards (2005 App. F2.7-F2.8 / 2023 App. D.2.9).
///
/// The scores are compared move by move from the start; a move that is not legal where it
/// stands ends its score there. If both scores agree to the end, each board is compared (by its
/// pieces only) with the position they lead to, and the boards that differ are to be set right
/// by their players: the one who wrote the right move but played a wrong one (F2.7). If they
/// differ, both boards go back to the last position both scores agree on, with the clock
/// readings after that half-move when `clocks` gives them (F2.8): `clocks` is the start
/// reading and the mover's time after each half-move.
///
/// # Errors
/// [`ReconcileError::Placement`] when a board's placement cannot be read.
pub fn reconcile(
    edition: Edition,
    boards: TwoBoards<'_>,
    clocks: Option<(ClockReading, &[Millis])>,
) -> Result<Correction, ReconcileError> {
    let shown = [
        (
            BoardOf::Impaired,
            placement(BoardOf::Impaired, boards.impaired_board)?,
        ),
        (
            BoardOf::Sighted,
            placement(BoardOf::Sighted, boards.sighted_board)?,
        ),
    ];
    let a = positions(boards.start, boards.impaired_score);
    let b = positions(boards.start, boards.sighted_score);
    let legal_a = a.len() - 1;
    let legal_b = b.len() - 1;
    let agreed = boards
        .impaired_score
        .iter()
        .zip(boards.sighted_score)
        .take(legal_a.min(legal_b))
        .take_while(|(x, y)| x == y)
        .count();
    let complete = agreed == boards.impaired_score.len() && agreed == boards.sighted_score.len();
    let target = &a[agreed];
    if complete {
        let want = placement_of(target);
        let wrong: Vec<BoardOf> = shown
            .iter()
            .filter(|(_, squares)| *squares != want)
            .map(|(which, _)| *which)
            .collect();
        if wrong.is_empty() {
            return Ok(Correction::InStep);
        }
        return Ok(Correction::FixBoards {
            boards: wrong,
            ply: agreed,
            fen: target.to_string(),
            law: fix_board_law(edition),
        });
    }
    Ok(Correction::Retrace {
        ply: agreed,
        fen: target.to_string(),
        clocks: clocks
            .and_then(|(initial, after)| readings_at(boards.start, initial, after, agreed)),
        law: retrace_law(edition),
    })
}

/// What one of the two boards showed once its pieces were still: the moves it has shown
/// played from the game's start (its player's score as felt or seen) and its placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The moves the board has shown, from the position the game's moves start from.
    pub score: Vec<Move>,
    /// Its placement (the FEN board field).
    pub placement: String,
}

/// The two boards compared on the game's moves: what the Laws say, and which board has only
/// not yet reproduced the move just made on the other one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The correction (F2.7-F2.8 / D.2.9).
    pub correction: Correction,
    /// The board that is one move behind, reproducing the other player's last move.
    pub awaiting: Option<BoardOf>,
}

/// The game as the two boards are compared with it.
#[derive(Clone, Copy, Debug)]
pub struct OnRecord<'a> {
    /// The position the completed moves start from.
    pub start: &'a Position,
    /// The game's completed moves (the sighted player's score).
    pub record: &'a [Move],
    /// The visually impaired player.
    pub impaired: Color,
    /// The clocks at the start and the mover's time after each half-move, when they go with
    /// `record` from `start`.
    pub clocks: Option<(ClockReading, &'a [Millis])>,
}

/// Compares the two boards' views with the game's moves (2005 App. F2.7-F2.8 / 2023 App.
/// D.2.9). `None` while nothing can differ yet: the visually impaired player's move stands
/// made on his board and waits for his press (2005 Art. 6.8a, App. F2.3 / 2023 D.2.3).
///
/// A board one move behind the record, showing the position before the last move, which the
/// other player made, is reproducing it: it is compared as if it had (and named in
/// [`Comparison::awaiting`]). A tactile board that has not followed the record (it shows fewer
/// moves, whatever else is wrong on it) is a board to set right (F2.7), not a score that
/// differs: his score holds the moves announced to him. Only a board whose moves leave the
/// record is F2.8's case.
///
/// # Errors
/// [`ReconcileError::Placement`] when a board's placement cannot be read.
pub fn compare_views(
    edition: Edition,
    game: OnRecord<'_>,
    sighted: &BoardView,
    impaired: &BoardView,
) -> Result<Option<Comparison>, ReconcileError> {
    let record = game.record;
    let n = record.len();
    let first = game.start.side_to_move();
    let mover = |index: usize| {
        if index.is_multiple_of(2) {
            first
        } else {
            !first
        }
    };
    if impaired.score.len() == n + 1
        && impaired.score.starts_with(record)
        && mover(n) == game.impaired
    {
        return Ok(None);
    }
    let positions = positions(game.start, record);
    let last_by_impaired = n > 0 && mover(n - 1) == game.impaired;
    let before_last =
        (n > 0 && positions.len() == n + 1).then(|| positions[n - 1].placement().to_fen_board());
    let current = positions
        .last()
        .map_or_else(String::new, |p| p.placement().to_fen_board());
    let lags = |v: &BoardView, moved_elsewhere: bool| {
        moved_elsewhere
            && v.score.len() + 1 == n
            && record.starts_with(&v.score)
            && before_last.as_deref() == Some(v.placement.as_str())
    };
    let sighted_lags = lags(sighted, last_by_impaired);
    let impaired_lags = lags(impaired, !last_by_impaired);
    let impaired_score: &[Move] = if impaired_lags || record.starts_with(&impaired.score) {
        record
    } else {
        &impaired.score
    };
    let shown = |v: &BoardView, lagging: bool| {
        if lagging {
            current.clone()
        } else {
            v.placement.clone()
        }
    };
    let correction = reconcile(
        edition,
        TwoBoards {
            start: game.start,
            impaired_score,
            sighted_score: record,
            impaired_board: &shown(impaired, impaired_lags),
            sighted_board: &shown(sighted, sighted_lags),
        },
        game.clocks,
    )?;
    let awaiting = if sighted_lags {
        Some(BoardOf::Sighted)
    } else if impaired_lags {
        Some(BoardOf::Impaired)
    } else {
        None
    };
    Ok(Some(Comparison {
        correction,
        awaiting,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_marks_every_five_minutes_then_every_minute() {
        let m = |ms| next_mark(Millis(ms)).map(|k| (k.remaining.0 / MINUTE, k.dots));
        assert_eq!(m(31 * MINUTE), Some((30, 2)));
        assert_eq!(m(30 * MINUTE), Some((25, 1)));
        assert_eq!(m(10 * MINUTE + 1), Some((10, 1)));
        assert_eq!(m(5 * MINUTE + 1), Some((5, 1)));
        assert_eq!(m(5 * MINUTE), Some((4, 0)));
        assert_eq!(m(2 * MINUTE), Some((1, 0)));
        assert_eq!(m(MINUTE), None);
        assert_eq!(m(0), None);
    }

    #[test]
    fn mark_passed_between_readings() {
        let p = |a, b| mark_passed(Millis(a), Millis(b)).map(|k| k.remaining.0 / MINUTE);
        assert_eq!(p(15 * MINUTE + 10, 15 * MINUTE), Some(15));
        assert_eq!(p(15 * MINUTE, 14 * MINUTE), None, "15 was passed before");
        assert_eq!(
            p(16 * MINUTE, 9 * MINUTE),
            Some(10),
            "the lowest one passed"
        );
        assert_eq!(p(4 * MINUTE + 1, 3 * MINUTE + 59_000), Some(4));
        assert_eq!(p(3 * MINUTE, 4 * MINUTE), None, "time went up");
        assert_eq!(p(MINUTE + 1, 30_000), Some(1));
        assert_eq!(p(50_000, 30_000), None);
    }

    #[test]
    fn marks_never_overflow() {
        assert_eq!(mark_passed(Millis(u64::MAX), Millis(u64::MAX - 1)), None);
        assert!(next_mark(Millis(u64::MAX)).is_some());
    }

    #[test]
    fn placements_are_checked() {
        assert!(placement(BoardOf::Impaired, "8/8/8/8/8/8/8/8").is_ok());
        let err = placement(BoardOf::Sighted, "8/8/8/8/8/8/8/7").unwrap_err();
        assert!(err.to_string().contains("fewer than eight"), "{err}");
        let err = placement(BoardOf::Sighted, "8/8/8/8/8/8/8/7x").unwrap_err();
        assert!(err.to_string().contains("byte 15"), "{err}");
        assert!(placement(BoardOf::Sighted, "9/8/8/8/8/8/8/8").is_err());
        assert!(placement(BoardOf::Sighted, "").is_err());
    }

    fn mv(text: &str) -> Move {
        text.parse().expect("a move")
    }

    fn view(start: &Position, score: &[&str]) -> BoardView {
        let mut board = start.clone();
        let score: Vec<Move> = score.iter().map(|m| mv(m)).collect();
        for &m in &score {
            board.play(m).expect("legal");
        }
        BoardView {
            score,
            placement: board.placement().to_fen_board(),
        }
    }

    fn compare(
        edition: Edition,
        record: &[&str],
        impaired: Color,
        sighted: &BoardView,
        tactile: &BoardView,
    ) -> Option<Comparison> {
        let start = Position::startpos();
        let record: Vec<Move> = record.iter().map(|m| mv(m)).collect();
        compare_views(
            edition,
            OnRecord {
                start: &start,
                record: &record,
                impaired,
                clocks: None,
            },
            sighted,
            tactile,
        )
        .expect("readable boards")
    }

    const BOTH: [Edition; 2] = [Edition::Fide2005, Edition::Fide2023];

    #[test]
    fn app_f2_3_d_2_3_his_move_made_on_his_board_waits_for_his_press_and_differs_from_nothing() {
        let start = Position::startpos();
        for edition in BOTH {
            let found = compare(
                edition,
                &[],
                Color::White,
                &view(&start, &[]),
                &view(&start, &["e2e4"]),
            );
            assert_eq!(found, None, "{edition:?}");
        }
    }

    #[test]
    fn app_f2_7_d_2_9_a_board_reproducing_the_other_players_last_move_is_awaited() {
        let start = Position::startpos();
        for edition in BOTH {
            // White, visually impaired, played e4 on his board; the sighted board has not yet
            // reproduced it.
            let found = compare(
                edition,
                &["e2e4"],
                Color::White,
                &view(&start, &[]),
                &view(&start, &["e2e4"]),
            )
            .expect("compared");
            assert_eq!(found.correction, Correction::InStep, "{edition:?}");
            assert_eq!(found.awaiting, Some(BoardOf::Sighted));
            // The sighted player's reply waits on the tactile board the same way.
            let found = compare(
                edition,
                &["e2e4", "e7e5"],
                Color::White,
                &view(&start, &["e2e4", "e7e5"]),
                &view(&start, &["e2e4"]),
            )
            .expect("compared");
            assert_eq!(found.correction, Correction::InStep);
            assert_eq!(found.awaiting, Some(BoardOf::Impaired));
        }
    }

    #[test]
    fn app_f2_7_d_2_9_a_wrong_reproduction_is_set_right_by_its_player() {
        let start = Position::startpos();
        for edition in BOTH {
            let mut wrong = view(&start, &["e2e3"]);
            // The board follows the record's moves; its pieces are what went wrong.
            wrong.score.clear();
            let found = compare(
                edition,
                &["e2e4"],
                Color::White,
                &wrong,
                &view(&start, &["e2e4"]),
            )
            .expect("compared");
            assert_eq!(found.awaiting, None);
            match found.correction {
                Correction::FixBoards {
                    boards, ply, law, ..
                } => {
                    assert_eq!(boards, [BoardOf::Sighted], "{edition:?}");
                    assert_eq!(ply, 1);
                    assert_eq!(law, fix_board_law(edition));
                }
                other => panic!("{edition:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn app_f2_8_d_2_9_scores_that_part_are_retraced_to_the_last_move_both_agree_on() {
        let start = Position::startpos();
        for edition in BOTH {
            // Black is visually impaired; his board shows d5 where the record has e5.
            let found = compare(
                edition,
                &["e2e4", "e7e5"],
                Color::Black,
                &view(&start, &["e2e4", "e7e5"]),
                &view(&start, &["e2e4", "d7d5"]),
            )
            .expect("compared");
            match found.correction {
                Correction::Retrace { ply, law, fen, .. } => {
                    assert_eq!(ply, 1, "{edition:?}");
                    assert_eq!(law, retrace_law(edition));
                    assert!(fen.starts_with("rnbqkbnr/pppppppp/8/8/4P3/"), "{fen}");
                }
                other => panic!("{edition:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn two_boards_an_unreadable_placement_is_an_error_naming_the_board() {
        let start = Position::startpos();
        let mut broken = view(&start, &[]);
        broken.placement = "8/8/8".into();
        let record: Vec<Move> = Vec::new();
        let err = compare_views(
            Edition::Fide2023,
            OnRecord {
                start: &start,
                record: &record,
                impaired: Color::White,
                clocks: None,
            },
            &view(&start, &[]),
            &broken,
        )
        .unwrap_err();
        assert!(matches!(
            err,
            ReconcileError::Placement {
                board: BoardOf::Impaired,
                ..
            }
        ));
    }
}
