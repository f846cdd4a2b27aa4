"""Model selection of Web2Text by k-fold cross-validation over CleanEval dev
(never a test figure): each RUN_DIR holds fold*.json of one configuration
(web2text.py --folds K --fold I --cv-out), with the validation counts
(tp, fp, fn) per epoch and lambda. The counts of all folds are pooled per
(epoch, lambda): every dev page is validated once, by a model that did not
see it. The (configuration, lambda, epochs) with the best pooled F1 is the
choice; the final model is then trained on all dev pages for that many epochs
(web2text.py --all-dev).
  cv_select.py [--json OUT] RUN_DIR..."""
import argparse
import glob
import json
import os

import common


def pooled(run_dir):
    files = [f for f in sorted(glob.glob(os.path.join(run_dir, "fold*.json"))) if not f.endswith(".manifest.json")]
    folds = [json.load(open(f)) for f in files]
    if not folds:
        raise SystemExit(f"cv_select.py: no fold*.json in {run_dir}")
    epochs = min(len(f["epochs"]) for f in folds)  # an unfinished fold limits the curve
    table = {}
    for lam in folds[0]["epochs"][0]:
        for e in range(epochs):
            tp = sum(f["epochs"][e][lam][0] for f in folds)
            fp = sum(f["epochs"][e][lam][1] for f in folds)
            fn = sum(f["epochs"][e][lam][2] for f in folds)
            table[(lam, e + 1)] = common.prf(tp, fp, fn)
    return folds, epochs, table


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("runs", nargs="+")
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    best, out = None, {"runs": {}}
    for run in args.runs:
        folds, epochs, table = pooled(run)
        name = os.path.basename(run.rstrip("/"))
        (lam, ep), (p, r, f) = max(table.items(), key=lambda kv: (kv[1][2], -kv[0][1]))  # ties: fewer epochs
        print(f"{name}: {len(folds)} runs (folds x seeds), {epochs} epochs; best pooled CV F1 {f:.4f} (P {p:.4f} R {r:.4f}) "
              f"at lambda {lam}, epoch {ep}")
        for l in sorted({k[0] for k in table}, key=float):
            curve = [table[(l, e)][2] for e in range(1, epochs + 1)]
            print(f"  lambda {l}: " + " ".join(f"{v:.3f}" for v in curve))
        out["runs"][name] = {"runs": len(folds), "epochs": epochs, "command": folds[0]["command"],
                             "best": {"lambda": float(lam), "epochs": ep, "p": p, "r": r, "f1": f},
                             "curves": {l: [round(table[(l, e)][2], 5) for e in range(1, epochs + 1)]
                                        for l in sorted({k[0] for k in table}, key=float)}}
        if best is None or f > best[0]:
            best = (f, name, float(lam), ep)
    out["choice"] = {"run": best[1], "lambda": best[2], "epochs": best[3], "cv_f1": best[0]}
    print(f"choice: {best[1]}, lambda {best[2]}, {best[3]} epochs (pooled CV F1 {best[0]:.4f})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=2)
            fh.write("\n")


if __name__ == "__main__":
    main()
