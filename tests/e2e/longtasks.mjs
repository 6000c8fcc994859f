// The page's main thread during a flag-fall ruling on the hard composed positions (2005
// Art. 6.10 / 2023 Art. 6.9): Chromium's long tasks (PerformanceObserver, 'longtask'), before
// and after the ruling's analysis moved to the Worker.
//
//   before: the full analysis the inline ruling ran, `canMate(fen, side, 2^24)` (the core's
//           Budget::RULING) called on the main thread of the real page;
//   after:  the real board's flag fall: the core's quick pass on the main thread, the full
//           analysis in the Worker, its answer fed back as the `analysis` event.
//
// Prints the longest main-thread task of each and the count over 50 ms. The node:test
// assertions are on outcomes only (the same ruling both ways), never on time:
//
//   cd tests/e2e && ARBITER_WWW=../../www/dist node --test longtasks.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage, openBoard, press } from './harness.mjs';

// The side to move flags; whether the other side (with time left) can mate, from the hard
// set (its line; the full analysis's native time on a quiet core in the comment).
const POSITIONS = [
  { line: 3304, fen: '8/8/5p2/2p1pP2/2PbPkBb/2pBp1p1/2P1P1P1/5BRK b - - 0 1', canMate: true }, // ~5 s
  { line: 3288, fen: '7k/8/1p6/1Pp5/2Pp4/p2Pp1p1/P1B1P1P1/1B1B2K1 w - - 0 1', canMate: true }, // ~55 ms
  { line: 412, fen: '1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 b - - 0 1', canMate: false }, // ~60 ms
  // The floor: king and bishop against king, decided by the quick pass, no Worker.
  { line: 0, fen: '8/8/4k3/8/8/3BK3/8/8 b - - 0 1', canMate: false },
];
const RULING_NODES = 2 ** 24;

const page = (fen) => `<!doctype html><meta charset="utf-8"><title>longtasks</title>
<script>
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
</script>
<script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board time-control="0.05" edition="2023" arbiter="present" fen="${fen}"></arbiter-board>`;

const extra = Object.fromEntries(POSITIONS.map((p) => [`/p${p.line}.html`, page(p.fen)]));
const env = setUp(extra);
const rows = [];

/** The long tasks that began at or after `since` (ms on the page's performance clock). */
const tasksSince = (p, since) => p.evaluate((t) => window.longTasks.filter((e) => e.start >= t), since);

for (const pos of POSITIONS) {
  test(`art6_9 line ${pos.line}: the same ruling inline and from the Worker`, async () => {
    const p = await freshPage(env.browser);
    await openBoard(p, `${env.server.url}/p${pos.line}.html`);
    // Let the page's own loading tasks pass before anything is measured.
    await p.waitForTimeout(300);

    // Before: the inline ruling's analysis on the main thread.
    const before = await p.evaluate(async ({ fen, nodes }) => {
      const { loadArbiter } = await import('/js/engine.js');
      const a = await loadArbiter();
      const t0 = performance.now();
      const side = fen.split(' ')[1] === 'b' ? 'white' : 'black';
      const answer = a.canMate(fen, side, nodes).answer;
      return { t0, answer, ms: performance.now() - t0 };
    }, { fen: pos.fen, nodes: RULING_NODES });
    await p.waitForTimeout(100); // the observer's entries arrive after the task
    const inlineTasks = await tasksSince(p, before.t0 - 1);

    // After: the board's flag fall, with the Worker. The page notes when the ruling began to
    // wait (the pending analysis seen in the state) and when it was made (gameover).
    const t1 = await p.evaluate(() => performance.now());
    const over = p.evaluate(() => new Promise((resolve) => {
      const el = document.querySelector('arbiter-board');
      let pendingAt = null;
      const timer = setInterval(() => {
        if (pendingAt === null && el.state?.core?.analysis) pendingAt = performance.now();
      }, 10);
      el.addEventListener('gameover', (e) => {
        clearInterval(timer);
        resolve({ detail: e.detail, pendingAt, overAt: performance.now() });
      }, { once: true });
    }));
    await press(p);
    const { detail, pendingAt, overAt } = await over;
    await p.waitForTimeout(100);
    const workerTasks = await tasksSince(p, t1);
    // The search's stretch: from the flag's task (the quick pass) to the answer's.
    const during = pendingAt === null ? [] : workerTasks.filter((e) => e.start + e.ms > pendingAt && e.start < overAt);

    // Outcomes only: the inline answer and the Worker's ruling agree, and with the set's label.
    assert.equal(before.answer, pos.canMate ? 'yes' : 'no');
    const winner = pos.fen.split(' ')[1] === 'b' ? '1-0' : '0-1';
    assert.equal(detail.result, pos.canMate ? winner : '1/2-1/2');
    const longest = (ts) => ts.reduce((m, e) => Math.max(m, e.ms), 0);
    const over50 = (ts) => ts.filter((e) => e.ms > 50).length;
    rows.push({
      line: pos.line,
      'inline analysis ms': Math.round(before.ms),
      'inline longest task ms': Math.round(longest(inlineTasks)),
      'worker: waited ms': pendingAt === null ? 0 : Math.round(overAt - pendingAt),
      'worker: longest task, whole game ms': Math.round(longest(workerTasks)),
      'worker: longest task while waiting ms': Math.round(longest(during)),
      'worker: tasks > 50 ms while waiting': over50(during),
    });
  });
}

test('report', () => {
  console.table(rows);
});
