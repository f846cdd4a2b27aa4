"""Paired bootstrap of two per-page score vectors (ensemble.py --save-final):
pages are resampled within each dataset (as the split is stratified), and the
difference of the macro means (all datasets, and those with >= 20 pages) is
reported with its 90 % interval and the share of resamples where B > A.

Usage: python paired_bootstrap.py --data PREFIX A.npy B.npy [--n 2000]
"""
import argparse

import numpy as np

MIN_PAGES_STABLE = 20  # as ensemble.py


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20261126)
    args = ap.parse_args()
    lines = open(args.data + ".pages.tsv").read().splitlines()
    head = lines[0].split("\t")
    datasets = np.array([dict(zip(head, l.split("\t")))["dataset"] for l in lines[1:]])
    a, b = np.load(args.a), np.load(args.b)
    # With real-web rows, --save-final appends those pages after the dataset
    # pages: the bootstrap is over the dataset pages only.
    if len(a) != len(b) or len(a) < len(datasets):
        raise SystemExit(f"paired_bootstrap: {len(a)} and {len(b)} scores for {len(datasets)} dataset pages")
    a, b = a[:len(datasets)], b[:len(datasets)]
    names = sorted(set(datasets))
    idx = {d: np.flatnonzero(datasets == d) for d in names}
    stable = [d for d in names if len(idx[d]) >= MIN_PAGES_STABLE]
    rng = np.random.default_rng(args.seed)

    def diffs(pick):
        per = {d: b[pick[d]].mean() - a[pick[d]].mean() for d in names}
        return np.mean([per[d] for d in names]), np.mean([per[d] for d in stable])

    observed = diffs(idx)
    print("per dataset, mean A -> B (B - A): " + ", ".join(
        "%s %.3f -> %.3f (%+.4f)" % (d, a[idx[d]].mean(), b[idx[d]].mean(), b[idx[d]].mean() - a[idx[d]].mean())
        for d in names))
    boots = np.array([diffs({d: rng.choice(idx[d], len(idx[d])) for d in names}) for _ in range(args.n)])
    for j, label in enumerate(("macro (9 datasets)", "macro (>= %d pages)" % MIN_PAGES_STABLE)):
        lo, hi = np.percentile(boots[:, j], [5, 95])
        print("%-22s B - A %+.4f, 90%% interval [%+.4f, %+.4f], P(B > A) %.2f" % (
            label, observed[j], lo, hi, (boots[:, j] > 0).mean()))


if __name__ == "__main__":
    main()
