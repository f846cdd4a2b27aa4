#!/usr/bin/env bash
# The extension in a real Firefox (bench/firefox/run_firefox.py): installs
# firefox-esr, geckodriver and Selenium if missing (scripts/setup_firefox.sh),
# builds the extension's test builds, runs the checks. Needs build/wasm and
# build/native (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/setup_firefox.sh
node scripts/build_extension.mjs --test >/dev/null
exec .cache/firefox-venv/bin/python bench/firefox/run_firefox.py "$@"
