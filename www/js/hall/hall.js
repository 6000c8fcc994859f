// The hall page: every board of the round, small and live (pieces, clocks, names, result),
// from the bridge's /hall/ws stream; each opens /board/N, that board's own live page. With the
// arbiter's token (printed by the bridge when it starts) the arbiter acts on any board from
// here: a result (confirming the kings' result signal), the clocks, a restore, a claim, the
// sealed move made on the board (App. A1).
// Everything shown is what the bridge's games say; nothing is decided here. Every word is
// said in the page's language: the hall's own words from ./words.js, a game's result, its
// reason, the sides and the claims in the board page's words (../words.js).

import { LANGUAGES, chosenLanguage, words } from './words.js';
import { hasWords, loadSentences, loadWords, resultWords, sideName, t, tableRefusalWords } from '../words.js';
import { pushLines } from './push.js';
import { askPassphrase, sealingWords } from './seal.js';

const $ = (id) => document.getElementById(id);
const wsBase = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
const GLYPH = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const LANG_KEY = 'arbiter.lang';

const boardPath = /^\/board\/(\d+)\/?$/.exec(location.pathname);

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
const w = (id, params) => words(id, params, lang);

/** The static page's words (hall.html marks them by id) in the page's language. */
function relabel() {
  document.documentElement.lang = lang;
  document.title = `${w('hall')} — Arbiter`;
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
  await loadSentences(code);
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
  redraw();
});

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

function miniBoard(fen) {
  const grid = document.createElement('div');
  grid.className = 'mini';
  grid.setAttribute('role', 'img');
  const pieces = [];
  squares(fen).forEach((p, i) => {
    const cell = document.createElement('span');
    const file = i % 8;
    const rank = 7 - Math.floor(i / 8);
    cell.className = (file + rank) % 2 ? 'l' : 'd';
    if (p && GLYPH[p.toLowerCase()]) {
      cell.textContent = GLYPH[p.toLowerCase()];
      if (p === p.toUpperCase()) cell.classList.add('w');
      pieces.push(w(`piece_${p}`, { square: `${'abcdefgh'[file]}${rank + 1}` }));
    }
    grid.append(cell);
  });
  grid.setAttribute('aria-label', w('position', { count: pieces.length, list: pieces.join(', ') }));
  return grid;
}

// ---------- the board's own page (/board/N) ----------


function showBoard(n, live) {
  $('token-form').hidden = true;
  const main = $('main');
  main.className = 'one';
  const nav = document.createElement('nav');
  const el = document.createElement('arbiter-board');
  el.setAttribute('live', live);
  el.setAttribute('data-board', n);
  el.setAttribute('lang', lang);
  main.append(nav, el);
  let hall = null;
  redraw = () => {
    document.title = w('board_title', { n });
    main.setAttribute('aria-label', w('board', { n }));
    el.setAttribute('lang', lang);
    nav.replaceChildren(...[
      ['/', 'back'],
      [`/board/${n}?seat=white`, 'screen_white'],
      [`/board/${n}?seat=black`, 'screen_black'],
      [`/board/${n}?seat=assistant`, 'screen_assistant'],
      [`/board/${n}/games.pgn`, 'pgn'],
      [`/board/${n}/events.jsonl`, 'event_log'],
    ].map(([href, id]) => {
      const a = document.createElement('a');
      a.href = lang === 'en' || !href.includes('seat=') ? href : `${href}&lang=${lang}`;
      a.textContent = w(id);
      return a;
    }));
    const b = hall?.boards.find((x) => String(x.number) === n);
    $('event').textContent = hall ? w('board_heading', { event: hall.event.name, n }) : w('board', { n });
    $('meta').textContent = b ? w('board_meta', { white: b.white, black: b.black, round: hall.event.round }) : '';
  };
  redraw();
  fetch('/hall.json').then((r) => r.json()).then((h) => {
    hall = h;
    redraw();
  }).catch(() => {});
  $('status').textContent = '';
  // The element beside this file, wherever the site keeps the page's folder (not bundled in:
  // the element is its own entry, shared with the other pages).
  import(new URL('../arbiter-board.js', import.meta.url).href).catch(() => {
    $('status').textContent = w('board_failed');
  });
}

// ---------- the hall (/) ----------

/** The hall's event, the push's state and the bridge's clock against this page's. */
let event = null;
let push = null;
let skew = 0;

function showHall() {
  redraw = () => {
    showEvent();
    showStatus(statusWords);
    for (const [n] of boards) draw(n);
    showPush();
  };
  showStatus(statusWords);
  connect(0);
  setInterval(tick, 250);
  setInterval(showPush, 1000);
}

