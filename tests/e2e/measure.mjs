// Figures for the page (a measurement, not a test): run `node measure.mjs` after `cargo xtask web`.
//
// 1. Transfer: every wasm, JS and CSS response index.html loads, gzipped (-9) as a server would.
// 2. Navigation to an interactive board: from navigation start to the element's `ready` event
//    (wasm instantiated, state drawn, input handlers live), median of 15 cold loads.
// 3. Clock drift: for 3 s of real time with a clock running, on every animation frame, how far
//    the instant the faces were drawn for lags the game's `now` (performance.now()-based).
import zlib from 'node:zlib';
import { serve, launch, freshPage } from './harness.mjs';

// The wasm's code and data sections, each gzipped alone (their sum is a little more than the
// whole file gzipped): where the module's bytes are. `ARBITER_WASM_NAMES=1 cargo xtask web` and
// twiggy break them down further.
function wasmSections(bytes) {
  if (!bytes) return null;
  const leb = (at) => {
    let value = 0, shift = 0, byte;
    do { byte = bytes[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return [value, at];
  };
  const names = { 10: 'code', 11: 'data' };
  const out = {};
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at];
    const [size, body] = leb(at + 1);
    const name = names[id] ?? 'other';
    const part = bytes.subarray(body, body + size);
    out[name] ??= { raw: 0, gz: 0 };
    out[name].raw += size;
    out[name].gz += zlib.gzipSync(part, { level: 9 }).length;
    at = body + size;
  }
  return out;
}

const server = await serve();
const browser = await launch();
const out = {};

try {
  // ---- 1. transfer size ----
  {
    const page = await freshPage(browser);
    const bodies = [];
    let wasmBody = null;
    page.on('response', async (res) => {
      const url = res.url();
      if (!/\.(wasm|js|css)$/.test(new URL(url).pathname)) return;
      bodies.push(res.body().then((b) => {
        if (url.endsWith('.wasm')) wasmBody = b;
        return { url: new URL(url).pathname, raw: b.length, gz: zlib.gzipSync(b, { level: 9 }).length };
      }));
    });
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => !!document.querySelector('arbiter-board')?.table);
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(bodies);
    files.sort((a, b) => b.gz - a.gz);
    out.files = files;
    out.transferGzipBytes = files.reduce((s, f) => s + f.gz, 0);
    out.transferRawBytes = files.reduce((s, f) => s + f.raw, 0);
    out.wasmSections = wasmSections(wasmBody);
    await page.context().close();
  }

  // ---- 2. navigation to an interactive board ----
  {
    const times = [];
    for (let i = 0; i < 15; i++) {
      const page = await freshPage(browser);
      await page.addInitScript(() => {
        document.addEventListener('ready', () => { window.readyAt = performance.now(); }, true);
      });
      await page.goto(`${server.url}/index.html`);
      await page.waitForFunction(() => window.readyAt !== undefined, null, { timeout: 20_000 });
      times.push(await page.evaluate(() => window.readyAt));
      await page.context().close();
    }
    times.sort((a, b) => a - b);
    out.interactiveMs = { median: times[7], min: times[0], max: times[14] };
  }

  // ---- 3. clock display drift ----
  {
    const page = await freshPage(browser);
    await page.goto(`${server.url}/index.html`);
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
    };
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}

console.log(JSON.stringify(out, null, 2));
console.log(`transfer (wasm+JS+CSS, gzip -9): ${(out.transferGzipBytes / 1024).toFixed(1)} KiB (goal <= 150 KB)`);
if (out.wasmSections) {
  const { code, data } = out.wasmSections;
  console.log(`wasm: code ${(code.gz / 1024).toFixed(1)} KiB gzipped (${code.raw} bytes), data ${(data.gz / 1024).toFixed(1)} KiB gzipped (${data.raw} bytes)`);
}
console.log(`navigation to interactive board: median ${out.interactiveMs.median.toFixed(0)} ms (goal <= 300 ms)`);
console.log(`clock display lag: median ${out.clockDrift.medianLagMs} ms, max ${out.clockDrift.maxLagMs} ms over ${out.clockDrift.frames} frames (one frame = ${out.clockDrift.medianFrameMs.toFixed(1)} ms)`);
