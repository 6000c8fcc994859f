// Stand-ins for sensor boards that cannot be plugged into this machine: `navigator.serial` (and,
// later, Bluetooth and HID) replaced, before the page's scripts run, by a fake device that speaks
// the family's real bytes. Written from the protocol notes (DGT's framing: a top-bit id, a
// 14-bit length, data bytes; its square order a8..h1 and piece codes), nothing copied.
//
// The fake DGT board keeps its pieces in the tab's sessionStorage, so a reload finds the board
// as the hands left it, and the port the player granted stays granted (`getPorts`), as Chromium
// remembers it for the site.

/** The init script installing a fake Web Serial with one DGT board (USB ids 04d8:000a). */
export function fakeDgtSerial() {
  const KEY = 'fake-dgt';
  const CODES = { P: 1, R: 2, N: 3, B: 4, K: 5, Q: 6, p: 7, r: 8, n: 9, b: 10, k: 11, q: 12 };
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
  const fromFen = (fen) => {
    const codes = [];
    for (const ch of fen.split(' ')[0].replaceAll('/', '')) {
      if (/\d/.test(ch)) for (let i = 0; i < Number(ch); i++) codes.push(0);
      else codes.push(CODES[ch]);
    }
    return codes;
  };
  const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  const board = {
    codes: saved?.codes ?? fromFen(START),
    granted: saved?.granted ?? false,
    // Turned round: the board's own numbering runs from h1 (Black at the connector side).
    rotated: saved?.rotated ?? false,
    mode: 'idle',
    open: null,
    written: [],
    sent: 0,
  };
  const keep = () => sessionStorage.setItem(KEY, JSON.stringify({ codes: board.codes, granted: board.granted, rotated: board.rotated }));
  // The board's index of a square: a8 = 0 ... h1 = 63, turned 180 degrees when rotated.
  const index = (sq) => {
    const i = (8 - Number(sq[1])) * 8 + (sq.charCodeAt(0) - 97);
    return board.rotated ? 63 - i : i;
  };
  let controller = null;
  const send = (bytes) => {
    if (!controller) return;
    board.sent += bytes.length;
    controller.enqueue(new Uint8Array(bytes));
  };
  const message = (id, payload) => [id, 0, payload.length + 3, ...payload];
  const answer = (byte) => {
    switch (byte) {
      case 0x40: board.mode = 'idle'; break;
      case 0x42: send(message(0x86, board.codes)); break;
      case 0x4d: send(message(0x93, [1, 2])); break;
      case 0x45: send(message(0x91, [...'20526'].map((c) => c.charCodeAt(0)))); break;
      // No clock is cabled to this board: its reading says so (status bit 5).
      case 0x41: send(message(0x8d, [0, 0, 0, 0, 0, 0, 0x20])); break;
      case 0x43: case 0x44: case 0x4b: board.mode = 'update'; break;
      default: break;
    }
  };
  const field = (i) => {
    if (board.mode === 'update') send(message(0x8e, [i, board.codes[i]]));
  };

  class FakePort extends EventTarget {
    constructor() {
      super();
      this.readable = null;
      this.writable = null;
    }

    getInfo() { return { usbVendorId: 0x04d8, usbProductId: 0x000a }; }

    async open(options) {
      if (this.readable) throw new DOMException('The port is already open.', 'InvalidStateError');
      board.open = options;
      this.readable = new ReadableStream({ start: (c) => { controller = c; } });
      this.writable = new WritableStream({
        write: (chunk) => {
          for (const b of chunk) {
            board.written.push(b);
            answer(b);
          }
        },
      });
    }

    async close() {
      controller = null;
      this.readable = null;
      this.writable = null;
    }

    async forget() {
      board.granted = false;
      keep();
    }
  }
  const port = new FakePort();
  const serial = new EventTarget();
  serial.requestPort = async () => {
    board.granted = true;
    keep();
    return port;
  };
  serial.getPorts = async () => (board.granted ? [port] : []);
  Object.defineProperty(Navigator.prototype, 'serial', { configurable: true, get: () => serial });

  // The test's hands at the board.
  window.fakeDgt = {
    board,
    lift(sq) {
      const i = index(sq);
      board.codes[i] = 0;
      keep();
      field(i);
    },
    place(sq, piece) {
      const i = index(sq);
      board.codes[i] = CODES[piece];
      keep();
      field(i);
    },
    /** A piece moved from `from` to `to`; its arrival reported before its departure when `early`. */
    move(from, to, { early = false } = {}) {
      const piece = board.codes[index(from)];
      const [i, j] = [index(from), index(to)];
      if (early) {
        board.codes[j] = piece;
        field(j);
        board.codes[i] = 0;
        field(i);
      } else {
        board.codes[i] = 0;
        field(i);
        board.codes[j] = piece;
        field(j);
      }
      keep();
    },
    /** The cable pulled out: reads fail, the browser says the port went away. */
    unplug() {
      controller?.error(new DOMException('The device has been lost.', 'NetworkError'));
      controller = null;
      port.readable = null;
      port.writable = null;
      const e = new Event('disconnect');
      port.dispatchEvent(e);
      serial.dispatchEvent(new Event('disconnect'));
    },
    /** The bytes the page wrote, as numbers. */
    written: () => [...board.written],
    opened: () => board.open,
  };
}

