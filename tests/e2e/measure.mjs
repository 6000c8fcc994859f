// Figures for the page (a measurement, not a test): `node measure.mjs` after `cargo xtask web`.
// Each figure is printed beside its goal (issue 14), and beside a floor measured in the same run
// where one says what the network or the machine allows at best.
//
// The page is `/?local`, a game on this screen alone (the bridge's `/` is its live game for a
// spectator, where no move can be made).
//
// The page is served as it ships: www/dist (minified, with the build's brotli and gzip copies)
// by the real board-bridge (ARBITER_BRIDGE; else the release build `cargo xtask serve` runs,
// target/release/board-bridge, when there is one; else target/debug/board-bridge), to Debian's
// Chromium, which asks for `br, gzip` as any browser does.
//
// 1. Transfer: every response of a cold load until the board is interactive and the network is
//    idle, as encoded on the wire (body and headers), from Chromium's own accounting.
// 2. A slow profile (CDP: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower):
//    board visible (64 squares drawn with pieces, as painted) and first move accepted (e2-e4
//    clicked as soon as the board says it is ready, until the pawn stands on e4; then Space and
//    the `move` event, the move completed), median of 3 cold loads;
//    floors: the HTML document alone, and the bare wasm fetched and instantiated from an
//    empty page of the same site.
// 3. Loopback, no throttling: navigation to an interactive board, median of 15 cold loads: the
//    board on the screen and playable, the later of the element's `ready` event and the page's
//    first contentful paint (a build that held its first paint back for its scripts would be
//    ready sooner and seen later); floor: navigation to the bare wasm compiled, on a blank
//    page of the same site, cold (a new renderer and new connections, as the board's load pays).
// 4. Clock display: for 3 s with a clock running, on every animation frame, how far the instant
//    the faces were drawn for lags the game's `now`, and whether the face reads the time left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, launch, spawnBridge } from './harness.mjs';

const DIST = process.env.ARBITER_WWW ?? path.join(ROOT, 'www', 'dist');
// The release build is what serves the page to players (`cargo xtask serve`); a debug build
// spends more of the machine's two cores on each request, which the page's load then lacks.
const BRIDGE = process.env.ARBITER_BRIDGE
  ?? ['release', 'debug'].map((p) => path.join(ROOT, 'target', p, 'board-bridge')).find((b) => fs.existsSync(b))
  ?? path.join(ROOT, 'target', 'debug', 'board-bridge');
if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`${DIST} has no page: run cargo xtask web`);
if (!fs.existsSync(BRIDGE)) throw new Error(`no bridge at ${BRIDGE}: cargo build -p board-bridge, or set ARBITER_BRIDGE`);

const SLOW = {
  network: { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
  cpu: 4,
};
const KB = 1000;
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
// The machine's load beside each figure (shared machines vary a great deal): `uptime`'s three
// load averages when the figure's runs ended.
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The real bridge serving www/dist; no board is plugged in, it only looks for one. */
const startBridge = () => spawnBridge((listen) => ['--port', 'auto', '--listen', listen, '--www', DIST], BRIDGE);

/** A fresh context (empty cache), with the slow profile applied when `slow`. */
async function coldPage(browser, slow) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
  if (slow) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpu });
  }
  return page;
}

/** Marks, in the page's own clock: board drawn, element ready, first move accepted. */
function marks() {
  window.marks = {};
  const drawn = () => {
    const board = document.querySelector('arbiter-board');
    const root = board?.shadowRoot ?? document;
    const squares = [...root.querySelectorAll('[data-square]')];
    // Drawn as a board: 64 squares with pieces, styled (a square's colour) and laid out in
    // eight columns, whether painted by the page's HTML or by the element.
    const box = squares[0]?.getBoundingClientRect();
    const grid = squares[0]?.closest('.board')?.getBoundingClientRect();
    const shown = squares.length === 64 && squares.some((s) => s.hasAttribute('data-piece'))
      && box.width > 0 && Math.abs(box.width * 8 - grid.width) < grid.width * 0.05
      && getComputedStyle(squares[0]).backgroundColor !== 'rgba(0, 0, 0, 0)';
    if (shown) window.marks.boardVisible ??= performance.now();
    else requestAnimationFrame(drawn);
  };
  requestAnimationFrame(drawn);
  // Layout shifts until the first move (the page's footer jumping when the board arrives...).
  window.marks.shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.marks.shift += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('ready', () => { window.marks.ready ??= performance.now(); }, true);
  document.addEventListener('move', () => { window.marks.moved ??= performance.now(); }, true);
}

/**
 * Floors: an empty page of the same site (the icon, a few hundred bytes) loaded cold, then the
 * bare wasm fetched and compiled from it, no glue and no page.
 */
