// A sensor board read by this page itself, no install: Web Serial for the boards on a cable (DGT,
// Millennium, Certabo; and Bluetooth boards on the serial port the system paired), Web
// Bluetooth for Chessnut's, DGT Pegasus, Square Off, ChessUp and iChessOne, WebHID for
// Chessnut's cable. Fetched on the first "Connect a board",
// or at load where the browser remembers a board it was given before.
//
// The Laws at the board are the core's: the full wasm module's `BoardLink` runs the same
// `BoardSession` as the board bridge (touches at once, moves from settled placements, touch-move
// from the lifts where the board reports them, the pieces to set when the board and the game
// differ). This file only carries bytes and time: what the device reads goes in, what the
// session writes goes out, a timer wakes it when a settle ends, and what it says is drawn
// through the board's own game flow.

import { tableRefusalWords } from '../words.js';
import { batteryWords } from './battery.js';

// Which family the page read last, over which transport, and how that board sat: a reload
// goes on with it.
const KEY = 'arbiter-board-link';
// Serial ports of Bluetooth boards the system paired (the Serial Port Profile's class id).
const SPP = '00001101-0000-1000-8000-00805f9b34fb';
// The families' names as their makers write them.
const NAMES = {
  dgt: 'DGT', millennium: 'Millennium', certabo: 'Certabo', chessnut: 'Chessnut',
  pegasus: 'DGT Pegasus', squareoff: 'Square Off', chessup: 'ChessUp', ichessone: 'iChessOne',
};
// The names their Bluetooth boards advertise, where known: several families share the Nordic
// UART service, so the name tells them apart in the browser's list.
const ADVERTISED = { chessnut: 'Chessnut', pegasus: 'DGT_PEGASUS', ichessone: 'iChessOne' };
// How long a Pegasus may stay silent after its handshake before the page says it may need
// DGT's developer key: a board that answers does so within a second or two.
const SILENT_MS = 5000;
// Which way the board sits, by the session's word for it: each id written out whole, so the
// tables' test finds it used.
const ORIENTATION = { white: 'link_orientation_white', black: 'link_orientation_black' };

const remembered = () => {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
};

const remember = (value) => {
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    // No storage (a private window): the board is asked for again after a reload.
  }
};

// Whether this is a desktop Linux, where a serial port needs the user in the serial group.
const onLinux = () => /Linux/.test(navigator.userAgent) && !/Android/.test(navigator.userAgent);

// ---------- transports: bytes in and out of one device ----------

/** A serial port (Web Serial). */
class SerialWire {
  constructor(port) {
    this.port = port;
    this.kind = 'serial';
    this.reader = null;
    this.writer = null;
  }

  async open(family, onBytes, onLost) {
    if (!this.port.readable) await this.port.open(family.serial);
    this.writer = this.port.writable.getWriter();
    this.#read(onBytes, onLost);
  }

  async #read(onBytes, onLost) {
    const reader = this.port.readable.getReader();
    this.reader = reader;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        onBytes(value);
      }
    } catch {
      // The device went away mid-read (unplugged, switched off, out of range).
    } finally {
      reader.releaseLock?.();
    }
    if (!this.closed) onLost();
  }

  write(bytes) {
    if (bytes?.length && this.writer) this.writer.write(bytes).catch(() => {});
  }

  close() {
    this.closed = true;
    this.reader?.cancel().catch(() => {});
    this.writer?.releaseLock?.();
    this.writer = null;
    this.port.close().catch(() => {});
  }
}

/** A Bluetooth LE board (Web Bluetooth): frames notified by one characteristic, commands
 * written to another. */
class BleWire {
  constructor(device) {
    this.device = device;
    this.kind = 'ble';
    this.writer = null;
  }

