// Journeys of the people the board is for, in headless Chromium, asserting what a person sees:
// the test hooks of www/README.md, visible text, no identifier on screen. Each journey leaves a
// screenshot in the system's temp folder (ARBITER_SHOTS overrides) for looking at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { setUp, serve, SERVED, freshPage, openBoard, clickMove, dragMove, press, state, square, saveShot } from './harness.mjs';

const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();
const shot = (page, name) => saveShot(page, { path: path.join(SHOTS, `arbiter-journey-${name}.png`) });

const bare = (body) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>journey</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="/js/arbiter-board.js"></script>
<main>${body}</main></html>`;

const env = setUp({
  '/blitz.html': bare('<arbiter-board time-control="3+2" white="Ada" black="Bo"></arbiter-board>'),
  '/promote.html': bare('<arbiter-board time-control="15+10" fen="7k/4P3/8/8/8/8/8/K7 w - - 0 1"></arbiter-board>'),
  '/minute.html': bare('<arbiter-board time-control="1+0"></arbiter-board>'),
  '/round.html': bare(`<h1>Round 3</h1>
<arbiter-board id="one" time-control="15+10" white="A" black="B"></arbiter-board>
<arbiter-board id="two" time-control="15+10" white="C" black="D"></arbiter-board>`),
  '/narrow.html': bare('<div style="width:300px"><arbiter-board time-control="5+3"></arbiter-board></div>'),
});

/** Visible words of the board and the page, to check that no identifier reaches the screen. */
async function shownText(page) {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const b of document.querySelectorAll('arbiter-board')) parts.push(b.shadowRoot.querySelector('.arb').innerText);
    return parts.join('\n');
  });
}

async function noIdentifiers(page) {
  const text = await shownText(page);
  const found = text.match(/\b[a-z]+_[a-z_]+\b/g);
  assert.equal(found, null, `snake_case words on screen: ${found}`);
}

const role = (page, r) => page.locator(`arbiter-board [role="${r}"]`);

test('club player: a blitz game to mate by drag at 1280x900; the piece follows the pointer', async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 900 });
  await openBoard(page, `${env.server.url}/blitz.html`);
  // The dragged piece is drawn under the pointer, mid-drag.
  const a = await square(page, 'e2').boundingBox();
  const b = await square(page, 'e4').boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  const mid = { x: a.x + a.width / 2 + 7, y: (a.y + b.y) / 2 + a.height / 2 };
  await page.mouse.move(mid.x, mid.y, { steps: 4 });
  const ghost = await page.locator('arbiter-board [data-drag-piece]').boundingBox();
  assert.ok(ghost, 'a dragged piece is drawn');
  assert.ok(Math.abs(ghost.x + ghost.width / 2 - mid.x) < 2 && Math.abs(ghost.y + ghost.height / 2 - mid.y) < 2,
    `the piece at ${JSON.stringify(ghost)}, the pointer at ${JSON.stringify(mid)}`);
  assert.equal(await page.locator('arbiter-board [data-drag-piece]').getAttribute('data-drag-piece'), 'white-pawn');
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 3 });
  await page.mouse.up();
  assert.equal(await page.locator('arbiter-board [data-drag-piece]').count(), 0, 'the dragged piece goes on the drop');
  await press(page);
  for (const [from, to] of [['e7', 'e5'], ['f1', 'c4'], ['b8', 'c6'], ['d1', 'h5'], ['g8', 'f6'], ['h5', 'f7']]) {
    await dragMove(page, from, to);
    await press(page);
  }
  const banner = page.locator('arbiter-board [data-result="1-0"]');
  await banner.waitFor();
  assert.match(await banner.textContent(), /1-0: White wins by checkmate/);
  // The last move and check are shown; nothing moves after the end.
  assert.match(await square(page, 'f7').getAttribute('class'), /\blast\b/);
  assert.match(await square(page, 'e8').getAttribute('class'), /\bcheck\b/);
  await dragMove(page, 'a7', 'a6');
  assert.equal((await state(page)).moves.length, 7);
  // Sounds: moves, a capture (with check) and the end, made by the board itself.
  const sounds = await page.evaluate(() => document.querySelector('arbiter-board').sounds);
  assert.ok(sounds.includes('move') && sounds.includes('check') && sounds.at(-1) === 'end', sounds.join(' '));
  await noIdentifiers(page);
  await shot(page, 'club-mate-1280');
});

test('club player: a promotion by touch on a 390x844 phone, the chooser on the square', async () => {
  const page = await freshPage(env.browser, { width: 390, height: 844, touch: true });
  await openBoard(page, `${env.server.url}/promote.html`);
  // No space bar on a phone: the Press button says no key.
  assert.equal(await page.locator('arbiter-board .press kbd').isVisible(), false);
  await square(page, 'e7').tap();
  await square(page, 'e8').tap();
  const chooser = page.locator('arbiter-board .promo .choices');
  await chooser.waitFor();
  const sq = await square(page, 'e8').boundingBox();
  const box = await chooser.boundingBox();
  assert.ok(Math.abs(box.x - sq.x) < 2 && Math.abs(box.y - sq.y) < 2, `chooser at ${JSON.stringify(box)}, e8 at ${JSON.stringify(sq)}`);
  await shot(page, 'club-promotion-phone');
  await page.locator('arbiter-board [data-promote="n"]').tap();
  assert.equal(await square(page, 'e8').getAttribute('data-piece'), 'white-knight');
  // Escape closes the chooser without a move.
  const again = await freshPage(env.browser, { width: 390, height: 844 });
  await openBoard(again, `${env.server.url}/promote.html`);
  await clickMove(again, 'e7', 'e8');
  await again.locator('arbiter-board .promo .choices').waitFor();
  await again.keyboard.press('Escape');
  assert.equal(await again.locator('arbiter-board .promo').isVisible(), false);
  assert.equal((await state(again)).moves.length, 0);
});

for (const [name, view] of [['1280', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844, touch: true }]]) test(`club player: a threefold repetition claimed from its control, which shows only when open (${name})`, async () => {
  const page = await freshPage(env.browser, view);
  await openBoard(page, `${env.server.url}/blitz.html`);
  const shuffle = [['g1', 'f3'], ['g8', 'f6'], ['f3', 'g1'], ['f6', 'g8']];
  for (const [from, to] of [...shuffle, ...shuffle.slice(0, 3)]) {
    await clickMove(page, from, to);
    await press(page);
    assert.equal(await page.locator('arbiter-board [data-claim="repetition"]').count(), 0, `no claim control after ${from}${to}`);
  }
  await clickMove(page, 'f6', 'g8');
  await press(page);
  const claim = page.locator('arbiter-board [data-claim="repetition"]');
  await claim.waitFor();
  assert.match(await claim.textContent(), /White: Claim draw: threefold repetition \(2005 Art\. 9\.2b?\)/);
  await claim.click();
  const dialog = role(page, 'alertdialog');
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /repeated three times/);
  // The question is where the player is looking, whole, on the phone too.
  const box = await dialog.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= view.height && box.x >= 0 && box.x + box.width <= view.width,
    `the dialog at ${JSON.stringify(box)} in a ${view.width}x${view.height} view`);
  await shot(page, `club-threefold-asks-${name}`);
  await page.locator('arbiter-board [data-confirm="yes"]').click();
  await page.locator('arbiter-board [data-result="1/2-1/2"]').waitFor();
  assert.match(await page.locator('arbiter-board .status').textContent(), /drawn by threefold repetition/);
  await noIdentifiers(page);
  await shot(page, `club-threefold-${name}`);
});

test('club player: a flag fall in a 1-minute game, the low-time warning as the clock ticks', async () => {
  const T0 = Date.parse('2026-01-10T10:00:00Z');
  const page = await freshPage(env.browser, { width: 1280, height: 900, clockAt: T0 });
  await openBoard(page, `${env.server.url}/minute.html`);
  // From here on, time moves only when the test says.
  await page.clock.pauseAt(T0 + 10_000);
  await clickMove(page, 'e2', 'e4');
  await press(page);
  await clickMove(page, 'e7', 'e5');
  await press(page);
  await clickMove(page, 'g1', 'f3');
  await press(page);
  const black = page.locator('arbiter-board [data-clock="black"]');
  await page.clock.runFor(49_000);
  assert.equal(await black.getAttribute('data-low'), null, 'above 10 s: no warning');
  // No event, only the clock running: the warning comes with the tick.
  await page.clock.runFor(2_500);
  await page.waitForFunction(() => document.querySelector('arbiter-board').shadowRoot
    .querySelector('[data-clock="black"]').hasAttribute('data-low'));
  assert.match(await black.locator('.time').textContent(), /^[0-9]\.\d$/);
  // Black makes a move but does not complete it; his flag falls.
  await clickMove(page, 'b8', 'c6');
  await page.clock.runFor(12_000);
  const claim = page.locator('arbiter-board [data-claim="win_on_time"]');
  await claim.waitFor();
  assert.match(await page.locator('arbiter-board .status').textContent(), /Black's flag has fallen/);
  await shot(page, 'club-flag-down');
  await claim.click();
  await page.locator('arbiter-board [data-confirm="yes"]').click();
  await page.locator('arbiter-board [data-result="1-0"]').waitFor();
  const s = await state(page);
  assert.equal(s.result.reason, 'time');
  // The uncompleted move is gone and the Press button is no longer lit.
  assert.equal(await square(page, 'c6').getAttribute('data-piece'), null);
  assert.equal(await square(page, 'b8').getAttribute('data-piece'), 'black-knight');
  assert.doesNotMatch(await page.locator('arbiter-board .press').getAttribute('class'), /\bdue\b/);
  assert.equal(await page.locator('arbiter-board [data-claim]').count(), 0);
  await noIdentifiers(page);
});

test('club player: resigning asks first and says what follows; the move list steps back in time', async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 900 });
  await openBoard(page, `${env.server.url}/blitz.html`);
  for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']]) {
    await clickMove(page, from, to);
    await press(page);
  }
  // Review: click the first move, step with the arrows, and back to the game.
  await page.locator('arbiter-board [data-ply="1"]').click();
  assert.equal(await square(page, 'e5').getAttribute('data-piece'), null);
  assert.equal(await square(page, 'e4').getAttribute('data-piece'), 'white-pawn');
  await page.keyboard.press('ArrowRight');
  assert.equal(await square(page, 'e5').getAttribute('data-piece'), 'black-pawn');
  assert.equal(await square(page, 'f3').getAttribute('data-piece'), null);
  await page.keyboard.press('Home');
  assert.equal(await square(page, 'e4').getAttribute('data-piece'), null);
  // Read-only: a move tried there is refused with a reason.
  await square(page, 'd7').click();
  assert.match(await page.locator('arbiter-board .rulings').textContent(), /earlier move/);
  await page.locator('arbiter-board [data-action="back"]').click();
  assert.equal(await square(page, 'f3').getAttribute('data-piece'), 'white-knight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('End');
  assert.equal(await page.locator('arbiter-board .review').isVisible(), false);

  await page.locator('arbiter-board [data-action="resign"]').click();
  const dialog = role(page, 'alertdialog');
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /Resign the game\?/);
  await shot(page, 'club-resign-asks');
  await page.keyboard.press('Escape');
  assert.equal((await state(page)).result, null, 'Escape resigns nothing');
  await page.locator('arbiter-board [data-action="resign"]').click();
  await page.locator('arbiter-board [data-confirm="white"]').click();
  await page.locator('arbiter-board [data-result="0-1"]').waitFor();
});

/**
 * The arbiter's journeys: a standard game of 15 minutes whose only period has no increment
 * (Art. 10 applies in its last minutes), the arbiter present, quickplay finish on; 1. e4 pressed,
 * then 13:30 run off Black's clock, so he has 1:30 left; the arbiter's panel open.
 */
async function quickplayFinishBeforeArbiter() {
  const T0 = Date.parse('2026-01-10T18:00:00Z');
  const page = await freshPage(env.browser, { width: 1280, height: 900, clockAt: T0 });
  await openBoard(page, `${env.server.url}/index.html`);
  await page.clock.pauseAt(T0 + 5_000);
  await page.evaluate(() => {
    const b = document.querySelector('arbiter-board');
    for (const [k, v] of [['time-control', '15'], ['arbiter', 'present']]) b.setAttribute(k, v);
    b.toggleAttribute('quickplay-finish', true);
    b.newGame();
  });
  await clickMove(page, 'e2', 'e4');
  await press(page);
  await page.clock.runFor(13 * 60_000 + 30_000);
  await page.click('#open-arbiter');
  return page;
}

test('arbiter: a quickplay-finish claim waits for his decision in the panel', async () => {
  const page = await quickplayFinishBeforeArbiter();
  const panel = page.locator('#arbiter-panel');
  // The panel is built when first opened (its module fetched): shown once it is.
  await panel.waitFor();
  const box = await panel.boundingBox();
  assert.ok(box.y >= 0 && box.y < 900 - 100, `the panel opens in view (top at ${box.y})`);
  assert.equal(await page.locator('#pending-claim').textContent(), 'No claim awaits a decision.');
  assert.equal(await page.locator('#arbiter-panel [data-decision="accept"]').isDisabled(), true);
  await page.locator('arbiter-board select[data-action="claim"]').selectOption('quickplay_finish');
  await page.waitForFunction(() => !!document.querySelector('arbiter-board').state.core.pending_claim);
  assert.match(await page.locator('#pending-claim').textContent(), /Black claims a quickplay-finish draw: uphold, postpone or reject it\. \(2005 Art\. 10\.2\)/);
  await shot(page, 'arbiter-claim-waits');
  await page.locator('#arbiter-panel [data-decision="accept"]').click();
  await page.locator('arbiter-board [data-result="1/2-1/2"]').waitFor();
});

test('arbiter: a claim he rejects leaves the game going on, the panel empty again', async () => {
  const page = await quickplayFinishBeforeArbiter();
  await page.locator('arbiter-board select[data-action="claim"]').selectOption('quickplay_finish');
  await page.waitForFunction(() => !!document.querySelector('arbiter-board').state.core.pending_claim);
  await page.locator('#arbiter-panel [data-decision="reject"]').click();
  await page.waitForFunction(() => !document.querySelector('arbiter-board').state.core.pending_claim);
  assert.equal(await page.locator('#pending-claim').textContent(), 'No claim awaits a decision.');
  assert.equal(await page.locator('arbiter-board [data-result]').count(), 0, 'no result: play goes on');
  await shot(page, 'arbiter-claim-rejected');
  // Black, whose claim was rejected, still has the move and makes it.
  await clickMove(page, 'e7', 'e5');
  assert.equal(await square(page, 'e5').getAttribute('data-piece'), 'black-pawn');
});

test('club player and arbiter: a 2023 game cites the 2023 articles everywhere, a 2005 game the 2005 ones', async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 900 });
  await openBoard(page, `${env.server.url}/index.html`);
  const begin = (edition) => page.evaluate((e) => {
    const b = document.querySelector('arbiter-board');
    b.setAttribute('edition', e);
    b.newGame();
  }, edition);
  const menu = () => page.locator('arbiter-board select[data-action="claim"]').evaluate((s) => [...s.options].map((o) => o.textContent).join(' | '));
  await begin('2023');
  await clickMove(page, 'e2', 'e4');
  await press(page);
  const menu2023 = await menu();
  assert.match(menu2023, /Threefold repetition \(2023 Art\. 9\.2\.1\.2\)/);
  assert.match(menu2023, /50 moves \(2023 Art\. 9\.3\.2\)/);
  assert.match(menu2023, /Quickplay finish \(2023 Guidelines III\.5\)/);
  await page.click('#open-arbiter');
  // The panel is built when first opened.
  await page.locator('#adjourn').waitFor();
  const panel = await page.locator('#arbiter-panel').innerText();
  assert.match(panel, /\(2023 Art\. 6\.11\)/);
  assert.match(panel, /\(2023 Art\. 7\.1; 2023 Art\. 7\.6\)/);
  assert.match(panel, /a piece was displaced \(2023 Art\. 7\.6\)/);
  assert.match(panel, /\(2023 Guidelines I\.1\.1; 2023 Guidelines I\.7\)/);
  assert.doesNotMatch(`${menu2023} ${panel}`, /2005/);
  await page.locator('arbiter-board [data-action="resign"]').click();
  const ask = role(page, 'alertdialog');
  assert.match(await ask.textContent(), /a draw if he cannot checkmate.*\(2023 Art\. 5\.1\.2\)/);
  await page.keyboard.press('Escape');
  await page.locator('arbiter-board [data-action="offer"]').click();
  assert.match(await ask.textContent(), /Offer a draw\?.*\(2023 Art\. 9\.1\.2\)/);
  await page.keyboard.press('Escape');
  assert.equal((await state(page)).drawOffer, null, 'Escape offers nothing');

  await begin('2005');
  await clickMove(page, 'e2', 'e4');
  await press(page);
  assert.match(await menu(), /Threefold repetition \(2005 Art\. 9\.2b\)/);
  assert.match(await page.locator('#arbiter-panel').innerText(), /\(2005 Art\. 6\.13\)/);
  await page.locator('arbiter-board [data-action="resign"]').click();
  assert.match(await ask.textContent(), /The game ends: the opponent wins\. \(2005 Art\. 5\.1b\)/);
  await noIdentifiers(page);
});

test('arbiter: set clocks (the formats are said), restore a position, a position set asks first', async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 900 });
  await openBoard(page, `${env.server.url}/index.html`);
  for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6']]) {
    await clickMove(page, from, to);
    await press(page);
  }
  await page.click('#open-arbiter');
  assert.match(await page.locator('#d-set').textContent(), /m:ss or h:mm:ss/);
  await page.fill('#set-clock input[name="white"]', '5');
  await page.fill('#set-clock input[name="black"]', '4:30');
  await page.click('#set-clock button[type="submit"]');
  assert.equal(await page.locator('arbiter-board [data-clock="black"] .time').textContent(), '4:30');
  assert.match(await page.locator('arbiter-board [data-clock="white"] .time').textContent(), /^(5:00|4:59)$/);
  // A move after Stop clocks is refused with the reason.
  await page.click('[data-decision="stop_clock"]');
  await square(page, 'f1').click();
  assert.match(await page.locator('arbiter-board .rulings').textContent(), /clocks are stopped/);
  await page.click('[data-decision="start_clock"]');
  await page.selectOption('#restore-ply', '1');
  await page.click('#restore button[type="submit"]');
  assert.deepEqual((await state(page)).moves.map((m) => m.san), ['e4']);
  // Set position replaces the game: asked first, Cancel keeps it.
  await page.fill('#set-fen input[name="fen"]', '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  await page.click('#set-fen button[type="submit"]');
  const ask = page.locator('#confirm-dialog[open]');
  await ask.waitFor();
  assert.equal(await ask.getAttribute('role'), 'alertdialog');
  await shot(page, 'arbiter-set-position-asks');
  await page.click('#confirm-dialog button[value="cancel"]');
  assert.equal((await state(page)).moves.length, 1);
  await page.click('#set-fen button[type="submit"]');
  await page.click('#cf-yes');
  // The answer reaches the board when the dialog's promise settles, after the click returns.
  await page.waitForFunction(() => document.querySelector('arbiter-board').shadowRoot
    .querySelector('[data-square="h1"]').getAttribute('data-piece') === 'white-rook');
  assert.equal(await square(page, 'h1').getAttribute('data-piece'), 'white-rook');
  assert.equal(await square(page, 'a1').getAttribute('data-piece'), null);
  await noIdentifiers(page);
});

test('arbiter: a custom time control with an empty Minutes field is refused with a message', async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 900 });
  await openBoard(page, `${env.server.url}/index.html`);
  await page.click('#new-game');
  await page.check('input[name="preset"][value="custom"]');
  await page.fill('input[name="minutes"]', '');
  await page.click('#ng-start');
  assert.equal(await page.locator('#new-game-dialog').isVisible(), true);
  assert.match(await page.locator('#ng-error').textContent(), /minutes/i);
});

test('webmaster: two boards on one page, Space presses the focused one only', async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 1800 });
  await openBoard(page, `${env.server.url}/round.html`, '#two');
  await page.waitForFunction(() => !!document.querySelector('#one').table);
  await clickMove(page, 'e2', 'e4', '#two');
  await press(page);
  const two = await state(page, '#two');
  const one = await state(page, '#one');
  assert.equal(two.clock.awaitingPress, false);
  assert.equal(two.clock.running, 'black');
  assert.equal(one.clock.started, false, 'the other board is untouched');
  await clickMove(page, 'd2', 'd4', '#one');
  await press(page);
  assert.equal((await state(page, '#one')).clock.running, 'black');
  assert.equal((await state(page, '#two')).clock.running, 'black');
  await shot(page, 'webmaster-two-boards');
});

test('webmaster: a 300 px container holds the whole board, with coordinates on the edge squares', async () => {
  const page = await freshPage(env.browser, { width: 800, height: 900 });
  await openBoard(page, `${env.server.url}/narrow.html`);
  const board = await page.locator('arbiter-board .board').boundingBox();
  assert.ok(board.width <= 300.5 && board.width > 280, `board ${board.width} px wide`);
  const a1 = await square(page, 'a1').boundingBox();
  const h8 = await square(page, 'h8').boundingBox();
  assert.ok(Math.abs(a1.width - h8.width) < 0.5, `a-file squares as wide as the others: ${a1.width} / ${h8.width}`);
  // The rank number sits in the corner of its square, not in its middle.
  const label = await page.locator('arbiter-board [data-square="a4"] .coord-rank').boundingBox();
  const a4 = await square(page, 'a4').boundingBox();
  assert.ok(label.y - a4.y < a4.height / 3, 'rank label in the top corner');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 800, 'nothing spills out sideways');
  await shot(page, 'webmaster-300px');
});

test('webmaster: the element in a page of another origin', async () => {
  // The club's site on one origin, the board's files on another (allowing it, as a CDN does).
  const files = await serve(SERVED, {}, { cors: true });
  const club = await serve(SERVED, {
    '/club.html': `<!doctype html><meta charset="utf-8"><title>Club</title><h1>Club night</h1>
<script type="module" src="${files.url}/js/arbiter-board.js"></script>
<arbiter-board time-control="10+5" white="Carla" black="Dev"></arbiter-board>`,
  });
  try {
    const page = await freshPage(env.browser, { width: 1000, height: 900 });
    await openBoard(page, `${club.url}/club.html`);
    await clickMove(page, 'e2', 'e4');
    await press(page);
    const s = await state(page);
    assert.deepEqual(s.moves.map((m) => m.san), ['e4']);
    assert.equal(await page.locator('arbiter-board [data-clock="white"] .name').textContent(), 'Carla');
    assert.equal(page.lastError, undefined);
    await shot(page, 'webmaster-other-origin');
  } finally {
    await club.close();
    await files.close();
  }
});
