//! The game's WebSocket stream at `/ws`: who a page is, what it gets and what it may send.

use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use arbiter_core::arbiter::Actor;

use super::limits::{Limits, PageSlot};
use super::public::{PublicLog, may_hold_secret};
use super::{App, MAX_CLIENT_MESSAGE};
use crate::hub::Entry;
use crate::protocol::{ClientMessage, Refusal, RefusalReason, Reply, Safe, Snapshot};
use crate::referee::NotTaken;
use crate::role::Role;

#[derive(serde::Deserialize)]
pub(super) struct WsQuery {
    last_seq: Option<u64>,
    /// `white`, `black`, `assistant`, `arbiter` or `spectator` (the default).
    role: Option<String>,
    /// The seat's key, as the seat's link gives it.
    key: Option<String>,
}

pub(super) async fn ws_upgrade(
    State(app): State<App>,
    headers: HeaderMap,
    Query(q): Query<WsQuery>,
    ws: WebSocketUpgrade,
) -> Response {
    // Small buffers: a page sends a few hundred bytes at a time; the 128 KiB defaults would make
    // a hundred viewers cost megabytes. A message sent alone is written at once (each send
    // flushes); messages published together are fed and then flushed as one write (see
    // `send_public`), written early only past WRITE_BATCH bytes.
    let ws = ws
        .max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE)
        .read_buffer_size(2 * MAX_CLIENT_MESSAGE)
        .write_buffer_size(WRITE_BATCH);
    // Browsers always send Origin on a WebSocket upgrade; a request without one is no page of
    // another site, so on a bridge reached from its own machine only it is let in (command-line
    // tools, tests); beyond it, anything on the hall's network could send one, and it is not.
    // A refused page is told why over the socket, since a browser shows a page nothing of a
    // refused upgrade.
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    if headers.get(header::ORIGIN).is_none() && !app.gate.loopback() {
        let refusal = Refusal::new(
            RefusalReason::Origin,
            "this bridge is reachable beyond its machine and takes pages only: a client must say its Origin",
        );
        return ws.on_upgrade(move |socket| refuse(socket, refusal));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin
            .to_str()
            .unwrap_or("")
            .trim_end_matches('/')
            .to_owned();
        if !app.gate.origin_ok(&origin, host) {
            let message = format!(
                "this bridge does not accept pages from {origin}: start it with --allow-origin {origin}"
            );
            let refusal = Refusal {
                origin: Some(origin),
                ..Refusal::new(RefusalReason::Origin, message)
            };
            return ws.on_upgrade(move |socket| refuse(socket, refusal));
        }
    }
    let asked = match q.role.as_deref() {
        None => Role::Spectator,
        Some(text) => match Role::parse(text) {
            Some(role) => role,
            None => {
                return (
                    StatusCode::BAD_REQUEST,
                    format!("role {text:?} is not white, black, assistant, arbiter or spectator"),
                )
                    .into_response();
            }
        },
    };
    // A seat is given by its key, never taken by naming it: without the key the page watches,
    // and is told why after its snapshot.
    let admission = match &app.seats {
        Some(seats) => seats.admit(asked, q.key.as_deref()),
        None => crate::keys::Admission {
            role: asked,
            told: None,
        },
    };
    let (role, told) = (admission.role, admission.told);
    let open = app.pages.fetch_add(1, Ordering::Relaxed);
    let slot = PageSlot(app.pages.clone());
    if open >= app.max_pages {
        let message = format!(
            "this bridge already serves {} pages, the most it takes; try again later",
            app.max_pages
        );
        return ws.on_upgrade(move |socket| async move {
            refuse(socket, Refusal::new(RefusalReason::Full, message)).await;
            drop(slot);
        });
    }
    ws.on_upgrade(move |socket| async move {
        stream(socket, app, q.last_seq, role, told).await;
        drop(slot);
    })
}

/// Tells a page why it is not served, then closes (1008: policy).
async fn refuse(mut socket: WebSocket, refusal: Refusal) {
    let _ = send_json(&mut socket, &refusal).await;
    let mut reason = refusal.message.clone();
    // A close frame's reason holds 123 bytes.
    while reason.len() > 123 {
        reason.pop();
    }
    let _ = socket
        .send(Message::Close(Some(axum::extract::ws::CloseFrame {
            code: 1008,
            reason: reason.into(),
        })))
        .await;
}

