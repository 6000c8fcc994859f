// Two builds of the page side by side (a measurement, not a test): `node ab-load.mjs DIST_A
// DIST_B [LOADS]` serves each folder with its own real bridge and loads them in turns, cold (a
// fresh context each time), LOADS times each (15 by default), on loopback; it prints each build's
// median time to a board on the screen and playable (the later of the element's `ready` and the
// first contentful paint) and their ratio, and how long the
// page's own `ready` listeners took after it. Taking turns puts both under the same machine
// load, which on a shared machine moves a single run's figure by more than most changes do.
// Each load starts after a pause (the last context's processes wind down first), and beside
// the time it prints the CPU time both cores spent from navigation to `ready` (all processes,
// from /proc/stat): the work a build asks of the machine, steadier than the time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, launch, spawnBridge } from './harness.mjs';

const [a, b, loadsArg] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: node ab-load.mjs DIST_A DIST_B [LOADS]');
const LOADS = Number(loadsArg ?? 15);
const BRIDGE = process.env.ARBITER_BRIDGE ?? path.join(ROOT, 'target', 'debug', 'board-bridge');
const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];
// The machine's busy time so far (user, nice, system, irq, softirq, steal), in ms.
const busy = () => {
  const t = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (t[0] + t[1] + t[2] + t[5] + t[6] + t[7]) * (1000 / 100);
};

const servers = await Promise.all([a, b].map((dist) =>
  spawnBridge((listen) => ['--port', 'auto', '--listen', listen, '--www', path.resolve(dist)], BRIDGE)));
const browser = await launch();
const times = [[], []];
const after = [[], []];
const cpu = [[], []];
try {
  for (let i = 0; i < LOADS; i++) {
    for (const which of i % 2 ? [1, 0] : [0, 1]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.addInitScript(() => {
        document.addEventListener('ready', () => { window.readyAt ??= performance.now(); }, true);
        // After the page's own listeners on the board (bubbling reaches the window last).
        window.addEventListener('ready', () => {
          window.heardAt ??= performance.now();
          console.debug('arbiter-heard');
        });
      });
      await new Promise((r) => setTimeout(r, 300));
      const before = busy();
      // Told by the page (a console message), not polled: polling costs the page frames.
      const told = page.waitForEvent('console', { predicate: (m) => m.text() === 'arbiter-heard', timeout: 20_000 });
      await page.goto(`${servers[which].url}/?local`, { waitUntil: 'commit' });
      await told;
      cpu[which].push(busy() - before);
      // The board on the screen as well: the later of `ready` and the first contentful paint.
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 50 });
      const [ready, heard, painted] = await page.evaluate(() => [window.readyAt, window.heardAt,
        performance.getEntriesByName('first-contentful-paint')[0].startTime]);
      times[which].push(Math.max(ready, painted));
      after[which].push(heard - ready);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}
const [ma, mb] = times.map(median);
console.log(`A ${a}: median ${ma.toFixed(0)} ms (${Math.min(...times[0]).toFixed(0)}-${Math.max(...times[0]).toFixed(0)})`);
console.log(`B ${b}: median ${mb.toFixed(0)} ms (${Math.min(...times[1]).toFixed(0)}-${Math.max(...times[1]).toFixed(0)})`);
console.log(`CPU busy from navigation to ready (both cores): A median ${median(cpu[0]).toFixed(0)} ms, B ${median(cpu[1]).toFixed(0)} ms (B/A ${(median(cpu[1]) / median(cpu[0])).toFixed(2)})`);
console.log(`the page's ready listeners: A median ${median(after[0]).toFixed(1)} ms, B ${median(after[1]).toFixed(1)} ms`);
console.log(`B/A ${(mb / ma).toFixed(2)}; ${LOADS} loads each, in turns; load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
