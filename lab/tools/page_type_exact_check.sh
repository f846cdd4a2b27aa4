#!/usr/bin/env bash
# The page type's features, bit for bit, on all WCXB dev pages and the
# first N pages of every other dataset: writes OUT_DIR/<dataset>.tsv with
# `page_type_dump --exact`. Run it with the build before and after a change of
# core/src/classify/page_type_features.cpp, then `diff -r BEFORE AFTER`: the
# shipped model (core/models/page_type_gbdt.inc) was trained on these values.
#
#   bash lab/tools/page_type_exact_check.sh BUILD_DIR OUT_DIR [N=100] [DATASETS_DIR=/work/shared/datasets]
set -euo pipefail
build=${1:?usage: page_type_exact_check.sh BUILD_DIR OUT_DIR [N] [DATASETS_DIR]}
out=${2:?usage: page_type_exact_check.sh BUILD_DIR OUT_DIR [N] [DATASETS_DIR]}
n=${3:-100}
data=${4:-/work/shared/datasets}
mkdir -p "$out"
for f in "$data"/*.jsonl.gz; do
  name=$(basename "$f" .jsonl.gz)
  if [ "$name" = wcxb-dev ]; then max=0; else max=$n; fi  # 0: every page
  "$build/page_type_dump" --exact --max-pages "$max" "$f" > "$out/$name.tsv" 2> "$out/$name.err"
  echo "$name: $(wc -l < "$out/$name.tsv") pages"
done