  async open(family, onBytes, onLost) {
    const ids = family.ble;
    const server = await this.device.gatt.connect();
    const notify = await (await server.getPrimaryService(ids.service)).getCharacteristic(ids.notify);
    this.writer = await (await server.getPrimaryService(ids.writeService)).getCharacteristic(ids.write);
    const read = (e) => {
      const v = e.target.value;
      onBytes(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    };
    notify.addEventListener('characteristicvaluechanged', read);
    await notify.startNotifications();
    // A board that answers its commands (the battery's question) on a characteristic of its
    // own: the answers go to the same codec, which tells them from frames.
    if (ids.answers) {
      const answers = await (await server.getPrimaryService(ids.writeService)).getCharacteristic(ids.answers);
      answers.addEventListener('characteristicvaluechanged', read);
      await answers.startNotifications();
    }
    this.lost = () => {
      if (!this.closed) onLost();
    };
    this.device.addEventListener('gattserverdisconnected', this.lost);
  }

  // One command a write, each after the one before has gone: Chromium refuses a write to a
  // characteristic while another is in flight ('GATT operation already in progress'), and a
  // handshake's commands written at once would all but the first be lost (a Pegasus would
  // never get its key, a Chessnut never be asked its battery). A write that fails (the board
  // gone) is dropped; the link hears of the loss by its disconnection.
  write(bytes) {
    if (!bytes?.length || !this.writer) return;
    const writer = this.writer;
    const w = writer.writeValueWithoutResponse ?? writer.writeValue;
    this.sending = (this.sending ?? Promise.resolve()).then(() => w.call(writer, bytes)).catch(() => {});
  }

  close() {
    this.closed = true;
    this.device.removeEventListener('gattserverdisconnected', this.lost);
    this.device.gatt.disconnect?.();
  }
}

// The time between two reports written to a HID board (Chessnut's SDK waits as long).
const REPORT_GAP_MS = 200;

/** A USB HID board (WebHID): its input reports are its frames, the report id first. */
class HidWire {
  constructor(device) {
    this.device = device;
    this.kind = 'hid';
    /** Reports waiting for their turn, and the timer of the next one. */
    this.queue = [];
    this.pacing = null;
  }

  async open(family, onBytes, onLost) {
    if (!this.device.opened) await this.device.open();
    this.device.addEventListener('inputreport', (e) => {
      const v = e.data;
      onBytes(Uint8Array.of(e.reportId, ...new Uint8Array(v.buffer, v.byteOffset, v.byteLength)));
    });
    this.lost = (e) => {
      if (e.device === this.device && !this.closed) onLost();
    };
    navigator.hid.addEventListener('disconnect', this.lost);
  }

  // One report a call (the link cuts a write into its commands with the core's `reports`);
  // its first byte is its report id, as the first byte of a frame is (`21 01 00` is report
  // 0x21 with `01 00`). Reports go REPORT_GAP_MS apart, the pace Chessnut's own SDK keeps: a
  // report sent sooner may be lost by the board (the battery question behind `21 01 00`).
  write(report) {
    if (!report?.length || this.closed) return;
    this.queue.push(report);
    if (!this.pacing) this.next();
  }

  next() {
    const report = this.queue.shift();
    if (!report || this.closed) {
      this.pacing = null;
      return;
    }
    this.device.sendReport(report[0], report.slice(1)).catch(() => {});
    this.pacing = setTimeout(() => this.next(), REPORT_GAP_MS);
  }

  close() {
    this.closed = true;
    // What was still to be written is for a board no longer ours.
    clearTimeout(this.pacing);
    this.queue = [];
    navigator.hid.removeEventListener('disconnect', this.lost);
    this.device.close().catch(() => {});
  }
}

// ---------- the link ----------

/** The board's link on one `<arbiter-board>`: its device, its session, its status line. */
class Link {
  constructor(g) {
    this.g = g;
    this.wire = null;
    this.session = null;
    this.table = null;
    this.kind = null;
    this.timer = null;
    /** The status's parts as last drawn. */
    this.shown = { connected: false };
    this.button = g.root.querySelector('[data-connect-board]');
    this.line = g.root.querySelector('[data-board-status]');
  }

  async families() {
    this.full = await this.g.toFull();
    return Array.from(this.full.BoardLink.families());
  }

