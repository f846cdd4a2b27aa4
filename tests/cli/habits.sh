#!/usr/bin/env bash
# CLI habits: `wce COMMAND --help`, --charset, --quiet, progress on a terminal only.
# usage: tests/cli/habits.sh path/to/wce
set -uo pipefail
WCE=${1:?usage: habits.sh WCE_BINARY}
DEMO="$(cd "$(dirname "$0")/../../demo" && pwd)"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"
check_not() {  # check_not NAME "REGEX" -- command...: exit 0 and REGEX absent
  local name=$1 regex=$2; shift 3
  local out code
  out=$("$@" 2>&1); code=$?
  if [ "$code" != 0 ] || grep -Eq -- "$regex" <<<"$out"; then echo "FAIL $name: exit $code or /$regex/ found: $out"; fails=$((fails+1)); return; fi
  echo "ok   $name"
}

# Per-command help: exit 0, that command's synopsis and options, not the others'.
check "extract --help"        0 "wce extract --warc .*--charset LABEL" -- "$WCE" extract --help
check "extract -h anywhere"   0 "--quiet, -q"                          -- "$WCE" extract page.html -h
check_not "extract help only" "wce bench|wce eval"                     -- "$WCE" extract --help
check "bench --help"          0 "REPORT OPTIONS"                       -- "$WCE" bench --help
check_not "bench help only"   "wce extract"                            -- "$WCE" bench --help
check "eval --help"           0 "wce eval PRED.jsonl GOLD"             -- "$WCE" eval --help
check "list --help"           0 "Lists the registered extractors"      -- "$WCE" list --help
check "--help lists all"      0 "^4$"  -- sh -c "'$WCE' --help | grep -Eo '^  wce (extract|bench|eval|list)' | sort -u | wc -l"
check "unknown command --help" 2 "unknown command 'frob'"              -- "$WCE" frob --help

# --charset overrides the sniffed charset.
printf '<html><head><meta charset="utf-8"></head><body><p>Gr\xc3\xbc\xc3\x9fe aus K\xc3\xb6ln, ein langer Absatz mit vielen W\xc3\xb6rtern.</p></body></html>' > "$T/utf8.html"
printf '<html><body><p>Gr\xfc\xdfe aus K\xf6ln, ein langer Absatz mit vielen W\xf6rtern.</p></body></html>' > "$T/latin1.html"
check "sniffed utf-8"           0 "Grüße aus Köln"   -- "$WCE" extract -e all_text "$T/utf8.html"
check "sniffed windows-1252"    0 "Grüße aus Köln"   -- "$WCE" extract -e all_text "$T/latin1.html"
check "--charset over <meta>"   0 "GrÃ¼ÃŸe aus KÃ¶ln" -- "$WCE" extract -e all_text --charset iso-8859-1 "$T/utf8.html"
check "--charset utf-8 on latin1" 0 "Gr��e aus K�ln"  -- "$WCE" extract -e all_text --charset UTF-8 "$T/latin1.html"
check "--charset utf-16le"      0 "^hello$"          -- sh -c "printf '<p>hello</p>' | iconv -f utf-8 -t utf-16le | '$WCE' extract -e all_text --charset utf-16le -"
check "--charset unknown"       2 "'ebcdic' is not a charset wce decodes" -- "$WCE" extract --charset ebcdic "$T/utf8.html"
check "--charset needs a value" 2 "--charset needs a value" -- "$WCE" extract "$T/utf8.html" --charset
check "--charset not for jsonl" 2 "--jsonl records hold decoded text" -- sh -c "echo '{\"id\":\"a\",\"html\":\"<p>x</p>\"}' | '$WCE' extract --jsonl --charset utf-8 -"

# Progress: on a terminal only (script(1) gives the command one), never with --quiet.
if command -v script >/dev/null 2>&1; then
  check "bench progress on a tty"  0 '\[#+-*\] [0-9]+/[0-9]+ pages' -- script -qec "'$WCE' bench --data '$DEMO' --extractors bte" /dev/null
  check_not "no progress with --quiet" '\] [0-9]+/[0-9]+ pages' -- script -qec "'$WCE' bench --data '$DEMO' --extractors bte --quiet" /dev/null
  check_not "no progress when piped" '\] [0-9]+/[0-9]+ pages'  -- "$WCE" bench --data "$DEMO" --extractors bte
else
  echo "SKIPPED progress checks: script(1) not found"
fi
check "bench --quiet still prints the table" 0 "^bte +demo " -- "$WCE" bench --data "$DEMO" --extractors bte --quiet

[ "$fails" -eq 0 ] && echo "all CLI habit checks passed" || { echo "$fails CLI habit check(s) failed"; exit 1; }
