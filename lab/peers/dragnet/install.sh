#!/usr/bin/env bash
# Installs the original Dragnet (dragnet 2.0.4, the last release on PyPI) for the
# peer benchmark, idempotently, into .cache/peers/dragnet/venv.
#
#   lab/peers/dragnet/install.sh        (run.sh calls it when the dragnet peer is selected)
#
# Why not the peers' main venv: dragnet 2.0.4 ships only an sdist whose setup.py
# imports lxml, numpy and Cython before pip can collect build requirements, and it
# requires scikit-learn<0.21 (its models are pickled estimators), which has no
# wheels past Python 3.7. So: a Python 3.6 interpreter (DRAGNET_PYTHON, else
# python3.6 on PATH, else pyenv's 3.6), the hash-pinned build and run requirements
# (requirements.txt here), then the sdist (sha256-checked) built with
# --no-build-isolation against them. Needs a C++ compiler and libxml2-dev
# (apt-get install g++ libxml2-dev), for dragnet's Cython extensions.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../../.." && pwd)"
DIR="$REPO/.cache/peers/dragnet"
VENV="$DIR/venv"
SDIST_URL="https://files.pythonhosted.org/packages/b9/1b/56d1c4839cd9ecdd8b8b248be6ebb872f814e8a0834355961f4686a12707/dragnet-2.0.4.tar.gz"
SDIST_SHA256="1df66b8dadede0158962dd3b07c702e5fa2cb615d2b97d04479022c6fc5e3946"

log() { echo "dragnet-install: $*" >&2; }

STAMP="$VENV/.installed.sha256"
WANT="$(cat "$HERE/requirements.txt" "$HERE/install.sh" | sha256sum | cut -d' ' -f1)"
if [[ -x "$VENV/bin/python" && "$(cat "$STAMP" 2>/dev/null)" == "$WANT" ]]; then
  exit 0
fi

# The first candidate that really is a Python 3.6 (pyenv's shims exist for
# versions that are not selected, and then fail).
PY=""
for c in "${DRAGNET_PYTHON:-}" "$(command -v python3.6 || true)" \
         $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.6.*/bin/python 2>/dev/null | sort -rV); do
  if [[ -n "$c" ]] && "$c" -c 'import sys; assert sys.version_info[:2] == (3, 6)' 2>/dev/null; then
    PY="$c"; break
  fi
done
if [[ -z "$PY" ]]; then
  log "no Python 3.6 interpreter (set DRAGNET_PYTHON); the dragnet peer needs one"
  exit 1
fi
if [[ ! -f /usr/include/libxml2/libxml/tree.h ]]; then
  log "libxml2-dev is missing (apt-get install libxml2-dev)"
  exit 1
fi

log "creating $VENV with $PY ($("$PY" --version 2>&1))"
rm -rf "$VENV"
mkdir -p "$DIR"
"$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q "pip==21.3.1"   # the last pip for Python 3.6
"$VENV/bin/python" -m pip install -q --require-hashes --no-deps -r <(grep -E '^(setuptools|wheel)==' "$HERE/requirements.txt")
"$VENV/bin/python" -m pip install -q --require-hashes --no-deps --no-build-isolation -r "$HERE/requirements.txt"

SDIST="$DIR/dragnet-2.0.4.tar.gz"
if [[ ! -f "$SDIST" ]] || ! echo "$SDIST_SHA256  $SDIST" | sha256sum -c --quiet; then
  log "fetching dragnet-2.0.4.tar.gz from PyPI"
  curl -fsSL -o "$SDIST.part" "$SDIST_URL"
  echo "$SDIST_SHA256  $SDIST.part" | sha256sum -c --quiet
  mv "$SDIST.part" "$SDIST"
fi
log "building dragnet 2.0.4 (Cython extensions; about a minute)"
nice -n 10 "$VENV/bin/python" -m pip install -q --no-deps --no-build-isolation --no-cache-dir "$SDIST"
"$VENV/bin/python" -W ignore -c "import dragnet, sklearn; assert sklearn.__version__ == '0.19.1'"
echo "$WANT" >"$STAMP"
log "done"
