// The round's games on ordinary boards: a round with more games than the hall has sensor
// boards (an open on a club's few boards) plays the pairing's top boards on the sensor boards
// and the rest on ordinary boards, whose moves nobody reads. Their results are listed here for
// everyone (public once entered); the arbiter enters, changes or undoes each (POST
// /hall/off-board/N with his token), asked first naming the board and the players, as the
// cards' result controls ask, or records the game lost by forfeit (forfeit.js: who was
// absent). The bridge decides and keeps them; this page shows what the stream says. A long round on a phone: a link to the list from the page's top, one row a
// game, a field that finds a board by its number or a game by a player's name, and a switch
// that leaves only the games still without a result.

import { button } from './controls.js';
import { askForfeit, FORFEIT_MARKS, shownMarks } from './forfeit.js';

const $ = (id) => document.getElementById(id);
const RESULTS = ['1-0', '1/2-1/2', '0-1'];
const FORFEITS = new Set(Object.values(FORFEIT_MARKS));
const shown = (r) => (FORFEITS.has(r) ? shownMarks(r) : r.replaceAll('1/2', '½'));

/**
 * Sets up hall.html's #off-board-section. `w` says a hall message in the page's language,
 * `token()` is the arbiter's token now, `article(id)` a control's article in the event's
 * edition, `resultText(r)` a result in the board page's words ("1-0: White wins."),
 * `confirm(options)` asks the arbiter first (confirm.js), `refusal(status, answer)` says the
 * bridge's refusal. Returns `take(games)`, for the games as the stream gives them, and
 * `redraw()`, for a new language or token.
 */
