//! The serial side: finding a DGT board among the ports, opening it at 9600 8N1, the handshake,
//! the keep-alive, and reconnecting with backoff after an unplug. The link is a task on the
//! runtime that serves the pages, reading the port without blocking: bytes read are handed to
//! the game's task ([`crate::game`]), which decodes, referees, logs and streams them on that one
//! thread and answers with the bytes for the board. Its wait ends at the session's next deadline
//! (an [`Alarm`](crate::alarm::Alarm) precise to the microsecond, rung a little early and the
//! rest polled), so a move is confirmed when the settle time ends, not at the next poll.
//!
//! * [`port`]: opening, probing and finding a board's port.
//! * `link`: the open port, read and written on the runtime's poller.
//! * `rounds`: one open port served: the wait, the session's rounds, the keep-alive.
//!
//! A Chessnut board's USB HID node ([`crate::hid`]) is served by the same link and rounds.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_core::dgt::family::Family;

use crate::game::BoardLine;
use crate::hub::HubClock;

mod link;
pub mod port;
mod rounds;

use link::{Link, Node};
pub(crate) use port::other_board;
pub use port::{RESERVED_FILES, ask, candidates, find_board, open, probe};
use rounds::serve_port;

/// Which port to use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortChoice {
    /// This path (a USB, Bluetooth RFCOMM or pseudo-terminal device, or a HID board's hidraw
    /// node, told by its name).
    Path(String),
    /// This path read as a Chessnut board's USB HID node whatever its name (`--hid`).
    Hid(String),
    /// Look for a board among the HID nodes and the serial ports, and keep looking while none
    /// is found.
    Auto,
}

/// How the link behaves; the defaults are the field-tested ones from the protocol notes.
#[derive(Debug, Clone)]
pub struct LinkSettings {
    /// A serial-number request this often shows the board is still there.
    pub keepalive: Duration,
    /// No byte for this long means the board is gone.
    pub silence_limit: Duration,
    /// First wait before reopening; doubles up to `max_backoff`.
    pub min_backoff: Duration,
    /// Longest wait between attempts.
    pub max_backoff: Duration,
    /// Whose port it is ("board 7"), named in what is printed: a hall's boards each say which.
    pub name: Option<String>,
    /// Why the port cannot be opened, while it cannot (`None` once it opens): for a hall page.
    pub unopened: Option<Unopened>,
}

/// Where a link says why its port cannot be opened, while it cannot.
pub type Unopened = Arc<Mutex<Option<String>>>;

impl Default for LinkSettings {
    fn default() -> Self {
        Self {
            keepalive: Duration::from_secs(1),
            silence_limit: Duration::from_millis(3500),
            min_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(2),
            name: None,
            unopened: None,
        }
    }
}

/// Why a port could not be used.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The port does not exist.
    #[error("{0}: no such port")]
    Missing(String),
    /// Another program holds the port.
    #[error("{0}: port is busy (another program has it open)")]
    Busy(String),
    /// The port opened but nothing answered as a DGT board.
    #[error("{0}: not a DGT board (no answer to the version request)")]
    NotABoard(String),
    /// The node is a HID device but no board family's.
    #[error("{0}: not a Chessnut board (its USB vendor is not Chessnut's)")]
    NotAHidBoard(String),
    /// The HID node never answered a Chessnut's handshake.
    #[error(
        "{0}: no answer to a Chessnut's handshake (the battery asked, reports switched on): not \
         a Chessnut board, or not the board's own interface (try the other hidraw node)"
    )]
    HidSilent(String),
    /// The user may not read the HID node.
    #[error(
        "{0}: no right to read this board's node (a udev rule gives it: SUBSYSTEM==\"hidraw\", \
         ATTRS{{idVendor}}==\"2d80\", MODE=\"0660\", GROUP=\"plugdev\", and the user in plugdev)"
    )]
    HidDenied(String),
    /// HID boards are read through Linux's hidraw nodes only.
    #[error("{0}: boards on USB HID are read on Linux only")]
    HidElsewhere(String),
    /// The process may open too few more files: the last ones are kept for the pages.
    #[error(
        "{port}: not opened: {in_use} of the {limit} files this process may open are in use and \
         the last {RESERVED_FILES} are kept for the pages (raise the limit: ulimit -n)"
    )]
    TooManyFiles {
        /// The port.
        port: String,
        /// Descriptors open now.
        in_use: u64,
        /// The open-file limit.
        limit: u64,
    },
    /// Any other failure of the port.
    #[error("{port}: {source}")]
    Port {
        /// The port.
        port: String,
        /// What failed.
        source: std::io::Error,
    },
}

