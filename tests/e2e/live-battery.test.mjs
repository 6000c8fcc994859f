// A wireless DGT board's battery on the single board's page, against the real bridge reading a
// DGT board on a real pseudo-terminal (the fake answers the battery's question with 64 %, and
// its clock reads with the low-battery bit): the page's health line says the board's charge and
// the clock's low battery in the page's language, for a page open before the board told it and
// for one that joins afterwards (from the bridge's snapshot).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setUp, freshPage, BRIDGE, SERVED, spawnBridge, saveShot } from './harness.mjs';
import { fakeBoard } from './fake-dgt-board.mjs';

const env = setUp({});
const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const en = JSON.parse(fs.readFileSync(new URL('../../www/messages/en.json', import.meta.url), 'utf8'));
const fr = JSON.parse(fs.readFileSync(new URL('../../www/messages/fr.json', import.meta.url), 'utf8'));
const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();

/** The health line's text once it tells the board's charge. */
async function healthWithBattery(page) {
  await page.waitForFunction(() => document.querySelector('#board').shadowRoot.querySelector('.health')?.dataset.battery === '64', null, { timeout: 20_000 });
  return page.locator('#board .health').textContent();
}

test('live a wireless board\'s battery and its clock\'s low battery on the health line, in the page\'s words', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-live-battery-'));
  const link = path.join(dir, 'board');
  const fake = await fakeBoard(dir, link, '41234', { battery: true });
  const bridge = await spawnBridge((listen) => ['--port', link, '--listen', listen, '--www', SERVED]);
  try {
    const page = await freshPage(env.browser);
    await page.goto(`${bridge.url}/`);
    const text = await healthWithBattery(page);
    assert.ok(text.includes(en.board_battery.replace('{percent}', '64')), text);
    assert.ok(text.includes(en.board_clock_battery_low), text);
    await saveShot(page, { path: path.join(SHOTS, 'live-battery.png') });
    // A page that joins later, in French: the snapshot brings the charge.
    const later = await freshPage(env.browser, { width: 390, height: 844 });
    await later.goto(`${bridge.url}/?lang=fr`);
    const fra = await healthWithBattery(later);
    assert.ok(fra.includes(fr.board_battery.replace('{percent}', '64')), fra);
    assert.ok(fra.includes(fr.board_clock_battery_low), fra);
    assert.ok(!fra.includes('battery'), `no English words: ${fra}`);
    await saveShot(later, { path: path.join(SHOTS, 'live-battery-phone-fr.png') });
  } finally {
    await bridge.stop();
    fake.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
