// Blind and visually impaired players (2005 App. F) on the real page, with the keyboard only:
// no mouse event is sent in this file. What a screen reader would read is the live region's
// text ("Announcements"); what speech would say is the element's `spoken` list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setUp, freshPage, openBoard, state, axe } from './harness.mjs';

const T0 = new Date('2026-03-01T10:00:00Z').getTime();

const bare = (attrs) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>by ear</title>
<script type="module" src="/js/arbiter-board.js"></script>
<main><arbiter-board ${attrs}></arbiter-board></main></html>`;

const env = setUp({
  '/ear.html': bare('accessible time-control="15+10" edition="2005"'),
  '/marks.html': bare('accessible time-marks player="white" time-control="6+0" edition="2023"'),
  '/appf.html': bare('accessible speak speech="appf" time-control="15+10" edition="2023"'),
  '/vi.html': bare('accessible player="white" time-control="15+10" edition="2005"'),
  '/assist.html': bare('accessible assistant speak player="black" time-control="15+10" edition="2005"'),
  '/ohr.html': bare('accessible lang="de" time-control="15+10" edition="2005"'),
  '/temps.html': bare('accessible player="white" lang="fr" time-control="6+0" edition="2023"'),
});

const live = (page) => page.locator('arbiter-board .announce').textContent();
const lastLine = (page) => page.evaluate(() => {
  const lines = document.querySelector('arbiter-board').shadowRoot.querySelectorAll('.announce p');
  return lines[lines.length - 1]?.textContent ?? '';
});
/**
 * Waits until the live region's last line is `want` (a text, or a pattern it matches), then
 * asserts it: an answer may wait for a module the page loads on first use (the full core, the
 * words), which on a cold browser comes a moment after the key that asked. Fails with the line
 * as it stands after 5 s.
 */
async function heard(page, want) {
  const fits = (line) => (want instanceof RegExp ? want.test(line) : line === want);
  const until = Date.now() + 5_000;
  let line = await lastLine(page);
  while (!fits(line) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    line = await lastLine(page);
  }
  if (want instanceof RegExp) assert.match(line, want);
  else assert.equal(line, want);
}
const active = (page) => page.evaluate(() => {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return { tag: el?.tagName, square: el?.dataset?.square ?? null, id: el?.id ?? '', label: el?.getAttribute?.('aria-label') ?? '' };
});

/** Types into the move field (focused) and presses Enter. */
async function enter(page, text) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Moves the keyboard focus, by Tab or Shift+Tab only, until `pred(active)` holds. */
async function tabTo(page, pred, back = false) {
  for (let i = 0; i < 40; i++) {
    if (pred(await active(page))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('focus never reached the wanted control');
}

test('app_f2_1 a full game by keyboard only: SAN, coordinates, App. F words and the board grid; every move announced', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  // The accessible mode is the first control after the home link.
  await tabTo(page, (a) => a.id === 'accessible');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#accessible', 'aria-pressed'), 'true');
  assert.equal((await active(page)).id, 'entry-text', 'focus goes to the move field');

  await enter(page, 'e4');
  await heard(page, 'White: pawn e4.');
  await enter(page, 'Eva fünf'); // App. F spoken form, umlaut and all
  await heard(page, 'Black: pawn e5.');

  // White's bishop by the grid: from the move field back to the board, arrows, Enter, Enter.
  await tabTo(page, (a) => !!a.square, true);
  assert.equal((await active(page)).square, 'e2');
  assert.equal((await active(page)).label, 'e2, empty');
  for (const key of ['ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  assert.deepEqual(await active(page).then((a) => [a.square, a.label]), ['f1', 'f1, white bishop']);
  await page.keyboard.press('Enter');
  await heard(page, 'f1, white bishop picked up. It can go to a6, b5, c4, d3, e2.');
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key);
  assert.equal((await active(page)).square, 'c4');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space'); // Art. 6.8: the press completes the move
  await heard(page, 'White: bishop c4.');
  assert.match((await active(page)).label, /^c4, white bishop, last move$/);

  // Back to the move field; the rest typed in several notations.
  await tabTo(page, (a) => a.id === 'entry-text');
  await enter(page, 'b8c6');
  await enter(page, 'Qh5');
  await enter(page, 'Nf6?'); // App. E annotation is tolerated
  const before = (await state(page)).moves.length;
  await enter(page, 'Qxf8'); // not a legal move: refused, nothing played
  await heard(page, /^Not a move: .*Qxf8.*not a legal move/);
  assert.equal((await state(page)).moves.length, before);
  await enter(page, 'Dame schlägt Felix sieben');
  const text = await live(page);
  assert.match(text, /White: queen takes f7, checkmate\./);
  assert.match(text, /1-0: White wins by checkmate\. \(2005 Art\. 5\.1a?\)/);
  const s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#']);
  assert.equal(s.result.result, '1-0');
  assert.equal(page.lastError, undefined);
});

test('app_f2_9d both clocks said as durations on request only; app_f2_4 five-minute marks when chosen', async () => {
  const page = await freshPage(env.browser, { clockAt: T0 });
  await openBoard(page, `${env.server.url}/marks.html`);
  await page.clock.pauseAt(T0 + 10_000);
  await page.locator('arbiter-board #entry-text').focus();
  await enter(page, 'e4'); // White plays by ear: his typed move is his announcement
  await enter(page, ''); // and Enter in the empty field presses the clock
  await page.clock.runFor(28_400);
  // Nothing about time was said while the clock ran (the marks come only at 5 minutes).
  assert.doesNotMatch(await live(page), /minute|second/);
  await enter(page, '/time');
  const said = await lastLine(page);
  // The core's words for a player who asks (F2.9d): time left and used, his moves completed.
  assert.equal(said, 'you: 6 minutes left, 0 seconds used; opponent: 5 minutes 31 seconds left, 28 seconds used; 1 move');
  assert.doesNotMatch(said, /\d:\d\d/, 'never a clock time ("5:31" is read as a time of day)');
  // The tactile clock's dot at five minutes left (2005 App. F2.4), said once.
  await page.clock.runFor(32_000);
  await heard(page, 'Your opponent has 5 minutes left.');
  await page.clock.runFor(60_000);
  await heard(page, 'Your opponent has 4 minutes left.');
  const marks = (await live(page)).match(/has \d+ minutes? left/g) ?? [];
  assert.equal(marks.length, 2);
  // The same answer from the board grid with "t".
  await tabTo(page, (a) => !!a.square, true);
  await page.keyboard.press('t');
  await heard(page, /^you: 6 minutes left, 0 seconds used; opponent: 3 minutes 5\d seconds left, 2 minutes( \d+ seconds?)? used; 1 move$/);
});

test('art9_2 claims and queries typed: a declared repetition, the board, a square, the pieces, the last move', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/ear.html`);
  await page.locator('arbiter-board #entry-text').focus();
  for (const mv of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']) await enter(page, mv);
  await enter(page, '/l');
  await heard(page, 'Last move: 4. White: knight g1.');
  await enter(page, '/i');
  await heard(page, 'Move 4, Black to move.');
  await enter(page, '/s g8');
  await heard(page, 'g8, empty');
  await enter(page, '/p *n');
  await heard(page, 'white knight: b1, g1. black knight: b8, f6');
  await enter(page, '/m f6');
  await heard(page, 'f6, black knight: can go to d5, e4, g4, g8, h5.');
  await enter(page, 'board');
  await heard(page, /^white king: e1\. white queen: d1\. white rook: a1, h1\. .* black pawn: a7, b7, c7, d7, e7, f7, g7, h7$/);
  // 2005 Art. 9.2a: Black declares Ng8, which repeats the position a third time.
  await enter(page, '/claim repetition Ng8');
  const text = await live(page);
  assert.match(text, /drawn by threefold repetition\. \(2005 Art\. 9\.2/);
  assert.equal((await state(page)).result.result, '1/2-1/2');
  await enter(page, '/frobnicate');
  await heard(page, 'Unknown command /frobnicate. Type /help for the list.');
});

