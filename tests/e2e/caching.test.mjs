// The built page through a real board-bridge, as a browser loads it: the shared chunks the build
// names by their content (`js/chunk.<hash>.js`) and the wasm module are kept a year without
// asking again; the HTML and the entry modules, whose names embedders use, are revalidated.
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
    await page.goto(`${bridge.url}/?local`);
    await page.waitForFunction(() => document.querySelector('arbiter-board')?.state?.core);
    const chunks = [...caching.keys()].filter((p) => /^\/js\/chunk\.[0-9a-f]{16}\.js$/.test(p));
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
  } finally {
    await bridge.stop();
  }
});
