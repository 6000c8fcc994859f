// The board bridge's game as a GameSource (the interface is source.js's): `LiveGame`, fetched
// only by a board that joins the bridge's game (`live`), with live.js that shows it.

import { SourceRefusal } from './source.js';

/**
 * The bridge's game over its WebSocket (`/ws?role=...`): one core at both ends. On each snapshot
 * the page reads the bridge's event log (`/events.jsonl`, the one log format) up to the
 * snapshot's sequence number and replays it in its own wasm `Table`; every `event` the bridge
 * streams after it is applied at the instant the bridge stamped it. So the position, both clocks
 * (running, on the bridge's time line mapped onto this page's clock), obligations, claims and
 * rulings are the bridge's own, and nothing is rebuilt from the move list. The faces are drawn
 * by a `ClockDisplay` that only watches: the flag falls come in the bridge's log as its ticks.
 *
 * `listener` hears what the bridge says, already read:
 *   configured(config)            the bridge's setup is known (before the table is built)
 *   rebuilt()                     the table was (re)built from the bridge's log (draw it)
 *   joined({connected})           a snapshot's game is in the table (a page joining mid-game)
 *   moved({uci, san, ply, fen})   a move was completed in the bridge's game
 *   changed()                     an event changed the game without completing a move
 *   rulings(rulings)              the rulings an event caused (the page's core's, as the table
 *                                 words them: the same events give the same rulings)
 *   touched(square | null)        a piece is lifted on the sensor board (Art. 4), or none
 *   restoreBoard({squares, kind, law}) the sensor board differs from the game: set these back
 *   board({connected, port, dropped, resyncs, sealing, battery}, fromSnapshot) the sensor board's health,
 *                                 and a sealed move being made on it ('sealing', 'pieces_back')
 *   safe(through)                 the bridge's log is on its disk through this sequence number
 *   refused({reason, message, origin}) the bridge will not serve this page (its origin, too many pages)
 *   error(reply), unchanged(reply) the bridge's answer to this page's message
 *   status(text, notice), failed(err)
 * `show()` gives the table's display options; `faces` the two `.time` elements.
 */
export class LiveGame {
  constructor(wasm, url, seat, { show, faces, listener, fetchLog = defaultFetch }) {
    this.live = true;
    this.table = null;
    this.display = null;
    this.wasm = wasm;
    this.seat = seat;
    this.url = url;
    /** The bridge's game setup (the core's GameConfig), from its snapshot. */
    this.config = null;
    /**
     * The move announced last, `{player, move, repeated}`: the opponent's page offers to
     * repeat it until he has (2005 App. F2.1).
     */
    this.announced = null;
    /** The highest sequence number the bridge has on its disk, or null without a log. */
    this.safeThrough = null;
    /** Why the bridge refused this page (`{reason, message}`), once it has. */
    this.refusal = null;
    this.show = show;
    this.faces = faces;
    this.listener = listener;
    this.fetchLog = fetchLog;
    // While the log is read after a snapshot, what the stream brings waits here, in order.
    this.waiting = null;
    this.generation = 0;
    /** The bridge's clock at the last message and this page's then: `{at, wall}`. */
    this.heard = null;
    if (seat) url += `${url.includes('?') ? '&' : '?'}role=${seat}`;
    // A seat is given by its key: in the `live` address itself (`ws://host/ws?key=...`, as a
    // site embedding a seat writes it) or in this page's (the seat's link). Without one the
    // bridge seats this page as a spectator and says so (`seat_key_needed`).
    const key = seat && !/[?&]key=/.test(url) ? seatKey() : null;
    if (key) url += `&key=${encodeURIComponent(key)}`;
    // The WebSocket client is the wasm module's (web-sys): it reconnects and drops repeats.
    this.client = new wasm.BridgeClient(url, {
      snapshot: (s) => this.#snapshot(s),
      message: (m) => {
        // The bridge's clock at this message, for reading its log again without a snapshot.
        if (typeof m.at_ms === 'number') this.heard = { at: m.at_ms, wall: Date.now() };
        if (this.waiting) this.waiting.push(m);
        else this.#message(m);
      },
      status: (text, notice) => {
        // A refused page is not "reconnecting": the refusal said why, and stays said.
        if (!this.refusal) listener.status(text, notice);
      },
    });
  }

