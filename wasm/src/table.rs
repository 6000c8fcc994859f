//! `Table`: one game under the Laws, as the page sees it. Events come in as the core's own JSON
//! shapes (`{type: "press_clock", player: "white"}`), are stamped here with the game's time line,
//! and go to `arbiter_core::arbiter::Game`; rulings and state go back as plain objects.
//!
//! The table decides nothing about chess: it stamps, forwards, lays out and saves.

use std::cell::RefCell;
use std::rc::Rc;

use arbiter_core::arbiter::{
    ClockView, Event, EventLog, Game, GameConfig, Refused, Ruling, Stamped, State,
};
use arbiter_core::clock::{Timestamp, Timing};
use arbiter_core::notation::{Language, uci};
use arbiter_core::touch::Obligation;
use arbiter_core::{Color, Position};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::citations;
use crate::claims;
#[cfg(feature = "full")]
use crate::log_pieces::{self, LogPieces};
use crate::move_list::MoveList;
#[cfg(feature = "full")]
use crate::refusal::Unread;
use crate::storage;
use crate::timeline::{PageClocks, Timeline};
use crate::view::{self, BoardView, color_name};
use crate::words::SpokenForm;

#[cfg(feature = "full")]
/// The stretch of a sealed move's passphrase (Argon2id, kept in the envelope): 64 MiB as the
/// bridge's, fewer passes so a phone seals in seconds.
const SEAL_COST: arbiter_core::laws::adjourn::Argon2Cost =
    arbiter_core::laws::adjourn::Argon2Cost {
        passes: 8,
        ..arbiter_core::laws::adjourn::Argon2Cost::SEAL
    };

/// Options that change what the page shows, not the game.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ShowOptions {
    /// App. E notation language code (`en`, `it`, `de`, `fig`...).
    pub lang: Option<String>,
    /// How moves are heard: `appf` (2005 App. F2) or a language code; the notation language
    /// when absent.
    pub speech: Option<String>,
}

/// What is kept in `localStorage`: the log and the wall-clock instant of its zero.
#[derive(Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
struct Saved {
    /// Wall-clock ms since 1970 at the game's `Timestamp(0)`.
    epoch_wall_ms: f64,
    /// The core's JSON Lines event log: its header and the events after its sealed pieces
    /// (log_pieces.rs); the whole log when it has none.
    log: String,
    /// How many sealed pieces of the log are stored beside this value (`piece_key`); none in a
    /// game saved before pieces were, nor in a game the lean module saved.
    #[cfg(feature = "full")]
    #[serde(default, skip_serializing_if = "is_zero")]
    pieces: usize,
    /// Whether the log is saved in pieces: the full module writes and reads them (it is the
    /// one that reads a sensor board, and so saves at every lift), and the lean one leaves such
    /// a game to it, as a game read from PGN (its first load is held to 170 KB as served).
    #[cfg(not(feature = "full"))]
    #[serde(default, rename = "pieces", skip_serializing)]
    pieces_by_full: Option<serde::de::IgnoredAny>,
    /// Display options.
    #[serde(default)]
    show: ShowOptions,
    /// What an imported PGN said that the game does not know (its tags, its moves' clocks).
    #[cfg(feature = "full")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    imported: Option<crate::import::Imported>,
    /// Whether the saved game was read from PGN: only the full module reads its tags and
    /// clocks back, so the lean one refuses it rather than drop them.
    #[cfg(not(feature = "full"))]
    #[serde(default, rename = "imported", skip_serializing)]
    imported_by_full: Option<serde::de::IgnoredAny>,
}

#[cfg(feature = "full")]
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Where piece `n` of the log saved under `key` is stored.
#[cfg(feature = "full")]
fn piece_key(key: &str, n: usize) -> String {
    format!("{key}/log/{n}")
}

/// Removes the pieces stored under `key` from piece `from` on. Pieces are written in order from
/// the first, so those of a log stand one after the other: the first missing is the end.
#[cfg(feature = "full")]
fn remove_pieces(key: &str, from: usize) {
    let mut n = from;
    while storage::load(&piece_key(key, n)).is_some() {
        storage::remove(&piece_key(key, n));
        n += 1;
    }
}

/// Why the lean module does not restore a saved game the full module restores: `None` when it
/// may. A game read from PGN keeps the file's tags and clocks, which only the full module reads
/// back; an adjourned game's envelope is opened only there (the lean module has neither the
/// cipher nor Argon2id); a log saved in pieces is read only there.
#[cfg(not(feature = "full"))]
fn full_module_needed(saved: &Saved, log: &EventLog) -> Option<&'static str> {
    if saved.imported_by_full.is_some() {
        return Some("the saved game was read from PGN");
    }
    if saved.pieces_by_full.is_some() {
        return Some("the saved game's log is kept in pieces");
    }
    log.events()
        .iter()
        .any(|e| matches!(e.event, Event::Seal { .. }))
        .then_some("the saved game holds a sealed move")
}

