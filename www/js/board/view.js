// Rendering: the element's shadow DOM drawn from the core's state. Nothing here decides; it lays
// out what the state says (pieces, check, last move, clocks, result, the move list, the controls
// that are open now).

import { pieceSvg } from '../pieces.js';
import { captionWords, moveNo, obligationWords, resultWords, say, sideName, sideOf } from '../words.js';

export const FILES = 'abcdefgh';

// What a claim control says (its message id), by the core's claim kind.
const CLAIM_CONTROLS = {
  repetition: 'claim_control_repetition',
  fifty_moves: 'claim_control_fifty_moves',
  win_on_time: 'claim_control_win_on_time',
  illegal_move: 'claim_control_illegal_move',
  touch_move: 'claim_control_touch_move',
  quickplay_finish: 'claim_control_quickplay_finish',
  quickplay_increment: 'claim_control_quickplay_increment',
};

/** The element's shadow DOM, its style sheet at `styleUrl`. */
export const template = (styleUrl) => `
<link rel="stylesheet" href="${styleUrl}">
<div class="arb" part="root">
  <div class="clock" part="clock">
    <div class="face" data-clock="white">
      <div class="who"><span class="dot"></span><span class="name">White</span></div>
      <div class="time" aria-live="off">–:––</div><div class="meta"></div><span class="flag" hidden title="Flag fallen" data-t-title="flag_fallen">⚑</span>
    </div>
    <div class="face" data-clock="black">
      <div class="who"><span class="dot"></span><span class="name">Black</span></div>
      <div class="time" aria-live="off">–:––</div><div class="meta"></div><span class="flag" hidden title="Flag fallen" data-t-title="flag_fallen">⚑</span>
    </div>
  </div>
  <div class="board-wrap">
    <div class="board" part="board" role="grid" aria-label="Chess board" data-t-label="chess_board" aria-describedby="grid-help"></div>
    <p class="sr-only" id="grid-help" data-t="board_keys_hint">Arrow keys move between squares; Enter picks up a piece and puts it down; s, m, w, l, i and t say the square, its moves, the board, the last move, the move number and the clocks.</p>
    <div class="promo" hidden><div class="choices" role="dialog" aria-label="Promote to" data-t-label="promote_to"></div></div>
  </div>
  <div class="side" part="side">
    <button class="press" type="button" data-action="press">Press clock <kbd data-t="key_hint_space">space</kbd></button>
    <form class="entry" part="entry" hidden>
      <label for="entry-text" data-t="move_or_command">Move or command</label>
      <div class="entry-row">
        <input id="entry-text" name="text" autocomplete="off" autocapitalize="off" spellcheck="false"
          enterkeyhint="send" aria-describedby="entry-hint">
        <button type="submit" data-t="key_enter">Enter</button>
      </div>
      <p class="hint" id="entry-hint" data-t="move_field_hint">A move in your notation (Nf3, Cf3, g1f3) or said as in App. F (Springer Felix drei); /help lists the commands.</p>
    </form>
    <div class="announce" part="announce" role="log" aria-live="polite" aria-label="Announcements" data-t-label="announcements"></div>
    <div class="status" role="status"></div>
    <div class="claims" role="group" aria-label="Claims open now" data-t-label="claims_open_now" hidden></div>
    <div class="rulings" role="region" aria-label="Rulings" data-t-label="rulings"></div>
    <div class="review" hidden><span class="review-text"></span><button type="button" data-action="back" data-t="back_to_the_game">Back to the game</button></div>
    <ol class="moves" aria-label="Moves" data-t-label="moves" tabindex="0"></ol>
    <div class="actions">
      <button type="button" data-action="offer" data-t="offer_draw">Offer draw</button>
      <button type="button" data-action="repeat" hidden data-t="repeat_the_announced_move">Repeat the announced move</button>
      <button type="button" data-action="accept" hidden data-t="accept_draw">Accept draw</button>
      <button type="button" data-action="decline" hidden data-t="decline">Decline</button>
      <select data-action="claim" aria-label="Claim" data-t-label="claim_label">
        <option value="" data-t="claim_menu">Claim…</option>
        <option value="repetition" translate="no">Threefold repetition</option>
        <option value="fifty_moves" translate="no">50 moves</option>
        <option value="declare:repetition" data-t="claim_menu_repetition_next">Repetition after my next move…</option>
        <option value="declare:fifty_moves" data-t="claim_menu_fifty_next">50 moves after my next move…</option>
        <option value="illegal_move" data-t="claim_menu_illegal">Opponent's illegal move</option>
        <option value="touch_move" data-t="claim_menu_touch">Opponent broke touch-move</option>
        <option value="quickplay_finish" translate="no">Quickplay finish</option>
      </select>
      <button type="button" class="warn" data-action="resign" data-t="resign">Resign</button>
      <button type="button" data-action="flip" aria-label="Flip board" data-t-label="flip_board" data-t="flip">⇅ Flip</button>
      <button type="button" data-action="sound" aria-pressed="true" aria-label="Sound" data-t-label="sound">♪</button>
    </div>
    <details class="help" part="help">
      <summary data-t="help_title">Keyboard and commands</summary>
      <div class="help-body"></div>
    </details>
  </div>
</div>`;

