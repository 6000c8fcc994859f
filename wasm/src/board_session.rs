//! `BoardLink`: a sensor board the page reads itself (Web Serial, Web Bluetooth, WebHID), with the
//! same [`BoardSession`] the bridge runs: one set of rules for a board wherever it is plugged in.
//!
//! The page's script owns the device: it hands the bytes it reads to [`BoardLink::feed`], writes
//! what [`BoardLink::transmit`] gives back, and sets a timer for [`BoardLink::deadline_in`]. The
//! session hands the game its events (lifts, moves) through the page's own `Table`, so the
//! rulings (touch-move, illegal moves) are the ones the page shows for a move made on screen.
//! Each call answers with what the page is to show: the rulings, the refusals, the touches, the
//! board's status and the pieces to set when the board and the game differ.

use std::cell::RefCell;
use std::rc::Rc;

use arbiter_core::arbiter::{Event, Game, Refused, Ruling};
use arbiter_core::dgt::board::Orientation;
use arbiter_core::dgt::family::pegasus::{DeveloperKey, KeyError};
use arbiter_core::dgt::family::{BoardCodec, CodecOptions, Family};
use arbiter_core::dgt::reconstruct::{Completion, TouchKind};
use arbiter_core::dgt::session::{BoardOutput, BoardSession};
use arbiter_core::dgt::table::{Seat, Table as BoardTable};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::table::{Table, TableInner, rulings_js};
use crate::view::{color_name, piece_name};

/// The page's game as a board session sees it: events go to the page's `Table` at the page's
/// time, and what comes back is kept for the answer to the page.
struct PageTable<'a> {
    inner: &'a mut TableInner,
    auto_press: bool,
    rulings: Vec<Ruling>,
    refused: Vec<Refused>,
    outputs: Vec<BoardOutput>,
    /// An event was taken in: the game changed.
    changed: bool,
}

impl BoardTable for PageTable<'_> {
    fn game(&self) -> &Game {
        &self.inner.game
    }

    fn submit(&mut self, _at: u64, events: Vec<Event>) -> Vec<Result<(), Refused>> {
        events
            .into_iter()
            .map(|event| {
                // Stamped now on the page's time line, as a move made on screen is: the
                // session's instant is never later, and may be a lift's earlier one.
                let at = self.inner.now();
                match self.inner.handle(at, event) {
                    Ok(rulings) => {
                        self.changed = true;
                        self.rulings.extend(rulings);
                        Ok(())
                    }
                    Err(e) => {
                        self.refused.push(e.clone());
                        Err(e)
                    }
                }
            })
            .collect()
    }

    fn stream(&mut self, output: BoardOutput) {
        self.outputs.push(output);
    }

    fn auto_press(&self) -> bool {
        self.auto_press
    }
}

/// A sensor change as the page shows it.
#[derive(Serialize)]
struct TouchView {
    kind: &'static str,
    square: String,
    color: &'static str,
    piece: &'static str,
}

/// The board's status as the page words it.
#[derive(Serialize)]
struct StatusView {
    connected: bool,
    /// `white` when White's side is the connector's (the board's own numbering), `black` when
    /// the board sits the other way round; null until the pieces told.
    orientation: Option<&'static str>,
    /// The squares where the board differs from the game (the pieces to set as the page shows
    /// them); empty when they agree, null before the first confirmed read.
    differs: Option<Vec<String>>,
    /// Runs of bytes dropped on the line since the board was connected.
    dropped: u64,
    /// What the board has said of its battery (`{percent?, charging, clock_low}`); null while
    /// it has said nothing (a board on a cable).
    battery: Option<arbiter_core::dgt::output::Battery>,
}

/// The board does not show the game's position: the Law, and the squares to put right.
#[derive(Serialize)]
struct MismatchView {
    law: String,
    kind: &'static str,
    squares: Vec<String>,
}

/// What one call brought besides the rulings and refusals.
#[derive(Serialize)]
struct Shown {
    touches: Vec<TouchView>,
    status: Option<StatusView>,
    mismatch: Option<MismatchView>,
}

