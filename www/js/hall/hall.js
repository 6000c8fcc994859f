// The hall page: every board of the round, small and live (pieces, clocks, names, result),
// from the bridge's /hall/ws stream; each opens /board/N, that board's own live page. With the
// arbiter's token (printed by the bridge when it starts) the arbiter acts on any board from
// here: a result (confirming the kings' result signal), the clocks, a restore, a claim, the
// sealed move made on the board (App. A1), the position before the first move; and the results
// of the round's games on ordinary boards, beyond the sensor boards (./off-board.js).
// Everything shown is what the bridge's games say; nothing is decided here. Every word is
// said in the page's language, from the catalogue (www/messages): the hall's own words (ids
// `hall_*`, fetched by ./words.js), a game's result, its reason, the sides and the claims in the
// board page's words (../words.js).

import { LANGUAGES, chosenLanguage, loadHallLanguage } from './words.js';
import { hasWords, resultWords, sideName, t, tableRefusalWords } from '../words.js';
import { pushLines } from './push.js';
import { askPassphrase, sealingWords, showPassphrase } from './seal.js';
import { confirmAction } from './confirm.js';
import { setUpDetected } from './detected.js';
import { positionRows, toSetNote } from './position.js';
import { showSeatEnded } from './seat-ended.js';
import { setUpOffBoard } from './off-board.js';
import { askForfeit, FORFEIT_MARKS, shownMarks } from './forfeit.js';
import { button, say } from './controls.js';
import { importAnew } from '../once.js';

const $ = (id) => document.getElementById(id);
const wsBase = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
const GLYPH = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const LANG_KEY = 'arbiter.lang';
// Words chosen by a value, by message id: the build finds each id the page names, and an id
// pieced together at run time would escape it.
const PIECE_WORDS = {
  K: 'hall_piece_K', Q: 'hall_piece_Q', R: 'hall_piece_R', B: 'hall_piece_B', N: 'hall_piece_N', P: 'hall_piece_P',
  k: 'hall_piece_k', q: 'hall_piece_q', r: 'hall_piece_r', b: 'hall_piece_b', n: 'hall_piece_n', p: 'hall_piece_p',
};
const SCREEN_WORDS = { white: 'hall_screen_white', black: 'hall_screen_black', assistant: 'hall_screen_assistant' };
const CLOCK_WORDS = { white: 'hall_clock_white', black: 'hall_clock_black' };
const UNDO_WORDS = { clocks: 'hall_undo_clocks', stop: 'hall_undo_stop', restart: 'hall_undo_restart', restore: 'hall_undo_restore', forfeit: 'hall_undo_forfeit', position: 'hall_undo_position' };

const boardPath = /^\/board\/(\d+)\/?$/.exec(location.pathname);

const FLIP_KEY = 'arbiter.hall.flipped';
/** The boards this screen shows turned round (kept for the next visit). */
const flips = new Set();
try {
  for (const n of JSON.parse(localStorage.getItem(FLIP_KEY) || '[]')) flips.add(String(n));
} catch {
  // none kept
}

/** Board number → { data, at (page time the data was received), el, actions }. */
const boards = new Map();
/** Redraws whatever this page shows in the page's language. */
let redraw = () => {};

// ---------- the page's language ----------

let lang = 'en';
{
  let stored = null;
  try {
    stored = localStorage.getItem(LANG_KEY);
  } catch {
    // no storage: the link or the browser's language decides
  }
  lang = chosenLanguage(location.search, stored, navigator.languages ?? [navigator.language]);
}
/** The hall's message `id` in the page's language. */
const w = (id, params) => t(id, params, lang);

/** The static page's words (hall.html marks them by id) in the page's language. */
function relabel() {
  document.documentElement.lang = lang;
  document.title = `${w('hall_name')} — Arbiter`;
  for (const el of document.querySelectorAll('[data-words]')) el.textContent = w(el.dataset.words);
  for (const el of document.querySelectorAll('[data-words-label]')) el.setAttribute('aria-label', w(el.dataset.wordsLabel));
}

const picker = $('lang');
for (const [code, name] of Object.entries(LANGUAGES)) {
  const o = document.createElement('option');
  o.value = code;
  o.lang = code;
  o.textContent = name;
  picker.append(o);
}
picker.value = lang;
picker.addEventListener('change', async () => {
  const code = picker.value;
  await loadHallLanguage(code);
  lang = code;
  try {
    localStorage.setItem(LANG_KEY, code);
  } catch {
    // this visit only
  }
  relabel();
  redraw();
});

// ---------- the arbiter's token ----------

let token = '';
try {
  token = sessionStorage.getItem('arbiter.hallToken') || '';
} catch {
  // no storage: the token is asked again on each visit
}
$('token').value = token;
$('token-form').addEventListener('submit', (e) => {
  e.preventDefault();
  token = $('token').value.trim();
  try {
    sessionStorage.setItem('arbiter.hallToken', token);
  } catch {
    // kept for this page only
  }
  for (const [, entry] of boards) entry.actions = undefined;
  seatLinks = null;
  loadSeats();
  redraw();
});

// A new arbiter token in place of the old one (a token seen by someone else): asked first, then
// shown once to the arbiter who asked, and kept by this page.
$('rotate-token').addEventListener('click', async () => {
  const sure = await confirmAction(w, {
    n: 'token', kind: 'rotate', title: w('hall_rotate_title'), lines: [w('hall_rotate_explain')], yes: w('hall_rotate_yes'),
  });
  if (!sure) return;
  const said = $('round-answer');
  try {
    const r = await fetch('/hall/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: '{}',
    });
    const answer = await r.json().catch(() => ({}));
    said.dataset.status = String(r.status);
    if (!r.ok) {
      said.textContent = refusalText(r.status, answer);
      return;
    }
    token = answer.token;
    $('token').value = token;
    try {
      sessionStorage.setItem('arbiter.hallToken', token);
    } catch {
      // kept for this page only
    }
    said.textContent = w('hall_rotate_done', { token });
  } catch {
    said.textContent = w('hall_no_answer');
  }
});

// "Start the round": every board not yet started, at once (2005 Art. 6.5 / 2023 Art. 6.6).
$('start-round').addEventListener('click', async () => {
  const said = $('round-answer');
  try {
    const r = await fetch('/hall/start', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: '{}',
    });
    const answer = await r.json().catch(() => ({}));
    said.dataset.status = String(r.status);
    said.textContent = r.ok
      ? w('hall_round_started', { count: answer.boards.filter((b) => b.started).length })
      : refusalText(r.status, answer);
  } catch {
    said.textContent = w('hall_no_answer');
  }
});

