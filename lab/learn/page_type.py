#!/usr/bin/env python3
"""Trains the page-type classifier (WCXB's seven types) and writes
core/models/page_type_gbdt.inc for its C++ inference (core/src/classify/).

Rows come from lab/tools/page_type_dump (the C++ features, never computed
here). Judged by 5-fold cross-validation grouped by domain (a page is
classified by a model that saw no page of its domain): accuracy and the
confusion matrix, with and without the URL, with and without the
structured data. The shipped model is then fit on every row, each page four
times: with its URL features and with them zeroed (as the C++ computes them
when no URL is given), each with its structured-data features (`sd_*`) and
with them zeroed (as the C++ computes them on a Document without kept
attributes: the extension's flat DOM), so that it serves all four.

  bash lab/train.sh page_type            # dump, CV, fit, export
  python3 lab/learn/page_type.py --rows rows.jsonl --out core/models/page_type_gbdt.inc
"""
import argparse
import json
import os
import sys

import numpy as np
import lightgbm as lgb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ensemble import flatten_trees  # noqa: E402  (one tree export for every model)
from folds import FOLDS, fold_of  # noqa: E402

TYPES = ["article", "forum", "product", "collection", "listing", "documentation", "service"]
SEED = 20261128
# extra_trees with feature_fraction 0.4: +1.4 points of grouped-CV accuracy (URL
# and structured data) over feature_fraction 0.4 without them, on these 1,497
# pages; 7 leaves and 200
# rounds at 0.1 as accurate as 15 and 400 at 0.05, in a quarter of the nodes
# (lab/results/page-type.md).
PARAMS = dict(objective="multiclass", num_class=len(TYPES), learning_rate=0.1, num_leaves=7,
              min_data_in_leaf=8, feature_fraction=0.4, bagging_fraction=0.8, bagging_freq=1,
              lambda_l2=1.0, extra_trees=True, verbose=-1, seed=SEED, deterministic=True, num_threads=1)
ROUNDS = 200
# The inputs a page has (bits) and the forests: per forest, the inputs it
# needs and the variants() it is trained on. One forest per variant: a forest
# trained on all four at once was less accurate (lab/results/page-type.md).
NEEDS_URL, NEEDS_SD = 1, 2
VARIANT_HAS = [NEEDS_URL | NEEDS_SD, NEEDS_SD, NEEDS_URL, 0]  # per variants() entry
FORESTS = [(NEEDS_URL | NEEDS_SD, [0]), (NEEDS_SD, [1]), (NEEDS_URL, [2]), (0, [3])]




def load(path):
    with open(path) as f:
        names = json.loads(f.readline())["feature_names"]
        rows = [json.loads(line) for line in f if line.strip()]
    rows = [r for r in rows if r["page_type"] in TYPES]
    X = np.array([r["x"] for r in rows], dtype=np.float64)
    y = np.array([TYPES.index(r["page_type"]) for r in rows])
    folds = np.array([fold_of(r["domain"]) for r in rows])
    return names, rows, X, y, folds


def zeroed(X, names, prefix):
    Z = X.copy()
    for j, n in enumerate(names):
        if n.startswith(prefix):
            Z[:, j] = 0.0
    return Z


def without_url(X, names):
    return zeroed(X, names, "url_")


def without_structured(X, names):
    """As the C++ computes them on a Document without kept attributes (the
    extension's flat DOM): the structured-data features are all 0."""
    return zeroed(X, names, "sd_")


def variants(X, names):
    """The four inputs the model serves: with / without the URL, with /
    without the structured data."""
    Xn = without_url(X, names)
    return [X, Xn, without_structured(X, names), without_structured(Xn, names)]


def fit(X, y):
    return lgb.train(PARAMS, lgb.Dataset(X, label=y), num_boost_round=ROUNDS)


def confusion(y, pred):
    m = np.zeros((len(TYPES), len(TYPES)), dtype=int)
    for a, b in zip(y, pred):
        m[a, b] += 1
    return m


def report(title, y, pred):
    m = confusion(y, pred)
    acc = float((y == pred).mean())
    lines = [f"### {title}: accuracy {acc:.3f} ({int((y == pred).sum())} of {len(y)})", "",
             "| true \\ predicted | " + " | ".join(TYPES) + " | recall |", "|---" * (len(TYPES) + 2) + "|"]
    for i, t in enumerate(TYPES):
        rec = m[i, i] / max(1, m[i].sum())
        lines.append(f"| {t} | " + " | ".join(str(v) for v in m[i]) + f" | {rec:.2f} |")
    return acc, "\n".join(lines)


