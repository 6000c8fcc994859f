// A round with more games than sensor boards (issue 34), against the real bridge (`--hall`
// with two simulated boards and an open's TRF file of 70 games) in headless Chromium: the other
// 68 games listed on the hall page for everyone; the arbiter enters a result for one (asked
// first, naming the board and the players), sees it on the page and in the spectators', changes
// it and undoes it, each asked first; without the token the bridge refuses. The list narrowed to
// the games still without a result, or to one found by its board's number or a player's name;
// every word in German too; on a phone the long list and its dialog fit. Every wait waits for a state, never for a time.
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
const GAMES = 70;

const name = (rank) => `Player, Number${String(rank).padStart(3, '0')}`;

/** An open of 140 players, round 1 paired (the ratings fall with the rank; one FM). */
const openTrf = () => pairedRoundTrf({ games: GAMES, name, top: 2700, step: 5, title: (rank) => (rank === 5 ? 'FM' : '') });

test('hall off the boards: 68 games listed, a result entered, confirmed, changed and undone by the arbiter; refused without the token; on a phone the list fits', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-off-board-'));
  fs.writeFileSync(path.join(dir, 'empty.pgn'), EMPTY);
  fs.writeFileSync(path.join(dir, 'open.trf'), openTrf());
  const hall = await startHall(dir, [[null, null, 'empty.pgn'], [null, null, 'empty.pgn']], { round: 1, trf: 'open.trf' });
  const game = async (n) => (await hall.json()).off_board.find((g) => g.number === n);
  const browser = await launch();
  try {
    // ---- A spectator: the whole list, results as they stand, no control.
    const spectator = await freshPage(browser, { width: 1280, height: 900 });
    await spectator.goto(`${hall.url}/`);
    await spectator.waitForFunction(() => document.querySelectorAll('#off-board-list li').length === 68);
    assert.equal(await spectator.locator('#off-board-title').textContent(), 'Games on ordinary boards');
    assert.equal(await spectator.locator('#off-board-count').textContent(), '0 of 68 results entered');
    const first = spectator.locator('#off-board-list li').first();
    assert.equal(await first.getAttribute('data-game'), '3');
    assert.equal(await first.locator('.game-number').textContent(), 'Board 3');
    assert.equal(await first.locator('.game-players').textContent(), `${name(3)} (2685) – ${name(73)} (2335)`);
    assert.equal(await first.locator('.game-result').textContent(), 'No result yet');
    assert.equal(await spectator.locator('#off-board-list button').filter({ visible: true }).count(), 0);
    assert.equal(await spectator.locator('article[data-board]').count(), 2, 'the two sensor boards');

    // ---- The arbiter: board 5 (an FM against a player of the bottom half), 1-0, asked first.
    const page = await freshPage(browser, { width: 1280, height: 900 });
    await page.goto(`${hall.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('#off-board-list li').length === 68);
    await page.fill('#token', hall.token);
    await page.click('#token-save');
    const row5 = page.locator('#off-board-list li[data-game="5"]');
    assert.equal(await row5.locator('.game-players').textContent(), `FM ${name(5)} (2675) – ${name(75)} (2325)`);
    const win = row5.getByRole('button', { name: 'Result 1-0 on board 5' });
    await win.scrollIntoViewIfNeeded();
    await win.click();
    const dialog = page.getByRole('alertdialog', { name: `Board 5: ${name(5)} – ${name(75)}` });
    await dialog.waitFor();
    const asked = await dialog.textContent();
    assert.match(asked, /1-0: White wins\./);
    assert.match(asked, /Record 1-0\? This game is played off the sensor boards: the result goes into the round’s results for the pairing program\. You can change or undo it until the round ends \(2023 Art\. [0-9.]+\)\./);
    await axe(page, 'an off-board result asked first');
    await saveShot(page, { path: path.join(SHOTS, 'hall-off-board-desktop-dialog.png') });
    // Cancelled: nothing recorded.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await game(5)).result, null, 'cancelled: nothing recorded');
    await win.click();
    await dialog.getByRole('button', { name: 'Record 1-0' }).click();
    await until('the bridge has 1-0 on board 5', async () => (await game(5)).result === '1-0');
    await until('the page shows it', async () => (await row5.locator('.game-result').textContent()) === '1-0');
    assert.equal(await win.getAttribute('aria-pressed'), 'true');
    assert.equal(await page.locator('#off-board-said').textContent(), 'Board 5: 1-0 recorded.');
    assert.equal(await page.locator('#off-board-count').textContent(), '1 of 68 results entered');
    await until("the spectators' page shows it", async () =>
      (await spectator.locator('#off-board-list li[data-game="5"] .game-result').textContent()) === '1-0');
    await row5.scrollIntoViewIfNeeded();
    await axe(page, 'the list with a result entered');
    await saveShot(page, { path: path.join(SHOTS, 'hall-off-board-desktop.png') });

    // ---- Changed to 0-1, then undone: each asked first.
    await row5.getByRole('button', { name: 'Result 0-1 on board 5' }).click();
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Change the result from 1-0 to 0-1\?/);
    await dialog.getByRole('button', { name: 'Record 0-1' }).click();
    await until('0-1 on board 5', async () => (await game(5)).result === '0-1');
    await row5.getByRole('button', { name: 'Undo the result of board 5' }).click();
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Undo the result 0-1\? The game has no result again/);
    await dialog.getByRole('button', { name: 'Undo the result' }).click();
    await until('board 5 has no result', async () => (await game(5)).result === null);
    await until('the page says so', async () => (await row5.locator('.game-result').textContent()) === 'No result yet');
    assert.equal(await page.locator('#off-board-said').textContent(), 'Board 5: the result is undone.');
    assert.equal(await row5.getByRole('button', { name: 'Undo the result of board 5' }).isVisible(), false);

    // ---- Without the token: refused, nothing recorded.
    const refused = await fetch(`${hall.url}/hall/off-board/5`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"result":"1-0"}',
    });
    assert.equal(refused.status, 403);
    assert.equal((await game(5)).result, null);

    // ---- A draw on board 70, the last; the list narrowed to the games without a result.
    const row70 = page.locator('#off-board-list li[data-game="70"]');
    await row70.getByRole('button', { name: 'Result ½-½ on board 70' }).click();
    const dialog70 = page.getByRole('alertdialog', { name: `Board 70: ${name(140)} – ${name(70)}` });
    assert.match(await dialog70.textContent(), /½-½: drawn\./);
    await dialog70.getByRole('button', { name: 'Record ½-½' }).click();
    await until('½-½ on board 70', async () => (await game(70)).result === '1/2-1/2');
    await page.getByRole('checkbox', { name: 'Only games without a result' }).check();
    await until('board 70 leaves the list', async () => !(await row70.isVisible()));
    assert.equal(await page.locator('#off-board-list li:visible').count(), 67);
    await page.getByRole('checkbox', { name: 'Only games without a result' }).uncheck();

    // ---- In German, every word of it.
    await page.selectOption('#lang', 'de');
    await until('the list speaks German', async () => (await page.locator('#off-board-title').textContent()) === 'Partien an gewöhnlichen Brettern');
    assert.equal(await page.locator('#off-board-count').textContent(), '1 von 68 Ergebnissen eingetragen');
    assert.equal(await row5.locator('.game-result').textContent(), 'Noch kein Ergebnis');
    assert.equal(await row70.getByRole('button', { name: 'Das Ergebnis an Brett 70 zurücknehmen' }).isVisible(), true);
    await page.selectOption('#lang', 'en');
    assert.equal(page.lastError, undefined);
    assert.equal(spectator.lastError, undefined);

    // ---- A phone: the 68 rows, their buttons and the dialog within the screen.
    const phone = await freshPage(browser, { width: 390, height: 844, touch: true });
    await phone.goto(`${hall.url}/`);
    await phone.waitForFunction(() => document.querySelectorAll('#off-board-list li').length === 68);
    await phone.fill('#token', hall.token);
    await phone.click('#token-save');
    // From the top of the page to the list, then to board 12 by its number.
    const jump = phone.getByRole('link', { name: '68 games on ordinary boards' });
    await jump.click();
    await until('the list is in view', async () => (await phone.locator('#off-board-title').boundingBox()).y < 844);
    await phone.getByRole('searchbox', { name: 'Find a board or a player' }).fill('12');
    const phoneRow = phone.locator('#off-board-list li[data-game="12"]');
    await until('board 12 alone is listed', async () => (await phone.locator('#off-board-list li:visible').count()) === 1);
    assert.equal(await phoneRow.isVisible(), true);
    // A player's name finds his game too (any case).
    await phone.getByRole('searchbox', { name: 'Find a board or a player' }).fill('number082');
    await until('his game alone is listed', async () => (await phone.locator('#off-board-list li:visible').count()) === 1);
    assert.equal(await phoneRow.isVisible(), true);
    await phoneRow.scrollIntoViewIfNeeded();
    for (const el of [phoneRow, ...await phoneRow.getByRole('button').all()]) {
      if (!(await el.isVisible())) continue;
      const box = await el.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `fits the phone: ${JSON.stringify(box)}`);
    }
    const tall = await phoneRow.getByRole('button', { name: 'Result 1-0 on board 12' }).boundingBox();
    assert.ok(tall.height >= 36 && tall.width >= 44, `a finger's button: ${JSON.stringify(tall)}`);
    // A row is at most three lines: 68 of them are a list one scrolls, not a wall.
    const rowBox = await phoneRow.boundingBox();
    assert.ok(rowBox.height <= 120, `a row is ${rowBox.height} px tall`);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    await saveShot(phone, { path: path.join(SHOTS, 'hall-off-board-phone.png') });
    await axe(phone, 'the list on a phone');
    await phoneRow.getByRole('button', { name: 'Result 0-1 on board 12' }).click();
    const phoneDialog = phone.getByRole('alertdialog', { name: `Board 12: ${name(82)} – ${name(12)}` });
    await phoneDialog.waitFor();
    const box = await phoneDialog.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the dialog fits the phone: ${JSON.stringify(box)}`);
    await saveShot(phone, { path: path.join(SHOTS, 'hall-off-board-phone-dialog.png') });
    await phoneDialog.getByRole('button', { name: 'Record 0-1' }).click();
    await until('0-1 on board 12', async () => (await game(12)).result === '0-1');
    await until('the phone shows it', async () => (await phoneRow.locator('.game-result').textContent()) === '0-1');
    assert.equal(phone.lastError, undefined);
  } finally {
    await browser.close();
    await hall.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