/// The game and everything the page needs to drive it. Shared with the clock display.
pub(crate) struct TableInner {
    pub(crate) game: Game,
    pub(crate) timeline: Timeline,
    show: ShowOptions,
    lang: Language,
    form: SpokenForm,
    persist_key: Option<String>,
    /// The move list as the page shows it, each move written once (move_list.rs).
    moves: MoveList,
    /// What is stored of the log, so a save writes only what is new (log_pieces.rs).
    #[cfg(feature = "full")]
    saved: LogPieces,
    /// The file's tags and clocks when the game was read from PGN.
    #[cfg(feature = "full")]
    imported: Option<crate::import::Imported>,
}

impl TableInner {
    pub(crate) fn now(&mut self) -> Timestamp {
        self.timeline.now(&PageClocks)
    }

    /// Takes one stamped event in and returns every ruling it caused.
    pub(crate) fn handle(&mut self, at: Timestamp, event: Event) -> Result<Vec<Ruling>, Refused> {
        let result = self.game.handle(Stamped { at, event });
        let rulings = self.drain();
        self.save();
        result.map(|()| rulings)
    }

    /// Lets the game look at its deadlines (flag falls) at `now`.
    pub(crate) fn handle_deadline(&mut self, now: Timestamp) -> Vec<Ruling> {
        self.game.handle_deadline(now);
        let rulings = self.drain();
        if !rulings.is_empty() {
            self.save();
        }
        rulings
    }

    /// Brings the move list up to the game's completed moves.
    fn sync_moves(&mut self) {
        self.moves.update(&self.game, self.lang, self.form);
    }

    /// For a page holding the first `count` moves of the list's `revision`: the first move it
    /// does not hold.
    fn moves_since(&mut self, revision: u32, count: u32) -> u32 {
        self.sync_moves();
        self.moves.since(revision, count)
    }

    fn drain(&mut self) -> Vec<Ruling> {
        std::iter::from_fn(|| self.game.poll_ruling()).collect()
    }

    fn save(&mut self) {
        let Some(key) = self.persist_key.clone() else {
            return;
        };
        #[cfg(feature = "full")]
        let (log, pieces) = self.log_in_pieces(&key);
        // The lean module writes the log whole, as it always did: its games are played on the
        // screen, and writing pieces would cost its first load 1.5 KB.
        #[cfg(not(feature = "full"))]
        let log = self.game.log().to_jsonl();
        let saved = Saved {
            epoch_wall_ms: self.timeline.epoch_wall_ms(),
            log,
            #[cfg(feature = "full")]
            pieces,
            show: self.show.clone(),
            #[cfg(feature = "full")]
            imported: self.imported.clone(),
            #[cfg(not(feature = "full"))]
            imported_by_full: None,
            #[cfg(not(feature = "full"))]
            pieces_by_full: None,
        };
        if let Ok(text) = serde_json::to_string(&saved) {
            storage::save(&key, &text);
        }
    }
}

impl TableInner {
    /// Writes the pieces of the log sealed since the last save (log_pieces.rs), and gives the
    /// saved value's `log` and how many pieces are stored beside it.
    #[cfg(feature = "full")]
    fn log_in_pieces(&mut self, key: &str) -> (String, usize) {
        let writes = self.saved.next(self.game.log());
        if writes.whole {
            // Pieces of another game saved under this key are not this game's.
            remove_pieces(key, writes.count);
        }
        // The pieces first: the value that counts them is written last, so a page closed in
        // between still reads the game as it stood before this event.
        for (n, text) in &writes.pieces {
            storage::save(&piece_key(key, *n), text);
        }
        (writes.log, writes.count)
    }

    /// Whatever is stored under the key is not known to be this game's: the next save writes
    /// the log whole.
    fn unsaved(&mut self) {
        #[cfg(feature = "full")]
        {
            self.saved = LogPieces::default();
        }
    }
}

/// One game at the board: events in, rulings and state out.
#[wasm_bindgen]
pub struct Table {
    pub(crate) inner: Rc<RefCell<TableInner>>,
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn color_named(player: &str) -> Result<Color, JsError> {
    match player {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(js_error(format!(
            "player must be \"white\" or \"black\", not {other:?}"
        ))),
    }
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    crate::json::to_js(value)
}

#[wasm_bindgen]
impl Table {
    /// A new game, not yet started. `config` is the core's `GameConfig`
    /// (`{edition: "2005", time_control: [...], white, black, arbiter_present, fen}`);
    /// `show` is `{lang}`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GameConfig")] config: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ShowOptions | undefined")] show: JsValue,
    ) -> Result<Table, JsValue> {
        let mut config: GameConfig =
            crate::json::from_js(config).map_err(|e| js_error(format!("game setup: {e}")))?;
        // A ruling's full analysis runs in the page's Worker, never on this thread (dead.rs).
        config.defer_analysis = true;
        let show: ShowOptions = if show.is_undefined() || show.is_null() {
            ShowOptions::default()
        } else {
            crate::json::from_js(show).map_err(|e| js_error(format!("display options: {e}")))?
        };
        // A bad FEN comes with what is wrong with it (refusal.rs), in the page's language.
        let game = Game::new(config).map_err(|e| crate::refusal::table_error(&e))?;
        Ok(Table::wrap(game, Timeline::start(&PageClocks), show, None))
    }

