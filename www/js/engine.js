// Loads the Arbiter wasm modules once per page, wherever the page keeps this folder. There are
// two builds of one crate (wasm/Cargo.toml): the lean module, which plays a game and loads with
// the page, and the full one, fetched only when something asks for it (a PGN import, a sealed
// move, the Braille score, the Worker's dead-position analysis, a live board's bridge client).
// A game moves from one to the other by its event log, so either plays the same game.
import init, * as arbiter from '../pkg/arbiter_wasm.js';

let loading = null;
let loadingFull = null;

/** Resolves to the lean module's exports once it is instantiated. */
export function loadArbiter() {
  // A load that failed (a network blip) is not kept: the next ask tries again.
  loading ??= init().then(() => arbiter, (err) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Resolves to the full module's exports (a second download, once per page). */
export function loadFull() {
  loadingFull ??= import('../pkg/arbiter_full.js').then(async (full) => {
    await full.default();
    return full;
  }).catch((err) => {
    loadingFull = null;
    throw err;
  });
  return loadingFull;
}