/// The shortest time between two resends to one page: a page that lost messages needs one,
/// not one per hello.
const RESEND_EVERY: Duration = Duration::from_secs(2);
/// The most messages a resend holds; a page further behind gets a snapshot (the game's size).
const RESEND_MAX: usize = 256;

/// How long a page that did not say its last sequence number in the URL gets to send a hello.
const HELLO_WAIT: Duration = Duration::from_millis(300);

/// What a page's message asks for, answered by the game's task; `Some` is the answer for this
/// page alone (a refusal, or an event that changed nothing).
async fn take_client_message(app: &App, role: Role, message: ClientMessage) -> Option<Reply> {
    let gone = || Some(Reply::error(crate::game::ENDED));
    match message {
        ClientMessage::Hello { .. } => None,
        ClientMessage::AutoPress { on } => {
            if role == Role::Spectator {
                return Some(Reply::error_with_id(
                    "seat_watch_only",
                    "spectators cannot change the game's settings",
                ));
            }
            match app.game.act(move |r| r.set_auto_press(on)).await {
                Some(()) => None,
                None => gone(),
            }
        }
        ClientMessage::SealOnBoard { passphrase } => {
            // Checked in the game's task with the seal itself, against the side on move then:
            // nothing comes between the two.
            let sealed = app
                .game
                .act(move |r| {
                    let sealer = r.side_to_move();
                    // The sealer's seat (or his assistant) asks, or the arbiter, who asks the
                    // player on move for his sealed move (2005 App. A1 / 2023 Guidelines I.1): he
                    // makes it on the board himself all the same.
                    if role != Role::Arbiter
                        && let Some(why) = role.refuses_act(Actor::Player(sealer), sealer)
                    {
                        return Err(why.reply());
                    }
                    let refused = |why: String| Reply::error_with_id("seal_refused", why);
                    // An arbiter who gives no passphrase gets one made for him, said on the
                    // bridge's terminal (his), never to the page that asked (the sealer's or the
                    // assistant's).
                    let made = passphrase.trim().is_empty();
                    let passphrase = if made {
                        crate::sealing::generated_passphrase()
                            .map_err(|e| refused(e.to_string()))?
                    } else {
                        passphrase
                    };
                    if let Some(why) = crate::sealing::weak_passphrase(&passphrase) {
                        return Err(refused(why));
                    }
                    r.seal_on_board(passphrase.clone()).map_err(refused)?;
                    Ok(made.then_some(passphrase))
                })
                .await;
            match sealed {
                None => gone(),
                Some(Err(reply)) => Some(reply),
                Some(Ok(made)) => {
                    if let Some(made) = made {
                        eprintln!(
                            "board-bridge: the passphrase of the envelope now sealed on the board (made for the arbiter, keep it to open the envelope): {made}"
                        );
                    }
                    None
                }
            }
        }
        ClientMessage::Event { event } => {
            let now = app.clock.now_ms();
            let name = role.name();
            // The role's right is checked against the side on move in the task, with the
            // event: nothing comes between the two.
            let taken = app
                .game
                .act(move |r| match role.refuses(&event, r.side_to_move()) {
                    Some(why) => Err(why),
                    None => Ok(r.take_request(now, event, name)),
                })
                .await;
            let taken = match taken {
                None => return gone(),
                Some(Err(why)) => return Some(why.reply()),
                Some(Ok(taken)) => taken,
            };
            match taken {
                Ok(()) => None,
                Err(e @ NotTaken::PiecesNotBack) => {
                    Some(Reply::error_with_id(&e.id(), e.to_string()))
                }
                Err(e @ NotTaken::Unchanged) => Some(Reply::unchanged(e.to_string())),
                Err(e @ NotTaken::Game(_)) => Some(Reply::error_with_id(&e.id(), e.to_string())),
            }
        }
    }
}

/// Past this many bytes, messages fed for one write go out before the batch's flush.
const WRITE_BATCH: usize = 16 * 1024;

/// The stream's messages `batch` in their public form (a secret withheld is not sent at all),
/// in one write: messages published together (a round's move, its events and the clock) cost
/// one system call and one wake of the page, instead of one each. Returns whether they went.
async fn send_public(socket: &mut WebSocket, app: &App, batch: &[Entry]) -> bool {
    use futures_util::SinkExt;
    let sent = async {
        for e in batch {
            match public_text(app, e.seq, &e.json).await {
                Some(shown) if shown.is_empty() => {}
                shown => {
                    let text = shown.map_or_else(|| Utf8Bytes::from(&*e.json), Utf8Bytes::from);
                    socket.feed(Message::Text(text)).await?;
                }
            }
        }
        socket.flush().await
    };
    matches!(tokio::time::timeout(SEND_WAIT, sent).await, Ok(Ok(())))
}

