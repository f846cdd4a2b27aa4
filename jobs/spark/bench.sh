#!/usr/bin/env bash
# Pages per second of the Spark job on the local cluster (one master, two
# one-core workers) with 1 and 2 executors, runs interleaved (1, 2, 1, 2, ...)
# so that both see the same machine load. Writes a Markdown table to
# bench/results/spark-local-cluster-DATE.md and prints it.
# usage: jobs/spark/bench.sh [PAGES=1000] [ROUNDS=2] [EXTRACTOR=readability]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PAGES=${1:-1000}
ROUNDS=${2:-2}
EXTRACTOR=${3:-readability}
PARTITIONS=8  # several tasks per executor, so that two executors share the work evenly
VENV="$ROOT/.cache/spark-venv"
OUT="$ROOT/build/spark/bench"
RESULT="$ROOT/bench/results/spark-local-cluster-$(date -u +%Y-%m-%d).md"

bash "$ROOT/jobs/spark/setup.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
"$VENV/bin/python" "$ROOT/jobs/spark/make_input.py" "$PAGES" "$OUT/pages.jsonl"
MASTER=$(bash "$ROOT/jobs/spark/cluster.sh" start)
trap 'bash "$ROOT/jobs/spark/cluster.sh" stop' EXIT
SPARK_HOME="$("$VENV/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export PYSPARK_PYTHON="$VENV/bin/python" PYSPARK_DRIVER_PYTHON="$VENV/bin/python" SPARK_LOCAL_IP=127.0.0.1

: > "$OUT/runs.jsonl"
for round in $(seq 1 "$ROUNDS"); do
  for cores in 1 2; do
    "$SPARK_HOME/bin/spark-submit" --master "$MASTER" --total-executor-cores "$cores" --executor-cores 1 \
      --executor-memory 1g --conf spark.ui.showConsoleProgress=false \
      "$ROOT/jobs/spark/extract_job.py" --input "$OUT/pages.jsonl" --output "$OUT/out-$cores" \
      --extractor "$EXTRACTOR" --partitions "$PARTITIONS" 2> "$OUT/run-$round-$cores.log" | tail -1 \
      | "$VENV/bin/python" -c "import json,sys; r=json.loads(sys.stdin.read()); r.update(round=$round, executors=$cores); print(json.dumps(r))" \
      | tee -a "$OUT/runs.jsonl"
  done
done

"$VENV/bin/python" - "$OUT/runs.jsonl" "$PAGES" "$EXTRACTOR" "$PARTITIONS" > "$RESULT" <<'PY'
import json, os, statistics, sys, platform
runs = [json.loads(l) for l in open(sys.argv[1])]
pages, extractor, parts = sys.argv[2], sys.argv[3], sys.argv[4]
by = {n: [r for r in runs if r["executors"] == n] for n in (1, 2)}
med = {n: statistics.median(r["pages_per_s"] for r in rs) for n, rs in by.items()}
print(f"# The Spark job on a local standalone cluster\n")
print(f"Command: `bash jobs/spark/bench.sh {pages} {len(by[1])} {extractor}` "
      f"({pages} dataset pages from ../shared/datasets as JSON lines, {parts} partitions, "
      f"extractor {extractor}; one master and two workers of one core each on this machine: "
      f"{os.cpu_count()} cores, {platform.platform()}; pyspark 4.3.0, Java {os.popen('java -version 2>&1').read().split(chr(34))[1]}).")
print("Each run's time: from the start of the job's extraction stage to its JSON output written "
      "(Spark and executor start-up excluded). Runs interleaved (1, 2, 1, 2, ...); the machine was shared "
      "with other jobs, so the figures are indicative.\n")
print("| executors | run | pages | errors | seconds | pages/s |\n|---|---|---|---|---|---|")
for r in runs:
    print(f"| {r['executors']} | {r['round']} | {r['pages']} | {r['errors']} | {r['seconds']} | {r['pages_per_s']} |")
print(f"\nMedian pages/s: 1 executor {med[1]:.1f}, 2 executors {med[2]:.1f}; speed-up {med[2] / med[1]:.2f}x.")
PY
cat "$RESULT"
