// The arbiter sets a board's position from the hall page before its first move (issue 34; 2023
// Art. 7.2.1), against the real bridge (`--hall` with simulated boards) in headless Chromium: a
// FEN that is no position refused with its reason and article, a FEN set (asked first, naming
// the board and the players) and shown on the card with the squares to set up on the board, then
// undone (asked first), the game then made to match the board's pieces, and a board whose game
// has moves offering no set position but the restore's article instead. On a phone the panel
// fits. Every wait waits for a state, never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, freshPage, BRIDGE, axe, saveShot } from './harness.mjs';
import { startHall, until } from './hall-harness.mjs';

const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();

// Board 1's simulated hands make no move: its board shows the initial position throughout.
// Board 2's knights go out and back: its game has moves from the start.
const EMPTY = '[Event "e2e"]\n[Result "*"]\n\n*\n';
const CYCLE = `[Event "e2e"]\n[Result "*"]\n\n${Array.from({ length: 30 }, (_, i) =>
  `${4 * i + 1}. Nf3 Nf6 ${4 * i + 2}. Nc3 Nc6 ${4 * i + 3}. Ng1 Ng8 ${4 * i + 4}. Nb1 Nb8`).join(' ')} *\n`;
/** A rook ending of a resumed game, Black to play his 40th move. */
const ENDING = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 3 40';
const INITIAL = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

const card = (page, n) => page.locator(`article[data-board="${n}"]`);

