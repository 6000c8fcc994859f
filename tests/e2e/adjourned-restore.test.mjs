// An adjourned game across a reload (2005 App. A / 2023 Guidelines I). The sealed move's
// passphrase is stretched by Argon2id, which only the page's full wasm module has: the lean one,
// loaded first, leaves it out to load sooner (wasm/Cargo.toml). A saved game whose log holds a
// seal is restored in the full module; the lean one refuses a log that opens an Argon2 envelope,
// naming why, and never plays it on as another game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage, openBoard, clickMove, press, state } from './harness.mjs';

const env = setUp();

const board = 'document.querySelector("arbiter-board")';

test('app_a7 a game sealed and opened, then reloaded: restored in the full module with the sealed move played; the lean module refuses its log and its restore by name', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  for (const [from, to] of [['e2', 'e4'], ['e7', 'e5']]) {
    await clickMove(page, from, to);
    await press(page);
  }
  await page.click('#open-arbiter');
  await page.fill('#adjourn input[name="passphrase"]', 'tuesday-night');
  await page.click('#adjourn button[value="seal"]');
  await clickMove(page, 'g1', 'f3');
  await page.waitForFunction(`${board}.table?.state().core.sealed`, null, { timeout: 30_000 });
  await page.fill('#adjourn input[name="passphrase"]', 'tuesday-night');
  await page.click('#adjourn button[value="open"]');
  await page.waitForFunction(`${board}.table.state().core.sealed === false`, null, { timeout: 30_000 });
  const log = await page.evaluate(`${board}.table.log()`);
  assert.match(log, /"argon2":\{/, 'the envelope was stretched by Argon2');
  assert.match(log, /"type":"open"/);

  // The lean module (the page's first, instantiated by now) replays none of it: the opening is
  // refused by name, not played on, and nothing panics.
  const lean = await page.evaluate(async (text) => {
    const wasm = await import('/pkg/arbiter_wasm.js');
    if (typeof wasm.Table.prototype.seal === 'function') return 'not the lean module';
    try {
      wasm.Table.fromLog(text, Date.now(), {});
      return 'replayed';
    } catch (err) {
      return String(err?.message ?? err);
    }
  }, log);
  assert.match(lean, /^event log: .*Argon2id/, lean);
  // Its restore of the saved game says, by the refusal's id, that the full module restores it.
  const leanRestore = await page.evaluate(async () => {
    const wasm = await import('/pkg/arbiter_wasm.js');
    try {
      wasm.Table.restore(document.querySelector('arbiter-board').getAttribute('persist'));
      return 'restored';
    } catch (err) {
      return `${err?.id}: ${err?.message ?? err}`;
    }
  });
  assert.match(leanRestore, /^restore_needs_full: the saved game holds a sealed move/, leanRestore);

  await page.reload();
  await page.waitForFunction(`${board}?.table?.state().moves.length > 0`, null, { timeout: 30_000 });
  const s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5', 'Nf3']);
  assert.equal(s.core.sealed, false);
  assert.equal(await page.evaluate(`typeof ${board}.table.seal`), 'function', 'restored in the full module');
  assert.doesNotMatch(await page.locator('arbiter-board .rulings').textContent(), /could not be restored/);
  assert.equal(page.lastError, undefined);
});
