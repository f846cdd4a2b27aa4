#!/usr/bin/env bash
# The extension in a real Firefox (bench/firefox/run_firefox.py [--xpi]): installs
# firefox-esr, geckodriver and Selenium if missing (scripts/setup_firefox.sh),
# builds the extension's test builds, runs the checks. Needs build/wasm and
# build/native (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/setup_firefox.sh
# --xpi: the store package (build/extension/packages) instead of the test build.
node scripts/build_extension.mjs --test $([ "${1:-}" = --xpi ] && echo --package) >/dev/null
exec .cache/firefox-venv/bin/python bench/firefox/run_firefox.py "$@"