// The standard start position, drawn before the module arrives.
const BACK = ['rook', 'knight', 'bishop', 'queen', 'king', 'bishop', 'knight', 'rook'];
const START = Object.fromEntries([...FILES].flatMap((f, i) => [
  [`${f}1`, ['white', BACK[i]]], [`${f}2`, ['white', 'pawn']], [`${f}7`, ['black', 'pawn']], [`${f}8`, ['black', BACK[i]]],
]));

// "15:00", "1:30:00": a face before the module draws it (the module's faceText after).
export function faceText(ms) {
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/**
 * The 64 cells in eight rows, White at the bottom, with the coordinates on the edge squares
 * (as `layout` puts them); with `pieces` (the start position), each piece drawn as before the
 * module arrives. One text, so the element and the page painted at build time agree.
 */
export function squaresMarkup(pieces = null) {
  let html = '';
  for (let rank = 8; rank >= 1; rank--) {
    html += `<div class="row" role="row" data-rank="${rank}">`;
    for (let f = 0; f < 8; f++) {
      const name = FILES[f] + rank;
      const p = pieces?.[name];
      const piece = p ? ` data-placeholder="" data-piece="${p[0]}-${p[1]}"` : '';
      html += `<div class="sq ${(f + rank) % 2 === 0 ? 'light' : 'dark'}" data-square="${name}" role="gridcell" aria-label="${name}" aria-selected="false" tabindex="-1"${piece}>`;
      if (p) html += `<div class="piece">${pieceSvg(p[0], p[1])}</div>`;
      if (f === 0) html += `<span class="coord coord-rank" aria-hidden="true" data-label="${rank}"></span>`;
      if (rank === 1) html += `<span class="coord coord-file" aria-hidden="true" data-label="${FILES[f]}"></span>`;
      html += '</div>';
    }
    html += '</div>';
  }
  return html;
}

/**
 * The element's shadow DOM as the page's HTML can carry it (a declarative shadow root, written
 * by the build): the start position, the clock faces at `firstPeriodMs`, the status and the empty
 * move list in English, so the board is seen at first paint and nothing moves when the element
 * takes it over. `styleUrl` as the page names the board's style sheet.
 */
export function prepaint(styleUrl, firstPeriodMs, words) {
  const time = Number.isFinite(firstPeriodMs) ? faceText(firstPeriodMs) : '–:––';
  return template(styleUrl)
    .replace('aria-describedby="grid-help"></div>', `aria-describedby="grid-help">${squaresMarkup(START)}</div>`)
    .replaceAll('<div class="time" aria-live="off">–:––</div>', `<div class="time" aria-live="off">${time}</div>`)
    .replace('<div class="status" role="status"></div>', `<div class="status" role="status"><div class="turn">${words.toStart}</div></div>`)
    .replace('tabindex="0"></ol>', `tabindex="0"><li><span class="empty">${words.noMoves}</span></li></ol>`);
}

// Writes that change nothing are skipped: an equal text or attribute set again still counts as
// a change for the page (style recalculated, the accessibility tree updated, observers told),
// and a redraw after a tick must cost only what changed.
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}

