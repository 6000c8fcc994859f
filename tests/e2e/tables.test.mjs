// The page's message catalogue (www/messages/<lang>.json, compiled by the page build into
// www/js/lang/*.js): every language has every message id, each message reads whole with its
// words filled in, every id the code names is in the catalogue, and no language has an id that
// nothing uses. Read from the sources themselves, so a new message without its translations, or
// a message left behind by a change, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LANGS = ['en', 'de', 'it', 'pt', 'es', 'fr', 'nl'];
// Each language's messages: a message that names no argument as its text, the others as the
// functions the build compiled them into (after `cargo xtask web` or `dist`).
const tables = {};
for (const lang of LANGS) {
  const source = JSON.parse(readFileSync(join(root, 'www', 'messages', `${lang}.json`), 'utf8'));
  const compiled = (await import(pathToFileURL(join(root, 'www', 'js', 'lang', `${lang}.js`)).href)).default;
  tables[lang] = Object.fromEntries(Object.entries(source).map(([id, text]) => [id, /[{}]/.test(text) ? compiled[id] : text]));
}

// Every source file a message id can be named in: the page's JS (not the catalogue), its HTML,
// the wasm crate that names the rulings' messages, and the core's refusals.
function sources() {
  const out = [];
  const walk = (dir, keep) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'lang' && e.name !== 'pkg' && e.name !== 'node_modules') walk(p, keep);
      } else if (keep(e.name)) out.push({ path: p, text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(root, 'www'), (n) => n.endsWith('.js') || n.endsWith('.html'));
  walk(join(root, 'wasm', 'src'), (n) => n.endsWith('.rs'));
  // The core names each refusal's message id beside the refusal (Refused::id).
  const refused = join(root, 'core', 'src', 'arbiter', 'game', 'refused.rs');
  out.push({ path: refused, text: readFileSync(refused, 'utf8') });
  return out;
}
const files = sources();
const all = files.map((f) => f.text).join('\n');

// Ids the code names: t('id'), say(lang, 'id'), #t('id'), tr(lang, 'id') in JS; in the wasm the
// first argument of msg(...), a match arm's id, a refusal's id and a FEN problem's id.
function namedIds() {
  const ids = new Set();
  const add = (re, text) => { for (const m of text.matchAll(re)) ids.add(m[1]); };
  for (const f of files) {
    if (f.path.endsWith('.js')) {
      add(/(?:\bt|#t)\(\s*'([a-z][a-z0-9_]*)'/g, f.text);
      add(/\bsay\(\s*[^,()']+,\s*'([a-z][a-z0-9_]*)'/g, f.text);
    }
    // The static words' ids in the markup (relabel.js): data-t, data-t-label and the rest.
    if (f.path.endsWith('.js') || f.path.endsWith('.html')) add(/\bdata-t(?:-[a-z]+)?="([a-z][a-z0-9_]*)"/g, f.text);
    if (f.path.endsWith('messages.rs')) {
      // In msg(...)'s first argument; a literal compared with (`== "..."`) is the core's word.
      for (const m of f.text.matchAll(/(?<!fn )msg\(([\s\S]*?)vec!/g)) add(/(?<!== )"([a-z][a-z0-9_]*)"/g, m[1]);
      add(/=> "([a-z][a-z0-9_]*)"/g, f.text);
    }
    if (f.path.endsWith('refused.rs')) {
      // Each arm's (kind, id) pair, however rustfmt wraps it.
      add(/\("[a-z_]+",\s*"([a-z][a-z0-9_]*)"\)/g, f.text);
    }
    if (f.path.endsWith('refusal.rs')) {
      add(/=> \("[a-z_]+", "([a-z][a-z0-9_]*)"/g, f.text);
      add(/set\("id", "([a-z][a-z0-9_]*)"/g, f.text);
      add(/=> "(unreadable_[a-z0-9_]*)"/g, f.text);
      add(/"(fen_[a-z0-9_]*)"/g, f.text);
    }
  }
  return ids;
}

test('app_e every language has every message id of the English table, and no other', () => {
  const ids = Object.keys(tables.en);
  assert.ok(ids.length > 300, `only ${ids.length} ids`);
  for (const lang of LANGS) {
    const keys = Object.keys(tables[lang]);
    assert.deepEqual(ids.filter((id) => !keys.includes(id)), [], `${lang} lacks these`);
    assert.deepEqual(keys.filter((id) => !ids.includes(id)), [], `${lang} has these that English has not`);
    for (const id of ids) {
      assert.equal(typeof tables[lang][id], typeof tables.en[id], `${lang}.${id} is a ${typeof tables[lang][id]}`);
    }
  }
});

test('app_e every entry reads whole in every language when its words are given', () => {
  const words = { who: 'W', of: 'Wo', other: 'O', claim: 'C', span: 'S', move: 'e4', count: 1, period: 2,
    white: 'WS', black: 'BS', because: 'B', reason: 'R', score: '1-0', no: '3.', n: 3, label: 'L', flag: true,
    mine: 'M', theirs: 'T', why: 'Y', word: 'x', example: 'E', targets: 'a1', square: 'a1', squares: 'a1',
    port: 'P', kind: 'K', no_castling: true, piece: 'b1', target: 'c3', rook: 'h1', text: 'Sd2', position: 2,
    candidates: 'Sbd2, Sfd2', url: 'ws://h/ws', list: 'a, b', first: 'F', last: 'La', problem: 'P.',
    rank: 8, found: 'z', max: 16, right: 'K', ply: 9, plies: 4, short: true, long: false, err: 'E', spoken: 'Sp',
    0: 'zero', 1: 'one' };
  const bad = [];
  for (const lang of LANGS) {
    for (const [id, entry] of Object.entries(tables[lang])) {
      const said = typeof entry === 'function' ? entry(words) : entry;
      if (typeof said !== 'string' || !said.trim() || /undefined|NaN|\[object|\bnull\b/.test(said)) bad.push(`${lang}.${id}: ${said}`);
    }
  }
  assert.deepEqual(bad, []);
});

test('app_e every message id the code names is in the tables', () => {
  const missing = [...namedIds()].filter((id) => !(id in tables.en));
  assert.deepEqual(missing, []);
});

test('app_e no table has a message id that nothing uses', () => {
  // An id is used when the code names it, or, for the static HTML's words (written in English
  // so that an English page fetches no table; relabel.js finds them by it), when its English
  // text stands in the HTML or in a JS template of a control.
  const unused = Object.entries(tables.en).filter(([id, entry]) => {
    if (new RegExp(`['"\`]${id}['"\`]`).test(all)) return false;
    if (typeof entry !== 'string') return true;
    const forms = [entry, entry.replaceAll("'", "\\'")];
    // A long text is found whole; a short one only between quotes or tags.
    return !forms.some((e) => (e.length >= 12 ? all.includes(e)
      : new RegExp(`[>\\s'"]${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[<\\s'"]`).test(all)));
  }).map(([id]) => id);
  assert.deepEqual(unused, []);
});
