// A sensor board read by the page itself, no install: a DGT board on Web Serial. The board is a
// stand-in (boards-fakes.mjs: no USB device reaches this machine), speaking DGT's real bytes:
// it answers the page's board-dump request and sends a field update for each square a hand
// changes. The page's core runs the same BoardSession as the bridge: touches at once, moves
// from settled placements, touch-move (Art. 4) from the lifts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage, openBoard, state, axe } from './harness.mjs';
import {
  fakeChessnutBluetooth, fakeChessnutHid, fakeChessUpBluetooth, fakeDgtSerial, fakeMillenniumSerial,
  fakePegasusBluetooth, fakeSquareOffBluetooth,
} from './boards-fakes.mjs';

// A developer key of the test's own (DGT's real keys are DGT's to give).
const PEGASUS_KEY = 'C0FFEE42';

// A standard game with the arbiter present: he enforces touch-move himself (2005 Art. 4.3,
// App. B5 leaves it to a claim in rapid play).
const env = setUp({
  '/standard.html': `<!doctype html><meta charset="utf-8"><title>standard</title>
<script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board persist="boards.standard" time-control="90+30" arbiter="present"></arbiter-board>`,
  '/pegasus.html': `<!doctype html><meta charset="utf-8"><title>pegasus</title>
<script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board pegasus-key="${PEGASUS_KEY}"></arbiter-board>`,
  '/pegasus-typo.html': `<!doctype html><meta charset="utf-8"><title>pegasus typo</title>
<script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board pegasus-key="C0FFEG42"></arbiter-board>`,
});

const STATUS = 'arbiter-board [data-board-status]';

/** The page with the fake DGT board plugged in, the board drawn. */
async function boardPage(path = '/index.html') {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakeDgtSerial);
  await openBoard(page, `${env.server.url}${path}`);
  return page;
}

async function connect(page) {
  await page.locator('arbiter-board [data-connect-board]').click();
  await statusSays(page, /DGT board connected/);
}

async function statusSays(page, re) {
  await page.waitForFunction(([sel, src]) => new RegExp(src).test(document.querySelector('arbiter-board')
    .shadowRoot.querySelector(sel.replace('arbiter-board ', ''))?.textContent ?? ''), [STATUS, re.source], { timeout: 10_000 });
  return page.locator(STATUS).textContent();
}

/**
 * The hands move a piece on the board; resolves once the game has the move completed (a move
 * settled on the board completes itself: the page's clock changes sides).
 */
async function boardMove(page, from, to, opts) {
  const before = (await state(page)).moves.length;
  await page.evaluate(([a, b, o]) => window.fakeDgt.move(a, b, o), [from, to, opts ?? {}]);
  await page.waitForFunction((n) => document.querySelector('arbiter-board').state.moves.length > n, before, { timeout: 15_000 });
}

const pieceOn = (page, sq) => page.locator(`arbiter-board [data-square="${sq}"]`).getAttribute('data-piece');

