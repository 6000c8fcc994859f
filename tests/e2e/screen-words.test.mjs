// Every word a person sees is a sentence in the page's language: played through the states in
// which the board speaks (a claim upheld with its evidence, an illegal move, a flag fall, a
// sealed move opened, a FEN that is no position, an event the game refuses) in English and in
// German, in real Chromium, reading what is on screen. No identifier (snake_case), no "Art."
// without its edition, nothing that looks like a program's Debug text, and moves in the
// game's notation (SAN in the App. E language chosen).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage, openBoard, clickMove, press } from './harness.mjs';

const club = (lang, attrs) => `<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>Club</title>
<script type="module" src="/js/arbiter-board.js"></script>
<main><arbiter-board lang="${lang}" ${attrs}></arbiter-board></main></html>`;

const PAGES = {};
for (const lang of ['en', 'de']) {
  PAGES[`/blitz-${lang}.html`] = club(lang, 'time-control="1+0" edition="2005" allow-illegal');
  PAGES[`/standard-${lang}.html`] = club(lang, 'time-control="90+30" edition="2005"');
  PAGES[`/rapid-${lang}.html`] = club(lang, 'time-control="15+10" edition="2023"');
}
const env = setUp(PAGES);

// What is on screen in the board: its visible text (a closed <select> shows its chosen option
// only), and the rulings' list as cards, newest first.
function screen(page) {
  return page.evaluate(() => {
    const root = document.querySelector('arbiter-board').shadowRoot;
    const seen = [];
    const walk = (el) => {
      if (el.nodeType === Node.TEXT_NODE) {
        if (el.nodeValue.trim()) seen.push(el.nodeValue.trim());
        return;
      }
      if (el.nodeType !== Node.ELEMENT_NODE) return;
      if (el.tagName === 'STYLE' || el.tagName === 'SCRIPT') return;
      if (el.tagName === 'SELECT') {
        seen.push(el.selectedOptions[0]?.textContent.trim() ?? '');
        return;
      }
      if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) return;
      for (const c of el.childNodes) walk(c);
    };
    for (const c of root.children) walk(c);
    const cards = [...root.querySelectorAll('.rulings .ruling')].map((c) => c.textContent.trim());
    return { text: seen.join('\n'), cards };
  });
}

// The words a person must never meet.
function assertPlain(shown, what) {
  const words = shown.text;
  const snake = words.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g);
  assert.equal(snake, null, `${what}: an identifier on screen: ${snake}\n${words}`);
  const bare = words.match(/(?<!(?:2005|2023) )\bArt\.\s*[0-9]/g);
  assert.equal(bare, null, `${what}: an article without its edition\n${words}`);
  for (const debug of ['Invalid', '{', '}', '::', 'Error', 'undefined', 'NaN', '[object']) {
    assert.ok(!words.includes(debug), `${what}: "${debug}" on screen\n${words}`);
  }
}

async function rulingsHave(page, re) {
  await page.waitForFunction((src) => {
    const r = new RegExp(src);
    return [...document.querySelector('arbiter-board').shadowRoot.querySelectorAll('.rulings .ruling')]
      .some((c) => r.test(c.textContent));
  }, re.source, { timeout: 10_000 });
}

const board = (page) => page.locator('arbiter-board');

const WORDS = {
  en: {
    notStarted: /^The game has not started\./,
    accepted: /claim of threefold repetition is upheld/,
    evidence: /^The same position stood at the start, after 2\.\.\. Ng8,? and after 4\.\.\. Ng8\.2005 Art\. 9\.2/,
    drawn: /^½-½: drawn by threefold repetition\./,
    illegal: /Ke8-e6/,
    flag: /flag|win on time/i,
    wrongPass: /^The envelope does not open with this passphrase\./,
    opened: /^The envelope is opened: Nf3\./,
    badFen: /^This is not a position that can be played: a FEN has 6 fields separated by spaces \(or 4\), this text has 1\./,
    kings: /White has 0 kings; each side has exactly one\./,
  },
  de: {
    notStarted: /^Die Partie hat noch nicht begonnen\./,
    accepted: /Reklamation von Weiß \(dreimalige Stellungswiederholung\) wird stattgegeben/,
    evidence: /^Dieselbe Stellung stand zu Beginn, nach 2\.\.\. Sg8 und nach 4\.\.\. Sg8\.2005 Art\. 9\.2/,
    drawn: /^½-½: Remis \(dreimalige Stellungswiederholung\)\./,
    illegal: /Ke8-e6/,
    flag: /Fallblättchen|Zeitüberschreitung/,
    wrongPass: /^Der Umschlag öffnet sich mit diesem Kennwort nicht\./,
    opened: /^Der Umschlag ist geöffnet: Sf3\./,
    badFen: /^Das ist keine spielbare Stellung: eine FEN hat 6 durch Leerzeichen getrennte Felder \(oder 4\), dieser Text hat 1\./,
    kings: /Weiß hat 0 Könige; jede Seite hat genau einen\./,
  },
};

