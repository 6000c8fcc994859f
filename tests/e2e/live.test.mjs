// Live mode against a stand-in for the board bridge (Playwright's routeWebSocket speaks the
// bridge's protocol v1): snapshot, moves, touches, the physical clock, reconnect with last_seq.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setUp, freshPage, openBoard, state, square, faceText, BRIDGE, startBridge, axe } from './harness.mjs';

const env = setUp({
  '/live.html': `<!doctype html><meta charset="utf-8"><script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board live="ws://127.0.0.1:9/ws" white="Anna" black="Bruno"></arbiter-board>`,
});

// The stand-in bridge's game: three minutes each, 1. e4 e5 played at 1 s and 3 s of its clock.
const FAKE_LOG = [
  { schema: 'arbiter-log', version: 1, config: { edition: '2005', time_control: [{ moves: null, time: 180_000, timing: { kind: 'none' } }], white: 'Anna', black: 'Bruno' } },
  { seq: 2, at: 0, event: { type: 'start' }, source: 'board' },
  { seq: 4, at: 1000, event: { type: 'move', move: 'e2e4' }, source: 'board' },
  { seq: 5, at: 1000, event: { type: 'press_clock', player: 'white' }, source: 'board' },
  { seq: 8, at: 3000, event: { type: 'move', move: 'e7e5' }, source: 'board' },
  { seq: 9, at: 3000, event: { type: 'press_clock', player: 'black' }, source: 'board' },
  // Written after the snapshot (seq 12) was taken: the page takes it from the stream instead.
  { seq: 14, at: 6000, event: { type: 'move', move: 'g1f3' }, source: 'board' },
  { seq: 15, at: 6000, event: { type: 'press_clock', player: 'white' }, source: 'board' },
].map((l) => JSON.stringify(l)).join('\n');

test('live_mode spectator page replays the bridge\'s log and stream: position, both clocks from the events, touch; read-only', async () => {
  const page = await freshPage(env.browser);
  const hellos = [];
  let bridge;
  let logReads = 0;
  await page.route('http://127.0.0.1:9/events.jsonl', (route) => {
    logReads += 1;
    route.fulfill({ status: 200, contentType: 'application/jsonl', headers: { 'access-control-allow-origin': '*' }, body: `${FAKE_LOG}\n` });
  });
  await page.routeWebSocket('ws://127.0.0.1:9/ws', (ws) => {
    bridge = ws;
    ws.onMessage((text) => {
      const m = JSON.parse(text);
      hellos.push(m);
      // The SAN list is the old protocol's; a page that rebuilt from it would show 'd4 d5'.
      ws.send(JSON.stringify({ v: 1, type: 'snapshot', seq: 12, at_ms: 5000, fen: 'x', moves: ['d2d4', 'd7d5'], san: ['d4', 'd5'], connected: true }));
    });
  });
  await openBoard(page, `${env.server.url}/live.html`);
  await page.waitForFunction(() => document.querySelector('arbiter-board').state?.moves?.length === 2);
  assert.deepEqual(hellos[0], { type: 'hello', last_seq: 0 });
  assert.deepEqual((await state(page)).moves.map((m) => m.san), ['e4', 'e5'], 'the log, not the SAN list');
  // At the bridge's 5 s White has used 1 s + 2 s, Black 2 s; White's clock runs, on this page too.
  assert.equal(await faceText(page, 'black'), '2:58');
  // White's runs from 2:57 (the bridge's 5 s) on this page's clock, whatever the load here.
  const white = await faceText(page, 'white');
  assert.match(white, /^2:5[0-7]$/);
  assert.match(await page.locator('arbiter-board [data-clock="white"]').getAttribute('class'), /running/);
  await page.waitForFunction((before) => document.querySelector('arbiter-board').shadowRoot.querySelector('[data-clock="white"] .time').textContent !== before, white, { timeout: 5000 });

  bridge.send(JSON.stringify({ v: 1, seq: 13, at_ms: 5500, type: 'touch', action: 'lift', square: 'g1', piece: 'wN' }));
  await page.waitForFunction(() => /touched/.test(document.querySelector('arbiter-board').shadowRoot.querySelector('[data-square="g1"]').className));
  // The move message alone changes nothing: the game is its events.
  bridge.send(JSON.stringify({ v: 1, seq: 14, at_ms: 6000, type: 'event', event: { at: 6000, event: { type: 'move', move: 'g1f3' } }, source: 'board' }));
  bridge.send(JSON.stringify({ v: 1, seq: 15, at_ms: 6000, type: 'event', event: { at: 6000, event: { type: 'press_clock', player: 'white' } }, source: 'board' }));
  bridge.send(JSON.stringify({ v: 1, seq: 16, at_ms: 6000, type: 'move', ply: 3, uci: 'g1f3', san: 'Nf3', fen: 'x' }));
  await page.waitForFunction(() => document.querySelector('arbiter-board').state?.moves?.length === 3);
  const s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5', 'Nf3']);
  assert.equal(s.clock.running, 'black');
  assert.equal(await square(page, 'f3').getAttribute('data-piece'), 'white-knight');
  // White's clock stopped at 4 s used; Black's runs from the bridge's 6 s.
  assert.equal(await faceText(page, 'white'), '2:56');
  assert.match(await page.locator('arbiter-board [data-clock="black"]').getAttribute('class'), /running/);
  assert.equal(logReads, 1);
  // An event this page's core cannot take (its instant before the last): the copy went astray,
  // so the page reads the bridge's log again, up to what it has heard, and shows that game.
  bridge.send(JSON.stringify({ v: 1, seq: 17, at_ms: 6500, type: 'event', event: { at: 10, event: { type: 'offer_draw', player: 'black' } }, source: 'black' }));
  await page.waitForFunction(() => document.querySelector('arbiter-board').state?.moves?.length === 3 && document.querySelector('arbiter-board').state?.clock?.running === 'black');
  await page.waitForFunction(() => true);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(logReads, 2);
  assert.deepEqual((await state(page)).moves.map((m) => m.san), ['e4', 'e5', 'Nf3']);

  // Read-only: a click on a black piece moves nothing.
  await square(page, 'g8').click();
  await square(page, 'f6').click();
  assert.equal((await state(page)).moves.length, 3);

  // The bridge drops the line: the page reconnects and says what it holds.
  bridge.close();
  await new Promise((r) => setTimeout(r, 1500));
  assert.deepEqual(hellos.at(-1), { type: 'hello', last_seq: 17 });
});

