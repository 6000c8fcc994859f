// A newcomer and a webmaster at the page's door and edges (issue 31): a game in progress is never
// lost by one click, `readonly` is read-only, the element's events come in the order of the game,
// touch-move keeps the touched piece, and the colours stay readable in every state. Each journey
// runs at a desk (1280x900) and on a phone (390x844) where it is a screen, and leaves screenshots
// in the system's temp folder (ARBITER_SHOTS overrides) for looking at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { setUp, freshPage, openBoard, clickMove, press, state, square, axe, saveShot } from './harness.mjs';

const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();
const shot = (page, name) => saveShot(page, { path: path.join(SHOTS, `arbiter-door-${name}.png`), fullPage: true });

const SIZES = [
  { name: 'desk', width: 1280, height: 900, touch: false },
  { name: 'phone', width: 390, height: 844, touch: true },
];

const bare = (body) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>door</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="/js/arbiter-board.js"></script>
<main><h1>Door</h1>${body}</main>
<script>
  window.seen = [];
  for (const b of document.querySelectorAll('arbiter-board')) {
    for (const t of ['move', 'gameover']) b.addEventListener(t, (e) => window.seen.push(t));
  }
</script></html>`;

const env = setUp({
  '/watch.html': bare('<arbiter-board readonly time-control="3+2"></arbiter-board>'),
  '/mate.html': bare('<arbiter-board time-control="3+2"></arbiter-board>'),
  '/mate-auto.html': bare('<arbiter-board time-control="3+2" auto-press></arbiter-board>'),
  '/promote.html': bare('<arbiter-board time-control="15+10" fen="7k/4P3/8/8/8/8/8/K7 w - - 0 1"></arbiter-board>'),
  '/minute.html': bare('<arbiter-board time-control="1+0"></arbiter-board>'),
  '/two.html': bare(`
<arbiter-board time-control="15+10" white="A" black="B"></arbiter-board>
<arbiter-board time-control="15+10" white="C" black="D"></arbiter-board>`),
});

async function play(page, moves) {
  for (const [a, b] of moves) {
    await clickMove(page, a, b);
    await press(page);
  }
}

const confirmOpen = (page) => page.locator('#confirm-dialog[open]');

test('issue31 New game over a game with moves asks first (alertdialog naming what is lost); Cancel keeps the game', async () => {
  for (const size of SIZES) {
    const page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/index.html`);
    await play(page, [['e2', 'e4'], ['e7', 'e5']]);
    await page.click('#new-game');
    await page.check('input[value="3+2"]');
    await page.click('#ng-start');
    const ask = confirmOpen(page);
    await ask.waitFor({ timeout: 5_000 });
    assert.equal(await ask.getAttribute('role'), 'alertdialog');
    assert.match(await ask.textContent(), /2 moves/, `${size.name}: the dialog says what is lost`);
    await axe(page, `${size.name}: the question before a new game`);
    await shot(page, `new-game-asks-${size.name}`);
    await page.click('#confirm-dialog button[value="cancel"]');
    assert.equal((await state(page)).moves.length, 2, `${size.name}: Cancel keeps the game`);
    assert.equal((await state(page)).setup.timeControl.length, 1);
    assert.equal((await state(page)).clock.white.remaining > 180_000, true, `${size.name}: the old game's clock`);
    // Asked again, Yes starts the new game.
    await page.click('#new-game');
    await page.click('#ng-start');
    await confirmOpen(page).waitFor();
    await page.click('#cf-yes');
    await page.waitForFunction(() => document.querySelector('arbiter-board').state.moves.length === 0);
    assert.equal((await state(page)).clock.white.remaining, 180_000);
    await page.context().close();
  }
});

test('issue31 New game with no move made starts at once', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.click('#new-game');
  await page.check('input[value="3+2"]');
  await page.click('#ng-start');
  await page.waitForFunction(() => document.querySelector('arbiter-board').state.clock.white.remaining === 180_000);
  assert.equal(await confirmOpen(page).count(), 0);
});

