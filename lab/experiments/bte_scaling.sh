#!/usr/bin/env bash
# BTE time per page at 1x, 10x and 100x page size (linear-time check).
# Writes lab/results/bte_scaling-<date>.md with the command, machine and output.
#   bash lab/experiments/bte_scaling.sh [DATASET.jsonl.gz] [PAGES]
set -euo pipefail
cd "$(dirname "$0")/../.."
data=${1:-../shared/datasets/l3s-gn1.jsonl.gz}
pages=${2:-20}
[ -x build/native/bte_scaling ] || { cmake -S . -B build/native -G Ninja >/dev/null && cmake --build build/native --target bte_scaling; }
out=lab/results/bte_scaling-$(date +%F).md
mkdir -p lab/results
{
  echo "# BTE scaling ($(date -u +'%F %H:%M UTC'))"
  echo
  echo "Command: \`bash lab/experiments/bte_scaling.sh $data $pages\` (driver: lab/experiments/bte_scaling.cpp, gcc -O2 Release)"
  echo
  echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/{print $2}') GB RAM; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "Pages: the first $pages of $(basename "$data"), and the same pages with the inside of <body> repeated 10x and 100x."
  echo "Flat 'ms/MB' columns mean time linear in page size."
  echo
  echo '```'
  build/native/bte_scaling "$data" "$pages"
  echo '```'
} | tee "$out"
