"""C++ vs Python outputs of an exported model: runs an independent NumPy
forward pass with the weights read back from the .wcem file over a
learn_features dump made with --scores (the C++ outputs) and fails when any
block differs by more than the tolerance.
  check_parity.py MODEL FILE.wcem FEATURES.jsonl [--tol 1e-4]"""
import argparse
import collections
import sys

import numpy as np

import common
import wcem


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def lstm(x, w_ih, w_hh, b, reverse):
    T, H = x.shape[0], w_hh.shape[0]
    xz = x @ w_ih + b
    h, c = np.zeros(H, np.float64), np.zeros(H, np.float64)
    out = np.zeros((T, H))
    for s in range(T):
        t = T - 1 - s if reverse else s
        z = xz[t] + h @ w_hh
        i, f, g, o = sigmoid(z[:H]), sigmoid(z[H:2 * H]), np.tanh(z[2 * H:3 * H]), sigmoid(z[3 * H:])
        c = f * c + i * g
        h = o * np.tanh(c)
        out[t] = h
    return out


BOILERNET_WINDOW = 4096  # kWindowBlocks of core/src/learned/boilernet.cpp


def boilernet_forward(w, texts, page):
    n = len(page["blocks"])
    if n > BOILERNET_WINDOW:
        return np.concatenate([boilernet_forward(w, texts, {"blocks": page["blocks"][s:s + BOILERNET_WINDOW]})
                               for s in range(0, n, BOILERNET_WINDOW)])
    tags, words = texts["tag_vocab"].split("\n"), texts["word_vocab"].split("\n")
    ti = {t: i for i, t in enumerate(tags)}
    wi = {x: len(tags) + 1 + i for i, x in enumerate(words)}
    d = len(tags) + len(words) + 2
    x = np.zeros((len(page["blocks"]), d))
    for r, b in enumerate(page["blocks"]):
        for t in b["tags"]:
            x[r, ti.get(t, len(tags))] += 1
        for t in b["words"]:
            x[r, wi.get(t, d - 1)] += 1
    x = x @ w["dense.w"] + w["dense.b"]
    if dict(l.split("=", 1) for l in texts["config"].split()).get("relu") == "1":
        x = np.maximum(x, 0.0)
    for layer in (1, 2):
        p = f"l{layer}."
        fw = lstm(x, w[p + "fwd.w_ih"], w[p + "fwd.w_hh"], w[p + "fwd.b"], False)
        bw = lstm(x, w[p + "bwd.w_ih"], w[p + "bwd.w_hh"], w[p + "bwd.b"], True)
        x = np.concatenate([fw, bw], axis=1)
    return sigmoid(x @ w["out.w"] + w["out.b"])[:, 0]


def dragnet_forward(w, texts, page):
    vocab = {t: i for i, t in enumerate(texts["css_vocab"].split("\n"))}
    out = []
    for b in page["blocks"]:
        x = np.zeros(len(w["mean"]))
        x[:len(b["x"])] = b["x"]
        for t in b["css"]:
            if t in vocab:
                x[len(b["x"]) + vocab[t]] = 1
        out.append(sigmoid(((x - w["mean"]) / w["std"]) @ w["w"][:, 0] + w["b"][0]))
    return np.array(out)