    /// The game saved under `key` by an earlier page load, replayed from its log, with its
    /// clock still running; `undefined` when nothing is saved there. The lean module refuses a
    /// game only the full module restores whole (one read from PGN, one with a sealed move)
    /// with an error whose `id` is `restore_needs_full`: the page then restores it there.
    pub fn restore(key: &str) -> Result<Option<Table>, JsValue> {
        let Some(text) = storage::load(key) else {
            return Ok(None);
        };
        let saved: Saved =
            serde_json::from_str(&text).map_err(|e| js_error(format!("saved game: {e}")))?;
        #[cfg(feature = "full")]
        let whole = log_pieces::joined(&saved.log, saved.pieces, |n| {
            storage::load(&piece_key(key, n))
        })
        .map_err(|n| js_error(format!("saved game: piece {n} of its log is missing")))?;
        #[cfg(feature = "full")]
        let text = &whole;
        #[cfg(not(feature = "full"))]
        let text = &saved.log;
        let log = EventLog::from_jsonl(text)
            .map_err(|e| js_error(format!("saved game's event log: {e}")))?;
        #[cfg(not(feature = "full"))]
        if let Some(why) = full_module_needed(&saved, &log) {
            return Err(crate::refusal::restore_needs_full(why));
        }
        let table = Table::from_event_log(&log, saved.epoch_wall_ms, saved.show)?;
        {
            let mut inner = table.inner.borrow_mut();
            inner.persist_key = Some(key.to_string());
            #[cfg(feature = "full")]
            {
                inner.saved = LogPieces::resumed(&saved.log, saved.pieces, inner.game.log());
            }
        }
        #[cfg(feature = "full")]
        {
            table.inner.borrow_mut().imported = saved.imported;
        }
        Ok(Some(table))
    }

    /// Replays a JSON Lines event log whose zero was at wall-clock `epoch_wall_ms`.
    #[wasm_bindgen(js_name = fromLog)]
    pub fn from_log(
        log: &str,
        epoch_wall_ms: f64,
        #[wasm_bindgen(unchecked_param_type = "ShowOptions")] show: JsValue,
    ) -> Result<Table, JsError> {
        let show: ShowOptions = crate::json::from_js(show).unwrap_or_default();
        Table::from_log_text(log, epoch_wall_ms, show)
    }

    #[cfg(feature = "full")]
    /// The games `pgn` holds, in its order, as a list to choose from:
    /// `[{white, black, event, date, result, plies}]`.
    #[wasm_bindgen(js_name = pgnGames)]
    pub fn pgn_games(pgn: &str) -> JsValue {
        let games = arbiter_core::pgn::game::read_games(pgn.as_bytes());
        to_js(&games.iter().map(crate::import::listed).collect::<Vec<_>>())
    }