/**
 * The skeleton every fake Bluetooth LE board shares (review item D1): a device found by
 * `navigator.bluetooth.requestDevice` (what the page asked for kept), its GATT server with
 * `services` (`{service: [characteristic, ...]}`), and no serial port or HID device beside it,
 * so the page goes by Bluetooth. Each write to any characteristic reaches `onWrite(bytes)` as
 * numbers once it is done (15 ms; one written while another is in flight is refused and lost); `notify(characteristic, bytes)` is the board speaking. Runs in the page: a family's
 * init script is handed it (`bluetoothScript`), nothing of this module's scope is in reach.
 */
function fakeBleDevice({ id, name, services, onWrite }) {
  const characteristics = {};
  for (const uuid of Object.values(services).flat()) {
    const ch = new EventTarget();
    ch.uuid = uuid;
    ch.startNotifications = async () => ch;
    // A write takes a connection event or two, and one to a characteristic while another is
    // in flight is refused, as Chromium refuses it on every platform ('GATT operation already
    // in progress'): the command is lost unless the page waits for the write before.
    let inFlight = false;
    ch.writeValue = async (bytes) => {
      if (inFlight) throw new DOMException('GATT operation already in progress.', 'NetworkError');
      inFlight = true;
      await new Promise((done) => setTimeout(done, 15));
      inFlight = false;
      onWrite([...new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength ?? bytes.length)]);
    };
    ch.writeValueWithoutResponse = ch.writeValue;
    characteristics[uuid] = ch;
  }
  const service = (uuid) => ({ uuid, getCharacteristic: async (c) => {
    if (!services[uuid].includes(c)) throw new DOMException('No such characteristic.', 'NotFoundError');
    return characteristics[c];
  } });
  const device = new EventTarget();
  device.id = id;
  device.name = name;
  const server = {
    connected: false,
    getPrimaryService: async (uuid) => {
      if (!services[uuid]) throw new DOMException('No such service.', 'NotFoundError');
      return service(uuid);
    },
  };
  device.gatt = {
    connect: async () => { server.connected = true; return server; },
    disconnect: () => { server.connected = false; },
  };
  let asked = null;
  const bluetooth = {
    requestDevice: async (options) => { asked = options; return device; },
    getDevices: async () => [],
  };
  for (const [api, value] of [['bluetooth', bluetooth], ['serial', undefined], ['hid', undefined]]) {
    Object.defineProperty(Navigator.prototype, api, { configurable: true, get: () => value });
  }
  return {
    notify(uuid, bytes) {
      const ch = characteristics[uuid];
      ch.value = new DataView(Uint8Array.from(bytes).buffer);
      ch.dispatchEvent(new Event('characteristicvaluechanged'));
    },
    asked: () => asked,
  };
}

/** An init script for `page.addInitScript`: `family(fakeBleDevice, options)` run in the page. */
const bluetoothScript = (family, options = null) => ({
  content: `(${family})(${fakeBleDevice}, ${JSON.stringify(options)});`,
});

