// The arbiter's link a single board prints at start (`/?seat=arbiter&key=K`) opens the bridge's
// live game on his screen, with the Arbiter panel, no New game and no player's offer, claim or
// resignation: before, the page knew no arbiter seat and opened a game of its own on the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setUp, freshPage, BRIDGE, SERVED, startBridge, saveShot } from './harness.mjs';

const env = setUp({});
const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';

test('the arbiter\'s printed link opens the live game with his panel', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-seat-'));
  fs.writeFileSync(path.join(dir, 'game.pgn'), '[Event "e2e"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n');
  const bridge = await startBridge(path.join(dir, 'game.pgn'), 'http://localhost:1', ['--www', SERVED]);
  try {
    assert.ok(bridge.keys.arbiter, `the bridge printed the arbiter's link: ${JSON.stringify(bridge.keys)}`);
    const page = await freshPage(env.browser);
    await page.goto(`${bridge.url}/?seat=arbiter&key=${bridge.keys.arbiter}`);
    await page.waitForFunction(() => document.querySelector('#board')?.state?.moves?.length === 3, null, { timeout: 30_000 });
    assert.equal(await page.getAttribute('#board', 'seat'), 'arbiter');
    assert.equal(await page.evaluate(() => document.querySelector('#board').dataset.seatRefused), undefined);
    assert.equal(await page.locator('#open-arbiter').isVisible(), true);
    assert.equal(await page.locator('#new-game').isVisible(), false);
    // He rules; he does not play: no offer, claim or resignation on his screen.
    for (const action of ['offer', 'claim', 'resign']) {
      assert.equal(await page.locator(`#board [data-action="${action}"]`).isVisible(), false, action);
    }
    await saveShot(page, { path: path.join(process.env.ARBITER_SHOTS ?? os.tmpdir(), 'arbiter-seat-desk.png') });
    await page.context().close();
  } finally {
    await bridge.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