export function setUpOffBoard({ w, token, article, resultText, confirm, refusal }) {
  const section = $('off-board-section');
  const list = $('off-board-list');
  const count = $('off-board-count');
  const onlyOpen = $('off-board-open');
  const said = $('off-board-said');
  const find = $('off-board-find');
  const jump = $('off-board-jump');
  /** The games as the bridge last said them. */
  let games = [];
  /** Game number → its row. */
  const rows = new Map();
  /** What the last request's answer says, again in a new language: () => [text, error]. */
  let answer = null;

  onlyOpen.addEventListener('change', draw);
  find.addEventListener('input', draw);

  /** Whether game `g` is what the arbiter looks for: its board's number typed, or part of a
   * player's name (any case). */
  function found(g) {
    const text = find.value.trim().toLowerCase();
    if (!text) return true;
    if (/^\d+$/.test(text)) return String(g.number) === text;
    return `${g.white}\n${g.black}`.toLowerCase().includes(text);
  }

  function take(next) {
    games = Array.isArray(next) ? next : [];
    draw();
  }

  /** "IM Rossi, Anna (2510)": a player as the pairing's list shows him. */
  function player(name, title, elo) {
    return [title, name].filter(Boolean).join(' ') + (elo ? ` (${elo})` : '');
  }

  function title(g) {
    return w('hall_confirm_title', { n: g.number, white: g.white, black: g.black });
  }

  async function record(g, r) {
    const before = g.result;
    if (before === r) return;
    const sure = await confirm({
      n: `off-${g.number}`,
      kind: 'off_board_result',
      title: title(g),
      lines: [resultText(r), before
        ? w('hall_off_board_confirm_change', { before: shown(before), result: shown(r), article: article('result') })
        : w('hall_off_board_confirm', { result: shown(r), article: article('result') })],
      yes: w('hall_confirm_result_button', { result: shown(r) }),
    });
    if (!sure) return;
    const done = await send(g.number, { result: r });
    if (done) answer = () => [w('hall_off_board_recorded', { n: g.number, result: shown(r) }), false];
    draw();
  }

  /** Game `g` lost by forfeit: who was absent is chosen in the dialog. */
  async function forfeit(g) {
    const absent = await askForfeit({
      w,
      confirm,
      n: `off-${g.number}`,
      title: title(g),
      white: g.white,
      black: g.black,
      article: article('forfeit'),
      before: g.result ? shown(g.result) : null,
    });
    if (!absent) return;
    const done = await send(g.number, { forfeit: absent });
    if (done) {
      answer = () => [w('hall_forfeit_recorded', { n: g.number, result: shown(FORFEIT_MARKS[absent]) }), false];
    }
    draw();
  }

  async function undo(g) {
    const before = g.result;
    if (!before) return;
    const sure = await confirm({
      n: `off-${g.number}`,
      kind: 'off_board_undo',
      title: title(g),
      lines: [w('hall_off_board_confirm_undo', { result: shown(before), article: article('result') })],
      yes: w('hall_off_board_undo_yes'),
    });
    if (!sure) return;
    const done = await send(g.number, { undo: true });
    if (done) answer = () => [w('hall_off_board_undone', { n: g.number }), false];
    draw();
  }

  /** Sends the arbiter's `body` for game `n`; a refusal is said above the list. */
  async function send(n, body) {
    try {
      const r = await fetch(`/hall/off-board/${n}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token()}` },
        body: JSON.stringify(body),
      });
      const reply = await r.json().catch(() => ({}));
      said.dataset.status = String(r.status);
      if (!r.ok) answer = () => [refusal(r.status, reply), true];
      return r.ok;
    } catch {
      answer = () => [w('hall_no_answer'), true];
      return false;
    }
  }

  /** Game `g`'s row, made once and then kept (a focused button stays focused as results come). */
  function rowOf(g) {
    let row = rows.get(g.number);
    if (row) return row;
    const li = document.createElement('li');
    li.dataset.game = String(g.number);
    const number = document.createElement('span');
    number.className = 'game-number';
    const players = document.createElement('span');
    players.className = 'game-players';
    const result = document.createElement('span');
    result.className = 'game-result';
    const controls = document.createElement('span');
    controls.className = 'game-controls';
    const buttons = RESULTS.map((r) => {
      const b = button(shown(r), () => record(rows.get(g.number).game, r));
      b.dataset.record = r;
      return b;
    });
    const forfeitButton = button('', () => forfeit(rows.get(g.number).game));
    forfeitButton.dataset.control = 'forfeit';
    const undoButton = button('', () => undo(rows.get(g.number).game));
    undoButton.dataset.control = 'undo';
    controls.append(...buttons, forfeitButton, undoButton);
    li.append(number, players, result, controls);
    row = { li, number, players, result, controls, buttons, forfeitButton, undoButton, game: g };
    rows.set(g.number, row);
    return row;
  }

  function draw() {
    section.hidden = games.length === 0;
    jump.hidden = games.length === 0;
    jump.textContent = w('hall_off_board_jump', { count: games.length });
    const arbiter = Boolean(token());
    const done = games.filter((g) => g.result).length;
    count.textContent = w('hall_off_board_count', { done, count: games.length });
    const wanted = new Set(games.map((g) => g.number));
    for (const [n, row] of rows) {
      if (!wanted.has(n)) {
        row.li.remove();
        rows.delete(n);
      }
    }
    let previous = null;
    for (const g of games) {
      const row = rowOf(g);
      row.game = g;
      row.number.textContent = w('hall_board', { n: g.number });
      row.players.textContent = `${player(g.white, g.white_title, g.white_elo)} – ${player(g.black, g.black_title, g.black_elo)}`;
      row.result.textContent = g.result ? shown(g.result) : w('hall_off_board_no_result');
      row.result.title = g.forfeit
        ? w('hall_forfeit_result', { absent: g.forfeit })
        : (g.result ? resultText(g.result) : '');
      row.li.dataset.result = g.result ?? '';
      row.controls.hidden = !arbiter;
      for (const b of row.buttons) {
        const r = b.dataset.record;
        b.setAttribute('aria-label', w('hall_off_board_result_label', { result: shown(r), n: g.number }));
        b.setAttribute('aria-pressed', String(g.result === r));
        b.title = resultText(r);
      }
      row.forfeitButton.textContent = w('hall_forfeit');
      row.forfeitButton.setAttribute('aria-label', w('hall_forfeit_label', { n: g.number }));
      row.forfeitButton.setAttribute('aria-pressed', String(Boolean(g.forfeit)));
      row.undoButton.hidden = !g.result;
      row.undoButton.textContent = w('hall_off_board_undo');
      row.undoButton.setAttribute('aria-label', w('hall_off_board_undo_label', { n: g.number }));
      row.li.hidden = (onlyOpen.checked && Boolean(g.result)) || !found(g);
      // In the pairing's order, whatever order rows were made in.
      const at = previous ? previous.nextSibling : list.firstChild;
      if (at !== row.li) list.insertBefore(row.li, at);
      previous = row.li;
    }
    const [text, error] = answer?.() ?? ['', false];
    said.textContent = text;
    if (error) said.dataset.error = '';
    else delete said.dataset.error;
  }

  return { take, redraw: draw };
}
