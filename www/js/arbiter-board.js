// <arbiter-board>: a chess board and clock run by the Laws of Chess, for any web page. Its
// attributes, events, methods and test hooks are listed in www/README.md.

import { loadArbiter } from './engine.js';
import { pieceSvg } from './pieces.js';
import {
  bridgeNoticeWords, captionWords, loadSentences, obligationWords, refusalWords, relabel, restoreBoardWords, rulingsWords,
  resultWords, say, sentenceLang, sideName, tableRefusalWords, tr,
} from './words.js';
import { parseTimeControl } from './time-control.js';
import {
  clocksWords, commandList, inProgressPrefix, lastMovePrefix, moveNumberWords, readCommand, CLAIM_WORDS, GRID_KEYS,
} from './hearing.js';

const FILES = 'abcdefgh';
const STYLE_URL = new URL('../css/arbiter-board.css', import.meta.url);
const DRAG_THRESHOLD_PX = 4;
const OTHER = { white: 'black', black: 'white' };

const TEMPLATE = `
<link rel="stylesheet" href="${STYLE_URL}">
<div class="arb" part="root">
  <div class="clock" part="clock">
    <div class="face" data-clock="white">
      <div class="who"><span class="dot"></span><span class="name">White</span></div>
      <div class="time" aria-live="off">–:––</div><div class="meta"></div><span class="flag" hidden title="Flag fallen">⚑</span>
    </div>
    <div class="face" data-clock="black">
      <div class="who"><span class="dot"></span><span class="name">Black</span></div>
      <div class="time" aria-live="off">–:––</div><div class="meta"></div><span class="flag" hidden title="Flag fallen">⚑</span>
    </div>
  </div>
  <div class="board-wrap">
    <div class="board" part="board" role="grid" aria-label="Chess board" aria-describedby="grid-help"></div>
    <p class="sr-only" id="grid-help">Arrow keys move between squares; Enter picks up a piece and puts it down; s, m, w, l, i and t say the square, its moves, the board, the last move, the move number and the clocks.</p>
    <div class="promo" hidden><div class="choices" role="dialog" aria-label="Promote to"></div></div>
  </div>
  <div class="side" part="side">
    <button class="press" type="button" data-action="press">Press clock <kbd>space</kbd></button>
    <form class="entry" part="entry" hidden>
      <label for="entry-text">Move or command</label>
      <div class="entry-row">
        <input id="entry-text" name="text" autocomplete="off" autocapitalize="off" spellcheck="false"
          enterkeyhint="send" aria-describedby="entry-hint">
        <button type="submit">Enter</button>
      </div>
      <p class="hint" id="entry-hint">A move in your notation (Nf3, Cf3, g1f3) or said as in App. F (Springer Felix drei); /help lists the commands.</p>
    </form>
    <div class="announce" part="announce" role="log" aria-live="polite" aria-label="Announcements"></div>
    <div class="status"></div>
    <div class="rulings" role="region" aria-label="Rulings"></div>
    <ol class="moves" aria-label="Moves"></ol>
    <div class="actions">
      <button type="button" data-action="offer">Offer draw</button>
      <button type="button" data-action="repeat" hidden>Repeat the announced move</button>
      <button type="button" data-action="accept" hidden>Accept draw</button>
      <button type="button" data-action="decline" hidden>Decline</button>
      <select data-action="claim" aria-label="Claim">
        <option value="">Claim…</option>
        <option value="repetition">Threefold repetition (Art. 9.2)</option>
        <option value="fifty_moves">50 moves (Art. 9.3)</option>
        <option value="declare:repetition">Repetition after my next move…</option>
        <option value="declare:fifty_moves">50 moves after my next move…</option>
        <option value="win_on_time">Win on time</option>
        <option value="illegal_move">Opponent's illegal move</option>
        <option value="touch_move">Opponent broke touch-move</option>
        <option value="quickplay_finish">Quickplay finish (Art. 10.2)</option>
      </select>
      <button type="button" class="warn" data-action="resign">Resign</button>
      <button type="button" data-action="flip" aria-label="Flip board">⇅ Flip</button>
    </div>
    <details class="help" part="help">
      <summary>Keyboard and commands</summary>
      <div class="help-body"></div>
    </details>
  </div>
</div>`;

export class ArbiterBoard extends HTMLElement {
  static observedAttributes = ['orientation', 'white', 'black', 'accessible', 'speech', 'speak', 'lang'];

