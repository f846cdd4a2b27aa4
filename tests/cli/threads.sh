#!/usr/bin/env bash
# --threads: `extract --jsonl` and `bench` give the same output with 2 worker
# threads (and 3, where named) as with 1, in the same order, with the same messages on
# stderr: on the demo corpus, on a sample of every dataset in
# ../shared/datasets (when present; WCE_DATASETS overrides the folder), and on
# malformed and truncated input. Times ("ms", the ms/page and ms/kB columns)
# differ from run to run and are removed before comparing.
# usage: tests/cli/threads.sh path/to/wce
set -uo pipefail
WCE=${1:?usage: threads.sh WCE_BINARY}
HERE="$(cd "$(dirname "$0")" && pwd)"
DEMO="$HERE/../../demo"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
source "$HERE/check.sh"

# Pages per dataset in the sample (the first ones of each file).
PER_DATASET=10
DATASETS=${WCE_DATASETS:-}
if [ -z "$DATASETS" ]; then
  for d in "$HERE/../../../shared/datasets" "$HERE/../../../../shared/datasets"; do
    [ -d "$d" ] && { DATASETS=$d; break; }
  done
fi
: > "$T/sample.jsonl"
if [ -n "$DATASETS" ]; then
  for f in "$DATASETS"/*.jsonl.gz; do
    # head closes the pipe early: zcat's broken pipe is expected.
    (zcat "$f" 2>/dev/null || true) | head -n "$PER_DATASET" >> "$T/sample.jsonl"
  done
fi
echo "dataset sample: $(wc -l < "$T/sample.jsonl") pages${DATASETS:+ from $DATASETS}"
# Malformed lines among good ones: reported in the same order.
{
  head -n 3 "$T/sample.jsonl"
  echo '{"id":"bad1","html":'
  echo '[1,2]'
  echo '{"id":"a","dataset":"t","html":"<p>hello world</p>","text":"hello world"}'
  echo '{"id":"nohtml","text":"x"}'
  echo '{"id":"b","dataset":"t","html":"<p>good bye</p>","text":"good bye"}'
} > "$T/mixed.jsonl"

# Drop the timing fields: "ms" of extract --jsonl lines; columns 10 (ms/page)
# and 14 (ms/kB) of bench's TSV; "ms" of --pages-out JSON lines.
cat > "$T/untime.py" <<'EOF'
import json, sys
kind, path = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    for line in f:
        if kind == "jsonl":
            j = json.loads(line)
            j.pop("ms", None)
            print(json.dumps(j, ensure_ascii=False, sort_keys=True))
        else:
            cells = line.rstrip("\n").split("\t")
            print("\t".join(c for i, c in enumerate(cells) if i not in (9, 13)))
EOF

# same_output NAME KIND "THREAD COUNTS" COMMAND...: runs the command with
# --threads 1, then with each count (stdout to a file, stderr apart), and
# compares the outputs without the times.
same_output() {
  local name=$1 kind=$2 counts=$3; shift 3
  local n code1 code
  "$@" --threads 1 > "$T/out1" 2> "$T/err1"; code1=$?
  python3 "$T/untime.py" "$kind" "$T/out1" > "$T/cmp1" || { echo "FAIL $name: unreadable output"; fails=$((fails+1)); return; }
  if [ ! -s "$T/cmp1" ]; then echo "FAIL $name: no output with --threads 1"; fails=$((fails+1)); return; fi
  for n in $counts; do
    "$@" --threads "$n" > "$T/out$n" 2> "$T/err$n"; code=$?
    python3 "$T/untime.py" "$kind" "$T/out$n" > "$T/cmp$n"
    if [ "$code" != "$code1" ]; then echo "FAIL $name: exit $code with --threads $n, $code1 with 1"; fails=$((fails+1)); return; fi
    if ! cmp -s "$T/cmp1" "$T/cmp$n"; then
      echo "FAIL $name: --threads $n output differs from --threads 1:"; diff "$T/cmp1" "$T/cmp$n" | head -5
      fails=$((fails+1)); return
    fi
    if ! cmp -s "$T/err1" "$T/err$n"; then
      echo "FAIL $name: --threads $n stderr differs:"; diff "$T/err1" "$T/err$n" | head -5
      fails=$((fails+1)); return
    fi
  done
  echo "ok   $name ($(wc -l < "$T/cmp1") lines, exit $code1, --threads 1 = $counts)"
}

same_output "extract --jsonl demo"            jsonl "2 3" "$WCE" extract --jsonl "$DEMO"
same_output "extract --jsonl demo, labels"    jsonl 2 "$WCE" extract --jsonl --extractor trafilatura --format json "$DEMO"
same_output "extract --jsonl malformed lines" jsonl "2 3" "$WCE" extract --jsonl --extractor readability "$T/mixed.jsonl"
same_output "bench --out demo, all"           tsv   2 "$WCE" bench --data "$DEMO" --extractors all --out "$T/bench.tsv" --format tsv
if [ -s "$T/sample.jsonl" ]; then
  same_output "extract --jsonl sample, bte"    jsonl "2 3" "$WCE" extract --jsonl "$T/sample.jsonl"
  for e in trafilatura justext boilernet_small boilernet ensemble; do
    same_output "extract --jsonl sample, $e"    jsonl 2 "$WCE" extract --jsonl --extractor "$e" "$T/sample.jsonl"
  done
  gzip -c "$T/sample.jsonl" > "$T/sample.jsonl.gz"
  same_output "extract --jsonl sample from stdin" jsonl 2 sh -c "exec '$WCE' extract --jsonl - \"\$@\" < '$T/sample.jsonl.gz'" sh
  head -n 40 "$T/sample.jsonl" > "$T/sample40.jsonl"
  same_output "bench --out sample, all"       tsv   2 "$WCE" bench --data "$T/sample40.jsonl" "$T/mixed.jsonl" --extractors all --measures rouge,bag --by language --format tsv
fi

# bench --out FILE itself (not only standard output).
for n in 1 2; do
  "$WCE" bench --data "$DEMO" --extractors bte,readability,ensemble --measures all --out "$T/o$n.tsv" \
    --pages-out "$T/p$n.jsonl" --threads "$n" > /dev/null 2>&1
  python3 "$T/untime.py" tsv "$T/o$n.tsv" > "$T/o$n.cmp"
  python3 "$T/untime.py" jsonl "$T/p$n.jsonl" > "$T/p$n.cmp"
done
check "bench --out file, --threads 2"       0 "" -- cmp "$T/o1.cmp" "$T/o2.cmp"
check "bench --pages-out file, --threads 2" 0 "" -- cmp "$T/p1.cmp" "$T/p2.cmp"

# A truncated gzip file: the same pages before the damage, the same report of
# the damage and the same exit code as with one thread.
if [ -s "$T/sample.jsonl.gz" ]; then
  head -c $(( $(stat -c %s "$T/sample.jsonl.gz") / 2 )) "$T/sample.jsonl.gz" > "$T/cut.jsonl.gz"
  same_output "extract --jsonl truncated gzip" jsonl 2 "$WCE" extract --jsonl "$T/cut.jsonl.gz"
fi

check "--threads 0 is every core"  1 '"id":"a"'       -- "$WCE" extract --jsonl --threads 0 "$T/mixed.jsonl"
check "--threads needs a number"   2 "--threads must be a number" -- "$WCE" bench --data "$DEMO" --threads two
check "--threads negative"         2 "--threads must be a number" -- "$WCE" extract --jsonl --threads -1 "$T/mixed.jsonl"
check "--threads only for --jsonl" 2 "--threads is for --jsonl"   -- "$WCE" extract --threads 2 "$DEMO/news-article/source.html"

[ "$fails" -eq 0 ] && echo "all --threads checks passed" || { echo "$fails --threads check(s) failed"; exit 1; }