test('app_f2 a query for pieces without a piece letter is answered in the page\'s language', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/ohr.html`);
  await page.locator('arbiter-board #entry-text').focus();
  await enter(page, '/p x');
  await heard(page,
    'Welche Figuren? Ein Buchstabe K Q R B N P (klein für Schwarz, * davor für beide). Zum Beispiel: /p N');
  await page.locator('arbiter-board #entry-text').fill('');
  await enter(page, '/p *s');
  await heard(page, /^Welche Figuren\?/);
  await page.locator('arbiter-board #entry-text').fill('');
  await enter(page, '/p n');
  await heard(page, 'schwarzer Springer: b8, g8');
});

test('app_f2_1 App. F form: moves heard as "Springer Felix drei", in German speech; squares labelled the same way', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/appf.html`);
  await page.locator('arbiter-board #entry-text').focus();
  await enter(page, 'Nf3');
  await enter(page, 'Springer Felix sechs');
  await enter(page, 'g3');
  await enter(page, 'g6');
  await enter(page, 'Bg2');
  await enter(page, 'Bg7');
  await enter(page, 'O-O');
  const lines = (await page.evaluate(() => [...document.querySelector('arbiter-board').shadowRoot.querySelectorAll('.announce p')].map((p) => p.textContent)))
    .filter((l) => /^(White|Black): /.test(l));
  assert.deepEqual(lines.slice(0, 2), ['White: Springer Felix drei.', 'Black: Springer Felix sechs.']);
  assert.equal(lines.at(-1), 'White: Kurze Rochade.');
  const spoken = (await page.evaluate(() => document.querySelector('arbiter-board').spoken)).filter((x) => !/clock is running/.test(x.text));
  assert.deepEqual(spoken.slice(0, 2), [{ text: 'White:', lang: 'en' }, { text: 'Springer Felix drei.', lang: 'de' }]);
  const label = await page.locator('arbiter-board [data-square="f3"]').getAttribute('aria-label');
  assert.equal(label, 'Felix drei, Springer weiß');
});

