#!/usr/bin/env bash
# Metadata against WCXB dev's ground truth, ours and the peers on the same pages:
#   ours         build/native/metadata_dump (wce::extract_metadata)
#   trafilatura  trafilatura.metadata.extract_metadata (PyPI, pinned in requirements.txt,
#                venv in .cache/metadata/venv, installed when missing or changed)
#   readability  @mozilla/readability + jsdom from the repository's node_modules:
#                title, byline, publishedTime
# then lab/metadata/score.py prints the table (README of the measures: its docstring).
#
#   bash lab/metadata/run.sh [DATASET.jsonl.gz] [--ours-only]
# Outputs in .cache/metadata/run/ (git-ignored): ours.jsonl, trafilatura.jsonl,
# readability.jsonl, table.md.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
DATA="$REPO/../shared/datasets/wcxb-dev.jsonl.gz"
OURS_ONLY=0
for a in "$@"; do
  case "$a" in
    --ours-only) OURS_ONLY=1 ;;
    *) DATA="$a" ;;
  esac
done
OUT="$REPO/.cache/metadata/run"
mkdir -p "$OUT"
log() { echo "metadata: $*" >&2; }

DUMP="$REPO/build/native/metadata_dump"
if [[ ! -x "$DUMP" ]]; then
  log "building metadata_dump"
  cmake --build "$REPO/build/native" -j2 --target metadata_dump >/dev/null
fi
log "ours"
"$DUMP" "$DATA" >"$OUT/ours.jsonl"

if [[ $OURS_ONLY == 0 ]]; then
  VENV="$REPO/.cache/metadata/venv"
  [[ -x "$VENV/bin/python" ]] || { log "creating $VENV"; python3 -m venv "$VENV"; }
  STAMP="$VENV/.requirements.sha256"
  WANT="$(sha256sum "$HERE/requirements.txt" | cut -d' ' -f1)"
  if [[ "$(cat "$STAMP" 2>/dev/null)" != "$WANT" ]]; then
    log "installing lab/metadata/requirements.txt"
    "$VENV/bin/python" -m pip install -q --upgrade "pip>=24"
    "$VENV/bin/python" -m pip install -q -r "$HERE/requirements.txt"
    echo "$WANT" >"$STAMP"
  fi
  log "trafilatura"
  "$VENV/bin/python" "$HERE/trafilatura_meta.py" "$DATA" >"$OUT/trafilatura.jsonl"
  log "readability (jsdom: slow)"
  (cd "$REPO" && zcat "$DATA" | node "$REPO/lab/peers/readability_runner.mjs" --meta >"$OUT/readability.jsonl")
fi

ARGS=("$DATA" "$OUT/ours.jsonl")
[[ -s "$OUT/trafilatura.jsonl" ]] && ARGS+=(--trafilatura "$OUT/trafilatura.jsonl")
[[ -s "$OUT/readability.jsonl" ]] && ARGS+=(--readability "$OUT/readability.jsonl")
python3 "$HERE/score.py" "${ARGS[@]}" --halves --tokens | tee "$OUT/table.md"
