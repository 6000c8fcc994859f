// The board's game flow: the intents of input and commands turned into the core's events, sent
// through the game source, and the state that comes back drawn and announced. The core rules on
// every event; this module only chooses which event a player's gesture is.

import {
  loadWords, obligationWords, rulingsWords, say, sentenceLang, sideName, tableRefusalWords, wordsLoaded,
} from '../words.js';
import { parseTimeControl } from '../time-control.js';
import { Announcer } from './announcer.js';
import { BoardView } from './view.js';
import { BoardInput } from './input.js';
import { Sounds } from './sound.js';
import { LocalGame } from './source.js';
import { loadFull } from '../engine.js';
import { importAnew, moduleUrl, once } from '../once.js';
import { TactileMarks } from './marks.js';
import { postTask } from './tasks.js';

const OTHER = { white: 'black', black: 'white' };

// What a board does only when asked (asked.js: commands, claims, confirmations, promotion, help).
// A failed import is tried again at the next ask at a new URL (once.js importAnew: a browser may
// keep a module's failed fetch for the page's life).
const loadAsked = once(importAnew(() => import('./asked.js'), moduleUrl('./board/asked.js')));

// The bridge's game (live.js and its LiveGame) is fetched only by a board that joins one; after a
// failure, at a new URL when the board joins again.
export const loadLive = once(importAnew(() => import('./live.js'), moduleUrl('./board/live.js')));
// The board's actions that say nothing: they need none of the words fetched when asked for.
const WORDLESS = new Set(['press', 'flip', 'back', 'sound']);
// The first gestures toward the board (the pointer over it, a touch, a key, the focus in it),
// after which its words are fetched.
const WARM_ON = ['pointerover', 'pointerdown', 'keydown', 'focusin'];

export class Game {
  constructor(host, root) {
    this.host = host;
    this.root = root;
    this.wasm = null;
    /** The game source (`LocalGame` or `LiveGame`), null until the module has loaded. */
    this.source = null;
    this.state = null;
    this.selected = null;
    // The claim kind whose move is being declared (2005 Art. 9.2a / 9.3a), or null.
    this.declaring = null;
    // The arbiter's passphrase while the next move is to be sealed (App. A1), or null.
    this.sealing = null;
    // An illegal move entered in `allow-illegal` mode, shown until the press.
    this.entered = null;
    this.lastResult = null;
    // The number of moves whose position the board shows while looking back, or null.
    this.reviewing = null;
    this.sounds = new Sounds();
    this.announcer = new Announcer(host, root, () => this.lang(), () => this.wasm);
    this.view = new BoardView(root, this);
    this.input = new BoardInput(host, root, this.view, this);
    /** The parts fetched when asked for (asked.js), null until they are here. */
    this.parts = null;
    /** The move field's commands (commands.js), null until the parts are here. */
    this.commands = null;
    this.marks = new TactileMarks(this);
    // The low-time warning comes with the clock's tick (the display sets data-low): its sound
    // too, for the side whose clock runs.
    new MutationObserver((changes) => {
      for (const c of changes) {
        if (c.target.hasAttribute('data-low') && c.target.dataset.clock === this.state?.clock?.running) this.sounds.play('low');
      }
    }).observe(root.querySelector('.clock'), { subtree: true, attributes: true, attributeFilter: ['data-low'] });
    // The words beyond the first screen's (rulings, refusals, answers, confirmations, help) are
    // fetched at the player's first gesture toward the board, ahead of the first ruling.
    const warm = () => {
      for (const type of WARM_ON) root.removeEventListener(type, warm, true);
      this.fetchAsked().catch(() => {});
    };
    for (const type of WARM_ON) root.addEventListener(type, warm, true);
  }

  // What waits for the rest of the words and the parts, in order, or null when nothing does.
  #waiting = null;

