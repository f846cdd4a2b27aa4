#!/usr/bin/env bash
# The libFuzzer harnesses of tests/fuzz (docs/ARCHITECTURE.md, "Fuzzing and
# sanitizers"). Builds them with clang (ASan + UBSan + libFuzzer) in build/fuzz,
# or with WCE_FUZZ_BUILD=plain (libFuzzer's coverage only, no sanitizers: more
# executions per second, for the long runs) in build/fuzz-plain.
#
#   bash scripts/fuzz.sh build
#   bash scripts/fuzz.sh smoke [SECONDS]   each harness SECONDS (default 60), one
#                                          after the other; fails on any finding
#   bash scripts/fuzz.sh run TARGET SECONDS [libFuzzer options...]
#                                          one long run under nice -n 5
#
# Targets: html flat_dom measures dataset. Corpora: build/fuzz/corpus/TARGET
# (grows, not committed; both builds share it), seeded from tests/fuzz/seeds/TARGET, the golden and
# demo pages (html) and .cache/fuzz-seeds/TARGET when present (dataset pages:
# python3 scripts/fuzz_corpus.py). Findings: build/fuzz/findings/TARGET/;
# logs: build/fuzz/logs/. A finding, once fixed, goes to
# tests/fuzz/regressions/TARGET/ (replayed by the C++ tests).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=(html flat_dom measures dataset)
B=build/fuzz
PLAIN=OFF
if [ "${WCE_FUZZ_BUILD:-asan}" = plain ]; then B=build/fuzz-plain; PLAIN=ON; fi
C=build/fuzz  # the corpora and findings, shared by both builds

build() {
  bash scripts/setup.sh --fuzz
  if [ ! -f $B/build.ninja ]; then
    CC=clang-14 CXX=clang++-14 cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DWCE_FUZZ=ON -DWCE_FUZZ_PLAIN=$PLAIN -DWCE_BUILD_TESTS=OFF \
      -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
  fi
  cmake --build $B --target fuzzers -j2
}

# Per-target options: the largest input (longer seeds are cut to it when
# loaded; small inputs keep the executions fast), and the dictionary of HTML
# tokens.
options() {
  case "$1" in
    html) echo "-max_len=65536 -dict=tests/fuzz/html.dict" ;;
    flat_dom) echo "-max_len=65536" ;;
    measures) echo "-max_len=4096" ;;
    dataset) echo "-max_len=4096 -dict=tests/fuzz/html.dict" ;;
    *) echo "fuzz.sh: unknown target $1 (${TARGETS[*]})" >&2; exit 2 ;;
  esac
}

seeds() {
  local t=$1
  echo tests/fuzz/seeds/$t
  [ "$t" = html ] && echo tests/golden demo
  [ -d .cache/fuzz-seeds/$t ] && echo .cache/fuzz-seeds/$t
  return 0
}

# CPU_NOW = user + system CPU seconds of this shell's finished children
# (bash `times`, called in this shell: a $(...) subshell has other children).
children_cpu() {
  times > "$C/logs/.times"
  CPU_NOW=$(tail -1 "$C/logs/.times" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); n += p[1] * 60 + p[2] } print n }')
}

# run TARGET SECONDS [options]: libFuzzer over the corpus; prints the last
# status line; returns non-zero on a finding.
run() {
  local t=$1 secs=$2
  shift 2
  mkdir -p $C/corpus/$t $C/findings/$t $C/logs
  local log=$C/logs/$t$([ $PLAIN = ON ] && echo -plain).log
  # -rss_limit_mb / -malloc_limit_mb: a page that needs more memory than this
  # is a finding (hard limits, html.hpp). -timeout: seconds per input.
  children_cpu
  local cpu0=$CPU_NOW
  set +e
  nice -n 5 $B/tests/fuzz/fuzz_$t $C/corpus/$t $(seeds $t) $(options $t) \
    -max_total_time=$secs -timeout=120 -rss_limit_mb=2560 -malloc_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix=$C/findings/$t/ "$@" >"$log" 2>&1
  local rc=$?
  set -e
  # CPU seconds the fuzzer got (on a shared machine far less than the wall time).
  children_cpu
  local cpu; cpu=$(awk -v a="$CPU_NOW" -v b="$cpu0" 'BEGIN { print a - b }')
  local runs; runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  local cov; cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
  local corpus; corpus=$(ls $C/corpus/$t | wc -l)
  echo "fuzz $t ($([ $PLAIN = ON ] && echo plain || echo asan)): ${secs}s wall, ${cpu}s CPU, ${runs:-0} executions, ${cov:-no coverage line}, corpus $corpus, exit $rc (log $log)"
  if [ $rc -ne 0 ]; then
    grep -m5 -E 'ERROR|invariant broken|runtime error|Test unit written' "$log" >&2 || tail -20 "$log" >&2
  fi
  return $rc
}

cmd=${1:-}
case "$cmd" in
  build) build ;;
  smoke)
    secs=${2:-60}
    build
    failed=0
    for t in "${TARGETS[@]}"; do run $t "$secs" || failed=1; done
    [ $failed = 0 ] || { echo "fuzz smoke: findings (see build/fuzz/findings)" >&2; exit 1; }
    echo "fuzz smoke: no findings" ;;
  run)
    [ $# -ge 3 ] || { echo "usage: fuzz.sh run TARGET SECONDS [libFuzzer options...]" >&2; exit 2; }
    build
    run "${@:2}" ;;
  *) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
