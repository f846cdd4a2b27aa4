#!/usr/bin/env bash
# Runs all tests: C++ (GoogleTest via CTest), JS (Jest), end-to-end (Playwright
# with Debian's Chromium). Builds first if needed.
set -euo pipefail
cd "$(dirname "$0")/.."
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
echo "== JS tests"
npx jest --config tests/js/jest.config.js
echo "== end-to-end tests"
npx playwright test --config tests/e2e/playwright.config.js
echo "== all tests passed"