test('art4_3 a DGT board connected from the page: its line opened at 9600 8N1, its moves shown, a lift binds under touch-move', async () => {
  const page = await boardPage('/standard.html');
  await connect(page);
  const opened = await page.evaluate(() => window.fakeDgt.opened());
  assert.deepEqual(
    { baud: opened.baudRate, bits: opened.dataBits, parity: opened.parity, stop: opened.stopBits },
    { baud: 9600, bits: 8, parity: 'none', stop: 1 },
  );
  const written = await page.evaluate(() => window.fakeDgt.written());
  assert.ok(written.includes(0x42), `the page asked for the board's dump: ${written}`);
  assert.ok(written.includes(0x4b), `the page put the board in update mode: ${written}`);
  assert.match(await statusSays(page, /usual side/), /White plays from its usual side/);

  // The first move completed on the board starts the game (2005 Art. 6.5: White's clock ran
  // from it), and each move settled completes itself: the clock changes sides.
  await boardMove(page, 'e2', 'e4');
  let s = await state(page);
  assert.equal(s.clock.running, 'black');
  // Black's pawn is seen on e5 before e7 empties (the board's scan order): one move, once.
  await boardMove(page, 'e7', 'e5', { early: true });
  await boardMove(page, 'g1', 'f3');
  s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5', 'Nf3']);
  assert.equal(await pieceOn(page, 'f3'), 'white-knight');
  assert.equal(await pieceOn(page, 'e5'), 'black-pawn');

  // Black lifts his knight on b8 (a touch: Art. 4.3a binds him to move it), puts it back, then
  // plays d7-d6 with another piece: taken back, the ruling on screen with its article.
  await page.evaluate(() => window.fakeDgt.lift('b8'));
  await page.waitForFunction(() => document.querySelector('arbiter-board').state.touched === 'b8');
  assert.match(await page.locator('arbiter-board [data-square="b8"]').getAttribute('class'), /touched/);
  await page.evaluate(() => window.fakeDgt.place('b8', 'n'));
  await page.evaluate(() => window.fakeDgt.move('d7', 'd6'));
  await page.waitForFunction(() => /Touch-move/.test(document.querySelector('arbiter-board').shadowRoot.querySelector('.rulings').textContent));
  const ruling = await page.locator('arbiter-board .rulings').textContent();
  assert.match(ruling, /Touch-move: Black must move the touched piece/);
  assert.match(ruling, /4\.3/);
  s = await state(page);
  assert.equal(s.moves.length, 3, 'the other move is not played');
  assert.equal(s.core.obligation.kind, 'move_piece');
  // The board shows d6, the game does not: the status says which pieces to set.
  const status = await statusSays(page, /Set the pieces/);
  assert.match(status, /d6/);
  assert.match(status, /d7/);

  // The pawn goes back, the knight is moved as he must: the game goes on, the status is clear.
  await page.evaluate(() => window.fakeDgt.move('d6', 'd7'));
  await boardMove(page, 'b8', 'c6');
  s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5', 'Nf3', 'Nc6']);
  await page.waitForFunction((sel) => !/Set the pieces/.test(document.querySelector('arbiter-board').shadowRoot.querySelector(sel).textContent), '[data-board-status]');
  assert.equal(page.lastError, undefined, page.lastError?.message);
});

test('art4_3 an unplugged board keeps the game, and a reload reads the same board again without asking', async () => {
  const page = await boardPage();
  await connect(page);
  await boardMove(page, 'd2', 'd4');
  await boardMove(page, 'd7', 'd5');
  // In rapid play without an arbiter's eye a breach is the opponent's to claim (2005 App. B5).
  await page.evaluate(() => window.fakeDgt.lift('g1'));
  await page.waitForFunction(() => document.querySelector('arbiter-board').state.touched === 'g1');
  await page.evaluate(() => window.fakeDgt.place('g1', 'N'));
  await boardMove(page, 'c1', 'f4');
  assert.match(await page.locator('arbiter-board .rulings').textContent(), /White broke touch-move; the opponent may claim/);

  await page.evaluate(() => window.fakeDgt.unplug());
  const gone = await statusSays(page, /disconnected/);
  assert.match(gone, /Board disconnected: the game is kept/);
  assert.equal(await page.locator('arbiter-board [data-connect-board]').textContent(), 'Connect a board');
  let s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['d4', 'd5', 'Bf4']);
  assert.equal(await pieceOn(page, 'd4'), 'white-pawn');

  // A move made on the board while it was away is read from its first dump on reconnection.
  await page.evaluate(() => window.fakeDgt.move('c7', 'c5'));
  await page.reload();
  await page.waitForFunction(() => !!document.querySelector('arbiter-board')?.table);
  await statusSays(page, /DGT board connected/);
  assert.ok(await page.evaluate(() => window.fakeDgt.written().includes(0x42)), 'the board was read again after the reload');
  await page.waitForFunction(() => document.querySelector('arbiter-board').state?.moves.length === 4, null, { timeout: 15_000 });
  s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['d4', 'd5', 'Bf4', 'c5']);
  assert.equal(page.lastError, undefined, page.lastError?.message);
});

