#!/usr/bin/env python3
"""WCXB word F1 by page type, to four decimals, of saved out-of-fold outputs
(lab/learn/ensemble.py --wcxb-keep), so that variants within the retrain
noise band can be told apart (ensemble.py's table prints three decimals).

  python3 lab/experiments/wcxb_keep_f1.py --data .cache/ensemble/wcxb_T --set wcxb-dev.jsonl.gz A.npz B.npz ...
"""
import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "learn"))
import wcxb_rows  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="the WCXB dump prefix (ensemble_dump --node-text)")
    ap.add_argument("--set", required=True, help="wcxb-dev.jsonl.gz")
    ap.add_argument("keeps", nargs="+")
    a = ap.parse_args()
    cols = [c.strip() for c in open(a.data + ".columns") if c.strip()]
    page = np.fromfile(a.data + ".rows.f32", dtype=np.float32).reshape(-1, len(cols))[:, 0].astype(np.int64)
    lines = open(a.data + ".pages.tsv").read().splitlines()
    head = lines[0].split("\t")
    ids = [dict(zip(head, l.split("\t")))["id"] for l in lines[1:]]
    bounds = np.searchsorted(page, np.arange(len(ids) + 1))
    texts = [json.loads(l) for l in open(a.data + ".text.jsonl", encoding="utf-8")]
    records = wcxb_rows.read_records(a.set)
    gold = [records[i]["text"] for i in ids]
    types = np.array([records[i]["page_type"] for i in ids])
    print("| | all | " + " | ".join(wcxb_rows.TYPES) + " |\n|---|--:|" + "--:|" * len(wcxb_rows.TYPES))
    for k in a.keeps:
        f = wcxb_rows.page_word_f1(np.load(k)["keep"], texts, bounds, gold)[:, 2]
        print("| %s | %.4f | %s |" % (os.path.basename(k), f.mean(),
                                       " | ".join("%.4f" % f[types == t].mean() for t in wcxb_rows.TYPES)))


if __name__ == "__main__":
    main()
