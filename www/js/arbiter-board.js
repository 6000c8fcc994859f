// <arbiter-board>: a chess board and clock run by the Laws of Chess, for any web page. Its
// attributes, events, methods and test hooks are listed in www/README.md.
//
// The element is split by job, as board libraries split theirs: `board/view.js` draws,
// `board/input.js` turns pointer and keys into intents, `board/commands.js` reads typed
// commands, `board/announcer.js` speaks and writes the live region, `board/source.js` holds
// the game (the local wasm Table, or the bridge's live game) and `board/game.js` is the flow
// between them. This file is the element: its attributes, life cycle and public methods.

import { loadArbiter, loadFull } from './engine.js';
import { loadSentences, loadWords, relabel, sideName, tableRefusalWords } from './words.js';
import { template } from './board/view.js';
import { Game, loadLive } from './board/game.js';
import { importAnew } from './once.js';

import { parseTimeControl } from './time-control.js';

const STYLE_URL = new URL('../css/arbiter-board.css', import.meta.url);
// A sensor board read by the page (board/connect.js), fetched when asked; a failed import is
// tried again at the next click at a new URL (once.js importAnew).
const boardLink = importAnew(() => import('./board/connect.js'), new URL('./board/connect.js', import.meta.url));

// The first period's time of a time-control attribute, in ms (NaN when unreadable).
function firstPeriod(text) {
  try {
    return parseTimeControl(text ?? '15+10')[0]?.time ?? NaN;
  } catch {
    return NaN;
  }
}

export class ArbiterBoard extends HTMLElement {
  static observedAttributes = ['orientation', 'white', 'black', 'accessible', 'speech', 'speak', 'lang', 'readonly'];

  #root;
  #game;
  #loading = null;
  #pegasusKey = null;

  constructor() {
    super();
    // A page built with the board painted in (a declarative shadow root, xtask's prepaint)
    // hands the element that drawing: the same template, kept, so nothing is drawn twice and
    // nothing moves. Any other shadow root of the page's is replaced.
    const painted = this.shadowRoot?.querySelector('.arb[part="root"]');
    this.#root = painted ? this.shadowRoot : this.attachShadow({ mode: 'open' });
    if (!painted) this.#root.innerHTML = template(STYLE_URL);
    this.#game = new Game(this, this.#root);
  }

