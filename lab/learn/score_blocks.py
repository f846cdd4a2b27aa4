"""Block-level precision, recall and F1 of the positive class from a
learn_features dump made with labels and --scores (the C++ forward pass):
  score_blocks.py FEATURES.jsonl [--split-field F] [--name NAME] [--json OUT] [--guarded]
Prints one line per split value (all pages pooled, micro; --split-field
dataset: per dataset, then the macro mean over datasets) and optionally
merges {NAME: {split: {p, r, f, pages, blocks}}} into the JSON file OUT."""
import argparse
import collections
import json
import os

import common


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("features")
    ap.add_argument("--split-field", default="split")
    ap.add_argument("--name", default="")
    ap.add_argument("--json", default="")
    ap.add_argument("--guarded", action="store_true",
                    help="score the extractor's outputs: guarded_scores where the C++ guard fired (boilernet, dragnet)")
    args = ap.parse_args()
    counts = collections.defaultdict(lambda: [0, 0, 0, 0, 0])
    for p in common.read_jsonl(args.features):
        split = p["dataset"] if args.split_field == "dataset" else str(p["split"].get(args.split_field, "all"))
        scores = p.get("guarded_scores", p["scores"]) if args.guarded else p["scores"]
        tp, fp, fn = common.f1_counts([int(s >= 0.5) for s in scores], p["labels"])
        c = counts[split]
        c[0] += tp; c[1] += fp; c[2] += fn; c[3] += 1; c[4] += len(p["labels"])
    out = {}
    for split, (tp, fp, fn, pages, blocks) in sorted(counts.items()):
        pr, rc, f = common.prf(tp, fp, fn)
        out[split] = {"p": round(pr, 4), "r": round(rc, 4), "f": round(f, 4), "pages": pages, "blocks": blocks}
        print(f"{args.name} {split}: P {pr:.4f} R {rc:.4f} F1 {f:.4f} ({pages} pages, {blocks} blocks)")
    if args.split_field == "dataset" and out:
        # Macro over datasets (so that a few long pages of one set do not decide).
        print(f"{args.name} macro over {len(out)} datasets: F1 {sum(v['f'] for v in out.values()) / len(out):.4f}")
    if args.json:
        data = json.load(open(args.json)) if os.path.exists(args.json) else {}
        data.setdefault("figures_cpp_block_level_positive_class", {})[args.name] = out
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
