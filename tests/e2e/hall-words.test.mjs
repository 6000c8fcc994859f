// The hall page's words in the catalogue (www/messages/<lang>.json, ids `hall_*`, compiled by
// the page build into www/js/lang/hall-<lang>.js): every message id in every language of the
// page, each with the values the English one fills in and no other, none empty, and none left
// in English where the language has words of its own. Plain Node: the catalogue is data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { WWW } from './harness.mjs';

const { LANGUAGES, loadHallLanguage, chosenLanguage } = await import(pathToFileURL(path.join(WWW, 'js/hall/words.js')).href);
const { SENTENCE_LANGS, t } = await import(pathToFileURL(path.join(WWW, 'js/words.js')).href);
const { parse } = createRequire(import.meta.url)('@messageformat/parser');

// The hall's own words of each language of the catalogue, as written.
const TABLES = {};
for (const file of fs.readdirSync(path.join(WWW, 'messages')).filter((f) => f.endsWith('.json'))) {
  const messages = JSON.parse(fs.readFileSync(path.join(WWW, 'messages', file), 'utf8'));
  TABLES[file.slice(0, -5)] = Object.fromEntries(Object.entries(messages).filter(([id]) => id.startsWith('hall_')));
}

// The values a message fills in, in every branch of its choices.
function slots(text) {
  const names = new Set();
  const walk = (tokens) => {
    for (const x of tokens) {
      if (x.arg !== undefined) names.add(x.arg);
      for (const c of x.cases ?? []) walk(c.tokens);
    }
  };
  walk(parse(text));
  return [...names].sort();
}
// Ids whose words may be the English ones in another language: "PGN", and a clock's change
// written as "White: 1:37:41 → 1:00:00" (the side is filled in).
const SAME = new Set(['hall_pgn', 'hall_confirm_clock_side']);

test('hall words: the page languages, each table with every id and the same values to fill', () => {
  assert.deepEqual(Object.keys(TABLES).sort(), [...SENTENCE_LANGS].sort(), 'the languages the board speaks');
  assert.deepEqual(Object.keys(LANGUAGES).sort(), Object.keys(TABLES).sort());
  const en = TABLES.en;
  assert.ok(Object.keys(en).length > 200, `only ${Object.keys(en).length} ids`);
  for (const [lang, table] of Object.entries(TABLES)) {
    assert.deepEqual(Object.keys(table).sort(), Object.keys(en).sort(), `${lang} has exactly the English ids`);
    for (const [id, text] of Object.entries(table)) {
      assert.equal(typeof text, 'string', `${lang}.${id}`);
      assert.ok(text.trim(), `${lang}.${id} is empty`);
      assert.deepEqual(slots(text), slots(en[id]), `${lang}.${id} fills {${slots(en[id])}}`);
      if (lang !== 'en' && !SAME.has(id)) assert.notEqual(text, en[id], `${lang}.${id} is still English`);
    }
  }
});

test('hall words: filled in, and the language chosen by link, by the stored choice, by the browser', async () => {
  await loadHallLanguage('de');
  await loadHallLanguage('en');
  assert.equal(t('hall_card', { n: 4, white: 'Rossi, Anna', black: 'Neri, Bruno' }, 'de'), 'Brett 4: Rossi, Anna gegen Neri, Bruno');
  assert.equal(t('hall_card', { n: 4, white: 'A', black: 'B' }, 'xx'), 'Board 4: A against B');
  assert.equal(chosenLanguage('?lang=fr', 'de', ['it-IT']), 'fr');
  assert.equal(chosenLanguage('?lang=zz', 'de', ['it-IT']), 'de');
  assert.equal(chosenLanguage('', null, ['ja', 'pt-BR', 'en']), 'pt');
  assert.equal(chosenLanguage('', 'zz', ['ja']), 'en');
});
