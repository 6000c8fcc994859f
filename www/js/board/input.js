// Input: the pointer and the keyboard turned into the board's intents (touch a piece, move it,
// press the clock, ask a question). The intents are the game flow's (`game`): this module knows
// where the pointer is and which key was pressed, not what the Laws make of it.

import { pieceSvg } from '../pieces.js';
import { FILES } from './view.js';

const DRAG_THRESHOLD_PX = 4;
// On touch the dragged piece is drawn above the finger, so the finger does not hide it.
const TOUCH_LIFT = 0.9;
const TOUCH_SCALE = 1.5;

export class BoardInput {
  constructor(host, root, view, game) {
    this.host = host;
    this.root = root;
    this.view = view;
    this.game = game;
    this.drag = null;
    /** The square with the roving tabindex (the grid's one tab stop). */
    this.focus = 'e2';
    this.view.squares.get(this.focus).tabIndex = 0;
    this.onKey = (e) => this.#spaceKey(e);
    this.#wire();
  }

  get flipped() {
    return this.host.getAttribute('orientation') === 'black';
  }

  /** Listens for the space bar on the window (removed again by `detach`). */
  attach() {
    if (this.host.getAttribute('keyboard') !== 'off') window.addEventListener('keydown', this.onKey);
  }

  detach() {
    window.removeEventListener('keydown', this.onKey);
  }

  #wire() {
    const board = this.view.$('.board');
    board.addEventListener('pointerdown', (e) => this.#pointerDown(e));
    window.addEventListener('pointermove', (e) => this.#pointerMove(e));
    window.addEventListener('pointerup', (e) => this.#pointerUp(e));
    window.addEventListener('pointercancel', () => this.cancelDrag());

    const g = this.game;
    this.view.$('.side').addEventListener('click', (e) => {
      const button = e.target.closest('button');
      if (button?.dataset.action) g.action(button.dataset.action);
      else if (button?.dataset.claim) g.claimOpen(button.dataset.claim, button.dataset.player);
    });
    this.view.$('select[data-action="claim"]').addEventListener('change', (e) => {
      const kind = e.target.value;
      e.target.value = '';
      if (kind) g.claim(kind, { ask: true });
    });
    // Art. 6.8: the clock is pressed by the player who has just moved, on his own side.
    for (const face of this.root.querySelectorAll('.face')) {
      face.addEventListener('click', () => {
        const c = g.state?.clock;
        if (c?.running === face.dataset.clock || !c?.started) g.press();
      });
    }
    board.addEventListener('keydown', (e) => this.#gridKey(e));
    board.addEventListener('focusin', (e) => {
      const name = e.target.dataset?.square;
      if (name && name !== this.focus) this.moveFocus(name, false);
    });
    // The move list is a way back in time: a click, or Left, Right, Home, End on it.
    const moves = this.view.$('.moves');
    moves.addEventListener('click', (e) => {
      const mv = e.target.closest('[data-count]');
      if (mv) g.review(Number(mv.dataset.count));
    });
    moves.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Escape' && g.reviewing !== null) {
        g.review(null);
        e.preventDefault();
      } else if (g.stepReview(e.key)) {
        e.preventDefault();
      }
    });
    this.view.$('.entry').addEventListener('submit', (e) => {
      e.preventDefault();
      const input = e.target.elements.text;
      const text = input.value;
      input.value = '';
      g.enter(text);
    });
    // The help is drawn when it is first opened, not on the way to the first game, which
    // most players reach without ever opening it.
    this.view.$('.help').addEventListener('toggle', () => this.game.withParts(() => this.renderHelp()));
  }

  /** The help panel's keys and commands, in the board's language (again when it changes). */
  renderHelp() {
    // A closed help waits for its opening, in the language of that moment; an open one is
    // drawn once per language.
    if (!this.view.$('.help').open || !this.game.parts) return;
    const lang = this.game.lang();
    if (this.helpLang === lang) return;
    this.helpLang = lang;
    const t = (id) => this.game.t(id);
    this.view.$('.help-body').replaceChildren(this.game.parts.helpContent(t));
  }

  // ---------- the space bar ----------

