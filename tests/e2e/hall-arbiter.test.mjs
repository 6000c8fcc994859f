// The arbiter's journey through a round on the hall page, against the real bridge (`--hall`
// with simulated boards) in headless Chromium: the round started, a sealed move asked for,
// resumed and opened (every step from the page), a clock corrected with the other left as the
// game has it, a result asked first, entered and undone. Every wait waits for a state, never
// for a time: the machine may be loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, freshPage, BRIDGE, axe, saveShot } from './harness.mjs';
import { startHall, until } from './hall-harness.mjs';

const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();

// Board 1 has no moves of its own: nothing moves on it but what the arbiter does. Board 2's
// four knights go out and back in eight plies, so whatever move is sealed, its pieces stand back
// where they stood eight plies later (App. A5 / Guidelines I.5) while the simulated hands go on;
// no position comes a fifth time (2023 Art. 9.6.1) before the seal.
const EMPTY = '[Event "e2e"]\n[Result "*"]\n\n*\n';
const CYCLE = `[Event "e2e"]\n[Result "*"]\n\n${Array.from({ length: 30 }, (_, i) =>
  `${4 * i + 1}. Nf3 Nf6 ${4 * i + 2}. Nc3 Nc6 ${4 * i + 3}. Ng1 Ng8 ${4 * i + 4}. Nb1 Nb8`).join(' ')} *\n`;

const card = (page, n) => page.locator(`article[data-board="${n}"]`);

