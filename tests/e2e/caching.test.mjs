// The built page through a real board-bridge, as a browser loads it: the shared chunks the build
// names by their content (`js/chunk.<hash>.js`, esbuild's `[hash]`) and the wasm module are kept
// a year without asking again; the HTML and the entry modules, whose names embedders use, are revalidated. And
// the whole cold load stays within its budget as served.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setUp, freshPage, BRIDGE, SERVED, spawnBridge } from './harness.mjs';

const env = setUp();
const built = fs.existsSync(path.join(SERVED, 'js')) && fs.readdirSync(path.join(SERVED, 'js')).some((n) => n.startsWith('chunk'));
const skip = (!BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary')
  || (!built && 'the page is served from its sources (no chunks): set ARBITER_WWW to www/dist');

test('a cold load through the bridge: chunks and the wasm are immutable, the page and its entries revalidated', { skip }, async () => {
  const bridge = await spawnBridge((listen) => ['--port', 'auto', '--listen', listen, '--www', SERVED], BRIDGE);
  try {
    const page = await freshPage(env.browser);
    const caching = new Map();
    page.on('response', (r) => {
      caching.set(new URL(r.url()).pathname, r.headers()['cache-control']);
    });
    // Every body of the load as it came over the wire (brotli or gzip), from Chromium's own
    // accounting, as measure.mjs's transfer figure counts them.
    const bodies = [];
    page.on('requestfinished', (req) => {
      bodies.push(req.sizes().then((s) => [new URL(req.url()).pathname, s.responseBodySize]));
    });
    await page.goto(`${bridge.url}/?local`);
    await page.waitForFunction(() => document.querySelector('arbiter-board')?.state?.core);
    const chunks = [...caching.keys()].filter((p) => /^\/js\/chunk\.[A-Z2-7]{8}\.js$/.test(p));
    assert.ok(chunks.length > 0, `no content-hashed chunk loaded: ${[...caching.keys()].join(' ')}`);
    const wasm = [...caching.keys()].filter((p) => /^\/pkg\/arbiter_wasm_bg\.[0-9a-f]{16}\.wasm$/.test(p));
    assert.equal(wasm.length, 1, [...caching.keys()].join(' '));
    for (const p of [...chunks, ...wasm]) assert.equal(caching.get(p), 'public, max-age=31536000, immutable', p);
    for (const p of ['/', '/js/page.js', '/pkg/arbiter_wasm.js']) {
      assert.equal(caching.get(p), 'no-cache', p);
    }
    // Every script the page loaded is one of the two kinds: no other name in between.
    for (const [p, c] of caching) if (p.endsWith('.js')) assert.ok(c === 'no-cache' || chunks.includes(p), `${p}: ${c}`);
    // Few files: the entry, the wasm glue and the chunks of code it shares with the page's other
    // entries (the element's and the words'). Each request of a cold load costs the browser
    // and the page's thread a share of the two cores before the board is ready; the build keeps
    // them to these (xtask/src/dist/bundle.rs).
    const scripts = [...caching.keys()].filter((p) => p.endsWith('.js'));
    assert.ok(scripts.length <= 4, `the first load fetched ${scripts.length} scripts: ${scripts.join(' ')}`);
    // A first visit costs at most 170 KB as served (issue 33): what a board, a PGN reader or a
    // sealed move needs beyond a first game comes when asked for. Counted until the network is
    // idle, whatever comes after the board is ready too.
    await page.waitForLoadState('networkidle');
    const served = await Promise.all(bodies);
    const total = served.reduce((sum, [, n]) => sum + n, 0);
    assert.ok(total <= 170_000, `a cold first load took ${(total / 1000).toFixed(1)} KB as served: ${
      served.sort((a, b) => b[1] - a[1]).map(([p, n]) => `${p} ${(n / 1000).toFixed(1)} KB`).join(', ')}`);
  } finally {
    await bridge.stop();
  }
});