test('issue31 Import over a game with moves asks first; Cancel keeps the game and its clocks', async () => {
  for (const size of SIZES) {
    const page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/index.html`);
    await play(page, [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']]);
    await page.click('#open-pgn');
    await page.fill('#pgn-text', '[White "Anna"]\n[Black "Bruno"]\n\n1. d4 d5 *');
    await page.click('#pgn-import');
    const ask = confirmOpen(page);
    await ask.waitFor({ timeout: 10_000 });
    assert.equal(await ask.getAttribute('role'), 'alertdialog');
    assert.match(await ask.textContent(), /3 moves/);
    await shot(page, `import-asks-${size.name}`);
    await page.click('#confirm-dialog button[value="cancel"]');
    const s = await state(page);
    assert.deepEqual(s.moves.map((m) => m.san), ['e4', 'e5', 'Nf3']);
    await page.click('#pgn-import');
    await confirmOpen(page).waitFor();
    await page.click('#cf-yes');
    await page.waitForFunction(() => document.querySelector('arbiter-board').state.moves.length === 2);
    assert.equal((await state(page)).players.white, 'Anna');
    await page.context().close();
  }
});

test('issue31 readonly: no move, no clock, no offer, claim or resignation from this screen', async () => {
  for (const size of SIZES) {
    const page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/watch.html`);
    await page.locator('arbiter-board [data-square="e2"]').click();
    await press(page);
    await clickMove(page, 'e2', 'e4');
    const s = await state(page);
    assert.equal(s.clock.started, false, `${size.name}: Space started no clock`);
    assert.equal(s.moves.length, 0);
    for (const a of ['press', 'resign', 'offer', 'claim']) {
      const visible = await page.locator(`arbiter-board [data-action="${a}"], arbiter-board .${a}`).evaluateAll(
        (els) => els.some((el) => el.checkVisibility()),
      );
      assert.equal(visible, false, `${size.name}: no ${a} control on a read-only board`);
    }
    // A tap on a clock face presses nothing either.
    await page.locator('arbiter-board [data-clock="white"]').click();
    assert.equal((await state(page)).clock.started, false);
    assert.doesNotMatch(await page.locator('arbiter-board .status').textContent(), /Press the clock/);
    await shot(page, `readonly-${size.name}`);
    await page.context().close();
  }
});

test('issue31 the element says move before gameover, with and without a press', async () => {
  for (const file of ['mate.html', 'mate-auto.html']) {
    const page = await freshPage(env.browser);
    await openBoard(page, `${env.server.url}/${file}`);
    const moves = [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']];
    for (const [a, b] of moves) {
      await clickMove(page, a, b);
      if (file === 'mate.html' && a !== 'd8') await press(page);
    }
    await page.waitForFunction(() => window.seen.includes('gameover'));
    const seen = await page.evaluate(() => window.seen);
    assert.deepEqual(seen, ['move', 'move', 'move', 'move', 'gameover'], file);
    await page.context().close();
  }
});

test('issue31 touch-move: the touched piece stays selected; another piece is refused with the reason (Art. 4.3)', async () => {
  for (const size of SIZES) {
    const page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/mate.html`);
    await square(page, 'b1').click();
    await square(page, 'g2').click();
    assert.match(await square(page, 'b1').getAttribute('class'), /\bselected\b/, `${size.name}: b1 stays selected`);
    assert.doesNotMatch(await square(page, 'g2').getAttribute('class'), /\bselected\b/);
    assert.doesNotMatch(await square(page, 'g3').getAttribute('class'), /\bhint\b/, `${size.name}: no dots for g2`);
    const said = page.locator('arbiter-board .rulings');
    await page.waitForFunction(() => /b1/.test(document.querySelector('arbiter-board').shadowRoot.querySelector('.rulings').textContent));
    assert.match(await said.textContent(), /b1.*4\.3/s, `${size.name}: the reason is on screen`);
    await shot(page, `touch-move-${size.name}`);
    // The touched knight still moves.
    await square(page, 'c3').click();
    await press(page);
    assert.deepEqual((await state(page)).moves.map((m) => m.san), ['Nc3']);
    await page.context().close();
  }
});

/**
 * axe-core's colour contrast in every frame of the animations running on the page and in its
 * boards: each animation paused at 0, 1/8, ... 7/8 of its cycle, the page judged at each.
 */
async function contrastInEveryFrame(page, what) {
  const FRAMES = 8;
  for (let i = 0; i < FRAMES; i += 1) {
    const running = await page.evaluate((f) => {
      const all = [...document.getAnimations()];
      for (const b of document.querySelectorAll('arbiter-board')) all.push(...b.shadowRoot.getAnimations());
      for (const a of all) {
        a.pause();
        const d = Number(a.effect.getTiming().duration) || 0;
        a.currentTime = d * f;
      }
      return all.length;
    }, i / FRAMES);
    const found = await page.evaluate(async () => {
      const r = await window.axe.run(document, { runOnly: ['color-contrast'], resultTypes: ['violations'] });
      return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`));
    });
    assert.deepEqual(found, [], `${what}, frame ${i}/${FRAMES} of ${running} animations`);
  }
  await page.evaluate(() => {
    for (const a of document.getAnimations()) a.play();
    for (const b of document.querySelectorAll('arbiter-board')) for (const a of b.shadowRoot.getAnimations()) a.play();
  });
}