test('a long game read from the board is saved in pieces, and a reload restores it whole', async () => {
  const page = await boardPage();
  await connect(page);
  // The knights out and back: each move a lift, a move and its press, 73 events in all. The
  // full module (the board's) keeps the log in pieces of 64 events and writes only the new
  // ones at each event; the lean module a reload starts with hands such a game to it.
  const trips = [['g1', 'f3'], ['g8', 'f6'], ['f3', 'g1'], ['f6', 'g8']];
  for (let i = 0; i < 24; i += 1) await boardMove(page, ...trips[i % 4]);
  const saved = await page.evaluate(() => ({
    value: JSON.parse(localStorage.getItem('arbiter.game')),
    piece: localStorage.getItem('arbiter.game/log/0'),
  }));
  assert.equal(saved.value.pieces, 1);
  assert.equal(saved.piece.trim().split('\n').length, 64);
  const before = (await state(page)).moves.map((m) => m.san);
  assert.equal(before.length, 24);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('arbiter-board')?.state?.moves.length === 24, null, { timeout: 15_000 });
  assert.deepEqual((await state(page)).moves.map((m) => m.san), before);
  await statusSays(page, /DGT board connected/);
  // The game goes on from where it was saved, on the board.
  await boardMove(page, 'g1', 'f3');
  assert.equal((await state(page)).moves.at(-1).san, 'Nf3');
  assert.equal(page.lastError, undefined, page.lastError?.message);
});

test('a browser without Web Serial, Bluetooth or HID is told which browsers have them', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(() => {
    for (const api of ['serial', 'bluetooth', 'hid']) Object.defineProperty(Navigator.prototype, api, { configurable: true, get: () => undefined });
  });
  await openBoard(page, `${env.server.url}/index.html`);
  await page.locator('arbiter-board [data-connect-board]').click();
  const text = await statusSays(page, /Chrome/);
  assert.match(text, /This browser cannot reach a board\. Chrome, Edge and Opera on a computer can/);
});

test('on Linux a port that will not open explains the serial group', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakeDgtSerial);
  await page.addInitScript(() => {
    const real = navigator.serial.requestPort;
    navigator.serial.requestPort = async (o) => {
      const port = await real(o);
      port.open = async () => { throw new DOMException('Failed to open serial port.', 'NetworkError'); };
      return port;
    };
  });
  await openBoard(page, `${env.server.url}/index.html`);
  await page.locator('arbiter-board [data-connect-board]').click();
  const text = await statusSays(page, /could not be opened/);
  assert.match(text, /Failed to open serial port/);
  if (process.platform === 'linux') assert.match(text, /dialout/);
});

test('a Chessnut Air over Bluetooth: moves read from its snapshots, and the page says touch-move is the arbiter\'s', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakeChessnutBluetooth);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.locator('arbiter-board [data-connect-board]').click();
  // No serial port: the page asks which board it is.
  await statusSays(page, /Which board is it/);
  await page.locator('arbiter-board [data-board-kind="chessnut"]').click();
  const status = await statusSays(page, /Chessnut board connected/);
  assert.match(status, /touch-move is for the arbiter to enforce/);
  const asked = await page.evaluate(() => window.fakeChessnut.asked());
  assert.ok(JSON.stringify(asked).includes('1b7e8261-2877-41c3-b46e-cf057c562023'), JSON.stringify(asked));
  await page.waitForFunction(() => window.fakeChessnut.written().length > 0, null, { timeout: 5_000 });
  assert.deepEqual((await page.evaluate(() => window.fakeChessnut.written()))[0], [0x21, 0x01, 0x00]);
  // The battery is asked once the reports are on, and its answer said on the status line.
  const charged = await statusSays(page, /battery/);
  assert.match(charged, /The board's battery: 87%, charging\./);
  assert.equal(await page.locator(STATUS).getAttribute('data-battery'), '87');
  assert.deepEqual((await page.evaluate(() => window.fakeChessnut.written()))[1], [0x29, 0x01, 0x00]);

  await boardMoveWith(page, 'fakeChessnut', 'e2', 'e4');
  await boardMoveWith(page, 'fakeChessnut', 'e7', 'e5');
  // Black's knight lifted and put back, then another piece moved: no touch binds him (the
  // board cannot tell a hand from a scan); the move stands.
  await page.evaluate(() => window.fakeChessnut.lift('b8'));
  await page.evaluate(() => window.fakeChessnut.place('b8', 'n'));
  await boardMoveWith(page, 'fakeChessnut', 'g1', 'f3');
  await boardMoveWith(page, 'fakeChessnut', 'g8', 'f6');
  const s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5', 'Nf3', 'Nf6']);
  assert.equal(s.touched ?? null, null);
  assert.equal(await pieceOn(page, 'f6'), 'black-knight');
  assert.equal(page.lastError, undefined, page.lastError?.message);
});