    #[cfg(feature = "full")]
    /// A game set up with `config`, continuing from the main line of game `index` (from 0; the
    /// first when absent) of `pgn` (its FEN tag, if any, replaces the setup's start position).
    /// The imported moves are entered at the instant 0; each clock then shows the last `[%clk]`
    /// its side's moves carry in the file (as `config` sets it where they carry none). The file's
    /// tags and clocks are kept for the export (`pgn()`). Throws naming the first move that does
    /// not fit as the score does ("2.Ke3").
    #[wasm_bindgen(js_name = fromPgn)]
    pub fn from_pgn(
        #[wasm_bindgen(unchecked_param_type = "GameConfig")] config: JsValue,
        #[wasm_bindgen(unchecked_param_type = "ShowOptions")] show: JsValue,
        pgn: &str,
        index: Option<u32>,
    ) -> Result<Table, JsValue> {
        let mut config: GameConfig =
            crate::json::from_js(config).map_err(|e| js_error(format!("game setup: {e}")))?;
        let show: ShowOptions = crate::json::from_js(show).unwrap_or_default();
        let games = arbiter_core::pgn::game::read_games(pgn.as_bytes());
        let game = games.get(index.unwrap_or(0) as usize).ok_or_else(|| {
            crate::refusal::import_error("PGN: no game found", crate::refusal::IMPORT_IDS[0])
        })?;
        if let Some(fen) = game.tags.setup_fen() {
            config.fen = Some(fen.to_string());
        }
        config.defer_analysis = true;
        let white = game.tags.get("White").filter(|n| *n != "?");
        let black = game.tags.get("Black").filter(|n| *n != "?");
        if let Some(w) = white {
            config.white = w.to_string();
        }
        if let Some(b) = black {
            config.black = b.to_string();
        }
        let mut pos = match &config.fen {
            Some(f) => Position::from_fen(f)
                .map_err(|e| crate::refusal::import_fen_error(&format!("PGN FEN tag: {e}"), f))?,
            None => Position::startpos(),
        };
        let mut core = Game::new(config).map_err(|e| crate::refusal::table_error(&e))?;
        let zero = Timestamp(0);
        core.handle(Stamped {
            at: zero,
            event: Event::Start,
        })
        .map_err(js_error)?;
        let first = pos.side_to_move();
        for (i, text) in game.main_line().enumerate() {
            let mv =
                arbiter_core::notation::san::parse(&pos, text, Language::English).map_err(|e| {
                    // The move as the score names it: "2.Ke3", "2...Ke6".
                    let dots = if pos.side_to_move() == Color::White {
                        "."
                    } else {
                        "..."
                    };
                    let named = format!("{}{dots}{text}", pos.fullmove_number());
                    let message = format!("PGN move {named}: {e}");
                    crate::refusal::import_move_error(&message, &named, &Unread::Move(e), &pos)
                })?;
            let player = pos.side_to_move();
            let mv_text = mv.to_string().parse().map_err(js_error)?;
            core.handle(Stamped {
                at: zero,
                event: Event::Move { mv: mv_text },
            })
            .map_err(js_error)?;
            core.handle(Stamped {
                at: zero,
                event: Event::PressClock { player },
            })
            .map_err(js_error)?;
            pos.play(mv)
                .map_err(|e| js_error(format!("PGN move {} ({text}): {e}", i + 1)))?;
        }
        let imported = crate::import::Imported::of(game);
        // The clocks as the file last gives them, each side's own; where it gives none, as set up.
        let (white, black) = imported.last_clocks(first);
        if white.is_some() || black.is_some() {
            let clock = core.clock();
            let decision = arbiter_core::arbiter::Decision::SetClock {
                white: white.map_or(
                    clock.remaining(Color::White, zero),
                    arbiter_core::clock::Millis,
                ),
                black: black.map_or(
                    clock.remaining(Color::Black, zero),
                    arbiter_core::clock::Millis,
                ),
            };
            core.handle(Stamped {
                at: zero,
                event: Event::Arbiter { decision },
            })
            .map_err(js_error)?;
        }
        while core.poll_ruling().is_some() {}
        let table = Table::wrap(core, Timeline::start(&PageClocks), show, None);
        table.inner.borrow_mut().imported = Some(imported);
        Ok(table)
    }

    /// From now on, every accepted event saves the game under `key` in `localStorage`.
    #[wasm_bindgen(js_name = persistTo)]
    pub fn persist_to(&self, key: &str) {
        let mut inner = self.inner.borrow_mut();
        inner.persist_key = Some(key.to_string());
        // Whatever is stored under `key` is another game's: this one is written whole.
        inner.unsaved();
        inner.save();
    }

    /// As `persistTo`, but nothing is written before the first event the game accepts: for a
    /// game set up from the element's attributes while nothing is saved under `key`, which the
    /// next load would set up again just the same. Every first visit's load is then spared the
    /// log's serialising and a `localStorage` write before the board can be played.
    #[wasm_bindgen(js_name = persistFromNextEvent)]
    pub fn persist_from_next_event(&self, key: &str) {
        let mut inner = self.inner.borrow_mut();
        inner.persist_key = Some(key.to_string());
        inner.unsaved();
    }

    /// Forgets the saved copy (the game itself goes on).
    #[wasm_bindgen(js_name = forget)]
    pub fn forget(&self) {
        let mut inner = self.inner.borrow_mut();
        if let Some(key) = inner.persist_key.take() {
            #[cfg(feature = "full")]
            remove_pieces(&key, 0);
            storage::remove(&key);
        }
        inner.unsaved();
    }

    /// Takes an event (the core's `Event` JSON) at the current instant; returns the rulings it
    /// caused. Throws an `Error` with the core's reason if the event cannot be taken in, and
    /// beside it the refusal's `kind` (`game_over`, `not_on_move`...) and `player` when it has one.
    #[wasm_bindgen(unchecked_return_type = "Ruling[]")]
    pub fn handle(
        &self,
        #[wasm_bindgen(unchecked_param_type = "TableEvent")] event: JsValue,
    ) -> Result<JsValue, JsValue> {
        let at = self.inner.borrow_mut().now();
        self.handle_at(event, at.0 as f64)
    }

