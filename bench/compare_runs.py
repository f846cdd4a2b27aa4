#!/usr/bin/env python3
"""Compares two `wce bench` runs, for refactors that must not change a score.

  compare_runs.py pages A.tsv B.tsv
      --pages-out rows of two runs: every column but ms, row by row.
  compare_runs.py tables A.txt B.txt
      Two text tables (stdout of `wce bench`, or a results file that quotes
      one): every column but ms/page and ms/kB, for the rows in both.
  compare_runs.py aggregate PAGES.tsv TABLE.txt
      The (micro) and (macro) rows recomputed from --pages-out rows (micro:
      over all pages; macro: mean over datasets of each dataset's statistic,
      as `wce bench` does), compared with those of a text table.
  compare_runs.py timing DIR
      DIR/base_*.tsv and DIR/after_*.tsv (--pages-out of repeated runs):
      per extractor, the sum over pages of each page's fastest run, and the
      same minus all_text's (about the extractor's own work without the parse).
"""
import collections
import glob
import math
import os
import statistics
import sys


def pages(a, b):
    def rows(p):
        with open(p) as f:
            head = f.readline().rstrip("\n").split("\t")
            keep = [i for i, h in enumerate(head) if h != "ms"]
            return sorted("\t".join(c[i] for i in keep) for c in (l.rstrip("\n").split("\t") for l in f))
    ra, rb = rows(a), rows(b)
    diff = sum(1 for x, y in zip(ra, rb) if x != y) + abs(len(ra) - len(rb))
    print(f"page rows: {len(ra)} vs {len(rb)}; differ (or missing): {diff}")


def load_table(path):
    out = {}
    for line in open(path, encoding="utf-8"):
        f = line.split()
        if len(f) == 15 and f[0] != "extractor" and f[2].isdigit():
            out[(f[0], f[1])] = f[2:9] + f[10:13] + [f[14]]  # without ms/page and ms/kB
    return out


def tables(a, b):
    ta, tb = load_table(a), load_table(b)
    common = sorted(set(ta) & set(tb))
    diff = [k for k in common if ta[k] != tb[k]]
    print(f"table rows: {len(ta)} vs {len(tb)}; in both {len(common)}; differ {len(diff)}")
    for k in diff:
        print("  differs:", k, ta[k], tb[k])


def quantile(v, p):
    v = sorted(v)
    x = (len(v) - 1) * p
    lo, hi = math.floor(x), math.ceil(x)
    return v[lo] + (v[hi] - v[lo]) * (x - lo)


def stats(v):
    P, R, F = ([r[i] for r in v] for i in range(3))
    return [statistics.mean(P), quantile(P, .5), statistics.mean(R), quantile(R, .5), statistics.mean(F),
            quantile(F, .5), quantile(F, .25), quantile(F, .75), statistics.pstdev(F)]


def aggregate(pages_tsv, table):
    rows = collections.defaultdict(lambda: collections.defaultdict(list))
    with open(pages_tsv) as f:
        head = f.readline().rstrip("\n").split("\t")
        ix = [head.index(h) for h in ("dataset", "extractor", "precision", "recall", "f1")]
        for line in f:
            c = line.rstrip("\n").split("\t")
            rows[c[ix[1]]][c[ix[0]]].append(tuple(float(c[i]) for i in ix[2:]))
    ref = {k: v[1:10] for k, v in load_table(table).items() if k[1] in ("(micro)", "(macro)")}
    same = differ = 0
    for ex, by in sorted(rows.items()):
        per = [stats(v) for v in by.values()]
        for name, vals in (("(micro)", stats([x for v in by.values() for x in v])),
                           ("(macro)", [statistics.mean(s[i] for s in per) for i in range(9)])):
            want = ref.get((ex, name))
            if want is None:
                continue
            mine = ["%.3f" % x for x in vals]
            if mine == want:
                same += 1
            else:
                differ += 1
                print(f"  differs: {ex} {name} {mine} {want}")
    print(f"(micro)/(macro) rows recomputed: {same} equal, {differ} differ")


def timing(d):
    def load(b):
        best = {}
        files = sorted(glob.glob(os.path.join(d, f"{b}_*.tsv")))
        for p in files:
            with open(p) as f:
                head = f.readline().rstrip("\n").split("\t")
                ex, ms, pid = head.index("extractor"), head.index("ms"), head.index("id")
                for line in f:
                    c = line.rstrip("\n").split("\t")
                    k, v = (c[ex], c[pid]), float(c[ms])
                    best[k] = min(best.get(k, v), v)
        tot = collections.defaultdict(float)
        for (e, _), v in best.items():
            tot[e] += v
        return tot, len(files)
    (b, nb), (a, na) = load("base"), load("after")
    print(f"{'extractor':<22}{'before ms':>11}{'after ms':>11}{'after/before':>14}"
          f"{'own before':>12}{'own after':>11}{'own a/b':>9}")
    print(f"  (each page's fastest of {nb} / {na} runs, summed; own = minus all_text)")
    for n in b:
        ob, oa = b[n] - b["all_text"], a[n] - a["all_text"]
        own = f"{oa / ob:>9.3f}" if ob > 1 and oa > 0 else f"{'-':>9}"
        print(f"{n:<22}{b[n]:>11.1f}{a[n]:>11.1f}{a[n] / b[n]:>14.3f}{ob:>12.1f}{oa:>11.1f}{own}")


if __name__ == "__main__":
    cmds = {"pages": pages, "tables": tables, "aggregate": aggregate, "timing": timing}
    if len(sys.argv) < 3 or sys.argv[1] not in cmds:
        sys.exit(__doc__)
    cmds[sys.argv[1]](*sys.argv[2:])