test('a Square Off over Bluetooth: presence only, the pieces named from the game, a capture read, touch-move the arbiter\'s', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakeSquareOffBluetooth);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.locator('arbiter-board [data-connect-board]').click();
  await statusSays(page, /Which board is it/);
  const kinds = await page.locator('arbiter-board [data-board-kind]').evaluateAll((bs) => bs.map((b) => b.dataset.boardKind));
  for (const kind of ['pegasus', 'squareoff', 'chessup', 'ichessone']) assert.ok(kinds.includes(kind), `${kind} in ${kinds}`);
  await page.locator('arbiter-board [data-board-kind="squareoff"]').click();
  const status = await statusSays(page, /Square Off board connected/);
  assert.match(status, /touch-move is for the arbiter to enforce/);
  // Asked for by the Nordic UART service it speaks through; its squares asked for at once.
  const asked = await page.evaluate(() => window.fakeSquareOff.asked());
  assert.ok(JSON.stringify(asked).includes('6e400001-b5a3-f393-e0a9-e50e24dcca9e'), JSON.stringify(asked));
  // The board's writes go one after another once it is connected (Web Bluetooth takes one at a
  // time): the first may still be on its way when the status says so.
  await page.waitForFunction(() => window.fakeSquareOff.written().length > 0, null, { timeout: 5_000 });
  assert.equal((await page.evaluate(() => window.fakeSquareOff.written()))[0], '30#R*');
  // Its battery asked next, its level (a whole number up to 100) said as a percent.
  assert.match(await statusSays(page, /battery/), /The board's battery: 64%\./);
  assert.equal(await page.locator(STATUS).getAttribute('data-battery'), '64');
  assert.equal((await page.evaluate(() => window.fakeSquareOff.written()))[1], '4#*');

  await boardMoveWith(page, 'fakeSquareOff', 'e2', 'e4');
  await boardMoveWith(page, 'fakeSquareOff', 'd7', 'd5');
  // White's knight lifted and put back, then a pawn played: no touch binds him (the board
  // cannot tell whose piece a hand lifts, only that a square emptied).
  await page.evaluate(() => { window.fakeSquareOff.lift('g1'); window.fakeSquareOff.place('g1'); });
  // A capture: the board says only that d5 emptied and filled again; the game names the pawn.
  await boardMoveWith(page, 'fakeSquareOff', 'e4', 'd5');
  await boardMoveWith(page, 'fakeSquareOff', 'g8', 'f6');
  const s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'd5', 'exd5', 'Nf6']);
  assert.equal(s.touched ?? null, null);
  assert.equal(await pieceOn(page, 'd5'), 'white-pawn');
  assert.equal(await pieceOn(page, 'f6'), 'black-knight');
  // Its lights show the last move, its two squares named (`25#…*`).
  await page.waitForFunction(() => window.fakeSquareOff.written().includes('25#g8f6*'), null, { timeout: 10_000 });
  assert.equal(page.lastError, undefined, page.lastError?.message);
});

test('a ChessUp over Bluetooth says it is on charge, and the page says so without a percent', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakeChessUpBluetooth);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.locator('arbiter-board [data-connect-board]').click();
  await statusSays(page, /Which board is it/);
  await page.locator('arbiter-board [data-board-kind="chessup"]').click();
  await statusSays(page, /ChessUp board connected/);
  const status = await statusSays(page, /charging/);
  assert.match(status, /The board is charging\./);
  assert.doesNotMatch(status, /%/, 'the board tells no percent');
  assert.equal(await page.locator(STATUS).getAttribute('data-battery'), null);
  await page.waitForFunction(() => window.fakeChessUp.written().length > 0, null, { timeout: 5_000 });
  assert.deepEqual((await page.evaluate(() => window.fakeChessUp.written()))[0], [0x67]);
  assert.equal(page.lastError, undefined, page.lastError?.message);
});