  /** Runs `say` now, or after what waits for the words when something does. */
  inTurn(say) {
    if (this.#waiting) this.#waiting.push(say);
    else say();
  }

  /**
   * Runs `say` once every word it may need (and the parts asked for, asked.js) is here: at once
   * when they are, else after them, in the order asked; its result when run at once. A ruling or
   * an answer is never said with a missing word, nor out of turn.
   */
  withWords(say) {
    if (!this.#waiting && wordsLoaded() && this.parts) return say();
    if (!this.#waiting) {
      this.#waiting = [];
      const flush = () => {
        const waiting = this.#waiting;
        this.#waiting = null;
        for (const f of waiting) f();
      };
      // Without the words (the file failed to arrive) the message ids are said: still in order.
      // The words are waited for even when the parts failed first (a card saying so is words
      // too); one fetch of them, shared with fetchAsked's.
      Promise.allSettled([loadWords(), this.fetchAsked()]).then(flush);
    }
    this.#waiting.push(say);
    return undefined;
  }

  /** Runs `use(parts)` once the parts fetched when asked for (asked.js) and the words are here. */
  withParts(use) {
    return this.withWords(() => {
      if (this.parts) return use(this.parts);
      this.card({ text: this.t('error_module', { err: 'asked.js' }), law: '' }, true);
      return undefined;
    });
  }

  /** Says, once its words can be said, that a part of the page (`err`) could not be fetched. */
  moduleFailed(err) {
    this.withWords(() => this.card({ text: this.t('error_module', { err }), law: '' }, true));
  }

  /** Fetches the words beyond the first screen's and the parts used when asked for, both at once. */
  fetchAsked() {
    return Promise.all([loadWords(), loadAsked().then((parts) => {
      if (this.parts) return;
      this.parts = parts;
      this.commands = new parts.Commands(this);
    })]);
  }

  get table() {
    return this.source?.table ?? null;
  }

  // ---------- words ----------

  // The language of the page's words: `lang` (by default the notation language too, App. E),
  // English for figurines and until that language's table is loaded.
  lang() {
    return sentenceLang(this.host.getAttribute('lang') ?? 'en');
  }

  t(key, args) {
    return say(this.lang(), key, args);
  }

  // How moves are heard: `speech="appf"` (2005 App. F2), else the words of the notation language.
  form() {
    return this.state?.setup?.speech ?? this.host.getAttribute('speech') ?? this.notation();
  }

  formLang() {
    return this.wasm?.speechLang(this.form()) ?? 'en';
  }

  // The notation language (App. E) of a new game: `notation`, else `lang`; "fig" for figurines.
  notation() {
    return this.host.getAttribute('notation') ?? this.host.getAttribute('lang') ?? 'en';
  }

  announce(parts, options) {
    this.announcer.announce(parts, options);
  }

  answer(text, lang) {
    this.announcer.answer(text, lang);
  }

  /**
   * A ruling, refusal or notice `{text, law}`: a card, and heard. `redo()` words it again in the
   * page's language of then, when the language changes.
   */
  card(words, refused = false, redo = null) {
    this.announcer.card(words, refused, redo);
  }

  /** What a player typed in the move field: a move or a command (commands.js). */
  enter(text) {
    this.withParts(() => this.commands.enter(text));
  }

  /** A question or command by name ("time", "square"...), as the grid's keys ask them. */
  command(name, arg) {
    this.withParts(() => this.commands.command(name, arg));
  }

  // ---------- who this screen is ----------

  me() {
    const p = this.host.getAttribute('player') ?? this.host.getAttribute('seat');
    return p === 'white' || p === 'black' ? p : null;
  }

  seat() {
    const seat = this.host.getAttribute('seat');
    return ['white', 'black', 'assistant', 'arbiter'].includes(seat) ? seat : null;
  }

  /**
   * Whether this screen only watches: `readonly`, or the bridge's game without a seat. No move,
   * press, offer, claim or resignation is made from it (the page's own `send` still works).
   */
  watching() {
    return this.host.hasAttribute('readonly') && !(this.source?.live && this.seat());
  }

  // A seated player who plays by ear (2005 App. F): the `player` attribute names his seat.
  liveByEar() {
    const seat = this.seat();
    return !!this.source?.live && (seat === 'white' || seat === 'black') && this.host.getAttribute('player') === seat;
  }

  // ---------- set-up ----------

  // The core's GameConfig, from the element's attributes.
  setupFromAttributes() {
    const a = (n, d) => this.host.getAttribute(n) ?? d;
    const setup = {
      edition: a('edition', '2005'),
      time_control: parseTimeControl(a('time-control', '15+10')),
      white: a('white', 'White'),
      black: a('black', 'Black'),
      arbiter_present: a('arbiter', 'absent') === 'present',
      quickplay_finish: this.host.hasAttribute('quickplay-finish'),
    };
    if (this.host.getAttribute('fen')) setup.fen = this.host.getAttribute('fen');
    // 2005 App. F: the player of this screen plays by ear; his typed moves are announcements.
    const me = this.me();
    if (me) setup.visually_impaired = [{ player: me, tactile_board: false }];
    const notation = this.notation();
    setup.language = notation === 'fig' ? 'en' : notation;
    return setup;
  }

  // Display options for the wasm Table: notation language and how moves are heard.
  show() {
    const show = { lang: this.notation() };
    if (this.host.getAttribute('speech')) show.speech = this.host.getAttribute('speech');
    return show;
  }

  /**
   * A game set up by `setup`, saved under the element's `persist` key: at once, unless
   * `unsaved` says nothing is saved there and this game is the one the element's attributes
   * set up, which a reload would set up again (then from its first event on).
   */
  newTable(setup, { unsaved = false } = {}) {
    const table = new this.wasm.Table(setup, this.show());
    const key = this.host.getAttribute('persist');
    if (key && unsaved) table.persistFromNextEvent(key);
    else if (key) table.persistTo(key);
    return table;
  }

  /**
   * Plays `table` on this board, in place of the game before; `quiet` when it is the same game
   * moved to the full module (its rulings were shown already).
   */
  adopt(table, { quiet = false, sameGame = false } = {}) {
    this.source?.close();
    // The same game on another module (toFull) keeps what the player is doing: a piece picked
    // up when the full module arrives is still in his hand, and its move is still his to make
    // (a sealed move asked for goes there).
    if (!sameGame) {
      this.selected = null;
      this.declaring = null;
      this.reviewing = null;
    }
    if (!quiet) {
      this.lastResult = null;
      this.announcer.clearCards();
    }
    this.#ticked = null;
    this.source = new LocalGame(this.wasm, table, this.view.faceTimes(), (rulings) => this.afterTick(rulings));
    for (const f of this.root.querySelectorAll('.face')) f.classList.remove('fallen');
    this.refresh();
    // A restored game shows its latest rulings again, so the players see where things stand.
    if (!quiet) this.announceAll(Array.from(table.rulings()).slice(-3));
  }

  /**
   * Moves the game onto the full wasm module (engine.js), which a PGN import, a sealed move and
   * the Braille score need: the same game, replayed there from its event log with its clocks
   * where they stand, saved under the same key. Resolves to the full module.
   */
  async toFull() {
    const full = await loadFull();
    if (this.wasm === full || !this.source || this.source.live) return full;
    const table = this.table;
    const moved = full.Table.fromLog(table.log(), table.epochWallMs(), this.show());
    const key = this.host.getAttribute('persist');
    if (key) moved.persistTo(key);
    this.wasm = full;
    this.adopt(moved, { quiet: true, sameGame: true });
    return full;
  }

  /** Joins the bridge's game at `url` (ws:), as this element's seat, or watching. */
  async startLive(url) {
    (await loadLive()).startLive(this, url);
  }

  // ---------- the board's intents ----------

  canMove() {
    const s = this.state;
    if (!s || this.reviewing !== null || s.result || this.host.hasAttribute('readonly') || s.clock?.awaitingPress || s.core?.sealed) return false;
    return !s.clock?.started || !!s.clock.running;
  }

  /**
   * Says why the piece of the side to move cannot be moved now (the clocks stopped by the
   * arbiter, a move waiting for its press, the game over...), so a move is never refused in
   * silence. Called when the player tries.
   */
  whyNoMove() {
    // Its words are beyond the first screen's: said once they are here (by their ids, should
    // they not arrive: asking again here would fetch them again and again).
    if (wordsLoaded()) this.#sayWhyNoMove();
    else this.withWords(() => this.#sayWhyNoMove());
  }

  #sayWhyNoMove() {
    const s = this.state;
    if (!s || this.host.hasAttribute('readonly')) return;
    let text;
    if (this.reviewing !== null) text = this.t('review_earlier');
    else if (s.result) text = this.t('table_game_over');
    else if (s.core?.sealed) text = this.t('adjourned');
    else if (s.clock?.awaitingPress) text = this.t('press_first');
    else if (s.core?.pending_claim) text = this.t('no_move_claim_pending');
    else if (s.clock?.started && !s.clock.running) text = this.t('no_move_clocks_stopped');
    else return;
    this.card({ text, law: '' }, true);
  }

  targets(from) {
    if (this.host.hasAttribute('allow-illegal')) {
      // As on a wooden board, a piece can be put anywhere not held by one's own pieces; the
      // core rules on it once the clock is pressed (2005 Art. 7.4).
      const own = this.pieceOn(from)?.[0];
      return [...this.view.squares.keys()].filter((sq) => sq !== from && this.pieceOn(sq)?.[0] !== own);
    }
    return (this.state?.legalMoves ?? []).filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4));
  }

