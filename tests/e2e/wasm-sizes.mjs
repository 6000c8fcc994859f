// What each part of a wasm module costs (a measurement, not a test): `node wasm-sizes.mjs
// MODULE.wasm [DEPTH]` on a module built with its names kept (`ARBITER_WASM_NAMES=1 cargo xtask
// web`). Each function's body is put down to the crate and modules of its Rust path (DEPTH
// components, 3 by default), summed and printed largest first, with the data segments beside
// them. Inlining moves code into its callers, so a part's figure is what stayed in its own
// functions: cutting the part out behind a feature and rebuilding is the figure to trust.
import fs from 'node:fs';

const [file, depthArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node wasm-sizes.mjs MODULE.wasm [DEPTH]');
const depth = Number(depthArg ?? 3);
const bytes = fs.readFileSync(file);

let at = 8;
const leb = () => {
  let n = 0, shift = 0, b;
  do { b = bytes[at++]; n += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
  return n;
};
const name = () => { const n = leb(); const s = bytes.subarray(at, at + n).toString('utf8'); at += n; return s; };

let imported = 0;
const bodies = [];
const names = new Map();
let data = 0;
while (at < bytes.length) {
  const id = bytes[at++];
  const size = leb();
  const end = at + size;
  if (id === 2) {
    for (let i = leb(); i > 0; i--) {
      name(); name();
      const kind = bytes[at++];
      if (kind === 0) { imported++; leb(); }
      else if (kind === 1) { at++; const f = leb(); leb(); if (f & 1) leb(); }
      else if (kind === 2) { const f = leb(); leb(); if (f & 1) leb(); }
      else if (kind === 3) { at += 2; }
      else { at++; leb(); }
    }
  } else if (id === 10) {
    for (let i = leb(); i > 0; i--) { const n = leb(); bodies.push(n); at += n; }
  } else if (id === 11) {
    data = size;
  } else if (id === 0) {
    const section = name();
    if (section === 'name') {
      while (at < end) {
        const sub = bytes[at++];
        const len = leb();
        const subEnd = at + len;
        if (sub === 1) for (let i = leb(); i > 0; i--) { const idx = leb(); names.set(idx, name()); }
        at = subEnd;
      }
    }
  }
  at = end;
}

/** The path components of a legacy-mangled Rust name (`_ZN4core3fmt5write17h…E`), else the name. */
function path(raw) {
  const m = /_ZN(.*)E$/.exec(raw);
  if (!m) return [raw.replace(/<.*/, '').split('::')].flat();
  const parts = [];
  let s = m[1];
  while (s.length) {
    const len = /^\d+/.exec(s);
    if (!len) break;
    const n = Number(len[0]);
    parts.push(s.slice(len[0].length, len[0].length + n).replace(/\$LT\$|\$GT\$|\$u20\$|\.\./g, ' ').trim());
    s = s.slice(len[0].length + n);
  }
  if (parts.length && /^h[0-9a-f]{16}$/.test(parts[parts.length - 1])) parts.pop();
  return parts;
}

const sums = new Map();
let total = 0;
bodies.forEach((n, i) => {
  total += n;
  const raw = names.get(imported + i) ?? '(no name)';
  const key = path(raw).slice(0, depth).join('::') || raw;
  sums.set(key, (sums.get(key) ?? 0) + n);
});
const rows = [...sums].sort((a, b) => b[1] - a[1]);
console.log(`${bytes.length} bytes: code ${total} in ${bodies.length} functions, data ${data}`);
for (const [key, n] of rows.slice(0, 60)) console.log(`${String(n).padStart(8)} ${(100 * n / total).toFixed(1).padStart(5)} %  ${key}`);