/**
 * The drawing of one board: its squares, clock faces, status, move list and controls. Each part
 * remembers what it last drew and redraws only what the new state changed, so a redraw after a
 * tick or a move costs the squares, entries and lines that changed, not the whole board.
 */
export class BoardView {
  /** `game` is the board's game flow (its state, selection, words). */
  constructor(root, game) {
    this.root = root;
    this.game = game;
    /** The 64 cells by square name. */
    this.squares = new Map();
    this.labels = null;
    this.labelsKey = null;
    /** What each part last drew, by part: the next render compares with it. */
    this.drawn = { notes: null, squares: new Map(), hints: null, status: null, moves: null };
    this.#buildSquares();
  }

  // The parts of the shadow DOM are made once: each is looked for once, not at every redraw
  // (a query walks the tree up to what it finds, and the actions and the help stand after the
  // move list's entries, so each query cost more as the game went on).
  #found = new Map();

  $(selector) {
    const known = this.#found.get(selector);
    if (known && known.getRootNode() === this.root) return known;
    const el = this.root.querySelector(selector);
    if (el) this.#found.set(selector, el);
    return el;
  }

  /** The `.time` elements of the two faces, for the clock display. */
  faceTimes() {
    return { white: this.$('[data-clock="white"] .time'), black: this.$('[data-clock="black"] .time') };
  }