  send(event) {
    if (this.refusal) throw new SourceRefusal('bridge_refused_page');
    if (!this.seat) throw new SourceRefusal('watch_only');
    if (!this.client.send({ type: 'event', event })) throw new SourceRefusal('not_connected');
    return [];
  }

  /**
   * Adjournment on the sensor board (2005 App. A1, A5): the arbiter asks the player on move for
   * his sealed move, which he makes on the board; the bridge seals it with `passphrase` and hides
   * his hands until the pieces are back. Sent from the sealer's seat or the assistant's.
   */
  sealOnBoard(passphrase) {
    if (this.refusal) throw new SourceRefusal('bridge_refused_page');
    if (!this.seat) throw new SourceRefusal('watch_only');
    if (!this.client.send({ type: 'seal_on_board', passphrase: String(passphrase) })) throw new SourceRefusal('not_connected');
    return [];
  }

  /** Redraws the faces now. */
  draw() {
    this.display?.draw();
  }

  close() {
    this.generation += 1;
    this.client.close();
    this.#drop();
  }

  /** The core's state of the bridge's game now (clocks, announcement), or null. */
  get bridgeState() {
    return this.table?.state()?.core ?? null;
  }

  /** The clocks of the bridge's game now, as the page's state has them. */
  clocks() {
    return this.table?.state() ?? null;
  }

