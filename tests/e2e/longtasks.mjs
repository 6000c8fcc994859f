// The page's main thread during a flag-fall ruling on the hard composed positions (2005
// Art. 6.10 / 2023 Art. 6.9), measured in Chromium's own trace.
//
// For each position the real board (the `<arbiter-board>` element as it ships) runs out a
// flag. The ruling window is from the task in which the flag fell (the core's tick, with its
// quick pass on the main thread) to the frame after the ruling is shown (`gameover`, drawn):
// while it lasts the Worker runs the full analysis, and the main thread should stay free. The
// script finds every main-thread task of that window in the trace (`RunTask`) and, for the
// longest, what was inside it: the trace's own events (script, style, layout, paint, GC) and
// this page's `performance.measure`s around each call into the wasm `Table`.
//
// Beside it, in the same run, two floors: a board whose ruling the quick pass decides at
// once (king and bishop against king: no Worker, nothing searched), and an empty page making
// only the bare wasm call the board's tick makes on the main thread (`quickPass`) for each
// position, with the inline full analysis (`canMate` at the ruling budget) that ran there
// before the Worker. With `uptime`, since a loaded machine stretches every task.
//
// The node:test assertions are on outcomes only (the ruling agrees with the set's label, both
// ways), never on time:
//
//   cd tests/e2e && ARBITER_WWW=../../www/dist node --test longtasks.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setUp, freshPage, openBoard, press } from './harness.mjs';

// The side to move flags; `side` (the other) has time left, and whether it can mate is the
// hard set's label (its line). The first three are the hard ones for the full analysis, the
// next two those whose quick pass is slowest (20-30 ms natively).
const POSITIONS = [
  { line: 3304, fen: '8/8/5p2/2p1pP2/2PbPkBb/2pBp1p1/2P1P1P1/5BRK b - - 0 1', canMate: true },
  { line: 3288, fen: '7k/8/1p6/1Pp5/2Pp4/p2Pp1p1/P1B1P1P1/1B1B2K1 w - - 0 1', canMate: true },
  { line: 412, fen: '1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 b - - 0 1', canMate: false },
  { line: 1997, fen: '8/8/1k1p1p2/3PpP2/3pBp2/3P1P2/8/3B1K2 w - - 0 1', canMate: true },
  { line: 2875, fen: '8/k7/8/3b3N/4b3/8/8/2KQRR2 w - - 0 1', canMate: true },
];
// The floor: king and bishop against king, decided by the quick pass, no Worker.
const FLOOR = { line: 'floor', fen: '8/8/4k3/8/8/3BK3/8/8 b - - 0 1', canMate: false };
const RULING_NODES = 2 ** 24;
const LONG = 50; // ms: what Chromium calls a long task

const sideWithTime = (fen) => (fen.split(' ')[1] === 'b' ? 'white' : 'black');

// Each call into the wasm Table the board makes is wrapped in a `performance.measure`; the
// first state that shows the ruling (a result, or the analysis it waits for) is marked.
const INSTRUMENT = `<script type="module">
  import * as wasm from '/pkg/arbiter_wasm.js';
  window.ruling = { begun: null };
  // The page's sounds: the first creates the AudioContext, which opens the audio output.
  const Plain = window.AudioContext;
  const PlainWorker = window.Worker;
  window.Worker = class extends PlainWorker {
    constructor(...args) {
      const t = performance.now();
      super(...args);
      performance.measure('page new Worker', { start: t });
    }
  };
  if (Plain) {
    window.AudioContext = class extends Plain {
      constructor(...args) {
        const t = performance.now();
        super(...args);
        performance.measure('page new AudioContext', { start: t });
      }
    };
  }
  for (const name of ['state', 'handle', 'pendingAnalysis', 'rulings', 'log']) {
    const plain = wasm.Table.prototype[name];
    if (typeof plain !== 'function') continue;
    wasm.Table.prototype[name] = function (...args) {
      const t = performance.now();
      let out;
      try {
        out = plain.apply(this, args);
        return out;
      } finally {
        performance.measure('wasm Table.' + name, { start: t });
        if (name === 'state' && window.ruling.begun === null && (out?.result || out?.core?.analysis)) {
          window.ruling.begun = performance.now();
          performance.mark('ruling-begun');
        }
      }
    };
  }
</script>`;

