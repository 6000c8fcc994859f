//! The game's task: one task a game, which owns the game ([`Referee`]) with its stream and log
//! ([`crate::hub::Hub`]), its board sessions (one board, or two for a visually impaired player,
//! 2005 App. F1) and keeps the game's time ([`crate::ticker`]). A board's link
//! ([`crate::serial`]) reads and writes its port and hands each round of bytes to this task on a
//! channel, answered on a oneshot with the bytes for the board; a page's or the hall's request,
//! and every read of the game (its PGN, the hall's summary, a page's snapshot and its place in
//! the stream), is a command answered on a oneshot too ([`GameHandle::act`]). No lock is
//! shared: a press on one board's clock that completes the other board's move (App. F2.3) goes
//! from session to session inside the task.
//!
//! The bridge serves everything on one thread, so a round costs one hand-over between two
//! tasks of that thread, and the pages woken by what the round published are sent to before
//! the link writes the board's commands.

use std::time::Duration;

use arbiter_core::dgt::clock::ClockSide;
use arbiter_core::dgt::family::Family;
use tokio::sync::{mpsc, oneshot};

use crate::referee::{Answer, Referee};
use crate::session::Session;
use crate::ticker;

/// What the game's task is asked: by a board's link, or by anyone who acts on the game or
/// reads it.
pub(crate) enum Ask {
    /// Work on the game, in the task (its answer goes back on the oneshot it holds).
    Act(Box<dyn FnOnce(&mut Referee) + Send>),
    /// The bytes that open the session with the board.
    Handshake {
        board: usize,
        reply: oneshot::Sender<Vec<u8>>,
    },
    /// The board was (re)connected on `port`, a HID board's node when `hid` names its family;
    /// answered with the session's next deadline, µs.
    Connected {
        board: usize,
        port: String,
        hid: Option<Family>,
        reply: oneshot::Sender<Option<u64>>,
    },
    /// One round of the link: bytes read (or none, when its alarm rang).
    Round {
        board: usize,
        read: Option<Read>,
        /// Where the bytes for the board go (handed back in the answer).
        out: Vec<u8>,
        reply: oneshot::Sender<Turn>,
    },
    /// The board went away.
    Disconnected { board: usize, why: String },
}

/// Bytes a link read, with when.
pub(crate) struct Read {
    pub(crate) bytes: Vec<u8>,
    /// On the hub's clock, µs.
    pub(crate) at_us: u64,
    /// On the trace's clock (the `stage-trace` feature; 0 without it).
    pub(crate) at_ns: u64,
}

/// The task's answer to a round.
pub(crate) struct Turn {
    /// The bytes to write to the board (and its clock).
    pub(crate) out: Vec<u8>,
    /// When the session needs the next round if no byte comes first, µs.
    pub(crate) deadline_us: Option<u64>,
}

/// What whoever asks a game whose task has ended is told (410 Gone over HTTP): the hall's next
/// round took its board while the request was on its way.
pub const ENDED: &str = "this game is no longer played here: the next round took its board";

/// The way to a game's task, for whoever acts on the game or reads it. Cheap to clone.
#[derive(Clone)]
pub struct GameHandle {
    asks: mpsc::UnboundedSender<Ask>,
}

impl GameHandle {
    /// Runs `f` on the game in its task and answers what it returns; `None` once the task has
    /// ended (a hall's round that the next one replaced).
    pub async fn act<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Referee) -> T + Send + 'static,
    ) -> Option<T> {
        let (reply, answer) = oneshot::channel();
        let work = move |referee: &mut Referee| {
            // The asker gone (its page closed): nobody waits for the answer.
            let _ = reply.send(f(referee));
        };
        self.asks.send(Ask::Act(Box::new(work))).ok()?;
        answer.await.ok()
    }

    /// Whether the game's task has ended.
    pub fn is_closed(&self) -> bool {
        self.asks.is_closed()
    }
}

/// A board's link's way to its game's task: which board of the game it reads. Cheap to clone.
#[derive(Clone)]
pub struct BoardLine {
    asks: mpsc::UnboundedSender<Ask>,
    board: usize,
}

