// The hall page: every board of the round, small and live (pieces, clocks, names, result),
// from the bridge's /hall/ws stream; each opens /board/N, that board's own live page. With the
// arbiter's token (printed by the bridge when it starts) the arbiter acts on any board from
// here: a result (confirming the kings' result signal), the clocks, a restore, a claim.
// Everything shown is what the bridge's games say; nothing is decided here.

const $ = (id) => document.getElementById(id);
const wsBase = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
const GLYPH = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const NAME = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const RESULT_WORDS = { '1-0': 'White won', '0-1': 'Black won', '1/2-1/2': 'Draw' };

const boardPath = /^\/board\/(\d+)\/?$/.exec(location.pathname);

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
  for (const [n, entry] of boards) {
    entry.actions = undefined;
    draw(n);
  }
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
  const words = [];
  squares(fen).forEach((p, i) => {
    const cell = document.createElement('span');
    const file = i % 8;
    const rank = 7 - Math.floor(i / 8);
    cell.className = (file + rank) % 2 ? 'l' : 'd';
    if (p) {
      cell.textContent = GLYPH[p.toLowerCase()];
      if (p === p.toUpperCase()) cell.classList.add('w');
      words.push(`${p === p.toUpperCase() ? 'white' : 'black'} ${NAME[p.toLowerCase()]} ${'abcdefgh'[file]}${rank + 1}`);
    }
    grid.append(cell);
  });
  grid.setAttribute('aria-label', `Position: ${words.length} pieces. ${words.join(', ')}`);
  return grid;
}

// ---------- the board's own page (/board/N) ----------

if (boardPath) {
  const n = boardPath[1];
  const seat = new URLSearchParams(location.search).get('seat');
  const live = `${wsBase}/board/${n}/ws`;
  if (['white', 'black', 'assistant'].includes(seat ?? '')) {
    // A seat is the full page's player screen, joined to this board's game.
    location.replace(`/index.html?seat=${seat}&live=${encodeURIComponent(live)}`);
  } else {
    showBoard(n, live);
  }
} else {
  showHall();
}

function showBoard(n, live) {
  document.title = `Arbiter — board ${n}`;
  $('token-form').hidden = true;
  const main = $('main');
  main.className = 'one';
  main.setAttribute('aria-label', `Board ${n}`);
  const nav = document.createElement('nav');
  nav.innerHTML = `<a href="/">← The hall</a>
    <a href="/board/${n}?seat=white">White's screen</a>
    <a href="/board/${n}?seat=black">Black's screen</a>
    <a href="/board/${n}?seat=assistant">Assistant's screen</a>
    <a href="/board/${n}/games.pgn">PGN</a>
    <a href="/board/${n}/events.jsonl">Event log</a>`;
  const el = document.createElement('arbiter-board');
  el.setAttribute('live', live);
  el.setAttribute('data-board', n);
  main.append(nav, el);
  $('event').textContent = `Board ${n}`;
  fetch('/hall.json').then((r) => r.json()).then((hall) => {
    const b = hall.boards.find((x) => String(x.number) === n);
    $('event').textContent = `${hall.event.name}: board ${n}`;
    if (b) $('meta').textContent = `${b.white} – ${b.black} · round ${hall.event.round}`;
  }).catch(() => {});
  $('status').textContent = '';
  import('/js/arbiter-board.js').catch((err) => {
    $('status').textContent = `The board could not be loaded: ${err}`;
  });
}

// ---------- the hall (/) ----------

/** Board number → { data, at (page time the data was received), el }. */
const boards = new Map();

function showHall() {
  connect(0);
  setInterval(tick, 250);
}

function connect(attempt) {
  const ws = new WebSocket(`${wsBase}/hall/ws`);
  ws.onopen = () => {
    attempt = 0;
    $('status').textContent = '';
  };
  ws.onmessage = (e) => {
    let m;
    try {
      m = JSON.parse(e.data);
    } catch {
      return;
    }
    if (m.type === 'hall') {
      const ev = m.event;
      $('event').textContent = ev.name;
      document.title = `${ev.name}, round ${ev.round} — Arbiter`;
      $('meta').textContent = [ev.site, ev.date, `round ${ev.round}`, ev.time_control, `FIDE Laws ${ev.edition}`]
        .filter(Boolean).join(' · ');
      for (const b of m.boards) take(b);
      showPush(m.push);
    } else if (m.type === 'board') {
      take(m.board);
    } else if (m.type === 'push') {
      showPush(m.push);
    }
  };
  ws.onclose = () => {
    const wait = Math.min(10_000, 500 * 2 ** attempt);
    $('status').textContent = `The bridge is not answering; trying again in ${Math.round(wait / 1000)} s.`;
    setTimeout(() => connect(attempt + 1), wait);
  };
}