// "Start next round": asked first, naming the round and its boards. The bridge refuses while a
// game of this round is still being played, naming its boards; the arbiter is asked again and
// may go on anyway (those games are archived as they stand). The cards follow the new round
// from the stream, without a reload.
$('next-round').addEventListener('click', async () => {
  if (!event) return;
  const round = event.round + 1;
  const list = [...boards.keys()].sort((a, b) => a - b).join(', ');
  // The pairings: a TRF file the arbiter picks (the pairing program saved them elsewhere), or
  // else the hall's own TRF file read again. The Lichess round, where the hall broadcasts: the
  // round's own id on Lichess, or none to stop the broadcast with this round.
  const trf = field('next-trf', w('hall_next_round_trf'), 'file');
  trf.input.accept = '.trf,.txt,text/plain';
  const fields = [trf.label];
  let lichess = null;
  if (push) {
    lichess = field('next-lichess', w('hall_next_round_lichess', { round }), 'text');
    fields.push(lichess.label);
  }
  const sure = await confirmAction(w, {
    n: 'round',
    kind: 'next_round',
    title: w('hall_next_round_title', { round }),
    lines: [w('hall_next_round_explain', { done: event.round, round, boards: list })],
    yes: w('hall_next_round_yes', { round }),
    fields,
  });
  if (!sure) return;
  const asked = {};
  const file = trf.input.files?.[0];
  if (file) asked.trf = await file.text();
  const id = lichess?.input.value.trim();
  if (id) asked.lichess_round = id;
  await nextRound(round, asked);
});

/** A labelled input for a dialog: `{label, input}`, the input inside its label. */
function field(id, text, type) {
  const label = document.createElement('label');
  const input = document.createElement('input');
  input.type = type;
  input.id = id;
  input.name = id;
  label.append(text, input);
  return { label, input };
}

async function nextRound(round, asked, force = false) {
  const said = $('round-answer');
  try {
    const r = await fetch('/hall/next-round', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(force ? { ...asked, force: true } : asked),
    });
    const answer = await r.json().catch(() => ({}));
    said.dataset.status = String(r.status);
    if (r.ok) {
      said.textContent = w('hall_next_round_done', { round: answer.round });
      return;
    }
    if (r.status === 409 && answer.id === 'next_round_playing') {
      const playing = w('hall_next_round_playing', { boards: (answer.boards ?? []).join(', '), round });
      said.textContent = playing;
      const anyway = await confirmAction(w, {
        n: 'round', kind: 'next_round_force', title: w('hall_next_round_title', { round }), lines: [playing], yes: w('hall_next_round_force', { round }),
      });
      if (anyway) await nextRound(round, asked, true);
      return;
    }
    said.textContent = r.status === 422
      ? w('hall_refused_pairings', { round, why: String(answer.error ?? '') })
      : refusalText(r.status, answer);
  } catch {
    said.textContent = w('hall_no_answer');
  }
}

// ---------- the seats' links (the arbiter's alone) ----------

/** Board number → { white: {key, link}, black: ..., assistant: ... }, once the bridge gave them. */
let seatLinks = null;
/** Whether the bridge listens on its own machine only: no phone can open the seats' codes. */
let seatsLoopbackOnly = false;

/** Asks the bridge for every board's seats' links with the arbiter's token, then redraws. */
async function loadSeats() {
  if (!token) return;
  try {
    const r = await fetch('/hall/seats', { headers: { Authorization: `Bearer ${token}` } });
    if (!r.ok) return;
    const answer = await r.json();
    seatLinks = new Map(answer.boards.map((b) => [String(b.number), b.seats]));
    seatsLoopbackOnly = answer.loopback_only === true;
    // Made again with the links (kept until then, to keep a panel open as it was).
    for (const [, entry] of boards) if (entry.actions) entry.actions.dataset.lang = '';
    redraw();
  } catch {
    // no answer: the links are asked again with the token
  }
}

/** `${board}:${seat}:${key}` → that link's QR code: `{ asked }` while on its way (a panel drawn
 * again meanwhile waits for the same answer), then `{ url }`, a `data:` URL. */
const qrCodes = new Map();

/**
 * An image of board `n`'s seat `s`'s link as a QR code, for a player's phone to scan: drawn by
 * the bridge (never by a site elsewhere) and fetched with the arbiter's token, since it carries
 * the seat's key; fetched again only for a new key, the old key's code forgotten then. An SVG
 * in an image runs no script. While it is on its way the image is empty and `ready` is called
 * once it has come, to draw the seats again: an image is put in the page with its code, never
 * given one later, since Chromium may leave an image whose source changed inside a closed
 * `<details>` unlaid when it opens.
 */
function seatQr(n, s, key, ready) {
  const img = document.createElement('img');
  img.className = 'qr';
  img.dataset.qr = s;
  const id = `${n}:${s}:${key}`;
  if (!qrCodes.has(id)) {
    for (const old of qrCodes.keys()) if (old.startsWith(`${n}:${s}:`)) qrCodes.delete(old);
    const code = {};
    code.asked = fetch(`/hall/seats/qr?board=${encodeURIComponent(n)}&seat=${s}`, {
      headers: { Authorization: `Bearer ${token}` },
    }).then(async (r) => {
      if (!r.ok) throw new Error(String(r.status));
      code.url = `data:image/svg+xml,${encodeURIComponent(await r.text())}`;
    });
    qrCodes.set(id, code);
    // Refused or no answer: asked again when the panel is next drawn.
    code.asked.catch(() => qrCodes.delete(id));
  }
  const code = qrCodes.get(id);
  if (code.url) img.src = code.url;
  else code.asked.then(ready, () => {
    // the image stays empty; its alt says what it is
  });
  return img;
}

/** A seat's link in this page's language (the seat's screen says it in the same one). */
function seatHref(link) {
  return lang === 'en' ? link : `${link}&lang=${lang}`;
}

/** h:mm:ss, or m:ss under an hour, as clocks show it (rounded down). */
function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** The 64 squares of a FEN board field, rank 8 first: [piece letter or '', ...]. */
function squares(fen) {
  const out = [];
  for (const ch of (fen || '').split(' ')[0]) {
    if (ch === '/') continue;
    if (/\d/.test(ch)) for (let i = 0; i < Number(ch); i++) out.push('');
    else out.push(ch);
  }
  while (out.length < 64) out.push('');
  return out.slice(0, 64);
}

function miniBoard(fen, flipped = false) {
  const grid = document.createElement('div');
  grid.className = 'mini';
  grid.setAttribute('role', 'img');
  const pieces = [];
  const all = squares(fen);
  (flipped ? [...all].reverse() : all).forEach((p, j) => {
    const i = flipped ? 63 - j : j;
    const cell = document.createElement('span');
    const file = i % 8;
    const rank = 7 - Math.floor(i / 8);
    cell.className = (file + rank) % 2 ? 'l' : 'd';
    if (p && GLYPH[p.toLowerCase()]) {
      cell.textContent = GLYPH[p.toLowerCase()];
      if (p === p.toUpperCase()) cell.classList.add('w');
      pieces.push(w(PIECE_WORDS[p], { square: `${'abcdefgh'[file]}${rank + 1}` }));
    }
    grid.append(cell);
  });
  grid.setAttribute('aria-label', w('hall_position', { count: pieces.length, list: pieces.join(', ') }));
  return grid;
}

