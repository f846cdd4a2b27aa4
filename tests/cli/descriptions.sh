#!/usr/bin/env bash
# Where the package descriptions, the README or the docs state how many
# extractors there are, the number must be the registry's (`wce list --names`);
# package.json describes the npm package (WebAssembly), which leaves out the
# native-only extractors (CMake WCE_NATIVE_ONLY_MODELS: boilernet).
set -euo pipefail
WCE="$1"
cd "$(dirname "$0")/../.."
NATIVE_ONLY=$(python3 -c 'import json; print("\n".join(json.load(open("tests/native_only.json"))["extractors"]))')
n=$("$WCE" list --names | grep -c .)
n_wasm=$("$WCE" list --names | grep -v -x -F -e "$NATIVE_ONLY" | grep -c .)
fail=0
for f in package.json pyproject.toml README.md docs/extractors.md; do
  [ -f "$f" ] || continue
  want=$n
  [ "$f" = package.json ] && want=$n_wasm
  for said in $(grep -o '[0-9][0-9]* extractors' "$f" | cut -d' ' -f1); do
    if [ "$said" != "$want" ]; then
      echo "FAIL: $f says $said extractors; the registry has $want" >&2
      fail=1
    fi
  done
done
[ "$fail" = 0 ] && echo "descriptions: every stated extractor count is $n ($n_wasm in package.json, WebAssembly)"
exit "$fail"