test('a board whose USB ids tell nothing: the chooser names it, and a Millennium board is read at 38400 7O1', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakeMillenniumSerial);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.locator('arbiter-board [data-connect-board]').click();
  await statusSays(page, /Which board is it/);
  const kinds = await page.locator('arbiter-board [data-board-kind]').evaluateAll((bs) => bs.map((b) => b.dataset.boardKind));
  assert.deepEqual(kinds, ['dgt', 'millennium', 'certabo'], 'a serial port is one of the serial families');
  await page.locator('arbiter-board [data-board-kind="millennium"]').click();
  await statusSays(page, /Millennium board connected/);
  const opened = await page.evaluate(() => window.fakeMillennium.opened());
  assert.deepEqual([opened.baudRate, opened.dataBits, opened.parity], [38400, 7, 'odd']);
  await boardMoveWith(page, 'fakeMillennium', 'd2', 'd4');
  await boardMoveWith(page, 'fakeMillennium', 'g8', 'f6');
  assert.deepEqual((await state(page)).moves.map((m) => m.san), ['d4', 'Nf6']);
});

test('a Chessnut Air on its USB cable (WebHID): asked for by its vendor id, its moves read from its reports', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakeChessnutHid);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.locator('arbiter-board [data-connect-board]').click();
  await statusSays(page, /Which board is it/);
  await page.locator('arbiter-board [data-board-kind="chessnut"]').click();
  assert.match(await statusSays(page, /Chessnut board connected/), /touch-move is for the arbiter/);
  assert.deepEqual(await page.evaluate(() => window.fakeChessnut.asked()), { filters: [{ vendorId: 0x2d80 }] });
  // The reports on, then the battery asked: its answer (report 0x2A) said on the status line.
  assert.match(await statusSays(page, /battery/), /The board's battery: 73%\./);
  assert.deepEqual((await page.evaluate(() => window.fakeChessnut.written())).slice(0, 2), [[0x21, 0x01, 0x00], [0x29, 0x01, 0x00]]);
  // Moves read from the board's real HID reports (`01 3D`, 63 bytes), each once.
  await boardMoveWith(page, 'fakeChessnut', 'd2', 'd4');
  await boardMoveWith(page, 'fakeChessnut', 'd7', 'd5');
  assert.deepEqual((await state(page)).moves.map((m) => m.san), ['d4', 'd5']);
  // The last move's lights (d7 and d5: the d-file is 0x10, ranks 7 and 5 the 2nd and 4th bytes).
  const lit = [0x0a, 0x08, 0, 0x10, 0, 0x10, 0, 0, 0, 0];
  await page.waitForFunction((want) => window.fakeChessnut.written().some((b) => b.join() === want), lit.join(), { timeout: 15_000 });
  // One report a command, each a whole command the board knows, and Chessnut's SDK's 200 ms
  // between two (a little less allowed for the timers' grain).
  const reports = await page.evaluate(() => window.fakeChessnut.reports());
  for (const r of reports) assert.ok(r.known, `report ${r.id} with ${r.data} is no whole command`);
  for (let k = 1; k < reports.length; k++) {
    const gap = reports[k].at - reports[k - 1].at;
    assert.ok(gap >= 180, `reports ${k - 1} and ${k} only ${gap.toFixed(1)} ms apart`);
  }
  assert.equal(page.lastError, undefined, page.lastError?.message);
});

// The lights a board was last told to show, read back from what the page wrote as each maker
// describes its command. Millennium: `L`, a slot time, 81 LEDs as two hex digits each (LED 1 at
// a8's corner, 9 at a1's, 73 at h8's, 81 at h1's), the block parity; `X` puts them out.
// Chessnut: `0A 08` and a byte per rank from the 8th, the a-file's square in the top bit.
const millenniumLeds = (written) => {
  const last = written.filter((t) => /^[LX]/.test(t)).at(-1);
  if (!last || last.startsWith('X')) return last ? [] : null;
  const leds = [];
  for (let n = 0; n < 81; n++) if (last.slice(3 + 2 * n, 5 + 2 * n) !== '00') leds.push(n + 1);
  return leds;
};
// The LEDs at the four corners of each square, in the order the board numbers them.
const cornersOf = (squares) => [...new Set(squares.flatMap((sq) => {
  const column = sq.charCodeAt(0) - 97;
  const row = 8 - Number(sq[1]);
  return [[0, 0], [1, 0], [0, 1], [1, 1]].map(([c, r]) => (column + c) * 9 + row + r + 1);
}))].sort((a, b) => a - b);
const chessnutLeds = (written) => written.filter((b) => b[0] === 0x0a && b[1] === 0x08).at(-1) ?? null;