    /// As `handle`, at an explicit instant (ms on the game's time line).
    #[wasm_bindgen(js_name = handleAt, unchecked_return_type = "Ruling[]")]
    pub fn handle_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "TableEvent")] event: JsValue,
        at: f64,
    ) -> Result<JsValue, JsValue> {
        let event: Event =
            crate::json::from_js(event).map_err(|e| js_error(format!("event: {e}")))?;
        let at = Timestamp(at.max(0.0) as u64);
        let mut inner = self.inner.borrow_mut();
        inner.timeline.observe(at);
        // The refusal's kind comes with it (refusal.rs), so the page says it in its language.
        let rulings = inner
            .handle(at, event)
            .map_err(|e| crate::refusal::table_error(&e))?;
        Ok(rulings_js(&rulings, &inner))
    }

    #[cfg(feature = "full")]
    /// Adjourns the game: `player` (on move) seals `move_text` (coordinates, e.g. `"e2e4"`) in an
    /// envelope only `passphrase` opens (2005 App. A1 / 2023 Guidelines I.1). The move never
    /// enters the log or the state in the clear. `salt` (16 bytes) and `nonce` (12 bytes) must
    /// be fresh random bytes from the page (`crypto.getRandomValues`).
    #[wasm_bindgen(unchecked_return_type = "Ruling[]")]
    pub fn seal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Color")] player: &str,
        move_text: &str,
        passphrase: &str,
        salt: &[u8],
        nonce: &[u8],
    ) -> Result<JsValue, JsValue> {
        let player = color_named(player)?;
        let nonce: [u8; 12] = nonce
            .try_into()
            .map_err(|_| js_error(format!("nonce must be 12 bytes, not {}", nonce.len())))?;
        if salt.len() < 16 {
            return Err(js_error(format!(
                "salt must be at least 16 bytes, not {}",
                salt.len()
            ))
            .into());
        }
        let envelope =
            arbiter_core::laws::adjourn::seal_argon2(move_text, passphrase, salt, nonce, SEAL_COST)
                .map_err(js_error)?;
        let mut inner = self.inner.borrow_mut();
        let at = inner.now();
        let rulings = inner
            .handle(at, Event::Seal { player, envelope })
            .map_err(|e| crate::refusal::table_error(&e))?;
        Ok(rulings_js(&rulings, &inner))
    }

    /// Lets the game look at the clock now (flag falls); returns any rulings.
    #[wasm_bindgen(unchecked_return_type = "Ruling[]")]
    pub fn tick(&self) -> JsValue {
        let mut inner = self.inner.borrow_mut();
        let now = inner.now();
        let rulings = inner.handle_deadline(now);
        rulings_js(&rulings, &inner)
    }

    /// The ruling that waits for the full dead-position analysis (the core's
    /// `PendingAnalysis`: `{side, fen, ruling, law, since}`), or `null`: the page hands it to
    /// its Worker (`dead.rs`) and sends back the answer as the `analysis` event.
    #[wasm_bindgen(js_name = pendingAnalysis, unchecked_return_type = "PendingAnalysis | null")]
    pub fn pending_analysis(&self) -> JsValue {
        match self.inner.borrow().game.pending_analysis() {
            Some(p) => to_js(p),
            None => JsValue::NULL,
        }
    }

    /// Everything the page draws, now.
    #[wasm_bindgen(unchecked_return_type = "PageState")]
    pub fn state(&self) -> JsValue {
        let mut inner = self.inner.borrow_mut();
        let now = inner.now();
        to_js(&page_state(&mut inner, now, None))
    }

    /// As `state`, for a page that holds the first `count` moves of the move list's revision
    /// `revision` (from an earlier state of this table), with `movesRevision`, the list's
    /// revision now: while it is still `revision`, `moves` holds only the moves after the
    /// `count` held; else (a position restored, another language, another table) every move.
    /// A lift or a clock's event then sends no move at all, however long the game.
    #[wasm_bindgen(js_name = stateSince, unchecked_return_type = "PageStateSince")]
    pub fn state_since(&self, revision: u32, count: u32) -> JsValue {
        let mut inner = self.inner.borrow_mut();
        let now = inner.now();
        let from = inner.moves_since(revision, count);
        let state = to_js(&page_state(&mut inner, now, Some(from)));
        // Set on the object rather than serialised with it: a field `state` never has.
        let revision = inner.moves.revision();
        let _ = js_sys::Reflect::set(&state, &"movesRevision".into(), &revision.into());
        state
    }

    /// Everything the page draws, at `at` (not before the last event).
    #[wasm_bindgen(js_name = stateAt, unchecked_return_type = "PageState")]
    pub fn state_at(&self, at: f64) -> JsValue {
        let mut inner = self.inner.borrow_mut();
        to_js(&page_state(&mut inner, Timestamp(at.max(0.0) as u64), None))
    }

    /// The current instant on the game's time line (ms).
    pub fn now(&self) -> f64 {
        self.inner.borrow_mut().now().0 as f64
    }

    /// The next instant at which the game must look at the clock, if any.
    #[wasm_bindgen(js_name = nextDeadline)]
    pub fn next_deadline(&self) -> Option<f64> {
        self.inner.borrow().game.poll_deadline().map(|t| t.0 as f64)
    }

    /// The board after the first `count` completed half-moves (0: the start position), for
    /// looking back through the move list: pieces, check, the move that led there and the
    /// moves up to it (`legalMoves` empty: a position looked at, not played in). Null when the
    /// game has fewer moves.
    #[wasm_bindgen(js_name = boardAt)]
    pub fn board_at(&self, count: u32) -> JsValue {
        let mut inner = self.inner.borrow_mut();
        inner.sync_moves();
        let list = &inner.moves;
        let count = count as usize;
        let (Some(moves), Some(views)) = (list.moves().get(..count), list.views().get(..count))
        else {
            return JsValue::NULL;
        };
        let mut pos = list.start().clone();
        for &mv in moves {
            // Each was played from the position before it when the list was written.
            if pos.play(mv).is_err() {
                return JsValue::NULL;
            }
        }
        let ply = list.first_ply() - 1 + count as u32;
        let mut board = view::board_view(&pos, moves.last(), views, ply);
        board.legal_moves.clear();
        to_js(&board)
    }

    /// Every ruling of the game so far, oldest first.
    #[wasm_bindgen(unchecked_return_type = "Ruling[]")]
    pub fn rulings(&self) -> JsValue {
        let inner = self.inner.borrow();
        rulings_js(inner.game.rulings(), &inner)
    }

    /// The game as PGN with `[%clk]` comments; `date` (`"2026.12.04"`, the day the game began,
    /// which the page knows and the core does not) its Date tag. A game read from PGN keeps the
    /// file's tags and its moves' clocks.
    pub fn pgn(&self, date: Option<String>) -> String {
        let inner = self.inner.borrow();
        #[cfg(feature = "full")]
        if let Some(imported) = &inner.imported {
            return crate::import::export(&inner.game, imported);
        }
        let mut tags = arbiter_core::pgn::Tags::new();
        if let Some(date) = date {
            tags.set("Date", date);
        }
        inner.game.to_pgn_tagged(tags)
    }

    #[cfg(feature = "full")]
    /// The game's score in Braille, for a visually impaired player who keeps it so (2005 App.
    /// F2.5 / 2023 App. D.2.7): the core's Braille-ready file (`.brf`, North American Braille
    /// ASCII, 40 cells by 25 lines).
    pub fn brf(&self) -> String {
        arbiter_core::arbiter::brf(&self.inner.borrow().game)
    }

    /// The event log as JSON Lines.
    pub fn log(&self) -> String {
        self.inner.borrow().game.log().to_jsonl()
    }

    /// What `player` is told when he asks for the time (2005 App. F2.9d / 2023 App. D.2.10),
    /// at this instant: `{own: {remaining, used, moves}, theirs: {...}}`, in ms; the page
    /// says it in the player's language (its catalogue's `time_on_request`).
    #[wasm_bindgen(js_name = timeOnRequest, unchecked_return_type = "TimeOnRequest")]
    pub fn time_on_request(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Color")] player: &str,
    ) -> Result<JsValue, JsError> {
        let player = color_named(player)?;
        let mut inner = self.inner.borrow_mut();
        let now = inner.now();
        let at = now.max(inner.game.log().events().last().map_or(now, |e| e.at));
        let state = inner.game.state(at);
        Ok(to_js(&state.time_on_request(player)))
    }

    /// How moves are heard from now on: `appf` (2005 App. F2) or a language code.
    #[wasm_bindgen(js_name = setSpeech)]
    pub fn set_speech(&self, form: &str) {
        let mut inner = self.inner.borrow_mut();
        inner.form = SpokenForm::from_code(form);
        inner.show.speech = Some(form.to_string());
        inner.save();
    }

    /// The wall-clock instant (ms since 1970) of the game's zero.
    #[wasm_bindgen(js_name = epochWallMs)]
    pub fn epoch_wall_ms(&self) -> f64 {
        self.inner.borrow().timeline.epoch_wall_ms()
    }
}