  // The serial family whose USB ids the port shows, or null (a Bluetooth port, an adapter of
  // no family's, a Millennium board).
  familyOf(port, families) {
    const info = port.getInfo?.() ?? {};
    const f = families.find((x) => x.usb.some((u) => u.usbVendorId === info.usbVendorId
      && (u.usbProductId === undefined || u.usbProductId === info.usbProductId)));
    return f?.kind ?? null;
  }

  /** "Connect a board": the serial ports whose ids say their family; else the chooser. */
  async ask() {
    const families = await this.families();
    if (!navigator.serial) {
      this.choose(families, null);
      return;
    }
    const filters = families.flatMap((f) => f.usb).concat([{ bluetoothServiceClassId: SPP }]);
    let port;
    try {
      port = await navigator.serial.requestPort({ filters, allowedBluetoothServiceClassIds: [SPP] });
    } catch (err) {
      // Nothing chosen: the board may be one the ids do not tell, or not on a cable.
      if (err?.name === 'NotFoundError') this.choose(families, null);
      else this.say({ note: ['link_open_failed', { err: err?.message ?? err }] });
      return;
    }
    const kind = this.familyOf(port, families);
    if (kind) await this.open(new SerialWire(port), kind);
    else this.choose(families, port);
  }

  /** Which board it is, where the ids do not tell: with `port`, which family that port is. */
  choose(families, port) {
    const reachable = families.filter((f) => (port ? f.serial
      : (f.serial && navigator.serial) || (f.ble && navigator.bluetooth) || (f.hidVendor && navigator.hid)));
    if (!reachable.length) {
      this.say({ note: ['link_no_serial'] });
      return;
    }
    this.pick = (kind) => this.chosen(families.find((f) => f.kind === kind), port);
    this.say({ note: ['link_which'], chooser: reachable.map((f) => f.kind) });
  }

  async chosen(family, port) {
    this.say({ chooser: null, note: null });
    try {
      if (port) return await this.open(new SerialWire(port), family.kind);
      if (family.serial && navigator.serial) {
        // A family without ids of its own is looked for among every port.
        const filters = family.usb.length ? family.usb : undefined;
        const chosen = await navigator.serial.requestPort(filters ? { filters } : {});
        return await this.open(new SerialWire(chosen), family.kind);
      }
      if (family.ble && navigator.bluetooth) {
        const device = await navigator.bluetooth.requestDevice({
          filters: [{ services: [family.ble.service] }]
            .concat(ADVERTISED[family.kind] ? [{ namePrefix: ADVERTISED[family.kind] }] : []),
          optionalServices: [family.ble.service, family.ble.writeService],
        });
        return await this.open(new BleWire(device), family.kind);
      }
      if (family.hidVendor && navigator.hid) {
        const [device] = await navigator.hid.requestDevice({ filters: [{ vendorId: family.hidVendor }] });
        if (device) return await this.open(new HidWire(device), family.kind);
      }
    } catch (err) {
      if (err?.name !== 'NotFoundError') this.say({ note: ['link_open_failed', { err: err?.message ?? err }] });
    }
    return undefined;
  }

  /** Opens the device the browser was given before, without asking (after a reload). */
  async resume() {
    const was = remembered();
    if (!was) return;
    let wire = null;
    if (was.wire === 'ble') {
      // Reconnecting without a prompt is behind a flag in most browsers: tried where it is not.
      const devices = await navigator.bluetooth?.getDevices?.().catch(() => []) ?? [];
      const device = devices.find((d) => d.id === was.id) ?? devices[0];
      if (device) wire = new BleWire(device);
    } else if (was.wire === 'hid') {
      const [device] = await navigator.hid?.getDevices().catch(() => []) ?? [];
      if (device) wire = new HidWire(device);
    } else if (navigator.serial) {
      const ports = await navigator.serial.getPorts();
      // The families' ids come with the full module: fetched only when a port is there.
      const families = ports.length ? await this.families() : [];
      const port = ports.find((p) => this.familyOf(p, families) === was.kind) ?? (ports.length === 1 ? ports[0] : null);
      if (port) wire = new SerialWire(port);
    }
    if (wire) await this.open(wire, was.kind, was.orientation);
  }

