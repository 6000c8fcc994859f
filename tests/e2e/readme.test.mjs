// The README's own commands, run as a new user types them (issue 31): `cargo xtask serve` with no
// board plugged in, and `cargo xtask serve -- --simulate game.pgn` with options after it, typed in
// a folder holding game.pgn. Each builds what it needs, serves, and a real Chromium opens what it
// serves. A user's `serve` builds the release bridge; here ARBITER_BRIDGE names the debug one
// `cargo xtask test` has already built, and `serve` runs that instead: the release build from
// nothing took 238 s of a CI run, for these two tests alone. What CI no longer does is compile
// the release profile of the same sources; `serve`'s own steps (the page's build, the bridge's
// arguments, serving) all still run as typed. Only under `cargo xtask test`, which names the bridge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, setUp, freshPage } from './harness.mjs';

const env = setUp();
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
// Only where xtask runs the tests (it names the bridge): a bare `node --test` stays quick.
const skip = !process.env.ARBITER_BRIDGE && 'run by `cargo xtask test`';

async function portIsFree(port) {
  const srv = net.createServer();
  return new Promise((resolve) => {
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function freePort() {
  const srv = net.createServer();
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/**
 * Runs `cargo xtask serve ARGS` in `cwd` as its own process group (xtask starts the bridge as its
 * child, and both must go at the end) and resolves once the bridge says it serves.
 */
async function serve(args, cwd) {
  const child = spawn('cargo', ['xtask', 'serve', ...args], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No browser opened on a desktop that runs the tests.
    env: { ...process.env, CI: '1' },
  });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cargo xtask serve did not serve in 15 min:\n${out.slice(-3000)}`)), 900_000);
    const look = (chunk) => {
      out += chunk;
      // The bridge's own line (xtask's lines before it may say other things).
      if (/board-bridge: serving /.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cargo xtask serve exited (${code}):\n${out.slice(-3000)}`));
    });
  });
  return {
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

test('issue31 the README\'s `cargo xtask serve -- --simulate game.pgn`, typed where game.pgn is, with options after it', { skip, timeout: 1_200_000 }, async () => {
  assert.match(README, /`cargo xtask serve -- --simulate game\.pgn`/, 'the README still shows the command');
  // A folder of the user's inside the checkout (cargo finds the `xtask` alias from there), with
  // the game in it under the README's name.
  // (target/ may not exist yet where cargo's output goes elsewhere, CARGO_TARGET_DIR.)
  fs.mkdirSync(path.join(ROOT, 'target'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, 'target', 'readme-'));
  fs.copyFileSync(path.join(ROOT, 'board-bridge', 'tests', 'data', 'game.pgn'), path.join(dir, 'game.pgn'));
  const port = await freePort();
  const server = await serve(['--', '--simulate', 'game.pgn', '--listen', `127.0.0.1:${port}`, '--edition', '2023'], dir);
  try {
    assert.match(server.output(), new RegExp(`Arbiter: the board and clock are at http://127\\.0\\.0\\.1:${port}/`));
    // The bridge the tests named, not a release one built for this test (see the top).
    assert.ok(server.output().includes(`the bridge ARBITER_BRIDGE names: ${process.env.ARBITER_BRIDGE}`), server.output().slice(-2000));
    const page = await freshPage(env.browser, { width: 1280, height: 900 });
    await page.goto(`http://127.0.0.1:${port}/`);
    // The simulated board plays the file's moves, and the spectator's page follows them.
    await page.waitForFunction(() => (document.querySelector('arbiter-board')?.state?.moves?.length ?? 0) >= 2, null, { timeout: 60_000 });
    const edition = await page.evaluate(() => document.querySelector('arbiter-board').state.setup.edition);
    assert.equal(edition, '2023', 'the game is played under the edition the option named');
    await page.context().close();
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('issue31 the README\'s `cargo xtask serve` with no board plugged in opens the front door at 127.0.0.1:8080', { skip, timeout: 1_200_000 }, async (t) => {
  assert.match(README, /^cargo xtask serve {3}# the board and clock at http:\/\/127\.0\.0\.1:8080/m, 'the README still shows the command');
  if (!(await portIsFree(8080))) {
    t.skip('port 8080 is taken on this machine');
    return;
  }
  const server = await serve([], ROOT);
  try {
    const page = await freshPage(env.browser, { width: 390, height: 844, touch: true });
    await page.goto('http://127.0.0.1:8080/');
    const door = page.locator('#door');
    await door.waitFor({ timeout: 20_000 });
    assert.match(await door.textContent(), /No board is connected/);
    await page.click('[data-play-here]');
    await page.waitForFunction(() => document.querySelector('arbiter-board')?.state?.legalMoves?.length === 20, null, { timeout: 20_000 });
    await page.context().close();
  } finally {
    await server.stop();
  }
});
