#!/usr/bin/env bash
# Builds everything (native CLI and tests, WASM module, extension, web page)
# and runs the benchmark on the built-in demo corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

echo "== native build (build/native)"
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native

echo "== WebAssembly build (build/wasm)"
bash scripts/build_wasm.sh

echo "== extension (build/extension) and web page (build/web)"
node scripts/build_extension.mjs
node scripts/build_web.mjs

echo "== demo corpus benchmark"
build/native/wce bench --data demo
