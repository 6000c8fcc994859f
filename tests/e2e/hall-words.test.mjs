// The hall page's word tables (www/js/hall/lang/*.js): every message id in every language of
// the page, each with the values the English one fills in and no other, none empty, and none
// left in English where the language has words of its own. Plain Node: the tables are data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WWW } from './harness.mjs';

const { TABLES, LANGUAGES, words, chosenLanguage } = await import(pathToFileURL(path.join(WWW, 'js/hall/words.js')).href);
const { SENTENCE_LANGS } = await import(pathToFileURL(path.join(WWW, 'js/words.js')).href);

const slots = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
// Ids whose words may be the English ones in another language: "PGN", Dutch "Arbiter", and
// a clock's change written as "White: 1:37:41 → 1:00:00" (the side is filled in).
const SAME = new Set(['pgn', 'arbiter', 'confirm_clock_side']);

test('hall words: the page languages, each table with every id and the same values to fill', () => {
  assert.deepEqual(Object.keys(TABLES).sort(), [...SENTENCE_LANGS].sort(), 'the languages the board speaks');
  assert.deepEqual(Object.keys(LANGUAGES).sort(), Object.keys(TABLES).sort());
  const en = TABLES.en;
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

test('hall words: filled in, and the language chosen by link, by the stored choice, by the browser', () => {
  assert.equal(words('card', { n: 4, white: 'Rossi, Anna', black: 'Neri, Bruno' }, 'de'), 'Brett 4: Rossi, Anna gegen Neri, Bruno');
  assert.equal(words('card', { n: 4, white: 'A', black: 'B' }, 'xx'), 'Board 4: A against B');
  assert.equal(chosenLanguage('?lang=fr', 'de', ['it-IT']), 'fr');
  assert.equal(chosenLanguage('?lang=zz', 'de', ['it-IT']), 'de');
  assert.equal(chosenLanguage('', null, ['ja', 'pt-BR', 'en']), 'pt');
  assert.equal(chosenLanguage('', 'zz', ['ja']), 'en');
});