def export(boosters, names, out, note):
    """boosters: one per FORESTS entry, in order (the C++ takes the first whose needs the page meets)."""
    K = len(TYPES)
    fmt = lambda v: "%.17g" % v
    feature, threshold, left, right, value, roots, counts = [], [], [], [], [], [], []
    for booster in boosters:
        trees = booster.dump_model()["tree_info"]
        for k in range(K):  # LightGBM interleaves the classes: tree i belongs to class i % K
            f, t, l, r, v, ro = flatten_trees([tr for i, tr in enumerate(trees) if i % K == k])
            off = len(feature)
            feature += f; threshold += t; value += v
            left += [x + off if x >= 0 else -1 for x in l]
            right += [x + off if x >= 0 else -1 for x in r]
            roots += [x + off for x in ro]
            counts.append(len(ro))
    with open(out, "w") as fh:
        fh.write("// Generated by lab/learn/page_type.py (bash lab/train.sh page_type). Do not edit.\n")
        for line in note:
            fh.write("// " + line + "\n")
        fh.write("const char* const kPageTypeModelFeatures[] = {%s};\n" % ", ".join('"%s"' % n for n in names))
        fh.write("const int32_t kPageTypeNeedsUrl = %d, kPageTypeNeedsStructured = %d;\n" % (NEEDS_URL, NEEDS_SD))
        fh.write("// Per forest, the inputs it was trained with (bits above); the first the page has is used.\n")
        fh.write("const int32_t kPageTypeForestNeeds[] = {%s};\n" % ", ".join(str(n) for n, _ in FORESTS))
        fh.write("const int32_t kPageTypeClassTrees[] = {%s};\n" % ", ".join(map(str, counts)))
        fh.write("const int32_t kPageTypeTreeRoot[] = {%s};\n" % ", ".join(map(str, roots)))
        fh.write("const int32_t kPageTypeFeature[] = {%s};\n" % ", ".join(map(str, feature)))
        fh.write("const double kPageTypeThreshold[] = {%s};\n" % ", ".join(map(fmt, threshold)))
        fh.write("const int32_t kPageTypeLeft[] = {%s};\n" % ", ".join(map(str, left)))
        fh.write("const int32_t kPageTypeRight[] = {%s};\n" % ", ".join(map(str, right)))
        fh.write("const double kPageTypeValue[] = {%s};\n" % ", ".join(map(fmt, value)))


def forest_for(has):
    """The forest the C++ uses for a page with these inputs (bits NEEDS_*)."""
    return next(i for i, (needs, _) in enumerate(FORESTS) if needs & ~has == 0)


def fit_forests(V, y, rows):
    return [fit(np.vstack([V[k][rows] for k in ks]), np.concatenate([y[rows]] * len(ks))) for _, ks in FORESTS]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", required=True)
    ap.add_argument("--out", help="core/models/page_type_gbdt.inc")
    ap.add_argument("--report", help="write the CV report (markdown) here")
    ap.add_argument("--predictions", help="write each page's out-of-fold type and probability (JSON lines)")
    ap.add_argument("--command", default="bash lab/train.sh page_type")
    args = ap.parse_args()
    names, rows, X, y, folds = load(args.rows)
    V = variants(X, names)
    titles = ["with the URL", "without the URL", "with the URL, structured data zeroed (the extension's flat DOM)",
              "without the URL, structured data zeroed"]
    oofs = [np.zeros((len(y), len(TYPES))) for _ in V]
    for f in range(FOLDS):
        tr, te = folds != f, folds == f
        boosters = fit_forests(V, y, tr)
        for o, v, has in zip(oofs, V, VARIANT_HAS):
            o[te] = boosters[forest_for(has)].predict(v[te])
    accs, tables = zip(*[report(t, y, o.argmax(1)) for t, o in zip(titles, oofs)])
    oof = oofs[0]
    params = {k: v for k, v in PARAMS.items() if k not in ("verbose", "num_class", "objective")}
    text = "\n\n".join([
        f"{len(y)} WCXB dev pages, {FOLDS}-fold cross-validation grouped by domain (FNV-1a of the host), "
        f"LightGBM multiclass, {ROUNDS} rounds, {json.dumps(params)}, {len(names)} features. "
        f"{len(FORESTS)} forests, each trained on the input variant it serves (with / without the URL features "
        f"`url_*`, with / without the structured-data features `sd_*`); a page is classified by the forest "
        f"of its inputs.", *tables])
    print(text)
    if args.report:
        with open(args.report, "w") as fh:
            fh.write(text + "\n")
    if args.predictions:
        with open(args.predictions, "w") as fh:
            for r, p in zip(rows, oof):
                fh.write(json.dumps({"id": r["id"], "page_type": TYPES[int(p.argmax())],
                                     "probability": float(p.max())}) + "\n")
    if args.out:
        boosters = fit_forests(V, y, np.ones(len(y), dtype=bool))
        note = [f"command: {args.command}",
                f"data: {len(y)} WCXB dev pages, {len(names)} features; {len(FORESTS)} forests (with / without the "
                f"URL features, with / without the structured-data features)",
                f"grouped {FOLDS}-fold CV accuracy: {accs[0]:.4f} with the URL, {accs[1]:.4f} without; structured "
                f"data zeroed: {accs[2]:.4f} with the URL, {accs[3]:.4f} without",
                f"LightGBM {lgb.__version__}: {json.dumps({k: v for k, v in PARAMS.items() if k not in ('verbose',)})}, "
                f"{ROUNDS} rounds"]
        export(boosters, names, args.out, note)
        print("wrote", args.out)


if __name__ == "__main__":
    main()