  // Space presses the clock of the board that has the focus, or of the only board on the page:
  // on a page showing a round, one key must not press every clock. Left, Right, Home and End
  // step through the moves the same way, except on the board's grid, where they walk squares.
  #spaceKey(e) {
    if (e.key === 'Escape' && this.#mine(e) && this.game.closePromotion()) {
      e.preventDefault();
      return;
    }
    const space = e.code === 'Space' || e.key === ' ';
    const step = ['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key);
    if ((!space && !step) || e.altKey || e.ctrlKey || e.metaKey) return;
    const path = e.composedPath();
    const t = path[0];
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    if (space && t?.tagName === 'BUTTON') return;
    if (document.querySelector('dialog[open]')) return;
    if (!this.#mine(e)) return;
    if (step) {
      // The grid and the move list take these keys themselves.
      if (path.some((el) => el.dataset?.square || el.classList?.contains('moves'))) return;
      if (this.game.stepReview(e.key)) e.preventDefault();
      return;
    }
    e.preventDefault();
    if (!e.repeat) this.game.press();
  }

  // A key is this board's when the focus is in it, or when it is the only board on the page.
  #mine(e) {
    if (e.composedPath().includes(this.host)) return true;
    const boards = document.querySelectorAll('arbiter-board');
    return boards.length === 1 && boards[0] === this.host;
  }

  // ---------- keyboard: the grid (roving tabindex) ----------

  moveFocus(name, focus = true) {
    const old = this.view.squares.get(this.focus);
    if (old) old.tabIndex = -1;
    this.focus = name;
    const sq = this.view.squares.get(name);
    sq.tabIndex = 0;
    if (focus) sq.focus();
  }

  // Arrow keys follow the board as drawn: "up" is away from the player at the bottom.
  #step(name, key) {
    const flipped = this.flipped;
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
    const g = this.game;
    const name = sq.dataset.square;
    const next = this.#step(name, e.key);
    if (next) {
      e.preventDefault();
      this.moveFocus(next);
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      g.enterSquare(name);
      return;
    }
    if (e.key === 'Escape') {
      g.putDown();
      return;
    }
    const key = e.key.length === 1 ? e.key.toLowerCase() : '';
    if (key && 'kqrbnp'.includes(key)) {
      e.preventDefault();
      g.command('pieces', `*${key}`);
      return;
    }
    const ask = { s: ['square', name], m: ['from', name], w: ['board'], l: ['last'], i: ['number'], t: ['time'] }[key];
    if (ask) {
      e.preventDefault();
      g.command(...ask);
    }
  }

  // ---------- pointer: click-click and drag ----------

  #squareAt(x, y) {
    for (const el of this.root.elementsFromPoint(x, y)) {
      if (el.dataset?.square && this.view.squares.get(el.dataset.square) === el) return el.dataset.square;
    }
    return null;
  }

  #pointerDown(e) {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    const g = this.game;
    const square = this.#squareAt(e.clientX, e.clientY);
    // A board clicked is the board the space bar presses.
    if (square) this.moveFocus(square, false);
    if (square) this.view.squares.get(square).focus({ preventScroll: true });
    if (!square) return;
    if (!g.canMove()) {
      if (g.pieceOn(square)) g.whyNoMove();
      return;
    }
    const piece = g.pieceOn(square);
    const own = piece && piece[0] === g.state.turn;

    if (g.selected && g.targets(g.selected).includes(square) && !own) {
      g.tryMove(g.selected, square);
      return;
    }
    if (own) {
      e.preventDefault();
      if (g.selected !== square && !g.touch(square)) return;
      this.drag = { from: square, x: e.clientX, y: e.clientY, moved: false, ghost: null, id: e.pointerId, touch: e.pointerType === 'touch' };
      return;
    }
    g.select(null);
  }

  #pointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_THRESHOLD_PX) return;
    if (!d.moved) {
      d.moved = true;
      const sq = this.view.squares.get(d.from);
      const size = sq.getBoundingClientRect().width * (d.touch ? TOUCH_SCALE : 1);
      const [color, piece] = this.game.pieceOn(d.from);
      d.ghost = document.createElement('div');
      d.ghost.className = 'ghost';
      d.ghost.dataset.dragPiece = `${color}-${piece}`;
      d.ghost.style.width = d.ghost.style.height = `${size}px`;
      d.ghost.innerHTML = pieceSvg(color, piece);
      d.size = size;
      // Placed in the board's own box: the element is a size container, which makes it the
      // containing block of fixed boxes too, so viewport coordinates would land elsewhere.
      this.view.$('.board-wrap').append(d.ghost);
      sq.querySelector('.piece')?.classList.add('lifted');
    }
    const wrap = this.view.$('.board-wrap').getBoundingClientRect();
    const x = e.clientX - wrap.left - d.size / 2;
    const y = e.clientY - wrap.top - d.size * (d.touch ? TOUCH_LIFT : 0.5);
    d.ghost.style.transform = `translate(${x}px, ${y}px)`;
  }

  #pointerUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.cancelDrag();
    if (!d.moved) return;
    const to = this.#squareAt(e.clientX, e.clientY);
    const g = this.game;
    if (to && to !== d.from && g.targets(d.from).includes(to)) g.tryMove(d.from, to);
  }

  cancelDrag() {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    d.ghost?.remove();
    this.view.squares.get(d.from)?.querySelector('.piece')?.classList.remove('lifted');
  }
}