function showEvent() {
  if (!event) return;
  $('event').textContent = event.name;
  document.title = w('doc_title', { event: event.name, round: event.round });
  $('meta').textContent = [event.site, event.date, w('round', { round: event.round }), event.time_control,
    w('laws', { edition: event.edition })].filter(Boolean).join(' · ');
}

/** The connection's state, as a message id and its values (none once connected). */
let statusWords = { id: 'connecting' };
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
      push = m.push ?? null;
      showPush();
    } else if (m.type === 'board') {
      take(m.board);
    } else if (m.type === 'push') {
      push = m.push;
      showPush();
    }
  };
  ws.onclose = () => {
    const wait = Math.min(10_000, 500 * 2 ** attempt);
    showStatus({ id: 'not_answering', s: Math.round(wait / 1000) });
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
  $('push-title').textContent = w('push_title');
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
  boards.set(b.number, { data: b, at: performance.now(), el: known?.el, actions: known?.actions });
  draw(b.number);
}

function remaining(entry, color) {
  const { data, at } = entry;
  const ms = data.clock[`${color}_ms`];
  return data.clock.running === color && !data.result ? ms - (performance.now() - at) : ms;
}

function tick() {
  for (const [, entry] of boards) {
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
  card.setAttribute('aria-label', w('card', { n, white: b.white, black: b.black }));
  card.replaceChildren();
  const h = document.createElement('h2');
  const link = document.createElement('a');
  link.href = `/board/${n}${lang === 'en' ? '' : `?lang=${lang}`}`;
  link.textContent = w('board', { n });
  h.append(link);
  if (!b.connected) {
    const off = document.createElement('span');
    off.className = 'offline';
    off.textContent = w('not_connected');
    h.append(off);
  }
  card.append(h);
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
    clock.setAttribute('aria-label', w(`clock_${color}`));
    if (b.clock.running === color && !b.result) clock.dataset.running = '';
    clock.textContent = clockText(remaining(entry, color));
    row.append(who, clock);
    return row;
  };
  card.append(player('black', b.black), miniBoard(b.fen), player('white', b.white));
  const line = document.createElement('div');
  line.className = 'line';
  if (b.result) {
    const r = document.createElement('span');
    r.className = 'result';
    r.dataset.result = b.result;
    r.textContent = endWords(b.result, b.reason);
    line.append(r);
  } else {
    const parts = [b.plies
      ? w('last_move', { side: sideName(b.side_to_move, lang), number: `${b.last_number}${b.last_by === 'white' ? '.' : '…'}`, san: b.last_san })
      : w('not_started')];
    if (b.draw_offer) parts.push(w('draw_offer', { side: sideName(b.draw_offer, lang) }));
    if (b.pending_claim) parts.push(w('claim_waits'));
    line.textContent = parts.join(' ');
  }
  card.append(line);
  if (b.sealing) {
    // The sealed move is hidden (the card shows the game's position, never the board's).
    const sealing = document.createElement('p');
    sealing.className = 'sealing';
    sealing.dataset.sealing = b.sealing;
    sealing.textContent = sealingWords(w, b.sealing, sideName(b.side_to_move, lang));
    card.append(sealing);
  }
  if (b.proposed) card.append(proposal(n, b.proposed));
  if (b.pending_claim && token) {
    const claim = document.createElement('div');
    claim.className = 'proposal';
    const c = b.pending_claim;
    claim.append(w('claim_for_you', { side: sideName(c.player, lang), claim: t(`claim_${c.claim}`, {}, lang) }), ' ',
      button(w('accept'), () => act(n, { event: { type: 'arbiter', decision: { kind: 'accept' } } }, claim)),
      button(w('reject'), () => act(n, { event: { type: 'arbiter', decision: { kind: 'reject' } } }, claim)));
    card.append(claim);
  }
  // The arbiter's controls are made once a card (and again in another language), so what he
  // is typing survives the updates.
  if (token) {
    if (entry.actions?.dataset.lang !== lang) entry.actions = actions(n, b);
    entry.actions.querySelector('[data-ply]').max = String(b.plies);
    card.append(entry.actions);
  }
}

/** The kings' result signal: a proposal, confirmed or set aside by the arbiter. */
function proposal(n, p) {
  const box = document.createElement('div');
  box.className = 'proposal';
  box.dataset.proposed = p.result;
  box.textContent = `${endWords(p.result)} ${w('signal')} `;
  if (token) {
    box.append(button(w('confirm'), () => act(n, { result: p.result }, box)),
      button(w('set_aside'), () => act(n, { dismiss: true }, box)));
  } else {
    box.append(w('signal_waits'));
  }
  return box;
}

