// The page's message catalogue compiled into the modules the page loads:
//
//   node messages.mjs <folder whose node_modules hold the tools> <www>
//
// - Every id used is worded and every id worded is used: the wasm's ids are listed in
//   `www/messages/wasm-ids.txt` (kept by `cargo test -p arbiter-wasm`), the page's are read from
//   its JS and HTML (message-uses.mjs); an id missing or unused fails the build.
// - `www/messages/<lang>.json` is one language: message id -> ICU MessageFormat text (plurals
//   and choices as `{n, plural, ...}` and `{x, select, ...}`). English (`en.json`) is the
//   reference: every other file has exactly its ids, and each message names the arguments its
//   English names (a side by either of its forms, `who` or `of`: the page passes both). A
//   missing, extra or unreadable message, or an argument missing or stray, fails the build here,
//   named with its file and id.
// - messageformat's own compiler (`@messageformat/core`, its `compileModule`) turns each file
//   into an ES module of functions, one per id, with the language's plural rules; esbuild then
//   makes each module stand alone (the few runtime helpers it imports are put in), so the page
//   loads it as it is: `www/js/lang/<lang>.js`, build output, not kept in git.
// - `index.js` lists the other languages, each module loaded when first needed (words.js).
// - English is two modules: the first screen's words (the ids `first-screen.txt` lists) in
//   `en-start.js`, which comes with the page's scripts, and `en.js`, all of English, which
//   imports them and is fetched when first needed (words.js `loadWords`).
// - The hall page's words (ids `hall_*`, said only there) are modules of their own, one per
//   language (`hall-<lang>.js`, English's too, listed in `hall-index.js`), which the hall page
//   fetches beside the page's words of its language (js/hall/words.js): the board page never
//   loads them, and the hall loads its own language's alone (every language has every id, so
//   no English is needed beside it).
// - A module is written only when its text changes, so an unchanged catalogue leaves the build
//   of www/dist as it was.

import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { checkUses } from './message-uses.mjs';

const [from, www] = process.argv.slice(2);
const require = createRequire(path.resolve(from, 'package.json'));
const MessageFormat = require('@messageformat/core');
const compileModule = require('@messageformat/core/compile-module');
const { parse } = require('@messageformat/parser');
const esbuild = require('esbuild');

const sources = path.join(www, 'messages');
const out = path.join(www, 'js', 'lang');
const REFERENCE = 'en';
// The formatters a message may name beside MessageFormat's own: `{who, lower}` says an argument
// in lower case ("Juegan las blancas" where the side alone is "Las blancas"). Their code goes
// into each module that uses one, as the module `catalogue:formatters`.
const FORMATTERS = { lower: 'export const lower = (value) => String(value).toLowerCase();\n' };
const customFormatters = Object.fromEntries(Object.keys(FORMATTERS).map((id) => [id, {
  formatter: (value) => String(value).toLowerCase(),
  arg: 'string',
  id,
  module: 'catalogue:formatters',
}]));
// A side is passed to a message by name and as owner (words.js `fill`): a language may use
// either form where English uses the other ("Mossa illegale e4 del Nero"), so the two count as
// one argument when a translation's arguments are held against English's.
const SIDE_FORMS = ['who', 'of'];
const sides = (names) => new Set([...names].map((n) => (SIDE_FORMS.includes(n) ? SIDE_FORMS[0] : n)));

const problems = [];
const languages = fs.readdirSync(sources).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
const catalogue = {};
for (const lang of languages) {
  const file = `messages/${lang}.json`;
  try {
    catalogue[lang] = JSON.parse(fs.readFileSync(path.join(sources, `${lang}.json`), 'utf8'));
  } catch (err) {
    problems.push(`${file}: not JSON: ${err.message}`);
  }
}
if (!catalogue[REFERENCE]) {
  problems.push(`messages/${REFERENCE}.json: missing (every other language is checked against it)`);
  fail();
}

// The argument names of a message, every branch of its plurals and selects included.
function argumentsOf(tokens, names = new Set()) {
  for (const t of tokens) {
    if (t.type === 'argument' || t.type === 'function') names.add(t.arg);
    if (t.type === 'plural' || t.type === 'select' || t.type === 'selectordinal') {
      names.add(t.arg);
      for (const c of t.cases) argumentsOf(c.tokens, names);
    }
  }
  return names;
}

const args = {};
for (const [lang, messages] of Object.entries(catalogue)) {
  args[lang] = {};
  for (const [id, text] of Object.entries(messages)) {
    if (typeof text !== 'string') {
      problems.push(`messages/${lang}.json: ${id} is not a text`);
      continue;
    }
    try {
      args[lang][id] = argumentsOf(parse(text, { strict: false }));
    } catch (err) {
      problems.push(`messages/${lang}.json: ${id} cannot be read: ${err.message}`);
    }
  }
}

const english = catalogue[REFERENCE];
for (const [lang, messages] of Object.entries(catalogue)) {
  if (lang === REFERENCE) continue;
  const file = `messages/${lang}.json`;
  for (const id of Object.keys(english)) {
    if (!(id in messages)) problems.push(`${file}: ${id} is missing (messages/${REFERENCE}.json has it)`);
  }
  for (const id of Object.keys(messages)) {
    if (!(id in english)) problems.push(`${file}: ${id} is not in messages/${REFERENCE}.json (unused)`);
  }
  for (const [id, names] of Object.entries(args[lang])) {
    const known = args[REFERENCE][id];
    if (!known) continue;
    const ours = sides(names);
    const theirs = sides(known);
    const stray = [...ours].filter((n) => !theirs.has(n));
    const lacking = [...theirs].filter((n) => !ours.has(n));
    if (stray.length) problems.push(`${file}: ${id} names ${stray.map((n) => `{${n}}`).join(', ')}, which English's does not`);
    if (lacking.length) problems.push(`${file}: ${id} lacks ${lacking.map((n) => `{${n}}`).join(', ')}, which English's names`);
  }
}

