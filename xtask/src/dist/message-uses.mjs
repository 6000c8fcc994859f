// Where the message ids of the catalogue (www/messages/<lang>.json) are used: by the wasm, whose
// every id is listed in www/messages/wasm-ids.txt (written and checked by `cargo test -p
// arbiter-wasm`, wasm/src/ids.rs), and by the page's own JS and HTML, read here. The page build
// (messages.mjs) and tests/e2e/tables.test.mjs both ask this module, so they hold the catalogue
// to the same uses.

import fs from 'node:fs';
import path from 'node:path';

// The folders of www/ that are built, not written: the compiled catalogue, the wasm's glue, the
// page as it ships.
const BUILT = new Set(['lang', 'pkg', 'dist', 'node_modules']);

/** The ids the wasm gives the page, from `www/messages/wasm-ids.txt`. */
export function wasmIds(www) {
  const text = fs.readFileSync(path.join(www, 'messages', 'wasm-ids.txt'), 'utf8');
  return new Set(text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')));
}

/** The page's JS and HTML sources under `www`, as `{path, text}`. */
export function pageSources(www) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!BUILT.has(e.name)) walk(p);
      } else if (e.name.endsWith('.js') || e.name.endsWith('.html')) {
        out.push({ path: p, text: fs.readFileSync(p, 'utf8') });
      }
    }
  };
  walk(path.join(www, 'js'));
  for (const e of fs.readdirSync(www)) {
    if (e.endsWith('.html')) out.push({ path: path.join(www, e), text: fs.readFileSync(path.join(www, e), 'utf8') });
  }
  return out;
}

/**
 * The ids the page's code names for a message: `t('id')`, `say(lang, 'id')`, `#t('id')` in JS,
 * the hall's `w('id')` (js/hall/), and the static words' `data-t*="id"` in the markup
 * (relabel.js) and the hall's `data-words*="id"` (hall.html).
 */
export function namedByPage(sources) {
  const ids = new Set();
  const add = (re, text) => { for (const m of text.matchAll(re)) ids.add(m[1]); };
  for (const f of sources) {
    if (f.path.endsWith('.js')) {
      add(/(?:\bt|#t|\bw)\(\s*'([a-z][a-z0-9_]*)'/g, f.text);
      add(/\bsay\(\s*[^,()']+,\s*'([a-z][a-z0-9_]*)'/g, f.text);
    }
    add(/\bdata-(?:t|words)(?:-[a-z]+)?="([a-z][a-z0-9_]*)"/g, f.text);
  }
  return ids;
}

/**
 * Whether the page or the wasm uses message `id`, whose English text is `english`: the wasm
 * gives it, the page's code names it between quotes (in a call, or a table of ids), or, for the
 * static HTML's words (written in English so that an English page fetches no catalogue;
 * relabel.js finds them by it), its English text stands in the HTML or a JS template.
 */
export function usedBy({ wasm, all }) {
  return (id, english) => {
    if (wasm.has(id)) return true;
    if (new RegExp(`['"\`]${id}['"\`]`).test(all)) return true;
    // A message with arguments is said only by its id.
    if (/[{}]/.test(english)) return false;
    const forms = [english, english.replaceAll("'", "\\'")];
    // A long text is found whole; a short one only between quotes or tags.
    return forms.some((e) => (e.length >= 12 ? all.includes(e)
      : new RegExp(`[>\\s'"]${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[<\\s'"]`).test(all)));
  };
}

/**
 * What is wrong with the catalogue `english` (id -> English text) against its uses under `www`:
 * ids used but missing, and ids that nothing uses.
 */
export function checkUses(www, english) {
  const wasm = wasmIds(www);
  const sources = pageSources(www);
  const all = sources.map((f) => f.text).join('\n');
  const used = usedBy({ wasm, all });
  const missing = [...new Set([...wasm, ...namedByPage(sources)])].filter((id) => !(id in english)).sort();
  const unused = Object.entries(english).filter(([id, text]) => !used(id, text)).map(([id]) => id);
  return { missing, unused };
}
