"""Chooses among training runs that differ only in their seed: the run with
the best validation F1 (never a test figure) is copied to OUT, and its
manifest records every seed's validation F1.
  pick_seed.py OUT.wcem OUT.manifest.json RUN_DIR... (each with model.wcem + model.manifest.json)"""
import json
import shutil
import sys

VALIDATION_FIELDS = ("best_validation_f1_viterbi", "best_validation_f1_windows")


def validation_f1(manifest):
    for k in VALIDATION_FIELDS:
        if k in manifest:
            return manifest[k]
    raise SystemExit(f"pick_seed.py: no validation F1 in the manifest ({', '.join(VALIDATION_FIELDS)})")


def install(run, manifest, out_w, out_m):
    """Copies run's weights to out_w and writes manifest to out_m."""
    shutil.copyfile(f"{run}/model.wcem", out_w)
    with open(out_m, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    out_w, out_m, runs = sys.argv[1], sys.argv[2], sys.argv[3:]
    if len(runs) == 1:  # nothing to choose (e.g. web2text.py --all-dev: no validation set)
        m = json.load(open(f"{runs[0]}/model.manifest.json"))
        install(runs[0], dict(m, weights=out_w.split("/")[-1]), out_w, out_m)
        print(f"{runs[0]} (seed {m['seed']}): the only run")
        return
    seen = []
    for run in runs:
        m = json.load(open(f"{run}/model.manifest.json"))
        seen.append((validation_f1(m), -m["seed"], run, m))  # ties: the smaller seed
    best = max(seen, key=lambda s: s[:2])
    manifest = dict(best[3], weights=out_w.split("/")[-1])
    manifest["runs_tried"] = {f"{run.rstrip('/').split('/')[-1]} (seed {m['seed']})": f for f, _, run, m in seen}
    manifest["seed_choice"] = "the seed with the best validation F1 (test figures are never used to choose)"
    install(best[2], manifest, out_w, out_m)
    for f, s, run, _ in sorted(seen, reverse=True):
        print(f"{run} (seed {-s}): validation F1 {f:.4f}{'  <- chosen' if run == best[2] else ''}")


if __name__ == "__main__":
    main()
