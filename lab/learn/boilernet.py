"""Trains BoilerNet (Leonhardt et al. 2020) on features dumped by
lab/tools/learn_features and writes core/models/boilernet.wcem + manifest.

Model (paper, section 3): sparse tag-path + word counts per leaf block ->
dense projection (linear, or ReLU with --activation relu as the released
code) -> two BiLSTM layers -> dropout 0.5 -> dense(1) ->
sigmoid; weighted binary cross-entropy (balanced class weights), Adam, batch
16, best epoch by validation F1 of the positive class.

Knowledge distillation (--distill-alpha A, lab/results/learned-2026-11-27e.md):
every training page carries a teacher's block probabilities ("scores" of a
learn_features --scores dump made with the teacher's weights, a larger
BoilerNet); the loss of a block with a hard label is A x the weighted
cross-entropy above + (1 - A) x the unweighted cross-entropy against the
teacher's probability (the teacher was trained with balanced weights, so
its probabilities already carry the balance); pages of the unlabeled pool
(--pool-features) only have the second term, with weight 1. Temperature 1
(no softening: a sigmoid output has one logit, and the teacher's
probabilities on unseen pages are not saturated). The C++ forward pass
(core/src/learned/boilernet.cpp) uses the same layouts: dense x @ W, LSTM
gates i, f, g, o with W_ih [in, 4H], W_hh [H, 4H] and one bias."""
import argparse
import collections
import os
import sys

import numpy as np

import common
import wcem


def build_vocab(pages, k_tags, l_words):
    tags, words = collections.Counter(), collections.Counter()
    for p in pages:
        for b in p["blocks"]:
            tags.update(b["tags"])
            words.update(b["words"])
    top = lambda c, n: [w for w, _ in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]
    return top(tags, k_tags), top(words, l_words)


def encode(page, tag_index, word_index, tag_oov, word_oov):
    """-> list per block of (feature index, count) pairs (same as the C++ side)."""
    rows = []
    for b in page["blocks"]:
        c = collections.Counter()
        for t in b["tags"]:
            c[tag_index.get(t, tag_oov)] += 1
        for w in b["words"]:
            c[word_index.get(w, word_oov)] += 1
        rows.append(sorted(c.items()))
    return rows


def bucket(n, base=64):
    m = base
    while m < n:
        m *= 2
    return m


