// <arbiter-board>: a chess board and clock run by the Laws of Chess, for any web page.
//
//   <script type="module" src="https://your.club/arbiter/js/arbiter-board.js"></script>
//   <arbiter-board time-control="3+2" edition="2005" white="Anna" black="Ben"></arbiter-board>
//
// Attributes (all optional; see www/README.md for the full list): time-control, edition, lang,
// white, black, orientation, arbiter, persist, auto-press, controls, readonly.
// DOM events (bubbling, composed): `move`, `ruling`, `gameover`, `ready`.
// Test hooks: every square has data-square="e4", each clock face data-clock="white|black".

import { loadArbiter } from './engine.js';
import { pieceSvg, fromFenLetter } from './pieces.js';
import { rulingsWords, resultWords, sideName } from './words.js';
import { parseTimeControl } from './time-control.js';
import { connectBridge, sanToPgn } from './live.js';

const FILES = 'abcdefgh';
const STYLE_URL = new URL('../css/arbiter-board.css', import.meta.url);
const DRAG_THRESHOLD_PX = 4;
const OTHER = { white: 'black', black: 'white' };

const TEMPLATE = `
<link rel="stylesheet" href="${STYLE_URL}">
<div class="arb" part="root">
  <div class="clock" part="clock">
    <div class="face" data-clock="white" role="button" tabindex="0" aria-label="White's clock">
      <div class="who"><span class="dot"></span><span class="name">White</span></div>
      <div class="time" aria-live="off">–:––</div><div class="meta"></div><span class="flag" hidden title="Flag fallen">⚑</span>
    </div>
    <div class="face" data-clock="black" role="button" tabindex="0" aria-label="Black's clock">
      <div class="who"><span class="dot"></span><span class="name">Black</span></div>
      <div class="time" aria-live="off">–:––</div><div class="meta"></div><span class="flag" hidden title="Flag fallen">⚑</span>
    </div>
  </div>
  <div class="board-wrap">
    <div class="board" part="board" role="grid" aria-label="Chess board"></div>
    <div class="promo" hidden><div class="choices" role="dialog" aria-label="Promote to"></div></div>
  </div>
  <div class="side" part="side">
    <button class="press" type="button" data-action="press">Press clock <kbd>space</kbd></button>
    <div class="status" aria-live="polite"></div>
    <div class="rulings" aria-live="assertive"></div>
    <ol class="moves" aria-label="Moves"></ol>
    <div class="actions">
      <button type="button" data-action="offer">Offer draw</button>
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
      <button type="button" data-action="flip" title="Flip board">⇅ Flip</button>
    </div>
  </div>
</div>`;

