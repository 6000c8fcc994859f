// A flag fall whose ruling needs the full dead-position analysis (2023 Art. 6.9): the page's
// quick pass leaves it open, the clocks stand, the board says the arbiter is deciding, the
// Worker runs the analysis and the core rules on its answer, logged as an `analysis` event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage, openBoard, press, state } from './harness.mjs';

// Black to move and about to flag in both. In the first White can mate only by a long
// helpmate through locked pawns (seconds of search); in the second White cannot mate at all, a
// fortress proven only by the full analysis. Both from the hard composed set.
const WHITE_CAN_MATE = '8/8/5p2/2p1pP2/2PbPkBb/2pBp1p1/2P1P1P1/5BRK b - - 0 1';
const WHITE_CANNOT_MATE = '1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 b - - 0 1';

// 2023 blitz with an arbiter present: he calls the flag (A.5.5), three seconds each.
const board = (fen) => `<!doctype html><meta charset="utf-8"><title>ruling</title>
<script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board time-control="0.05" edition="2023" arbiter="present" fen="${fen}"></arbiter-board>`;

const env = setUp({
  '/can-mate.html': board(WHITE_CAN_MATE),
  '/cannot-mate.html': board(WHITE_CANNOT_MATE),
});

/** Starts Black's clock and resolves with the `gameover` detail and what was seen before it. */
async function flagFall(page) {
  const over = page.evaluate(() => new Promise((resolve) => {
    const el = document.querySelector('arbiter-board');
    const seen = { deciding: null, running: undefined };
    // The board is redrawn in the task after the tick that opened the ruling: the status is
    // read at the last look while the ruling stood open.
    const look = () => {
      const a = el.state?.core?.analysis;
      if (!a) return;
      if (!seen.deciding) {
        seen.deciding = { ...a };
        seen.running = el.state.clock.running;
      }
      seen.deciding.status = el.shadowRoot.querySelector('.status')?.textContent ?? '';
    };
    const timer = setInterval(look, 20);
    el.addEventListener('gameover', (e) => {
      clearInterval(timer);
      look();
      resolve({ detail: e.detail, seen, log: el.table.log() });
    }, { once: true });
  }));
  await press(page);
  return over;
}

test('art6_9_2023 flag fall on a hard position: the Worker decides, White can mate and wins', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/can-mate.html`);
  const { detail, seen, log } = await flagFall(page);
  assert.equal(detail.result, '1-0');
  assert.equal(detail.reason, 'time');
  assert.match(detail.law, /^2023 Art\. 6\.9/);
  // While the Worker searched, the ruling stood open with the clocks stopped, and said so.
  assert.ok(seen.deciding, 'the state showed the pending analysis');
  assert.equal(seen.deciding.side, 'white');
  assert.equal(seen.deciding.ruling, 'flag_fall');
  assert.equal(seen.running, null);
  assert.match(seen.deciding.status, /arbiter is deciding: can White still mate\?/);
  assert.match(log, /"type":"analysis","side":"white","fen":"[^"]+","can_mate":true/);
  const s = await state(page);
  assert.equal(s.core.analysis, null);
  assert.equal(page.lastError, undefined);
});

test('art6_9_2023 flag fall against a fortress: the Worker decides White cannot mate, a draw', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/cannot-mate.html`);
  const { detail, log } = await flagFall(page);
  assert.equal(detail.result, '1/2-1/2');
  assert.equal(detail.reason, 'time_but_cannot_mate');
  assert.match(log, /"type":"analysis","side":"white","fen":"[^"]+","can_mate":false/);
  // The log replays to the same game: the answer is in it, nothing is searched again.
  const replayed = await page.evaluate(async (text) => {
    const { loadArbiter } = await import('/js/engine.js');
    const a = await loadArbiter();
    const t = a.Table.fromLog(text, 0, { lang: 'en' });
    return t.state().result;
  }, log);
  assert.equal(replayed.result, '1/2-1/2');
  assert.equal(page.lastError, undefined);
});

test('art6_9_2023 without a Worker: the analysis in slices (DeadAnalysis.step) gives the one-call answer', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/cannot-mate.html`);
  const HARD_CAN_MATE = '7k/8/1p6/1Pp5/2Pp4/p2Pp1p1/P1B1P1P1/1B1B2K1 b - - 0 1';
  const runs = await page.evaluate(async (fens) => {
    // DeadAnalysis and analysisEvent are the full module's, as a page without a Worker loads it.
    const { loadFull } = await import('/js/engine.js');
    const a = await loadFull();
    const out = [];
    for (const fen of fens) {
      const whole = a.analysisEvent(fen, 'white');
      const sliced = new a.DeadAnalysis(fen, 'white');
      let event = null;
      let steps = 0;
      let longest = 0;
      while (!event) {
        // Between slices the page's other tasks run, as a shell without a Worker would let them.
        await new Promise((r) => setTimeout(r, 0));
        const t = performance.now();
        event = sliced.step(2000);
        longest = Math.max(longest, performance.now() - t);
        steps += 1;
      }
      sliced.free();
      out.push({ whole, event, steps, longest });
    }
    return out;
  }, [WHITE_CANNOT_MATE, HARD_CAN_MATE]);
  const [fortress, mate] = runs;
  assert.deepEqual(fortress.event, fortress.whole);
  assert.equal(fortress.event.can_mate, false);
  assert.deepEqual(mate.event, mate.whole);
  assert.equal(mate.event.can_mate, true);
  // Each needed many slices: the analysis really paused and went on.
  assert.ok(fortress.steps > 5, `fortress: ${fortress.steps} steps`);
  assert.ok(mate.steps > 5, `mate: ${mate.steps} steps`);
  console.log(`slices of 2,000 nodes: fortress ${fortress.steps} steps (longest ${fortress.longest.toFixed(1)} ms), `
    + `mate ${mate.steps} steps (longest ${mate.longest.toFixed(1)} ms)`);
  assert.equal(page.lastError, undefined);
});
