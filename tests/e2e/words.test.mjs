// The plain-words layer, in the browser that runs it: rulings from the core become sentences
// that always carry their Law. Each ruling comes as the wasm gives it (table.rs): the verdict
// and `say`, its message id and words (messages.rs, whose tests hold the ids and words to the
// verdicts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage } from './harness.mjs';

const env = setUp();

test('art7_4b an illegal move and its penalty read as one sentence with the article', async () => {
  const page = await freshPage(env.browser);
  await page.goto(`${env.server.url}/embed.html`);
  const out = await page.evaluate(async () => {
    const w = await import('/js/words.js');
    // The rulings' words beyond the first screen's come when asked for.
    await w.loadSentences('en');
    return {
      illegal: w.rulingsWords([
        { at: 5000, law: '2005 Art. 7.4b', verdict: { kind: 'illegal_move', player: 'black', move: 'e8e6', count: 1 },
          say: { id: 'illegal_move', player: 'black', move: 'e8e6', count: 1 } },
        { at: 5000, law: '2005 Art. 7.4b', verdict: { kind: 'time_added', player: 'white', ms: 120000 },
          say: { id: 'time_added', player: 'white', ms: 120000 } },
      ]),
      mate: w.rulingsWords([{ at: 1, law: '2005 Art. 5.1a', verdict: { kind: 'game_over', result: '1-0', reason: 'checkmate' },
        say: { id: 'game_over_won', player: 'white', reason: 'reason_checkmate', score: '1-0' } }]),
      flag: w.rulingsWords([{ at: 2, law: '2005 Art. 6.10', verdict: { kind: 'game_over', result: '1/2-1/2', reason: 'time_but_cannot_mate' },
        say: { id: 'game_over_drawn', reason: 'reason_time_but_cannot_mate' } }]),
      period: w.rulingsWords([{ at: 3, law: '2005 Art. 6.2b', verdict: { kind: 'period_started', player: 'white', period: 1, ms: 1800000 },
        say: { id: 'period_started', ms: 1800000, period: 2, player: 'white' } }]),
    };
  });
  assert.equal(out.illegal.length, 1);
  assert.equal(out.illegal[0].text, 'Illegal move e8e6 by Black: White gets 2 minutes.');
  assert.equal(out.illegal[0].law, '2005 Art. 7.4b');
  assert.equal(out.mate[0].text, '1-0: White wins by checkmate.');
  assert.equal(out.flag[0].text, '½-½: drawn by time, but the opponent cannot mate.');
  assert.equal(out.period[0].text, 'White enters period 2: 30 minutes added.');
});

test('a_5_1_a_5_4 a castling barred by a wrong set-up, an illegal position and its end, in English and German, with their articles', async () => {
  const page = await freshPage(env.browser);
  await page.goto(`${env.server.url}/embed.html`);
  const out = await page.evaluate(async () => {
    const w = await import('/js/words.js');
    const rulings = [
      { at: 1, law: '2023 App. A.5.1', verdict: { kind: 'castling_barred', player: 'black', short: false, long: true },
        say: { id: 'castling_barred', long: true, player: 'black', short: false } },
      { at: 2, law: '2023 App. A.5.4', verdict: { kind: 'illegal_position', fen: '4k3/8/8/8/8/8/8/4K2P b' },
        say: { id: 'illegal_position' } },
      { at: 3, law: '2023 App. A.5.4', verdict: { kind: 'game_over', result: '1/2-1/2', reason: 'illegal_position' },
        say: { id: 'game_over_drawn', reason: 'reason_illegal_position' } },
      { at: 4, law: '2023 Art. 7.5.4', verdict: { kind: 'notice', what: 'possible_two_handed_move' },
        say: { id: 'notice_possible_two_handed_move' } },
    ];
    await w.loadSentences('de');
    return { en: w.rulingsWords(rulings, 'en'), de: w.rulingsWords(rulings, 'de') };
  });
  assert.deepEqual(out.en.map((r) => r.text), [
    'Black may not castle long: the set-up was wrong.',
    'The position is illegal (both kings in check, or a pawn on its last rank): it stands until the next move is completed.',
    '½-½: drawn by an illegal position.',
    'Two pieces were lifted at once: perhaps a move made with both hands (for the arbiter).',
  ]);
  assert.equal(out.de[0].text, 'Schwarz darf nicht lang rochieren: die Aufstellung war falsch.');
  assert.equal(out.de[2].text, '½-½: Remis (regelwidrige Stellung).');
  assert.deepEqual(out.de.map((r) => r.law), ['2023 App. A.5.1', '2023 App. A.5.4', '2023 App. A.5.4', '2023 Art. 7.5.4']);
});