impl Table {
    fn wrap(
        game: Game,
        timeline: Timeline,
        show: ShowOptions,
        persist_key: Option<String>,
    ) -> Table {
        let lang = show
            .lang
            .as_deref()
            .and_then(Language::from_code)
            .unwrap_or(Language::English);
        let form = SpokenForm::from_code(show.speech.as_deref().unwrap_or(lang.code()));
        let moves = MoveList::new(start_position(game.config()), lang, form);
        let inner = TableInner {
            game,
            timeline,
            show,
            lang,
            form,
            persist_key,
            moves,
            #[cfg(feature = "full")]
            saved: LogPieces::default(),
            #[cfg(feature = "full")]
            imported: None,
        };
        Table {
            inner: Rc::new(RefCell::new(inner)),
        }
    }

    fn from_log_text(log: &str, epoch_wall_ms: f64, show: ShowOptions) -> Result<Table, JsError> {
        let log = EventLog::from_jsonl(log).map_err(|e| js_error(format!("event log: {e}")))?;
        Table::from_event_log(&log, epoch_wall_ms, show)
    }

    fn from_event_log(
        log: &EventLog,
        epoch_wall_ms: f64,
        show: ShowOptions,
    ) -> Result<Table, JsError> {
        let game = Game::replay(log).map_err(|e| js_error(format!("event log: {e}")))?;
        let last = log.events().last().map_or(Timestamp(0), |e| e.at);
        let timeline = Timeline::resume(&PageClocks, epoch_wall_ms, last);
        Ok(Table::wrap(game, timeline, show, None))
    }
}

