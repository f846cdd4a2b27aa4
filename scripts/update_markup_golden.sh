#!/usr/bin/env bash
# Rewrites tests/markup_golden/*/expected.md and expected.html from the
# current render_markdown / render_html (the MarkupGolden test, run with
# WCE_UPDATE_MARKUP_GOLDEN=1). Review the change with `git diff` before
# committing it. BUILD: the native build folder (default build/native).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build/native}"
[ -x "$BUILD/wce_tests" ] || { echo "update_markup_golden: no $BUILD/wce_tests (build first)" >&2; exit 1; }
cd "$ROOT"
WCE_UPDATE_MARKUP_GOLDEN=1 "$BUILD/wce_tests" --gtest_filter='MarkupGolden.*'
git -C "$ROOT" status --short tests/markup_golden
