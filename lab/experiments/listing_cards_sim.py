"""Simulations behind lab/results/listing-cards.md (issue 32): on the learned
ensemble's saved out-of-fold WCXB output (ensemble.py --wcxb-keep), what
node-level group rules and page-type routes would do to WCXB's word F1, by
page type; and whether the page features tell WCXB listings from the news
pages the page-type classifier also calls listings.

A "group" here is approximated from the dump's node features: the rows of one
page with one repeated-item size (repeat_log_count > 0, >= 3 items) and one
group word share (repeat_group_share), navigation excluded. The C++ rule
(ensemble_structure's groups) is exact; this is for a first look only.

Usage: python3 lab/experiments/listing_cards_sim.py --data .cache/ensemble/wcxb_T --keep K.npz
         --set /work/shared/datasets/wcxb-dev.jsonl.gz --page-types .cache/ensemble/wcxb_page_types.jsonl
         [--others .cache/ensemble/train_T,.cache/ensemble/web0_T]
"""
import argparse
import collections
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "learn"))
import wcxb_rows  # noqa: E402

TYPES = ("article", "documentation", "service", "forum", "listing", "product", "collection")
PAGE_COLUMNS = ("page_repeated_share", "log_page_words", "page_agreement", "complexity", "share_readability",
                "share_trafilatura")


def load(prefix):
    cols = [c.strip() for c in open(prefix + ".columns") if c.strip()]
    rows = np.fromfile(prefix + ".rows.f32", dtype=np.float32).reshape(-1, len(cols))
    pages = [l.split("\t") for l in open(prefix + ".pages.tsv").read().splitlines()[1:]]
    page = rows[:, 0].astype(np.int64)
    return {c: i for i, c in enumerate(cols)}, rows, pages, np.searchsorted(page, np.arange(len(pages) + 1))