export class ArbiterBoard extends HTMLElement {
  static observedAttributes = ['orientation', 'white', 'black'];

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
    if (this.#table) return;
    try {
      this.#wasm = await loadArbiter();
    } catch (err) {
      this.#fatal(`The chess module could not load: ${err}`);
      return;
    }
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
        this.#say({ text: `The saved game could not be restored: ${err}`, law: '' }, true);
      }
    }
    this.#adopt(table ?? this.#newTable(this.#setupFromAttributes()));
    this.dispatchEvent(new CustomEvent('ready', { bubbles: true, composed: true }));
  }

  disconnectedCallback() {
    window.removeEventListener('keydown', this.#onKey);
    this.#display?.stop();
    this.#live?.close();
    this.#live = null;
  }

  // ---------- live mode: the board bridge ----------

  #live = null;
  #liveSans = [];

  // Spectators and players at a sensor board see the physical game; this screen only mirrors it.
  #startLive() {
    this.setAttribute('readonly', '');
    const attr = this.getAttribute('live');
    const url = attr && attr !== 'live' && attr !== ''
      ? attr
      : `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    this.#live = connectBridge(url, {
      snapshot: (s) => {
        this.#liveSans = [...(s.san ?? [])];
        this.#liveRebuild();
        if (s.connected === false) this.#say({ text: 'No board connected to the bridge.', law: '' }, true);
      },
      message: (m) => this.#liveMessage(m),
      status: (text) => this.#say({ text, law: '' }),
    });
  }

  #liveRebuild() {
    const show = { lang: this.getAttribute('lang') ?? 'en' };
    let table;
    try {
      table = this.#wasm.Table.fromPgn(this.#setupFromAttributes(), show, sanToPgn(this.#liveSans));
    } catch (err) {
      this.#say({ text: `Live game: ${err?.message ?? err}`, law: '' }, true);
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
      case 'ruling': {
        const words = { text: `The position must be restored${m.squares?.length ? ` on ${m.squares.join(', ')}` : ''} (${String(m.kind).replaceAll('_', ' ')}).`, law: m.law };
        this.#say(words, true);
        this.dispatchEvent(new CustomEvent('ruling', { bubbles: true, composed: true, detail: words }));
        break;
      }
      case 'board':
        this.#say({ text: m.connected ? `Board connected${m.port ? ` on ${m.port}` : ''}.` : 'Board disconnected.', law: '' }, !m.connected);
        break;
      case 'error':
        this.#say({ text: m.message, law: '' }, true);
        break;
    }
  }

  attributeChangedCallback(name) {
    if (!this.#state) return;
    if (name === 'orientation') this.#layoutSquares();
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
  }

  /** PGN of the game so far. */
  pgn() { return this.#table?.pgn() ?? ''; }

  /** Replaces the game with one read from PGN; throws with the reason when the PGN is refused. */
  importPgn(text) {
    const table = this.#wasm.Table.fromPgn(this.#setupFromAttributes(), { lang: this.getAttribute('lang') ?? 'en' }, text);
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
    this.#say({ text: `${sideName(s.turn)}: make the move to seal. It will not be shown.`, law: `${s.setup.edition} ${s.setup.edition === '2005' ? 'App. A1' : 'Guidelines I.1'}` });
    this.#render();
  }

  /** Resumes an adjourned game: both players present, the arbiter opens the envelope. */
  resumeAdjourned(passphrase) {
    for (const event of [{ type: 'resume' }, { type: 'arrive', player: 'white' }, { type: 'arrive', player: 'black' }]) {
      if (!this.#send(event)) return;
    }
    this.#send({ type: 'open', passphrase: String(passphrase) });
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
    return setup;
  }

  #newTable(setup) {
    const table = new this.#wasm.Table(setup, { lang: this.getAttribute('lang') ?? 'en' });
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

  #buildSquares() {
    const board = this.#root.querySelector('.board');
    for (let rank = 8; rank >= 1; rank--) {
      for (let f = 0; f < 8; f++) {
        const name = FILES[f] + rank;
        const sq = document.createElement('div');
        sq.className = `sq ${(f + rank) % 2 === 0 ? 'light' : 'dark'}`;
        sq.dataset.square = name;
        sq.setAttribute('role', 'gridcell');
        sq.setAttribute('aria-label', name);
        this.#squares.set(name, sq);
        board.append(sq);
      }
    }
    this.#layoutSquares();
  }

  #layoutSquares() {
    const flipped = this.getAttribute('orientation') === 'black';
    const order = [];
    for (let r = 8; r >= 1; r--) for (let f = 0; f < 8; f++) order.push(FILES[f] + r);
    if (flipped) order.reverse();
    const board = this.#root.querySelector('.board');
    order.forEach((name, i) => {
      const sq = this.#squares.get(name);
      board.append(sq);
      for (const c of sq.querySelectorAll('.coord')) c.remove();
      const row = Math.floor(i / 8);
      const col = i % 8;
      if (col === 0) sq.insertAdjacentHTML('beforeend', `<span class="coord rank">${name[1]}</span>`);
      if (row === 7) sq.insertAdjacentHTML('beforeend', `<span class="coord file">${name[0]}</span>`);
    });
    // The clock faces follow the board: the player at the bottom has the left face.
    const clock = this.#root.querySelector('.clock');
    const bottom = flipped ? 'black' : 'white';
    clock.prepend(clock.querySelector(`[data-clock="${bottom}"]`));
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
      b.setAttribute('aria-label', piece);
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
        this.#say({ text: String(err?.message ?? err), law: '' }, true);
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
      this.#say({ text: `${sideName(s.turn)}: make the move you intend. It is declared with the claim, not played.`, law: `${s.setup.edition} Art. 9.2a, 9.3a` });
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
    }
  }

  // ---------- the table ----------

  // Returns the rulings, or null when the core refused the event (its reason is shown).
  #send(event) {
    if (!this.#table) return null;
    let rulings;
    try {
      rulings = Array.from(this.#table.handle(event));
    } catch (err) {
      this.#say({ text: String(err?.message ?? err), law: '' }, true);
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
      this.dispatchEvent(new CustomEvent('move', {
        bubbles: true, composed: true,
        detail: { uci: last.uci, san: last.san, ply: last.ply, fen: after.fen },
      }));
    }
    this.#announceAll(Array.from(rulings ?? []));
  }

  #announceAll(rulings) {
    for (const words of rulingsWords(rulings)) {
      this.#say(words);
      this.#speak(words.text);
      this.dispatchEvent(new CustomEvent('ruling', { bubbles: true, composed: true, detail: words }));
    }
  }

  #say({ text, law }, refused = false) {
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
    list.prepend(div);
    while (list.children.length > 6) list.lastChild.remove();
  }

  // With the `speak` attribute, rulings are read aloud (players at a board, blind players:
  // 2005 App. F). Speech is best effort: a browser without it simply stays silent.
  #speak(text) {
    if (!this.hasAttribute('speak') || !('speechSynthesis' in window)) return;
    const u = new SpeechSynthesisUtterance(text.replace('½-½', 'draw'));
    u.lang = 'en';
    window.speechSynthesis.speak(u);
  }

  #fatal(text) {
    this.#say({ text, law: '' }, true);
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
      face.querySelector('.name').textContent = s.players?.[color] ?? sideName(color);
      if (this.#live) continue;
      face.classList.toggle('running', c.running === color);
      face.classList.toggle('fallen', !!side.flag);
      face.classList.toggle('low', !side.flag && side.remaining < 10_000);
      face.querySelector('.flag').hidden = !side.flag;
      // h:mm:ss needs smaller digits than m:ss to fit the same face.
      face.classList.toggle('hours', side.remaining >= 3_600_000);
      face.querySelector('.meta').textContent = side.meta ?? '';
    }
    if (this.#live) {
      // Live: the physical clock is the clock; its messages set the faces.
      this.#root.querySelector('.press').hidden = true;
      return;
    }
    const press = this.#root.querySelector('.press');
    press.disabled = !!s.result || (c.started && !c.awaitingPress);
    press.classList.toggle('due', !!c.awaitingPress);
    press.firstChild.textContent = c.started ? 'Press clock ' : 'Start clock ';
  }

  #paintStatus(s) {
    const st = this.#root.querySelector('.status');
    st.classList.toggle('over', !!s.result);
    st.replaceChildren();
    const line = document.createElement('div');
    if (s.result) {
      line.className = 'result';
      line.textContent = resultWords(s.result);
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
    const who = sideName(s.turn);
    if (!s.clock?.started) line.textContent = 'Press the clock (or move) to start: White begins.';
    else if (s.clock?.awaitingPress) line.textContent = `${who}: press the clock to complete the move.`;
    else if (this.#declaring) line.textContent = `${who} to declare a move for the claim.`;
    else if (this.#sealing !== null) line.textContent = `${who} to make the move to seal.`;
    else if (s.core?.sealed) line.textContent = 'Adjourned: a sealed move waits in its envelope.';
    else line.textContent = `${who} to move${s.check ? ' — check' : ''}.`;
    st.append(line);
    for (const o of s.obligations ?? []) {
      const d = document.createElement('div');
      d.className = 'obligation';
      d.textContent = `${o.text}${o.law ? ` (${o.law})` : ''}`;
      st.append(d);
    }
    if (s.drawOffer) {
      const d = document.createElement('div');
      d.className = 'obligation';
      d.textContent = `${sideName(s.drawOffer)} offers a draw.`;
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
      ol.insertAdjacentHTML('beforeend', '<li><span class="empty">No moves yet.</span></li>');
      return;
    }
    const firstBlack = moves[0].ply % 2 === 0;
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
    void firstBlack;
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
    q('claim').disabled = over;
  }
}

// FEN placement -> { e4: ['white', 'pawn'], ... }; used when the wasm state carries only a FEN.
export function piecesFromFen(fen) {
  const out = {};
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else {
        const p = fromFenLetter(ch);
        if (p) out[FILES[f] + (8 - i)] = p;
        f += 1;
      }
    }
  });
  return out;
}

if (!customElements.get('arbiter-board')) customElements.define('arbiter-board', ArbiterBoard);
