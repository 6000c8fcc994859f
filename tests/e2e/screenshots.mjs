// Screenshots of the page at phone and desktop widths, for looking at (not a test):
//   node screenshots.mjs [out-dir] [lang]   (default: the system's temp dir, English)
import os from 'node:os';
import path from 'node:path';
import { serve, launch, freshPage, openBoard, clickMove, press } from './harness.mjs';

const out = process.argv[2] ?? os.tmpdir();
const lang = process.argv[3] ?? 'en';
const index = `index.html?lang=${lang}`;
const server = await serve();
const browser = await launch();
const shots = [];
const shot = async (page, name, opts = {}) => {
  const file = path.join(out, `arbiter-${lang}-${name}.png`);
  await page.screenshot({ path: file, ...opts });
  shots.push(file);
};

try {
  // Desktop: a game in progress with a touched piece, then the dialog, then the panels.
  const desk = await freshPage(browser, { width: 1280, height: 860, clockAt: Date.now() });
  await openBoard(desk, `${server.url}/${index}`);
  for (const [a, b] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'b5']]) {
    await clickMove(desk, a, b);
    await press(desk);
  }
  await desk.locator('arbiter-board [data-square="g8"]').click();
  await shot(desk, 'desktop-game');
  await desk.click('#new-game');
  await shot(desk, 'desktop-dialog');
  await desk.keyboard.press('Escape');
  await desk.click('#open-pgn');
  await desk.click('#open-arbiter');
  await shot(desk, 'desktop-panels', { fullPage: true });

  // Accessible mode (2005 App. F): typed moves, an answer, the help open, focus on the grid.
  const ear = await freshPage(browser, { width: 1280, height: 860, clockAt: Date.now() });
  await openBoard(ear, `${server.url}/${index}`);
  await ear.click('#accessible');
  for (const t of ['e4', 'Eva fünf', 'Springer Felix drei', '/time']) {
    await ear.keyboard.type(t);
    await ear.keyboard.press('Enter');
  }
  await ear.locator('arbiter-board details.help summary').click();
  await ear.locator('arbiter-board [data-square="f3"]').focus();
  await ear.keyboard.press('ArrowUp');
  await shot(ear, 'desktop-accessible', { fullPage: true });
  const earPhone = await freshPage(browser, { width: 390, height: 844, touch: true });
  await openBoard(earPhone, `${server.url}/${index}`);
  await earPhone.click('#accessible');
  await earPhone.keyboard.type('d4');
  await earPhone.keyboard.press('Enter');
  await shot(earPhone, 'phone-accessible', { fullPage: true });

  // Phone: blitz flag fall on the fake clock.
  const phone = await freshPage(browser, { width: 390, height: 844, touch: true, clockAt: Date.now() });
  await openBoard(phone, `${server.url}/${index}`);
  await phone.click('#new-game');
  await phone.check('input[value="3+2"]');
  await phone.click('#ng-start');
  await press(phone);
  await clickMove(phone, 'e2', 'e4');
  await press(phone);
  await phone.clock.runFor(181_000);
  await shot(phone, 'phone-flag', { fullPage: true });
} finally {
  await browser.close();
  await server.close();
}
console.log(shots.join('\n'));
