// The arbiter's panel sets the game back (2005 Art. 6.14 / 2023 Art. 7.1; 2005 Art. 7.5 / 2023
// Art. 7.6): to an earlier ply with the clocks as they stood then, or to a position from FEN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage, openBoard, clickMove, press, state } from './harness.mjs';

const T0 = new Date('2026-03-01T10:00:00Z').getTime();

const env = setUp();

test('art6_14 the arbiter restores the position after 1... e5, with the clocks of that moment', async () => {
  const page = await freshPage(env.browser, { clockAt: T0 });
  await openBoard(page, `${env.server.url}/index.html`);
  await page.clock.pauseAt(T0 + 5_000);
  await press(page);
  const moves = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6']];
  for (const [a, b] of moves) {
    await page.clock.runFor(20_000);
    await clickMove(page, a, b);
    await press(page);
  }
  const afterE5 = await state(page);
  assert.equal(afterE5.moves.length, 4);
  await page.click('#open-arbiter');
  await page.selectOption('#restore-ply', '2');
  await page.click('#restore button[type="submit"]');
  const s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5']);
  assert.equal(s.fen, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2');
  // 15+10: each side thought 20 s and got 10 s back for its first move.
  assert.equal(s.clock.white.remaining, 15 * 60_000 - 20_000 + 10_000);
  assert.equal(s.clock.black.remaining, 15 * 60_000 - 20_000 + 10_000);
  assert.equal(s.clock.running, 'white', 'the clock of the player on move runs on');
  const rulings = await page.evaluate(() => document.querySelector('arbiter-board').table.rulings());
  const restored = rulings.find((r) => r.verdict.kind === 'position_restored');
  assert.equal(restored.law, '2005 Art. 6.14');
  const shown = await page.locator('arbiter-board .rulings').textContent();
  assert.match(shown, /An earlier position is restored/);
  assert.match(shown, /The clocks are set: White 14 minutes 50 seconds, Black 14 minutes 50 seconds\./);
  assert.equal(page.lastError, undefined);
});

test('art7_5 set a position from FEN: play goes on from it with the clocks as they stand', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  await clickMove(page, 'e2', 'e4');
  await press(page);
  await page.click('#open-arbiter');
  const fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';
  await page.fill('#set-fen input[name="fen"]', fen);
  await page.click('#set-fen button[type="submit"]');
  // It replaces the game and its moves: asked first. The answer reaches the board when the
  // dialog's promise settles, after the click returns: wait for the position.
  await page.click('#cf-yes');
  await page.waitForFunction((f) => document.querySelector('arbiter-board').state?.fen === f, fen);
  const s = await state(page);
  assert.equal(s.fen, fen);
  assert.equal(s.moves.length, 0);
  assert.equal(s.clock.started, true);
  // A FEN that is no position is refused with its reason, beside its field; the game stays as it was.
  await page.fill('#set-fen input[name="fen"]', '4k3/8/8 w - - 0 1');
  await page.click('#set-fen button[type="submit"]');
  assert.match(await page.locator('#set-fen-error').textContent(), /^This is not a position that can be played: the board needs 8 ranks separated by '\/', this one has 3\.$/);
  assert.equal((await state(page)).fen, fen);
});

test('app_e8 moves after a set position are numbered from its FEN: 23... Kd8, 24. e4, in the list and the restore menu', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.click('#open-arbiter');
  await page.fill('#set-fen input[name="fen"]', '4k3/8/8/8/8/8/4P3/4K3 b - - 0 23');
  await page.click('#set-fen button[type="submit"]');
  await clickMove(page, 'e8', 'd8');
  await press(page);
  await clickMove(page, 'e2', 'e4');
  await press(page);
  const s = await state(page);
  assert.deepEqual(s.moves.map((m) => [m.number, m.side, m.san]), [[23, 'black', 'Kd8'], [24, 'white', 'e4']]);
  const rows = await page.locator('arbiter-board .moves li').allTextContents();
  assert.deepEqual(rows.map((r) => r.replace(/\s+/g, ' ').trim()), ['23.…Kd8', '24.e4']);
  const options = await page.locator('#restore-ply option').allTextContents();
  assert.deepEqual(options, ['the start', 'after 23... Kd8', 'after 24. e4']);
});
