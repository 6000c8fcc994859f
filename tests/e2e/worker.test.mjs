// canMate in a Web Worker: the dead-position search runs off the page's thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage } from './harness.mjs';

const env = setUp();

test('art6_10 can_mate answers from a module worker, with a helpmate line as evidence', async () => {
  const page = await freshPage(env.browser);
  await page.goto(`${env.server.url}/embed.html`);
  const answers = await page.evaluate(async () => {
    // Held by the window: a worker and the promises waiting on it, reachable from nothing else,
    // may be collected on a loaded machine, and Playwright's evaluate with them ('Promise was
    // collected'; once in 1 of 3 runs two files at a time, 31 s in).
    const w = new Worker('/js/dead-worker.js', { type: 'module' });
    window.deadWorker = w;
    const ask = (msg) => new Promise((resolve) => {
      const on = (e) => {
        if (e.data.id !== msg.id) return;
        w.removeEventListener('message', on);
        resolve(e.data);
      };
      w.addEventListener('message', on);
      w.postMessage(msg);
    });
    const out = await Promise.all([
      ask({ id: 1, fen: '8/8/8/4k3/8/8/8/4KB2 w - - 0 1', side: 'white', nodes: 100000 }),
      ask({ id: 2, fen: 'K7/2k5/P7/3n4/8/8/8/8 w - - 0 1', side: 'black', nodes: 200000 }),
      ask({ id: 3, fen: 'not a position', side: 'white' }),
    ]);
    w.terminate();
    return out;
  });
  assert.equal(answers[0].answer, 'no', 'king and bishop cannot mate a bare king');
  assert.equal(answers[1].answer, 'yes', 'C-12 (b): 1.a7 Nb6# is a helpmate');
  assert.ok(answers[1].line.length >= 1);
  assert.match(answers[2].error, /FEN/);
});