  #drop() {
    this.display?.stop();
    this.display = null;
    this.table?.free?.();
    this.table = null;
  }

  // A snapshot: the game up to `s.seq` is the bridge's log up to there, replayed here.
  async #snapshot(s) {
    const generation = ++this.generation;
    this.waiting = [];
    if (s.config && typeof s.config === 'object') this.config = s.config;
    if (typeof s.safe === 'number') this.safeThrough = s.safe;
    this.listener.configured(this.config);
    // The bridge's instant of the snapshot is now on this page: the log's time line mapped onto
    // this page's clock (half the trip's latency early, well within a frame).
    const epoch = Date.now() - (Number(s.at_ms) || 0);
    let text;
    try {
      text = await this.fetchLog(logUrl(this.url));
    } catch (err) {
      if (generation !== this.generation) return;
      this.waiting = null;
      this.listener.failed(err);
      return;
    }
    if (generation !== this.generation) return;
    let table;
    try {
      table = this.wasm.Table.fromLog(upTo(text, s.seq), epoch, this.show());
    } catch (err) {
      this.waiting = null;
      this.listener.failed(err);
      return;
    }
    this.#drop();
    this.table = table;
    this.display = new this.wasm.ClockDisplay(table, this.faces.white, this.faces.black, () => {});
    this.display.watchOnly();
    this.display.start();
    this.announced = null;
    for (const r of Array.from(table.rulings())) this.#follow(r.verdict);
    this.listener.rebuilt();
    const waiting = this.waiting;
    this.waiting = null;
    for (const m of waiting) this.#message(m);
    // The board as the snapshot has it: a status, said by `joined` when there is none.
    this.listener.board({
      connected: s.connected !== false, port: s.port, dropped: Number(s.dropped) || 0, resyncs: Number(s.resyncs) || 0,
      sealing: s.sealing ?? null,
      battery: s.battery ?? null,
    }, true);
    if (typeof s.safe === 'number') this.listener.safe(s.safe);
    this.listener.joined({ connected: s.connected !== false });
  }

  // App. F2.1: an announcement waits for the opponent's repetition; his repetition ends it.
  #follow(v) {
    if (!v) return;
    if (v.kind === 'announced' || v.kind === 'announcement_corrected') {
      this.announced = { player: v.player, move: String(v.move), repeated: false };
    } else if (v.kind === 'announcement_repeated' && this.announced && v.player !== this.announced.player) {
      this.announced.repeated = true;
    }
  }

  // One event of the bridge's game, at the instant it stamped it.
  #apply(stamped) {
    const table = this.table;
    if (!table || !stamped?.event) return;
    const before = table.state().moves.length;
    let rulings;
    try {
      rulings = Array.from(table.handleAt(stamped.event, Number(stamped.at) || 0));
    } catch (err) {
      // The same core refusing what the bridge's accepted means this copy went astray: read
      // the bridge's log again, up to what has come, rather than show a game of its own.
      this.listener.failed(err);
      this.#drop();
      const at = this.heard ? this.heard.at + (Date.now() - this.heard.wall) : Number(stamped.at) || 0;
      this.#snapshot({ seq: this.client.lastSeq(), at_ms: at, config: this.config, connected: true });
      return;
    }
    for (const r of rulings) this.#follow(r.verdict);
    this.display?.draw();
    const after = table.state();
    const last = after.moves.at(-1);
    if (after.moves.length > before && last) {
      this.listener.moved({ uci: last.uci, san: last.san, ply: last.ply, fen: after.fen });
    } else {
      this.listener.changed();
    }
    if (rulings.length) this.listener.rulings(rulings);
  }

  #message(m) {
    const l = this.listener;
    switch (m.type) {
      case 'event':
        this.#apply(m.event);
        break;
      case 'touch':
        l.touched(m.action === 'lift' ? m.square : null);
        break;
      case 'ruling':
        // The Laws engine's rulings come with the events that caused them (#apply); the bridge
        // adds only its own about the sensor board's placement.
        if (!m.verdict) l.restoreBoard({ squares: m.squares ?? [], kind: String(m.kind ?? ''), law: m.law });
        break;
      case 'board':
        l.board({
          connected: !!m.connected, port: m.port, dropped: Number(m.dropped) || 0, resyncs: Number(m.resyncs) || 0,
          sealing: m.sealing ?? null,
          battery: m.battery ?? null,
        });
        break;
      case 'safe':
        this.safeThrough = Number(m.through) || 0;
        l.safe(this.safeThrough);
        break;
      case 'refused':
        // Reconnecting would be refused again: the page says why and stops.
        this.refusal = { reason: String(m.reason ?? ''), message: String(m.message ?? ''), origin: m.origin ?? location.origin };
        this.client.close();
        l.refused(this.refusal);
        break;
      case 'error':
        l.error(m);
        break;
      case 'unchanged':
        l.unchanged(m);
        break;
      case 'archived':
        // The hall's next round archived this game: no refusal, a plain notice; the stream then
        // closes and a page that follows the board joins its next game.
        l.archived?.(m);
        break;
      // `move`, `takeback`, `state` and `clock` are what the events above already brought
      // (the table works them out); the physical clock's displays follow the game's clock.
      default:
        break;
    }
  }
}

/** The bridge's event log, as text. */
async function defaultFetch(url) {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** `/events.jsonl` beside the bridge's WebSocket address (`ws://host:port/ws` → `http://host:port/events.jsonl`). */
/** The seat's key from this page's address (`?key=`), or null. */
export function seatKey() {
  const search = globalThis.location?.search ?? '';
  const key = new URLSearchParams(search).get('key');
  return key && /^[0-9A-Za-z_-]{1,128}$/.test(key) ? key : null;
}

export function logUrl(wsUrl) {
  const u = new URL(wsUrl, location.href);
  u.protocol = u.protocol === 'wss:' ? 'https:' : u.protocol === 'ws:' ? 'http:' : u.protocol;
  u.pathname = u.pathname.replace(/[^/]*$/, 'events.jsonl');
  u.search = '';
  return u.href;
}

/**
 * The log's header and the events numbered up to `seq` (the snapshot's): later lines come in
 * the stream. A line without a number is the writer's own from before numbering, kept.
 */
export function upTo(text, seq) {
  const lines = text.split('\n').filter((l) => l.trim());
  const kept = lines.filter((line, i) => {
    if (i === 0) return true;
    const m = /"seq":(\d+)/.exec(line.slice(0, 32));
    return !m || Number(m[1]) <= seq;
  });
  return `${kept.join('\n')}\n`;
}