test('issue31 colour contrast after a move and before the press, in every frame, at both sizes', async () => {
  for (const size of SIZES) {
    const page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/index.html`);
    await play(page, [['e2', 'e4']]);
    await clickMove(page, 'e7', 'e5');
    await axe(page, `${size.name}: a move made, the clock not yet pressed`);
    await contrastInEveryFrame(page, `${size.name}: a move made, the clock not yet pressed`);
    await shot(page, `before-press-${size.name}`);
    await page.context().close();
  }
});

// Two games of 1858, as a file from a database gives them: tags, and clocks on the second only.
const TWO_GAMES = `[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 1-0

[Event "Club blitz"]
[Site "Turin ITA"]
[Date "2026.11.30"]
[Round "4"]
[White "Anna"]
[Black "Bruno"]
[Result "*"]
[TimeControl "180+2"]

1. d4 {[%clk 0:03:01]} d5 {[%clk 0:02:58]} 2. c4 {[%clk 0:01:43]} e6 {[%clk 0:01:50]} *
`;

test('issue31 Import of a two-game file says how many, lets the player pick one, and keeps its tags and [%clk]', async () => {
  for (const size of SIZES) {
    const page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/index.html`);
    await page.click('#open-pgn');
    await page.fill('#pgn-text', TWO_GAMES);
    await page.click('#pgn-import');
    await page.locator('#pgn-game').waitFor({ timeout: 10_000 });
    assert.match(await page.locator('#pgn-note').textContent(), /2 games/);
    assert.equal((await state(page)).moves.length, 0, 'nothing imported before the choice');
    assert.deepEqual(await page.locator('#pgn-game option').allTextContents(),
      ['1. Morphy, Paul – Duke Karl / Count Isouard, Paris, 1858.??.??, 1-0', '2. Anna – Bruno, Club blitz, 2026.11.30, *']);
    await shot(page, `import-choose-${size.name}`);
    await page.selectOption('#pgn-game', '1');
    await page.click('#pgn-import');
    await page.waitForFunction(() => document.querySelector('arbiter-board').state.moves.length === 4);
    assert.match(await page.locator('#pgn-note').textContent(), /game 2 of 2/);
    const s = await state(page);
    assert.equal(s.players.white, 'Anna');
    // The clocks go on from the file's last [%clk] of each side: 1:43 and 1:50, not a fresh 15:00.
    assert.ok(Math.abs(s.clock.white.remaining - 103_000) < 2_000, `white ${s.clock.white.remaining}`);
    assert.ok(Math.abs(s.clock.black.remaining - 110_000) < 2_000, `black ${s.clock.black.remaining}`);
    const pgn = await page.evaluate(() => document.querySelector('arbiter-board').pgn());
    for (const tag of ['[Event "Club blitz"]', '[Site "Turin ITA"]', '[Date "2026.11.30"]', '[Round "4"]', '[TimeControl "180+2"]']) {
      assert.ok(pgn.includes(tag), `${tag} in\n${pgn}`);
    }
    assert.match(pgn, /1\. d4 \{\[%clk 0:03:01\]\} d5 \{\[%clk 0:02:58\]\} 2\. c4 \{\[%clk 0:01:43\]\} e6 \{\[%clk 0:01:50\]\}/);
    // A reload keeps what the file said.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('arbiter-board').state?.moves?.length === 4);
    assert.equal(await page.evaluate(() => document.querySelector('arbiter-board').pgn()), pgn);
    await page.context().close();
  }
});

test('issue31 Import invents neither time nor tags for an 1858 game', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.click('#open-pgn');
  await page.fill('#pgn-text', TWO_GAMES.split('\n\n[Event "Club')[0]);
  await page.click('#pgn-import');
  await page.waitForFunction(() => document.querySelector('arbiter-board').state.moves.length === 6);
  const pgn = await page.evaluate(() => document.querySelector('arbiter-board').pgn());
  for (const tag of ['[Event "Paris"]', '[Site "Paris FRA"]', '[Date "1858.??.??"]', '[White "Morphy, Paul"]']) {
    assert.ok(pgn.includes(tag), `${tag} in\n${pgn}`);
  }
  assert.doesNotMatch(pgn, /TimeControl|%clk/, pgn);
  assert.equal(await page.locator('#pgn-note').textContent(), 'Imported.');
});

