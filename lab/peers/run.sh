#!/usr/bin/env bash
# Peer benchmark: runs the original extractors and ours on the same dataset pages.
#
#   lab/peers/run.sh [--peers a,b|all] [--data FILE...] [--pages N] [--out DIR]
#                      [--map PEER=OURS,...] [--timeout S]
#
# Installs what the selected peers need, idempotently, under .cache/peers/
# (Python venv, npm packages, the Java and Go runners, dragnet's own Python 3.6
# venv; Debian's libboilerpipe-java through apt-get), then runs lab/peers/peers.py.
# Not part of CI. See lab/peers/README.md.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
CACHE="$REPO/.cache/peers"
WCE="$REPO/build/native/wce"
CLASSPATH_BP="/usr/share/java/boilerpipe.jar:/usr/share/java/nekohtml.jar:/usr/share/java/xercesImpl.jar"
# npm pins (jsdom 29 is the newest that supports Node 20).
READABILITY_VERSION="0.6.0"
JSDOM_VERSION="29.1.1"

log() { echo "peers: $*" >&2; }

for a in "$@"; do
  if [[ "$a" == "-h" || "$a" == "--help" ]]; then exec python3 "$HERE/peers.py" --help; fi
done

if [[ ! -x "$WCE" ]]; then
  log "$WCE is missing; building it"
  cmake -S "$REPO" -B "$REPO/build/native" -G Ninja >/dev/null
  cmake --build "$REPO/build/native" -j2 >/dev/null
fi

mkdir -p "$CACHE"
# Which install groups the selected pairs need (python node java go); pairs whose
# side of ours is missing from `wce list` need nothing.
NEEDS="$(python3 "$HERE/peers.py" --needs "$@")"
log "needs: ${NEEDS:-nothing}"

as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

PY=python3
if [[ " $NEEDS " == *" python "* ]]; then
  VENV="$CACHE/venv"
  [[ -x "$VENV/bin/python" ]] || { log "creating $VENV"; python3 -m venv "$VENV"; }
  STAMP="$VENV/.requirements.sha256"
  WANT="$(sha256sum "$HERE/requirements.txt" | cut -d' ' -f1)"
  if [[ "$(cat "$STAMP" 2>/dev/null)" != "$WANT" ]]; then
    log "installing Python originals (lab/peers/requirements.txt)"
    "$VENV/bin/python" -m pip install -q --upgrade "pip>=24"   # pip 23 fails on lxml[html_clean]
    "$VENV/bin/python" -m pip install -q -r "$HERE/requirements.txt"
    echo "$WANT" >"$STAMP"
  fi
  PY="$VENV/bin/python"
fi

if [[ " $NEEDS " == *" node "* ]]; then
  NM="$CACHE/node/node_modules"
  have() { node -p "require('$NM/$1/package.json').version" 2>/dev/null || true; }
  if [[ "$(have @mozilla/readability)" != "$READABILITY_VERSION" || "$(have jsdom)" != "$JSDOM_VERSION" ]]; then
    log "installing @mozilla/readability@$READABILITY_VERSION jsdom@$JSDOM_VERSION"
    mkdir -p "$CACHE/node"
    npm install --prefix "$CACHE/node" --no-audit --no-fund --loglevel=error \
      "@mozilla/readability@$READABILITY_VERSION" "jsdom@$JSDOM_VERSION" >&2
  fi
fi

if [[ " $NEEDS " == *" java "* ]]; then
  if [[ ! -f /usr/share/java/boilerpipe.jar ]]; then
    log "installing libboilerpipe-java (apt-get)"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libboilerpipe-java default-jdk-headless >&2
  fi
  CLS="$CACHE/java/BoilerpipeRunner.class"
  if [[ ! -f "$CLS" || "$HERE/BoilerpipeRunner.java" -nt "$CLS" ]]; then
    log "compiling BoilerpipeRunner.java"
    mkdir -p "$CACHE/java"
    javac -nowarn -d "$CACHE/java" -cp "$CLASSPATH_BP" "$HERE/BoilerpipeRunner.java"
  fi
fi

if [[ " $NEEDS " == *" dragnet "* ]]; then
  # The original Dragnet lives in its own Python 3.6 venv (.cache/peers/dragnet/venv).
  if ! bash "$HERE/dragnet/install.sh"; then
    log "note: installing the original Dragnet failed; the dragnet peer will be skipped"
  fi
fi

if [[ " $NEEDS " == *" go "* ]]; then
  EXE="$CACHE/go/domdistiller"
  if ! command -v go >/dev/null; then
    log "note: no Go toolchain; go_domdistiller will be skipped"
  elif [[ ! -x "$EXE" || "$HERE/domdistiller/main.go" -nt "$EXE" || "$HERE/domdistiller/go.mod" -nt "$EXE" ]]; then
    log "building the Go DOM Distiller runner"
    mkdir -p "$CACHE/go"
    if ! (cd "$HERE/domdistiller" && go build -o "$EXE" .) >&2; then
      log "note: building the Go DOM Distiller runner failed; go_domdistiller will be skipped"
      rm -f "$EXE"
    fi
  fi
fi

# PEERS_INSTALL_ONLY=1: install what the selected peers need and stop (lab/webeval/run.sh
# uses this to reuse the installs and then runs its own driver with the venv's Python).
if [[ "${PEERS_INSTALL_ONLY:-}" == 1 ]]; then echo "$PY"; exit 0; fi

quote() {  # shell-quote an argument only when it needs it (for the summary's command line)
  if [[ "$1" =~ ^[A-Za-z0-9_./=,:@+%-]+$ ]]; then printf ' %s' "$1"; else printf " '%s'" "${1//\'/\'\\\'\'}"; fi
}
CMDLINE="lab/peers/run.sh"
for a in "$@"; do CMDLINE+="$(quote "$a")"; done
export PEERS_COMMAND="$CMDLINE"
exec "$PY" "$HERE/peers.py" "$@"