// ---------- the board's own page (/board/N) ----------


function showBoard(n, live) {
  $('token-form').hidden = true;
  const main = $('main');
  main.className = 'one';
  const nav = document.createElement('nav');
  const boardElement = () => {
    const made = document.createElement('arbiter-board');
    made.setAttribute('live', live);
    made.setAttribute('data-board', n);
    made.setAttribute('lang', lang);
    return made;
  };
  let el = boardElement();
  main.append(nav, el);
  let hall = null;
  // The round this page's game was played in ended (the next round archived it): said plainly
  // on the page, in its language, whichever tells it first (the game's stream, the hall's).
  let archived = false;
  const roundEnded = () => {
    archived = true;
    $('status').textContent = w('hall_round_archived_here', { n });
  };
  el.addEventListener('archived', roundEnded);
  // The board's element could not be fetched: said with a button that asks for it again.
  let failed = false;
  const showFailed = () => $('status').replaceChildren(w('hall_board_failed'), ' ', button(w('hall_board_retry'), () => {
    failed = false;
    $('status').textContent = '';
    loadElement();
  }));
  function loadElement() {
    boardElementModule().catch(() => {
      failed = true;
      if (!archived) showFailed();
    });
  }
  redraw = () => {
    if (archived) $('status').textContent = w('hall_round_archived_here', { n });
    else if (failed) showFailed();
    document.title = w('hall_board_title', { n });
    main.setAttribute('aria-label', w('hall_board', { n }));
    el.setAttribute('lang', lang);
    // The seats' screens are linked for the arbiter alone, with their keys: a spectator's
    // link to a seat would only watch.
    const seats = seatLinks?.get(String(n));
    nav.replaceChildren(...[
      ['/', 'hall_back'],
      ...['white', 'black', 'assistant'].filter((s) => seats?.[s]).map((s) => [seats[s].link, SCREEN_WORDS[s]]),
      [`/board/${n}/games.pgn`, 'hall_pgn'],
      [`/board/${n}/events.jsonl`, 'hall_event_log'],
    ].map(([href, id]) => {
      const a = document.createElement('a');
      a.href = lang === 'en' || !href.includes('seat=') ? href : `${href}&lang=${lang}`;
      a.textContent = w(id);
      return a;
    }));
    const b = hall?.boards.find((x) => String(x.number) === n);
    $('event').textContent = hall ? w('hall_board_heading', { event: hall.event.name, n }) : w('hall_board', { n });
    $('meta').textContent = b ? w('hall_board_meta', { white: b.white, black: b.black, round: hall.event.round }) : '';
  };
  redraw();
  loadSeats();
  const loadHall = () => fetch('/hall.json').then((r) => r.json()).then((h) => {
    hall = h;
    redraw();
  }).catch(() => {});
  loadHall();
  // The next round on this board: a new element joins the new game (the old one's stream,
  // closed as it leaves the page, was the finished game's), the names and seats read again.
  followRound(() => hall?.event.round, () => {
    roundEnded();
    const made = boardElement();
    el.replaceWith(made);
    el = made;
    seatLinks = null;
    loadSeats();
    loadHall();
  });
  $('status').textContent = '';
  loadElement();
}

// The board's element beside this file, wherever the site keeps the page's folder (not bundled
// in: the element is its own entry, shared with the other pages). A failed import is tried again
// at a new URL (once.js importAnew): a browser may keep a module's failed fetch for the page's
// life, and the button the failure shows would then fetch nothing.
const ELEMENT_URL = new URL('../arbiter-board.js', import.meta.url);
const boardElementModule = importAnew(() => import(ELEMENT_URL.href), ELEMENT_URL);

/** Calls `changed` when the hall's round is no longer `shown()`: told by the hall's stream,
 * or seen in the whole hall it sends on (re)connecting. */
function followRound(shown, changed, attempt = 0) {
  const ws = new WebSocket(`${wsBase}/hall/ws`);
  ws.onopen = () => {
    attempt = 0;
  };
  ws.onmessage = (e) => {
    let m;
    try {
      m = JSON.parse(e.data);
    } catch {
      return;
    }
    const round = m.type === 'round' ? m.round : m.type === 'hall' ? m.event?.round : undefined;
    const now = shown();
    if (round !== undefined && now !== undefined && round !== now) changed(round);
  };
  ws.onclose = () => setTimeout(() => followRound(shown, changed, attempt + 1), Math.min(10_000, 500 * 2 ** attempt));
}

// ---------- the hall (/) ----------

/** The hall's event, the push's state and the bridge's clock against this page's. */
let event = null;
let push = null;
let skew = 0;
/** The round's games on ordinary boards: `take(games)` and `redraw()` once the hall is shown. */
let offBoard = null;

function showHall() {
  $('start-round').hidden = !token;
  $('next-round').hidden = !token;
  $('rotate-token').hidden = !token;
  const detected = setUpDetected({
    w, token: () => token, hallBoards: () => [...boards.values()].map((e) => e.data), refusal: refusalText,
  });
  detected.redraw();
  offBoard = setUpOffBoard({
    w,
    token: () => token,
    article,
    resultText: (r) => endWords(r),
    confirm: (options) => confirmAction(w, options),
    refusal: refusalText,
  });
  redraw = () => {
    $('start-round').hidden = !token;
    $('next-round').hidden = !token;
    $('rotate-token').hidden = !token;
    detected.redraw();
    showEvent();
    showStatus(statusWords);
    for (const [n] of boards) draw(n);
    offBoard.redraw();
    showPush();
  };
  showStatus(statusWords);
  loadSeats();
  connect(0);
  setInterval(tick, 250);
  setInterval(showPush, 1000);
}

function showEvent() {
  if (!event) return;
  $('event').textContent = event.name;
  document.title = w('hall_doc_title', { event: event.name, round: event.round });
  $('meta').textContent = [event.site, event.date, w('hall_round', { round: event.round }), event.time_control,
    w('hall_laws', { edition: event.edition })].filter(Boolean).join(' · ');
}

/** The connection's state, as a message id and its values (none once connected). */
let statusWords = { id: 'hall_connecting' };
function showStatus(next) {
  statusWords = next;
  $('status').textContent = next ? w(next.id, next) : '';
}