test('hall arbiter: the round started, a seal resumed and opened, a clock corrected alone, a result asked, entered and undone', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-arbiter-'));
  fs.writeFileSync(path.join(dir, 'empty.pgn'), EMPTY);
  fs.writeFileSync(path.join(dir, 'cycle.pgn'), CYCLE);
  // The event gives its players 15 minutes to arrive (2023 Art. 6.7.1): with none, a player
  // not yet marked present when the game resumes loses at once.
  const hall = await startHall(dir, [['Rossi, Anna', 'Neri, Bruno', 'empty.pgn'], ['Verdi, Carla', 'Bianchi, Dario', 'cycle.pgn']],
    { defaultTime: 15 });
  const board = async (n) => (await hall.json()).boards.find((b) => b.number === n);
  const browser = await launch();
  try {
    const page = await freshPage(browser, { width: 1280, height: 900 });
    await page.goto(`${hall.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 2);
    // No token: no round to start, no controls.
    assert.equal(await page.locator('#start-round').isVisible(), false);
    await page.fill('#token', hall.token);
    await page.click('#token-save');

    // ---- Start the round: board 1, which waited, starts; White's clock runs.
    assert.equal((await board(1)).started, false);
    await page.click('#start-round');
    await page.waitForFunction(() => /Round started/.test(document.querySelector('#round-answer').textContent));
    await until('board 1 is started', async () => (await board(1)).started);
    await page.waitForSelector('article[data-board="1"] [data-clock="white"][data-running]');
    await card(page, 1).locator('details.act summary').click();
    assert.equal(await card(page, 1).locator('[data-control="start"]').isVisible(), false, 'a started game offers no start');
    assert.equal(await card(page, 1).locator('[data-control="stop"]').isVisible(), true);

    // ---- The seal on board 2, as soon as its game is under way (the knights repeat).
    await until('board 2 has a move', async () => (await board(2)).plies >= 1);
    const panel2 = card(page, 2).locator('details.act');
    await panel2.locator('summary').click();
    await panel2.locator('[data-control="seal"]').click();
    const sealDialog = page.getByRole('alertdialog', { name: 'Board 2: Verdi, Carla – Bianchi, Dario' });
    await sealDialog.waitFor();
    const sealText = await sealDialog.textContent();
    // A 2023 event's seal rests on Guidelines I.1.1, never on 2005's App. A1.
    assert.match(sealText, /2023 Guidelines I\.1\.1/);
    assert.doesNotMatch(sealText, /App\. A1/);
    assert.match(sealText, /(White|Black) is on move/);
    await sealDialog.getByLabel('Passphrase of the envelope').fill('hall secret');
    await sealDialog.getByRole('button', { name: 'Ask for the sealed move' }).click();
    await sealDialog.waitFor({ state: 'detached' });
    // The card says "adjourned" once the move is in the envelope.
    await page.waitForSelector('article[data-board="2"] .adjourned[data-adjourned="sealed"]', { timeout: 60_000 }).catch(async (e) => {
      const b2 = await board(2);
      delete b2.sans;
      throw new Error(`${e.message}\nboard 2: ${JSON.stringify(b2)}\nanswer: ${await panel2.locator('.answer').textContent()}`);
    });
    assert.equal(await card(page, 2).locator('.adjourned').textContent(), 'Adjourned: the sealed move is in the envelope.');
    const sealedAt = (await board(2)).plies;

    // ---- Board 1's clocks: the fields follow the game, and only the one edited is sent.
    const panel1 = card(page, 1).locator('details.act');
    const whiteField = panel1.locator('input[data-field="white"]');
    const blackField = panel1.locator('input[data-field="black"]');
    assert.equal(await blackField.inputValue(), '1:30:00');
    // Black's clock changes after the panel opened (a minute given to him, Art. 12.9).
    assert.equal((await hall.arbiter(1, { event: { type: 'arbiter', decision: { kind: 'add_time', player: 'black', ms: 60_000 } } })).status, 200);
    await until("the page's Black field follows the game", async () => (await blackField.inputValue()) === '1:31:00');
    // White's field follows his running clock.
    await until("the page's White field runs", async () => (await whiteField.inputValue()) !== '1:30:00');
    await whiteField.fill('1:00:00');
    assert.equal(await whiteField.getAttribute('data-edited'), '', 'the field typed in is marked');
    assert.equal(await blackField.getAttribute('data-edited'), null);
    await saveShot(page, { path: path.join(SHOTS, 'hall-arbiter-desktop-edited.png') });
    await panel1.locator('button', { hasText: /^Set$/ }).click();
    const clockDialog = page.getByRole('alertdialog', { name: 'Board 1: Rossi, Anna – Neri, Bruno' });
    await clockDialog.waitFor();
    const clockText = await clockDialog.textContent();
    assert.match(clockText, /White: 1:\d\d:\d\d → 1:00:00/);
    assert.match(clockText, /Black: left as it runs \(1:31:00\)/);
    assert.match(clockText, /2023 Art\. 6\.10\.2/);
    await axe(page, 'the clock change asked first');
    await saveShot(page, { path: path.join(SHOTS, 'hall-arbiter-desktop-clock-dialog.png') });
    await clockDialog.getByRole('button', { name: 'Set the clocks' }).click();
    await until('the clocks are set', async () => (await board(1)).clock.white_ms <= 3_600_000);
    const set = await board(1);
    assert.equal(set.clock.black_ms, 5_460_000, "Black's clock is the game's, not the page's old value");
    assert.ok(set.clock.white_ms > 3_500_000, `White's clock: ${set.clock.white_ms}`);
    await until('the mark is cleared', async () => (await whiteField.getAttribute('data-edited')) === null);
    const log = await (await fetch(`${hall.url}/board/1/events.jsonl`)).text();
    assert.match(log, /"set_clock","white":3600000,"black":5460000/);

    // ---- A result asks first; cancelled, nothing happens.
    await panel1.locator('button[data-record="0-1"]').click();
    const resultDialog = page.getByRole('alertdialog', { name: 'Board 1: Rossi, Anna – Neri, Bruno' });
    await resultDialog.waitFor();
    assert.match(await resultDialog.textContent(), /Record 0-1\? The game ends now/);
    assert.match(await resultDialog.textContent(), /2023 Art\. 8\.7/);
    // The safe answer has the focus.
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Cancel');
    await page.keyboard.press('Enter');
    await resultDialog.waitFor({ state: 'detached' });
    assert.equal((await board(1)).result, null);
    // Confirmed: the game ends 0-1, on the card and in the round.
    await panel1.locator('button[data-record="0-1"]').click();
    await resultDialog.getByRole('button', { name: 'Record 0-1' }).click();
    await page.waitForSelector('article[data-board="1"] [data-result="0-1"]');
    assert.match(await (await fetch(`${hall.url}/round.pgn`)).text(), /\[Round "3\.1"\][\s\S]*?\[Result "0-1"\]/);
    // Undone: the game goes on, White's clock running again.
    const undo = panel1.locator('[data-control="undo"]');
    await undo.waitFor();
    assert.equal(await undo.textContent(), 'Undo the result 0-1');
    await saveShot(page, { path: path.join(SHOTS, 'hall-arbiter-desktop-undo.png') });
    await undo.click();
    const undoDialog = page.getByRole('alertdialog', { name: 'Board 1: Rossi, Anna – Neri, Bruno' });
    await undoDialog.getByRole('button', { name: 'Undo the result 0-1' }).click();
    await until('the result is undone', async () => (await board(1)).result === null);
    await page.waitForSelector('article[data-board="1"] [data-clock="white"][data-running]');
    assert.equal(await card(page, 1).locator('[data-result]').count(), 0);
    assert.match(await (await fetch(`${hall.url}/round.pgn`)).text(), /\[Round "3\.1"\][\s\S]*?\[Result "\*"\]/);
    await until('nothing left to undo', async () => !(await undo.isVisible()));

    // ---- Board 2's resumption, from the page: resume, both present, the envelope opened.
    await panel2.locator('[data-control="resume"]').click();
    await page.waitForSelector('article[data-board="2"] .adjourned[data-adjourned="resumed"]');
    assert.match(await card(page, 2).locator('.adjourned').textContent(), /present: nobody yet/);
    await panel2.locator('[data-control="arrive-white"]').click();
    await until('White is present', async () => (await board(2)).adjourned?.arrived?.white);
    await panel2.locator('[data-control="arrive-black"]').click();
    await until('Black is present', async () => (await board(2)).adjourned?.arrived?.black);
    await saveShot(page, { path: path.join(SHOTS, 'hall-arbiter-desktop-resumed.png') });
    // The envelope opens once the knights stand back (the simulated hands go on): asked
    // again while the board says the pieces are not back.
    let lastAnswer = '';
    await until(() => `the envelope is opened (last answer: ${lastAnswer}; sealed at ply ${sealedAt})`, async () => {
      await panel2.locator('[data-control="open"]').click();
      const open = page.getByRole('alertdialog', { name: 'Board 2: Verdi, Carla – Bianchi, Dario' });
      await open.waitFor();
      assert.match(await open.textContent(), /2023 Guidelines I\.7/);
      await open.getByLabel('Passphrase of the envelope').fill('hall secret');
      await open.getByRole('button', { name: 'Open the envelope' }).click();
      await open.waitFor({ state: 'detached' });
      await until('the bridge answers', async () => !!(await panel2.locator('.answer').getAttribute('data-status')));
      const status = await panel2.locator('.answer').getAttribute('data-status');
      await panel2.locator('.answer').evaluate((el) => delete el.dataset.status);
      lastAnswer = await panel2.locator('.answer').textContent();
      if (status !== '200') await new Promise((r) => setTimeout(r, 300));
      return status === '200';
    }, 90_000);
    // The sealed move is played (the simulated hands go on: on a loaded machine the next move
    // may come before the hall is asked again).
    await until('the sealed move is played', async () => (await board(2)).plies >= sealedAt + 1);
    await page.waitForFunction(() => !document.querySelector('article[data-board="2"] .adjourned'));

    // ---- A new token, asked first: the old one is refused from then on, the new one works.
    await page.click('#rotate-token');
    const rotate = page.getByRole('alertdialog', { name: 'A new arbiter token' });
    await rotate.getByRole('button', { name: 'Make a new token' }).click();
    await page.waitForFunction(() => /^The new token: [0-9a-f]{32}\./.test(document.querySelector('#round-answer').textContent));
    const fresh = /token: ([0-9a-f]{32})/.exec(await page.locator('#round-answer').textContent())[1];
    assert.notEqual(fresh, hall.token);
    assert.equal((await hall.arbiter(1, { dismiss: true })).status, 403, 'the old token no longer works');
    hall.token = fresh;
    assert.equal((await hall.arbiter(1, { dismiss: true })).status, 200);
    assert.equal(page.lastError, undefined);

    // ---- A phone: the panel and a dialog fit.
    const phone = await freshPage(browser, { width: 390, height: 844, touch: true });
    await phone.goto(`${hall.url}/`);
    await phone.fill('#token', hall.token);
    // (the token made on the desk above)
    await phone.click('#token-save');
    const phonePanel = card(phone, 1).locator('details.act');
    await phonePanel.locator('summary').click();
    // The draw's button reads as a draw is written: ½-½, both halves.
    const draw = phonePanel.locator('button[data-record="1/2-1/2"]');
    assert.equal(await draw.textContent(), '½-½');
    assert.equal(await draw.getAttribute('aria-label'), 'Result ½-½');
    await phonePanel.locator('button[data-record="1-0"]').click();
    const phoneDialog = phone.getByRole('alertdialog', { name: 'Board 1: Rossi, Anna – Neri, Bruno' });
    await phoneDialog.waitFor();
    const box = await phoneDialog.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the dialog fits the phone: ${JSON.stringify(box)}`);
    await saveShot(phone, { path: path.join(SHOTS, 'hall-arbiter-phone-dialog.png') });
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    await saveShot(phone, { path: path.join(SHOTS, 'hall-arbiter-phone-panel.png'), fullPage: true });
    assert.equal((await board(1)).result, null, 'cancelled on the phone: no result');
    assert.equal(phone.lastError, undefined);
  } finally {
    await browser.close();
    await hall.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
