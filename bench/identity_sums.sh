#!/usr/bin/env bash
# Identity sums: one md5 per extractor of its JSON output (text, labels
# summary; the "ms" timing removed) over every page of the given dataset
# files, so that a refactor can be shown to leave every output byte-identical:
# run it before and after, and diff the two files.
#
#   bash bench/identity_sums.sh [-e NAME,NAME...] [--wce build/native/wce] OUT.tsv [DATASET.jsonl.gz ...]
#
# Datasets default to every ../shared/datasets/*.jsonl.gz; extractors to all
# of `wce list`. Output: "<extractor>\t<md5>" per line, then "ALL\t<md5 of those lines>".
set -euo pipefail
WCE=build/native/wce
EXTRACTORS=""
while [ $# -gt 0 ]; do
  case "$1" in
    -e) EXTRACTORS="$2"; shift 2 ;;
    --wce) WCE="$2"; shift 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: $0 [-e NAMES] [--wce PATH] OUT.tsv [DATASET...]" >&2; exit 2; }
OUT="$1"; shift
if [ $# -eq 0 ]; then
  DIR="${WCE_DATASETS_DIR:-$(dirname "$0")/../../shared/datasets}"
  set -- "$DIR"/*.jsonl.gz
fi
[ -x "$WCE" ] || { echo "$0: $WCE not built" >&2; exit 1; }
if [ -z "$EXTRACTORS" ]; then
  EXTRACTORS=$("$WCE" list --names | paste -sd, -)
fi
: > "$OUT"
for e in ${EXTRACTORS//,/ }; do
  sum=$(for f in "$@"; do
          "$WCE" extract --jsonl --format json --threads 2 --quiet -e "$e" "$f" | sed 's/"ms":[0-9.e+-]*//'
        done | md5sum | cut -d' ' -f1)
  printf '%s\t%s\n' "$e" "$sum" | tee -a "$OUT"
done
printf 'ALL\t%s\n' "$(md5sum < "$OUT" | cut -d' ' -f1)" | tee -a "$OUT"
