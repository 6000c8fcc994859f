// The clock in the browser, on Playwright's fake clock (page.clock): flag falls without real
// waiting, and a reload in the middle of a game with the clock running through it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage, openBoard, clickMove, press, state, faceText, square } from './harness.mjs';

const T0 = new Date('2026-03-01T10:00:00Z').getTime();

const bare = (attrs) => `<!doctype html><meta charset="utf-8"><title>clock</title>
<script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board ${attrs}></arbiter-board>`;

const env = setUp({
  '/blitz-arbiter.html': bare('time-control="3+2" arbiter="present" edition="2023"'),
  '/blitz-alone.html': bare('time-control="3+2" edition="2005"'),
  '/persist.html': bare('time-control="15+10" persist="e2e.game"'),
});

test('c09_art6_1 blitz 3+2: faces count down from performance.now and the increment is added', async () => {
  const page = await freshPage(env.browser, { clockAt: T0 });
  await openBoard(page, `${env.server.url}/blitz-arbiter.html`);
  await page.clock.pauseAt(T0 + 60_000); // from here on, time moves only when the test says
  assert.equal(await faceText(page, 'white'), '3:00');
  await press(page); // starts White's clock
  await page.clock.runFor(1_000);
  assert.equal(await faceText(page, 'white'), '2:59');
  assert.equal(await faceText(page, 'black'), '3:00');
  await clickMove(page, 'e2', 'e4');
  await press(page);
  // 1 s used, 2 s added: 3:01 (2023 Art. 6.3.1).
  assert.equal(await faceText(page, 'white'), '3:01');
  await page.clock.runFor(30_500);
  assert.equal(await faceText(page, 'black'), '2:29');
});

test('c12_2023_a5_5 blitz flag fall called by the arbiter: the player who can mate wins', async () => {
  const page = await freshPage(env.browser, { clockAt: T0 });
  await openBoard(page, `${env.server.url}/blitz-arbiter.html`);
  await press(page);
  await clickMove(page, 'e2', 'e4');
  await press(page);
  const gameover = page.evaluate(() => new Promise((resolve) => {
    document.querySelector('arbiter-board').addEventListener('gameover', (e) => resolve(e.detail), { once: true });
  }));
  // Black thinks for 3 minutes and a little more: no real waiting, the fake clock jumps.
  await page.clock.runFor(180_100);
  const detail = await gameover;
  assert.equal(detail.result, '1-0');
  assert.equal(detail.reason, 'time');
  assert.equal(await faceText(page, 'black'), '0.0');
  assert.equal(await page.locator('arbiter-board [data-clock="black"] .flag').isVisible(), true);
  const s = await state(page);
  assert.equal(s.clock.black.flag, true);
  assert.equal(s.clock.running, null);
  assert.match(s.result.law, /^2023 Art\. 6\.9/);
});

test('c11_2005_b6 blitz without arbiter: the flag falls, White claims the win on time', async () => {
  const page = await freshPage(env.browser, { clockAt: T0 });
  await openBoard(page, `${env.server.url}/blitz-alone.html`);
  await press(page);
  await clickMove(page, 'd2', 'd4');
  await press(page);
  await page.clock.runFor(181_000);
  let s = await state(page);
  assert.equal(s.result, null, 'in 2005 rapid/blitz only a claim counts');
  assert.equal(s.clock.black.flag, true);
  assert.ok(s.core.open_claims.some((c) => c.player === 'white' && c.claim === 'win_on_time'));
  await page.locator('arbiter-board [data-claim="win_on_time"]').click();
  await page.locator('arbiter-board [data-confirm="yes"]').click();
  s = await state(page);
  assert.equal(s.result?.result, '1-0');
});

test('art6_1 reload mid-game restores position, clocks and obligations; the clock ran on', async () => {
  const page = await freshPage(env.browser, { clockAt: T0 });
  await openBoard(page, `${env.server.url}/persist.html`);
  await page.clock.pauseAt(T0 + 60_000);
  await press(page);
  await page.clock.runFor(4_000);
  await clickMove(page, 'e2', 'e4');
  await press(page);
  await page.clock.runFor(6_000);
  await clickMove(page, 'e7', 'e5');
  await press(page);
  await page.clock.runFor(2_000);
  // White touches the knight: touch-move now binds him to it (2005 Art. 4.3a).
  await square(page, 'g1').click();
  const before = await state(page);
  assert.equal(before.touched, 'g1');

  await page.clock.runFor(10_000);
  await page.reload();
  await page.waitForFunction(() => !!document.querySelector('arbiter-board')?.table
    && !!document.querySelector('arbiter-board').shadowRoot.querySelector('[data-square="e4"][data-piece]'));
  const after = await state(page);
  assert.equal(after.fen, before.fen);
  assert.deepEqual(after.moves.map((m) => m.san), ['e4', 'e5']);
  assert.equal(after.touched, 'g1', 'the touch-move obligation survives the reload');
  assert.equal(after.clock.running, 'white');
  // White's clock ran through the reload: 10 s more used than before it. The new page finds
  // its place on the time line from Date.now(), which counts whole milliseconds, so the
  // reading across a reload is good to one millisecond either way.
  const used = before.clock.white.remaining - after.clock.white.remaining;
  assert.ok(used >= 9_999 && used < 10_500, `white used ${used} ms across the reload`);
  assert.equal(after.clock.black.remaining, before.clock.black.remaining);
  assert.equal(await square(page, 'g1').getAttribute('class').then((c) => /touched/.test(c)), true);
});
