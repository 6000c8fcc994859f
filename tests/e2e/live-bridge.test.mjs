// The bridge's own game on every screen, against the real bridge binary serving the page itself
// (`board-bridge --simulate GAME.pgn --www ...`): `/` opens the live game for a spectator with
// both clocks the bridge's, seats act and hear the bridge's refusals in their language, a page
// of a site the bridge does not allow is told why, and a restarted bridge's game is the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setUp, freshPage, state, faceText, BRIDGE, SERVED, startBridge, spawnBridge, saveShot } from './harness.mjs';

const env = setUp({
  '/live.html': `<!doctype html><meta charset="utf-8"><script type="module" src="/js/arbiter-board.js"></script>
<body></body>`,
});
const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
// Five minutes and three seconds a move: the faces show m:ss, and each move's [%clk] differs.
const CONFIG = { edition: '2005', time_control: [{ moves: null, time: 300_000, timing: { kind: 'increment', ms: 3000 } }] };
// Where the screenshots of the journey go, to be looked at (not compared).
const SHOTS = process.env.ARBITER_SHOTS ?? path.join(os.tmpdir(), 'arbiter-live-shots');

function gameFiles(moves) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-live-'));
  fs.writeFileSync(path.join(dir, 'game.pgn'), `[Event "e2e"]\n[Result "*"]\n\n${moves} *\n`);
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(CONFIG));
  return dir;
}

