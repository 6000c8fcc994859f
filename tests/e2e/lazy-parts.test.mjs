// The page's parts fetched when asked for (the new-game dialog, the arbiter's panel, the PGN
// import; a board's parts asked for and its sensor board's link; the hall's board element)
// after a network blip: the next ask fetches the part again
// and it works. A browser may keep a module's failed import for the page's life (Debian's
// Chromium 148 does: a second import() of the URL fails at once, fetching nothing), so the page
// asks at a new URL (`?retry=N`, once.js importAnew) and the routes match the file with a query.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BRIDGE, freshPage, gated, launch, openBoard, setUp, state } from './harness.mjs';
import { startHall } from './hall-harness.mjs';

const env = setUp();

const PGN = '[Event "e2e"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n';

// Each part: its module, what asks for it, and whether it is seen (it came and works).
const PARTS = [
  {
    name: 'the new-game dialog',
    file: /\/js\/new-game\.js(\?[^/]*)?$/,
    ask: (page) => page.click('#new-game'),
    shown: (page) => page.evaluate(() => !!document.querySelector('#new-game-dialog[open] #ng-start')),
  },
  {
    name: 'the arbiter\'s panel',
    file: /\/js\/arbiter-panel\.js(\?[^/]*)?$/,
    ask: (page) => page.click('#open-arbiter'),
    shown: (page) => page.locator('#set-clock').isVisible(),
  },
  {
    name: 'the PGN import',
    file: /\/js\/pgn-import\.js(\?[^/]*)?$/,
    before: async (page) => {
      await page.click('#open-pgn');
      await page.fill('#pgn-text', PGN);
    },
    ask: (page) => page.click('#pgn-import'),
    shown: async (page) => (await state(page)).moves.map((m) => m.san).join(' ') === 'e4 e5 Nf3',
  },
];

/** Waits until `ok()` holds (polled), failing after `ms`. */
async function until(what, ok, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) assert.fail(`${what}: not after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const part of PARTS) {
  test(`${part.name}: its module failing to load is fetched again at the next click, and it opens`, async () => {
    const page = await freshPage(env.browser);
    const gate = await gated(page, part.file);
    await openBoard(page, `${env.server.url}/index.html`);
    await part.before?.(page);
    await part.ask(page);
    await until('the module asked for', () => gate.count >= 1);
    await page.waitForTimeout(500);
    assert.equal(await part.shown(page), false, 'nothing opened while the module cannot come');
    const failed = gate.count;
    gate.open = true;
    await part.ask(page);
    await until(`${part.name} shown at the next click`, () => part.shown(page));
    assert.equal(gate.count, failed + 1, 'fetched once more at the next click');
    assert.equal(page.lastError, undefined, 'the failed load was no error of the page');
    await page.context().close();
  });
}

// The board's own parts: what it does when asked (board/asked.js: here the resignation) and the
// sensor board's link (board/connect.js). Failing, the board says which part could not load; the
// next click fetches it once more and it answers.
const BOARD_PARTS = [
  {
    name: 'the board\'s parts asked for (asked.js)',
    file: /\/js\/board\/asked\.js(\?[^/]*)?$/,
    failed: /could not load: asked\.js/,
    // The rest of English comes slower than asked.js fails: the failure is still said in words.
    before: (page) => page.route(/\/lang\/en\.[^/]*js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    }),
    ask: (page) => page.locator('arbiter-board [data-action="resign"]').click(),
    came: (page) => page.locator('arbiter-board [role="alertdialog"]').waitFor({ timeout: 10_000 }),
  },
  {
    name: 'the sensor board\'s link (connect.js)',
    file: /\/js\/board\/connect\.js(\?[^/]*)?$/,
    failed: /could not load: board\/connect\.js/,
    // A browser without Web Serial, Bluetooth or HID: the link, once here, says so at once.
    before: (page) => page.addInitScript(() => {
      for (const api of ['serial', 'bluetooth', 'hid']) Object.defineProperty(Navigator.prototype, api, { get: () => undefined });
    }),
    ask: (page) => page.locator('arbiter-board [data-connect-board]').click(),
    came: (page) => page.locator('arbiter-board [data-board-status]').getByText(/cannot reach a board/).waitFor({ timeout: 10_000 }),
  },
];

for (const part of BOARD_PARTS) {
  test(`${part.name}: its module failing to load is said, and the next click fetches it again`, async () => {
    const page = await freshPage(env.browser);
    await part.before?.(page);
    const gate = await gated(page, part.file);
    await openBoard(page, `${env.server.url}/index.html`);
    await part.ask(page);
    await page.locator('arbiter-board .rulings').getByText(part.failed).first().waitFor({ timeout: 10_000 });
    const failed = gate.count;
    assert.ok(failed >= 1, 'the module was asked for');
    gate.open = true;
    await part.ask(page);
    await part.came(page);
    assert.equal(gate.count, failed + 1, 'fetched once more at the next click');
    await page.context().close();
  });
}

// The hall's page of a board (/board/N) imports the board's element: failing, the page says so
// with a button that asks for it again, and the board then plays.
test('hall board page: the element failing to load is said, and "Try again" fetches it and shows the board', { skip: !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary' }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-lazy-'));
  fs.writeFileSync(path.join(dir, 'g.pgn'), '[Event "e2e"]\n[Result "*"]\n\n1. e4 e5 *\n');
  const hall = await startHall(dir, [['Rossi, Anna', 'Neri, Bruno', 'g.pgn']]);
  const browser = await launch();
  try {
    const page = await freshPage(browser);
    const gate = await gated(page, /\/js\/arbiter-board\.js(\?[^/]*)?$/);
    await page.goto(`${hall.url}/board/1`);
    const retry = page.locator('#status button');
    await retry.waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('#status').textContent(), 'The board could not be loaded. Try again');
    assert.equal(await retry.textContent(), 'Try again');
    const failed = gate.count;
    assert.ok(failed >= 1);
    gate.open = true;
    await retry.click();
    await page.waitForFunction(() => document.querySelector('arbiter-board')?.state?.moves?.length >= 1, null, { timeout: 30_000 });
    assert.equal(gate.count, failed + 1, 'fetched once more at the click');
    assert.equal(await page.locator('#status button').count(), 0, 'the failure is no longer said');
    assert.equal(page.lastError, undefined);
  } finally {
    await browser.close();
    await hall.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
