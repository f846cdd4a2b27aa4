#!/usr/bin/env bash
# CLI behaviour: exit codes, error messages, formats, malformed dataset lines.
# usage: tests/cli/run.sh path/to/wce
set -uo pipefail
WCE=${1:?usage: run.sh WCE_BINARY}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
check() {  # check NAME EXPECTED_EXIT "OUTPUT REGEX" -- command...
  local name=$1 want=$2 regex=$3; shift 4
  local out code
  out=$("$@" 2>&1); code=$?
  if [ "$code" != "$want" ]; then echo "FAIL $name: exit $code, want $want: $out"; fails=$((fails+1)); return; fi
  if ! grep -Eq -- "$regex" <<<"$out"; then echo "FAIL $name: output does not match /$regex/: $out"; fails=$((fails+1)); return; fi
  echo "ok   $name"
}

printf '<html><body><nav><a href=/>Home</a> <a href=/x>News</a></nav><article><p>%s</p></article></body></html>' \
  "The quick brown fox jumps over the lazy dog and keeps running through the quiet forest until night falls." > "$T/page.html"
printf '\x00\x01\x02\xff\xfe binary \x80\x81' > "$T/binary.bin"
: > "$T/empty.html"
{
  echo '{"id":"a","dataset":"t","html":"<p>hello world</p>","text":"hello world"}'
  echo '{"id":"b","dataset":"t","html":"<p>x</p>"'
  echo '[1,2]'
  echo '{"id":"c","dataset":"t","text":"no html"}'
  echo ''
  echo '{"id":"d","dataset":"t","html":"<p>good bye</p>","text":"good bye"}'
} > "$T/data.jsonl"
gzip -c "$T/data.jsonl" > "$T/data.jsonl.gz"

check "extract text"            0 "quick brown fox"            -- "$WCE" extract "$T/page.html"
check "extract stdin"           0 "quick brown fox"            -- sh -c "'$WCE' extract - < '$T/page.html'"
check "extract json"            0 '"labels":\[.*"text":'       -- "$WCE" extract --format json "$T/page.html"
check "extract all_text"        0 "Home"                       -- "$WCE" extract --extractor all_text "$T/page.html"
check "extract empty file"      0 "^$"                         -- "$WCE" extract "$T/empty.html"
check "extract binary file"     0 "binary"                     -- "$WCE" extract --extractor all_text "$T/binary.bin"
check "missing file"            2 "^wce: .*nope.html: cannot open file$" -- "$WCE" extract "$T/nope.html"
check "directory as input"      2 "is a directory"             -- "$WCE" extract "$T"
check "unknown extractor"       2 "unknown extractor 'nope'"   -- "$WCE" extract --extractor nope "$T/page.html"
check "bad format"              2 "--format must be"           -- "$WCE" extract --format xml "$T/page.html"
check "jsonl batch"             0 '"id":"d".*"text":"good bye"' -- "$WCE" extract --jsonl "$T/data.jsonl.gz"
check "list"                    0 "^bte +heuristic"            -- "$WCE" list
check "no command"              2 "usage:"                     -- "$WCE"
check "unknown command"         2 "unknown command 'frobnicate'" -- "$WCE" frobnicate
check "bench reports bad lines" 0 "data.jsonl.gz:2: not valid JSON" -- "$WCE" bench --data "$T/data.jsonl.gz" --no-progress
check "bench line 3"            0 "data.jsonl.gz:3: not a JSON object" -- "$WCE" bench --data "$T/data.jsonl.gz"
check "bench line 4"            0 'data.jsonl.gz:4: missing string field "html"' -- "$WCE" bench --data "$T/data.jsonl.gz"
check "bench keeps good pages"  0 "^bte +t +2 +1.000"           -- "$WCE" bench --data "$T/data.jsonl" --extractors bte
check "bench unknown extractor" 2 "unknown extractor 'zzz'"     -- "$WCE" bench --data "$T/data.jsonl" --extractors bte,zzz
check "bench missing data"      2 "no such file or directory"   -- "$WCE" bench --data "$T/missing.jsonl"
check "bench tsv"               0 "F1 mean"                     -- sh -c "'$WCE' bench --data '$T/data.jsonl' --out '$T/out.tsv' >/dev/null && cat '$T/out.tsv'"
check "bench json"              0 '"extractor": "bte".*"f1": \{ *"mean": 1\.0, *"median": 1\.0, *"q1": 1\.0' -- sh -c "'$WCE' bench --data '$T/data.jsonl' --extractors bte --out '$T/out.json' >/dev/null && tr -d '\n' < '$T/out.json'"
check "bench folder corpus"     0 "^bte +demo +[0-9]+ "         -- "$WCE" bench --data "$(dirname "$0")/../../demo" --extractors bte

{
  echo '{"id":"a","text":"hello world"}'
  echo '{"id":"a","text":"again"}'
  echo 'garbage'
  echo '{"text":"no id"}'
} > "$T/pred.jsonl"
check "eval scores predictions"  0 "^pred +t +3 +0.333 +0.000 +0.333" -- "$WCE" eval "$T/pred.jsonl" "$T/data.jsonl"
check "eval reports missing ids" 0 "no prediction for d"      -- "$WCE" eval "$T/pred.jsonl" "$T/data.jsonl"
check "eval reports duplicates"  0 "pred.jsonl:2: duplicate id a" -- "$WCE" eval "$T/pred.jsonl" "$T/data.jsonl"
check "eval reports bad lines"   0 'pred.jsonl:4: missing string field "id"' -- "$WCE" eval "$T/pred.jsonl" "$T/data.jsonl"
check "eval gold without html"   0 "^x +t +1 +1.000"          -- sh -c "echo '{\"id\":\"g\",\"dataset\":\"t\",\"text\":\"same words\"}' > '$T/g.jsonl'; echo '{\"id\":\"g\",\"text\":\"same words\"}' > '$T/p.jsonl'; '$WCE' eval '$T/p.jsonl' '$T/g.jsonl' --name x"
check "eval needs two files"     2 "eval needs PRED.jsonl"    -- "$WCE" eval "$T/pred.jsonl"
check "jsonl batch from stdin, no gold" 0 '"id":"x".*"text":"no gold here"' -- sh -c "echo '{\"id\":\"x\",\"html\":\"<p>no gold here</p>\"}' | '$WCE' extract --jsonl -"
check "jsonl batch has ms"       0 '"ms":[0-9.]+'             -- "$WCE" extract --jsonl "$T/data.jsonl"

[ "$fails" -eq 0 ] && echo "all CLI checks passed" || { echo "$fails CLI check(s) failed"; exit 1; }