/** The bridge playing `moves`, serving the page; its http address beside its ws one. */
async function servingBridge(moves, origin = 'http://localhost:1', extra = []) {
  const dir = gameFiles(moves);
  const bridge = await startBridge(path.join(dir, 'game.pgn'), origin,
    ['--www', SERVED, '--game-config', path.join(dir, 'config.json'), ...extra]);
  return { ...bridge, http: bridge.url, dir, stop: async () => { await bridge.stop(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

const boardState = (page) => state(page, '#board');
const movesOn = (page, n) => page.waitForFunction((n) => document.querySelector('#board')?.state?.moves?.length === n, n, { timeout: 30_000 });
const lines = (page, sel = '#board') => page.evaluate((sel) => [...document.querySelector(sel).shadowRoot.querySelectorAll('.announce p')].map((p) => p.textContent), sel);

/** `[%clk h:mm:ss(.f)]` of each move of the bridge's `/games.pgn`, in ms. */
async function pgnClocks(http) {
  const pgn = await (await fetch(`${http}/games.pgn`)).text();
  return [...pgn.matchAll(/\[%clk\s+(\d+):(\d\d):(\d\d(?:\.\d+)?)\]/g)].map(([, h, m, s]) => Math.floor((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000));
}

const face = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;

test('live `/` of the bridge opens its game for a spectator: the position, both clocks as its /games.pgn [%clk] says and ticking, no move from the screen', { skip }, async () => {
  const bridge = await servingBridge('1. e4 e5 2. Nf3 Nc6 3. Bb5');
  try {
    const page = await freshPage(env.browser);
    await page.goto(`${bridge.http}/`);
    assert.match(page.url(), /\/\?seat=spectator$/, 'sent to the live game');
    await movesOn(page, 5);
    const s = await boardState(page);
    assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    assert.equal(s.clock.running, 'black');
    assert.equal(await page.getAttribute('#board', 'seat'), null, 'a spectator has no seat');
    // White's clock stands as the bridge's record says after his last move; Black's runs from
    // the clock of his last move, as on the bridge.
    const clk = await pgnClocks(bridge.http);
    assert.equal(clk.length, 5);
    assert.equal(await faceText(page, 'white', '#board'), face(clk[4]));
    const black1 = await faceText(page, 'black', '#board');
    assert.ok(black1 <= face(clk[3]) || black1.length < face(clk[3]).length, `${black1} after ${face(clk[3])}`);
    await page.waitForFunction((before) => document.querySelector('#board').shadowRoot.querySelector('[data-clock="black"] .time').textContent !== before, black1, { timeout: 5000 });
    assert.equal(await faceText(page, 'white', '#board'), face(clk[4]), 'the stopped clock does not move');
    assert.doesNotMatch((await faceText(page, 'black', '#board')), /–/);
    // No move from a spectator's screen: a click on Black's knight and its square does nothing.
    await page.locator('#board [data-square="g8"]').click();
    await page.locator('#board [data-square="f6"]').click();
    assert.equal((await boardState(page)).moves.length, 5);
    // The board's health is a quiet status line, not a ruling card.
    const said = await lines(page);
    assert.ok(!said.some((l) => /Board connected|bytes/.test(l)), said.join(' | '));
    fs.mkdirSync(SHOTS, { recursive: true });
    await saveShot(page, { path: path.join(SHOTS, 'spectator-desktop.png'), fullPage: true });
    const phone = await env.browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await phone.goto(`${bridge.http}/`);
    await movesOn(phone, 5);
    await saveShot(phone, { path: path.join(SHOTS, 'spectator-phone.png'), fullPage: true });
    await phone.close();
    assert.equal(page.lastError, undefined);
  } finally {
    await bridge.stop();
  }
});

test('live seats act in the bridge\'s game, and its refusal reaches the player in his language: a White seat cannot move for Black', { skip }, async () => {
  const bridge = await servingBridge('1. e4');
  try {
    const watcher = await freshPage(env.browser);
    await watcher.goto(`${bridge.http}/`);
    await movesOn(watcher, 1);
    const white = await freshPage(env.browser);
    await white.goto(`${bridge.http}/?seat=white&key=${bridge.keys.white}&lang=de`);
    await movesOn(white, 1);
    const black = await freshPage(env.browser);
    await black.goto(`${bridge.http}/?seat=black&key=${bridge.keys.black}`);
    await movesOn(black, 1);
    // White's screen, in German, types a move while Black is on move: the bridge refuses it, and
    // the refusal is a German sentence, not the bridge's English.
    await white.click('#accessible');
    await white.locator('#board #entry-text').focus();
    await white.keyboard.type('Sf6');
    await white.keyboard.press('Enter');
    await white.waitForFunction(() => [...document.querySelector('#board').shadowRoot.querySelectorAll('.announce p')]
      .some((p) => /Dies ist der Bildschirm von Weiß: er kann nicht für Schwarz handeln\./.test(p.textContent)), null, { timeout: 10_000 });
    const said = await lines(white);
    assert.ok(!said.some((l) => /cannot act/.test(l)), said.join(' | '));
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal((await lines(white)).filter((l) => /Bildschirm von Weiß/.test(l)).length, 1, 'said once');
    // Black's own screen makes his move: every screen shows it.
    await black.click('#accessible');
    await black.locator('#board #entry-text').focus();
    await black.keyboard.type('e5');
    await black.keyboard.press('Enter');
    for (const p of [watcher, white, black]) await movesOn(p, 2);
    assert.deepEqual((await boardState(watcher)).moves.map((m) => m.san), ['e4', 'e5']);
    assert.equal((await boardState(white)).clock.running, 'white');
    fs.mkdirSync(SHOTS, { recursive: true });
    await saveShot(white, { path: path.join(SHOTS, 'seat-white-de.png'), fullPage: true });
    for (const p of [watcher, white, black]) assert.equal(p.lastError, undefined);
  } finally {
    await bridge.stop();
  }
});

test('live a page of a site the bridge does not allow is told why and which option lets it in, and does not loop reconnecting', { skip }, async () => {
  // The bridge allows another site only; the test's page server is not it.
  const dir = gameFiles('1. e4');
  const bridge = await startBridge(path.join(dir, 'game.pgn'), 'https://club.example');
  try {
    const page = await freshPage(env.browser);
    await page.goto(`${env.server.url}/live.html`);
    await page.evaluate((ws) => {
      const el = document.createElement('arbiter-board');
      el.id = 'board';
      el.setAttribute('live', ws);
      document.body.append(el);
    }, bridge.ws);
    const origin = env.server.url;
    await page.waitForFunction(() => document.querySelector('#board')?.dataset.refused === 'origin', null, { timeout: 15_000 });
    const said = await lines(page);
    assert.ok(said.some((l) => l.includes(`This bridge does not accept pages from ${origin}.`) && l.includes(`--allow-origin ${origin}`)), said.join(' | '));
    // Well past the first retries (0.5 s, 1 s, 2 s): no reconnecting loop.
    await new Promise((r) => setTimeout(r, 4000));
    const later = await lines(page);
    assert.ok(!later.some((l) => /reconnecting/.test(l)), later.join(' | '));
    assert.equal(later.filter((l) => /does not accept pages/.test(l)).length, 1);
  } finally {
    await bridge.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** The bridge with `args` and the page's files, on `port` when given (a restart), once it serves. */
const bridgeOn = (port, args) => spawnBridge((listen) => ['--listen', listen, '--www', SERVED, ...args], BRIDGE, port);

test('live a page reconnecting after the bridge restarts on its log shows the same game, clocks as the log has them', { skip }, async () => {
  const dir = gameFiles('1. d4 d5 2. c4');
  const log = path.join(dir, 'log');
  let bridge = await bridgeOn(null, ['--simulate', path.join(dir, 'game.pgn'), '--game-config', path.join(dir, 'config.json'), '--log', log]);
  try {
    const page = await freshPage(env.browser);
    await page.goto(`${bridge.url}/`);
    await movesOn(page, 3);
    const before = await boardState(page);
    const blackFace = await faceText(page, 'black', '#board');
    // With a log on disk the bridge says how far it is safe: a quiet line, not a card.
    await page.waitForFunction(() => Number(document.querySelector('#board').shadowRoot.querySelector('.health')?.dataset.safeThrough) > 0, null, { timeout: 10_000 });
    assert.match(await page.locator('#board .health').textContent(), /Safe on disk through event \d+\./);
    assert.ok(!(await lines(page)).some((l) => /Safe on disk/.test(l)));
    await bridge.stop();
    await page.waitForFunction(() => [...document.querySelector('#board').shadowRoot.querySelectorAll('.announce p')].some((p) => /reconnecting/.test(p.textContent)), null, { timeout: 10_000 });
    // Restarted on the same log with no board: the game the log holds is the game.
    const restarted = Date.now();
    bridge = await bridgeOn(bridge.port, ['--port', path.join(dir, 'no-board'), '--log', log]);
    await page.waitForFunction(() => document.querySelector('#board')?.dataset && [...document.querySelector('#board').shadowRoot.querySelectorAll('.announce p')].some((p) => /Game in progress/.test(p.textContent)), null, { timeout: 20_000 });
    await movesOn(page, 3);
    const after = await boardState(page);
    assert.deepEqual(after.moves.map((m) => m.san), before.moves.map((m) => m.san));
    assert.equal(after.fen, before.fen);
    assert.equal(after.clock.running, 'black');
    // Black's clock stood still while the bridge was down (its clock continues from the log's
    // last instant) and White's, stopped, is as it was.
    assert.equal(await faceText(page, 'white', '#board'), face(before.clock.white.remaining));
    const clk = await pgnClocks(bridge.url);
    assert.equal(clk.length, 3);
    assert.equal(await faceText(page, 'white', '#board'), face(clk[2]));
    // Black's clock runs on from the log's last instant (the bridge cannot know how long it ran
    // after that before it stopped), from the restarted bridge's start: at most his clock after
    // his last move, and no less than it showed before the stop less the time since.
    const seconds = (text) => text.split(':').reduce((a, b) => a * 60 + Number(b), 0);
    const black = seconds(await faceText(page, 'black', '#board'));
    const since = Math.ceil((Date.now() - restarted) / 1000);
    assert.ok(black <= Math.floor(clk[1] / 1000) && black >= seconds(blackFace) - since - 1,
      `${black} s after ${clk[1]} ms, ${since} s since the restart (${blackFace} before it)`);
  } finally {
    await bridge.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
