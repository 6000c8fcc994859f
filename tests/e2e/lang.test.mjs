// The page speaks the players' language: rulings, claims' answers and its own sentences follow
// the notation language (App. E), the article cited as the core wrote it. Checked in the live
// region's text (what a screen reader reads), keyboard only, in German (the language of 2005
// App. F) and Italian (the language of our seeds' 2005 Laws).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, freshPage, openBoard, axe } from './harness.mjs';

const T0 = new Date('2026-03-01T10:00:00Z').getTime();

const bare = (attrs) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>lang</title>
<script type="module" src="/js/arbiter-board.js"></script>
<main><h1>Game</h1><arbiter-board accessible ${attrs}></arbiter-board></main></html>`;

const pages = {};
for (const lang of ['de', 'it']) {
  // Standard play with an arbiter, pieces free to go anywhere as on a wooden board (Art. 7.4).
  pages[`/${lang}-illegal.html`] = bare(`lang="${lang}" arbiter="present" allow-illegal time-control="40/90+30s, 30+30s" edition="2005"`);
  pages[`/${lang}-blitz.html`] = bare(`lang="${lang}" time-control="3+0" edition="2005"`);
}
const env = setUp(pages);

const lines = (page) => page.evaluate(() => [...document.querySelector('arbiter-board').shadowRoot.querySelectorAll('.announce p')].map((p) => p.textContent));

async function enter(page, text) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const EXPECT = {
  de: {
    moved: 'Weiß: Bauer e4.',
    illegal: 'Regelwidriger Zug Ke1-e3 von Weiß: Schwarz erhält 2 Minuten. (2005 Art. 7.4b)',
    status: /^Weiß am Zug\.Berührt – geführt: Die Figur auf e1 muss gezogen werden\. \(2005 Art\. 4\.3/,
    draw: /^½-½: Remis \(dreimalige Stellungswiederholung\)\. \(2005 Art\. 9\.2/,
    unknown: 'Unbekannter Befehl /frobnicate. /help zeigt die Liste.',
    number: 'Die Partie ist nach dem 4. Zug beendet.',
    open: 'Weiß kann reklamieren: Gewinn durch Zeitüberschreitung. (2005 App. B6)',
    win: /^1-0: Weiß gewinnt \(Zeitüberschreitung\)\. \(2005 /,
  },
  it: {
    moved: 'Il Bianco: pedone e4.',
    illegal: 'Mossa illegale Re1-e3 del Bianco: Il Nero riceve 2 minuti. (2005 Art. 7.4b)',
    status: /^Il Bianco ha il tratto\.Pezzo toccato: il pezzo in e1 deve essere mosso\. \(2005 Art\. 4\.3/,
    draw: /^½-½: patta \(triplice ripetizione\)\. \(2005 Art\. 9\.2/,
    unknown: 'Comando sconosciuto /frobnicate. /help mostra l\'elenco.',
    number: 'La partita è finita dopo la mossa 4.',
    open: 'Il Bianco può reclamare: vittoria per tempo. (2005 App. B6)',
    win: /^1-0: Il Bianco vince \(tempo\)\. \(2005 /,
  },
};

for (const lang of ['de', 'it']) {
  const want = EXPECT[lang];

  test(`art7_4b ${lang}: an illegal move and its penalty said in the players' language, with the article`, async () => {
    const page = await freshPage(env.browser);
    await openBoard(page, `${env.server.url}/${lang}-illegal.html`);
    await page.locator('arbiter-board #entry-text').focus();
    await enter(page, 'e4');
    await enter(page, 'e5');
    assert.equal((await lines(page)).at(-2), want.moved);
    // The king two squares up, by the board grid; the press completes the illegal move.
    await page.locator('arbiter-board [data-square="e1"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    const heard = await lines(page);
    assert.ok(heard.includes(want.illegal), heard.join('\n'));
    assert.match(await page.locator('arbiter-board .status').textContent(), want.status);
    // Screen readers choose the voice by the text's language: the lines carry it.
    const langs = await page.evaluate(() => [...document.querySelector('arbiter-board').shadowRoot.querySelectorAll('.announce p')].map((p) => p.lang));
    assert.deepEqual([...new Set(langs)], [lang]);
    await axe(page, `rulings in ${lang}`);
    assert.equal(page.lastError, undefined);
  });

  test(`art9_2 ${lang}: a draw claimed by repetition, and the page's own answers, in the players' language`, async () => {
    const page = await freshPage(env.browser);
    await openBoard(page, `${env.server.url}/${lang}-blitz.html`);
    await page.locator('arbiter-board #entry-text').focus();
    for (const mv of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']) await enter(page, mv);
    await enter(page, '/claim repetition Ng8');
    assert.match((await lines(page)).at(-1), want.draw);
    await enter(page, '/frobnicate');
    assert.equal((await lines(page)).at(-1), want.unknown);
    await enter(page, '/i');
    assert.equal((await lines(page)).at(-1), want.number);
  });

  test(`app_b6 ${lang}: a flag fall in blitz, the claim it opens and the win, in the players' language`, async () => {
    const page = await freshPage(env.browser, { clockAt: T0 });
    await openBoard(page, `${env.server.url}/${lang}-blitz.html`);
    await page.locator('arbiter-board #entry-text').focus();
    await enter(page, 'e4');
    // Black thinks past his 3 minutes: no real waiting, the fake clock jumps.
    await page.clock.runFor(181_000);
    // 2005 App. B6: in blitz the flag counts only on the opponent's claim, which is now open.
    assert.equal((await lines(page)).at(-1), want.open);
    await enter(page, '/claim time');
    assert.match((await lines(page)).at(-1), want.win);
  });
}
