// A Web Worker that asks the core whether a side can still mate (2005 Art. 6.10 and 9.6),
// so a long search never blocks the board or the clock display.
//
//   const w = new Worker(new URL('./dead-worker.js', import.meta.url), { type: 'module' });
//   w.postMessage({ id: 1, fen, side: 'white', nodes: 200000 });
//   w.onmessage = (e) => e.data; // { id, answer: 'yes' | 'no' | 'undetermined', line: [...] } or { id, error }
import { loadArbiter } from './engine.js';

const ready = loadArbiter();

self.onmessage = async (e) => {
  const { id, fen, side, nodes = 200_000 } = e.data ?? {};
  try {
    const arbiter = await ready;
    const result = arbiter.canMate(String(fen), String(side), Number(nodes));
    self.postMessage({ id, ...result });
  } catch (err) {
    self.postMessage({ id, error: String(err?.message ?? err) });
  }
};
