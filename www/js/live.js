// Live mode: mirror a game from the board bridge (board-bridge's /ws, protocol v1) read-only.
// The bridge sends a snapshot, then one message per event, each with a sequence number; after a
// dropped connection we say which number we hold and the bridge sends the tail.

const RETRY_MS = [500, 1000, 2000, 5000];

/**
 * Connects to `url` and calls `on.snapshot(s)`, `on.message(m)` and `on.status(text)`.
 * Returns `{ close() }`.
 */
export function connectBridge(url, on) {
  let ws = null;
  let lastSeq = 0;
  let attempt = 0;
  let closed = false;
  let timer = null;

  const open = () => {
    if (closed) return;
    on.status?.('Connecting to the board…');
    ws = new WebSocket(url);
    ws.onopen = () => {
      attempt = 0;
      ws.send(JSON.stringify({ type: 'hello', last_seq: lastSeq }));
    };
    ws.onmessage = (e) => {
      let m;
      try {
        m = JSON.parse(e.data);
      } catch {
        return; // a broken frame is skipped; the next snapshot puts things right
      }
      if (m.type === 'snapshot') {
        lastSeq = m.seq ?? lastSeq;
        on.snapshot(m);
        return;
      }
      if (typeof m.seq === 'number') {
        if (m.seq <= lastSeq) return; // already applied (a tail after reconnecting may repeat)
        lastSeq = m.seq;
      }
      on.message(m);
    };
    ws.onclose = () => {
      if (closed) return;
      on.status?.('Connection to the board lost; reconnecting…');
      timer = setTimeout(open, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
    };
  };
  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      ws?.close();
    },
  };
}

/** SAN list -> PGN movetext the wasm `Table.fromPgn` reads. */
export function sanToPgn(sans, fen) {
  const tags = fen ? `[SetUp "1"]\n[FEN "${fen}"]\n\n` : '';
  return tags + sans.map((s, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${s}` : s)).join(' ') + ' *';
}