  async connectedCallback() {
    const g = this.#game;
    g.input.attach();
    g.watchMarks();
    if (g.source) {
      // Moved in the page: the same game goes on.
      g.source.display?.start();
      return;
    }
    if (!g.wasm) {
      g.view.placeholder(this, firstPeriod(this.getAttribute('time-control')));
      try {
        // The sentences' table comes with the module, so the first ruling is already in the
        // players' language. Every word of English comes with it too where words are wanted at
        // once (#wordsAtOnce); elsewhere the rest follows the first touch (board/game.js).
        // A live board's bridge client is the full module's (engine.js). The page's script may
        // set `live` just after this element is defined (page.js): let it run first, and look
        // again after the load for an element given `live` later still.
        await null;
        const live = () => this.hasAttribute('live');
        const lang = this.getAttribute('lang');
        this.#loading ??= Promise.all([live() ? loadFull() : loadArbiter(),
          lang && lang !== 'en' ? loadSentences(lang) : null,
          this.#wordsAtOnce() ? g.fetchAsked().catch(() => {}) : null,
          live() ? loadLive() : null]);
        let [wasm] = await this.#loading;
        if (live() && !wasm.BridgeClient) wasm = await loadFull();
        if (g.wasm || g.source) return;
        g.wasm = wasm;
      } catch (err) {
        this.#loading = null;
        g.moduleFailed(err);
        return;
      }
    }
    if (!this.hasAttribute('live') && !this.hasAttribute('readonly')) this.#boardLink();
    this.#relabel();
    if (this.hasAttribute('live')) {
      // Spectators and players at a sensor board see the physical game; this screen mirrors it.
      this.setAttribute('readonly', '');
      const attr = this.getAttribute('live');
      const url = attr && attr !== 'live'
        ? attr
        : `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
      try {
        await g.startLive(url);
      } catch (err) {
        g.moduleFailed(err);
        return;
      }
      this.#ready();
      return;
    }
    const key = this.getAttribute('persist');
    let table = null;
    // Whether the key holds nothing: a saved game that cannot be restored is replaced at once.
    let unsaved = true;
    if (key) {
      try {
        // A game read from PGN is saved with the file's tags and clocks, which only the full
        // module reads back (import.rs); an adjourned game's envelope opens only there (the lean
        // module has neither the cipher nor Argon2id); a long game the full module saved keeps
        // its log in pieces, which only it reads. The lean module says so by its refusal's id,
        // and the game is restored in the full one.
        try {
          table = g.wasm.Table.restore(key);
        } catch (err) {
          if (err?.id !== 'restore_needs_full') throw err;
          g.wasm = await loadFull();
          table = g.wasm.Table.restore(key);
        }
      } catch (err) {
        unsaved = false;
        g.withWords(() => g.card({ text: g.t('error_restore', { err }), law: '' }, true));
      }
    }
    g.adopt(table ?? g.newTable(g.setupFromAttributes(), { unsaved }));
    this.#ready();
  }

  // Whether this board says more than the first screen's words from the start: a saved game
  // (its rulings and where it stands, at once), a player typing moves and commands or playing by
  // ear (accessible, player), the bridge's game (its rulings as they come).
  #wordsAtOnce() {
    if (['accessible', 'player', 'live'].some((a) => this.hasAttribute(a))) return true;
    const key = this.getAttribute('persist');
    return !!key && this.#saved(key) !== null;
  }

  // What is saved under `key`, or null (nothing, or no storage in this browser).
  #saved(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  // A sensor board the page reads itself (board/connect.js: fetched on the click, or at once
  // when the page read a board before, to read it again where the browser allows).
  #boardLink() {
    const link = boardLink;
    const g = this.#game;
    this.#root.querySelector('.actions').insertAdjacentHTML('afterend', '<p class="actions"><button data-connect-board data-t="connect_board">Connect a board</button><span data-board-status role="status"></span></p>');
    // Its module failing to come is said on the board; the next click asks for it again.
    this.#root.querySelector('[data-connect-board]').onclick = () => link().then((m) => m.connect(g), () => g.moduleFailed('board/connect.js'));
    try {
      if (localStorage.getItem('arbiter-board-link')) link().then((m) => m.resume(g), () => {});
    } catch {}
  }

  #ready() {
    this.dispatchEvent(new CustomEvent('ready', { bubbles: true, composed: true }));
  }

  disconnectedCallback() {
    const g = this.#game;
    g.input.detach();
    g.watchMarks(false);
    if (g.source?.live) {
      g.source.close();
      g.source = null;
    } else {
      g.source?.display.stop();
    }
  }

  attributeChangedCallback(name) {
    const g = this.#game;
    if (name === 'lang') {
      loadSentences(this.getAttribute('lang')).then(() => {
        // Moves and squares are said in the page's language too, unless `speech` says otherwise.
        const code = this.getAttribute('lang');
        if (code && code !== 'fig' && !this.hasAttribute('speech')) g.table?.setSpeech?.(code);
        this.#relabel();
        // The move list is redrawn only when the game changes; its "No moves yet." too now.
        delete this.#root.querySelector('.moves').dataset.count;
        if (g.state) g.refresh();
        // What was said before, said again in this language (from the game as it stands now).
        g.announcer.relabel();
      }, () => {});
    }
    if (name === 'accessible') {
      const on = this.hasAttribute('accessible');
      // The move field's answers and the commands' words, before anything is typed.
      if (on) g.fetchAsked().catch(() => {});
      this.#root.querySelector('.entry').hidden = !on;
      // Shown, the announcements scroll: keyboard users must be able to reach them.
      const log = this.#root.querySelector('.announce');
      if (on) log.tabIndex = 0;
      else log.removeAttribute('tabindex');
    }
    if (name === 'speak' && !this.hasAttribute('speak')) g.announcer.hush();
    // The squares exist from the constructor: a page may turn the board before the game loads.
    if (name === 'orientation') g.view.layout(this.getAttribute('orientation') === 'black');
    if (!g.state) return;
    if (name === 'speech' && g.table?.setSpeech) {
      g.table.setSpeech(this.getAttribute('speech') ?? g.notation());
      g.refresh();
      return;
    }
    g.render();
  }

  // The controls' words follow `lang`, and screen readers take their voice from it.
  #relabel() {
    const l = this.#game.lang();
    this.#root.querySelector('.arb').lang = l;
    this.#game.input.renderHelp();
    relabel(this.#root, l);
    // Several boards on a page: each one's region named apart from the others'.
    const boards = [...document.querySelectorAll('arbiter-board')];
    const region = this.#root.querySelector('.rulings');
    if (boards.length > 1) region.ariaLabel = `${region.ariaLabel.replace(/ \d+$/, '')} ${boards.indexOf(this) + 1}`;
  }

  // ---------- public API ----------

  /**
   * DGT's developer key for a Pegasus board (hex digits), written to a Pegasus when one is
   * connected: the `pegasus-key` attribute, unless a script set this property. Set here it is
   * not written into the element's attributes; a page's script is no more secret than its HTML.
   */
  get pegasusKey() { return this.#pegasusKey ?? this.getAttribute('pegasus-key'); }

  set pegasusKey(key) { this.#pegasusKey = key == null ? null : String(key); }

  /** The wasm `Table` behind this board (events in, rulings and state out). */
  get table() { return this.#game.table; }

  /** The wasm `ClockDisplay` drawing the faces (frames drawn, instant of the last frame). */
  get clockDisplay() { return this.#game.source?.display ?? null; }

  /** The state now, as the wasm module reports it. */
  get state() { return this.#game.table?.state(); }

  /** Every text given to speech so far (`[{text, lang}]`), newest last: what a listener heard. */
  get spoken() { return this.#game.announcer.heard.map((x) => ({ ...x })); }

  /** The sounds played so far (`move`, `capture`, `check`, `low`, `end`), newest last. */
  get sounds() { return [...this.#game.sounds.played]; }

  /** Starts a new game; `setup` as in the wasm `GameSetup` type (timeControl, edition, names...). */
  newGame(setup = this.#game.setupFromAttributes()) {
    const g = this.#game;
    g.adopt(g.newTable(setup));
    g.watchMarks();
  }

  /** PGN of the game so far, its Date the day the game began (this device's calendar). */
  pgn() {
    const table = this.#game.table;
    if (!table) return '';
    // The game began at its start event (the log's zero until then), on the page's time line.
    const start = table.log().split('\n').find((l) => l.includes('"start"'));
    const d = new Date(table.epochWallMs() + (start ? JSON.parse(start).at : 0));
    const two = (n) => String(n).padStart(2, '0');
    return table.pgn(`${d.getFullYear()}.${two(d.getMonth() + 1)}.${two(d.getDate())}`);
  }

  /**
   * The keyboard on this board: the focus goes to its grid (the square the arrows last walked
   * to), so that Space presses this board's clock and the arrows walk its squares.
   */
  focus(options) {
    const square = this.#root.querySelector('[data-square][tabindex="0"]');
    if (square) square.focus(options);
    else super.focus(options);
  }

  /**
   * The games of a PGN text, to choose one to import: a promise of `[{white, black, event, date,
   * result, plies}]`, in the file's order (the full module's reader).
   */
  async pgnGames(text) {
    return Array.from((await loadFull()).Table.pgnGames(text));
  }

  /** Whether a game is loaded whose Braille score `brf()` can write (2005 App. F2.5). */
  get canBrf() { return !!this.#game.table; }

  /**
   * The score as a Braille-ready file (2005 App. F2.5 / 2023 App. D.2.7: the visually impaired
   * player keeps it in Braille), as the core writes it from the game: North American
   * Braille ASCII, 40 cells by 25 lines, draw offers marked. Resolves to null before the module
   * is loaded. The Braille writer is in the full module (engine.js), which reads the game's log.
   */
  async brf() {
    const table = this.#game.table;
    if (!table) return null;
    const full = await loadFull();
    const copy = full.Table.fromLog(table.log(), table.epochWallMs(), this.#game.show());
    try {
      return copy.brf();
    } finally {
      copy.free();
    }
  }

  /**
   * Replaces the game with game `index` (from 0, the first by default) of a PGN text; rejects
   * with the reason when the PGN is refused. The file's tags and its moves' `[%clk]` are kept:
   * the clocks go on from the last ones it gives. The PGN reader is in the full module
   * (engine.js), fetched on the first import.
   */
  async importPgn(text, index = 0) {
    const g = this.#game;
    const full = await loadFull();
    const table = full.Table.fromPgn(g.setupFromAttributes(), g.show(), text, index);
    // Saved as any game is: a reload goes on with it.
    const key = this.getAttribute('persist');
    if (key) table.persistTo(key);
    g.wasm = full;
    g.adopt(table);
  }

  /**
   * Takes what a player typed: a command ("/time", "/s e4", "/claim repetition"; /help lists
   * them) or a move in the notation language, in English SAN, in coordinates or in the App. F
   * spoken form. A typed move is announced and completes the move: the clock is pressed with it
   * (2005 App. F2.3). Every answer goes to the live region (and speech, with `speak`).
   */
  enter(text) { this.#game.enter(text); }

  /**
   * Adjournment (2005 App. A1): the player on move makes his next move on the board; instead of
   * being played it is sealed with the arbiter's `passphrase`, and the clocks stop. Resolves
   * once the full module that seals is loaded.
   */
  async sealNextMove(passphrase) {
    const g = this.#game;
    if (!g.state || g.state.result) return;
    // Its prompt and status are words beyond the first screen's.
    await loadWords().catch(() => {});
    const s = g.state;
    if (!s || s.result) return;
    g.sealing = String(passphrase);
    g.card({ text: g.t('seal_now', { who: sideName(s.turn, g.lang()) }), law: s.laws?.sealing ?? '' });
    g.render();
    // Sealing is the full module's (engine.js): the game moves there while the player thinks;
    // resolves when it has.
    try {
      await g.toFull();
    } catch (err) {
      // Nothing can be sealed without the full module: the game goes on unsealed (the status
      // no longer asks for a sealed move, the next move is played), and the arbiter may ask again.
      g.sealing = null;
      g.card({ text: g.t('error_module', { err }), law: '' }, true);
      g.render();
    }
  }

  /** Resumes an adjourned game: both players present, the arbiter opens the envelope. */
  resumeAdjourned(passphrase) {
    const g = this.#game;
    // The envelope opens in the full module only (engine.js); an adjourned game is there already
    // unless its load failed: it is asked for again, then the envelope opened.
    if (g.table && typeof g.table.seal !== 'function') {
      return g.toFull().then(() => this.resumeAdjourned(passphrase), (err) => {
        g.withWords(() => g.card({ text: g.t('error_module', { err }), law: '' }, true));
      });
    }
    for (const event of [{ type: 'resume' }, { type: 'arrive', player: 'white' }, { type: 'arrive', player: 'black' }]) {
      if (!g.send(event)) return;
    }
    g.send({ type: 'open', passphrase: String(passphrase) });
  }

  /**
   * The arbiter sets up a position (2005 Art. 6.14 / 2023 Art. 7.1; 2005 Art. 7.5 / 2023 Art.
   * 7.6): `{ply, cause}` goes back to the position after `ply` half-moves, with the clocks as they
   * stood then (the core's `restore` decision; `cause` is `arbiter` or `displaced`); `{fen}`
   * starts over from that position with the clocks as they stand now.
   */
  restorePosition({ ply = null, fen = null, cause = 'arbiter' } = {}) {
    const g = this.#game;
    if (fen) {
      const now = g.table.state().clock;
      try {
        const config = { ...JSON.parse(g.table.log().split('\n')[0]).config, fen: String(fen).trim() };
        g.adopt(g.newTable(config));
      } catch (err) {
        // A FEN that is no position says what is wrong with it (the wasm refusal's words).
        g.withWords(() => {
          const text = err?.id ? tableRefusalWords(err, g.lang()) : g.t('error_position', { err: err?.message ?? err });
          g.card({ text, law: '' }, true);
        });
        return null;
      }
      g.send({ type: 'start' });
      return g.send({ type: 'arbiter', decision: { kind: 'set_clock', white: now.white.remaining, black: now.black.remaining } });
    }
    return g.send({ type: 'arbiter', decision: { kind: 'restore', ply: Number(ply), cause } });
  }

  /** Sends one event (see the wasm `TableEvent` type); returns the rulings it caused. */
  send(event) { return this.#game.send(event); }

  flip() {
    const now = this.getAttribute('orientation') === 'black' ? 'white' : 'black';
    this.setAttribute('orientation', now);
  }
}

if (!customElements.get('arbiter-board')) customElements.define('arbiter-board', ArbiterBoard);