function connect(attempt) {
  const ws = new WebSocket(`${wsBase}/hall/ws`);
  ws.onopen = () => {
    attempt = 0;
    showStatus(null);
  };
  ws.onmessage = (e) => {
    let m;
    try {
      m = JSON.parse(e.data);
    } catch {
      return;
    }
    if (typeof m.now_unix_ms === 'number') skew = Date.now() - m.now_unix_ms;
    if (m.type === 'hall') {
      event = m.event;
      showEvent();
      for (const b of m.boards) take(b);
      offBoard?.take(m.off_board);
      push = m.push ?? null;
      showPush();
    } else if (m.type === 'board') {
      take(m.board);
    } else if (m.type === 'round') {
      // The next round: the cards' controls and the seats' links were the round before's; the
      // whole hall follows on the stream.
      for (const [, entry] of boards) entry.actions = undefined;
      seatLinks = null;
      loadSeats();
    } else if (m.type === 'off_board') {
      offBoard?.take(m.off_board);
    } else if (m.type === 'push') {
      push = m.push;
      showPush();
    }
  };
  ws.onclose = () => {
    const wait = Math.min(10_000, 500 * 2 ** attempt);
    showStatus({ id: 'hall_not_answering', s: Math.round(wait / 1000) });
    setTimeout(() => connect(attempt + 1), wait);
  };
}

/** The push's state as the arbiter reads it: when it last worked, whether it fails now, and
 * each game Lichess cannot read, until it can. */
function showPush() {
  const el = $('push');
  if (!push) return;
  el.hidden = false;
  el.dataset.ok = String(push.ok);
  const bridgeNow = Date.now() - skew;
  // Times in the browser's own form of the page's language (en-GB's 24 hours, not en-US's AM).
  const locale = (navigator.languages ?? []).find((l) => l.toLowerCase().split('-')[0] === lang) ?? lang;
  const lines = pushLines(push, bridgeNow, locale, w);
  $('push-title').textContent = w('hall_push_title');
  $('push-state').replaceChildren(...lines.state.map(({ text, title, error }) => {
    const p = document.createElement('p');
    p.textContent = text;
    if (title) p.title = title;
    if (error) p.dataset.error = '';
    return p;
  }));
  $('push-games').replaceChildren(...lines.games.map(({ text, board }) => {
    const li = document.createElement('li');
    li.textContent = text;
    if (board != null) li.dataset.board = board;
    return li;
  }));
  $('push-games').hidden = !lines.games.length;
  const turn = `${push.ok}|${(push.game_errors ?? []).map((e) => e.round).join(',')}|${lang}`;
  if (turn !== pushTurn) {
    pushTurn = turn;
    $('push-said').textContent = [lines.state[0].text, ...lines.games.map((g) => g.text)].join(' ');
  }
}
/** What was last said of the push: whether it worked, the games refused, the language. */
let pushTurn = '';

function take(b) {
  const known = boards.get(b.number);
  // The card, its panel and its lasting parts go on from one message to the next (see `lasting`).
  boards.set(b.number, { data: b, at: performance.now(), el: known?.el, actions: known?.actions, parts: known?.parts });
  draw(b.number);
}

function remaining(entry, color) {
  const { data, at } = entry;
  const ms = data.clock[`${color}_ms`];
  return data.clock.running === color && !data.result ? ms - (performance.now() - at) : ms;
}

function tick() {
  for (const [, entry] of boards) {
    entry.actions?.tickClocks?.();
    for (const color of ['white', 'black']) {
      const c = entry.el?.querySelector(`[data-clock="${color}"]`);
      if (c) c.textContent = clockText(remaining(entry, color));
    }
  }
}

/** A game's end as the board page says it: "1-0: White wins by resignation." */
function endWords(result, reason) {
  const known = reason && hasWords(`reason_${reason}`) ? reason : undefined;
  return resultWords({ result, reason: known }, lang);
}