  async open(wire, kind, orientation = null) {
    this.close(false);
    const family = (await this.families()).find((f) => f.kind === kind);
    this.kind = kind;
    this.say({ connected: false, note: ['link_connecting'], chooser: null });
    try {
      await wire.open(family, (bytes) => this.bytes(wire, bytes), () => this.lost(wire));
    } catch (err) {
      this.say({ note: ['link_open_failed', { err: err?.message ?? err }], linux: wire.kind === 'serial' && onLinux() });
      return;
    }
    this.wire = wire;
    remember({ kind, wire: wire.kind, id: wire.device?.id, orientation });
    this.heard = false;
    this.bind(orientation);
    if (kind === 'pegasus' && this.wire === wire) {
      // A Pegasus whose reports DGT keeps locked says nothing at all: after a while, the
      // player is told why it may be silent.
      clearTimeout(this.silence);
      this.silence = setTimeout(() => {
        if (this.wire === wire && !this.heard) this.say({ note: ['link_pegasus_silent'] });
      }, SILENT_MS);
    }
  }

  // A session at the board's game (again, when the page's game was replaced since).
  bind(orientation = null) {
    const sat = orientation ?? this.session?.orientation ?? undefined;
    this.session?.free?.();
    this.table = this.g.table;
    // A move settled on the board completes itself and the page's clock changes sides, as a
    // board player expects of a screen he does not reach for (the game's rules are the same:
    // a move under touch-move is ruled on as it is completed).
    // A Pegasus is given DGT's developer key when the page has one (the element's
    // `pegasus-key`); the other families have no use for it.
    const key = this.kind === 'pegasus' ? this.g.host.pegasusKey ?? undefined : undefined;
    try {
      this.session = new this.full.BoardLink(this.table, this.kind, true, sat, key);
    } catch (err) {
      // The page's key is no hex of whole bytes: the board is not written to. The webmaster
      // reads what was wrong and where in the console; the player is told the page's key is bad.
      console.error(err);
      this.session = null;
      this.close();
      this.say({ note: ['link_pegasus_key_bad', { err: err?.message ?? err }] });
      return;
    }
    this.say({ lifts: this.session.reportsLifts });
    for (const command of this.session.handshake()) this.write(command);
    this.show(this.session.connected());
  }

  bytes(wire, bytes) {
    if (wire !== this.wire || !this.session) return;
    if (!this.heard) {
      this.heard = true;
      clearTimeout(this.silence);
      if (this.shown.note?.[0] === 'link_pegasus_silent') this.say({ note: null });
    }
    if (this.g.table !== this.table) {
      this.bind();
      // The key the page holds now was refused: the board is let go (bind said why).
      if (!this.session) return;
    }
    this.show(this.session.feed(bytes));
  }

  // A command of the session's to the board: over WebHID one report for each command in it,
  // as the core tells them apart.
  write(command) {
    const wire = this.wire;
    if (!wire) return;
    for (const bytes of wire.kind === 'hid' ? this.session.reports(command) : [command]) wire.write(bytes);
  }

  // What the session said: drawn, and its bytes written; then its next wake-up.
  show(answer) {
    for (const command of this.session.transmit()) this.write(command);
    const g = this.g;
    const { changed, agrees, rulings, refusals, touches, status, mismatch } = answer;
    // The sensors' news first: the lifted piece is marked before anything it leads to (a
    // board that reports lifts; a snapshot board's emptied square is no touch).
    const last = this.session.reportsLifts ? touches.at(-1) : null;
    if (last?.kind === 'lift') g.view.paintTouched(last.square);
    if (changed || rulings.length || refusals.length || touches.length) g.afterEvent(rulings);
    // A piece still up stays marked while the redraw shows the game's own touch, if any.
    if (last?.kind === 'lift' && !this.g.state?.touched) g.view.paintTouched(last.square);
    for (const err of refusals) {
      g.withWords(() => g.card({ text: tableRefusalWords(err, g.lang()), law: '' }, true));
    }
    if (status) {
      this.say({
        connected: status.connected, orientation: status.orientation, battery: status.battery,
        note: status.connected ? null : ['link_unplugged'],
      });
    }
    // The pieces to set: what the core found wrong (after a takeback, a restore, a move taken
    // back under touch-move, a game joined in progress), until the board shows the game again.
    if (mismatch) this.say({ differs: mismatch.squares });
    else if (agrees && this.shown.differs?.length) this.say({ differs: [] });
    this.wake();
  }

