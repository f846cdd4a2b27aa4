"""Trains Web2Text (Vogels et al. 2018) on features dumped by
lab/tools/learn_features --model web2text and writes core/models/web2text.wcem +
manifest.

Model (paper, section 3.4): two CNNs of identical architecture over the
block sequence, one over the block features giving 2 softmax outputs per
block (unary potentials), one over the tree features of neighbouring blocks
giving 4 per pair (pairwise potentials, labels 00, 01, 10, 11); convolution
layers with ReLU and dropout 0.2, then an output convolution to 2 / 4 values.
Layer sizes: see --widths / --kernels (the released code's by default; the
paper's 7 layers of kernel 3 on request). Loss: softmax cross-entropy of each network plus L2 weight
decay 1e-4 (released code), Adam. Decoding: Viterbi with lambda (weight of the
pairwise term) 0.1, the released code's default. The best epoch by validation
F1 (Viterbi labels, the 5 held-out CleanEval dev pages) is kept.

Model selection by cross-validation (--folds K --fold I): fold I of the dev
pages (sorted by FNV-1a of the id, every K-th page) is the validation set;
each epoch's validation counts (tp, fp, fn) for every lambda of --cv-lams go
to --cv-out, and lab/learn/cv_select.py pools them over the folds to fix
the configuration, lambda and number of epochs. --all-dev then trains on all
dev pages for that fixed number of epochs (no validation set) and exports the
last epoch.

Layouts as the C++ forward pass (core/src/learned/web2text.cpp): input
standardised with the training mean / std; convolution W [k, in, out], "same"
zero padding; padded positions are zeroed after every layer so that a page
cut into windows sees the same zeros as the C++ code at the page's ends."""
import argparse
import collections
import json
import sys

import numpy as np

import common
import wcem


def viterbi(unary, pairwise, lam):
    """unary [n, 2], pairwise [n-1, 4] probabilities -> labels (ties: 0), as the C++ code."""
    n = len(unary)
    if n == 0:
        return np.zeros(0, np.int32)
    lu = np.log(np.maximum(unary.astype(np.float64), 1e-30))
    lp = np.log(np.maximum(pairwise.astype(np.float64), 1e-30)).reshape(-1, 2, 2) if n > 1 else None
    score = lu[0].copy()
    back = np.zeros((n, 2), np.int32)
    for i in range(1, n):
        nxt = np.zeros(2)
        for m in range(2):
            best, arg = -1e300, 0
            for l in range(2):
                s = score[l] + lam * lp[i - 1, l, m]
                if s > best:
                    best, arg = s, l
            back[i, m] = arg
            nxt[m] = best + lu[i, m]
        score = nxt
    labels = np.zeros(n, np.int32)
    labels[-1] = 1 if score[1] > score[0] else 0
    for i in range(n - 1, 0, -1):
        labels[i - 1] = back[i, labels[i]]
    return labels