  pieceOn(square) {
    return this.state?.pieces?.[square] ?? null;
  }

  // Art. 4.3: touching one's own piece is reported, so the core can hold the player to it. False
  // when another piece is touched already and must be moved: that one stays in hand, and the
  // reason is shown.
  touch(square) {
    const held = this.#mustMove();
    if (held && held !== square) {
      this.select(held);
      const s = this.state;
      this.card({ text: obligationWords(s.core.obligation, this.lang()), law: s.obligations?.[0]?.law ?? '' }, true);
      return false;
    }
    this.select(square);
    if (this.declaring || !this.ensureStarted()) return true;
    this.send({ type: 'lift', square });
    return true;
  }

  // The square of the touched piece the player on move must move (Art. 4.3a), or null.
  #mustMove() {
    const s = this.state;
    return s?.core?.obligation?.kind === 'move_piece' ? s.touched : null;
  }

  select(square) {
    this.selected = square;
    this.view.paintHints();
    if (this.state) this.view.paintLabels(this.state);
  }

  /** Escape on the board: the picked-up piece is put down. */
  putDown() {
    if (this.selected) this.announce([this.t('put_down')]);
    this.select(null);
  }

  // Enter on a square: pick up one's own piece (a touch, Art. 4.3) or put the picked-up piece there.
  enterSquare(name) {
    const s = this.state;
    if (!s || !this.canMove()) {
      this.announce([this.t(s?.result ? 'table_game_over' : 'no_move_now')], { refused: true });
      return;
    }
    const piece = this.pieceOn(name);
    const own = piece && piece[0] === s.turn;
    if (this.selected && this.targets(this.selected).includes(name) && !own) {
      this.tryMove(this.selected, name);
      return;
    }
    if (own) {
      if (this.selected !== name && !this.touch(name)) return;
      const targets = [...new Set(this.targets(name))].sort();
      this.announce([this.t('picked_up', { label: this.view.label(name), targets: targets.join(', ') })]);
      return;
    }
    this.announce([this.t(this.selected ? 'cannot_go' : 'not_yours', { square: name })], { refused: true });
  }

  tryMove(from, to) {
    const moves = (this.state?.legalMoves ?? []).filter((m) => m.startsWith(from + to));
    if (moves.length > 1) {
      this.withParts((p) => p.choosePromotion(this, from, to));
      return;
    }
    if (moves.length === 1) this.playMove(moves[0]);
    else if (this.host.hasAttribute('allow-illegal')) this.playMove(from + to);
  }

  /** Closes the promotion chooser if it is open (Escape); true when it was. */
  closePromotion() {
    return false;
  }

  playMove(uci) {
    this.select(null);
    const s = this.state;
    if (this.sealing !== null) {
      const passphrase = this.sealing;
      this.sealing = null;
      // Sealing is the full module's (engine.js): the game moved there when the arbiter asked
      // for the seal (`sealNextMove`), or moves now if the move came first.
      const seal = () => this.afterEvent(this.source.seal(s.turn, uci, passphrase));
      const refused = (err) => {
        this.card({ text: tableRefusalWords(err, this.lang()), law: '' }, true);
        this.refresh();
      };
      if (typeof this.table?.seal === 'function') {
        try {
          seal();
        } catch (err) {
          refused(err);
        }
      } else {
        this.toFull().then(seal).catch(refused);
      }
      return;
    }
    if (this.declaring) {
      // 2005 Art. 9.2a / 9.3a: the move is written down and declared with the claim, not played.
      const kind = this.declaring;
      this.declaring = null;
      this.send({ type: 'claim', player: s.turn, claim: { kind, intended: uci } });
      return;
    }
    if (!this.ensureStarted()) return;
    this.send({ type: 'move', move: uci });
    if (this.host.hasAttribute('allow-illegal') && !this.state?.clock?.awaitingPress) {
      // The core holds an illegal move until the press completes it; show it where it was put.
      this.entered = uci;
      this.refresh();
    }
    if (this.host.hasAttribute('auto-press') && this.state?.clock?.awaitingPress) this.press();
  }

  // 2005 Art. 6.5: White's clock is started when the game starts. A move made before anyone
  // pressed "start" starts the game at that instant.
  ensureStarted() {
    if (this.state?.clock?.started) return true;
    this.send({ type: 'start' });
    return !!this.state?.clock?.started;
  }

  press() {
    const s = this.state;
    if (!s || s.result || this.watching()) return;
    if (this.source.live) {
      // The seat's own clock, in the bridge's game: for a player by ear the press counts only
      // once his announced move is made (2005 App. F2.3); the bridge's core rules on it.
      const seat = this.seat();
      if (seat === 'white' || seat === 'black') this.send({ type: 'press_clock', player: seat });
      return;
    }
    if (!s.clock?.started) {
      this.send({ type: 'start' });
      return;
    }
    if (!s.clock.running) return;
    // Art. 6.8: a player presses his own clock, after his move. A press on the running clock
    // with no move made is the core's to rule on; the page only offers it once a move is made.
    if (!s.clock.awaitingPress && !this.host.hasAttribute('free-press')) return;
    this.entered = null;
    this.send({ type: 'press_clock', player: s.clock.running });
  }

  /** A claim from the Claim menu (`ask`: asked first) or typed (claims.js). */
  claim(kind, options) {
    if (this.watching()) return undefined;
    return this.withParts((p) => p.claim(this, kind, options));
  }

  /** A claim control of the claims panel: open to `player`, asked first (claims.js). */
  claimOpen(kind, player) {
    if (this.watching()) return undefined;
    return this.withParts((p) => p.claimOpen(this, kind, player));
  }

  action(action) {
    if (!this.state) return undefined;
    // A screen that watches looks back through the moves and turns the board, nothing more.
    if (this.watching() && !['flip', 'back', 'sound'].includes(action)) return undefined;
    // The clock, the board's side and the sound need no words; the rest asks or answers, once
    // its words and parts are here (at once when they are).
    return WORDLESS.has(action) ? this.#act(action) : this.withWords(() => this.#act(action));
  }

  #act(action) {
    const s = this.state;
    if (!s) return undefined;
    // Art. 9.1b: an offer is made by the player who has just moved, before pressing; the core
    // keeps the mover on move until the press, so it is always `turn` here.
    const offerer = s.turn;
    switch (action) {
      case 'press': return this.press();
      case 'flip': return this.host.flip();
      case 'back': return this.review(null);
      case 'sound': {
        this.sounds.setOn(!this.sounds.on);
        return this.render();
      }
      case 'resign': return this.withParts((p) => p.resign(this));
      case 'offer': return this.withParts((p) => p.offerDraw(this, offerer));
      case 'accept': return s.drawOffer && this.send({ type: 'accept_draw', player: OTHER[s.drawOffer] });
      case 'decline': return s.drawOffer && this.send({ type: 'decline_draw', player: OTHER[s.drawOffer] });
      // App. F2.1: the sighted opponent repeats the move the visually impaired player announced.
      case 'repeat': {
        if (this.source.live) {
          const heard = this.source.announced;
          return heard && !heard.repeated && this.send({ type: 'repeat', player: OTHER[heard.player], text: heard.move });
        }
        return s.core?.announced && this.send({ type: 'repeat', player: OTHER[s.turn], text: String(s.core.announced) });
      }
      default: return undefined;
    }
  }

  // ---------- looking back through the moves ----------

  /**
   * Shows the position after the first `count` moves, read-only; null (or the last move) goes
   * back to the game.
   */
  review(count) {
    const n = this.state?.moves?.length ?? 0;
    this.reviewing = count === null || count >= n ? null : Math.max(0, count);
    this.select(null);
    this.input.cancelDrag();
    this.render();
  }

  /** Steps through the moves: Left, Right, Home, End. True when the key was one of them. */
  stepReview(key) {
    const n = this.state?.moves?.length ?? 0;
    const at = this.reviewing ?? n;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: n }[key];
    if (to === undefined) return false;
    this.review(Math.min(Math.max(to, 0), n));
    return true;
  }

  /** The state as the board draws it: while looking back, the board of that move. */
  shown(s) {
    if (this.reviewing === null || !this.table?.boardAt) return s;
    const b = this.table.boardAt(this.reviewing);
    if (!b) return s;
    return { ...s, fen: b.fen, turn: b.turn, pieces: b.pieces, check: b.check, lastMove: b.lastMove, legalMoves: [], touched: null };
  }

  // ---------- events and what they bring ----------

  /** Sends one event; the rulings it caused, or null when it was refused (the reason is said). */
  send(event) {
    if (!this.source) return null;
    let rulings;
    try {
      rulings = this.source.send(event);
    } catch (err) {
      if (err?.key) {
        this.withWords(() => this.announce([this.t(err.key)], { refused: true, interrupt: true }));
        return null;
      }
      this.withWords(() => this.card({ text: tableRefusalWords(err, this.lang()), law: '' }, true));
      this.refresh();
      return null;
    }
    if (!this.source.live) this.afterEvent(rulings);
    return rulings;
  }

  // The rulings of ticks not yet drawn, or null.
  #ticked = null;

  /**
   * What a tick brought (a flag fell in the clock display's frame, a delay ran out, the Worker's
   * answer came): drawn in a task of its own after the tick's, so the frame that fired the
   * deadline carries only the core's tick and the faces, not the redraw of the board, lists and
   * banner too. Ticks before the redraw are drawn together, their rulings in order.
   */
  afterTick(rulings) {
    if (this.#ticked) {
      this.#ticked.push(...rulings);
      return;
    }
    this.#ticked = [...rulings];
    postTask(() => {
      if (this.#ticked) this.afterEvent([]);
    });
  }

  afterEvent(rulings) {
    // A tick's rulings not yet drawn come first: they happened before this event.
    if (this.#ticked) {
      rulings = [...this.#ticked, ...Array.from(rulings ?? [])];
      this.#ticked = null;
    }
    const before = this.state?.moves?.length ?? 0;
    const beforePieces = Object.keys(this.state?.pieces ?? {}).length;
    // The move that ends the game is said before its end: `gameover` waits for `move`.
    const ended = this.refresh({ holdEnd: true });
    const after = this.state;
    this.source?.draw?.();
    if (after && after.moves.length > before) {
      const last = after.moves[after.moves.length - 1];
      this.#moveSound(beforePieces, after);
      this.announceMoved(last);
      this.host.dispatchEvent(new CustomEvent('move', {
        bubbles: true, composed: true,
        detail: { uci: last.uci, san: last.san, ply: last.ply, fen: after.fen },
      }));
    }
    if (ended) this.#ended(ended);
    this.announceAll(Array.from(rulings ?? []));
  }

  // A capture leaves fewer pieces; check and the end of the game have their own sounds.
  #moveSound(beforePieces, after) {
    if (after.check) this.sounds.play('check');
    else if (Object.keys(after.pieces).length < beforePieces) this.sounds.play('capture');
    else this.sounds.play('move');
  }

  // App. F2.1: every move is announced.
  announceMoved(last) {
    // After the rulings still waiting for their words, if any: said in the order they came.
    // Said again in another language as the game says that move then.
    const said = () => {
      const m = this.state?.moves?.find((x) => x.ply === last.ply) ?? last;
      return [this.t('moved', { who: sideName(m.side, this.lang()) }), [`${m.said}.`, this.formLang()]];
    };
    this.inTurn(() => this.announce(said(), { redo: said }));
  }

  announceAll(rulings) {
    if (!rulings.length) return;
    this.withWords(() => {
      for (const [i, words] of rulingsWords(rulings, this.lang()).entries()) {
        this.card(words, false, () => rulingsWords(rulings, this.lang())[i]);
        this.host.dispatchEvent(new CustomEvent('ruling', { bubbles: true, composed: true, detail: words }));
      }
    });
  }

  /**
   * Reads the state and draws it. The end of the game, when it has just come, is told at once,
   * or with `holdEnd` returned for the caller to tell after the move that ended it.
   */
  refresh({ holdEnd = false } = {}) {
    if (!this.table) return null;
    this.state = this.#readState();
    if (this.entered) this.#showEntered(this.state, this.entered);
    this.render();
    const res = this.state.result;
    if (!res || this.lastResult) return null;
    this.lastResult = res;
    if (holdEnd) return res;
    this.#ended(res);
    return null;
  }

  // The move list the board holds: of which table, under which revision of its list.
  #held = null;

  /**
   * The table's state, its moves the list held before with only the new ones read from the
   * module (`stateSince`): a lift or a clock's event reads no move at all, so what a state
   * costs does not grow with the game. The moves held are never changed: a state read before
   * keeps its own list.
   */
  #readState() {
    const table = this.table;
    const held = this.#held?.table === table ? this.#held : null;
    const s = table.stateSince(held?.revision ?? 0, held?.moves.length ?? 0);
    // The same revision: what came are the moves after those held; another, the whole list.
    if (held && s.movesRevision === held.revision && held.moves.length) {
      s.moves = s.moves.length ? held.moves.concat(s.moves) : held.moves;
    }
    this.#held = { table, revision: s.movesRevision, moves: s.moves };
    return s;
  }

  #ended(res) {
    // After the sound of the move that ended it, which is played once the state is drawn.
    setTimeout(() => this.sounds.play('end'), 0);
    this.host.dispatchEvent(new CustomEvent('gameover', { bubbles: true, composed: true, detail: res }));
  }

  // An illegal move entered in `allow-illegal` mode stands on the board until the press.
  #showEntered(s, uci) {
    const [from, to] = [uci.slice(0, 2), uci.slice(2, 4)];
    if (s.clock?.awaitingPress || !s.pieces[from]) {
      this.entered = null;
      return;
    }
    s.pieces = { ...s.pieces, [to]: s.pieces[from] };
    delete s.pieces[from];
    s.lastMove = { from, to };
    s.legalMoves = [];
    s.clock.awaitingPress = true;
  }

  render() {
    if (this.state) this.view.render(this.state);
  }

  // ---------- the marks of a tactile clock (marks.js) ----------

  watchMarks(on = true) {
    this.marks.watch(on);
  }
}
