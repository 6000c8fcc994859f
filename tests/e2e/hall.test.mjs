// The hall page against the real bridge: `board-bridge --hall` with three simulated boards,
// served to headless Chromium. The page shows every board (names, clocks, pieces), a move
// made on a simulated board reaches it, it fits a phone, each board opens its own live page,
// and the arbiter acts from it with the token the bridge printed, and only with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { launch, freshPage, BRIDGE, SERVED, axe } from './harness.mjs';

const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const MOVES = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6';

async function freePort() {
  const srv = net.createServer();
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** Starts the hall of three simulated boards; resolves with its address and the printed token. */
async function startHall(dir) {
  fs.writeFileSync(path.join(dir, 'g.pgn'), `[Event "e2e"]\n[Result "*"]\n\n${MOVES} *\n`);
  const boards = [
    ['Rossi, Anna', 'Neri, Bruno'],
    ['Verdi, Carla', 'Bianchi, Dario'],
    ['Gialli, Elena', 'Blu, Fabio'],
  ].map(([w, b], i) => `[[board]]\nnumber = ${i + 1}\nwhite = "${w}"\nblack = "${b}"\nsimulate = "g.pgn"\n`);
  fs.writeFileSync(path.join(dir, 'hall.toml'), `[event]
name = "Springfield Club Championship"
site = "Springfield"
date = "2026.12.05"
round = 3
edition = "2023"
time_control = "90+30"

${boards.join('\n')}`);
  const port = await freePort();
  const child = spawn(BRIDGE, ['--hall', path.join(dir, 'hall.toml'), '--listen', `127.0.0.1:${port}`, '--www', SERVED], {
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
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }),
  };
}

const card = (page, n) => page.locator(`article[data-board="${n}"]`);

test('hall page: every board live, a move reaches it, the phone size, the board pages, the arbiter with the token', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-'));
  const hall = await startHall(dir);
  const browser = await launch();
  try {
    const page = await freshPage(browser, { width: 1280, height: 860 });
    await page.goto(`${hall.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 3);
    assert.equal(await page.locator('#event').textContent(), 'Springfield Club Championship');
    assert.match(await card(page, 2).textContent(), /Verdi, Carla.*Bianchi, Dario|Bianchi, Dario.*Verdi, Carla/s);
    // 90 minutes in h:mm:ss, less what has run since the simulated board began (seconds on a
    // loaded machine), or plus an increment.
    assert.match(await card(page, 1).locator('[data-clock="white"]').textContent(), /^1:(2\d|30):\d\d$/);
    assert.equal(await card(page, 3).locator('a').first().getAttribute('href'), '/board/3');

    // A move on simulated board 1 reaches the page: the pawn stands on e4 (the 37th square from
    // the top left, rank 4 file e) and the move line names it.
    await page.waitForFunction(() => Number(document.querySelector('article[data-board="1"]').dataset.plies) >= 1, null, { timeout: 60_000 });
    const e4 = card(page, 1).locator('.mini span').nth(4 * 8 + 4);
    assert.equal(await e4.textContent(), '♟');
    assert.match(await e4.getAttribute('class'), /\bw\b/);
    assert.match(await card(page, 1).locator('.line').textContent(), /1\. e4|e5|Nf3|Nc6|Bb5|a6|Ba4|Nf6/);
    // The clock of the side on move runs.
    await page.waitForFunction(() => document.querySelector('article[data-board="1"] [data-running]'));
    await axe(page, 'the hall with boards playing');
    await page.screenshot({ path: path.join(os.tmpdir(), 'arbiter-hall-desktop.png') });

    // Arbiter controls need the token: without it there are none, and a request is refused.
    assert.equal(await page.locator('details.act').count(), 0);
    const refused = await page.evaluate(async () => (await fetch('/board/2/arbiter', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"result":"0-1"}',
    })).status);
    assert.equal(refused, 403);
    await page.fill('#token', 'not-the-token');
    await page.click('#token-save');
    await card(page, 2).locator('details.act summary').click();
    await card(page, 2).locator('details.act button', { hasText: '0-1' }).click();
    await page.waitForFunction(() => /arbiter rights/.test(document.querySelector('article[data-board="2"] .answer').textContent));
    await page.fill('#token', hall.token);
    await page.click('#token-save');
    await card(page, 2).locator('details.act summary').click();
    await card(page, 2).locator('details.act button', { hasText: '0-1' }).click();
    await page.waitForSelector('article[data-board="2"] [data-result="0-1"]', { timeout: 10_000 });
    const round = await (await fetch(`${hall.url}/round.pgn`)).text();
    assert.match(round, /\[Round "3\.2"\][\s\S]*\[Result "0-1"\]/);
    assert.ok(!round.includes(hall.token));

    // A phone: the boards in one column, nothing wider than the screen.
    const phone = await freshPage(browser, { width: 390, height: 844, touch: true });
    await phone.goto(`${hall.url}/`);
    await phone.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 3);
    const widths = await phone.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      cards: [...document.querySelectorAll('article[data-board]')].map((c) => c.getBoundingClientRect().right),
    }));
    assert.ok(widths.page <= 390, `the page is ${widths.page} px wide`);
    for (const right of widths.cards) assert.ok(right <= 390);
    await phone.screenshot({ path: path.join(os.tmpdir(), 'arbiter-hall-phone.png'), fullPage: true });

    // Board 3's own page is the board in live mode, on that board's stream.
    await page.click('article[data-board="3"] a[href="/board/3"]');
    await page.waitForURL(`${hall.url}/board/3`);
    assert.equal(await page.locator('arbiter-board').getAttribute('live'), hall.url.replace('http', 'ws') + '/board/3/ws');
    await page.waitForFunction(() => document.querySelector('arbiter-board')?.state?.moves?.length >= 1, null, { timeout: 30_000 });
    const own = await page.evaluate(() => document.querySelector('arbiter-board').state.moves.map((m) => m.san));
    assert.equal(own[0], 'e4');
    assert.match(await page.locator('#event').textContent(), /board 3/);
    assert.equal(page.lastError, undefined);
    assert.equal(phone.lastError, undefined);
  } finally {
    await browser.close();
    await hall.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
