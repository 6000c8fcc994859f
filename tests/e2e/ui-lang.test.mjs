// The page's own words (buttons, labels, the new-game dialog, the arbiter's panel, the help,
// aria-labels) in the players' language, as the notation language's sentences already are
// (2005 App. E names the languages; a blind player's screen reader reads the controls too,
// App. F). German and Italian on the full page and on a club's page embedding the element;
// the English page as it was, fetching no table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setUp, freshPage, openBoard, axe, WWW } from './harness.mjs';

// A language's messages as its catalogue file has them (www/messages/<lang>.json: the text of
// each, `{name}` where an argument goes).
const catalogue = (lang) => JSON.parse(fs.readFileSync(path.join(WWW, 'messages', `${lang}.json`), 'utf8'));

const club = (attrs) => `<!doctype html><html lang="de"><meta charset="utf-8"><title>Verein</title>
<script type="module" src="/js/arbiter-board.js"></script>
<main><h1>Partie</h1><arbiter-board ${attrs}></arbiter-board></main></html>`;

const env = setUp({
  // A German club's page: standard play in two periods, a pawn about to promote.
  '/club.html': club('lang="de" accessible time-control="40/90+30s, 30+30s" edition="2005" fen="7k/4P3/8/8/8/8/8/4K3 w - - 0 1"'),
  // Two knights that can both go to d2 (2005 App. E9: such a move names its file).
  '/knights.html': club('lang="de" accessible fen="4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"'),
  // The same, White playing by ear (2005 App. F): his typed move is his announcement.
  '/knights-ear.html': club('lang="de" accessible player="white" fen="4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"'),
  '/black-ear.html': club('lang="de" accessible player="black" fen="4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"'),
  // Live pages whose bridge nobody runs: port 9 (discard) refuses; and an address WebSocket refuses.
  '/live-de.html': club('lang="de" live="ws://127.0.0.1:9/ws"'),
  '/nowhere-de.html': club('lang="de" live="ftp://nirgends/ws"'),
});

// What a player reads or hears of the controls, in the page and in the element.
// The help is drawn when it is opened: it is opened first, and its words are those it was drawn in.
function controls(page) {
  return page.evaluate(async () => {
    // The arbiter's panel is built when first opened: opened and closed again, as he would.
    if (!document.getElementById('adjourn')) {
      const open = document.getElementById('open-arbiter');
      open.click();
      for (let i = 0; i < 200 && !document.getElementById('adjourn'); i++) await new Promise(requestAnimationFrame);
      if (!document.getElementById('arbiter-panel').hidden) open.click();
    }
    // So is the new-game dialog: opened and cancelled.
    if (!document.getElementById('new-game-form')) {
      document.getElementById('new-game').click();
      const dialog = document.getElementById('new-game-dialog');
      for (let i = 0; i < 200 && !dialog.open; i++) await new Promise(requestAnimationFrame);
      dialog.close();
    }
    const root = document.querySelector('arbiter-board').shadowRoot;
    const help = root.querySelector('.help');
    if (!help.open) {
      const opened = new Promise((resolve) => help.addEventListener('toggle', resolve, { once: true }));
      help.open = true;
      await opened;
    }
    // Its words beyond the first screen's may still be on their way: drawn when they are here.
    for (let i = 0; i < 200 && !root.querySelector('.help-body').children.length; i++) await new Promise(requestAnimationFrame);
    const text = (el) => el?.textContent.trim().replace(/\s+/g, ' ') ?? null;
    const q = (sel) => document.querySelector(sel);
    const r = (sel) => root.querySelector(sel);
    return {
      htmlLang: document.documentElement.lang,
      boardLang: q('arbiter-board').getAttribute('lang'),
      innerLang: r('.arb').lang,
      title: document.title,
      description: q('meta[name="description"]').content,
      accessible: text(q('#accessible')),
      newGame: text(q('#new-game')),
      arbiter: text(q('#open-arbiter')),
      langLabel: q('#page-lang').getAttribute('aria-label'),
      uphold: text(q('[data-decision="accept"]')),
      restoreCause: text(q('#restore select[name="cause"] option')),
      passphrase: text(q('#adjourn label')),
      pgnText: q('#pgn-text').getAttribute('aria-label'),
      dialogTitle: text(q('#ng-title')),
      preset: text(q('.presets label')),
      start: text(q('#ng-start')),
      whitePlaceholder: q('#new-game-form input[name="white"]').placeholder,
      vi: text(q('fieldset.vi legend')),
      press: text(r('.press')),
      offer: text(r('[data-action="offer"]')),
      resign: text(r('[data-action="resign"]')),
      claim: text(r('select[data-action="claim"] option')),
      claimLabel: r('select[data-action="claim"]').getAttribute('aria-label'),
      grid: r('.board').getAttribute('aria-label'),
      gridHelp: text(r('#grid-help')).split(';')[0],
      entry: text(r('.entry label')),
      help: text(r('.help summary')),
      helpKey: text(r('.help-body dd')),
      command: text(r('.help-body dl.stack dt')),
      flag: r('.flag').title,
      empty: text(r('.moves .empty')),
      face: text(r('[data-clock="white"] .name')),
      caption: text(r('[data-clock="white"] .meta')),
      flip: r('[data-action="flip"]').getAttribute('aria-label'),
    };
  });
}