test('issue31 an import refused names the move as the score does (2.Ke3)', async () => {
  const page = await freshPage(env.browser);
  await openBoard(page, `${env.server.url}/index.html`);
  await page.click('#open-pgn');
  await page.fill('#pgn-text', '1. e4 e5 2. Ke3 *');
  await page.click('#pgn-import');
  await page.waitForFunction(() => document.getElementById('pgn-note').textContent !== '');
  assert.equal(await page.locator('#pgn-note').textContent(), 'Move 2.Ke3 of the PGN cannot be played: \'Ke3\' is not a legal move here.');
  await page.fill('#pgn-text', '1. e4 e5 2. Nf3 Ke6 *');
  await page.click('#pgn-import');
  await page.waitForFunction(() => /2\.\.\.Ke6/.test(document.getElementById('pgn-note').textContent));
});

test('issue31 the exported PGN\'s Date is the day the game began', async () => {
  const page = await freshPage(env.browser, { clockAt: new Date(2026, 11, 4, 23, 59, 0).getTime() });
  await openBoard(page, `${env.server.url}/index.html`);
  await play(page, [['e2', 'e4']]);
  // The game goes on past midnight: its Date stays the day it began.
  await page.clock.runFor(120_000);
  await play(page, [['e7', 'e5']]);
  const pgn = await page.evaluate(() => document.querySelector('arbiter-board').pgn());
  assert.match(pgn, /\[Date "2026\.12\.04"\]/, pgn);
});

test('issue31 the arbiter panel checks a value before it asks, and says what is wrong beside the field, at both sizes', async () => {
  for (const size of SIZES) {
    const page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/index.html`);
    await play(page, [['e2', 'e4'], ['e7', 'e5']]);
    await page.click('#open-arbiter');
    await page.locator('#set-clock').waitFor();
    const before = (await state(page)).clock;
    await page.fill('#set-clock input[name="white"]', 'abc');
    await page.fill('#set-clock input[name="black"]', '5:00');
    await page.click('#set-clock button[type="submit"]');
    const clockError = page.locator('#set-clock-error');
    await clockError.waitFor({ timeout: 5_000 });
    assert.match(await clockError.textContent(), /White: "abc" is not a time/);
    assert.equal((await state(page)).clock.black.remaining <= before.black.remaining + 1_000, true, 'nothing set');
    // Beside the field: just below the form, on the screen.
    const form = await page.locator('#set-clock').boundingBox();
    const err = await clockError.boundingBox();
    assert.ok(err.y >= form.y && err.y - (form.y + form.height) < 40, `${size.name}: the error at ${err.y}, the form ends at ${form.y + form.height}`);
    await page.fill('#set-clock input[name="white"]', '4:30');
    await page.click('#set-clock button[type="submit"]');
    assert.equal(await clockError.isVisible(), false);
    assert.ok(Math.abs((await state(page)).clock.white.remaining - 270_000) < 1_000);
    // The change leaves a ruling card, as the arbiter's other decisions do.
    await page.waitForFunction(() => /The clocks are set: White 4 minutes 30 seconds, Black 5 minutes\./
      .test(document.querySelector('arbiter-board').shadowRoot.querySelector('.rulings').textContent));
    // Set position checks the FEN before asking to discard the moves.
    await page.fill('#set-fen input[name="fen"]', '8/8/8/8 w - - 0 1');
    await page.click('#set-fen button[type="submit"]');
    const fenError = page.locator('#set-fen-error');
    await fenError.waitFor({ timeout: 5_000 });
    assert.equal(await confirmOpen(page).count(), 0, 'not asked: the FEN is no position');
    assert.ok((await fenError.textContent()).length > 10);
    assert.equal((await state(page)).moves.length, 2);
    // The phone's panel does not make the page scroll sideways.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= size.width, `${size.name}: the page is ${wide}px wide`);
    await page.locator('#set-fen').scrollIntoViewIfNeeded();
    await shot(page, `arbiter-errors-${size.name}`);
    await page.context().close();
  }
});

test('issue31 two boards on a page: their regions are named apart (axe landmark-unique)', async () => {
  const page = await freshPage(env.browser, { width: 1280, height: 1800 });
  await openBoard(page, `${env.server.url}/two.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('arbiter-board')].every((b) => b.table));
  const names = await page.evaluate(() => [...document.querySelectorAll('arbiter-board')]
    .map((b) => b.shadowRoot.querySelector('[role="region"]').getAttribute('aria-label')));
  assert.equal(new Set(names).size, 2, names.join(' | '));
  await axe(page, 'two boards on one page');
});