/**
 * Runs `body(bridge)` with the real bridge replaying `moves` (`board-bridge --simulate`); the
 * bridge is stopped and its game file removed after, whatever happens.
 */
async function withRealBridge(moves, body, config = null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-e2e-'));
  const pgn = path.join(dir, 'game.pgn');
  fs.writeFileSync(pgn, `[Event "e2e"]\n[Result "*"]\n\n${moves} *\n`);
  const extra = [];
  if (config) {
    // The game's setup as the core's GameConfig JSON (`--game-config`).
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
    extra.push('--game-config', path.join(dir, 'config.json'));
  }
  const bridge = await startBridge(pgn, env.server.url, extra);
  try {
    await body(bridge);
  } finally {
    await bridge.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Opens live.html on `page` with, instead of its own board, one with `id` live on `ws`. */
async function liveElement(page, ws, id, attrs = {}) {
  await page.goto(`${env.server.url}/live.html`);
  await page.evaluate(([ws, id, attrs]) => {
    const el = document.createElement('arbiter-board');
    el.setAttribute('live', ws);
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    el.id = id;
    document.body.replaceChildren(el);
  }, [ws, id, attrs]);
}

test('live_mode against the real bridge binary (board-bridge --simulate): the page mirrors the game and announces each move', { skip: !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary' }, async () => {
  await withRealBridge('1. e4 e5 2. Nf3 Nc6 3. Bb5', async (bridge) => {
    const page = await freshPage(env.browser);
    await liveElement(page, bridge.ws, 'real', { accessible: '' });
    await page.waitForFunction(() => document.querySelector('#real')?.state?.moves?.length === 5, null, { timeout: 30_000 });
    const s = await state(page, '#real');
    assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    const heard = await page.locator('#real .announce').textContent();
    // Moves made before the page connected come in the snapshot (said as a summary when there
    // are any); later ones are announced one by one.
    assert.match(heard, /Black: knight c6\..*White: bishop b5\./);
    // A page joining now hears where the game stands.
    const late = await freshPage(env.browser);
    await liveElement(late, bridge.ws, 'late');
    await late.waitForFunction(() => document.querySelector('#late')?.state?.moves?.length === 5, null, { timeout: 30_000 });
    assert.match(await late.locator('#late .announce').textContent(), /Game in progress, last move 3\. White: bishop b5\. Move 3, Black to move\./);
    assert.equal(page.lastError, undefined);
  });
});

test('live_mode with a seat: a player page sends events to the real bridge, hears its rulings and asks the clocks', { skip: !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary' }, async () => {
  await withRealBridge('1. e4 e5 2. Nf3', async (bridge) => {
    const page = await freshPage(env.browser);
    await liveElement(page, `${bridge.ws}?key=${bridge.keys.black}`, 'seat', { seat: 'black', accessible: '' });
    await page.waitForFunction(() => document.querySelector('#seat')?.state?.moves?.length === 3, null, { timeout: 30_000 });
    await page.locator('#seat #entry-text').focus();
    // The draw offer goes to the bridge as {type: "event"}; its ruling comes back in the stream.
    await page.keyboard.type('/draw');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Black offers a draw/.test(document.querySelector('#seat').shadowRoot.querySelector('.announce').textContent), null, { timeout: 10_000 });
    // The clocks come from the bridge's state messages, said as durations.
    await page.keyboard.type('/time');
    await page.keyboard.press('Enter');
    const lines = await page.evaluate(() => [...document.querySelector('#seat').shadowRoot.querySelectorAll('.announce p')].map((p) => p.textContent));
    assert.match(lines.at(-1), /^You: 1 hour 30 minutes( \d+ seconds?)?\. Opponent: 1 hour (29|30) minutes( \d+ seconds?)?\. You have made 1 move, your opponent 2 moves\./);
    assert.equal(page.lastError, undefined);
  });
});

const announceLines = (page, sel) => page.evaluate((sel) => [...document.querySelector(sel).shadowRoot.querySelectorAll('.announce p')].map((p) => p.textContent), sel);

/** Waits until a line of the live region of the board `sel` matches `re`. */
function heardOn(page, sel, re) {
  return page.waitForFunction(([sel, src]) => [...document.querySelector(sel).shadowRoot.querySelectorAll('.announce p')]
    .some((p) => new RegExp(src).test(p.textContent)), [sel, re.source], { timeout: 10_000 });
}

test('app_f2_1 app_f2_3 app_f2_6 live seat by ear: the typed move goes to the real bridge as an announcement, corrected, repeated by the opponent\'s page, completed by the press', { skip: !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary' }, async () => {
  const config = {
    edition: '2005',
    time_control: [{ moves: null, time: 5_400_000, timing: { kind: 'increment', ms: 30_000 } }],
    visually_impaired: [{ player: 'black', tactile_board: false }],
  };
  await withRealBridge('1. e4 e5 2. Nf3', async (bridge) => {
    // Black's own screen: the page's seat; the bridge's game names him visually impaired, so
    // his screen plays by ear by itself (App. F1).
    const black = await freshPage(env.browser);
    await black.goto(`${env.server.url}/index.html?seat=black&key=${bridge.keys.black}&live=${encodeURIComponent(bridge.ws)}`);
    await black.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 3, null, { timeout: 30_000 });
    assert.equal(await black.getAttribute('#by-ear', 'aria-pressed'), 'true');
    assert.equal(await black.getAttribute('#board', 'player'), 'black');
    assert.equal(await black.isVisible('#new-game'), false, 'the game is the bridge\'s');
    // His board is turned to him: rank 1 at the top, the h-file on the left.
    const box = (sq) => black.locator(`#board [data-square="${sq}"]`).boundingBox();
    const [a1, a8, h1] = [await box('a1'), await box('a8'), await box('h1')];
    assert.ok(a1.y < a8.y && h1.x < a1.x, JSON.stringify({ a1, a8, h1 }));
    // White's screen, a sighted player.
    const white = await freshPage(env.browser);
    await white.goto(`${env.server.url}/index.html?seat=white&key=${bridge.keys.white}&live=${encodeURIComponent(bridge.ws)}`);
    await white.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 3, null, { timeout: 30_000 });

    await black.locator('#board #entry-text').focus();
    await black.keyboard.type('Nf6');
    await black.keyboard.press('Enter');
    await heardOn(black, '#board', /^Black announces: Springer Felix sechs\. \(2005 App\. F2\.1\)$/);
    // A slip of the tongue, corrected before his clock is pressed (F2.6).
    await black.keyboard.type('Springer Cesar sechs');
    await black.keyboard.press('Enter');
    await heardOn(white, '#board', /^Black corrects the announcement: Springer Cesar sechs\. \(2005 App\. F2\.6\)$/);
    // Announced, the move is made (F2.3) but not completed: no move yet until his press.
    assert.equal((await state(white, '#board')).moves.length, 3);
    // White repeats it with the button, reached by keyboard (F2.1).
    const repeat = white.locator('#board [data-action="repeat"]');
    assert.equal(await repeat.isVisible(), true);
    await axe(white, 'the opponent\'s seat with an announcement to repeat');
    await axe(black, 'a seat by ear, announcement made');
    await repeat.focus();
    await white.keyboard.press('Enter');
    await heardOn(black, '#board', /^White repeats the move\. \(2005 App\. F2\.1\)$/);
    // White's page hides the button when the bridge's echo of his repetition reaches it, which
    // may be a moment after Black's page has said it.
    await repeat.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
    assert.equal(await repeat.isVisible(), false, 'repeated once, the button goes');
    // Black presses his clock: Enter in the empty move field.
    await black.keyboard.press('Enter');
    await white.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 4, null, { timeout: 10_000 });
    assert.deepEqual((await state(white, '#board')).moves.map((m) => m.san), ['e4', 'e5', 'Nf3', 'Nc6']);
    await heardOn(white, '#board', /^Black: knight c6\.$/);
    // After a reload the bridge's setup turns his screen to playing by ear again.
    await black.reload();
    await black.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 4, null, { timeout: 30_000 });
    assert.equal(await black.getAttribute('#by-ear', 'aria-pressed'), 'true');
    assert.equal(black.lastError, undefined);
    assert.equal(white.lastError, undefined);
  }, config);
});