const ENGLISH = {
  htmlLang: 'en', innerLang: 'en', title: 'Arbiter — chess board and clock under the FIDE Laws',
  description: 'A chess board and clock that runs the game as an arbiter would, under the FIDE Laws of Chess (2005 or 2023).',
  accessible: 'Accessible mode', newGame: 'New game', arbiter: 'Arbiter', langLabel: 'Language', uphold: 'Uphold claim',
  restoreCause: 'of an error found (2005 Art. 6.14)', passphrase: 'Envelope passphrase', pgnText: 'PGN text',
  dialogTitle: 'New game', preset: 'Classical 90 min / 40 moves, then 30 min, +30 s a move', start: 'Start game',
  whitePlaceholder: 'White', vi: 'Blind and visually impaired players (2005 App. F)', press: 'Start clock space',
  offer: 'Offer draw', resign: 'Resign', claim: 'Claim…', claimLabel: 'Claim', grid: 'Chess board',
  gridHelp: 'Arrow keys move between squares', entry: 'Move or command', help: 'Keyboard and commands',
  helpKey: 'move from square to square (Home / End: the ends of the rank)', command: '/time /t /clock /clocks /c',
  flag: 'Flag fallen', empty: 'No moves yet.', face: 'White', caption: 'Move 1 · +10 s', flip: 'Flip board',
};

const GERMAN = {
  htmlLang: 'de', boardLang: 'de', innerLang: 'de', title: 'Arbiter — Schachbrett und Schachuhr nach den FIDE-Schachregeln',
  description: 'Ein Schachbrett mit Schachuhr, das die Partie leitet wie ein Schiedsrichter, nach den FIDE-Schachregeln (2005 oder 2023).',
  accessible: 'Barrierefreier Modus', newGame: 'Neue Partie', arbiter: 'Schiedsrichter', langLabel: 'Sprache',
  uphold: 'Reklamation stattgeben', restoreCause: 'Fehler festgestellt (2005 Art. 6.14)', passphrase: 'Kennwort des Umschlags',
  pgnText: 'PGN-Text', dialogTitle: 'Neue Partie', preset: 'Klassisch 90 Min. / 40 Züge, dann 30 Min., +30 s pro Zug',
  start: 'Partie beginnen', whitePlaceholder: 'Weiß', vi: 'Blinde und sehbehinderte Spieler (2005 Anh. F)',
  press: 'Uhr starten Leertaste', offer: 'Remis anbieten', resign: 'Aufgeben', claim: 'Reklamieren…', claimLabel: 'Reklamieren',
  grid: 'Schachbrett', gridHelp: 'Pfeiltasten wechseln das Feld', entry: 'Zug oder Befehl', help: 'Tastatur und Befehle',
  helpKey: 'von Feld zu Feld (Pos1 / Ende: die Enden der Reihe)', command: '/time /t /clock /clocks /c',
  flag: 'Fallblättchen gefallen', empty: 'Noch keine Züge.', face: 'Weiß', caption: 'Zug 1 · +10 s', flip: 'Brett drehen',
};

