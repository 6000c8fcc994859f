//! DGT's result signal: at the end of a game the players set both kings on the centre squares
//! (d4, d5, e4, e5) to say how it ended. DGT's own description ("End of game: indicate
//! result", digitalgametechnology.com, Boards section): both kings on light squares (d5, e4)
//! is 1-0, both on dark squares (d4, e5) is 0-1, one on each is a draw; software reads it once
//! the kings have stood there a few seconds, and no move after the signal is scored.
//!
//! Two kings on two of those four squares always stand side by side, which no position of a
//! game allows, so the signal is never a move. The hall reads it as a result proposed to the
//! arbiter, who confirms it (or not) on the hall page: the players' word is not a ruling.

use serde::Serialize;

/// A result the board's kings propose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Proposal {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// When it was first seen, the board's bridge time in ms.
    pub at_ms: u64,
}

/// The result the placement (a FEN board field, rank 8 first) signals, if it is the signal.
pub fn result_signal(placement: &str) -> Option<&'static str> {
    let (mut white, mut black) = (None, None);
    for (row, rank_text) in placement.split('/').enumerate() {
        let rank = 7usize.checked_sub(row)?;
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
                continue;
            }
            let found = (file, rank);
            match c {
                'K' if white.replace(found).is_some() => return None,
                'k' if black.replace(found).is_some() => return None,
                _ => {}
            }
            file += 1;
        }
    }
    let (white, black) = (white?, black?);
    let central = |(f, r): (usize, usize)| (3..=4).contains(&f) && (3..=4).contains(&r);
    if !central(white) || !central(black) {
        return None;
    }
    // a1 (file 0, rank 0) is dark: a square is light when file + rank is odd.
    let light = |(f, r): (usize, usize)| (f + r) % 2 == 1;
    Some(match (light(white), light(black)) {
        (true, true) => "1-0",
        (false, false) => "0-1",
        _ => "1/2-1/2",
    })
}

#[cfg(test)]
mod tests {
    use super::result_signal;

    #[test]
    fn the_three_signals() {
        // Kings on e4 and d5 (light): White wins.
        assert_eq!(result_signal("8/8/8/3k4/4K3/8/8/8"), Some("1-0"));
        assert_eq!(result_signal("8/8/8/3K4/4k3/8/8/8"), Some("1-0"));
        // On d4 and e5 (dark): Black wins.
        assert_eq!(result_signal("8/8/8/4k3/3K4/8/8/8"), Some("0-1"));
        // One on each colour: a draw, with other pieces still on the board.
        assert_eq!(
            result_signal("rnbq1bnr/pppppppp/8/3kK3/8/8/PPPPPPPP/RNBQ1BNR"),
            Some("1/2-1/2")
        );
    }

    #[test]
    fn ordinary_positions_are_no_signal() {
        assert_eq!(
            result_signal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            None
        );
        // One king in the centre is a game going on.
        assert_eq!(result_signal("4k3/8/8/8/4K3/8/8/8"), None);
        // A king missing (lifted) or two of a colour (a sensor error).
        assert_eq!(result_signal("8/8/8/3k4/8/8/8/8"), None);
        assert_eq!(result_signal("8/8/8/3kK3/4K3/8/8/8"), None);
        assert_eq!(result_signal("not a board"), None);
    }
}
