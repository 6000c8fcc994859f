// Where a cold loopback load of the page spends its time until the board is interactive (a
// measurement, not a test): the page as it ships (`www/dist`), served by the real bridge, loaded
// RUNS times in a fresh context with Chromium's trace on. For each load, the renderer's main
// thread from navigation to the element's `ready`: its tasks over 2 ms, each with the trace's
// largest events inside it (parse, script, compile, style, layout, paint), the idle time between
// them, and the wasm's own events wherever they ran (streaming compile on a worker thread).
//
//   cd tests/e2e && node trace-load.mjs [RUNS]
//
// Beside it, in the same run, the floor: an empty page of the same site (its icon).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, launch, spawnBridge } from './harness.mjs';

const DIST = process.env.ARBITER_WWW ?? path.join(ROOT, 'www', 'dist');
const BRIDGE = process.env.ARBITER_BRIDGE ?? path.join(ROOT, 'target', 'debug', 'board-bridge');
const RUNS = Number(process.argv[2] ?? 3);
const CATEGORIES = [
  'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing',
  'v8', 'v8.execute', 'v8.wasm', 'disabled-by-default-v8.wasm', 'loading', 'blink', 'netlog',
];
const isTask = (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
const ms = (us) => (us / 1000).toFixed(1);

/**
 * The main thread's story of one trace, from the page's time origin to the `ready` mark, in the
 * page's own clock (`readyAt` is the mark's `performance.now()`): the renderer's navigationStart
 * comes well after the origin of a cold load, which starts in the browser process.
 */
function story(trace, readyAt) {
  const events = trace.traceEvents ?? trace;
  const ready = events.find((e) => e.name === 'arbiter-ready' && e.cat?.includes('blink.user_timing'));
  if (!ready) return { error: 'no ready mark in the trace' };
  const main = (e) => e.pid === ready.pid && e.tid === ready.tid;
  const t0 = ready.ts - readyAt * 1000;
  const top = [];
  for (const t of events.filter((e) => main(e) && isTask(e)).sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    const last = top.at(-1);
    if (!last || t.ts >= last.ts + last.dur) top.push(t);
  }
  const inWindow = top.filter((t) => t.ts + t.dur >= t0 && t.ts <= ready.ts);
  const rows = [];
  let busy = 0;
  for (const task of inWindow) {
    busy += task.dur;
    if (task.dur < Number(process.env.MIN_TASK_US ?? 2000)) continue;
    const parts = new Map();
    for (const e of events) {
      if (!main(e) || e.ph !== 'X' || isTask(e) || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur) continue;
      parts.set(e.name, Math.max(parts.get(e.name) ?? 0, e.dur));
    }
    const named = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, d]) => `${n} ${ms(d)}`);
    rows.push(`  at ${ms(task.ts - t0).padStart(6)} ms  ${ms(task.dur).padStart(6)} ms  ${named.join(', ')}`);
  }
  const wasm = events.filter((e) => e.pid === ready.pid && e.ph === 'X' && /wasm/i.test(e.name) && (e.dur ?? 0) > 500
    && e.ts >= t0 && e.ts <= ready.ts)
    .map((e) => `  ${e.name} at ${ms(e.ts - t0)} ms for ${ms(e.dur)} ms${main(e) ? ' (main thread)' : ''}`);
  return { readyMs: (ready.ts - t0) / 1000, busyMs: busy / 1000, rows, wasm };
}

if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`${DIST} has no page: run cargo xtask web`);
const server = await spawnBridge((listen) => ['--port', 'auto', '--listen', listen, '--www', DIST], BRIDGE);
const browser = await launch();
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${server.url}/img/icon.svg`);
    const empty = await page.evaluate(() => performance.getEntriesByType('navigation')[0].responseEnd);
    await page.addInitScript(() => {
      document.addEventListener('ready', () => performance.mark('arbiter-ready'), { capture: true, once: true });
    });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${server.url}/?local`);
    await page.waitForFunction(() => performance.getEntriesByName('arbiter-ready').length > 0, null, { timeout: 20_000 });
    const readyAt = await page.evaluate(() => performance.getEntriesByName('arbiter-ready')[0].startTime);
    const s = story(JSON.parse((await browser.stopTracing()).toString()), readyAt);
    console.log(`load ${i + 1}: ready at ${readyAt.toFixed(0)} ms (performance.now); main thread busy ${s.busyMs?.toFixed(0)} ms of it; empty page ${empty.toFixed(0)} ms; load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    if (s.error) console.log(`  ${s.error}`);
    else console.log([...s.rows, '  wasm events:', ...s.wasm].join('\n'));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
