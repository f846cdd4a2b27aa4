#!/usr/bin/env python3
"""Snippet F1 of extractor outputs on the two halves of the webeval set, and the
pages where the first output finds no "with" snippet (for failure analysis).

    lab/webeval/halves.py DATA.jsonl.gz PRED.jsonl [PRED.jsonl ...] [--zero-hits] [--bootstrap N]

PRED files as for score.py ({"id", "text"} per line, e.g. `wce extract --jsonl`).
Halves: FNV-1a 64 of the page id, even / odd (the ensemble's split hash), so that
a gain found while looking at the whole set can be checked on each half.
--zero-hits: the pages where the first PRED finds none of the "with" snippets,
with (found "with" snippets / leaked "without" snippets : output length) of every
PRED. --bootstrap N: per half, the pooled F1 of the second PRED minus the first's
with a 90 % interval from N resamples of the half's pages (paired: the same pages
for both; seed fixed). Stdlib only.
"""

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import score  # noqa: E402


def fnv1a64(s):
    h = 1469598103934665603
    for c in s.encode("utf-8"):
        h = ((h ^ c) * 1099511628211) % (1 << 64)
    return h


def main(argv):
    ap = argparse.ArgumentParser(prog="lab/webeval/halves.py")
    ap.add_argument("data")
    ap.add_argument("preds", nargs="+")
    ap.add_argument("--zero-hits", action="store_true")
    ap.add_argument("--bootstrap", type=int, default=0)
    args = ap.parse_args(argv)
    pages = {r["id"]: r for r in score.read_jsonl(args.data)}
    runs = {Path(f).stem: {o["id"]: o.get("text", "") for o in score.read_jsonl(f)} for f in args.preds}

    def counts(name, pid):
        r = pages[pid]
        return score.page_counts(runs[name].get(pid, ""), r["meta"]["with"], r["meta"]["without"])[:4]

    print("name\tf1_half0\tf1_half1\tf1_all")
    for name in runs:
        tot = [[0, 0, 0], [0, 0, 0]]
        for pid in pages:
            tp, fn, fp, _ = counts(name, pid)
            t = tot[fnv1a64(pid) % 2]
            t[0] += tp; t[1] += fn; t[2] += fp
        f1 = [2 * t[0] / max(1, 2 * t[0] + t[1] + t[2]) for t in tot]
        a = [tot[0][i] + tot[1][i] for i in range(3)]
        print("%s\t%.4f\t%.4f\t%.4f" % (name, f1[0], f1[1], 2 * a[0] / max(1, 2 * a[0] + a[1] + a[2])))
    if args.bootstrap and len(runs) >= 2:
        a, b = list(runs)[:2]
        rng = random.Random(20261127)

        def f1(rows):
            tp, fn, fp = (sum(r[i] for r in rows) for i in range(3))
            return 2 * tp / max(1, 2 * tp + fn + fp)

        print("\n%s minus %s, paired page bootstrap (%d resamples): half, difference, 90 %% interval" % (b, a, args.bootstrap))
        for half in (0, 1):
            ids = [p for p in pages if fnv1a64(p) % 2 == half]
            ca, cb = [counts(a, p)[:3] for p in ids], [counts(b, p)[:3] for p in ids]
            diffs = []
            for _ in range(args.bootstrap):
                pick = [rng.randrange(len(ids)) for _ in ids]
                diffs.append(f1([cb[i] for i in pick]) - f1([ca[i] for i in pick]))
            diffs.sort()
            print("%d\t%+.4f\t[%+.4f, %+.4f]" % (half, f1(cb) - f1(ca), diffs[int(0.05 * len(diffs))],
                                                   diffs[int(0.95 * len(diffs)) - 1]))
    if args.zero_hits:
        first = next(iter(runs))
        zero = [p for p in pages if pages[p]["meta"]["with"] and counts(first, p)[0] == 0]
        print("\n%d pages where %s finds no \"with\" snippet; per output: found/leaked:length" % (len(zero), first))
        print("id\t" + "\t".join(runs))
        for p in zero:
            print(p + "\t" + "\t".join("%d/%d:%d" % (counts(n, p)[0], counts(n, p)[2], len(runs[n].get(p, ""))) for n in runs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