test('issue31 every page has its icon: embed.html loads with no 404 and no console error', async () => {
  for (const file of ['embed.html', 'index.html']) {
    const page = await freshPage(env.browser);
    const missing = [];
    const errors = [];
    page.on('response', (r) => { if (r.status() >= 400) missing.push(`${r.status()} ${new URL(r.url()).pathname}`); });
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await openBoard(page, `${env.server.url}/${file}`);
    await page.waitForTimeout(300);
    assert.deepEqual(missing, [], file);
    assert.deepEqual(errors, [], file);
    const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.href ?? null);
    assert.ok(icon, `${file} names its icon`);
    await page.context().close();
  }
});

test('issue31 a language switch relabels every word on screen: the announcements said before, the squares, the panel, the header', async () => {
  for (const size of SIZES) {
    const page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/index.html?lang=it`);
    await page.waitForFunction(() => document.documentElement.lang === 'it');
    await page.click('#accessible');
    await play(page, [['e2', 'e4'], ['b8', 'c6']]);
    await page.click('#open-arbiter');
    await page.locator('#pending-claim').waitFor();
    assert.match(await page.locator('#pending-claim').textContent(), /Nessun reclamo/);
    const said = () => page.evaluate(() => [...document.querySelector('arbiter-board').shadowRoot.querySelectorAll('.announce p, .ruling')].map((p) => p.textContent));
    assert.ok((await said()).some((l) => /cavallo c6/i.test(l)), (await said()).join(' | '));
    await page.selectOption('#page-lang', 'de');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.waitForFunction(() => !/Nessun/.test(document.getElementById('pending-claim').textContent));
    assert.doesNotMatch(await page.locator('#pending-claim').textContent(), /Nessun/);
    const lines = await said();
    const italian = lines.filter((l) => /\b(cavallo|pedone|Bianco|Nero|Il |orologio|muove)\b/i.test(l));
    assert.deepEqual(italian, [], `${size.name}: still Italian after the switch`);
    assert.ok(lines.some((l) => /Springer c6/.test(l)), lines.join(' | '));
    const label = await square(page, 'c6').getAttribute('aria-label');
    assert.match(label, /Springer/, label);
    const title = await page.locator('#game-title').textContent();
    const faces = await page.locator('arbiter-board .face .name').allTextContents();
    assert.ok(title.startsWith(`${faces[0]} – ${faces[1]}`) || title.startsWith(`${faces[1]} – ${faces[0]}`), `${title} beside ${faces}`);
    await shot(page, `lang-switch-${size.name}`);
    await page.context().close();
  }
});

test('issue31 colour contrast and axe-core in the promotion chooser, a dialog, the flag and the end, at both sizes', async () => {
  for (const size of SIZES) {
    const what = (state) => `${size.name}: ${state}`;
    // The promotion chooser, on the promotion square.
    let page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/promote.html`);
    await clickMove(page, 'e7', 'e8');
    await page.locator('arbiter-board [data-promote="q"]').waitFor();
    await axe(page, what('the promotion chooser'));
    await contrastInEveryFrame(page, what('the promotion chooser'));
    await page.context().close();
    // A dialog: the resignation asked first.
    page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/mate.html`);
    await play(page, [['e2', 'e4']]);
    await page.locator('arbiter-board [data-action="resign"]').click();
    await page.locator('arbiter-board [role="alertdialog"]').waitFor();
    await axe(page, what('the resignation dialog'));
    await contrastInEveryFrame(page, what('the resignation dialog'));
    await page.context().close();
    // The flag: a minute's game, White's time run out.
    page = await freshPage(env.browser, { ...size, clockAt: Date.now() });
    await openBoard(page, `${env.server.url}/minute.html`);
    await press(page);
    await page.clock.runFor(61_000);
    await page.waitForFunction(() => document.querySelector('arbiter-board').state.clock.white.flag);
    await axe(page, what('the flag fallen'));
    await contrastInEveryFrame(page, what('the flag fallen'));
    await shot(page, `flag-${size.name}`);
    await page.context().close();
    // The end: mate, its banner.
    page = await freshPage(env.browser, size);
    await openBoard(page, `${env.server.url}/mate.html`);
    for (const [a, b] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) {
      await clickMove(page, a, b);
      if (a !== 'd8') await press(page);
    }
    await page.locator('arbiter-board [data-result="0-1"]').waitFor();
    await axe(page, what('the end'));
    await contrastInEveryFrame(page, what('the end'));
    await shot(page, `end-${size.name}`);
    await page.context().close();
  }
});