test('a board with lights shows the last move: a Millennium board\'s corner LEDs, a Chessnut Air\'s squares', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakeMillenniumSerial);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.locator('arbiter-board [data-connect-board]').click();
  await statusSays(page, /Which board is it/);
  await page.locator('arbiter-board [data-board-kind="millennium"]').click();
  await statusSays(page, /Millennium board connected/);
  const leds = () => page.evaluate(() => window.fakeMillennium.written());
  // Before the first move: nothing lit.
  await page.waitForFunction(() => window.fakeMillennium.written().some((t) => t.startsWith('X')), null, { timeout: 15_000 });
  assert.deepEqual(millenniumLeds(await leds()), []);
  await boardMoveWith(page, 'fakeMillennium', 'd2', 'd4');
  await page.waitForFunction(() => window.fakeMillennium.written().some((t) => t.startsWith('L')), null, { timeout: 15_000 });
  assert.deepEqual(millenniumLeds(await leds()), cornersOf(['d2', 'd4']));
  const frame = (await leds()).filter((t) => t.startsWith('L')).at(-1);
  let x = 0;
  for (const c of frame.slice(0, -2)) x ^= c.charCodeAt(0);
  assert.equal(frame.slice(-2), x.toString(16).toUpperCase().padStart(2, '0'), 'its block parity');
  await boardMoveWith(page, 'fakeMillennium', 'g8', 'f6');
  await page.waitForFunction((want) => {
    const last = window.fakeMillennium.written().filter((t) => /^[LX]/.test(t)).at(-1);
    return last.startsWith('L') && last.slice(3 + 2 * (want - 1), 5 + 2 * (want - 1)) !== '00';
  }, cornersOf(['g8'])[0], { timeout: 15_000 });
  assert.deepEqual(millenniumLeds(await leds()), cornersOf(['g8', 'f6']));
  await page.close();

  const air = await freshPage(env.browser);
  await air.addInitScript(fakeChessnutBluetooth);
  await openBoard(air, `${env.server.url}/index.html`);
  await air.locator('arbiter-board [data-connect-board]').click();
  await statusSays(air, /Which board is it/);
  await air.locator('arbiter-board [data-board-kind="chessnut"]').click();
  await statusSays(air, /Chessnut board connected/);
  await boardMoveWith(air, 'fakeChessnut', 'e2', 'e4');
  await air.waitForFunction(() => window.fakeChessnut.written().some((b) => b[0] === 0x0a && b[6] === 0x08 && b[8] === 0x08), null, { timeout: 15_000 });
  // e4 is rank 4's byte (the fifth), e2 rank 2's (the seventh); the e-file is 0x08.
  assert.deepEqual(chessnutLeds(await air.evaluate(() => window.fakeChessnut.written())), [0x0a, 0x08, 0, 0, 0, 0, 0x08, 0, 0x08, 0]);
  assert.equal(air.lastError, undefined, air.lastError?.message);
});

/** A move made on a fake board (`fake` names it on window); resolves once the game has it. */
async function boardMoveWith(page, fake, from, to) {
  const before = (await state(page)).moves.length;
  await page.evaluate(([f, a, b]) => window[f].move(a, b), [fake, from, to]);
  await page.waitForFunction((n) => document.querySelector('arbiter-board').state.moves.length > n, before, { timeout: 15_000 });
}

/** "Connect a board", then the Pegasus in the chooser (no serial port: the page asks which). */
async function connectPegasus(page) {
  await page.locator('arbiter-board [data-connect-board]').click();
  await statusSays(page, /Which board is it/);
  await page.locator('arbiter-board [data-board-kind="pegasus"]').click();
}

