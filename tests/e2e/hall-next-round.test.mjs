// The next round from the hall page (issue 34), against the real bridge (`--hall` with
// simulated boards, the pairings from a TRF file) in headless Chromium: the arbiter asks for
// round 2 while a game is still being played and is told which board; once it is over, round 2
// begins and the hall's cards and an open board page show the new players without a reload.
// Every wait waits for a state, never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, freshPage, BRIDGE, ROOT, axe, saveShot } from './harness.mjs';
import { startHall, startStandIn, until } from './hall-harness.mjs';

const skip = !BRIDGE && 'ARBITER_BRIDGE does not name a board-bridge binary';
const SHOTS = process.env.ARBITER_SHOTS ?? os.tmpdir();

// Board 1 has no moves: its game waits. Board 2's knights go out and back: its game is under
// way from its first move.
const EMPTY = '[Event "e2e"]\n[Result "*"]\n\n*\n';
const CYCLE = `[Event "e2e"]\n[Result "*"]\n\n${Array.from({ length: 30 }, (_, i) =>
  `${4 * i + 1}. Nf3 Nf6 ${4 * i + 2}. Nc3 Nc6 ${4 * i + 3}. Ng1 Ng8 ${4 * i + 4}. Nb1 Nb8`).join(' ')} *\n`;

const card = (page, n) => page.locator(`article[data-board="${n}"]`);

