// Games lost by forfeit (issue 34), against the real bridge (`--hall` with two simulated boards
// and a round of six games from a TRF file) in headless Chromium: the arbiter records a forfeit
// for a game off the sensor boards, asked first in a dialog naming the board, the players and
// the article (2023 Art. 6.7.1), choosing who was absent; the list shows the TRF's marks (−/+),
// the spectators see them, the round's TRF file has `+` and `-` and the round's PGN no forfeited
// game; both absent is `-` for both; a forfeit is undone as any result. A sensor board's game
// with no move forfeited from its card, and undone. In German too; on a phone the dialog fits. Every wait waits for a state, never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, freshPage, BRIDGE, axe, saveShot } from './harness.mjs';
import { pairedRoundTrf, startHall, until } from './hall-harness.mjs';

const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();
const EMPTY = '[Event "e2e"]\n[Result "*"]\n\n*\n';
const GAMES = 6;

const name = (rank) => `Player, Number${String(rank).padStart(2, '0')}`;

/** Twelve players, round 1 paired (the ratings fall with the rank). */
const roundTrf = () => pairedRoundTrf({ games: GAMES, name, top: 2400, step: 10 });

/** The result mark of round 1 on the TRF line of the player of rank `rank`. */
function mark(trf, rank) {
  const line = trf.split('\n').find((l) => l.includes(name(rank)));
  return (line ?? '').slice(98, 99).trim();
}

