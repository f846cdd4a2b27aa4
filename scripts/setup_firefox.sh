#!/usr/bin/env bash
# Installs what the real-Firefox run of the extension needs
# (bench/firefox/run_firefox.py): Debian's firefox-esr, geckodriver built from
# crates.io into .cache/geckodriver, and Selenium from PyPI in the venv
# .cache/firefox-venv. Safe to re-run: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

GECKODRIVER_VERSION=0.37.1
SELENIUM_VERSION=4.38.0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
need_apt=()
dpkg-query -W -f='${Status}' firefox-esr 2>/dev/null | grep -q "ok installed" || need_apt+=(firefox-esr)
command -v cargo >/dev/null || need_apt+=(cargo)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need_apt+=(python3-venv)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup_firefox: installing Debian packages: ${need_apt[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
fi

# geckodriver from crates.io (Mozilla publishes it there), built once.
if [ ! -x .cache/geckodriver/bin/geckodriver ]; then
  echo "setup_firefox: building geckodriver $GECKODRIVER_VERSION from crates.io (a few minutes)"
  CARGO_BUILD_JOBS=2 cargo install geckodriver --version "$GECKODRIVER_VERSION" --locked --root .cache/geckodriver
fi

if [ ! -x .cache/firefox-venv/bin/python ]; then
  python3 -m venv .cache/firefox-venv
fi
if ! .cache/firefox-venv/bin/python -c "import selenium" >/dev/null 2>&1; then
  echo "setup_firefox: installing selenium $SELENIUM_VERSION into .cache/firefox-venv"
  .cache/firefox-venv/bin/pip install --quiet "selenium==$SELENIUM_VERSION"
fi
echo "setup_firefox: ok ($(firefox-esr --version 2>/dev/null), $(.cache/geckodriver/bin/geckodriver --version | head -1))"