test('hall next round: asked with its boards, refused while a game plays, then started from a TRF file picked in the dialog: the cards and a board page show round 2', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-next-'));
  fs.writeFileSync(path.join(dir, 'empty.pgn'), EMPTY);
  fs.writeFileSync(path.join(dir, 'cycle.pgn'), CYCLE);
  fs.copyFileSync(path.join(ROOT, 'board-bridge/tests/data/round.trf'), path.join(dir, 'round.trf'));
  // Round 1 broadcast to a stand-in for Lichess (the real service cannot be reached from here).
  const standIn = await startStandIn({ failing: false, refuseBoard2: false });
  fs.writeFileSync(path.join(dir, 'lichess.token'), 'lip_e2eStandIn0123\n');
  const hall = await startHall(dir, [[null, null, 'empty.pgn'], [null, null, 'cycle.pgn']], {
    round: 1,
    trf: 'round.trf',
    extra: ['--push-lichess', 'e2eRound1', '--token-file', path.join(dir, 'lichess.token'), '--push-url', standIn.url],
  });
  const browser = await launch();
  try {
    const page = await freshPage(browser, { width: 1280, height: 900 });
    await page.goto(`${hall.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('article[data-board]').length === 2);
    assert.match(await card(page, 1).getAttribute('aria-label'), /Rossi, Anna against Verdi, Carla/);
    // No token: no next round to start.
    assert.equal(await page.locator('#next-round').isVisible(), false);
    await page.fill('#token', hall.token);
    await page.click('#token-save');
    const boardPage = await freshPage(browser, { width: 900, height: 900 });
    await boardPage.goto(`${hall.url}/board/2`);
    await boardPage.waitForFunction(() => /Bianchi, Dario/.test(document.querySelector('#meta').textContent));
    // A page that reloads loses this.
    await page.evaluate(() => { window.sameHallPage = true; });
    await boardPage.evaluate(() => { window.sameBoardPage = true; });

    // ---- Asked while board 2 plays: the round and both boards named, then board 2 refused.
    await until('board 2 has a move', async () => (await hall.json()).boards[1].plies >= 1);
    await page.click('#next-round');
    const ask = page.getByRole('alertdialog', { name: 'Start round 2' });
    await ask.waitFor();
    assert.match(await ask.textContent(), /Round 1 ends and is archived.*Round 2 begins on boards 1, 2/s);
    await saveShot(page, { path: path.join(SHOTS, 'hall-next-round-ask.png') });
    await watchCards(boardPage);
    await ask.getByRole('button', { name: 'Start round 2' }).click();
    const playing = page.getByRole('alertdialog', { name: 'Start round 2' });
    await page.waitForFunction(() => document.querySelector('dialog[data-confirm="next_round_force"]'));
    assert.match(await playing.textContent(), /Still being played: board 2\./);
    await saveShot(page, { path: path.join(SHOTS, 'hall-next-round-playing.png') });
    await playing.getByRole('button', { name: 'Cancel' }).click();
    await playing.waitFor({ state: 'detached' });
    assert.equal((await hall.json()).event.round, 1, 'nothing changed');

    // ---- Board 2's game over, asked again: round 2 begins.
    assert.equal((await hall.arbiter(2, { result: '1/2-1/2' })).status, 200);
    const roundOne = await (await fetch(`${hall.url}/round.pgn`)).text();
    await page.click('#next-round');
    await ask.waitFor();
    // The pairing program saved round 2 elsewhere: the arbiter picks that file in the dialog.
    // Its round 2 pairs 1 (White) with 3 and 4 (White) with 2, where the hall's file pairs 2
    // with 1 and 3 with 4. The hall broadcasts: round 2 goes to the Lichess round named here.
    await ask.locator('#next-lichess').fill('e2eRound2');
    const own = fs.readFileSync(path.join(dir, 'round.trf'), 'utf8');
    const elsewhere = own.split('\n').map((line) => {
      const pairing = { 1: '3 w', 2: '4 b', 3: '1 b', 4: '2 w' }[Number(line.slice(4, 8))];
      return line.startsWith('001') && pairing ? `${line.slice(0, 101)}   ${pairing}  ` : line;
    }).join('\n');
    const picked = path.join(dir, 'saved-elsewhere.trf');
    fs.writeFileSync(picked, elsewhere);
    await ask.locator('#next-trf').setInputFiles(picked);
    await saveShot(page, { path: path.join(SHOTS, 'hall-next-round-trf.png') });
    await watchCards(boardPage);
    await ask.getByRole('button', { name: 'Start round 2' }).click();
    await page.waitForFunction(() => /Round 2 is set up/.test(document.querySelector('#round-answer').textContent));

    // The cards: round 2's pairings from the file picked, fresh games; the header says round 2.
    const labels = () => page.evaluate(() => [...document.querySelectorAll('article[data-board]')]
      .map((a) => a.getAttribute('aria-label')).join(' | '));
    await until('the picked file\'s pairings on the cards', async () =>
      /Rossi, Anna against Verdi, Carla/.test(await labels()) && /Bianchi, Dario against Neri, Bruno/.test(await labels()));
    assert.match(await page.textContent('#meta'), /round 2/i);
    assert.equal(await page.evaluate(() => window.sameHallPage), true, 'the hall page was not reloaded');
    await saveShot(page, { path: path.join(SHOTS, 'hall-next-round-done.png') });

    // The board page: board 2's new players, its element joined to round 2's game.
    const second = /Rossi, Anna against Verdi, Carla/.test(await card(page, 2).getAttribute('aria-label'))
      ? ['Rossi, Anna', 'Verdi, Carla'] : ['Bianchi, Dario', 'Neri, Bruno'];
    await boardPage.waitForFunction((white) => new RegExp(white).test(document.querySelector('#meta').textContent)
      && /round 2/i.test(document.querySelector('#meta').textContent), second[0]);
    assert.equal(await boardPage.evaluate(() => window.sameBoardPage), true, 'the board page was not reloaded');
    // Its element follows round 2's game: its players, 90 minutes each, no move.
    await boardPage.waitForFunction((white) => {
      const root = document.querySelector('arbiter-board')?.shadowRoot;
      return root?.querySelector('[data-clock="white"] .time')?.textContent.trim() === '1:30:00'
        && new RegExp(white).test(root.querySelector('[data-clock="white"]')?.textContent ?? '')
        && /No moves yet/.test(root.textContent);
    }, second[0]);
    // The person at the board page is told plainly that the round ended and its game is
    // archived; no error card came, from the game that ended nor from round 2's.
    assert.equal(await boardPage.textContent('#status'),
      'The round has ended: the game shown here until now is archived as it stood. Board 2 now shows the next round’s game.');
    const seen = await boardPage.evaluate(() => window.cardsSeen);
    assert.deepEqual(seen.filter((c) => c.refused), [], `no error card: ${JSON.stringify(seen)}`);
    assert.equal(await boardPage.evaluate(() => document.querySelector('arbiter-board').shadowRoot.querySelectorAll('.ruling.refused').length), 0,
      'no error card in round 2\'s game');
    await saveShot(boardPage, { path: path.join(SHOTS, 'hall-next-round-board.png') });
    await boardPage.setViewportSize({ width: 390, height: 844 });
    await saveShot(boardPage, { path: path.join(SHOTS, 'hall-next-round-board-phone.png') });
    await boardPage.setViewportSize({ width: 1280, height: 900 });
    await saveShot(boardPage, { path: path.join(SHOTS, 'hall-next-round-board-desktop.png') });
    // In the page's language, as every word of it.
    await boardPage.selectOption('#lang', 'de');
    await boardPage.waitForFunction(() => /^Die Runde ist zu Ende/.test(document.querySelector('#status').textContent));

    // Round 1 served as it ended; round 2 pushed to the Lichess round the arbiter named.
    assert.equal(await (await fetch(`${hall.url}/round/1.pgn`)).text(), roundOne);
    assert.ok(standIn.pushes.some((p) => p.path.includes('e2eRound1')), 'round 1 was pushed to its round');
    await until('a push to round 2\'s Lichess round', async () =>
      standIn.pushes.some((p) => p.path.includes('e2eRound2') && /Rossi, Anna/.test(p.body)));
  } finally {
    await browser.close();
    await hall.stop();
    standIn.server.close();
  }
});

/**
 * Keeps every card the board page shows from now on in `window.cardsSeen`, refusals marked:
 * the round's end must be a plain notice, never an error card, before the page joins round 2's
 * game.
 */
async function watchCards(boardPage) {
  await boardPage.evaluate(() => {
    window.cardsSeen = [];
    const root = document.querySelector('arbiter-board').shadowRoot;
    new MutationObserver((changes) => {
      for (const c of changes) {
        for (const n of c.addedNodes) {
          if (n.classList?.contains('ruling')) window.cardsSeen.push({ text: n.textContent, refused: n.classList.contains('refused') });
        }
      }
    }).observe(root.querySelector('.rulings'), { childList: true });
  });
}

test('hall next round: a player\'s seat link of round 1 comes back in round 2: told so in his language, watching the board, then seated with the new link', { skip }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-hall-seat-ended-'));
  fs.writeFileSync(path.join(dir, 'empty.pgn'), EMPTY);
  fs.copyFileSync(path.join(ROOT, 'board-bridge/tests/data/round.trf'), path.join(dir, 'round.trf'));
  // Both games wait for the arbiter: round 2 begins without forcing.
  const hall = await startHall(dir, [[null, null, 'empty.pgn'], [null, null, 'empty.pgn']], { round: 1, trf: 'round.trf' });
  const seats = async () => {
    const r = await fetch(`${hall.url}/hall/seats`, { headers: { Authorization: `Bearer ${hall.token}` } });
    return new Map((await r.json()).boards.map((b) => [b.number, b.seats]));
  };
  const browser = await launch();
  try {
    const roundOneLink = (await seats()).get(1).white.link;
    // Black's seat of board 1, opened in Italian on the player's phone.
    const player = await freshPage(browser, { width: 390, height: 844, touch: true });
    const blackLink = (await seats()).get(1).black.link;
    await player.goto(`${hall.url}${blackLink}&lang=it`);
    await player.waitForFunction(() => document.querySelector('#board')?.getAttribute('seat') === 'black' && !!document.querySelector('#board')?.table);
    assert.equal(await player.getAttribute('#board', 'data-seat-refused'), null, 'seated with round 1\'s key');

    // Round 2: the seats get new keys; the player's screen reconnects with round 1's.
    const next = await fetch(`${hall.url}/hall/next-round`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${hall.token}` },
      body: '{}',
    });
    assert.equal(next.status, 200, await next.text());
    await player.waitForURL(/\/board\/1\?ended_seat=black&ended_round=1&lang=it$/, { timeout: 60_000 });
    const notice = player.locator('.seat-ended');
    await notice.waitFor();
    assert.equal(await notice.locator('h2').textContent(), 'Il turno 1 è finito');
    assert.match(await notice.textContent(), /Il vostro link era per il posto del Nero alla scacchiera 1 nel turno 1/);
    assert.equal(await notice.getAttribute('role'), 'alert');
    // The board is shown to him as to anyone: board 1's game of round 2, no seat, no key card.
    const watched = player.locator('arbiter-board');
    assert.equal(await watched.getAttribute('live'), hall.url.replace('http', 'ws') + '/board/1/ws');
    assert.equal(await watched.getAttribute('seat'), null);
    await player.waitForFunction(() => /turno 2/.test(document.querySelector('#meta').textContent));
    await player.waitForFunction(() => !!document.querySelector('arbiter-board')?.table);
    assert.equal(await watched.evaluate((el) => el.shadowRoot.querySelectorAll('.ruling.refused').length), 0, 'no error card');
    const width = await player.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    await axe(player, 'the notice of a seat of an ended round');
    await saveShot(player, { path: path.join(SHOTS, 'hall-seat-ended-phone.png') });
    // In English too, every word of it.
    await player.selectOption('#lang', 'en');
    await player.waitForFunction(() => document.querySelector('.seat-ended h2').textContent === 'Round 1 has ended');
    assert.match(await notice.textContent(), /Your link was for Black's seat at board 1 in round 1, and that round's game has ended\. Below you watch board 1's game of the round being played now, as a spectator\./);

    // Nothing typed, then not a key: said beside the field, nobody seated.
    const field = player.getByLabel('Key or link of your new seat');
    await player.getByRole('button', { name: 'Take my seat' }).click();
    assert.equal(await notice.locator('.answer').textContent(), 'Type the key or the link the arbiter gave you for this round.');
    await field.fill('my seat please');
    await player.getByRole('button', { name: 'Take my seat' }).click();
    assert.match(await notice.locator('.answer').textContent(), /^This is neither a seat’s key nor a seat’s link/);
    await saveShot(player, { path: path.join(SHOTS, 'hall-seat-ended-phone-en.png') });

    // The new link the arbiter gives him (round 2's Black of board 1): seated again.
    const roundTwo = (await seats()).get(1).black;
    assert.notEqual(roundTwo.link, blackLink);
    await field.fill(`${hall.url}${roundTwo.link}`);
    await player.getByRole('button', { name: 'Take my seat' }).click();
    await player.waitForFunction(() => document.querySelector('#board')?.getAttribute('seat') === 'black' && !!document.querySelector('#board')?.table);
    assert.match(player.url(), /seat=black/);
    assert.equal(await player.getAttribute('#board', 'data-seat-refused'), null, 'seated with round 2\'s key');

    // A bare key works as the link does; a key never given is no ended round's: the plain refusal.
    const desk = await freshPage(browser, { width: 1280, height: 900 });
    await desk.goto(`${hall.url}${roundOneLink}`);
    await desk.waitForURL(/ended_seat=white&ended_round=1/, { timeout: 60_000 });
    await desk.locator('.seat-ended').waitFor();
    await saveShot(desk, { path: path.join(SHOTS, 'hall-seat-ended-desktop.png') });
    await desk.getByLabel('Key or link of your new seat').fill((await seats()).get(1).white.key);
    await desk.getByRole('button', { name: 'Take my seat' }).click();
    await desk.waitForFunction(() => document.querySelector('#board')?.getAttribute('seat') === 'white' && !!document.querySelector('#board')?.table);
    const stranger = await freshPage(browser);
    await stranger.goto(`${hall.url}/board/1?seat=white&key=${'0'.repeat(32)}`);
    await stranger.waitForFunction(() => document.querySelector('#board')?.dataset.seatRefused === 'white', null, { timeout: 15_000 });
    assert.match(stranger.url(), /index\.html/, 'a wrong key stays on the seat page');
    assert.equal(player.lastError, undefined);
    assert.equal(desk.lastError, undefined);
  } finally {
    await browser.close();
    await hall.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