function draw(n) {
  const entry = boards.get(n);
  const b = entry.data;
  let card = entry.el;
  if (!card) {
    card = document.createElement('article');
    card.className = 'card';
    card.dataset.board = n;
    entry.el = card;
    const main = $('main');
    const after = [...main.children].find((c) => Number(c.dataset.board) > n);
    main.insertBefore(card, after ?? null);
  }
  card.dataset.plies = b.plies;
  card.setAttribute('aria-label', w('hall_card', { n, white: b.white, black: b.black }));
  // The field the arbiter is typing in, on this card's panel: should the panel be made again
  // below, the field that takes its place gets the keyboard back, cursor and all.
  const typing = typingIn(entry.actions);
  // The card's parts in order, made again, or kept as they were where they hold the arbiter's
  // buttons and have not changed (see `placeParts`).
  const made = [];
  const put = (...nodes) => made.push(...nodes);
  // The heading holds the board's link, the tools row the flip: made afresh, and the ones in the
  // page kept while they are the same, so that a click on them is never lost (see `placeParts`).
  put(unchanged(entry, 'heading', (() => {
    const power = b.connected ? b.battery : null;
    const h = document.createElement('h2');
    const link = document.createElement('a');
    link.href = `/board/${n}${lang === 'en' ? '' : `?lang=${lang}`}`;
    link.textContent = w('hall_board', { n });
    h.append(link);
    const link2 = document.createElement('span');
    link2.className = b.connected ? 'online' : 'offline';
    link2.dataset.connected = String(!!b.connected);
    link2.textContent = b.connected ? w('hall_connected') : w('hall_not_connected');
    link2.title = w('hall_source', { source: b.port || b.source });
    h.append(link2);
    // What the board and its clock say of their batteries, while the board is connected and
    // either has said something (a board on a cable without a clock says nothing).
    if (power?.percent != null) {
      const cell = document.createElement('span');
      cell.className = 'hall_battery';
      cell.dataset.battery = String(power.percent);
      if (power.percent <= 20 && !power.charging) cell.dataset.low = '';
      cell.textContent = w(power.charging ? 'hall_battery_charging' : 'hall_battery', { percent: power.percent });
      cell.title = w('hall_battery_label', { percent: power.percent });
      h.append(cell);
    }
    if (power?.clock_low) {
      const cell = document.createElement('span');
      cell.className = 'hall_battery';
      cell.dataset.clockBattery = 'low';
      cell.dataset.low = '';
      cell.textContent = w('hall_clock_battery_low');
      cell.title = w('hall_clock_battery_label');
      h.append(cell);
    }
    return h;
  })()));
  // The card turned round on this screen, as the arbiter stands at the board (LiveChess's
  // flip); the board's own rotation, when it tells one, is said beside it.
  const flipped = flips.has(String(n));
  const tools = unchanged(entry, 'tools', (() => {
    const tools = document.createElement('div');
    tools.className = 'tools-row';
    const flip = button(w('hall_flip'), () => {
      if (flips.has(String(n))) flips.delete(String(n));
      else flips.add(String(n));
      try {
        localStorage.setItem(FLIP_KEY, JSON.stringify([...flips]));
      } catch {
        // this visit only
      }
      draw(n);
    });
    flip.dataset.control = 'flip';
    flip.setAttribute('aria-pressed', String(flipped));
    flip.title = w('hall_flip_label', { n });
    tools.append(flip);
    if (b.orientation === 'rotated') {
      const r = document.createElement('span');
      r.className = 'rotated';
      r.textContent = w('hall_board_rotated');
      tools.append(r);
    }
    tools.append(`${w('hall_source', { source: b.source })}`);
    return tools;
  })());
  const player = (color, name) => {
    const row = document.createElement('div');
    row.className = 'player';
    row.dataset.player = color;
    // The whole name, wrapped where it must be: pairings' "Surname, Given names" are long.
    const who = document.createElement('span');
    who.className = 'name';
    const mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = color === 'white' ? '○\u00a0' : '●\u00a0';
    who.append(mark, name);
    who.title = `${sideName(color, lang)}: ${name}`;
    const clock = document.createElement('span');
    clock.className = 'clock';
    clock.dataset.clock = color;
    clock.setAttribute('aria-label', w(CLOCK_WORDS[color]));
    if (b.clock.running === color && !b.result) clock.dataset.running = '';
    clock.textContent = clockText(remaining(entry, color));
    row.append(who, clock);
    return row;
  };
  if (flipped) put(player('white', b.white), miniBoard(b.fen, true), player('black', b.black));
  else put(player('black', b.black), miniBoard(b.fen), player('white', b.white));
  card.dataset.flipped = String(flipped);
  const line = document.createElement('div');
  line.className = 'line';
  if (b.forfeit) {
    // Lost by forfeit, both players perhaps (then no result): the marks the round's lists write.
    const r = document.createElement('span');
    r.className = 'result';
    r.dataset.result = FORFEIT_MARKS[b.forfeit];
    r.textContent = `${shownMarks(FORFEIT_MARKS[b.forfeit])} ${w('hall_forfeit_result', { absent: b.forfeit })}`;
    line.append(r);
  } else if (b.result) {
    const r = document.createElement('span');
    r.className = 'result';
    r.dataset.result = b.result;
    r.textContent = endWords(b.result, b.reason);
    line.append(r);
  } else {
    let first = w('hall_not_started');
    if (b.plies) first = w('hall_last_move', { side: sideName(b.side_to_move, lang), number: `${b.last_number}${b.last_by === 'white' ? '.' : '…'}`, san: b.last_san });
    else if (b.started) first = w('hall_first_move', { side: sideName(b.side_to_move, lang) });
    const parts = [first];
    if (b.draw_offer) parts.push(w('hall_draw_offer', { side: sideName(b.draw_offer, lang) }));
    if (b.pending_claim) parts.push(w('hall_claim_waits'));
    line.textContent = parts.join(' ');
  }
  put(line);
  if (b.adjourned) {
    const adj = document.createElement('p');
    adj.className = 'adjourned';
    adj.dataset.adjourned = b.adjourned.resumed ? 'resumed' : 'sealed';
    const here = ['white', 'black'].filter((c) => b.adjourned.arrived?.[c]).map((c) => sideName(c, lang));
    adj.textContent = b.adjourned.resumed
      ? w('hall_adjourned_resumed', { present: here.length ? here.join(', ') : w('hall_nobody') })
      : w('hall_adjourned');
    put(adj);
  }
  if (b.sealing) {
    // The sealed move is hidden (the card shows the game's position, never the board's).
    const sealing = document.createElement('p');
    sealing.className = 'sealing';
    sealing.dataset.sealing = b.sealing;
    sealing.textContent = sealingWords(w, b.sealing, sideName(b.side_to_move, lang));
    put(sealing);
  }
  // The squares the arbiter sets up once he set the game's position: his to see, not the room's.
  const toSet = token ? toSetNote(w, b.to_set, article('position')) : null;
  if (toSet) put(toSet);
  if (b.proposed) put(lasting(entry, 'proposal', `${b.proposed.result} ${!!token}`, () => proposal(n, b.proposed)));
  if (b.pending_claim && token) {
    const c = b.pending_claim;
    put(lasting(entry, 'claim', `${c.player} ${c.claim}`, () => {
      const claim = document.createElement('div');
      claim.className = 'proposal';
      claim.append(w('hall_claim_for_you', { side: sideName(c.player, lang), claim: t(`claim_${c.claim}`, {}, lang) }), ' ',
        button(w('hall_accept'), () => act(n, { event: { type: 'arbiter', decision: { kind: 'accept' } } }, claim)),
        button(w('hall_reject'), () => act(n, { event: { type: 'arbiter', decision: { kind: 'reject' } } }, claim)));
      return claim;
    }));
  }
  put(tools);
  // The arbiter's controls are made once a card (and again in another language, or with the
  // seats' links come), so what he is typing survives the updates; a panel he opened stays open.
  if (token) {
    if (entry.actions?.dataset.lang !== lang) {
      const old = entry.actions;
      const open = !!old?.open;
      entry.actions = actions(n, b);
      entry.actions.open = open;
      carryTyping(old, entry.actions, typing);
    }
    put(entry.actions);
  }
  placeParts(card, made);
  // A part no longer drawn is forgotten: one that comes again is made afresh.
  for (const [name, part] of entry.parts ?? []) if (!part.el.isConnected) entry.parts.delete(name);
  if (token) {
    entry.actions.refresh(b);
    typing?.restore();
  }
}

/**
 * Board `entry`'s part `name` as it was last drawn while its `key` (what it says, and the
 * page's language) is the same, else made again by `make`: a part with the arbiter's buttons
 * stays in the page across the card's redraws, so that a click on it is never lost (see
 * `placeParts`), and what his action answered in it stays shown.
 */
function lasting(entry, name, key, make) {
  entry.parts ??= new Map();
  const full = `${lang} ${key}`;
  const had = entry.parts.get(name);
  // A refusal said in it took its buttons' place: made again, the arbiter can try again.
  if (had?.key === full && !('error' in had.el.dataset)) return had.el;
  const el = make();
  entry.parts.set(name, { key: full, el });
  return el;
}

/**
 * Board `entry`'s part `name` as it stands in the page when `fresh`, made for this draw, is the
 * same node (`isEqualNode`: the same text and attributes); else `fresh`. For parts whose
 * controls write nothing into them (a link, the flip): what they say decides, with no key to
 * keep in step with it.
 */
function unchanged(entry, name, fresh) {
  entry.parts ??= new Map();
  const had = entry.parts.get(name)?.el;
  if (had?.isEqualNode(fresh)) return had;
  entry.parts.set(name, { el: fresh });
  return fresh;
}

/**
 * Puts `parts` in `card`, in order, without taking out any of them that is already there: a
 * node taken out of the page between the press of a mouse button and its release loses the
 * click (Chromium sends none), and the hall draws a live board's card again many times a
 * minute. The parts already there are in the order wanted (each comes back in its place);
 * the others are removed, and the new ones put in around them.
 */
function placeParts(card, parts) {
  const wanted = new Set(parts);
  for (const node of [...card.childNodes]) if (!wanted.has(node)) node.remove();
  let next = null;
  for (let i = parts.length - 1; i >= 0; i--) {
    if (parts[i].parentNode !== card) card.insertBefore(parts[i], next);
    next = parts[i];
  }
}