test('axe-core finds no violations: start, dialog open, game running in accessible mode, game over, phone width, embedded', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  await axe(page, 'page at the start');
  await page.keyboard.press('Tab');
  await tabTo(page, (a) => a.id === 'new-game');
  await page.keyboard.press('Enter');
  await page.waitForSelector('dialog[open]');
  await axe(page, 'new-game dialog open');
  await page.keyboard.press('Escape');
  await tabTo(page, (a) => a.id === 'accessible');
  await page.keyboard.press('Enter');
  await enter(page, 'f3');
  await enter(page, 'e5');
  await page.locator('arbiter-board details.help summary').focus();
  await page.keyboard.press('Enter');
  await axe(page, 'game running, accessible mode, help open');
  await page.locator('arbiter-board #entry-text').focus();
  await enter(page, 'g4');
  await enter(page, 'Qh4');
  assert.equal((await state(page)).result.result, '0-1');
  await axe(page, 'game over');

  const phone = await freshPage(env.browser, { width: 390, height: 844, touch: true });
  await openBoard(phone, `${env.server.url}/index.html`);
  await axe(phone, 'phone width');
  await phone.locator('#accessible').focus();
  await phone.keyboard.press('Enter');
  await axe(phone, 'phone width, accessible mode');

  const embedded = await freshPage(env.browser);
  await openBoard(embedded, `${env.server.url}/embed.html`);
  await axe(embedded, 'the element embedded in a plain page');
});

