#!/usr/bin/env bash
# Pages per second of the Spark job on the local cluster (one master, two
# one-core workers) with 1 and 2 executors, runs interleaved (1, 2, 1, 2, ...)
# so that both see the same machine load. Each run first sends WARMUP records
# through the same pipeline, untimed (executor JVM and Python start-up), then
# times the whole input. Writes a Markdown table to
# lab/results/spark-local-cluster-DATE.md and prints it.
# usage: jobs/spark/bench.sh [PAGES=1000] [ROUNDS=2] [EXTRACTOR=readability]
# (WCE_SPARK_PIN=1: one core per worker, see cluster.sh.
# WCE_SPARK_NICE=-15: run the cluster and the jobs at that nice level, so that
# a measurement on a shared machine gets the CPU; needs root.)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PAGES=${1:-1000}
ROUNDS=${2:-2}
EXTRACTOR=${3:-readability}
PARTITIONS=8  # several tasks per executor, so that two executors share the work evenly
WARMUP=200    # records sent through each run's executors before the timed part
VENV="$ROOT/.cache/spark-venv"
OUT="$ROOT/build/spark/bench"
RESULT="$ROOT/lab/results/spark-local-cluster-$(date -u +%Y-%m-%d).md"

bash "$ROOT/jobs/spark/setup.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
"$VENV/bin/python" "$ROOT/jobs/spark/make_input.py" "$PAGES" "$OUT/pages.jsonl"
NICE=${WCE_SPARK_NICE:-0}
MASTER=$(nice -n "$NICE" bash "$ROOT/jobs/spark/cluster.sh" start)
trap 'bash "$ROOT/jobs/spark/cluster.sh" stop' EXIT
SPARK_HOME="$("$VENV/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export PYSPARK_PYTHON="$VENV/bin/python" PYSPARK_DRIVER_PYTHON="$VENV/bin/python" SPARK_LOCAL_IP=127.0.0.1

: > "$OUT/runs.jsonl"
for round in $(seq 1 "$ROUNDS"); do
  for cores in 1 2; do
    nice -n "$NICE" "$SPARK_HOME/bin/spark-submit" --master "$MASTER" --total-executor-cores "$cores" --executor-cores 1 \
      --executor-memory 1g --conf spark.ui.showConsoleProgress=false \
      "$ROOT/jobs/spark/extract_job.py" --input "$OUT/pages.jsonl" --output "$OUT/out-$cores" \
      --extractor "$EXTRACTOR" --partitions "$PARTITIONS" --warmup "$WARMUP" 2> "$OUT/run-$round-$cores.log" | tail -1 \
      | "$VENV/bin/python" -c "import json,sys; r=json.loads(sys.stdin.read()); r.update(round=$round, executors=$cores); print(json.dumps(r))" \
      | tee -a "$OUT/runs.jsonl"
  done
done

# The same pages through the CLI on 1 and 2 threads, for scale (no Spark).
WCE="$ROOT/build/native/wce"
: > "$OUT/cli.tsv"
for threads in 1 2; do
  t0=$(date +%s.%N)
  nice -n "$NICE" "$WCE" extract --jsonl --threads "$threads" --extractor "$EXTRACTOR" --quiet "$OUT/pages.jsonl" > "$OUT/cli-$threads.jsonl"
  t1=$(date +%s.%N)
  echo -e "$threads\t$(wc -l < "$OUT/cli-$threads.jsonl")\t$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" >> "$OUT/cli.tsv"
done

"$VENV/bin/python" - "$OUT/runs.jsonl" "$PAGES" "$EXTRACTOR" "$PARTITIONS" "$WARMUP" "${WCE_SPARK_NICE:-0}" "$(uptime)" "${WCE_SPARK_PIN:-0}" > "$RESULT" <<'PY'
import json, os, statistics, sys, platform
runs = [json.loads(l) for l in open(sys.argv[1])]
pages, extractor, parts, warmup, nice, load, pin = sys.argv[2:9]
by = {n: [r for r in runs if r["executors"] == n] for n in (1, 2)}
med = {n: statistics.median(r["pages_per_s"] for r in rs) for n, rs in by.items()}
print(f"# The Spark job on a local standalone cluster\n")
print(f"Command: `bash jobs/spark/bench.sh {pages} {len(by[1])} {extractor}` "
      f"({pages} dataset pages from ../shared/datasets as JSON lines, {parts} partitions, "
      f"extractor {extractor}; one master and two workers of one core each on this machine: "
      f"{os.cpu_count()} cores, {platform.platform()}; pyspark 4.3.0, Java {os.popen('java -version 2>&1').read().split(chr(34))[1]}).")
print("Each run's time: from the start of the job's extraction stage to its JSON output written "
      f"(Spark and executor start-up excluded: each run first sends its first {warmup} records through the "
      "same pipeline, untimed; that warm-up is the `warm-up s` column). Runs interleaved (1, 2, 1, 2, ...). "
      f"Jobs and cluster at nice {nice}; workers pinned to one core each (WCE_SPARK_PIN): {'yes' if pin == '1' else 'no'}; "
      f"`uptime` at the end: {load.strip()}.\n")
print("| executors | run | pages | errors | warm-up s | seconds | pages/s |\n|---|---|---|---|---|---|---|")
for r in runs:
    print(f"| {r['executors']} | {r['round']} | {r['pages']} | {r['errors']} | {r.get('warmup_seconds', '')} | {r['seconds']} | {r['pages_per_s']} |")
print(f"\nMedian pages/s: 1 executor {med[1]:.1f}, 2 executors {med[2]:.1f}; speed-up {med[2] / med[1]:.2f}x.")
cli = [l.split("\t") for l in open(os.path.join(os.path.dirname(sys.argv[1]), "cli.tsv")).read().splitlines()]
print("\nThe same pages through `wce extract --jsonl` (no Spark; process start and JSON reading included):\n")
print("| threads | pages | seconds | pages/s |\n|---|---|---|---|")
for threads, n, secs in cli:
    print(f"| {threads} | {n} | {float(secs):.2f} | {int(n) / float(secs):.1f} |")
PY
cat "$RESULT"