/** The panel's fields, in order: the same form each time a panel is made (only the seats'
 * links and the language differ, and they hold no field). */
const fieldsOf = (panel) => [...panel.querySelectorAll('input, select, textarea')];

/** The field of `panel` that has the keyboard, where its cursor stands, and how to give them
 * back (to it, or to the field that takes its place: [`carryTyping`]). */
function typingIn(panel) {
  const field = panel?.contains(document.activeElement) ? document.activeElement : null;
  if (!field) return null;
  let cursor = null;
  try {
    cursor = [field.selectionStart, field.selectionEnd];
  } catch {
    // a field without a text cursor (a list)
  }
  const typing = {
    field,
    at: fieldsOf(panel).indexOf(field),
    restore: () => {
      typing.field.focus({ preventScroll: true });
      if (cursor?.[0] != null) typing.field.setSelectionRange(...cursor);
    },
  };
  return typing;
}

/** A panel made again (the seats' links came, the language changed) takes what the arbiter had
 * typed in the one it replaces, with the marks of the fields he edited (a field that follows
 * the game is then refreshed from it unless he edited it) and the field he was typing in. */
function carryTyping(from, to, typing) {
  if (!from) return;
  const was = fieldsOf(from);
  const now = fieldsOf(to);
  if (was.length !== now.length) return;
  now.forEach((field, k) => {
    field.value = was[k].value;
    if ('edited' in was[k].dataset) {
      field.dataset.edited = '';
      field.setAttribute('aria-description', w('hall_edited_label'));
    }
  });
  if (typing && typing.at >= 0) typing.field = now[typing.at];
}

/** The kings' result signal: a proposal, confirmed or set aside by the arbiter. */
function proposal(n, p) {
  const box = document.createElement('div');
  box.className = 'proposal';
  box.dataset.proposed = p.result;
  box.textContent = `${endWords(p.result)} ${w('hall_signal')} `;
  if (token) {
    box.append(button(w('hall_confirm'), () => act(n, { result: p.result }, box)),
      button(w('hall_set_aside'), () => act(n, { dismiss: true }, box)));
  } else {
    box.append(w('hall_signal_waits'));
  }
  return box;
}

/** "Board 2: Verdi, Carla – Bianchi, Dario": the title of every question about a board. */
function boardTitle(n) {
  const b = boards.get(n)?.data;
  return w('hall_confirm_title', { n, white: b?.white ?? '', black: b?.black ?? '' });
}

/** The article a control rests on, in the event's edition (the bridge's, from the core). */
const article = (id) => event?.articles?.[id] ?? '';

/** The score's name of the move that ends ply `ply` of board `b`'s game, or the start. */
function plyName(entry, ply) {
  if (!ply) return w('hall_restore_start');
  const { sans, start_number: first = 1, start_black: blackFirst = false } = entry.data;
  const san = sans?.[ply - 1];
  const half = ply - 1 + (blackFirst ? 1 : 0);
  const number = first + Math.floor(half / 2);
  const white = half % 2 === 0;
  return san ? `${number}${white ? '.' : '…'} ${san}` : w('hall_restore_ply', { ply });
}

/** What the undo takes back, in words. */
function undoWhat(u) {
  if (u.kind === 'result') return w('hall_undo_result', { result: u.result.replaceAll('1/2', '½') });
  return w(UNDO_WORDS[u.kind]);
}

/** What the undo's confirmation says follows: for a restore, the moves brought back and the
 * clocks as they read before it. */
function undoLine(u) {
  const what = undoWhat(u);
  if (u.kind === 'result') return w('hall_confirm_undo_result', { what, article: article('result') });
  if (u.kind === 'forfeit') return w('hall_confirm_undo_forfeit', { what, article: article('forfeit') });
  if (u.kind === 'position') return w('hall_confirm_undo_position', { what, fen: u.fen, article: article('position') });
  if (u.kind === 'restore') {
    return w('hall_confirm_undo_restore', {
      what,
      count: u.moves.length,
      moves: u.moves.join(' '),
      white: clockText(u.white_ms),
      black: clockText(u.black_ms),
      article: article('restore'),
    });
  }
  return w('hall_confirm_undo', { what, article: article('clocks') });
}

/** An input that follows the game until the arbiter types in it; then it is marked as his and
 * kept (and alone sent) until sent or put back. */
function followingInput(id, label) {
  const i = document.createElement('input');
  i.type = 'text';
  i.dataset.field = id;
  i.setAttribute('aria-label', label);
  i.addEventListener('input', () => {
    i.dataset.edited = '';
    i.setAttribute('aria-description', w('hall_edited_label'));
  });
  return i;
}

function clearEdit(i) {
  delete i.dataset.edited;
  i.removeAttribute('aria-description');
}