// Nordic UART, the service several boards speak through: written to RX, notified from TX.
const NUS = {
  service: '6e400001-b5a3-f393-e0a9-e50e24dcca9e',
  rx: '6e400002-b5a3-f393-e0a9-e50e24dcca9e',
  tx: '6e400003-b5a3-f393-e0a9-e50e24dcca9e',
};

/**
 * The init script installing a fake Web Bluetooth with one Chessnut Air: a GATT server with the
 * board's notify service and its write service. Once the page writes `21 01 00` (real-time
 * reports on), every change of the pieces is notified as the board's 36-byte frame: `01 24`,
 * 32 bytes of nibbles from h8 to a1 (the first square of each byte in its low nibble), two more.
 * Asked `29 01 00`, it answers on the write service's notifying characteristic `2A 02`, the
 * percent of its battery and 1 while it charges (`window.fakeChessnut.board.battery`).
 */
export const fakeChessnutBluetooth = bluetoothScript((bleDevice) => {
  const SERVICE = '1b7e8261-2877-41c3-b46e-cf057c562023';
  const NOTIFY = '1b7e8262-2877-41c3-b46e-cf057c562023';
  const WRITE_SERVICE = '1b7e8271-2877-41c3-b46e-cf057c562023';
  const WRITE = '1b7e8272-2877-41c3-b46e-cf057c562023';
  const ANSWERS = '1b7e8273-2877-41c3-b46e-cf057c562023';
  const NIBBLES = { q: 1, k: 2, b: 3, p: 4, n: 5, R: 6, P: 7, r: 8, B: 9, N: 10, Q: 11, K: 12 };
  const board = { squares: {}, realtime: false, written: [], battery: { percent: 87, charging: true } };
  const back = 'RNBQKBNR';
  for (let f = 0; f < 8; f++) {
    const file = 'abcdefgh'[f];
    board.squares[`${file}1`] = back[f];
    board.squares[`${file}2`] = 'P';
    board.squares[`${file}7`] = 'p';
    board.squares[`${file}8`] = back[f].toLowerCase();
  }
  const frame = () => {
    const bytes = [0x01, 0x24];
    for (let k = 0; k < 64; k += 2) {
      const nib = (at) => {
        const sq = `${'hgfedcba'[at % 8]}${8 - Math.floor(at / 8)}`;
        return NIBBLES[board.squares[sq]] ?? 0;
      };
      bytes.push(nib(k) | (nib(k + 1) << 4));
    }
    bytes.push(0, 0);
    return bytes;
  };
  const report = () => {
    if (board.realtime) ble.notify(NOTIFY, frame());
  };
  const ble = bleDevice({
    id: 'fake-chessnut',
    name: 'Chessnut Air',
    services: { [SERVICE]: [NOTIFY], [WRITE_SERVICE]: [WRITE, ANSWERS] },
    onWrite: (b) => {
      board.written.push(b);
      if (b[0] === 0x21) {
        board.realtime = true;
        setTimeout(report, 10);
      }
      if (b[0] === 0x29) {
        setTimeout(() => ble.notify(ANSWERS, [0x2A, 0x02, board.battery.percent, board.battery.charging ? 1 : 0]), 10);
      }
    },
  });
  window.fakeChessnut = {
    board,
    lift(sq) { delete board.squares[sq]; report(); },
    place(sq, piece) { board.squares[sq] = piece; report(); },
    move(from, to) {
      const piece = board.squares[from];
      delete board.squares[from];
      report();
      board.squares[to] = piece;
      report();
    },
    asked: ble.asked,
    written: () => board.written,
  };
});

/**
 * The init script installing a fake Web Bluetooth with one Square Off board: the Nordic UART
 * service, ASCII messages `code#body*`. Asked `30#R*`, it answers `30#` and 64 characters `0`/`1`
 * from h1, g1 ... a1, then h2 ... up to a8; each piece picked up or set down is notified as
 * `0#e2u*` or `0#e4d*`. It senses presence only: no message names a piece. Asked `4#*`, it
 * answers `22#` and its battery's level (`window.fakeSquareOff.board.battery`).
 */
