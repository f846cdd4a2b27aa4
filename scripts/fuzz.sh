#!/usr/bin/env bash
# The libFuzzer harnesses of tests/fuzz (docs/ARCHITECTURE.md, "Fuzzing and
# sanitizers"). Builds them with clang (ASan + UBSan + libFuzzer) in build/fuzz,
# or with WCE_FUZZ_BUILD=plain (libFuzzer's coverage only, no sanitizers: more
# executions per second, for the long runs) in build/fuzz-plain.
#
#   bash scripts/fuzz.sh build
#   bash scripts/fuzz.sh smoke [SECONDS]   each every-extractor harness SECONDS
#                                          (default 60), one after the other;
#                                          fails on any finding
#   bash scripts/fuzz.sh run TARGET SECONDS [libFuzzer options...]
#                                          one run under nice -n $WCE_FUZZ_NICE (5)
#   bash scripts/fuzz.sh cycle HH:MM SECONDS [TARGET...]
#                                          the long run: runs of SECONDS over the
#                                          targets in turn until HH:MM UTC, one
#                                          line per run in build/fuzz/runs.tsv
#   bash scripts/fuzz.sh report            runs.tsv as a Markdown table, with
#                                          totals per build and target
#   bash scripts/fuzz.sh seeds TARGET      the seed folders of TARGET
#
# Targets: html flat_dom measures dataset warc charset (the smoke's), warc_diff (damage to one record loses no other), html_pick flat_dom_pick
# (the first two input bytes choose the extractor: many more executions per CPU
# second, tests/fuzz/check.hpp). Corpora: build/fuzz/corpus/TARGET
# (grows, not committed; both builds share it), seeded from tests/fuzz/seeds/TARGET, the golden and
# demo pages (html) and .cache/fuzz-seeds/TARGET when present (dataset pages:
# python3 scripts/fuzz_corpus.py); a _pick target takes its base target's
# seeds behind choice bytes (build/fuzz/seeds/TARGET). Findings: build/fuzz/findings/TARGET/;
# logs: build/fuzz/logs/. A finding, once fixed, goes to
# tests/fuzz/regressions/TARGET/ (replayed by the C++ tests).
set -euo pipefail
cd "$(dirname "$0")/.."
SMOKE_TARGETS=(html flat_dom measures dataset warc charset)
TARGETS=(html html_pick flat_dom flat_dom_pick measures dataset warc warc_diff charset)
NICE=${WCE_FUZZ_NICE:-5}
C=build/fuzz  # the corpora and findings, shared by both builds

# use_build asan|plain: the build directory and its sanitizer switch.
use_build() {
  BUILD=$1
  if [ "$BUILD" = plain ]; then B=build/fuzz-plain; PLAIN=ON; else B=build/fuzz; PLAIN=OFF; fi
}
use_build "$([ "${WCE_FUZZ_BUILD:-asan}" = plain ] && echo plain || echo asan)"

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
# tokens. A _pick target's cap is its base's page cap plus the 2 choice bytes.
options() {
  case "$1" in
    html) echo "-max_len=65536 -dict=tests/fuzz/html.dict" ;;
    html_pick) echo "-max_len=16386 -dict=tests/fuzz/html.dict" ;;
    flat_dom) echo "-max_len=65536" ;;
    flat_dom_pick) echo "-max_len=16386" ;;
    measures) echo "-max_len=4096" ;;
    dataset) echo "-max_len=4096 -dict=tests/fuzz/html.dict" ;;
    warc) echo "-max_len=8192 -dict=tests/fuzz/warc.dict" ;;
    warc_diff) echo "-max_len=8192 -dict=tests/fuzz/warc.dict" ;;
    charset) echo "-max_len=16384 -dict=tests/fuzz/html.dict" ;;
    *) echo "fuzz.sh: unknown target $1 (${TARGETS[*]})" >&2; exit 2 ;;
  esac
}

seeds() {
  local t=$1
  case "$t" in *_pick) pick_seeds "$t"; echo $C/seeds/$t; return 0 ;; esac
  echo tests/fuzz/seeds/$t
  [ "$t" = html ] && echo tests/golden demo
  [ -d .cache/fuzz-seeds/$t ] && echo .cache/fuzz-seeds/$t
  return 0
}

# pick_seeds TARGET_pick: the base target's seed files, each cut to the cap
# and behind two choice bytes (the k-th file: choice k, no second one: 0xFF),
# so that the seeds reach every extractor. Written once.
pick_seeds() {
  local t=$1 out=$C/seeds/$1 k=0 f cap
  [ -d "$out" ] && return 0
  cap=$(options "$t" | grep -o 'max_len=[0-9]*' | grep -o '[0-9]*$')
  mkdir -p "$out.tmp"
  while IFS= read -r f; do
    { printf "\\x$(printf %02x $((k % 256)))\\xff"; head -c $((cap - 2)) "$f"; } > "$out.tmp/$k"
    k=$((k + 1))
  done < <(find $(seeds "${t%_pick}") -type f ! -name .keep | sort)
  mv "$out.tmp" "$out"
}

# CPU_NOW = user + system CPU seconds of this shell's finished children
# (bash `times`, called in this shell: a $(...) subshell has other children).
children_cpu() {
  times > "$C/logs/.times.$$"
  CPU_NOW=$(tail -1 "$C/logs/.times.$$" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); n += p[1] * 60 + p[2] } print n }')
}