async function bareWasm(browser, slow) {
  const page = await coldPage(browser, slow);
  await page.goto(`${server.url}/img/icon.svg`);
  const wasm = fs.readdirSync(path.join(DIST, 'pkg')).find((n) => /^arbiter_wasm_bg\..*\.wasm$/.test(n));
  const floor = await page.evaluate(async (url) => {
    const empty = performance.getEntriesByType('navigation')[0].responseEnd;
    const t0 = performance.now();
    const bytes = await (await fetch(url)).arrayBuffer();
    const fetched = performance.now() - t0;
    await WebAssembly.compile(bytes);
    return { empty, fetched, compiled: performance.now() - t0 };
  }, `/pkg/${wasm}`);
  await page.context().close();
  return floor;
}

/**
 * The floor of a cold load to a module, counted as the board's `ready` is (from navigation): a
 * blank page of the same site whose only work is to fetch and compile the same wasm, in a fresh
 * context (a new renderer, new connections). Its HTML is the route's; the wasm comes from the
 * bridge. Resolves to the instant the module is compiled.
 */
async function bareWasmFromNavigation(browser) {
  const page = await coldPage(browser, false);
  const wasm = fs.readdirSync(path.join(DIST, 'pkg')).find((n) => /^arbiter_wasm_bg\..*\.wasm$/.test(n));
  await page.route(`${server.url}/floor.html`, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><meta charset="utf-8"><title>floor</title><script type="module">
      await WebAssembly.compileStreaming(fetch('pkg/${wasm}'));
      window.compiled = performance.now();
    </script>`,
  }));
  await page.goto(`${server.url}/floor.html`);
  const at = await (await page.waitForFunction(() => window.compiled, null, { timeout: 20_000 })).jsonValue();
  await page.context().close();
  return at;
}

// `node measure.mjs [transfer] [slow] [loopback] [clock]`: those figures only (all by default).
const asked = process.argv.slice(2);
const wanted = (figure) => asked.length === 0 || asked.includes(figure);

const server = await startBridge();
const browser = await launch();
const out = {};

try {
  // ---- 1. transfer as served ----
  if (wanted('transfer')) {
    const page = await coldPage(browser, false);
    const files = [];
    page.on('requestfinished', (req) => {
      files.push(req.sizes().then((s) => ({
        url: new URL(req.url()).pathname,
        encoding: null,
        body: s.responseBodySize,
        headers: s.responseHeadersSize,
        req,
      })));
    });
    await page.goto(`${server.url}/?local`);
    await page.waitForFunction(() => !!document.querySelector('arbiter-board')?.table, null, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const done = await Promise.all(files);
    for (const f of done) {
      f.encoding = (await f.req.response())?.headers()['content-encoding'] ?? 'identity';
      delete f.req;
    }
    done.sort((a, b) => b.body - a.body);
    out.transfer = {
      files: done,
      bodyBytes: done.reduce((s, f) => s + f.body, 0),
      wireBytes: done.reduce((s, f) => s + f.body + f.headers, 0),
    };
    // Floors: the wasm alone at brotli's highest quality, and everything as brotli'd by the build.
    const wasm = fs.readdirSync(path.join(DIST, 'pkg')).find((n) => /^arbiter_wasm_bg\..*\.wasm$/.test(n));
    out.transfer.wasmBrotliBytes = fs.statSync(path.join(DIST, 'pkg', `${wasm}.br`)).size;
    out.transfer.wasmRawBytes = fs.statSync(path.join(DIST, 'pkg', wasm)).size;
    out.transfer.load = load();
    await page.context().close();
  }

  // ---- 2. slow profile ----
  if (wanted('slow')) {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const page = await coldPage(browser, true);
      await page.addInitScript(marks);
      await page.goto(`${server.url}/?local`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.marks?.ready !== undefined, null, { timeout: 60_000, polling: 50 });
      // Two clicks where the squares are, as a hand would (no actionability checks, which cost
      // seconds under a 4x slower CPU).
      const at = await page.evaluate(() => Object.fromEntries(['e2', 'e4'].map((sq) => {
        const r = document.querySelector('arbiter-board').shadowRoot.querySelector(`[data-square="${sq}"]`).getBoundingClientRect();
        return [sq, { x: r.x + r.width / 2, y: r.y + r.height / 2 }];
      })));
      await page.mouse.click(at.e2.x, at.e2.y);
      await page.mouse.click(at.e4.x, at.e4.y);
      // Accepted: the pawn stands on e4 (the press that completes the move comes next).
      const placed = await (await page.waitForFunction(() => {
        const e4 = document.querySelector('arbiter-board').shadowRoot.querySelector('[data-square="e4"]');
        return e4?.getAttribute('data-piece') === 'white-pawn' && performance.now();
      }, null, { timeout: 60_000, polling: 'raf' })).jsonValue();
      await page.keyboard.press('Space');
      await page.waitForFunction(() => window.marks.moved !== undefined, null, { timeout: 60_000, polling: 50 });
      const m = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return { ...window.marks, html: nav.responseEnd, fcp: fcp?.startTime };
      });
      m.placed = placed;
      runs.push(m);
      await page.context().close();
    }
    // The floor of a module: an empty page of the same site fetches and instantiates the bare
    // wasm (no glue, no page), over the same profile.
    const floors = [];
    for (let i = 0; i < 3; i++) floors.push(await bareWasm(browser, true));
    out.slow = {
      runs,
      boardVisibleMs: median(runs.map((r) => r.boardVisible)),
      readyMs: median(runs.map((r) => r.ready)),
      firstMoveMs: median(runs.map((r) => r.placed)),
      firstMoveCompletedMs: median(runs.map((r) => r.moved)),
      fcpMs: median(runs.map((r) => r.fcp ?? NaN)),
      htmlMs: median(runs.map((r) => r.html)),
      layoutShift: median(runs.map((r) => r.shift)),
      emptyPageMs: median(floors.map((f) => f.empty)),
      bareWasmFetchMs: median(floors.map((f) => f.fetched)),
      bareWasmCompileMs: median(floors.map((f) => f.compiled)),
      load: load(),
    };
  }

  // ---- 3. navigation to an interactive board, loopback ----
  if (wanted('loopback')) {
    const times = [];
    const phases = [];
    for (let i = 0; i < 15; i++) {
      const page = await coldPage(browser, false);
      await page.addInitScript(marks);
      await page.goto(`${server.url}/?local`);
      await page.waitForFunction(() => window.marks.ready !== undefined
        && performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 20_000 });
      // Where the time goes: the HTML's arrival, the last script's and the wasm's (resource
      // timing), then the element's own work until `ready` (instantiating, the first render).
      const at = await page.evaluate(() => {
        const res = performance.getEntriesByType('resource');
        const end = (re) => Math.max(0, ...res.filter((r) => re.test(r.name)).map((r) => r.responseEnd));
        return {
          ready: window.marks.ready,
          painted: performance.getEntriesByName('first-contentful-paint')[0].startTime,
          html: performance.getEntriesByType('navigation')[0].responseEnd,
          scripts: end(/\.js(\?|$)/),
          wasm: end(/\.wasm(\?|$)/),
        };
      });
      times.push(Math.max(at.ready, at.painted));
      phases.push(at);
      await page.context().close();
    }
    times.sort((a, b) => a - b);
    const floors = [];
    for (let i = 0; i < 5; i++) floors.push(await bareWasm(browser, false));
    const fromNavigation = [];
    for (let i = 0; i < 15; i++) fromNavigation.push(await bareWasmFromNavigation(browser));
    out.interactiveMs = {
      median: times[7], min: times[0], max: times[14],
      htmlMs: median(phases.map((p) => p.html)),
      scriptsMs: median(phases.map((p) => p.scripts)),
      wasmMs: median(phases.map((p) => p.wasm)),
      afterLastByteMs: median(phases.map((p) => p.ready - Math.max(p.scripts, p.wasm))),
      readyMs: median(phases.map((p) => p.ready)),
      paintedMs: median(phases.map((p) => p.painted)),
      emptyPageMs: median(floors.map((f) => f.empty)),
      bareWasmCompileMs: median(floors.map((f) => f.compiled)),
      bareWasmFromNavigationMs: median(fromNavigation),
      load: load(),
    };
  }

  // ---- 4. clock display drift ----
  if (wanted('clock')) {
    const page = await coldPage(browser, false);
    await page.goto(`${server.url}/?local`);
    await page.waitForFunction(() => !!document.querySelector('arbiter-board')?.table);
    await page.keyboard.press('Space'); // start White's clock
    const drift = await page.evaluate(async () => {
      const wasm = await (await import('/js/engine.js')).loadArbiter();
      return await new Promise((resolve) => {
        const board = document.querySelector('arbiter-board');
        const face = board.shadowRoot.querySelector('[data-clock="white"] .time');
        let wrongText = 0;
        const display = board.clockDisplay;
        const samples = [];
        let last = performance.now();
        const gaps = [];
        const end = performance.now() + 3000;
        const frame = (t) => {
          // Runs after the display's own callback in the same frame (registered later).
          const now = board.table.now();
          samples.push(now - display.lastDrawnAt);
          gaps.push(t - last);
          // The face must read the time left now, or at most one frame (16.7 ms) ago.
          const left = board.table.stateAt(now).clock.white.remaining;
          const ok = [0, 16.7].some((d) => wasm.faceText(left + d) === face.textContent);
          if (!ok) wrongText++;
          last = t;
          if (performance.now() < end) requestAnimationFrame(frame);
          else resolve({ samples, gaps, wrongText });
        };
        requestAnimationFrame(frame);
      });
    });
    const s = drift.samples.slice().sort((a, b) => a - b);
    const g = drift.gaps.slice(1).sort((a, b) => a - b);
    out.clockDrift = {
      frames: s.length,
      medianLagMs: s[Math.floor(s.length / 2)],
      maxLagMs: s[s.length - 1],
      medianFrameMs: g[Math.floor(g.length / 2)],
      framesOverOneFrame: s.filter((x) => x > g[Math.floor(g.length / 2)]).length,
      framesWithWrongText: drift.wrongText,
      load: load(),
    };
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(JSON.stringify(out, null, 2));
console.log(`served by ${path.relative(ROOT, BRIDGE)}, built ${fs.statSync(BRIDGE).mtime.toISOString()}`);
const line = (what, value, goal, ok, floor, at) =>
  console.log(`${ok ? 'met   ' : 'MISSED'} ${what}: ${value} (goal ${goal})${floor ? `; floor ${floor}` : ''}${at ? ` [load ${at}]` : ''}`);
console.log('');
const t = out.transfer;
if (t) {
  line('transfer as served (br, gzip), bodies', kb(t.bodyBytes), '<= 170 KB', t.bodyBytes <= 170 * KB,
    `the wasm alone at brotli 11: ${kb(t.wasmBrotliBytes)} of ${kb(t.wasmRawBytes)}`, t.load);
  console.log(`       with headers: ${kb(t.wireBytes)}; files: ${t.files.map((f) => `${f.url} ${kb(f.body)} ${f.encoding}`).join(', ')}`);
}
const s = out.slow;
if (s) {
  line('slow profile, board visible', `${s.boardVisibleMs.toFixed(0)} ms`, '<= 1500 ms', s.boardVisibleMs <= 1500,
    `an empty page loads in ${s.emptyPageMs.toFixed(0)} ms, this page's HTML arrives at ${s.htmlMs.toFixed(0)} ms; first contentful paint ${s.fcpMs.toFixed(0)} ms`, s.load);
  line('slow profile, layout shift until the first move', s.layoutShift.toFixed(3), '< 0.1 (good, as web vitals rate it)', s.layoutShift < 0.1);
  line('slow profile, first move accepted', `${s.firstMoveMs.toFixed(0)} ms (ready at ${s.readyMs.toFixed(0)} ms; completed by the press at ${s.firstMoveCompletedMs.toFixed(0)} ms)`, '<= 3000 ms',
    s.firstMoveMs <= 3000, `the bare wasm from an empty page: fetched ${s.bareWasmFetchMs.toFixed(0)} ms, compiled ${s.bareWasmCompileMs.toFixed(0)} ms`, s.load);
}
if (out.interactiveMs) {
  line('loopback, board painted and ready', `median ${out.interactiveMs.median.toFixed(0)} ms (${out.interactiveMs.min.toFixed(0)}-${out.interactiveMs.max.toFixed(0)})`,
    '<= 250 ms', out.interactiveMs.median <= 250,
    `an empty page ${out.interactiveMs.emptyPageMs.toFixed(0)} ms, the bare wasm fetched and compiled ${out.interactiveMs.bareWasmCompileMs.toFixed(0)} ms (from an empty page), ${out.interactiveMs.bareWasmFromNavigationMs.toFixed(0)} ms (from navigation, median of 15 cold loads)`, out.interactiveMs.load);
  const im = out.interactiveMs;
  console.log(`       medians: HTML at ${im.htmlMs.toFixed(0)} ms, last script at ${im.scriptsMs.toFixed(0)} ms, the wasm at ${im.wasmMs.toFixed(0)} ms, then ${im.afterLastByteMs.toFixed(0)} ms to ready; ready at ${im.readyMs.toFixed(0)} ms, first paint at ${im.paintedMs.toFixed(0)} ms`);
}
const c = out.clockDrift;
if (c) line('clock display lag', `max ${c.maxLagMs.toFixed(1)} ms, median ${c.medianLagMs.toFixed(1)} ms over ${c.frames} frames, ${c.framesWithWrongText} faces wrong`,
  `<= one frame (${c.medianFrameMs.toFixed(1)} ms)`, c.maxLagMs <= c.medianFrameMs + 0.5 && c.framesWithWrongText === 0, null, c.load);