const ITALIAN = {
  htmlLang: 'it', boardLang: 'it', innerLang: 'it', title: 'Arbiter — scacchiera e orologio secondo il Regolamento FIDE',
  description: 'Una scacchiera con orologio che dirige la partita come farebbe un arbitro, secondo il Regolamento degli Scacchi FIDE (2005 o 2023).',
  accessible: 'Modalità accessibile', newGame: 'Nuova partita', arbiter: 'Arbitro', langLabel: 'Lingua',
  uphold: 'Accogli il reclamo', restoreCause: 'è stato trovato un errore (2005 Art. 6.14)', passphrase: 'Parola chiave della busta',
  pgnText: 'Testo PGN', dialogTitle: 'Nuova partita', preset: 'Classica 90 min / 40 mosse, poi 30 min, +30 s a mossa',
  start: 'Inizia la partita', whitePlaceholder: 'Bianco', vi: 'Giocatori ciechi e ipovedenti (2005 App. F)',
  press: "Avvia l'orologio spazio", offer: 'Offri la patta', resign: 'Abbandona', claim: 'Reclama…', claimLabel: 'Reclamo',
  grid: 'Scacchiera', gridHelp: "I tasti freccia passano da una casa all'altra", entry: 'Mossa o comando', help: 'Tastiera e comandi',
  helpKey: "da una casa all'altra (Home / Fine: i capi della traversa)", command: '/time /t /clock /clocks /c',
  flag: 'Bandierina caduta', empty: 'Ancora nessuna mossa.', face: 'Bianco', caption: 'Mossa 1 · +10 s', flip: 'Ruota la scacchiera',
};

// The words are relabelled once the language's table has come: wait for a word of it.
async function settled(page, want) {
  await page.waitForFunction((w) => document.querySelector('#new-game')?.textContent === w
    && document.querySelector('arbiter-board').shadowRoot.querySelector('.arb').lang === document.documentElement.lang, want.newGame);
}

function assertWords(got, want, what) {
  for (const [k, v] of Object.entries(want)) assert.equal(got[k], v, `${what}: ${k}`);
}

test('app_e the English page is as it was: English controls, no other table fetched', async () => {
  const page = await freshPage(env.browser);
  const fetched = [];
  page.on('request', (req) => fetched.push(new URL(req.url()).pathname));
  await openBoard(page, `${env.server.url}/index.html`);
  await page.waitForLoadState('networkidle');
  assertWords(await controls(page), ENGLISH, 'English page');
  // English comes with the page's scripts (bundled into them, or as js/lang/en.js unbundled);
  // no other language's table is fetched.
  assert.deepEqual(fetched.filter((p) => p.startsWith('/js/lang/') && p !== '/js/lang/en.js'), []);
  assert.ok(fetched.some((p) => p.endsWith('.wasm')), fetched.join(' '));
  assert.equal(page.lastError, undefined);
});

for (const [code, want] of [['de', GERMAN], ['it', ITALIAN]]) {
  test(`app_e ${code}: the full page's controls, dialog, arbiter's panel and help in the players' language; axe clean`, async () => {
    const page = await freshPage(env.browser);
    await openBoard(page, `${env.server.url}/index.html?lang=${code}`);
    await settled(page, want);
    assertWords(await controls(page), want, `${code} page`);
    // The arbiter's panel, open, with its list of positions to go back to (2005 Art. 6.14).
    await page.click('#open-arbiter');
    await page.click('#open-pgn');
    const back = await page.locator('#restore-ply option').first().textContent();
    assert.equal(back, { de: 'vom Anfang', it: 'iniziale' }[code]);
    await axe(page, `${code} page with its panels open`);
    await page.click('#new-game');
    await axe(page, `${code} new-game dialog`);
    assert.equal(page.lastError, undefined);
  });
}

