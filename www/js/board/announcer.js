// The announcer: what the players should hear and read. Every sentence goes to the live region
// (screen readers read it) and, with the `speak` attribute, to speech; rulings and refusals also
// get a card in the rulings list. The words come said already: this module only carries them.

import { say } from '../words.js';

const MAX_LINES = 30;
const MAX_HEARD = 200;

export class Announcer {
  /**
   * `host` is the element (its attributes say whether to speak), `root` its shadow root,
   * `lang()` the page's sentence language and `wasm()` the loaded module (or null).
   */
  constructor(host, root, lang, wasm) {
    this.host = host;
    this.root = root;
    this.lang = lang;
    this.wasm = wasm;
    this.speaker = null;
    this.heard = [];
    this.last = null;
  }

  /**
   * Says `parts` (strings in the page's language, or `[text, lang]` pairs: a move said in the
   * App. F form is German), with the `law` it rests on; `refused` marks a refusal, `interrupt`
   * cuts speech short for an answer the player asked for. `redo()` says the parts again, in the
   * page's language of then: the line is written again when the language changes.
   */
  announce(parts, { law = '', refused = false, interrupt = false, redo = null } = {}) {
    const log = this.root.querySelector('.announce');
    const line = document.createElement('p');
    const pieces = this.#write(line, parts, law);
    line.redo = redo;
    if (refused) line.className = 'refused';
    log.append(line);
    while (log.children.length > MAX_LINES) log.firstChild.remove();
    this.#afterLayout();
    this.last = pieces;
    // With an assistant (App. F2.9d) the player hears only what he asks for: answers are spoken,
    // moves and rulings are written for the assistant to tell.
    const quiet = this.host.hasAttribute('assistant') && !interrupt;
    if (this.host.hasAttribute('speak') && !quiet) this.#speak(pieces, interrupt);
  }

  // Writes `parts` into the log's `line`, in the page's language; the pieces as `[text, lang]`.
  #write(line, parts, law = line.law) {
    const own = this.lang();
    const pieces = parts.map((p) => (Array.isArray(p) ? p : [p, own]));
    line.replaceChildren();
    // Screen readers pick the voice by the `lang` of the text.
    line.lang = own;
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
    line.law = law;
    if (law) line.append(` (${law})`);
    return pieces;
  }

  /** Writes again, in the page's language now, every line and card that can be said again. */
  relabel() {
    for (const line of this.root.querySelectorAll('.announce p')) if (line.redo) this.#write(line, line.redo());
    for (const div of this.root.querySelectorAll('.ruling')) if (div.redo) this.#cardText(div, div.redo());
  }

  /** An answer to a question the player asked: said at once. */
  answer(text, lang = this.lang()) {
    this.announce([[text, lang]], { interrupt: true });
  }

  /**
   * A ruling, a refusal or a notice: a card on top of the rulings list, and heard. `redo()` gives
   * its words again, in the page's language of then (see `relabel`).
   */
  card(words, refused = false, redo = null) {
    const list = this.root.querySelector('.rulings');
    const div = document.createElement('div');
    div.className = `ruling${refused ? ' refused' : ''}`;
    this.#cardText(div, words);
    div.redo = redo;
    // Newest on top; the whole list stays, scrollable.
    list.prepend(div);
    while (list.children.length > 100) list.lastChild.remove();
    this.#afterLayout();
    const said = (w) => w.parts ?? [w.text];
    this.announce(said(words), { law: words.law, refused, redo: redo && (() => said(redo())) });
  }

  #cardText(div, { text, law }) {
    div.textContent = text;
    if (law) {
      const l = document.createElement('span');
      l.className = 'law';
      l.textContent = law;
      div.append(l);
    }
  }

  /** Clears the rulings list (a new game). */
  clearCards() {
    this.root.querySelector('.rulings').replaceChildren();
  }

  /** Says the last announcement again. False when there was none. */
  again() {
    if (!this.last) return false;
    this.announce(this.last, { interrupt: true });
    return true;
  }

  hush() {
    this.speaker?.hush();
  }

  #scrolling = false;

  // What needs the layout (the log kept scrolled to its newest line; the rulings list reachable
  // by keyboard once it scrolls) is done once, in the next frame: read right after the writes
  // it would force a layout of the whole board inside the task that changed it.
  #afterLayout() {
    if (this.#scrolling) return;
    this.#scrolling = true;
    requestAnimationFrame(() => {
      this.#scrolling = false;
      const log = this.root.querySelector('.announce');
      log.scrollTop = log.scrollHeight;
      const list = this.root.querySelector('.rulings');
      if (list.scrollHeight > list.clientHeight) list.tabIndex = 0;
      else list.removeAttribute('tabindex');
    });
  }

  #speak(pieces, interrupt) {
    const wasm = this.wasm();
    if (!wasm) return;
    const rate = Number(this.host.getAttribute('speech-rate') ?? 1);
    this.speaker ??= new wasm.Speaker(rate);
    pieces.forEach(([text, lang], i) => {
      const said = text.replace('½-½', say(lang, 'draw_word'));
      this.heard.push({ text: said, lang });
      if (this.heard.length > MAX_HEARD) this.heard.shift();
      if (i === 0 && interrupt) this.speaker.interrupt(said, lang);
      else this.speaker.say(said, lang);
    });
  }
}
