// Live mode: helpers for mirroring a game from the board bridge. The WebSocket client itself is
// the wasm module's `BridgeClient` (wasm/src/bridge.rs).

/** SAN list -> PGN movetext the wasm `Table.fromPgn` reads. */
export function sanToPgn(sans, fen) {
  const tags = fen ? `[SetUp "1"]\n[FEN "${fen}"]\n\n` : '';
  return tags + sans.map((s, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${s}` : s)).join(' ') + ' *';
}
