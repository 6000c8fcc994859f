// Shared set-up for the end-to-end tests: a tiny static server for www/, Debian's Chromium
// through playwright-core, and helpers that act on the board the way a player would.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { before, after } from 'node:test';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = process.env.ARBITER_ROOT ?? path.resolve(here, '..', '..');
export const WWW = path.join(ROOT, 'www');
// What the tests load: ARBITER_WWW, the page as built (`cargo xtask test` sets www/dist, what
// ships), or the sources in www/ when it is not set.
export const SERVED = process.env.ARBITER_WWW ?? WWW;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
};

/**
 * Serves `dir` on 127.0.0.1 at a free port; extra pages can be added by path. With `cors`, any
 * other origin may load the files (as from a club's CDN).
 */
export async function serve(dir = SERVED, extra = {}, { cors = false } = {}) {
  const shared = cors ? { 'access-control-allow-origin': '*' } : {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let rel = decodeURIComponent(url.pathname);
    if (extra[rel]) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...shared });
      res.end(extra[rel]);
      return;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    // The build's brotli copy when there is one, as the bridge sends it to Chromium, so the
    // tests run on the bytes that ship.
    const br = /\bbr\b/.test(req.headers['accept-encoding'] ?? '') && fs.existsSync(`${file}.br`);
    fs.readFile(br ? `${file}.br` : file, (err, body) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        ...shared,
        ...(br ? { 'content-encoding': 'br', vary: 'accept-encoding' } : {}),
      });
      res.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * The test file's shared set-up: before its tests, a server for www/ (with `extra` pages, as
 * `serve` takes them) and a browser; after them, both closed. Returns `{server, browser}`, filled
 * in once the set-up has run.
 */
