"""Picks extra training pages for BoilerNet from the other datasets (issue 10,
lab/results/learned-2026-11-27b.md): only pages of the ensemble's fixed
training split (FNV-1a 64 of "dataset/id" % 100 < 30, as
wce::ensemble_training_page) that are not in their own dataset's test split
(CleanEval: only meta.split dev; Dragnet: only meta.split train); never
Google-Trends-2017 (its human-labelled train pages are added by boilernet.py).
Per dataset, the eligible pages in FNV-1a order: the first HELDOUT (at most a
quarter, rounded up) go to the held-out slice (scored, never trained on), the next TRAIN to training,
and with --pool P the next P to an unlabeled pool (knowledge distillation:
BoilerNet's student learns the teacher's scores on them, never their gold).

  extra_pages.py DATASETS_DIR OUT_PREFIX [--train 40] [--heldout 10] [--pool 0]
writes OUT_PREFIX.train.jsonl and OUT_PREFIX.heldout.jsonl (and OUT_PREFIX.pool.jsonl
with --pool; the records as they are, for lab/tools/learn_features --align) and prints the counts."""
import argparse
import gzip
import json
import os

import common

TRAIN_PERCENT = 30  # = kEnsembleTrainPercent (core/include/wce/train/ensemble_model.hpp)
SKIP = {"google-trends-2017"}


def eligible(dataset, rec):
    if common.fnv1a(f"{dataset}/{rec['id']}") % 100 >= TRAIN_PERCENT:
        return False
    split = (rec.get("meta") or {}).get("split")
    if dataset == "cleaneval":
        return split == "dev"
    if dataset == "dragnet":
        return split == "train"
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("datasets")
    ap.add_argument("out")
    ap.add_argument("--train", type=int, default=40)
    ap.add_argument("--heldout", type=int, default=10)
    ap.add_argument("--pool", type=int, default=0, help="per dataset: pages after the training ones, to OUT.pool.jsonl")
    args = ap.parse_args()
    fpool = open(args.out + ".pool.jsonl", "w") if args.pool else None
    with open(args.out + ".train.jsonl", "w") as ftr, open(args.out + ".heldout.jsonl", "w") as fho:
        for name in sorted(os.listdir(args.datasets)):
            if not name.endswith(".jsonl.gz"):
                continue
            ds = name[:-len(".jsonl.gz")]
            if ds in SKIP:
                continue
            with gzip.open(os.path.join(args.datasets, name), "rt", encoding="utf-8") as f:
                recs = [r for r in map(json.loads, f) if eligible(r.get("dataset", ds), r)]
            recs.sort(key=lambda r: common.fnv1a(f"{r.get('dataset', ds)}/{r['id']}"))
            n_ho = min(args.heldout, (len(recs) + 3) // 4)  # small sets keep 3/4 for training
            ho, tr = recs[:n_ho], recs[n_ho:n_ho + args.train]
            for r in ho:
                fho.write(json.dumps(r, ensure_ascii=False) + "\n")
            for r in tr:
                ftr.write(json.dumps(r, ensure_ascii=False) + "\n")
            pool = recs[n_ho + args.train:n_ho + args.train + args.pool]
            for r in pool if fpool else []:
                fpool.write(json.dumps(r, ensure_ascii=False) + "\n")
            print(f"{ds}: eligible {len(recs)}, held out {len(ho)}, train {len(tr)}"
                  + (f", pool {len(pool)}" if fpool else ""))
    if fpool:
        fpool.close()


if __name__ == "__main__":
    main()
