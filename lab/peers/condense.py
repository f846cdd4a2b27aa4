#!/usr/bin/env python3
"""One line per (original, ours) pair from peer-benchmark summary.tsv files.

    python3 lab/peers/condense.py RUN_DIR/summary.tsv [LATER_RUN/summary.tsv ...]

A later file's row for the same (original, dataset) replaces an earlier one
(a re-run after a fix). Prints the Markdown table of the README's "Measured"
section: over the datasets, the range of mean F1 ours - original, how many
datasets meet the fidelity target (within 0.02, or better), the lowest mean
and median agreement, and the range of the speed ratio (original ms / ours,
of the means).
"""
import csv
import sys


def main(paths):
    rows = {}
    for path in paths:
        with open(path, newline="", encoding="utf-8") as f:
            for r in csv.DictReader(f, delimiter="\t"):
                rows[(r["peer"], r["dataset"])] = r
    pairs = {}
    for (peer, _), r in rows.items():
        pairs.setdefault((peer, r["ours"]), []).append(r)
    print("| original | ours | datasets | F1 ours − original (min … max) | within 0.02 or better"
          " | agreement median (lowest) | agreement mean (lowest) | speed ratio (min … max) |")
    print("|---|---|--:|---|--:|--:|--:|---|")
    for (peer, ours), rs in pairs.items():
        diff = [float(r["f1_ours_mean"]) - float(r["f1_orig_mean"]) for r in rs]
        ok = sum(d >= -0.02 for d in diff)
        ratio = [float(r["ratio_mean"]) for r in rs]
        print(f"| {peer} | `{ours}` | {len(rs)} | {min(diff):+.3f} … {max(diff):+.3f} | {ok}/{len(rs)}"
              f" | {min(float(r['agree_median']) for r in rs):.3f} | {min(float(r['agree_mean']) for r in rs):.3f}"
              f" | {min(ratio):.1f} … {max(ratio):.1f} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