test('app_e no static word is left in English on a German page: each carries its id (data-t) and is said in German', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html?lang=de`);
  await settled(page, GERMAN);
  await controls(page);
  const left = await page.evaluate(async ({ en, de }) => {
    // Every English message that German says otherwise.
    const english = new Set(Object.entries(en).filter(([id, v]) => typeof v === 'string' && de[id] !== v).map(([, v]) => v));
    const out = [];
    const walk = (root, skip) => {
      const not = `[translate=no],style,script,${skip}`;
      const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        if (!n.parentElement?.closest(not) && english.has(n.nodeValue.trim())) out.push(n.nodeValue.trim());
      }
      for (const el of root.querySelectorAll('[aria-label],[title],[placeholder]')) {
        if (el.matches('[translate=no]') || el.parentElement?.closest(not)) continue;
        for (const a of ['aria-label', 'title', 'placeholder']) if (english.has(el.getAttribute(a))) out.push(`${a}: ${el.getAttribute(a)}`);
      }
    };
    walk(document, '#game-title,#pgn-note,#restore-ply');
    walk(document.querySelector('arbiter-board').shadowRoot, '.announce,.rulings,.status,.moves,.board,.time,.meta,.name');
    return out;
  }, { en: catalogue('en'), de: catalogue('de') });
  assert.deepEqual(left, []);
});

test('app_e switching the language at runtime relabels everything, back to English and on to Italian; a new game follows the notation chosen', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  const english = await controls(page);
  await page.selectOption('#page-lang', 'de');
  await settled(page, GERMAN);
  assertWords(await controls(page), GERMAN, 'switched to German');
  await page.selectOption('#page-lang', 'en');
  await settled(page, ENGLISH);
  assert.deepEqual(await controls(page), { ...english, boardLang: 'en' }, 'back to English, word for word');
  // The choice is remembered; a new game with Italian notation makes the page Italian.
  await page.click('#new-game');
  await page.selectOption('select[name="lang"]', 'it');
  await page.click('#ng-start');
  await settled(page, ITALIAN);
  assertWords(await controls(page), ITALIAN, 'new game in Italian');
  await page.reload();
  await settled(page, ITALIAN);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'it');
  // Figurines are a notation, not a language: the page stays Italian (App. E).
  await page.click('#new-game');
  await page.selectOption('select[name="lang"]', 'fig');
  await page.click('#ng-start');
  // The new game is set up once the dialog's start has been handled: wait for it, then check.
  await page.waitForFunction(() => {
    const el = document.querySelector('arbiter-board');
    return el.getAttribute('notation') === 'fig' && el.state?.setup?.lang === 'fig';
  }, null, { timeout: 5_000 }).catch(() => {});
  const board = await page.evaluate(() => {
    const el = document.querySelector('arbiter-board');
    return { lang: el.getAttribute('lang'), notation: el.getAttribute('notation'), setup: el.state.setup.lang };
  });
  assert.deepEqual(board, { lang: 'it', notation: 'fig', setup: 'fig' });
  assertWords(await controls(page), ITALIAN, 'Italian page, figurine notation');
  assert.equal(page.lastError, undefined);
});

test('app_e a German club embeds the element: its controls, the promotion chooser and the clock captions in German; lang switched at runtime', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/club.html`);
  await page.waitForFunction(() => document.querySelector('arbiter-board').shadowRoot.querySelector('.arb').lang === 'de');
  const r = (sel) => page.locator(`arbiter-board ${sel}`);
  assert.equal(await r('[data-action="offer"]').textContent(), 'Remis anbieten');
  assert.equal(await r('.entry button[type="submit"]').textContent(), 'Eingabe');
  // Two periods (2005 Art. 6.2a): the period and the move of the control, in German.
  assert.equal(await r('[data-clock="white"] .meta').textContent(), 'Periode 1 · Zug 1 von 40 · +30 s');
  await r('[data-square="e7"]').click();
  await r('[data-square="e8"]').click();
  const pieces = await page.evaluate(() => [...document.querySelector('arbiter-board').shadowRoot
    .querySelectorAll('.promo [data-promote]')].map((b) => b.getAttribute('aria-label')));
  assert.deepEqual(pieces, ['Dame', 'Turm', 'Läufer', 'Springer']);
  assert.equal(await r('.promo .choices').getAttribute('aria-label'), 'Umwandeln in');
  await axe(page, 'German club page, promotion chooser open');
  await r('.promo [data-promote="q"]').click();
  await page.evaluate(() => document.querySelector('arbiter-board').setAttribute('lang', 'it'));
  await page.waitForFunction(() => document.querySelector('arbiter-board').shadowRoot.querySelector('.arb').lang === 'it');
  assert.equal(await r('[data-action="offer"]').textContent(), 'Offri la patta');
  assert.equal(await r('.help summary').textContent(), 'Tastiera e comandi');
  assert.match(await r('[data-clock="black"] .meta').textContent(), /^Periodo 1 · Mossa 1 di 40/);
  assert.equal(page.lastError, undefined);
});

