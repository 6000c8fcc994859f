// A Web Worker that runs the core's dead-position analysis (2005 Art. 6.10 and 9.6; 2023
// Art. 6.9 and 5.2.2) off the page's thread, so a search of seconds never blocks the board or
// the clock display.
//
//   const w = new Worker(new URL('./dead-worker.js', import.meta.url), { type: 'module' });
//   w.postMessage({ id: 1, fen, side: 'white', nodes: 200000 });
//   w.onmessage = (e) => e.data; // { id, answer: 'yes' | 'no' | 'undetermined', line: [...] } or { id, error }
//
// A ruling waiting for its analysis (the wasm Table's `pendingAnalysis()`) is answered whole:
//
//   w.postMessage({ id: 2, ruling: { fen, side } });
//   // -> { id, event: { type: 'analysis', side, fen, can_mate } }, for `table.handle(event)`
// The full module loaded here, not through engine.js: a Worker has its own copy of every module
// anyway, and the build would otherwise bundle engine.js into a chunk of its own, shared by the
// page and this Worker, for each first load of the page to fetch (xtask/src/dist/esbuild.mjs).
import init, * as full from '../pkg/arbiter_full.js';

const ready = init().then(() => full);

self.onmessage = async (e) => {
  const { id, fen, side, nodes = 200_000, ruling } = e.data ?? {};
  try {
    const arbiter = await ready;
    if (ruling) {
      self.postMessage({ id, event: arbiter.analysisEvent(String(ruling.fen), String(ruling.side)) });
      return;
    }
    const result = arbiter.canMate(String(fen), String(side), Number(nodes));
    self.postMessage({ id, ...result });
  } catch (err) {
    self.postMessage({ id, error: String(err?.message ?? err) });
  }
};
