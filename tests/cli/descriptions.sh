#!/usr/bin/env bash
# The package descriptions and the README give the registry's extractor
# count: every "N extractors" they write must equal `wce list --names`.
set -euo pipefail
WCE="$1"
cd "$(dirname "$0")/../.."
n=$("$WCE" list | grep -vc '^ ')
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
grep -q "$n extractors" package.json || { echo "FAIL: package.json does not say $n extractors" >&2; fail=1; }
grep -q "$n extractors" pyproject.toml || { echo "FAIL: pyproject.toml does not say $n extractors" >&2; fail=1; }
[ "$fail" = 0 ] && echo "descriptions: $n extractors everywhere"
exit "$fail"