// Every word of the controls, as the English page and element have them, and every word the code
// puts into them, has its translation in each language's table.
test('app_e every language has every word of the controls', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  // The arbiter's panel, built when first opened, with its words.
  await controls(page);
  const shown = await page.evaluate(() => {
    const found = new Set();
    const walk = (root, skip) => {
      // Style sheets are no words (the built pages carry theirs inline).
      const not = `[translate=no],style,script,${skip}`;
      const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        if (!n.parentElement?.closest(not)) found.add(n.nodeValue.trim());
      }
      for (const el of root.querySelectorAll('[aria-label],[title],[placeholder]')) {
        if (el.matches('[translate=no]') || el.parentElement?.closest(not)) continue;
        for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) found.add(el.getAttribute(a));
      }
    };
    found.add(document.querySelector('meta[name="description"]').content);
    walk(document, '#game-title,#pgn-note,#restore-ply');
    walk(document.querySelector('arbiter-board').shadowRoot, '.announce,.rulings,.status,.moves,.board,.time,.meta,.name');
    return [...found];
  });
  // Words, not signs: key letters (s, m, k q r b n p) and formats (m:ss) are the same everywhere.
  const words = shown.filter((s) => /\p{L}{3}/u.test(s));
  assert.ok(words.length > 100, `${words.length} words found`);
  // The words the code writes by their ids, t('...'), with both sides of a `?:`.
  const coded = new Set(['queen', 'rook', 'bishop', 'knight', 'Period {0}', 'Move {0}', 'Move {0} of {1}', 'delay {0} s']);
  const boardFiles = fs.readdirSync(path.join(WWW, 'js', 'board')).filter((f) => f.endsWith('.js')).map((f) => `board/${f}`);
  for (const file of ['arbiter-board.js', 'page.js', 'arbiter-panel.js', 'new-game.js', ...boardFiles]) {
    const src = fs.readFileSync(path.join(WWW, 'js', file), 'utf8');
    for (const call of src.matchAll(/(?<![#.\w])t\(([^()]*?)(?:, [[{].*?)?\)/g)) {
      for (const lit of call[1].matchAll(/'((?:[^'\\]|\\.)+)'/g)) coded.add(lit[1].replaceAll("\\'", "'"));
    }
  }
  assert.ok(coded.has('restore_after_move') && coded.has('copied') && coded.has('tc_empty'), [...coded].join(' | '));
  // Each word has a message id (the code names it, or the markup's data-t), and every
  // language has that id, with all the named parts ({0}, {err}) of its English.
  const missing = await page.evaluate(async ({ keys, en, others }) => {
    // A word on the English page back to its id, to look for it in every table (the page
    // itself never goes from English to an id: its static words carry their ids, data-t).
    const idOf = new Map(Object.entries(en).filter(([, v]) => typeof v === 'string').map(([id, v]) => [v, id]));
    const out = [];
    const tables = others;
    for (const k of keys) {
      // A word the code names by its id, or a static word found by its English text.
      const id = k in en ? k : idOf.get(k);
      if (!id) {
        out.push(`no id for: ${k}`);
        continue;
      }
      for (const [code, table] of Object.entries(tables)) {
        const v = table[id];
        if (!v) out.push(`${code}: ${id}`);
        else if ((k.match(/\{\w+\}/g) ?? []).some((p) => !String(v).includes(p))) out.push(`${code}: ${id} -> ${v}`);
      }
    }
    return out;
  }, { keys: [...new Set([...words, ...coded])], en: catalogue('en'),
    others: Object.fromEntries(['de', 'it', 'pt', 'es', 'fr', 'nl'].map((code) => [code, catalogue(code)])) });
  assert.deepEqual(missing, []);
});

// What the board last said in its live region, and the moves played.
const lastWords = (page) => page.evaluate(() => {
  const el = document.querySelector('arbiter-board');
  const lines = el.shadowRoot.querySelectorAll('.announce p');
  return { said: lines[lines.length - 1]?.textContent ?? '', moves: el.state?.moves?.length ?? null };
});

async function typeMove(page, text) {
  await page.locator('arbiter-board #entry-text').fill(text);
  await page.locator('arbiter-board #entry-text').press('Enter');
}

