#!/usr/bin/env bash
# The learned ensemble's second-stage and page-stage features have one
# definition, in the core: lab/tools/ensemble_stage_features computes them
# from a training dump (what lab/learn/ensemble.py trains on) and must give,
# bit for bit, what the runtime computes from its Context on the same pages
# (wce::ensemble_context_features / wce::ensemble_page_features, the calls of
# wce::ensemble_probabilities). Pages: demo/ (or the given files / folders).
#   bash tests/ensemble/check_stage_features.sh BUILD_DIR [DATA...]
set -euo pipefail
BUILD=${1:?usage: check_stage_features.sh BUILD_DIR [DATA...]}
shift
cd "$(dirname "$0")/../.."
[[ $# -gt 0 ]] || set -- demo
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$BUILD/ensemble_dump" --split all --stage-check --out "$TMP/d" "$@" 2>/dev/null
rows=$(( $(stat -c %s "$TMP/d.prob1.f64") / 8 ))
[[ $rows -gt 100 ]] || { echo "FAIL: the dump has $rows rows (expected the pages' text nodes)"; exit 1; }
"$BUILD/ensemble_stage_features" --data "$TMP/d" --check || { echo "FAIL: the dump's features differ from the runtime's"; exit 1; }
# The check sees a difference: one value of the runtime's context features
# changed (the last bit of row 7's prev3_p) must fail it.
off=$(( (7 * 20 + 3) * 8 ))
byte=$(od -An -tu1 -j "$off" -N1 "$TMP/d.context.f64" | tr -d ' ')
printf "\\x$(printf %02x $(( byte ^ 1 )))" | dd of="$TMP/d.context.f64" bs=1 seek="$off" conv=notrunc status=none
if "$BUILD/ensemble_stage_features" --data "$TMP/d" --check >/dev/null; then
  echo "FAIL: a changed runtime value went unnoticed"; exit 1
fi
# Bad input: a clear error, no crash.
if "$BUILD/ensemble_stage_features" --data "$TMP/d" --prob "$TMP/d.page.f64" --page "$TMP/out.f64" 2>"$TMP/err"; then
  echo "FAIL: probabilities of the wrong length were accepted"; exit 1
fi
grep -q "probabilities for $rows rows" "$TMP/err" || { echo "FAIL: unclear error: $(cat "$TMP/err")"; exit 1; }
echo "OK: $rows rows, features equal the runtime's"
