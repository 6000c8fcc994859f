// The seats' links on the hall page, against the real bridge (`--hall` with simulated boards)
// in headless Chromium: the arbiter sees each seat's QR code beside its link, drawn by the
// bridge and fetched with his token; a spectator's page has none and the bridge refuses him
// the code; a key reissued draws a new code. And a sealed move asked with no passphrase: the
// bridge makes one, shown to the arbiter once. Every wait waits for a state, never a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, freshPage, BRIDGE, axe, saveShot } from './harness.mjs';
import { startHall, until } from './hall-harness.mjs';

const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();

const EMPTY = '[Event "e2e"]\n[Result "*"]\n\n*\n';
// Board 2's knights go out and back: its game is under way, a move can be sealed.
const CYCLE = `[Event "e2e"]\n[Result "*"]\n\n${Array.from({ length: 30 }, (_, i) =>
  `${4 * i + 1}. Nf3 Nf6 ${4 * i + 2}. Nc3 Nc6 ${4 * i + 3}. Ng1 Ng8 ${4 * i + 4}. Nb1 Nb8`).join(' ')} *\n`;

const card = (page, n) => page.locator(`article[data-board="${n}"]`);

/** The SVG an image on `page` shows (its object URL read back in the page). */
const shownSvg = (page, img) => img.evaluate(async (el) => (await fetch(el.src)).text());

