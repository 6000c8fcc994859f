// Issue 4, wasm: positions per second of our dead-position analysis beside chasolver's, both
// compiled to wasm32-unknown-unknown and run here in Node (V8), on the same labelled positions in
// the same run. Prints mean, p99 and worst time per query, undetermined and wrong answers, and
// the speed ratio; then the quick checks. Usage (from this folder):
//   cargo build --release --target wasm32-unknown-unknown
//   node run.mjs [lichess|hard] [stride] [budget]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const target = process.env.CARGO_TARGET_DIR ?? join(here, "target");
const wasmPath = join(target, "wasm32-unknown-unknown", "release", "dead_wasm_bench.wasm");
const set = process.argv[2] ?? "lichess";
const stride = Number(process.argv[3] ?? 1);
const budget = Number(process.argv[4] ?? 16777216); // Budget::RULING (2^24)
const data = join(here, "..", "..", "..", "..", "shared", "data", "unwinnability",
  set === "hard" ? "chasolver-positions.txt" : "chasolver-lichess.txt");

const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const w = instance.exports;
const encoder = new TextEncoder();

const queries = readFileSync(data, "utf8").split("\n")
  .filter((l) => l.trim() !== "" && !l.startsWith("#"))
  .filter((_, i) => i % stride === 0)
  .map((l) => ({ label: l.slice(0, 2), fen: encoder.encode(l.slice(3).trim()) }));

function load(fen) {
  new Uint8Array(w.memory.buffer, w.buffer(), fen.length).set(fen);
  return fen.length;
}

// code: 0 can mate, 1 cannot, 2 undetermined, 3 refused FEN.
function run(name, call) {
  const times = [];
  let undetermined = 0, wrong = 0, refused = 0;
  for (const q of queries) {
    for (const white of [1, 0]) {
      const len = load(q.fen);
      const start = performance.now();
      const code = call(len, white);
      times.push(performance.now() - start);
      const winnable = q.label[white ? 0 : 1] !== "-";
      if (code === 2) undetermined++;
      else if (code === 3) refused++;
      else if ((code === 0) !== winnable) wrong++;
    }
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const mean = total / times.length;
  console.log(`${name.padEnd(24)} ${times.length} queries  mean ${(mean * 1e3).toFixed(1)} us  ` +
    `p99 ${(times[Math.floor(times.length * 0.99)] * 1e3).toFixed(1)} us  ` +
    `worst ${(times[times.length - 1] * 1e3).toFixed(1)} us  ${(1e3 / mean).toFixed(0)} q/s  ` +
    `undetermined ${undetermined}  wrong ${wrong}  refused ${refused}`);
  return mean;
}

function quick(name, call) {
  let proven = 0;
  const start = performance.now();
  for (const q of queries) {
    for (const white of [1, 0]) proven += call(load(q.fen), white) === 1 ? 1 : 0;
  }
  const mean = (performance.now() - start) / (queries.length * 2);
  console.log(`${name.padEnd(24)} mean ${(mean * 1e3).toFixed(2)} us per query (FEN parse included)  proven ${proven}`);
  return mean;
}

console.log(`wasm ${wasmPath}: ${readFileSync(wasmPath).length} bytes; ${set}, every ${stride}, budget ${budget}`);
const ours = run(`${set}: arbiter (wasm)`, (len, white) => w.ours_can_mate(len, white, budget));
const peer = run(`${set}: chasolver (wasm)`, (len, white) => w.peer_can_mate(len, white));
console.log(`${set}: speed ratio arbiter/chasolver in wasm = ${(peer / ours).toFixed(2)} (>= 1.0 means we are faster)`);
const oursQuick = quick("quick: arbiter (wasm)", (len, white) => w.ours_quick(len, white));
const peerQuick = quick("quick: chasolver (wasm)", (len, white) => w.peer_quick(len, white));
console.log(`quick check ratio arbiter/chasolver in wasm = ${(peerQuick / oursQuick).toFixed(2)}`);
