#!/usr/bin/env bash
# The Spark job's check (on demand; not part of scripts/test.sh: pyspark is a
# large download): 200 dataset pages through the job on the local cluster
# (one master, two workers), once as JSON lines and once as a WARC, give the
# same texts as `wce extract --jsonl` and `wce extract --warc`.
# usage: jobs/spark/check.sh [path/to/wce]   (default build/native/wce)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WCE=$(realpath "${1:-$ROOT/build/native/wce}")
PAGES=200
EXTRACTOR=readability
VENV="$ROOT/.cache/spark-venv"
OUT="$ROOT/build/spark/check"

bash "$ROOT/jobs/spark/setup.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
"$VENV/bin/python" "$ROOT/jobs/spark/make_input.py" "$PAGES" "$OUT/pages.jsonl" "$OUT/pages.warc.gz"
"$WCE" extract --jsonl --extractor "$EXTRACTOR" "$OUT/pages.jsonl" > "$OUT/cli-jsonl.jsonl"
"$WCE" extract --warc --extractor "$EXTRACTOR" --quiet "$OUT/pages.warc.gz" > "$OUT/cli-warc.jsonl"

MASTER=$(bash "$ROOT/jobs/spark/cluster.sh" start)
trap 'bash "$ROOT/jobs/spark/cluster.sh" stop' EXIT
SPARK_HOME="$("$VENV/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export PYSPARK_PYTHON="$VENV/bin/python" PYSPARK_DRIVER_PYTHON="$VENV/bin/python" SPARK_LOCAL_IP=127.0.0.1
for kind in jsonl warc; do
  input="$OUT/pages.jsonl"; [ "$kind" = warc ] && input="$OUT/pages.warc.gz"
  "$SPARK_HOME/bin/spark-submit" --master "$MASTER" --total-executor-cores 2 --executor-cores 1 \
    --executor-memory 1g --conf spark.ui.showConsoleProgress=false \
    "$ROOT/jobs/spark/extract_job.py" --input "$input" --output "$OUT/spark-$kind" --extractor "$EXTRACTOR" \
    --partitions 4 2> "$OUT/spark-$kind.log" | tail -1
done

"$VENV/bin/python" - "$OUT" "$PAGES" <<'PY'
import json, sys
from pathlib import Path
out, pages = Path(sys.argv[1]), int(sys.argv[2])
def rows(paths):
    d = {}
    for p in paths:
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                d[r["id"]] = r
    return d
fails = 0
for kind in ("jsonl", "warc"):
    cli = rows([out / f"cli-{kind}.jsonl"])
    spark = rows(sorted((out / f"spark-{kind}").glob("part-*.json")))
    errors = [r for r in spark.values() if r.get("error")]
    same = sum(1 for i, r in cli.items() if i in spark and spark[i]["text"] == r["text"])
    ok = len(cli) == pages and len(spark) == pages and same == pages and not errors
    print(f"{'ok  ' if ok else 'FAIL'} {kind}: {len(spark)} pages from Spark, {len(cli)} from the CLI, "
          f"{same} identical texts, {len(errors)} errors")
    fails += not ok
sys.exit(1 if fails else 0)
PY