/// A ruling for the page: the core's ruling plus its Law as text (`"2005 Art. 7.4b"`) and
/// `say`, the message the page words it by (messages.rs: an id and its words, moves in the
/// game's notation).
#[derive(Serialize)]
struct RulingView<'a> {
    at: Timestamp,
    law: String,
    verdict: &'a arbiter_core::arbiter::Verdict,
    say: crate::messages::Message,
}

/// Rulings as plain objects: `[{at, law: "2005 Art. 7.4b", verdict: {kind, ...}, say: {id, ...}}]`.
pub(crate) fn rulings_js(rulings: &[Ruling], inner: &TableInner) -> JsValue {
    // Most events rule nothing (a lift, a sensor board's bytes): the positions of the whole
    // game are replayed only for a ruling that names a move.
    if rulings.is_empty() {
        return js_sys::Array::new().into();
    }
    let positions = crate::messages::Positions::of(&inner.game);
    let views: Vec<RulingView> = rulings
        .iter()
        .map(|r| {
            let law = r.law.to_string();
            RulingView {
                at: r.at,
                say: crate::messages::ruling_message(&r.verdict, &law, &positions, inner.lang),
                law,
                verdict: &r.verdict,
            }
        })
        .collect();
    to_js(&views)
}

/// One side's clock for the page.
#[derive(Serialize)]
struct SideView {
    remaining: u64,
    moves: u32,
    period: usize,
    flag: bool,
    /// What the face's caption says, as data the page words in its language.
    caption: Caption,
}

/// A clock face's caption ("Period 2 · Move 41 of 60 · +30 s" in English).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Caption {
    /// The period this side plays (1 = the first), when the time control has more than one.
    period: Option<usize>,
    /// The move this side makes next (1 = its first).
    #[serde(rename = "move")]
    next_move: u32,
    /// The move by which this period's control must be reached, when the period has a move
    /// count.
    control_at: Option<u32>,
    /// What each move of this period adds or delays (`{kind, ms}`), if anything.
    timing: Option<Timing>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ClockPage {
    white: SideView,
    black: SideView,
    running: Option<&'static str>,
    /// A move has been made and waits for the press that completes it (2005 Art. 6.8a).
    awaiting_press: bool,
    started: bool,
}

#[derive(Serialize)]
struct Players {
    white: String,
    black: String,
}

#[derive(Serialize)]
struct ResultView {
    result: &'static str,
    reason: arbiter_core::arbiter::Reason,
    law: String,
}

#[derive(Serialize)]
struct ObligationView {
    kind: String,
    square: Option<String>,
    text: String,
    law: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SetupView<'a> {
    edition: arbiter_core::laws::Edition,
    time_control: &'a arbiter_core::clock::TimeControl,
    lang: &'a str,
    /// `appf` or a language code: how moves are heard.
    speech: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PageState<'a> {
    #[serde(flatten)]
    board: BoardView<'a>,
    clock: ClockPage,
    players: Players,
    touched: Option<String>,
    obligations: Vec<ObligationView>,
    draw_offer: Option<&'static str>,
    result: Option<ResultView>,
    /// The claims open now, each with its Law: a control for each on the page.
    claims: Vec<claims::ClaimView>,
    /// What a wrong claim would cost, said before a declared claim is made.
    costs: claims::Costs,
    /// The articles the page cites beside its prompts and controls, in the game's edition.
    laws: citations::Citations,
    setup: SetupView<'a>,
    /// The core's own state, unchanged.
    core: State,
}

