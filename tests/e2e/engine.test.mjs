// engine.js: a module load that failed (a network blip) is tried again on the next ask, rather
// than the rejected promise being kept for the page's life. A failed import is tried again at a
// new URL (`?retry=N`, once.js importAnew): a browser may keep an import's failure for the
// page's life (Debian's Chromium 148 does), so the routes below match the file with a query.
import test from 'node:test';
import assert from 'node:assert/strict';
import { freshPage, gated, openBoard, setUp } from './harness.mjs';

const env = setUp();

/** Asks engine.js, as shipped, for a module: what it gave. */
function ask(page, loader) {
  return page.evaluate(async (name) => {
    const engine = await import('/js/engine.js');
    return engine[name]().then(
      (m) => ({ table: typeof m.Table === 'function', full: typeof m.canMate === 'function' }),
      (err) => ({ error: String(err) }),
    );
  }, loader);
}

for (const [what, pattern] of [['wasm', /arbiter_full_bg[^/]*\.wasm$/], ['glue', /arbiter_full[^/]*\.js(\?[^/]*)?$/]]) {
  test(`engine loadFull: the full module's ${what} failing to load is fetched again on the next ask`, async () => {
    const page = await freshPage(env.browser);
    const gate = await gated(page, pattern);
    await openBoard(page, `${env.server.url}/index.html`);
    const first = await ask(page, 'loadFull');
    assert.ok(first.error, `the first ask failed: ${JSON.stringify(first)}`);
    const failed = gate.count;
    gate.open = true;
    assert.deepEqual(await ask(page, 'loadFull'), { table: true, full: true });
    assert.equal(gate.count, failed + 1, `the ${what} was asked for again`);
    await page.context().close();
  });
}

test('engine loadArbiter: the lean module failing to load is fetched again on the next ask', async () => {
  const page = await freshPage(env.browser);
  const gate = await gated(page, /arbiter_wasm_bg[^/]*\.wasm$/);
  await page.goto(`${env.server.url}/index.html`);
  // The element's own load fails first (it shows why); then this page's ask.
  await page.waitForFunction((n) => n > 0, gate.count).catch(() => {});
  const first = await ask(page, 'loadArbiter');
  assert.ok(first.error, `the first ask failed: ${JSON.stringify(first)}`);
  const failed = gate.count;
  gate.open = true;
  assert.deepEqual(await ask(page, 'loadArbiter'), { table: true, full: false });
  assert.equal(gate.count, failed + 1, 'the wasm was asked for again');
  await page.context().close();
});

// The words beyond the first screen's (lang/en.js) failing to arrive: a control that needs them
// asks for them once more and then answers as it can; it does not fetch them again and again
// while the network is down (the control re-asked itself each time the fetch failed).
test('words that fail to arrive are asked for again on the next ask, not in a loop', async () => {
  const page = await freshPage(env.browser);
  const gate = await gated(page, /\/lang\/en\.[^/]*js(\?[^/]*)?$/);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.locator('arbiter-board [data-action="resign"]').click();
  await page.waitForTimeout(1500);
  const asked = gate.count;
  assert.ok(asked >= 1 && asked <= 3, `en.js was asked for ${asked} times in 1.5 s`);
  gate.open = true;
  await page.locator('arbiter-board [data-action="resign"]').click();
  // Once here, the resignation asks first, in words.
  await page.locator('arbiter-board [role="alertdialog"]').waitFor({ timeout: 10_000 });
  assert.equal(gate.count, asked + 1, 'fetched again on the next ask');
  await page.context().close();
});

// Another language's table (lang/de.js) failing to arrive: the next ask fetches it again, and
// the page then speaks German. Asked through words.js as shipped, on a page of its own.
test('a language\'s words that fail to arrive are fetched again on the next ask', async () => {
  const page = await freshPage(env.browser);
  const gate = await gated(page, /\/lang\/de\.[^/]*js(\?[^/]*)?$/);
  await page.goto(`${env.server.url}/index.html`);
  const ask = () => page.evaluate(async () => {
    const words = await import('/js/words.js');
    const failed = await words.loadSentences('de').then(() => false, () => true);
    return { failed, lang: words.sentenceLang('de'), side: words.sideName('black', 'de') };
  });
  assert.deepEqual(await ask(), { failed: true, lang: 'en', side: 'Black' });
  const failed = gate.count;
  gate.open = true;
  assert.deepEqual(await ask(), { failed: false, lang: 'de', side: 'Schwarz' });
  assert.equal(gate.count, failed + 1, 'the table was asked for again');
  await page.context().close();
});
