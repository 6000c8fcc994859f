//! The board bridge: a DGT sensor board on a serial port, the core's DGT codec and move
//! reconstruction, and a WebSocket stream for pages, on one port.
//!
//! * [`serial`]: ports, handshake, keep-alive, reconnect with backoff, on the pages' runtime.
//! * [`hid`]: Chessnut boards on USB HID (Linux's hidraw nodes), served by the same link.
//! * [`alarm`]: the link's wake-up at a settle deadline, to the microsecond.
//! * [`game`]: one task a game, owning the game, its boards' sessions and its time; the links
//!   hand it each round of bytes on a channel, and pages and the hall ask it on a oneshot.
//! * [`session`]: bytes to touches and moves, published to the [`hub`].
//! * [`role`]: who may send what from a page (players, the assistant, spectators).
//! * [`referee`]: the Laws engine (`arbiter_core::arbiter::Game`) fed by boards and pages.
//! * [`sealing`]: a sealed move made on the sensor board, hidden until the envelope opens.
//! * [`hub`]: the one door of the game's messages: numbered, logged, then streamed.
//! * [`log`]: the event log on disk (the core's one log format, synced off the move's path).
//! * [`stream`]: sequence numbers, broadcast to pages, snapshot plus tail for (re)connecting
//!   pages.
//! * [`ticker`]: deadlines when nothing happens, and the log's time line while a clock runs.
//! * [`server`]: `/ws`, `/games.pgn`, `/events.jsonl` and the page's assets.
//! * [`hall`]: every board of a tournament hall in one bridge (`--hall HALL.toml`).
//! * [`simulator`]: a DGT board in a pseudo-terminal, playing a PGN with realism switches.
//!
//! Pages: `/ws?role=white|black|assistant|spectator` (spectator by default) streams the game;
//! a page may send `{"type":"event","event":<an arbiter_core::arbiter::Event as JSON>}`, which
//! the bridge stamps with its own clock and hands to the game. Spectators may send nothing, a
//! player only his own colour's events (the pieces' events while he is on move), the assistant
//! of App. F2.9 both; a refusal comes back to that page alone as `{"type":"error",...}`.

pub mod alarm;
pub mod assets;
pub mod game;
pub mod hall;
pub mod hid;
pub mod hub;
pub mod keys;
pub mod livechess;
pub mod log;
pub mod pgn;
pub mod protocol;
pub mod referee;
pub mod role;
pub mod sealing;
pub mod serial;
pub mod server;
pub mod session;
pub mod simulator;
pub mod stream;
pub mod ticker;
pub mod trace;
