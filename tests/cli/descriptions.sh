#!/usr/bin/env bash
# Where the package descriptions, the README or the docs state how many
# extractors there are, the number must be the registry's (`wce list --names`).
set -euo pipefail
WCE="$1"
cd "$(dirname "$0")/../.."
n=$("$WCE" list --names | grep -c .)
fail=0
for f in package.json pyproject.toml README.md docs/extractors.md; do
  [ -f "$f" ] || continue
  for said in $(grep -o '[0-9][0-9]* extractors' "$f" | cut -d' ' -f1); do
    if [ "$said" != "$n" ]; then
      echo "FAIL: $f says $said extractors; the registry has $n" >&2
      fail=1
    fi
  done
done
[ "$fail" = 0 ] && echo "descriptions: every stated extractor count is $n"
exit "$fail"