function showPush(push) {
  const el = $('push');
  if (!push) return;
  el.hidden = false;
  el.dataset.ok = String(push.ok);
  const errors = push.game_errors?.length ? ` Lichess could not read: ${push.game_errors.join('; ')}.` : '';
  el.textContent = push.ok
    ? `Broadcast: ${push.pushed} pushes to Lichess, ${push.games} games taken.${errors}`
    : `Broadcast: the last push failed (${push.error}); trying again in ${Math.round((push.retry_in_ms || 0) / 1000)} s. ${push.pushed} pushes so far.`;
}

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
  card.setAttribute('aria-label', `Board ${n}: ${b.white} against ${b.black}`);
  card.replaceChildren();
  const h = document.createElement('h2');
  const link = document.createElement('a');
  link.href = `/board/${n}`;
  link.textContent = `Board ${n}`;
  h.append(link);
  if (!b.connected) {
    const off = document.createElement('span');
    off.className = 'offline';
    off.textContent = 'board not connected';
    h.append(off);
  }
  card.append(h);
  const player = (color, name) => {
    const row = document.createElement('div');
    row.className = 'player';
    const who = document.createElement('span');
    who.className = 'name';
    who.textContent = `${color === 'white' ? '○' : '●'} ${name}`;
    who.title = name;
    const clock = document.createElement('span');
    clock.className = 'clock';
    clock.dataset.clock = color;
    clock.setAttribute('aria-label', `${color}'s clock`);
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
    r.textContent = `${b.result.replace('1/2', '½')} ${RESULT_WORDS[b.result]}`;
    line.append(r);
  } else {
    const moveNo = Math.floor(b.plies / 2) + 1;
    line.textContent = b.plies
      ? `${Math.ceil(b.plies / 2)}${b.plies % 2 ? '.' : '…'} ${b.last_san} · move ${moveNo}, ${b.side_to_move} to play`
      : 'not started';
    if (b.draw_offer) line.textContent += ` · ${b.draw_offer} offers a draw`;
    if (b.pending_claim) line.textContent += ' · a claim awaits the arbiter';
  }
  card.append(line);
  if (b.proposed) card.append(proposal(n, b.proposed));
  if (b.pending_claim && token) {
    const claim = document.createElement('div');
    claim.className = 'proposal';
    claim.append('A claim awaits you:',
      button('Accept', () => act(n, { event: { type: 'arbiter', decision: { kind: 'accept' } } }, claim)),
      button('Reject', () => act(n, { event: { type: 'arbiter', decision: { kind: 'reject' } } }, claim)));
    card.append(claim);
  }
  // The arbiter's controls are made once a card, so what he is typing survives the updates.
  if (token) {
    entry.actions ??= actions(n, b);
    entry.actions.querySelector('[data-ply]').max = String(b.plies);
    card.append(entry.actions);
  }
}

/** The kings' result signal: a proposal, confirmed or set aside by the arbiter. */
function proposal(n, p) {
  const box = document.createElement('div');
  box.className = 'proposal';
  box.dataset.proposed = p.result;
  box.textContent = `The kings signal ${p.result.replace('1/2', '½')}. `;
  if (token) {
    const yes = button('Confirm', () => act(n, { result: p.result }, box));
    const no = button('Set aside', () => act(n, { dismiss: true }, box));
    box.append(yes, no);
  } else {
    box.append('The arbiter confirms it.');
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
  const s = document.createElement('summary');
  s.textContent = 'Arbiter';
  d.append(s);
  const answer = document.createElement('div');
  answer.className = 'answer';
  answer.setAttribute('role', 'status');
  const row = (...items) => {
    const r = document.createElement('div');
    r.append(...items);
    d.append(r);
  };
  row('Result:', ...['1-0', '1/2-1/2', '0-1'].map((r) =>
    button(r.replace('1/2', '½'), () => act(n, { result: r }, answer))));
  const min = (label, ms) => {
    const i = document.createElement('input');
    i.type = 'text';
    i.inputMode = 'numeric';
    i.value = clockText(ms);
    i.setAttribute('aria-label', label);
    return i;
  };
  const w = min("White's clock (h:mm:ss)", b.clock.white_ms);
  const k = min("Black's clock (h:mm:ss)", b.clock.black_ms);
  row('Clocks:', w, k, button('Set', () => {
    const white = parseClock(w.value);
    const black = parseClock(k.value);
    if (white == null || black == null) {
      say(answer, 'Write the times as h:mm:ss or m:ss.', true);
      return;
    }
    act(n, { event: { type: 'arbiter', decision: { kind: 'set_clock', white, black } } }, answer);
  }));
  const ply = document.createElement('input');
  ply.type = 'number';
  ply.min = '0';
  ply.max = String(b.plies);
  ply.value = String(b.plies);
  ply.dataset.ply = '';
  ply.setAttribute('aria-label', 'Restore the position after this many plies');
  row('Restore after ply', ply, button('Restore', () =>
    act(n, { event: { type: 'arbiter', decision: { kind: 'restore', ply: Number(ply.value) } } }, answer)));
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

async function act(n, body, answerEl) {
  try {
    const r = await fetch(`/board/${n}/arbiter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = await r.json().catch(() => ({}));
    if (r.ok) say(answerEl, 'Done.', false);
    else say(answerEl, answer.error || `refused (${r.status})`, true);
  } catch (err) {
    say(answerEl, `The bridge did not answer: ${err}`, true);
  }
}