/// What a page may be shown of message `seq`: `None` for the message as it is, the public form
/// of one that may hold a secret, or an empty text when it is withheld.
async fn public_text(app: &App, seq: u64, text: &str) -> Option<String> {
    if may_hold_secret(text) {
        // How far the log goes, from the game's task; the log is read here. A game whose task
        // has ended says nothing more: the secret is withheld.
        match app.game.act(|r| r.hub().log_source()).await {
            Some(source) => lock_public(app).message(&source, seq, text),
            None => Some(String::new()),
        }
    } else {
        None
    }
}

pub(super) fn lock_public(app: &App) -> std::sync::MutexGuard<'_, PublicLog> {
    app.public.lock().unwrap_or_else(|p| p.into_inner())
}

/// The longest a page may leave a message unread before it is let go: a page that stopped
/// reading (a phone asleep, a client that never reads) holds no task and buffer for ever.
const SEND_WAIT: Duration = Duration::from_secs(30);

async fn send_text(socket: &mut WebSocket, text: &str) -> bool {
    let sent = socket.send(Message::Text(Utf8Bytes::from(text)));
    matches!(tokio::time::timeout(SEND_WAIT, sent).await, Ok(Ok(())))
}

async fn send_json(socket: &mut WebSocket, value: &impl serde::Serialize) -> bool {
    match serde_json::to_string(value) {
        Ok(text) => send_text(socket, &text).await,
        Err(_) => false,
    }
}

