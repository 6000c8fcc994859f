// The arbiter's list of detected boards on the hall page, against the real bridge (`--hall`)
// in headless Chromium: two DGT boards answer on real pseudo-terminals the hall file lists in
// `[event] ports`, while the file's own boards (named by serial numbers no board here has) are
// absent. The arbiter opens "Detected boards", reads each one's port, family and serial number,
// assigns one to board 1 from the list (the bridge then reads it as board 1), and a refusal
// (the token changed meanwhile) is said beside the control, in the page's language. At a
// desktop's size and a phone's, with axe. Every wait waits for a state, never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { launch, freshPage, BRIDGE, SERVED, axe, saveShot } from './harness.mjs';
import { fakeBoard } from './fake-dgt-board.mjs';
import { until } from './hall-harness.mjs';

const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();

async function freePort() {
  const srv = net.createServer();
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** The hall of `toml` in `dir`; resolves with its address, its printed token and a stop. */
async function startHall(dir, toml, extra = []) {
  fs.writeFileSync(path.join(dir, 'hall.toml'), toml);
  const port = await freePort();
  const child = spawn(BRIDGE, ['--hall', path.join(dir, 'hall.toml'), '--listen', `127.0.0.1:${port}`, '--www', SERVED, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const token = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the hall did not start: ${out}`)), 30_000);
    const look = (chunk) => {
      out += chunk;
      const m = /arbiter token: ([0-9a-f]+)/.exec(out);
      if (m && out.includes('hall of')) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => reject(new Error(`the hall exited (${code}): ${out}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    token,
    json: async () => (await fetch(`${url}/hall.json`)).json(),
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }),
  };
}

const row = (page, serial) => page.locator(`#detected li[data-serial="${serial}"]`);

/** The page holds no wider than its window (nothing to scroll sideways). */
async function noSideScroll(page, what) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `${what}: the page is ${scroll} px wide in a ${client} px window`);
}