test('app_e9 a German page refuses an ambiguous, an illegal and an unreadable typed move in German', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/knights.html`);
  await page.waitForFunction(() => document.querySelector('arbiter-board').shadowRoot.querySelector('.arb').lang === 'de');
  await typeMove(page, 'Sd2');
  assert.deepEqual(await lastWords(page), { said: 'Kein Zug: „Sd2“ ist mehrdeutig: 2 regelgemäße Züge passen (Sbd2, Sfd2).', moves: 0 });
  await typeMove(page, 'Sf6');
  assert.deepEqual(await lastWords(page), { said: 'Kein Zug: „Sf6“ ist hier kein regelgemäßer Zug.', moves: 0 });
  await typeMove(page, 'Sz3');
  assert.deepEqual(await lastWords(page), { said: 'Kein Zug: unlesbarer Zug „Sz3“ an Stelle 2: Linie a–h, Reihe 1–8 oder „x“ erwartet.', moves: 0 });
  await axe(page, 'German page after refused moves');
  // The same page in English says it in English (the candidates stay in the notation, German
  // here, as the player types them); a move named in full is played.
  await page.evaluate(() => document.querySelector('arbiter-board').setAttribute('lang', 'en'));
  await page.waitForFunction(() => document.querySelector('arbiter-board').shadowRoot.querySelector('.arb').lang === 'en');
  await typeMove(page, 'Nd2');
  assert.deepEqual(await lastWords(page), { said: "Not a move: 'Nd2' is ambiguous: it fits 2 legal moves (Sbd2, Sfd2).", moves: 0 });
  await typeMove(page, 'Nbd2');
  assert.equal((await lastWords(page)).moves, 1);
  assert.equal(page.lastError, undefined);
});

test('app_e the wasm refusal carries its kind and parts; a refusal of a kind the page does not know is said in English', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/knights.html`);
  const got = await page.evaluate(async () => {
    const w = await import('/js/words.js');
    const wasm = await import('/pkg/arbiter_wasm.js');
    const fen = document.querySelector('arbiter-board').state.fen;
    const refused = (text) => { try { wasm.readMove(fen, text, 'de', 'de'); return null; } catch (e) { return e; } };
    const e = refused('Sd2');
    return {
      fields: { kind: e.kind, text: e.text, candidates: e.candidates, moves: e.moves, message: e.message, error: e instanceof Error },
      empty: refused('  ').kind,
      unknown: w.refusalWords(Object.assign(new Error('the core says so'), { kind: 'new_kind' }), 'de'),
      plain: w.refusalWords(new Error('plain'), 'de'),
    };
  });
  assert.deepEqual(got.fields, {
    kind: 'ambiguous', text: 'Sd2', candidates: ['Sbd2', 'Sfd2'], moves: ['b1d2', 'f1d2'],
    message: "'Sd2' is ambiguous: it fits 2 legal moves (b1d2, f1d2)", error: true,
  });
  assert.equal(got.empty, 'empty');
  assert.equal(got.unknown, 'the core says so');
  assert.equal(got.plain, 'plain');
});

test('live_mode a German page says in German that it cannot reach the board bridge, and that an address is none', async () => {
  // A live page draws nothing until the bridge's snapshot: wait for the element to be there.
  const page = await freshPage(env.browser);
  await page.goto(`${env.server.url}/live-de.html`);
  const rulings = () => page.evaluate(() => [...document.querySelector('arbiter-board').shadowRoot
    .querySelectorAll('.rulings .ruling')].map((r) => r.textContent));
  // Refused at once; the client tries again after half a second, and again.
  await page.waitForFunction(() => [...document.querySelector('arbiter-board').shadowRoot
    .querySelectorAll('.rulings .ruling')].filter((r) => r.textContent.startsWith('Verbindung zum Brett verloren')).length >= 2);
  const said = await rulings();
  assert.ok(said.includes('Verbindung zum Brett wird hergestellt…'), said.join(' | '));
  assert.ok(said.includes('Verbindung zum Brett verloren; neuer Versuch…'), said.join(' | '));
  assert.ok(!said.some((t) => /Connect|board/.test(t)), said.join(' | '));
  await axe(page, 'German live page without a bridge');

  const other = await freshPage(env.browser);
  await other.goto(`${env.server.url}/nowhere-de.html`);
  await other.waitForFunction(() => document.querySelector('arbiter-board').shadowRoot.querySelector('.rulings .ruling'));
  const first = await other.evaluate(() => document.querySelector('arbiter-board').shadowRoot.querySelector('.rulings .ruling').textContent);
  assert.equal(first, 'Keine WebSocket-Adresse: ftp://nirgends/ws');
});

