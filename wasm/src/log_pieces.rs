//! The saved game's event log in pieces, so that saving after an event writes that event's
//! piece, not the whole log again.
//!
//! The game is saved after every event it takes (table.rs). Written as one text, the log was
//! serialised and stored whole each time: a long game paid for all its events at every lift.
//! Here the events are sealed in pieces of [`PIECE_EVENTS`], each stored once under a key of
//! its own, and the saved value's `log` holds the log's header and the events after the last
//! sealed piece. A game of fewer events has no piece, and its saved value is the one saved
//! before pieces were (its whole log in `log`), which still loads as it did.
//!
//! Only the full module writes and reads pieces: it is the one that reads a sensor board, and
//! so saves at every lift; the lean module leaves a game saved in pieces to it (table.rs).

use arbiter_core::arbiter::{Event, EventLog, Stamped};

/// How many events a sealed piece holds.
pub const PIECE_EVENTS: usize = 64;

/// What one save writes.
#[derive(Debug, PartialEq, Eq)]
pub struct Writes {
    /// Pieces to store, by their number: each holds its events as JSON Lines.
    pub pieces: Vec<(usize, String)>,
    /// How many pieces the log now has in all.
    pub count: usize,
    /// The saved value's `log`: the header line and the events after the sealed pieces.
    pub log: String,
    /// The pieces before were written for another log (the first save, a log that no longer
    /// begins as they do): any stored beyond `count` are stale.
    pub whole: bool,
}

/// What has been stored of a log, to tell what the next save must write.
#[derive(Clone, Debug, Default)]
pub struct LogPieces {
    /// The log's header line, with its newline.
    header: Option<String>,
    /// The pieces stored.
    sealed: usize,
    /// The last event of the last piece stored, as JSON: the log still begins with the pieces
    /// while it holds this event there (the log only grows; this notices anything else). Its
    /// text rather than the event, so the module needs no comparison of every kind of event.
    last_sealed: Option<String>,
}

impl LogPieces {
    /// What was stored of `log`, read back as `count` pieces and the saved value's `log` text
    /// (`saved`, whose first line is the header): the next save writes only what comes after.
    pub fn resumed(saved: &str, count: usize, log: &EventLog) -> LogPieces {
        let last_sealed = count
            .checked_mul(PIECE_EVENTS)
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| log.events().get(i))
            .map(line);
        LogPieces {
            header: Some(header_of(saved).to_string()),
            sealed: if count == 0 || last_sealed.is_some() {
                count
            } else {
                0
            },
            last_sealed,
        }
    }

    /// What to store so that the saved game is `log`: the pieces sealed since the last save,
    /// and the saved value's `log`. Writes every piece when the pieces stored are no longer
    /// the beginning of `log`.
    pub fn next(&mut self, log: &EventLog) -> Writes {
        let events = log.events();
        let holds = self.header.is_some()
            && match self
                .sealed
                .checked_mul(PIECE_EVENTS)
                .and_then(|n| n.checked_sub(1))
            {
                None => true,
                Some(last) => events.get(last).map(line) == self.last_sealed,
            };
        let whole = !holds;
        if whole {
            // Once per log, not per event: the header as the core writes it (its schema
            // version is the log's, which a log read back keeps).
            let text = log.to_jsonl();
            *self = LogPieces {
                header: Some(header_of(&text).to_string()),
                ..LogPieces::default()
            };
        }
        let count = events.len() / PIECE_EVENTS;
        let mut pieces = Vec::new();
        for n in self.sealed..count {
            pieces.push((n, lines(&events[n * PIECE_EVENTS..(n + 1) * PIECE_EVENTS])));
        }
        if count > self.sealed {
            self.sealed = count;
            self.last_sealed = events.get(count * PIECE_EVENTS - 1).map(line);
        }
        let mut text = self.header.clone().unwrap_or_default();
        text.push_str(&lines(&events[count * PIECE_EVENTS..]));
        Writes {
            pieces,
            count,
            log: text,
            whole,
        }
    }
}

/// One event as the core's log writes it, without its newline.
fn line(event: &Stamped<Event>) -> String {
    // Serialising our own types to JSON cannot fail: no maps with non-string keys.
    serde_json::to_string(event).unwrap_or_default()
}

/// `events` as JSON Lines, as the core's log writes them.
fn lines(events: &[Stamped<Event>]) -> String {
    let mut out = String::new();
    for event in events {
        out.push_str(&line(event));
        out.push('\n');
    }
    out
}

/// The first line of a log's text, with its newline.
fn header_of(text: &str) -> &str {
    &text[..text.find('\n').map_or(text.len(), |i| i + 1)]
}

