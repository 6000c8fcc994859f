// The hall's end-to-end set-up shared by the hall's journeys: a hall file of simulated boards
// written to a scratch folder, the real bridge started on it, its printed token read.
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { BRIDGE, SERVED } from './harness.mjs';

async function freePort() {
  const srv = net.createServer();
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** The hall file: an event of `edition`, one simulated `[[board]]` per `[white, black, pgn]`;
 * with `trf`, the players of each board come from that pairing program's file instead (their
 * names left out). */
export function hallToml(pairs, { edition = '2023', round = 3, defaultTime, trf } = {}) {
  const boards = pairs.map(([white, black, pgn], i) =>
    `[[board]]\nnumber = ${i + 1}\n${trf ? '' : `white = ${JSON.stringify(white)}\nblack = ${JSON.stringify(black)}\n`}simulate = ${JSON.stringify(pgn)}\n`);
  return `[event]
name = "Springfield Club Championship"
site = "Springfield"
date = "2026.12.05"
round = ${round}
edition = "${edition}"
time_control = "90+30"
${defaultTime === undefined ? '' : `default_time = ${defaultTime}\n`}${trf ? `trf = ${JSON.stringify(trf)}\n` : ''}
${boards.join('\n')}`;
}

/** Starts the hall of `pairs` in `dir` (each pair's PGN file already there) with `extra`
 * options; resolves with its address, its printed token and a stop. */
export async function startHall(dir, pairs, { extra = [], edition, defaultTime, round, trf } = {}) {
  fs.writeFileSync(path.join(dir, 'hall.toml'), hallToml(pairs, { edition, defaultTime, round, trf }));
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
  const hall = {
    url,
    token,
    /** The hall now, as /hall.json says it. */
    json: async () => (await fetch(`${url}/hall.json`)).json(),
    /** The arbiter's request `body` for board `n`, with the token (`hall.token`, as it is now). */
    arbiter: async (n, body) => {
      const r = await fetch(`${url}/board/${n}/arbiter`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${hall.token}` },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: await r.json().catch(() => ({})) };
    },
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }),
  };
  return hall;
}

/** A stand-in for Lichess Broadcasts' push endpoint (the real service cannot be reached from
 * where these tests run): records each push; while `failing`, answers 503; otherwise answers as
 * Lichess does, one line per game, refusing board 2's game ("3.2") while `refuseBoard2`.
 * `close()` it with `standIn.server.close()`. */
export async function startStandIn({ failing = true, refuseBoard2 = true } = {}) {
  const standIn = { pushes: [], failing, refuseBoard2 };
  standIn.server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      standIn.pushes.push({ path: req.url, authorization: req.headers.authorization, body });
      if (standIn.failing) {
        // Lichess says why in JSON, `{"error": ...}`: the hall shows that, never a raw body.
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'busy' }));
        return;
      }
      const games = body.split('[Event ').slice(1).map((g) => {
        const round = /\[Round "([^"]+)"\]/.exec(g)?.[1] ?? '?';
        return round === '3.2' && standIn.refuseBoard2
          ? { tags: { Round: round }, error: 'Unknown move at ply 3' }
          : { tags: { Round: round }, moves: (g.match(/\[%clk/g) ?? []).length };
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ games }));
    });
  });
  await new Promise((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${standIn.server.address().port}`;
  return standIn;
}

/** Waits until `ok()` (sync or async) holds, asking again every 100 ms; fails naming `what` (a
 * text, or a function that says it as things stand when the wait gives up). */
export async function until(what, ok, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await ok()) return;
    if (Date.now() > end) throw new Error(`gave up waiting: ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Round 1 of an open as a pairing program writes it (TRF-16): `games` games, rank `i` against
 * rank `games + i` on board `i`, the lower rank White on odd boards; each player named by
 * `name(rank)`, rated `top - step * rank`, titled by `title(rank)`.
 */
export function pairedRoundTrf({ games, name, top, step, title = () => '' }) {
  const lines = ['012 Springfield Open'];
  for (let rank = 1; rank <= 2 * games; rank += 1) {
    const first = rank <= games;
    const opponent = first ? rank + games : rank - games;
    const board = first ? rank : rank - games;
    const colour = (board % 2 === 1) === first ? 'w' : 'b';
    lines.push(`001 ${String(rank).padStart(4)} m${title(rank).padStart(3)} ${name(rank).padEnd(33)} ${String(top - step * rank).padStart(4)} ITA ${String(1_000_000 + rank).padStart(11)} 1990/01/01 ${' 0.0'} ${String(rank).padStart(4)}  ${String(opponent).padStart(4)} ${colour}  `);
  }
  return `${lines.join('\n')}\n`;
}
