// Loads the Arbiter wasm module once per page, wherever the page keeps this folder.
import init, * as arbiter from '../pkg/arbiter_wasm.js';

let loading = null;

/** Resolves to the wasm module's exports once it is instantiated. */
export function loadArbiter() {
  loading ??= init().then(() => arbiter);
  return loading;
}