  // The board is a grid of eight rows (ranks) of eight cells, for screen readers as for the eye.
  // Rows take no box of their own (display: contents), so the CSS grid lays out the cells. A
  // board painted into the page before the scripts arrived (`prepaint`) has them already.
  #buildSquares() {
    const board = this.$('.board');
    if (!board.querySelector('[data-square]')) board.innerHTML = squaresMarkup();
    for (const sq of board.querySelectorAll('[data-square]')) this.squares.set(sq.dataset.square, sq);
    // squaresMarkup draws White at the bottom with its coordinates, and the template puts White's
    // face first: what layout(false) would do. Laying the 64 cells out again here would only
    // move every node and restyle the whole board before its first game; the `orientation`
    // attribute lays it out when it asks for Black at the bottom.
  }

  /** Puts the squares in the order of the board as seen (`flipped`: Black at the bottom). */
  layout(flipped) {
    const board = this.$('.board');
    const rows = [...board.querySelectorAll(':scope > [role="row"]')].sort((a, b) => (flipped ? 1 : -1) * (a.dataset.rank - b.dataset.rank));
    rows.forEach((row, r) => {
      board.append(row);
      const files = flipped ? [...FILES].reverse() : [...FILES];
      files.forEach((file, col) => {
        const name = file + row.dataset.rank;
        const sq = this.squares.get(name);
        row.append(sq);
        for (const c of sq.querySelectorAll('.coord')) c.remove();
        // Drawn by CSS from data-label: the cell's name is its aria-label, not these letters.
        if (col === 0) sq.insertAdjacentHTML('beforeend', `<span class="coord coord-rank" aria-hidden="true" data-label="${name[1]}"></span>`);
        if (r === 7) sq.insertAdjacentHTML('beforeend', `<span class="coord coord-file" aria-hidden="true" data-label="${name[0]}"></span>`);
      });
    });
    // The clock faces follow the board: the player at the bottom has the left face.
    const clock = this.$('.clock');
    const bottom = flipped ? 'black' : 'white';
    clock.prepend(clock.querySelector(`[data-clock="${bottom}"]`));
  }

  /**
   * Before the wasm module arrives: the board in its start position (unless the element names
   * another or a saved game waits), the clock faces at the time control's first period, the
   * status and the empty move list, so that nothing moves when the game itself is drawn.
   */
  placeholder(host, firstPeriodMs) {
    let saved = false;
    try {
      saved = !!host.getAttribute('persist') && localStorage.getItem(host.getAttribute('persist')) !== null;
    } catch {
      // no storage: nothing saved
    }
    if (host.getAttribute('fen') || saved) {
      // Painted at build time in the start position, which is not this game's.
      for (const sq of this.squares.values()) {
        if (!('placeholder' in sq.dataset)) continue;
        sq.querySelector('.piece')?.remove();
        delete sq.dataset.placeholder;
        delete sq.dataset.piece;
      }
    } else {
      for (const [name, sq] of this.squares) {
        const p = START[name];
        if (p && !('placeholder' in sq.dataset)) {
          sq.insertAdjacentHTML('afterbegin', `<div class="piece">${pieceSvg(p[0], p[1])}</div>`);
          sq.dataset.placeholder = '';
          sq.dataset.piece = `${p[0]}-${p[1]}`;
        }
      }
    }
    // A board painted in by the page's HTML says all this already: it is left as it is, since
    // every node written again is styled and laid out again before the board can be played.
    if (Number.isFinite(firstPeriodMs)) {
      for (const t of this.root.querySelectorAll('.face .time')) setText(t, faceText(firstPeriodMs));
    }
    const turn = say(this.game.lang(), 'to_start');
    const status = this.$('.status');
    if (status.querySelector(':scope > .turn:only-child')?.textContent !== turn) status.innerHTML = `<div class="turn">${turn}</div>`;
    const none = this.game.t('no_moves_yet');
    const moves = this.$('.moves');
    if (moves.querySelector(':scope > li:only-child > .empty:only-child')?.textContent !== none) {
      moves.innerHTML = `<li><span class="empty">${none}</span></li>`;
    }
    // Drawn here, not from a state: the first render draws every part.
    this.drawn = { notes: null, squares: new Map(), hints: null, status: null, moves: null };
  }

  /** Everything, from the state `s` (the board as it stood at the move looked at, if one is). */
  render(s) {
    this.paintBoard(this.game.shown(s));
    this.paintReview(s);
    this.paintHints();
    this.paintClock(s);
    this.paintStatus(s);
    this.paintMoves(s);
    this.paintActions(s);
  }

  /** What a square is called when heard: "e4, white knight" in the spoken form. */
  label(square) {
    return this.labels?.[square] ?? square;
  }

  paintLabels(s) {
    const g = this.game;
    const form = g.form();
    const key = `${s.fen}|${form}`;
    if (this.labelsKey !== key) {
      try {
        this.labels = g.wasm.squareLabels(s.fen, form);
        this.labelsKey = key;
      } catch {
        this.labels = null;
      }
    }
    const last = s.lastMove ? [s.lastMove.from, s.lastMove.to] : [];
    const notesKey = JSON.stringify([this.labelsKey, this.labels === null, g.selected, s.touched, s.check, last, g.lang()]);
    if (this.drawn.notes === notesKey) return;
    this.drawn.notes = notesKey;
    for (const [name, sq] of this.squares) {
      const notes = [];
      if (name === g.selected) notes.push(g.t('picked'));
      else if (s.touched === name) notes.push(g.t('touched'));
      if (s.check === name) notes.push(g.t('in_check'));
      if (last.includes(name)) notes.push(g.t('last'));
      setAttr(sq, 'aria-label', [this.label(name), ...notes].join(', '));
      setAttr(sq, 'aria-selected', name === g.selected ? 'true' : 'false');
    }
  }

  paintBoard(s) {
    this.paintLabels(s);
    const last = s.lastMove ? [s.lastMove.from, s.lastMove.to] : [];
    for (const [name, sq] of this.squares) {
      const p = s.pieces[name];
      const key = p ? p.join('-') : '';
      const marks = `${key}|${last.includes(name)}|${s.check === name}|${s.touched === name}|${!!p && p[0] === s.turn && !s.result}`;
      if (this.drawn.squares.get(name) === marks && !('placeholder' in sq.dataset)) continue;
      this.drawn.squares.set(name, marks);
      // A piece painted before the module arrived (`data-placeholder`) is the same drawing as
      // this one when it is the same piece: it stays, so the first render parses no SVG and
      // lays out no new nodes for the 32 pieces of a game from the start.
      if (sq.dataset.piece !== key) {
        sq.querySelector('.piece')?.remove();
        if (p) sq.insertAdjacentHTML('afterbegin', `<div class="piece">${pieceSvg(p[0], p[1])}</div>`);
        if (key) sq.dataset.piece = key; else delete sq.dataset.piece;
      }
      delete sq.dataset.placeholder;
      sq.classList.toggle('last', last.includes(name));
      sq.classList.toggle('check', s.check === name);
      sq.classList.toggle('touched', s.touched === name);
      sq.classList.toggle('movable', !!p && p[0] === s.turn && !s.result);
    }
  }

  /** Marks a lifted piece on the sensor board (live). */
  paintTouched(square) {
    for (const [name, sq] of this.squares) {
      if (sq.classList.contains('touched') === (name === square)) continue;
      sq.classList.toggle('touched', name === square);
      // Drawn apart from the state: the next paintBoard looks at this square again.
      this.drawn.squares.delete(name);
    }
  }

  paintHints() {
    const g = this.game;
    const targets = g.selected ? g.targets(g.selected) : [];
    const key = `${g.selected}|${targets.join(',')}|${targets.map((t) => !!g.pieceOn(t)).join(',')}`;
    if (this.drawn.hints === key) return;
    this.drawn.hints = key;
    for (const [name, sq] of this.squares) {
      sq.classList.toggle('selected', name === g.selected);
      sq.classList.toggle('hint', targets.includes(name));
      sq.classList.toggle('capture', targets.includes(name) && !!g.pieceOn(name));
    }
  }

  paintClock(s) {
    const g = this.game;
    const c = s.clock ?? {};
    const live = g.source?.live;
    for (const color of ['white', 'black']) {
      const face = this.$(`.face[data-clock="${color}"]`);
      const side = c[color] ?? {};
      // A side's default name ("White") is shown in the page's language.
      const name = s.players?.[color];
      setText(face.querySelector('.name'), !name || name === sideName(color) ? g.t(color === 'white' ? 'label_white' : 'label_black') : name);
      face.classList.toggle('running', c.running === color);
      face.classList.toggle('fallen', !!side.flag);
      setProp(face.querySelector('.flag'), 'hidden', !side.flag);
      // h:mm:ss needs smaller digits than m:ss to fit the same face.
      face.classList.toggle('hours', side.remaining >= 3_600_000);
      setText(face.querySelector('.meta'), captionWords(side.caption, g.lang()));
      this.paintLow(color, side.remaining, !!side.flag);
    }
    const press = this.$('.press');
    // Live: the bridge's game is pressed at the board (its clock's lever, or the move
    // completing itself); the faces are its core's clock, replayed here. A screen that watches
    // presses nothing.
    setProp(press, 'hidden', !!live || g.watching());
    if (press.hidden) return;
    setProp(press, 'disabled', !!s.result || (c.started && !c.awaitingPress));
    press.classList.toggle('due', !!c.awaitingPress);
    setProp(press.firstChild, 'textContent', `${g.t(c.started ? 'press_clock' : 'start_clock')} `);
  }

  /** The low-time warning of one face (below 10 s), as the clock ticks. */
  paintLow(color, remaining, fallen) {
    const face = this.$(`.face[data-clock="${color}"]`);
    const low = !fallen && Number.isFinite(remaining) && remaining < 10_000;
    if (face.hasAttribute('data-low') !== low) face.toggleAttribute('data-low', low);
    return low;
  }

  paintStatus(s) {
    const lines = this.statusLines(s);
    const key = JSON.stringify([s.result?.result ?? null, lines]);
    if (this.drawn.status === key) return;
    this.drawn.status = key;
    const st = this.$('.status');
    st.classList.toggle('over', !!s.result);
    // The end of the game is a banner with the result and why (a test hook: data-result).
    if (s.result) st.dataset.result = s.result.result;
    else delete st.dataset.result;
    st.replaceChildren(...lines.map(([className, text]) => {
      const line = document.createElement('div');
      line.className = className;
      line.textContent = text;
      return line;
    }));
  }

  /** The status box's lines, `[class, text]`: the result and its article, or whose turn it is and why. */
  statusLines(s) {
    const g = this.game;
    const L = g.lang();
    if (s.result) {
      const lines = [['result', resultWords(s.result, L)]];
      if (s.result.law) lines.push(['law', s.result.law]);
      return lines;
    }
    const who = { who: sideName(s.turn, L) };
    let turn;
    // A screen that watches is not asked to start the clock: it says whose move it is.
    if (!s.clock?.started && !g.watching()) turn = say(L, 'to_start');
    else if (s.core?.analysis) turn = say(L, 'deciding_can_mate', { who: sideName(s.core.analysis.side, L) });
    else if (s.clock?.awaitingPress) turn = say(L, 'to_press', who);
    else if (g.declaring) turn = say(L, 'to_declare', who);
    else if (g.sealing !== null) turn = say(L, 'to_seal', who);
    else if (s.core?.sealed) turn = say(L, 'adjourned');
    else turn = say(L, s.check ? 'to_move_check' : 'to_move', who);
    const lines = [['turn', turn]];
    // A flag down with the game going on (it must be claimed, or the arbiter has not yet
    // called it): said where the players look, with the claim control beside it.
    for (const color of ['white', 'black']) {
      if (s.clock?.[color]?.flag) lines.push(['obligation flag-down', say(L, 'flag_fell', { of: sideOf(color, L) })]);
    }
    for (const o of s.obligations ?? []) {
      lines.push(['obligation', `${obligationWords(s.core?.obligation, L) ?? o.text}${o.law ? ` (${o.law})` : ''}`]);
    }
    if (s.drawOffer) lines.push(['obligation', say(L, 'draw_offered', { who: sideName(s.drawOffer, L) })]);
    return lines;
  }

  // Looking back: which move the board shows, and the way back to the game.
  paintReview(s) {
    const g = this.game;
    const bar = this.$('.review');
    const n = g.reviewing;
    setProp(bar, 'hidden', n === null);
    this.$('.board').classList.toggle('reviewing', n !== null);
    if (n === null) return;
    const m = (s.moves ?? [])[n - 1];
    const where = m ? `${moveNo(m)} ${m.san}` : g.t('restore_the_start');
    setText(bar.querySelector('.review-text'), g.t('review_looking_at', [where]));
  }

  /**
   * The move list: the entries of new moves appended, the current move's mark moved; the whole
   * list drawn again only when the moves drawn before are no longer the game's first moves (a
   * new game, a restored position, another notation language). The game keeps the moves it
   * read before (game.js) and adds the new ones: when the last move drawn is still the list's
   * own entry at its place, the moves drawn are the list's beginning without comparing them,
   * so a redraw costs the new moves, not the game's length.
   */
  paintMoves(s) {
    const g = this.game;
    const ol = this.$('.moves');
    const moves = s.moves ?? [];
    const at = g.reviewing ?? moves.length;
    const lang = g.lang();
    const before = this.drawn.moves;
    if (before && before.lang === lang && before.at === at && before.list === moves) return;
    const firstPly = moves[0]?.ply ?? null;
    const held = before && before.lang === lang && before.firstPly === firstPly && before.count > 0 && before.count <= moves.length;
    const extends_ = held && (moves[before.count - 1] === before.last
      || before.list.slice(0, before.count).every((m, i) => m.san === moves[i].san));
    const grew = !extends_ || before.count !== moves.length;
    const spans = extends_ ? before.spans : [];
    this.drawn.moves = { lang, at, list: moves, count: moves.length, last: moves.at(-1), firstPly, spans, current: extends_ ? before.current : null };
    if (!moves.length) {
      ol.replaceChildren();
      ol.insertAdjacentHTML('beforeend', `<li><span class="empty">${g.t('no_moves_yet')}</span></li>`);
      return;
    }
    const from = extends_ ? before.count : 0;
    if (!extends_) ol.replaceChildren();
    let li = ol.lastElementChild;
    for (let i = from; i < moves.length; i += 1) {
      const m = moves[i];
      const white = m.side === 'white';
      if (white || !li) {
        li = document.createElement('li');
        const no = document.createElement('span');
        no.className = 'no';
        no.textContent = `${m.number}.`;
        li.append(no);
        if (!white) li.insertAdjacentHTML('beforeend', '<span class="mv">…</span>');
        ol.append(li);
      }
      const mv = document.createElement('span');
      mv.className = 'mv';
      mv.textContent = m.san;
      mv.dataset.ply = String(m.ply);
      mv.dataset.count = String(i + 1);
      li.append(mv);
      spans.push(mv);
    }
    const drawn = this.drawn.moves;
    const was = drawn.current;
    const now = at > 0 ? spans[at - 1] ?? null : null;
    if (was !== now) {
      was?.classList.remove('current');
      now?.classList.add('current');
      drawn.current = now;
    }
    if (g.reviewing !== null) now?.scrollIntoView({ block: 'nearest' });
    else if (grew || !before || before.at !== at) this.#scrollToEnd(ol);
  }

  // The list follows the game to its last move: scrolled in the next frame, whose own layout
  // then measures the list, rather than here, where reading its height would lay out the whole
  // list at once and again after the rest of the redraw.
  #scrolling = false;
  #scrollToEnd(ol) {
    if (this.#scrolling) return;
    this.#scrolling = true;
    requestAnimationFrame(() => {
      this.#scrolling = false;
      if (this.game.reviewing === null) ol.scrollTop = ol.scrollHeight;
    });
  }

  paintActions(s) {
    const g = this.game;
    const q = (a) => this.$(`[data-action="${a}"]`);
    const over = !!s.result;
    const offer = s.drawOffer;
    setProp(q('offer'), 'hidden', !!offer);
    setProp(q('offer'), 'disabled', over);
    setProp(q('accept'), 'hidden', !offer || over);
    setProp(q('decline'), 'hidden', !offer || over);
    setProp(q('resign'), 'disabled', over);
    const me = g.me();
    const seat = g.seat();
    const heard = g.source?.live ? g.source.announced : null;
    setProp(q('repeat'), 'hidden', g.source?.live
      ? !heard || heard.repeated || !['white', 'black'].includes(seat) || heard.player === seat
      : over || !me || s.turn !== me || !s.core?.announced);
    setProp(q('claim'), 'disabled', over);
    this.paintClaimMenu(s);
    // A spectator of the bridge's game watches, and its arbiter rules: no offer, claim or
    // resignation is theirs to make.
    const watching = g.watching() || (!!g.source?.live && (!seat || seat === 'arbiter'));
    for (const a of ['offer', 'accept', 'decline']) if (watching) setProp(q(a), 'hidden', true);
    for (const a of ['resign', 'claim']) setProp(q(a), 'hidden', watching);
    setAttr(q('sound'), 'aria-pressed', String(g.sounds.on));
    this.paintClaims(s);
  }

  // The claim menu's entries with the article of each in this game's edition, as the core
  // names it (s.laws): a 2023 game reads 9.2.1.2 where a 2005 game reads 9.2b.
  paintClaimMenu(s) {
    const menu = this.$('[data-action="claim"]');
    const key = JSON.stringify([s.laws ?? null, this.game.lang()]);
    if (!s.laws || menu.dataset.key === key) return;
    menu.dataset.key = key;
    for (const [value, id, law] of [
      ['repetition', 'claim_menu_repetition', s.laws.repetition],
      ['fifty_moves', 'claim_menu_fifty', s.laws.fifty_moves],
      ['quickplay_finish', 'claim_menu_quickplay', s.laws.quickplay_finish],
    ]) {
      const option = menu.querySelector(`option[value="${value}"]`);
      if (option) option.textContent = `${this.game.t(id)} (${law})`;
    }
  }

  /**
   * A control for each claim the core says is open to this screen's player now (both players'
   * on a shared screen), and none when none is: `[data-claim="repetition"]`...
   */
  paintClaims(s) {
    const g = this.game;
    const box = this.$('.claims');
    const mine = g.me();
    const open = s.result || g.source?.live || g.watching() ? [] : (s.claims ?? s.core?.open_claims ?? [])
      .filter((c) => !mine || c.player === mine);
    const key = JSON.stringify([open, g.lang()]);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.replaceChildren();
    for (const c of open) {
      if (!CLAIM_CONTROLS[c.claim]) continue;
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.claim = c.claim;
      b.dataset.player = c.player;
      const words = g.t(CLAIM_CONTROLS[c.claim]);
      const who = mine ? '' : `${sideName(c.player, g.lang())}: `;
      b.textContent = `${who}${words}${c.law ? ` (${c.law})` : ''}`;
      box.append(b);
    }
    box.hidden = box.children.length === 0;
  }
}
