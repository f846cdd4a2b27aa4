#!/usr/bin/env python3
"""Which member the learned ensemble hands a page to, by its page type:
chosen and judged by cross-validation grouped by domain on WCXB dev.

Inputs: `wce bench --measures word_f1 --pages-out pages.jsonl` rows of the
candidate extractors on WCXB dev, and the page-type classifier's out-of-fold
predictions (lab/learn/page_type.py --predictions). For each fold, the
mapping type -> extractor is chosen on the other folds (the rule below), then
applied to the held-out fold's pages by their predicted type; the figure is
the mean word F1 over all pages so scored, overall and by true type.

The rule (written before any figure): a predicted type routes to a candidate
other than `ensemble` when, on the training folds' pages predicted as that
type, the candidate's mean word F1 beats the ensemble's by at least MARGIN
on at least MIN_PAGES pages; the best such candidate wins.

  python3 lab/learn/page_type_route.py --pages pages.jsonl --types oof.jsonl [--candidates trafilatura,resiliparse]
"""
import argparse
import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from folds import FOLDS, domain, fold_of  # noqa: E402

TYPES = ["article", "forum", "product", "collection", "listing", "documentation", "service"]
MARGIN = 0.01
MIN_PAGES = 20






def choose(pages, f1, candidates):
    mapping = {}
    for t in TYPES:
        ids = [p for p in pages if p["pred"] == t]
        if len(ids) < MIN_PAGES:
            mapping[t] = "ensemble"
            continue
        base = sum(f1[("ensemble", p["id"])] for p in ids) / len(ids)
        best, best_gain = "ensemble", MARGIN
        for c in candidates:
            gain = sum(f1[(c, p["id"])] for p in ids) / len(ids) - base
            if gain >= best_gain:
                best, best_gain = c, gain
        mapping[t] = best
    return mapping


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", required=True)
    ap.add_argument("--types", required=True)
    ap.add_argument("--data", required=True, help="wcxb-dev.jsonl.gz (for URLs and true types)")
    ap.add_argument("--candidates", default="trafilatura,resiliparse,readability")
    args = ap.parse_args()
    import gzip
    meta = {}
    with gzip.open(args.data, "rt") as fh:
        for line in fh:
            r = json.loads(line)
            meta[r["id"]] = (r.get("url") or "", (r.get("meta") or {}).get("page_type"))
    f1 = {}
    for line in open(args.pages):
        j = json.loads(line)
        if j["measure"] == "word_f1":
            f1[(j["extractor"], j["id"])] = j["f1"]
    pred = {}
    for line in open(args.types):
        j = json.loads(line)
        pred[j["id"]] = j["page_type"]
    candidates = args.candidates.split(",")
    pages = []
    for pid, (url, true_type) in meta.items():
        if pid not in pred or any((c, pid) not in f1 for c in candidates + ["ensemble"]):
            continue
        pages.append({"id": pid, "true": true_type, "pred": pred[pid], "fold": fold_of(domain(url))})
    scored = {}
    for f in range(FOLDS):
        mapping = choose([p for p in pages if p["fold"] != f], f1, candidates)
        for p in pages:
            if p["fold"] == f:
                scored[p["id"]] = f1[(mapping[p["pred"]], p["id"])]
    by_type = collections.defaultdict(list)
    for p in pages:
        by_type[p["true"]].append(scored[p["id"]])
    overall = sum(scored.values()) / len(scored)
    print(f"routed ensemble, grouped {FOLDS}-fold CV on {len(pages)} WCXB dev pages: word F1 {overall:.4f}")
    for name in ["ensemble"] + candidates:
        m = sum(f1[(name, p["id"])] for p in pages) / len(pages)
        print(f"  {name:<12} alone: {m:.4f}")
    print("| type | pages | routed | " + " | ".join(["ensemble"] + candidates) + " |")
    print("|---|--:|--:|" + "--:|" * (1 + len(candidates)))
    for t in TYPES:
        ids = [p for p in pages if p["true"] == t]
        if not ids:
            continue
        cells = [sum(f1[(n, p["id"])] for p in ids) / len(ids) for n in ["ensemble"] + candidates]
        print(f"| {t} | {len(ids)} | {sum(by_type[t]) / len(ids):.3f} | " + " | ".join(f"{c:.3f}" for c in cells) + " |")
    final = choose(pages, f1, candidates)
    print("mapping on all pages (the shipped one):", json.dumps(final))


if __name__ == "__main__":
    main()
