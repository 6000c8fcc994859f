// Where a board's game lives: a GameSource. The board draws `source.table.state()` and sends the
// players' events through `source.send(event)`, whatever keeps the game:
//
// - `LocalGame`: the game is this page's own wasm `Table`; the page's clock display ticks it.
// - `LiveGame` (live-game.js): the game is the board bridge's (a DGT board, or other pages seated at it). Events
//   go to the bridge, which stamps and rules them; the moves it streams back are replayed into a
//   mirror `Table` that the board draws. The bridge's clock messages set the faces.
//
// Interface shared by both (the live issue builds on it):
//   live              true for the bridge's game
//   table             the wasm Table drawn (null until the first state)
//   send(event)       the rulings it caused (a live game's come back later as messages);
//                     throws a `SourceRefusal` (`key`: a sentence key) or the table's Error
//   close()           stops timers and connections; the source is not used again

import { deadWorker, loadFull } from '../engine.js';

/** An event that could not be sent, with the page's sentence key saying why. */
export class SourceRefusal extends Error {
  constructor(key) {
    super(key);
    this.key = key;
  }
}

/** The `analysis` event for `pending`, worked out on this thread in slices of 2,000 search nodes
 * (a few ms each), yielding to the page between them. */
async function analyseHere(pending) {
  const full = await loadFull();
  const analysis = new full.DeadAnalysis(pending.fen, pending.side);
  try {
    for (;;) {
      const event = analysis.step(2000);
      if (event) return event;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    analysis.free?.();
  }
}

/** The page's own game: a wasm `Table` and the `ClockDisplay` that draws and ticks it. */
export class LocalGame {
  /**
   * `faces` are the two `.time` elements `{white, black}`; `onTick(rulings)` is called when the
   * display's tick brought rulings (a flag fell, a delay ran out).
   */
  constructor(wasm, table, faces, onTick) {
    this.live = false;
    this.wasm = wasm;
    this.table = table;
    this.onTick = onTick;
    this.display = new wasm.ClockDisplay(table, faces.white, faces.black, (rulings) => {
      onTick(rulings ?? []);
      this.#analyse();
    });
    this.display.start();
    this.#analyse();
  }

  send(event) {
    const rulings = Array.from(this.table.handle(event));
    queueMicrotask(() => this.#analyse());
    return rulings;
  }

  // A ruling the core could not decide in its quick pass waits, clocks stopped, for the full
  // analysis (the Table's `pendingAnalysis`): the Worker runs it and its answer goes back to the
  // core as the `analysis` event, logged like any other, whose rulings are shown as a tick's.
  #worker = null;
  #asked = null;
  #analyse() {
    const pending = this.table?.pendingAnalysis();
    if (!pending) return;
    const key = `${pending.side} ${pending.fen} ${pending.since}`;
    if (this.#asked === key) return;
    this.#asked = key;
    this.#worker ??= deadWorker();
    const id = key;
    const answer = (event) => {
      let rulings;
      try {
        rulings = Array.from(this.table.handle(event));
      } catch {
        return; // the game moved on (a new game, a restored one): nothing waits for this answer
      }
      this.onTick(rulings);
    };
    const answered = (e) => {
      if (e.data?.id !== id) return;
      this.#worker?.removeEventListener('message', answered);
      if (!this.table) return;
      // A Worker that cannot run the module (a page served without it) must not leave the game
      // waiting for ever: the analysis then runs here, in the full module (the lean one the page
      // plays with leaves the search out), in slices so that the page keeps drawing.
      if (e.data.event) answer(e.data.event);
      else analyseHere(pending).then(answer, () => {});
    };
    this.#worker.addEventListener('message', answered);
    this.#worker.postMessage({ id, ruling: { fen: pending.fen, side: pending.side } });
  }

  /** Adjournment (2005 App. A1): the move sealed instead of played. */
  seal(player, uci, passphrase) {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const nonce = crypto.getRandomValues(new Uint8Array(12));
    return Array.from(this.table.seal(player, uci, passphrase, salt, nonce));
  }

  /** Redraws the faces now (after an event, not waiting for the next frame). */
  draw() {
    this.display.draw();
  }

  close() {
    this.display.stop();
    this.#worker?.terminate();
    this.#worker = null;
    this.table.free?.();
    this.table = null;
  }
}