impl BoardLine {
    /// Whether the game's task has ended (the round it played is over): the link ends too.
    pub fn is_closed(&self) -> bool {
        self.asks.is_closed()
    }

    async fn ask<T>(&self, ask: impl FnOnce(oneshot::Sender<T>) -> Ask) -> Option<T> {
        let (reply, answer) = oneshot::channel();
        self.asks.send(ask(reply)).ok()?;
        answer.await.ok()
    }

    /// The bytes that open the session with the board; `None` once the game's task has ended.
    pub(crate) async fn handshake(&self) -> Option<Vec<u8>> {
        let board = self.board;
        self.ask(|reply| Ask::Handshake { board, reply }).await
    }

    /// The board was (re)connected on `port`: the session's next deadline, µs.
    pub(crate) async fn connected(&self, port: &str, hid: Option<Family>) -> Option<Option<u64>> {
        let (board, port) = (self.board, port.to_owned());
        self.ask(|reply| Ask::Connected {
            board,
            port,
            hid,
            reply,
        })
        .await
    }

    /// One round: `read` (none when the alarm rang) handed to the session, `out` filled with
    /// what to write to the board.
    pub(crate) async fn round(&self, read: Option<Read>, out: Vec<u8>) -> Option<Turn> {
        let board = self.board;
        self.ask(|reply| Ask::Round {
            board,
            read,
            out,
            reply,
        })
        .await
    }

    /// The board went away.
    pub(crate) fn disconnected(&self, why: String) {
        let _ = self.asks.send(Ask::Disconnected {
            board: self.board,
            why,
        });
    }
}

/// A board of the game, as its task keeps it.
struct Board {
    session: Session,
    /// The board whose player a press on this board's clock may be (App. F2.3).
    partner: Option<usize>,
    /// The settle deadline in microseconds, measured from the read that held the last sensor
    /// change (the session keeps whole milliseconds, which would end the settle up to 1 ms early
    /// or late), with the millisecond deadline it stands for.
    settle_at: Option<(u64, u64)>,
    /// When that read began, on the trace's clock.
    settle_read_ns: u64,
    /// The last reads' instants, µs and on the trace's clock: a change the noise gate confirms
    /// by a later read settles from the read that brought it, found here by its millisecond.
    reads: std::collections::VecDeque<(u64, u64)>,
}

/// How many reads [`Board::reads`] keeps: more than come in a scan and its confirming read.
const READS_KEPT: usize = 32;

impl Board {
    /// When the session needs the next round, µs.
    fn deadline_us(&self) -> Option<u64> {
        self.session.poll_deadline().map(|d| match self.settle_at {
            Some((ms, us)) if ms == d => us,
            _ => d * 1000,
        })
    }

    /// The first half of a round: `read` bytes (or none, when the link's alarm rang) go to the
    /// session. What they made (a touch, a move the lever completed) can go out before
    /// [`Self::finish`].
    fn read(&mut self, referee: &mut Referee, read: Option<Read>) {
        let session = &mut self.session;
        if let Some(read) = read {
            let now = read.at_us / 1000;
            if self.reads.len() == READS_KEPT {
                self.reads.pop_front();
            }
            self.reads.push_back((read.at_us, read.at_ns));
            let changes = session.sensor_changes();
            session.handle_bytes(referee, now, &read.bytes);
            if session.sensor_changes() != changes {
                // The settle runs from the instant of the read that brought the last change: this
                // one, or an earlier one whose update this read confirmed.
                let since = session.settling_since().unwrap_or(now);
                let (at_us, at_ns) = self
                    .reads
                    .iter()
                    .rev()
                    .find(|(us, _)| us / 1000 == since)
                    .copied()
                    .unwrap_or((read.at_us, read.at_ns));
                self.settle_at = session
                    .poll_deadline()
                    .map(|d| (d, at_us + d.saturating_sub(at_us / 1000) * 1000));
                self.settle_read_ns = at_ns;
            }
        } else if self.settle_at.is_some() {
            // Where the settle time was measured from: a late read of the last change (the
            // thread busy or descheduled) starts it late, which the alarm cannot make up.
            crate::trace::mark_at("settle_read", self.settle_read_ns);
        }
    }