def page_type_of(rows, col, lo):
    tc = [c for c in col if c.startswith("page_type_")]
    return max(tc, key=lambda c: rows[lo, col[c]])[len("page_type_"):]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--keep", required=True)
    ap.add_argument("--set", required=True)
    ap.add_argument("--page-types", required=True, help="out-of-fold page types (lab/learn/page_type.py --predictions)")
    ap.add_argument("--others", default="", help="comma-separated dump prefixes of the other sets (listing quartiles)")
    a = ap.parse_args()
    col, rows, pages, bounds = load(a.data)
    ids = [p[2] for p in pages]
    texts = [json.loads(l) for l in open(a.data + ".text.jsonl", encoding="utf-8")]
    rec = wcxb_rows.read_records(a.set)
    oof = {}
    for line in open(a.page_types, encoding="utf-8"):
        r = json.loads(line)
        oof[r["id"]] = r["by_inputs"]["none"]
    k = np.load(a.keep)
    keep, choice = k["keep"], k["choice"]
    types = np.array([rec[i]["page_type"] for i in ids])
    ptype = np.array([oof[i] for i in ids])
    gold = [wcxb_rows.tokens(rec[i]["text"]) for i in ids]
    y, _ = wcxb_rows.relabel(rows, texts, bounds, rec, ids)
    ntok = np.array([len(wcxb_rows.tokens(t)) for t in texts])
    traf = rows[:, col["vote_trafilatura"]] >= 0.5
    rc, gs, nav, w = col["repeat_log_count"], col["repeat_group_share"], col["in_navigation"], col["words"]

    def f1(kp):
        out = np.zeros(len(ids))
        for i in range(len(ids)):
            lo, hi = bounds[i], bounds[i + 1]
            out[i] = wcxb_rows.word_f1(wcxb_rows.tokens(" ".join(texts[r] for r in range(lo, hi) if kp[r])), gold[i])[2]
        return out

    def show(name, f):
        print("%-52s %.4f  " % (name, f.mean()) + " ".join("%s %.3f" % (t[:4], f[types == t].mean()) for t in TYPES),
              flush=True)

    def groups(i):
        lo, hi = bounds[i], bounds[i + 1]
        R = rows[lo:hi]
        ok = (R[:, rc] >= np.log(3) - 1e-6) & (R[:, nav] < 0.5) & (R[:, w] > 0)
        key = np.where(ok, R[:, rc] * 1000 + R[:, gs], -1)
        return lo, hi, R, ok, key

    def largest(i):
        lo, hi, R, ok, key = groups(i)
        if not ok.any():
            return lo, hi, None, 0.0
        best = max(set(key[ok]), key=lambda v: R[key == v][0, gs])
        return lo, hi, key == best, float(R[key == best][0, gs])

    base = f1(keep)
    show("out-of-fold output (--keep)", base)
    show("trafilatura (vote)", f1(traf))
    # How often the largest repeated group is the content.
    print("\nthe page's largest repeated group: mean share of its tokens that are gold (pages with share >= 0.5)")
    for t in TYPES:
        g = []
        for i in np.flatnonzero(types == t):
            lo, hi, m, _ = largest(i)
            if m is not None:
                tt = ntok[lo:hi] * m
                g.append((tt * (y[lo:hi] >= 0.5)).sum() / max(tt.sum(), 1))
        print("  %-13s %.2f (%d of %d pages)" % (t, np.mean(g), sum(v >= 0.5 for v in g), len(g)))
    print("\nnode-level: the largest group kept whole, when it holds >= S of the page's words")
    for gate in (None, ("listing", "collection")):
        for s in (0.2, 0.3, 0.5):
            kp = keep.copy()
            for i in range(len(ids)):
                if gate and ptype[i] not in gate:
                    continue
                lo, hi, m, share = largest(i)
                if m is not None and share >= s:
                    kp[lo:hi] |= m
            show("  S %.1f, pages typed %s" % (s, "/".join(gate) if gate else "any"), f1(kp))
    print("\nnode-level: pages typed listing/collection take trafilatura's labels plus every group it keeps >= K of")
    lc = np.isin(ptype, ["listing", "collection"])
    for kmin in (0.3, 0.5, 0.7):
        kp = keep.copy()
        for i in np.flatnonzero(lc):
            lo, hi, R, ok, key = groups(i)
            kp[lo:hi] = traf[lo:hi]
            t = ntok[lo:hi]
            for v in set(key[ok]):
                m = key == v
                kt = (t * m * traf[lo:hi]).sum()
                if kt > 0 and kt >= kmin * (t * m).sum():
                    kp[lo:hi] |= m
        show("  K %.1f" % kmin, f1(kp))
    print("\npage-level: pages of these (out-of-fold) types take trafilatura's labels")
    ftr = f1(traf)
    for g in (["listing"], ["collection"], ["collection", "product"], ["listing", "collection"],
              ["listing", "collection", "product"]):
        f = base.copy()
        m = np.isin(ptype, g)
        f[m] = ftr[m]
        show("  " + ",".join(g), f)
    print("\nper-page oracle of the output and trafilatura's labels:")
    show("  max", np.maximum(base, ftr))
    print("\nthe out-of-fold type of the pages of each gold type:")
    for t in ("listing", "collection", "product"):
        print("  %-11s %s" % (t, dict(collections.Counter(ptype[types == t]).most_common())))
    if a.others:
        print("\npage columns, quartiles (10/25/50/75/90 %): pages typed listing in the other sets | WCXB listings typed "
              "listing | other WCXB pages typed listing")
        other = []
        for prefix in [p for p in a.others.split(",") if p]:
            c2, r2, p2, b2 = load(prefix)
            other += [r2[b2[i]] for i in range(len(p2)) if b2[i + 1] > b2[i] and page_type_of(r2, c2, b2[i]) == "listing"]
        true_l = [rows[bounds[i]] for i in range(len(ids)) if ptype[i] == "listing" and types[i] == "listing"]
        false_l = [rows[bounds[i]] for i in range(len(ids)) if ptype[i] == "listing" and types[i] != "listing"]
        for c in PAGE_COLUMNS:
            q = lambda L: np.percentile([r[col[c]] for r in L], [10, 25, 50, 75, 90]).round(2).tolist()
            print("  %-20s %s | %s | %s" % (c, q(other), q(true_l), q(false_l)))
        print("  pages: %d | %d | %d" % (len(other), len(true_l), len(false_l)))


if __name__ == "__main__":
    main()