test('app_f1 live setup from the bridge: a page whose own edition, time control and names differ shows the bridge\'s game config, and a seat the config names visually impaired plays by ear by itself', { skip: !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary' }, async () => {
  const config = {
    edition: '2023',
    time_control: [{ moves: null, time: 600_000, timing: { kind: 'increment', ms: 5_000 } }],
    white: 'Ada',
    black: 'Bo',
    visually_impaired: [{ player: 'black', tactile_board: false }],
  };
  await withRealBridge('1. e4 e5', async (bridge) => {
    // A spectator's element set up otherwise: 2005, 90+30, other names.
    const page = await freshPage(env.browser);
    await liveElement(page, bridge.ws, 'own', { edition: '2005', 'time-control': '90+30', white: 'Xavier', black: 'Yves' });
    await page.waitForFunction(() => document.querySelector('#own')?.state?.moves?.length === 2, null, { timeout: 30_000 });
    const s = await state(page, '#own');
    assert.equal(s.setup.edition, '2023');
    assert.equal(s.setup.timeControl[0].time, 600_000);
    assert.deepEqual(s.players, { white: 'Ada', black: 'Bo' });
    assert.equal(await page.getAttribute('#own', 'player'), null, 'a spectator has no seat to play by ear');
    // Black's seat: by ear without his choosing it, the toggle shows it; White's seat stays sighted.
    const black = await freshPage(env.browser);
    await black.goto(`${env.server.url}/index.html?seat=black&key=${bridge.keys.black}&live=${encodeURIComponent(bridge.ws)}`);
    await black.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 2, null, { timeout: 30_000 });
    assert.equal(await black.getAttribute('#board', 'player'), 'black');
    assert.equal(await black.getAttribute('#by-ear', 'aria-pressed'), 'true');
    assert.equal(await black.getAttribute('#board', 'accessible'), '');
    const white = await freshPage(env.browser);
    await white.goto(`${env.server.url}/index.html?seat=white&key=${bridge.keys.white}&live=${encodeURIComponent(bridge.ws)}`);
    await white.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 2, null, { timeout: 30_000 });
    assert.equal(await white.getAttribute('#board', 'player'), null);
    assert.equal(await white.getAttribute('#by-ear', 'aria-pressed'), 'false');
    assert.equal(page.lastError, undefined);
    assert.equal(black.lastError, undefined);
    assert.equal(white.lastError, undefined);
  }, config);
});
