#!/usr/bin/env bash
# Installs every Debian and npm package the project needs. Safe to re-run:
# apt-get runs only when a package is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
# --fuzz: also clang with libFuzzer and the sanitizer runtimes, for the
# sanitizer build and the fuzz harnesses (scripts/test.sh --sanitize, scripts/fuzz.sh).
FUZZ=0
[ "${1:-}" = "--fuzz" ] && FUZZ=1

DEBIAN_PACKAGES=(
  cmake ninja-build g++ pkg-config    # native build
  patch                               # applies gumbo_patches/*.patch (scripts/fetch_sources.sh)
  emscripten                          # WebAssembly build (3.1.6 on Debian 12)
  libgtest-dev googletest             # C++ tests
  nlohmann-json3-dev zlib1g-dev       # CLI: JSON lines, gzip
  chromium                            # Playwright end-to-end tests (Debian's browser)
)

# Node.js and npm: used as found (this machine kind ships Node 20 + npm 11
# outside Debian's packages, which would conflict); Debian's otherwise.
[ "$FUZZ" = 1 ] && DEBIAN_PACKAGES+=(clang-14 libclang-rt-14-dev ccache)  # ccache: fuzz.sh and --sanitize use it as the compiler launcher
command -v node >/dev/null || DEBIAN_PACKAGES+=(nodejs)
command -v npm >/dev/null || DEBIAN_PACKAGES+=(npm)
# pip: downloads jusText's stop lists from PyPI (below).
python3 -m pip --version >/dev/null 2>&1 || DEBIAN_PACKAGES+=(python3-pip)
# venv: the ROUGE-LSum check (tests/rouge) installs rouge-score into a venv.
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || DEBIAN_PACKAGES+=(python3-venv)

missing=()
for p in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    SUDO=sudo
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm packages for the JavaScript side: tests, the extension, the page
# (exact versions from package-lock.json). No package downloads a browser.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
fi

# The sources the C++ build reads: Gumbo 0.10.1 (patched), stopwords-iso and
# jusText's stop lists, each one pinned download (CMake runs this too).
bash scripts/fetch_sources.sh
echo "setup: ok"