export const fakeSquareOffBluetooth = bluetoothScript((bleDevice, { NUS }) => {
  const board = { occupied: new Set(), written: [], battery: '64' };
  for (const file of 'abcdefgh') for (const rank of '1278') board.occupied.add(`${file}${rank}`);
  const send = (text) => ble.notify(NUS.tx, [...new TextEncoder().encode(text)]);
  const answer = () => {
    let body = '';
    for (let rank = 1; rank <= 8; rank++) for (const file of 'hgfedcba') body += board.occupied.has(`${file}${rank}`) ? '1' : '0';
    send(`30#${body}*`);
  };
  const ble = bleDevice({
    id: 'fake-squareoff',
    name: 'Square Off',
    services: { [NUS.service]: [NUS.tx, NUS.rx] },
    onWrite: (bytes) => {
      const text = new TextDecoder().decode(Uint8Array.from(bytes));
      board.written.push(text);
      if (text.includes('30#R*')) setTimeout(answer, 10);
      if (text.includes('4#*')) setTimeout(() => send(`22#${board.battery}*`), 10);
    },
  });
  window.fakeSquareOff = {
    board,
    lift(sq) { board.occupied.delete(sq); send(`0#${sq}u*`); },
    place(sq) { board.occupied.add(sq); send(`0#${sq}d*`); },
    /** A move; a capture lifts the captured piece first. */
    move(from, to) {
      if (board.occupied.has(to)) this.lift(to);
      this.lift(from);
      this.place(to);
    },
    asked: ble.asked,
    written: () => [...board.written],
  };
}, { NUS });

/**
 * The init script installing a fake Web Bluetooth with one ChessUp board on its Nordic UART
 * service. Asked `67`, it answers `67`, 64 bytes a square from a1 to h8 (0-5 White's pawn,
 * rook, knight, bishop, queen, king; 8-13 Black's; 64 empty) and eight bytes of its own game's
 * state; after its answer it says it is on charge, `33 01`.
 */
export const fakeChessUpBluetooth = bluetoothScript((bleDevice, { NUS }) => {
  const board = { written: [] };
  const back = [1, 2, 3, 4, 5, 3, 2, 1];
  const squares = [...back, ...Array(8).fill(0), ...Array(32).fill(64), ...Array(8).fill(8), ...back.map((c) => c + 8)];
  const ble = bleDevice({
    id: 'fake-chessup',
    name: 'ChessUp',
    services: { [NUS.service]: [NUS.tx, NUS.rx] },
    onWrite: (written) => {
      board.written.push(written);
      if (written[0] !== 0x67) return;
      setTimeout(() => ble.notify(NUS.tx, [0x67, ...squares, 0, 1, 1, 1, 1, 0, 0, 1]), 10);
      // Put on charge while it is read (after its answer, a notification of its own).
      setTimeout(() => ble.notify(NUS.tx, [0x33, 0x01]), 20);
    },
  });
  window.fakeChessUp = { board, written: () => board.written.map((w) => [...w]) };
}, { NUS });

/**
 * The init script installing a fake Web Bluetooth with one DGT Pegasus on its Nordic UART
 * service, speaking DGT's protocol with presence for pieces: asked `42`, its whole board
 * (`86 00 43`, then 0 or 1 for each square from a8 to h1); after `44`, each square a hand
 * changes (`8E 00 05 square 0|1`); `4D` its version. With `key` (hex), it is a board whose
 * reports DGT keeps for developers: it says nothing at all until the page has written that key
 * (`63 len key… 00`), as a real one stays silent; a wrong key leaves it locked.
 */