/// Opens the HID node at `path` for the board its vendor id names (`family`: the one the user
/// said, when its name does not tell).
fn open_hid(path: &str, family: Option<Family>) -> Result<(String, Node), LinkError> {
    let family = crate::hid::family_of(path)
        .or(family)
        .ok_or_else(|| LinkError::NotAHidBoard(path.to_owned()))?;
    let file = crate::hid::open(path)?;
    Ok((path.to_owned(), Node::Hid(file, family)))
}

/// A board found: on a HID node first (its vendor id tells, with no wait), else on a serial
/// port that answers.
async fn find_any() -> Result<(String, Node), LinkError> {
    // A hidraw node opens as often as asked: one another link serves is passed over.
    let free = crate::hid::sysfs::boards()
        .into_iter()
        .filter(|b| crate::hid::family_on(&b.path).is_none());
    // Why a board found on a node did not open (no right to it, most often), said when no
    // serial board is found either.
    let mut refused = None;
    for board in free {
        match open_hid(&board.path, Some(board.family)) {
            Ok(found) => return Ok(found),
            Err(e) => refused = refused.or(Some(e)),
        }
    }
    // Probing waits for each candidate's answer: off the thread that serves the pages.
    tokio::task::spawn_blocking(find_board)
        .await
        .ok()
        .flatten()
        .map(|(path, port)| (path, Node::Serial(port)))
        .ok_or_else(|| refused.unwrap_or_else(|| LinkError::Missing("auto".into())))
}

/// Runs the link on the current Tokio runtime for as long as its game's task runs (`line`):
/// find or open the port, handshake, read, and reconnect after any loss. The session's times
/// are read from the game's `clock`, in
/// microseconds: the session works in milliseconds, but the settle deadline is timed to the
/// microsecond so a move is confirmed when its settle time ends, not up to a millisecond later.
pub async fn run(choice: PortChoice, settings: LinkSettings, line: BoardLine, clock: HubClock) {
    let mut backoff = settings.min_backoff;
    // What was last said of a port that cannot be opened (said once, and again when it changes).
    let mut reported: Option<String> = None;
    if choice == PortChoice::Auto && !crate::hid::READ_HERE {
        eprintln!(
            "board-bridge: boards on USB HID (Chessnut) are read on Linux only; looking for \
             serial boards"
        );
    }
    while !line.is_closed() {
        let opened = match &choice {
            PortChoice::Path(path) if crate::hid::is_node(path) => open_hid(path, None),
            PortChoice::Path(path) => open(path).map(|p| (path.clone(), Node::Serial(p))),
            // A node not named as one is taken for what the user says it is: a Chessnut's.
            PortChoice::Hid(path) => open_hid(path, Some(Family::Chessnut)),
            PortChoice::Auto => find_any().await,
        };
        match opened {
            Ok((path, port)) => {
                // While it is served, other links' `--port auto` passes the node over
                // (see `hid::family_on`).
                let _served = match &port {
                    Node::Hid(_, family) => Some(crate::hid::Served::new(&path, *family)),
                    Node::Serial(_) => None,
                };
                if let Some(slot) = &settings.unopened {
                    *slot.lock().unwrap_or_else(|p| p.into_inner()) = None;
                }
                backoff = settings.min_backoff;
                let why = match Link::new(port) {
                    Ok(link) => serve_port(&path, &link, &settings, &line, clock).await,
                    Err(source) => LinkError::Port {
                        port: path.clone(),
                        source,
                    },
                };
                line.disconnected(why.to_string());
                // A port that opened but never answered is said where the user started the
                // bridge, as one that cannot be opened is: the pages saw only a board that went.
                match why {
                    LinkError::NotABoard(_) | LinkError::HidSilent(_) => {
                        say_once(&settings, &mut reported, why.to_string());
                    }
                    _ => reported = None,
                }
            }
            Err(e) => {
                let why = e.to_string();
                say_once(&settings, &mut reported, why.clone());
                if let Some(slot) = &settings.unopened {
                    *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(why);
                }
            }
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(settings.max_backoff);
    }
}

/// Prints why the link is still looking, unless it was the last thing said (`reported`).
fn say_once(settings: &LinkSettings, reported: &mut Option<String>, why: String) {
    if reported.as_ref() != Some(&why) {
        let whose = settings
            .name
            .as_ref()
            .map(|n| format!("{n}: "))
            .unwrap_or_default();
        eprintln!("board-bridge: {whose}{why}; still looking");
    }
    *reported = Some(why);
}