def conv_same(x, w, b):
    """x [T, in], w [k, in, out]: y[t] = b + sum_j x[t + j - k//2] w[j] (zero padding)."""
    k, T = w.shape[0], x.shape[0]
    xp = np.concatenate([np.zeros((k // 2, x.shape[1])), x, np.zeros((k // 2, x.shape[1]))])
    return b + sum(xp[j:j + T] @ w[j] for j in range(k))


def web2text_cnn(w, texts, name, x):
    x = (x - w[name + ".mean"]) / w[name + ".std"]
    n = len(texts[name + "_widths"].split("\n"))
    for l in range(1, n + 1):
        x = conv_same(x, w[f"{name}.conv{l}.w"], w[f"{name}.conv{l}.b"])
        if l < n:
            x = np.maximum(x, 0)
    x = np.exp(x - x.max(axis=1, keepdims=True))
    return x / x.sum(axis=1, keepdims=True)


def web2text_forward(w, texts, page):
    """-> (unary [n, 2], pairwise [n-1, 4], Viterbi labels)."""
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from web2text import viterbi
    lam = float(dict(l.split("=", 1) for l in texts["config"].split()).get("lambda"))
    n = len(page["blocks"])
    x = np.array([b["x"] for b in page["blocks"]], np.float64).reshape(n, -1)
    u = web2text_cnn(w, texts, "unary", x)
    p = web2text_cnn(w, texts, "pair", np.array(page["edges"], np.float64).reshape(n - 1, -1)) if n > 1 else np.zeros((0, 4))
    return u, p, viterbi(u, p, lam)


def guard_nonempty(labels, p, chars, min_chars=100, relative=0.5):
    """The C++ guard (core/src/learned/nonempty_guard.cpp), written again for
    the check: when the kept blocks hold fewer than min_chars characters, the
    maximum-sum run of chars * (p - relative * max p) is kept too."""
    labels = np.array(labels, dtype=int)
    if len(labels) == 0 or int(np.sum(np.asarray(chars)[labels == 1])) >= min_chars:
        return labels
    v = np.asarray(chars, np.float64) * (np.asarray(p, np.float64) - relative * max(0.0, float(np.max(p))))
    run, best, start, span = 0.0, -1.0, 0, (0, 0)
    for i, x in enumerate(v):
        run, start = (x, i) if run <= 0 else (run + x, start)
        if run > best:
            best, span = run, (start, i + 1)
    labels[span[0]:span[1]] = 1
    return labels


FORWARD = {"boilernet": boilernet_forward, "dragnet": dragnet_forward, "web2text": web2text_forward}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model", choices=sorted(FORWARD))
    ap.add_argument("weights")
    ap.add_argument("features")
    ap.add_argument("--tol", type=float, default=1e-4)
    args = ap.parse_args()
    w, texts = wcem.read(args.weights)
    w = {k: v.astype(np.float64) for k, v in w.items()}
    worst, blocks, pages, label_diff = 0.0, 0, 0, 0
    for page in common.read_jsonl(args.features):
        if args.model == "web2text":
            if not page["blocks"]:
                pages += 1
                continue
            u, p, lab = web2text_forward(w, texts, page)
            cu = np.asarray(page["unary"], np.float64).reshape(-1, 2)
            cp = np.asarray(page["pairwise"], np.float64).reshape(-1, 4)
            assert u.shape == cu.shape and p.shape == cp.shape, f"{page['id']}: output shapes differ"
            worst = max(worst, float(np.max(np.abs(u - cu))), float(np.max(np.abs(p - cp))) if len(p) else 0.0)
            if "chars" in page:  # dumps of builds with the guard
                lab = guard_nonempty(lab, u[:, 1], page["chars"])
            label_diff += int(np.sum(lab != np.asarray(page["scores"]).astype(int)))
            blocks += len(u); pages += 1
            continue
        py = FORWARD[args.model](w, texts, page) if page["blocks"] else np.zeros(0)
        cpp = np.asarray(page["scores"], np.float64)
        assert py.shape == cpp.shape, f"{page['id']}: {py.shape} Python vs {cpp.shape} C++ outputs"
        if len(py):
            worst = max(worst, float(np.max(np.abs(py - cpp))))
        blocks += len(py); pages += 1
    print(f"parity {args.model}: {pages} pages, {blocks} blocks, max |C++ - Python| = {worst:.2e} (tolerance {args.tol})"
          + (f", Viterbi labels differing: {label_diff}" if args.model == "web2text" else ""))
    sys.exit(0 if worst <= args.tol and blocks > 0 and label_diff == 0 else 1)


if __name__ == "__main__":
    main()