async fn stream(
    mut socket: WebSocket,
    app: App,
    last_seq: Option<u64>,
    role: Role,
    told: Option<Reply>,
) {
    // A page that sends something else first gets it answered after the snapshot.
    let mut first = None;
    let last_seq = match last_seq {
        Some(s) => s,
        None => match tokio::time::timeout(HELLO_WAIT, socket.recv()).await {
            Ok(Some(Ok(Message::Text(t)))) => match ClientMessage::parse(&t) {
                Ok(ClientMessage::Hello { last_seq }) => last_seq,
                Ok(other) => {
                    first = Some(other);
                    0
                }
                Err(_) => 0,
            },
            Ok(None | Some(Err(_))) => return,
            _ => 0,
        },
    };
    // Taken in the game's task, which alone publishes: the snapshot, the tail and the receiver
    // are of one instant.
    let subscribed = app
        .game
        .act(move |r| (r.hub().safe_through(), r.hub().subscribe(last_seq)))
        .await;
    let Some((mut safe, (snapshot, tail, mut rx))) = subscribed else {
        let _ = send_json(&mut socket, &Reply::error(crate::game::ENDED)).await;
        return;
    };
    // A page holding numbers this bridge has not handed out (from a run before a restart
    // without its log) starts afresh from the snapshot like a new page.
    let mut sent = snapshot.seq;
    safe.mark_unchanged();
    if !send_json(&mut socket, &snapshot).await {
        return;
    }
    if let Some(told) = told
        && !send_json(&mut socket, &told).await
    {
        return;
    }
    let mut limits = Limits::new();
    let mut resent: Option<tokio::time::Instant> = None;
    if let Some(message) = first
        && let Some(reply) = take_client_message(&app, role, message).await
        && !send_json(&mut socket, &reply).await
    {
        return;
    }
    for e in &tail {
        if !send_public(&mut socket, &app, std::slice::from_ref(e)).await {
            return;
        }
    }
    let with_log = snapshot.safe.is_some();
    loop {
        tokio::select! {
            received = rx.recv() => match received {
                Ok(e) if e.seq <= sent => {}
                Ok(e) => {
                    crate::trace::mark_seq(e.seq, "ws_woken");
                    // What was published with it and is waiting goes in the same write. A gap
                    // met while taking them is filled right after that write: `recv` would not
                    // report it again.
                    let mut batch = vec![e];
                    let mut lagged = false;
                    loop {
                        match rx.try_recv() {
                            Ok(next) => batch.push(next),
                            Err(TryRecvError::Lagged(_)) => {
                                lagged = true;
                                break;
                            }
                            // Empty, or closed: `recv` says so on the next turn.
                            Err(_) => break,
                        }
                    }
                    if !send_public(&mut socket, &app, &batch).await {
                        return;
                    }
                    for e in &batch {
                        crate::trace::mark_seq(e.seq, "ws_written");
                        sent = e.seq;
                    }
                    if lagged && !fill_gap(&mut socket, &app, &mut sent).await {
                        return;
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    if !fill_gap(&mut socket, &app, &mut sent).await {
                        return;
                    }
                }
                Err(RecvError::Closed) => {
                    // The game's task ended: the hall's next round archived this game. The page
                    // is told so before its stream closes, not left to guess why.
                    let _ = send_json(&mut socket, &Reply::archived()).await;
                    return;
                }
            },
            changed = safe.changed(), if with_log => {
                if changed.is_err() {
                    return;
                }
                let through = *safe.borrow_and_update();
                if !send_json(&mut socket, &Safe::through(through)).await {
                    return;
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(t))) => {
                    let refused = limits.refuse(t.len()).or_else(|| app.seat_refuses(role, t.len()));
                    if let Some(tell) = refused {
                        if let Some(why) = tell
                            && !send_json(&mut socket, &Reply::error_with_id("page_too_fast", why)).await
                        {
                            return;
                        }
                        continue;
                    }
                    let refusal = match ClientMessage::parse(&t) {
                        // A hello mid-stream asks for a resend from that point: only what the
                        // page lacks (after its number, up to what it was sent), no more often
                        // than every RESEND_EVERY, and a snapshot when that is smaller.
                        Ok(ClientMessage::Hello { last_seq }) => {
                            let now = tokio::time::Instant::now();
                            let due = resent.is_none_or(|at| now.duration_since(at) >= RESEND_EVERY);
                            if last_seq < sent && due {
                                resent = Some(now);
                                let Some(caught_up) = catch_up(&app, last_seq, RESEND_MAX).await else {
                                    return;
                                };
                                match caught_up {
                                    Ok(tail) => {
                                        for e in tail.into_iter().filter(|e| e.seq <= sent) {
                                            if !send_public(&mut socket, &app, std::slice::from_ref(&e)).await {
                                                return;
                                            }
                                        }
                                    }
                                    Err(snapshot) => {
                                        sent = snapshot.seq;
                                        if !send_json(&mut socket, &snapshot).await {
                                            return;
                                        }
                                    }
                                }
                                None
                            } else if last_seq < sent {
                                Some(Reply::error_with_id(
                                    "page_too_fast",
                                    format!(
                                        "a resend is sent at most every {} s; ask again then",
                                        RESEND_EVERY.as_secs()
                                    ),
                                ))
                            } else {
                                None
                            }
                        }
                        Ok(message) => take_client_message(&app, role, message).await,
                        Err(e) => Some(Reply::error(e.to_string())),
                    };
                    if let Some(reply) = refusal
                        && !send_json(&mut socket, &reply).await
                    {
                        return;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(Message::Binary(b))) => {
                    // Not part of the protocol, but counted: bytes are bytes.
                    let _ = limits.refuse(b.len());
                }
                Some(Ok(_)) => {}
            },
        }
    }
}

/// A page that fell behind the broadcast buffer: the gap after `sent` is filled from the recent
/// messages, or the page starts afresh from a snapshot when they no longer reach back that far.
/// Returns whether the page is still served.
async fn fill_gap(socket: &mut WebSocket, app: &App, sent: &mut u64) -> bool {
    let Some(caught_up) = catch_up(app, *sent, usize::MAX).await else {
        return false;
    };
    match caught_up {
        Ok(tail) => {
            let after = *sent;
            for e in tail.into_iter().filter(|e| e.seq > after) {
                if !send_public(socket, app, std::slice::from_ref(&e)).await {
                    return false;
                }
                *sent = e.seq;
            }
            true
        }
        Err(snapshot) => {
            *sent = snapshot.seq;
            send_json(socket, &snapshot).await
        }
    }
}

/// What a page that lacks the messages after `last_seq` is sent, from the game's task: those
/// messages while they are kept and no more than `most`, else a fresh snapshot. `None` once
/// the game's task has ended.
async fn catch_up(
    app: &App,
    last_seq: u64,
    most: usize,
) -> Option<Result<Vec<Entry>, Box<Snapshot>>> {
    app.game
        .act(move |r| {
            let hub = r.hub();
            match hub.tail(last_seq).filter(|t| t.len() <= most) {
                Some(tail) => Ok(tail),
                None => Err(Box::new(hub.snapshot())),
            }
        })
        .await
}