def page_arrays(page):
    x = np.array([b["x"] for b in page["blocks"]], np.float32).reshape(len(page["blocks"]), -1)
    e = np.array(page["edges"], np.float32).reshape(max(len(page["blocks"]) - 1, 0), -1)
    y = np.array(page.get("labels", [0] * len(x)), np.int32)
    ey = 2 * y[:-1] + y[1:] if len(y) > 1 else np.zeros(0, np.int32)
    return x, e, y, ey


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--features", required=True, help="learn_features --model web2text --align output (CleanEval dev)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--epochs", type=int, default=80)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--window", type=int, default=256)
    # Default: the released code's network (dalab/web2text forward.py): 4
    # hidden layers 50, 50, 50, 10 with kernels 1, 1, 3, 3 and an output
    # layer of kernel 3. The paper's text (7 layers of kernel 3, the last of
    # 10 filters) is --widths 50,50,50,50,50,50,10 --kernels 3,3,3,3,3,3,3,3:
    # lower validation F1 here and 3x the inference time (lab/results/web2text-*.md).
    ap.add_argument("--widths", default="50,50,50,10", help="hidden convolution widths")
    ap.add_argument("--kernels", default="1,1,3,3,3", help="kernel size per layer, hidden then output")
    ap.add_argument("--dropout", type=float, default=0.2)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--lam", type=float, default=0.1)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--validation-pages", type=int, default=5)
    ap.add_argument("--min-coverage", type=float, default=0.0,
                    help="leave out training pages whose gold text the alignment matched below this share "
                         "(label noise; validation pages are kept as they are)")
    ap.add_argument("--folds", type=int, default=0, help="cross-validation: number of folds over the dev pages")
    ap.add_argument("--fold", type=int, default=0, help="cross-validation: the fold used for validation")
    ap.add_argument("--cv-lams", default="0.1,0.3,1", help="cross-validation: lambdas whose Viterbi counts are logged")
    ap.add_argument("--cv-out", default="", help="cross-validation: JSON file of the per-epoch validation counts")
    ap.add_argument("--all-dev", action=argparse.BooleanOptionalAction, default=False,
                    help="train on every dev page for exactly --epochs epochs (fixed by cross-validation) and export the last")
    ap.add_argument("--cv-selection", default="", help="cv_select.py --json output, recorded in the manifest")
    ap.add_argument("--max-pages", type=int, default=0, help="smoke test: use this many pages per split")
    # Extra training pages of other datasets (lab/results/learned-2026-11-27c.md):
    # they are added to the training pages of every fold / run (never to
    # validation); CleanEval's own pages in the dump are skipped (they are
    # CleanEval dev pages, already here).
    ap.add_argument("--extra-features", default="",
                    help="learn_features --model web2text --align dump of extra_pages.py's training pages")
    ap.add_argument("--extra-datasets", default="", help="comma list: only these datasets of --extra-features")
    ap.add_argument("--extra-min-coverage", type=float, default=0.9,
                    help="extra pages whose alignment matched less of the gold text are left out (poor labels)")
    ap.add_argument("--extra-weight", default="1",
                    help="loss weight of an extra page's blocks (CleanEval's: 1); 'balance': the CleanEval "
                         "training blocks / the extra blocks, so both sources weigh the same in total")
    ap.add_argument("--command", default=" ".join(sys.argv))
    args = ap.parse_args()

    import jax
    import jax.numpy as jnp
    import optax

    pages = [p for p in common.read_jsonl(args.features) if p["split"].get("split") == "dev"]
    pages.sort(key=lambda p: common.fnv1a(p["id"]))
    if args.all_dev:
        val, train = [], pages
        split_text = f"CleanEval meta.split dev: all {len(train)} pages for training, {args.epochs} epochs fixed by cross-validation"
    elif args.folds:
        val = [p for i, p in enumerate(pages) if i % args.folds == args.fold]
        train = [p for i, p in enumerate(pages) if i % args.folds != args.fold]
        split_text = f"CleanEval meta.split dev, fold {args.fold} of {args.folds} (every {args.folds}th page by FNV-1a 64 of the id) for validation"
    else:
        val, train = pages[:args.validation_pages], pages[args.validation_pages:]
        split_text = (f"CleanEval meta.split dev: {len(train)} training + {len(val)} validation pages "
                      "(the first by FNV-1a 64 of the id)")
    dropped = [p["id"] for p in train if p.get("gold_coverage", 1.0) < args.min_coverage]
    train = [p for p in train if p.get("gold_coverage", 1.0) >= args.min_coverage]
    if dropped:
        print(f"left out {len(dropped)} training pages with gold coverage below {args.min_coverage}", flush=True)
    if args.max_pages:
        train, val = train[:args.max_pages], val[:args.max_pages]
    extra = []
    if args.extra_features:
        extra = common.read_extra_pages(args.extra_features, args.extra_datasets, args.extra_min_coverage,
                                        skip={"cleaneval"})
        if args.max_pages:
            extra = extra[:args.max_pages]
        print(f"extra training pages: {len(extra)} ({dict(collections.Counter(p['dataset'] for p in extra))})", flush=True)
    n_own = sum(len(p["blocks"]) for p in train)
    n_extra = sum(len(p["blocks"]) for p in extra)
    extra_weight = (n_own / max(n_extra, 1) if args.extra_weight == "balance" else float(args.extra_weight))
    weights = [1.0] * len(train) + [extra_weight] * len(extra)
    train = train + extra
    print(f"pages: train {len(train)}, validation {len(val)} (CleanEval dev; test = final, never read here)", flush=True)
    tr_w = [w for p, w in zip(train, weights) if p["blocks"]]
    tr = [page_arrays(p) for p in train if p["blocks"]]
    va = [page_arrays(p) for p in val if p["blocks"]]
    F, E = tr[0][0].shape[1], next(t[1].shape[1] for t in tr if len(t[1]))
    allx = np.concatenate([t[0] for t in tr])
    alle = np.concatenate([t[1] for t in tr if len(t[1])])
    norm = lambda a: (a.mean(0), np.where(a.std(0) > 1e-6, a.std(0), 1.0))
    (mx, sx), (me, se) = norm(allx), norm(alle)
    pos = int(sum(t[2].sum() for t in tr))
    print(f"train blocks {len(allx)} (content {pos}), features {F}, edge features {E}", flush=True)

    widths = [int(w) for w in args.widths.split(",")]
    kernels = [int(x) for x in args.kernels.split(",")]
    assert len(kernels) == len(widths) + 1 and all(x % 2 for x in kernels), "one odd kernel per layer"
    key = jax.random.PRNGKey(args.seed)
    rng = np.random.default_rng(args.seed)

    def init_cnn(key, name, fin, fout, params):
        sizes = [fin] + widths + [fout]
        for l in range(len(sizes) - 1):
            key, sub = jax.random.split(key)
            k = kernels[l]
            lim = np.sqrt(6.0 / (k * sizes[l] + sizes[l + 1]))
            params[f"{name}.conv{l + 1}.w"] = jax.random.uniform(sub, (k, sizes[l], sizes[l + 1]), jnp.float32, -lim, lim)
            params[f"{name}.conv{l + 1}.b"] = jnp.zeros(sizes[l + 1])
        return key

    params = {}
    key = init_cnn(key, "unary", F, 2, params)
    key = init_cnn(key, "pair", E, 4, params)
    n_layers = len(widths) + 1

    def cnn(params, name, x, mask, dkey):
        for l in range(1, n_layers + 1):
            x = jax.lax.conv_general_dilated(x, params[f"{name}.conv{l}.w"], (1,), "SAME",
                                             dimension_numbers=("NWC", "WIO", "NWC")) + params[f"{name}.conv{l}.b"]
            if l < n_layers:
                x = jax.nn.relu(x)
                if dkey is not None:
                    dkey, sub = jax.random.split(dkey)
                    keep = jax.random.bernoulli(sub, 1.0 - args.dropout, x.shape)
                    x = jnp.where(keep, x / (1.0 - args.dropout), 0.0)
            x = x * mask[..., None]
        return x  # logits

    def loss_fn(params, xb, mb, yb, eb, meb, eyb, wb, dkey):
        k1, k2 = (None, None) if dkey is None else jax.random.split(dkey)
        lu = cnn(params, "unary", xb, mb, k1)
        lp = cnn(params, "pair", eb, meb, k2)
        cu = optax.softmax_cross_entropy_with_integer_labels(lu, yb)
        cp = optax.softmax_cross_entropy_with_integer_labels(lp, eyb)
        l2 = sum(jnp.sum(v ** 2) for n_, v in params.items() if n_.endswith(".w"))
        mw, mew = mb * wb[:, None], meb * wb[:, None]  # the windows' loss weights (extra pages)
        return (jnp.sum(cu * mw) / jnp.maximum(jnp.sum(mw), 1e-6) + jnp.sum(cp * mew) / jnp.maximum(jnp.sum(mew), 1e-6)
                + args.l2 * l2)

    opt = optax.adam(args.lr)
    opt_state = opt.init(params)

    @jax.jit
    def train_step(params, opt_state, xb, mb, yb, eb, meb, eyb, wb, dkey):
        l, g = jax.value_and_grad(loss_fn)(params, xb, mb, yb, eb, meb, eyb, wb, dkey)
        upd, opt_state = opt.update(g, opt_state, params)
        return optax.apply_updates(params, upd), opt_state, l

    @jax.jit
    def predict(params, xb, mb, eb, meb):
        return (jax.nn.softmax(cnn(params, "unary", xb, mb, None)),
                jax.nn.softmax(cnn(params, "pair", eb, meb, None)))

    W = args.window

    def windows(data, page_weights):
        out = []
        for (x, e, y, ey), w in zip(data, page_weights):
            for s in range(0, len(x), W):
                out.append((x[s:s + W], e[s:s + W - 1][:max(len(x[s:s + W]) - 1, 0)], y[s:s + W], ey[s:s + W - 1][:max(len(y[s:s + W]) - 1, 0)], w))
        return out

    def batch(wins):
        B = args.batch
        xb = np.zeros((B, W, F), np.float32); mb = np.zeros((B, W), np.float32); yb = np.zeros((B, W), np.int32)
        eb = np.zeros((B, W, E), np.float32); meb = np.zeros((B, W), np.float32); eyb = np.zeros((B, W), np.int32)
        wb = np.ones(B, np.float32)
        for i, (x, e, y, ey, w) in enumerate(wins):
            wb[i] = w
            xb[i, :len(x)] = (x - mx) / sx; mb[i, :len(x)] = 1; yb[i, :len(y)] = y
            if len(e):
                eb[i, :len(e)] = (e - me) / se; meb[i, :len(e)] = 1; eyb[i, :len(ey)] = ey
        return xb, mb, yb, eb, meb, eyb, wb

    tr_win = windows(tr, tr_w)
    print(f"windows: train {len(tr_win)} of at most {W} blocks, batch {args.batch}", flush=True)

    cv_lams = sorted(set([args.lam] + [float(v) for v in args.cv_lams.split(",") if v]))
    cv_log = []  # per epoch: {lambda: [tp, fp, fn]}

    def val_f1(params):
        counts = {lam: [0, 0, 0] for lam in cv_lams}
        for x, e, y, ey in va:  # whole pages, as the C++ code (padded to a multiple of W)
            T = -(-len(x) // W) * W
            xb = np.zeros((1, T, F), np.float32); xb[0, :len(x)] = (x - mx) / sx
            mb = np.zeros((1, T), np.float32); mb[0, :len(x)] = 1
            eb = np.zeros((1, T, E), np.float32); meb = np.zeros((1, T), np.float32)
            if len(e):
                eb[0, :len(e)] = (e - me) / se; meb[0, :len(e)] = 1
            pu, pp = predict(params, xb, mb, eb, meb)
            for lam in cv_lams:
                lab = viterbi(np.asarray(pu[0, :len(x)]), np.asarray(pp[0, :len(e)]), lam)
                a, b, c = common.f1_counts(lab.tolist(), y.tolist())
                counts[lam][0] += a; counts[lam][1] += b; counts[lam][2] += c
        cv_log.append({str(lam): c for lam, c in counts.items()})
        if args.cv_out:
            with open(args.cv_out, "w", encoding="utf-8") as f:
                json.dump({"fold": args.fold, "folds": args.folds, "seed": args.seed, "command": args.command,
                           "validation_pages": len(va), "epochs": cv_log}, f)
        return common.prf(*counts[args.lam])

    def export(best_params, epochs_run, best, best_epoch, history):
        tensors = {"unary.mean": mx, "unary.std": sx, "pair.mean": me, "pair.std": se}
        tensors.update({n_: np.asarray(v) for n_, v in best_params.items()})
        hidden = "\n".join(map(str, widths))
        ks = "\n".join(map(str, kernels))
        wcem.write(args.out, tensors, {"config": f"lambda={args.lam}\n", "unary_widths": hidden + "\n2",
                                       "unary_kernels": ks, "pair_widths": hidden + "\n4", "pair_kernels": ks},
                   dtype=wcem.F32)
        common.write_manifest(args.manifest, {
            "model": "web2text", "weights": args.out.split("/")[-1],
            "paper": "Vogels, Ganea, Eickhoff 2018 (../shared/papers/004_*.txt); released code dalab/web2text",
            "data": "cleaneval.jsonl.gz, features by lab/tools/learn_features --model web2text --align "
                    "(labels: wce::align_gold of the gold text)",
            "split": split_text + "; test = final (675 pages, never read in training)",
            "pages": {"train": len(train) - len(extra), "extra_train": len(extra), "validation": len(val)},
            "extra_training_pages": ({"file": args.extra_features, "datasets": args.extra_datasets or "all but cleaneval",
                                      "min_gold_coverage": args.extra_min_coverage, "pages": len(extra),
                                      "blocks": n_extra, "loss_weight": extra_weight, "loss_weight_rule": args.extra_weight,
                                      "labels": "wce::align_gold of the gold text"} if extra else None),
            "min_gold_coverage": args.min_coverage, "training_pages_left_out": dropped,
            "blocks": {"train": int(len(allx)), "content": pos},
            "seed": args.seed, "epochs_run": epochs_run, "epochs_planned": args.epochs, "best_epoch": best_epoch,
            "batch": args.batch, "window": W, "optimizer": f"adam lr {args.lr}",
            "loss": f"softmax cross-entropy (unary) + softmax cross-entropy (pairwise) + L2 {args.l2}",
            "sizes": {"block_features": F, "edge_features": E, "hidden_widths": widths, "kernels": kernels, "dropout": args.dropout, "lambda": args.lam},
            "weights_dtype": "float32", "libraries": common.library_versions("jax", "jaxlib", "optax", "numpy"),
            "command": args.command, "history": history,
            **({} if args.all_dev else {"best_validation_f1_viterbi": best}),
            **({"cross_validation": {k: v for k, v in json.load(open(args.cv_selection)).items() if k != "runs"} | {
                "runs": {n: {"command": r["command"], "best": r["best"]}
                         for n, r in json.load(open(args.cv_selection))["runs"].items()}}}
               if args.cv_selection else {}),
        })

    def step(state, ids):
        nonlocal key
        params, opt_state = state
        key, dkey = jax.random.split(key)
        params, opt_state, loss = train_step(params, opt_state, *batch([tr_win[i] for i in ids]), dkey)
        return (params, opt_state), loss

    common.train_best_by_validation(
        args.epochs, len(tr_win), args.batch, rng, (params, opt_state), step,
        None if args.all_dev else (lambda state: val_f1(state[0])),
        lambda state, epochs_run, best, best_epoch, history: export(state[0], epochs_run, best, best_epoch, history),
        round_digits=5)

if __name__ == "__main__":
    main()