const boardPage = (fen) => `<!doctype html><meta charset="utf-8"><title>longtasks</title>
${INSTRUMENT}
<script type="module" src="/js/arbiter-board.js"></script>
<arbiter-board time-control="0.05" edition="2023" arbiter="present" fen="${fen}"></arbiter-board>`;

const EMPTY = '<!doctype html><meta charset="utf-8"><title>floor</title><p>floor</p>';

const all = [...POSITIONS, FLOOR];
const env = setUp({
  ...Object.fromEntries(all.map((p) => [`/p${p.line}.html`, boardPage(p.fen)])),
  '/empty.html': EMPTY,
});
const rows = [];
const breakdowns = [];
const loads = [];

const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return 'uptime unavailable';
  }
};

const CATEGORIES = [
  'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing',
  'v8', 'v8.execute', 'disabled-by-default-v8.gc', 'blink',
];
const isTask = (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');

/**
 * The main-thread tasks of the ruling window in a trace: from the task holding the mark
 * `ruling-begun` to the end of the task holding `ruling-shown`. Each with its duration and
 * what took the time inside it.
 */
function rulingWindow(trace) {
  const events = trace.traceEvents ?? trace;
  const mark = (name) => events.find((e) => e.name === name && e.cat?.includes('blink.user_timing'));
  const begun = mark('ruling-begun');
  const shown = mark('ruling-shown');
  if (!begun || !shown) return { tasks: [], error: `marks missing (begun ${!!begun}, shown ${!!shown})` };
  const same = (e) => e.pid === begun.pid && e.tid === begun.tid;
  // Outermost tasks only (the scheduler's RunTask may nest the thread controller's).
  const nested = events.filter((e) => same(e) && isTask(e)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  for (const t of nested) {
    const last = tasks.at(-1);
    if (!last || t.ts >= last.ts + last.dur) tasks.push(t);
  }
  const holding = (ts) => tasks.find((t) => t.ts <= ts && ts <= t.ts + t.dur);
  const from = holding(begun.ts)?.ts ?? begun.ts;
  const toTask = holding(shown.ts);
  const to = toTask ? toTask.ts + toTask.dur : shown.ts;
  const inside = tasks.filter((t) => t.ts + t.dur >= from && t.ts <= to);
  // The measures of this page (async b/e pairs) as intervals.
  const open = new Map();
  const measures = [];
  for (const e of events) {
    if (!e.cat?.includes('blink.user_timing') || !/^(wasm|page) /.test(e.name)) continue;
    const key = `${e.name} ${e.id ?? e.id2?.local ?? ''}`;
    if (e.ph === 'b') open.set(key, e.ts);
    else if (e.ph === 'e' && open.has(key)) {
      measures.push({ name: e.name, ts: open.get(key), dur: e.ts - open.get(key) });
      open.delete(key);
    }
  }
  const detail = (task) => {
    const within = (e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur;
    const parts = new Map();
    for (const e of events) {
      if (!same(e) || e.ph !== 'X' || isTask(e) || !within(e) || e === task) continue;
      parts.set(e.name, Math.max(parts.get(e.name) ?? 0, e.dur));
    }
    const ours = new Map();
    for (const m of measures) {
      if (m.ts >= task.ts && m.ts <= task.ts + task.dur) ours.set(m.name, (ours.get(m.name) ?? 0) + m.dur);
    }
    // This page's measures first, then the trace's largest events (which nest: each is the
    // longest of its name inside the task).
    const show = (entries, n) => [...entries].sort((a, b) => b[1] - a[1]).slice(0, n)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`);
    return [...show(ours, 4), '|', ...show(parts, 7)];
  };
  return {
    windowMs: (to - from) / 1000,
    tasks: inside.map((t) => ({ ms: t.dur / 1000, detail: detail(t) })),
  };
}

/** Runs out the flag on `pos`'s board, tracing the main thread; the ruling and its window. */
async function flagFall(pos) {
  const p = await freshPage(env.browser);
  await openBoard(p, `${env.server.url}/p${pos.line}.html`);
  // The page's own loading tasks pass before anything is traced.
  await p.waitForTimeout(500);
  await env.browser.startTracing(p, { categories: CATEGORIES });
  const over = p.evaluate(() => new Promise((resolve) => {
    const el = document.querySelector('arbiter-board');
    el.addEventListener('gameover', (e) => {
      // Shown once it is drawn: the frame after the ruling's render.
      requestAnimationFrame(() => setTimeout(() => {
        performance.mark('ruling-shown');
        resolve({ detail: e.detail });
      }, 0));
    }, { once: true });
  }));
  await press(p);
  const { detail } = await over;
  await p.waitForTimeout(100);
  const bytes = await env.browser.stopTracing();
  // Read after the trace: the whole log read out is the test's own work, not the page's.
  const waited = await p.evaluate(() => document.querySelector('arbiter-board').table.log().includes('"type":"analysis"'));
  // LONGTASKS_TRACES=<folder> keeps each trace, for Chromium's DevTools (Performance, load).
  if (process.env.LONGTASKS_TRACES) {
    fs.writeFileSync(path.join(process.env.LONGTASKS_TRACES, `trace-${pos.line}.json`), bytes);
  }
  const trace = JSON.parse(bytes.toString('utf8'));
  await p.context().close();
  return { detail, waited, ...rulingWindow(trace) };
}

/** On the empty page: the bare quick pass (the least of three) and the inline full analysis. */
async function bareCalls(pos) {
  const p = await freshPage(env.browser);
  await p.goto(`${env.server.url}/empty.html`);
  const out = await p.evaluate(async ({ fen, side, nodes }) => {
    // quickPass and canMate are the full module's (the lean one leaves the search out).
    const { loadFull } = await import('/js/engine.js');
    const a = await loadFull();
    const times = [];
    let quick;
    for (let i = 0; i < 3; i += 1) {
      const t = performance.now();
      quick = a.quickPass(fen, side).answer;
      times.push(performance.now() - t);
    }
    const t = performance.now();
    const full = a.canMate(fen, side, nodes).answer;
    return { quick, quickMs: Math.min(...times), full, fullMs: performance.now() - t };
  }, { fen: pos.fen, side: sideWithTime(pos.fen), nodes: RULING_NODES });
  await p.context().close();
  return out;
}

const longest = (tasks) => tasks.reduce((m, t) => (t.ms > m.ms ? t : m), { ms: 0, detail: [] });

let floor = null;
test('the floor: a flag fall the quick pass decides (king and bishop against king)', async () => {
  loads.push(`before: ${uptime()}`);
  floor = await flagFall(FLOOR);
  assert.equal(floor.detail.result, '1/2-1/2');
  assert.equal(floor.waited, false, 'decided at once, no analysis awaited');
  assert.equal(floor.error, undefined);
});

for (const pos of POSITIONS) {
  test(`art6_9 line ${pos.line}: the flag-fall ruling with the Worker agrees with the label and with the inline analysis`, async () => {
    const run = await flagFall(pos);
    const bare = await bareCalls(pos);
    const winner = sideWithTime(pos.fen) === 'white' ? '1-0' : '0-1';
    assert.equal(run.detail.result, pos.canMate ? winner : '1/2-1/2');
    assert.equal(bare.full, pos.canMate ? 'yes' : 'no');
    // A quick answer, when it gives one, is the full analysis's.
    if (bare.quick !== 'undetermined') assert.equal(bare.quick, bare.full);
    assert.equal(run.error, undefined);
    const top = longest(run.tasks);
    const floorTop = longest(floor?.tasks ?? []);
    rows.push({
      line: pos.line,
      'worker?': run.waited ? 'yes' : 'no (quick pass)',
      'window ms': Math.round(run.windowMs),
      'longest task ms': Math.round(top.ms),
      'tasks > 50 ms': run.tasks.filter((t) => t.ms > LONG).length,
      'floor board longest ms': Math.round(floorTop.ms),
      'bare quickPass ms': Number(bare.quickMs.toFixed(1)),
      'inline full analysis ms': Math.round(bare.fullMs),
    });
    breakdowns.push(`line ${pos.line}: longest ${top.ms.toFixed(1)} ms: ${top.detail.join('; ')}`);
  });
}

test('report', () => {
  loads.push(`after: ${uptime()}`);
  const floorTop = longest(floor?.tasks ?? []);
  console.log(loads.join('\n'));
  console.table(rows);
  console.log(`floor board: longest ${floorTop.ms.toFixed(1)} ms: ${floorTop.detail.join('; ')}`);
  for (const b of breakdowns) console.log(b);
});
