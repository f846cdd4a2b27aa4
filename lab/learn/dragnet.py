"""Trains the Dragnet block classifier (Peters & Lecocq 2013): logistic
regression on standardised shallow features (lab/tools/learn_features --model
dragnet) plus presence of the most frequent id/class tokens; L2 strength
chosen on a validation part of the training split (pages whose FNV-1a hash of
the id falls in the last fifth), then refit on the whole training split.
Writes core/models/dragnet.wcem + manifest."""
import argparse
import collections
import sys

import numpy as np
import scipy
from scipy.optimize import minimize

import common
import wcem


def matrix(pages, vocab):
    index = {t: i for i, t in enumerate(vocab)}
    rows, ys = [], []
    for p in pages:
        for b, y in zip(p["blocks"], p["labels"]):
            x = np.zeros(len(b["x"]) + len(vocab), np.float64)
            x[:len(b["x"])] = b["x"]
            for t in b["css"]:
                if t in index:
                    x[len(b["x"]) + index[t]] = 1
            rows.append(x); ys.append(y)
    return np.array(rows), np.array(ys, np.float64)


def fit(X, y, l2):
    """Logistic regression, L2 on the weights (not the bias), L-BFGS."""
    n, f = X.shape

    def obj(wb):
        w, b = wb[:f], wb[f]
        z = X @ w + b
        loss = np.sum(np.logaddexp(0, z) - y * z) / n + 0.5 * l2 * w @ w / n
        p = 1 / (1 + np.exp(-z))
        g = np.concatenate([X.T @ (p - y) / n + l2 * w / n, [np.sum(p - y) / n]])
        return loss, g

    res = minimize(obj, np.zeros(f + 1), jac=True, method="L-BFGS-B", options={"maxiter": 500})
    return res.x[:f], res.x[f]


def f1(X, y, w, b):
    pred = (X @ w + b >= 0).astype(int)
    return common.prf(*common.f1_counts(pred.tolist(), y.astype(int).tolist()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--features", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--css-tokens", type=int, default=50)
    ap.add_argument("--max-pages", type=int, default=0)
    ap.add_argument("--command", default=" ".join(sys.argv))
    args = ap.parse_args()
    pages = [p for p in common.read_jsonl(args.features) if p["blocks"]]
    train_all = [p for p in pages if p["split"].get("split") == "train"]
    test = [p for p in pages if p["split"].get("split") == "test"]
    if args.max_pages:
        train_all, test = train_all[:args.max_pages], test[:args.max_pages]
    val = [p for p in train_all if common.fnv1a(p["id"]) % 5 == 4]
    train = [p for p in train_all if common.fnv1a(p["id"]) % 5 != 4]
    counts = collections.Counter(t for p in train_all for b in p["blocks"] for t in b["css"])
    vocab = [t for t, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:args.css_tokens]]
    Xtr, ytr = matrix(train, vocab)
    Xva, yva = matrix(val, vocab)
    mean = Xtr.mean(axis=0)
    std = Xtr.std(axis=0)
    std[std < 1e-6] = 1.0
    norm = lambda X: (X - mean) / std
    best = None
    for l2 in (0.01, 0.1, 1.0, 10.0, 100.0):
        w, b = fit(norm(Xtr), ytr, l2)
        p, r, f = f1(norm(Xva), yva, w, b)
        print(f"l2 {l2}: validation P {p:.4f} R {r:.4f} F1 {f:.4f}", flush=True)
        if best is None or f > best[1]:
            best = (l2, f)
    l2 = best[0]
    Xall, yall = matrix(train_all, vocab)
    mean = Xall.mean(axis=0)
    std = Xall.std(axis=0)
    std[std < 1e-6] = 1.0
    w, b = fit((Xall - mean) / std, yall, l2)
    Xte, yte = matrix(test, vocab)
    tp, tr_, tf = f1((Xte - mean) / std, yte, w, b)
    print(f"test (Python, float64): P {tp:.4f} R {tr_:.4f} F1 {tf:.4f}", flush=True)
    wcem.write(args.out, {"mean": mean, "std": std, "w": w.reshape(-1, 1), "b": np.array([b])},
               {"config": f"css_tokens={len(vocab)}\n", "css_vocab": "\n".join(vocab)}, dtype=wcem.F32)
    common.write_manifest(args.manifest, {
        "model": "dragnet", "weights": args.out.split("/")[-1],
        "paper": "Peters, Lecocq 2013, Content Extraction Using Diverse Feature Sets; dragnet-org/dragnet",
        "data": args.features, "split": "dragnet meta.split (the original train/test lists); validation = "
                                        "training pages with FNV-1a(id) % 5 == 4, for the L2 choice only",
        "pages": {"train": len(train_all), "validation_part": len(val), "test": len(test)},
        "blocks": {"train": int(len(yall)), "positive": int(yall.sum())},
        "seed": "deterministic (L-BFGS from zeros)", "l2": l2, "css_tokens": len(vocab),
        "model_kind": "logistic regression on standardised features", "weights_dtype": "float32",
        "libraries": common.library_versions("numpy", "scipy"),
        "command": args.command,
        "figures_python_test_block_level": {"p": tp, "r": tr_, "f": tf},
    })


if __name__ == "__main__":
    main()