/// One family as the page looks for its boards.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FamilyView {
    kind: &'static str,
    lifts: bool,
    serial: Option<SerialView>,
    usb: Vec<UsbView>,
    ble: Option<arbiter_core::dgt::family::BleIds>,
    hid_vendor: Option<u16>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SerialView {
    baud_rate: u32,
    data_bits: u8,
    parity: &'static str,
    stop_bits: u8,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UsbView {
    usb_vendor_id: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    usb_product_id: Option<u16>,
}

/// A sensor board read by the page, playing into one of its `Table`s.
#[wasm_bindgen]
pub struct BoardLink {
    table: Rc<RefCell<TableInner>>,
    session: BoardSession<Box<dyn BoardCodec>>,
    family: Family,
    auto_press: bool,
}

#[wasm_bindgen]
impl BoardLink {
    /// A board of family `kind` (`"dgt"`...) at `table`'s game, the only board of it. With
    /// `auto_press`, a move settled on the board completes itself (casual play); else the
    /// player presses the page's clock as after a move made on screen. `orientation`
    /// (`"white"`, `"black"`) is the way the board sat before a reload, when known.
    /// `pegasus_key` is DGT's developer key in hex digits, which unlocks a Pegasus's reports;
    /// other families ignore it. A key that is no hex of whole bytes is refused with what was
    /// wrong and where (a page's mistake, said before any board is written to).
    #[wasm_bindgen(constructor)]
    pub fn new(
        table: &Table,
        kind: &str,
        auto_press: bool,
        orientation: Option<String>,
        pegasus_key: Option<String>,
    ) -> Result<BoardLink, JsError> {
        let family = Family::named(kind)
            .ok_or_else(|| JsError::new(&format!("no board family {kind:?}")))?;
        let options = codec_options(pegasus_key.as_deref())
            .map_err(|e| JsError::new(&format!("pegasusKey: {e}")))?;
        let orientation = match orientation.as_deref() {
            Some("white") => Some(Orientation::Normal),
            Some("black") => Some(Orientation::Rotated),
            _ => None,
        };
        let inner = Rc::clone(&table.inner);
        let session = {
            let mut guard = inner.borrow_mut();
            let page = PageTable {
                inner: &mut guard,
                auto_press,
                rulings: Vec::new(),
                refused: Vec::new(),
                outputs: Vec::new(),
                changed: false,
            };
            BoardSession::new(
                family.codec_with(&options),
                &page,
                Completion::Settle {
                    settle_ms: family.settle_ms(),
                },
                Seat::Only,
                orientation,
            )
        };
        Ok(BoardLink {
            table: inner,
            session,
            family,
            auto_press,
        })
    }

    /// The families the page can read, with how each is reached: `[{kind, lifts, serial:
    /// {baudRate, dataBits, parity, stopBits}, usb: [{usbVendorId, usbProductId}], ble:
    /// {service, notify, writeService, write, answers?}, hidVendor}]`.
    pub fn families() -> JsValue {
        let views: Vec<FamilyView> = Family::ALL
            .into_iter()
            .map(|f| FamilyView {
                kind: f.name(),
                lifts: f.reports_lifts(),
                serial: f.serial().map(|s| SerialView {
                    baud_rate: s.baud,
                    data_bits: s.data_bits,
                    parity: s.parity.name(),
                    stop_bits: s.stop_bits,
                }),
                usb: f
                    .usb_ids()
                    .iter()
                    .map(|&(vendor, product)| UsbView {
                        usb_vendor_id: vendor,
                        usb_product_id: product,
                    })
                    .collect(),
                ble: f.ble(),
                hid_vendor: f.hid_vendor(),
            })
            .collect();
        crate::json::to_js(&views)
    }

    /// The board's family name.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.family.name().to_string()
    }

    /// Whether this board reports each lift: touch-move (Art. 4) is enforced from them; when
    /// not, the page says touch-move is the arbiter's.
    #[wasm_bindgen(getter, js_name = reportsLifts)]
    pub fn reports_lifts(&self) -> bool {
        self.family.reports_lifts()
    }

    /// The way the board sits, once known: `"white"` (White at the connector) or `"black"`.
    #[wasm_bindgen(getter)]
    pub fn orientation(&self) -> Option<String> {
        self.session
            .reconstructor()
            .orientation()
            .map(|o| orientation_name(o).to_string())
    }

    /// What opens the session with the board, once its line is open: one byte array per
    /// command, as [`BoardLink::transmit`].
    pub fn handshake(&self) -> js_sys::Array {
        self.session
            .handshake_writes()
            .iter()
            .map(|bytes| js_sys::Uint8Array::from(bytes.as_slice()))
            .collect()
    }

    /// The output reports that carry `bytes` (a command of [`BoardLink::handshake`] or
    /// [`BoardLink::transmit`]) to a board on WebHID, one report a command, each report's id its
    /// first byte: a HID board reads one command a report and drops the rest of a report. The
    /// page writes them one by one, so it never parses a family's bytes itself.
    pub fn reports(&self, bytes: &[u8]) -> js_sys::Array {
        self.family
            .hid_reports(bytes)
            .map(js_sys::Uint8Array::from)
            .collect()
    }

    /// The board's line is open (again).
    pub fn connected(&mut self) -> JsValue {
        self.run(|session, page| session.handle_connected(page))
    }

    /// The board went away (unplugged, switched off, out of range): the game stays.
    pub fn disconnected(&mut self) -> JsValue {
        self.run(|session, page| session.handle_disconnected(page))
    }

    /// Bytes read from the board, now.
    pub fn feed(&mut self, bytes: &[u8]) -> JsValue {
        self.run(|session, page| {
            let now = page.inner.now().0;
            session.handle_bytes(now, bytes, page);
        })
    }

    /// The timer set for `deadlineIn` ran out.
    pub fn deadline(&mut self) -> JsValue {
        self.run(|session, page| {
            let now = page.inner.now().0;
            session.handle_deadline(now, page);
        })
    }

    /// In how many ms `deadline` is due, or undefined when nothing waits.
    #[wasm_bindgen(js_name = deadlineIn)]
    pub fn deadline_in(&self) -> Option<f64> {
        let due = self.session.poll_deadline()?;
        let now = self.table.borrow_mut().now().0;
        Some(due.saturating_sub(now) as f64)
    }

    /// What to write to the board now (reads the session asks for, the lights, its battery's
    /// question), one byte array per command: a Bluetooth or HID board takes one command a write
    /// (a HID report's first byte is its id). Possibly none.
    pub fn transmit(&mut self) -> js_sys::Array {
        let mut out = Vec::new();
        let mut ends = Vec::new();
        let mut guard = self.table.borrow_mut();
        let now = guard.now().0;
        let page = PageTable {
            inner: &mut guard,
            auto_press: self.auto_press,
            rulings: Vec::new(),
            refused: Vec::new(),
            outputs: Vec::new(),
            changed: false,
        };
        self.session.poll_writes(now, &page, &mut out, &mut ends);
        let mut start = 0;
        ends.into_iter()
            .map(|end| {
                let command = js_sys::Uint8Array::from(&out[start..end]);
                start = end;
                command
            })
            .collect()
    }

    /// Runs `f` on the session at the page's game, and answers with what it brought:
    /// `{changed, agrees, rulings, refusals, touches, status, mismatch}` (`changed`: the game
    /// took an event; `agrees`: the board is quiet and shows the game's position).
    fn run(
        &mut self,
        f: impl FnOnce(&mut BoardSession<Box<dyn BoardCodec>>, &mut PageTable<'_>),
    ) -> JsValue {
        let mut guard = self.table.borrow_mut();
        let mut page = PageTable {
            inner: &mut guard,
            auto_press: self.auto_press,
            rulings: Vec::new(),
            refused: Vec::new(),
            outputs: Vec::new(),
            changed: false,
        };
        f(&mut self.session, &mut page);
        let PageTable {
            rulings,
            refused,
            outputs,
            changed,
            ..
        } = page;
        let shown = shown(&outputs, &guard.game);
        let answer = js_sys::Object::new();
        let set = |key: &str, value: JsValue| {
            let _ = js_sys::Reflect::set(&answer, &key.into(), &value);
        };
        // The board is quiet and shows the game: any "set the pieces" said before is over.
        let rec = self.session.reconstructor();
        let agrees = rec.has_dump()
            && rec.poll_deadline().is_none()
            && rec.physical() == guard.game.board().placement();
        set("agrees", agrees.into());
        set("changed", changed.into());
        set("rulings", rulings_js(&rulings, &guard));
        let refusals: js_sys::Array = refused.iter().map(crate::refusal::table_error).collect();
        set("refusals", refusals.into());
        let Shown {
            touches,
            status,
            mismatch,
        } = shown;
        set("touches", crate::json::to_js(&touches));
        set("status", crate::json::to_js(&status));
        set("mismatch", crate::json::to_js(&mismatch));
        answer.into()
    }
}

/// The codec's options from what the page gave: no key, or an empty one (an attribute left
/// blank), is none.
fn codec_options(pegasus_key: Option<&str>) -> Result<CodecOptions, KeyError> {
    let pegasus_key = match pegasus_key {
        Some(text) if !text.trim().is_empty() => Some(DeveloperKey::from_hex(text)?),
        _ => None,
    };
    Ok(CodecOptions { pegasus_key })
}

fn orientation_name(o: Orientation) -> &'static str {
    match o {
        Orientation::Normal => "white",
        Orientation::Rotated => "black",
    }
}