test('app_e every language the notation menu offers loads in the browser and says its own sentences', async () => {
  const page = await freshPage(env.browser);
  await page.goto(`${env.server.url}/embed.html`);
  // The tables themselves are checked in tables.test.mjs; here each language loads in the
  // browser and says a ruling of its own.
  const said = await page.evaluate(async () => {
    const w = await import('/js/words.js');
    const out = {};
    for (const lang of w.SENTENCE_LANGS) {
      await w.loadSentences(lang);
      out[lang] = w.t('game_over_drawn', { reason: w.t('reason_stalemate', {}, lang) }, lang);
    }
    return out;
  });
  assert.equal(said.en, '½-½: drawn by stalemate.');
  assert.equal(said.de, '½-½: Remis (Patt).');
  assert.equal(new Set(Object.values(said)).size, Object.keys(said).length, JSON.stringify(said));
  // The languages are those of the new-game dialog's notation menu (figurines read as English).
  await page.goto(`${env.server.url}/index.html`);
  // The dialog is built when first opened.
  await page.click('#new-game');
  await page.waitForSelector('dialog[open] select[name="lang"]');
  const menu = await page.evaluate(async () => {
    const w = await import('/js/words.js');
    const codes = [...document.querySelectorAll('select[name="lang"] option')].map((o) => o.value);
    return { codes, missing: codes.filter((c) => c !== 'fig' && !w.SENTENCE_LANGS.includes(c)) };
  });
  assert.ok(menu.codes.length >= 8, menu.codes.join());
  assert.deepEqual(menu.missing, []);
});

test('art6_2 a clock face’s caption is worded from the core’s data in the page’s language, numbers as it writes them', async () => {
  const page = await freshPage(env.browser);
  await page.goto(`${env.server.url}/embed.html`);
  const out = await page.evaluate(async () => {
    const w = await import('/js/words.js');
    const { loadArbiter } = await import('/js/engine.js');
    const wasm = await loadArbiter();
    await Promise.all(['de', 'fr'].map((l) => w.loadSentences(l)));
    // The core's captions for two games: 40 moves in 90 minutes then 30 minutes, each move
    // +30 s (2005 Art. 6.2a); and 5 minutes with a 2.5 s delay (Art. 6.2b).
    const caption = (control) => new wasm.Table({ edition: '2005', time_control: control }, { lang: 'en' }).state().clock.white.caption;
    const classical = caption([
      { moves: 40, time: 5400000, timing: { kind: 'increment', ms: 30000 } },
      { moves: null, time: 1800000, timing: { kind: 'increment', ms: 30000 } },
    ]);
    const delay = caption([{ moves: null, time: 300000, timing: { kind: 'delay', ms: 2500 } }]);
    const bronstein = caption([{ moves: null, time: 300000, timing: { kind: 'bronstein', ms: 2000 } }]);
    // After White's second move: into the second period; and with one period of 2 moves,
    // which repeats (2005 Art. 6.2a), its control now at move 4.
    const after = (control) => {
      const table = new wasm.Table({ edition: '2005', time_control: control }, { lang: 'en' });
      let at = 0;
      table.handleAt({ type: 'start' }, at);
      for (const [mv, player] of [['e2e4', 'white'], ['e7e5', 'black'], ['g1f3', 'white'], ['b8c6', 'black']]) {
        table.handleAt({ type: 'move', move: mv }, at += 1000);
        table.handleAt({ type: 'press_clock', player }, at += 500);
      }
      return table.stateAt(at).clock.white.caption;
    };
    const second = after([
      { moves: 2, time: 600000, timing: { kind: 'none' } },
      { moves: null, time: 300000, timing: { kind: 'increment', ms: 5000 } },
    ]);
    const repeated = after([{ moves: 2, time: 600000, timing: { kind: 'none' } }]);
    return {
      second, repeated,
      classical, delay,
      en: w.captionWords(classical, 'en'),
      de: w.captionWords(delay, 'de'),
      fr: w.captionWords(bronstein, 'fr'),
      enDelay: w.captionWords(delay, 'en'),
    };
  });
  assert.deepEqual(out.classical, { period: 1, move: 1, controlAt: 40, timing: { kind: 'increment', ms: 30000 } });
  assert.deepEqual(out.delay, { period: null, move: 1, controlAt: null, timing: { kind: 'delay', ms: 2500 } });
  assert.deepEqual(out.second, { period: 2, move: 3, controlAt: null, timing: { kind: 'increment', ms: 5000 } });
  assert.deepEqual(out.repeated, { period: null, move: 3, controlAt: 4, timing: null });
  assert.equal(out.en, 'Period 1 · Move 1 of 40 · +30 s');
  assert.equal(out.de, 'Zug 1 · Verzögerung 2,5 s');
  assert.equal(out.enDelay, 'Move 1 · delay 2.5 s');
  assert.equal(out.fr, 'Coup 1 · Bronstein 2 s');
});