/// The state at `at`; with `from`, only the moves from that one on (those the page does not
/// hold, `TableInner::moves_since`).
fn page_state(inner: &mut TableInner, at: Timestamp, from: Option<u32>) -> PageState<'_> {
    inner.sync_moves();
    let inner = &*inner;
    let game = &inner.game;
    let at = at.max(game.log().events().last().map_or(Timestamp(0), |e| e.at));
    let core = game.state(at);
    let config = game.config();
    let list = &inner.moves;
    let views = &list.views()[from.map_or(0, |n| n as usize)..];
    let pos = list.end();
    let ply = list.first_ply() - 1 + list.moves().len() as u32;
    // A move made but not yet completed on the clock stands on the board: show it there.
    // Once the game is over nothing waits for a press: a move left uncompleted is not shown.
    let pending = match &core.obligation {
        Obligation::Complete { mv } if core.outcome.is_none() => {
            uci::parse(pos, &mv.to_string()).ok()
        }
        _ => None,
    };
    let shown = pending.and_then(|mv| pos.after(mv).ok());
    let mut board = match (&shown, &pending) {
        (Some(after), Some(pending)) => {
            // The list and the ply count show completed moves only.
            let mut v = view::board_view(after, Some(pending), views, ply);
            v.legal_moves.clear();
            v
        }
        _ => view::board_view(pos, list.moves().last(), views, ply),
    };
    if core.outcome.is_some() {
        board.legal_moves.clear();
    }
    // While a move waits for its press, the side to move is still the mover.
    board.turn = color_name(core.side_to_move);

    let edition = config.edition;
    let obligation_text = obligation_words(&core.obligation);
    let touched = match &core.obligation {
        Obligation::MovePiece { square, .. } => Some(square.to_string()),
        Obligation::CaptureWith { piece, .. } => Some(piece.to_string()),
        _ => None,
    };
    let obligations = obligation_text
        .map(|(kind, square, text)| ObligationView {
            kind: kind.to_string(),
            square,
            text,
            law: core.obligation.law(edition).to_string(),
        })
        .into_iter()
        .collect();
    let side = |c: Color| {
        let v = if c == Color::White {
            &core.white
        } else {
            &core.black
        };
        SideView {
            remaining: v.remaining.0,
            moves: v.moves,
            period: v.period,
            flag: v.flag,
            caption: caption(config, v),
        }
    };
    // The result and whether the game has started are the core's (State), never found again here.
    let result = core.outcome.as_ref().map(|o| ResultView {
        result: o.result.pgn(),
        reason: o.reason,
        law: o.law.to_string(),
    });
    let started = core.started;
    let claims = claims::open_claims(&core);
    PageState {
        board,
        claims,
        costs: claims::costs(game),
        laws: citations::of(config.edition),
        clock: ClockPage {
            white: side(Color::White),
            black: side(Color::Black),
            running: core.running.map(color_name),
            awaiting_press: shown.is_some(),
            started,
        },
        players: Players {
            white: config.white.clone(),
            black: config.black.clone(),
        },
        touched,
        obligations,
        draw_offer: core.draw_offer.map(color_name),
        result,
        setup: SetupView {
            edition,
            time_control: &config.time_control,
            lang: inner.lang.code(),
            speech: match inner.form {
                SpokenForm::AppF => "appf",
                SpokenForm::Language(l) => l.code(),
            },
        },
        core,
    }
}

/// The game's start position: its FEN, or the standard one.
fn start_position(config: &GameConfig) -> Position {
    match &config.fen {
        Some(f) => Position::from_fen(f).unwrap_or_default(),
        None => Position::startpos(),
    }
}

/// The touch-move obligation in words, when there is one to show.
fn obligation_words(ob: &Obligation) -> Option<(&'static str, Option<String>, String)> {
    match ob {
        Obligation::MovePiece {
            square,
            no_castling,
        } => Some((
            "move_piece",
            Some(square.to_string()),
            format!(
                "Touch-move: the piece on {square} must be moved{}.",
                if *no_castling {
                    " (no castling with this rook)"
                } else {
                    ""
                }
            ),
        )),
        Obligation::CapturePiece { square } => Some((
            "capture_piece",
            Some(square.to_string()),
            format!("Touch-move: the piece on {square} must be captured."),
        )),
        Obligation::CaptureWith { piece, target } => Some((
            "capture_with",
            Some(piece.to_string()),
            format!("Touch-move: the piece on {piece} must capture on {target}."),
        )),
        Obligation::Castle { rook } => Some((
            "castle",
            Some(rook.to_string()),
            format!("Touch-move: castle with the rook on {rook}."),
        )),
        Obligation::KingMove => Some((
            "king_move",
            None,
            "Touch-move: the king must move.".to_string(),
        )),
        Obligation::Free | Obligation::Complete { .. } => None,
    }
}

/// The caption of a side's face, from the core's view of its clock: the move the control falls
/// at is the core's count of moves still to go in this period (2005 Art. 6.2a, a last period
/// with a move count repeating), the timing its current period's.
fn caption(config: &GameConfig, v: &ClockView) -> Caption {
    Caption {
        period: (config.time_control.periods().len() > 1).then_some(v.period + 1),
        next_move: v.moves + 1,
        control_at: v.moves_to_go.filter(|&n| n > 0).map(|n| v.moves + n),
        timing: (v.timing != Timing::None).then_some(v.timing),
    }
}
