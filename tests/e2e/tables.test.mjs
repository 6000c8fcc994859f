// The page's message catalogue (www/messages/<lang>.json, compiled by the page build into
// www/js/lang/*.js): every language has every message id, each message reads whole with its
// words filled in, every id the code names is in the catalogue, and no language has an id that
// nothing uses. Read from the sources themselves, so a new message without its translations, or
// a message left behind by a change, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LANGS = ['en', 'de', 'it', 'pt', 'es', 'fr', 'nl'];
// Each language's messages: a message that names no argument as its text, the others as the
// functions the build compiled them into (after `cargo xtask web` or `dist`): the page's, and the
// hall page's (ids `hall_*`), compiled apart.
const tables = {};
const compiledModule = async (name) => (await import(pathToFileURL(join(root, 'www', 'js', 'lang', name)).href)).default;
for (const lang of LANGS) {
  const source = JSON.parse(readFileSync(join(root, 'www', 'messages', `${lang}.json`), 'utf8'));
  const compiled = { ...await compiledModule(`${lang}.js`), ...await compiledModule(`hall-${lang}.js`) };
  tables[lang] = Object.fromEntries(Object.entries(source).map(([id, text]) => [id, /[{}]/.test(text) ? compiled[id] : text]));
}

// Where ids are used: the wasm's every id (www/messages/wasm-ids.txt, which `cargo test -p
// arbiter-wasm` holds to what the wasm makes from the core's names) and the page's JS and HTML,
// read as the page build reads them (xtask/src/dist/message-uses.mjs).
const uses = await import(pathToFileURL(join(root, 'xtask', 'src', 'dist', 'message-uses.mjs')).href);
const www = join(root, 'www');
const sources = uses.pageSources(www);
const wasmIds = uses.wasmIds(www);
const all = sources.map((f) => f.text).join('\n');

// Ids the code names: t('id'), say(lang, 'id'), #t('id'), data-t="id" in the page; every id the
// wasm gives a ruling, a refusal or a FEN's fault.
function namedIds() {
  return new Set([...uses.namedByPage(sources), ...wasmIds]);
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
    name: 'Nm', own_left: 'OL', own_used: 'OU', theirs_left: 'TL', theirs_used: 'TU', 0: 'zero', 1: 'one',
    // The hall's.
    event: 'Ev', round: 2, edition: '2023', s: 5, side: 'Si', number: 12, san: 'Nf3', article: 'Art. 1', result: '1-0',
    status: 503, time: '12:00', ago: 'now', games: 4, said: 'busy', error: 'E', pushed: 3, failed: 1, screen: 'Sc',
    listen: '--listen', token: 'tok', from: '1:00', to: '2:00', now: '1:30', what: 'Wh', moves: 'e4 e5', present: 'P',
    percent: 50, source: 'So', serial: 'S1', done: 1, boards: '1, 2', fen: '8/8/8/8/8/8/8/8 w - - 0 1',
    restore: 'Re', new_game: 'Ng', before: '0-1' };
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
  // An id is used when the wasm gives it or the code names it, or, for the static HTML's words
  // (written in English so that an English page fetches no table; relabel.js finds them by it),
  // when its English text stands in the HTML or in a JS template of a control.
  const source = JSON.parse(readFileSync(join(root, 'www', 'messages', 'en.json'), 'utf8'));
  const used = uses.usedBy({ wasm: wasmIds, all });
  const unused = Object.keys(tables.en).filter((id) => !used(id, source[id]));
  assert.deepEqual(unused, []);
});