  wake() {
    clearTimeout(this.timer);
    const ms = this.session?.deadlineIn();
    if (ms === undefined || ms === null) return;
    this.timer = setTimeout(() => {
      if (this.session && this.wire) this.show(this.session.deadline());
    }, ms);
  }

  lost(wire) {
    if (wire !== this.wire) return;
    clearTimeout(this.timer);
    this.wire = null;
    if (this.session) this.show(this.session.disconnected());
    this.say({ connected: false, note: ['link_unplugged'] });
  }

  /** Stops reading the board; `forget` when the player asked (a reload then does not reconnect). */
  close(forget = true) {
    const wire = this.wire;
    this.wire = null;
    clearTimeout(this.timer);
    clearTimeout(this.silence);
    wire?.close();
    if (forget) {
      remember(null);
      this.session?.free?.();
      this.session = null;
      this.say({ connected: false, orientation: null, differs: null, battery: null, note: null, chooser: null });
    }
  }

  // The status line and the button, in the page's language (its words come with en.js).
  say(parts) {
    Object.assign(this.shown, parts);
    const g = this.g;
    g.withWords(() => {
      const s = this.shown;
      const words = [];
      if (s.connected) {
        words.push(g.t('link_connected', { kind: NAMES[this.kind] ?? this.kind }));
        if (ORIENTATION[s.orientation]) words.push(g.t(ORIENTATION[s.orientation]));
        if (s.lifts === false) words.push(g.t('link_lifts_arbiter'));
        if (s.differs?.length) words.push(g.t('link_set_pieces', { squares: s.differs.join(', ') }));
        words.push(...batteryWords(s.battery, (id, a) => g.t(id, a)));
      }
      if (s.note) words.push(g.t(...s.note));
      if (s.linux) words.push(g.t('link_linux'));
      this.line.textContent = words.join(' ');
      // The chooser stands beside the status line, a group of its own (not read out as part
      // of the status each time it changes).
      this.chooser?.remove();
      this.chooser = null;
      if (s.chooser?.length) {
        this.chooser = document.createElement('span');
        this.chooser.setAttribute('role', 'group');
        this.chooser.ariaLabel = g.t('link_which');
        for (const kind of s.chooser) {
          const b = document.createElement('button');
          b.type = 'button';
          b.dataset.boardKind = kind;
          b.textContent = NAMES[kind] ?? kind;
          b.onclick = () => this.pick?.(kind);
          this.chooser.append(b);
        }
        this.line.after(this.chooser);
      }
      this.line.dataset.connected = String(!!s.connected);
      if (s.connected && s.battery?.percent != null) this.line.dataset.battery = String(s.battery.percent);
      else delete this.line.dataset.battery;
      if (s.differs?.length) this.line.dataset.differs = s.differs.join(' ');
      else delete this.line.dataset.differs;
      const key = s.connected ? 'link_disconnect' : 'connect_board';
      this.button.dataset.t = key;
      this.button.textContent = g.t(key);
    });
  }
}

const links = new WeakMap();
const linkOf = (g) => {
  if (!links.has(g)) links.set(g, new Link(g));
  return links.get(g);
};

/** The "Connect a board" control: asks for a board, or lets the connected one go. */
export async function connect(g) {
  const link = linkOf(g);
  if (link.wire) {
    link.close();
    return;
  }
  if (!navigator.serial && !navigator.bluetooth && !navigator.hid) {
    link.say({ note: ['link_no_serial'] });
    return;
  }
  await link.ask();
}

/** At load: the board read before, opened again without asking where the browser allows. */
export async function resume(g) {
  await linkOf(g).resume();
}