function actions(n, b) {
  const d = document.createElement('details');
  d.className = 'act';
  d.dataset.lang = lang;
  const s = document.createElement('summary');
  s.textContent = w('arbiter');
  d.append(s);
  const answer = document.createElement('div');
  answer.className = 'answer';
  answer.setAttribute('role', 'status');
  const row = (...items) => {
    const r = document.createElement('div');
    r.append(...items);
    d.append(r);
    return r;
  };
  const cite = (id) => {
    const c = document.createElement('span');
    c.className = 'law';
    c.dataset.law = id;
    return c;
  };
  // Start and the clocks: what applies now is shown (refresh below).
  const start = button(w('hall_start'), () => act(n, { event: { type: 'start' } }, answer));
  start.dataset.control = 'start';
  const stop = button(w('hall_stop_clocks'), () => act(n, { event: { type: 'arbiter', decision: { kind: 'stop_clock' } } }, answer));
  stop.dataset.control = 'stop';
  const restart = button(w('hall_restart_clocks'), () => act(n, { event: { type: 'arbiter', decision: { kind: 'start_clock' } } }, answer));
  restart.dataset.control = 'restart';
  const clockRow = row(start, stop, restart, cite('start'));
  const undo = button('', async () => {
    const u = boards.get(n)?.data.undo;
    if (!u) return;
    const sure = await confirmAction(w, {
      n, kind: 'undo', title: boardTitle(n),
      lines: [undoLine(u)],
      yes: w('hall_undo_button', { what: undoWhat(u) }),
    });
    if (sure) act(n, { undo: true }, answer, () => w('hall_undone', { what: undoWhat(u) }));
  });
  undo.dataset.control = 'undo';
  const undoRow = row(undo);
  row(w('hall_result'), ...['1-0', '1/2-1/2', '0-1'].map((r) => {
    const shown = r.replaceAll('1/2', '½');
    const x = button(shown, async () => {
      const sure = await confirmAction(w, {
        n, kind: 'result', title: boardTitle(n),
        lines: [endWords(r), w('hall_confirm_result', { result: shown, article: article('result') })],
        yes: w('hall_confirm_result_button', { result: shown }),
      });
      if (sure) act(n, { result: r }, answer);
    });
    x.setAttribute('aria-label', w('hall_result_button', { result: shown }));
    x.title = endWords(r);
    x.dataset.record = r;
    return x;
  }), cite('result'));
  // A game lost by forfeit, before its first move: who was absent is asked in the dialog.
  const forfeit = button(w('hall_forfeit'), async () => {
    const data = boards.get(n)?.data;
    if (!data) return;
    const absent = await askForfeit({
      w,
      confirm: (options) => confirmAction(w, options),
      n,
      title: boardTitle(n),
      white: data.white,
      black: data.black,
      article: article('forfeit'),
      before: null,
    });
    if (!absent) return;
    act(n, { event: { type: 'arbiter', decision: { kind: 'forfeit', absent } } }, answer,
      () => w('hall_forfeit_recorded', { n, result: shownMarks(FORFEIT_MARKS[absent]) }));
  });
  forfeit.dataset.control = 'forfeit';
  forfeit.setAttribute('aria-label', w('hall_forfeit_label', { n }));
  const forfeitRow = row(forfeit, cite('forfeit'));
  const white = followingInput('white', w('hall_clock_input_white'));
  const black = followingInput('black', w('hall_clock_input_black'));
  const setClocks = button(w('hall_set'), async () => {
    const edited = [white, black].filter((i) => 'edited' in i.dataset);
    if (!edited.length) {
      say(answer, w('hall_clock_none_edited'), true);
      return;
    }
    const change = {};
    for (const i of edited) {
      const ms = parseClock(i.value);
      if (ms == null) {
        say(answer, w('hall_clock_format'), true);
        i.focus();
        return;
      }
      change[i.dataset.field] = ms;
    }
    const entry = boards.get(n);
    const lines = ['white', 'black'].map((c) => (c in change
      ? w('hall_confirm_clock_side', { side: sideName(c, lang), from: clockText(remaining(entry, c)), to: clockText(change[c]) })
      : w('hall_confirm_clock_same', { side: sideName(c, lang), now: clockText(remaining(entry, c)) })));
    const sure = await confirmAction(w, {
      n, kind: 'clocks', title: boardTitle(n),
      lines: [...lines, w('hall_confirm_clocks', { article: article('clocks') })],
      yes: w('hall_confirm_clocks_button'),
    });
    if (!sure) return;
    const done = await act(n, { set_clock: change }, answer);
    if (done) for (const i of edited) clearEdit(i);
  });
  row(w('hall_clocks'), white, black, setClocks, cite('clocks'));
  const ply = followingInput('ply', w('hall_restore_input'));
  ply.inputMode = 'numeric';
  ply.dataset.ply = '';
  row(w('hall_restore'), ' ', ply, button(w('hall_restore_button'), async () => {
    const entry = boards.get(n);
    const to = Number(ply.value);
    const plies = entry.data.plies;
    if (!Number.isInteger(to) || to < 0 || to > plies || ply.value.trim() === '') {
      say(answer, w('hall_restore_format', { plies }), true);
      return;
    }
    const sure = await confirmAction(w, {
      n, kind: 'restore', title: boardTitle(n),
      lines: [w('hall_confirm_restore', { move: plyName(entry, to), count: plies - to, article: article('restore') })],
      yes: w('hall_restore_button'),
    });
    if (!sure) return;
    const done = await act(n, { event: { type: 'arbiter', decision: { kind: 'restore', ply: to } } }, answer);
    if (done) clearEdit(ply);
  }), cite('restore'));
  const touched = document.createElement('input');
  touched.type = 'text';
  touched.size = 3;
  touched.setAttribute('aria-label', w('hall_touch_input'));
  touched.placeholder = 'd2';
  row(w('hall_touch_row'), ' ', touched, button(w('hall_touch_button'), () => {
    const square = touched.value.trim().toLowerCase();
    if (!/^[a-h][1-8]$/.test(square)) {
      say(answer, w('hall_touch_format'), true);
      return;
    }
    act(n, { event: { type: 'arbiter', decision: { kind: 'touch_not_deliberate', square } } }, answer);
  }), cite('touch'));
  const position = positionRows({
    n, w, title: () => boardTitle(n), article, answer, cite,
    fenProblem: (reply) => tableRefusalWords(reply, lang),
    send: (body, answerEl, doneText, refusal) => send(`/board/${n}/position`, body, answerEl, doneText, refusal),
  });
  d.append(...position.rows);
  const seats = seatLinks?.get(String(n));
  if (seats) {
    const links = document.createElement('span');
    links.className = 'seats';
    const drawSeats = () => links.replaceChildren(...['white', 'black', 'assistant'].filter((s) => seats[s]).map((s) => {
      const a = document.createElement('a');
      a.href = seatHref(seats[s].link);
      a.dataset.seat = s;
      a.textContent = w(SCREEN_WORDS[s]);
      const qr = seatQr(n, s, seats[s].key, drawSeats);
      qr.alt = w('hall_qr_label', { screen: w(SCREEN_WORDS[s]) });
      const again = button(w('hall_new_key'), async () => {
        try {
          const r = await fetch('/hall/seats', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
            body: JSON.stringify({ board: Number(n), seat: s }),
          });
          const reply = await r.json().catch(() => ({}));
          answer.dataset.status = String(r.status);
          if (!r.ok) {
            say(answer, refusalText(r.status, reply), true);
            return;
          }
          seats[s] = { key: reply.key, link: reply.link };
          drawSeats();
          say(answer, w('hall_key_reissued', { screen: w(SCREEN_WORDS[s]) }), false);
        } catch {
          say(answer, w('hall_no_answer'), true);
        }
      });
      again.dataset.reissue = s;
      again.setAttribute('aria-label', w('hall_new_key_label', { screen: w(SCREEN_WORDS[s]) }));
      const seat = document.createElement('span');
      seat.className = 'seat';
      seat.dataset.seat = s;
      seat.append(qr, a, again);
      return seat;
    }));
    drawSeats();
    const seatsRow = row(w('hall_seats_row'), ' ', links);
    if (seatsLoopbackOnly) {
      // The codes name this machine's loopback: a phone cannot open them, and says nothing why.
      const note = document.createElement('p');
      note.className = 'note';
      note.dataset.note = 'loopback_only';
      note.textContent = w('hall_seats_loopback_only', { listen: '--listen 0.0.0.0:8080' });
      seatsRow.append(note);
    }
  }
  // The adjournment, from the seal to the opened envelope.
  const seal = button(w('hall_seal_button'), async () => {
    const data = boards.get(n).data;
    const passphrase = await askPassphrase(w, {
      n, title: boardTitle(n),
      explain: w('hall_seal_explain', { side: sideName(data.side_to_move, lang), article: article('seal') }),
      ask: w('hall_seal_ask'),
    });
    if (passphrase === null) return;
    const made = [];
    const done = await act(n, { seal_on_board: { passphrase } }, answer, (a) => {
      if (a.passphrase) made.push(a.passphrase);
      return w('hall_seal_asked', { side: sideName(a.sealer, lang) });
    });
    if (done && made.length) await showPassphrase(w, { n, passphrase: made[0] });
  });
  seal.dataset.control = 'seal';
  const resume = button(w('hall_resume_button'), () => act(n, { event: { type: 'resume' } }, answer));
  resume.dataset.control = 'resume';
  const arrive = ['white', 'black'].map((c) => {
    const x = button(w('hall_arrive_button', { side: sideName(c, lang) }), () => act(n, { event: { type: 'arrive', player: c } }, answer));
    x.dataset.control = `arrive-${c}`;
    return x;
  });
  const open = button(w('hall_open_button'), async () => {
    const passphrase = await askPassphrase(w, {
      n, kind: 'open', title: boardTitle(n),
      explain: w('hall_open_explain', { article: article('open') }),
      ask: w('hall_open_ask'),
    });
    if (passphrase === null) return;
    act(n, { event: { type: 'open', passphrase } }, answer);
  });
  open.dataset.control = 'open';
  const sealRow = row(w('hall_seal_row'), ' ', seal, resume, ...arrive, open, cite('seal'));
  d.append(answer);

  /** Shows what applies to the game as it stands, and the fields the arbiter has not edited
   * as the game has them now. */
  d.refresh = (data) => {
    const over = !!data.result || !!data.forfeit;
    forfeitRow.hidden = over || data.plies > 0 || !!data.adjourned;
    start.hidden = data.started || over;
    stop.hidden = !data.started || over || !data.clock.running;
    restart.hidden = !data.started || over || !!data.clock.running || !!data.adjourned;
    // A position set is undone only before the first move (the core refuses it after).
    undoRow.hidden = !data.undo || (data.undo.kind === 'position' && data.plies > 0);
    if (data.undo) undo.textContent = w('hall_undo_button', { what: undoWhat(data.undo) });
    if (!('edited' in ply.dataset)) ply.value = String(data.plies);
    const adj = data.adjourned;
    seal.hidden = !!adj || over || !data.started;
    resume.hidden = !adj || adj.resumed;
    for (const [i, c] of ['white', 'black'].entries()) {
      arrive[i].hidden = !adj?.resumed;
      arrive[i].disabled = !!adj?.arrived?.[c];
    }
    open.hidden = !adj?.resumed;
    // A row with nothing to do now is not shown at all (its label and article alone say nothing).
    clockRow.hidden = start.hidden && stop.hidden && restart.hidden;
    sealRow.hidden = seal.hidden && resume.hidden && open.hidden && arrive.every((x) => x.hidden);
    position.refresh(data);
    for (const c of d.querySelectorAll('[data-law]')) {
      const text = article(c.dataset.law);
      c.textContent = text ? `(${text})` : '';
    }
    d.tickClocks();
  };
  /** The clock fields the arbiter has not edited show the clocks as they run. */
  d.tickClocks = () => {
    const entry = boards.get(n);
    if (!entry) return;
    for (const [i, c] of [[white, 'white'], [black, 'black']]) {
      if (!('edited' in i.dataset)) i.value = clockText(remaining(entry, c));
    }
  };
  return d;
}