test('a DGT Pegasus that keeps its reports for DGT\'s developers: read with the page\'s pegasus-key, silent without it', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakePegasusBluetooth({ key: PEGASUS_KEY }));
  await openBoard(page, `${env.server.url}/pegasus.html`);
  await connectPegasus(page);
  assert.match(await statusSays(page, /DGT Pegasus board connected/), /touch-move is for the arbiter/);
  // Reset, serial number, then the version's request with the key after it (`63 len key 00`),
  // then the board and its reports, asked once it is unlocked; each a write of its own, sent
  // once the one before has gone.
  await page.waitForFunction(() => window.fakePegasus.written().length >= 5, null, { timeout: 15_000 });
  const written = await page.evaluate(() => window.fakePegasus.written());
  assert.deepEqual(written.slice(0, 5), [[0x40], [0x45], [0x4d, 0x63, 5, 0xc0, 0xff, 0xee, 0x42, 0x00], [0x42], [0x44]]);
  await boardMoveWith(page, 'fakePegasus', 'e2', 'e4');
  await boardMoveWith(page, 'fakePegasus', 'c7', 'c5');
  assert.deepEqual((await state(page)).moves.map((m) => m.san), ['e4', 'c5']);
  assert.equal(await pieceOn(page, 'c5'), 'black-pawn');
  assert.doesNotMatch(await page.locator(STATUS).textContent(), /developer key/);
  assert.equal(page.lastError, undefined, page.lastError?.message);
  await page.close();

  // The same board on a page given no key: nothing is unlocked, nothing is read, and after a
  // few seconds of silence the player is told why.
  const bare = await freshPage(env.browser);
  await bare.addInitScript(fakePegasusBluetooth({ key: PEGASUS_KEY }));
  await openBoard(bare, `${env.server.url}/index.html`);
  await connectPegasus(bare);
  await statusSays(bare, /DGT Pegasus board connected/);
  assert.ok((await bare.evaluate(() => window.fakePegasus.written())).every((w) => !w.includes(0x63)), 'no key written');
  await bare.evaluate(() => window.fakePegasus.move('e2', 'e4'));
  assert.match(await statusSays(bare, /developer key/), /The DGT Pegasus has sent nothing yet: it may need a developer key from DGT/);
  assert.equal((await state(bare)).moves.length, 0, 'no move read from a silent board');
  assert.equal(bare.lastError, undefined, bare.lastError?.message);
});

test('a Pegasus key that is no hex is refused before the board is written to; the key set from the page\'s script is used', async () => {
  const page = await freshPage(env.browser);
  await page.addInitScript(fakePegasusBluetooth({ key: PEGASUS_KEY }));
  const logged = [];
  page.on('console', (m) => { if (m.type() === 'error') logged.push(m.text()); });
  await openBoard(page, `${env.server.url}/pegasus-typo.html`);
  await connectPegasus(page);
  const said = await statusSays(page, /not valid/);
  assert.match(said, /This page’s developer key for the DGT Pegasus is not valid/);
  assert.match(said, /'G' at character 6/);
  // This page has no colours of its own (a white page, as many clubs' are): the board's status
  // line, light words, must stand on a panel of its own to be read.
  await axe(page, 'the bad-key note on a white embedding page', ['color-contrast']);
  assert.ok(logged.some((t) => /character 6/.test(t)), `the console says where: ${logged}`);
  assert.deepEqual(await page.evaluate(() => window.fakePegasus.written()), [], 'nothing written to the board');
  assert.equal(await page.locator('arbiter-board [data-connect-board]').textContent(), 'Connect a board');

  // The site's script sets the key as a property: it wins over the attribute, and stays out
  // of the element's attributes.
  await page.evaluate((key) => { document.querySelector('arbiter-board').pegasusKey = key; }, PEGASUS_KEY.toLowerCase());
  assert.equal(await page.evaluate(() => document.querySelector('arbiter-board').getAttribute('pegasus-key')), 'C0FFEG42');
  await connectPegasus(page);
  await statusSays(page, /DGT Pegasus board connected/);
  // The handshake's writes go one after another: the hands move once the board is unlocked
  // and its reports asked for (a move made before would be the board's first picture, not a
  // move).
  await page.waitForFunction(() => window.fakePegasus.written().some((w) => w.length === 1 && w[0] === 0x44), null, { timeout: 15_000 });
  await boardMoveWith(page, 'fakePegasus', 'd2', 'd4');
  assert.deepEqual((await state(page)).moves.map((m) => m.san), ['d4']);
  // A new game while the board is read binds a new session, with the key the page holds then:
  // a script's bad key lets the board go, said on the status line, no error thrown.
  await page.evaluate(() => {
    const el = document.querySelector('arbiter-board');
    el.pegasusKey = 'xy';
    el.newGame();
    window.fakePegasus.move('d7', 'd5');
  });
  assert.match(await statusSays(page, /not valid/), /'x' at character 1/);
  assert.equal(await page.locator('arbiter-board [data-connect-board]').textContent(), 'Connect a board');
  assert.equal(page.lastError, undefined, page.lastError?.message);
});