# run TARGET SECONDS [options]: libFuzzer over the corpus; prints the last
# status line, appends it to $C/runs.tsv; returns non-zero on a finding.
run() {
  local t=$1 secs=$2
  shift 2
  options "$t" >/dev/null
  mkdir -p $C/corpus/$t $C/findings/$t $C/logs
  local start; start=$(date -u +%Y-%m-%dT%H:%M:%S)
  local log=$C/logs/$t-$BUILD-$start.log
  # -rss_limit_mb / -malloc_limit_mb: a page that needs more memory than this
  # is a finding (hard limits, html.hpp). -timeout: seconds per input.
  children_cpu
  local cpu0=$CPU_NOW t0; t0=$(date +%s)
  set +e
  nice -n "$NICE" $B/tests/fuzz/fuzz_$t $C/corpus/$t $(seeds $t) $(options $t) \
    -max_total_time=$secs -timeout=120 -rss_limit_mb=2560 -malloc_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix=$C/findings/$t/ "$@" >"$log" 2>&1
  local rc=$?
  set -e
  local wall=$(( $(date +%s) - t0 ))
  # CPU seconds the fuzzer got (on a shared machine far less than the wall time).
  children_cpu
  local cpu; cpu=$(awk -v a="$CPU_NOW" -v b="$cpu0" 'BEGIN { print a - b }')
  local runs; runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  local cov; cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
  local corpus; corpus=$(ls $C/corpus/$t | wc -l)
  echo "fuzz $t ($BUILD): ${wall}s wall, ${cpu}s CPU, ${runs:-0} executions, ${cov:-no coverage line}, corpus $corpus, exit $rc (log $log)"
  # start, target, build, wall s, CPU s, executions, cov, ft, corpus files, exit code, log
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$start" "$t" "$BUILD" "$wall" "$cpu" "${runs:-0}" \
    "$(echo "$cov" | awk '{ print $2 }')" "$(echo "$cov" | awk '{ print $4 }')" "$corpus" "$rc" "$log" >> $C/runs.tsv
  if [ $rc -ne 0 ]; then
    grep -m5 -E 'ERROR|invariant broken|runtime error|Test unit written' "$log" >&2 || tail -20 "$log" >&2
  fi
  return $rc
}

# cycle HH:MM SECONDS [TARGET...]: runs of SECONDS (cut to end by HH:MM UTC)
# over the targets in turn until HH:MM; a finding does not stop the cycle
# (it is in $C/findings and runs.tsv's exit code).
cycle() {
  local until; until=$(date -u -d "$1" +%s)
  local secs=$2 t left
  shift 2
  local targets=("$@")
  [ ${#targets[@]} -gt 0 ] || targets=("${TARGETS[@]}")
  while :; do
    for t in "${targets[@]}"; do
      left=$(( until - $(date -u +%s) ))
      [ $left -ge 30 ] || return 0
      run "$t" $(( left < secs ? left : secs )) || true
    done
  done
}

# report: $C/runs.tsv as Markdown (lab/results/fuzz-*.md).
report() {
  awk -F'\t' '
    { rate = $5 > 0 ? sprintf("%.0f", $6 / $5) : "-"
      printf "| %s | %s | %s | %d | %.1f | %d | %s | %s / %s | %d | %s |\n", $1, $2, $3, $4, $5, $6, rate, $7, $8, $9, $10 == 0 ? "none" : $10 == 72 ? "none (stopped: SIGINT)" : "exit " $10
      n[$3] += $6; c[$3] += $5; w[$3] += $4; k = $3 " " $2; tn[k] += $6; tc[k] += $5; runs[k]++
      bad += $10 != 0 && $10 != 72 }  # 72: libFuzzer interrupted (-interrupted_exit_code)
    BEGIN { print "| start (UTC) | target | build | wall s | CPU s | executions | exec / CPU s | cov / ft | corpus files | findings |"
            print "|---|---|---|---:|---:|---:|---:|---:|---:|---|" }
    END {
      print ""; print "| build | target | runs | CPU s | executions | exec / CPU s |"; print "|---|---|---:|---:|---:|---:|"
      fflush(); sort = "sort"
      for (k in tn) { split(k, a, " "); printf "| %s | %s | %d | %.1f | %d | %.0f |\n", a[1], a[2], runs[k], tc[k], tn[k], (tc[k] > 0 ? tn[k] / tc[k] : 0) | sort }
      close(sort)
      print ""
      for (b in n) { printf "%s: %d executions in %.0f CPU s (%.0f wall s)\n", b, n[b], c[b], w[b]; total += n[b] }
      printf "total: %d executions, %d runs with a finding\n", total, bad }' "$C/runs.tsv"
}

# One compound command, parsed whole before it runs, then exit: bash reads a
# script as it goes, so an edit of this file during a long `cycle` cannot
# change or break the running one.
main() {
  local cmd=${1:-}
  case "$cmd" in
    build) build ;;
    smoke)
      secs=${2:-60}
      build
      failed=0
      for t in "${SMOKE_TARGETS[@]}"; do run $t "$secs" || failed=1; done
      [ $failed = 0 ] || { echo "fuzz smoke: findings (see build/fuzz/findings)" >&2; exit 1; }
      echo "fuzz smoke: no findings" ;;
    run)
      [ $# -ge 3 ] || { echo "usage: fuzz.sh run TARGET SECONDS [libFuzzer options...]" >&2; exit 2; }
      build
      run "${@:2}" ;;
    report) report ;;
    seeds) seeds "${2:?usage: fuzz.sh seeds TARGET}" ;;  # the seed folders of TARGET (bench/fuzz_rate.sh)
    cycle)
      [ $# -ge 3 ] || { echo "usage: fuzz.sh cycle HH:MM SECONDS [TARGET...]" >&2; exit 2; }
      build
      cycle "${@:2}" ;;
    *) sed -n '2,/^set -e/{/^set -e/!p}' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
}
main "$@"; exit $?
