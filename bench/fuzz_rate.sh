#!/usr/bin/env bash
# Executions per CPU second of the fuzz harnesses (lab/results/fuzz-*.md):
# each configuration from its seeds in a fresh corpus directory (under
# build/fuzz-rate/), SECS seconds (default 60) each, one after the other, under
# nice -n ${NICE:--15} (as root: the measurement gets the CPU first on a shared
# machine). CPU seconds are user + system from /usr/bin/time.
#   bash bench/fuzz_rate.sh [BUILD]   BUILD: plain (default, build/fuzz-plain) or asan (build/fuzz)
# Needs the fuzzers built (WCE_FUZZ_BUILD=plain bash scripts/fuzz.sh build).
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${SECS:-60}
B=build/fuzz-plain
[ "${1:-plain}" = asan ] && B=build/fuzz
OUT=build/fuzz-rate
mkdir -p $OUT
H=$(bash scripts/fuzz.sh seeds html)

# measure NAME TARGET MAX_LEN SEED_DIRS... [libFuzzer options]
measure() {
  local name=$1 t=$2 len=$3
  shift 3
  rm -rf "$OUT/$name"
  mkdir -p "$OUT/$name"
  /usr/bin/time -f "%e %U %S" -o "$OUT/$name.time" nice -n "${NICE:--15}" $B/tests/fuzz/fuzz_$t "$OUT/$name" "$@" \
    -max_len=$len -max_total_time=$SECS -timeout=120 -rss_limit_mb=2560 -print_final_stats=1 > "$OUT/$name.log" 2>&1 || true
  local execs cov seeds wall user sys
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$OUT/$name.log" | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$OUT/$name.log" | tail -1)
  seeds=$(grep -o 'INITED.*corp: [0-9]*' "$OUT/$name.log" | grep -o 'corp: [0-9]*$' || echo 'seeds not all loaded')
  read -r wall user sys < "$OUT/$name.time"
  awk -v n="$name" -v e="$execs" -v w="$wall" -v u="$user" -v s="$sys" -v c="$cov" -v sd="$seeds" \
    'BEGIN { printf "| %s | %.0f | %.1f | %d | %.1f | %s | %s |\n", n, w, u + s, e, e / (u + s), c, sd }'
}

echo "| harness (cap) | wall s | CPU s | executions | exec / CPU s | last cov / ft | seeds kept |"
echo "|---|---:|---:|---:|---:|---:|---:|"
measure "html (64 KB)" html 65536 $H -dict=tests/fuzz/html.dict
measure "html (16 KB)" html 16384 $H -dict=tests/fuzz/html.dict
measure "html_pick (16 KB)" html_pick 16386 $(bash scripts/fuzz.sh seeds html_pick) -dict=tests/fuzz/html.dict
measure "flat_dom (64 KB)" flat_dom 65536 $(bash scripts/fuzz.sh seeds flat_dom)
measure "flat_dom_pick (16 KB)" flat_dom_pick 16386 $(bash scripts/fuzz.sh seeds flat_dom_pick)