// The durations a blind player hears, as the core's notation::duration said them before the
// words moved to the catalogue (its cases and laws_blind's b08 and b10 figures, unchanged).
test('app_f2_9d durations and the times on request in words, English and German', async () => {
  const page = await freshPage(env.browser);
  await page.goto(`${env.server.url}/embed.html`);
  const out = await page.evaluate(async () => {
    const w = await import('/js/words.js');
    await w.loadSentences('en');
    await w.loadSentences('de');
    const ms = [0, 999, 1_000, 61_000, 300_000, 272_999, 3_600_000, 5_430_000, 7_260_000, 272_000];
    const told = {
      own: { remaining: 5_347_500, used: 142_500, moves: 3 },
      theirs: { remaining: 5_382_000, used: 108_000, moves: 3 },
    };
    return {
      en: ms.map((m) => w.durationWords(m, 'en')),
      de: ms.map((m) => w.durationWords(m, 'de')),
      black: w.timeToldWords(told, 'en'),
      white: w.timeToldWords({ own: told.theirs, theirs: told.own }, 'de'),
      moves: w.t('moves_count', { n: 3 }, 'de'),
    };
  });
  assert.deepEqual(out.en, ['0 seconds', '0 seconds', '1 second', '1 minute 1 second', '5 minutes',
    '4 minutes 32 seconds', '1 hour', '1 hour 30 minutes 30 seconds', '2 hours 1 minute', '4 minutes 32 seconds']);
  assert.deepEqual(out.de, ['0 Sekunden', '0 Sekunden', '1 Sekunde', '1 Minute 1 Sekunde', '5 Minuten',
    '4 Minuten 32 Sekunden', '1 Stunde', '1 Stunde 30 Minuten 30 Sekunden', '2 Stunden 1 Minute', '4 Minuten 32 Sekunden']);
  assert.equal(out.black, 'you: 1 hour 29 minutes 7 seconds left, 2 minutes 22 seconds used; '
    + 'opponent: 1 hour 29 minutes 42 seconds left, 1 minute 48 seconds used; 3 moves');
  assert.equal(out.white, 'Sie: 1 Stunde 29 Minuten 42 Sekunden Restzeit, 1 Minute 48 Sekunden verbraucht; '
    + 'Gegner: 1 Stunde 29 Minuten 7 Sekunden Restzeit, 2 Minuten 22 Sekunden verbraucht; 3 Züge');
  assert.equal(out.moves, '3 Züge');
});