test('hall forfeits: a game off the boards lost by forfeit, asked first with who was absent and the article; +/- in the TRF; both absent; undone; German; phone', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-forfeit-'));
  fs.writeFileSync(path.join(dir, 'empty.pgn'), EMPTY);
  fs.writeFileSync(path.join(dir, 'round.trf'), roundTrf());
  const hall = await startHall(dir, [[null, null, 'empty.pgn'], [null, null, 'empty.pgn']], { round: 1, trf: 'round.trf' });
  const game = async (n) => (await hall.json()).off_board.find((g) => g.number === n);
  const trf = async () => (await fetch(`${hall.url}/round.trf`)).text();
  const browser = await launch();
  try {
    const spectator = await freshPage(browser, { width: 1280, height: 900 });
    await spectator.goto(`${hall.url}/`);
    await spectator.waitForFunction(() => document.querySelectorAll('#off-board-list li').length === 4);
    assert.equal(await spectator.locator('#off-board-list button').filter({ visible: true }).count(), 0, 'no control for a spectator');

    const page = await freshPage(browser, { width: 1280, height: 900 });
    await page.goto(`${hall.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('#off-board-list li').length === 4);
    await page.fill('#token', hall.token);
    await page.click('#token-save');

    // ---- Board 3 (rank 3 White, rank 9 Black): White absent, asked first.
    const row3 = page.locator('#off-board-list li[data-game="3"]');
    await row3.getByRole('button', { name: 'Record a forfeit on board 3' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Board 3: ${name(3)} – ${name(9)}` });
    await dialog.waitFor();
    const asked = await dialog.textContent();
    assert.match(asked, /loses the game by forfeit; if both are absent, both lose \(2023 Art\. 6\.7\.1\)\./);
    assert.match(asked, /\+ \(won by forfeit\) and − \(lost by forfeit\), and the game is not broadcast\./);
    assert.equal(await dialog.getByRole('group', { name: 'Who was absent when the default time was up?' }).isVisible(), true);
    const whiteAbsent = dialog.getByRole('radio', { name: `White, ${name(3)}: Black wins by forfeit` });
    assert.equal(await whiteAbsent.isChecked(), false, 'nothing chosen for the arbiter');
    // Confirmed with nobody chosen: the dialog stays, nothing is recorded.
    await dialog.getByRole('button', { name: 'Record the forfeit' }).click();
    assert.equal(await dialog.isVisible(), true, 'who was absent must be chosen');
    assert.equal((await game(3)).result, null);
    await whiteAbsent.check();
    await axe(page, 'a forfeit asked first');
    await saveShot(page, { path: path.join(SHOTS, 'hall-forfeit-desktop-dialog.png') });
    await dialog.getByRole('button', { name: 'Record the forfeit' }).click();
    await until('the bridge has White forfeited on board 3', async () => (await game(3)).forfeit === 'white');
    assert.equal((await game(3)).result, '-/+');
    await until('the page shows it', async () => (await row3.locator('.game-result').textContent()) === '−/+');
    assert.equal(await row3.locator('.game-result').getAttribute('title'), 'White lost by forfeit.');
    assert.equal(await page.locator('#off-board-said').textContent(), 'Board 3: forfeit recorded (−/+).');
    assert.equal(await row3.getByRole('button', { name: 'Record a forfeit on board 3' }).getAttribute('aria-pressed'), 'true');
    await until("the spectators' page shows it", async () =>
      (await spectator.locator('#off-board-list li[data-game="3"] .game-result').textContent()) === '−/+');

    // ---- Board 6 (rank 12 White, rank 6 Black): both absent, both lose.
    const row6 = page.locator('#off-board-list li[data-game="6"]');
    await row6.getByRole('button', { name: 'Record a forfeit on board 6' }).click();
    const dialog6 = page.getByRole('alertdialog', { name: `Board 6: ${name(12)} – ${name(6)}` });
    await dialog6.getByRole('radio', { name: 'Both players: both lose' }).check();
    await dialog6.getByRole('button', { name: 'Record the forfeit' }).click();
    await until('both forfeited on board 6', async () => (await game(6)).forfeit === 'both');
    await until('the page shows −/−', async () => (await row6.locator('.game-result').textContent()) === '−/−');
    await row6.scrollIntoViewIfNeeded();
    await saveShot(page, { path: path.join(SHOTS, 'hall-forfeit-desktop.png') });

    // ---- The round's results for the pairing program: `-` lost, `+` won by forfeit; the
    // round's PGN has only the sensor boards' games.
    const text = await trf();
    assert.deepEqual([mark(text, 3), mark(text, 9)], ['-', '+']);
    assert.deepEqual([mark(text, 12), mark(text, 6)], ['-', '-']);
    const pgn = await (await fetch(`${hall.url}/round.pgn`)).text();
    assert.equal(pgn.match(/\[Event /g).length, 2, pgn);
    assert.ok(!pgn.includes(name(3)), pgn);

    // ---- Board 3's forfeit undone, asked first as any result.
    await row3.getByRole('button', { name: 'Undo the result of board 3' }).click();
    const undo = page.getByRole('alertdialog', { name: `Board 3: ${name(3)} – ${name(9)}` });
    assert.match(await undo.textContent(), /Undo the result −\/\+\? The game has no result again/);
    await undo.getByRole('button', { name: 'Undo the result' }).click();
    await until('board 3 has no result', async () => (await game(3)).result === null);
    assert.equal((await game(3)).forfeit, null);
    await until('nor in the TRF', async () => mark(await trf(), 3) === '' && mark(await trf(), 9) === '');

    // ---- Without the token: refused.
    const refused = await fetch(`${hall.url}/hall/off-board/3`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"forfeit":"black"}',
    });
    assert.equal(refused.status, 403);

    // ---- A sensor board's game with no move (board 2: rank 8 White, rank 2 Black): Black
    // absent, from its card's panel; the card says it, the control goes; then undone.
    const card2 = page.locator('article[data-board="2"]');
    const panel2 = card2.locator('details.act');
    await panel2.locator('summary').click();
    const cardForfeit = panel2.getByRole('button', { name: 'Record a forfeit on board 2' });
    await cardForfeit.click();
    const cardDialog = page.getByRole('alertdialog', { name: `Board 2: ${name(8)} – ${name(2)}` });
    assert.match(await cardDialog.textContent(), /\(2023 Art\. 6\.7\.1\)/);
    await cardDialog.getByRole('radio', { name: `Black, ${name(2)}: White wins by forfeit` }).check();
    await cardDialog.getByRole('button', { name: 'Record the forfeit' }).click();
    const boardNow = async (n) => (await hall.json()).boards.find((b) => b.number === n);
    await until('the bridge has Black forfeited on board 2', async () => (await boardNow(2)).forfeit === 'black');
    assert.equal((await boardNow(2)).result, '1-0');
    await until('the card says so', async () =>
      (await card2.locator('.result').textContent()) === '+/− Black lost by forfeit.');
    assert.equal(await panel2.locator('.answer').textContent(), 'Board 2: forfeit recorded (+/−).');
    assert.equal(await cardForfeit.isVisible(), false, 'no second forfeit on a game over');
    assert.deepEqual([mark(await trf(), 8), mark(await trf(), 2)], ['+', '-']);
    assert.ok(!(await (await fetch(`${hall.url}/round.pgn`)).text()).includes('[Round "1.2"]'));
    await card2.scrollIntoViewIfNeeded();
    await saveShot(page, { path: path.join(SHOTS, 'hall-forfeit-card.png') });
    const undoCard = panel2.getByRole('button', { name: 'Undo the forfeit' });
    await undoCard.click();
    const undoDialog = page.getByRole('alertdialog', { name: `Board 2: ${name(8)} – ${name(2)}` });
    assert.match(await undoDialog.textContent(), /Undo the forfeit\? The game goes back to its start, the clocks as they read when the forfeit was recorded \(2023 Art\. 6\.7\.1\)\./);
    await undoDialog.getByRole('button', { name: 'Undo the forfeit' }).click();
    await until('board 2 is open again', async () => (await boardNow(2)).forfeit === null && (await boardNow(2)).result === null);
    await until('its forfeit control is back', async () => cardForfeit.isVisible());

    // ---- In German.
    await page.selectOption('#lang', 'de');
    await until('the list speaks German', async () =>
      (await row6.getByRole('button', { name: 'Kampflose Partie an Brett 6 eintragen' }).count()) === 1);
    assert.equal(await row6.getByRole('button', { name: 'Kampflose Partie an Brett 6 eintragen' }).textContent(), 'Kampflos');
    assert.equal(await row6.locator('.game-result').getAttribute('title'), 'Beide haben kampflos verloren.');
    await row6.getByRole('button', { name: 'Kampflose Partie an Brett 6 eintragen' }).click();
    const german = page.getByRole('alertdialog', { name: `Brett 6: ${name(12)} – ${name(6)}` });
    assert.match(await german.textContent(), /verliert die Partie kampflos; fehlen beide, verlieren beide \(2023 Art\. 6\.7\.1\)/);
    assert.match(await german.textContent(), /Das ersetzt das zuvor eingetragene Ergebnis −\/−\./);
    await german.getByRole('button', { name: 'Abbrechen' }).click();
    await page.selectOption('#lang', 'en');
    assert.equal(page.lastError, undefined);
    assert.equal(spectator.lastError, undefined);

    // ---- A phone: the row and the dialog within the screen.
    const phone = await freshPage(browser, { width: 390, height: 844, touch: true });
    await phone.goto(`${hall.url}/`);
    await phone.waitForFunction(() => document.querySelectorAll('#off-board-list li').length === 4);
    await phone.fill('#token', hall.token);
    await phone.click('#token-save');
    const phoneRow = phone.locator('#off-board-list li[data-game="4"]');
    await phoneRow.scrollIntoViewIfNeeded();
    for (const el of [phoneRow, ...await phoneRow.getByRole('button').all()]) {
      if (!(await el.isVisible())) continue;
      const box = await el.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `fits the phone: ${JSON.stringify(box)}`);
    }
    const rowBox = await phoneRow.boundingBox();
    assert.ok(rowBox.height <= 120, `a row is ${rowBox.height} px tall`);
    await phoneRow.getByRole('button', { name: 'Record a forfeit on board 4' }).click();
    const phoneDialog = phone.getByRole('alertdialog', { name: `Board 4: ${name(10)} – ${name(4)}` });
    await phoneDialog.getByRole('radio', { name: `Black, ${name(4)}: White wins by forfeit` }).check();
    const box = await phoneDialog.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390 && box.height <= 844, `the dialog fits the phone: ${JSON.stringify(box)}`);
    await saveShot(phone, { path: path.join(SHOTS, 'hall-forfeit-phone-dialog.png') });
    await phoneDialog.getByRole('button', { name: 'Record the forfeit' }).click();
    await until('Black forfeited on board 4', async () => (await game(4)).result === '+/-');
    await until('the phone shows it', async () => (await phoneRow.locator('.game-result').textContent()) === '+/−');
    await saveShot(phone, { path: path.join(SHOTS, 'hall-forfeit-phone.png') });
    assert.equal(phone.lastError, undefined);
  } finally {
    await browser.close();
    await hall.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