  #root;
  #wasm = null;
  #table = null;
  #display = null;
  #state = null;
  #squares = new Map();
  #selected = null;
  #drag = null;
  #declaring = null;
  #sealing = null;
  #entered = null;
  #lastResult = null;
  #onKey = (e) => this.#key(e);

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.innerHTML = TEMPLATE;
    this.#buildSquares();
    this.#wire();
  }

  async connectedCallback() {
    if (this.getAttribute('keyboard') !== 'off') window.addEventListener('keydown', this.#onKey);
    this.#watchMarks();
    if (this.#table) return;
    try {
      // The sentences' table comes with the module, so the first ruling is already in the
      // players' language.
      [this.#wasm] = await Promise.all([loadArbiter(), loadSentences(this.getAttribute('lang'))]);
    } catch (err) {
      this.#say({ text: this.#tr('The chess module could not load: {err}', { err }), law: '' }, true);
      return;
    }
    this.#relabel();
    if (this.hasAttribute('live')) {
      this.#startLive();
      this.dispatchEvent(new CustomEvent('ready', { bubbles: true, composed: true }));
      return;
    }
    const key = this.getAttribute('persist');
    let table = null;
    if (key) {
      try {
        table = this.#wasm.Table.restore(key);
      } catch (err) {
        this.#say({ text: this.#tr('The saved game could not be restored: {err}', { err }), law: '' }, true);
      }
    }
    this.#adopt(table ?? this.#newTable(this.#setupFromAttributes()));
    this.dispatchEvent(new CustomEvent('ready', { bubbles: true, composed: true }));
  }

  disconnectedCallback() {
    window.removeEventListener('keydown', this.#onKey);
    clearInterval(this.#marksTimer);
    this.#display?.stop();
    this.#live?.close();
    this.#live = null;
  }

  // ---------- live mode: the board bridge ----------

  #live = null;
  #liveSans = [];
  #liveState = null;
  // The move announced last in the bridge's game, `{player, move, repeated}`: the opponent's
  // page offers to repeat it until he has (2005 App. F2.1).
  #liveAnnounced = null;

  #seat() {
    const seat = this.getAttribute('seat');
    return ['white', 'black', 'assistant'].includes(seat) ? seat : null;
  }

  // Spectators and players at a sensor board see the physical game; this screen only mirrors it.
  #startLive() {
    this.setAttribute('readonly', '');
    const attr = this.getAttribute('live');
    let url = attr && attr !== 'live' && attr !== ''
      ? attr
      : `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    // A seat (white, black, assistant) lets this page act in the bridge's game: its events go
    // to the bridge, which stamps, rules and streams them back to every page.
    const seat = this.#seat();
    if (seat) url += `${url.includes('?') ? '&' : '?'}role=${seat}`;
    // The WebSocket client is the wasm module's (web-sys): it reconnects and drops repeats.
    this.#live = new this.#wasm.BridgeClient(url, {
      snapshot: (s) => {
        // The bridge's game setup, when it sends one (older bridges do not): edition, time
        // control and who plays by ear are the bridge's, not this element's attributes.
        if (s.config && typeof s.config === 'object') this.#liveConfig = s.config;
        this.#liveSeatByEar();
        this.#liveSans = [...(s.san ?? [])];
        this.#liveRebuild();
        // Someone joining a game in progress hears where it stands, as he would ask it.
        const st = this.#state;
        const last = st?.moves?.at(-1);
        if (last) {
          this.#announce([inProgressPrefix(st, this.#lang()), [`${last.said}.`, this.#formLang()], moveNumberWords(st, this.#lang())]);
        }
        if (s.connected === false) this.#say({ text: this.#t('no_board'), law: '' }, true);
      },
      message: (m) => this.#liveMessage(m),
      status: (text, notice) => this.#say({ text: bridgeNoticeWords(text, notice, this.#lang()), law: '' }),
    });
  }

  // App. F2.1: an announcement waits for the opponent's repetition; his repetition ends it.
  #followAnnouncement(v) {
    if (v.kind === 'announced' || v.kind === 'announcement_corrected') {
      this.#liveAnnounced = { player: v.player, move: String(v.move), repeated: false };
    } else if (v.kind === 'announcement_repeated' && this.#liveAnnounced && v.player !== this.#liveAnnounced.player) {
      this.#liveAnnounced.repeated = true;
    }
  }

  // The game's setup as the bridge's snapshot gave it (the core's GameConfig), else null.
  #liveConfig = null;

  // The setup the live table is built with: the bridge's, this element's attributes without it.
  // The bridge's config may leave out the notation language; the page's own then reads moves.
  #liveSetup() {
    const own = this.#setupFromAttributes();
    const bridge = this.#liveConfig;
    return bridge ? { ...bridge, language: bridge.language ?? own.language } : own;
  }

  // 2005 App. F1 / 2023 App. D.1: when the bridge's game names this seat's player as visually
  // impaired, his screen plays by ear without his having to choose it; the page hears of it.
  #liveSeatByEar() {
    const seat = this.#seat();
    if ((seat !== 'white' && seat !== 'black') || this.getAttribute('player') === seat) return;
    const impaired = this.#liveConfig?.visually_impaired;
    if (!Array.isArray(impaired) || !impaired.some((i) => i?.player === seat)) return;
    this.setAttribute('player', seat);
    this.toggleAttribute('accessible', true);
    this.dispatchEvent(new CustomEvent('byear', { bubbles: true, composed: true, detail: { player: seat } }));
  }

  // A seated player who plays by ear (2005 App. F): the `player` attribute names his seat.
  #liveByEar() {
    const seat = this.#seat();
    return (seat === 'white' || seat === 'black') && this.getAttribute('player') === seat;
  }

  #liveRebuild() {
    const show = this.#show();
    let table;
    try {
      table = this.#wasm.Table.fromPgn(this.#liveSetup(), show, sanToPgn(this.#liveSans));
    } catch (err) {
      this.#say({ text: this.#tr('Live game: {err}', { err: err?.message ?? err }), law: '' }, true);
      return;
    }
    this.#display?.stop();
    this.#display = null;
    this.#table?.free?.();
    this.#table = table;
    this.#refresh();
  }

  #liveMessage(m) {
    switch (m.type) {
      case 'move': {
        const before = this.#liveSans.length;
        this.#liveSans = this.#liveSans.slice(0, Math.max(0, (m.ply ?? before + 1) - 1));
        this.#liveSans.push(m.san);
        this.#liveRebuild();
        const last = this.#state?.moves?.at(-1);
        if (last) this.#announceMoved(last);
        this.dispatchEvent(new CustomEvent('move', {
          bubbles: true, composed: true, detail: { uci: m.uci, san: m.san, ply: m.ply, fen: m.fen },
        }));
        break;
      }
      case 'takeback':
        this.#liveSans = this.#liveSans.slice(0, m.to_ply);
        this.#liveRebuild();
        break;
      case 'touch':
        for (const [name, sq] of this.#squares) sq.classList.toggle('touched', m.action === 'lift' && name === m.square);
        break;
      case 'clock': {
        // The bridge reports the physical clock's two displays; White's is on the left.
        const faces = { white: m.left_ms, black: m.right_ms };
        const running = m.running === 'left' ? 'white' : m.running === 'right' ? 'black' : null;
        for (const color of ['white', 'black']) {
          const face = this.#root.querySelector(`.face[data-clock="${color}"]`);
          face.querySelector('.time').textContent = this.#wasm.faceText(faces[color]);
          face.classList.toggle('running', running === color);
        }
        break;
      }
      case 'state':
        this.#liveState = m.state ?? null;
        break;
      case 'ruling': {
        if (m.verdict) {
          // A ruling of the bridge's Laws engine: the same words as a local game's.
          this.#followAnnouncement(m.verdict);
          this.#announceAll([{ at: 0, law: m.law, verdict: m.verdict }]);
          if (this.#state) this.#paintActions(this.#state);
          break;
        }
        const words = { text: restoreBoardWords(m, this.#lang()), law: m.law };
        this.#say(words, true);
        this.dispatchEvent(new CustomEvent('ruling', { bubbles: true, composed: true, detail: words }));
        break;
      }
      case 'board':
        this.#say({ text: m.connected ? this.#t('board_connected', { port: m.port }) : this.#t('board_disconnected'), law: '' }, !m.connected);
        break;
      case 'error':
        this.#say({ text: m.message, law: '' }, true);
        break;
    }
  }

  attributeChangedCallback(name) {
    if (name === 'lang') {
      loadSentences(this.getAttribute('lang')).then(() => {
        this.#relabel();
        // The move list is redrawn only when the game changes; its "No moves yet." too now.
        delete this.#root.querySelector('.moves').dataset.count;
        if (this.#state) this.#refresh();
      }, () => {});
    }
    if (name === 'accessible') {
      const on = this.hasAttribute('accessible');
      this.#root.querySelector('.entry').hidden = !on;
      // Shown, the announcements scroll: keyboard users must be able to reach them.
      const log = this.#root.querySelector('.announce');
      if (on) log.tabIndex = 0;
      else log.removeAttribute('tabindex');
    }
    if (name === 'speak' && !this.hasAttribute('speak')) this.#speaker?.hush();
    // The squares exist from the constructor: a page may turn the board before the game loads.
    if (name === 'orientation') this.#layoutSquares();
    if (!this.#state) return;
    if (name === 'speech' && this.#table?.setSpeech) {
      this.#table.setSpeech(this.getAttribute('speech') ?? this.#notation());
      this.#refresh();
      return;
    }
    this.#render();
  }

  // ---------- public API ----------

  /** The wasm `Table` behind this board (events in, rulings and state out). */
  get table() { return this.#table; }

  /** The wasm `ClockDisplay` drawing the faces (frames drawn, instant of the last frame). */
  get clockDisplay() { return this.#display; }

  /** The state now, as the wasm module reports it. */
  get state() { return this.#table?.state(); }

  /** Starts a new game; `setup` as in the wasm `GameSetup` type (timeControl, edition, names...). */
  newGame(setup = this.#setupFromAttributes()) {
    this.#adopt(this.#newTable(setup));
    this.#watchMarks();
  }

  /** PGN of the game so far. */
  pgn() { return this.#table?.pgn() ?? ''; }

  /** Whether the wasm module writes Braille scores (2005 App. F2.5). */
  get canBrf() { return typeof this.#table?.brf === 'function'; }

  /**
   * The score as a Braille-ready file (2005 App. F2.5 / 2023 App. D.2.7: the visually impaired
   * player keeps it in Braille), as the core writes it from the game: North American
   * Braille ASCII, 40 cells by 25 lines, draw offers marked. Null before the module is loaded.
   */
  brf() {
    if (!this.#table || !this.canBrf) return null;
    return this.#table.brf();
  }

  /** Replaces the game with one read from PGN; throws with the reason when the PGN is refused. */
  importPgn(text) {
    const table = this.#wasm.Table.fromPgn(this.#setupFromAttributes(), this.#show(), text);
    this.#adopt(table);
  }

  /**
   * Adjournment (2005 App. A1): the player on move makes his next move on the board; instead of
   * being played it is sealed with the arbiter's `passphrase`, and the clocks stop.
   */
  sealNextMove(passphrase) {
    const s = this.#state;
    if (!s || s.result) return;
    this.#sealing = String(passphrase);
    this.#say({ text: this.#t('seal_now', { who: sideName(s.turn, this.#lang()) }), law: `${s.setup.edition} ${s.setup.edition === '2005' ? 'App. A1' : 'Guidelines I.1'}` });
    this.#render();
  }

  /** Resumes an adjourned game: both players present, the arbiter opens the envelope. */
  resumeAdjourned(passphrase) {
    for (const event of [{ type: 'resume' }, { type: 'arrive', player: 'white' }, { type: 'arrive', player: 'black' }]) {
      if (!this.#send(event)) return;
    }
    this.#send({ type: 'open', passphrase: String(passphrase) });
  }

  /**
   * The arbiter sets up a position (2005 Art. 6.14 / 2023 Art. 7.1; 2005 Art. 7.5 / 2023 Art.
   * 7.6): `{ply, cause}` goes back to the position after `ply` half-moves, with the clocks as they
   * stood then (the core's `restore` decision; `cause` is `arbiter` or `displaced`); `{fen}`
   * starts over from that position with the clocks as they stand now.
   */
  restorePosition({ ply = null, fen = null, cause = 'arbiter' } = {}) {
    if (fen) {
      const now = this.#table.state().clock;
      let config;
      try {
        config = { ...JSON.parse(this.#table.log().split('\n')[0]).config, fen: String(fen).trim() };
        this.#adopt(this.#newTable(config));
      } catch (err) {
        // A FEN that is no position says what is wrong with it (the wasm's refusal words).
        const why = err?.id ? tableRefusalWords(err, this.#lang()) : err?.message ?? err;
        this.#say({ text: err?.id ? why : this.#t('error_position', { err: why }), law: '' }, true);
        return null;
      }
      this.#send({ type: 'start' });
      return this.#send({ type: 'arbiter', decision: { kind: 'set_clock', white: now.white.remaining, black: now.black.remaining } });
    }
    return this.#send({ type: 'arbiter', decision: { kind: 'restore', ply: Number(ply), cause } });
  }

  /** Sends one event (see the wasm `TableEvent` type); returns the rulings it caused. */
  send(event) { return this.#send(event); }

  flip() {
    const now = this.getAttribute('orientation') === 'black' ? 'white' : 'black';
    this.setAttribute('orientation', now);
  }

  // ---------- set-up ----------

  // The core's GameConfig, from the element's attributes.
  #setupFromAttributes() {
    const a = (n, d) => this.getAttribute(n) ?? d;
    const setup = {
      edition: a('edition', '2005'),
      time_control: parseTimeControl(a('time-control', '15+10')),
      white: a('white', 'White'),
      black: a('black', 'Black'),
      arbiter_present: a('arbiter', 'absent') === 'present',
      quickplay_finish: this.hasAttribute('quickplay-finish'),
    };
    if (this.getAttribute('fen')) setup.fen = this.getAttribute('fen');
    // 2005 App. F: the player of this screen plays by ear; his typed moves are announcements.
    const me = this.#me();
    if (me) setup.visually_impaired = [{ player: me, tactile_board: false }];
    const notation = this.#notation();
    setup.language = notation === 'fig' ? 'en' : notation;
    return setup;
  }

  // The notation language (App. E) of a new game: `notation`, else `lang`; "fig" for figurines.
  #notation() {
    return this.getAttribute('notation') ?? this.getAttribute('lang') ?? 'en';
  }

  // Display options for the wasm Table: notation language and how moves are heard.
  #show() {
    const show = { lang: this.#notation() };
    if (this.getAttribute('speech')) show.speech = this.getAttribute('speech');
    return show;
  }

  #newTable(setup) {
    const table = new this.#wasm.Table(setup, this.#show());
    const key = this.getAttribute('persist');
    if (key) table.persistTo(key);
    return table;
  }

  #adopt(table) {
    this.#display?.stop();
    this.#table?.free?.();
    this.#table = table;
    this.#selected = null;
    this.#declaring = null;
    this.#lastResult = null;
    this.#root.querySelector('.rulings').replaceChildren();
    const faces = this.#root.querySelectorAll('.face');
    this.#display = new this.#wasm.ClockDisplay(
      table,
      this.#root.querySelector('[data-clock="white"] .time'),
      this.#root.querySelector('[data-clock="black"] .time'),
      (rulings) => this.#afterEvent(rulings ?? []),
    );
    this.#display.start();
    for (const f of faces) f.classList.remove('fallen');
    this.#refresh();
    // A restored game shows its latest rulings again, so the players see where things stand.
    this.#announceAll(Array.from(table.rulings()).slice(-3));
  }

  // ---------- DOM ----------

  // The board is a grid of eight rows (ranks) of eight cells, for screen readers as for the eye.
  // Rows take no box of their own (display: contents), so the CSS grid lays out the cells.
  #buildSquares() {
    const board = this.#root.querySelector('.board');
    for (let rank = 8; rank >= 1; rank--) {
      const row = document.createElement('div');
      row.className = 'rank';
      row.setAttribute('role', 'row');
      row.dataset.rank = String(rank);
      for (let f = 0; f < 8; f++) {
        const name = FILES[f] + rank;
        const sq = document.createElement('div');
        sq.className = `sq ${(f + rank) % 2 === 0 ? 'light' : 'dark'}`;
        sq.dataset.square = name;
        sq.setAttribute('role', 'gridcell');
        sq.setAttribute('aria-label', name);
        sq.tabIndex = -1;
        this.#squares.set(name, sq);
        row.append(sq);
      }
      board.append(row);
    }
    this.#layoutSquares();
    this.#squares.get(this.#focus).tabIndex = 0;
  }

  #layoutSquares() {
    const flipped = this.getAttribute('orientation') === 'black';
    const board = this.#root.querySelector('.board');
    const rows = [...board.querySelectorAll(':scope > [role="row"]')].sort((a, b) => (flipped ? 1 : -1) * (a.dataset.rank - b.dataset.rank));
    rows.forEach((row, r) => {
      board.append(row);
      const files = flipped ? [...FILES].reverse() : [...FILES];
      files.forEach((file, col) => {
        const name = file + row.dataset.rank;
        const sq = this.#squares.get(name);
        row.append(sq);
        for (const c of sq.querySelectorAll('.coord')) c.remove();
        if (col === 0) sq.insertAdjacentHTML('beforeend', `<span class="coord rank" aria-hidden="true">${name[1]}</span>`);
        if (r === 7) sq.insertAdjacentHTML('beforeend', `<span class="coord file" aria-hidden="true">${name[0]}</span>`);
      });
    });
    // The clock faces follow the board: the player at the bottom has the left face.
    const clock = this.#root.querySelector('.clock');
    const bottom = flipped ? 'black' : 'white';
    clock.prepend(clock.querySelector(`[data-clock="${bottom}"]`));
  }

  // ---------- keyboard: the grid (roving tabindex) ----------

  #focus = 'e2';

  #moveFocus(name, focus = true) {
    const old = this.#squares.get(this.#focus);
    if (old) old.tabIndex = -1;
    this.#focus = name;
    const sq = this.#squares.get(name);
    sq.tabIndex = 0;
    if (focus) sq.focus();
  }

  // Arrow keys follow the board as drawn: "up" is away from the player at the bottom.
  #step(name, key) {
    const flipped = this.getAttribute('orientation') === 'black';
    let f = FILES.indexOf(name[0]);
    let r = Number(name[1]) - 1;
    const sign = flipped ? -1 : 1;
    switch (key) {
      case 'ArrowUp': r += sign; break;
      case 'ArrowDown': r -= sign; break;
      case 'ArrowRight': f += sign; break;
      case 'ArrowLeft': f -= sign; break;
      case 'Home': f = flipped ? 7 : 0; break;
      case 'End': f = flipped ? 0 : 7; break;
      case 'PageUp': r = flipped ? 0 : 7; break;
      case 'PageDown': r = flipped ? 7 : 0; break;
      default: return null;
    }
    if (f < 0 || f > 7 || r < 0 || r > 7) return name;
    return FILES[f] + (r + 1);
  }

  #gridKey(e) {
    const sq = e.target.closest?.('[data-square]');
    if (!sq || e.altKey || e.ctrlKey || e.metaKey) return;
    const name = sq.dataset.square;
    const next = this.#step(name, e.key);
    if (next) {
      e.preventDefault();
      this.#moveFocus(next);
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      this.#enterSquare(name);
      return;
    }
    if (e.key === 'Escape') {
      if (this.#selected) this.#announce([this.#t('put_down')]);
      this.#select(null);
      return;
    }
    const key = e.key.length === 1 ? e.key.toLowerCase() : '';
    if ('kqrbnp'.includes(key) && key) {
      e.preventDefault();
      this.#answer(this.#wasm.sayPieces(this.#state.fen, key, true, this.#form()), this.#formLang());
      return;
    }
    const ask = { s: () => this.#command('square', name), m: () => this.#command('from', name), w: () => this.#command('board'),
      l: () => this.#command('last'), i: () => this.#command('number'), t: () => this.#command('time') }[key];
    if (ask) {
      e.preventDefault();
      ask();
    }
  }

  // Enter on a square: pick up one's own piece (a touch, Art. 4.3) or put the picked-up piece there.
  #enterSquare(name) {
    const s = this.#state;
    if (!s || !this.#canMove()) {
      this.#announce([this.#t(s?.result ? 'game_is_over' : 'no_move_now')], { refused: true });
      return;
    }
    const piece = this.#pieceOn(name);
    const own = piece && piece[0] === s.turn;
    if (this.#selected && this.#targets(this.#selected).includes(name) && !own) {
      this.#tryMove(this.#selected, name);
      return;
    }
    if (own) {
      if (this.#selected !== name) this.#touch(name);
      const targets = [...new Set(this.#targets(name))].sort();
      this.#announce([this.#t('picked_up', { label: this.#label(name), targets: targets.join(', ') })]);
      return;
    }
    this.#announce([this.#t(this.#selected ? 'cannot_go' : 'not_yours', { square: name })], { refused: true });
  }

  #wire() {
    const board = this.#root.querySelector('.board');
    board.addEventListener('pointerdown', (e) => this.#pointerDown(e));
    window.addEventListener('pointermove', (e) => this.#pointerMove(e));
    window.addEventListener('pointerup', (e) => this.#pointerUp(e));
    window.addEventListener('pointercancel', () => this.#cancelDrag());

    this.#root.querySelector('.side').addEventListener('click', (e) => {
      const action = e.target.closest('button')?.dataset.action;
      if (action) this.#action(action);
    });
    this.#root.querySelector('select[data-action="claim"]').addEventListener('change', (e) => {
      const kind = e.target.value;
      e.target.value = '';
      if (kind) this.#claim(kind);
    });
    // Art. 6.8: the clock is pressed by the player who has just moved, on his own side.
    for (const face of this.#root.querySelectorAll('.face')) {
      face.addEventListener('click', () => {
        if (this.#state?.clock?.running === face.dataset.clock || !this.#state?.clock?.started) this.#press();
      });
    }
    board.addEventListener('keydown', (e) => this.#gridKey(e));
    board.addEventListener('focusin', (e) => {
      const name = e.target.dataset?.square;
      if (name && name !== this.#focus) this.#moveFocus(name, false);
    });
    this.#root.querySelector('.entry').addEventListener('submit', (e) => {
      e.preventDefault();
      const input = e.target.elements.text;
      const text = input.value;
      input.value = '';
      this.enter(text);
    });
    this.#root.querySelector('.help-body').append(this.#helpContent());
  }

  #helpContent() {
    const frag = document.createDocumentFragment();
    // Not headings: the element cannot know the heading levels of the page it is embedded in.
    const h1 = document.createElement('p');
    h1.className = 'help-title';
    h1.textContent = 'On the board';
    const keys = document.createElement('dl');
    for (const [k, what] of GRID_KEYS) keys.insertAdjacentHTML('beforeend', `<dt>${k}</dt><dd>${what}</dd>`);
    const h2 = document.createElement('p');
    h2.className = 'help-title';
    h2.textContent = 'In the move field';
    const cmds = document.createElement('dl');
    cmds.className = 'stack';
    for (const c of commandList()) {
      const dt = document.createElement('dt');
      // The commands are English words in every language.
      dt.translate = false;
      dt.textContent = c.keys.join(' ');
      const dd = document.createElement('dd');
      dd.textContent = c.what;
      cmds.append(dt, dd);
    }
    const p = document.createElement('p');
    p.textContent = 'A typed move is announced and completes the move: the clock is pressed with it (2005 App. F2.3). Times are said only when asked (App. F2.9d), unless the five-minute marks are chosen.';
    frag.append(h1, keys, h2, cmds, p);
    return frag;
  }

  #key(e) {
    if (e.code !== 'Space' && e.key !== ' ') return;
    const t = e.composedPath()[0];
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    if (document.querySelector('dialog[open]')) return;
    e.preventDefault();
    if (!e.repeat) this.#press();
  }

  // ---------- input: click-click and drag ----------

  #squareAt(x, y) {
    for (const el of this.#root.elementsFromPoint(x, y)) {
      if (el.dataset?.square && this.#squares.get(el.dataset.square) === el) return el.dataset.square;
    }
    return null;
  }

  #canMove() {
    const s = this.#state;
    if (!s || s.result || this.hasAttribute('readonly') || s.clock?.awaitingPress || s.core?.sealed) return false;
    return !s.clock?.started || !!s.clock.running;
  }

  #targets(from) {
    if (this.hasAttribute('allow-illegal')) {
      // As on a wooden board, a piece can be put anywhere not held by one's own pieces; the
      // core rules on it once the clock is pressed (2005 Art. 7.4).
      const own = this.#pieceOn(from)?.[0];
      return [...this.#squares.keys()].filter((sq) => sq !== from && this.#pieceOn(sq)?.[0] !== own);
    }
    return (this.#state?.legalMoves ?? []).filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4));
  }

  #pieceOn(square) {
    return this.#state?.pieces?.[square] ?? null;
  }

  #pointerDown(e) {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    const square = this.#squareAt(e.clientX, e.clientY);
    if (!square || !this.#canMove()) return;
    const piece = this.#pieceOn(square);
    const own = piece && piece[0] === this.#state.turn;

    if (this.#selected && this.#targets(this.#selected).includes(square) && !own) {
      this.#tryMove(this.#selected, square);
      return;
    }
    if (own) {
      e.preventDefault();
      if (this.#selected !== square) this.#touch(square);
      this.#drag = { from: square, x: e.clientX, y: e.clientY, moved: false, ghost: null, id: e.pointerId };
      return;
    }
    this.#select(null);
  }

  #pointerMove(e) {
    const d = this.#drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_THRESHOLD_PX) return;
    if (!d.moved) {
      d.moved = true;
      const sq = this.#squares.get(d.from);
      const size = sq.getBoundingClientRect().width;
      const [color, piece] = this.#pieceOn(d.from);
      d.ghost = document.createElement('div');
      d.ghost.className = 'ghost';
      d.ghost.style.width = d.ghost.style.height = `${size}px`;
      d.ghost.innerHTML = pieceSvg(color, piece);
      d.size = size;
      this.#root.append(d.ghost);
      sq.querySelector('.piece')?.classList.add('lifted');
    }
    d.ghost.style.transform = `translate(${e.clientX - d.size / 2}px, ${e.clientY - d.size / 2}px)`;
  }

  #pointerUp(e) {
    const d = this.#drag;
    if (!d || e.pointerId !== d.id) return;
    this.#cancelDrag();
    if (!d.moved) return;
    const to = this.#squareAt(e.clientX, e.clientY);
    if (to && to !== d.from && this.#targets(d.from).includes(to)) this.#tryMove(d.from, to);
  }

  #cancelDrag() {
    const d = this.#drag;
    this.#drag = null;
    if (!d) return;
    d.ghost?.remove();
    this.#squares.get(d.from)?.querySelector('.piece')?.classList.remove('lifted');
  }

  // Art. 4.3: touching one's own piece is reported, so the core can hold the player to it.
  #touch(square) {
    this.#select(square);
    if (this.#declaring || !this.#ensureStarted()) return;
    this.#send({ type: 'lift', square });
  }

  #select(square) {
    this.#selected = square;
    this.#paintHints();
    if (this.#state) this.#paintLabels(this.#state);
  }

  #tryMove(from, to) {
    const moves = (this.#state?.legalMoves ?? []).filter((m) => m.startsWith(from + to));
    if (moves.length > 1) {
      this.#choosePromotion(from, to);
      return;
    }
    if (moves.length === 1) this.#playMove(moves[0]);
    else if (this.hasAttribute('allow-illegal')) this.#playMove(from + to);
  }

  #choosePromotion(from, to) {
    const promo = this.#root.querySelector('.promo');
    const box = promo.querySelector('.choices');
    const color = this.#state.turn;
    box.replaceChildren();
    for (const [letter, piece] of [['q', 'queen'], ['r', 'rook'], ['b', 'bishop'], ['n', 'knight']]) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.promote = letter;
      b.setAttribute('aria-label', this.#tr(piece));
      b.innerHTML = pieceSvg(color, piece);
      b.addEventListener('click', () => {
        promo.hidden = true;
        this.#playMove(from + to + letter);
      });
      box.append(b);
    }
    promo.hidden = false;
    promo.onclick = (e) => {
      if (e.target === promo) promo.hidden = true;
    };
    box.querySelector('button').focus();
  }

  #playMove(uci) {
    this.#select(null);
    const s = this.#state;
    if (this.#sealing !== null) {
      const passphrase = this.#sealing;
      this.#sealing = null;
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const nonce = crypto.getRandomValues(new Uint8Array(12));
      try {
        this.#afterEvent(Array.from(this.#table.seal(s.turn, uci, passphrase, salt, nonce)));
      } catch (err) {
        this.#say({ text: tableRefusalWords(err, this.#lang()), law: '' }, true);
        this.#refresh();
      }
      return;
    }
    if (this.#declaring) {
      // 2005 Art. 9.2a / 9.3a: the move is written down and declared with the claim, not played.
      const kind = this.#declaring;
      this.#declaring = null;
      this.#send({ type: 'claim', player: s.turn, claim: { kind, intended: uci } });
      return;
    }
    if (!this.#ensureStarted()) return;
    this.#send({ type: 'move', move: uci });
    if (this.hasAttribute('allow-illegal') && !this.#state?.clock?.awaitingPress) {
      // The core holds an illegal move until the press completes it; show it where it was put.
      this.#entered = uci;
      this.#refresh();
    }
    if (this.hasAttribute('auto-press') && this.#state?.clock?.awaitingPress) this.#press();
  }

  // 2005 Art. 6.5: White's clock is started when the game starts. A move made before anyone
  // pressed "start" starts the game at that instant.
  #ensureStarted() {
    if (this.#state?.clock?.started) return true;
    this.#send({ type: 'start' });
    return !!this.#state?.clock?.started;
  }

  #press() {
    const s = this.#state;
    if (!s || s.result) return;
    if (this.#live) {
      // The seat's own clock, in the bridge's game: for a player by ear the press counts only
      // once his announced move is made (2005 App. F2.3); the bridge's core rules on it.
      const seat = this.#seat();
      if (seat === 'white' || seat === 'black') this.#send({ type: 'press_clock', player: seat });
      return;
    }
    if (!s.clock?.started) {
      this.#send({ type: 'start' });
      return;
    }
    if (!s.clock.running) return;
    // Art. 6.8: a player presses his own clock, after his move. A press on the running clock
    // with no move made is the core's to rule on; the page only offers it once a move is made.
    if (!s.clock.awaitingPress && !this.hasAttribute('free-press')) return;
    this.#entered = null;
    this.#send({ type: 'press_clock', player: s.clock.running });
  }

  #claim(kind) {
    const s = this.#state;
    if (!s || s.result) return;
    if (kind.startsWith('declare:')) {
      this.#declaring = kind.slice('declare:'.length);
      this.#say({ text: this.#t('declare_now', { who: sideName(s.turn, this.#lang()) }), law: `${s.setup.edition} Art. 9.2a, 9.3a` });
      this.#render();
      return;
    }
    // A win on time is claimed by the player whose opponent's flag is down; the other claims
    // by whoever the core lists as able to claim, else the player on move.
    const open = (s.core.open_claims ?? []).find((c) => c.claim === kind);
    let player = open?.player ?? s.turn;
    if (kind === 'win_on_time' && !open) {
      player = s.clock.white.flag ? 'black' : s.clock.black.flag ? 'white' : s.turn;
    }
    this.#send({ type: 'claim', player, claim: { kind } });
  }

  #action(action) {
    const s = this.#state;
    if (!s) return;
    // Art. 9.1b: an offer is made by the player who has just moved, before pressing; the core
    // keeps the mover on move until the press, so it is always `turn` here.
    const offerer = s.turn;
    switch (action) {
      case 'press': return this.#press();
      case 'flip': return this.flip();
      case 'resign': return this.#send({ type: 'resign', player: s.turn });
      case 'offer': return this.#send({ type: 'offer_draw', player: offerer });
      case 'accept': return s.drawOffer && this.#send({ type: 'accept_draw', player: OTHER[s.drawOffer] });
      case 'decline': return s.drawOffer && this.#send({ type: 'decline_draw', player: OTHER[s.drawOffer] });
      // App. F2.1: the sighted opponent repeats the move the visually impaired player announced.
      case 'repeat': {
        if (this.#live) {
          const heard = this.#liveAnnounced;
          return heard && !heard.repeated && this.#send({ type: 'repeat', player: OTHER[heard.player], text: heard.move });
        }
        return s.core?.announced && this.#send({ type: 'repeat', player: OTHER[s.turn], text: String(s.core.announced) });
      }
    }
  }

  // ---------- by ear and keyboard (2005 App. F) ----------

  #labels = null;
  #labelsFen = null;
  #speaker = null;
  #heard = [];
  #lastAnnouncement = null;
  #marksTimer = null;
  #marksLeft = null;

  /** Every text given to speech so far (`[{text, lang}]`), newest last: what a listener heard. */
  get spoken() { return this.#heard.map((x) => ({ ...x })); }

  /**
   * Takes what a player typed: a command ("/time", "/s e4", "/claim repetition"; /help lists
   * them) or a move in the notation language, in English SAN, in coordinates or in the App. F
   * spoken form. A typed move is announced and completes the move: the clock is pressed with it
   * (2005 App. F2.3). Every answer goes to the live region (and speech, with `speak`).
   */
  enter(text) {
    const t = String(text ?? '').trim();
    if (!this.#state) return;
    if (!t) {
      // Enter in the empty field presses the clock once a move is made (Space types a space).
      if (this.#state.clock?.awaitingPress || this.#liveByEar()) this.#press();
      else this.#announce([this.#t('type_something')], { interrupt: true });
      return;
    }
    const cmd = readCommand(t);
    if (cmd) {
      this.#command(cmd.name, cmd.arg);
      return;
    }
    this.#typedMove(t);
  }

  #typedMove(text) {
    const s = this.#state;
    if (this.#live) {
      this.#liveMove(text);
      return;
    }
    const me = this.#me();
    // A visually impaired player's typed move is his announcement (2005 App. F2.1): the core
    // makes it, and he presses the clock when sure of it; typed while his opponent is on move,
    // it is his repetition of the opponent's move.
    if (me && !s.result && !this.#declaring && this.#sealing === null) {
      // The assistant of App. F2.9 types the sighted player's move too: he makes it on the board
      // (F2.9a) and announces it to the blind player (F2.9b); the sighted player presses.
      if (this.hasAttribute('assistant') && s.turn !== me) {
        this.#assistSighted(text);
        return;
      }
      this.#announceMove(text, me === s.turn && !!s.core?.announced && !!s.clock?.awaitingPress);
      return;
    }
    if (!this.#canMove() && !(this.hasAttribute('allow-illegal') && !s.result)) {
      this.#announce([this.#t(s.result ? 'game_is_over' : s.clock?.awaitingPress ? 'press_first' : 'no_move_now')], { refused: true });
      return;
    }
    const read = this.#readTyped(text);
    if (!read) return;
    const declaring = !!this.#declaring;
    this.#playMove(read.uci);
    if (!declaring && this.#state?.clock?.awaitingPress && !this.#state.result) this.#press();
  }

  // A typed move read in this position, or null after saying why it is not one.
  #readTyped(text) {
    try {
      return this.#wasm.readMove(this.#state.fen, text, this.#state.setup.lang, this.#form());
    } catch (err) {
      this.#announce([this.#t('not_a_move', { why: refusalWords(err, this.#lang()) })], { refused: true, interrupt: true });
      return null;
    }
  }

  // Live with a seat: the move goes to the bridge's game. The assistant announces it for the
  // player on move (App. F2.9b); a player makes his move and presses his clock.
  #liveMove(text) {
    const s = this.#state;
    const seat = this.#seat();
    if (this.#liveByEar() && s.turn !== seat) {
      // Not on move, his words repeat the opponent's move (F2.1); the bridge's core reads them
      // in the position they belong to and says whether they agree.
      this.#send({ type: 'repeat', player: seat, text: text.trim() });
      return;
    }
    const read = this.#readTyped(text);
    if (!read) return;
    if (seat === 'assistant') {
      this.#send({ type: 'announce', player: s.turn, text: read.uci });
      return;
    }
    if (this.#liveByEar()) {
      // 2005 App. F2.1, F2.3: his typed move is his announcement, which makes it; he presses
      // his clock when sure of it (Enter in the empty field). Typed again before that, it
      // corrects the announcement (F2.6), which the bridge refuses once the clock has started.
      const mine = this.#liveAnnounced?.player === seat && !!this.#liveState?.announced;
      this.#send({ type: mine ? 'correct_announcement' : 'announce', player: seat, text: read.uci });
      return;
    }
    if (this.#send({ type: 'move', move: read.uci })) this.#send({ type: 'press_clock', player: s.turn });
  }

  #assistSighted(text) {
    const s = this.#state;
    const read = this.#readTyped(text);
    if (!read) return;
    const player = s.turn;
    this.#playMove(read.uci);
    if (this.#state?.clock?.awaitingPress) this.#send({ type: 'announce', player, text: read.uci });
  }

  // App. F2.1 / F2.6: announce (or repeat, or correct) a move by the player of this screen.
  #announceMove(text, correcting) {
    const me = this.#me() ?? this.#state.turn;
    const t = text.trim();
    if (!t) {
      this.#announce([this.#t('which_move', { example: '/correct Eva drei' })], { refused: true, interrupt: true });
      return;
    }
    const type = correcting ? 'correct_announcement' : me === this.#state.turn ? 'announce' : 'repeat';
    // An announcement is of a move in the position shown: words that are no move there are
    // refused here, in the page's language (the core would refuse them too, in English).
    if (type === 'announce' && !this.#readTyped(t)) return;
    if (!correcting && !this.#ensureStarted()) return;
    // Not on move, his words repeat the opponent's move (F2.1): the core checks they agree.
    this.#send({ type, player: me, text: t });
  }

  #command(name, arg = '') {
    const s = this.#state;
    if (!s) return;
    const form = this.#form();
    const lang = this.#formLang();
    switch (name) {
      // Times are said only when asked (2005 App. F2.9d), as durations, at this instant.
      case 'time': {
        const me = this.#me();
        if (me && !this.#live && this.#table.timeOnRequest) {
          // The player by ear asks: the core's words (2005 App. F2.9d: time left and used).
          const lang = this.#form() === 'appf' ? 'de' : this.#lang();
          return this.#answer(this.#table.timeOnRequest(me, lang), lang);
        }
        const now = this.#live ? this.#liveClocks() : this.#table.state();
        if (!now) return this.#answer(this.#t('no_clocks_yet'));
        const l = this.#lang();
        return this.#answer(clocksWords(now, (ms) => this.#wasm.sayDuration(ms, l), this.#me(), l));
      }
      case 'board': return this.#answer(this.#wasm.sayBoard(s.fen, form), lang);
      case 'number': return this.#answer(moveNumberWords(s, this.#lang()));
      case 'last': {
        const prefix = lastMovePrefix(s, this.#lang());
        if (!prefix) return this.#answer(this.#t('no_last_move'));
        return this.#announce([prefix, [`${s.moves[s.moves.length - 1].said}.`, lang]], { interrupt: true });
      }
      case 'square': {
        const sq = arg.trim().toLowerCase();
        if (!/^[a-h][1-8]$/.test(sq)) return this.#announce([this.#t('which_square', { example: '/s e4' })], { refused: true, interrupt: true });
        return this.#answer(this.#label(sq), lang);
      }
      case 'pieces': {
        const a = arg.trim();
        const both = a.startsWith('*');
        const letter = both ? a.slice(1) : a;
        try {
          return this.#answer(this.#wasm.sayPieces(s.fen, letter, both, form), lang);
        } catch (err) {
          return this.#announce([String(err?.message ?? err)], { refused: true, interrupt: true });
        }
      }
      case 'from': {
        const sq = arg.trim().toLowerCase() || this.#focus;
        if (!/^[a-h][1-8]$/.test(sq)) return this.#announce([this.#t('which_square', { example: '/m g1' })], { refused: true, interrupt: true });
        if (!this.#pieceOn(sq)) return this.#answer(`${this.#label(sq)}.`, lang);
        const targets = (s.legalMoves ?? []).filter((m) => m.startsWith(sq)).map((m) => m.slice(2, 4));
        const moves = [...new Set(targets)].sort();
        return this.#announce([[`${this.#label(sq)}:`, lang], this.#t('can_go', { targets: moves.join(', ') })], { interrupt: true });
      }
      case 'press': {
        if (!s.clock?.awaitingPress && s.clock?.started) return this.#announce([this.#t('make_move_first')], { refused: true, interrupt: true });
        return this.#press();
      }
      case 'draw': return this.#action(s.drawOffer && s.drawOffer !== s.turn ? 'accept' : 'offer');
      case 'decline': return this.#action('decline');
      case 'resign': return this.#action('resign');
      case 'claim': return this.#typedClaim(arg);
      case 'correct': return this.#announceMove(arg, true);
      case 'repeat': {
        if (!arg.trim() && this.#live && this.#liveAnnounced && !this.#liveAnnounced.repeated) return this.#action('repeat');
        if (!arg.trim()) return this.#announce([this.#t('which_move', { example: '/r Eva fuenf' })], { refused: true, interrupt: true });
        return this.#send({ type: 'repeat', player: this.#me() ?? OTHER[s.turn], text: arg.trim() });
      }
      case 'again': {
        if (!this.#lastAnnouncement) return this.#answer(this.#t('nothing_announced'));
        return this.#announce(this.#lastAnnouncement, { interrupt: true });
      }
      // The commands themselves are English words in every language; what they do is not.
      case 'help': return this.#answer(`${this.#tr('Commands:')} ${commandList().map((c) => `${c.keys[0]}, ${this.#tr(c.what)}`).join('; ')}.`);
      default: return this.#announce([this.#t('unknown_command', { word: arg })], { refused: true, interrupt: true });
    }
  }

  // "/claim repetition", "/claim fifty", "/claim repetition Nf3" (declared move, Art. 9.2a).
  #typedClaim(arg) {
    const [word = '', ...rest] = arg.trim().split(/\s+/);
    const kind = CLAIM_WORDS[word.toLowerCase()];
    if (!kind) {
      this.#announce([this.#t('claim_what')], { refused: true, interrupt: true });
      return;
    }
    const moveText = rest.join(' ');
    if (!moveText) {
      this.#claim(kind);
      return;
    }
    if (kind !== 'repetition' && kind !== 'fifty_moves') {
      this.#announce([this.#t('only_declared')], { refused: true, interrupt: true });
      return;
    }
    const s = this.#state;
    const read = this.#readTyped(moveText);
    if (!read) return;
    this.#send({ type: 'claim', player: s.turn, claim: { kind, intended: read.uci } });
  }

  // The clocks of the bridge's game, from its last `state` message, shaped as the page's state.
  #liveClocks() {
    const st = this.#liveState;
    if (!st?.white || !st?.black) return null;
    return { clock: { white: st.white, black: st.black, running: st.running ?? null, started: true } };
  }

  #me() {
    const p = this.getAttribute('player') ?? this.getAttribute('seat');
    return p === 'white' || p === 'black' ? p : null;
  }

  // How moves are heard: `speech="appf"` (2005 App. F2), else the words of the notation language.
  #form() {
    return this.#state?.setup?.speech ?? this.getAttribute('speech') ?? this.#notation();
  }

  #formLang() {
    return this.#wasm?.speechLang(this.#form()) ?? 'en';
  }

  // The language of the page's words: `lang` (by default the notation language too, App. E),
  // English for figurines and until that language's table is loaded.
  #lang() {
    return sentenceLang(this.getAttribute('lang') ?? 'en');
  }

  #t(key, args) {
    return say(this.#lang(), key, args);
  }

  #tr(english, args) {
    return tr(this.#lang(), english, args);
  }

  // The controls' words follow `lang`, and screen readers take their voice from it.
  #relabel() {
    const l = this.#lang();
    this.#root.querySelector('.arb').lang = l;
    relabel(this.#root, l);
  }

  #label(square) {
    return this.#labels?.[square] ?? square;
  }

  #answer(text, lang = this.#lang()) {
    this.#announce([[text, lang]], { interrupt: true });
  }

  // Everything players should hear goes here: the live region (screen readers read it) and, with
  // `speak`, speech. `parts` are English strings or [text, lang] pairs (a move said in App. F form
  // is German).
  #announce(parts, { law = '', refused = false, interrupt = false } = {}) {
    const pieces = parts.map((p) => (Array.isArray(p) ? p : [p, this.#lang()]));
    const text = pieces.map(([t]) => t).join(' ');
    const log = this.#root.querySelector('.announce');
    const line = document.createElement('p');
    // Screen readers pick the voice by the `lang` of the text: the sentence in the page's
    // language, a move said in the App. F form in German.
    line.lang = this.#lang();
    pieces.forEach(([t, lang], i) => {
      if (i) line.append(' ');
      if (lang === line.lang) {
        line.append(t);
        return;
      }
      const span = document.createElement('span');
      span.lang = lang;
      span.textContent = t;
      line.append(span);
    });
    if (law) line.append(` (${law})`);
    if (refused) line.className = 'refused';
    log.append(line);
    while (log.children.length > 30) log.firstChild.remove();
    log.scrollTop = log.scrollHeight;
    this.#lastAnnouncement = pieces;
    // With an assistant (App. F2.9d) the player hears only what he asks for: answers are spoken,
    // moves and rulings are written for the assistant to tell.
    const quiet = this.hasAttribute('assistant') && !interrupt;
    if (this.hasAttribute('speak') && !quiet) this.#speakParts(pieces, interrupt);
  }

  #speakParts(pieces, interrupt) {
    if (!this.#wasm) return;
    const rate = Number(this.getAttribute('speech-rate') ?? 1);
    this.#speaker ??= new this.#wasm.Speaker(rate);
    pieces.forEach(([text, lang], i) => {
      const said = text.replace('½-½', say(lang, 'draw_word'));
      this.#heard.push({ text: said, lang });
      if (this.#heard.length > 200) this.#heard.shift();
      if (i === 0 && interrupt) this.#speaker.interrupt(said, lang);
      else this.#speaker.say(said, lang);
    });
  }

  #paintLabels(s) {
    const form = this.#form();
    const key = `${s.fen}|${form}`;
    if (this.#labelsFen !== key) {
      try {
        this.#labels = this.#wasm.squareLabels(s.fen, form);
        this.#labelsFen = key;
      } catch {
        this.#labels = null;
      }
    }
    const last = s.lastMove ? [s.lastMove.from, s.lastMove.to] : [];
    for (const [name, sq] of this.#squares) {
      const notes = [];
      if (name === this.#selected) notes.push(this.#t('picked'));
      else if (s.touched === name) notes.push(this.#t('touched'));
      if (s.check === name) notes.push(this.#t('in_check'));
      if (last.includes(name)) notes.push(this.#t('last'));
      sq.setAttribute('aria-label', [this.#label(name), ...notes].join(', '));
      sq.setAttribute('aria-selected', name === this.#selected ? 'true' : 'false');
    }
  }

  // The marks of a tactile clock (App. F2.4), said when the `time-marks` attribute asks for them:
  // every five minutes, then every minute of the last five (the core's `laws::blind` finds them).
  #watchMarks() {
    clearInterval(this.#marksTimer);
    this.#marksLeft = null;
    if (!this.hasAttribute('time-marks')) return;
    this.#marksTimer = setInterval(() => {
      const c = this.#table?.state()?.clock;
      if (!c || !this.#wasm) return;
      const left = { white: c.white.remaining, black: c.black.remaining };
      const before = this.#marksLeft;
      this.#marksLeft = left;
      if (!before || !c.running) return;
      const me = this.#me();
      for (const color of ['white', 'black']) {
        const mark = this.#wasm.tactileMarkPassed(before[color], left[color]);
        if (!mark) continue;
        const key = !me ? 'mark_side' : color === me ? 'mark_you' : 'mark_opponent';
        const l = this.#lang();
        this.#announce([this.#t(key, { who: sideName(color, l), span: this.#wasm.sayDuration(mark.remaining, l) })]);
      }
    }, 500);
  }

  // ---------- the table ----------

  // Returns the rulings, or null when the core refused the event (its reason is shown).
  #send(event) {
    if (this.#live) {
      if (!this.#seat()) {
        this.#announce([this.#t('watch_only')], { refused: true, interrupt: true });
        return null;
      }
      if (!this.#live.send({ type: 'event', event })) {
        this.#announce([this.#t('not_connected')], { refused: true, interrupt: true });
        return null;
      }
      return [];
    }
    if (!this.#table) return null;
    let rulings;
    try {
      rulings = Array.from(this.#table.handle(event));
    } catch (err) {
      this.#say({ text: tableRefusalWords(err, this.#lang()), law: '' }, true);
      this.#refresh();
      return null;
    }
    this.#afterEvent(rulings);
    return rulings;
  }

  #afterEvent(rulings) {
    const before = this.#state?.moves?.length ?? 0;
    this.#refresh();
    const after = this.#state;
    this.#display?.draw();
    if (after && after.moves.length > before) {
      const last = after.moves[after.moves.length - 1];
      this.#announceMoved(last);
      this.dispatchEvent(new CustomEvent('move', {
        bubbles: true, composed: true,
        detail: { uci: last.uci, san: last.san, ply: last.ply, fen: after.fen },
      }));
    }
    this.#announceAll(Array.from(rulings ?? []));
  }

  // App. F2.1: every move is announced.
  #announceMoved(last) {
    this.#announce([this.#t('moved', { who: sideName(last.ply % 2 === 1 ? 'white' : 'black', this.#lang()) }), [`${last.said}.`, this.#formLang()]]);
  }

  #announceAll(rulings) {
    for (const words of rulingsWords(rulings, this.#lang())) {
      this.#say(words);
      this.dispatchEvent(new CustomEvent('ruling', { bubbles: true, composed: true, detail: words }));
    }
  }

  #say({ text, law, parts }, refused = false) {
    const list = this.#root.querySelector('.rulings');
    const div = document.createElement('div');
    div.className = `ruling${refused ? ' refused' : ''}`;
    div.textContent = text;
    if (law) {
      const l = document.createElement('span');
      l.className = 'law';
      l.textContent = law;
      div.append(l);
    }
    // Newest on top; the whole game's rulings stay, the list scrolls.
    list.prepend(div);
    // Once the list scrolls, a keyboard user must be able to reach it to scroll it.
    if (list.scrollHeight > list.clientHeight) list.tabIndex = 0;
    else list.removeAttribute('tabindex');
    // Rulings and refusals are heard too (the live region; speech with `speak`).
    this.#announce(parts ?? [text], { law, refused });
  }

  #refresh() {
    if (!this.#table) return;
    this.#state = this.#table.state();
    if (this.#entered) this.#showEntered(this.#state, this.#entered);
    this.#render();
    const res = this.#state.result;
    if (res && !this.#lastResult) {
      this.#lastResult = res;
      this.dispatchEvent(new CustomEvent('gameover', { bubbles: true, composed: true, detail: res }));
    }
  }

  // An illegal move entered in `allow-illegal` mode stands on the board until the press.
  #showEntered(s, uci) {
    const [from, to] = [uci.slice(0, 2), uci.slice(2, 4)];
    if (s.clock?.awaitingPress || !s.pieces[from]) {
      this.#entered = null;
      return;
    }
    s.pieces = { ...s.pieces, [to]: s.pieces[from] };
    delete s.pieces[from];
    s.lastMove = { from, to };
    s.legalMoves = [];
    s.clock.awaitingPress = true;
  }

  // ---------- rendering ----------

  #render() {
    const s = this.#state;
    if (!s) return;
    this.#paintBoard(s);
    this.#paintHints();
    this.#paintClock(s);
    this.#paintStatus(s);
    this.#paintMoves(s);
    this.#paintActions(s);
  }

  #paintBoard(s) {
    this.#paintLabels(s);
    const last = s.lastMove ? [s.lastMove.from, s.lastMove.to] : [];
    for (const [name, sq] of this.#squares) {
      const p = s.pieces[name];
      const key = p ? p.join('-') : '';
      if (sq.dataset.piece !== key) {
        sq.querySelector('.piece')?.remove();
        if (p) sq.insertAdjacentHTML('afterbegin', `<div class="piece">${pieceSvg(p[0], p[1])}</div>`);
        if (key) sq.dataset.piece = key; else delete sq.dataset.piece;
      }
      sq.classList.toggle('last', last.includes(name));
      sq.classList.toggle('check', s.check === name);
      sq.classList.toggle('touched', s.touched === name);
      sq.classList.toggle('movable', !!p && p[0] === s.turn && !s.result);
    }
  }

  #paintHints() {
    const targets = this.#selected ? this.#targets(this.#selected) : [];
    for (const [name, sq] of this.#squares) {
      sq.classList.toggle('selected', name === this.#selected);
      sq.classList.toggle('hint', targets.includes(name));
      sq.classList.toggle('capture', targets.includes(name) && !!this.#pieceOn(name));
    }
  }

  #paintClock(s) {
    const c = s.clock ?? {};
    for (const color of ['white', 'black']) {
      const face = this.#root.querySelector(`.face[data-clock="${color}"]`);
      const side = c[color] ?? {};
      // A side's default name ("White") is shown in the page's language.
      const name = s.players?.[color];
      face.querySelector('.name').textContent = !name || name === sideName(color) ? this.#tr(sideName(color)) : name;
      if (this.#live) continue;
      face.classList.toggle('running', c.running === color);
      face.classList.toggle('fallen', !!side.flag);
      face.classList.toggle('low', !side.flag && side.remaining < 10_000);
      face.querySelector('.flag').hidden = !side.flag;
      // h:mm:ss needs smaller digits than m:ss to fit the same face.
      face.classList.toggle('hours', side.remaining >= 3_600_000);
      face.querySelector('.meta').textContent = captionWords(side.meta ?? '', this.#lang());
    }
    if (this.#live) {
      // Live: the physical clock is the clock; its messages set the faces.
      this.#root.querySelector('.press').hidden = true;
      return;
    }
    const press = this.#root.querySelector('.press');
    press.disabled = !!s.result || (c.started && !c.awaitingPress);
    press.classList.toggle('due', !!c.awaitingPress);
    press.firstChild.textContent = `${this.#tr(c.started ? 'Press clock' : 'Start clock')} `;
  }

  #paintStatus(s) {
    const st = this.#root.querySelector('.status');
    st.classList.toggle('over', !!s.result);
    st.replaceChildren();
    const line = document.createElement('div');
    if (s.result) {
      line.className = 'result';
      line.textContent = resultWords(s.result, this.#lang());
      st.append(line);
      if (s.result.law) {
        const law = document.createElement('div');
        law.className = 'law';
        law.textContent = s.result.law;
        st.append(law);
      }
      return;
    }
    line.className = 'turn';
    const L = this.#lang();
    const who = { who: sideName(s.turn, L) };
    if (!s.clock?.started) line.textContent = say(L, 'to_start');
    else if (s.clock?.awaitingPress) line.textContent = say(L, 'to_press', who);
    else if (this.#declaring) line.textContent = say(L, 'to_declare', who);
    else if (this.#sealing !== null) line.textContent = say(L, 'to_seal', who);
    else if (s.core?.sealed) line.textContent = say(L, 'adjourned');
    else line.textContent = say(L, s.check ? 'to_move_check' : 'to_move', who);
    st.append(line);
    for (const o of s.obligations ?? []) {
      const d = document.createElement('div');
      d.className = 'obligation';
      d.textContent = `${obligationWords(s.core?.obligation, L) ?? o.text}${o.law ? ` (${o.law})` : ''}`;
      st.append(d);
    }
    if (s.drawOffer) {
      const d = document.createElement('div');
      d.className = 'obligation';
      d.textContent = say(L, 'draw_offered', { who: sideName(s.drawOffer, L) });
      st.append(d);
    }
  }

  #paintMoves(s) {
    const ol = this.#root.querySelector('.moves');
    const moves = s.moves ?? [];
    if (ol.dataset.count === String(moves.length) && ol.dataset.fen === s.fen) return;
    ol.dataset.count = String(moves.length);
    ol.dataset.fen = s.fen;
    ol.replaceChildren();
    if (!moves.length) {
      ol.insertAdjacentHTML('beforeend', `<li><span class="empty">${this.#tr('No moves yet.')}</span></li>`);
      return;
    }
    let li = null;
    moves.forEach((m, i) => {
      const white = m.ply % 2 === 1;
      if (white || !li) {
        li = document.createElement('li');
        const no = document.createElement('span');
        no.className = 'no';
        no.textContent = `${Math.ceil(m.ply / 2)}.`;
        li.append(no);
        if (!white) li.insertAdjacentHTML('beforeend', '<span class="mv">…</span>');
        ol.append(li);
      }
      const mv = document.createElement('span');
      mv.className = `mv${i === moves.length - 1 ? ' current' : ''}`;
      mv.textContent = m.san;
      mv.dataset.ply = String(m.ply);
      li.append(mv);
    });
    ol.scrollTop = ol.scrollHeight;
  }

  #paintActions(s) {
    const q = (a) => this.#root.querySelector(`[data-action="${a}"]`);
    const over = !!s.result;
    const offer = s.drawOffer;
    q('offer').hidden = !!offer;
    q('offer').disabled = over;
    q('accept').hidden = !offer || over;
    q('decline').hidden = !offer || over;
    q('resign').disabled = over;
    const me = this.#me();
    const seat = this.#seat();
    q('repeat').hidden = this.#live
      ? !this.#liveAnnounced || this.#liveAnnounced.repeated || !['white', 'black'].includes(seat) || this.#liveAnnounced.player === seat
      : over || !me || s.turn !== me || !s.core?.announced;
    q('claim').disabled = over;
  }
}

// The bridge's moves (SAN) as the PGN movetext the wasm `Table.fromPgn` reads (live mode).
function sanToPgn(sans) {
  return `${sans.map((s, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${s}` : s)).join(' ')} *`;
}

if (!customElements.get('arbiter-board')) customElements.define('arbiter-board', ArbiterBoard);
