// Loads the Arbiter wasm modules once per page, wherever the page keeps this folder. There are
// two builds of one crate (wasm/Cargo.toml): the lean module, which plays a game and loads with
// the page, and the full one, fetched only when something asks for it (a PGN import, a sealed
// move, the Braille score, the Worker's dead-position analysis, a live board's bridge client).
// A game moves from one to the other by its event log, so either plays the same game.
import init, * as arbiter from '../pkg/arbiter_wasm.js';
import { importAnew, once } from './once.js';

// A load that failed (a network blip) is not kept: the next ask tries again (once.js).

/** Resolves to the lean module's exports once it is instantiated. */
export const loadArbiter = once(async () => {
  // index.html's first script starts compiling the module (arbiterLeanModule) while the rest of
  // the page is parsed and laid out, not after: take it, or fetch the wasm here if that failed
  // or a page (an embedding site's) did not start it. A seat at the bridge plays on the full
  // module alone, so index.html does not start this one there.
  const compiled = await globalThis.arbiterLeanModule?.catch(() => undefined);
  await init(compiled instanceof WebAssembly.Module ? { module_or_path: compiled } : undefined);
  return arbiter;
});

/**
 * A Worker running the dead-position analysis (dead-worker.js). Its URL is made here, in a
 * module of js/ itself: the build bundles the modules into chunks in js/, where a URL relative to
 * `import.meta.url` names the same file only if it was written from js/.
 */
export const deadWorker = () => new Worker(new URL('./dead-worker.js', import.meta.url), { type: 'module' });

// The full module's glue, imported once: a module of no imports whose instance holds the wasm's
// JS state, so the one the page has is kept and only a failed import is tried again (at a new
// URL, importAnew). Its URL is written here, in js/, as the chunks see it.
const fullGlue = once(importAnew(
  () => import('../pkg/arbiter_full.js'),
  new URL('../pkg/arbiter_full.js', import.meta.url),
));

/**
 * Resolves to the full module's exports (a second download, once per page). The wasm failing to
 * arrive is fetched again by the same glue on the next ask.
 */
export const loadFull = once(() => fullGlue().then(async (full) => {
  await full.default();
  return full;
}));