/// What the session's outputs mean for the page: every touch, the last status, the last
/// mismatch.
fn shown(outputs: &[BoardOutput], game: &Game) -> Shown {
    let mut touches = Vec::new();
    let mut status = None;
    let mut mismatch = None;
    for output in outputs {
        match output {
            BoardOutput::Touch(t) => touches.push(TouchView {
                kind: match t.kind {
                    TouchKind::Lift => "lift",
                    TouchKind::Place => "place",
                },
                square: t.square.to_string(),
                color: color_name(t.color),
                piece: piece_name(t.piece),
            }),
            BoardOutput::Status(s) => {
                let game_board = game.board().placement();
                status = Some(StatusView {
                    connected: s.connected,
                    orientation: s.orientation.map(orientation_name),
                    differs: s
                        .placement
                        .map(|p| p.diff(&game_board).iter().map(|q| q.to_string()).collect()),
                    dropped: s.dropped,
                    battery: s.battery.known(),
                });
            }
            BoardOutput::Mismatch {
                law, kind, squares, ..
            } => {
                mismatch = Some(MismatchView {
                    law: law.to_string(),
                    kind: match kind {
                        arbiter_core::dgt::reconstruct::Mismatch::NotInitialPosition => {
                            "not_initial_position"
                        }
                        arbiter_core::dgt::reconstruct::Mismatch::Displaced => "displaced",
                    },
                    squares: squares.iter().map(|q| q.to_string()).collect(),
                })
            }
            // The page's own clock is the game's; a DGT clock's times and a partner's press
            // belong to the bridge's two-board games.
            BoardOutput::Clock { .. }
            | BoardOutput::PartnerPress { .. }
            | BoardOutput::Settled(_) => {}
        }
    }
    Shown {
        touches,
        status,
        mismatch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pegasus_key_is_read_from_hex_and_a_blank_one_is_none() {
        let options = codec_options(Some("0A0b")).expect("a key");
        assert_eq!(
            options.pegasus_key.as_ref().map(DeveloperKey::bytes),
            Some(&[0x0A, 0x0B][..])
        );
        assert_eq!(codec_options(None), Ok(CodecOptions::default()));
        assert_eq!(codec_options(Some("  ")), Ok(CodecOptions::default()));
        assert_eq!(
            codec_options(Some("0a0x")),
            Err(KeyError::NotHex { at: 4, found: 'x' })
        );
    }
}