function button(text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
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
  };
  row(w('result'), ...['1-0', '1/2-1/2', '0-1'].map((r) => {
    const shown = r.replace('1/2', '½');
    const x = button(shown, () => act(n, { result: r }, answer));
    x.setAttribute('aria-label', w('result_button', { result: shown }));
    x.title = endWords(r);
    return x;
  }));
  const clockInput = (id, ms) => {
    const i = document.createElement('input');
    i.type = 'text';
    i.inputMode = 'numeric';
    i.value = clockText(ms);
    i.setAttribute('aria-label', w(id));
    return i;
  };
  const white = clockInput('clock_input_white', b.clock.white_ms);
  const black = clockInput('clock_input_black', b.clock.black_ms);
  row(w('clocks'), white, black, button(w('set'), () => {
    const wm = parseClock(white.value);
    const bm = parseClock(black.value);
    if (wm == null || bm == null) {
      say(answer, w('clock_format'), true);
      return;
    }
    act(n, { event: { type: 'arbiter', decision: { kind: 'set_clock', white: wm, black: bm } } }, answer);
  }));
  const ply = document.createElement('input');
  ply.type = 'number';
  ply.min = '0';
  ply.max = String(b.plies);
  ply.value = String(b.plies);
  ply.dataset.ply = '';
  ply.setAttribute('aria-label', w('restore_input'));
  row(w('restore'), ' ', ply, button(w('restore_button'), () =>
    act(n, { event: { type: 'arbiter', decision: { kind: 'restore', ply: Number(ply.value) } } }, answer)));
  row(w('seal_row'), ' ', button(w('seal_button'), async () => {
    const passphrase = await askPassphrase(w, n);
    if (passphrase === null) return;
    act(n, { seal_on_board: { passphrase } }, answer,
      (a) => w('seal_asked', { side: sideName(a.sealer, lang) }));
  }));
  d.append(answer);
  return d;
}

function parseClock(text) {
  const parts = text.trim().split(':').map(Number);
  if (!parts.length || parts.length > 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return null;
  return parts.reduce((acc, p) => acc * 60 + p, 0) * 1000;
}

function say(el, text, error) {
  el.textContent = text;
  if (error) el.dataset.error = '';
  else delete el.dataset.error;
}

/** The bridge's refusal in the page's words, by its status; a game's refusal quotes the
 * core's reason. */
function refusalText(status, answer) {
  if (status === 403) return w('refused_rights');
  if (status === 404) return w('refused_board');
  if (status === 400) return w('refused_request');
  if (status === 409) {
    // The core's message id: said in the page's language; the English text only for an id
    // no table has.
    const english = String(answer.error ?? '').replace(/^refused by the game: /, '');
    if (answer.id === 'pieces_not_back') return w('refused_pieces_not_back');
    if (answer.id === 'seal_refused') return w('refused_seal', { why: english });
    const why = answer.id ? tableRefusalWords({ id: answer.id, player: answer.player, message: english }, lang) : english;
    return w('refused_game', { why });
  }
  return w('refused_other', { status });
}

/** Sends the arbiter's `body` for board `n`; says the answer in `answerEl`: `doneText` of
 * the bridge's answer when taken (by default "Done."), the refusal otherwise. */
async function act(n, body, answerEl, doneText = () => w('done')) {
  try {
    const r = await fetch(`/board/${n}/arbiter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = await r.json().catch(() => ({}));
    answerEl.dataset.status = String(r.status);
    if (r.ok) say(answerEl, doneText(answer), false);
    else say(answerEl, refusalText(r.status, answer), true);
  } catch {
    say(answerEl, w('no_answer'), true);
  }
}

// ---------- which page this is ----------

// The board page's words and the language's tables before anything is drawn: a German page
// never shows an English word first. The hall says results and refusals from the start: every
// English word too (an English hall's, and the fallback of the others').
await Promise.all([loadSentences(lang), loadWords()]);
relabel();
if (boardPath) {
  const n = boardPath[1];
  const seat = new URLSearchParams(location.search).get('seat');
  const live = `${wsBase}/board/${n}/ws`;
  if (['white', 'black', 'assistant'].includes(seat ?? '')) {
    // A seat is the full page's player screen, joined to this board's game, in this language.
    location.replace(`/index.html?seat=${seat}&live=${encodeURIComponent(live)}&lang=${lang}`);
  } else {
    showBoard(n, live);
  }
} else {
  showHall();
}
