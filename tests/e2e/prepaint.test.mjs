// The board painted by the page's HTML (the build's prepaint, a declarative shadow root): seen
// before any script or the wasm arrives, in the start position with its clocks, and taken over
// by the element without moving. Runs on the page as built (www/dist); the sources have no
// prepaint, and the test says so and is skipped there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setUp, SERVED, freshPage, openBoard, square } from './harness.mjs';

const built = fs.readFileSync(path.join(SERVED, 'index.html'), 'utf8').includes('shadowrootmode');
const env = setUp();

// Where the board and its parts stand, and what they show.
const layout = (page) => page.evaluate(() => {
  const root = document.querySelector('arbiter-board').shadowRoot;
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map(Math.round);
  };
  return {
    board: box(root.querySelector('.board')),
    e2: box(root.querySelector('[data-square="e2"]')),
    faces: [...root.querySelectorAll('[data-clock]')].map((f) => [f.dataset.clock, f.querySelector('.time').textContent, box(f)]),
    footer: box(document.querySelector('.foot')),
    pieces: root.querySelectorAll('[data-square][data-piece] .piece').length,
    colour: getComputedStyle(root.querySelector('[data-square="a1"]')).backgroundColor,
  };
});

test('loading: the board and clocks are drawn before the scripts, and do not move when the game arrives', { skip: !built && 'the page is served from its sources (no prepaint): set ARBITER_WWW to www/dist' }, async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 900 });
  // No script and no wasm at all: what the HTML and CSS draw by themselves.
  await page.route(/\.(js|wasm)(\?|$)/, (route) => route.abort());
  await page.goto(`${env.server.url}/index.html`);
  await page.waitForFunction(() => {
    const sq = document.querySelector('arbiter-board')?.shadowRoot?.querySelector('[data-square="a1"]');
    return sq && getComputedStyle(sq).backgroundColor !== 'rgba(0, 0, 0, 0)';
  });
  const before = await layout(page);
  assert.equal(before.pieces, 32, 'the start position');
  assert.deepEqual(before.faces.map((f) => f.slice(0, 2)), [['white', '15:00'], ['black', '15:00']]);
  assert.equal(await page.evaluate(() => customElements.get('arbiter-board')), undefined, 'no script ran');
  assert.ok(before.e2[2] > 30 && Math.abs(before.e2[2] * 8 - before.board[2]) <= 8, `laid out as a board: ${before.e2} in ${before.board}`);

  // The same page with its scripts: the element takes the drawing over where it stands.
  const live = await freshPage(env.browser, { width: 1280, height: 900 });
  await openBoard(live, `${env.server.url}/index.html`);
  const after = await layout(live);
  assert.deepEqual(after.board, before.board, 'the board does not move');
  assert.deepEqual(after.faces, before.faces, 'the clocks do not move');
  assert.deepEqual(after.footer, before.footer, 'the footer does not jump');
  assert.equal(after.pieces, 32);
  // One drawing, not two: 64 squares, and the game is played on them.
  assert.equal(await live.locator('arbiter-board [data-square]').count(), 64);
  await square(live, 'e2').click();
  await square(live, 'e4').click();
  assert.equal(await square(live, 'e4').getAttribute('data-piece'), 'white-pawn');
});

test('loading: a saved game is not shown in the start position while it is restored', { skip: !built && 'no prepaint in the sources' }, async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 900 });
  await openBoard(page, `${env.server.url}/index.html`);
  await square(page, 'e2').click();
  await square(page, 'e4').click();
  await page.keyboard.press('Space');
  // Reloaded without its scripts: the painted start position is taken away by the page's
  // line of script, since a saved game waits.
  await page.route(/\.(js|wasm)(\?|$)/, (route) => route.abort());
  await page.reload();
  const painted = await page.evaluate(() => document.querySelector('arbiter-board').shadowRoot.querySelectorAll('[data-piece]').length);
  assert.equal(painted, 0);
  await page.unroute(/\.(js|wasm)(\?|$)/);
  await openBoard(page, `${env.server.url}/index.html`);
  assert.equal(await square(page, 'e4').getAttribute('data-piece'), 'white-pawn');
  assert.equal(await square(page, 'e2').getAttribute('data-piece'), null);
});

test('loading: a first visit saves nothing until the game has its first event, then saves it', async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 900 });
  await openBoard(page, `${env.server.url}/index.html`);
  const saved = () => page.evaluate(() => localStorage.getItem('arbiter.game'));
  // The game the element's attributes set up is the one a reload would set up: nothing to keep.
  assert.equal(await saved(), null);
  await square(page, 'e2').click();
  await square(page, 'e4').click();
  const log = await saved();
  assert.ok(log && JSON.parse(log).log.includes('e2e4'), `saved after the move: ${log}`);
  await page.reload();
  await openBoard(page, `${env.server.url}/index.html`);
  assert.equal(await square(page, 'e4').getAttribute('data-piece'), 'white-pawn');
});
