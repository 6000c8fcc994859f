// A sealed move made on the sensor board (2005 App. A1, A5), seen on the live page of the real
// bridge (`board-bridge --simulate`, its board on a pseudo-terminal): once the sealer's seat asks
// for it, the page's board status says `sealing`, then, when the move is read into the envelope,
// `pieces_back`, in the page's language (German here), and shows no position meanwhile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setUp, freshPage, BRIDGE, SERVED, startBridge } from './harness.mjs';

const env = setUp({});
const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const de = JSON.parse(fs.readFileSync(new URL('../../www/messages/de.json', import.meta.url), 'utf8'));

test('live the board status of a move sealed on the board: sealing, then pieces back, in the page\'s words', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-live-seal-'));
  fs.writeFileSync(path.join(dir, 'game.pgn'), '[Event "e2e"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n');
  const bridge = await startBridge(path.join(dir, 'game.pgn'), 'http://localhost:1', ['--www', SERVED, '--minutes', '90']);
  try {
    // White's seat, as the sealer's screen would be; a second socket of that seat, opened in
    // the browser, asks for the seal the moment Black's e5 is in (the simulated White thinks
    // 0.9 s before his next move).
    const page = await freshPage(env.browser);
    await page.goto(`${bridge.url}/?seat=white&key=${bridge.keys.white}&lang=de`);
    await page.evaluate((url) => new Promise((resolve, reject) => {
      const seat = new WebSocket(url);
      const timer = setTimeout(() => reject(new Error('e5 never came')), 30_000);
      seat.addEventListener('message', (m) => {
        const msg = JSON.parse(m.data);
        if (msg.type === 'move' && msg.ply === 2) {
          clearTimeout(timer);
          seat.send(JSON.stringify({ type: 'seal_on_board', passphrase: 'arbiter secret' }));
          resolve();
        }
      });
    }), `${bridge.ws}?role=white&key=${bridge.keys.white}`);
    const health = page.locator('#board .health');
    await page.waitForFunction(() => document.querySelector('#board').shadowRoot.querySelector('.health')?.dataset.sealing === 'sealing', null, { timeout: 10_000 });
    assert.match(await health.textContent(), new RegExp(de.board_sealing.slice(0, 20)));
    // Nf3 is made on the board and goes into the envelope: the pieces are to go back.
    await page.waitForFunction(() => document.querySelector('#board').shadowRoot.querySelector('.health')?.dataset.sealing === 'pieces_back', null, { timeout: 15_000 });
    const text = await health.textContent();
    assert.ok(text.includes(de.board_pieces_back), text);
    assert.ok(!text.includes('Sealed: put the pieces back'), `no English words: ${text}`);
    // The sealed move is no move of the game on the page.
    const moves = await page.evaluate(() => document.querySelector('#board').state.moves.length);
    assert.equal(moves, 2);
  } finally {
    await bridge.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
