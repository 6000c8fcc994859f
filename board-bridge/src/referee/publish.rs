//! What the game's handling of events caused, published: the completed moves and the events
//! first, then the rulings and the state; the dead-position analysis off the serving thread;
//! two boards compared.

use super::*;
use crate::protocol::Finding;

impl Referee {
    /// Publishes what the game's handling of the events logged since `logged` (stamped `at`,
    /// from `source`) caused. The completed moves go first, so a page sees a move as soon as
    /// it is made, with the events themselves (the log a restarted bridge replays); then the
    /// rulings, and the state when something changed.
    pub(super) fn publish_after(&mut self, logged: usize, source: &str, at: u64, changed: bool) {
        let mut out = Vec::new();
        // Only the arbiter sets a game back; otherwise the game only went on since.
        let restored = self.game.log().events()[logged..]
            .iter()
            .any(|e| matches!(e.event, Event::Arbiter { .. }));
        let known = (!restored).then_some(self.playable);
        let plies = self.game.moves().len();
        self.playable = (plies, self.game.playable_start(known));
        // A position set before the first move: followed as a set-back to it, so the stream's
        // own picture (a page's snapshot) starts from it.
        let set = self.game.log().events()[logged..].iter().any(|e| {
            matches!(
                e.event,
                Event::Arbiter {
                    decision: arbiter_core::arbiter::Decision::SetPosition { .. }
                }
            )
        });
        if set {
            self.published = self.published.max(plies + 1);
        }
        self.completed_moves(&mut out);
        for event in self.game.log().events()[logged..].iter().cloned() {
            self.last_at = self.last_at.max(event.at.0);
            out.push(Body::Event {
                event,
                source: source.to_owned(),
            });
        }
        // The move and the events that made it are logged and sent before the state is even
        // worked out: the state is derived from them, and only they are replayed on a restart.
        self.hub.publish_all(std::mem::take(&mut out));
        while let Some(ruling) = self.game.poll_ruling() {
            out.push(Body::Ruling {
                law: ruling.law,
                finding: Finding::Verdict(ruling.verdict),
                board: None,
            });
        }
        if changed && self.state_later {
            // A board's round: the state follows once the pages have the move (see
            // `defer_state`); one state for the whole round, at its latest instant.
            self.state_due = Some(self.state_due.map_or(at, |due| due.max(at)));
        } else if changed {
            self.state_due = None;
            self.push_state(at, &mut out);
        }
        self.hub.publish_all(out);
        self.analyse_if_awaited();
    }

    /// The game's state at `at`, pushed onto `out` (and the clock's course noted).
    pub(super) fn push_state(&mut self, at: u64, out: &mut Vec<Body>) {
        let state = self.game.state(Timestamp(at));
        let seen = (state.running, self.game.moves().len(), state.fen.clone());
        if seen != self.clock_seen {
            self.clock_seen = seen;
            self.clock_epoch += 1;
        }
        crate::trace::mark("state_read");
        out.push(Body::State {
            state: Arc::new(state),
        });
    }

    /// The game waits for the full dead-position analysis (the bridge's games defer it, see
    /// `Hub`): it can take seconds on a hard position, so it runs on a thread of its own while
    /// the serving thread goes on streaming to every page and reading the boards; the answer
    /// goes to the game's task, which submits it as the game's `analysis` event. A referee
    /// whose answers no task has taken (or whose task has ended) answers here.
    pub(super) fn analyse_if_awaited(&mut self) {
        let Some(pending) = self.game.pending_analysis() else {
            return;
        };
        let key = (pending.side, pending.fen.clone());
        if self.analysing.as_ref() == Some(&key) {
            return;
        }
        if self.answers_rx.is_some() || self.answers.is_closed() {
            let can_mate = can_mate(key.0, &key.1);
            let answer = Event::Analysis {
                side: key.0,
                fen: key.1,
                can_mate,
            };
            let _ = self.submit(self.last_at, answer, "analysis");
            return;
        }
        self.analysing = Some(key.clone());
        let answers = self.answers.clone();
        let work = move || {
            let (side, fen) = key;
            let can_mate = can_mate(side, &fen);
            // The task gone, the bridge is stopping: nobody waits for the answer.
            let _ = answers.send(Answer::Analysis(Event::Analysis {
                side,
                fen,
                can_mate,
            }));
        };
        if std::thread::Builder::new()
            .name("analysis".into())
            .spawn(work)
            .is_err()
        {
            // No thread to be had: the answer is worked out here rather than never.
            self.analysing = None;
            let Some(pending) = self.game.pending_analysis() else {
                return;
            };
            let (side, fen) = (pending.side, pending.fen.clone());
            let can_mate = can_mate(side, &fen);
            let _ = self.submit(
                self.last_at,
                Event::Analysis {
                    side,
                    fen,
                    can_mate,
                },
                "analysis",
            );
        }
    }

    /// The moves the game completed (or set back) since the last call, as messages.
    fn completed_moves(&mut self, out: &mut Vec<Body>) {
        let played = self.game.moves().len();
        if played < self.published {
            // The arbiter set the game back (2005 Art. 6.14, 7.5; App. F2.8 for two boards):
            // follow it from the start, and tell pages and boards how far.
            self.published = played;
            out.push(Body::Takeback {
                to_ply: played,
                fen: self.game.board().fen(),
            });
        }
        for ply in self.published..played {
            let done = &self.game.moves()[ply];
            let fen = self
                .game
                .position_after(ply + 1)
                .unwrap_or_else(|| self.game.board())
                .fen();
            out.push(Body::Move {
                ply: ply + 1,
                uci: done.text.to_string(),
                san: done.san.clone(),
                fen,
                clock_ms: Some(done.clock_after.0),
            });
        }
        self.published = played;
    }

    /// A board of two settled showing `view`: the game compares both boards with its moves
    /// (App. F2.7-F2.8, [`Game::compare_boards`]) and a `discrepancy` is published when its
    /// verdict changes.
    pub fn board_settled(&mut self, which: Which, view: BoardView) {
        self.views[which as usize] = Some(view);
        let [Some(main), Some(blind)] = &self.views else {
            return;
        };
        let comparison = match self.game.compare_boards(main, blind) {
            Ok(Some(c)) => c,
            Ok(None) => return,
            Err(e) => {
                self.hub.publish(Body::Error {
                    message: format!("two boards: {e}"),
                });
                return;
            }
        };
        let correction = comparison.correction;
        let law = match &correction {
            Correction::FixBoards { law, .. } | Correction::Retrace { law, .. } => Some(*law),
            _ => None,
        };
        let awaiting = comparison.awaiting.map(|board| match board {
            BoardOf::Sighted => Which::Main,
            BoardOf::Impaired => Which::Blind,
        });
        let key = (correction.clone(), awaiting);
        let first_in_step = self.last_correction.is_none() && correction == Correction::InStep;
        if first_in_step || self.last_correction.as_ref() == Some(&key) {
            return;
        }
        self.last_correction = Some(key);
        self.hub.publish(Body::Discrepancy {
            law,
            correction,
            awaiting,
            main: main.placement.clone(),
            blind: blind.placement.clone(),
        });
    }
}

/// Whether `side` can mate in `fen`, by the core's full analysis (a position the game itself
/// wrote, so it reads; one that did not would be no position to mate in).
fn can_mate(side: Color, fen: &str) -> bool {
    Position::from_fen(fen).is_ok_and(|p| arbiter_core::dead::ruling_can_mate(p.board(), side))
}