test('hall detected boards: listed with port, family and serial number, one assigned to board 1 from the list, a refusal said beside its control', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-detected-'));
  const ttyA = path.join(dir, 'tty-a');
  const ttyB = path.join(dir, 'tty-b');
  const ttyM = path.join(dir, 'tty-m');
  const fakes = [await fakeBoard(dir, ttyA, '41234'), await fakeBoard(dir, ttyB, '52345'), await fakeBoard(dir, ttyM, 'millennium')];
  const hall = await startHall(dir, `[event]
name = "Springfield Club Championship"
round = 3
edition = "2023"
time_control = "90+30"
ports = [${JSON.stringify(ttyA)}, ${JSON.stringify(ttyB)}, ${JSON.stringify(ttyM)}]

[[board]]
number = 1
white = "Rossi, Anna"
black = "Neri, Bruno"
serial = "99999"

[[board]]
number = 2
white = "Verdi, Carla"
black = "Bianchi, Dario"
serial = "88888"
`);
  const board = async (n) => (await hall.json()).boards.find((b) => b.number === n);
  const browser = await launch();
  try {
    const page = await freshPage(browser, { width: 1280, height: 900 });
    await page.goto(`${hall.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 2);
    // Nobody's without the token.
    assert.equal(await page.locator('#detected-section').isVisible(), false, 'no list without the token');
    await page.fill('#token', hall.token);
    await page.click('#token-save');
    await page.click('#detected > summary');
    // Both boards found on their ports (the bridge scans every second: look again until then).
    const millennium = page.locator(`#detected li[data-port="${ttyM}"]`);
    await until('the three boards are listed', async () => {
      if (await row(page, '41234').count() && await row(page, '52345').count() && await millennium.count()) return true;
      await page.click('#detected-again');
      return false;
    });
    const a = row(page, '41234');
    assert.equal(await a.locator('[data-field="port"] dd').textContent(), ttyA);
    assert.equal(await a.locator('[data-field="family"] dd').textContent(), 'DGT');
    assert.equal(await a.locator('[data-field="serial"] dd').textContent(), '41234');
    assert.equal(await a.locator('[data-field="board"] dd').textContent(), 'no board');
    assert.equal((await board(1)).connected, false, "the file's board 1 is absent");
    // The Millennium board: its family as recognised, no serial number made up, and no Assign
    // (the hall looks for a board by its serial number) but how to name it instead.
    assert.equal(await millennium.locator('[data-field="family"] dd').textContent(), 'Millennium');
    assert.equal(await millennium.locator('[data-field="serial"] dd').textContent(), 'none (its family tells none)');
    assert.equal(await millennium.getByRole('button').count(), 0, 'nothing to assign it by');
    assert.match(await millennium.locator('p.assign').textContent(), /tells no serial number/);
    // The choice names the hall's boards and their players.
    const select = a.getByRole('combobox', { name: 'Board of the hall for the board with serial number 41234' });
    assert.deepEqual(await select.locator('option').allTextContents(),
      ['Board 1: Rossi, Anna – Neri, Bruno', 'Board 2: Verdi, Carla – Bianchi, Dario']);
    await axe(page, 'the detected boards listed');
    await saveShot(page, { path: path.join(SHOTS, 'hall-detected-desktop-list.png') });

    // ---- Board 41234 assigned to board 1: said above the list; board 1 is read from its port.
    await select.selectOption('1');
    await a.getByRole('button', { name: 'Assign the board with serial number 41234 to the board chosen' }).click();
    await page.waitForFunction(() => /serial number 41234 is now board 1/.test(document.querySelector('#detected-said').textContent));
    assert.equal(await page.locator('#detected-said').getAttribute('data-error'), null);
    assert.equal((await board(1)).serial, '41234');
    await until('board 1 is read from the board assigned', async () => (await board(1)).connected === true);
    await page.waitForSelector('article[data-board="1"] [data-connected="true"]');
    // Linked, its port is busy, yet scans later it is still listed, as board 1's, on its port;
    // the other still free, to assign.
    await new Promise((r) => setTimeout(r, 2500));
    await until('board 41234 is listed as board 1\'s after the scans that followed its link', async () => {
      await page.click('#detected-again');
      return (await a.count()) > 0 && (await a.locator('[data-field="board"] dd').textContent()) === 'Board 1';
    });
    assert.equal(await a.locator('[data-field="port"] dd').textContent(), ttyA);
    assert.equal(await a.locator('[data-field="family"] dd').textContent(), 'DGT');
    assert.equal(await row(page, '52345').locator('[data-field="board"] dd').textContent(), 'no board');
    await saveShot(page, { path: path.join(SHOTS, 'hall-detected-desktop-assigned.png') });

    // ---- A refusal beside its control, in the page's language: the token changed elsewhere.
    const rotated = await fetch(`${hall.url}/hall/token`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${hall.token}` }, body: '{}',
    });
    assert.equal(rotated.status, 200);
    const fresh = (await rotated.json()).token;
    await page.selectOption('#lang', 'de');
    const b = row(page, '52345');
    await b.getByRole('button', { name: 'Das Brett mit der Seriennummer 52345 dem gewählten Brett zuordnen' }).click();
    const beside = b.locator('.answer[role="status"]');
    await until('the refusal is said beside the control', async () => (await beside.getAttribute('data-error')) === '');
    const refusal = await beside.textContent();
    assert.match(refusal, /^Abgelehnt/, refusal);
    assert.equal(await page.locator('#detected-said').getAttribute('data-error'), null, 'said once, beside the control');
    assert.match(await page.locator('#detected-said').textContent(), /Seriennummer 41234 ist jetzt Brett 1/, 'the assignment said in German too');
    assert.equal((await board(2)).serial, '88888', 'board 2 keeps its board');
    await axe(page, 'a refusal beside its control, in German');
    await saveShot(page, { path: path.join(SHOTS, 'hall-detected-desktop-refused-de.png') });

    // ---- On a phone: the list, its choice and its button within the window.
    const phone = await freshPage(browser, { width: 390, height: 844 });
    await phone.goto(`${hall.url}/`);
    await phone.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 2);
    await phone.fill('#token', fresh);
    await phone.click('#token-save');
    await phone.click('#detected > summary');
    await until('board 52345 is listed on the phone', async () => (await row(phone, '52345').count()) > 0);
    // Board 41234 asked for board 2 while it is board 1's: the bridge's refusal names board 1,
    // said by its message id in the page's words.
    const taken = row(phone, '41234');
    await taken.getByRole('combobox').selectOption('2');
    await taken.getByRole('button').click();
    const takenAnswer = taken.locator('.answer[role="status"]');
    await until('the refusal is said beside its control', async () => (await takenAnswer.getAttribute('data-error')) === '');
    const takenText = await takenAnswer.textContent();
    assert.match(takenText, /41234 (is board 1’s|gehört zu Brett 1)/, takenText);
    assert.equal((await board(2)).serial, '88888', 'board 2 keeps its board');
    await noSideScroll(phone, 'the detected boards on a phone');
    await axe(phone, 'the detected boards on a phone');
    await saveShot(phone.locator('#detected'), { path: path.join(SHOTS, 'hall-detected-phone.png') });
    await saveShot(phone, { path: path.join(SHOTS, 'hall-detected-phone-page.png') });
  } finally {
    await browser.close();
    await hall.stop();
    for (const f of fakes) f.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('hall card: each board says whether it is connected, and the batteries its board and clock report, in the page\'s words and to LiveChess\'s clients', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-battery-'));
  const tty = path.join(dir, 'tty-a');
  const fake = await fakeBoard(dir, tty, '41234', { battery: true });
  const livechess = await freePort();
  const hall = await startHall(dir, `[event]
name = "Springfield Club Championship"
round = 3
edition = "2023"
time_control = "90+30"

[[board]]
number = 1
white = "Rossi, Anna"
black = "Neri, Bruno"
port = ${JSON.stringify(tty)}

[[board]]
number = 2
white = "Verdi, Carla"
black = "Bianchi, Dario"
port = ${JSON.stringify(path.join(dir, 'tty-absent'))}
`, ['--livechess', `127.0.0.1:${livechess}`]);
  const browser = await launch();
  try {
    const page = await freshPage(browser, { width: 1280, height: 900 });
    await page.goto(`${hall.url}/`);
    const card = (n) => page.locator(`article[data-board="${n}"]`);
    await page.waitForSelector('article[data-board="1"] [data-connected="true"]');
    await page.waitForSelector('article[data-board="1"] [data-clock-battery="low"]');
    const one = card(1).locator('h2');
    assert.equal(await one.locator('[data-connected]').textContent(), 'connected');
    assert.equal(await one.locator('[data-battery]').textContent(), 'battery 64%');
    assert.equal(await one.locator('[data-battery]').getAttribute('title'), "The board's battery: 64%");
    assert.equal(await one.locator('[data-clock-battery]').textContent(), 'clock battery low');
    // Board 2 is not there: said so, and no battery is made up for it.
    const two = card(2).locator('h2');
    assert.equal(await two.locator('[data-connected]').textContent(), 'The board is not connected');
    assert.equal(await two.locator('.battery').count(), 0);
    await axe(page, 'the cards with their connection and batteries');
    await saveShot(page, { path: path.join(SHOTS, 'hall-battery-desktop.png') });
    // Another language: every word of it at once.
    await page.selectOption('#lang', 'fr');
    await page.waitForFunction(() => document.querySelector('article[data-board="1"] [data-battery]')?.textContent === 'batterie 64 %');
    assert.equal(await one.locator('[data-connected]').textContent(), 'connecté');
    assert.equal(await one.locator('[data-clock-battery]').textContent(), 'pile de la pendule faible');
    assert.equal(await two.locator('[data-connected]').textContent(), "L'échiquier n'est pas connecté");

    // LiveChess's clients read the board's charge in its board list; nothing for board 2.
    const eboards = await (await fetch(`http://127.0.0.1:${livechess}/api/v1.0/eboards`)).json();
    assert.equal(eboards.length, 2, JSON.stringify(eboards));
    assert.equal(eboards[0].state, 'ACTIVE');
    assert.equal(eboards[0].battery, '64%');
    assert.equal(eboards[1].state, 'INACTIVE');
    assert.equal(eboards[1].battery, null);

    const phone = await freshPage(browser, { width: 390, height: 844 });
    await phone.goto(`${hall.url}/`);
    await phone.waitForSelector('article[data-board="1"] [data-clock-battery="low"]');
    assert.equal(await phone.locator('article[data-board="1"] [data-battery]').textContent(), 'battery 64%');
    await noSideScroll(phone, 'the cards with batteries on a phone');
    await saveShot(phone, { path: path.join(SHOTS, 'hall-battery-phone.png') });
  } finally {
    await browser.close();
    await hall.stop();
    fake.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
