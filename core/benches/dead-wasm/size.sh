#!/bin/sh
# Issue 4: bytes our dead-position analysis adds to a wasm module, built as the page's module is
# (fat LTO, one codegen unit, opt-level "s"): the same cdylib with only FEN parsing and move
# generation (baseline), then with our can_mate and quick check exported too, and with
# chasolver's instead, for comparison. Prints raw sizes and, when wasm-opt is found, -Oz sizes.
set -e
cd "$(dirname "$0")"
TARGET=${CARGO_TARGET_DIR:-target}-size
OUT=$TARGET/wasm32-unknown-unknown/release/dead_wasm_bench.wasm
build() {
  CARGO_TARGET_DIR=$TARGET cargo build --release --target wasm32-unknown-unknown --quiet \
    --no-default-features $1 \
    --config 'profile.release.opt-level="s"' --config 'profile.release.panic="unwind"'
  cp "$OUT" "$TARGET/$2.wasm"
  raw=$(wc -c < "$TARGET/$2.wasm")
  opt=""
  if command -v wasm-opt >/dev/null 2>&1; then
    wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
      --enable-mutable-globals "$TARGET/$2.wasm" -o "$TARGET/$2.opt.wasm"
    opt=$(wc -c < "$TARGET/$2.opt.wasm")
  fi
  echo "$2 $raw $opt"
}
build "" baseline
build "--features ours" ours
build "--features peer" peer