test('app_f2_1 app_f2_6 announcement, repetition and correction: the blind player types, the sighted one repeats', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/vi.html`);
  const field = page.locator('arbiter-board #entry-text');
  await field.focus();
  // White plays by ear: his typed move is his announcement, and the core makes it (F2.3).
  await enter(page, 'Springer Felix drei');
  await heard(page, 'White announces: Springer Felix drei. (2005 App. F2.1)');
  let s = await state(page);
  assert.equal(s.clock.awaitingPress, true, 'made, not yet completed');
  assert.equal(s.core.announced, 'g1f3');
  // A slip of the tongue, corrected before the opponent's clock starts (F2.6).
  await enter(page, 'Springer Cesar drei');
  await heard(page, 'White corrects the announcement: Springer Cesar drei. (2005 App. F2.6)');
  // The sighted opponent repeats it (F2.1), from the keyboard too.
  await page.locator('arbiter-board [data-action="repeat"]').focus();
  await page.keyboard.press('Enter');
  await heard(page, 'Black repeats the move. (2005 App. F2.1)');
  await field.focus();
  await enter(page, ''); // Enter in the empty field presses the clock
  await heard(page, 'White: knight c3.');
  s = await state(page);
  assert.deepEqual(s.moves.map((m) => m.uci), ['b1c3']);
  assert.equal(s.clock.running, 'black');
  // Black (sighted) moves on the board grid, and the move is announced to White.
  await page.locator('arbiter-board [data-square="e7"]').focus();
  await page.keyboard.press('Enter');
  // Down the board as White sees it: Black's pawn advances towards White.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await heard(page, 'Black: pawn e5.');
  // White repeats it (F2.1); on move now, he says so with /r, as a typed move would be his own.
  // A wrong repetition is said to disagree.
  await field.focus();
  await enter(page, '/r David sechs');
  await heard(page, /^White repeated d6, which is not the move announced/);
  await enter(page, '/r Eva fuenf');
  await heard(page, 'White repeats the move. (2005 App. F2.1)');
  // Too late: once his clock press has started the opponent's clock, no correction (F2.6).
  await enter(page, 'd4');
  await enter(page, '');
  await enter(page, '/correct d3');
  await heard(page, "White's correction comes too late: the opponent's clock has started. (2005 App. F2.6)");
  assert.deepEqual((await state(page)).moves.map((m) => m.uci), ['b1c3', 'e7e5', 'd2d4']);
  assert.equal(page.lastError, undefined);
});

test('app_f2_9 the assistant types both players\' moves; speech says only what the player asks', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/assist.html`);
  await page.locator('arbiter-board #entry-text').focus();
  // The blind player (Black) is not on move: the assistant makes White's move on the board
  // (F2.9a) and announces it (F2.9b); the sighted player presses his clock.
  await enter(page, 'Nf3');
  await heard(page, 'White announces: Springer Felix drei. (2005 App. F2.1)');
  await page.locator('arbiter-board .press').focus();
  await page.keyboard.press('Enter');
  await heard(page, 'White: knight f3.');
  // The blind player's move, said to the assistant and typed: announced and made (F2.3); the
  // assistant starts the opponent's clock (F2.9c) with Enter in the empty field.
  await page.locator('arbiter-board #entry-text').focus();
  await enter(page, 'd5');
  await heard(page, 'Black announces: David fuenf. (2005 App. F2.1)');
  await enter(page, '');
  await heard(page, 'Black: pawn d5.');
  assert.deepEqual((await state(page)).moves.map((m) => m.uci), ['g1f3', 'd7d5']);
  // F2.9d: nothing was spoken unasked; the answer to a request is.
  assert.deepEqual(await page.evaluate(() => document.querySelector('arbiter-board').spoken), []);
  await enter(page, '/t');
  const spoken = await page.evaluate(() => document.querySelector('arbiter-board').spoken);
  assert.equal(spoken.length, 1);
  assert.match(spoken[0].text, /^you: 15 minutes( \d+ seconds?)? left, \d+ seconds? used; opponent: 15 minutes( \d+ seconds?)? left, \d+ seconds? used; 1 move$/);
});

