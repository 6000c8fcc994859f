// The custom element on a bare page, as a club site would embed it: one module script, one tag.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage, openBoard, clickMove, press, state, square } from './harness.mjs';

// Nothing but the snippet from the README, with the Italian notation of App. E.
const BARE = `<!doctype html><meta charset="utf-8"><title>Club page</title>
<h1>Our club game</h1>
<script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board time-control="15+10" lang="it" white="Anna" black="Bruno" auto-press></arbiter-board>
<script>
  window.seen = [];
  const b = document.querySelector('arbiter-board');
  for (const t of ['move', 'ruling', 'gameover', 'ready']) b.addEventListener(t, (e) => window.seen.push({ type: t, detail: e.detail }));
</script>`;

// A club page with its own typeface, set on the element as on any other.
const TYPEFACE = `<!doctype html><meta charset="utf-8"><title>Club page</title>
<style>arbiter-board { font-family: Georgia, serif; }</style>
<script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board time-control="15+10"></arbiter-board>`;

const env = setUp({ '/club.html': BARE, '/typeface.html': TYPEFACE });

test('app_e_embedded element plays in Italian notation and fires move events', async () => {
  const page = await freshPage(env.browser, { width: 700, height: 1000 });
  await openBoard(page, `${env.server.url}/club.html`);
  // auto-press: the move completes without a separate press.
  await clickMove(page, 'g1', 'f3');
  await clickMove(page, 'b8', 'c6');
  const s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['Cf3', 'Cc6']);
  assert.equal(s.players.white, 'Anna');
  const seen = await page.evaluate(() => window.seen);
  const moves = seen.filter((e) => e.type === 'move').map((e) => e.detail.san);
  assert.deepEqual(moves, ['Cf3', 'Cc6']);
  assert.ok(seen.some((e) => e.type === 'ready'));
  assert.ok(seen.some((e) => e.type === 'ruling' && /Art\. 6\.5/.test(e.detail.law)), 'the start of the clock is a ruling');
  assert.equal(await page.locator('arbiter-board [data-clock="white"] .name').textContent(), 'Anna');
  // No styles leak out of the element: the page's h1 keeps the browser's defaults.
  const h1 = await page.evaluate(() => getComputedStyle(document.querySelector('h1')).fontFamily);
  assert.doesNotMatch(h1, /system-ui/);
});

test('art4_3a the touched piece is marked and the obligation is shown', async () => {
  const page = await freshPage(env.browser, { width: 700, height: 1000 });
  await openBoard(page, `${env.server.url}/club.html`);
  await square(page, 'b1').click();
  const s = await state(page);
  assert.equal(s.touched, 'b1');
  assert.match(await square(page, 'b1').getAttribute('class'), /touched/);
  // The club's page is in Italian (lang="it"): the obligation is said in its language.
  assert.match(await page.locator('arbiter-board .status').textContent(), /Pezzo toccato: il pezzo in b1 deve essere mosso\. \(2005 Art\. 4\.3/);
  // Hints show only that knight's moves.
  assert.match(await square(page, 'c3').getAttribute('class'), /\bhint\b/);
  assert.doesNotMatch(await square(page, 'e4').getAttribute('class'), /\bhint\b/);
});

test('art3 a bare page on a phone: tap-tap moves work', async () => {
  const page = await freshPage(env.browser, { width: 390, height: 844, touch: true });
  await openBoard(page, `${env.server.url}/club.html`);
  await square(page, 'e2').tap();
  await square(page, 'e4').tap();
  const s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['e4']);
  void press;
});

test('webmaster: a typeface set on the element is the board’s, its buttons and menus too', async () => {
  const page = await freshPage(env.browser, { width: 1000, height: 900 });
  await openBoard(page, `${env.server.url}/typeface.html`);
  const fonts = await page.evaluate(() => {
    const root = document.querySelector('arbiter-board').shadowRoot;
    const family = (sel) => getComputedStyle(root.querySelector(sel)).fontFamily;
    return { status: family('.status'), press: family('button.press'), action: family('.actions button'), claim: family('.actions select') };
  });
  // Form controls take the browser's own font unless told otherwise (Arial, here).
  assert.deepEqual(fonts, { status: 'Georgia, serif', press: 'Georgia, serif', action: 'Georgia, serif', claim: 'Georgia, serif' });
});
