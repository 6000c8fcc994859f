// A measurement, not a test: `node boards-latency.mjs [rounds] [lifts]` after `cargo xtask web`.
//
// How long a lift on a DGT board read by the page itself (Web Serial, boards.test.mjs's fake
// port speaking DGT's bytes) takes to show as the touched square on the page: from the instant
// the fake port hands the page the field update to the instant the square is marked in the
// DOM. Beside it, in the same run and alternating round by round, the floor: the same bytes
// from the same fake port to a bare page handler that marks the square and does nothing else.
// Each round prints both p99s and the machine's load; the ratio is the median round's.
//
// Ours includes what the board's protocol asks for by design: the noise gate holds a field
// update until a full read of the board confirms it (boards/src/gate.rs), so a lift's touch
// waits for one more round trip to the board (the read asked after the gate's scan time). A
// second floor does that and nothing else (a full read asked 8 ms after the update, the square
// marked when it agrees), so the gate's cost and the page's are told apart: ours against it is
// what the page adds. `cargo xtask bench boards` builds the page and runs this.
import os from 'node:os';
import { serve, launch, freshPage, openBoard } from './harness.mjs';
import { fakeDgtSerial } from './boards-fakes.mjs';

const rounds = Number(process.argv[2] ?? 6);
const lifts = Number(process.argv[3] ?? 40);

// A floor's page: the fake port opened and set to send updates, and `read(value)` called with
// each chunk it reads (with `writer` to answer the board and `sq` to mark); nothing else.
const floorPage = (title, read) => `<!doctype html><meta charset="utf-8"><title>${title}</title>
<div id="sq"></div>
<script type="module">
  const port = await navigator.serial.requestPort();
  await port.open({ baudRate: 9600 });
  const writer = port.writable.getWriter();
  await writer.write(new Uint8Array([0x4b]));
  const reader = port.readable.getReader();
  const sq = document.getElementById('sq');
  let held = null;
  window.ready = true;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    ${read}
  }
</script>`;

// The first floor marks g1 when its field update says the square emptied.
const BARE = floorPage('floor', `
    for (let i = 0; i + 4 < value.length + 1; i++) {
      if (value[i] === 0x8e) sq.classList.toggle('touched', value[i + 4] === 0);
    }`);

// The second floor marks the square only when a full read of the board asked one scan (8 ms,
// the gate's SCAN_MS) after the update agrees, as the page's noise gate does. What the gate
// costs is this floor's distance from the first; what the rest of the page costs is ours
// against it.
const CONFIRMING = floorPage('confirming floor', `
    for (let i = 0; i < value.length; i++) {
      if (value[i] === 0x8e && i + 4 < value.length) {
        held = [value[i + 3], value[i + 4]];
        setTimeout(() => writer.write(new Uint8Array([0x42])), 8);
      } else if (value[i] === 0x86 && held && i + 3 + held[0] < value.length) {
        if (value[i + 3 + held[0]] === held[1]) sq.classList.toggle('touched', held[1] === 0);
        held = null;
      }
    }`);

const server = await serve(undefined, { '/floor.html': BARE, '/confirming.html': CONFIRMING });
const browser = await launch();

/**
 * Per lift: the ms from the port's bytes to the square marked, in `page`. The knights go out
 * and back (Ng1-f3, Ng8-f6, Nf3-g1, Nf6-g8...): each move's lift is the player on move touching
 * his own piece, which the page marks until the move is made.
 */
function timeLifts(page, n, board) {
  return page.evaluate(async ([count, isBoard]) => {
    const root = isBoard ? document.querySelector('arbiter-board').shadowRoot : document;
    const trips = [['g1', 'f3', 'N'], ['g8', 'f6', 'n'], ['f3', 'g1', 'N'], ['f6', 'g8', 'n']];
    const times = [];
    const settle = (ms) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < count; i++) {
      const [from, to, piece] = trips[i % 4];
      const sq = root.querySelector(isBoard ? `[data-square="${from}"]` : '#sq');
      const t = await new Promise((resolve) => {
        let t0 = 0;
        const obs = new MutationObserver(() => {
          if (sq.classList.contains('touched')) {
            obs.disconnect();
            resolve(performance.now() - t0);
          }
        });
        obs.observe(sq, { attributes: true, attributeFilter: ['class'] });
        t0 = performance.now();
        window.fakeDgt.lift(from);
      });
      times.push(t);
      await settle(40);
      window.fakeDgt.place(to, piece);
      // The board settles and the move is made before the next lift.
      await settle(isBoard ? 450 : 40);
    }
    return times;
  }, [n, board]);
}

const p99 = (xs) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

try {
  // The board: connected, the game started by 1.e4 e5 made on it.
  const ours = await freshPage(browser);
  await ours.addInitScript(fakeDgtSerial);
  await openBoard(ours, `${server.url}/index.html`);
  await ours.locator('arbiter-board [data-connect-board]').click();
  await ours.waitForFunction(() => /connected/.test(document.querySelector('arbiter-board').shadowRoot.querySelector('[data-board-status]').textContent));
  await ours.evaluate(() => window.fakeDgt.move('e2', 'e4'));
  await ours.waitForFunction(() => document.querySelector('arbiter-board').state.moves.length === 1);
  await ours.evaluate(() => window.fakeDgt.move('e7', 'e5'));
  await ours.waitForFunction(() => document.querySelector('arbiter-board').state.moves.length === 2);

  const floor = await freshPage(browser);
  await floor.addInitScript(fakeDgtSerial);
  await floor.goto(`${server.url}/floor.html`);
  await floor.waitForFunction(() => window.ready);

  const confirming = await freshPage(browser);
  await confirming.addInitScript(fakeDgtSerial);
  await confirming.goto(`${server.url}/confirming.html`);
  await confirming.waitForFunction(() => window.ready);

  const ratios = [];
  const gated = [];
  const floors = [];
  console.log('round  ours p99 ms  floor p99 ms  confirming p99 ms  ours/floor  ours/confirming  confirming/floor  load (1 5 15 min)');
  for (let r = 1; r <= rounds; r++) {
    const a = await timeLifts(ours, lifts, true);
    const b = await timeLifts(floor, lifts, false);
    const c = await timeLifts(confirming, lifts, false);
    ratios.push(p99(a) / p99(b));
    gated.push(p99(a) / p99(c));
    floors.push(p99(c) / p99(b));
    const f = (x, w) => x.toFixed(2).padStart(w);
    console.log(`${r}      ${f(p99(a), 8)}     ${f(p99(b), 8)}     ${f(p99(c), 13)}      ${f(ratios.at(-1), 6)}      ${f(gated.at(-1), 10)}      ${f(floors.at(-1), 10)}  ${load()}`);
    console.log(`       medians: ours ${f(median(a), 5)}, floor ${f(median(b), 5)}, confirming ${f(median(c), 5)} ms`);
  }
  console.log(`median ratios: ours / bare floor ${median(ratios).toFixed(2)}x (goal <= 1.5x); ours / confirming floor ${median(gated).toFixed(2)}x; confirming floor / bare floor ${median(floors).toFixed(2)}x`);
} finally {
  await browser.close();
  await server.close();
}
