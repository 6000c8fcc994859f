// Where a board's game lives: a GameSource. The board draws `source.table.state()` and sends the
// players' events through `source.send(event)`, whatever keeps the game:
//
// - `LocalGame`: the game is this page's own wasm `Table`; the page's clock display ticks it.
// - `LiveGame`: the game is the board bridge's (a DGT board, or other pages seated at it). Events
//   go to the bridge, which stamps and rules them; the moves it streams back are replayed into a
//   mirror `Table` that the board draws. The bridge's clock messages set the faces.
//
// Interface shared by both (the live issue builds on it):
//   live              true for the bridge's game
//   table             the wasm Table drawn (null until the first state)
//   send(event)       the rulings it caused (a live game's come back later as messages);
//                     throws a `SourceRefusal` (`key`: a sentence key) or the table's Error
//   close()           stops timers and connections; the source is not used again

/** An event that could not be sent, with the page's sentence key saying why. */
export class SourceRefusal extends Error {
  constructor(key) {
    super(key);
    this.key = key;
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
    this.#worker ??= new Worker(new URL('../dead-worker.js', import.meta.url), { type: 'module' });
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
      // waiting for ever: the analysis then runs here, the one case where the page may stall.
      answer(e.data.event ?? this.wasm.analysisEvent(pending.fen, pending.side));
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

/**
 * The bridge's game over its WebSocket (`/ws?role=...`). `listener` hears what the bridge says,
 * already read:
 *   configured(config)            the bridge's setup is known (before the mirror is built)
 *   rebuilt()                     the mirror table was rebuilt (draw it)
 *   joined({connected})           a snapshot came: the game so far (a page joining mid-game)
 *   moved({uci, san, ply, fen})   a move was made on the bridge's board
 *   touched(square | null)        a piece is lifted on the sensor board (Art. 4), or none
 *   clock({white, black, running}) the physical clock's two displays, in ms; the running side
 *   ruling(ruling)                a ruling of the bridge's Laws engine (the core's Ruling)
 *   restoreBoard({squares, kind, law}) the sensor board differs from the game: set these back
 *   board({connected, port})      the sensor board came or went
 *   error(message), status(text, notice), failed(err)
 * `setup(config)` gives the GameConfig of the mirror from the bridge's (or null), `show()` the
 * table's display options.
 */
export class LiveGame {
  constructor(wasm, url, seat, { setup, show, listener }) {
    this.live = true;
    this.table = null;
    this.wasm = wasm;
    this.seat = seat;
    /** The bridge's game setup (the core's GameConfig), when its snapshot carries one. */
    this.config = null;
    /** The bridge's last `state` message (clocks, announcement), or null. */
    this.bridgeState = null;
    /**
     * The move announced last, `{player, move, repeated}`: the opponent's page offers to
     * repeat it until he has (2005 App. F2.1).
     */
    this.announced = null;
    this.sans = [];
    this.setup = setup;
    this.show = show;
    this.listener = listener;
    if (seat) url += `${url.includes('?') ? '&' : '?'}role=${seat}`;
    // The WebSocket client is the wasm module's (web-sys): it reconnects and drops repeats.
    this.client = new wasm.BridgeClient(url, {
      snapshot: (s) => {
        if (s.config && typeof s.config === 'object') this.config = s.config;
        listener.configured(this.config);
        this.sans = [...(s.san ?? [])];
        this.#rebuild();
        listener.joined({ connected: s.connected !== false });
      },
      message: (m) => this.#message(m),
      status: (text, notice) => listener.status(text, notice),
    });
  }

  send(event) {
    if (!this.seat) throw new SourceRefusal('watch_only');
    if (!this.client.send({ type: 'event', event })) throw new SourceRefusal('not_connected');
    return [];
  }

  close() {
    this.client.close();
    this.table?.free?.();
    this.table = null;
  }

  // The mirror is the bridge's moves replayed (SAN) from its setup.
  #rebuild() {
    let table;
    try {
      table = this.wasm.Table.fromPgn(this.setup(this.config), this.show(), sanToPgn(this.sans));
    } catch (err) {
      this.listener.failed(err);
      return;
    }
    this.table?.free?.();
    this.table = table;
    this.listener.rebuilt();
  }

  // App. F2.1: an announcement waits for the opponent's repetition; his repetition ends it.
  #follow(v) {
    if (v.kind === 'announced' || v.kind === 'announcement_corrected') {
      this.announced = { player: v.player, move: String(v.move), repeated: false };
    } else if (v.kind === 'announcement_repeated' && this.announced && v.player !== this.announced.player) {
      this.announced.repeated = true;
    }
  }

  #message(m) {
    const l = this.listener;
    switch (m.type) {
      case 'move': {
        const before = this.sans.length;
        this.sans = this.sans.slice(0, Math.max(0, (m.ply ?? before + 1) - 1));
        this.sans.push(m.san);
        this.#rebuild();
        l.moved({ uci: m.uci, san: m.san, ply: m.ply, fen: m.fen });
        break;
      }
      case 'takeback':
        this.sans = this.sans.slice(0, m.to_ply);
        this.#rebuild();
        break;
      case 'touch':
        l.touched(m.action === 'lift' ? m.square : null);
        break;
      case 'clock': {
        // The bridge reports the physical clock's two displays; White's is on the left.
        const running = m.running === 'left' ? 'white' : m.running === 'right' ? 'black' : null;
        l.clock({ white: m.left_ms, black: m.right_ms, running });
        break;
      }
      case 'state':
        this.bridgeState = m.state ?? null;
        break;
      case 'ruling':
        if (m.verdict) {
          this.#follow(m.verdict);
          l.ruling({ at: 0, law: m.law, verdict: m.verdict });
        } else {
          l.restoreBoard({ squares: m.squares ?? [], kind: String(m.kind ?? ''), law: m.law });
        }
        break;
      case 'board':
        l.board({ connected: !!m.connected, port: m.port });
        break;
      case 'error':
        l.error(m.message);
        break;
    }
  }

  /** The clocks of the bridge's game, from its last `state` message, shaped as the page's state. */
  clocks() {
    const st = this.bridgeState;
    if (!st?.white || !st?.black) return null;
    return { clock: { white: st.white, black: st.black, running: st.running ?? null, started: true } };
  }
}

// The bridge's moves (SAN) as the PGN movetext the wasm `Table.fromPgn` reads.
function sanToPgn(sans) {
  return `${sans.map((s, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${s}` : s)).join(' ')} *`;
}