test('hall position: a bad FEN refused with its reason, a FEN set and the squares to set up shown, the game matched to the board, none after a move', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-position-'));
  fs.writeFileSync(path.join(dir, 'empty.pgn'), EMPTY);
  fs.writeFileSync(path.join(dir, 'cycle.pgn'), CYCLE);
  const hall = await startHall(dir, [['Rossi, Anna', 'Neri, Bruno', 'empty.pgn'], ['Verdi, Carla', 'Bianchi, Dario', 'cycle.pgn']]);
  const board = async (n) => (await hall.json()).boards.find((b) => b.number === n);
  const browser = await launch();
  try {
    await until('board 1 is read', async () => (await board(1)).connected && (await board(1)).placement === INITIAL);

    // ---- A spectator: no control, no squares to set up.
    const spectator = await freshPage(browser, { width: 1280, height: 900 });
    await spectator.goto(`${hall.url}/`);
    await spectator.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 2);
    assert.equal(await spectator.locator('[data-control="set-position"]').count(), 0);

    const page = await freshPage(browser, { width: 1280, height: 900 });
    await page.goto(`${hall.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 2);
    await page.fill('#token', hall.token);
    await page.click('#token-save');
    const panel1 = card(page, 1).locator('details.act');
    await panel1.locator('summary').click();
    const fen = panel1.getByRole('textbox', { name: 'Position to set, as FEN' });
    await fen.waitFor();
    const answer = panel1.locator('.answer');

    // ---- What he types survives the card's updates (here a clock set from another screen):
    // the field keeps his text and the keyboard, and he types on.
    await fen.click();
    await page.keyboard.type('8/8/8');
    const clock = card(page, 1).locator('[data-clock="white"]');
    assert.equal((await hall.arbiter(1, { set_clock: { white: 5_340_000 } })).status, 200);
    await until('board 1 redrawn with the clock set', async () => (await clock.textContent()) === '1:29:00');
    await page.keyboard.type('/8');
    assert.equal(await fen.inputValue(), '8/8/8/8');
    assert.equal((await hall.arbiter(1, { set_clock: { white: 5_400_000 } })).status, 200);
    await until('board 1 redrawn with the clock back', async () => (await clock.textContent()) === '1:30:00');
    await fen.fill('');

    // ---- Nothing typed: said beside the field, nothing asked.
    await panel1.locator('[data-control="set-position"]').click();
    assert.equal(await answer.textContent(), 'Type the position as FEN first.');

    // ---- A FEN with no black king: asked, then refused with the core's reason and its article.
    await fen.fill('8/8/8/8/8/8/8/K7 w - - 0 1');
    await panel1.locator('[data-control="set-position"]').click();
    const dialog = page.getByRole('alertdialog', { name: 'Board 1: Rossi, Anna – Neri, Bruno' });
    await dialog.getByRole('button', { name: 'Set the position' }).click();
    await until('the refusal is said', async () => (await answer.getAttribute('data-status')) === '409');
    // The core's reason, in the page's words (the catalogue's), and its article.
    assert.equal(await answer.textContent(),
      'This is not a position that can be played: Black has 0 kings; each side has exactly one. The position is not set (2023 Art. 7.2.1).');
    assert.equal(await answer.getAttribute('data-error'), '');
    assert.equal((await board(1)).fen.split(' ')[0], INITIAL, 'nothing was set');

    // ---- The ending: asked first, naming the board, the players, the FEN and what follows.
    await fen.fill(ENDING);
    await panel1.locator('[data-control="set-position"]').click();
    await dialog.waitFor();
    const asked = await dialog.textContent();
    assert.match(asked, /Start the game from this position\? 6k1\/5ppp\/8\/8\/8\/8\/5PPP\/3R2K1 b - - 3 40/);
    assert.match(asked, /No move has been made yet: the clocks keep their times.*\(2023 Art\. 7\.2\.1\)/);
    await axe(page, 'the position asked first');
    await saveShot(page, { path: path.join(SHOTS, 'hall-position-desktop-dialog.png') });
    await dialog.getByRole('button', { name: 'Set the position' }).click();
    await until('the game starts from the ending', async () => (await board(1)).fen === ENDING);
    await page.waitForFunction(() => /^Position: 9 pieces\./.test(document.querySelector('article[data-board="1"] .mini').getAttribute('aria-label')));
    assert.equal(await answer.textContent(), 'The position is set (2023 Art. 7.2.1).');
    // The board still shows the initial position: the card names the squares to set up.
    const toSet = card(page, 1).locator('.to-set');
    await toSet.waitFor();
    const squares = (await board(1)).to_set.map((s) => s.square);
    assert.ok(squares.includes('e2') && squares.includes('d1') && squares.includes('g8'), squares.join(' '));
    assert.equal(await toSet.textContent(),
      `The board differs from the game on: ${squares.join(', ')}. Set up these squares as the game has them (2023 Art. 7.2.1).`);
    assert.equal(await spectator.locator('.to-set').count(), 0, "the squares to set up are the arbiter's");
    await axe(page, 'the card with the squares to set up');
    await saveShot(page, { path: path.join(SHOTS, 'hall-position-desktop-to-set.png') });
    // In German, every word of it.
    await page.selectOption('#lang', 'de');
    await until('the card speaks German', async () => /^Das Brett weicht von der Partie ab auf: /.test(await toSet.textContent()));
    assert.equal(await card(page, 1).locator('details.act [data-control="match-board"]').textContent(), 'Partie an das Brett anpassen…');
    await page.selectOption('#lang', 'en');

    // ---- The position set undone before a move, asked first: the game starts again from the
    // position it had before (the initial one), and the squares to set up go.
    const undoPosition = card(page, 1).getByRole('button', { name: 'Undo the position set' });
    await undoPosition.click();
    await dialog.waitFor();
    assert.match(await dialog.textContent(),
      /Undo the position set\? The game goes back to the position it started from before: rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1 \(2023 Art\. 7\.2\.1\)\./);
    await saveShot(page, { path: path.join(SHOTS, 'hall-position-desktop-undo-dialog.png') });
    await dialog.getByRole('button', { name: 'Undo the position set' }).click();
    await until('the game starts from the initial position again', async () => (await board(1)).fen.split(' ')[0] === INITIAL);
    await card(page, 1).locator('.to-set').waitFor({ state: 'detached' });
    await until('nothing left to undo', async () => !(await undoPosition.isVisible()));

    // ---- The game made to match the board: White to play his first move from its pieces.
    const panel1en = card(page, 1).locator('details.act');
    await panel1en.getByRole('combobox', { name: 'Side on move in the position the board shows' }).selectOption('white');
    await panel1en.getByRole('textbox', { name: 'Number of the move to play' }).fill('1');
    await panel1en.locator('[data-control="match-board"]').click();
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Start the game from the pieces the board shows now, White to play move 1\?/);
    await dialog.getByRole('button', { name: 'Match the board' }).click();
    await until('the game matches the board', async () => (await board(1)).fen.split(' ')[0] === INITIAL);
    await card(page, 1).locator('.to-set').waitFor({ state: 'detached' });
    assert.equal((await board(1)).side_to_move, 'white');
    assert.deepEqual((await board(1)).to_set, []);
    assert.equal(await panel1en.locator('.answer').textContent(), 'The game now starts from the pieces on the board (2023 Art. 7.2.1).');

    // ---- Board 2 has moves: no set position, the restore named instead.
    await until('board 2 has a move', async () => (await board(2)).plies >= 1);
    const panel2 = card(page, 2).locator('details.act');
    await panel2.locator('summary').click();
    assert.equal(await panel2.locator('[data-control="set-position"]').isVisible(), false);
    assert.equal(await panel2.locator('[data-control="match-board"]').isVisible(), false);
    const note = panel2.locator('[data-note="position_moves_made"]');
    assert.equal(await note.isVisible(), true);
    assert.match(await note.textContent(), /^Moves have been made: the position is set only before the first move\. Restore an earlier position instead \(2023 Art\. 7\.6\); .* \(2023 Art\. 7\.2\.1\)\.$/);
    await axe(page, 'a board with moves');
    await saveShot(page, { path: path.join(SHOTS, 'hall-position-desktop-moves-made.png') });
    assert.equal(page.lastError, undefined);

    // ---- A phone: the FEN field and the controls fit, the page no wider than the screen.
    const phone = await freshPage(browser, { width: 390, height: 844, touch: true });
    await phone.goto(`${hall.url}/`);
    await phone.fill('#token', hall.token);
    await phone.click('#token-save');
    const phonePanel = card(phone, 1).locator('details.act');
    await phonePanel.locator('summary').click();
    const phoneFen = phonePanel.getByRole('textbox', { name: 'Position to set, as FEN' });
    // The longest FEN there is, in the dialog: wrapped within it.
    await phoneFen.fill('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    await phoneFen.scrollIntoViewIfNeeded();
    for (const el of [phoneFen, phonePanel.locator('[data-control="set-position"]'), phonePanel.locator('[data-control="match-board"]')]) {
      const box = await el.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `fits the phone: ${JSON.stringify(box)}`);
    }
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    await phonePanel.locator('[data-control="match-board"]').scrollIntoViewIfNeeded();
    await saveShot(phone, { path: path.join(SHOTS, 'hall-position-phone.png') });
    await phonePanel.locator('[data-control="set-position"]').click();
    const phoneDialog = phone.getByRole('alertdialog', { name: 'Board 1: Rossi, Anna – Neri, Bruno' });
    await phoneDialog.waitFor();
    const box = await phoneDialog.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the dialog fits the phone: ${JSON.stringify(box)}`);
    assert.equal(await phoneDialog.evaluate((d) => d.scrollWidth <= d.clientWidth), true, 'nothing in the dialog scrolls sideways');
    await saveShot(phone, { path: path.join(SHOTS, 'hall-position-phone-dialog.png') });
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await board(1)).fen.split(' ')[0], INITIAL, 'cancelled on the phone: nothing set');
    assert.equal(phone.lastError, undefined);
  } finally {
    await browser.close();
    await hall.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