test('app_e a time control that cannot be read is said in the dialog, in German, and the dialog stays open', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html?lang=de`);
  await settled(page, GERMAN);
  // The unnamed players in the page's title are their sides, in German.
  assert.match(await page.textContent('#game-title'), /^Weiß – Schwarz · /);
  await page.click('#new-game');
  await page.check('input[name="preset"][value="custom"]');
  // The field's own limits would stop a negative number first: a page may lift them.
  await page.evaluate(() => document.querySelector('input[name="minutes"]').removeAttribute('min'));
  await page.fill('input[name="minutes"]', '-3');
  await page.click('#ng-start');
  assert.equal(await page.evaluate(() => document.getElementById('new-game-dialog').open), true);
  const note = page.locator('#ng-error');
  assert.equal(await note.isVisible(), true);
  assert.equal(await note.textContent(), 'Periode 1 der Bedenkzeit ist nicht lesbar: „-3+5“.');
  assert.equal(await note.getAttribute('role'), 'alert');
  await axe(page, 'German new-game dialog with an unreadable time control');
  await page.fill('input[name="minutes"]', '3');
  await page.click('#ng-start');
  await page.waitForFunction(() => !document.getElementById('new-game-dialog').open);
  assert.equal(await page.evaluate(() => document.querySelector('arbiter-board').getAttribute('time-control')), '3+5');
  assert.equal(await note.isHidden(), true);
  assert.equal(page.lastError, undefined);
});

test('app_f2_1 a German player by ear announcing an ambiguous or illegal move hears why in German; his move named in full is announced', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/knights-ear.html`);
  await page.waitForFunction(() => document.querySelector('arbiter-board').shadowRoot.querySelector('.arb').lang === 'de');
  await typeMove(page, 'Springer David zwei');
  assert.deepEqual(await lastWords(page), { said: 'Kein Zug: „Springer David zwei“ ist mehrdeutig: 2 regelgemäße Züge passen (Sbd2, Sfd2).', moves: 0 });
  await typeMove(page, 'Sf6');
  assert.deepEqual(await lastWords(page), { said: 'Kein Zug: „Sf6“ ist hier kein regelgemäßer Zug.', moves: 0 });
  // Nothing was announced, so the game did not start on a refused announcement.
  assert.equal(await page.evaluate(() => document.querySelector('arbiter-board').state.clock.started), false);
  // Named in full, it is announced (and made; he presses the clock when sure of it, F2.3).
  await typeMove(page, 'Sbd2');
  assert.equal((await lastWords(page)).said, 'Weiß sagt an: Springer Bella David zwei. (2005 App. F2.1)');
  assert.equal(await page.evaluate(() => document.querySelector('arbiter-board').state.clock.awaitingPress), true);
  assert.equal(page.lastError, undefined);
});

test('app_f2_1 an event the game refuses is said in German: Black by ear repeating before White announced anything', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/black-ear.html`);
  await page.waitForFunction(() => document.querySelector('arbiter-board').shadowRoot.querySelector('.arb').lang === 'de');
  // Typed while White is on move, his words repeat White's move (F2.1): there is none yet.
  await typeMove(page, 'Sd2');
  assert.deepEqual(await lastWords(page), { said: 'Es gibt keinen angesagten Zug zu wiederholen.', moves: 0 });
  const fields = await page.evaluate(() => {
    const el = document.querySelector('arbiter-board');
    try {
      el.table.handle({ type: 'press_clock', player: 'black' });
      return null;
    } catch (e) {
      return { kind: e.kind, player: e.player, message: e.message };
    }
  });
  assert.deepEqual(fields, { kind: 'clock_not_running', player: 'black', message: "black's clock is not running" });
  await page.evaluate(() => document.querySelector('arbiter-board').send({ type: 'press_clock', player: 'black' }));
  assert.equal((await lastWords(page)).said, 'Die Uhr von Schwarz läuft nicht.');
  assert.equal(page.lastError, undefined);
});
