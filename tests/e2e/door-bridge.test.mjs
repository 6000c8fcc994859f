// The bridge's front door (issue 31), against the real board-bridge serving the page: with no
// board connected its `/` says so and leads to a game on this screen or to how a board is
// connected; a spectator's page says that it watches and has no player's or arbiter's control,
// in the language its link names. Screenshots at both sizes go to the system's temp folder
// (ARBITER_SHOTS overrides), for looking at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setUp, freshPage, press, BRIDGE, SERVED, spawnBridge, startBridge, axe, saveShot } from './harness.mjs';

const env = setUp({
  '/club.html': `<!doctype html><html lang="en"><meta charset="utf-8"><title>Club</title>
<script type="module" src="/js/arbiter-board.js"></script><h1>Our board</h1><main></main></html>`,
});
const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();
const shot = (page, name) => saveShot(page, { path: path.join(SHOTS, `arbiter-door-${name}.png`), fullPage: true });
const SIZES = [
  { name: 'desk', width: 1280, height: 900, touch: false },
  { name: 'phone', width: 390, height: 844, touch: true },
];

/** A bridge with no board: it looks for one (`--port auto`) and finds none on this machine. */
const boardless = () => spawnBridge((listen) => ['--port', 'auto', '--listen', listen, '--www', SERVED]);

const visible = (page, sel) => page.locator(sel).evaluateAll((els) => els.some((el) => el.checkVisibility()));

test('issue31 the bridge\'s `/` with no board says so and leads to a game on this screen, at both sizes', { skip }, async () => {
  const bridge = await boardless();
  try {
    for (const size of SIZES) {
      const page = await freshPage(env.browser, size);
      await page.goto(`${bridge.url}/`);
      const door = page.locator('#door');
      await door.waitFor({ timeout: 20_000 });
      assert.match(await door.textContent(), /No board is connected/);
      assert.match(await door.textContent(), /Connect a board/);
      // No player's or arbiter's control that would do nothing, no prompt to move.
      for (const sel of ['#new-game', '#open-arbiter', 'arbiter-board']) {
        assert.equal(await visible(page, sel), false, `${size.name}: ${sel} is not offered`);
      }
      const text = await page.evaluate(() => document.body.innerText);
      assert.doesNotMatch(text, /Press the clock/);
      assert.equal((text.match(/No board/g) ?? []).length, 1, `${size.name}: said once: ${text}`);
      await axe(page, `${size.name}: the front door`);
      await page.locator('#door summary').click();
      assert.match(await page.locator('#door').textContent(), /--port/);
      await shot(page, `front-door-${size.name}`);
      // "Play on this screen" leads to a game here.
      await page.click('[data-play-here]');
      await page.waitForFunction(() => document.querySelector('arbiter-board')?.state?.legalMoves?.length === 20, null, { timeout: 20_000 });
      assert.match(page.url(), /\?local$/);
      await page.locator('arbiter-board [data-square="e2"]').click();
      await page.locator('arbiter-board [data-square="e4"]').click();
      await press(page);
      assert.equal(await page.evaluate(() => document.querySelector('arbiter-board').state.moves.length), 1);
      await page.context().close();
    }
  } finally {
    await bridge.stop();
  }
});

test('issue31 the front door keeps the language its link names: ?lang=it', { skip }, async () => {
  const bridge = await boardless();
  try {
    const page = await freshPage(env.browser, SIZES[1]);
    await page.goto(`${bridge.url}/?seat=spectator&lang=it`);
    await page.locator('#door').waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => /Nessuna scacchiera/.test(document.getElementById('door').textContent));
    const href = await page.getAttribute('[data-play-here]', 'href');
    assert.match(href, /\?local&lang=it$/);
    assert.equal(await page.locator('[data-play-here]').textContent(), 'Gioca su questo schermo');
    await shot(page, 'front-door-it-phone');
    await page.click('[data-play-here]');
    // The click navigates: wait for the new page, whose root may not exist yet
    // while the predicate first runs (CI read `null.lang` here).
    await page.waitForURL(/\?local&lang=it$/, { timeout: 20_000 });
    await page.waitForFunction(() => document.documentElement?.lang === 'it', null, { timeout: 20_000 });
  } finally {
    await bridge.stop();
  }
});

