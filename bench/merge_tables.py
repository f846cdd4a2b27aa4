#!/usr/bin/env python3
"""Merges `wce bench --out FILE.json` tables of runs over disjoint sets of
datasets (e.g. two processes, one per core) into one markdown report: per
measure, the (macro) row of every extractor over all datasets (the unweighted
mean of the datasets' statistics, as `wce bench` computes it) and the per-dataset
mean F1.

usage: merge_tables.py A.json B.json ... > report.md
"""
import json
import sys


def main(paths):
    rows = []
    for p in paths:
        with open(p) as f:
            rows += [r for r in json.load(f)["rows"] if r["group"] not in ("(macro)", "(micro)")]
    measures = list(dict.fromkeys(r["measure"] for r in rows))
    for m in measures:
        mr = [r for r in rows if r["measure"] == m]
        datasets = sorted({r["group"] for r in mr})
        extractors = list(dict.fromkeys(r["extractor"] for r in mr))
        table = []
        for e in extractors:
            er = {r["group"]: r for r in mr if r["extractor"] == e}
            if sorted(er) != datasets:
                sys.exit(f"{e}/{m}: datasets {sorted(er)} differ from {datasets}")
            n = len(datasets)
            mean = lambda key, stat: sum(er[d][key][stat] for d in datasets) / n
            ms = [er[d]["ms_per_page"] for d in datasets if er[d].get("ms_per_page") is not None]
            table.append((e, sum(er[d]["pages"] for d in datasets), mean("precision", "mean"),
                          mean("recall", "mean"), mean("f1", "mean"), mean("f1", "median"),
                          sum(ms) / len(ms) if ms else float("nan"),
                          {d: er[d]["f1"]["mean"] for d in datasets}))
        table.sort(key=lambda t: -t[4])
        print(f"\n### {m}: (macro) over {len(datasets)} datasets, best mean F1 first\n")
        print("| extractor | pages | P mean | R mean | F1 mean | F1 median | ms/page |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for e, pages, p, r, f, fm, ms, _ in table:
            print(f"| {e} | {pages} | {p:.3f} | {r:.3f} | {f:.3f} | {fm:.3f} | {ms:.1f} |")
        print(f"\n{m}: mean F1 per dataset\n")
        print("| extractor | " + " | ".join(datasets) + " |")
        print("|---|" + "---:|" * len(datasets))
        for e, *_, per in table:
            print(f"| {e} | " + " | ".join(f"{per[d]:.3f}" for d in datasets) + " |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
