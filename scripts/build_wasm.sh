#!/usr/bin/env bash
# Builds the WebAssembly module build/wasm/wce_core.js + wce_core.wasm (classic
# MODULARIZE script exporting createWceCore) with Debian's Emscripten.
# Idempotent: re-running only rebuilds what changed.
#
#   bash scripts/build_wasm.sh [-DWCE_WASM_...=...]
# Extra arguments go to CMake (the WCE_WASM_* options in CMakeLists.txt);
# WCE_WASM_BUILD_DIR (default build/wasm) builds a variant elsewhere, as the
# benchmarks in lab/results/wasm-*.md compare them.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if ! command -v emcc >/dev/null 2>&1 || ! command -v emcmake >/dev/null 2>&1; then
  echo "error: emcc/emcmake not found (Emscripten is not installed): run scripts/setup.sh" >&2
  exit 1
fi
if ! command -v ninja >/dev/null 2>&1; then
  echo "error: ninja not found: run scripts/setup.sh" >&2
  exit 1
fi

# Debian's emscripten finds its acorn (used by the JS optimizer) here.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
# Debian's default cache (/usr/share/emscripten/cache) is not writable: keep
# the system libraries Emscripten builds on first use under build/.
export EM_CACHE="${EM_CACHE:-$ROOT/build/emcache}"
# Debian sets FROZEN_CACHE = True in its config (the packaged cache is
# read-only); an empty EM_FROZEN_CACHE lets emcc build its libraries into ours.
export EM_FROZEN_CACHE=""
mkdir -p "$EM_CACHE"

BUILD="${WCE_WASM_BUILD_DIR:-build/wasm}"
emcmake cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWCE_BUILD_TESTS=OFF "$@"
cmake --build "$BUILD"

for OUT in "$BUILD/wce_core.js" "$BUILD/wce_core.wasm"; do
  if [[ ! -s "$OUT" ]]; then
    echo "error: $OUT was not produced" >&2
    exit 1
  fi
  echo "built $OUT ($(stat -c %s "$OUT") bytes)"
done