test('hall seats: QR codes for the arbiter alone, a new one for a reissued key; a passphrase made for him, shown once', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-seats-'));
  fs.writeFileSync(path.join(dir, 'empty.pgn'), EMPTY);
  fs.writeFileSync(path.join(dir, 'cycle.pgn'), CYCLE);
  const hall = await startHall(dir, [['Rossi, Anna', 'Neri, Bruno', 'empty.pgn'], ['Verdi, Carla', 'Bianchi, Dario', 'cycle.pgn']]);
  const qrUrl = `${hall.url}/hall/seats/qr?board=1&seat=white`;
  const browser = await launch();
  try {
    // ---- A spectator: no code on the page, and the bridge refuses him one.
    const spectator = await freshPage(browser, { width: 1280, height: 900 });
    await spectator.goto(`${hall.url}/`);
    await spectator.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 2);
    assert.equal(await spectator.locator('img.qr').count(), 0);
    const asSpectator = await spectator.evaluate(async (u) => (await fetch(u)).status, '/hall/seats/qr?board=1&seat=white');
    assert.equal(asSpectator, 403, "a spectator's page is refused the code");
    for (const headers of [{}, { Authorization: 'Bearer 00000000000000000000000000000000' }]) {
      const r = await fetch(qrUrl, { headers });
      assert.equal(r.status, 403, `refused with ${JSON.stringify(headers)}`);
      assert.doesNotMatch(await r.text(), /<svg/);
    }

    // ---- The arbiter: each seat's code beside its link, the bridge's own drawing.
    const page = await freshPage(browser, { width: 1280, height: 900 });
    await page.goto(`${hall.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 2);
    await page.fill('#token', hall.token);
    await page.click('#token-save');
    const panel = card(page, 1).locator('details.act');
    await panel.locator('summary').click();
    const white = panel.locator('.seat[data-seat="white"]');
    const img = white.locator('img.qr');
    await page.waitForFunction(() => [...document.querySelectorAll('article[data-board="1"] img.qr')]
      .filter((i) => i.complete && i.naturalWidth > 0).length === 3);
    assert.equal(await img.getAttribute('alt'), "QR code of White's screen: a phone that scans it opens the seat");
    const link = await white.locator('a[data-seat="white"]').getAttribute('href');
    assert.match(link, /^\/board\/1\?seat=white&key=[0-9a-f]{32}$/);
    const direct = await fetch(qrUrl, { headers: { Authorization: `Bearer ${hall.token}` } });
    assert.equal(direct.status, 200);
    assert.equal(direct.headers.get('content-type'), 'image/svg+xml');
    assert.equal(direct.headers.get('cache-control'), 'no-store');
    const before = await direct.text();
    assert.match(before, /^<\?xml[\s\S]*<svg[\s\S]*<\/svg>$/);
    assert.equal(await shownSvg(page, img), before, 'the page shows the bridge\'s code');
    const others = await Promise.all(['black', 'assistant'].map((s) => shownSvg(page, panel.locator(`img.qr[data-qr="${s}"]`))));
    assert.ok(others.every((svg) => svg !== before), 'each seat has its own code');
    // Each code fits beside its link on the desk, and the page stays as wide as the screen.
    // (measured once the panel stands: the seats' links coming redraw it)
    let box = null;
    await until('the code is laid out', async () => { box = await img.boundingBox(); return !!box; });
    assert.ok(box.width >= 90 && box.width <= 130, `the code is ${box.width} px`);
    await axe(page, 'the seats with their QR codes');
    await white.scrollIntoViewIfNeeded();
    await saveShot(page, { path: path.join(SHOTS, 'hall-seats-desktop.png') });

    // ---- A new key: a new link and a new code, the old one's gone.
    const oldSrc = await img.getAttribute('src');
    await white.locator('button[data-reissue="white"]').click();
    await until('the new link is shown', async () => (await white.locator('a[data-seat="white"]').getAttribute('href')) !== link);
    const fresh = white.locator('img.qr');
    await until('the new code is shown', async () => {
      const src = await fresh.getAttribute('src');
      return src && src !== oldSrc;
    });
    const after = await shownSvg(page, fresh);
    assert.notEqual(after, before, 'a reissued key draws a new code');
    assert.equal(after, await (await fetch(qrUrl, { headers: { Authorization: `Bearer ${hall.token}` } })).text());

    // ---- The seal with no passphrase: the bridge makes one, shown once.
    await until('board 2 has a move', async () => (await hall.json()).boards.find((b) => b.number === 2).plies >= 1);
    const panel2 = card(page, 2).locator('details.act');
    await panel2.locator('summary').click();
    await panel2.locator('[data-control="seal"]').click();
    const ask = page.getByRole('alertdialog', { name: 'Board 2: Verdi, Carla – Bianchi, Dario' });
    await ask.waitFor();
    assert.match(await ask.textContent(), /Leave it blank and the bridge makes one for you/);
    await ask.getByRole('button', { name: 'Ask for the sealed move' }).click();
    const made = page.getByRole('alertdialog', { name: 'Board 2: the passphrase of the envelope' });
    await made.waitFor();
    const passphrase = await made.locator('.passphrase').textContent();
    assert.match(passphrase, /^[a-z2-9_]{5}-[a-z2-9_]{5}-[a-z2-9_]{5}$/);
    await axe(page, 'the passphrase made, shown once');
    await saveShot(page, { path: path.join(SHOTS, 'hall-seats-desktop-passphrase.png') });
    await made.getByRole('button', { name: 'Written down' }).click();
    await made.waitFor({ state: 'detached' });
    // Not kept on the page once closed (the dialog goes as its close event comes).
    await page.waitForFunction(() => !document.querySelector('dialog .passphrase'));
    assert.doesNotMatch(await (await fetch(`${hall.url}/hall.json`)).text(), new RegExp(passphrase));
    assert.doesNotMatch(await (await fetch(`${hall.url}/board/2/events.jsonl`)).text(), new RegExp(passphrase));
    assert.equal(page.lastError, undefined);

    // ---- A phone: the codes wrap within the card, the page no wider than the screen.
    const phone = await freshPage(browser, { width: 390, height: 844, touch: true });
    await phone.goto(`${hall.url}/`);
    await phone.fill('#token', hall.token);
    await phone.click('#token-save');
    const phonePanel = card(phone, 1).locator('details.act');
    await phonePanel.locator('summary').click();
    await phone.waitForFunction(() => [...document.querySelectorAll('article[data-board="1"] img.qr')]
      .filter((i) => i.complete && i.naturalWidth > 0).length === 3);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    await phonePanel.locator('.seats').scrollIntoViewIfNeeded();
    await saveShot(phone, { path: path.join(SHOTS, 'hall-seats-phone.png') });
    assert.equal(phone.lastError, undefined);
  } finally {
    await browser.close();
    await hall.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