test('app_f2_9d the times on request are said whole in the player\'s language (French)', async () => {
  const page = await freshPage(env.browser, { clockAt: T0 });
  await openBoard(page, `${env.server.url}/temps.html`);
  await page.clock.pauseAt(T0 + 10_000);
  await page.locator('arbiter-board #entry-text').focus();
  await enter(page, 'e4');
  await enter(page, '');
  await page.clock.runFor(28_400);
  await enter(page, '/time');
  // The frame was English around French durations ("you: 6 minutes left, 0 secondes used; ...").
  await heard(page, 'vous : temps restant 6 minutes, temps utilisé 0 secondes ; adversaire : '
    + 'temps restant 5 minutes 31 secondes, temps utilisé 28 secondes ; 1 coup');
});

test('app_f the new-game dialog by keyboard: a player by ear (Black), App. F words; his board turned to him', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  await tabTo(page, (a) => a.id === 'new-game');
  await page.keyboard.press('Enter');
  await page.waitForSelector('dialog[open]');
  await page.locator('select[name="speech"]').focus();
  await page.keyboard.press('ArrowDown'); // "as App. F says"
  await page.locator('select[name="player"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown'); // Black
  await page.locator('#ng-start').focus();
  await page.keyboard.press('Enter');
  // The dialog closes and the new game is set up in the next tasks; under load that is after
  // the key press returns, so wait for the player rather than read it at once.
  await page.waitForFunction(() => document.querySelector('arbiter-board')?.getAttribute('player') === 'black', null, { timeout: 5000 }).catch(() => {});
  const board = page.locator('arbiter-board');
  assert.equal(await board.getAttribute('player'), 'black');
  assert.equal(await board.getAttribute('orientation'), 'black');
  assert.equal(await board.getAttribute('speech'), 'appf');
  assert.equal(await page.getAttribute('#accessible', 'aria-pressed'), 'true');
  // White (sighted) plays on the grid; Black hears it in the App. F form.
  await page.locator('arbiter-board [data-square="g1"]').focus();
  await page.keyboard.press('Enter');
  // Seen from Black's side White's pieces stand at the top: "up" from g1 is the edge, "down"
  // runs g2, g3, and "right" is towards the a-file: f3.
  await page.keyboard.press('ArrowUp');
  assert.equal((await active(page)).square, 'g1');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal((await active(page)).square, 'g3');
  await page.keyboard.press('ArrowRight');
  assert.equal((await active(page)).square, 'f3');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await heard(page, 'White: Springer Felix drei.');
});

test('app_f2_5 the Braille score (.brf) beside the PGN export, by keyboard: the players, the moves, the result', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.evaluate(() => {
    const b = document.querySelector('arbiter-board');
    b.setAttribute('white', 'Anna Rossi');
    b.setAttribute('black', 'Bruno');
    b.newGame();
  });
  await tabTo(page, (a) => a.id === 'accessible');
  await page.keyboard.press('Enter');
  for (const mv of ['f3', 'e5', 'g4', 'Qh4']) await enter(page, mv);
  await tabTo(page, (a) => a.id === 'open-pgn', true);
  await page.keyboard.press('Enter');
  await tabTo(page, (a) => a.id === 'brf-download');
  await axe(page, 'PGN panel open with the Braille score');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  assert.equal(download.suggestedFilename(), 'arbiter-game.brf');
  const text = fs.readFileSync(await download.path(), 'latin1');
  const lines = text.split('\r\n');
  // North American Braille ASCII: the names with letters folded to A-Z, 40 cells a line at most.
  assert.equal(lines[0], 'WHITE ANNA ROSSI');
  assert.equal(lines[1], 'BLACK BRUNO');
  assert.ok(lines.every((l) => l.length <= 40), lines.join('|'));
  assert.match(text, /^[\x20-\x5f\r\n\f]*$/, 'only the 64 Braille cells, line and page breaks');
  // One move number a line; a piece letter after the capital sign; the result in words.
  assert.deepEqual(lines.slice(3, 5), ['1 F3 E5', '2 G4 ,QH4']);
  assert.match(text, /RESULT BLACK WINS\r\n$/);
});