export function setUp(extra = {}) {
  const env = { server: undefined, browser: undefined };
  before(async () => {
    env.server = await serve(SERVED, extra);
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/** A fresh page (own storage) with `page.clock` installed when `clockAt` is given. */
export async function freshPage(browser, { width = 1200, height = 900, clockAt, touch = false } = {}) {
  const context = await browser.newContext({
    viewport: { width, height }, hasTouch: touch, isMobile: touch, deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => { page.lastError = err; });
  if (clockAt !== undefined) await page.clock.install({ time: clockAt });
  return page;
}

/**
 * Fails every request of `page` matching `pattern` (a network blip) until `gate.open` is set;
 * `gate.count` counts them.
 */
export async function gated(page, pattern) {
  const gate = { open: false, count: 0 };
  await page.route(pattern, async (route) => {
    gate.count += 1;
    if (gate.open) await route.continue();
    else await route.abort('failed');
  });
  return gate;
}

/** Opens `url` and waits until the board has drawn its first state. */
export async function openBoard(page, url, selector = 'arbiter-board') {
  await page.goto(url);
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el?.table && !!el.shadowRoot.querySelector('[data-square][data-piece]');
  }, selector, { timeout: 20_000 });
  return page.locator(selector);
}

export const square = (page, name, board = 'arbiter-board') => page.locator(`${board} [data-square="${name}"]`);

/** Moves by click-click: the piece, then the target square. */
export async function clickMove(page, from, to, board) {
  await square(page, from, board).click();
  await square(page, to, board).click();
}

/** Moves by dragging the piece with the mouse, in steps, as a hand would. */
export async function dragMove(page, from, to, board) {
  const a = await square(page, from, board).boundingBox();
  const b = await square(page, to, board).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

/** Presses the clock with the space bar (Art. 6.8: completes the move just made). */
export async function press(page) {
  await page.keyboard.press('Space');
}

/** The board's state as the wasm module reports it. */
export function state(page, board = 'arbiter-board') {
  return page.evaluate((sel) => document.querySelector(sel).state, board);
}

/** The text of a clock face. */
export function faceText(page, color, board = 'arbiter-board') {
  return page.locator(`${board} [data-clock="${color}"] .time`).textContent();
}

/** The board-bridge binary named by ARBITER_BRIDGE, or null (tests that need it are skipped). */
export const BRIDGE = process.env.ARBITER_BRIDGE && fs.existsSync(process.env.ARBITER_BRIDGE) ? process.env.ARBITER_BRIDGE : null;

async function freePort() {
  const srv = net.createServer();
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/**
 * Starts the board-bridge binary `bin` on a free loopback port (or `port`, to restart one where
 * its pages are) with `args(listen)` (`listen` is the `--listen` address to pass) and resolves
 * once it says it serves. Returns `{url, ws, port, stop()}`. Shared by the tests and measure.mjs.
 */
export async function spawnBridge(args, bin = BRIDGE, port = null) {
  port ??= await freePort();
  const child = spawn(bin, args(`127.0.0.1:${port}`), { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`board-bridge did not start: ${out}`)), 20_000);
    const look = (chunk) => {
      out += chunk;
      if (out.includes('serving')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => reject(new Error(`board-bridge exited (${code}): ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/ws`,
    port,
    // The seats' keys the bridge printed with their links (`white's link: ...key=K`).
    keys: Object.fromEntries([...out.matchAll(/(\w+)'s link: \S*[?&]key=(\w+)/g)].map((m) => [m[1], m[2]])),
    stop: () => new Promise((resolve) => {
      // Stopped already (by a signal, exitCode stays null: signalCode says so).
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }),
  };
}

/**
 * Starts the real bridge (`board-bridge --simulate pgn`) on a free port, letting `origin` open
 * its WebSocket; resolves once it serves. Returns `{ws, stop()}`.
 */
export function startBridge(pgnFile, origin, extra = []) {
  return spawnBridge((listen) => ['--simulate', pgnFile, '--listen', listen, '--allow-origin', origin, ...extra]);
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core (injected into the page) finds no violations in the page as it stands; `what` names
 * the state, `only` the rules to run when not all (`['color-contrast']` on a bare test page).
 */
export async function axe(page, what, only) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: AXE });
  const options = { resultTypes: ['violations'], ...(only && { runOnly: only }) };
  const result = await page.evaluate((o) => window.axe.run(document, o), options);
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  assert.deepEqual(found, [], `axe-core violations, ${what}`);
}

/**
 * Saves a screenshot for a person to open (`options` as Playwright's, with its `path`), when one
 * asked for them: `ARBITER_SHOTS=<folder>` puts each there under its file name; without it no
 * shot is taken. A shot is an artefact, never an assertion: what a person sees is asserted on the
 * page itself, and a run nobody looks at (CI's) has no use for one. Twice on CI the shot of the
 * hall of sixteen boards never came (Playwright's wait before it hung, then the page answered
 * nothing more), while no run here, loaded or not, Chromium 148 or 156, reproduced it. A shot
 * asked for is tried three times, 10 s each; one that still cannot be taken is said on stderr,
 * with what Playwright was waiting for, and whether the page still answers.
 */
export async function saveShot(target, options) {
  const folder = process.env.ARBITER_SHOTS;
  if (!folder) return null;
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, path.basename(options?.path ?? 'shot.png'));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await target.screenshot({ timeout: 10_000, ...options, path: file });
    } catch (error) {
      if (error?.name !== 'TimeoutError') throw error;
      if (attempt === 3) {
        const page = typeof target.page === 'function' ? target.page() : target;
        const answers = await Promise.race([
          page.evaluate(() => document.readyState).then((state) => `the page answers (${state})`, (e) => `the page fails: ${e.message}`),
          new Promise((resolve) => { setTimeout(() => resolve('the page does not answer within 5 s'), 5_000); }),
        ]);
        process.stderr.write(`screenshot not saved after ${attempt} tries: ${file}: ${error.message}\n${answers}\n`);
        return null;
      }
    }
  }
}