    /// The second half of a round: deadlines that have come are met, and the commands for the
    /// board are appended to `out`.
    fn finish(&mut self, referee: &mut Referee, out: &mut Vec<u8>) {
        let session = &mut self.session;
        let now_precise = referee.hub().now_us();
        let mut now = now_precise / 1000;
        if let (Some(d), Some((ms, us))) = (session.poll_deadline(), self.settle_at)
            && d == ms
            && now_precise < us
        {
            // Woken (by other bytes) within the last millisecond of the settle: not yet.
            now = now.min(d.saturating_sub(1));
        }
        session.handle_deadline(referee, now);
        session.poll_transmit(referee, now, out);
    }
}

/// A game's task before it runs: its boards, and the channel their links ask on.
pub struct GameTask {
    referee: Referee,
    boards: Vec<Board>,
    asks: mpsc::UnboundedSender<Ask>,
    asked: mpsc::UnboundedReceiver<Ask>,
}

impl GameTask {
    /// The task of the game `referee` holds (with its hub: its stream and its log).
    pub fn new(referee: Referee) -> Self {
        let (asks, asked) = mpsc::unbounded_channel();
        Self {
            referee,
            boards: Vec::new(),
            asks,
            asked,
        }
    }

    /// The game, to set up the boards' sessions before the task runs.
    pub fn referee(&mut self) -> &mut Referee {
        &mut self.referee
    }

    /// The way to the task for whoever acts on the game or reads it.
    pub fn handle(&self) -> GameHandle {
        GameHandle {
            asks: self.asks.clone(),
        }
    }

    /// Adds a board's session to the game; its link reads the board through the line returned.
    pub fn board(&mut self, session: Session) -> BoardLine {
        self.boards.push(Board {
            session,
            partner: None,
            settle_at: None,
            settle_read_ns: 0,
            reads: std::collections::VecDeque::with_capacity(READS_KEPT),
        });
        BoardLine {
            asks: self.asks.clone(),
            board: self.boards.len() - 1,
        }
    }

    /// A press on `main`'s clock may be `other`'s player's (see [`Session::with_partner`]).
    pub fn partner(&mut self, main: &BoardLine, other: &BoardLine) {
        if let Some(board) = self.boards.get_mut(main.board) {
            board.partner = Some(other.board);
        }
    }

    /// Runs the game for as long as the bridge (or the hall's round) runs: its boards' rounds,
    /// its deadlines and time lines, and the answers of work the referee hands to threads of
    /// their own (the full dead-position analysis, a sealed move's envelope); first tells the
    /// players how long a bridge that found its log was down.
    pub async fn run(self) {
        let GameTask {
            mut referee,
            mut boards,
            asks,
            mut asked,
        } = self;
        // The links and handles hold the only senders now: when every one is gone, no one
        // asks again.
        drop(asks);
        ticker::announce_restart(&mut referee);
        let mut answers = referee.take_answers();
        let mut asking = true;
        loop {
            let wait = ticker::wait_ms(&referee, referee.hub().now_ms());
            let sleep = tokio::time::sleep(Duration::from_millis(wait));
            let woken = tokio::select! {
                ask = asked.recv(), if asking => Woken::Ask(ask),
                answer = next_answer(&mut answers) => Woken::Answer(answer),
                () = sleep => Woken::Time,
            };
            match woken {
                Woken::Ask(Some(ask)) => take(&mut referee, &mut boards, ask).await,
                // Every link and handle gone: no one asks any more.
                Woken::Ask(None) => asking = false,
                Woken::Answer(Some(answer)) => {
                    let now = referee.hub().now_ms();
                    referee.answered(now, answer);
                }
                // Every sender gone: no work is handed off any more.
                Woken::Answer(None) => answers = None,
                Woken::Time => ticker::tick(&mut referee),
            }
            if referee.state_is_due() {
                // A board's round left its state for later: the pages (served by this thread)
                // and the board's link take the round's messages first.
                tokio::task::yield_now().await;
                referee.publish_due_state();
            }
        }
    }
}

/// Why the task's wait ended.
enum Woken {
    /// A board's link asked (`None`: no link can ask any more).
    Ask(Option<Ask>),
    /// Work done off the serving thread answered (`None`: no more answers can come).
    Answer(Option<Answer>),
    /// Time for the game's deadlines.
    Time,
}

