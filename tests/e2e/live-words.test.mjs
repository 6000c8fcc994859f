// The live page's own words (in the page's catalogue, www/messages/<lang>.json): the board
// status of a sealed move made on the sensor board, a seat's link without its key and a round
// archived, by message id, in every language the page speaks, none empty, none left in English,
// and a stage the bridge names said in the page's language. Plain Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The page's sources beside this folder (no browser needed, so not through the harness).
const WWW = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'www');

const { SENTENCE_LANGS, loadSentences, sealingWords } = await import(pathToFileURL(path.join(WWW, 'js/words.js')).href);
// The live page's ids, by language, as the catalogue has them (the words.js of the page says
// them from its compiled modules).
const LIVE_IDS = ['board_sealing', 'board_pieces_back', 'seat_key_needed', 'round_archived'];
const LIVE_WORDS = {};
for (const lang of SENTENCE_LANGS) {
  const catalogue = JSON.parse(fs.readFileSync(path.join(WWW, 'messages', `${lang}.json`), 'utf8'));
  LIVE_WORDS[lang] = Object.fromEntries(LIVE_IDS.map((id) => [id, catalogue[id]]));
  await loadSentences(lang);
}

test('live words: every language of the page has every id, in its own words', () => {
  assert.deepEqual(Object.keys(LIVE_WORDS).sort(), [...SENTENCE_LANGS].sort(), 'the languages the board speaks');
  const en = LIVE_WORDS.en;
  for (const [lang, table] of Object.entries(LIVE_WORDS)) {
    assert.deepEqual(Object.keys(table).sort(), Object.keys(en).sort(), `${lang} has exactly the English ids`);
    for (const [id, text] of Object.entries(table)) {
      assert.ok(typeof text === 'string' && text.trim(), `${lang}.${id} is empty`);
      if (lang !== 'en') assert.notEqual(text, en[id], `${lang}.${id} is still English`);
    }
  }
});

test('live words: the bridge\'s sealing stages said in the page\'s language, English where it has none', () => {
  assert.equal(sealingWords('sealing', 'de'), LIVE_WORDS.de.board_sealing);
  assert.equal(sealingWords('pieces_back', 'it'), LIVE_WORDS.it.board_pieces_back);
  assert.match(sealingWords('pieces_back', 'de'), /Figuren/);
  assert.equal(sealingWords('sealing', 'xx'), LIVE_WORDS.en.board_sealing);
});