export const fakePegasusBluetooth = ({ key = null } = {}) => bluetoothScript((bleDevice, { NUS, key }) => {
  const want = key && key.match(/../g).map((h) => parseInt(h, 16));
  const occupied = new Set();
  for (const file of 'abcdefgh') for (const rank of '1278') occupied.add(`${file}${rank}`);
  const board = { written: [], unlocked: !want, update: false, keys: [] };
  const index = (sq) => (8 - Number(sq[1])) * 8 + (sq.charCodeAt(0) - 97);
  const square = (i) => `${'abcdefgh'[i % 8]}${8 - Math.floor(i / 8)}`;
  const send = (bytes) => {
    if (board.unlocked) setTimeout(() => ble.notify(NUS.tx, bytes), 5);
  };
  const field = (sq) => {
    if (board.update) send([0x8e, 0x00, 0x05, index(sq), occupied.has(sq) ? 1 : 0]);
  };
  // One write may carry several commands (the key comes with the version's request).
  const hear = (bytes) => {
    for (let at = 0; at < bytes.length;) {
      const command = bytes[at];
      if (command === 0x60 || command === 0x63) {
        const len = bytes[at + 1] ?? 0;
        const payload = bytes.slice(at + 2, at + 2 + len);
        if (command === 0x63) {
          const given = payload.slice(0, -1);
          board.keys.push(given);
          if (want && given.length === want.length && given.every((b, i) => b === want[i])) board.unlocked = true;
        }
        at += 2 + len;
        continue;
      }
      at += 1;
      if (command === 0x42) send([0x86, 0x00, 67, ...Array.from({ length: 64 }, (_, i) => (occupied.has(square(i)) ? 1 : 0))]);
      if (command === 0x4d) send([0x93, 0x00, 0x05, 1, 2]);
      if (command === 0x44 && board.unlocked) board.update = true;
      if (command === 0x40) board.update = false;
    }
  };
  const ble = bleDevice({
    id: 'fake-pegasus',
    name: 'DGT_PEGASUS_1234',
    services: { [NUS.service]: [NUS.tx, NUS.rx] },
    onWrite: (bytes) => {
      board.written.push(bytes);
      hear(bytes);
    },
  });
  window.fakePegasus = {
    board,
    move(from, to) {
      occupied.delete(from);
      field(from);
      occupied.add(to);
      field(to);
    },
    asked: ble.asked,
    written: () => board.written.map((w) => [...w]),
  };
}, { NUS, key });

/**
 * The init script installing a fake Web Serial with one Millennium ChessLink on an adapter
 * whose USB ids tell nothing: ASCII messages with their XOR block parity, `S` answered with
 * `s` and 64 letters from a8, and the status sent again on every change (its "on change" mode).
 * What the page writes is kept (`written`), its LED commands among it.
 */
export function fakeMillenniumSerial() {
  const START = 'rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR';
  const board = { letters: [...START], open: null, written: [] };
  const hex = (x) => x.toString(16).toUpperCase().padStart(2, '0');
  const framed = (text) => {
    let x = 0;
    for (const c of text) x ^= c.charCodeAt(0);
    return new TextEncoder().encode(text + hex(x));
  };
  let controller = null;
  const send = (text) => controller?.enqueue(framed(text));
  const status = () => send(`s${board.letters.join('')}`);
  const index = (sq) => (8 - Number(sq[1])) * 8 + (sq.charCodeAt(0) - 97);
  const port = new EventTarget();
  port.readable = null;
  port.writable = null;
  port.getInfo = () => ({});
  port.open = async (options) => {
    board.open = options;
    port.readable = new ReadableStream({ start: (c) => { controller = c; } });
    port.writable = new WritableStream({
      write: (chunk) => {
        const text = new TextDecoder().decode(chunk);
        board.written.push(text);
        if (text.startsWith('V')) send('v0102');
        if (text.includes('S')) status();
        // Its LEDs set (`L`) or put out (`X`): acknowledged by the lower-case letter.
        if (text.startsWith('L')) send('l');
        if (text.startsWith('X')) send('x');
      },
    });
  };
  port.close = async () => { controller = null; port.readable = null; };
  const serial = new EventTarget();
  serial.requestPort = async () => port;
  serial.getPorts = async () => [];
  Object.defineProperty(Navigator.prototype, 'serial', { configurable: true, get: () => serial });
  window.fakeMillennium = {
    board,
    move(from, to) {
      const piece = board.letters[index(from)];
      board.letters[index(from)] = '.';
      status();
      board.letters[index(to)] = piece;
      status();
    },
    opened: () => board.open,
    /** What the page wrote, one string per write. */
    written: () => [...board.written],
  };
}