test('issue31 a spectator\'s page says that it watches, with no player\'s or arbiter\'s controls, at both sizes', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-door-'));
  fs.writeFileSync(path.join(dir, 'game.pgn'), '[Event "e2e"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n');
  const bridge = await startBridge(path.join(dir, 'game.pgn'), 'http://localhost:1', ['--www', SERVED]);
  try {
    for (const size of SIZES) {
      const page = await freshPage(env.browser, size);
      await page.goto(`${bridge.url}/?seat=spectator`);
      await page.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 3, null, { timeout: 30_000 });
      await page.locator('#watching').waitFor();
      assert.match(await page.locator('#watching').textContent(), /watching/);
      for (const sel of ['#new-game', '#open-arbiter', '#pgn-import', '#door', 'arbiter-board .press',
        'arbiter-board [data-action="resign"]', 'arbiter-board [data-action="offer"]', 'arbiter-board [data-action="claim"]']) {
        assert.equal(await visible(page, sel), false, `${size.name}: ${sel} is not offered to a spectator`);
      }
      assert.doesNotMatch(await page.evaluate(() => document.body.innerText), /Press the clock/);
      // No link to a player's screen: a seat is given, never taken.
      const links = await page.evaluate(() => [...document.querySelectorAll('a')].map((a) => a.href));
      assert.equal(links.filter((h) => /seat=/.test(h)).length, 0, links.join(' '));
      await shot(page, `spectator-${size.name}`);
      await page.context().close();
    }
  } finally {
    await bridge.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('issue31 a spectator of a game whose board is gone is told so once, not twice', { skip }, async () => {
  // A game played on a board, then the bridge restarted on its log with no board to be found.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-door-'));
  const log = path.join(dir, 'log');
  fs.writeFileSync(path.join(dir, 'game.pgn'), '[Event "e2e"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n');
  const played = await startBridge(path.join(dir, 'game.pgn'), 'http://localhost:1', ['--www', SERVED, '--log', log]);
  let bridge = null;
  try {
    const page = await freshPage(env.browser, SIZES[0]);
    await page.goto(`${played.url}/?seat=spectator`);
    await page.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 3, null, { timeout: 30_000 });
    await page.context().close();
    await played.stop();
    bridge = await spawnBridge((listen) => ['--port', 'auto', '--log', log, '--listen', listen, '--www', SERVED]);
    const again = await freshPage(env.browser, SIZES[0]);
    await again.goto(`${bridge.url}/?seat=spectator`);
    await again.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 3, null, { timeout: 30_000 });
    // What is on screen, the element's shadow tree included, less the screen reader's log.
    const onScreen = () => again.evaluate(() => {
      const texts = [];
      const walk = (root) => {
        const it = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
        for (let n = it.nextNode(); n; n = it.nextNode()) {
          if (n.shadowRoot) walk(n.shadowRoot);
          if (n.nodeType === Node.TEXT_NODE && n.parentElement?.checkVisibility()
            && !n.parentElement.closest('.announce')) texts.push(n.textContent);
        }
      };
      walk(document.body);
      return texts.join(' ');
    });
    for (let i = 0; i < 100 && !/No board connected/.test(await onScreen()); i++) await again.waitForTimeout(100);
    // Whatever else arrives from the bridge has had its moment.
    await again.waitForTimeout(500);
    const said = (await onScreen()).match(/No board connected|Board disconnected/g) ?? [];
    assert.equal(said.length, 1, `said on screen: ${said.join(' | ')}`);
    // A screen reader still hears it.
    assert.match(await again.locator('arbiter-board .announce').textContent(), /No board connected/);
    await shot(again, 'spectator-no-board');
  } finally {
    await played.stop();
    await bridge?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('issue31 a live board the bridge refuses shows the refusal in place of a board that looks playable, at both sizes', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-door-'));
  fs.writeFileSync(path.join(dir, 'game.pgn'), '[Event "e2e"]\n[Result "*"]\n\n1. e4 e5 *\n');
  // The bridge lets another site in, not this one.
  const bridge = await startBridge(path.join(dir, 'game.pgn'), 'http://localhost:1', ['--www', SERVED]);
  try {
    for (const size of SIZES) {
      const page = await freshPage(env.browser, size);
      await page.goto(`${env.server.url}/club.html`);
      await page.evaluate((ws) => {
        const el = document.createElement('arbiter-board');
        el.setAttribute('live', ws);
        document.querySelector('main').replaceChildren(el);
      }, bridge.ws);
      await page.waitForFunction(() => document.querySelector('arbiter-board').dataset.refused, null, { timeout: 20_000 });
      for (const sel of ['.clock', '.board-wrap', '.press', '.status', '.actions']) {
        assert.equal(await visible(page, `arbiter-board ${sel}`), false, `${size.name}: ${sel} is not shown`);
      }
      assert.match(await page.locator('arbiter-board .rulings').textContent(), /allow-origin/);
      await shot(page, `live-refused-${size.name}`);
      await page.context().close();
    }
  } finally {
    await bridge.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