function parseClock(text) {
  const parts = text.trim().split(':').map(Number);
  if (!parts.length || parts.length > 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return null;
  return parts.reduce((acc, p) => acc * 60 + p, 0) * 1000;
}


/** The bridge's refusal in the page's words, by its status; a game's refusal quotes the
 * core's reason. */
function refusalText(status, answer) {
  if (status === 403) return w('hall_refused_rights');
  if (status === 429) return w('hall_refused_wait', { s: answer.retry_after ?? '' });
  if (status === 404) return w('hall_refused_board');
  if (status === 400) return w('hall_refused_request');
  if (status === 409) {
    // The core's message id: said in the page's language; the English text only for an id
    // no table has.
    const english = String(answer.error ?? '').replace(/^refused by the game: /, '');
    if (answer.id === 'pieces_not_back') return w('hall_refused_pieces_not_back');
    if (answer.id === 'seal_refused') return w('hall_refused_seal', { why: english });
    if (answer.id === 'nothing_to_undo') return w('hall_refused_nothing_to_undo');
    const why = answer.id ? tableRefusalWords({ id: answer.id, player: answer.player, message: english }, lang) : english;
    return w('hall_refused_game', { why });
  }
  return w('hall_refused_other', { status });
}

/** Sends the arbiter's `body` for board `n`; says the answer in `answerEl`: `doneText` of
 * the bridge's answer when taken (by default "Done."), the refusal otherwise. */
function act(n, body, answerEl, doneText = () => w('hall_done')) {
  return send(`/board/${n}/arbiter`, body, answerEl, doneText);
}

/** Sends the arbiter's `body` to `path`, saying the answer as `act` does; `refusal(status,
 * answer)` says a refusal of its own in words (null: the general words). */
async function send(path, body, answerEl, doneText, refusal = () => null) {
  try {
    const r = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = await r.json().catch(() => ({}));
    answerEl.dataset.status = String(r.status);
    if (r.ok) say(answerEl, doneText(answer), false);
    else say(answerEl, refusal(r.status, answer) ?? refusalText(r.status, answer), true);
    return r.ok;
  } catch {
    say(answerEl, w('hall_no_answer'), true);
    return false;
  }
}

// ---------- which page this is ----------

// The board page's words and the language's tables before anything is drawn: a German page
// never shows an English word first. The hall says results and refusals from the start: every
// English word too (an English hall's, and the fallback of the others').
await loadHallLanguage(lang);
relabel();
if (boardPath) {
  const n = boardPath[1];
  const query = new URLSearchParams(location.search);
  const seat = query.get('seat');
  const key = query.get('key');
  const live = `${wsBase}/board/${n}/ws`;
  if (['white', 'black', 'assistant'].includes(seat ?? '')) {
    // A seat is the full page's player screen, joined to this board's game, in this language,
    // with the seat's key its link carries (without one the bridge seats it as a spectator).
    const keyed = key ? `&key=${encodeURIComponent(key)}` : '';
    location.replace(`/index.html?seat=${seat}&live=${encodeURIComponent(live)}&lang=${lang}${keyed}`);
  } else {
    showBoard(n, live);
    // A seat's link of a round that has ended, sent here by the seat's screen: said plainly
    // above the board, which he now watches, with a way to his new seat.
    const endedSeat = query.get('ended_seat');
    const endedRound = query.get('ended_round');
    if (['white', 'black', 'assistant'].includes(endedSeat ?? '') && /^\d{1,4}$/.test(endedRound ?? '')) {
      const again = showSeatEnded(w, { n, seat: endedSeat, round: Number(endedRound), lang: () => lang, place: $('main') });
      const board = redraw;
      redraw = () => {
        board();
        again();
      };
    }
  }
} else {
  showHall();
}
