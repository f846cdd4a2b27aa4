#!/usr/bin/env bash
# Real-web check on trafilatura's snippet evaluation set (not part of CI).
#
#   lab/webeval/run.sh [--extractors a,b] [--peers a,b] [--pages N] [--name NAME] [--out FILE.md]
#
# Fetches and converts the set once (lab/webeval/fetch.py -> .cache/webeval/), installs
# the selected peers through lab/peers/run.sh (PEERS_INSTALL_ONLY=1), then runs
# lab/webeval/run.py with the peers' venv Python. See lab/webeval/README.md.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
DATA="$REPO/.cache/webeval/trafilatura-eval.jsonl.gz"
for a in "$@"; do
  if [[ "$a" == "-h" || "$a" == "--help" ]]; then exec python3 "$HERE/run.py" --help; fi
done
[[ -f "$DATA" ]] || python3 "$HERE/fetch.py" --out "$DATA"
[[ -x "$REPO/build/native/wce" ]] || { cmake -S "$REPO" -B "$REPO/build/native" -G Ninja >/dev/null; cmake --build "$REPO/build/native" -j2 >/dev/null; }

# The peers named by --peers (default: run.py's PEERS list).
PEER_LIST="$(python3 "$HERE/run.py" --print-peers "$@")"
PY=python3
if [[ -n "$PEER_LIST" ]]; then
  PY="$(cd "$REPO" && PEERS_INSTALL_ONLY=1 bash lab/peers/run.sh --peers "$PEER_LIST" | tail -1)"
fi
CMD="lab/webeval/run.sh"
for a in "$@"; do CMD+=" $a"; done
cd "$REPO"
exec "$PY" "$HERE/run.py" --data "$DATA" --command "$CMD" "$@"
