#!/usr/bin/env bash
# Runs all tests: C++ (GoogleTest via CTest), JS (Jest), end-to-end (Playwright
# with Debian's Chromium). Builds first if needed.
#
#   bash scripts/test.sh --sanitize   instead: the C++ suite (CTest) built with
#       clang, AddressSanitizer and UndefinedBehaviorSanitizer in build/asan,
#       any finding fatal (docs/ARCHITECTURE.md, "Fuzzing and sanitizers").
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--sanitize" ]; then
  bash scripts/setup.sh --fuzz
  if [ ! -f build/asan/build.ninja ]; then
    CC=clang-14 CXX=clang++-14 cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DWCE_SANITIZE=ON -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
  fi
  cmake --build build/asan -j2
  echo "== C++ tests under ASan + UBSan"
  # detect_leaks: LeakSanitizer as well; halt_on_error: the first finding fails the test.
  ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build/asan --output-on-failure -j2
  echo "== sanitizer tests passed"
  exit 0
fi
if [ ! -x build/native/wce ] || [ ! -f build/wasm/wce_core.js ] || [ ! -d build/web ] || [ ! -d build/extension ]; then
  bash scripts/build.sh
else
  bash scripts/setup.sh
  cmake --build build/native
  bash scripts/build_wasm.sh
  node scripts/build_web.mjs
fi
# --test also writes build/extension/chrome-test (see extension/README.md)
node scripts/build_extension.mjs --test

echo "== C++ tests"
ctest --test-dir build/native --output-on-failure -j2
echo "== WASM SIMD memchr and strlen against byte-by-byte loops"
node build/wasm/wce_simd_memchr_check.js
node build/wasm/wce_simd_strlen_check.js
echo "== WASM memcpy / memmove / memset (wasm/bulk_memory.c) against byte loops"
node build/wasm/wce_bulk_memory_check.js
echo "== WASM SIMD text-run scan of Gumbo against its byte loop"
node build/wasm/wce_plain_run_check.js
echo "== WASM UTF-16 -> UTF-8 of the page (wasm/utf16_to_utf8.c) against a reference and TextEncoder"
node build/wasm/wce_utf16_to_utf8_check.js
echo "== JS tests"
npx jest --config tests/js/jest.config.js
echo "== README snippets as written (Install section; the Python module from python_check's venv)"
python3 tests/readme/run_snippets.py --python "$PWD/.cache/py-venv/bin/python"
echo "== end-to-end tests"
npx playwright test --config tests/e2e/playwright.config.js
echo "== all tests passed"