/// The next answer of work done off the serving thread; never, once none can come.
async fn next_answer(answers: &mut Option<mpsc::UnboundedReceiver<Answer>>) -> Option<Answer> {
    match answers {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// Takes an ask (a board's round lets the pages send before it ends, see [`round`]).
async fn take(referee: &mut Referee, boards: &mut [Board], ask: Ask) {
    match ask {
        Ask::Act(work) => work(referee),
        Ask::Handshake { board, reply } => {
            if let Some(b) = boards.get(board) {
                let _ = reply.send(b.session.handshake());
            }
        }
        Ask::Connected {
            board,
            port,
            hid,
            reply,
        } => {
            if let Some(b) = boards.get_mut(board) {
                b.session.handle_connected(referee, &port, hid);
                let deadline = b.deadline_us();
                hand_on_presses(referee, boards, board);
                let _ = reply.send(deadline);
            }
        }
        Ask::Round {
            board,
            read,
            out,
            reply,
        } => round(referee, boards, board, read, out, reply).await,
        Ask::Disconnected { board, why } => {
            if let Some(b) = boards.get_mut(board) {
                b.session.handle_disconnected(referee, &why);
                hand_on_presses(referee, boards, board);
            }
        }
    }
}

/// One round of board `board`'s link. What the bytes made (a touch; a move the lever completed)
/// is written to the log once and sent, and the pages (served by this thread) send it before
/// the session meets its deadlines and says what to write to the board: a press's move goes
/// out before that work, not after it; so does the wake of the log's syncer (the lines are in
/// the file before any page is sent them; the syncer puts them on the disk itself). The state
/// the round changed is worked out later still (see `Referee::defer_state`).
async fn round(
    referee: &mut Referee,
    boards: &mut [Board],
    board: usize,
    read: Option<Read>,
    mut out: Vec<u8>,
    reply: oneshot::Sender<Turn>,
) {
    let Some(b) = boards.get_mut(board) else {
        return;
    };
    referee.defer_state(true);
    let before = referee.hub().last_seq();
    referee.hub_mut().hold();
    referee.hub_mut().sync_later(true);
    b.read(referee, read);
    referee.hub_mut().end_hold();
    if referee.hub().last_seq() != before {
        tokio::task::yield_now().await;
    }
    referee.hub_mut().sync_later(false);
    referee.hub_mut().hold();
    b.finish(referee, &mut out);
    let deadline_us = b.deadline_us();
    hand_on_presses(referee, boards, board);
    referee.defer_state(false);
    referee.hub_mut().end_hold();
    let _ = reply.send(Turn { out, deadline_us });
}

/// Hands the presses on board `from`'s clock that were another board's player's to that
/// board's session (App. F2.3), and so on should that board hand any on.
fn hand_on_presses(referee: &mut Referee, boards: &mut [Board], from: usize) {
    let mut at = from;
    for _ in 0..boards.len() {
        let Some(b) = boards.get_mut(at) else {
            return;
        };
        let presses: Vec<(ClockSide, (u64, u64))> = b.session.take_partner_presses();
        let Some(partner) = b.partner else {
            return;
        };
        if presses.is_empty() {
            return;
        }
        let Some(p) = boards.get_mut(partner) else {
            return;
        };
        for (side, times_ms) in presses {
            let now = referee.hub().now_ms();
            p.session.lever_pressed(referee, now, side, times_ms);
        }
        at = partner;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::Hub;
    use arbiter_core::arbiter::GameConfig;
    use arbiter_core::clock::{Millis, TimeControl, Timing};
    use arbiter_core::laws::Edition;

    /// A request to a game runs in its task; once the task has ended (the hall's next round
    /// took the board), it is answered `None`, never left waiting.
    #[tokio::test(flavor = "current_thread")]
    async fn a_game_answers_in_its_task_and_an_ended_one_answers_none() {
        let dir = std::env::temp_dir().join(format!("game-task-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let config = GameConfig::new(
            Edition::Fide2023,
            TimeControl::sudden_death(Millis::minutes(5), Timing::None),
        );
        let hub = Hub::open(&dir, config).expect("log");
        let referee = Referee::new(hub, false).expect("setup");
        let task = GameTask::new(referee);
        let handle = task.handle();
        let running = tokio::spawn(task.run());
        assert_eq!(handle.act(|r| r.moves().len()).await, Some(0));
        assert!(!handle.is_closed());
        running.abort();
        let _ = running.await;
        assert!(handle.is_closed());
        assert_eq!(handle.act(|r| r.moves().len()).await, None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A page's subscription is taken in the game's task, which alone publishes: whatever the
    /// task publishes meanwhile (rounds that hold several messages for one write), the
    /// snapshot, the tail after the page's number and the receiver join with no gap and no
    /// message twice.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_subscription_taken_in_the_task_has_no_gap_and_no_duplicate_across_publishes() {
        use crate::protocol::Body;
        let config = GameConfig::new(
            Edition::Fide2023,
            TimeControl::sudden_death(Millis::minutes(5), Timing::None),
        );
        let referee = Referee::new(Hub::in_memory(config), false).expect("setup");
        let task = GameTask::new(referee);
        let handle = task.handle();
        let running = tokio::spawn(task.run());
        let note = |text: &str| Body::Error {
            message: text.to_owned(),
        };
        const PAGES: usize = 24;
        // The publisher goes on until every page has subscribed, so none waits for an end it
        // missed.
        let subscribed = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let publisher = {
            let handle = handle.clone();
            let subscribed = subscribed.clone();
            tokio::spawn(async move {
                let mut i = 0;
                while i < 200 || subscribed.load(std::sync::atomic::Ordering::SeqCst) < PAGES {
                    i += 1;
                    let round = move |r: &mut Referee| {
                        // As a board's round: written once and sent when the hold ends.
                        r.hub_mut().hold();
                        r.publish(note(&format!("touch {i}")));
                        r.hub_mut().publish_all(vec![note("event"), note("state")]);
                        r.hub_mut().end_hold();
                    };
                    handle.act(round).await.expect("the task runs");
                    // The pages read as it goes: none falls a broadcast buffer behind.
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
                handle.act(move |r| r.publish(note("end"))).await
            })
        };
        let mut pages = Vec::new();
        for page in 0..PAGES as u64 {
            let handle = handle.clone();
            let subscribed = subscribed.clone();
            pages.push(tokio::spawn(async move {
                tokio::time::sleep(Duration::from_micros(page * 500)).await;
                // Half the pages come back with a number, half are new.
                let last_seq = if page % 2 == 0 { page } else { 0 };
                let (snapshot, tail, mut rx) = handle
                    .act(move |r| r.hub().subscribe(last_seq))
                    .await
                    .expect("the task runs");
                subscribed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let mut seqs: Vec<u64> = tail.iter().map(|e| e.seq).collect();
                if let (Some(first), Some(last)) = (seqs.first(), seqs.last()) {
                    assert_eq!(
                        *first,
                        last_seq + 1,
                        "the tail starts after the page's number"
                    );
                    assert_eq!(*last, snapshot.seq, "the tail ends at the snapshot");
                }
                let mut from_rx = Vec::new();
                loop {
                    let entry = rx.recv().await.expect("no lag, nothing closed");
                    from_rx.push(entry.seq);
                    if entry.json.contains(r#""message":"end""#) {
                        break;
                    }
                }
                assert_eq!(
                    from_rx.first().copied(),
                    Some(snapshot.seq + 1),
                    "the receiver starts right after the snapshot"
                );
                seqs.extend(from_rx);
                (snapshot.seq, seqs)
            }));
        }
        let end = publisher.await.expect("published").expect("the task runs");
        let mut mid_stream = 0;
        for page in pages {
            let (at, seqs) = page.await.expect("the page's checks");
            let first = seqs.first().copied().unwrap_or(at + 1);
            let contiguous: Vec<u64> = (first..=end).collect();
            assert_eq!(
                seqs, contiguous,
                "no gap and no duplicate (snapshot at {at})"
            );
            if at > 0 && at < end {
                mid_stream += 1;
            }
        }
        assert!(
            mid_stream > 0,
            "some page subscribed while the task published"
        );
        running.abort();
    }
}