const firstScreen = fs.readFileSync(path.join(sources, 'first-screen.txt'), 'utf8').split('\n')
  .map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);
for (const id of firstScreen) {
  if (!(id in english)) problems.push(`messages/first-screen.txt: ${id} is not in messages/${REFERENCE}.json`);
}
// Every id the wasm gives (messages/wasm-ids.txt) or the page's code names is worded, and every
// id worded is used by one of them (message-uses.mjs).
const uses = checkUses(www, english);
for (const id of uses.missing) problems.push(`messages/${REFERENCE}.json: ${id} is used (by the wasm or the page) but missing`);
for (const id of uses.unused) problems.push(`messages/${REFERENCE}.json: ${id} is used by neither the wasm nor the page`);
if (problems.length) fail();

function fail() {
  console.error(`the message catalogue (www/messages) has ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

// messageformat's compiled functions of `messages`, as the module `catalogue:<name>`.
function compiled(lang, messages) {
  try {
    return compileModule(new MessageFormat(lang, { customFormatters }), messages);
  } catch (err) {
    problems.push(`messages/${lang}.json: ${err.message}`);
    return fail();
  }
}

// A module of the page: `entry` made to stand alone by esbuild, the compiled catalogues it
// imports (`catalogue:<name>`) and their runtime helpers put in; only en-start.js stays apart.
async function module(lang, entry, catalogues) {
  const plugin = {
    name: 'catalogue',
    setup(build) {
      build.onResolve({ filter: /^catalogue:/ }, (a) => ({ path: a.path.slice('catalogue:'.length), namespace: 'catalogue' }));
      build.onLoad({ filter: /.*/, namespace: 'catalogue' }, (a) => ({
        contents: a.path === 'formatters' ? Object.values(FORMATTERS).join('') : catalogues[a.path],
        loader: 'js',
        resolveDir: from,
      }));
    },
  };
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: from, loader: 'js', sourcefile: `messages/${lang}.json` },
    bundle: true,
    format: 'esm',
    write: false,
    charset: 'utf8',
    external: ['./en-start.js'],
    plugins: [plugin],
    logLevel: 'warning',
  });
  return `// Built from www/messages/${lang}.json by the page build (xtask/src/dist/messages.mjs): edit that file.\n${result.outputFiles[0].text}`;
}

// The hall page's words, by their ids' prefix: a part of each language of its own. The words
// moves are said in (ids `spoken_*`) are built into the wasm (wasm/build.rs reads them from these
// files), which says them itself: no module of the page carries them.
const HALL = 'hall_';
const SPOKEN = 'spoken_';
const part = (messages, hall) => Object.fromEntries(Object.entries(messages)
  .filter(([id]) => !id.startsWith(SPOKEN) && id.startsWith(HALL) === hall));
for (const id of firstScreen) {
  if (id.startsWith(HALL)) problems.push(`messages/first-screen.txt: ${id} is the hall's, not the board page's first screen`);
  if (id.startsWith(SPOKEN)) problems.push(`messages/first-screen.txt: ${id} is the wasm's, built into it`);
}
if (problems.length) fail();

const modules = {};
for (const lang of languages) {
  modules[`hall-${lang}.js`] = await module(lang, `export { default } from 'catalogue:${lang}';\n`, { [lang]: compiled(lang, part(catalogue[lang], true)) });
  if (lang === REFERENCE) continue;
  modules[`${lang}.js`] = await module(lang, `export { default } from 'catalogue:${lang}';\n`, { [lang]: compiled(lang, part(catalogue[lang], false)) });
}
const start = Object.fromEntries(firstScreen.map((id) => [id, english[id]]));
const rest = Object.fromEntries(Object.entries(part(english, false)).filter(([id]) => !(id in start)));
modules['en-start.js'] = await module(REFERENCE, "export { default } from 'catalogue:start';\n", { start: compiled(REFERENCE, start) });
// All of English: the first screen's words (the module the page has already) and the rest.
modules['en.js'] = await module(REFERENCE,
  "import start from './en-start.js';\nimport rest from 'catalogue:rest';\nexport default { ...start, ...rest };\n",
  { rest: compiled(REFERENCE, rest) });

// The languages the catalogue has besides English, each module fetched when first needed
// (words.js): a language's file is all it takes to add one.
const loaders = languages.filter((l) => l !== REFERENCE).map((l) => `  ${JSON.stringify(l)}: () => import('./${l}.js'),\n`).join('');
modules['index.js'] = `// Built from the files of www/messages by the page build (xtask/src/dist/messages.mjs).\n// The languages other than English, each fetched when first needed.\nexport default {\n${loaders}};\n`;
const hallLoaders = languages.map((l) => `  ${JSON.stringify(l)}: () => import('./hall-${l}.js'),\n`).join('');
modules['hall-index.js'] = `// Built from the files of www/messages by the page build (xtask/src/dist/messages.mjs).\n// The hall page's words of each language, each fetched when first needed.\nexport default {\n${hallLoaders}};\n`;

fs.mkdirSync(out, { recursive: true });
const wanted = new Set(Object.keys(modules));
for (const f of fs.readdirSync(out)) {
  if (!wanted.has(f)) fs.rmSync(path.join(out, f));
}
let written = 0;
for (const [name, text] of Object.entries(modules)) {
  const file = path.join(out, name);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) continue;
  fs.writeFileSync(file, text);
  written++;
}
console.log(`www/messages: ${languages.length} languages, ${Object.keys(english).length} messages each; ${written} module(s) of www/js/lang written`);