/**
 * The init script installing a fake WebHID with one Chessnut Air on its USB cable (vendor
 * 0x2D80), speaking as the real board does over HID: its position is input report 1 (WebHID
 * gives the report id apart from the data) with the data `3D`, 32 bytes of piece nibbles and 29
 * more, 63 bytes with the id; its battery's answer is report 0x2A with `02`, the percent and 1
 * while it charges (`window.fakeChessnut.board.battery`). Each output report is one command,
 * its id the command's first byte: `21 01 00` (report 0x21, `01 00`) turns the reports on,
 * `29 01 00` asks the battery, `0A 08` and 8 bytes set the lights. A report that is no whole
 * command (two commands in one, a cut one) is answered by nothing, as the board drops it; each
 * report is kept with its time (`window.fakeChessnut.reports()`). No serial port and no
 * Bluetooth: the page is to go by HID.
 */
export function fakeChessnutHid() {
  const NIBBLES = { q: 1, k: 2, b: 3, p: 4, n: 5, R: 6, P: 7, r: 8, B: 9, N: 10, Q: 11, K: 12 };
  const squares = {};
  const back = 'RNBQKBNR';
  for (let f = 0; f < 8; f++) {
    const file = 'abcdefgh'[f];
    Object.assign(squares, { [`${file}1`]: back[f], [`${file}2`]: 'P', [`${file}7`]: 'p', [`${file}8`]: back[f].toLowerCase() });
  }
  const board = { on: false, reports: [], asked: null, battery: { percent: 73, charging: false } };
  const device = new EventTarget();
  device.vendorId = 0x2d80;
  device.productName = 'Chessnut Air';
  device.opened = false;
  device.open = async () => { device.opened = true; };
  device.close = async () => { device.opened = false; };
  const input = (reportId, bytes) => {
    const e = new Event('inputreport');
    Object.assign(e, { reportId, data: new DataView(new Uint8Array(bytes).buffer), device });
    device.dispatchEvent(e);
  };
  const position = () => {
    if (!board.on) return;
    const bytes = [0x3d];
    for (let k = 0; k < 64; k += 2) {
      const nib = (at) => NIBBLES[squares[`${'hgfedcba'[at % 8]}${8 - Math.floor(at / 8)}`]] ?? 0;
      bytes.push(nib(k) | (nib(k + 1) << 4));
    }
    for (let k = 0; k < 29; k++) bytes.push(0);
    input(0x01, bytes);
  };
  // The board's commands, each its whole report (id first).
  const COMMANDS = [
    { id: 0x21, is: (d) => d.length === 2 && d[0] === 0x01 && d[1] === 0x00, then: () => { board.on = true; setTimeout(position, 10); } },
    { id: 0x29, is: (d) => d.length === 2 && d[0] === 0x01 && d[1] === 0x00, then: () => setTimeout(() => input(0x2a, [0x02, board.battery.percent, board.battery.charging ? 1 : 0]), 10) },
    { id: 0x0a, is: (d) => d.length === 9 && d[0] === 0x08, then: () => {} },
  ];
  device.sendReport = async (id, data) => {
    const bytes = [...new Uint8Array(data.buffer ?? data, data.byteOffset ?? 0, data.byteLength ?? data.length)];
    const command = COMMANDS.find((c) => c.id === id && c.is(bytes));
    board.reports.push({ id, data: bytes, at: performance.now(), known: !!command });
    command?.then();
  };
  const hid = new EventTarget();
  hid.requestDevice = async (options) => { board.asked = options; return [device]; };
  hid.getDevices = async () => [];
  for (const [api, value] of [['hid', hid], ['serial', undefined], ['bluetooth', undefined]]) {
    Object.defineProperty(Navigator.prototype, api, { configurable: true, get: () => value });
  }
  window.fakeChessnut = {
    board,
    move(from, to) {
      const piece = squares[from];
      delete squares[from];
      position();
      squares[to] = piece;
      position();
    },
    asked: () => board.asked,
    /** Each output report as the bytes of its command: the report id, then its data. */
    written: () => board.reports.map((r) => [r.id, ...r.data]),
    /** Each output report: `{id, data, at (ms, the page's clock), known (a whole command)}`. */
    reports: () => board.reports.map((r) => ({ ...r, data: [...r.data] })),
  };
}