/// The whole log's text from the saved value's `log` and its `count` pieces, each read by
/// `piece`; the number of the first piece missing, when one is.
pub fn joined(
    log: &str,
    count: usize,
    mut piece: impl FnMut(usize) -> Option<String>,
) -> Result<String, usize> {
    let header = header_of(log);
    let mut out = header.to_string();
    for n in 0..count {
        out.push_str(&piece(n).ok_or(n)?);
    }
    out.push_str(&log[header.len()..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::{Game, GameConfig};
    use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
    use arbiter_core::laws::Edition;

    fn game() -> Game {
        let control = TimeControl::sudden_death(Millis::minutes(90), Timing::None);
        let mut g = Game::new(GameConfig::new(Edition::Fide2005, control)).expect("setup");
        take(&mut g, 0, Event::Start);
        g
    }

    fn take(game: &mut Game, at: u64, event: Event) {
        game.handle(Stamped {
            at: Timestamp(at),
            event,
        })
        .expect("accepted");
    }

    /// The knights out and back, each move touched first, made and pressed: `cycles` x 4 moves.
    fn knights(game: &mut Game, cycles: usize) {
        let trips = [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")];
        let mut at = game.log().events().last().map_or(0, |e| e.at.0);
        for (from, to) in trips.iter().cycle().take(cycles * 4) {
            let player = game.board().side_to_move();
            at += 100;
            let square = from.parse().expect("a square");
            take(game, at, Event::Lift { square });
            let mv = format!("{from}{to}").parse().expect("a move");
            take(game, at + 10, Event::Move { mv });
            take(game, at + 20, Event::PressClock { player });
        }
    }

    /// What `saves` stored, read back as the log's text.
    fn stored(writes: &[Writes]) -> String {
        let mut pieces: Vec<String> = Vec::new();
        for w in writes {
            for (n, text) in &w.pieces {
                if pieces.len() <= *n {
                    pieces.resize(n + 1, String::new());
                }
                pieces[*n] = text.clone();
            }
        }
        let last = writes.last().expect("saved");
        joined(&last.log, last.count, |n| pieces.get(n).cloned()).expect("every piece")
    }

    #[test]
    fn a_save_after_an_event_writes_that_event_and_not_the_game_again() {
        let mut g = game();
        let mut saved = LogPieces::default();
        let mut writes = vec![saved.next(g.log())];
        assert!(writes[0].whole, "the first save writes the whole log");
        // A long game: 240 moves, each touched, made and pressed (721 events).
        knights(&mut g, 60);
        writes.push(saved.next(g.log()));
        let long = g.log().to_jsonl().len();
        // Then one lift: what that save writes is its piece's few events, whatever the length.
        take(
            &mut g,
            1_000_000,
            Event::Lift {
                square: "g1".parse().expect("a square"),
            },
        );
        let one = saved.next(g.log());
        let written = one.log.len() + one.pieces.iter().map(|(_, t)| t.len()).sum::<usize>();
        assert!(!one.whole);
        assert!(one.pieces.is_empty(), "no piece sealed by this event");
        assert!(
            written * 10 < long,
            "one event's save writes {written} bytes of a {long}-byte log"
        );
        writes.push(one);
        assert_eq!(
            stored(&writes),
            g.log().to_jsonl(),
            "read back as the game's log"
        );
        let restored = EventLog::from_jsonl(&stored(&writes)).expect("a log");
        assert_eq!(restored.events(), g.log().events());
    }

    #[test]
    fn a_short_game_is_saved_whole_in_its_value_as_before_pieces() {
        let mut g = game();
        knights(&mut g, 2);
        let w = LogPieces::default().next(g.log());
        assert_eq!((w.count, w.pieces.len()), (0, 0));
        assert_eq!(w.log, g.log().to_jsonl());
    }

    #[test]
    fn a_log_read_back_goes_on_in_pieces_and_another_log_is_written_whole() {
        let mut g = game();
        knights(&mut g, 20);
        let mut saved = LogPieces::default();
        let first = saved.next(g.log());
        assert_eq!(first.count, g.log().events().len() / PIECE_EVENTS);
        // Read back in another page load: the pieces stored are known, only new ones written.
        let text = stored(std::slice::from_ref(&first));
        assert_eq!(
            joined(&first.log, first.count + 1, |n| first
                .pieces
                .get(n)
                .map(|p| p.1.clone())),
            Err(first.count),
            "a piece missing is named"
        );
        let log = EventLog::from_jsonl(&text).expect("a log");
        let mut g = Game::replay(&log).expect("replays");
        let mut resumed = LogPieces::resumed(&first.log, first.count, g.log());
        knights(&mut g, 20);
        let next = resumed.next(g.log());
        assert!(!next.whole);
        assert_eq!(next.pieces.first().map(|p| p.0), Some(first.count));
        assert_eq!(stored(&[first, next]), g.log().to_jsonl());
        // Another game saved by the same pieces: every piece written again.
        let other = game();
        let w = resumed.next(other.log());
        assert!(w.whole);
        assert_eq!((w.count, w.log), (0, other.log().to_jsonl()));
    }
}
