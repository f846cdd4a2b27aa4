"""The decision cut of a block classifier, chosen on validation pages only.

The learned models output one score per block and every consumer reads a
label as score >= 0.5. With balanced class weights in the loss, 0.5 is not the
F1-optimal cut; a cut t folds into the output bias of a sigmoid model
(b -= ln(t / (1 - t))), so changing it costs nothing at inference.

  tune_cut.py SCORES.jsonl [--split-field F] [--split dev] [--folds 5]
      cross-validated F1 (cut chosen on the other folds, counts of the held-out
      fold pooled), the cut fitted on all pages of the split, F1 at 0.5
  tune_cut.py SCORES.jsonl --split test --cut T
      F1 at a given cut (figures after the choice)
  tune_cut.py --fold-into IN.wcem --cut T --out OUT.wcem [--bias out.b]
      the model with its output bias shifted so that 0.5 means T

SCORES.jsonl: learn_features --labels ... --scores MODEL --scores-only output."""
import argparse
import math
import sys

import numpy as np

import common
import wcem

# Cuts tried: 0.05, 0.075, ..., 0.95 (fine enough for ~16k blocks; coarse
# enough not to fit single blocks).
GRID = [round(0.05 + 0.025 * i, 3) for i in range(37)]


def counts_at(pages, cut):
    tp = fp = fn = 0
    for scores, labels in pages:
        a, b, c = common.f1_counts([int(s >= cut) for s in scores], labels)
        tp += a; fp += b; fn += c
    return tp, fp, fn


def best_cut(pages):
    """argmax of pooled F1 over GRID; ties go to the cut nearest 0.5."""
    best = None
    for t in GRID:
        f = common.prf(*counts_at(pages, t))[2]
        key = (f, -abs(t - 0.5))
        if best is None or key > best[0]:
            best = (key, t)
    return best[1]


def cross_validated(pages, folds):
    """Page i in fold i mod folds; the cut of each fold from the others."""
    tp = fp = fn = 0
    cuts = []
    for k in range(folds):
        held = [p for i, p in enumerate(pages) if i % folds == k]
        rest = [p for i, p in enumerate(pages) if i % folds != k]
        if not held or not rest:
            continue
        t = best_cut(rest)
        cuts.append(t)
        a, b, c = counts_at(held, t)
        tp += a; fp += b; fn += c
    return common.prf(tp, fp, fn), cuts


def fold_into(src, dst, cut, bias_name):
    if not 0.0 < cut < 1.0:
        sys.exit(f"tune_cut.py: cut must be in (0, 1), got {cut}")
    tensors, texts = wcem.read(src)
    if bias_name not in tensors:
        sys.exit(f"tune_cut.py: {src} has no tensor {bias_name}")
    tensors = {k: np.asarray(v, np.float32) for k, v in tensors.items()}
    tensors[bias_name] = tensors[bias_name] - math.log(cut / (1.0 - cut))
    wcem.write(dst, tensors, texts)
    print(f"{dst}: {bias_name} shifted by {-math.log(cut / (1.0 - cut)):+.6f} (cut {cut})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scores", nargs="?")
    ap.add_argument("--split-field", default="boilernet_split_50_30_100")
    ap.add_argument("--split", default="dev")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--cut", type=float, default=None)
    ap.add_argument("--name", default="")
    ap.add_argument("--fold-into", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--bias", default="out.b")
    args = ap.parse_args()
    if args.fold_into:
        if args.cut is None or not args.out:
            sys.exit("tune_cut.py: --fold-into needs --cut and --out")
        fold_into(args.fold_into, args.out, args.cut, args.bias)
        return
    if not args.scores:
        sys.exit("tune_cut.py: SCORES.jsonl missing")
    pages = [(p["scores"], p["labels"]) for p in common.read_jsonl(args.scores)
             if str(p["split"].get(args.split_field)) == args.split]
    if not pages:
        sys.exit(f"tune_cut.py: no page with {args.split_field} = {args.split}")
    name = args.name or args.scores
    if args.cut is not None:
        p, r, f = common.prf(*counts_at(pages, args.cut))
        print(f"{name} {args.split} cut {args.cut}: P {p:.4f} R {r:.4f} F1 {f:.4f} ({len(pages)} pages)")
        return
    f05 = common.prf(*counts_at(pages, 0.5))[2]
    (p, r, f), cuts = cross_validated(pages, args.folds)
    t = best_cut(pages)
    ft = common.prf(*counts_at(pages, t))[2]
    print(f"{name} {args.split}: F1@0.5 {f05:.4f} | cv-cut F1 {f:.4f} (P {p:.4f} R {r:.4f}, fold cuts "
          f"{' '.join(map(str, cuts))}) | fitted cut {t} F1 {ft:.4f} ({len(pages)} pages)")


if __name__ == "__main__":
    main()
