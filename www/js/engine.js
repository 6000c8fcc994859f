// Loads the Arbiter wasm modules once per page, wherever the page keeps this folder. There are
// two builds of one crate (wasm/Cargo.toml): the lean module, which plays a game and loads with
// the page, and the full one, fetched only when something asks for it (a PGN import, a sealed
// move, the Braille score, the Worker's dead-position analysis). A game moves from one to the
// other by its event log, so either plays the same game.
import init, * as arbiter from '../pkg/arbiter_wasm.js';

let loading = null;
let loadingFull = null;

/**
 * Resolves to the lean module's exports once it is instantiated. A page may have started
 * compiling the module as its HTML was parsed (`self.arbiterCompiling`, a promise of the
 * WebAssembly.Module, as index.html does): the module scripts run only once the whole page is
 * parsed, and the compilation is then already done, off the page's thread. Without it, or if it
 * failed (null), the glue fetches and compiles the module itself.
 */
export function loadArbiter() {
  const early = self.arbiterCompiling;
  loading ??= (early
    ? Promise.resolve(early).then((module) => init(module ? { module_or_path: module } : undefined))
    : init()
  ).then(() => arbiter);
  return loading;
}

/** Resolves to the full module's exports (a second download, once per page). */
export function loadFull() {
  loadingFull ??= import('../pkg/arbiter_full.js').then(async (full) => {
    await full.default();
    return full;
  });
  return loadingFull;
}