def make_batch(pages_rows, labels, B, T, N, soft=None):
    """Sparse rows of up to B pages -> arrays padded to B pages, T blocks and N
    nonzeros (fixed shapes: one compilation of the JAX step). labels[b] None:
    no hard labels (a pool page: hard = 0); soft: the teacher's scores."""
    seg, idx, val = [], [], []
    y = np.zeros((B, T), np.float32)
    ysoft = np.zeros((B, T), np.float32)
    hard = np.zeros((B, T), np.float32)
    mask = np.zeros((B, T), np.float32)
    lengths = np.zeros(B, np.int32)
    for b, rows in enumerate(pages_rows):
        lengths[b] = len(rows)
        mask[b, :len(rows)] = 1
        if labels is not None and labels[b] is not None:
            y[b, :len(rows)] = labels[b]
            hard[b, :len(rows)] = 1
        if soft is not None:
            ysoft[b, :len(rows)] = soft[b]
        for t, row in enumerate(rows):
            for i, v in row:
                seg.append(b * T + t); idx.append(i); val.append(v)
    pad = N - len(seg)
    seg += [B * T] * pad; idx += [0] * pad; val += [0.0] * pad
    return dict(seg=np.array(seg, np.int32), idx=np.array(idx, np.int32), val=np.array(val, np.float32),
                y=y, ysoft=ysoft, hard=hard, mask=mask, lengths=lengths, B=B, T=T)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--features", required=True, help="learn_features output with labels")
    ap.add_argument("--out", required=True)
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--split-field", default="boilernet_split_50_30_100")
    ap.add_argument("--epochs", type=int, default=50)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--tags", type=int, default=50)
    ap.add_argument("--words", type=int, default=1000)
    ap.add_argument("--dense", type=int, default=64)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--activation", choices=("linear", "relu"), default="linear",
                    help="of the dense projection (the released code: relu; linear lets the C++ side fold it)")
    ap.add_argument("--validation-pages", type=int, default=5, help="CleanEval: dev pages kept for validation")
    ap.add_argument("--window", type=int, default=512, help="blocks per training and validation sequence")
    ap.add_argument("--train-window", type=int, default=0,
                    help="blocks per training sequence if not --window (4096: whole pages, as the released code)")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-pages", type=int, default=0, help="smoke test: use this many pages per split")
    ap.add_argument("--cv-fold", default="", help="K/N: cross-validation over train + validation pages (test unused); "
                    "pages by FNV-1a of the id, page i in fold i mod N; fold K is held out and scored at the end")
    ap.add_argument("--cv-inner-val", type=int, default=0,
                    help="with --cv-fold: this many of the other pages validate (best epoch), the rest train; "
                         "0: all of them train for --epochs (no validation)")
    ap.add_argument("--train-on-dev", action="store_true",
                    help="train on train + validation pages for --epochs, no validation (the epochs fixed beforehand)")
    ap.add_argument("--extra-features", default="",
                    help="learn_features --align dump of extra training pages (lab/learn/extra_pages.py), "
                         "added to the training pages; the vocabulary and class weights count them too")
    ap.add_argument("--extra-datasets", default="", help="comma list: only these datasets of --extra-features")
    ap.add_argument("--extra-min-coverage", type=float, default=0.9,
                    help="extra pages whose alignment matched less of the gold text are left out (poor labels)")
    ap.add_argument("--distill-alpha", type=float, default=None,
                    help="knowledge distillation: weight of the hard labels (1 - it: the teacher's scores, which every "
                         "training page must carry); absent: hard labels only")
    ap.add_argument("--pool-features", default="",
                    help="with --distill-alpha: learn_features --scores dump (teacher weights) of unlabeled pool pages, "
                         "trained on the teacher's scores only (their gold is never read)")
    ap.add_argument("--pool-other-extra", action="store_true",
                    help="with --distill-alpha: the --extra-features pages of datasets outside --extra-datasets join the pool")
    ap.add_argument("--teacher", default="", help="the teacher's weights (recorded in the manifest)")
    ap.add_argument("--name", default="boilernet", help="the model's name in the manifest (boilernet, boilernet_small)")
    ap.add_argument("--command", default=" ".join(sys.argv))
    args = ap.parse_args()

    import jax
    import jax.numpy as jnp
    import optax

    pages = common.read_jsonl(args.features)
    split = collections.defaultdict(list)
    for p in pages:
        value = p["split"].get(args.split_field)
        if args.split_field == "split":  # CleanEval: 55 training + 5 validation pages of dev, test on final
            value = "test" if value == "final" else value
        split[value].append(p)
    if args.split_field == "split":
        dev = sorted(split.pop("dev", []), key=lambda p: common.fnv1a(p["id"]))
        split["dev"], split["train"] = dev[:args.validation_pages], dev[args.validation_pages:]
    train, val, test = split["train"], split["dev"] or split["valid"] or split["validation"], split["test"]
    if args.max_pages:
        train, val, test = train[:args.max_pages], val[:args.max_pages], test[:args.max_pages]
    heldout = []
    if args.cv_fold:
        k, n = map(int, args.cv_fold.split("/"))
        pool = sorted(train + val, key=lambda p: common.fnv1a(p["id"]))
        heldout = [p for i, p in enumerate(pool) if i % n == k]
        rest = [p for i, p in enumerate(pool) if i % n != k]
        val, train = rest[:args.cv_inner_val], rest[args.cv_inner_val:]
        print(f"cv fold {k}/{n}: held out {len(heldout)}", flush=True)
    elif args.train_on_dev:
        train, val = train + val, []
    extra = []
    if args.extra_features:
        extra = common.read_extra_pages(args.extra_features, args.extra_datasets, args.extra_min_coverage)
        print(f"extra training pages: {len(extra)} ({dict(collections.Counter(p['dataset'] for p in extra))})", flush=True)
        train = train + extra
    distill = args.distill_alpha is not None
    pool = []
    if distill:
        if args.pool_features:
            pool += common.read_jsonl(args.pool_features)
        if args.pool_other_extra and args.extra_features and args.extra_datasets:
            keep = set(args.extra_datasets.split(","))
            pool += [p for p in common.read_jsonl(args.extra_features) if p["dataset"] not in keep]
        missing = [p["id"] for p in train + pool if len(p.get("scores", ())) != len(p["blocks"])]
        if missing:
            sys.exit(f"--distill-alpha: {len(missing)} training / pool pages lack teacher scores (e.g. {missing[0]})")
        for p in pool:  # the teacher's scores stand in for labels; the gold is not read
            p["labels"] = None
        print(f"distillation: alpha {args.distill_alpha}, pool pages {len(pool)} "
              f"({dict(collections.Counter(p['dataset'] for p in pool))})", flush=True)
    print(f"pages: train {len(train)}, validation {len(val)}, test {len(test)} (splits seen: {sorted(map(str, split))})",
          flush=True)
    tag_vocab, word_vocab = build_vocab(train + pool, args.tags, args.words)
    tag_index = {t: i for i, t in enumerate(tag_vocab)}
    tag_oov = len(tag_vocab)
    word_index = {w: tag_oov + 1 + i for i, w in enumerate(word_vocab)}
    word_oov = tag_oov + 1 + len(word_vocab)
    d, m, H = word_oov + 1, args.dense, args.hidden
    enc = lambda ps: [encode(p, tag_index, word_index, tag_oov, word_oov) for p in ps]
    tr_rows, va_rows, te_rows = enc(train), enc(val), enc(test)
    # Per training page: hard labels (None for pool pages) and soft targets
    # (the teacher's scores; the hard labels when not distilling, weight 0).
    tr_rows += enc(pool)
    tr_hard = [p["labels"] for p in train] + [None] * len(pool)
    tr_soft = [p["scores"] if distill else p["labels"] for p in train + pool]

    pos = sum(sum(p["labels"]) for p in train)
    tot = sum(len(p["labels"]) for p in train)
    w_pos, w_neg = tot / (2.0 * max(pos, 1)), tot / (2.0 * max(tot - pos, 1))
    print(f"train blocks {tot}, positive {pos}; class weights pos {w_pos:.3f} neg {w_neg:.3f}", flush=True)

    rng = np.random.default_rng(args.seed)
    key = jax.random.PRNGKey(args.seed)

    def glorot(k, shape):
        lim = np.sqrt(6.0 / (shape[0] + shape[-1]))
        return jax.random.uniform(k, shape, jnp.float32, -lim, lim)

    keys = iter(jax.random.split(key, 32))
    params = {"dense.w": glorot(next(keys), (d, m)), "dense.b": jnp.zeros(m)}
    for layer, inp in ((1, m), (2, 2 * H)):
        for dr in ("fwd", "bwd"):
            p = f"l{layer}.{dr}."
            params[p + "w_ih"] = glorot(next(keys), (inp, 4 * H))
            params[p + "w_hh"] = glorot(next(keys), (H, 4 * H))
            # forget-gate bias 1 (Keras' unit_forget_bias, as the original used)
            params[p + "b"] = jnp.zeros(4 * H).at[H:2 * H].set(1.0)
    params["out.w"] = glorot(next(keys), (2 * H, 1))
    params["out.b"] = jnp.zeros(1)

    def lstm(x, w_ih, w_hh, b):  # x [T, B, in] -> [T, B, H]
        xz = x @ w_ih + b
        Hn = w_hh.shape[0]

        def step(carry, z_in):
            h, c = carry
            z = z_in + h @ w_hh
            i, f, g, o = (jax.nn.sigmoid(z[:, :Hn]), jax.nn.sigmoid(z[:, Hn:2 * Hn]),
                          jnp.tanh(z[:, 2 * Hn:3 * Hn]), jax.nn.sigmoid(z[:, 3 * Hn:]))
            c = f * c + i * g
            h = o * jnp.tanh(c)
            return (h, c), h

        B = x.shape[1]
        init = (jnp.zeros((B, Hn)), jnp.zeros((B, Hn)))
        return jax.lax.scan(step, init, xz)[1]

    def forward(params, batch, lengths, T, B, dropout_key=None):
        seg, idx, val = batch
        rows = params["dense.w"][idx] * val[:, None]
        x = jax.ops.segment_sum(rows, seg, num_segments=B * T + 1)[:-1].reshape(B, T, -1) + params["dense.b"]
        if args.activation == "relu":
            x = jax.nn.relu(x)
        t = jnp.arange(T)[None, :]
        rev = jnp.where(t < lengths[:, None], lengths[:, None] - 1 - t, t)  # per-sequence reversal
        for layer in (1, 2):
            p = f"l{layer}."
            xt = jnp.swapaxes(x, 0, 1)
            fw = lstm(xt, params[p + "fwd.w_ih"], params[p + "fwd.w_hh"], params[p + "fwd.b"])
            xr = jnp.take_along_axis(x, rev[:, :, None], axis=1)
            bw = lstm(jnp.swapaxes(xr, 0, 1), params[p + "bwd.w_ih"], params[p + "bwd.w_hh"], params[p + "bwd.b"])
            bw = jnp.take_along_axis(jnp.swapaxes(bw, 0, 1), rev[:, :, None], axis=1)
            x = jnp.concatenate([jnp.swapaxes(fw, 0, 1), bw], axis=-1)
        if dropout_key is not None:
            keep = jax.random.bernoulli(dropout_key, 0.5, x.shape)
            x = jnp.where(keep, x / 0.5, 0.0)
        return (x @ params["out.w"] + params["out.b"])[..., 0]  # logits [B, T]

    alpha = args.distill_alpha if distill else 1.0

    def loss_fn(params, batch, lengths, y, ysoft, hard, mask, T, B, k):
        logits = forward(params, batch, lengths, T, B, k)
        l = optax.sigmoid_binary_cross_entropy(logits, y)
        if not distill:  # the computation of the models made before distillation, unchanged
            w = jnp.where(y > 0.5, w_pos, w_neg) * mask
            return jnp.sum(l * w) / jnp.sum(mask)
        w = jnp.where(y > 0.5, w_pos, w_neg) * mask * hard * alpha
        ws = mask * (1.0 - alpha * hard)  # pool blocks 1, labelled blocks 1 - alpha
        ls = optax.sigmoid_binary_cross_entropy(logits, ysoft)
        return (jnp.sum(l * w) + jnp.sum(ls * ws)) / jnp.sum(mask)

    opt = optax.adam(args.lr)
    opt_state = opt.init(params)

    @jax.jit
    def train_step(params, opt_state, seg, idx, val, lengths, y, ysoft, hard, mask, k):
        B, T = y.shape
        l, g = jax.value_and_grad(loss_fn)(params, (seg, idx, val), lengths, y, ysoft, hard, mask, T, B, k)
        upd, opt_state = opt.update(g, opt_state, params)
        return optax.apply_updates(params, upd), opt_state, l

    @jax.jit
    def predict(params, seg, idx, val, lengths, mask):
        B, T = mask.shape
        return jax.nn.sigmoid(forward(params, (seg, idx, val), lengths, T, B))

    # Training and validation run on windows of at most WINDOW blocks (long
    # pages cut into consecutive pieces), padded to fixed shapes so that the
    # JAX step compiles once; the figures of the manifest come from the C++
    # forward pass over whole pages (lab/learn/score_blocks.py).
    def windows(rows_list, labels_list, size, soft_list=None):
        out = []
        soft_list = soft_list or [None] * len(rows_list)
        for rows, labels, soft in zip(rows_list, labels_list, soft_list):
            for s in range(0, max(len(rows), 1), size):
                out.append((rows[s:s + size], None if labels is None else labels[s:s + size],
                            None if soft is None else soft[s:s + size]))
        return [w for w in out if w[0]]

    train_window = args.train_window or args.window
    tr_win = windows(tr_rows, tr_hard, train_window, tr_soft)
    va_win = windows(va_rows, [p["labels"] for p in val], args.window)
    ho_win = windows(enc(heldout), [p["labels"] for p in heldout], args.window)
    nnz = lambda rows: sum(len(r) for r in rows)
    top_nnz = lambda wins: bucket(sum(sorted((nnz(w[0]) for w in wins), reverse=True)[:args.batch]), 1024)
    # Padded shapes: training and validation each their own (one compilation each).
    T_win, T_train = bucket(args.window), bucket(train_window)
    N_max = top_nnz(va_win + ho_win) if train_window != args.window else top_nnz(tr_win + va_win + ho_win)
    N_train = top_nnz(tr_win) if train_window != args.window else N_max
    print(f"windows: train {len(tr_win)} (T {T_train}, nonzeros {N_train}), validation {len(va_win)} "
          f"(T {T_win}, nonzeros {N_max})", flush=True)

    def window_f1(params, wins, counts=None):
        tp = fp = fn = 0
        for s in range(0, len(wins), args.batch):
            chunk = wins[s:s + args.batch]
            bt = make_batch([w[0] for w in chunk], None, args.batch, T_win, N_max)
            pr = np.asarray(predict(params, bt["seg"], bt["idx"], bt["val"], bt["lengths"], bt["mask"]))
            for j, w in enumerate(chunk):
                a, b, c = common.f1_counts((pr[j, :len(w[0])] >= 0.5).astype(int).tolist(), w[1])
                tp += a; fp += b; fn += c
        if counts is not None:
            counts.extend((tp, fp, fn))
        return common.prf(tp, fp, fn)

    def export(best_params, epochs_run, best, best_epoch, history):
        # float16 weights; the manifest is rewritten at every new best epoch so
        # that an interrupted run still leaves a consistent pair.
        tensors = {k: np.asarray(v) for k, v in best_params.items()}
        config = f"tags={len(tag_vocab)}\nwords={len(word_vocab)}\ndense={m}\nhidden={H}\n"
        if args.activation == "relu":
            config += "relu=1\n"  # absent: linear (the files made before the option)
        wcem.write(args.out, tensors, {"config": config, "tag_vocab": "\n".join(tag_vocab),
                                       "word_vocab": "\n".join(word_vocab)})
        common.write_manifest(args.manifest, {
            "model": args.name, "weights": args.out.split("/")[-1],
            "paper": "Leonhardt, Anand, Khosla 2020 (../shared/papers/002_*.txt)",
            "data": os.path.basename(args.features), "split_field": args.split_field,
            "pages": {"train": len(train), "validation": len(val), "test": len(test)},
            "extra_training_pages": ({"file": os.path.basename(args.extra_features), "datasets": args.extra_datasets or "all",
                                      "min_gold_coverage": args.extra_min_coverage, "pages": len(extra),
                                      "labels": "wce::align_gold of the gold text"} if extra else None),
            "distillation": ({"teacher": args.teacher or "?", "alpha": args.distill_alpha, "temperature": 1,
                              "pool_pages": len(pool), "pool_file": args.pool_features or None,
                              "pool_datasets": dict(collections.Counter(p["dataset"] for p in pool)),
                              "pool_other_extra": args.pool_other_extra,
                              "loss": "alpha x weighted BCE (hard labels) + (1 - alpha) x BCE (teacher's scores); "
                                      "pool pages: BCE (teacher's scores) only"} if distill else None),
            "seed": args.seed, "epochs_run": epochs_run, "epochs_planned": args.epochs, "best_epoch": best_epoch, "batch": args.batch,
            "optimizer": f"adam lr {args.lr}", "loss": "weighted binary cross-entropy (balanced class weights)",
            "class_weights": {"positive": w_pos, "negative": w_neg},
            "sizes": {"tags": len(tag_vocab), "words": len(word_vocab), "input": d, "dense": m,
                      "dense_activation": args.activation, "hidden": H,
                      "dropout": 0.5, "bilstm_layers": 2},
            "weights_dtype": "float16", "libraries": common.library_versions("jax", "jaxlib", "optax", "numpy"),
            "epoch_selection": ("best validation F1" if va_win else
                                "fixed beforehand (--epochs), no validation pages"),
            "validation_split_trained_on": bool(args.train_on_dev),
            "command": args.command, "window": args.window, "train_window": train_window, "best_validation_f1_windows": best, "history": history,
        })


    def step(state, ids):
        nonlocal key
        params, opt_state = state
        bt = make_batch([tr_win[i][0] for i in ids], [tr_win[i][1] for i in ids], args.batch, T_train, N_train,
                        [tr_win[i][2] for i in ids])
        key, k = jax.random.split(key)
        params, opt_state, loss = train_step(params, opt_state, bt["seg"], bt["idx"], bt["val"], bt["lengths"],
                                             bt["y"], bt["ysoft"], bt["hard"], bt["mask"], k)
        return (params, opt_state), loss

    best_state = common.train_best_by_validation(
        args.epochs, len(tr_win), args.batch, rng, (params, opt_state), step,
        (lambda state: window_f1(state[0], va_win)) if va_win else None,
        lambda state, epochs_run, best, best_epoch, history: export(state[0], epochs_run, best, best_epoch, history))[0]
    if ho_win:
        # The held-out fold, scored once with the exported state (pooled counts,
        # so that folds add up).
        counts = []
        p_, r_, f_ = window_f1(best_state[0], ho_win, counts)
        print(f"heldout {args.cv_fold}: tp {counts[0]} fp {counts[1]} fn {counts[2]} P {p_:.4f} R {r_:.4f} F1 {f_:.4f}",
              flush=True)



if __name__ == "__main__":
    main()