for (const lang of ['en', 'de']) {
  const w = WORDS[lang];

  test(`art9_2 ${lang}: a threefold repetition claimed and upheld, with the moves that prove it in SAN, newest on top`, async () => {
    const page = await freshPage(env.browser);
    await openBoard(page, `${env.server.url}/standard-${lang}.html`);
    // An event the game refuses before it starts, in the page's language.
    await board(page).evaluate((b) => b.send({ type: 'press_clock', player: 'black' }));
    await rulingsHave(page, w.notStarted);
    assertPlain(await screen(page), `${lang}: a refused press`);
    for (const [from, to] of [['g1', 'f3'], ['g8', 'f6'], ['f3', 'g1'], ['f6', 'g8'], ['g1', 'f3'], ['g8', 'f6'], ['f3', 'g1'], ['f6', 'g8']]) {
      await clickMove(page, from, to);
      await press(page);
    }
    await board(page).evaluate((b) => b.send({ type: 'claim', player: 'white', claim: { kind: 'repetition' } }));
    await rulingsHave(page, w.drawn);
    const shown = await screen(page);
    assertPlain(shown, `${lang}: a repetition upheld`);
    // Newest on top: the result, then the evidence, then the claim upheld; the refusal at the
    // start is still in the list (it scrolls, nothing is dropped).
    const at = (re) => shown.cards.findIndex((c) => re.test(c));
    assert.ok(at(w.drawn) < at(w.evidence) && at(w.evidence) < at(w.accepted), shown.cards.join('\n'));
    assert.ok(at(w.notStarted) > at(w.accepted), shown.cards.join('\n'));
    await page.close();
  });

  test(`art7_4 art6_9 ${lang}: an illegal move written with its piece, then a flag fall, in words`, async () => {
    const page = await freshPage(env.browser, { clockAt: Date.parse('2026-01-01T10:00:00Z') });
    await openBoard(page, `${env.server.url}/blitz-${lang}.html`);
    await clickMove(page, 'e2', 'e4');
    await press(page);
    // Black's king two squares, as a hand can on a wooden board (allow-illegal).
    await clickMove(page, 'e8', 'e6');
    await press(page);
    await rulingsHave(page, w.illegal);
    assertPlain(await screen(page), `${lang}: an illegal move`);
    assert.ok(!/e8e6/.test((await screen(page)).text), 'the move in coordinates');
    await page.clock.runFor(75_000);
    await rulingsHave(page, w.flag);
    assertPlain(await screen(page), `${lang}: a flag fall`);
    await page.close();
  });

  test(`app_a ${lang}: a sealed move opened is said in SAN, a wrong passphrase in a sentence`, async () => {
    const page = await freshPage(env.browser);
    await openBoard(page, `${env.server.url}/standard-${lang}.html`);
    await clickMove(page, 'e2', 'e4');
    await press(page);
    await clickMove(page, 'e7', 'e5');
    await press(page);
    await board(page).evaluate((b) => b.sealNextMove('Turm7'));
    await clickMove(page, 'g1', 'f3');
    await board(page).evaluate((b) => b.resumeAdjourned('wrong'));
    await rulingsHave(page, w.wrongPass);
    assertPlain(await screen(page), `${lang}: a wrong passphrase`);
    await board(page).evaluate((b) => b.resumeAdjourned('Turm7'));
    await rulingsHave(page, w.opened);
    assertPlain(await screen(page), `${lang}: the envelope opened`);
    await page.close();
  });

  test(`art2 ${lang}: a FEN that is no position says what is wrong with it`, async () => {
    const page = await freshPage(env.browser);
    await openBoard(page, `${env.server.url}/rapid-${lang}.html`);
    await board(page).evaluate((b) => b.restorePosition({ fen: 'nonsense' }));
    await rulingsHave(page, w.badFen);
    await board(page).evaluate((b) => b.restorePosition({ fen: '8/8/8/8/8/8/8/k7 w - - 0 1' }));
    await rulingsHave(page, w.kings);
    assertPlain(await screen(page), `${lang}: a bad FEN`);
    await page.close();
  });
}

// The full page around the board: a PGN whose move does not play, in the page's language; the
// page's own visible words are plain too.
const PGN_WORDS = {
  en: /^Move 2\.Nf9 of the PGN cannot be played: 'Nf9' is unreadable|^Move 2\.Nf9 of the PGN cannot be played: unreadable move 'Nf9'/,
  de: /^Zug 2\.Nf9 der PGN kann nicht gespielt werden: /,
};
for (const lang of ['en', 'de']) {
  test(`pgn ${lang}: a PGN whose move does not play is refused in a sentence; the full page shows no identifier`, async () => {
    const page = await freshPage(env.browser);
    await openBoard(page, `${env.server.url}/index.html?lang=${lang}`);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.evaluate(() => {
      document.getElementById('pgn-text').value = '[Event "Club"]\n\n1. e4 e5 2. Nf9 Nc6 *';
      document.getElementById('pgn-import').click();
    });
    // The PGN reader is the full module's, fetched on the first import: the note follows it.
    await page.waitForFunction(() => document.getElementById('pgn-note').textContent !== '');
    const note = await page.locator('#pgn-note').textContent();
    assert.match(note, PGN_WORDS[lang]);
    assert.ok(!/PGN move|\bSanError|Unreadable \{/.test(note), note);
    const all = await page.evaluate(() => document.body.innerText);
    const snake = all.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g);
    assert.equal(snake, null, `an identifier on the page: ${snake}`);
    await page.close();
  });
}
